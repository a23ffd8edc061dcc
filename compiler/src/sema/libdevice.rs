//! `cuda.libdevice`: numba-cuda exposes every function of NVIDIA's
//! libdevice by its name without the `__nv_` prefix, each with libdevice's
//! fixed signature (`sinf` takes and gives float32, `umax` two int32
//! holding unsigned values). Functions with pointer out-parameters return
//! tuples instead (`sincos(x)` is `(sin, cos)`, `frexp(x)` is `(mantissa,
//! exponent)`).
//!
//! This table gives each function its signature as Numba types it and the
//! way kernelc computes it ([`LdOp`]): most are kernelc's math library or
//! one IR instruction (a directed-rounding one for the `_rd`/`_ru`/`_rz`
//! functions); the rest are compositions written out in
//! `lower/libdevice.rs` and `lower/libdevice_special.rs`. Functions kernelc
//! cannot compute with libdevice's semantics yet (the Bessel functions) are
//! listed as [`LdOp::Unsupported`], so that a kernel using one gets an
//! error naming it rather than another function.

use crate::ir::Opcode;
use crate::sema::intrinsics::MathFn;
use crate::types::Scalar;

/// How a libdevice function is computed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum LdOp {
    /// A `math` function (in the parameter type).
    Math(MathFn),
    /// `isnan`/`isinf`/`isfinite`, as an int32 0 or 1.
    Predicate(MathFn),
    /// `signbit`: int32 1 when the sign bit is set.
    Signbit,
    /// This IR instruction on the (converted) arguments.
    Inst(Opcode),
    /// `fma(a, b, c)`.
    Fma,
    /// `fdim(x, y)`: `x - y` when `x > y`, else +0 (NaN for a NaN).
    Fdim,
    /// `1 / sqrt(x)`.
    Rsqrt,
    /// `1 / cbrt(x)`.
    Rcbrt,
    /// `1 / x`, correctly rounded.
    Rcp,
    /// A directed-rounding IR instruction (`fadd_rz`, `sqrt_rm`,
    /// `fcvt_from_sint_rp`, ...) on the arguments, giving the result type;
    /// a directed `fdiv` of one argument is the reciprocal `1 / x`.
    Directed(Opcode),
    /// `10 ** x`.
    Exp10,
    /// `x ** n` of an int32 `n`, as `pow(x, n)` (float32 in float64, where
    /// `n` is exact).
    PowInt,
    /// `__powf(x, y)`: `exp2(y * log2(x))`, so NaN for a negative `x`.
    FastPow,
    /// `sin(pi x)`, `cos(pi x)` and both, with exact argument reduction.
    SinPi,
    /// `cos(pi x)`.
    CosPi,
    /// `(sin(pi x), cos(pi x))`.
    SinCosPi,
    /// `(sin x, cos x)`.
    SinCos,
    /// `(mantissa, exponent)`.
    Frexp,
    /// `(fraction, whole part)`.
    Modf,
    /// `round(x)`: to nearest, ties away from zero.
    RoundAway,
    /// `clamp(x, 0, 1)` (NaN gives 0).
    Saturate,
    /// `logb(x)`: the unbiased exponent as a float.
    Logb,
    /// `ilogb(x)`: the unbiased exponent as an int32.
    Ilogb,
    /// `normcdf(x) = erfc(-x / sqrt(2)) / 2`.
    NormCdf,
    /// A float to an integer: round with this IR rounding instruction (or
    /// truncate for `None`), then convert (saturating, NaN to 0, as PTX's
    /// `cvt`); `unsigned` converts to the unsigned type of the result's
    /// width.
    FloatToInt {
        /// `floor`, `ceil`, `nearest`, or None for toward zero.
        round: Option<Opcode>,
        /// To an unsigned integer (returned as the signed type's bits).
        unsigned: bool,
    },
    /// An integer (unsigned when `unsigned`) to a float, rounded to nearest.
    IntToFloat {
        /// The argument's bits are an unsigned value.
        unsigned: bool,
    },
    /// `llrint`/`llround`: round (to nearest even, or away from zero), then
    /// convert to int64 (libdevice's `llroundf` of NaN is the least int64).
    FloatToLl {
        /// Ties away from zero (`llround`) rather than to even.
        away: bool,
    },
    /// float64 to float32, rounded to nearest.
    Demote,
    /// The argument's bits as the result type.
    Bitcast,
    /// The high (`true`) or low 32 bits of a float64, as an int32.
    Half32(bool),
    /// A float64 from high and low 32-bit words.
    HiLo,
    /// `abs` of an integer.
    IntAbs,
    /// Smaller/larger of two integers, compared unsigned when `unsigned`.
    IntMinMax {
        /// The larger.
        max: bool,
        /// Compare as unsigned.
        unsigned: bool,
    },
    /// The high half of the full product.
    MulHi {
        /// Signed operands.
        signed: bool,
    },
    /// The product of the low 24 bits (sign-extended when signed).
    Mul24 {
        /// Signed operands.
        signed: bool,
    },
    /// `(a + b) >> 1` (`+ 1` first when rounding), without overflow.
    HalfAdd {
        /// Signed operands.
        signed: bool,
        /// Round up.
        round: bool,
    },
    /// `|a - b| + c`.
    Sad {
        /// Signed operands.
        signed: bool,
    },
    /// `byte_perm(x, y, s)`: bytes of `x:y` picked by the selector `s`.
    BytePerm,
    /// Leading zeros, as int32.
    Clz,
    /// Position of the lowest set bit, 1-based (0 for 0), as int32.
    Ffs,
    /// Set bits, as int32.
    Popc,
    /// Bits reversed.
    Brev,
    /// float32 to a float16's bits (int16), rounded to nearest even.
    FloatToHalf,
    /// A float16's bits (int16) to float32.
    HalfToFloat,
    /// `remquo`: the remainder and the quotient's low three bits.
    Remquo,
    /// An inverse error function (`lower/libdevice_special.rs`).
    InverseErf(InverseErf),
    /// `erfcx(x) = exp(x^2) erfc(x)`.
    Erfcx,
    /// Not computed by kernelc yet; the string says what it needs.
    Unsupported(&'static str),
}

