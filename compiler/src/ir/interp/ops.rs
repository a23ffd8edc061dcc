//! Pure evaluation of arithmetic, comparison and conversion opcodes.
//!
//! Integer operations work on `u64` bits masked to the type's width and
//! follow the semantics documented in [`crate::ir::instructions`] (wrap,
//! truncating signed division, division by zero gives 0, shifts by the
//! width or more give 0 or the sign bits). Float operations run in the
//! value's own precision; `f16` runs in `f32` and rounds once, which is
//! exact for `+ - * /` and `sqrt`. The math-library opcodes use the `libm`
//! crate's `f64` functions (the same on every machine) and round to the
//! type: the semantics compiled code is compared with. The math library's
//! accuracy is measured against a more accurate reference
//! (`tests/mathlib_accuracy.rs`).

use super::value::{mask, sext, Val};
use crate::ir::instructions::{FloatCC, IntCC, Opcode};
use crate::ir::types::Type;

type R = Result<Val, String>;

/// The `f32` and `f64` versions of one float operation.
type FloatPair = (fn(f32, f32) -> f32, fn(f64, f64) -> f64);

fn bad(op: Opcode, a: Val) -> String {
    format!("{op} cannot take {:?}", a.ty())
}

/// Evaluates a one-operand opcode whose result type is `ty`.
pub fn unary(op: Opcode, ty: Type, a: Val) -> R {
    use Opcode::*;
    match op {
        Ineg | Iabs | Bnot | Popcnt | Clz | Ctz | Bitrev => int_unary(op, a),
        Fneg => Ok(float_bits_op(a, |b, w| b ^ (1 << (w - 1)))),
        Fabs => Ok(float_bits_op(a, |b, w| b & !(1 << (w - 1)))),
        Sqrt | Floor | Ceil | Trunc | Nearest => float_unary(op, a),
        Sextend => Ok(Val::int(ty, a.as_i64() as u64)),
        Uextend | Ireduce => Ok(Val::int(ty, a.bits())),
        Fpromote | Fdemote => Ok(Val::float(ty, a.as_f64())),
        FcvtToSint => Ok(Val::int(ty, to_sint(a.as_f64(), ty.bits()) as u64)),
        FcvtToUint => Ok(Val::int(ty, to_uint(a.as_f64(), ty.bits()))),
        FcvtFromSint => Ok(from_int(ty, a.as_i64() as f64, a.as_i64() as f32)),
        FcvtFromUint => Ok(from_int(ty, a.bits() as f64, a.bits() as f32)),
        Bitcast => Ok(Val::from_bits(ty, a.bits())),
        F32ToBf16 => Ok(Val::int(ty, u64::from(f32_to_bf16(a.as_f64() as f32)))),
        SinApprox | CosApprox | Ex2Approx | Lg2Approx | RcpApprox | TanhApprox => {
            Ok(Val::float(ty, approx(op, a.as_f64())))
        }
        _ if op.is_math_library() => Ok(Val::float(ty, math(op, a.as_f64(), 0.0))),
        _ => Err(bad(op, a)),
    }
}

fn from_int(ty: Type, wide: f64, narrow: f32) -> Val {
    match ty {
        // Rust's integer-to-float casts round to nearest even; f32 first
        // keeps f16 to one meaningful rounding (larger ints overflow it).
        Type::F64 => Val::F64(wide),
        Type::F32 => Val::F32(narrow),
        _ => Val::float(ty, narrow as f64),
    }
}

fn to_sint(x: f64, width: u32) -> i64 {
    if x.is_nan() {
        return 0;
    }
    let max = if width >= 64 {
        i64::MAX
    } else {
        (1i64 << (width - 1)) - 1
    };
    let min = if width >= 64 { i64::MIN } else { -max - 1 };
    (x as i64).clamp(min, max)
}

fn to_uint(x: f64, width: u32) -> u64 {
    // `as` saturates and maps NaN to 0.
    (x as u64).min(mask(u64::MAX, width))
}

fn float_bits_op(a: Val, f: impl Fn(u64, u32) -> u64) -> Val {
    Val::from_bits(a.ty(), f(a.bits(), a.width()))
}

