//! Type inference: from resolved AST to the typed program.
//!
//! Types follow Numba's rules (section 4 of the language contract). A
//! function is checked once per tuple of argument types (a kernel per
//! signature, a device function per distinct call-site types), each check
//! being a `FnChecker` run. Variables are typed per version, as Numba
//! types each SSA version (see `flow`); a body is walked again while a
//! loop's join finds wider types than the walk assumed; the last walk's
//! typed tree and diagnostics are the result. A device function's
//! `return`s are unified, and each converts to the result.
//!
//! Submodules: `flow` variable versions and joins, `expr` types
//! expressions, `stmt` statements and desugaring, `calls` intrinsic and
//! builtin calls, `arrays` array allocation, `device` device-function
//! calls.

mod arrays;
mod bf16;
mod cache_hints;
mod calls;
mod closures;
mod complex;
mod device;
mod enums;
mod expr;
mod externs;
mod flow;
mod half;
mod isinstance;
mod libdevice;
mod literals;
mod namedtuples;
mod numba_sig;
mod pointers;
mod print;
mod prune;
mod reaching;
mod records;
mod recursion;
mod reductions;
mod starred;
mod stmt;
mod ufunc_complex;
mod ufunc_out;
mod ufuncs;
mod vectors;
mod views;

use flow::{Binding, Conflict, LoopFrame, LoopHints};
pub(crate) use literals::LiteralArgs;

use super::const_eval::{ConstEnv, ConstLookup};
use super::resolve::{ModuleEnv, Res};
use super::typed::*;
use crate::diagnostics::Diagnostic;
use crate::front::ast::{Expr, ExprId, ExprKind, FunctionDef, Module};
use crate::span::Span;
use crate::types::{unify, Type};
use rustc_hash::FxHashMap;
use std::fmt::Write;
use std::sync::Arc;

/// One specialisation of a function for one tuple of argument types.
struct Instance {
    f: FuncId,
    /// The argument types (with `f`, the instance's key); they become the
    /// function's `param_types` in [`ProgramChecker::finish`].
    args: Vec<Type>,
    /// The literal arguments (with `f` and `args`, the key).
    literals: literals::LiteralArgs,
    ret: Type,
    done: bool,
    func: Option<Box<TypedFunction>>,
    diags: Vec<Diagnostic>,
    /// See `FnChecker::untyped_at`.
    untyped_at: Option<Span>,
    /// The instances `func` calls, once per call (a search for repeats per
    /// call was quadratic in a function's calls; [`post_order`] visits
    /// each instance once).
    callees: Vec<InstanceId>,
    /// Every `Call` expression of `func` is at this index or later.
    calls_from: u32,
    /// The return type a recursive call of this instance gets while it is
    /// being checked: the declared one, or the one its walks have found
    /// so far (see `recursion`).
    assumed: Option<Type>,
    /// A recursive call reached this instance in the current walk.
    reached: bool,
    /// The first recursive call of this walk that found no assumed type.
    unassumed_at: Option<Span>,
    /// The lowest unfinished instance this one's types depended on when it
    /// was done (its own index or more: none; see `recursion`).
    depends_on: u32,
}

/// Index of an instance (a function checked for one tuple of argument
/// types) in [`Scratch::instances`], in creation order. Calls name their
/// callee by it until [`ProgramChecker::finish`] renumbers them as
/// [`FuncRef`]s of the program.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct InstanceId(u32);

impl InstanceId {
    /// The instance's position in [`Scratch::instances`].
    fn index(self) -> usize {
        self.0 as usize
    }

    /// The callee a `Call` expression names until
    /// [`ProgramChecker::finish`] renumbers it.
    pub(crate) fn unnumbered_ref(self) -> FuncRef {
        FuncRef(self.0)
    }
}

/// The buffers of a [`ProgramChecker`] that outlive it: emptied, a
/// [`CheckContext`](crate::sema::CheckContext) keeps them for its next
/// check, so that checking a file does not allocate them again.
#[derive(Default)]
pub struct Scratch {
    /// Every instance, in creation order. A file has few, so an instance
    /// is found by a linear search; the unfinished ones are the instances
    /// being checked, outermost first (each was started by the previous).
    instances: Vec<Instance>,
    /// Emptied vectors for typed call and operator operands, kept for
    /// reuse (see [`FnChecker::typed_operands`]).
    operand_vecs: Vec<Vec<TExpr>>,
    /// Emptied vectors for the statements of a block being typed, kept for
    /// reuse (see [`FnChecker::block`]); blocks nest, so the pool holds one
    /// vector per nesting level.
    stmt_vecs: Vec<Vec<TStmt>>,
    /// The stack of typed items waiting to become a [`TExprList`] (see
    /// [`FnChecker::expr_list`]), shared by every instance's checker: it is
    /// empty between lists.
    pending: Vec<TExpr>,
    /// Emptied vectors for the callees of the next [`FnChecker`]s.
    callee_vecs: Vec<Vec<InstanceId>>,
    /// Emptied buffers for [`ProgramChecker::finish`]: the instances in
    /// program order, and the new number of each.
    order: Vec<InstanceId>,
    map: Vec<u32>,
    /// Emptied typed functions and program lists to build the program in
    /// (the context gives programs back to it).
    pub(crate) typed: SpareTyped,
}

