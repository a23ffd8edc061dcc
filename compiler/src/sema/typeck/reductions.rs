//! Whole-array reductions (`np.sum(a)`, `a.max()`, `np.nanmean(a)`,
//! `np.argmin(a)`), typed as numba-cuda types its implementations in
//! `np/arraymath.py`: each is a loop over the elements whose accumulator
//! starts in one type and is unified with the type of its update, so
//!
//! * `sum`, `prod`: integers widen to `int64` (`uint64` when unsigned,
//!   `int64` for `bool`), floats and complex numbers keep their type;
//! * `mean`: `float64` of integers, floats and `bool` (`c / a.size`
//!   divides by an `int64`), `complex128` of complex numbers;
//! * `var`, `std`: `float64` (the sum of `real(d * conj(d))`);
//! * `min`, `max`, `nanmin`, `nanmax`: the element type;
//! * `all`, `any`: `bool`; `count_nonzero`, `argmin`, `argmax`: `int64`;
//! * `nansum`, `nanprod`: `int64` for every integer and `bool`, the
//!   element type otherwise; `nanmean`: `float64`, `complex128` of complex
//!   numbers;
//! * of `float16` only `sum`, `prod`, `mean`, `var`, `std`, `all`, `any`
//!   and `count_nonzero`: the others use `np.isnan`, which has no `float16`
//!   loop in Numba; `argmin`/`argmax` of complex numbers are refused too.
//!
//! Only the whole-array forms exist: an `axis` (which makes a new array in
//! Numba) is refused, as is a reduction of records. The loop itself is
//! built by `lower/reductions.rs`.

use super::FnChecker;
use crate::front::ast::{ExprId, ExprKind, KeywordArg};
use crate::sema::intrinsics::{Intrinsic, Reduction};
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

/// The result type of reduction `r` of an array of `elem`, or a reason
/// Numba refuses it.
pub(crate) fn result_type(r: Reduction, elem: &Type) -> Result<Type, String> {
    use Reduction as R;
    let scalar = elem.scalar();
    let complex = matches!(elem, Type::Complex(_));
    let widened = |s: Scalar| match s {
        Scalar::Bool => Scalar::I64,
        s if s.is_float() => s,
        s if s.is_signed() => Scalar::I64,
        _ => Scalar::U64,
    };
    let uses_isnan = !matches!(
        r,
        R::Sum | R::Prod | R::Mean | R::Var | R::Std | R::All | R::Any | R::CountNonzero
    );
    if uses_isnan && scalar == Some(Scalar::F16) {
        return Err(format!(
            "np.{}() of float16 numbers is not supported (Numba's np.isnan, which it uses, has no float16 loop)",
            r.name()
        ));
    }
    Ok(match r {
        R::Sum | R::Prod => match scalar {
            Some(s) => Type::Scalar(widened(s)),
            None => *elem,
        },
        R::Mean | R::NanMean if complex => Type::Complex(Scalar::F64),
        R::Mean | R::NanMean | R::Var | R::Std => Type::F64,
        R::Min | R::Max | R::NanMin | R::NanMax => *elem,
        R::All | R::Any => Type::BOOL,
        R::CountNonzero => Type::I64,
        R::ArgMin | R::ArgMax if complex => {
            return Err(format!(
                "np.{}() of complex numbers is not supported (Numba has no `<` for them)",
                r.name()
            ))
        }
        R::ArgMin | R::ArgMax => Type::I64,
        R::NanSum | R::NanProd => match scalar {
            Some(s) if !s.is_float() => Type::I64,
            _ => *elem,
        },
    })
}

impl FnChecker<'_, '_, '_> {
    /// `np.<r>(a)` or `a.<r>()`; `axis`, when given, is refused.
    pub(super) fn reduction(
        &mut self,
        r: Reduction,
        array: TExpr,
        axis: Option<TExpr>,
        span: Span,
    ) -> TExpr {
        if array.ty.is_unknown() {
            return TExpr::error(span);
        }
        if let Some(axis) = axis {
            let msg = format!(
                "np.{}() with an axis is not supported in kernels: only the whole-array reduction, \
                 which gives a scalar",
                r.name()
            );
            return self.reject(
                axis.span,
                &msg,
                Some("Numba makes a new array for a reduction along an axis; loop over the other dimensions and reduce each slice (`np.sum(a[i])`)"),
            );
        }
        let Type::Array(a) = array.ty else {
            let msg = format!(
                "np.{}() takes an array in kernels, not {}",
                r.name(),
                array.ty.describe()
            );
            return self.reject(array.span, &msg, None);
        };
        let elem = a.elem_type();
        if !matches!(elem, Type::Scalar(_) | Type::Complex(_)) {
            let msg = format!(
                "np.{}() of an array of records is not supported: it reduces numbers",
                r.name()
            );
            return self.reject(
                array.span,
                &msg,
                Some("reduce a field of each record in a loop"),
            );
        }
        match result_type(r, &elem) {
            Ok(ty) => self.intrinsic(Intrinsic::Reduce(r), [array], ty, span),
            Err(msg) => self.reject(span, &msg, None),
        }
    }
}

impl FnChecker<'_, '_, '_> {
    /// The reduction that `func`, a method's callee (`a.sum`), names.
    pub(super) fn reduction_method_of(&self, func: ExprId) -> Option<Reduction> {
        self.method_name(func).and_then(Reduction::method)
    }

    /// `a.<r>()`, and `a.<r>(axis)` refused: the reduction of the
    /// receiver, an array.
    pub(super) fn reduction_method(
        &mut self,
        func: ExprId,
        args: &[ExprId],
        keywords: &[KeywordArg],
        span: Span,
    ) -> TExpr {
        let (ExprKind::Attribute { value, attr }, Some(r)) =
            (&self.ast(func).kind, self.reduction_method_of(func))
        else {
            return TExpr::error(span);
        };
        let (value, attr_span) = (*value, attr.span);
        let base = self.expr(value);
        let mut axis = None;
        for &a in args {
            let x = self.expr(a);
            axis.get_or_insert(x);
        }
        for k in keywords {
            let x = self.expr(k.value);
            if self.env.name(k.name.name) != "axis" {
                let msg = format!(
                    "{}() got an unexpected keyword argument '{}'",
                    r.name(),
                    self.env.name(k.name.name)
                );
                return self.reject(k.span, &msg, None);
            }
            axis.get_or_insert(x);
        }
        match base.ty {
            Type::Array(_) => self.reduction(r, base, axis, span),
            Type::Unknown => TExpr::error(span),
            other => {
                let msg = format!("{} has no method '{}'", other.describe(), r.name());
                self.reject(attr_span, &msg, None)
            }
        }
    }
}
