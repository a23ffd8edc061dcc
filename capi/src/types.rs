//! The small enumerations of the API: element types (`kc_dtype`), array
//! layouts, parameter kinds and diagnostic severities, as fixed-width
//! integers with named constants (a C caller can pass any integer, and an
//! out-of-range one must be an error, not undefined behaviour).

use crate::error::{Error, Result};
use kernelc_abi::ElemType;
use kernelc_compiler::types::{Layout, Scalar};
use std::ffi::c_char;

/// An element or scalar type (`KC_DTYPE_*`).
pub type kc_dtype = u32;
/// No type (the dtype of a tuple parameter; never valid as an argument).
pub const KC_DTYPE_NONE: kc_dtype = 0;
/// `bool` (1 byte, 0 or 1).
pub const KC_DTYPE_BOOL: kc_dtype = 1;
/// `int8_t`.
pub const KC_DTYPE_INT8: kc_dtype = 2;
/// `int16_t`.
pub const KC_DTYPE_INT16: kc_dtype = 3;
/// `int32_t`.
pub const KC_DTYPE_INT32: kc_dtype = 4;
/// `int64_t`.
pub const KC_DTYPE_INT64: kc_dtype = 5;
/// `uint8_t`.
pub const KC_DTYPE_UINT8: kc_dtype = 6;
/// `uint16_t`.
pub const KC_DTYPE_UINT16: kc_dtype = 7;
/// `uint32_t`.
pub const KC_DTYPE_UINT32: kc_dtype = 8;
/// `uint64_t`.
pub const KC_DTYPE_UINT64: kc_dtype = 9;
/// IEEE binary16 (2 bytes; as an argument value it is given as a double).
pub const KC_DTYPE_FLOAT16: kc_dtype = 10;
/// `float`.
pub const KC_DTYPE_FLOAT32: kc_dtype = 11;
/// `double`.
pub const KC_DTYPE_FLOAT64: kc_dtype = 12;
/// An array of records (a NumPy structured dtype, Numba's `Record`): for
/// arrays only. In a `kc_arg`, `value.u` holds the record's size in bytes
/// (NumPy's `itemsize`); a parameter's `type_name` spells out its fields.
pub const KC_DTYPE_RECORD: kc_dtype = 13;
/// `complex64`: two `float`s, the real part first (C's `float _Complex`).
/// A scalar's value is in `value.c`.
pub const KC_DTYPE_COMPLEX64: kc_dtype = 14;
/// `complex128`: two `double`s, the real part first (C's `double
/// _Complex`). A scalar's value is in `value.c`.
pub const KC_DTYPE_COMPLEX128: kc_dtype = 15;
/// `bfloat16` (numba-cuda's `__nv_bfloat16`; NumPy's through
/// `ml_dtypes`): 16 bits, the upper half of a `float`'s. A scalar's value
/// is in `value.f` (rounded to nearest, ties to even).
pub const KC_DTYPE_BFLOAT16: kc_dtype = 16;

/// The memory layout an array parameter was compiled for (`KC_LAYOUT_*`).
pub type kc_layout = u32;
/// Not an array.
pub const KC_LAYOUT_NONE: kc_layout = 0;
/// C-contiguous (row-major), `float32[:, ::1]`.
pub const KC_LAYOUT_C: kc_layout = 1;
/// Fortran-contiguous (column-major), `float32[::1, :]`.
pub const KC_LAYOUT_F: kc_layout = 2;
/// Any strides, `float32[:, :]`.
pub const KC_LAYOUT_ANY: kc_layout = 3;

/// What a kernel parameter is (`KC_PARAM_*`).
pub type kc_param_kind = u32;
/// A scalar passed by value.
pub const KC_PARAM_SCALAR: kc_param_kind = 1;
/// An array (data pointer, extents, strides).
pub const KC_PARAM_ARRAY: kc_param_kind = 2;
/// A tuple. Not reported: a kernel lists a tuple parameter as its items
/// (`t[0]`, `t[1][0]`, ... depth first), which a launch passes as
/// consecutive arguments.
pub const KC_PARAM_TUPLE: kc_param_kind = 3;

/// How serious a diagnostic is (`KC_SEVERITY_*`).
pub type kc_severity = u32;
/// The program is rejected.
pub const KC_SEVERITY_ERROR: kc_severity = 1;
/// The program is accepted but probably not what was meant.
pub const KC_SEVERITY_WARNING: kc_severity = 2;

/// The `kc_dtype` of a compiler scalar type.
pub(crate) fn dtype_of(s: Scalar) -> kc_dtype {
    match s {
        Scalar::Bool => KC_DTYPE_BOOL,
        Scalar::I8 => KC_DTYPE_INT8,
        Scalar::I16 => KC_DTYPE_INT16,
        Scalar::I32 => KC_DTYPE_INT32,
        Scalar::I64 => KC_DTYPE_INT64,
        Scalar::U8 => KC_DTYPE_UINT8,
        Scalar::U16 => KC_DTYPE_UINT16,
        Scalar::U32 => KC_DTYPE_UINT32,
        Scalar::U64 => KC_DTYPE_UINT64,
        Scalar::F16 => KC_DTYPE_FLOAT16,
        Scalar::F32 => KC_DTYPE_FLOAT32,
        Scalar::F64 => KC_DTYPE_FLOAT64,
        Scalar::BF16 => KC_DTYPE_BFLOAT16,
    }
}

