//! Literal values, as Numba types them: which expressions have a
//! `Literal` type, and so a value typing can use where it needs one (the
//! shape of `cuda.shared.array` / `cuda.local.array`).
//!
//! Numba types a constant as a literal (`typeinfer.py`, `typeof_const`:
//! `Literal[int](100)`, `Literal[bool](False)`; no float literals), and a
//! variable's SSA version takes the type of its value; where versions meet,
//! unification keeps a literal only if all are the same literal
//! (`Literal[int](10)` and `Literal[int](20)` unify to `int64`). So:
//!
//! - a Python literal (after CPython's folding of `4 * 2`, `-1`) is one,
//!   and so is a module constant of an integer or bool;
//! - a local is one where every assignment that reaches the read gives the
//!   same literal (`N = 100; cuda.shared.array(N, int32)`, also when both
//!   branches of an `if` assign `N = 10`), never after arithmetic (`M = N *
//!   2`, `N += 0`) or a call (`np.int32(100)`);
//! - a tuple of literals is one (`(N, 4)`), an item of it by a literal
//!   index too (`t[0]`), and unpacking one gives its items (`x, y = 4, 8`);
//! - a device-function parameter is one when the call passes one, as
//!   numba-cuda's dispatcher compiles the callee for the argument types
//!   it is given (`CUDADispatcher.get_call_template`: `Literal[int](32)`,
//!   `omitted(default=8)` for a default); a parameter of a function with a
//!   declared signature never is (the argument is cast to the declared
//!   type).
//!
//! A literal argument does not prune a branch (`if flag:` of a literal
//! `False` is typed: Numba's `dead_branch_prune` resolves an argument only
//! for a comparison with `None`), so kernelc specialises a device function
//! per literal value only for the parameters whose value typing needs
//! ([`ProgramChecker::literal_params`]: a shape, or a device function the
//! value is passed to needs it, also one held by a parameter); for every
//! other parameter the instance is the one for the argument's type, and
//! typing is the same. Not followed: a device function's result (Numba
//! keeps `return n` of a literal `n` a literal), a function value held in
//! a local or a tuple rather than a parameter, or passed on twice.
//!
//! [`FnChecker::literal_of_expr`] answers for an expression of the function
//! being checked; it reads the literal of each local read from one walk of
//! the body (made on first need), in program order with an undo trail for
//! branches, as `reaching.rs` walks. A loop header keeps a local's literal
//! only when every assignment to it in the loop is the same literal
//! (`N = 100` before and inside the loop): any other assignment there
//! (another literal, a copy, arithmetic) makes it unknown at the header,
//! which is what Numba's unification gives except for a copy of the same
//! literal (`N = M` with `M = 100`), where kernelc is the stricter.

use super::{FnChecker, ProgramChecker};
use crate::front::ast::{ExprId, ExprKind, KeywordArg, Seq, Stmt, StmtKind};
use crate::sema::const_eval;
use crate::sema::consts::ConstValue;
use crate::sema::intrinsics::{Callee, Member};
use crate::sema::resolve::Res;
use crate::sema::typed::{FuncId, LocalId};
use crate::types::Type;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The literal of each read of a local that has one (see the module
/// comment).
#[derive(Default, Debug)]
pub(super) struct Literals {
    reads: FxHashMap<ExprId, ConstValue>,
}

/// The literal arguments of a device-function instance: the parameter's
/// index and value, for the parameters typing needs as literals (part of
/// the instance's key).
#[derive(Clone, Default, PartialEq, Debug)]
pub(crate) struct LiteralArgs(pub Vec<(u32, ConstValue)>);

impl std::hash::Hash for LiteralArgs {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        // Literals hold no floats, so `==` is an equivalence; hashing the
        // indices and lengths agrees with it.
        for (i, v) in &self.0 {
            i.hash(h);
            match v {
                ConstValue::Int(x, s) => (0u8, x.get(), *s).hash(h),
                ConstValue::Bool(b) => (1u8, *b).hash(h),
                ConstValue::Tuple(t) => (2u8, t.len()).hash(h),
                ConstValue::Float(..) => 3u8.hash(h),
            }
        }
    }
}

