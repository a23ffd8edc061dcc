//! Recursive device functions, typed as Numba types them
//! (`numba/core/typeinfer.py`, `TypeInferer.resolve_call` on a
//! `RecursiveCall`).
//!
//! A call of an instance that is still being checked (itself, or a caller
//! up the chain: mutual recursion) gets the instance's *assumed* return
//! type. With a declared signature that is the declared type. Without
//! one, the first walk of the body types such a call as nothing (no
//! diagnostic: Numba's partial inference skips the recursive calls) and
//! the assumed type becomes what the other `return`s give; with none,
//! the function recurses without end ("cannot type infer runaway
//! recursion"). The body is then walked again with that assumption until
//! the walk returns the type it assumed; a type that still changes after
//! [`MAX_ASSUMPTIONS`] tries (a tuple growing by one level per walk) is
//! refused as Numba refuses it ("Return type of recursive function does
//! not converge", its `RETTY_LIMIT`).
//!
//! An instance whose types came from an assumption of an unfinished
//! caller is *provisional* until that caller settles: when the caller
//! walks again, such instances are forgotten (a new call checks them
//! again), so nothing keeps the types of a dropped assumption.

use super::{FnChecker, InstanceError, InstanceId, ProgramChecker};
use crate::diagnostics::Diagnostic;
use crate::span::Span;
use crate::types::Type;

/// How many specialisations of one function may be checked at once (each
/// called, directly or not, by the one before: recursive calls that change
/// their argument types). A tuple argument that doubles at every level
/// would otherwise make types of exponential size before the call chain's
/// depth limit.
pub(crate) const MAX_SPECIALISATIONS: u32 = 8;

/// How many return types a recursive function may assume before its type
/// is declared not to converge (Numba's `RETTY_LIMIT`).
const MAX_ASSUMPTIONS: u32 = 16;

impl ProgramChecker<'_, '_> {
    /// A call of instance `id`, which is being checked: its assumed return
    /// type, or [`InstanceError::Unassumed`] while there is none yet.
    pub(super) fn recursive_call(&mut self, id: InstanceId) -> Result<InstanceId, InstanceError> {
        let inst = &mut self.scratch.instances[id.index()];
        inst.reached = true;
        match inst.assumed {
            Some(_) => Ok(id),
            None => Err(InstanceError::Unassumed(id)),
        }
    }

    /// Records the first call of this walk that found no assumed return
    /// type for instance `id`.
    pub(super) fn note_unassumed(&mut self, id: InstanceId, span: Span) {
        let inst = &mut self.scratch.instances[id.index()];
        inst.unassumed_at.get_or_insert(span);
    }

    /// The unfinished instance whose assumed type a call of `id` depends
    /// on (`u32::MAX`: none): `id` itself while it is being checked, or
    /// the instance a provisional `id` depended on while that one is
    /// still being checked.
    pub(super) fn dependency(&self, id: InstanceId) -> u32 {
        let inst = &self.scratch.instances[id.index()];
        if !inst.done {
            return id.0;
        }
        let on = inst.depends_on;
        if on < id.0 && !self.scratch.instances[on as usize].done {
            on
        } else {
            u32::MAX
        }
    }

    /// Forgets the provisional instances made after `id` (see the module
    /// documentation): a later call of the same function with the same
    /// arguments checks it again. Calls already typed keep theirs.
    fn forget_provisional(&mut self, id: InstanceId) {
        let instances = &self.scratch.instances;
        for (i, inst) in instances.iter().enumerate().skip(id.index() + 1) {
            if inst.done && (inst.depends_on as usize) < i {
                let key = (inst.f, inst.args.clone(), inst.literals.clone());
                if self.instance_of.get(&key).is_some_and(|k| k.index() == i) {
                    self.instance_of.remove(&key);
                }
            }
        }
    }
}

impl FnChecker<'_, '_, '_> {
    /// A call of device function instance `id` that [`ProgramChecker::
    /// instantiate`] typed: records what the caller's types depend on.
    pub(super) fn depend_on(&mut self, id: InstanceId) {
        let on = self.pc.dependency(id);
        self.depends_on = self.depends_on.min(on);
        // A callee typed while a caller's return type was not known yet.
        if on != u32::MAX
            && self.pc.scratch.instances[on as usize]
                .unassumed_at
                .is_some()
        {
            self.partial = true;
        }
    }

    /// After a walk of the body: true when a recursive function must walk
    /// again with a new assumed return type (see the module
    /// documentation); `assumptions` counts the types assumed so far.
    pub(super) fn settle_recursion(&mut self, assumptions: &mut u32, header: Span) -> bool {
        let inst = &mut self.pc.scratch.instances[self.id.index()];
        let reached = std::mem::take(&mut inst.reached);
        let unassumed_at = inst.unassumed_at.take();
        let assumed = inst.assumed;
        if !reached || self.declared_ret.is_some() {
            return false;
        }
        // A walk that may end without a `return` returns None there.
        let found = match self.ret {
            Type::Unknown if self.reachable || !self.ret_error => Type::None,
            t => t,
        };
        if let Some(call) = unassumed_at {
            // The first walk: the return types of the paths without a
            // recursive call (Numba's `return_types_from_partial`).
            if found.is_unknown() {
                let name = self.env.name(self.env.function(self.func).name);
                self.error(Diagnostic::error(
                    format!(
                        "cannot type infer runaway recursion: no path of '{name}' returns \
                         without a recursive call"
                    ),
                    call,
                ));
                return false;
            }
        } else {
            let converged = assumed == Some(found);
            if converged || self.ret_error || found.is_unknown() {
                if let Some(d) = self.none_ret.take() {
                    self.error(d);
                }
                return false;
            }
            *assumptions += 1;
            if *assumptions >= MAX_ASSUMPTIONS {
                self.error(Diagnostic::error(
                    format!(
                        "Return type of recursive function does not converge: each of the \
                         {MAX_ASSUMPTIONS} types assumed for its recursive calls gave a new one"
                    ),
                    header,
                ));
                return false;
            }
        }
        let inst = &mut self.pc.scratch.instances[self.id.index()];
        inst.assumed = Some(found);
        inst.ret = found;
        self.iterating = true;
        self.pc.forget_provisional(self.id);
        true
    }
}
