//! Flow-sensitive typing of local variables, Numba's way.
//!
//! Numba types each SSA version of a variable on its own: `x = a[i]` then,
//! later, `x = 0.5` are two variables, int64 then float64. Where versions
//! meet at a control-flow join (after an `if`, at a loop header, after a
//! loop), the variable takes the unification of their types, and each
//! incoming path converts its value to it.
//!
//! The checker keeps, at every point of the walk, the [`Binding`] of each
//! local: which typed variable holds its value there. A local has one
//! typed variable per type it takes (its *versions*: the first is the
//! local's own entry in `vars`, the others are appended), so an assignment
//! of a value of type `T` writes the local's version of type `T`, and a
//! join inserts explicit conversion assignments (`x.1 = float64(x)`) at
//! the end of each incoming path. The lowering then sees ordinary
//! variables of fixed types.
//!
//! A loop header joins the state before the loop with the state at the
//! end of each iteration, which is known only once the body has been
//! walked; likewise the state after a loop joins every `break`. The
//! types found there are kept as *hints* across walks of the body: a walk
//! that finds a back edge or a `break` that does not fit its loop's
//! hints records the wider types and asks for another walk (types only
//! widen, so this ends after a few walks).

use super::FnChecker;
use crate::diagnostics::Diagnostic;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::{unify, Type};

/// What a local variable holds at a point of the function.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Binding {
    /// Not assigned on any path to here.
    Unset,
    /// The value of this typed variable (one of the local's versions).
    Var(VarId),
    /// A value whose type is unknown because of an error already reported
    /// (reading it reports nothing more).
    Error,
    /// Versions whose types cannot be unified meet here (see
    /// [`FnChecker::conflicts`]); reading it is an error.
    Conflict(u32),
}

/// Two versions of a variable that cannot be unified at a join: their
/// types and where each was assigned.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) struct Conflict {
    pub a: (Type, Span),
    pub b: (Type, Span),
}

/// A type a loop's join is known to need, kept from one walk to the next.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Hint {
    /// The local has this type there.
    Ty(Type),
    /// Versions that cannot be unified meet there.
    Conflict(Conflict),
}

/// The hints of one loop (by its order in the body), kept across walks.
#[derive(Clone, Default, Debug)]
pub(super) struct LoopHints {
    /// At the loop header, by local.
    pub header: Vec<(u32, Hint)>,
    /// After the loop, by local.
    pub exit: Vec<(u32, Hint)>,
}

/// A loop being walked.
pub(super) struct LoopFrame {
    /// The loop's index in [`FnChecker::loop_hints`].
    pub index: usize,
    /// The bindings at the loop header, which every back edge converts to.
    pub header: Vec<Binding>,
    /// Locals unset at the header but assigned on a back edge, with the
    /// version they are assigned (their entry value is undefined).
    pub added: Vec<(u32, VarId)>,
    /// The state at each `break`, before conversion, and the versions the
    /// `break` converted each local to.
    pub breaks: Vec<(Vec<Binding>, Vec<Binding>)>,
    /// [`FnChecker::read_seq`] when the loop started: a read of an unset
    /// local stamped later happened inside the loop.
    pub read_mark: u32,
    /// The loop statement can be reached (else nothing in it or after it
    /// can be, and it joins nothing).
    pub reachable: bool,
}

fn hint_set(hints: &mut Vec<(u32, Hint)>, l: u32, h: Hint) {
    match hints.iter_mut().find(|(k, _)| *k == l) {
        Some(slot) => slot.1 = h,
        None => hints.push((l, h)),
    }
}