// `ConstValue`'s `==` is reflexive for the values a literal holds.
impl Eq for LiteralArgs {}

/// Whether Numba types constant `v` as a literal: integers and bools, and
/// tuples of them (a float is `float64`, never a literal).
pub(super) fn is_literal(v: &ConstValue) -> bool {
    match v {
        ConstValue::Int(..) | ConstValue::Bool(_) => true,
        ConstValue::Float(..) => false,
        ConstValue::Tuple(items) => items.iter().all(is_literal),
    }
}

impl FnChecker<'_, '_, '_> {
    /// The literal value Numba types expression `e` with, if it has one
    /// (see the module comment).
    pub(super) fn literal_of_expr(&mut self, e: ExprId) -> Option<ConstValue> {
        if self.literals.is_none() {
            self.literals = Some(self.literal_walk());
        }
        let reads = &self.literals.as_ref().expect("made above").reads;
        self.literal_of(e, &|name| reads.get(&name).copied(), 16)
    }

    /// The literal of `e`, reading locals through `local` (by the `Name`
    /// read); `depth` bounds the walk.
    fn literal_of(
        &self,
        e: ExprId,
        local: &dyn Fn(ExprId) -> Option<ConstValue>,
        depth: u32,
    ) -> Option<ConstValue> {
        if depth == 0 {
            return None;
        }
        let module = self.env.module;
        match &self.ast(e).kind {
            ExprKind::Name(_) => match self.res(e) {
                Res::Local(_) => local(e),
                Res::Const(c) => Some(*self.env.constant(*c)).filter(is_literal),
                _ => None,
            },
            ExprKind::Tuple(items) => {
                let mut values = Vec::with_capacity(module.exprs(*items).len());
                for &item in module.exprs(*items) {
                    values.push(self.literal_of(item, local, depth - 1)?);
                }
                Some(ConstValue::Tuple(values.into()))
            }
            ExprKind::Subscript { value, index } => {
                let ConstValue::Tuple(items) = self.literal_of(*value, local, depth - 1)? else {
                    return None;
                };
                let ConstValue::Int(i, _) = self.literal_of(*index, local, depth - 1)? else {
                    return None;
                };
                let n = items.len() as i128;
                let i = i.get();
                let i = if i < 0 { i + n } else { i };
                (0..n).contains(&i).then(|| items[i as usize])
            }
            ExprKind::IfExp { test, body, orelse } => {
                // A constant condition (a literal, a module constant):
                // Numba prunes the branch it never takes.
                let env = super::FnConstEnv { env: self.env };
                if let Ok(c) = const_eval::eval(module, *test, &env) {
                    let taken = if c.truthy() { *body } else { *orelse };
                    return self.literal_of(taken, local, depth - 1);
                }
                let a = self.literal_of(*body, local, depth - 1)?;
                let b = self.literal_of(*orelse, local, depth - 1)?;
                (a == b).then_some(a)
            }
            _ if self.is_python_literal(e) => {
                let env = super::FnConstEnv { env: self.env };
                const_eval::eval(module, e, &env).ok().filter(is_literal)
            }
            _ => None,
        }
    }

    /// Walks the body once (see the module comment).
    fn literal_walk(&self) -> Literals {
        let mut state = vec![None; self.n_locals];
        for &(i, v) in &self.param_literals.0 {
            state[i as usize] = Some(v);
        }
        let mut w = LitWalk {
            checker: self,
            state,
            trail: Vec::new(),
            reads: FxHashMap::default(),
        };
        w.block(self.env.def(self.func).body);
        Literals { reads: w.reads }
    }
}

/// The literal walk's state.
struct LitWalk<'c, 'p, 'e, 'm> {
    checker: &'c FnChecker<'p, 'e, 'm>,
    /// By local: its literal here, if it has one.
    state: Vec<Option<ConstValue>>,
    /// `(local, literal before)` of every change, for undoing a branch.
    trail: Vec<(LocalId, Option<ConstValue>)>,
    reads: FxHashMap<ExprId, ConstValue>,
}

