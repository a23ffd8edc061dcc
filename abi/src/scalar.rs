//! The scalar types kernel parameters and array elements are made of, with
//! Numba's names for them (and NumPy's aliases), and the memory layouts an
//! array parameter can be compiled for.

use std::fmt;

/// A scalar (number or boolean) type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Scalar {
    /// `bool_` / `b1`.
    Bool,
    /// `int8` / `i1`.
    I8,
    /// `int16` / `i2`.
    I16,
    /// `int32` / `i4`.
    I32,
    /// `int64` / `i8`.
    I64,
    /// `uint8` / `u1`.
    U8,
    /// `uint16` / `u2`.
    U16,
    /// `uint32` / `u4`.
    U32,
    /// `uint64` / `u8`.
    U64,
    /// `float16` / `f2`.
    F16,
    /// `float32` / `f4`.
    F32,
    /// `float64` / `f8`.
    F64,
    /// `bfloat16` (numba-cuda's `__nv_bfloat16`, NumPy's through
    /// `ml_dtypes`): 8 exponent bits, 7 fraction bits. Not a float to
    /// [`Scalar::is_float`]: Numba types it as a number of its own.
    BF16,
}

impl Scalar {
    /// Every scalar type, in declaration order.
    pub const ALL: [Scalar; 13] = [
        Scalar::Bool,
        Scalar::I8,
        Scalar::I16,
        Scalar::I32,
        Scalar::I64,
        Scalar::U8,
        Scalar::U16,
        Scalar::U32,
        Scalar::U64,
        Scalar::F16,
        Scalar::F32,
        Scalar::F64,
        Scalar::BF16,
    ];

    /// Numba's name for the type (`float32`, `int64`, `bool`).
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::I8 => "int8",
            Scalar::I16 => "int16",
            Scalar::I32 => "int32",
            Scalar::I64 => "int64",
            Scalar::U8 => "uint8",
            Scalar::U16 => "uint16",
            Scalar::U32 => "uint32",
            Scalar::U64 => "uint64",
            Scalar::F16 => "float16",
            Scalar::F32 => "float32",
            Scalar::F64 => "float64",
            Scalar::BF16 => "bfloat16",
        }
    }

    /// Looks a dtype name up, including Numba's and NumPy's aliases
    /// (`f4`, `i8`, `b1`, `bool_`, `boolean`, `double`, `intp`, ...).
    pub fn from_name(name: &str) -> Option<Scalar> {
        Some(match name {
            "bool" | "bool_" | "b1" | "boolean" => Scalar::Bool,
            "int8" | "i1" | "byte" => Scalar::I8,
            "int16" | "i2" | "short" => Scalar::I16,
            "int32" | "i4" | "intc" => Scalar::I32,
            "int64" | "i8" | "intp" | "int_" | "long_" | "longlong" => Scalar::I64,
            "uint8" | "u1" | "ubyte" | "char" => Scalar::U8,
            "uint16" | "u2" | "ushort" => Scalar::U16,
            "uint32" | "u4" | "uintc" => Scalar::U32,
            "uint64" | "u8" | "uintp" | "uint" | "ulonglong" => Scalar::U64,
            "float16" | "f2" | "half" => Scalar::F16,
            "float32" | "f4" | "single" => Scalar::F32,
            "float64" | "f8" | "double" | "float_" => Scalar::F64,
            "bfloat16" => Scalar::BF16,
            _ => return None,
        })
    }

    /// Size in bytes.
    pub fn size(self) -> u32 {
        match self {
            Scalar::Bool | Scalar::I8 | Scalar::U8 => 1,
            Scalar::I16 | Scalar::U16 | Scalar::F16 | Scalar::BF16 => 2,
            Scalar::I32 | Scalar::U32 | Scalar::F32 => 4,
            Scalar::I64 | Scalar::U64 | Scalar::F64 => 8,
        }
    }

    /// Width in bits.
    pub fn bits(self) -> u32 {
        self.size() * 8
    }

    /// True for the integer types (not `bool`).
    pub fn is_int(self) -> bool {
        self.is_signed() || self.is_unsigned()
    }

    /// True for `int8` .. `int64`.
    pub fn is_signed(self) -> bool {
        matches!(self, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64)
    }

    /// True for `uint8` .. `uint64`.
    pub fn is_unsigned(self) -> bool {
        matches!(self, Scalar::U8 | Scalar::U16 | Scalar::U32 | Scalar::U64)
    }

    /// True for `float16`, `float32`, `float64`.
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::F32 | Scalar::F64)
    }

    /// The signed integer type of `bits` bits.
    pub fn signed_of_bits(bits: u32) -> Scalar {
        match bits {
            8 => Scalar::I8,
            16 => Scalar::I16,
            32 => Scalar::I32,
            _ => Scalar::I64,
        }
    }

    /// The unsigned integer type of `bits` bits.
    pub fn unsigned_of_bits(bits: u32) -> Scalar {
        match bits {
            8 => Scalar::U8,
            16 => Scalar::U16,
            32 => Scalar::U32,
            _ => Scalar::U64,
        }
    }
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Memory layout of an array, as in Numba's `[::1]` notation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Layout {
    /// C-contiguous (`float32[:, ::1]`): the last dimension has unit stride.
    C,
    /// Fortran-contiguous (`float32[::1, :]`).
    F,
    /// Any layout (`float32[:, :]`): strides are taken from the array.
    A,
}

impl Layout {
    /// Numba's letter for the layout.
    pub fn letter(self) -> char {
        match self {
            Layout::C => 'C',
            Layout::F => 'F',
            Layout::A => 'A',
        }
    }
}
