//! Instructions: opcodes, their operand formats and their immediates.
//!
//! An [`InstructionData`] is one of a few operand *formats* (unary, binary,
//! load, call, branch, ...) tagged with an [`Opcode`] that says what the
//! instruction does. Result types are not stored here: they are the types of
//! the instruction's result values in the data-flow graph, and the text form
//! writes them after the opcode (`v3 = iadd.i64 v1, v2`).
//!
//! Semantics worth knowing:
//! - integer ops wrap (two's complement); `sdiv`/`srem` truncate toward zero
//!   like C (Python's floor semantics are built from them by the lowering);
//!   division by zero gives 0 (PTX gives an unspecified value; the lowering
//!   guards it);
//! - shifts take the amount modulo nothing: amounts ≥ the width give 0 (or
//!   all sign bits for `sshr`), as PTX does;
//! - `fcvt_to_sint`/`fcvt_to_uint` round toward zero and saturate; NaN gives 0;
//! - the math opcodes (`sin`, `exp`, ...) are correctly rounded to within
//!   2 ulp; a late pass expands them to the math library, or, under
//!   `fastmath`, to the hardware approximations.

use super::entities::{Block, FuncRef, StringId, Value};
use cranelift_entity::EntityList;
use std::fmt;

/// A list of values stored in the data-flow graph's pool.
pub type ValueList = EntityList<Value>;