impl LitWalk<'_, '_, '_, '_> {
    fn set(&mut self, l: LocalId, v: Option<ConstValue>) {
        let old = self.state[l.index()];
        if old != v {
            self.trail.push((l, old));
            self.state[l.index()] = v;
        }
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (l, old) = self.trail.pop().expect("longer than mark");
            self.state[l.index()] = old;
        }
    }

    /// Each local changed since `mark`, once, with its literal before.
    fn changed_since(&self, mark: usize) -> FxHashMap<LocalId, Option<ConstValue>> {
        let mut out = FxHashMap::default();
        for &(l, old) in &self.trail[mark..] {
            out.entry(l).or_insert(old);
        }
        out
    }

    fn local(&self, e: ExprId) -> Option<LocalId> {
        match self.checker.res(e) {
            Res::Local(l) => Some(*l),
            _ => None,
        }
    }

    /// The literal of `e` at this point of the walk.
    fn value(&self, e: ExprId) -> Option<ConstValue> {
        let state = &self.state;
        let lookup = |name: ExprId| match self.checker.res(name) {
            Res::Local(l) => state[l.index()],
            _ => None,
        };
        self.checker.literal_of(e, &lookup, 16)
    }

    /// Walks a block; true when its end is not reached.
    fn block(&mut self, body: Seq<Stmt>) -> bool {
        let module = self.checker.env.module;
        let mut ends = false;
        for s in module.block(body) {
            ends |= self.stmt(&s.kind);
        }
        ends
    }

    fn stmt(&mut self, s: &StmtKind) -> bool {
        let module = self.checker.env.module;
        match s {
            StmtKind::Assign { targets, value } => {
                self.expr(*value);
                let v = self.value(*value);
                for &t in module.exprs(*targets) {
                    self.target(t, v);
                }
            }
            StmtKind::AnnAssign {
                target,
                value: Some(value),
                ..
            } => {
                self.expr(*value);
                let v = self.value(*value);
                self.target(*target, v);
            }
            StmtKind::AugAssign { target, value, .. } => {
                self.expr(*value);
                self.expr(*target);
                self.target(*target, None);
            }
            StmtKind::Expr(e) => self.expr(*e),
            StmtKind::Assert { test, msg } => {
                self.expr(*test);
                if let Some(m) = msg {
                    self.expr(*m);
                }
            }
            StmtKind::Return(e) | StmtKind::Raise(e) => {
                if let Some(e) = e {
                    self.expr(*e);
                }
                return true;
            }
            StmtKind::Break | StmtKind::Continue => return true,
            StmtKind::If { test, body, orelse } => {
                self.expr(*test);
                return self.branches(*body, *orelse);
            }
            StmtKind::While { test, body, orelse } => {
                self.loop_header(*body, None);
                self.expr(*test);
                self.loop_body(*body);
                self.block(*orelse);
            }
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
                ..
            } => {
                self.expr(*iter);
                self.loop_header(*body, Some(*target));
                self.loop_body(*body);
                self.block(*orelse);
            }
            _ => {}
        }
        false
    }

    /// `if`/`else`: each branch from the state before; after it, a local
    /// keeps a literal both reaching branch ends agree on.
    fn branches(&mut self, body: Seq<Stmt>, orelse: Seq<Stmt>) -> bool {
        let mark = self.trail.len();
        let then_ends = self.block(body);
        let then_changed: FxHashMap<LocalId, Option<ConstValue>> = (self.changed_since(mark))
            .into_keys()
            .map(|l| (l, self.state[l.index()]))
            .collect();
        self.undo_to(mark);
        let else_ends = self.block(orelse);
        match (then_ends, else_ends) {
            (true, _) => {}
            (false, true) => {
                self.undo_to(mark);
                for (l, v) in then_changed {
                    self.set(l, v);
                }
            }
            (false, false) => {
                let else_changed = self.changed_since(mark);
                let mut meet = Vec::new();
                for (&l, &then_v) in &then_changed {
                    if self.state[l.index()] != then_v {
                        meet.push(l);
                    }
                }
                for (l, before) in else_changed {
                    if !then_changed.contains_key(&l) && self.state[l.index()] != before {
                        meet.push(l);
                    }
                }
                for l in meet {
                    self.set(l, None);
                }
            }
        }
        then_ends && else_ends
    }

    /// The state at a loop's header: a local assigned in the loop keeps
    /// its literal only if every such assignment is that same literal.
    fn loop_header(&mut self, body: Seq<Stmt>, target: Option<ExprId>) {
        let mut assigned = Vec::new();
        if let Some(t) = target {
            self.assigned_in_target(t, None, &mut assigned);
        }
        self.assigned_in(body, &mut assigned);
        for (l, v) in assigned {
            if v.is_none() || v != self.state[l.index()] {
                self.set(l, None);
            }
        }
    }

    /// A loop body, walked from the header's state; after the loop the
    /// header's state stands (see [`Self::loop_header`]).
    fn loop_body(&mut self, body: Seq<Stmt>) {
        let mark = self.trail.len();
        self.block(body);
        self.undo_to(mark);
    }

    /// Every assignment to a local in `body` (nested blocks too), with its
    /// literal when it assigns a Python literal.
    fn assigned_in(&self, body: Seq<Stmt>, out: &mut Vec<(LocalId, Option<ConstValue>)>) {
        let module = self.checker.env.module;
        for s in module.block(body) {
            match &s.kind {
                StmtKind::Assign { targets, value } => {
                    let v = if self.checker.is_python_literal(*value) {
                        self.value(*value)
                    } else {
                        None
                    };
                    for &t in module.exprs(*targets) {
                        self.assigned_in_target(t, v, out);
                    }
                }
                StmtKind::AnnAssign { target, value, .. } => {
                    let v = value
                        .filter(|v| self.checker.is_python_literal(*v))
                        .and_then(|v| self.value(v));
                    self.assigned_in_target(*target, v, out);
                }
                StmtKind::AugAssign { target, .. } => self.assigned_in_target(*target, None, out),
                StmtKind::If { body, orelse, .. } => {
                    self.assigned_in(*body, out);
                    self.assigned_in(*orelse, out);
                }
                StmtKind::While { body, orelse, .. } => {
                    self.assigned_in(*body, out);
                    self.assigned_in(*orelse, out);
                }
                StmtKind::For {
                    target,
                    body,
                    orelse,
                    ..
                } => {
                    self.assigned_in_target(*target, None, out);
                    self.assigned_in(*body, out);
                    self.assigned_in(*orelse, out);
                }
                _ => {}
            }
        }
    }

    fn assigned_in_target(
        &self,
        t: ExprId,
        v: Option<ConstValue>,
        out: &mut Vec<(LocalId, Option<ConstValue>)>,
    ) {
        let module = self.checker.env.module;
        match &module.expr(t).kind {
            ExprKind::Name(_) => {
                if let Some(l) = self.local(t) {
                    out.push((l, v));
                }
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                for &item in module.exprs(*items) {
                    self.assigned_in_target(item, None, out);
                }
            }
            _ => {}
        }
    }

    /// A target assigned a value of literal `v`.
    fn target(&mut self, t: ExprId, v: Option<ConstValue>) {
        let module = self.checker.env.module;
        match &module.expr(t).kind {
            ExprKind::Name(_) => {
                if let Some(l) = self.local(t) {
                    self.set(l, v);
                }
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                let items = module.exprs(*items);
                // Unpacking a literal tuple gives its items (Numba's
                // `static_getitem` of a tuple of literals).
                let parts = match v {
                    Some(ConstValue::Tuple(parts)) if parts.len() == items.len() => Some(parts),
                    _ => None,
                };
                for (k, &item) in items.iter().enumerate() {
                    self.target(item, parts.map(|p| p[k]));
                }
            }
            _ => self.expr(t),
        }
    }

    /// Records the literal of every read of a local in `id`.
    fn expr(&mut self, id: ExprId) {
        let module = self.checker.env.module;
        match &module.expr(id).kind {
            ExprKind::Name(_) => {
                if let Some(l) = self.local(id) {
                    if let Some(v) = self.state[l.index()] {
                        self.reads.insert(id, v);
                    }
                }
            }
            _ => module.for_each_child(id, |child| self.expr(child)),
        }
    }
}

