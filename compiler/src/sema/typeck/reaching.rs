//! Which assignment reaches each read of a local, as Numba's SSA versions
//! see it: the branch pruning of `prune.rs` knows a local's value where one
//! plain `name = value` reaches the read, even if the local is assigned
//! elsewhere too (`x = 0` … `if x:` … `x = 5`).
//!
//! One walk of the function body in program order keeps, per local, the
//! value expression of the assignment that reaches the current point, or
//! nothing (a parameter, a loop target, an augmented assignment, or
//! different assignments meeting at a join). Branches are walked with an
//! undo trail and joined; a loop's body is walked once from the entry
//! state, then the reads it recorded of locals the body assigns are
//! dropped (the loop's back edge joins those), and after the loop such
//! locals are unknown. A `while` condition is read once before the loop
//! (CPython tests it before entering, as Numba's IR keeps), so its entry
//! reads stay; [`Reaching::stable_while`] says whether the body leaves its
//! locals alone (then the condition is the same at every test), and
//! [`Reaching::varies_in_loop`] names the condition's reads of locals the
//! body assigns (Numba's back-edge copy of the test reads those from the
//! loop's join, so only the entry test may be pruned by them). The walk
//! is linear in the body, times the nesting depth of loops for the reads
//! inside them.

use super::FnChecker;
use crate::front::ast::{ExprId, ExprKind, Seq, Stmt, StmtKind};
use crate::sema::resolve::Res;
use crate::sema::typed::LocalId;
use rustc_hash::{FxHashMap, FxHashSet};

/// The result of the walk.
#[derive(Default, Debug)]
pub(super) struct Reaching {
    /// For a read of a local (a `Name`): the value of the one assignment
    /// that reaches it.
    defs: FxHashMap<ExprId, ExprId>,
    /// The conditions (test expressions) of the `while` loops whose bodies
    /// assign none of the locals the condition reads.
    stable: FxHashSet<ExprId>,
    /// The reads in `while` conditions of locals the loop's body assigns.
    varying: FxHashSet<ExprId>,
}

impl Reaching {
    /// The value assigned by the one assignment reaching read `name`.
    pub(super) fn def(&self, name: ExprId) -> Option<ExprId> {
        self.defs.get(&name).copied()
    }

    /// Whether the `while` loop tested by `test` leaves the locals `test`
    /// reads unassigned in its body.
    pub(super) fn stable_while(&self, test: ExprId) -> bool {
        self.stable.contains(&test)
    }

    /// Whether read `name` is in a `while` condition and reads a local
    /// the loop's body assigns: its value differs between the entry test
    /// and the back-edge tests.
    pub(super) fn varies_in_loop(&self, name: ExprId) -> bool {
        self.varying.contains(&name)
    }
}

/// What reaches a point for one local: the value of its assignment (none
/// when not one known expression) and when that assignment was walked.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Reach {
    value: Option<ExprId>,
    /// The walk's count of assignments when it was made (0: before the
    /// body).
    at: u32,
}

/// A recorded read of a local.
#[derive(Clone, Copy, Debug)]
struct Read {
    name: ExprId,
    local: LocalId,
    reach: Reach,
}

/// The walk's state.
struct Walk<'c, 'p, 'e, 'm> {
    checker: &'c FnChecker<'p, 'e, 'm>,
    /// By local: the assignment reaching here.
    state: Vec<Reach>,
    /// `(local, state before)` of every change, for undoing a branch.
    trail: Vec<(LocalId, Reach)>,
    /// Assignments walked so far (each gets the next number).
    assignments: u32,
    /// Stamps to list each changed local once.
    seen: Vec<u32>,
    stamp: u32,
    /// The reads recorded so far.
    reads: Vec<Read>,
    stable: FxHashSet<ExprId>,
    varying: FxHashSet<ExprId>,
}

impl FnChecker<'_, '_, '_> {
    /// Walks the function body (see the module comment).
    pub(super) fn reaching_defs(&self) -> Reaching {
        let n = self.n_locals;
        let mut w = Walk {
            checker: self,
            state: vec![Reach { value: None, at: 0 }; n],
            trail: Vec::new(),
            assignments: 0,
            seen: vec![0; n],
            stamp: 0,
            reads: Vec::new(),
            stable: FxHashSet::default(),
            varying: FxHashSet::default(),
        };
        w.block(self.env.def(self.func).body);
        let defs = (w.reads.iter())
            .filter_map(|r| r.reach.value.map(|d| (r.name, d)))
            .collect();
        Reaching {
            defs,
            stable: w.stable,
            varying: w.varying,
        }
    }
}

impl Walk<'_, '_, '_, '_> {
    /// Local `l` assigned `v` here.
    fn set(&mut self, l: LocalId, v: Option<ExprId>) {
        self.assignments += 1;
        let reach = Reach {
            value: v,
            at: self.assignments,
        };
        self.restore(l, reach);
    }

