//! Which branch conditions Numba settles before typing. Numba's
//! `dead_branch_prune` removes the branch a condition never takes when it
//! can find the condition's value: a literal (CPython folds literal
//! arithmetic), a module constant, a local whose reaching assignment (its
//! SSA version, `reaching.rs`) is from a literal, or a comparison of two
//! such values; and `x is None` of an omitted argument, by its type.
//! Numba's literal propagation also folds a condition that is arithmetic
//! of two integer or bool such constants, or a local whose reaching
//! assignment is such arithmetic (`if v - 5:`, `w = v - 5; if w:` with `v
//! = 0`), one level deep (`w = v - 5; if w - 1:` is not folded), and never
//! float arithmetic (Numba has no float literal type); `tests/differential/programs/literal_propagation.py` pins these
//! against Numba. The operands of `and`/`or` are branches in Numba's IR
//! and are pruned the same way. Numba's `rewrite_semantic_constants` also
//! makes `arg.ndim` of an array argument and `len(arg)` of a tuple
//! argument constants, where `arg` is a parameter the function never
//! assigns. Anything else (a call such as `np.uint64(0)`, another
//! attribute, an array element) leaves both branches to be typed, even
//! where kernelc could fold it. It matters for typing: the
//! assignments of a pruned branch join nothing.

use super::FnChecker;
use crate::front::ast::{CmpOp, ExprId, ExprKind, Seq, Stmt, StmtKind, UnaryOp};
use crate::sema::const_eval;
use crate::sema::consts::{fold_binary, fold_compare, ConstValue};
use crate::sema::intrinsics::{Callee, Member};
use crate::sema::resolve::Res;
use crate::sema::typed::{LocalId, TExpr};
use crate::types::Type;