/// Which inverse error function.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum InverseErf {
    /// `erfinv(y)`: the `x` with `erf(x) = y`.
    Erfinv,
    /// `erfcinv(z)`: the `x` with `erfc(x) = z`.
    Erfcinv,
    /// `normcdfinv(p) = -sqrt(2) erfcinv(2 p)`.
    Normcdfinv,
}

/// A libdevice function: its parameters, results (one, or a tuple for the
/// functions with out-parameters) and how it is computed.
#[derive(Clone, Copy, Debug)]
pub struct LdFn {
    /// The name in `cuda.libdevice`.
    pub name: &'static str,
    /// Parameter types (arguments convert to them, as Numba converts).
    pub params: &'static [Scalar],
    /// Result types: one, or the items of the returned tuple.
    pub results: &'static [Scalar],
    /// How it is computed.
    pub op: LdOp,
}

use LdOp as O;
use MathFn as M;
use Opcode as Op;
use Scalar::{F32, F64, I16, I32, I64};

const fn f(
    name: &'static str,
    params: &'static [Scalar],
    results: &'static [Scalar],
    op: LdOp,
) -> LdFn {
    LdFn {
        name,
        params,
        results,
        op,
    }
}

const D: &[Scalar] = &[F64];
const DD: &[Scalar] = &[F64, F64];
const DDD: &[Scalar] = &[F64, F64, F64];
const S: &[Scalar] = &[F32];
const SS: &[Scalar] = &[F32, F32];
const SSS: &[Scalar] = &[F32, F32, F32];
const I: &[Scalar] = &[I32];
const II: &[Scalar] = &[I32, I32];
const III: &[Scalar] = &[I32, I32, I32];
const L: &[Scalar] = &[I64];
const LL: &[Scalar] = &[I64, I64];
const H: &[Scalar] = &[I16];

const SPECIAL: LdOp = O::Unsupported("this special function");

/// One math function in its float64 and float32 (`f`-suffixed) forms.
macro_rules! math_pair {
    ($d:literal, $s:literal, $m:expr) => {
        [f($d, D, D, O::Math($m)), f($s, S, S, O::Math($m))]
    };
}

