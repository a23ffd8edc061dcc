//! The intrinsic table: every name a kernel can reach through `cuda`,
//! `math`, `numpy`, `numba` and the builtins, in one place.
//!
//! Each entry says where the name lives (its namespace and attribute), what
//! it is ([`Member`]) and, for callables, the parameter names used to match
//! keyword arguments. The typing rule of every callable is in one
//! function, `FnChecker::intrinsic_call` (`typeck/calls.rs`), and the
//! later stages key their lowering on the same [`Intrinsic`] values, so
//! adding an intrinsic means adding one row here and one arm in each (see
//! `ARCHITECTURE.md`).

use crate::enums::EnumKind;
use crate::front::ast::{BinOp, CmpOp};
use crate::types::{complex_from_name, Elem, Layout, Scalar, VectorType};
use rustc_hash::FxHashMap;
use std::fmt;
use std::sync::OnceLock;

/// A namespace (module or module-like object) whose attributes are looked up.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ns {
    /// `numba.cuda` (also `kernelc.cuda`).
    Cuda,
    /// `cuda.shared`.
    CudaShared,
    /// `cuda.local`.
    CudaLocal,
    /// `cuda.const`.
    CudaConst,
    /// `cuda.atomic`.
    CudaAtomic,
    /// `cuda.fp16`.
    CudaFp16,
    /// `numba.cuda.bf16` (also `kernelc.cuda.bf16`).
    CudaBf16,
    /// `numba.cuda.random` (also `kernelc.cuda.random`).
    CudaRandom,
    /// `cuda.libdevice`.
    CudaLibdevice,
    /// `numba.cuda.cg` (cooperative groups).
    CudaCg,
    /// `cuda.threadIdx` and friends.
    Dim3(Dim3),
    /// `math`.
    Math,
    /// `cmath`.
    Cmath,
    /// `numpy`.
    Numpy,
    /// `numba`.
    Numba,
    /// `numba.types`.
    NumbaTypes,
    /// `kernelc` (the binding's own module).
    Kernelc,
    /// `enum` (the bases of enum classes).
    Enum,
    /// `collections` (`namedtuple`).
    Collections,
    /// `typing` (`NamedTuple`).
    Typing,
    /// `operator` (the operators as functions: `operator.add`).
    Operator,
    /// `cffi` (its `FFI` class).
    Cffi,
    /// numba-cuda's `numba.cuda.np.numpy_support`: `carray` and `farray`
    /// (numba-cuda types those, not `numba.carray`).
    NumpySupport,
    /// A `cffi.FFI()` object of the file (`ffi = cffi.FFI()`): kernels
    /// call its `from_buffer`.
    Ffi,
}

impl Ns {
    /// The namespace as written by a user.
    pub fn path(self) -> &'static str {
        match self {
            Ns::Cuda => "cuda",
            Ns::CudaShared => "cuda.shared",
            Ns::CudaLocal => "cuda.local",
            Ns::CudaConst => "cuda.const",
            Ns::CudaAtomic => "cuda.atomic",
            Ns::CudaFp16 => "cuda.fp16",
            Ns::CudaBf16 => "cuda.bf16",
            Ns::CudaRandom => "cuda.random",
            Ns::CudaLibdevice => "cuda.libdevice",
            Ns::CudaCg => "cuda.cg",
            Ns::Dim3(d) => d.path(),
            Ns::Math => "math",
            Ns::Cmath => "cmath",
            Ns::Numpy => "numpy",
            Ns::Numba => "numba",
            Ns::NumbaTypes => "numba.types",
            Ns::Kernelc => "kernelc",
            Ns::Enum => "enum",
            Ns::Collections => "collections",
            Ns::Typing => "typing",
            Ns::Operator => "operator",
            Ns::Cffi => "cffi",
            Ns::NumpySupport => "numba.cuda.np.numpy_support",
            Ns::Ffi => "cffi.FFI()",
        }
    }
}

/// The four `dim3` special registers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dim3 {
    /// `cuda.threadIdx`.
    ThreadIdx,
    /// `cuda.blockIdx`.
    BlockIdx,
    /// `cuda.blockDim`.
    BlockDim,
    /// `cuda.gridDim`.
    GridDim,
}

impl Dim3 {
    fn path(self) -> &'static str {
        match self {
            Dim3::ThreadIdx => "cuda.threadIdx",
            Dim3::BlockIdx => "cuda.blockIdx",
            Dim3::BlockDim => "cuda.blockDim",
            Dim3::GridDim => "cuda.gridDim",
        }
    }
}

/// Atomic read-modify-write operations (`cuda.atomic.*`, except `cas`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum AtomicOp {
    Add,
    Sub,
    Max,
    Min,
    And,
    Or,
    Xor,
    Exch,
    Inc,
    Dec,
    /// `nanmax`: a NaN value is ignored, a stored NaN replaced.
    NanMax,
    /// `nanmin`: as `nanmax`.
    NanMin,
}

impl AtomicOp {
    /// The Python name (`and_` for `And`).
    pub fn name(self) -> &'static str {
        match self {
            AtomicOp::Add => "add",
            AtomicOp::Sub => "sub",
            AtomicOp::Max => "max",
            AtomicOp::Min => "min",
            AtomicOp::And => "and_",
            AtomicOp::Or => "or_",
            AtomicOp::Xor => "xor",
            AtomicOp::Exch => "exch",
            AtomicOp::Inc => "inc",
            AtomicOp::Dec => "dec",
            AtomicOp::NanMax => "nanmax",
            AtomicOp::NanMin => "nanmin",
        }
    }
}

/// The cache operators of numba-cuda's cache-hint loads and stores
/// (`cache_hints.py`: `cuda.ldca`, `ldcg`, `ldcs`, `ldlu`, `ldcv` and
/// `cuda.stcg`, `stcs`, `stwb`, `stwt`), PTX's `ld.global.OP` /
/// `st.global.OP`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum CacheHint {
    Ca,
    Cg,
    Cs,
    Lu,
    Cv,
    Wb,
    Wt,
}

impl CacheHint {
    /// The PTX cache operator (`cg`), also the suffix of the function's
    /// name (`ldcg`, `stcg`).
    pub fn name(self) -> &'static str {
        match self {
            CacheHint::Ca => "ca",
            CacheHint::Cg => "cg",
            CacheHint::Cs => "cs",
            CacheHint::Lu => "lu",
            CacheHint::Cv => "cv",
            CacheHint::Wb => "wb",
            CacheHint::Wt => "wt",
        }
    }

    /// The hints of `ld.global` (numba-cuda's `ld*` functions).
    pub const LOADS: [CacheHint; 5] = [
        CacheHint::Ca,
        CacheHint::Cg,
        CacheHint::Cs,
        CacheHint::Lu,
        CacheHint::Cv,
    ];

    /// The hints of `st.global` (numba-cuda's `st*` functions).
    pub const STORES: [CacheHint; 4] = [CacheHint::Cg, CacheHint::Cs, CacheHint::Wb, CacheHint::Wt];
}

/// Functions of the `math` module.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum MathFn {
    Sqrt,
    Exp,
    Expm1,
    Log,
    Log2,
    Log10,
    Log1p,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Asinh,
    Acosh,
    Atanh,
    Pow,
    Fabs,
    Floor,
    Ceil,
    Trunc,
    /// Round half to even, in the argument's float type (`np.rint`,
    /// `cuda.fp16.hrint`; not a `math` name).
    Rint,
    Copysign,
    Fmod,
    Hypot,
    Erf,
    Erfc,
    Gamma,
    Lgamma,
    IsNan,
    IsInf,
    IsFinite,
    Radians,
    Degrees,
    Exp2,
    /// `ldexp(x, i)`: `x * 2**i`, exactly rounded.
    Ldexp,
    /// `frexp(x)`: the tuple `(m, e)`, `x = m * 2**e`, `0.5 <= |m| < 1`.
    Frexp,
    /// `modf(x)`: the tuple (fractional part, integral part).
    Modf,
    /// IEEE remainder: `x - n*y`, `n` the integer nearest `x / y`.
    Remainder,
    /// The next float after `x` toward `y`.
    Nextafter,
}

impl MathFn {
    /// Number of arguments.
    pub fn arity(self) -> usize {
        match self {
            MathFn::Atan2
            | MathFn::Pow
            | MathFn::Copysign
            | MathFn::Fmod
            | MathFn::Hypot
            | MathFn::Ldexp
            | MathFn::Remainder
            | MathFn::Nextafter => 2,
            _ => 1,
        }
    }

    /// True for the functions numba-cuda computes on float16 arguments in
    /// float16 (through the `cuda.fp16` functions), typed float16.
    pub fn has_float16_form(self) -> bool {
        use MathFn as M;
        matches!(
            self,
            M::Sqrt
                | M::Exp
                | M::Exp2
                | M::Log
                | M::Log2
                | M::Log10
                | M::Sin
                | M::Cos
                | M::Tanh
                | M::Fabs
                | M::Floor
                | M::Ceil
                | M::Trunc
        )
    }

    /// True for the predicates returning `bool`.
    pub fn is_predicate(self) -> bool {
        matches!(self, MathFn::IsNan | MathFn::IsInf | MathFn::IsFinite)
    }
}