/// Checks the functions of a module, specialising device functions on demand.
pub struct ProgramChecker<'e, 'm> {
    env: &'e ModuleEnv<'m>,
    const_arrays_supplied: &'e [ConstArrayDecl],
    const_arrays: Vec<ConstArrayDecl>,
    /// The device arrays the host captured from module-level names: every
    /// function takes each, read or not, as a hidden parameter.
    global_arrays_supplied: &'e [GlobalArrayDecl],
    /// The instances and the recycled buffers (given back by
    /// [`ProgramChecker::finish`]).
    scratch: Scratch,
    /// Every typed function's [`TypedFunction::names`]: the module's
    /// interned text, copied when the first function is typed.
    names: Option<Arc<str>>,
    /// Each instance by its function, argument types and literal
    /// arguments.
    instance_of: FxHashMap<(FuncId, Vec<Type>, literals::LiteralArgs), InstanceId>,
    /// By device function: which parameters typing needs as literals
    /// (see [`ProgramChecker::literal_params`]).
    literal_needs: FxHashMap<FuncId, std::rc::Rc<literals::LiteralNeeds>>,
    /// How many instances are being checked (the depth of the call chain).
    unfinished: usize,
    /// By function: how many of its instances are being checked (more
    /// than one: recursive calls with new argument types).
    unfinished_of: FxHashMap<FuncId, u32>,
}

/// Why an instance could not be created.
pub(crate) enum InstanceError {
    /// A recursive call of this instance, whose return type is not known
    /// yet (see `recursion`).
    Unassumed(InstanceId),
    /// The call would nest device-function checks deeper than
    /// [`MAX_CALL_DEPTH`](crate::sema::MAX_CALL_DEPTH).
    TooDeep,
    /// The call would make a specialisation of a function while
    /// [`recursion::MAX_SPECIALISATIONS`] of it are being checked (its
    /// recursive calls change their argument types at every level).
    Specialisations,
}

impl<'e, 'm> ProgramChecker<'e, 'm> {
    /// A checker over a resolved module, with the buffers of an earlier
    /// one (or new ones).
    pub fn new(
        env: &'e ModuleEnv<'m>,
        (const_arrays_supplied, global_arrays_supplied): (
            &'e [ConstArrayDecl],
            &'e [GlobalArrayDecl],
        ),
        mut scratch: Scratch,
    ) -> Self {
        // The pools hold emptied vectors only.
        scratch.instances.clear();
        scratch.pending.clear();
        scratch.instances.reserve(env.functions.len());
        ProgramChecker {
            env,
            const_arrays_supplied,
            const_arrays: Vec::new(),
            global_arrays_supplied,
            scratch,
            names: None,
            instance_of: FxHashMap::default(),
            literal_needs: FxHashMap::default(),
            unfinished: 0,
            unfinished_of: FxHashMap::default(),
        }
    }

    /// Checks function `f` with the given argument types and literal
    /// arguments (and declared return type, if any) and returns the
    /// instance id.
    pub(crate) fn instantiate(
        &mut self,
        f: FuncId,
        args: Vec<Type>,
        literals: literals::LiteralArgs,
        declared_ret: Option<Type>,
    ) -> Result<InstanceId, InstanceError> {
        let key = (f, args, literals);
        let existing = self.instance_of.get(&key).map(|id| id.index());
        let (_, args, literals) = key;
        if let Some(id) = existing {
            if !self.scratch.instances[id].done {
                return self.recursive_call(InstanceId(id as u32));
            }
            return Ok(InstanceId(id as u32));
        }
        // Every unfinished instance is on the chain of calls being checked
        // (see `Scratch::instances`): a device function at the end of a
        // chain deeper than the limit is not checked.
        if self.unfinished >= crate::sema::MAX_CALL_DEPTH as usize {
            return Err(InstanceError::TooDeep);
        }
        let same = self.unfinished_of.entry(f).or_insert(0);
        if *same >= recursion::MAX_SPECIALISATIONS {
            return Err(InstanceError::Specialisations);
        }
        *same += 1;
        let id = InstanceId(self.scratch.instances.len() as u32);
        self.instance_of
            .insert((f, args.clone(), literals.clone()), id);
        self.scratch.instances.push(Instance {
            f,
            args,
            literals,
            ret: declared_ret.unwrap_or(Type::Unknown),
            done: false,
            func: None,
            diags: Vec::new(),
            untyped_at: None,
            callees: Vec::new(),
            calls_from: 0,
            assumed: declared_ret,
            reached: false,
            unassumed_at: None,
            depends_on: u32::MAX,
        });
        // The recursive step (see `crate::stack`).
        self.unfinished += 1;
        let result = crate::stack::deeper(|| FnChecker::run(self, id, declared_ret));
        self.unfinished -= 1;
        *self.unfinished_of.get_mut(&f).expect("counted above") -= 1;
        let inst = &mut self.scratch.instances[id.index()];
        inst.ret = result.func.ret;
        inst.func = Some(result.func);
        inst.diags = result.diags;
        inst.untyped_at = result.untyped_at;
        inst.callees = result.callees;
        inst.calls_from = result.calls_from;
        inst.depends_on = result.depends_on;
        inst.done = true;
        Ok(id)
    }

