//! Runtime values, the thread context and the interpreter's errors.

use crate::ir::builder::f64_to_f16_bits;
use crate::ir::types::Type;
use std::fmt;

/// A runtime value. Integers are kept as `u64` bits masked to their width
/// (sign-agnostic, like the IR); halves as their IEEE bits; pointers as the
/// encoded address of [`super::memory`].
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum Val {
    /// An `i1` (0 or 1).
    I1(u64),
    /// An `i8`.
    I8(u64),
    /// An `i16`.
    I16(u64),
    /// An `i32`.
    I32(u64),
    /// An `i64`.
    I64(u64),
    /// An `f16`, as bits.
    F16(u16),
    /// An `f32`.
    F32(f32),
    /// An `f64`.
    F64(f64),
    /// A pointer (encoded address space, region and offset).
    Ptr(u64),
}

/// Masks `bits` to the low `width` bits.
pub fn mask(bits: u64, width: u32) -> u64 {
    if width >= 64 {
        bits
    } else {
        bits & ((1u64 << width) - 1)
    }
}

/// Sign-extends the low `width` bits of `bits` to 64 bits.
pub fn sext(bits: u64, width: u32) -> i64 {
    if width >= 64 {
        bits as i64
    } else {
        let s = 64 - width;
        ((bits << s) as i64) >> s
    }
}

impl Val {
    /// An integer (or pointer) value of type `ty` from raw bits (masked).
    pub fn int(ty: Type, bits: u64) -> Val {
        match ty {
            Type::I1 => Val::I1(bits & 1),
            Type::I8 => Val::I8(mask(bits, 8)),
            Type::I16 => Val::I16(mask(bits, 16)),
            Type::I32 => Val::I32(mask(bits, 32)),
            Type::Ptr(_) => Val::Ptr(bits),
            _ => Val::I64(bits),
        }
    }

    /// A float value of type `ty` from an `f64` (rounded to the type).
    pub fn float(ty: Type, v: f64) -> Val {
        match ty {
            Type::F16 => Val::F16(f64_to_f16_bits(v)),
            Type::F32 => Val::F32(v as f32),
            _ => Val::F64(v),
        }
    }

    /// A value of type `ty` from its raw bits (as stored in memory).
    pub fn from_bits(ty: Type, bits: u64) -> Val {
        match ty {
            Type::F16 => Val::F16(bits as u16),
            Type::F32 => Val::F32(f32::from_bits(bits as u32)),
            Type::F64 => Val::F64(f64::from_bits(bits)),
            _ => Val::int(ty, bits),
        }
    }

    /// The raw bits (integers masked, floats as IEEE bits).
    pub fn bits(self) -> u64 {
        match self {
            Val::I1(b) | Val::I8(b) | Val::I16(b) | Val::I32(b) | Val::I64(b) | Val::Ptr(b) => b,
            Val::F16(b) => b as u64,
            Val::F32(f) => f.to_bits() as u64,
            Val::F64(f) => f.to_bits(),
        }
    }

    /// The value's type (pointers report the global space; the IR type of
    /// the value that holds them is what counts).
    pub fn ty(self) -> Type {
        match self {
            Val::I1(_) => Type::I1,
            Val::I8(_) => Type::I8,
            Val::I16(_) => Type::I16,
            Val::I32(_) => Type::I32,
            Val::I64(_) => Type::I64,
            Val::F16(_) => Type::F16,
            Val::F32(_) => Type::F32,
            Val::F64(_) => Type::F64,
            Val::Ptr(_) => Type::Ptr(crate::ir::types::AddrSpace::Global),
        }
    }

    /// The width in bits of the value's type.
    pub fn width(self) -> u32 {
        self.ty().bits()
    }

    /// A float value widened to `f64` (exactly); integers give their
    /// unsigned value.
    pub fn as_f64(self) -> f64 {
        match self {
            Val::F16(b) => f16_bits_to_f64(b),
            Val::F32(f) => f as f64,
            Val::F64(f) => f,
            other => other.bits() as f64,
        }
    }

