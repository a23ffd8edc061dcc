//! `isinstance(x, classinfo)`: numba-cuda's `ol_isinstance` decides it
//! while typing, from the variable's type and the classes, so it is a
//! constant. Classes are number types (`float32`, `cuda.bfloat16`,
//! `np.int64`) and the builtins `int`, `float`, `bool`, `complex` (as
//! Numba's `as_numba_type` takes them: int64, float64, bool, complex128),
//! alone or in a tuple; the type must be the variable's exactly
//! (`isinstance(int32_value, int)` is false, as in numba-cuda).

use super::FnChecker;
use crate::front::ast::{ExprId, ExprKind, KeywordArg};
use crate::sema::consts::ConstValue;
use crate::sema::intrinsics::{Callee, Member};
use crate::sema::resolve::Res;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

impl FnChecker<'_, '_, '_> {
    /// `isinstance(args[0], args[1])`.
    pub(super) fn isinstance(
        &mut self,
        args: &[ExprId],
        keywords: &[KeywordArg],
        span: Span,
    ) -> TExpr {
        if args.len() != 2 || !keywords.is_empty() {
            self.type_args_for_errors(args, keywords);
            return self.reject_call(span, "isinstance() takes exactly 2 positional arguments");
        }
        let x = self.expr(args[0]);
        if x.ty.is_unknown() {
            return TExpr::error(span);
        }
        let supported = matches!(
            x.ty,
            Type::Scalar(_) | Type::Complex(_) | Type::Tuple(_) | Type::Array(_) | Type::None
        );
        if !supported {
            let msg = format!(
                "isinstance() does not support variables of type \"{}\".",
                x.ty
            );
            return self.reject(x.span, &msg, None);
        }
        let Some(classes) = self.isinstance_classes(args[1]) else {
            let at = self.ast(args[1]).span;
            return self.reject(
                at,
                "isinstance() takes a number type (float32, int, ...) or a tuple of them in kernels",
                None,
            );
        };
        let hit = classes.contains(&x.ty);
        let value = TExpr::constant(ConstValue::Bool(hit), span);
        if matches!(x.kind, TExprKind::Var(_)) || x.as_const().is_some() {
            return value;
        }
        // The variable is still evaluated once, as numba-cuda's call is.
        let t = self.temp(x.ty, x.span);
        TExpr {
            kind: TExprKind::Let(t, self.ex(x), self.ex(value)),
            ty: Type::BOOL,
            span,
        }
    }

    /// The types `classinfo` names, or `None` when it is not a class
    /// kernelc knows (or a tuple of them).
    fn isinstance_classes(&mut self, e: ExprId) -> Option<Vec<Type>> {
        if let ExprKind::Tuple(items) = self.ast(e).kind {
            let items: Vec<ExprId> = self.env.module.exprs(items).to_vec();
            let mut out = Vec::new();
            for k in items {
                out.extend(self.isinstance_classes(k)?);
            }
            return Some(out);
        }
        Some(vec![match *self.res(e) {
            Res::Member(Member::Dtype(Elem::Scalar(s))) => Type::Scalar(s),
            Res::Member(Member::Dtype(Elem::Complex(p))) => Type::Complex(p),
            Res::Member(Member::Func(Callee::Int)) => Type::I64,
            Res::Member(Member::Func(Callee::Float)) => Type::F64,
            Res::Member(Member::Func(Callee::Bool)) => Type::BOOL,
            Res::Member(Member::Func(Callee::Complex)) => Type::Complex(Scalar::F64),
            _ => return None,
        }])
    }
}