/// What [`ProgramChecker::literal_params`] keeps of a device function.
pub(super) struct LiteralNeeds {
    /// The parameters needed whatever the arguments.
    base: Rc<[bool]>,
    /// Calls through a parameter holding a function value (`f(a, n)` of a
    /// parameter `f`): the parameter's index and the call's arguments.
    /// Which function it calls is known only from the argument's type at
    /// the call of this function. Empty for most functions.
    through: Vec<(usize, Seq<ExprId>, Seq<KeywordArg>)>,
    /// By local: the locals its assignments copy a literal from (kept only
    /// when `through` is not empty).
    edges: FxHashMap<LocalId, Vec<LocalId>>,
}

impl ProgramChecker<'_, '_> {
    /// Which parameters of device function `f`, called with arguments of
    /// types `args`, typing needs as literals: those a shape of
    /// `cuda.shared.array` / `cuda.local.array` reads (directly, in a
    /// tuple, or through locals assigned from them), those passed where a
    /// device function it calls needs a literal, also through a parameter
    /// holding a device function (by the argument's type: `apply(fill, a,
    /// 6)` passes `6` on to `fill`). Found by one walk of `f`'s body, kept
    /// for the rest of the check.
    pub(super) fn literal_params(&mut self, f: FuncId, args: &[Type]) -> Rc<[bool]> {
        let needs = self.literal_needs(f);
        if needs.through.is_empty() {
            return needs.base.clone();
        }
        let env = self.env;
        let mut seeds = Vec::new();
        for (i, _) in needs.base.iter().enumerate().filter(|(_, n)| **n) {
            seeds.push(LocalId(i as u32));
        }
        for &(p, call_args, keywords) in &needs.through {
            let g = match args.get(p) {
                Some(Type::Function(fv)) => fv.device().map(FuncId),
                _ => None,
            };
            let Some(g) = g.filter(|g| env.function(*g).sigs.is_empty()) else {
                continue;
            };
            // The callee's own needs, whatever its arguments (a function
            // value passed on again is not followed).
            let inner = self.literal_needs(g).base.clone();
            self.needed_arguments(g, &inner, call_args, keywords, &mut seeds);
        }
        Rc::from(propagate(
            seeds,
            &needs.edges,
            env.function(f).locals.len(),
            env.def(f).params.len(),
        ))
    }