/// An operation provided by the language rather than written by the user.
/// Later stages lower each of these to IR and PTX.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Intrinsic {
    /// `cuda.threadIdx.x` etc.: a `dim3` special register, axis 0..3.
    Special(Dim3, u8),
    /// `cuda.laneid`.
    LaneId,
    /// `cuda.warpsize`.
    WarpSize,
    /// `cuda.grid(n)`.
    Grid(u8),
    /// `cuda.gridsize(n)`.
    GridSize(u8),
    /// `cuda.syncthreads()`.
    SyncThreads,
    /// `cuda.syncthreads_count(pred)`.
    SyncThreadsCount,
    /// `cuda.syncthreads_and(pred)`.
    SyncThreadsAnd,
    /// `cuda.syncthreads_or(pred)`.
    SyncThreadsOr,
    /// `cuda.syncwarp([mask])`.
    SyncWarp,
    /// `cuda.nanosleep(ns)`: suspends the thread for about `ns`
    /// nanoseconds (sm_70 and later).
    NanoSleep,
    /// `cuda.threadfence()`.
    ThreadFence,
    /// `cuda.threadfence_block()`.
    ThreadFenceBlock,
    /// `cuda.threadfence_system()`.
    ThreadFenceSystem,
    /// `cuda.atomic.<op>(array, index, value)`.
    Atomic(AtomicOp),
    /// `cuda.atomic.cas(array, index, old, value)`.
    AtomicCas,
    /// `cuda.atomic.compare_and_swap(array, old, value)` (element 0).
    AtomicCompareAndSwap,
    /// `cuda.ldcg(array, i)` and the other cache-hint loads: element `i`
    /// of a global array, read with `ld.global.HINT`.
    CachedLoad(CacheHint),
    /// `cuda.stcg(array, i, value)` and the other cache-hint stores.
    CachedStore(CacheHint),
    /// `cuda.shfl_sync(mask, value, src_lane)`.
    ShflSync,
    /// `cuda.shfl_up_sync(mask, value, delta)`.
    ShflUpSync,
    /// `cuda.shfl_down_sync(mask, value, delta)`.
    ShflDownSync,
    /// `cuda.shfl_xor_sync(mask, value, lane_mask)`.
    ShflXorSync,
    /// `cuda.all_sync(mask, pred)`.
    AllSync,
    /// `cuda.any_sync(mask, pred)`.
    AnySync,
    /// `cuda.eq_sync(mask, pred)`.
    EqSync,
    /// `cuda.ballot_sync(mask, pred)`.
    BallotSync,
    /// `cuda.match_any_sync(mask, value)`.
    MatchAnySync,
    /// `cuda.match_all_sync(mask, value)`.
    MatchAllSync,
    /// `cuda.activemask()`.
    ActiveMask,
    /// `cuda.lanemask_lt()`.
    LanemaskLt,
    /// `cuda.popc(x)`.
    Popc,
    /// `cuda.clz(x)`.
    Clz,
    /// `cuda.ffs(x)`.
    Ffs,
    /// `cuda.brev(x)`.
    Brev,
    /// `cuda.fma(a, b, c)`.
    Fma,
    /// `cuda.cbrt(x)`.
    Cbrt,
    /// A `math` function.
    Math(MathFn),
    /// `min(a, b, ...)`.
    Min,
    /// `max(a, b, ...)`.
    Max,
    /// `abs(x)`.
    Abs,
    /// `round(x)` (to int64) or `round(x, ndigits)`.
    Round,
    /// `complex(re, im)` of two values of the result's part type (Numba's
    /// `complex()`, and imaginary literals).
    MakeComplex,
    /// `z.real` of a complex number.
    Real,
    /// `z.imag` of a complex number.
    Imag,
    /// `z.conjugate()` of a complex number.
    Conjugate,
    /// A CUDA vector from its arguments' components (scalars, and the
    /// components of smaller vectors), in order.
    MakeVector,
    /// A `cmath` function.
    Cmath(CmathFn),
    /// A `cuda.libdevice` function: its index in
    /// [`crate::sema::libdevice::LIBDEVICE`].
    Libdevice(u16),
    /// A `numba.cuda.random` draw: `xoroshiro128p_uniform_float32(states,
    /// index)` and friends.
    Random(RandomFn),
    /// `cuda.cg.this_grid()`: the grid group of a cooperative launch (using
    /// it makes the kernel need one, as in numba-cuda).
    ThisGrid,
    /// A call of a function declared with `cuda.declare_device`: its index
    /// in [`crate::sema::typed::TypedProgram::externs`].
    Extern(u16),
    /// `carray(ptr, shape[, dtype])` (layout C) and `farray(...)` (layout
    /// F) of numba-cuda's `numpy_support`: an array over the elements a
    /// pointer points to.
    CfArray(Layout),
    /// `ffi.from_buffer(array)`: the address of a contiguous array's data,
    /// a pointer to its elements (numba-cuda's `cffi` support).
    FromBuffer,
    /// `group.sync()` of a grid group: a grid-wide barrier (int32 0, the
    /// `cudaCGSynchronize` status numba-cuda returns).
    GridSync,
    /// A whole-array reduction (`np.sum(a)`, `a.max()`): a loop over the
    /// array's elements (`sema/typeck/reductions.rs`, `lower/reductions.rs`).
    Reduce(Reduction),
    /// `a.view(dtype)`: the array's bytes as elements of another number
    /// type (the result's), its last (C) or first (F) extent rescaled.
    ViewDtype,
    /// A bfloat16 operation of `lower/bf16.rs` (`sema/bf16.rs`).
    Bf16(super::bf16::Bf16Prim),
}

/// NumPy's whole-array reductions, as numba-cuda implements them
/// (`np/arraymath.py`): no `axis`, a scalar result.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reduction {
    /// `np.sum` / `a.sum()`.
    Sum,
    /// `np.prod` / `a.prod()`.
    Prod,
    /// `np.mean` / `a.mean()`.
    Mean,
    /// `np.var` / `a.var()` (population variance, two passes).
    Var,
    /// `np.std` / `a.std()`: `var ** 0.5`.
    Std,
    /// `np.min`, `np.amin` / `a.min()`: the first NaN if there is one.
    Min,
    /// `np.max`, `np.amax` / `a.max()`.
    Max,
    /// `np.all` / `a.all()`.
    All,
    /// `np.any` / `a.any()`.
    Any,
    /// `np.nanmin`: NaNs ignored.
    NanMin,
    /// `np.nanmax`.
    NanMax,
    /// `np.nansum`.
    NanSum,
    /// `np.nanprod`.
    NanProd,
    /// `np.nanmean`.
    NanMean,
    /// `np.count_nonzero`.
    CountNonzero,
    /// `np.argmin` / `a.argmin()`: the flat (C-order) index of the first
    /// minimum, or of the first NaN.
    ArgMin,
    /// `np.argmax` / `a.argmax()`.
    ArgMax,
}

/// The reductions by their NumPy function names.
pub const REDUCTIONS: &[(&str, Reduction)] = &[
    ("sum", Reduction::Sum),
    ("prod", Reduction::Prod),
    ("mean", Reduction::Mean),
    ("var", Reduction::Var),
    ("std", Reduction::Std),
    ("min", Reduction::Min),
    ("amin", Reduction::Min),
    ("max", Reduction::Max),
    ("amax", Reduction::Max),
    ("all", Reduction::All),
    ("any", Reduction::Any),
    ("nanmin", Reduction::NanMin),
    ("nanmax", Reduction::NanMax),
    ("nansum", Reduction::NanSum),
    ("nanprod", Reduction::NanProd),
    ("nanmean", Reduction::NanMean),
    ("count_nonzero", Reduction::CountNonzero),
    ("argmin", Reduction::ArgMin),
    ("argmax", Reduction::ArgMax),
];

impl Reduction {
    /// NumPy's name (`np.<name>`).
    pub fn name(self) -> &'static str {
        REDUCTIONS
            .iter()
            .find(|(_, r)| *r == self)
            .map_or("?", |(n, _)| n)
    }

    /// The reduction that the array method `a.<name>()` is (Numba's
    /// `ndarray` methods: not the `nan*` functions nor `count_nonzero`).
    pub fn method(name: &str) -> Option<Reduction> {
        match name {
            "amin" | "amax" => None,
            _ => REDUCTIONS
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, r)| *r)
                .filter(|r| {
                    !matches!(
                        r,
                        Reduction::NanMin
                            | Reduction::NanMax
                            | Reduction::NanSum
                            | Reduction::NanProd
                            | Reduction::NanMean
                            | Reduction::CountNonzero
                    )
                }),
        }
    }
}

/// The draws of `numba.cuda.random`'s xoroshiro128+ generators.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RandomFn {
    /// `xoroshiro128p_uniform_float32`: in [0, 1].
    UniformFloat32,
    /// `xoroshiro128p_uniform_float64`: in [0, 1).
    UniformFloat64,
    /// `xoroshiro128p_normal_float32`: Box-Muller, two steps.
    NormalFloat32,
    /// `xoroshiro128p_normal_float64`: Box-Muller, two steps.
    NormalFloat64,
}

