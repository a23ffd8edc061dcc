//! Kernel arguments and their marshalling into the kernel ABI.
//!
//! The kernel ABI (section 5 of the language contract) passes a scalar as
//! one `.param` of its natural type (`bool` as `.u8`) and an array of
//! `ndim` dimensions as a `.u64` data pointer, `ndim` `.s64` extents and
//! `ndim` `.s64` byte strides. This module is device-independent: it
//! checks host-side arguments against a compiled kernel's parameters
//! ([`KernelInfo`]), derives a Numba signature from them for kernels
//! compiled lazily, and encodes the `.param` bytes once every array has a
//! device address. Moving data is the device's job.

use kernelc_abi::{ElemType, KernelInfo, Layout, ParamKind, Scalar};
use std::fmt;

/// A scalar argument: its value and the type it was given with (which
/// decides the signature of a lazily compiled kernel).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScalarArg {
    /// The argument's own type; for a complex value, the type of its parts
    /// (`float32` for `complex64`).
    pub ty: Scalar,
    /// Its value.
    pub value: Number,
}

/// A scalar value before conversion to a parameter's type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    /// `True` / `False`.
    Bool(bool),
    /// A signed integer.
    Int(i64),
    /// An unsigned integer.
    Uint(u64),
    /// A floating-point number (`float16`/`float32` values are exact in it).
    Float(f64),
    /// A complex number: its real and imaginary parts.
    Complex(f64, f64),
}

impl ScalarArg {
    /// Numba's name of the argument's type (`float32`, `complex128`).
    pub fn type_name(&self) -> &'static str {
        match self.value {
            Number::Complex(..) => kernelc_abi::elem::complex_name(self.ty),
            _ => self.ty.name(),
        }
    }
}

/// The shape of an array argument: element type, extents and byte strides
/// (NumPy's conventions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrayShape {
    /// Element type.
    pub elem: ElemType,
    /// Extent of each dimension.
    pub shape: Vec<i64>,
    /// Distance in bytes between neighbours along each dimension.
    pub strides: Vec<i64>,
}

impl ArrayShape {
    /// A C-contiguous (row-major) array.
    pub fn c_contiguous(elem: impl Into<ElemType>, shape: &[i64]) -> ArrayShape {
        ArrayShape::contiguous(elem.into(), shape, (0..shape.len()).rev())
    }

    /// A Fortran-contiguous (column-major) array.
    pub fn f_contiguous(elem: impl Into<ElemType>, shape: &[i64]) -> ArrayShape {
        ArrayShape::contiguous(elem.into(), shape, 0..shape.len())
    }

    /// A dense array whose dimensions, in `fastest_first` order, have
    /// growing strides.
    fn contiguous(
        elem: ElemType,
        shape: &[i64],
        fastest_first: impl Iterator<Item = usize>,
    ) -> ArrayShape {
        let mut strides = vec![0; shape.len()];
        let mut step = elem.size() as i64;
        for d in fastest_first {
            strides[d] = step;
            // Saturating: an impossible shape (a C caller's INT64_MAX
            // extents) gets strides the callers' size checks reject.
            step = step.saturating_mul(shape[d].max(1));
        }
        ArrayShape {
            elem,
            shape: shape.to_vec(),
            strides,
        }
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        // Saturating, as the strides: a size check rejects such an array.
        self.shape
            .iter()
            .fold(1usize, |n, &d| n.saturating_mul(d.max(0) as usize))
    }

    /// Whether the array has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Byte offset of the lowest-addressed element from the data pointer
    /// (the address of element `[0, 0, 0]`): 0 unless a stride is negative,
    /// then the sum of `(extent - 1) * stride` over the negative strides.
    /// 0 for an empty array.
    pub fn low_offset(&self) -> i64 {
        if self.is_empty() {
            return 0;
        }
        self.shape
            .iter()
            .zip(&self.strides)
            .filter(|(_, &s)| s < 0)
            .map(|(&n, &s)| (n - 1) * s)
            .sum()
    }

