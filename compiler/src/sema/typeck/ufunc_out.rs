//! NumPy ufuncs with an explicit output array (`np.sin(a, out)`,
//! `np.greater(a, b, out)`), typed and lowered as numba-cuda does it:
//! Numba's ufunc typing (`Numpy_rules_ufunc` in numba-cuda's
//! `typing/npydecl.py`) picks the loop from the inputs' types, and the
//! loop's result must cast to the output's dtype by NumPy's `same_kind`
//! rule (`ufunc_find_matching_loop` in `np/numpy_support.py`); the kernel
//! (`numpy_ufunc_kernel` in `np/npyimpl.py`) loops over the output's
//! shape, each input array aligned to its last dimensions and broadcast
//! where its extent is 1, each scalar input the same for every element.
//!
//! The call is a statement, or the value of an assignment (the output
//! array, as in Numba): its loop nest, made of the typed program's own
//! `for` loops, element reads and stores, goes before it.

use super::FnChecker;
use crate::diagnostics::Diagnostic;
use crate::front::ast::{CmpOp, ExprId};
use crate::sema::consts::ConstValue;
use crate::sema::intrinsics::Ufunc;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

/// NumPy's `can_cast(from, to, "same_kind")` of the numbers Numba types:
/// a cast to a kind no lower in `bool < unsigned < signed < float <
/// complex`.
fn same_kind(from: &Type, to: &Type) -> bool {
    fn rank(t: &Type) -> u8 {
        match t {
            Type::Complex(_) => 4,
            Type::Scalar(s) if s.is_float() => 3,
            Type::Scalar(Scalar::Bool) => 0,
            Type::Scalar(s) if s.is_signed() => 2,
            _ => 1,
        }
    }
    rank(from) <= rank(to)
}

impl FnChecker<'_, '_, '_> {
    /// `np.<u>(inputs..., out)`: pushes its loop nest; its value is the
    /// output array (a repeatable expression).
    pub(super) fn ufunc_out_stmt(
        &mut self,
        u: Ufunc,
        args: &[ExprId],
        span: Span,
        out: &mut Vec<TStmt>,
    ) -> TExpr {
        let mut typed = Vec::with_capacity(args.len());
        for &a in args {
            let x = self.expr(a);
            typed.push(self.int_enum_as_number(x));
        }
        if typed.iter().any(|t| t.ty.is_unknown()) {
            return TExpr::error(span);
        }
        let dest = typed.pop().expect("an output argument");
        let name = format!("np.{}()", u.name());
        let Type::Array(dest_ty) = dest.ty else {
            let msg = format!(
                "{name}'s output argument must be an array, not {}",
                dest.ty.describe()
            );
            self.error(Diagnostic::error(msg, dest.span));
            return TExpr::error(span);
        };
        if dest_ty.space == MemSpace::Const {
            let msg = format!("{name}'s output argument is a constant array, which is read-only");
            self.error(Diagnostic::error(msg, dest.span));
            return TExpr::error(span);
        }
        let out_elem = dest_ty.elem_type();
        if !matches!(out_elem, Type::Scalar(_) | Type::Complex(_)) {
            let msg = format!(
                "{name}'s output array must hold numbers, not {}",
                out_elem.describe()
            );
            self.error(Diagnostic::error(msg, dest.span));
            return TExpr::error(span);
        }
        for x in &typed {
            if let Type::Array(a) = x.ty {
                if a.ndim > dest_ty.ndim {
                    let msg = format!(
                        "{name}'s input has {} dimensions, more than its output array's {}",
                        a.ndim, dest_ty.ndim
                    );
                    self.error(Diagnostic::error(msg, x.span));
                    return TExpr::error(span);
                }
            }
        }
        // The output and every input evaluated once, in order, before
        // the loops.
        let dest = self.once(dest, span, out);
        let inputs: Vec<TExpr> = typed.into_iter().map(|x| self.once(x, span, out)).collect();
        let ndim = dest_ty.ndim as usize;
        let index_vars: Vec<VarId> = (0..ndim).map(|_| self.temp(Type::I64, span)).collect();
        let index = |k: usize| TExpr {
            kind: TExprKind::Var(index_vars[k]),
            ty: Type::I64,
            span,
        };
        let mut elems = Vec::with_capacity(inputs.len());
        for x in inputs {
            let Type::Array(a) = x.ty else {
                elems.push(x);
                continue;
            };
            let m = a.ndim as usize;
            let mut idx = Vec::with_capacity(m);
            for j in 0..m {
                // Numba's `_ArrayIndexingHelper`: the loop's index where
                // the input's extent is above 1, else 0.
                let extent = self.extent(x, j, span);
                let one = TExpr::constant(ConstValue::i64(1), span);
                let wide = self.compare(CmpOp::Gt, extent, one, span);
                let zero = TExpr::constant(ConstValue::i64(0), span);
                idx.push(self.select(wide, index(ndim - m + j), zero, span));
            }
            let idx = self.ex_list(idx);
            let base = self.ex(x);
            elems.push(TExpr {
                kind: TExprKind::Index(base, idx),
                ty: a.elem_type(),
                span: x.span,
            });
        }
        let value = self.ufunc(u, elems, span);
        if value.ty.is_unknown() {
            return TExpr::error(span);
        }
        if !same_kind(&value.ty, &out_elem) {
            let msg = format!(
                "{name} can't cast its result ({}) to its output array's dtype {} (NumPy's same_kind casting)",
                value.ty, out_elem
            );
            self.error(Diagnostic::error(msg, span));
            return TExpr::error(span);
        }
        let array = self.ex(dest);
        let result = TExpr { span, ..dest };
        let indices = self.ex_list((0..ndim).map(index));
        let mut body = Vec::new();
        self.store(array, indices, value, span, &mut body);
        for k in (0..ndim).rev() {
            let body_list = self.place(body);
            let stop = self.extent(dest, k, span);
            let (start, stop, step) = (
                self.ex(TExpr::constant(ConstValue::i64(0), span)),
                self.ex(stop),
                self.ex(TExpr::constant(ConstValue::i64(1), span)),
            );
            body = vec![TStmt {
                kind: TStmtKind::For {
                    var: index_vars[k],
                    start,
                    stop,
                    step,
                    body: body_list,
                    orelse: TStmtList::default(),
                },
                span,
            }];
        }
        out.append(&mut body);
        result
    }

    /// `a.shape[k]` of the repeatable array expression `a`.
    fn extent(&mut self, a: TExpr, k: usize, span: Span) -> TExpr {
        TExpr {
            kind: TExprKind::ArrayProp(self.ex(a), ArrayProp::Extent(k as u8)),
            ty: Type::I64,
            span,
        }
    }
}