impl RandomFn {
    /// Its name in `numba.cuda.random`.
    pub fn name(self) -> &'static str {
        match self {
            RandomFn::UniformFloat32 => "xoroshiro128p_uniform_float32",
            RandomFn::UniformFloat64 => "xoroshiro128p_uniform_float64",
            RandomFn::NormalFloat32 => "xoroshiro128p_normal_float32",
            RandomFn::NormalFloat64 => "xoroshiro128p_normal_float64",
        }
    }

    /// The type of the number drawn.
    pub fn result(self) -> Scalar {
        match self {
            RandomFn::UniformFloat32 | RandomFn::NormalFloat32 => Scalar::F32,
            RandomFn::UniformFloat64 | RandomFn::NormalFloat64 => Scalar::F64,
        }
    }
}

impl fmt::Display for Intrinsic {
    /// The intrinsic as a user writes it (`cuda.atomic.add`, `math.sqrt`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Intrinsic as I;
        let name = match self {
            I::Bf16(p) => return write!(f, "cuda.bf16.{}", p.name()),
            I::Special(d, axis) => {
                return write!(f, "{}.{}", d.path(), ["x", "y", "z"][*axis as usize])
            }
            I::Atomic(op) => return write!(f, "cuda.atomic.{}", op.name()),
            I::CachedLoad(h) => return write!(f, "cuda.ld{}", h.name()),
            I::CachedStore(h) => return write!(f, "cuda.st{}", h.name()),
            // Not a `math` name: numpy's (and `cuda.fp16.hrint`'s).
            I::Math(MathFn::Rint) => "np.rint",
            I::Math(m) => {
                let name = MATH_FUNCS
                    .iter()
                    .find(|(_, g)| g == m)
                    .map_or("?", |(n, _)| n);
                return write!(f, "math.{name}");
            }
            I::Grid(_) => "cuda.grid",
            I::GridSize(_) => "cuda.gridsize",
            I::LaneId => "cuda.laneid",
            I::WarpSize => "cuda.warpsize",
            I::SyncThreads => "cuda.syncthreads",
            I::SyncThreadsCount => "cuda.syncthreads_count",
            I::SyncThreadsAnd => "cuda.syncthreads_and",
            I::SyncThreadsOr => "cuda.syncthreads_or",
            I::SyncWarp => "cuda.syncwarp",
            I::NanoSleep => "cuda.nanosleep",
            I::ThreadFence => "cuda.threadfence",
            I::ThreadFenceBlock => "cuda.threadfence_block",
            I::ThreadFenceSystem => "cuda.threadfence_system",
            I::AtomicCas => "cuda.atomic.cas",
            I::AtomicCompareAndSwap => "cuda.atomic.compare_and_swap",
            I::ShflSync => "cuda.shfl_sync",
            I::ShflUpSync => "cuda.shfl_up_sync",
            I::ShflDownSync => "cuda.shfl_down_sync",
            I::ShflXorSync => "cuda.shfl_xor_sync",
            I::AllSync => "cuda.all_sync",
            I::AnySync => "cuda.any_sync",
            I::EqSync => "cuda.eq_sync",
            I::BallotSync => "cuda.ballot_sync",
            I::MatchAnySync => "cuda.match_any_sync",
            I::MatchAllSync => "cuda.match_all_sync",
            I::ActiveMask => "cuda.activemask",
            I::LanemaskLt => "cuda.lanemask_lt",
            I::Popc => "cuda.popc",
            I::Clz => "cuda.clz",
            I::Ffs => "cuda.ffs",
            I::Brev => "cuda.brev",
            I::Fma => "cuda.fma",
            I::Cbrt => "cuda.cbrt",
            I::Min => "min",
            I::Max => "max",
            I::Abs => "abs",
            I::Round => "round",
            I::Random(r) => return write!(f, "cuda.random.{}", r.name()),
            I::Cmath(c) => return write!(f, "cmath.{}", c.name()),
            I::Libdevice(k) => {
                return write!(
                    f,
                    "cuda.libdevice.{}",
                    super::libdevice::LIBDEVICE[*k as usize].name
                )
            }
            I::Extern(_) => "a declared device function",
            I::MakeComplex => "complex",
            I::MakeVector => "vector",
            I::Real => ".real",
            I::Imag => ".imag",
            I::Conjugate => ".conjugate",
            I::ThisGrid => "cuda.cg.this_grid",
            I::GridSync => "GridGroup.sync",
            I::FromBuffer => "ffi.from_buffer",
            I::CfArray(Layout::F) => "farray",
            I::CfArray(_) => "carray",
            I::Reduce(r) => return write!(f, "np.{}", r.name()),
            I::ViewDtype => "ndarray.view",
        };
        f.write_str(name)
    }
}

/// The `cmath` functions (numba-cuda's `cmathimpl`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum CmathFn {
    Sqrt,
    Exp,
    Log,
    Log10,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Sinh,
    Cosh,
    Tanh,
    Asinh,
    Acosh,
    Atanh,
    Phase,
    Polar,
    Rect,
    IsNan,
    IsInf,
    IsFinite,
}

/// The `cmath` functions by name.
const CMATH_FUNCS: &[(&str, CmathFn)] = &[
    ("sqrt", CmathFn::Sqrt),
    ("exp", CmathFn::Exp),
    ("log", CmathFn::Log),
    ("log10", CmathFn::Log10),
    ("sin", CmathFn::Sin),
    ("cos", CmathFn::Cos),
    ("tan", CmathFn::Tan),
    ("asin", CmathFn::Asin),
    ("acos", CmathFn::Acos),
    ("atan", CmathFn::Atan),
    ("sinh", CmathFn::Sinh),
    ("cosh", CmathFn::Cosh),
    ("tanh", CmathFn::Tanh),
    ("asinh", CmathFn::Asinh),
    ("acosh", CmathFn::Acosh),
    ("atanh", CmathFn::Atanh),
    ("phase", CmathFn::Phase),
    ("polar", CmathFn::Polar),
    ("rect", CmathFn::Rect),
    ("isnan", CmathFn::IsNan),
    ("isinf", CmathFn::IsInf),
    ("isfinite", CmathFn::IsFinite),
];

impl CmathFn {
    /// The function's name in `cmath`.
    pub fn name(self) -> &'static str {
        CMATH_FUNCS
            .iter()
            .find(|(_, c)| *c == self)
            .map_or("?", |(n, _)| n)
    }
}

/// A callable that is not a user function.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Callee {
    /// An intrinsic operation.
    Intrinsic(Intrinsic),
    /// A dtype used as a conversion: `float32(x)`, `np.int64(x)`, `int(x)`.
    Cast(Elem),
    /// `bool(x)`.
    Bool,
    /// `complex(x)`, `complex(re, im)`.
    Complex,
    /// A CUDA vector type's constructor (`cuda.float32x4(x, y, z, w)`).
    Vector(VectorType),
    /// `float(x)`: float64 of an integer; a float keeps its type (Numba).
    Float,
    /// `int(x)`: int64 of a float or bool; an integer keeps its type (Numba).
    Int,
    /// `len(x)`.
    Len,
    /// `tuple()` (the empty tuple) and `tuple(t)` of a tuple (`t` itself),
    /// the forms Numba's `TupleConstructor` types.
    Tuple,
    /// `range(...)` (only as a `for` iterable).
    Range,
    /// `enumerate(iterable[, start])` (only as a `for` iterable).
    Enumerate,
    /// `zip(iterable, ...)` (only as a `for` iterable).
    Zip,
    /// `cuda.literal_unroll(tuple)` (only as a `for` iterable): the loop
    /// body is typed once per item, so the items may differ in type.
    LiteralUnroll,
    /// `print(...)` (only as a statement).
    Print,
    /// `cuda.shared.array(shape, dtype)`.
    SharedArray,
    /// `cuda.local.array(shape, dtype)`.
    LocalArray,
    /// `cuda.const.array_like(host_array)`.
    ConstArrayLike,
    /// A NumPy function on scalars (`np.sqrt(x)`), typed by NumPy's rules.
    Ufunc(Ufunc),
    /// `cuda.selp(predicate, a, b)`: `a` where the predicate holds, else
    /// `b`, both evaluated (PTX `selp`).
    Selp,
    /// A `cuda.fp16` function (`cuda.fp16.hadd(a, b)`): float16 operands
    /// and result (`bool` for the comparisons).
    Half(HalfOp),
    /// A function of the `operator` module (`operator.add(a, b)`): the
    /// operator, typed as the operator is.
    Operator(PyOperator),
    /// A function of `numba.cuda.bf16` (`hadd(a, b)`).
    Bf16(super::bf16::Bf16Fn),
    /// `isinstance(x, classinfo)` of a number type (or a tuple of them):
    /// a constant, as numba-cuda's `ol_isinstance` decides it while typing.
    IsInstance,
}

/// The operators the `operator` module has as functions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PyOperator {
    /// `add sub mul truediv floordiv mod pow lshift rshift and_ or_ xor`.
    Bin(crate::front::ast::BinOp),
    /// `neg pos invert not_`.
    Unary(crate::front::ast::UnaryOp),
    /// `lt le eq ne ge gt`.
    Cmp(crate::front::ast::CmpOp),
}