    /// The return type of a checked instance.
    pub(crate) fn instance_ret(&self, id: InstanceId) -> Type {
        self.scratch.instances[id.index()].ret
    }

    /// Assembles the program from the given roots: reachable instances only,
    /// callees first, with their diagnostics; returns it with the buffers
    /// to reuse.
    pub(crate) fn finish(
        mut self,
        roots: &[InstanceId],
        diags: &mut Vec<Diagnostic>,
    ) -> (TypedProgram, Scratch) {
        let mut order = std::mem::take(&mut self.scratch.order);
        order.clear();
        // The new number of each instance (`UNSEEN` for an unreachable one).
        let mut map = std::mem::take(&mut self.scratch.map);
        map.clear();
        map.resize(self.scratch.instances.len(), UNSEEN);
        for &r in roots {
            post_order(&self.scratch.instances, r, &mut map, &mut order);
        }
        let mut program = self.scratch.typed.program();
        program.functions.reserve(order.len());
        let mut untyped_at = None;
        for &old in &order {
            let inst = &mut self.scratch.instances[old.index()];
            diags.append(&mut inst.diags);
            untyped_at = untyped_at.or(inst.untyped_at);
            let mut func = inst.func.take().expect("instance was checked");
            func.param_types = std::mem::take(&mut inst.args);
            func.literal_params = std::mem::take(&mut inst.literals.0);
            // Only a function that calls others has calls to renumber.
            if !inst.callees.is_empty() {
                if let Some(tail) = func.exprs.get_mut(inst.calls_from as usize..) {
                    remap_calls(tail, &map);
                }
            }
            program.functions.push(func);
        }
        if let Some(span) = untyped_at {
            if !diags.iter().any(Diagnostic::is_error) {
                diags.push(Diagnostic::error(
                    "internal error: kernelc could not type this expression and reported no reason (please report it)",
                    span,
                ));
            }
        }
        let mut listed = vec![false; program.functions.len()];
        for &r in roots {
            let f = FuncRef(map[r.index()]);
            if !std::mem::replace(&mut listed[f.0 as usize], true) {
                if program.function(f).is_kernel {
                    program.kernels.push(f);
                } else {
                    program.device_roots.push(f);
                }
            }
        }
        program.const_arrays = self.const_arrays;
        program.global_arrays = self.global_arrays_supplied.to_vec();
        program.externs.clone_from(&self.env.externs);
        for inst in &mut self.scratch.instances {
            if inst.callees.capacity() > 0 {
                let mut callees = std::mem::take(&mut inst.callees);
                callees.clear();
                self.scratch.callee_vecs.push(callees);
            }
        }
        self.scratch.instances.clear();
        self.scratch.order = order;
        self.scratch.map = map;
        (program, self.scratch)
    }
}

/// The number of an instance not reached (yet) by [`post_order`].
const UNSEEN: u32 = u32::MAX;

/// The number of an instance whose callees [`post_order`] is visiting.
const VISITING: u32 = u32::MAX - 1;

/// Appends instance `id` and the instances it calls to `out`, callees
/// first, each once; `map` receives each instance's position in `out`.
/// Iterative, with an explicit stack of (instance, next callee to visit),
/// so a long chain of calls needs no machine stack.
fn post_order(instances: &[Instance], id: InstanceId, map: &mut [u32], out: &mut Vec<InstanceId>) {
    if map[id.index()] != UNSEEN {
        return;
    }
    map[id.index()] = VISITING;
    let mut stack = vec![(id, 0usize)];
    while let Some((top, next)) = stack.last_mut() {
        let callees = &instances[top.index()].callees;
        if let Some(&c) = callees.get(*next) {
            *next += 1;
            if map[c.index()] == UNSEEN {
                map[c.index()] = VISITING;
                stack.push((c, 0));
            }
        } else {
            let done = *top;
            stack.pop();
            map[done.index()] = out.len() as u32;
            out.push(done);
        }
    }
}

/// Renumbers the callees of `Call` expressions (every expression of the
/// function is in its arena, so one pass over it, from the first index a
/// call can have, reaches them all).
fn remap_calls(exprs: &mut [TExpr], map: &[u32]) {
    for e in exprs {
        if let TExprKind::Call(f, _) = &mut e.kind {
            f.0 = map[f.0 as usize];
        }
    }
}