    /// The sources of the arguments of a call of `g` at the parameters
    /// `needs` marks, as seeds.
    fn needed_arguments(
        &self,
        g: FuncId,
        needs: &[bool],
        args: Seq<ExprId>,
        keywords: Seq<KeywordArg>,
        seeds: &mut Vec<LocalId>,
    ) {
        let env = self.env;
        let params = env.module.params(env.def(g).params);
        // The arguments a `*args` parameter collects are no literal.
        let fixed = params.len() - usize::from(env.def(g).vararg);
        for (i, &a) in env.module.exprs(args).iter().enumerate().take(fixed) {
            if needs.get(i).copied().unwrap_or(false) {
                literal_sources(self, a, seeds, 16);
            }
        }
        for k in env.module.keywords(keywords) {
            let name = env.name(k.name.name);
            let i = params.iter().position(|p| env.name(p.name.name) == name);
            if i.is_some_and(|i| needs[i]) {
                literal_sources(self, k.value, seeds, 16);
            }
        }
    }

    /// The needs of `f` found by one walk of its body (see
    /// [`Self::literal_params`]), made on first need.
    fn literal_needs(&mut self, f: FuncId) -> Rc<LiteralNeeds> {
        if let Some(n) = self.literal_needs.get(&f) {
            return n.clone();
        }
        let env = self.env;
        let nparams = env.param_count(f);
        // A function being scanned needs nothing meanwhile: its recursive
        // calls are not scanned again (a call takes its needs once known).
        let nothing = Rc::new(LiteralNeeds {
            base: vec![false; nparams].into(),
            through: Vec::new(),
            edges: FxHashMap::default(),
        });
        self.literal_needs.insert(f, nothing);
        let mut scan = NeedScan {
            nparams,
            edges: FxHashMap::default(),
            seeds: Vec::new(),
            calls: Vec::new(),
            through: Vec::new(),
        };
        scan.block(self, env.def(f).body);
        // The device functions called: their needs, then the arguments
        // passed where they need literals.
        let mut seeds = std::mem::take(&mut scan.seeds);
        for (g, args, keywords) in std::mem::take(&mut scan.calls) {
            // The recursive step (see `crate::stack`): a chain of calls
            // may be long.
            let needs = crate::stack::deeper(|| self.literal_needs(g)).base.clone();
            self.needed_arguments(g, &needs, args, keywords, &mut seeds);
        }
        let base = propagate(seeds, &scan.edges, env.function(f).locals.len(), nparams);
        let through = scan.through;
        let needs = Rc::new(LiteralNeeds {
            base: base.into(),
            edges: if through.is_empty() {
                FxHashMap::default()
            } else {
                scan.edges
            },
            through,
        });
        self.literal_needs.insert(f, needs.clone());
        needs
    }
}

