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
        match i.ty {
            Type::Unknown => return None,
            Type::Scalar(s) if s.is_int() => {}
            other => {
                let msg = format!(
                    "a pointer ({}) takes one integer index, not {}",
                    ptr.ty,
                    other.describe()
                );
                self.reject(index_span, &msg, Some("index it as C does: `p[i]`"));
                return None;
            }
        }
        let i = self.normalised_pointer_index(i);
        Some(self.ex_list([i]))
    }

    /// An integer index of a pointer as Numba's `normalize_1d_index` makes
    /// it: a signed one `int64`, an unsigned one `uint64`.
    pub(super) fn normalised_pointer_index(&mut self, i: TExpr) -> TExpr {
        let signed = i.ty.scalar().is_some_and(Scalar::is_signed);
        let normal = if signed {
            Type::I64
        } else {
            Type::Scalar(Scalar::U64)
        };
        self.cast(i, &normal)
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

    /// `carray(ptr, shape[, dtype])` / `farray(...)`: an array of `layout`
    /// over the elements `ptr` points to, of the extents `shape` (an
    /// integer or a tuple of 1 to 3), with numba-cuda's messages
    /// (`get_cfarray_intrinsic`). Its arguments are the pointer and the
    /// extents as `int64`s.
    pub(super) fn cf_array(
        &mut self,
        layout: Layout,
        ptr: TExpr,
        shape: TExpr,
        dtype: Option<TExpr>,
        span: Span,
    ) -> TExpr {
        let elem = match ptr.ty {
            Type::Unknown => return TExpr::error(span),
            Type::Pointer(elem) => elem,
            other => {
                let msg = format!("pointer argument expected, got '{other}'");
                return self.reject(ptr.span, &msg, None);
            }
        };
        if let Some(d) = dtype {
            match d.ty {
                Type::Unknown => return TExpr::error(span),
                Type::Class(given) if given == elem => {}
                Type::Class(given) => {
                    let msg = format!("mismatching dtype '{given}' for pointer type '{}'", ptr.ty);
                    return self.reject(d.span, &msg, None);
                }
                other => {
                    let msg = format!("invalid dtype spec '{other}'");
                    return self.reject(d.span, &msg, None);
                }
            }
        }
        let shape_span = shape.span;
        let extents: Vec<TExpr> = match shape.ty {
            Type::Unknown => return TExpr::error(span),
            Type::Scalar(s) if s.is_int() => vec![shape],
            Type::Tuple(items) if items.iter().all(Type::is_int) && !items.is_empty() => {
                let whole = self.ex(shape);
                (0..items.len())
                    .map(|k| TExpr {
                        kind: TExprKind::TupleGet(whole, k as u32),
                        ty: items[k],
                        span: shape_span,
                    })
                    .collect()
            }
            other => {
                let msg = format!("invalid shape '{other}'");
                return self.reject(shape_span, &msg, None);
            }
        };
        if extents.len() > MAX_NDIM {
            let msg = format!(
                "kernelc's arrays have 1 to {MAX_NDIM} dimensions; this shape has {}",
                extents.len()
            );
            return self.reject(shape_span, &msg, None);
        }
        let ndim = extents.len() as u8;
        let mut args = vec![ptr];
        for e in extents {
            args.push(self.cast(e, &Type::I64));
        }
        let ty = Type::Array(ArrayType {
            elem,
            ndim,
            layout,
            space: MemSpace::Global,
        });
        self.intrinsic(Intrinsic::CfArray(layout), args, ty, span)
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
