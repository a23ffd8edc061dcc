//! IR value types.
//!
//! Integers are sign-agnostic, as in Cranelift: signedness lives in the
//! operations (`sdiv`/`udiv`, `sextend`/`uextend`, signed and unsigned
//! comparison conditions). Pointers are 64-bit and carry the address space
//! they point into, so loads and stores know their PTX state space and the
//! verifier can reject, say, an atomic on local memory.

use std::fmt;

/// Where a pointer points.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum AddrSpace {
    /// Device memory (`.global`).
    Global,
    /// Block-shared memory (`.shared`).
    Shared,
    /// Thread-private memory (`.local`).
    Local,
    /// Constant memory (`.const`).
    Const,
    /// Kernel parameter memory (`.param`).
    Param,
}

impl AddrSpace {
    /// Every address space.
    pub const ALL: [AddrSpace; 5] = [
        AddrSpace::Global,
        AddrSpace::Shared,
        AddrSpace::Local,
        AddrSpace::Const,
        AddrSpace::Param,
    ];

    /// The name used in the text form and in PTX state spaces.
    pub fn name(self) -> &'static str {
        match self {
            AddrSpace::Global => "global",
            AddrSpace::Shared => "shared",
            AddrSpace::Local => "local",
            AddrSpace::Const => "const",
            AddrSpace::Param => "param",
        }
    }

    /// True when the memory can be written by a kernel.
    pub fn is_writable(self) -> bool {
        matches!(
            self,
            AddrSpace::Global | AddrSpace::Shared | AddrSpace::Local
        )
    }

    /// True when atomics may operate on it.
    pub fn allows_atomics(self) -> bool {
        matches!(self, AddrSpace::Global | AddrSpace::Shared)
    }
}

/// The type of an IR value.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Type {
    /// A boolean (a PTX predicate).
    I1,
    /// 8-bit integer.
    I8,
    /// 16-bit integer.
    I16,
    /// 32-bit integer.
    I32,
    /// 64-bit integer.
    I64,
    /// IEEE half precision.
    F16,
    /// IEEE single precision.
    F32,
    /// IEEE double precision.
    F64,
    /// A 64-bit pointer into an address space.
    Ptr(AddrSpace),
}

impl Type {
    /// True for `i1` .. `i64`.
    pub fn is_int(self) -> bool {
        matches!(
            self,
            Type::I1 | Type::I8 | Type::I16 | Type::I32 | Type::I64
        )
    }

    /// True for `f16`, `f32`, `f64`.
    pub fn is_float(self) -> bool {
        matches!(self, Type::F16 | Type::F32 | Type::F64)
    }

    /// True for pointers.
    pub fn is_ptr(self) -> bool {
        matches!(self, Type::Ptr(_))
    }

    /// Width in bits (pointers are 64-bit).
    pub fn bits(self) -> u32 {
        match self {
            Type::I1 => 1,
            Type::I8 => 8,
            Type::I16 | Type::F16 => 16,
            Type::I32 | Type::F32 => 32,
            Type::I64 | Type::F64 | Type::Ptr(_) => 64,
        }
    }

    /// Size in bytes when stored in memory (`i1` takes a byte).
    pub fn bytes(self) -> u32 {
        self.bits().div_ceil(8)
    }

    /// The integer type of `bits` bits.
    pub fn int(bits: u32) -> Option<Type> {
        Some(match bits {
            1 => Type::I1,
            8 => Type::I8,
            16 => Type::I16,
            32 => Type::I32,
            64 => Type::I64,
            _ => return None,
        })
    }

    /// The address space of a pointer type.
    pub fn addr_space(self) -> Option<AddrSpace> {
        match self {
            Type::Ptr(s) => Some(s),
            _ => None,
        }
    }

    /// Parses the text-form spelling of a type.
    pub fn parse(s: &str) -> Option<Type> {
        Some(match s {
            "i1" => Type::I1,
            "i8" => Type::I8,
            "i16" => Type::I16,
            "i32" => Type::I32,
            "i64" => Type::I64,
            "f16" => Type::F16,
            "f32" => Type::F32,
            "f64" => Type::F64,
            _ => {
                let space = s.strip_prefix("ptr.")?;
                Type::Ptr(*AddrSpace::ALL.iter().find(|a| a.name() == space)?)
            }
        })
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::I1 => f.write_str("i1"),
            Type::I8 => f.write_str("i8"),
            Type::I16 => f.write_str("i16"),
            Type::I32 => f.write_str("i32"),
            Type::I64 => f.write_str("i64"),
            Type::F16 => f.write_str("f16"),
            Type::F32 => f.write_str("f32"),
            Type::F64 => f.write_str("f64"),
            Type::Ptr(s) => write!(f, "ptr.{}", s.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_round_trip_through_text() {
        for t in [Type::I1, Type::I64, Type::F16, Type::Ptr(AddrSpace::Shared)] {
            assert_eq!(Type::parse(&t.to_string()), Some(t));
        }
        assert_eq!(Type::parse("ptr.heap"), None);
        assert_eq!(Type::I1.bytes(), 1);
    }
}