fn int_unary(op: Opcode, a: Val) -> R {
    use Opcode::*;
    let (w, x) = (a.width(), a.bits());
    let r = match op {
        Ineg => x.wrapping_neg(),
        Iabs => sext(x, w).unsigned_abs(),
        Bnot => !x,
        Popcnt => x.count_ones() as u64,
        Clz => (x.leading_zeros() - (64 - w)) as u64,
        Ctz => x.trailing_zeros().min(w) as u64,
        Bitrev => x.reverse_bits() >> (64 - w),
        _ => return Err(bad(op, a)),
    };
    Ok(Val::int(a.ty(), r))
}

/// Applies `f32`/`f64` versions of an operation in the value's precision.
fn per_precision(a: Val, b: Val, f: fn(f32, f32) -> f32, g: fn(f64, f64) -> f64) -> Val {
    match (a, b) {
        (Val::F32(x), Val::F32(y)) => Val::F32(f(x, y)),
        (Val::F64(x), Val::F64(y)) => Val::F64(g(x, y)),
        _ => Val::float(a.ty(), f(a.as_f64() as f32, b.as_f64() as f32) as f64),
    }
}

fn float_unary(op: Opcode, a: Val) -> R {
    use Opcode::*;
    let (f, g): FloatPair = match op {
        Sqrt => (|x, _| x.sqrt(), |x, _| x.sqrt()),
        Floor => (|x, _| x.floor(), |x, _| x.floor()),
        Ceil => (|x, _| x.ceil(), |x, _| x.ceil()),
        Trunc => (|x, _| x.trunc(), |x, _| x.trunc()),
        Nearest => (|x, _| x.round_ties_even(), |x, _| x.round_ties_even()),
        _ => return Err(bad(op, a)),
    };
    Ok(per_precision(a, a, f, g))
}

/// Evaluates a two-operand opcode.
pub fn binary(op: Opcode, a: Val, b: Val) -> R {
    use Opcode::*;
    match op {
        Fadd | Fsub | Fmul | Fdiv | Fmin | Fmax | Copysign => Ok(float_binary(op, a, b)),
        PtrAdd => Ok(Val::Ptr(a.bits().wrapping_add(b.bits()))),
        Atan2 | Pow | Hypot | Fmod | Remainder => {
            Ok(Val::float(a.ty(), math(op, a.as_f64(), b.as_f64())))
        }
        Powi | Ldexp => Ok(Val::float(a.ty(), math(op, a.as_f64(), b.as_i64() as f64))),
        _ => int_binary(op, a, b),
    }
}

fn fmin<T: PartialOrd + Copy>(x: T, y: T, x_neg: bool, nan: T, is_nan: bool) -> T {
    // NaN if either is NaN; -0 orders below +0.
    if is_nan {
        nan
    } else if x < y || (x == y && x_neg) {
        x
    } else {
        y
    }
}

fn float_binary(op: Opcode, a: Val, b: Val) -> Val {
    use Opcode::*;
    let (f, g): FloatPair = match op {
        Fadd => (|x, y| x + y, |x, y| x + y),
        Fsub => (|x, y| x - y, |x, y| x - y),
        Fmul => (|x, y| x * y, |x, y| x * y),
        Fdiv => (|x, y| x / y, |x, y| x / y),
        Copysign => (f32::copysign, f64::copysign),
        Fmin => (
            |x, y| {
                fmin(
                    x,
                    y,
                    x.is_sign_negative(),
                    f32::NAN,
                    x.is_nan() || y.is_nan(),
                )
            },
            |x, y| {
                fmin(
                    x,
                    y,
                    x.is_sign_negative(),
                    f64::NAN,
                    x.is_nan() || y.is_nan(),
                )
            },
        ),
        _ => (
            |x, y| {
                -fmin(
                    -x,
                    -y,
                    x.is_sign_positive(),
                    f32::NAN,
                    x.is_nan() || y.is_nan(),
                )
            },
            |x, y| {
                -fmin(
                    -x,
                    -y,
                    x.is_sign_positive(),
                    f64::NAN,
                    x.is_nan() || y.is_nan(),
                )
            },
        ),
    };
    per_precision(a, b, f, g)
}