/// Every libdevice function numba-cuda 0.30 exposes, by name.
pub static LIBDEVICE: &[LdFn] = &{
    let pairs = [
        math_pair!("acos", "acosf", M::Acos),
        math_pair!("acosh", "acoshf", M::Acosh),
        math_pair!("asin", "asinf", M::Asin),
        math_pair!("asinh", "asinhf", M::Asinh),
        math_pair!("atan", "atanf", M::Atan),
        math_pair!("atanh", "atanhf", M::Atanh),
        math_pair!("ceil", "ceilf", M::Ceil),
        math_pair!("cos", "cosf", M::Cos),
        math_pair!("cosh", "coshf", M::Cosh),
        math_pair!("erf", "erff", M::Erf),
        math_pair!("erfc", "erfcf", M::Erfc),
        math_pair!("exp", "expf", M::Exp),
        math_pair!("exp2", "exp2f", M::Exp2),
        math_pair!("expm1", "expm1f", M::Expm1),
        math_pair!("fabs", "fabsf", M::Fabs),
        math_pair!("floor", "floorf", M::Floor),
        math_pair!("lgamma", "lgammaf", M::Lgamma),
        math_pair!("log", "logf", M::Log),
        math_pair!("log10", "log10f", M::Log10),
        math_pair!("log1p", "log1pf", M::Log1p),
        math_pair!("log2", "log2f", M::Log2),
        math_pair!("sin", "sinf", M::Sin),
        math_pair!("sinh", "sinhf", M::Sinh),
        math_pair!("sqrt", "sqrtf", M::Sqrt),
        math_pair!("tan", "tanf", M::Tan),
        math_pair!("tanh", "tanhf", M::Tanh),
        math_pair!("tgamma", "tgammaf", M::Gamma),
        math_pair!("trunc", "truncf", M::Trunc),
    ];
    let mut out = [f("", D, D, O::Rcp); TABLE_LEN];
    let mut n = 0;
    let mut k = 0;
    while k < pairs.len() {
        out[n] = pairs[k][0];
        out[n + 1] = pairs[k][1];
        n += 2;
        k += 1;
    }
    let rest = REST;
    let mut k = 0;
    while k < rest.len() {
        out[n] = rest[k];
        n += 1;
        k += 1;
    }
    assert!(n == TABLE_LEN);
    out
};

/// Number of entries: 28 float64/float32 pairs and the rest.
const TABLE_LEN: usize = 56 + REST.len();