    /// Bytes spanned from the lowest-addressed element to one past the
    /// highest (0 for an empty array). With non-negative strides the lowest
    /// element is the first one, at the data pointer; with negative strides
    /// it lies [`low_offset`](Self::low_offset) bytes before it. Zero
    /// strides (broadcast dimensions) add nothing.
    pub fn span_bytes(&self) -> usize {
        if self.is_empty() {
            return 0;
        }
        let high: i64 = self
            .shape
            .iter()
            .zip(&self.strides)
            .filter(|(_, &s)| s > 0)
            .map(|(&n, &s)| (n - 1) * s)
            .sum();
        (high - self.low_offset()) as usize + self.elem.size() as usize
    }

    /// Whether the layout is C-contiguous (any array of at most one
    /// element, or unit strides from the last dimension on).
    pub fn is_c_contiguous(&self) -> bool {
        self.len() <= 1
            || self.same_ignoring_unit_dims(&ArrayShape::c_contiguous(self.elem, &self.shape))
    }

    /// Whether the layout is Fortran-contiguous.
    pub fn is_f_contiguous(&self) -> bool {
        self.len() <= 1
            || self.same_ignoring_unit_dims(&ArrayShape::f_contiguous(self.elem, &self.shape))
    }

    /// Strides of dimensions of extent 1 do not matter (NumPy's rule).
    fn same_ignoring_unit_dims(&self, other: &ArrayShape) -> bool {
        self.shape.len() == other.shape.len()
            && self
                .shape
                .iter()
                .zip(self.strides.iter().zip(&other.strides))
                .all(|(&n, (a, b))| n == 1 || a == b)
    }

    /// Numba's spelling of this array's type in a signature:
    /// `float32[::1]`, `float32[:, ::1]`, `float32[::1, :]`, `float32[:, :]`.
    pub fn numba_type(&self) -> String {
        self.numba_type_of(&self.elem.to_string())
    }

    /// [`Self::numba_type`] with `elem` as the element type's name (a
    /// record's spelling, which only the caller knows).
    pub fn numba_type_of(&self, elem: &str) -> String {
        let nd = self.shape.len();
        if nd == 0 {
            return match self.elem {
                // One record, passed by reference.
                ElemType::Record { .. } => elem.to_string(),
                // A 0-D array of one number, in Numba's spelling (no slice
                // syntax has zero dimensions).
                _ => format!("array({elem}, 0d, C)"),
            };
        }
        let mut dims = vec![":"; nd];
        if nd > 0 {
            if self.is_c_contiguous() {
                dims[nd - 1] = "::1";
            } else if self.is_f_contiguous() {
                dims[0] = "::1";
            }
        }
        format!("{elem}[{}]", dims.join(", "))
    }
}

/// One argument of a launch, as the host sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgShape {
    /// A scalar passed by value.
    Scalar(ScalarArg),
    /// An array (on the host or already on the device).
    Array(ArrayShape),
}

/// An argument does not fit the kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    /// Wrong number of arguments.
    Count {
        /// The kernel's name.
        kernel: String,
        /// Parameters it has.
        expected: usize,
        /// Arguments given.
        given: usize,
    },
    /// An argument of the wrong kind or type.
    Mismatch {
        /// 0-based argument position.
        position: usize,
        /// The parameter's name.
        param: String,
        /// What the kernel expects (Numba's spelling).
        expected: String,
        /// What was given.
        given: String,
    },
    /// A kind of parameter this runtime cannot pass yet.
    Unsupported {
        /// 0-based argument position.
        position: usize,
        /// Why.
        what: String,
    },
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::Count {
                kernel,
                expected,
                given,
            } => write!(
                f,
                "kernel '{kernel}' takes {expected} argument{}, {given} given",
                if *expected == 1 { "" } else { "s" }
            ),
            ArgError::Mismatch {
                position,
                param,
                expected,
                given,
            } => write!(
                f,
                "argument {position} ('{param}'): expected {expected}, got {given}"
            ),
            ArgError::Unsupported { position, what } => {
                write!(f, "argument {position}: {what}")
            }
        }
    }
}