/// The result of checking one instance.
struct FnResult {
    func: Box<TypedFunction>,
    diags: Vec<Diagnostic>,
    untyped_at: Option<Span>,
    callees: Vec<InstanceId>,
    calls_from: u32,
    depends_on: u32,
}

/// The most walks of a body (each after a loop join widened a type);
/// types only widen, so real functions need two or three.
const MAX_WALKS: u32 = 32;

/// Checks one function body for one tuple of argument types.
pub(crate) struct FnChecker<'p, 'e, 'm> {
    pc: &'p mut ProgramChecker<'e, 'm>,
    env: &'e ModuleEnv<'m>,
    /// The function being checked.
    func: FuncId,
    /// The instance being checked.
    id: InstanceId,
    /// The lowest unfinished instance a recursive call of this walk
    /// reached, directly or through a callee (`u32::MAX`: none).
    depends_on: u32,
    /// The walk types the recursive calls with an assumed return type
    /// that the walk's own `return`s may still change (see `recursion`).
    iterating: bool,
    /// This walk skipped a recursive call whose return type is not known
    /// yet (see `recursion`): its types only give that return type.
    partial: bool,
    /// In such a walk, the first `return` of None where others return a
    /// value (or the reverse): reported if the types settle.
    none_ret: Option<Diagnostic>,
    /// By local: the literal of its one assignment, if it has exactly one
    /// such (see `prune`); made on first need.
    reaching: Option<reaching::Reaching>,
    /// Typing the condition of a `while` loop, which is tested at entry
    /// and on every back edge (see `prune::reaching_value`).
    typing_loop_test: bool,
    /// The literal of each read of a local that has one (see `literals`);
    /// made on first need.
    literals: Option<literals::Literals>,
    /// The instance's literal arguments.
    param_literals: literals::LiteralArgs,
    is_kernel: bool,
    vars: Vec<Var>,
    /// The names of parameters and locals (see [`TypedFunction::names`]).
    names: Arc<str>,
    /// The names of the temporaries (see [`TypedFunction::temp_names`]).
    temp_names: String,
    /// The expressions of this walk's typed body.
    exprs: Vec<TExpr>,
    /// The statements of this walk's typed body.
    stmts: Vec<TStmt>,
    /// The arguments of this walk's `print` statements.
    print_args: Vec<PrintArg>,
    /// The strings of this walk's `print` and `assert` statements.
    texts: String,
    /// The binding of each local (parameters and source variables, the
    /// first `n_locals` of `vars`) at the current point of the walk.
    bindings: Vec<Binding>,
    /// False after a `return`, `break` or `continue` (until a join that
    /// other paths reach): the current point cannot be reached.
    reachable: bool,
    /// The versions of locals other than their first, by local and type.
    versions: FxHashMap<(LocalId, Type), VarId>,
    /// By local: how many versions other than the first it has.
    version_counts: Vec<u32>,
    /// Every change of `bindings` in this walk: the local and its previous
    /// binding (see `flow`).
    trail: Vec<(LocalId, Binding)>,
    /// By local: the [`Self::seen_stamp`] of the last list it was put in.
    seen: Vec<u32>,
    /// Distinguishes the lists of [`Self::changed_since`].
    seen_stamp: u32,
    /// The conflicts [`Binding::Conflict`] refers to.
    conflicts: Vec<Conflict>,
    /// By local: already reported (used before assignment, or conflict)
    /// in this walk.
    reported: Vec<bool>,
    /// By local: the [`Self::read_seq`] of its last read while unset.
    unset_reads: Vec<u32>,
    /// Counts reads of unset locals in this walk.
    read_seq: u32,
    /// By loop, in body order: types its joins need (kept across walks).
    loop_hints: Vec<LoopHints>,
    /// Loops started in this walk.
    loop_count: usize,
    /// The loops around the current point, innermost last.
    loops: Vec<LoopFrame>,
    /// The value of each `return` of this walk, converted to the
    /// function's result type once all are known.
    returns: Vec<TExprId>,
    /// A `return` had an erroneous value: the result type is unknown.
    ret_error: bool,
    n_locals: usize,
    /// A loop join needs types this walk did not assume: walk again.
    again: bool,
    diags: Vec<Diagnostic>,
    /// The first expression of this walk whose type is unknown. Every such
    /// expression follows an error that was reported (here or in a callee);
    /// if none was, the program is refused with an internal error rather
    /// than compiled without the code the expression is part of.
    untyped_at: Option<Span>,
    /// Set just before typing an expression whose value may stay
    /// [`Type::Optional`] (see `expr_keep_optional`); every other
    /// expression of that type is unwrapped where it is used.
    keep_optional: bool,
    shared: Vec<ArrayDecl>,
    local: Vec<ArrayDecl>,
    /// The instances called, once per call (see [`Instance::callees`]).
    callees: Vec<InstanceId>,
    /// The length of `exprs` when the first device-function call of this
    /// walk was typed: every `Call` expression is at this index or later,
    /// so renumbering the calls skips the arena before it.
    calls_from: u32,
    ret: Type,
    declared_ret: Option<Type>,
    loop_depth: u32,
}

