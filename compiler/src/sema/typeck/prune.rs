//! Which branch conditions Numba settles before typing. Numba's
//! `dead_branch_prune` removes the branch a condition never takes when it
//! can find the condition's value: a literal (CPython folds literal
//! arithmetic), a module constant, a local assigned exactly once, from a
//! literal, or a comparison of two such values; and `x is None` of an
//! omitted argument, by its type. Anything else (a call such as
//! `np.uint64(0)`, an attribute, an array element) leaves both branches to
//! be typed, even where kernelc could fold it. It matters for typing: the
//! assignments of a pruned branch join nothing.

use super::FnChecker;
use crate::front::ast::{CmpOp, ExprId, ExprKind, Seq, Stmt, StmtKind, UnaryOp};
use crate::sema::const_eval;
use crate::sema::consts::{fold_compare, ConstValue};
use crate::sema::resolve::Res;
use crate::sema::typed::{LocalId, TExpr};

impl FnChecker<'_, '_, '_> {
    /// Whether Numba takes the branch of condition `test` (typed as
    /// `typed`) always (`Some(true)`), never (`Some(false)`), or decides at
    /// run time (`None`).
    pub(super) fn pruned_condition(&self, test: ExprId, typed: &TExpr) -> Option<bool> {
        if let Some(v) = self.numba_constant(test, 8) {
            return Some(v.truthy());
        }
        // `x is None` / `x is not None`: decided by `x`'s type (an omitted
        // argument's is none), as Numba's pruning decides it by type.
        match &self.ast(test).kind {
            ExprKind::Compare { ops, .. } => {
                let ops = self.env.module.comparisons(*ops);
                let by_type = ops.len() == 1 && matches!(ops[0].0, CmpOp::Is | CmpOp::IsNot);
                by_type
                    .then(|| typed.as_const().map(ConstValue::truthy))
                    .flatten()
            }
            _ => None,
        }
    }

    /// The value Numba finds for `e` before typing, if any (`depth` bounds
    /// the walk).
    fn numba_constant(&self, e: ExprId, depth: u32) -> Option<ConstValue> {
        if depth == 0 {
            return None;
        }
        let module = self.env.module;
        match &self.ast(e).kind {
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Bool(_) | ExprKind::BinOp { .. }
                if self.is_python_literal(e) =>
            {
                self.literal_value(e)
            }
            ExprKind::UnaryOp { op, operand } => match op {
                UnaryOp::Not => self
                    .numba_constant(*operand, depth - 1)
                    .map(|v| ConstValue::Bool(!v.truthy())),
                _ if self.is_python_literal(e) => self.literal_value(e),
                _ => None,
            },
            ExprKind::Name(_) => match self.res(e) {
                Res::Const(c) => Some(*self.env.constant(*c)),
                Res::Local(l) => {
                    let value = self.single_literal_assignment(*l)?;
                    self.literal_value(value)
                }
                _ => None,
            },
            ExprKind::Compare { left, ops } => {
                let ops = module.comparisons(*ops);
                let [(op, right)] = ops else {
                    return None;
                };
                let a = self.numba_constant(*left, depth - 1)?;
                let b = self.numba_constant(*right, depth - 1)?;
                fold_compare(*op, &a, &b).map(ConstValue::Bool)
            }
            _ => None,
        }
    }

    /// The value of a literal expression (CPython's folding of it).
    fn literal_value(&self, e: ExprId) -> Option<ConstValue> {
        let env = super::FnConstEnv { env: self.env };
        const_eval::eval(self.env.module, e, &env).ok()
    }

    /// The value expression of local `l`'s one assignment, when the
    /// function assigns it exactly once (a plain `name = literal`; a
    /// parameter, a loop variable or an augmented assignment does not
    /// count as one).
    fn single_literal_assignment(&self, l: LocalId) -> Option<ExprId> {
        let def = self.env.def(self.func);
        if l.index() < def.params.len() {
            return None;
        }
        let name = self.env.function(self.func).locals[l.index()].0;
        let mut found = Assignments {
            checker: self,
            name,
            count: 0,
            value: None,
        };
        found.block(def.body);
        (found.count == 1).then_some(found.value).flatten()
    }
}

/// Counts the assignments of one name in a function body.
struct Assignments<'c, 'p, 'e, 'm> {
    checker: &'c FnChecker<'p, 'e, 'm>,
    name: crate::front::interner::Symbol,
    count: u32,
    /// The value of a plain `name = literal` (of the last one seen).
    value: Option<ExprId>,
}

impl Assignments<'_, '_, '_, '_> {
    fn block(&mut self, body: Seq<Stmt>) {
        let module = self.checker.env.module;
        for s in module.block(body) {
            match &s.kind {
                StmtKind::Assign { targets, value } => {
                    for &t in module.exprs(*targets) {
                        let plain =
                            matches!(module.expr(t).kind, ExprKind::Name(n) if n == self.name);
                        if plain {
                            self.count += 1;
                            self.value = self.checker.is_python_literal(*value).then_some(*value);
                        } else {
                            self.target(t, false);
                        }
                    }
                }
                StmtKind::AugAssign { target, .. } => self.target(*target, true),
                StmtKind::AnnAssign { target, .. } => self.target(*target, true),
                StmtKind::For {
                    target,
                    body,
                    orelse,
                    ..
                } => {
                    self.target(*target, true);
                    self.block(*body);
                    self.block(*orelse);
                }
                StmtKind::If { body, orelse, .. } | StmtKind::While { body, orelse, .. } => {
                    self.block(*body);
                    self.block(*orelse);
                }
                _ => {}
            }
        }
    }

    /// A target that assigns the name other than from a plain literal
    /// assignment: it counts, and no literal value stands for it.
    fn target(&mut self, t: ExprId, whole_counts: bool) {
        let module = self.checker.env.module;
        match &module.expr(t).kind {
            ExprKind::Name(n) if *n == self.name && whole_counts => {
                self.count += 1;
                self.value = None;
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                for &item in module.exprs(*items) {
                    if matches!(module.expr(item).kind, ExprKind::Name(n) if n == self.name) {
                        self.count += 1;
                        self.value = None;
                    } else {
                        self.target(item, whole_counts);
                    }
                }
            }
            _ => {}
        }
    }
}