/// The functions that are not a plain pair of math functions.
const REST: &[LdFn] = &[
    f("abs", I, I, O::IntAbs),
    f("llabs", L, L, O::IntAbs),
    f("atan2", DD, D, O::Math(M::Atan2)),
    f("atan2f", SS, S, O::Math(M::Atan2)),
    f("brev", I, I, O::Brev),
    f("brevll", L, L, O::Brev),
    f("byte_perm", III, I, O::BytePerm),
    f("cbrt", D, D, O::Inst(Op::Cbrt)),
    f("cbrtf", S, S, O::Inst(Op::Cbrt)),
    f("clz", I, I, O::Clz),
    f("clzll", L, I, O::Clz),
    f("copysign", DD, D, O::Math(M::Copysign)),
    f("copysignf", SS, S, O::Math(M::Copysign)),
    f("cospi", D, D, O::CosPi),
    f("cospif", S, S, O::CosPi),
    f("dadd_rn", DD, D, O::Inst(Op::Fadd)),
    f("dadd_rd", DD, D, O::Directed(Op::FaddRm)),
    f("dadd_ru", DD, D, O::Directed(Op::FaddRp)),
    f("dadd_rz", DD, D, O::Directed(Op::FaddRz)),
    f("ddiv_rn", DD, D, O::Inst(Op::Fdiv)),
    f("ddiv_rd", DD, D, O::Directed(Op::FdivRm)),
    f("ddiv_ru", DD, D, O::Directed(Op::FdivRp)),
    f("ddiv_rz", DD, D, O::Directed(Op::FdivRz)),
    f("dmul_rn", DD, D, O::Inst(Op::Fmul)),
    f("dmul_rd", DD, D, O::Directed(Op::FmulRm)),
    f("dmul_ru", DD, D, O::Directed(Op::FmulRp)),
    f("dmul_rz", DD, D, O::Directed(Op::FmulRz)),
    f("double2float_rn", D, S, O::Demote),
    f("double2float_rd", D, S, O::Directed(Op::FdemoteRm)),
    f("double2float_ru", D, S, O::Directed(Op::FdemoteRp)),
    f("double2float_rz", D, S, O::Directed(Op::FdemoteRz)),
    f("double2hiint", D, I, O::Half32(true)),
    f("double2loint", D, I, O::Half32(false)),
    f("double2int_rn", D, I, to_int(Some(Op::Nearest), false)),
    f("double2int_rd", D, I, to_int(Some(Op::Floor), false)),
    f("double2int_ru", D, I, to_int(Some(Op::Ceil), false)),
    f("double2int_rz", D, I, to_int(None, false)),
    f("double2uint_rn", D, I, to_int(Some(Op::Nearest), true)),
    f("double2uint_rd", D, I, to_int(Some(Op::Floor), true)),
    f("double2uint_ru", D, I, to_int(Some(Op::Ceil), true)),
    f("double2uint_rz", D, I, to_int(None, true)),
    f("double2ll_rn", D, L, to_int(Some(Op::Nearest), false)),
    f("double2ll_rd", D, L, to_int(Some(Op::Floor), false)),
    f("double2ll_ru", D, L, to_int(Some(Op::Ceil), false)),
    f("double2ll_rz", D, L, to_int(None, false)),
    f("double2ull_rn", D, L, to_int(Some(Op::Nearest), true)),
    f("double2ull_rd", D, L, to_int(Some(Op::Floor), true)),
    f("double2ull_ru", D, L, to_int(Some(Op::Ceil), true)),
    f("double2ull_rz", D, L, to_int(None, true)),
    f("double_as_longlong", D, L, O::Bitcast),
    f("drcp_rn", D, D, O::Rcp),
    f("drcp_rd", D, D, O::Directed(Op::FdivRm)),
    f("drcp_ru", D, D, O::Directed(Op::FdivRp)),
    f("drcp_rz", D, D, O::Directed(Op::FdivRz)),
    f("dsqrt_rn", D, D, O::Math(M::Sqrt)),
    f("dsqrt_rd", D, D, O::Directed(Op::SqrtRm)),
    f("dsqrt_ru", D, D, O::Directed(Op::SqrtRp)),
    f("dsqrt_rz", D, D, O::Directed(Op::SqrtRz)),
    f("erfcinv", D, D, O::InverseErf(InverseErf::Erfcinv)),
    f("erfcinvf", S, S, O::InverseErf(InverseErf::Erfcinv)),
    f("erfcx", D, D, O::Erfcx),
    f("erfcxf", S, S, O::Erfcx),
    f("erfinv", D, D, O::InverseErf(InverseErf::Erfinv)),
    f("erfinvf", S, S, O::InverseErf(InverseErf::Erfinv)),
    f("exp10", D, D, O::Exp10),
    f("exp10f", S, S, O::Exp10),
    f("fadd_rn", SS, S, O::Inst(Op::Fadd)),
    f("fadd_rd", SS, S, O::Directed(Op::FaddRm)),
    f("fadd_ru", SS, S, O::Directed(Op::FaddRp)),
    f("fadd_rz", SS, S, O::Directed(Op::FaddRz)),
    // The fast (approximate) functions, computed accurately.
    f("fast_cosf", S, S, O::Math(M::Cos)),
    f("fast_exp10f", S, S, O::Exp10),
    f("fast_expf", S, S, O::Math(M::Exp)),
    f("fast_fdividef", SS, S, O::Inst(Op::Fdiv)),
    f("fast_log10f", S, S, O::Math(M::Log10)),
    f("fast_log2f", S, S, O::Math(M::Log2)),
    f("fast_logf", S, S, O::Math(M::Log)),
    f("fast_powf", SS, S, O::FastPow),
    f("fast_sincosf", S, SS, O::SinCos),
    f("fast_sinf", S, S, O::Math(M::Sin)),
    f("fast_tanf", S, S, O::Math(M::Tan)),
    f("fdim", DD, D, O::Fdim),
    f("fdimf", SS, S, O::Fdim),
    f("fdiv_rn", SS, S, O::Inst(Op::Fdiv)),
    f("fdiv_rd", SS, S, O::Directed(Op::FdivRm)),
    f("fdiv_ru", SS, S, O::Directed(Op::FdivRp)),
    f("fdiv_rz", SS, S, O::Directed(Op::FdivRz)),
    f("ffs", I, I, O::Ffs),
    f("ffsll", L, I, O::Ffs),
    f("finitef", S, I, O::Predicate(M::IsFinite)),
    f("float2half_rn", S, H, O::FloatToHalf),
    f("float2int_rn", S, I, to_int(Some(Op::Nearest), false)),
    f("float2int_rd", S, I, to_int(Some(Op::Floor), false)),
    f("float2int_ru", S, I, to_int(Some(Op::Ceil), false)),
    f("float2int_rz", S, I, to_int(None, false)),
    f("float2uint_rn", S, I, to_int(Some(Op::Nearest), true)),
    f("float2uint_rd", S, I, to_int(Some(Op::Floor), true)),
    f("float2uint_ru", S, I, to_int(Some(Op::Ceil), true)),
    f("float2uint_rz", S, I, to_int(None, true)),
    f("float2ll_rn", S, L, to_int(Some(Op::Nearest), false)),
    f("float2ll_rd", S, L, to_int(Some(Op::Floor), false)),
    f("float2ll_ru", S, L, to_int(Some(Op::Ceil), false)),
    f("float2ll_rz", S, L, to_int(None, false)),
    f("float2ull_rn", S, L, to_int(Some(Op::Nearest), true)),
    f("float2ull_rd", S, L, to_int(Some(Op::Floor), true)),
    f("float2ull_ru", S, L, to_int(Some(Op::Ceil), true)),
    f("float2ull_rz", S, L, to_int(None, true)),
    f("float_as_int", S, I, O::Bitcast),
    f("fma", DDD, D, O::Fma),
    f("fma_rn", DDD, D, O::Fma),
    f("fma_rd", DDD, D, O::Directed(Op::FmaRm)),
    f("fma_ru", DDD, D, O::Directed(Op::FmaRp)),
    f("fma_rz", DDD, D, O::Directed(Op::FmaRz)),
    f("fmaf", SSS, S, O::Fma),
    f("fmaf_rn", SSS, S, O::Fma),
    f("fmaf_rd", SSS, S, O::Directed(Op::FmaRm)),
    f("fmaf_ru", SSS, S, O::Directed(Op::FmaRp)),
    f("fmaf_rz", SSS, S, O::Directed(Op::FmaRz)),
    f("fmax", DD, D, O::Inst(Op::Fmax)),
    f("fmaxf", SS, S, O::Inst(Op::Fmax)),
    f("fmin", DD, D, O::Inst(Op::Fmin)),
    f("fminf", SS, S, O::Inst(Op::Fmin)),
    f("fmod", DD, D, O::Math(M::Fmod)),
    f("fmodf", SS, S, O::Math(M::Fmod)),
    f("fmul_rn", SS, S, O::Inst(Op::Fmul)),
    f("fmul_rd", SS, S, O::Directed(Op::FmulRm)),
    f("fmul_ru", SS, S, O::Directed(Op::FmulRp)),
    f("fmul_rz", SS, S, O::Directed(Op::FmulRz)),
    f("frcp_rn", S, S, O::Rcp),
    f("frcp_rd", S, S, O::Directed(Op::FdivRm)),
    f("frcp_ru", S, S, O::Directed(Op::FdivRp)),
    f("frcp_rz", S, S, O::Directed(Op::FdivRz)),
    f("frexp", D, &[F64, I32], O::Frexp),
    f("frexpf", S, &[F32, I32], O::Frexp),
    f("frsqrt_rn", S, S, O::Rsqrt),
    f("fsqrt_rn", S, S, O::Math(M::Sqrt)),
    f("fsqrt_rd", S, S, O::Directed(Op::SqrtRm)),
    f("fsqrt_ru", S, S, O::Directed(Op::SqrtRp)),
    f("fsqrt_rz", S, S, O::Directed(Op::SqrtRz)),
    f("fsub_rn", SS, S, O::Inst(Op::Fsub)),
    f("fsub_rd", SS, S, O::Directed(Op::FsubRm)),
    f("fsub_ru", SS, S, O::Directed(Op::FsubRp)),
    f("fsub_rz", SS, S, O::Directed(Op::FsubRz)),
    f(
        "hadd",
        II,
        I,
        O::HalfAdd {
            signed: true,
            round: false,
        },
    ),
    f("half2float", H, S, O::HalfToFloat),
    f("hiloint2double", II, D, O::HiLo),
    f("hypot", DD, D, O::Math(M::Hypot)),
    f("hypotf", SS, S, O::Math(M::Hypot)),
    f("ilogb", D, I, O::Ilogb),
    f("ilogbf", S, I, O::Ilogb),
    f("int2double_rn", I, D, O::IntToFloat { unsigned: false }),
    f("int2float_rn", I, S, O::IntToFloat { unsigned: false }),
    f("int2float_rd", I, S, O::Directed(Op::FcvtFromSintRm)),
    f("int2float_ru", I, S, O::Directed(Op::FcvtFromSintRp)),
    f("int2float_rz", I, S, O::Directed(Op::FcvtFromSintRz)),
    f("int_as_float", I, S, O::Bitcast),
    f("isfinited", D, I, O::Predicate(M::IsFinite)),
    f("isinfd", D, I, O::Predicate(M::IsInf)),
    f("isinff", S, I, O::Predicate(M::IsInf)),
    f("isnand", D, I, O::Predicate(M::IsNan)),
    f("isnanf", S, I, O::Predicate(M::IsNan)),
    f("j0", D, D, SPECIAL),
    f("j0f", S, S, SPECIAL),
    f("j1", D, D, SPECIAL),
    f("j1f", S, S, SPECIAL),
    f("jn", &[I32, F64], D, SPECIAL),
    f("jnf", &[I32, F32], S, SPECIAL),
    f("ldexp", &[F64, I32], D, O::Math(M::Ldexp)),
    f("ldexpf", &[F32, I32], S, O::Math(M::Ldexp)),
    f("ll2double_rn", L, D, O::IntToFloat { unsigned: false }),
    f("ll2double_rd", L, D, O::Directed(Op::FcvtFromSintRm)),
    f("ll2double_ru", L, D, O::Directed(Op::FcvtFromSintRp)),
    f("ll2double_rz", L, D, O::Directed(Op::FcvtFromSintRz)),
    f("ll2float_rn", L, S, O::IntToFloat { unsigned: false }),
    f("ll2float_rd", L, S, O::Directed(Op::FcvtFromSintRm)),
    f("ll2float_ru", L, S, O::Directed(Op::FcvtFromSintRp)),
    f("ll2float_rz", L, S, O::Directed(Op::FcvtFromSintRz)),
    f(
        "llmax",
        LL,
        L,
        O::IntMinMax {
            max: true,
            unsigned: false,
        },
    ),
    f(
        "llmin",
        LL,
        L,
        O::IntMinMax {
            max: false,
            unsigned: false,
        },
    ),
    f("llrint", D, L, O::FloatToLl { away: false }),
    f("llrintf", S, L, O::FloatToLl { away: false }),
    f("llround", D, L, O::FloatToLl { away: true }),
    f("llroundf", S, L, O::FloatToLl { away: true }),
    f("logb", D, D, O::Logb),
    f("logbf", S, S, O::Logb),
    f("longlong_as_double", L, D, O::Bitcast),
    f(
        "max",
        II,
        I,
        O::IntMinMax {
            max: true,
            unsigned: false,
        },
    ),
    f(
        "min",
        II,
        I,
        O::IntMinMax {
            max: false,
            unsigned: false,
        },
    ),
    f("modf", D, DD, O::Modf),
    f("modff", S, SS, O::Modf),
    f("mul24", II, I, O::Mul24 { signed: true }),
    f("mul64hi", LL, L, O::MulHi { signed: true }),
    f("mulhi", II, I, O::MulHi { signed: true }),
    f("nearbyint", D, D, O::Inst(Op::Nearest)),
    f("nearbyintf", S, S, O::Inst(Op::Nearest)),
    f("nextafter", DD, D, O::Math(M::Nextafter)),
    f("nextafterf", SS, S, O::Math(M::Nextafter)),
    f("normcdf", D, D, O::NormCdf),
    f("normcdff", S, S, O::NormCdf),
    f("normcdfinv", D, D, O::InverseErf(InverseErf::Normcdfinv)),
    f("normcdfinvf", S, S, O::InverseErf(InverseErf::Normcdfinv)),
    f("popc", I, I, O::Popc),
    f("popcll", L, I, O::Popc),
    f("pow", DD, D, O::Math(M::Pow)),
    f("powf", SS, S, O::Math(M::Pow)),
    f("powi", &[F64, I32], D, O::PowInt),
    f("powif", &[F32, I32], S, O::PowInt),
    f("rcbrt", D, D, O::Rcbrt),
    f("rcbrtf", S, S, O::Rcbrt),
    f("remainder", DD, D, O::Math(M::Remainder)),
    f("remainderf", SS, S, O::Math(M::Remainder)),
    f("remquo", DD, &[F64, I32], O::Remquo),
    f("remquof", SS, &[F32, I32], O::Remquo),
    f(
        "rhadd",
        II,
        I,
        O::HalfAdd {
            signed: true,
            round: true,
        },
    ),
    f("rint", D, D, O::Inst(Op::Nearest)),
    f("rintf", S, S, O::Inst(Op::Nearest)),
    f("round", D, D, O::RoundAway),
    f("roundf", S, S, O::RoundAway),
    f("rsqrt", D, D, O::Rsqrt),
    f("rsqrtf", S, S, O::Rsqrt),
    f("sad", III, I, O::Sad { signed: true }),
    f("saturatef", S, S, O::Saturate),
    f("scalbn", &[F64, I32], D, O::Math(M::Ldexp)),
    f("scalbnf", &[F32, I32], S, O::Math(M::Ldexp)),
    f("signbitd", D, I, O::Signbit),
    f("signbitf", S, I, O::Signbit),
    f("sincos", D, DD, O::SinCos),
    f("sincosf", S, SS, O::SinCos),
    f("sincospi", D, DD, O::SinCosPi),
    f("sincospif", S, SS, O::SinCosPi),
    f("sinpi", D, D, O::SinPi),
    f("sinpif", S, S, O::SinPi),
    f(
        "uhadd",
        II,
        I,
        O::HalfAdd {
            signed: false,
            round: false,
        },
    ),
    f("uint2double_rn", I, D, O::IntToFloat { unsigned: true }),
    f("uint2float_rn", I, S, O::IntToFloat { unsigned: true }),
    f("uint2float_rd", I, S, O::Directed(Op::FcvtFromUintRm)),
    f("uint2float_ru", I, S, O::Directed(Op::FcvtFromUintRp)),
    f("uint2float_rz", I, S, O::Directed(Op::FcvtFromUintRz)),
    f("ull2double_rn", L, D, O::IntToFloat { unsigned: true }),
    f("ull2double_rd", L, D, O::Directed(Op::FcvtFromUintRm)),
    f("ull2double_ru", L, D, O::Directed(Op::FcvtFromUintRp)),
    f("ull2double_rz", L, D, O::Directed(Op::FcvtFromUintRz)),
    f("ull2float_rn", L, S, O::IntToFloat { unsigned: true }),
    f("ull2float_rd", L, S, O::Directed(Op::FcvtFromUintRm)),
    f("ull2float_ru", L, S, O::Directed(Op::FcvtFromUintRp)),
    f("ull2float_rz", L, S, O::Directed(Op::FcvtFromUintRz)),
    f(
        "ullmax",
        LL,
        L,
        O::IntMinMax {
            max: true,
            unsigned: true,
        },
    ),
    f(
        "ullmin",
        LL,
        L,
        O::IntMinMax {
            max: false,
            unsigned: true,
        },
    ),
    f(
        "umax",
        II,
        I,
        O::IntMinMax {
            max: true,
            unsigned: true,
        },
    ),
    f(
        "umin",
        II,
        I,
        O::IntMinMax {
            max: false,
            unsigned: true,
        },
    ),
    f("umul24", II, I, O::Mul24 { signed: false }),
    f("umul64hi", LL, L, O::MulHi { signed: false }),
    f("umulhi", II, I, O::MulHi { signed: false }),
    f(
        "urhadd",
        II,
        I,
        O::HalfAdd {
            signed: false,
            round: true,
        },
    ),
    f("usad", III, I, O::Sad { signed: false }),
    f("y0", D, D, SPECIAL),
    f("y0f", S, S, SPECIAL),
    f("y1", D, D, SPECIAL),
    f("y1f", S, S, SPECIAL),
    f("yn", &[I32, F64], D, SPECIAL),
    f("ynf", &[I32, F32], S, SPECIAL),
];

const fn to_int(round: Option<Opcode>, unsigned: bool) -> LdOp {
    O::FloatToInt { round, unsigned }
}

/// The libdevice function called `name`, by its index in [`LIBDEVICE`].
pub fn lookup(name: &str) -> Option<u16> {
    LIBDEVICE
        .iter()
        .position(|f| f.name == name)
        .map(|k| k as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// numba-cuda 0.30 has 317 libdevice functions; each name is listed
    /// once.
    #[test]
    fn every_function_once() {
        assert_eq!(LIBDEVICE.len(), 317);
        let mut names: Vec<&str> = LIBDEVICE.iter().map(|f| f.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), LIBDEVICE.len());
        assert_eq!(LIBDEVICE[lookup("sinf").unwrap() as usize].params, &[F32]);
        assert_eq!(lookup("sin_nope"), None);
    }
}
