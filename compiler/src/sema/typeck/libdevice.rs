//! Typing of `cuda.libdevice` calls: each function has libdevice's fixed
//! signature (`sema/libdevice.rs`); arguments convert to its parameter
//! types, as Numba converts them for a function of one signature.

use super::FnChecker;
use crate::sema::intrinsics::{Callee, Intrinsic};
use crate::sema::libdevice::{LdOp, LIBDEVICE};
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

impl FnChecker<'_, '_, '_> {
    /// `cuda.libdevice.<name>(args)`, function `k` of the table.
    pub(super) fn libdevice_call(
        &mut self,
        k: u16,
        name: Callee,
        args: Vec<TExpr>,
        span: Span,
    ) -> TExpr {
        let lf = &LIBDEVICE[k as usize];
        if args.iter().any(|a| a.ty.is_unknown()) {
            return TExpr::error(span);
        }
        if let LdOp::Unsupported(what) = lf.op {
            let msg = format!("{name} is not supported by kernelc yet ({what})");
            return self.reject_call(span, &msg);
        }
        let mut converted = Vec::with_capacity(args.len());
        for (a, &p) in args.into_iter().zip(lf.params) {
            if a.ty.scalar().is_none() {
                let msg = format!("{name}() takes {p} arguments, not {}", a.ty.describe());
                return self.reject_call(a.span, &msg);
            }
            converted.push(self.cast(a, &Type::Scalar(p)));
        }
        let ty = match lf.results {
            [one] => Type::Scalar(*one),
            many => Type::Tuple(many.iter().map(|s| Type::Scalar(*s)).collect()),
        };
        self.intrinsic(Intrinsic::Libdevice(k), converted, ty, span)
    }
}