impl FnChecker<'_, '_, '_> {
    /// The version of local `l` of type `ty`, created (first assigned at
    /// `span`) if this walk has none yet.
    pub(super) fn version(&mut self, l: u32, ty: Type, span: Span) -> VarId {
        let base = &mut self.vars[l as usize];
        if base.ty.is_unknown() {
            base.ty = ty;
            return VarId(l);
        }
        if base.ty == ty {
            return VarId(l);
        }
        let found = (self.versions.iter())
            .find(|(owner, v)| *owner == l && self.vars[v.0 as usize].ty == ty);
        if let Some((_, v)) = found {
            return *v;
        }
        let number = 1 + self.versions.iter().filter(|(o, _)| *o == l).count() as u32;
        let base = &self.vars[l as usize];
        let v = VarId(self.vars.len() as u32);
        self.vars.push(Var {
            name: base.name,
            ty,
            span,
            kind: VarKind::Local,
            version: number,
        });
        self.versions.push((l, v));
        v
    }

    /// The type of a binding's value (unknown for anything but a variable).
    fn binding_type(&self, b: Binding) -> Type {
        match b {
            Binding::Var(v) => self.vars[v.0 as usize].ty,
            _ => Type::Unknown,
        }
    }

    /// A conflict between two versions, recorded for later reads.
    fn conflict_of(&mut self, a: VarId, b: VarId) -> Binding {
        let (va, vb) = (&self.vars[a.0 as usize], &self.vars[b.0 as usize]);
        self.conflicts.push(Conflict {
            a: (va.ty, va.span),
            b: (vb.ty, vb.span),
        });
        Binding::Conflict(self.conflicts.len() as u32 - 1)
    }

    /// The binding where `a` and `b` (of local `l`) meet.
    pub(super) fn join_binding(&mut self, l: u32, a: Binding, b: Binding) -> Binding {
        match (a, b) {
            (x, y) if x == y => x,
            (Binding::Unset, x) | (x, Binding::Unset) => x,
            (Binding::Error, _) | (_, Binding::Error) => Binding::Error,
            (c @ Binding::Conflict(_), _) | (_, c @ Binding::Conflict(_)) => c,
            (Binding::Var(va), Binding::Var(vb)) => {
                let (ta, tb) = (self.vars[va.0 as usize].ty, self.vars[vb.0 as usize].ty);
                match unify(&ta, &tb) {
                    Some(u) => Binding::Var(self.version(l, u, self.vars[va.0 as usize].span)),
                    None => self.conflict_of(va, vb),
                }
            }
        }
    }

    /// The bindings where states `a` and `b` meet.
    pub(super) fn join_states(&mut self, a: &[Binding], b: &[Binding]) -> Vec<Binding> {
        (0..a.len())
            .map(|l| self.join_binding(l as u32, a[l], b[l]))
            .collect()
    }

    /// The binding a hint stands for.
    fn hint_binding(&mut self, l: u32, h: Hint) -> Binding {
        match h {
            Hint::Ty(t) => Binding::Var(self.version(l, t, self.vars[l as usize].span)),
            Hint::Conflict(c) => {
                self.conflicts.push(c);
                Binding::Conflict(self.conflicts.len() as u32 - 1)
            }
        }
    }

    /// The hint a binding gives, if any.
    fn binding_hint(&self, b: Binding) -> Option<Hint> {
        match b {
            Binding::Var(v) => Some(Hint::Ty(self.vars[v.0 as usize].ty)),
            Binding::Conflict(c) => Some(Hint::Conflict(self.conflicts[c as usize])),
            Binding::Unset | Binding::Error => None,
        }
    }

    /// Appends to `out` the assignments that take each local from its
    /// binding in `from` to its binding in `to` (a conversion where the
    /// two are different versions).
    pub(super) fn convert_state(
        &mut self,
        from: &[Binding],
        to: &[Binding],
        span: Span,
        out: &mut Vec<TStmt>,
    ) {
        for l in 0..from.len() {
            if let (Binding::Var(a), Binding::Var(b)) = (from[l], to[l]) {
                if a != b {
                    self.push_conversion(a, b, span, out);
                }
            }
        }
    }

    /// `b = a` converted to `b`'s type.
    fn push_conversion(&mut self, a: VarId, b: VarId, span: Span, out: &mut Vec<TStmt>) {
        let value = TExpr {
            kind: TExprKind::Var(a),
            ty: self.vars[a.0 as usize].ty,
            span,
        };
        let to = self.vars[b.0 as usize].ty;
        let value = self.cast(value, &to);
        out.push(TStmt {
            kind: TStmtKind::Assign(b, self.ex(value)),
            span,
        });
    }

    /// Starts walking a loop: joins the state before it with the header
    /// hints of earlier walks, converting the entry values (in `out`,
    /// before the loop statement). The current state becomes the header's.
    pub(super) fn enter_loop(&mut self, span: Span, out: &mut Vec<TStmt>) {
        let index = self.loop_count;
        self.loop_count += 1;
        if self.loop_hints.len() <= index {
            self.loop_hints.resize_with(index + 1, LoopHints::default);
        }
        let entry = self.bindings.clone();
        let mut header = entry.clone();
        let hints = std::mem::take(&mut self.loop_hints[index].header);
        for &(l, h) in &hints {
            let hb = self.hint_binding(l, h);
            header[l as usize] = self.join_binding(l, entry[l as usize], hb);
        }
        self.loop_hints[index].header = hints;
        if self.reachable {
            self.convert_state(&entry, &header, span, out);
        }
        self.bindings.clone_from(&header);
        self.loops.push(LoopFrame {
            index,
            header,
            added: Vec::new(),
            breaks: Vec::new(),
            read_mark: self.read_seq,
            reachable: self.reachable,
        });
    }

    /// A back edge (the end of the body, or `continue`) from the current
    /// state: converts each local to its header binding (in `out`), or
    /// widens the header hints and asks for another walk where that is
    /// not possible.
    pub(super) fn back_edge(&mut self, span: Span, out: &mut Vec<TStmt>) {
        if !self.reachable {
            return;
        }
        let frame = self.loops.last().expect("a back edge inside a loop");
        let (index, read_mark) = (frame.index, frame.read_mark);
        let header = frame.header.clone();
        for (l, &head) in header.iter().enumerate() {
            let now = self.bindings[l];
            let l32 = l as u32;
            match (now, head) {
                (Binding::Var(a), Binding::Var(h)) if a != h => {
                    let (ta, th) = (self.binding_type(now), self.binding_type(head));
                    match unify(&ta, &th) {
                        Some(u) if u == th => self.push_conversion(a, h, span, out),
                        Some(u) => self.widen_header(index, l32, Hint::Ty(u)),
                        None => {
                            let c = Conflict {
                                a: (th, self.vars[h.0 as usize].span),
                                b: (ta, self.vars[a.0 as usize].span),
                            };
                            self.widen_header(index, l32, Hint::Conflict(c));
                        }
                    }
                }
                (Binding::Conflict(c), Binding::Var(_)) => {
                    let c = self.conflicts[c as usize];
                    self.widen_header(index, l32, Hint::Conflict(c));
                }
                (Binding::Var(a), Binding::Unset) => {
                    let frame = self.loops.last_mut().expect("a loop");
                    match frame.added.iter().find(|(k, _)| *k == l32) {
                        None => frame.added.push((l32, a)),
                        Some(&(_, other)) if other == a => {}
                        Some(&(_, other)) => {
                            // Two back edges assign different types: the
                            // header needs their unification.
                            let b = self.join_binding(l32, Binding::Var(other), now);
                            if let Some(h) = self.binding_hint(b) {
                                self.widen_header(index, l32, h);
                            }
                        }
                    }
                    // A read of the local earlier in the loop found it
                    // unset; with the header hint it will not be.
                    if self.unset_reads[l] > read_mark {
                        self.widen_header(index, l32, Hint::Ty(self.binding_type(now)));
                    }
                }
                _ => {}
            }
        }
    }

    /// Records a wider header type for local `l` of loop `index` and asks
    /// for another walk.
    fn widen_header(&mut self, index: usize, l: u32, h: Hint) {
        hint_set(&mut self.loop_hints[index].header, l, h);
        self.again = true;
    }

    /// A `break` from the current state: converts each local to the type
    /// the previous walk found after the loop (in `out`) and records the
    /// state, which [`Self::leave_loop`] joins.
    pub(super) fn break_edge(&mut self, span: Span, out: &mut Vec<TStmt>) {
        if !self.reachable {
            return;
        }
        let index = self.loops.last().expect("a break inside a loop").index;
        let raw = self.bindings.clone();
        let mut converted = raw.clone();
        let exit_hints = std::mem::take(&mut self.loop_hints[index].exit);
        for &(l, h) in &exit_hints {
            if let (Binding::Var(a), Hint::Ty(t)) = (raw[l as usize], h) {
                let ta = self.vars[a.0 as usize].ty;
                if ta != t && unify(&ta, &t) == Some(t) {
                    let b = self.version(l, t, self.vars[a.0 as usize].span);
                    self.push_conversion(a, b, span, out);
                    converted[l as usize] = Binding::Var(b);
                }
            }
        }
        self.loop_hints[index].exit = exit_hints;
        self.loops
            .last_mut()
            .expect("a loop")
            .breaks
            .push((raw, converted));
    }

    /// Ends a loop whose body (and `else` clause) has been walked.
    /// `normal_exit` is the state where the loop ends by its condition,
    /// after its `else` clause (`None` when it cannot end that way, as
    /// `while True`, or the clause does not end). Computes the state after
    /// the loop, converts the normal exit to it (appended to `orelse`),
    /// checks that every `break` converted to it (else asks for another
    /// walk), and makes it the current state.
    pub(super) fn leave_loop(
        &mut self,
        frame: LoopFrame,
        normal_exit: Option<Vec<Binding>>,
        span: Span,
        orelse: &mut Vec<TStmt>,
    ) {
        let mut exit = normal_exit.clone();
        for (raw, _) in &frame.breaks {
            exit = Some(match exit {
                None => raw.clone(),
                Some(e) => self.join_states(&e, raw),
            });
        }
        let Some(exit) = exit.filter(|_| frame.reachable) else {
            // Nothing leaves the loop: what follows is unreachable.
            self.reachable = false;
            return;
        };
        if let Some(normal) = &normal_exit {
            self.convert_state(normal, &exit, span, orelse);
        }
        let mut hints = Vec::new();
        for (l, b) in exit.iter().enumerate() {
            if let Some(h) = self.binding_hint(*b) {
                hints.push((l as u32, h));
            }
        }
        for (_, converted) in &frame.breaks {
            for l in 0..exit.len() {
                if let (Binding::Var(c), Binding::Var(x)) = (converted[l], exit[l]) {
                    if c != x {
                        self.again = true;
                    }
                }
            }
        }
        self.loop_hints[frame.index].exit = hints;
        self.bindings = exit;
        self.reachable = true;
    }

    /// The header state of a loop whose body has been walked, with the
    /// locals its back edges add (whose entry value is undefined).
    pub(super) fn loop_header_final(&self) -> Vec<Binding> {
        let frame = self.loops.last().expect("a loop");
        let mut header = frame.header.clone();
        for &(l, v) in &frame.added {
            header[l as usize] = Binding::Var(v);
        }
        header
    }

    /// Reports a read of a local whose versions cannot be unified here.
    pub(super) fn report_conflict(&mut self, l: u32, c: u32, span: Span) {
        if self.reported[l as usize] {
            return;
        }
        self.reported[l as usize] = true;
        let Conflict { a, b } = self.conflicts[c as usize];
        let name = self.var_name(l as usize);
        let d = Diagnostic::error(
            format!("cannot unify {} and {} for '{name}'", a.0, b.0),
            span,
        )
        .with_label_message(format!("'{name}' is read here, where both reach"))
        .with_secondary(a.1, format!("'{name}' is assigned {} here", a.0.describe()))
        .with_secondary(b.1, format!("'{name}' is assigned {} here", b.0.describe()))
        .with_help(
            "a variable must have one type where its values meet; use a new name for the new value",
        );
        self.error(d);
    }
}