/// The names of [`PyOperator`] in `operator`.
const OPERATORS: &[(&str, PyOperator)] = {
    use crate::front::ast::{BinOp, CmpOp, UnaryOp};
    &[
        ("add", PyOperator::Bin(BinOp::Add)),
        ("sub", PyOperator::Bin(BinOp::Sub)),
        ("mul", PyOperator::Bin(BinOp::Mul)),
        ("truediv", PyOperator::Bin(BinOp::Div)),
        ("floordiv", PyOperator::Bin(BinOp::FloorDiv)),
        ("mod", PyOperator::Bin(BinOp::Mod)),
        ("pow", PyOperator::Bin(BinOp::Pow)),
        ("lshift", PyOperator::Bin(BinOp::LShift)),
        ("rshift", PyOperator::Bin(BinOp::RShift)),
        ("and_", PyOperator::Bin(BinOp::BitAnd)),
        ("or_", PyOperator::Bin(BinOp::BitOr)),
        ("xor", PyOperator::Bin(BinOp::BitXor)),
        ("neg", PyOperator::Unary(UnaryOp::Neg)),
        ("pos", PyOperator::Unary(UnaryOp::Pos)),
        ("invert", PyOperator::Unary(UnaryOp::Invert)),
        ("not_", PyOperator::Unary(UnaryOp::Not)),
        ("lt", PyOperator::Cmp(CmpOp::Lt)),
        ("le", PyOperator::Cmp(CmpOp::LtE)),
        ("eq", PyOperator::Cmp(CmpOp::Eq)),
        ("ne", PyOperator::Cmp(CmpOp::NotEq)),
        ("ge", PyOperator::Cmp(CmpOp::GtE)),
        ("gt", PyOperator::Cmp(CmpOp::Gt)),
    ]
};

impl PyOperator {
    /// The name in `operator`.
    pub fn name(self) -> &'static str {
        OPERATORS
            .iter()
            .find(|(_, o)| *o == self)
            .map_or("operator", |(n, _)| n)
    }
}

/// The `cuda.fp16` functions: float16 arithmetic, comparisons and math,
/// each correctly rounded to float16.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HalfOp {
    /// `hadd hsub hmul hdiv`: the operator.
    Arith(crate::front::ast::BinOp),
    /// `hneg`.
    Neg,
    /// `habs`.
    Abs,
    /// `hfma(a, b, c)`: `a * b + c` rounded once.
    Fma,
    /// `hmax` / `hmin`: a NaN operand is ignored (CUDA's `__hmax`).
    Max,
    /// `hmin`.
    Min,
    /// `heq hne hgt hge hlt hle`.
    Cmp(crate::front::ast::CmpOp),
    /// `hsqrt hexp hexp2 hlog hlog2 hlog10 hsin hcos hceil hfloor htrunc`
    /// (and the float16 forms of the `math` functions).
    Math(MathFn),
    /// `hexp10`: `10 ** x`.
    Exp10,
    /// `hrint`: to the nearest integer, halves to even.
    Rint,
    /// `hrsqrt`: `1 / sqrt(x)`.
    Rsqrt,
    /// `hrcp`: `1 / x`.
    Rcp,
}

/// The names of [`HalfOp`] in `cuda.fp16`.
const HALF_OPS: &[(&str, HalfOp)] = {
    use crate::front::ast::{BinOp, CmpOp};
    &[
        ("hadd", HalfOp::Arith(BinOp::Add)),
        ("hsub", HalfOp::Arith(BinOp::Sub)),
        ("hmul", HalfOp::Arith(BinOp::Mul)),
        ("hdiv", HalfOp::Arith(BinOp::Div)),
        ("hneg", HalfOp::Neg),
        ("habs", HalfOp::Abs),
        ("hfma", HalfOp::Fma),
        ("hmax", HalfOp::Max),
        ("hmin", HalfOp::Min),
        ("heq", HalfOp::Cmp(CmpOp::Eq)),
        ("hne", HalfOp::Cmp(CmpOp::NotEq)),
        ("hgt", HalfOp::Cmp(CmpOp::Gt)),
        ("hge", HalfOp::Cmp(CmpOp::GtE)),
        ("hlt", HalfOp::Cmp(CmpOp::Lt)),
        ("hle", HalfOp::Cmp(CmpOp::LtE)),
        ("hsqrt", HalfOp::Math(MathFn::Sqrt)),
        ("hexp", HalfOp::Math(MathFn::Exp)),
        ("hlog", HalfOp::Math(MathFn::Log)),
        ("hlog2", HalfOp::Math(MathFn::Log2)),
        ("hlog10", HalfOp::Math(MathFn::Log10)),
        ("hsin", HalfOp::Math(MathFn::Sin)),
        ("hcos", HalfOp::Math(MathFn::Cos)),
        ("hceil", HalfOp::Math(MathFn::Ceil)),
        ("hfloor", HalfOp::Math(MathFn::Floor)),
        ("htrunc", HalfOp::Math(MathFn::Trunc)),
        ("hexp2", HalfOp::Math(MathFn::Exp2)),
        ("hexp10", HalfOp::Exp10),
        ("hrint", HalfOp::Rint),
        ("hrsqrt", HalfOp::Rsqrt),
        ("hrcp", HalfOp::Rcp),
    ]
};

impl HalfOp {
    /// Number of arguments.
    pub fn arity(self) -> usize {
        match self {
            HalfOp::Arith(_) | HalfOp::Max | HalfOp::Min | HalfOp::Cmp(_) => 2,
            HalfOp::Fma => 3,
            _ => 1,
        }
    }

    /// The name in `cuda.fp16`.
    pub fn name(self) -> &'static str {
        HALF_OPS
            .iter()
            .find(|(_, o)| *o == self)
            .map_or("fp16", |(n, _)| n)
    }
}

/// The NumPy functions kernels may call on scalars. Their result types
/// follow Numba's ufunc typing, which differs from `math`'s: `np.sqrt` of
/// an `int16` is `float32`, `np.floor` of an integer keeps its type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ufunc {
    /// A float function of one argument (`sqrt`, `exp`, `sin`, ...): the
    /// argument in NumPy's float type for it.
    Float(MathFn),
    /// `cbrt`.
    Cbrt,
    /// `exp2`.
    Exp2,
    /// `rint`: to the nearest integer, halves to even, as a float.
    Rint,
    /// `floor`, `ceil`, `trunc`: integers (and `bool`) unchanged.
    Rounding(MathFn),
    /// `abs` / `absolute`: integers keep their type, `bool` too.
    Absolute,
    /// `isnan`, `isinf`, `isfinite`: of an integer, a constant.
    Predicate(MathFn),
    /// `negative`.
    Negative,
    /// `sign`: -1, 0 or 1 (a NaN stays NaN).
    Sign,
    /// `square`.
    Square,
    /// A float function of two arguments (`arctan2`, `hypot`, `copysign`).
    Float2(MathFn),
    /// `minimum` / `maximum`: a NaN operand gives NaN.
    Minimum,
    /// `maximum`.
    Maximum,
    /// `fmin` / `fmax`: a NaN operand is ignored.
    Fmin,
    /// `fmax`.
    Fmax,
    /// `greater`, `greater_equal`, `less`, `less_equal`, `equal`,
    /// `not_equal`: a `bool` of the operands in their loop type (a signed
    /// and an unsigned 64-bit integer compare as numbers, NumPy's `qQ`
    /// loops).
    Compare(CmpOp),
    /// `logical_and`, `logical_or`, `logical_xor`: of the operands' truth.
    Logical(BinOp),
    /// `logical_not`.
    LogicalNot,
    /// `bitwise_and`, `bitwise_or`, `bitwise_xor`, `left_shift`,
    /// `right_shift`: integer (and `bool`) loops only.
    Bitwise(BinOp),
    /// `invert` / `bitwise_not`: integer (and `bool`) loops only.
    Invert,
    /// `divide` / `true_divide`: a float (or complex) quotient; integers
    /// divide in their float loop, so a zero divisor gives inf or NaN.
    Divide,
    /// `conjugate` / `conj`: a real number is itself (`bool` as `int8`).
    Conjugate,
}

