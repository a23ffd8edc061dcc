//! Assignment targets: which expressions may be assigned to or deleted.
//!
//! Names, attributes and subscripts always may; tuples and lists of targets
//! may in plain assignments, `for` loops and `del`. Anything else is
//! reported ("cannot assign to a function call") and replaced by
//! [`ExprKind::Error`], so later stages never see an invalid target.

use super::Parser;
use crate::front::ast::{ExprId, ExprKind};

/// Where a target appears.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum TargetCtx {
    /// `t = v` and `for t in ...`.
    Assign,
    /// `t op= v`.
    AugAssign,
    /// `t: annotation`.
    Annotated,
    /// `del t`.
    Del,
}

/// What an invalid target is, for the message.
fn describe(kind: &ExprKind) -> &'static str {
    match kind {
        ExprKind::Call { .. } => "a function call",
        ExprKind::Int(_)
        | ExprKind::Float(_)
        | ExprKind::Imag(_)
        | ExprKind::Str(_)
        | ExprKind::Bool(_)
        | ExprKind::NoneLit
        | ExprKind::Ellipsis => "a literal",
        ExprKind::BinOp { .. } | ExprKind::UnaryOp { .. } | ExprKind::BoolOp { .. } => {
            "an operator expression"
        }
        ExprKind::Compare { .. } => "a comparison",
        ExprKind::IfExp { .. } => "a conditional expression",
        ExprKind::Slice { .. } => "a slice",
        ExprKind::Tuple(_) => "a tuple",
        ExprKind::List(_) => "a list",
        _ => "this expression",
    }
}

impl Parser<'_> {
    /// Checks `target` for `ctx`; an invalid one is reported and becomes
    /// [`ExprKind::Error`].
    #[inline]
    pub(super) fn check_target(&mut self, target: ExprId, ctx: TargetCtx) {
        if !matches!(
            self.exprs[target].kind,
            ExprKind::Name(_) | ExprKind::Attribute { .. } | ExprKind::Subscript { .. }
        ) {
            self.check_compound_target(target, ctx);
        }
    }

    /// [`Self::check_target`] for a target that is not a name, attribute
    /// or subscript: a tuple or list (whose elements are checked), an
    /// error, or an invalid target.
    #[inline(never)]
    fn check_compound_target(&mut self, target: ExprId, ctx: TargetCtx) {
        match &self.exprs[target].kind {
            ExprKind::Name(_)
            | ExprKind::Attribute { .. }
            | ExprKind::Subscript { .. }
            | ExprKind::Error => {}
            &ExprKind::Tuple(elems) | &ExprKind::List(elems)
                if matches!(ctx, TargetCtx::Assign | TargetCtx::Del) =>
            {
                for i in 0..elems.len() {
                    let elem = self.expr_lists.get(elems)[i];
                    self.check_target(elem, ctx);
                }
            }
            ExprKind::Starred(_) if matches!(ctx, TargetCtx::Assign) => {
                // Numba cannot type extended unpacking either.
                let span = self.exprs[target].span;
                self.error(
                    "a starred assignment target (`a, *rest = t`) is not supported in kernels",
                    span,
                );
                self.exprs[target].kind = ExprKind::Error;
            }
            kind => {
                let what = describe(kind);
                let message = match ctx {
                    TargetCtx::Assign => format!("cannot assign to {what}"),
                    TargetCtx::Del => format!("cannot delete {what}"),
                    TargetCtx::AugAssign
                        if matches!(kind, ExprKind::Tuple(_) | ExprKind::List(_)) =>
                    {
                        format!("{what} cannot be the target of an augmented assignment")
                    }
                    TargetCtx::AugAssign => format!("cannot assign to {what}"),
                    TargetCtx::Annotated
                        if matches!(kind, ExprKind::Tuple(_) | ExprKind::List(_)) =>
                    {
                        "only a single target (not a tuple) can be annotated".to_string()
                    }
                    TargetCtx::Annotated => format!("cannot annotate {what}"),
                };
                let span = self.exprs[target].span;
                self.error(message, span);
                self.exprs[target].kind = ExprKind::Error;
            }
        }
    }
}