fn int_binary(op: Opcode, a: Val, b: Val) -> R {
    use Opcode::*;
    let w = a.width();
    let (x, y) = (a.bits(), b.bits());
    let (sx, sy) = (sext(x, w), sext(y, w));
    let r = match op {
        Iadd => x.wrapping_add(y),
        Isub => x.wrapping_sub(y),
        Imul => x.wrapping_mul(y),
        Sdiv if sy == 0 => 0,
        Sdiv => sx.wrapping_div(sy) as u64,
        Udiv => x.checked_div(y).unwrap_or(0),
        Srem if sy == 0 => 0,
        Srem => sx.wrapping_rem(sy) as u64,
        Urem => x.checked_rem(y).unwrap_or(0),
        Smin => sx.min(sy) as u64,
        Smax => sx.max(sy) as u64,
        Umin => x.min(y),
        Umax => x.max(y),
        Band => x & y,
        Bor => x | y,
        Bxor => x ^ y,
        Ishl if y >= w as u64 => 0,
        Ishl => x << y,
        Ushr if y >= w as u64 => 0,
        Ushr => x >> y,
        Sshr => (sx >> y.min(63)) as u64,
        _ => return Err(format!("{op} cannot take {:?} and {:?}", a.ty(), b.ty())),
    };
    Ok(Val::int(a.ty(), r))
}

/// `fma a, b, c` with one rounding.
pub fn fma(a: Val, b: Val, c: Val) -> Val {
    match (a, b, c) {
        (Val::F32(x), Val::F32(y), Val::F32(z)) => Val::F32(x.mul_add(y, z)),
        (Val::F64(x), Val::F64(y), Val::F64(z)) => Val::F64(x.mul_add(y, z)),
        // f16: the product is exact in f64; the sum rounds twice at worst.
        _ => Val::float(a.ty(), a.as_f64().mul_add(b.as_f64(), c.as_f64())),
    }
}

/// Integer comparison of two values of the same type.
pub fn icmp(cond: IntCC, a: Val, b: Val) -> bool {
    cond.holds(a.width(), a.bits(), b.bits())
}

/// Float comparison (ordered except `ne` and `uno`).
pub fn fcmp(cond: FloatCC, a: Val, b: Val) -> bool {
    cond.holds(a.as_f64(), b.as_f64())
}

fn approx(op: Opcode, x: f64) -> f64 {
    match op {
        Opcode::SinApprox => x.sin(),
        Opcode::CosApprox => x.cos(),
        Opcode::Ex2Approx => x.exp2(),
        Opcode::Lg2Approx => x.log2(),
        Opcode::TanhApprox => x.tanh(),
        _ => 1.0 / x,
    }
}

/// The reference value of a math-library opcode, in `f64` (the second
/// operand is ignored by one-operand functions; `powi` and `ldexp` get
/// their exponent converted to `f64`). Computed by the `libm` crate (a Rust port of musl's
/// math library), so that the interpreter gives the same bits on every
/// machine; the host C library, which `std`'s methods call, differs between
/// systems in the last bit.
pub fn math(op: Opcode, x: f64, y: f64) -> f64 {
    use Opcode::*;
    match op {
        Sin => libm::sin(x),
        Cos => libm::cos(x),
        Tan => libm::tan(x),
        Asin => libm::asin(x),
        Acos => libm::acos(x),
        Atan => libm::atan(x),
        Atan2 => libm::atan2(x, y),
        Sinh => libm::sinh(x),
        Cosh => libm::cosh(x),
        Tanh => libm::tanh(x),
        Asinh => libm::asinh(x),
        Acosh => libm::acosh(x),
        Atanh => libm::atanh(x),
        Exp => libm::exp(x),
        Expm1 => libm::expm1(x),
        Log => libm::log(x),
        Log2 => libm::log2(x),
        Log10 => libm::log10(x),
        Log1p => libm::log1p(x),
        Pow | Powi => libm::pow(x, y),
        Hypot => libm::hypot(x, y),
        Fmod => libm::fmod(x, y),
        Cbrt => libm::cbrt(x),
        Exp2 => libm::exp2(x),
        // `y` is an `i32` exponent, exact in `f64`.
        Ldexp => libm::ldexp(x, y as i32),
        Remainder => libm::remainder(x, y),
        Erf => libm::erf(x),
        Erfc => libm::erfc(x),
        Tgamma => libm::tgamma(x),
        Lgamma => libm::lgamma(x),
        _ => f64::NAN,
    }
}

/// The bfloat16 bits of `f` rounded to nearest, ties to even (NaN is
/// `0x7fff`): PTX's `cvt.rn.bf16.f32`.
pub fn f32_to_bf16(f: f32) -> u16 {
    if f.is_nan() {
        return 0x7fff;
    }
    let u = f.to_bits();
    (u.wrapping_add(0x7fff + ((u >> 16) & 1)) >> 16) as u16
}