impl<'p, 'e, 'm> FnChecker<'p, 'e, 'm> {
    /// Checks instance `id` (its function and argument types). The
    /// result's `param_types` is left empty: [`ProgramChecker::finish`]
    /// moves the instance's argument types there.
    fn run(
        pc: &'p mut ProgramChecker<'e, 'm>,
        id: InstanceId,
        declared_ret: Option<Type>,
    ) -> FnResult {
        let env = pc.env;
        let Instance {
            f,
            ref args,
            ref literals,
            ..
        } = pc.scratch.instances[id.index()];
        let param_literals = literals.clone();
        let info = env.function(f);
        let def = env.def(f);
        // The function's vectors are the checker's while it works; the
        // function (boxed, so never moved whole) gets them back at the end.
        let mut func = pc.scratch.typed.function();
        let mut vars = std::mem::take(&mut func.vars);
        let mut stmts = std::mem::take(&mut func.stmts);
        let mut exprs = std::mem::take(&mut func.exprs);
        vars.reserve(info.locals.len() + 4);
        exprs.reserve(expected_exprs(env.module, def));
        stmts.reserve(expected_stmts(env.module, def));
        // The variables as the first walk starts (later walks get the same
        // by `reset_walk`): a parameter holds its argument, a local is
        // unset and untyped.
        let nparams = env.param_count(f);
        let interner = &env.module.interner;
        let names = (pc.names)
            .get_or_insert_with(|| Arc::from(interner.text()))
            .clone();
        // Filled by `extend` (no capacity check per variable).
        vars.extend(info.locals.iter().enumerate().map(|(i, (name, span))| Var {
            name: {
                let (start, end) = interner.text_range(*name);
                NameRange { start, end }
            },
            ty: args.get(i).cloned().unwrap_or(Type::Unknown),
            span: *span,
            kind: if i < nparams {
                VarKind::Param
            } else {
                VarKind::Local
            },
            version: 0,
        }));
        let n_locals = vars.len();
        let bindings = (0..n_locals)
            .map(|i| {
                if i < nparams {
                    Binding::Var(VarId(i as u32))
                } else {
                    Binding::Unset
                }
            })
            .collect();
        let callees = pc.scratch.callee_vecs.pop().unwrap_or_default();
        let mut c = FnChecker {
            pc,
            env,
            func: f,
            id,
            depends_on: u32::MAX,
            iterating: false,
            partial: false,
            none_ret: None,
            reaching: None,
            typing_loop_test: false,
            literals: None,
            param_literals,
            is_kernel: info.is_kernel(),
            bindings,
            reachable: true,
            versions: FxHashMap::default(),
            version_counts: vec![0; n_locals],
            trail: Vec::new(),
            seen: vec![0; n_locals],
            seen_stamp: 0,
            conflicts: Vec::new(),
            reported: vec![false; n_locals],
            unset_reads: vec![0; n_locals],
            read_seq: 0,
            loop_hints: Vec::new(),
            loop_count: 0,
            loops: Vec::new(),
            returns: Vec::new(),
            ret_error: false,
            vars,
            names,
            temp_names: std::mem::take(&mut func.temp_names),
            exprs,
            stmts,
            print_args: std::mem::take(&mut func.print_args),
            texts: std::mem::take(&mut func.texts),
            n_locals,
            again: false,
            diags: Vec::new(),
            untyped_at: None,
            keep_optional: false,
            shared: std::mem::take(&mut func.shared_arrays),
            local: std::mem::take(&mut func.local_arrays),
            callees,
            calls_from: u32::MAX,
            ret: Type::Unknown,
            declared_ret,
            loop_depth: 0,
        };
        let mut body;
        let mut assumptions = 0;
        loop {
            let mut walks = 0;
            loop {
                body = c.block(def.body);
                // A device function whose end is reachable returns None
                // there, as Python does.
                if c.reachable && !c.is_kernel {
                    c.add_implicit_return(def.header_span);
                }
                walks += 1;
                if !c.again {
                    break;
                }
                if walks >= MAX_WALKS {
                    c.error(Diagnostic::error(
                        format!(
                            "internal error: the types of this function's variables did not \
                             settle after {MAX_WALKS} walks"
                        ),
                        def.header_span,
                    ));
                    break;
                }
                c.reset_walk();
            }
            // A recursive function walks again until the return type its
            // recursive calls assume is the one its walk found.
            if !c.settle_recursion(&mut assumptions, def.header_span) {
                break;
            }
            c.reset_walk();
        }
        let ret = match (&c.declared_ret, &c.ret) {
            (Some(t), _) => *t,
            (None, _) if c.ret_error => Type::Unknown,
            (None, Type::Unknown) => Type::None,
            (None, t) => *t,
        };
        c.convert_returns(ret);
        func.name.push_str(env.name(def.name.name));
        func.is_kernel = c.is_kernel;
        func.flags = info.flags;
        func.params = env.param_count(f) as u32;
        func.vars = c.vars;
        func.names = c.names;
        func.temp_names = c.temp_names;
        func.ret = ret;
        func.body = body;
        func.stmts = c.stmts;
        func.print_args = c.print_args;
        func.texts = c.texts;
        func.exprs = c.exprs;
        func.shared_arrays = c.shared;
        func.local_arrays = c.local;
        func.span = def.header_span;
        FnResult {
            func,
            diags: c.diags,
            untyped_at: c.untyped_at,
            callees: c.callees,
            calls_from: c.calls_from,
            depends_on: c.depends_on,
        }
    }