impl std::error::Error for ArgError {}

/// How an argument was given, for messages: `float64 array of shape (4, 4)`.
pub fn describe(arg: &ArgShape) -> String {
    match arg {
        ArgShape::Scalar(s) => format!("{} scalar", s.type_name()),
        ArgShape::Array(a) => {
            let dims: Vec<String> = a.shape.iter().map(|d| d.to_string()).collect();
            let tail = if dims.len() == 1 { "," } else { "" };
            let layout = if a.is_c_contiguous() {
                ""
            } else if a.is_f_contiguous() {
                " (Fortran order)"
            } else {
                " (non-contiguous)"
            };
            format!(
                "{} array of shape ({}{tail}){layout}",
                a.elem,
                dims.join(", ")
            )
        }
    }
}

/// The Numba signature a lazily compiled kernel gets for these arguments
/// (`void(float32[::1], int64)`), as `@cuda.jit` without a signature does.
pub fn signature_for(args: &[ArgShape]) -> String {
    let parts: Vec<String> = args
        .iter()
        .map(|a| match a {
            ArgShape::Scalar(s) => s.type_name().to_string(),
            ArgShape::Array(a) => a.numba_type(),
        })
        .collect();
    format!("void({})", parts.join(", "))
}

/// Checks `args` against the kernel's parameters.
pub fn check_args(kernel: &KernelInfo, args: &[ArgShape]) -> Result<(), ArgError> {
    if kernel.params.len() != args.len() {
        return Err(ArgError::Count {
            kernel: kernel.name.clone(),
            expected: kernel.params.len(),
            given: args.len(),
        });
    }
    for (position, (param, arg)) in kernel.params.iter().zip(args).enumerate() {
        let mismatch = || ArgError::Mismatch {
            position,
            param: param.name.clone(),
            expected: param.ty.clone(),
            given: describe(arg),
        };
        match (&param.kind, arg) {
            // Numba converts numbers to complex, never complex to real.
            (ParamKind::Scalar(_), ArgShape::Scalar(s))
                if !matches!(s.value, Number::Complex(..)) => {}
            (ParamKind::Complex(_), ArgShape::Scalar(_)) => {}
            (ParamKind::Array { elem, ndim, layout }, ArgShape::Array(a)) => {
                let layout_ok = match layout {
                    Layout::C => a.is_c_contiguous(),
                    Layout::F => a.is_f_contiguous(),
                    Layout::A => true,
                };
                if a.elem != *elem || a.shape.len() != *ndim as usize || !layout_ok {
                    return Err(mismatch());
                }
            }
            (ParamKind::Tuple(_), _) => {
                return Err(ArgError::Unsupported {
                    position,
                    what: format!(
                        "tuple parameter '{}' ({}) cannot be passed by this runtime yet",
                        param.name, param.ty
                    ),
                })
            }
            _ => return Err(mismatch()),
        }
    }
    Ok(())
}

/// The `.param` values of a launch, one byte vector per PTX parameter.
/// `device_ptrs[i]` is the device address of argument `i`'s data when it
/// is an array. Call [`check_args`] first.
pub fn encode_params(kernel: &KernelInfo, args: &[ArgShape], device_ptrs: &[u64]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (i, (param, arg)) in kernel.params.iter().zip(args).enumerate() {
        match (&param.kind, arg) {
            (ParamKind::Scalar(ty), ArgShape::Scalar(s)) => out.push(encode_scalar(*ty, s.value)),
            (ParamKind::Complex(part), ArgShape::Scalar(s)) => {
                let (re, im) = match s.value {
                    Number::Complex(re, im) => (Number::Float(re), Number::Float(im)),
                    real => (real, Number::Float(0.0)),
                };
                out.push(encode_scalar(*part, re));
                out.push(encode_scalar(*part, im));
            }
            (ParamKind::Array { .. }, ArgShape::Array(a)) => {
                out.push(device_ptrs[i].to_le_bytes().to_vec());
                out.extend(a.shape.iter().map(|d| d.to_le_bytes().to_vec()));
                out.extend(a.strides.iter().map(|s| s.to_le_bytes().to_vec()));
            }
            _ => {}
        }
    }
    out
}

