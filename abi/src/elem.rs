//! An array's element type as a runtime sees it: a [`Scalar`], a complex
//! number (two floats, real then imaginary part), or a record (a NumPy
//! structured dtype, Numba's `Record`) known to the runtime only by its
//! size. The record's fields are the compiler's business;
//! a parameter's type name spells them out in Numba's syntax.

use crate::scalar::Scalar;
use std::fmt;

/// The element type of an array argument or parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElemType {
    /// A number or bool.
    Scalar(Scalar),
    /// A complex number: `complex64` for `Complex(Float32)`, `complex128`
    /// for `Complex(Float64)` (the type of each part).
    Complex(Scalar),
    /// A record of `size` bytes.
    Record {
        /// NumPy's `itemsize`.
        size: u32,
    },
}

impl ElemType {
    /// Bytes per element.
    pub fn size(self) -> u32 {
        match self {
            ElemType::Scalar(s) => s.size(),
            ElemType::Complex(part) => 2 * part.size(),
            ElemType::Record { size } => size,
        }
    }

    /// The scalar, when the elements are numbers.
    pub fn scalar(self) -> Option<Scalar> {
        match self {
            ElemType::Scalar(s) => Some(s),
            ElemType::Complex(_) | ElemType::Record { .. } => None,
        }
    }
}

impl From<Scalar> for ElemType {
    fn from(s: Scalar) -> Self {
        ElemType::Scalar(s)
    }
}

impl fmt::Display for ElemType {
    /// `float32`, `complex64`, or `record16` for a 16-byte record.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElemType::Scalar(s) => f.write_str(s.name()),
            ElemType::Complex(part) => f.write_str(complex_name(*part)),
            ElemType::Record { size } => write!(f, "record{size}"),
        }
    }
}

/// Numba's name of the complex type whose parts are `part`: `complex64`
/// for float32 parts, `complex128` for float64 parts.
pub fn complex_name(part: Scalar) -> &'static str {
    match part {
        Scalar::F32 => "complex64",
        _ => "complex128",
    }
}

/// The part type of a complex dtype name (Numba's and NumPy's spellings:
/// `complex64`/`c8`/`csingle`, `complex128`/`c16`/`cdouble`/`complex_`).
pub fn complex_from_name(name: &str) -> Option<Scalar> {
    match name {
        "complex64" | "c8" | "csingle" => Some(Scalar::F32),
        "complex128" | "c16" | "cdouble" | "complex_" => Some(Scalar::F64),
        _ => None,
    }
}