/// NumPy's names of the functions of [`Ufunc`].
const UFUNCS: &[(&str, Ufunc)] = &[
    ("sqrt", Ufunc::Float(MathFn::Sqrt)),
    ("exp", Ufunc::Float(MathFn::Exp)),
    ("expm1", Ufunc::Float(MathFn::Expm1)),
    ("log", Ufunc::Float(MathFn::Log)),
    ("log2", Ufunc::Float(MathFn::Log2)),
    ("log10", Ufunc::Float(MathFn::Log10)),
    ("log1p", Ufunc::Float(MathFn::Log1p)),
    ("sin", Ufunc::Float(MathFn::Sin)),
    ("cos", Ufunc::Float(MathFn::Cos)),
    ("tan", Ufunc::Float(MathFn::Tan)),
    ("arcsin", Ufunc::Float(MathFn::Asin)),
    ("arccos", Ufunc::Float(MathFn::Acos)),
    ("arctan", Ufunc::Float(MathFn::Atan)),
    ("sinh", Ufunc::Float(MathFn::Sinh)),
    ("cosh", Ufunc::Float(MathFn::Cosh)),
    ("tanh", Ufunc::Float(MathFn::Tanh)),
    ("arcsinh", Ufunc::Float(MathFn::Asinh)),
    ("arccosh", Ufunc::Float(MathFn::Acosh)),
    ("arctanh", Ufunc::Float(MathFn::Atanh)),
    ("fabs", Ufunc::Float(MathFn::Fabs)),
    ("deg2rad", Ufunc::Float(MathFn::Radians)),
    ("radians", Ufunc::Float(MathFn::Radians)),
    ("rad2deg", Ufunc::Float(MathFn::Degrees)),
    ("degrees", Ufunc::Float(MathFn::Degrees)),
    ("cbrt", Ufunc::Cbrt),
    ("exp2", Ufunc::Exp2),
    ("rint", Ufunc::Rint),
    ("floor", Ufunc::Rounding(MathFn::Floor)),
    ("ceil", Ufunc::Rounding(MathFn::Ceil)),
    ("trunc", Ufunc::Rounding(MathFn::Trunc)),
    ("abs", Ufunc::Absolute),
    ("absolute", Ufunc::Absolute),
    ("isnan", Ufunc::Predicate(MathFn::IsNan)),
    ("isinf", Ufunc::Predicate(MathFn::IsInf)),
    ("isfinite", Ufunc::Predicate(MathFn::IsFinite)),
    ("negative", Ufunc::Negative),
    ("sign", Ufunc::Sign),
    ("square", Ufunc::Square),
    ("arctan2", Ufunc::Float2(MathFn::Atan2)),
    ("hypot", Ufunc::Float2(MathFn::Hypot)),
    ("copysign", Ufunc::Float2(MathFn::Copysign)),
    ("minimum", Ufunc::Minimum),
    ("maximum", Ufunc::Maximum),
    ("fmin", Ufunc::Fmin),
    ("fmax", Ufunc::Fmax),
    ("greater", Ufunc::Compare(CmpOp::Gt)),
    ("greater_equal", Ufunc::Compare(CmpOp::GtE)),
    ("less", Ufunc::Compare(CmpOp::Lt)),
    ("less_equal", Ufunc::Compare(CmpOp::LtE)),
    ("equal", Ufunc::Compare(CmpOp::Eq)),
    ("not_equal", Ufunc::Compare(CmpOp::NotEq)),
    ("logical_and", Ufunc::Logical(BinOp::BitAnd)),
    ("logical_or", Ufunc::Logical(BinOp::BitOr)),
    ("logical_xor", Ufunc::Logical(BinOp::BitXor)),
    ("logical_not", Ufunc::LogicalNot),
    ("bitwise_and", Ufunc::Bitwise(BinOp::BitAnd)),
    ("bitwise_or", Ufunc::Bitwise(BinOp::BitOr)),
    ("bitwise_xor", Ufunc::Bitwise(BinOp::BitXor)),
    ("left_shift", Ufunc::Bitwise(BinOp::LShift)),
    ("right_shift", Ufunc::Bitwise(BinOp::RShift)),
    ("invert", Ufunc::Invert),
    ("bitwise_not", Ufunc::Invert),
    ("divide", Ufunc::Divide),
    ("true_divide", Ufunc::Divide),
    ("conjugate", Ufunc::Conjugate),
    ("conj", Ufunc::Conjugate),
    // NumPy 2's other names of the same ufunc objects (`np.asin is
    // np.arcsin`), which Numba therefore takes as well.
    ("asin", Ufunc::Float(MathFn::Asin)),
    ("acos", Ufunc::Float(MathFn::Acos)),
    ("atan", Ufunc::Float(MathFn::Atan)),
    ("asinh", Ufunc::Float(MathFn::Asinh)),
    ("acosh", Ufunc::Float(MathFn::Acosh)),
    ("atanh", Ufunc::Float(MathFn::Atanh)),
    ("atan2", Ufunc::Float2(MathFn::Atan2)),
    ("bitwise_invert", Ufunc::Invert),
    ("bitwise_left_shift", Ufunc::Bitwise(BinOp::LShift)),
    ("bitwise_right_shift", Ufunc::Bitwise(BinOp::RShift)),
];

impl Ufunc {
    /// Number of arguments.
    pub fn arity(self) -> usize {
        match self {
            Ufunc::Float2(_)
            | Ufunc::Minimum
            | Ufunc::Maximum
            | Ufunc::Fmin
            | Ufunc::Fmax
            | Ufunc::Compare(_)
            | Ufunc::Logical(_)
            | Ufunc::Bitwise(_)
            | Ufunc::Divide => 2,
            _ => 1,
        }
    }

    /// NumPy's name.
    pub fn name(self) -> &'static str {
        UFUNCS
            .iter()
            .find(|(_, u)| *u == self)
            .map_or("ufunc", |(n, _)| n)
    }
}

impl fmt::Display for Callee {
    /// The callee as a user writes it, for messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Callee::Intrinsic(i) => write!(f, "{i}"),
            Callee::Cast(s) => write!(f, "{s}"),
            Callee::Bool => f.write_str("bool"),
            Callee::Complex => f.write_str("complex"),
            Callee::Vector(v) => write!(f, "cuda.{v}"),
            Callee::Float => f.write_str("float"),
            Callee::Int => f.write_str("int"),
            Callee::Len => f.write_str("len"),
            Callee::IsInstance => f.write_str("isinstance"),
            Callee::Tuple => f.write_str("tuple"),
            Callee::Range => f.write_str("range"),
            Callee::Enumerate => f.write_str("enumerate"),
            Callee::Zip => f.write_str("zip"),
            Callee::LiteralUnroll => f.write_str("literal_unroll"),
            Callee::Print => f.write_str("print"),
            Callee::SharedArray => f.write_str("cuda.shared.array"),
            Callee::LocalArray => f.write_str("cuda.local.array"),
            Callee::ConstArrayLike => f.write_str("cuda.const.array_like"),
            Callee::Ufunc(u) => write!(f, "np.{}", u.name()),
            Callee::Half(h) => write!(f, "cuda.fp16.{}", h.name()),
            Callee::Bf16(b) => write!(f, "cuda.bf16.{}", super::bf16::name_of(*b)),
            Callee::Selp => f.write_str("cuda.selp"),
            Callee::Operator(o) => write!(f, "operator.{}", o.name()),
        }
    }
}

impl Callee {
    /// Parameter names, for keyword arguments and arity messages.
    pub fn params(self) -> &'static [&'static str] {
        use Intrinsic as I;
        match self {
            Callee::SharedArray | Callee::LocalArray => &["shape", "dtype", "alignment"],
            Callee::ConstArrayLike => &["ndarray"],
            Callee::Tuple => &["iterable"],
            Callee::Cast(_) | Callee::Bool | Callee::Float | Callee::Int | Callee::Len => &["x"],
            Callee::IsInstance => &["obj", "classinfo"],
            Callee::Complex => &["real", "imag"],
            Callee::Vector(v) => &["x", "y", "z", "w"][..v.n as usize],
            // An explicit output array last (`out`), as NumPy's.
            Callee::Ufunc(u) if u.arity() == 2 => &["x1", "x2", "out"],
            Callee::Selp => &["predicate", "a", "b"],
            Callee::Half(h) => match h.arity() {
                1 => &["a"],
                2 => &["a", "b"],
                _ => &["a", "b", "c"],
            },
            Callee::Bf16(b) => match b.arity() {
                1 => &["a"],
                2 => &["a", "b"],
                _ => &["a", "b", "c"],
            },
            Callee::Ufunc(_) => &["x", "out"],
            Callee::Operator(PyOperator::Unary(_)) => &["a"],
            Callee::Operator(_) => &["a", "b"],
            Callee::Range
            | Callee::Enumerate
            | Callee::Zip
            | Callee::LiteralUnroll
            | Callee::Print => &[],
            Callee::Intrinsic(i) => match i {
                I::Grid(_) | I::GridSize(_) => &["ndim"],
                I::SyncThreadsCount | I::SyncThreadsAnd | I::SyncThreadsOr => &["predicate"],
                I::SyncWarp => &["mask"],
                I::NanoSleep => &["ns"],
                I::Atomic(_) => &["ary", "idx", "val"],
                I::AtomicCas => &["ary", "idx", "old", "val"],
                I::AtomicCompareAndSwap => &["ary", "old", "val"],
                I::CachedLoad(_) => &["array", "i"],
                I::CachedStore(_) => &["array", "i", "value"],
                I::ShflSync => &["mask", "value", "src_lane"],
                I::ShflUpSync | I::ShflDownSync => &["mask", "value", "delta"],
                I::ShflXorSync => &["mask", "value", "lane_mask"],
                I::AllSync | I::AnySync | I::EqSync | I::BallotSync => &["mask", "predicate"],
                I::MatchAnySync | I::MatchAllSync => &["mask", "value"],
                I::Popc | I::Clz | I::Ffs | I::Brev | I::Cbrt | I::Abs => &["x"],
                I::Fma => &["a", "b", "c"],
                I::Round => &["number", "ndigits"],
                I::Math(MathFn::Ldexp) => &["x", "i"],
                I::Random(_) => &["states", "index"],
                I::Libdevice(k) => {
                    &["x", "y", "z"][..super::libdevice::LIBDEVICE[k as usize].params.len()]
                }
                I::GridSync => &["group"],
                I::FromBuffer => &["python_buffer"],
                I::CfArray(_) => &["ptr", "shape", "dtype"],
                I::Reduce(_) => &["a", "axis"],
                I::Math(f) if f.arity() == 2 => &["x", "y"],
                I::Math(_) => &["x"],
                I::Cmath(CmathFn::Rect) => &["r", "phi"],
                I::Cmath(CmathFn::Log) => &["z", "base"],
                I::Cmath(_) => &["z"],
                _ => &[],
            },
        }
    }

    /// True when the callee is also a value (`f = math.sin`, `apply(cuda.atomic.add,
    /// ...)`), as Numba types it as a `Function`. Not the builtins Numba
    /// types as classes (`int`, `float`, `complex`, `bool`: the dtypes are
    /// values of their own, `Type::Class`), vector types, and the callables
    /// that are only valid in one place (`range`, `print`,
    /// `cuda.shared.array`, ...).
    pub fn is_value(self) -> bool {
        !matches!(
            self,
            Callee::Cast(_)
                | Callee::Bool
                | Callee::Complex
                | Callee::Float
                | Callee::Int
                | Callee::Tuple
                | Callee::Vector(_)
                | Callee::Range
                | Callee::Enumerate
                | Callee::Zip
                | Callee::LiteralUnroll
                | Callee::Print
                | Callee::SharedArray
                | Callee::LocalArray
                | Callee::ConstArrayLike
        )
    }

    /// True when every listed parameter is required (others may be omitted).
    pub fn required_params(self) -> usize {
        match self {
            Callee::Intrinsic(Intrinsic::SyncWarp) => 0,
            Callee::Intrinsic(Intrinsic::Round | Intrinsic::Cmath(CmathFn::Log)) => 1,
            Callee::Intrinsic(Intrinsic::CfArray(_)) => 2,
            Callee::Tuple => 0,
            // `axis` is matched only to be refused with a clear message.
            Callee::Intrinsic(Intrinsic::Reduce(_)) => 1,
            Callee::Complex => 1,
            Callee::Ufunc(u) => u.arity(),
            // Components may come from smaller vectors: at least one.
            Callee::Vector(_) => 1,
            Callee::SharedArray | Callee::LocalArray => 2,
            c => c.params().len(),
        }
    }
}