/// `value` converted to `ty` as Numba converts a Python scalar passed to a
/// typed parameter (floats truncate toward zero into integers, integers
/// wrap), as little-endian bytes of `ty`'s size (`bool` is one byte).
pub fn encode_scalar(ty: Scalar, value: Number) -> Vec<u8> {
    // A complex value reaches a real parameter only through a caller that
    // skipped `check_args`; its real part is used.
    let as_f64 = match value {
        Number::Bool(b) => b as u8 as f64,
        Number::Int(v) => v as f64,
        Number::Uint(v) => v as f64,
        Number::Float(v) | Number::Complex(v, _) => v,
    };
    let as_bits = match value {
        Number::Bool(b) => b as u64,
        Number::Int(v) => v as u64,
        Number::Uint(v) => v,
        Number::Float(v) | Number::Complex(v, _) if v < 0.0 => v as i64 as u64,
        Number::Float(v) | Number::Complex(v, _) => v as u64,
    };
    let size = ty.size() as usize;
    let bits = match ty {
        Scalar::Bool => (as_f64 != 0.0) as u64,
        Scalar::F16 => f16_bits(as_f64) as u64,
        Scalar::BF16 => bf16_bits(as_f64) as u64,
        Scalar::F32 => (as_f64 as f32).to_bits() as u64,
        Scalar::F64 => as_f64.to_bits(),
        _ => as_bits,
    };
    bits.to_le_bytes()[..size].to_vec()
}

/// bfloat16 bits of `x`, rounded to nearest even (NaN is `0x7fff`): to
/// float32 rounded to odd, then to bfloat16, as CUDA's `__double2bfloat16`.
pub fn bf16_bits(x: f64) -> u16 {
    if x.is_nan() {
        return 0x7fff;
    }
    let f = x as f32;
    let d = f as f64;
    let mut u = f.to_bits();
    if (x > 0.0 && d > x) || (x < 0.0 && d < x) {
        u -= 1;
    }
    if d != x {
        u |= 1;
    }
    (u.wrapping_add(0x7fff + ((u >> 16) & 1)) >> 16) as u16
}

