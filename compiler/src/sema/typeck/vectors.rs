//! Typing of CUDA vector types (numba-cuda's `VectorType`): constructors
//! (`cuda.float32x4(x, y, z, w)`, also from smaller vectors of the same
//! base type: `cuda.float32x4(xy, z, w)`) and the read-only components
//! `.x .y .z .w`.

use super::FnChecker;
use crate::sema::intrinsics::{Callee, Intrinsic};
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

impl FnChecker<'_, '_, '_> {
    /// `cuda.<vector type>(args)`: each argument is a number (converted to
    /// the base type) or a vector of the same base type; together they
    /// give exactly the type's components, as numba-cuda's overloads of the
    /// constructor allow.
    pub(super) fn vector_ctor(
        &mut self,
        v: VectorType,
        name: Callee,
        args: Vec<TExpr>,
        span: Span,
    ) -> TExpr {
        if args.iter().any(|a| a.ty.is_unknown()) {
            return TExpr::error(span);
        }
        let mut count = 0u32;
        let mut parts = Vec::with_capacity(args.len());
        for a in args {
            match a.ty {
                Type::Vector(w) if w.base == v.base => {
                    count += u32::from(w.n);
                    parts.push(a);
                }
                Type::Scalar(_) => {
                    count += 1;
                    parts.push(self.cast(a, &Type::Scalar(v.base)));
                }
                other => {
                    let msg = format!(
                        "{name}() takes {} numbers and {}x<n> vectors, not {}",
                        v.base,
                        v.base,
                        other.describe()
                    );
                    return self.reject_call(a.span, &msg);
                }
            }
        }
        if count != u32::from(v.n) {
            let msg = format!("{name}() needs {} components, not {count}", v.n);
            return self.reject_call(span, &msg);
        }
        self.intrinsic(Intrinsic::MakeVector, parts, Type::Vector(v), span)
    }

    /// `v.x` (`.y .z .w`) of a vector; `None` when `base` is no vector.
    pub(super) fn vector_component(
        &mut self,
        base: &TExpr,
        name: &str,
        span: Span,
    ) -> Option<TExpr> {
        let Type::Vector(v) = base.ty else {
            return None;
        };
        let fields = &VectorType::FIELDS[..v.n as usize];
        Some(match fields.iter().position(|f| *f == name) {
            Some(k) => TExpr {
                kind: TExprKind::TupleGet(self.ex(*base), k as u32),
                ty: Type::Scalar(v.base),
                span,
            },
            None => {
                let msg = format!("{v} has no attribute '{name}'");
                let help = format!("its components are {}", fields.join(", "));
                self.reject(span, &msg, Some(&help))
            }
        })
    }
}