    /// Makes the checker ready for another walk of the body: the state
    /// of the first (set by [`Self::run`]), with the loop hints the last
    /// walk found.
    fn reset_walk(&mut self) {
        self.vars.truncate(self.n_locals);
        self.temp_names.clear();
        self.exprs.clear();
        self.stmts.clear();
        self.print_args.clear();
        self.texts.clear();
        for (i, v) in self.vars.iter_mut().enumerate() {
            self.bindings[i] = if v.kind == VarKind::Param {
                Binding::Var(VarId(i as u32))
            } else {
                v.ty = Type::Unknown;
                Binding::Unset
            };
        }
        self.reachable = true;
        self.versions.clear();
        self.version_counts.fill(0);
        self.trail.clear();
        self.conflicts.clear();
        self.reported.fill(false);
        self.unset_reads.fill(0);
        self.read_seq = 0;
        self.loop_count = 0;
        self.loops.clear();
        self.returns.clear();
        self.again = false;
        self.ret_error = false;
        self.diags.clear();
        self.untyped_at = None;
        self.shared.clear();
        self.local.clear();
        self.callees.clear();
        self.calls_from = u32::MAX;
        self.ret = Type::Unknown;
        self.loop_depth = 0;
        self.depends_on = u32::MAX;
        self.partial = false;
        self.none_ret = None;
        self.keep_optional = false;
    }

    /// Reports an error (kept only if this walk is the last).
    #[cold]
    #[inline(never)]
    fn error(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// The resolution of a name or attribute expression.
    fn res(&self, e: ExprId) -> &'e Res {
        &self.env.res[e.index()]
    }

