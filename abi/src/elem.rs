//! An array's element type as a runtime sees it: a [`Scalar`], or a record
//! (a NumPy structured dtype, Numba's `Record`) known to the runtime only by
//! its size. The record's fields are the compiler's business;
//! a parameter's type name spells them out in Numba's syntax.

use crate::scalar::Scalar;
use std::fmt;

/// The element type of an array argument or parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElemType {
    /// A number or bool.
    Scalar(Scalar),
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
            ElemType::Record { size } => size,
        }
    }

    /// The scalar, when the elements are numbers.
    pub fn scalar(self) -> Option<Scalar> {
        match self {
            ElemType::Scalar(s) => Some(s),
            ElemType::Record { .. } => None,
        }
    }
}

impl From<Scalar> for ElemType {
    fn from(s: Scalar) -> Self {
        ElemType::Scalar(s)
    }
}

impl fmt::Display for ElemType {
    /// `float32`, or `record16` for a 16-byte record.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElemType::Scalar(s) => f.write_str(s.name()),
            ElemType::Record { size } => write!(f, "record{size}"),
        }
    }
}