/// The locals `seeds` reach over the copy edges, as a flag per parameter
/// (the first `nparams` of `nlocals`).
fn propagate(
    mut work: Vec<LocalId>,
    edges: &FxHashMap<LocalId, Vec<LocalId>>,
    nlocals: usize,
    nparams: usize,
) -> Vec<bool> {
    let mut needed = vec![false; nlocals.max(nparams)];
    while let Some(l) = work.pop() {
        if std::mem::replace(&mut needed[l.index()], true) {
            continue;
        }
        if let Some(from) = edges.get(&l) {
            work.extend(from.iter().copied());
        }
    }
    needed.truncate(nparams);
    needed
}

/// The walk of [`ProgramChecker::literal_params`].
struct NeedScan {
    /// The function's number of parameters.
    nparams: usize,
    /// By local: the locals its assignments copy a literal from.
    edges: FxHashMap<LocalId, Vec<LocalId>>,
    /// Locals read where a literal is needed.
    seeds: Vec<LocalId>,
    /// Calls through a parameter (see [`LiteralNeeds::through`]).
    through: Vec<(usize, Seq<ExprId>, Seq<KeywordArg>)>,
    /// Calls of device functions: the callee and its arguments.
    calls: Vec<(FuncId, Seq<ExprId>, Seq<KeywordArg>)>,
}

impl NeedScan {
    /// The locals whose literal `e`'s literal is made of, as seeds.
    fn sources(&mut self, pc: &ProgramChecker, e: ExprId) {
        let mut out = Vec::new();
        literal_sources(pc, e, &mut out, 16);
        self.seeds.extend(out);
    }

    fn block(&mut self, pc: &ProgramChecker, body: Seq<Stmt>) {
        let module = pc.env.module;
        for s in module.block(body) {
            match &s.kind {
                StmtKind::Assign { targets, value } => {
                    self.expr(pc, *value);
                    for &t in module.exprs(*targets) {
                        self.target(pc, t, *value);
                    }
                }
                StmtKind::AnnAssign {
                    target,
                    value: Some(value),
                    ..
                } => {
                    self.expr(pc, *value);
                    self.target(pc, *target, *value);
                }
                StmtKind::AugAssign { target, value, .. } => {
                    self.expr(pc, *target);
                    self.expr(pc, *value);
                }
                StmtKind::Expr(e) | StmtKind::Return(Some(e)) | StmtKind::Raise(Some(e)) => {
                    self.expr(pc, *e)
                }
                StmtKind::Assert { test, msg } => {
                    self.expr(pc, *test);
                    if let Some(m) = msg {
                        self.expr(pc, *m);
                    }
                }
                StmtKind::If { test, body, orelse } | StmtKind::While { test, body, orelse } => {
                    self.expr(pc, *test);
                    self.block(pc, *body);
                    self.block(pc, *orelse);
                }
                StmtKind::For {
                    iter, body, orelse, ..
                } => {
                    self.expr(pc, *iter);
                    self.block(pc, *body);
                    self.block(pc, *orelse);
                }
                _ => {}
            }
        }
    }

