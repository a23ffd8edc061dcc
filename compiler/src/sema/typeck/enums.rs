//! Typing of enum members (Numba's `EnumMember` and `IntEnumMember`).
//!
//! A member (`Color.RED`) is a constant of its enum's type. Numba types
//! `==`, `!=`, `is` and `is not` between members, and `.value`. An
//! `IntEnum` member also converts to an integer wherever one is expected
//! (arithmetic, comparisons, conditions, `range`, math functions, stores
//! into integer arrays), as its value; a plain `Enum` member does not. A
//! variable assigned an `IntEnum` member and an `int64` is an `int64`
//! (`types::unify`). Members keep their type in variables, tuples and
//! device-function arguments and results.

use super::FnChecker;
use crate::diagnostics::closest;
use crate::enums::EnumType;
use crate::front::ast::{CmpOp, ExprId, ExprKind};
use crate::sema::consts::ConstValue;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

impl FnChecker<'_, '_, '_> {
    /// Member number `k` of the enum `e`.
    pub(super) fn enum_member(e: EnumType, k: u32, span: Span) -> TExpr {
        TExpr {
            kind: TExprKind::Const(e.value(k)),
            ty: Type::Enum(e),
            span,
        }
    }

    /// The value of an enum member, as a number (or a tuple of numbers) of
    /// its enum's value type (`Color.RED.value`); any other expression
    /// unchanged.
    pub(super) fn enum_value(&mut self, t: TExpr) -> TExpr {
        let Type::Enum(e) = t.ty else {
            return t;
        };
        if let TExprKind::Const(c) = t.kind {
            return TExpr::constant(c, t.span);
        }
        let span = t.span;
        TExpr {
            kind: TExprKind::Cast(self.ex(t)),
            ty: e.value_type(),
            span,
        }
    }

    /// An `IntEnum` member used as a number: its value. Anything else
    /// unchanged (a plain `Enum` member then fails as a number would).
    #[inline]
    pub(super) fn int_enum_as_number(&mut self, t: TExpr) -> TExpr {
        match t.ty {
            Type::Enum(e) if e.is_int() => self.enum_value(t),
            _ => t,
        }
    }

    /// `Color['RED']`: the member named by a string literal (Numba's
    /// `EnumClassStaticGetItem`).
    pub(super) fn enum_getitem(&mut self, e: EnumType, index: ExprId, span: Span) -> TExpr {
        let module = self.env.module;
        let index_expr = module.expr(index);
        if let ExprKind::Str(s) = index_expr.kind {
            let name = module.string(s);
            if let Some(k) = e.member_index(name) {
                return Self::enum_member(e, k, span);
            }
            let msg = format!("the enum '{}' has no member '{name}'", e.name());
            let help = closest(name, e.member_names()).map(|s| format!("did you mean '{s}'?"));
            return self.reject(index_expr.span, &msg, help.as_deref());
        }
        let msg = format!(
            "an enum class is indexed by a member name: {}['{}']",
            e.name(),
            e.member_names().next().unwrap_or("X")
        );
        self.reject(index_expr.span, &msg, None)
    }

    /// A comparison with an enum member on either side, as Numba types it;
    /// `None` when neither operand is an enum member.
    pub(super) fn enum_compare(
        &mut self,
        op: CmpOp,
        l: TExpr,
        r: TExpr,
        span: Span,
    ) -> Option<TExpr> {
        let (le, re) = match (l.ty, r.ty) {
            (Type::Enum(a), Type::Enum(b)) => (Some(a), Some(b)),
            (Type::Enum(a), _) => (Some(a), None),
            (_, Type::Enum(b)) => (None, Some(b)),
            _ => return None,
        };
        let identity = matches!(op, CmpOp::Is | CmpOp::IsNot);
        let both_int = le.is_none_or(EnumType::is_int) && re.is_none_or(EnumType::is_int);
        let result = match (le, re) {
            // Numba's `EnumEq`/`EnumNe` and `enum_is`: members of one class
            // compare by value.
            (Some(a), Some(b))
                if a == b && matches!(op, CmpOp::Eq | CmpOp::NotEq) || identity && le == re =>
            {
                let op = match op {
                    CmpOp::Is => CmpOp::Eq,
                    CmpOp::IsNot => CmpOp::NotEq,
                    op => op,
                };
                let (l, r) = (self.enum_value(l), self.enum_value(r));
                self.compare(op, l, r, span)
            }
            // `is` between members of two classes: never the same object.
            (Some(_), Some(_)) if identity => {
                TExpr::constant(ConstValue::Bool(op == CmpOp::IsNot), span)
            }
            // `is` of a member and None.
            _ if identity && (l.ty == Type::None || r.ty == Type::None) => {
                TExpr::constant(ConstValue::Bool(op == CmpOp::IsNot), span)
            }
            // Otherwise only IntEnum members compare, as integers.
            _ if both_int && !identity => {
                let (l, r) = (self.enum_value(l), self.enum_value(r));
                self.compare(op, l, r, span)
            }
            _ => {
                let msg = format!("cannot compare {} with {}", l.ty, r.ty);
                let help = match (le, re) {
                    (Some(a), None) | (None, Some(a)) if !a.is_int() => {
                        Some("a member of an `Enum` compares only with members of its own class (`==`, `!=`, `is`); compare its `.value`")
                    }
                    _ => None,
                };
                self.reject(span, &msg, help)
            }
        };
        Some(result)
    }
}
