//! Typing of pointers (Numba's `CPointer`, printed `float32*`): `p[i]`
//! reads element `i` after the one `p` points at, `p[i] = v` writes it
//! (`+=` too), with one integer index, as C indexes a pointer: no bounds
//! and no wraparound (`p[-1]` is the element before). The index is
//! normalised as Numba's `normalize_1d_index` does (a signed integer to
//! `int64`, an unsigned one to `uint64`). A pointer comes from a kernel or
//! device-function parameter typed `CPointer(dtype)` or from
//! `ffi.from_buffer(array)` of a contiguous global array; it can be passed
//! on, to device functions and to functions declared with
//! `cuda.declare_device`.

use super::FnChecker;
use crate::front::ast::ExprId;
use crate::sema::intrinsics::Intrinsic;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

impl FnChecker<'_, '_, '_> {
    /// The index of `ptr[index]` typed and normalised, or `None` after an
    /// error. `ptr` is pointer-typed.
    pub(super) fn pointer_index(&mut self, ptr: &TExpr, index: ExprId) -> Option<TExprList> {
        let index_span = self.ast(index).span;
        let i = self.expr(index);
        let normal = match i.ty {
            Type::Unknown => return None,
            Type::Scalar(s) if s.is_int() => {
                if s.is_signed() {
                    Type::I64
                } else {
                    Type::Scalar(Scalar::U64)
                }
            }
            other => {
                let msg = format!(
                    "a pointer ({}) takes one integer index, not {}",
                    ptr.ty,
                    other.describe()
                );
                self.reject(index_span, &msg, Some("index it as C does: `p[i]`"));
                return None;
            }
        };
        let i = self.cast(i, &normal);
        Some(self.ex_list([i]))
    }

    /// `ptr[index]` read.
    pub(super) fn pointer_read(
        &mut self,
        ptr: TExpr,
        elem: Elem,
        index: ExprId,
        span: Span,
    ) -> TExpr {
        let Some(value_type) = self.pointer_element_type(&ptr, elem, span) else {
            self.expr(index);
            return TExpr::error(span);
        };
        let Some(idx) = self.pointer_index(&ptr, index) else {
            return TExpr::error(span);
        };
        TExpr {
            kind: TExprKind::Index(self.ex(ptr), idx),
            ty: value_type,
            span,
        }
    }

    /// `ffi.from_buffer(array)`: a pointer to the elements of a contiguous
    /// array in global memory (numba-cuda's `FFI_from_buffer` typing, and
    /// its messages).
    pub(super) fn ffi_from_buffer(&mut self, array: TExpr, span: Span) -> TExpr {
        let a = match array.ty {
            Type::Unknown => return TExpr::error(span),
            Type::Array(a) => a,
            other => {
                let msg = format!("from_buffer() expected a buffer object, got {other}");
                return self.reject(array.span, &msg, None);
            }
        };
        if a.layout == Layout::A {
            let msg = format!(
                "from_buffer() unsupported on non-contiguous buffers (got {})",
                array.ty
            );
            return self.reject(array.span, &msg, None);
        }
        if a.layout == Layout::F && a.ndim > 1 {
            let msg = format!(
                "from_buffer() only supports multidimensional arrays with C layout (got {})",
                array.ty
            );
            return self.reject(array.span, &msg, None);
        }
        if a.space != MemSpace::Global {
            let msg = format!(
                "kernelc's ffi.from_buffer() takes an array in global memory (a kernel argument or a view of one), not {}",
                array.ty.describe()
            );
            return self.reject(array.span, &msg, None);
        }
        self.intrinsic(Intrinsic::FromBuffer, [array], Type::Pointer(a.elem), span)
    }

    /// The type of an element a pointer reads or writes: a number or a
    /// complex number. A pointer to records is only passed on.
    pub(super) fn pointer_element_type(
        &mut self,
        ptr: &TExpr,
        elem: Elem,
        span: Span,
    ) -> Option<Type> {
        match elem {
            Elem::Scalar(s) => Some(Type::Scalar(s)),
            Elem::Complex(part) => Some(Type::Complex(part)),
            Elem::Record(_) => {
                let msg = format!(
                    "kernelc does not index a pointer to records ({}); it can pass it to a declared device function",
                    ptr.ty
                );
                self.reject(span, &msg, Some("index the record array itself: `a[i].x`"));
                None
            }
        }
    }
}