macro_rules! opcodes {
    ($( $(#[$doc:meta])* $name:ident = $text:literal, )*) => {
        /// What an instruction does.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        pub enum Opcode {
            $( $(#[$doc])* $name, )*
        }

        impl Opcode {
            /// Every opcode.
            pub const ALL: &'static [Opcode] = &[$(Opcode::$name,)*];

            /// The opcode's name in the text form.
            pub fn name(self) -> &'static str {
                match self {
                    $( Opcode::$name => $text, )*
                }
            }

            /// Looks an opcode up by its text-form name.
            pub fn from_name(s: &str) -> Option<Opcode> {
                match s {
                    $( $text => Some(Opcode::$name), )*
                    _ => None,
                }
            }
        }
    };
}

opcodes! {
    /// Integer constant (`UnaryImm`).
    Iconst = "iconst",
    /// Float constant (`UnaryIeee`).
    Fconst = "fconst",
    /// Integer add.
    Iadd = "iadd",
    /// Integer subtract.
    Isub = "isub",
    /// Integer multiply (low half).
    Imul = "imul",
    /// Signed division, truncating.
    Sdiv = "sdiv",
    /// Unsigned division.
    Udiv = "udiv",
    /// Signed remainder (sign of the dividend).
    Srem = "srem",
    /// Unsigned remainder.
    Urem = "urem",
    /// Integer negation.
    Ineg = "ineg",
    /// Signed minimum.
    Smin = "smin",
    /// Signed maximum.
    Smax = "smax",
    /// Unsigned minimum.
    Umin = "umin",
    /// Unsigned maximum.
    Umax = "umax",
    /// Integer absolute value.
    Iabs = "iabs",
    /// Bitwise and.
    Band = "band",
    /// Bitwise or.
    Bor = "bor",
    /// Bitwise xor.
    Bxor = "bxor",
    /// Bitwise not.
    Bnot = "bnot",
    /// Shift left.
    Ishl = "ishl",
    /// Arithmetic shift right.
    Sshr = "sshr",
    /// Logical shift right.
    Ushr = "ushr",
    /// Population count (result has the operand's type).
    Popcnt = "popcnt",
    /// Count leading zeros.
    Clz = "clz",
    /// Count trailing zeros.
    Ctz = "ctz",
    /// Bit reversal.
    Bitrev = "bitrev",
    /// Float add.
    Fadd = "fadd",
    /// Float subtract.
    Fsub = "fsub",
    /// Float multiply.
    Fmul = "fmul",
    /// Float divide (correctly rounded).
    Fdiv = "fdiv",
    /// Float negation.
    Fneg = "fneg",
    /// Float absolute value.
    Fabs = "fabs",
    /// Float minimum (NaN if either is NaN).
    Fmin = "fmin",
    /// Float maximum (NaN if either is NaN).
    Fmax = "fmax",
    /// Square root (correctly rounded).
    Sqrt = "sqrt",
    /// Round toward negative infinity.
    Floor = "floor",
    /// Round toward positive infinity.
    Ceil = "ceil",
    /// Round toward zero.
    Trunc = "trunc",
    /// Round to nearest, ties to even.
    Nearest = "nearest",
    /// Magnitude of the first operand, sign of the second.
    Copysign = "copysign",
    /// Fused multiply-add `a * b + c`.
    Fma = "fma",
    /// Sine (math library).
    Sin = "sin",
    /// Cosine (math library).
    Cos = "cos",
    /// Tangent (math library).
    Tan = "tan",
    /// Arc sine (math library).
    Asin = "asin",
    /// Arc cosine (math library).
    Acos = "acos",
    /// Arc tangent (math library).
    Atan = "atan",
    /// Two-argument arc tangent `atan2(y, x)` (math library).
    Atan2 = "atan2",
    /// Hyperbolic sine (math library).
    Sinh = "sinh",
    /// Hyperbolic cosine (math library).
    Cosh = "cosh",
    /// Hyperbolic tangent (math library).
    Tanh = "tanh",
    /// Inverse hyperbolic sine (math library).
    Asinh = "asinh",
    /// Inverse hyperbolic cosine (math library).
    Acosh = "acosh",
    /// Inverse hyperbolic tangent (math library).
    Atanh = "atanh",
    /// `e**x` (math library).
    Exp = "exp",
    /// `e**x - 1` (math library).
    Expm1 = "expm1",
    /// Natural logarithm (math library).
    Log = "log",
    /// Base-2 logarithm (math library).
    Log2 = "log2",
    /// Base-10 logarithm (math library).
    Log10 = "log10",
    /// `log(1 + x)` (math library).
    Log1p = "log1p",
    /// `x ** y` for floats (math library).
    Pow = "pow",
    /// `x ** n` for a float and an `i64` exponent.
    Powi = "powi",
    /// Error function (math library).
    Erf = "erf",
    /// Complementary error function (math library).
    Erfc = "erfc",
    /// Gamma function (math library).
    Tgamma = "tgamma",
    /// Log of the absolute gamma function (math library).
    Lgamma = "lgamma",
    /// `sqrt(x*x + y*y)` without overflow (math library).
    Hypot = "hypot",
    /// C `fmod`: remainder with the sign of the dividend.
    Fmod = "fmod",
    /// Cube root (math library).
    Cbrt = "cbrt",
    /// `2**x` (math library).
    Exp2 = "exp2",
    /// `x * 2**n` for a float and an `i32` `n`, rounded once (math
    /// library).
    Ldexp = "ldexp",
    /// IEEE remainder `x - n*y`, `n` the integer nearest `x / y` (ties to
    /// even), exact (math library).
    Remainder = "remainder",
    /// Hardware sine approximation (`fastmath`, f32).
    SinApprox = "sin_approx",
    /// Hardware cosine approximation (`fastmath`, f32).
    CosApprox = "cos_approx",
    /// Hardware `2**x` approximation (`fastmath`, f32).
    Ex2Approx = "ex2_approx",
    /// Hardware `log2` approximation (`fastmath`, f32).
    Lg2Approx = "lg2_approx",
    /// Hardware reciprocal approximation (`fastmath`).
    RcpApprox = "rcp_approx",
    /// Hardware hyperbolic tangent approximation (`fastmath`, f32; PTX's
    /// `tanh.approx.f32` from sm_75, a sequence of `ex2.approx` and
    /// `rcp.approx` before).
    TanhApprox = "tanh_approx",
    /// Float add, rounded toward zero (libdevice's `_rz`).
    FaddRz = "fadd_rz",
    /// Float add, rounded toward negative infinity (libdevice's `_rd`).
    FaddRm = "fadd_rm",
    /// Float add, rounded toward positive infinity (libdevice's `_ru`).
    FaddRp = "fadd_rp",
    /// Float subtract, rounded toward zero (libdevice's `_rz`).
    FsubRz = "fsub_rz",
    /// Float subtract, rounded toward negative infinity (libdevice's `_rd`).
    FsubRm = "fsub_rm",
    /// Float subtract, rounded toward positive infinity (libdevice's `_ru`).
    FsubRp = "fsub_rp",
    /// Float multiply, rounded toward zero (libdevice's `_rz`).
    FmulRz = "fmul_rz",
    /// Float multiply, rounded toward negative infinity (libdevice's `_rd`).
    FmulRm = "fmul_rm",
    /// Float multiply, rounded toward positive infinity (libdevice's `_ru`).
    FmulRp = "fmul_rp",
    /// Float divide, rounded toward zero (libdevice's `_rz`).
    FdivRz = "fdiv_rz",
    /// Float divide, rounded toward negative infinity (libdevice's `_rd`).
    FdivRm = "fdiv_rm",
    /// Float divide, rounded toward positive infinity (libdevice's `_ru`).
    FdivRp = "fdiv_rp",
    /// Square root, rounded toward zero (libdevice's `_rz`).
    SqrtRz = "sqrt_rz",
    /// Square root, rounded toward negative infinity (libdevice's `_rd`).
    SqrtRm = "sqrt_rm",
    /// Square root, rounded toward positive infinity (libdevice's `_ru`).
    SqrtRp = "sqrt_rp",
    /// Fused multiply-add, rounded toward zero (libdevice's `_rz`).
    FmaRz = "fma_rz",
    /// Fused multiply-add, rounded toward negative infinity (libdevice's `_rd`).
    FmaRm = "fma_rm",
    /// Fused multiply-add, rounded toward positive infinity (libdevice's `_ru`).
    FmaRp = "fma_rp",
    /// Float to a narrower float, rounded toward zero (libdevice's `_rz`).
    FdemoteRz = "fdemote_rz",
    /// Float to a narrower float, rounded toward negative infinity (libdevice's `_rd`).
    FdemoteRm = "fdemote_rm",
    /// Float to a narrower float, rounded toward positive infinity (libdevice's `_ru`).
    FdemoteRp = "fdemote_rp",
    /// Signed integer to float, rounded toward zero (libdevice's `_rz`).
    FcvtFromSintRz = "fcvt_from_sint_rz",
    /// Signed integer to float, rounded toward negative infinity (libdevice's `_rd`).
    FcvtFromSintRm = "fcvt_from_sint_rm",
    /// Signed integer to float, rounded toward positive infinity (libdevice's `_ru`).
    FcvtFromSintRp = "fcvt_from_sint_rp",
    /// Unsigned integer to float, rounded toward zero (libdevice's `_rz`).
    FcvtFromUintRz = "fcvt_from_uint_rz",
    /// Unsigned integer to float, rounded toward negative infinity (libdevice's `_rd`).
    FcvtFromUintRm = "fcvt_from_uint_rm",
    /// Unsigned integer to float, rounded toward positive infinity (libdevice's `_ru`).
    FcvtFromUintRp = "fcvt_from_uint_rp",
    /// Integer comparison (`IntCompare`), gives `i1`.
    Icmp = "icmp",
    /// Float comparison (`FloatCompare`), gives `i1`.
    Fcmp = "fcmp",
    /// `select c, a, b`: `a` when `c` (an `i1`) holds, else `b`.
    Select = "select",
    /// Sign-extend to a wider integer.
    Sextend = "sextend",
    /// Zero-extend to a wider integer.
    Uextend = "uextend",
    /// Truncate to a narrower integer.
    Ireduce = "ireduce",
    /// Float to a wider float.
    Fpromote = "fpromote",
    /// Float to a narrower float (round to nearest even).
    Fdemote = "fdemote",
    /// Float to signed integer (toward zero, saturating).
    FcvtToSint = "fcvt_to_sint",
    /// Float to unsigned integer (toward zero, saturating).
    FcvtToUint = "fcvt_to_uint",
    /// Signed integer to float (round to nearest even).
    FcvtFromSint = "fcvt_from_sint",
    /// Unsigned integer to float (round to nearest even).
    FcvtFromUint = "fcvt_from_uint",
    /// Reinterpret the bits as another type of the same width.
    Bitcast = "bitcast",
    /// An `f32` rounded to bfloat16 (to nearest, ties to even; a NaN is
    /// `0x7fff`), its bits as an `i16`.
    F32ToBf16 = "f32_to_bf16",
    /// `ptr_add p, n`: pointer plus a byte offset (`i64`).
    PtrAdd = "ptr_add",
    /// Load from memory (`Load`).
    Load = "load",
    /// Store to memory (`Store`).
    Store = "store",
    /// Load from global memory with the cache hint `ld.global.ca`: cache
    /// in all levels (`Load`; `cuda.ldca`).
    LoadCa = "load_ca",
    /// Load from global memory, cached in L2 only (`ld.global.cg`).
    LoadCg = "load_cg",
    /// Load from global memory, streaming: likely read once (`ld.global.cs`).
    LoadCs = "load_cs",
    /// Load from global memory, the last use of the line (`ld.global.lu`).
    LoadLu = "load_lu",
    /// Load from global memory, not cached: fetched again (`ld.global.cv`).
    LoadCv = "load_cv",
    /// Store to global memory, cached in L2 only (`Store`; `st.global.cg`,
    /// `cuda.stcg`).
    StoreCg = "store_cg",
    /// Store to global memory, streaming: likely accessed once (`st.global.cs`).
    StoreCs = "store_cs",
    /// Store to global memory, write-back of all coherent levels
    /// (`st.global.wb`).
    StoreWb = "store_wb",
    /// Store to global memory, write-through to system memory (`st.global.wt`).
    StoreWt = "store_wt",
    /// Address of a shared array of the function (`AddrOf`).
    SharedAddr = "shared_addr",
    /// Address of a local array of the function (`AddrOf`).
    LocalAddr = "local_addr",
    /// Address of a constant array of the module (`AddrOf`).
    ConstAddr = "const_addr",
    /// Address of a string of the module, NUL-terminated (`AddrOf`, a
    /// global pointer; `print` passes it to a `%s`).
    StrAddr = "str_addr",
    /// Address of the dynamic shared memory (`Nullary`).
    DynSharedAddr = "dyn_shared_addr",
    /// Address of the module's exception record (`Nullary`, a global
    /// pointer): eight `u32`s, the code of the first raise site that
    /// raised (0: none; see [`super::Module::exc_sites`]), then its
    /// thread's `tid` and `ctaid` (x, y, z).
    ExcAddr = "exc_addr",
    /// Atomic read-modify-write returning the old value (`AtomicRmw`).
    AtomicRmw = "atomic_rmw",
    /// Atomic compare-and-swap returning the old value (`AtomicCas`).
    AtomicCas = "atomic_cas",
    /// A special register (`Special`), gives `i32`.
    Special = "special",
    /// `bar.sync 0` (`Nullary`).
    Syncthreads = "syncthreads",
    /// A grid-wide barrier of a cooperative launch (`Nullary`): every
    /// thread of the grid arrives before any leaves, and memory written
    /// before it by any thread is visible after it to every thread.
    GridSync = "grid_sync",
    /// Barrier counting threads whose `i1` is true, gives `i32`.
    SyncthreadsCount = "syncthreads_count",
    /// Barrier and "all threads' `i1` true", gives `i32`.
    SyncthreadsAnd = "syncthreads_and",
    /// Barrier and "any thread's `i1` true", gives `i32`.
    SyncthreadsOr = "syncthreads_or",
    /// Warp barrier over an `i32` member mask.
    Syncwarp = "syncwarp",
    /// Suspends the thread for about the `i32` operand's nanoseconds.
    Nanosleep = "nanosleep",
    /// Device-scope memory fence.
    Threadfence = "threadfence",
    /// Block-scope memory fence.
    ThreadfenceBlock = "threadfence_block",
    /// System-scope memory fence.
    ThreadfenceSystem = "threadfence_system",
    /// Warp shuffle (`Shuffle`).
    Shuffle = "shuffle",
    /// Warp vote or match (`Vote`).
    Vote = "vote",
    /// Mask of active lanes, `i32`.
    Activemask = "activemask",
    /// Mask of lanes below this one, `i32`.
    LanemaskLt = "lanemask_lt",
    /// Call of a module function (`Call`).
    Call = "call",
    /// Formatted print (`Print`).
    Print = "print",
    /// Unconditional branch (`Jump`).
    Jump = "jump",
    /// Two-way branch on an `i1` (`Brif`).
    Brif = "brif",
    /// Return from the function (`Return`).
    Return = "return",
    /// Abort the kernel (failed `assert` / bounds check).
    Trap = "trap",
    /// End the thread, from any function (a `raise` without `debug`, as
    /// Numba ends the thread on an exception).
    Exit = "exit",
}

impl Opcode {
    /// True for instructions that end a block.
    pub fn is_terminator(self) -> bool {
        matches!(
            self,
            Opcode::Jump | Opcode::Brif | Opcode::Return | Opcode::Trap | Opcode::Exit
        )
    }

    /// True for instructions with effects beyond their results (memory
    /// writes, synchronisation, output, control flow), which passes must
    /// neither remove nor reorder across one another.
    pub fn has_side_effects(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Store
                | LoadCa
                | LoadCg
                | LoadCs
                | LoadLu
                | LoadCv
                | StoreCg
                | StoreCs
                | StoreWb
                | StoreWt
                | AtomicRmw
                | AtomicCas
                | Syncthreads
                | GridSync
                | SyncthreadsCount
                | SyncthreadsAnd
                | SyncthreadsOr
                | Syncwarp
                | Nanosleep
                | Threadfence
                | ThreadfenceBlock
                | ThreadfenceSystem
                | Shuffle
                | Vote
                | Activemask
                | Call
                | Print
                | Jump
                | Brif
                | Return
                | Trap
                | Exit
        )
    }

    /// True for instructions that read memory (may not move across a write
    /// or barrier).
    pub fn reads_memory(self) -> bool {
        matches!(
            self,
            Opcode::Load | Opcode::AtomicRmw | Opcode::AtomicCas | Opcode::Call
        ) || self.is_cached_load()
    }

    /// The PTX cache operator of a global load or store with a cache hint
    /// (`"cg"` for `load_cg`), `None` for every other opcode. These
    /// opcodes have side effects: passes keep each one, in order, as
    /// written (the hints `.lu` and `.cv` say how often the line is read).
    pub fn cache_hint(self) -> Option<&'static str> {
        use Opcode::*;
        Some(match self {
            LoadCa => "ca",
            LoadCg | StoreCg => "cg",
            LoadCs | StoreCs => "cs",
            LoadLu => "lu",
            LoadCv => "cv",
            StoreWb => "wb",
            StoreWt => "wt",
            _ => return None,
        })
    }

    /// True for the loads with a cache hint (`load_ca` ... `load_cv`).
    pub fn is_cached_load(self) -> bool {
        use Opcode::*;
        matches!(self, LoadCa | LoadCg | LoadCs | LoadLu | LoadCv)
    }

    /// True for the stores with a cache hint (`store_cg` ... `store_wt`).
    pub fn is_cached_store(self) -> bool {
        use Opcode::*;
        matches!(self, StoreCg | StoreCs | StoreWb | StoreWt)
    }

    /// True for the math-library opcodes expanded by a late pass.
    pub fn is_math_library(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Sin | Cos
                | Tan
                | Asin
                | Acos
                | Atan
                | Atan2
                | Sinh
                | Cosh
                | Tanh
                | Asinh
                | Acosh
                | Atanh
                | Exp
                | Expm1
                | Log
                | Log2
                | Log10
                | Log1p
                | Pow
                | Powi
                | Erf
                | Erfc
                | Tgamma
                | Lgamma
                | Hypot
                | Fmod
                | Cbrt
                | Exp2
                | Ldexp
                | Remainder
        )
    }
}