/// What an attribute of a namespace (or a builtin name) is.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Member {
    /// Another namespace (`cuda.shared`, `cuda.threadIdx`).
    Namespace(Ns),
    /// A value read without a call (`cuda.threadIdx.x`, `cuda.laneid`).
    Value(Intrinsic),
    /// A float constant (`math.pi`).
    FloatConst(f64),
    /// A dtype (`numba.float32`, `np.int8`, `np.complex64`); callable as a
    /// conversion.
    Dtype(Elem),
    /// A callable.
    Func(Callee),
    /// `cuda.jit`: only valid as a decorator.
    Jit,
    /// `cuda.declare_device`: only valid as a module-level assignment's
    /// value (`mul = cuda.declare_device("mul_f32", "float32(float32,
    /// float32)")`).
    DeclareDevice,
    /// `numba.njit` / `numba.jit`: only valid as a decorator; a kernel
    /// calls the function as a device function (Numba compiles it for the
    /// device).
    CpuJit,
    /// `enum.Enum` / `enum.IntEnum`: only valid as the base of a class at
    /// the top level of the file.
    EnumBase(EnumKind),
    /// `enum.auto`: only valid as the value of an enum member.
    EnumAuto,
    /// `enum.unique`: only valid as the decorator of an enum class.
    EnumUnique,
    /// `collections.namedtuple`: only valid to define a named tuple class
    /// at the top level (`Point = namedtuple('Point', 'x y')`).
    NamedTupleFactory,
    /// `typing.NamedTuple`: only valid as the base of a class at the top
    /// level.
    NamedTupleBase,
    /// `cffi.FFI`: only valid to make the file's FFI object at the top
    /// level (`ffi = cffi.FFI()`).
    FfiClass,
    /// `np.dtype` (`false`) and `numba.from_dtype` (`true`): only valid to
    /// define a record dtype at the top level (`REC = np.dtype([...])`).
    RecordDtype(bool),
}

/// Every `ns.attr` a kernel can use, by namespace and name.
type MemberTable = FxHashMap<(Ns, &'static str), Member>;

/// The table behind [`member`], made on first use.
static TABLE: OnceLock<MemberTable> = OnceLock::new();

fn table() -> &'static MemberTable {
    TABLE.get_or_init(|| {
        let entries = table_entries();
        let mut table = MemberTable::with_capacity_and_hasher(entries.len(), Default::default());
        for (ns, name, member) in entries {
            let old = table.insert((ns, name), member);
            assert!(old.is_none(), "{name} is twice in {}", ns.path());
        }
        table
    })
}

/// `ldcg`, `stwt`: the name of a cache-hint function (the table's keys
/// are static strings).
fn cache_name(prefix: &str, h: CacheHint) -> &'static str {
    match (prefix, h) {
        ("ld", CacheHint::Ca) => "ldca",
        ("ld", CacheHint::Cg) => "ldcg",
        ("ld", CacheHint::Cs) => "ldcs",
        ("ld", CacheHint::Lu) => "ldlu",
        ("ld", CacheHint::Cv) => "ldcv",
        (_, CacheHint::Cg) => "stcg",
        (_, CacheHint::Cs) => "stcs",
        (_, CacheHint::Wb) => "stwb",
        (_, CacheHint::Wt) => "stwt",
        (_, h) => unreachable!("no store hint {h:?}"),
    }
}