    /// `t = value`: each local of `t` may copy a literal from `value`'s.
    fn target(&mut self, pc: &ProgramChecker, t: ExprId, value: ExprId) {
        let module = pc.env.module;
        match (&module.expr(t).kind, &pc.env.res[t.index()]) {
            (ExprKind::Name(_), Res::Local(l)) => {
                let mut from = Vec::new();
                literal_sources(pc, value, &mut from, 16);
                if !from.is_empty() {
                    self.edges.entry(*l).or_default().extend(from);
                }
            }
            (ExprKind::Tuple(items) | ExprKind::List(items), _) => {
                for &item in module.exprs(*items) {
                    self.target(pc, item, value);
                }
            }
            _ => self.expr(pc, t),
        }
    }

    fn expr(&mut self, pc: &ProgramChecker, id: ExprId) {
        let module = pc.env.module;
        match &module.expr(id).kind {
            ExprKind::Call {
                func,
                args,
                keywords,
            } => {
                // A starred argument (`f(*t)`) moves the arguments after it
                // to positions only its type says: such a call passes no
                // literal by position.
                let starred = (module.exprs(*args).iter())
                    .any(|&a| matches!(module.expr(a).kind, ExprKind::Starred(_)));
                match pc.env.res[func.index()] {
                    _ if starred => {}
                    Res::Member(Member::Func(Callee::SharedArray | Callee::LocalArray)) => {
                        let shape = module.exprs(*args).first().copied().or_else(|| {
                            (module.keywords(*keywords).iter())
                                .find(|k| pc.env.name(k.name.name) == "shape")
                                .map(|k| k.value)
                        });
                        if let Some(shape) = shape {
                            self.sources(pc, shape);
                        }
                    }
                    Res::Function(g)
                        if !pc.env.function(g).is_kernel()
                            && pc.env.function(g).sigs.is_empty() =>
                    {
                        self.calls.push((g, *args, *keywords));
                    }
                    // A call through a parameter holding a function: see
                    // `LiteralNeeds::through`.
                    Res::Local(l) if l.index() < self.nparams => {
                        self.through.push((l.index(), *args, *keywords));
                    }
                    _ => {}
                }
                self.expr(pc, *func);
                for &a in module.exprs(*args) {
                    self.expr(pc, a);
                }
                for k in module.keywords(*keywords) {
                    self.expr(pc, k.value);
                }
            }
            ExprKind::Attribute { value, .. } | ExprKind::Starred(value) => self.expr(pc, *value),
            ExprKind::Subscript { value, index } => {
                self.expr(pc, *value);
                self.expr(pc, *index);
            }
            ExprKind::BinOp { left, right, .. } => {
                self.expr(pc, *left);
                self.expr(pc, *right);
            }
            ExprKind::UnaryOp { operand, .. } => self.expr(pc, *operand),
            ExprKind::BoolOp { values, .. } | ExprKind::Tuple(values) | ExprKind::List(values) => {
                for &v in module.exprs(*values) {
                    self.expr(pc, v);
                }
            }
            ExprKind::Compare { left, ops } => {
                self.expr(pc, *left);
                for &(_, right) in module.comparisons(*ops) {
                    self.expr(pc, right);
                }
            }
            ExprKind::IfExp { test, body, orelse } => {
                self.expr(pc, *test);
                self.expr(pc, *body);
                self.expr(pc, *orelse);
            }
            _ => {}
        }
    }
}

/// The locals a literal of `e` is made of (the forms
/// [`FnChecker::literal_of`] reads).
fn literal_sources(pc: &ProgramChecker, e: ExprId, out: &mut Vec<LocalId>, depth: u32) {
    if depth == 0 {
        return;
    }
    let module = pc.env.module;
    match &module.expr(e).kind {
        ExprKind::Name(_) => {
            if let Res::Local(l) = pc.env.res[e.index()] {
                out.push(l);
            }
        }
        ExprKind::Tuple(items) => {
            for &item in module.exprs(*items) {
                literal_sources(pc, item, out, depth - 1);
            }
        }
        ExprKind::Subscript { value, index } => {
            literal_sources(pc, *value, out, depth - 1);
            literal_sources(pc, *index, out, depth - 1);
        }
        ExprKind::IfExp { body, orelse, .. } => {
            literal_sources(pc, *body, out, depth - 1);
            literal_sources(pc, *orelse, out, depth - 1);
        }
        _ => {}
    }
}