    /// An expression of the module being checked.
    fn ast(&self, e: ExprId) -> &'m Expr {
        self.env.expr(e)
    }

    /// Adds an expression to the function's arena.
    fn ex(&mut self, e: TExpr) -> TExprId {
        let id = TExprId(self.exprs.len() as u32);
        self.exprs.push(e);
        id
    }

    /// Adds consecutive expressions to the function's arena.
    fn ex_list(&mut self, items: impl IntoIterator<Item = TExpr>) -> TExprList {
        let start = self.exprs.len() as u32;
        self.exprs.extend(items);
        TExprList {
            start,
            len: self.exprs.len() as u32 - start,
        }
    }

    /// Types each expression of `items` and adds the results as
    /// consecutive expressions (the items' own operands go first, so the
    /// typed items wait on the `pending` stack until the last is typed,
    /// unless every item is a leaf: see [`Self::is_leaf`]).
    fn expr_list(&mut self, items: &[ExprId]) -> TExprList {
        if items.iter().all(|&i| self.is_leaf(i)) {
            // No item adds operands: each goes straight to the arena.
            let start = self.exprs.len() as u32;
            for &i in items {
                let t = self.expr(i);
                self.exprs.push(t);
            }
            return TExprList {
                start,
                len: items.len() as u32,
            };
        }
        let base = self.pc.scratch.pending.len();
        for &i in items {
            let t = self.expr(i);
            self.pc.scratch.pending.push(t);
        }
        let start = self.exprs.len() as u32;
        self.exprs.extend(self.pc.scratch.pending.drain(base..));
        TExprList {
            start,
            len: items.len() as u32,
        }
    }

    /// True when typing `e` adds nothing to the arena: a literal, or the
    /// name of a local variable or of a constant.
    fn is_leaf(&self, e: ExprId) -> bool {
        match self.ast(e).kind {
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Bool(_) => true,
            ExprKind::Name(_) => matches!(self.res(e), Res::Local(_) | Res::Const(_)),
            _ => false,
        }
    }

    /// Types each expression of `ids` into a vector taken from the
    /// program's pool; [`Self::recycle`] gives it back (a vector dropped
    /// instead, on an error path, is only a missed reuse). Operand lists
    /// nest, so the pool holds one vector per nesting level in use.
    fn typed_operands(&mut self, ids: &[ExprId]) -> Vec<TExpr> {
        let mut typed = self.pc.scratch.operand_vecs.pop().unwrap_or_default();
        for &i in ids {
            let t = self.expr(i);
            typed.push(t);
        }
        typed
    }

    /// Returns a vector of [`Self::typed_operands`] to the pool.
    fn recycle(&mut self, mut typed: Vec<TExpr>) {
        typed.clear();
        self.pc.scratch.operand_vecs.push(typed);
    }

    /// An expression added to the arena.
    fn get(&self, e: TExprId) -> &TExpr {
        &self.exprs[e.0 as usize]
    }

    /// Consecutive expressions of the arena.
    fn get_list(&self, l: TExprList) -> &[TExpr] {
        &self.exprs[l.start as usize..(l.start + l.len) as usize]
    }

    /// A new compiler temporary of type `ty`.
    fn temp(&mut self, ty: Type, span: Span) -> VarId {
        let id = VarId(self.vars.len() as u32);
        let start = self.temp_names.len() as u32;
        // `$t<n>`: the first ten without the formatting machinery.
        match self.vars.len() - self.n_locals {
            n @ 0..=9 => {
                self.temp_names.push_str("$t");
                self.temp_names.push(char::from(b'0' + n as u8));
            }
            n => {
                let _ = write!(self.temp_names, "$t{n}");
            }
        }
        self.vars.push(Var {
            name: NameRange {
                start,
                end: self.temp_names.len() as u32,
            },
            ty,
            span,
            kind: VarKind::Temp,
            version: 0,
        });
        id
    }

    /// The name of variable `i`, for messages.
    fn var_name(&self, i: usize) -> String {
        self.vars[i]
            .name_in(&self.names, &self.temp_names)
            .to_string()
    }

    /// Reads local `l` where it has its current binding.
    #[inline(always)]
    fn read_var(&mut self, l: LocalId, span: Span) -> TExpr {
        match self.bindings[l.index()] {
            Binding::Var(v) => TExpr {
                kind: TExprKind::Var(v),
                ty: self.vars[v.0 as usize].ty,
                span,
            },
            other => self.read_other(l, other, span),
        }
    }

    /// [`Self::read_var`] of a local with no value of a known type.
    #[cold]
    #[inline(never)]
    fn read_other(&mut self, l: LocalId, b: Binding, span: Span) -> TExpr {
        match b {
            Binding::Unset => {
                // It may be assigned later in an enclosing loop (another
                // walk, with the loop's hints, will know).
                self.read_seq += 1;
                self.unset_reads[l.index()] = self.read_seq;
                if !self.reported[l.index()] {
                    self.reported[l.index()] = true;
                    let name = self.var_name(l.index());
                    self.error(Diagnostic::error(
                        format!("local variable '{name}' is used before it is assigned"),
                        span,
                    ));
                }
            }
            Binding::Conflict(c) => self.report_conflict(l, c, span),
            Binding::Var(_) | Binding::Error => {}
        }
        TExpr::error(span)
    }

    /// Assigns `value` to local `l`: its version of the value's type now
    /// holds the value (the statement goes to `out`).
    fn assign_local(&mut self, l: LocalId, value: TExpr, span: Span, out: &mut Vec<TStmt>) {
        if value.ty.is_unknown() {
            self.set_binding(l, Binding::Error);
            return;
        }
        // `x = None` (or the result of a call that returns nothing): a
        // version of type none, as in Numba; joined with a number it makes
        // an `OptionalType`.
        let v = self.version(l, value.ty, value.span);
        self.set_binding(l, Binding::Var(v));
        let e = self.ex(value);
        out.push(TStmt {
            kind: TStmtKind::Assign(v, e),
            span,
        });
    }

    /// Records the type of a `return` value.
    /// The `return None` at the reachable end of a device function's body
    /// (`header` locates the function).
    fn add_implicit_return(&mut self, header: Span) {
        if self.declared_ret.is_none()
            && !self.ret_error
            && !self.iterating
            && unify(&self.ret, &Type::None).is_none()
        {
            let ret = self.ret;
            self.ret_error = true;
            self.error(
                Diagnostic::error(
                    format!(
                        "this function can reach the end of its body, returning None there, \
                     but returns {ret} elsewhere"
                    ),
                    header,
                )
                .with_help("end it with a `return` of a value, or return None on no path"),
            );
            return;
        }
        self.add_return(&Type::None, header);
    }

    fn add_return(&mut self, ty: &Type, span: Span) {
        if ty.is_unknown() {
            self.ret_error = true;
        }
        if let Some(declared) = &self.declared_ret {
            let ok = match (declared, ty) {
                (_, Type::Unknown) => true,
                (Type::Scalar(_), Type::Scalar(_)) => true,
                // Numba converts a number to the declared complex type
                // (`complex64(complex64)` returning `cmath.log10(z)`, a
                // complex128).
                (Type::Complex(_), Type::Scalar(_) | Type::Complex(_)) => true,
                (a, b) => unify(a, b).is_some_and(|u| u == *a),
            };
            if !ok {
                let d = *declared;
                self.error(Diagnostic::error(
                    format!("this function is declared to return {d} but returns {ty}"),
                    span,
                ));
            }
            return;
        }
        match unify(&self.ret, ty) {
            Some(u) => self.ret = u,
            None if self.ret_error => {}
            // Numba makes an optional type of None and a value, which
            // kernelc does not have: while a recursive function's type is
            // settling, the value's type goes on (see `recursion`).
            None if self.iterating && (self.ret == Type::None || *ty == Type::None) => {
                let prev = self.ret;
                if self.none_ret.is_none() {
                    self.none_ret = Some(Diagnostic::error(
                        format!("this function returns {ty} here but {prev} elsewhere"),
                        span,
                    ));
                }
                if *ty != Type::None {
                    self.ret = *ty;
                }
            }
            None => {
                let prev = self.ret;
                self.ret_error = true;
                self.error(Diagnostic::error(
                    format!("this function returns {ty} here but {prev} elsewhere"),
                    span,
                ));
            }
        }
    }

    /// Converts the value of every `return` to the function's result
    /// type `ret`, known once the whole body has been walked (Numba
    /// unifies the types of all `return`s).
    fn convert_returns(&mut self, ret: Type) {
        if self.declared_ret.is_some() {
            return;
        }
        for i in 0..self.returns.len() {
            let id = self.returns[i];
            let value = self.exprs[id.0 as usize];
            if value.ty != ret && !value.ty.is_unknown() {
                let converted = self.cast(value, &ret);
                self.exprs[id.0 as usize] = converted;
            }
        }
    }
}