/// IEEE binary16 bits of `x`, rounded to nearest even (through binary32,
/// which is exact for every value a `float16` argument is given with).
pub fn f16_bits(x: f64) -> u16 {
    let f = x as f32;
    let b = f.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        // Infinity or NaN (keep a quiet NaN).
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        // Subnormal half (or zero): shift the full significand into place.
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let mid = 1 << (shift - 1);
        let round = rem > mid || (rem == mid && half & 1 == 1);
        return sign | (half + round as u32) as u16;
    }
    let half = ((e as u32) << 10) | (man >> 13);
    let rem = man & 0x1fff;
    let round = rem > 0x1000 || (rem == 0x1000 && half & 1 == 1);
    sign | (half + round as u32) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernelc_abi::ParamInfo;

    fn kernel() -> KernelInfo {
        KernelInfo {
            name: "k".into(),
            params: vec![
                ParamInfo {
                    name: "a".into(),
                    ty: "array(float32, 2d, C)".into(),
                    kind: ParamKind::Array {
                        elem: ElemType::Scalar(Scalar::F32),
                        ndim: 2,
                        layout: Layout::C,
                    },
                    read: true,
                    written: true,
                },
                ParamInfo {
                    name: "n".into(),
                    ty: "int32".into(),
                    kind: ParamKind::Scalar(Scalar::I32),
                    read: true,
                    written: false,
                },
            ],
            cooperative: false,
        }
    }

    #[test]
    fn impossible_shapes_saturate_instead_of_overflowing() {
        // Panicked ("attempt to multiply with overflow") on a C caller's
        // shape {INT64_MAX, INT64_MAX, 2} with KC_ARG_C_CONTIGUOUS.
        let a = ArrayShape::c_contiguous(Scalar::F32, &[i64::MAX, i64::MAX, 2]);
        assert_eq!(a.strides, vec![i64::MAX, 8, 4]);
        assert_eq!(a.len(), usize::MAX);
        assert!(!a.is_empty());
    }

    #[test]
    fn a_record_argument_is_a_0d_array_of_records() {
        let rec = ElemType::Record { size: 12 };
        let k = KernelInfo {
            name: "k".into(),
            params: vec![ParamInfo {
                name: "r".into(),
                ty: "Record(n[type=int32;offset=0],x[type=float64;offset=4];12;False)".into(),
                kind: ParamKind::Array {
                    elem: rec,
                    ndim: 0,
                    layout: Layout::C,
                },
                read: true,
                written: true,
            }],
            cooperative: false,
        };
        let one = ArrayShape::c_contiguous(rec, &[]);
        assert_eq!((one.len(), one.span_bytes()), (1, 12));
        assert_eq!(one.numba_type_of("Record(...)"), "Record(...)");
        let args = [ArgShape::Array(one)];
        assert!(check_args(&k, &args).is_ok());
        // The data pointer alone.
        assert_eq!(
            encode_params(&k, &args, &[0x1000]),
            vec![0x1000u64.to_le_bytes().to_vec()]
        );
        // A 1-D array of them, or a record of another size, is refused.
        let many = [ArgShape::Array(ArrayShape::c_contiguous(rec, &[1]))];
        assert!(check_args(&k, &many).is_err());
        let other = ElemType::Record { size: 8 };
        let small = [ArgShape::Array(ArrayShape::c_contiguous(other, &[]))];
        assert!(check_args(&k, &small).is_err());
    }

    #[test]
    fn strides_follow_numpy() {
        let c = ArrayShape::c_contiguous(Scalar::F32, &[3, 4]);
        assert_eq!(c.strides, vec![16, 4]);
        assert_eq!(c.span_bytes(), 48);
        let f = ArrayShape::f_contiguous(Scalar::F64, &[3, 4]);
        assert_eq!(f.strides, vec![8, 24]);
        assert!(f.is_f_contiguous() && !f.is_c_contiguous());
        assert_eq!(f.numba_type(), "float64[::1, :]");
        assert_eq!(c.numba_type(), "float32[:, ::1]");
        assert_eq!(ArrayShape::c_contiguous(Scalar::I8, &[0]).span_bytes(), 0);
    }

    #[test]
    fn spans_with_negative_and_zero_strides() {
        // a[::-1] of 5 float32: element 0 is the highest.
        let rev = ArrayShape {
            elem: ElemType::Scalar(Scalar::F32),
            shape: vec![5],
            strides: vec![-4],
        };
        assert_eq!(rev.low_offset(), -16);
        assert_eq!(rev.span_bytes(), 20);
        // a[::-1, ::2] of a (3, 8) float64 array.
        let mixed = ArrayShape {
            elem: ElemType::Scalar(Scalar::F64),
            shape: vec![3, 4],
            strides: vec![-64, 16],
        };
        assert_eq!(mixed.low_offset(), -128);
        assert_eq!(mixed.span_bytes(), 128 + 48 + 8);
        // A broadcast: every element is the same one.
        let b = ArrayShape {
            elem: ElemType::Scalar(Scalar::I32),
            shape: vec![4, 3],
            strides: vec![0, 0],
        };
        assert_eq!((b.low_offset(), b.span_bytes()), (0, 4));
        assert!(!b.is_c_contiguous());
        assert_eq!(b.numba_type(), "int32[:, :]");
        let empty = ArrayShape {
            elem: ElemType::Scalar(Scalar::I32),
            shape: vec![0],
            strides: vec![-4],
        };
        assert_eq!((empty.low_offset(), empty.span_bytes()), (0, 0));
    }

    #[test]
    fn lazy_signature_from_arguments() {
        let args = [
            ArgShape::Array(ArrayShape::c_contiguous(Scalar::F32, &[8])),
            ArgShape::Scalar(ScalarArg {
                ty: Scalar::I64,
                value: Number::Int(3),
            }),
        ];
        assert_eq!(signature_for(&args), "void(float32[::1], int64)");
    }

    #[test]
    fn checks_count_type_and_layout() {
        let k = kernel();
        let good = vec![
            ArgShape::Array(ArrayShape::c_contiguous(Scalar::F32, &[2, 2])),
            ArgShape::Scalar(ScalarArg {
                ty: Scalar::F64,
                value: Number::Float(7.9),
            }),
        ];
        assert_eq!(check_args(&k, &good), Ok(()));
        let err = check_args(&k, &good[..1]).unwrap_err();
        assert_eq!(err.to_string(), "kernel 'k' takes 2 arguments, 1 given");
        let mut wrong = good.clone();
        wrong[0] = ArgShape::Array(ArrayShape::f_contiguous(Scalar::F32, &[2, 2]));
        assert_eq!(
            check_args(&k, &wrong).unwrap_err().to_string(),
            "argument 0 ('a'): expected array(float32, 2d, C), got float32 array of shape (2, 2) (Fortran order)"
        );
        wrong[0] = ArgShape::Array(ArrayShape::c_contiguous(Scalar::F64, &[2, 2]));
        assert!(check_args(&k, &wrong).is_err());
    }

    #[test]
    fn encodes_the_abi() {
        let k = kernel();
        let args = vec![
            ArgShape::Array(ArrayShape::c_contiguous(Scalar::F32, &[2, 3])),
            ArgShape::Scalar(ScalarArg {
                ty: Scalar::F64,
                value: Number::Float(-7.9),
            }),
        ];
        let p = encode_params(&k, &args, &[0x1000, 0]);
        assert_eq!(p.len(), 6);
        assert_eq!(p[0], 0x1000u64.to_le_bytes());
        assert_eq!(p[1], 2i64.to_le_bytes());
        assert_eq!(p[2], 3i64.to_le_bytes());
        assert_eq!(p[3], 12i64.to_le_bytes());
        assert_eq!(p[4], 4i64.to_le_bytes());
        assert_eq!(p[5], (-7i32).to_le_bytes());
    }

    #[test]
    fn scalars_convert_like_numba() {
        assert_eq!(encode_scalar(Scalar::Bool, Number::Int(5)), vec![1]);
        assert_eq!(encode_scalar(Scalar::U8, Number::Int(-1)), vec![255]);
        assert_eq!(
            encode_scalar(Scalar::F32, Number::Int(3)),
            3.0f32.to_le_bytes()
        );
        assert_eq!(
            encode_scalar(Scalar::I16, Number::Float(-2.7)),
            (-2i16).to_le_bytes()
        );
    }

    #[test]
    fn half_precision_rounds_to_nearest_even() {
        assert_eq!(f16_bits(1.0), 0x3c00);
        assert_eq!(f16_bits(-2.0), 0xc000);
        assert_eq!(f16_bits(65504.0), 0x7bff);
        assert_eq!(f16_bits(65520.0), 0x7c00); // rounds up to infinity
        assert_eq!(f16_bits(2f64.powi(-24)), 0x0001); // smallest subnormal
        assert_eq!(f16_bits(2f64.powi(-25)), 0x0000); // tie to even: zero
        assert_eq!(f16_bits(1.0 + 2f64.powi(-11)), 0x3c00); // tie to even
        assert_eq!(f16_bits(1.0 + 3.0 * 2f64.powi(-11)), 0x3c02);
        assert_eq!(f16_bits(f64::INFINITY), 0x7c00);
        assert!(f16_bits(f64::NAN) & 0x7fff > 0x7c00);
    }
}