/// The `kc_dtype` of an array element type.
pub(crate) fn elem_dtype_of(e: ElemType) -> kc_dtype {
    match e {
        ElemType::Scalar(s) => dtype_of(s),
        ElemType::Complex(Scalar::F32) => KC_DTYPE_COMPLEX64,
        ElemType::Complex(_) => KC_DTYPE_COMPLEX128,
        ElemType::Record { .. } => KC_DTYPE_RECORD,
    }
}

/// The compiler scalar type of a `kc_dtype`, if it is one.
pub(crate) fn scalar_of(d: kc_dtype) -> Option<Scalar> {
    Scalar::ALL.into_iter().find(|s| dtype_of(*s) == d)
}

/// [`scalar_of`], or `KC_ERROR_INVALID_ARGUMENT` naming the parameter.
/// The part type of a complex dtype.
pub(crate) fn complex_of(d: kc_dtype) -> Option<Scalar> {
    match d {
        KC_DTYPE_COMPLEX64 => Some(Scalar::F32),
        KC_DTYPE_COMPLEX128 => Some(Scalar::F64),
        _ => None,
    }
}

pub(crate) fn require_scalar(d: kc_dtype, name: &str) -> Result<Scalar> {
    scalar_of(d).ok_or_else(|| {
        Error::invalid(format!(
            "`{name}` is {d}, not a kc_dtype (KC_DTYPE_BOOL = 1 … KC_DTYPE_FLOAT64 = 12, KC_DTYPE_RECORD = 13, KC_DTYPE_COMPLEX64 = 14, KC_DTYPE_COMPLEX128 = 15, KC_DTYPE_BFLOAT16 = 16)"
        ))
    })
}

/// The `kc_layout` of a compiler layout.
pub(crate) fn layout_of(l: Layout) -> kc_layout {
    match l {
        Layout::C => KC_LAYOUT_C,
        Layout::F => KC_LAYOUT_F,
        Layout::A => KC_LAYOUT_ANY,
    }
}

/// The size in bytes of one element of `dtype`, or 0 for a value that is
/// not a valid `kc_dtype`. Never fails.
#[no_mangle]
pub extern "C" fn kc_dtype_size(dtype: kc_dtype) -> usize {
    match complex_of(dtype) {
        Some(part) => 2 * part.size() as usize,
        None => scalar_of(dtype).map_or(0, |s| s.size() as usize),
    }
}

/// Numba's name of `dtype` as a static string (`"float32"`), or NULL for a
/// value that is not a valid `kc_dtype`. Never fails; do not free it.
#[no_mangle]
pub extern "C" fn kc_dtype_name(dtype: kc_dtype) -> *const c_char {
    let name: &'static [u8] = match scalar_of(dtype) {
        None if dtype == KC_DTYPE_COMPLEX64 => b"complex64\0",
        None if dtype == KC_DTYPE_COMPLEX128 => b"complex128\0",
        None => return std::ptr::null(),
        Some(Scalar::Bool) => b"bool\0",
        Some(Scalar::I8) => b"int8\0",
        Some(Scalar::I16) => b"int16\0",
        Some(Scalar::I32) => b"int32\0",
        Some(Scalar::I64) => b"int64\0",
        Some(Scalar::U8) => b"uint8\0",
        Some(Scalar::U16) => b"uint16\0",
        Some(Scalar::U32) => b"uint32\0",
        Some(Scalar::U64) => b"uint64\0",
        Some(Scalar::F16) => b"float16\0",
        Some(Scalar::F32) => b"float32\0",
        Some(Scalar::F64) => b"float64\0",
        Some(Scalar::BF16) => b"bfloat16\0",
    };
    name.as_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn dtypes_round_trip_and_match_numba_names() {
        for s in Scalar::ALL {
            let d = dtype_of(s);
            assert_eq!(scalar_of(d), Some(s));
            assert_eq!(kc_dtype_size(d), s.size() as usize);
            let name = unsafe { CStr::from_ptr(kc_dtype_name(d)) };
            assert_eq!(Scalar::from_name(name.to_str().unwrap()), Some(s));
        }
        for (d, size, name) in [
            (KC_DTYPE_COMPLEX64, 8, "complex64"),
            (KC_DTYPE_COMPLEX128, 16, "complex128"),
        ] {
            assert_eq!(kc_dtype_size(d), size);
            let got = unsafe { CStr::from_ptr(kc_dtype_name(d)) };
            assert_eq!(got.to_str().unwrap(), name);
        }
        assert_eq!(scalar_of(KC_DTYPE_NONE), None);
        assert_eq!(kc_dtype_size(99), 0);
        assert!(kc_dtype_name(99).is_null());
    }
}