/// Appends `name` to a buffer of names and returns where it is.
fn push_name(names: &mut String, name: &str) -> NameRange {
    let start = names.len() as u32;
    names.push_str(name);
    NameRange {
        start,
        end: names.len() as u32,
    }
}

/// About how many typed expressions the body of `def` has (kernels have
/// one for every 6 to 7 bytes of body text), so the arena rarely regrows.
fn expected_exprs(module: &Module, def: &FunctionDef) -> usize {
    let end = module.block(def.body).last().map_or(0, |s| s.span.hi);
    (end.saturating_sub(def.header_span.hi) / 6) as usize + 8
}

/// About how many typed statements the body of `def` has (about one
/// for every 24 bytes of body text), so the arena rarely regrows.
fn expected_stmts(module: &Module, def: &FunctionDef) -> usize {
    let end = module.block(def.body).last().map_or(0, |s| s.span.hi);
    (end.saturating_sub(def.header_span.hi) / 24) as usize + 4
}

/// The dotted source text of a name or attribute chain, for messages.
fn path_text(env: &ModuleEnv<'_>, e: ExprId) -> String {
    match &env.expr(e).kind {
        ExprKind::Name(n) => env.name(*n).to_string(),
        ExprKind::Attribute { value, attr } => {
            format!("{}.{}", path_text(env, *value), env.name(attr.name))
        }
        _ => "this".to_string(),
    }
}

/// Constant lookup for the default values of function `f`'s parameters:
/// [`FnConstEnv`]'s, and for a nested function (whose defaults are
/// evaluated in its parent) a variable of the parent with one constant
/// definition, as Numba's `get_definition` finds it.
pub(super) struct DefaultsConstEnv<'a, 'm> {
    pub(super) env: &'a ModuleEnv<'m>,
    pub(super) f: FuncId,
}

impl ConstEnv for DefaultsConstEnv<'_, '_> {
    fn lookup(&self, expr: ExprId) -> ConstLookup {
        if let (Some(parent), Res::Local(l)) = (
            self.env.function(self.f).parent,
            &self.env.res[expr.index()],
        ) {
            if let super::resolve::CaptureValue::Const(v) = self.env.capture_value(parent, *l) {
                return ConstLookup::Value(v);
            }
        }
        FnConstEnv { env: self.env }.lookup(expr)
    }
}

/// Constant lookup inside a function body: module constants and intrinsic
/// members are constants, locals are run-time values.
struct FnConstEnv<'a, 'm> {
    env: &'a ModuleEnv<'m>,
}

impl ConstEnv for FnConstEnv<'_, '_> {
    fn lookup(&self, expr: ExprId) -> ConstLookup {
        match &self.env.res[expr.index()] {
            Res::Const(c) => ConstLookup::Value(*self.env.constant(*c)),
            Res::Member(m) => ConstLookup::Member(*m),
            Res::Local(_) | Res::ValueAttr => ConstLookup::NotConst(format!(
                "'{}' is a runtime value",
                path_text(self.env, expr)
            )),
            _ => ConstLookup::NotConst("this is not a constant".into()),
        }
    }
}