/// Every entry of the intrinsic table.
fn table_entries() -> Vec<(Ns, &'static str, Member)> {
    use Intrinsic as I;
    let mut t = Entries::default();
    let f = |i| Member::Func(Callee::Intrinsic(i));
    let cuda: &[(&str, Member)] = &[
        ("threadIdx", Member::Namespace(Ns::Dim3(Dim3::ThreadIdx))),
        ("blockIdx", Member::Namespace(Ns::Dim3(Dim3::BlockIdx))),
        ("blockDim", Member::Namespace(Ns::Dim3(Dim3::BlockDim))),
        ("gridDim", Member::Namespace(Ns::Dim3(Dim3::GridDim))),
        ("shared", Member::Namespace(Ns::CudaShared)),
        ("local", Member::Namespace(Ns::CudaLocal)),
        ("const", Member::Namespace(Ns::CudaConst)),
        ("atomic", Member::Namespace(Ns::CudaAtomic)),
        ("laneid", Member::Value(I::LaneId)),
        ("warpsize", Member::Value(I::WarpSize)),
        ("jit", Member::Jit),
        ("declare_device", Member::DeclareDevice),
        ("grid", f(I::Grid(0))),
        ("gridsize", f(I::GridSize(0))),
        ("syncthreads", f(I::SyncThreads)),
        ("syncthreads_count", f(I::SyncThreadsCount)),
        ("syncthreads_and", f(I::SyncThreadsAnd)),
        ("syncthreads_or", f(I::SyncThreadsOr)),
        ("syncwarp", f(I::SyncWarp)),
        ("nanosleep", f(I::NanoSleep)),
        ("threadfence", f(I::ThreadFence)),
        ("threadfence_block", f(I::ThreadFenceBlock)),
        ("threadfence_system", f(I::ThreadFenceSystem)),
        ("shfl_sync", f(I::ShflSync)),
        ("shfl_up_sync", f(I::ShflUpSync)),
        ("shfl_down_sync", f(I::ShflDownSync)),
        ("shfl_xor_sync", f(I::ShflXorSync)),
        ("all_sync", f(I::AllSync)),
        ("any_sync", f(I::AnySync)),
        ("eq_sync", f(I::EqSync)),
        ("ballot_sync", f(I::BallotSync)),
        ("match_any_sync", f(I::MatchAnySync)),
        ("match_all_sync", f(I::MatchAllSync)),
        ("activemask", f(I::ActiveMask)),
        ("lanemask_lt", f(I::LanemaskLt)),
        ("popc", f(I::Popc)),
        ("clz", f(I::Clz)),
        ("ffs", f(I::Ffs)),
        ("brev", f(I::Brev)),
        ("fma", f(I::Fma)),
        ("cbrt", f(I::Cbrt)),
    ];
    for (name, m) in cuda {
        t.insert((Ns::Cuda, *name), *m);
    }
    t.insert((Ns::CudaShared, "array"), Member::Func(Callee::SharedArray));
    t.insert((Ns::CudaLocal, "array"), Member::Func(Callee::LocalArray));
    t.insert(
        (Ns::CudaConst, "array_like"),
        Member::Func(Callee::ConstArrayLike),
    );
    use AtomicOp::*;
    for op in [
        Add, Sub, Max, Min, And, Or, Xor, Exch, Inc, Dec, NanMax, NanMin,
    ] {
        t.insert((Ns::CudaAtomic, op.name()), f(I::Atomic(op)));
    }
    t.insert((Ns::CudaAtomic, "cas"), f(I::AtomicCas));
    for h in CacheHint::LOADS {
        t.insert((Ns::Cuda, cache_name("ld", h)), f(I::CachedLoad(h)));
    }
    for h in CacheHint::STORES {
        t.insert((Ns::Cuda, cache_name("st", h)), f(I::CachedStore(h)));
    }
    t.insert((Ns::Cuda, "fp16"), Member::Namespace(Ns::CudaFp16));
    t.insert((Ns::Cuda, "bf16"), Member::Namespace(Ns::CudaBf16));
    let bf16 = Member::Dtype(Elem::Scalar(Scalar::BF16));
    t.insert((Ns::CudaBf16, "bfloat16"), bf16);
    t.insert((Ns::NumbaTypes, "bfloat16"), bf16);
    t.insert((Ns::Cuda, "bfloat16"), bf16);
    for (name, b) in super::bf16::functions() {
        t.insert(
            (Ns::CudaBf16, name.as_str()),
            Member::Func(Callee::Bf16(*b)),
        );
    }
    t.insert((Ns::Cuda, "selp"), Member::Func(Callee::Selp));
    for (name, op) in HALF_OPS {
        t.insert((Ns::CudaFp16, *name), Member::Func(Callee::Half(*op)));
    }
    t.insert(
        (Ns::CudaAtomic, "compare_and_swap"),
        f(I::AtomicCompareAndSwap),
    );
    for d in [
        Dim3::ThreadIdx,
        Dim3::BlockIdx,
        Dim3::BlockDim,
        Dim3::GridDim,
    ] {
        for (axis, name) in ["x", "y", "z"].iter().enumerate() {
            t.insert(
                (Ns::Dim3(d), *name),
                Member::Value(I::Special(d, axis as u8)),
            );
        }
    }
    for (name, func) in MATH_FUNCS {
        t.insert((Ns::Math, *name), f(I::Math(*func)));
    }
    for (name, func) in CMATH_FUNCS {
        t.insert((Ns::Cmath, *name), f(I::Cmath(*func)));
    }
    for (name, u) in UFUNCS {
        t.insert((Ns::Numpy, *name), Member::Func(Callee::Ufunc(*u)));
    }
    for (name, r) in REDUCTIONS {
        t.insert((Ns::Numpy, *name), f(I::Reduce(*r)));
    }
    for (ns, consts) in [
        (Ns::Math, MATH_CONSTS),
        (Ns::Cmath, MATH_CONSTS),
        (Ns::Numpy, NUMPY_CONSTS),
    ] {
        for (name, v) in consts {
            t.insert((ns, *name), Member::FloatConst(*v));
        }
    }
    // numba-cuda's `numba.cuda` has the number types too
    // (`cuda.local.array(4, cuda.float32)`), as `numba` has.
    for ns in [Ns::Numba, Ns::NumbaTypes, Ns::Numpy, Ns::Cuda] {
        for name in DTYPE_NAMES {
            if ns == Ns::Numpy
                && matches!(
                    *name,
                    "b1" | "boolean"
                        | "i1"
                        | "i2"
                        | "i4"
                        | "i8"
                        | "u1"
                        | "u2"
                        | "u4"
                        | "u8"
                        | "f2"
                        | "f4"
                        | "f8"
                )
            {
                continue;
            }
            if let Some(s) = Scalar::from_name(name) {
                t.insert((ns, *name), Member::Dtype(Elem::Scalar(s)));
            } else if let Some(part) = complex_from_name(name) {
                t.insert((ns, *name), Member::Dtype(Elem::Complex(part)));
            }
        }
    }
    t.insert((Ns::Numba, "cuda"), Member::Namespace(Ns::Cuda));
    t.insert((Ns::Numba, "njit"), Member::CpuJit);
    t.insert((Ns::Numba, "jit"), Member::CpuJit);
    t.insert((Ns::Numba, "types"), Member::Namespace(Ns::NumbaTypes));
    // numba-cuda's `numba.cuda.types` (`cuda.types.float16(1.0)`).
    t.insert((Ns::Cuda, "types"), Member::Namespace(Ns::NumbaTypes));
    // numba-cuda has it as `numba.cuda.literal_unroll` (its kernels do
    // not type `numba.literal_unroll`).
    t.insert(
        (Ns::Cuda, "literal_unroll"),
        Member::Func(Callee::LiteralUnroll),
    );
    t.insert((Ns::Kernelc, "cuda"), Member::Namespace(Ns::Cuda));
    t.insert((Ns::Enum, "Enum"), Member::EnumBase(EnumKind::Plain));
    t.insert((Ns::Enum, "IntEnum"), Member::EnumBase(EnumKind::Int));
    t.insert((Ns::Enum, "auto"), Member::EnumAuto);
    t.insert((Ns::Enum, "unique"), Member::EnumUnique);
    t.insert((Ns::Collections, "namedtuple"), Member::NamedTupleFactory);
    t.insert((Ns::Typing, "NamedTuple"), Member::NamedTupleBase);
    t.insert((Ns::Cffi, "FFI"), Member::FfiClass);
    t.insert((Ns::Ffi, "from_buffer"), f(I::FromBuffer));
    t.insert((Ns::NumpySupport, "carray"), f(I::CfArray(Layout::C)));
    t.insert((Ns::NumpySupport, "farray"), f(I::CfArray(Layout::F)));
    t.insert((Ns::Numpy, "dtype"), Member::RecordDtype(false));
    t.insert((Ns::Numba, "from_dtype"), Member::RecordDtype(true));
    t.insert((Ns::Cuda, "random"), Member::Namespace(Ns::CudaRandom));
    t.insert(
        (Ns::Cuda, "libdevice"),
        Member::Namespace(Ns::CudaLibdevice),
    );
    for (k, lf) in super::libdevice::LIBDEVICE.iter().enumerate() {
        t.insert((Ns::CudaLibdevice, lf.name), f(I::Libdevice(k as u16)));
    }
    for (names, base) in VECTOR_ROWS {
        for (k, name) in names.iter().enumerate() {
            let v = VectorType {
                base,
                n: k as u8 + 1,
            };
            t.insert((Ns::Cuda, *name), Member::Func(Callee::Vector(v)));
        }
    }
    for r in [
        RandomFn::UniformFloat32,
        RandomFn::UniformFloat64,
        RandomFn::NormalFloat32,
        RandomFn::NormalFloat64,
    ] {
        t.insert((Ns::CudaRandom, r.name()), f(I::Random(r)));
    }
    t.insert((Ns::Cuda, "cg"), Member::Namespace(Ns::CudaCg));
    t.insert((Ns::CudaCg, "this_grid"), f(I::ThisGrid));
    for (name, op) in OPERATORS {
        t.insert((Ns::Operator, *name), Member::Func(Callee::Operator(*op)));
    }
    t.insert((Ns::Operator, "abs"), f(I::Abs));
    t.0
}