/// A directed rounding mode of the `*_rz`/`*_rm`/`*_rp` opcodes (PTX's
/// `.rz`, `.rm`, `.rp`; libdevice's `_rz`, `_rd`, `_ru`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Rounding {
    /// Toward zero.
    Zero,
    /// Toward negative infinity.
    Down,
    /// Toward positive infinity.
    Up,
}

impl Rounding {
    /// PTX's modifier (without the dot).
    pub fn ptx(self) -> &'static str {
        match self {
            Rounding::Zero => "rz",
            Rounding::Down => "rm",
            Rounding::Up => "rp",
        }
    }
}

/// The opcodes with a directed-rounding form: each base opcode and its
/// `[toward zero, down, up]` forms.
const DIRECTED: [(Opcode, [Opcode; 3]); 9] = {
    use Opcode::*;
    [
        (Fadd, [FaddRz, FaddRm, FaddRp]),
        (Fsub, [FsubRz, FsubRm, FsubRp]),
        (Fmul, [FmulRz, FmulRm, FmulRp]),
        (Fdiv, [FdivRz, FdivRm, FdivRp]),
        (Sqrt, [SqrtRz, SqrtRm, SqrtRp]),
        (Fma, [FmaRz, FmaRm, FmaRp]),
        (Fdemote, [FdemoteRz, FdemoteRm, FdemoteRp]),
        (
            FcvtFromSint,
            [FcvtFromSintRz, FcvtFromSintRm, FcvtFromSintRp],
        ),
        (
            FcvtFromUint,
            [FcvtFromUintRz, FcvtFromUintRm, FcvtFromUintRp],
        ),
    ]
};

