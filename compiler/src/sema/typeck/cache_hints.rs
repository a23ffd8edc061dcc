//! Typing of numba-cuda's cache-hint loads and stores (`cuda.ldca`,
//! `ldcg`, `ldcs`, `ldlu`, `ldcv`; `cuda.stcg`, `stcs`, `stwb`, `stwt`).
//!
//! The rules are numba-cuda's (`cache_hints.py`, `_validate_arguments`
//! and `_validate_bitwidth`), with its messages: the first argument is an
//! array or a pointer (a pointer takes one integer index, no wraparound,
//! normalised as `p[i]` is); an array's index is an integer for a 1-D array, or a tuple of one
//! integer type (Numba's `UniTuple`, so `(i, 1)` of an `int32` `i` is not
//! an index) with one item per dimension; the elements are integers or
//! floats of 8 to 64 bits. A load gives the element type; a store casts
//! its value to it, as numba-cuda's `context.cast`, and gives `None`.
//! Negative indices wrap, as numba-cuda's `get_item_pointer(...,
//! wraparound=True)`.
//!
//! One rule is kernelc's own: the array is global memory. numba-cuda
//! emits `ld.global`/`st.global` through whatever address the array has,
//! so a shared, local or constant array would be read and written at the
//! wrong place; kernelc refuses it. (kernelc's pointers are to global
//! memory.)

use super::FnChecker;
use crate::sema::intrinsics::{Callee, Intrinsic};
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

impl FnChecker<'_, '_, '_> {
    /// `cuda.ldHINT(array, i)` (`store` false) or `cuda.stHINT(array, i,
    /// value)`; `a` holds the arguments by parameter.
    pub(super) fn cached_access(
        &mut self,
        i: Intrinsic,
        name: Callee,
        a: &mut [Option<TExpr>],
        span: Span,
    ) -> TExpr {
        let store = matches!(i, Intrinsic::CachedStore(_));
        // numba-cuda's own spelling of the function in its messages.
        let fname = name.to_string();
        let fname = fname.trim_start_matches("cuda.");
        let array = a[0].take().expect("required");
        let index = a[1].take().expect("required");
        if let Type::Pointer(elem) = array.ty {
            return self.cached_pointer_access(i, fname, array, elem, index, a, span);
        }
        let Type::Array(at) = array.ty else {
            let msg = format!(
                "{fname} operates on arrays or pointers. Got type {}",
                numba_spelling(&array.ty)
            );
            return self.reject_call(array.span, &msg);
        };
        // `_validate_arguments`: the index, then the element type.
        let items = match &index.ty {
            Type::Scalar(s) if s.is_int() => {
                if at.ndim != 1 {
                    let msg = format!("Expected {} indices, got a scalar", at.ndim);
                    return self.reject_call(index.span, &msg);
                }
                None
            }
            Type::Tuple(tys) if tys.class().is_none() && is_uni_tuple(tys) => {
                if tys.len() != at.ndim as usize {
                    let msg = format!("Expected {} indices, got {}", at.ndim, tys.len());
                    return self.reject_call(index.span, &msg);
                }
                if !tys[0].is_int() {
                    let msg = format!("{} is not a valid index", numba_spelling(&index.ty));
                    return self.reject_call(index.span, &msg);
                }
                Some(tys.len())
            }
            other => {
                let msg = format!("{} is not a valid index", numba_spelling(other));
                return self.reject_call(index.span, &msg);
            }
        };
        let elem = match at.elem.scalar() {
            Some(s) if s.is_int() || s.is_float() => s,
            _ => {
                let msg = format!(
                    "{fname} requires array of integer or float type, got {}",
                    at.elem
                );
                return self.reject_call(array.span, &msg);
            }
        };
        if at.space != MemSpace::Global {
            let msg = format!(
                "{fname} reads and writes global memory (`{}.global`); this is a {} array",
                if store { "st" } else { "ld" },
                at.space.name()
            );
            return self.reject_call(array.span, &msg);
        }
        let mut args = vec![array];
        let mut lets = Vec::new();
        match items {
            None => args.push(index),
            Some(_) => args.extend(self.index_items(index, &mut lets)),
        }
        if !store {
            let load = self.intrinsic(i, args, Type::Scalar(elem), span);
            return self.bind_lets(lets, load, span);
        }
        let value = a[2].take().expect("required");
        if value.ty.scalar().is_none() {
            let msg = format!(
                "{fname} stores a number into an array of {elem}, not {}",
                value.ty.describe()
            );
            return self.reject_call(value.span, &msg);
        }
        args.push(self.cast(value, &Type::Scalar(elem)));
        let store = self.intrinsic(i, args, Type::None, span);
        self.bind_lets(lets, store, span)
    }
}

impl FnChecker<'_, '_, '_> {
    /// `cuda.ldHINT(ptr, i)` / `cuda.stHINT(ptr, i, value)` of a pointer.
    #[allow(clippy::too_many_arguments, reason = "the parts of one call, typed")]
    fn cached_pointer_access(
        &mut self,
        i: Intrinsic,
        fname: &str,
        ptr: TExpr,
        elem: Elem,
        index: TExpr,
        a: &mut [Option<TExpr>],
        span: Span,
    ) -> TExpr {
        let index = match &index.ty {
            Type::Scalar(s) if s.is_int() => self.normalised_pointer_index(index),
            Type::Tuple(tys) if tys.class().is_none() && is_uni_tuple(tys) => {
                let msg = format!(
                    "Pointers only support scalar indexing, got tuple of {}",
                    tys.len()
                );
                return self.reject_call(index.span, &msg);
            }
            other => {
                let msg = format!("{} is not a valid index", numba_spelling(other));
                return self.reject_call(index.span, &msg);
            }
        };
        let elem = match elem.scalar() {
            Some(s) if s.is_int() || s.is_float() => s,
            _ => {
                let msg = format!("{fname} requires array of integer or float type, got {elem}");
                return self.reject_call(ptr.span, &msg);
            }
        };
        let mut args = vec![ptr, index];
        if matches!(i, Intrinsic::CachedLoad(_)) {
            return self.intrinsic(i, args, Type::Scalar(elem), span);
        }
        let value = a[2].take().expect("required");
        if value.ty.scalar().is_none() {
            let msg = format!(
                "{fname} stores a number into an array of {elem}, not {}",
                value.ty.describe()
            );
            return self.reject_call(value.span, &msg);
        }
        args.push(self.cast(value, &Type::Scalar(elem)));
        self.intrinsic(i, args, Type::None, span)
    }
}

/// True when every item has the first one's type (Numba's `UniTuple`).
fn is_uni_tuple(tys: &[Type]) -> bool {
    !tys.is_empty() && tys.iter().all(|t| *t == tys[0])
}

/// A type as Numba's messages spell it: tuples as `UniTuple(int64 x 2)`.
fn numba_spelling(t: &Type) -> String {
    match t {
        Type::Tuple(tys) if tys.class().is_none() && is_uni_tuple(tys) => {
            format!("UniTuple({} x {})", numba_spelling(&tys[0]), tys.len())
        }
        Type::Tuple(tys) if tys.class().is_none() => {
            let items: Vec<String> = tys.iter().map(numba_spelling).collect();
            format!("Tuple({})", items.join(", "))
        }
        other => other.to_string(),
    }
}