    /// Local `l` given the reach `reach` (a join, or an undo's), logged.
    fn restore(&mut self, l: LocalId, reach: Reach) {
        let old = self.state[l.index()];
        if old != reach {
            self.trail.push((l, old));
            self.state[l.index()] = reach;
        }
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (l, old) = self.trail.pop().expect("longer than mark");
            self.state[l.index()] = old;
        }
    }

    /// The locals changed since the trail had length `mark`, each once.
    fn changed_since(&mut self, mark: usize) -> Vec<LocalId> {
        self.stamp += 1;
        let mut out = Vec::new();
        for &(l, _) in &self.trail[mark..] {
            if self.seen[l.index()] != self.stamp {
                self.seen[l.index()] = self.stamp;
                out.push(l);
            }
        }
        out
    }

    fn local(&self, e: ExprId) -> Option<LocalId> {
        match self.checker.res(e) {
            Res::Local(l) => Some(*l),
            _ => None,
        }
    }

    /// Walks a block; true when its end is not reached (it returns, breaks
    /// or continues on every path).
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
                for &t in module.exprs(*targets) {
                    self.target(t, Some(*value));
                }
            }
            StmtKind::AugAssign { target, value, .. } => {
                self.expr(*value);
                self.expr(*target);
                self.target(*target, None);
            }
            StmtKind::AnnAssign { target, value, .. } => {
                if let Some(v) = value {
                    self.expr(*v);
                }
                self.target(*target, *value);
            }
            StmtKind::Expr(e) => self.expr(*e),
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
                let first_read = self.reads.len();
                self.expr(*test);
                let test_reads = first_read..self.reads.len();
                let changed = self.loop_body(*body);
                let varying: Vec<ExprId> = (self.reads[test_reads].iter())
                    .filter(|r| changed.contains(&r.local))
                    .map(|r| r.name)
                    .collect();
                if varying.is_empty() {
                    self.stable.insert(*test);
                }
                self.varying.extend(varying);
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
                self.target(*target, None);
                self.loop_body(*body);
                self.block(*orelse);
            }
            _ => {}
        }
        false
    }

    /// `if`/`else`: each branch from the state before; after it, a local
    /// keeps a value both reaching branch ends agree on.
    fn branches(&mut self, body: Seq<Stmt>, orelse: Seq<Stmt>) -> bool {
        let mark = self.trail.len();
        let then_ends = self.block(body);
        let then_changed = self.changed_since(mark);
        let then_state: Vec<(LocalId, Reach)> = (then_changed.iter())
            .map(|&l| (l, self.state[l.index()]))
            .collect();
        self.undo_to(mark);
        let else_ends = self.block(orelse);
        let else_changed = self.changed_with_before(mark);
        match (then_ends, else_ends) {
            // Only the else branch goes on: its state stands.
            (true, false) | (true, true) => {}
            // Only the then branch goes on: its state.
            (false, true) => {
                self.undo_to(mark);
                for (l, r) in then_state {
                    self.restore(l, r);
                }
            }
            (false, false) => {
                // Each local either branch changed: the value both ends
                // agree on, or none.
                let mut merged = Vec::with_capacity(then_state.len() + else_changed.len());
                for &(l, then_r) in &then_state {
                    let else_r = self.state[l.index()];
                    merged.push((l, then_r, else_r));
                }
                self.stamp += 1;
                let stamp = self.stamp;
                for &(l, _) in &then_state {
                    self.seen[l.index()] = stamp;
                }
                for &(l, before) in &else_changed {
                    if self.seen[l.index()] == stamp {
                        continue;
                    }
                    // The then branch left it as it was before the `if`.
                    let else_r = self.state[l.index()];
                    merged.push((l, before, else_r));
                }
                // The same assignment on both sides stands; different
                // ones meet (a new, unknown value).
                for (l, a, b) in merged {
                    if a == b {
                        self.restore(l, a);
                    } else {
                        self.set(l, None);
                    }
                }
            }
        }
        then_ends && else_ends
    }

    /// The locals changed since the trail had length `mark`, each once,
    /// with the value each had then.
    fn changed_with_before(&mut self, mark: usize) -> Vec<(LocalId, Reach)> {
        self.stamp += 1;
        let mut out = Vec::new();
        for &(l, old) in &self.trail[mark..] {
            if self.seen[l.index()] != self.stamp {
                self.seen[l.index()] = self.stamp;
                out.push((l, old));
            }
        }
        out
    }

    /// A loop body, walked once from the entry state; returns the locals
    /// it assigns. A read in the body of such a local that the loop's
    /// entry reaches (an assignment from before the loop) is dropped: the
    /// back edge joins there. After the loop such locals are unknown.
    fn loop_body(&mut self, body: Seq<Stmt>) -> Vec<LocalId> {
        let mark = self.trail.len();
        let first_read = self.reads.len();
        let entry = self.assignments;
        self.block(body);
        let changed = self.changed_since(mark);
        if !changed.is_empty() {
            self.stamp += 1;
            for &l in &changed {
                self.seen[l.index()] = self.stamp;
            }
            let stamp = self.stamp;
            for r in &mut self.reads[first_read..] {
                if self.seen[r.local.index()] == stamp && r.reach.at <= entry {
                    r.reach.value = None;
                }
            }
            for &l in &changed {
                self.set(l, None);
            }
        }
        changed
    }

    /// A target assigned `value` (None: not one known expression).
    fn target(&mut self, t: ExprId, value: Option<ExprId>) {
        let module = self.checker.env.module;
        match &module.expr(t).kind {
            ExprKind::Name(_) => {
                if let Some(l) = self.local(t) {
                    self.set(l, value);
                }
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                for &item in module.exprs(*items) {
                    self.target(item, None);
                }
            }
            // `a[i] = v`, `r.x = v`: reads its parts.
            _ => self.expr(t),
        }
    }

    /// Records the reads of locals in an expression.
    fn expr(&mut self, id: ExprId) {
        let module = self.checker.env.module;
        let e = module.expr(id);
        match &e.kind {
            ExprKind::Name(_) => {
                if let Some(local) = self.local(id) {
                    self.reads.push(Read {
                        name: id,
                        local,
                        reach: self.state[local.index()],
                    });
                }
            }
            _ => module.for_each_child(id, |child| self.expr(child)),
        }
    }
}
