//! Typing of `print` statements, as numba-cuda's `print_item` formats
//! them: string literals, numbers, booleans, tuples of them and the `dim3`
//! values (`cuda.threadIdx`); starred tuples give their items; more than
//! 32 items is numba-cuda's warning (its kernel prints the raw format
//! string); a string where CPython passes the items as one tuple is
//! refused, as Numba refuses it.

use super::{push_name, FnChecker};
use crate::diagnostics::Diagnostic;
use crate::front::ast::{ExprId, ExprKind};
use crate::sema::intrinsics::{Callee, Intrinsic, Member, Ns};
use crate::sema::resolve::Res;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::Type;

impl FnChecker<'_, '_, '_> {
    pub(super) fn is_print(&self, func: ExprId) -> bool {
        matches!(self.res(func), Res::Member(Member::Func(Callee::Print)))
    }

    /// Types the arguments of a `print` statement into the function's
    /// list of print arguments (a print has no print inside, so its
    /// arguments are consecutive there). A starred tuple (`print(*t)`)
    /// gives its items, read from a temporary assigned before the print
    /// (in `out`).
    pub(super) fn print_args(
        &mut self,
        args: &[ExprId],
        span: Span,
        out: &mut Vec<TStmt>,
    ) -> PrintList {
        let start = self.print_args.len() as u32;
        let starred = self.has_starred(args);
        let mut items = 0;
        for &arg in args {
            let a = self.ast(arg);
            if let ExprKind::Starred(value) = a.kind {
                items += self.print_starred(value, a.span, span, out);
                continue;
            }
            items += 1;
            if let ExprKind::Str(s) = a.kind {
                if args.len() > MAX_PRINT_LITERAL_ITEMS || starred {
                    // Python passes more than 30 arguments, or any with a
                    // starred one, as one tuple, which makes a string
                    // literal a `unicode_type` that numba-cuda cannot print.
                    self.error(Diagnostic::error(
                        "print() of more than 30 items, or with a starred argument, cannot print a string: Python passes the items as one tuple, where Numba sees the string as a unicode_type (printing unimplemented for values of type unicode_type)",
                        a.span,
                    ));
                    continue;
                }
                let text = push_name(&mut self.texts, self.env.module.string(s));
                self.print_args.push(PrintArg::Str(text));
                continue;
            }
            if let Res::Member(Member::Namespace(Ns::Dim3(d))) | Res::Ns(Ns::Dim3(d)) =
                self.res(arg)
            {
                let axes: Vec<TExpr> = (0..3)
                    .map(|axis| TExpr {
                        kind: TExprKind::Intrinsic(Intrinsic::Special(*d, axis), TExprList::EMPTY),
                        ty: Type::I32,
                        span: a.span,
                    })
                    .collect();
                let ty = Type::uni_tuple(Type::I32, 3);
                let kind = TExprKind::Tuple(self.ex_list(axes));
                let e = self.ex(TExpr {
                    kind,
                    ty,
                    span: a.span,
                });
                self.print_args.push(PrintArg::Dim3(e));
                continue;
            }
            // A value that may be None is refused, as Numba refuses it.
            let mut t = self.expr_keep_optional(arg);
            if starred && !t.ty.is_unknown() && !self.repeatable(&t) {
                // Evaluated before the starred tuples that follow it, which
                // are assigned before the print.
                let v = self.temp(t.ty, t.span);
                Self::push(out, TStmtKind::Assign(v, self.ex(t)), span);
                t = TExpr {
                    kind: TExprKind::Var(v),
                    ..t
                };
            }
            self.print_value(t);
        }
        // numba-cuda's limit (CUDA's `vprintf` takes at most 32
        // arguments): its kernel prints the format string itself.
        if items > MAX_PRINT_ITEMS {
            self.error(Diagnostic::warning(
                "CUDA print() cannot print more than 32 items. The raw format string will be emitted by the kernel instead.",
                span,
            ));
        }
        PrintList {
            start,
            len: self.print_args.len() as u32 - start,
        }
    }

    /// Adds value `t` to the print arguments, if `print` can format it.
    fn print_value(&mut self, t: TExpr) {
        match unprintable(&t.ty) {
            None => {
                let e = self.ex(t);
                self.print_args.push(PrintArg::Value(e));
            }
            Some(Type::Unknown) => {}
            Some(other) => {
                let msg = format!(
                    "print() in a kernel supports strings, numbers, booleans, tuples of them and `dim3`s (`cuda.threadIdx`), not {}",
                    other.describe()
                );
                self.error(Diagnostic::error(msg, t.span));
            }
        }
    }

    /// The items of the starred print argument `*value` (at `at`) as print
    /// arguments, each read from a temporary the tuple is assigned to
    /// before the print statement (at `span`); how many items it has.
    fn print_starred(
        &mut self,
        value: ExprId,
        at: Span,
        span: Span,
        out: &mut Vec<TStmt>,
    ) -> usize {
        let t = self.expr(value);
        if !t.ty.is_known() {
            return 1;
        }
        let Type::Tuple(items) = t.ty else {
            let msg = format!(
                "*args in function call should be a tuple (of a length known when compiling), got {}",
                t.ty.describe()
            );
            self.error(Diagnostic::error(msg, at));
            return 1;
        };
        let whole = match t.kind {
            TExprKind::Var(_) => t,
            _ => {
                let v = self.temp(t.ty, t.span);
                Self::push(out, TStmtKind::Assign(v, self.ex(t)), span);
                TExpr {
                    kind: TExprKind::Var(v),
                    ..t
                }
            }
        };
        for (k, ty) in items.iter().enumerate() {
            let base = self.ex(whole);
            self.print_value(TExpr {
                kind: TExprKind::TupleGet(base, k as u32),
                ty: *ty,
                span: at,
            });
        }
        items.len()
    }
}

/// The part of type `t` that `print` cannot format (numba-cuda's
/// `print_item` handles numbers, booleans and anonymous tuples of them),
/// or `None` when it can format all of it.
fn unprintable(t: &Type) -> Option<Type> {
    match t {
        Type::Scalar(_) => None,
        Type::Tuple(items) if items.class().is_none() => items.iter().find_map(unprintable),
        other => Some(*other),
    }
}

/// The most items a `print` with a string literal may have: CPython
/// passes more than 30 arguments to a call as one tuple, and numba-cuda
/// then types the string as `unicode_type`, which it cannot print.
const MAX_PRINT_LITERAL_ITEMS: usize = 30;