impl Opcode {
    /// For a directed-rounding opcode (`fadd_rz`), its round-to-nearest
    /// base opcode (`fadd`, whose operands and typing it shares) and its
    /// rounding.
    pub fn directed(self) -> Option<(Opcode, Rounding)> {
        DIRECTED.iter().find_map(|(base, forms)| {
            let k = forms.iter().position(|&f| f == self)?;
            Some((*base, [Rounding::Zero, Rounding::Down, Rounding::Up][k]))
        })
    }

    /// The form of `self` (a base opcode such as `fadd`) that rounds as
    /// `r`, if it has one.
    pub fn with_rounding(self, r: Rounding) -> Option<Opcode> {
        let (_, forms) = DIRECTED.iter().find(|(base, _)| *base == self)?;
        Some(forms[r as usize])
    }
}

impl fmt::Display for Opcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

macro_rules! named_enum {
    ($(#[$doc:meta])* $name:ident { $( $(#[$vdoc:meta])* $variant:ident = $text:literal, )* }) => {
        $(#[$doc])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        pub enum $name {
            $( $(#[$vdoc])* $variant, )*
        }

        impl $name {
            /// Every value.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The text-form spelling.
            pub fn name(self) -> &'static str {
                match self { $( $name::$variant => $text, )* }
            }

            /// Parses the text-form spelling.
            pub fn from_name(s: &str) -> Option<$name> {
                match s { $( $text => Some($name::$variant), )* _ => None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

named_enum! {
    /// Integer comparison conditions.
    IntCC {
        /// `==`.
        Eq = "eq",
        /// `!=`.
        Ne = "ne",
        /// Signed `<`.
        Slt = "slt",
        /// Signed `<=`.
        Sle = "sle",
        /// Signed `>`.
        Sgt = "sgt",
        /// Signed `>=`.
        Sge = "sge",
        /// Unsigned `<`.
        Ult = "ult",
        /// Unsigned `<=`.
        Ule = "ule",
        /// Unsigned `>`.
        Ugt = "ugt",
        /// Unsigned `>=`.
        Uge = "uge",
    }
}

named_enum! {
    /// Float comparison conditions (ordered ones are false on NaN; `ne` is
    /// true on NaN, as in Python).
    FloatCC {
        /// Ordered `==`.
        Eq = "eq",
        /// Unordered or `!=`.
        Ne = "ne",
        /// Ordered `<`.
        Lt = "lt",
        /// Ordered `<=`.
        Le = "le",
        /// Ordered `>`.
        Gt = "gt",
        /// Ordered `>=`.
        Ge = "ge",
        /// Either operand is NaN.
        Uno = "uno",
    }
}

impl IntCC {
    /// Whether the condition holds for two `width`-bit values given as
    /// their low bits (the semantics the interpreter and constant folding
    /// share).
    pub fn holds(self, width: u32, x: u64, y: u64) -> bool {
        let sext = |v: u64| {
            let shift = 64 - width.clamp(1, 64);
            ((v << shift) as i64) >> shift
        };
        let (sx, sy) = (sext(x), sext(y));
        match self {
            IntCC::Eq => x == y,
            IntCC::Ne => x != y,
            IntCC::Slt => sx < sy,
            IntCC::Sle => sx <= sy,
            IntCC::Sgt => sx > sy,
            IntCC::Sge => sx >= sy,
            IntCC::Ult => x < y,
            IntCC::Ule => x <= y,
            IntCC::Ugt => x > y,
            IntCC::Uge => x >= y,
        }
    }
}

impl FloatCC {
    /// Whether the condition holds (ordered except `ne` and `uno`; values
    /// of narrower floats are compared exactly as `f64`).
    pub fn holds(self, x: f64, y: f64) -> bool {
        match self {
            FloatCC::Eq => x == y,
            FloatCC::Ne => x != y,
            FloatCC::Lt => x < y,
            FloatCC::Le => x <= y,
            FloatCC::Gt => x > y,
            FloatCC::Ge => x >= y,
            FloatCC::Uno => x.is_nan() || y.is_nan(),
        }
    }
}

named_enum! {
    /// Atomic read-modify-write operations.
    AtomicRmwOp {
        /// Add (integers and floats).
        Add = "add",
        /// Subtract.
        Sub = "sub",
        /// Bitwise and.
        And = "and",
        /// Bitwise or.
        Or = "or",
        /// Bitwise xor.
        Xor = "xor",
        /// Exchange.
        Xchg = "xchg",
        /// Signed minimum. Floats, as Numba's `cuda.atomic.min`: the
        /// value is stored only when `v < old`, so a NaN value is ignored
        /// and a stored NaN stays.
        Smin = "smin",
        /// Signed maximum. Floats, as Numba's `cuda.atomic.max`: the
        /// value is stored only when `v > old` (NaN as for `Smin`).
        Smax = "smax",
        /// Unsigned minimum.
        Umin = "umin",
        /// Unsigned maximum.
        Umax = "umax",
        /// CUDA `atomicInc`: `old >= v ? 0 : old + 1`.
        Inc = "inc",
        /// CUDA `atomicDec`: `old == 0 || old > v ? v : old - 1`.
        Dec = "dec",
        /// Float maximum as Numba's `cuda.atomic.nanmax`: a NaN value is
        /// ignored, a stored NaN is replaced by the value.
        NanMax = "nanmax",
        /// Float minimum as Numba's `cuda.atomic.nanmin` (NaN as for
        /// `NanMax`).
        NanMin = "nanmin",
    }
}

named_enum! {
    /// Special registers (all `i32`).
    SpecialReg {
        /// `%tid.x`.
        TidX = "tid.x",
        /// `%tid.y`.
        TidY = "tid.y",
        /// `%tid.z`.
        TidZ = "tid.z",
        /// `%ctaid.x`.
        CtaidX = "ctaid.x",
        /// `%ctaid.y`.
        CtaidY = "ctaid.y",
        /// `%ctaid.z`.
        CtaidZ = "ctaid.z",
        /// `%ntid.x`.
        NtidX = "ntid.x",
        /// `%ntid.y`.
        NtidY = "ntid.y",
        /// `%ntid.z`.
        NtidZ = "ntid.z",
        /// `%nctaid.x`.
        NctaidX = "nctaid.x",
        /// `%nctaid.y`.
        NctaidY = "nctaid.y",
        /// `%nctaid.z`.
        NctaidZ = "nctaid.z",
        /// `%laneid`.
        Laneid = "laneid",
        /// `WARP_SZ` (32).
        Warpsize = "warpsize",
        /// `%dynamic_smem_size`: the launch's dynamic shared memory, in
        /// bytes.
        DynamicSmemSize = "dynamic_smem_size",
    }
}

named_enum! {
    /// Warp shuffle modes.
    ShuffleMode {
        /// From an absolute lane.
        Idx = "idx",
        /// From `lane - delta`.
        Up = "up",
        /// From `lane + delta`.
        Down = "down",
        /// From `lane ^ mask`.
        Bfly = "bfly",
    }
}

named_enum! {
    /// Warp vote modes, and the two match modes, which compare an `i32`
    /// or `i64` value across the member lanes instead of a predicate.
    VoteMode {
        /// All member lanes' predicates hold (`i1`).
        All = "all",
        /// Any member lane's predicate holds (`i1`).
        Any = "any",
        /// All predicates are equal (`i1`).
        Uni = "uni",
        /// Mask of lanes whose predicate holds (`i32`).
        Ballot = "ballot",
        /// Mask of the member lanes whose value equals this lane's (`i32`).
        MatchAny = "match_any",
        /// The member mask when every member lane has the same value, else
        /// 0 (`i32`).
        MatchAll = "match_all",
    }
}

impl VoteMode {
    /// True for the match modes, whose operand is a value, not a predicate.
    pub fn is_match(self) -> bool {
        matches!(self, VoteMode::MatchAny | VoteMode::MatchAll)
    }

    /// The result type: a lane mask (`i32`) or a predicate (`i1`).
    pub fn result_type(self) -> super::types::Type {
        match self {
            VoteMode::All | VoteMode::Any | VoteMode::Uni => super::types::Type::I1,
            VoteMode::Ballot | VoteMode::MatchAny | VoteMode::MatchAll => super::types::Type::I32,
        }
    }
}

/// A branch destination with the arguments for the block's parameters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BlockCall {
    /// The destination.
    pub block: Block,
    /// One value per block parameter.
    pub args: ValueList,
}

/// An instruction's operands, by format.
#[derive(Clone, Debug)]
pub enum InstructionData {
    /// No operands: `syncthreads`, fences, `activemask`, `trap`, ...
    Nullary {
        /// The opcode.
        opcode: Opcode,
    },
    /// An integer immediate: `iconst`.
    UnaryImm {
        /// The opcode.
        opcode: Opcode,
        /// The value, sign-extended to 64 bits.
        imm: i64,
    },
    /// A float immediate: `fconst` (the bits of the result type).
    UnaryIeee {
        /// The opcode.
        opcode: Opcode,
        /// IEEE bits, zero-extended.
        bits: u64,
    },
    /// One operand.
    Unary {
        /// The opcode.
        opcode: Opcode,
        /// The operand.
        arg: Value,
    },
    /// Two operands.
    Binary {
        /// The opcode.
        opcode: Opcode,
        /// The operands.
        args: [Value; 2],
    },
    /// Three operands (`select`, `fma`).
    Ternary {
        /// The opcode.
        opcode: Opcode,
        /// The operands.
        args: [Value; 3],
    },
    /// `icmp cond a, b`.
    IntCompare {
        /// The opcode.
        opcode: Opcode,
        /// The condition.
        cond: IntCC,
        /// The operands.
        args: [Value; 2],
    },
    /// `fcmp cond a, b`.
    FloatCompare {
        /// The opcode.
        opcode: Opcode,
        /// The condition.
        cond: FloatCC,
        /// The operands.
        args: [Value; 2],
    },
    /// `load.T addr+offset`.
    Load {
        /// The opcode.
        opcode: Opcode,
        /// The address (a pointer).
        addr: Value,
        /// A constant byte offset.
        offset: i32,
    },
    /// `store addr+offset, value`.
    Store {
        /// The opcode.
        opcode: Opcode,
        /// `[addr, value]`.
        args: [Value; 2],
        /// A constant byte offset.
        offset: i32,
    },
    /// `atomic_rmw.T op addr, value`.
    AtomicRmw {
        /// The opcode.
        opcode: Opcode,
        /// The operation.
        op: AtomicRmwOp,
        /// `[addr, value]`.
        args: [Value; 2],
    },
    /// `atomic_cas.T addr, expected, new`.
    AtomicCas {
        /// The opcode.
        opcode: Opcode,
        /// `[addr, expected, new]`.
        args: [Value; 3],
    },
    /// Address of a shared, local or constant array, by index.
    AddrOf {
        /// The opcode (`shared_addr`, `local_addr`, `const_addr`).
        opcode: Opcode,
        /// Index of the array in its table.
        index: u32,
    },
    /// A special register.
    Special {
        /// The opcode.
        opcode: Opcode,
        /// Which register.
        reg: SpecialReg,
    },
    /// `shuffle.T mode mask, value, lane`.
    Shuffle {
        /// The opcode.
        opcode: Opcode,
        /// The mode.
        mode: ShuffleMode,
        /// `[mask, value, lane_or_delta]`.
        args: [Value; 3],
    },
    /// `vote mode mask, pred` (`vote match_any mask, value` for the match
    /// modes).
    Vote {
        /// The opcode.
        opcode: Opcode,
        /// The mode.
        mode: VoteMode,
        /// `[mask, pred]` (`[mask, value]` for the match modes).
        args: [Value; 2],
    },
    /// `call fnN(args)`.
    Call {
        /// The opcode.
        opcode: Opcode,
        /// The callee.
        func: FuncRef,
        /// The arguments.
        args: ValueList,
    },
    /// `print strN(args)`.
    Print {
        /// The opcode.
        opcode: Opcode,
        /// The format string (printf syntax).
        format: StringId,
        /// The values.
        args: ValueList,
    },
    /// `jump blockN(args)`.
    Jump {
        /// The opcode.
        opcode: Opcode,
        /// The destination.
        dest: BlockCall,
    },
    /// `brif c, blockT(args), blockE(args)`.
    Brif {
        /// The opcode.
        opcode: Opcode,
        /// The condition (`i1`).
        cond: Value,
        /// `[then, else]`.
        blocks: [BlockCall; 2],
    },
    /// `return args`.
    Return {
        /// The opcode.
        opcode: Opcode,
        /// The returned values.
        args: ValueList,
    },
}

impl InstructionData {
    /// The instruction's opcode.
    pub fn opcode(&self) -> Opcode {
        use InstructionData::*;
        match *self {
            Nullary { opcode }
            | UnaryImm { opcode, .. }
            | UnaryIeee { opcode, .. }
            | Unary { opcode, .. }
            | Binary { opcode, .. }
            | Ternary { opcode, .. }
            | IntCompare { opcode, .. }
            | FloatCompare { opcode, .. }
            | Load { opcode, .. }
            | Store { opcode, .. }
            | AtomicRmw { opcode, .. }
            | AtomicCas { opcode, .. }
            | AddrOf { opcode, .. }
            | Special { opcode, .. }
            | Shuffle { opcode, .. }
            | Vote { opcode, .. }
            | Call { opcode, .. }
            | Print { opcode, .. }
            | Jump { opcode, .. }
            | Brif { opcode, .. }
            | Return { opcode, .. } => opcode,
        }
    }

    /// The branch destinations of a terminator (empty for others).
    pub fn branch_destinations(&self) -> &[BlockCall] {
        match self {
            InstructionData::Jump { dest, .. } => std::slice::from_ref(dest),
            InstructionData::Brif { blocks, .. } => blocks,
            _ => &[],
        }
    }

    /// Mutable branch destinations.
    pub fn branch_destinations_mut(&mut self) -> &mut [BlockCall] {
        match self {
            InstructionData::Jump { dest, .. } => std::slice::from_mut(dest),
            InstructionData::Brif { blocks, .. } => blocks,
            _ => &mut [],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instruction_data_stays_small() {
        // Like Cranelift's 16-byte instruction record: keep it compact.
        assert!(std::mem::size_of::<InstructionData>() <= 24);
    }

    #[test]
    fn names_round_trip() {
        for &op in Opcode::ALL {
            assert_eq!(Opcode::from_name(op.name()), Some(op));
        }
        for &r in SpecialReg::ALL {
            assert_eq!(SpecialReg::from_name(r.name()), Some(r));
        }
        assert!(Opcode::Brif.is_terminator());
        assert!(Opcode::Store.has_side_effects());
        assert_eq!(Opcode::LoadCv.cache_hint(), Some("cv"));
        assert_eq!(Opcode::StoreWt.cache_hint(), Some("wt"));
        assert!(Opcode::LoadLu.reads_memory() && Opcode::LoadLu.has_side_effects());
        assert!(Opcode::StoreCs.is_cached_store() && !Opcode::StoreCs.is_cached_load());
        assert_eq!(Opcode::Load.cache_hint(), None);
        assert!(!Opcode::Iadd.has_side_effects());
    }
}