    /// The value sign-extended from its width.
    pub fn as_i64(self) -> i64 {
        sext(self.bits(), self.width())
    }

    /// True for a nonzero integer.
    pub fn is_true(self) -> bool {
        self.bits() != 0
    }
}

/// Widens IEEE half bits to an `f64` (exact).
pub fn f16_bits_to_f64(b: u16) -> f64 {
    let sign = if b & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((b >> 10) & 0x1f) as i32;
    let man = (b & 0x3ff) as f64;
    let mag = match exp {
        0 => man * 2f64.powi(-24),
        31 if man == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + man / 1024.0) * 2f64.powi(exp - 15),
    };
    sign * mag
}

/// Which thread runs: its indices and the launch dimensions.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ThreadCtx {
    /// `threadIdx` (x, y, z).
    pub tid: [u32; 3],
    /// `blockIdx`.
    pub ctaid: [u32; 3],
    /// `blockDim`.
    pub ntid: [u32; 3],
    /// `gridDim`.
    pub nctaid: [u32; 3],
}

impl ThreadCtx {
    /// The only thread of a one-thread, one-block launch.
    pub fn single() -> Self {
        ThreadCtx {
            tid: [0; 3],
            ctaid: [0; 3],
            ntid: [1; 3],
            nctaid: [1; 3],
        }
    }

    /// Threads per block.
    pub fn block_threads(&self) -> u64 {
        self.ntid.iter().map(|&n| n as u64).product()
    }

    /// Threads in the whole launch.
    pub fn launch_threads(&self) -> u64 {
        self.block_threads() * self.nctaid.iter().map(|&n| n as u64).product::<u64>()
    }

    /// The thread's linear index within its block.
    pub fn linear_tid(&self) -> u64 {
        let [x, y, z] = self.tid.map(|v| v as u64);
        let [nx, ny, _] = self.ntid.map(|v| v as u64);
        x + nx * (y + ny * z)
    }
}

impl Default for ThreadCtx {
    fn default() -> Self {
        ThreadCtx::single()
    }
}

/// Why an interpretation stopped.
#[derive(Clone, PartialEq, Debug)]
pub enum InterpError {
    /// The kernel executed `trap` (a failed assert or bounds check).
    Trap,
    /// The thread executed `exit` (not an error: [`super::Interpreter::run`]
    /// turns it into a normal end of the thread).
    Exited,
    /// A memory access outside any allocation (the faulting address).
    OutOfBounds {
        /// The encoded address.
        addr: u64,
        /// The access size in bytes.
        size: u64,
    },
    /// A write to read-only memory (const or param).
    ReadOnly(u64),
    /// More instructions executed than the step limit allows.
    StepLimit(u64),
    /// Calls nested deeper than the recursion limit.
    RecursionLimit(usize),
    /// A barrier, fence or multi-lane warp operation outside a one-thread
    /// launch.
    NeedsSimt(&'static str),
    /// Ill-formed IR (wrong operand types, missing terminator, ...).
    Invalid(String),
}

impl fmt::Display for InterpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InterpError::Trap => f.write_str("trap executed"),
            InterpError::Exited => f.write_str("thread exited"),
            InterpError::OutOfBounds { addr, size } => {
                write!(f, "out-of-bounds access of {size} bytes at {addr:#x}")
            }
            InterpError::ReadOnly(a) => write!(f, "write to read-only memory at {a:#x}"),
            InterpError::StepLimit(n) => write!(f, "step limit of {n} instructions exceeded"),
            InterpError::RecursionLimit(n) => write!(f, "call depth limit of {n} exceeded"),
            InterpError::NeedsSimt(what) => {
                write!(f, "{what}: barrier needs the SIMT simulator")
            }
            InterpError::Invalid(m) => write!(f, "invalid IR: {m}"),
        }
    }
}

impl std::error::Error for InterpError {}