impl FnChecker<'_, '_, '_> {
    /// Whether Numba takes the branch of condition `test` (typed as
    /// `typed`) always (`Some(true)`), never (`Some(false)`), or decides at
    /// run time (`None`).
    pub(super) fn pruned_condition(&mut self, test: ExprId, typed: &TExpr) -> Option<bool> {
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

    /// The value Numba finds for condition `e` before typing, if any
    /// (`depth` bounds the walk).
    fn numba_constant(&mut self, e: ExprId, depth: u32) -> Option<ConstValue> {
        if depth == 0 {
            return None;
        }
        let module = self.env.module;
        match &self.ast(e).kind {
            ExprKind::UnaryOp {
                op: UnaryOp::Not,
                operand,
            } => self
                .numba_constant(*operand, depth - 1)
                .map(|v| ConstValue::Bool(!v.truthy())),
            ExprKind::BinOp { .. } if !self.is_python_literal(e) => self.folded_binop(e),
            ExprKind::Name(_) => {
                if let Some(v) = self.atom(e) {
                    return Some(v);
                }
                // A local assigned once from arithmetic of constants, used
                // as the condition itself.
                if !matches!(self.res(e), Res::Local(_)) {
                    return None;
                }
                let value = self.reaching_value(e)?;
                self.folded_binop(value)
            }
            ExprKind::Compare { left, ops } => {
                let ops = module.comparisons(*ops);
                let [(op, right)] = ops else {
                    return None;
                };
                let a = self.atom(*left)?;
                let b = self.atom(*right)?;
                fold_compare(*op, &a, &b).map(ConstValue::Bool)
            }
            _ => self.atom(e),
        }
    }

    /// A constant operand as Numba's pruning finds one: a literal (CPython
    /// folds literal arithmetic), a module constant, or a local assigned
    /// exactly once from a literal.
    fn atom(&mut self, e: ExprId) -> Option<ConstValue> {
        match &self.ast(e).kind {
            ExprKind::Name(_) => match self.res(e) {
                Res::Const(c) => Some(*self.env.constant(*c)),
                Res::Local(_) => {
                    let value = self.reaching_value(e)?;
                    self.is_python_literal(value)
                        .then(|| self.literal_value(value))
                        .flatten()
                }
                _ => None,
            },
            // Numba's `rewrite_semantic_constants`: `arg.ndim` of an array
            // argument and `len(arg)` of a tuple argument are constants
            // (`if a.ndim == 2:` keeps one branch per specialisation).
            ExprKind::Attribute { value, attr } if self.env.name(attr.name) == "ndim" => {
                match self.unassigned_param_type(*value)? {
                    Type::Array(a) => Some(ConstValue::i64(i64::from(a.ndim))),
                    _ => None,
                }
            }
            ExprKind::Call {
                func,
                args,
                keywords,
            } if matches!(self.res(*func), Res::Member(Member::Func(Callee::Len)))
                && self.env.module.keywords(*keywords).is_empty() =>
            {
                let [arg] = self.env.module.exprs(*args) else {
                    return None;
                };
                match self.unassigned_param_type(*arg)? {
                    Type::Tuple(items) => Some(ConstValue::i64(items.len() as i64)),
                    _ => None,
                }
            }
            _ if self.is_python_literal(e) => self.literal_value(e),
            _ => None,
        }
    }

    /// The type of the argument `e` names, when `e` is a parameter the
    /// function never assigns: Numba's `get_definition` then finds the
    /// argument itself.
    pub(super) fn unassigned_param_type(&self, e: ExprId) -> Option<Type> {
        let Res::Local(l) = *self.res(e) else {
            return None;
        };
        if l.index() >= self.env.param_count(self.func) {
            return None;
        }
        let body = self.env.def(self.func).body;
        (!self.assigns_local(body, l)).then(|| self.vars[l.index()].ty)
    }

    /// Whether a statement of `body` (nested blocks too) assigns local `l`.
    fn assigns_local(&self, body: Seq<Stmt>, l: LocalId) -> bool {
        let module = self.env.module;
        let target = |t: ExprId| self.target_names_local(t, l);
        module.block(body).iter().any(|s| match &s.kind {
            StmtKind::Assign { targets, .. } => module.exprs(*targets).iter().any(|&t| target(t)),
            StmtKind::AugAssign { target: t, .. } | StmtKind::AnnAssign { target: t, .. } => {
                target(*t)
            }
            StmtKind::For {
                target: t,
                body,
                orelse,
                ..
            } => target(*t) || self.assigns_local(*body, l) || self.assigns_local(*orelse, l),
            StmtKind::If { body, orelse, .. } | StmtKind::While { body, orelse, .. } => {
                self.assigns_local(*body, l) || self.assigns_local(*orelse, l)
            }
            StmtKind::Del(items) => module.exprs(*items).iter().any(|&t| target(t)),
            _ => false,
        })
    }

    /// Whether assignment target `t` (a name, or a tuple or list of
    /// targets) binds local `l`.
    fn target_names_local(&self, t: ExprId, l: LocalId) -> bool {
        match &self.ast(t).kind {
            ExprKind::Name(_) => matches!(self.res(t), Res::Local(x) if *x == l),
            ExprKind::Tuple(items) | ExprKind::List(items) => self
                .env
                .module
                .exprs(*items)
                .iter()
                .any(|&i| self.target_names_local(i, l)),
            ExprKind::Starred(inner) => self.target_names_local(*inner, l),
            _ => false,
        }
    }

    /// `a op b` of two integer or bool constant operands (Numba's literal
    /// propagation folds it when it is a branch's condition: `if v - 5:`,
    /// `w = v - 5; if w:`, `v - 5 or x`, but not `w = v - 5; if w - 1:`).
    fn folded_binop(&mut self, e: ExprId) -> Option<ConstValue> {
        let ExprKind::BinOp { op, left, right } = self.ast(e).kind else {
            return None;
        };
        let a = self.atom(left)?;
        let b = self.atom(right)?;
        (is_literal_type(&a) && is_literal_type(&b))
            .then(|| fold_binary(op, &a, &b))
            .flatten()
    }

    /// The value of a literal expression (CPython's folding of it).
    fn literal_value(&self, e: ExprId) -> Option<ConstValue> {
        let env = super::FnConstEnv { env: self.env };
        const_eval::eval(self.env.module, e, &env).ok()
    }

    /// The truth of `e` when Numba knows its value before typing (see the
    /// module comment): an `and`/`or` operand, or a `while` condition.
    pub(super) fn pruned_operand(&mut self, e: ExprId) -> Option<bool> {
        self.numba_constant(e, 8).map(|v| v.truthy())
    }

    /// The value of the one assignment that reaches read `name` of a local
    /// (see `reaching.rs`); the walk is made on first need.
    ///
    /// While the condition of a `while` loop is typed for every test
    /// (`typing_loop_test`), a read of a local the loop's body assigns has
    /// no one value: the entry's reaches only the first test.
    fn reaching_value(&mut self, name: ExprId) -> Option<ExprId> {
        if self.reaching.is_none() {
            self.reaching = Some(self.reaching_defs());
        }
        let loop_test = self.typing_loop_test;
        let r = self.reaching.as_ref()?;
        if loop_test && r.varies_in_loop(name) {
            return None;
        }
        r.def(name)
    }

    /// Whether the body of the `while` loop tested by `test` leaves the
    /// locals of its condition alone.
    pub(super) fn while_condition_is_stable(&mut self, test: ExprId) -> bool {
        if self.reaching.is_none() {
            self.reaching = Some(self.reaching_defs());
        }
        self.reaching.as_ref().is_some_and(|r| r.stable_while(test))
    }
}

/// Whether Numba gives constant `v` a literal type (integers and bools:
/// Numba has no float literal type), so that arithmetic of it is folded.
fn is_literal_type(v: &ConstValue) -> bool {
    matches!(v, ConstValue::Int(..) | ConstValue::Bool(_))
}