/// The entries of the intrinsic table, as they are listed.
#[derive(Default)]
struct Entries(Vec<(Ns, &'static str, Member)>);

impl Entries {
    fn insert(&mut self, (ns, name): (Ns, &'static str), m: Member) {
        self.0.push((ns, name, m));
    }
}

/// Dtype names recognised in `numba`, `numba.types` and `numpy`.
pub const DTYPE_NAMES: &[&str] = &[
    "bool_",
    "b1",
    "boolean",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
    "i1",
    "i2",
    "i4",
    "i8",
    "u1",
    "u2",
    "u4",
    "u8",
    "f2",
    "f4",
    "f8",
    "intp",
    "uintp",
    "double",
    "single",
    "half",
    "complex64",
    "complex128",
];

const MATH_FUNCS: &[(&str, MathFn)] = &[
    ("sqrt", MathFn::Sqrt),
    ("exp", MathFn::Exp),
    ("expm1", MathFn::Expm1),
    ("log", MathFn::Log),
    ("log2", MathFn::Log2),
    ("log10", MathFn::Log10),
    ("log1p", MathFn::Log1p),
    ("sin", MathFn::Sin),
    ("cos", MathFn::Cos),
    ("tan", MathFn::Tan),
    ("asin", MathFn::Asin),
    ("acos", MathFn::Acos),
    ("atan", MathFn::Atan),
    ("atan2", MathFn::Atan2),
    ("sinh", MathFn::Sinh),
    ("cosh", MathFn::Cosh),
    ("tanh", MathFn::Tanh),
    ("asinh", MathFn::Asinh),
    ("acosh", MathFn::Acosh),
    ("atanh", MathFn::Atanh),
    ("pow", MathFn::Pow),
    ("fabs", MathFn::Fabs),
    ("floor", MathFn::Floor),
    ("ceil", MathFn::Ceil),
    ("trunc", MathFn::Trunc),
    ("copysign", MathFn::Copysign),
    ("fmod", MathFn::Fmod),
    ("hypot", MathFn::Hypot),
    ("erf", MathFn::Erf),
    ("erfc", MathFn::Erfc),
    ("gamma", MathFn::Gamma),
    ("lgamma", MathFn::Lgamma),
    ("isnan", MathFn::IsNan),
    ("isinf", MathFn::IsInf),
    ("isfinite", MathFn::IsFinite),
    ("radians", MathFn::Radians),
    ("degrees", MathFn::Degrees),
    ("exp2", MathFn::Exp2),
    ("ldexp", MathFn::Ldexp),
    ("frexp", MathFn::Frexp),
    ("modf", MathFn::Modf),
    ("remainder", MathFn::Remainder),
    ("nextafter", MathFn::Nextafter),
];

const MATH_CONSTS: &[(&str, f64)] = &[
    ("pi", std::f64::consts::PI),
    ("e", std::f64::consts::E),
    ("tau", std::f64::consts::TAU),
    ("inf", f64::INFINITY),
    ("nan", f64::NAN),
];

const NUMPY_CONSTS: &[(&str, f64)] = &[
    ("pi", std::f64::consts::PI),
    ("e", std::f64::consts::E),
    ("inf", f64::INFINITY),
    ("nan", f64::NAN),
];

/// Looks up `ns.attr`.
pub fn member(ns: Ns, attr: &str) -> Option<Member> {
    table().get(&(ns, attr)).copied()
}

/// All attribute names of a namespace, for "did you mean" suggestions.
pub fn member_names(ns: Ns) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = (table().keys())
        .filter(|(in_ns, _)| *in_ns == ns)
        .map(|(_, name)| *name)
        .collect();
    v.sort_unstable();
    v
}

/// Python builtins a kernel may use, by name.
pub fn builtin(name: &str) -> Option<Member> {
    use Intrinsic as I;
    Some(match name {
        "range" => Member::Func(Callee::Range),
        "enumerate" => Member::Func(Callee::Enumerate),
        "zip" => Member::Func(Callee::Zip),
        "len" => Member::Func(Callee::Len),
        "isinstance" => Member::Func(Callee::IsInstance),
        "tuple" => Member::Func(Callee::Tuple),
        "min" => Member::Func(Callee::Intrinsic(I::Min)),
        "max" => Member::Func(Callee::Intrinsic(I::Max)),
        "abs" => Member::Func(Callee::Intrinsic(I::Abs)),
        "round" => Member::Func(Callee::Intrinsic(I::Round)),
        // Numba types `pow(a, b)` as `a ** b` (its `PowerBuiltin`); the
        // three-argument form is not supported there either.
        "pow" => Member::Func(Callee::Operator(PyOperator::Bin(
            crate::front::ast::BinOp::Pow,
        ))),
        "int" => Member::Func(Callee::Int),
        "float" => Member::Func(Callee::Float),
        "bool" => Member::Func(Callee::Bool),
        "complex" => Member::Func(Callee::Complex),
        "print" => Member::Func(Callee::Print),
        _ => return None,
    })
}

/// Names of the builtins, for suggestions.
pub const BUILTIN_NAMES: &[&str] = &[
    "range",
    "len",
    "min",
    "max",
    "abs",
    "round",
    "pow",
    "int",
    "float",
    "bool",
    "complex",
    "isinstance",
    "print",
    "tuple",
];

/// The namespace a recognised module path imports as, if any.
pub fn module_namespace(path: &str) -> Option<Ns> {
    Some(match path {
        "numba.cuda" | "kernelc.cuda" | "cuda" => Ns::Cuda,
        "numba.cuda.random" | "kernelc.cuda.random" => Ns::CudaRandom,
        "numba.cuda.libdevice" | "kernelc.cuda.libdevice" => Ns::CudaLibdevice,
        "numba.cuda.cg" | "kernelc.cuda.cg" => Ns::CudaCg,
        "numba.cuda.bf16" | "kernelc.cuda.bf16" => Ns::CudaBf16,
        "math" => Ns::Math,
        "cmath" => Ns::Cmath,
        "numpy" => Ns::Numpy,
        "numba" => Ns::Numba,
        "numba.types" | "numba.cuda.types" | "kernelc.types" => Ns::NumbaTypes,
        "kernelc" => Ns::Kernelc,
        "enum" => Ns::Enum,
        "collections" => Ns::Collections,
        "typing" => Ns::Typing,
        "operator" => Ns::Operator,
        "cffi" => Ns::Cffi,
        "numba.cuda.np.numpy_support" => Ns::NumpySupport,
        _ => return None,
    })
}

/// numba-cuda's vector types, one row per base type and spelling: the
/// `<base>x<n>` names and the CUDA C aliases (`float4`, `int2`, `uchar4`,
/// as numba-cuda names them on Linux, where `long` is 64 bits).
const VECTOR_ROWS: [([&str; 4], Scalar); 22] = [
    (["int8x1", "int8x2", "int8x3", "int8x4"], Scalar::I8),
    (["char1", "char2", "char3", "char4"], Scalar::I8),
    (["int16x1", "int16x2", "int16x3", "int16x4"], Scalar::I16),
    (["short1", "short2", "short3", "short4"], Scalar::I16),
    (["int32x1", "int32x2", "int32x3", "int32x4"], Scalar::I32),
    (["int1", "int2", "int3", "int4"], Scalar::I32),
    (["int64x1", "int64x2", "int64x3", "int64x4"], Scalar::I64),
    (["long1", "long2", "long3", "long4"], Scalar::I64),
    (
        ["longlong1", "longlong2", "longlong3", "longlong4"],
        Scalar::I64,
    ),
    (["uint8x1", "uint8x2", "uint8x3", "uint8x4"], Scalar::U8),
    (["uchar1", "uchar2", "uchar3", "uchar4"], Scalar::U8),
    (
        ["uint16x1", "uint16x2", "uint16x3", "uint16x4"],
        Scalar::U16,
    ),
    (["ushort1", "ushort2", "ushort3", "ushort4"], Scalar::U16),
    (
        ["uint32x1", "uint32x2", "uint32x3", "uint32x4"],
        Scalar::U32,
    ),
    (["uint1", "uint2", "uint3", "uint4"], Scalar::U32),
    (
        ["uint64x1", "uint64x2", "uint64x3", "uint64x4"],
        Scalar::U64,
    ),
    (["ulong1", "ulong2", "ulong3", "ulong4"], Scalar::U64),
    (
        ["ulonglong1", "ulonglong2", "ulonglong3", "ulonglong4"],
        Scalar::U64,
    ),
    (
        ["float32x1", "float32x2", "float32x3", "float32x4"],
        Scalar::F32,
    ),
    (["float1", "float2", "float3", "float4"], Scalar::F32),
    (
        ["float64x1", "float64x2", "float64x3", "float64x4"],
        Scalar::F64,
    ),
    (["double1", "double2", "double3", "double4"], Scalar::F64),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_resolves_paths() {
        assert_eq!(
            member(Ns::Dim3(Dim3::ThreadIdx), "y"),
            Some(Member::Value(Intrinsic::Special(Dim3::ThreadIdx, 1)))
        );
        assert_eq!(
            member(Ns::Numba, "f4"),
            Some(Member::Dtype(Elem::Scalar(Scalar::F32)))
        );
        assert_eq!(member(Ns::Numpy, "f4"), None);
        assert!(matches!(
            member(Ns::Math, "pi"),
            Some(Member::FloatConst(_))
        ));
        assert!(member_names(Ns::Cuda).contains(&"syncthreads"));
    }

    /// Names are told apart by all their bytes, long and short alike.
    #[test]
    fn lookups_compare_whole_names() {
        let sync = Some(Member::Func(Callee::Intrinsic(
            Intrinsic::ThreadFenceSystem,
        )));
        assert_eq!(member(Ns::Cuda, "threadfence_system"), sync);
        for near in [
            "threadfence_sXstem",
            "threadfenXe_system",
            "threadfence_systen",
            "threadfence_syste",
            "syncthreads_anx",
            "syncthreadX_and",
            "syncthreads_co_nt",
            "shfl_syn",
            "grix",
            "gr",
            "",
        ] {
            assert_eq!(member(Ns::Cuda, near), None, "{near}");
        }
        assert_eq!(member(Ns::Math, "e"), member(Ns::Numpy, "e"));
        assert_eq!(
            member(Ns::Dim3(Dim3::GridDim), "z"),
            Some(Member::Value(Intrinsic::Special(Dim3::GridDim, 2)))
        );
    }

    /// Every entry is found under its namespace and name, and nowhere else.
    #[test]
    fn table_finds_every_entry() {
        let entries = table_entries();
        for (ns, name, m) in &entries {
            let found = member(*ns, name);
            assert_eq!(
                format!("{found:?}"),
                format!("{:?}", Some(m)),
                "{}.{name}",
                ns.path()
            );
            assert!(member_names(*ns).contains(name));
        }
        assert_eq!(table().len(), entries.len());
        for (ns, name) in [
            (Ns::Cuda, ""),
            (Ns::Cuda, "x"),
            (Ns::Dim3(Dim3::GridDim), "w"),
            (Ns::Math, "sqr"),
            (Ns::Math, "sqrtt"),
            (Ns::CudaShared, "local"),
            (Ns::Numpy, "f4"),
        ] {
            assert_eq!(member(ns, name), None, "{}.{name}", ns.path());
        }
    }
}
