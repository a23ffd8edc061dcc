//! `pow`, `hypot`, `cbrt`, the inverse hyperbolic functions and `fmod`.
//!
//! `pow(x, y) = e^(y log|x|)` with `log|x|` to about 2^-64 relative
//! ([`explog::log_hp`]) and the product `y log|x|` kept as a
//! double-double, so even results near the overflow threshold keep their
//! accuracy; the IEEE special cases (zeros, infinities, negative bases,
//! odd integer exponents) are selected around it.
//!
//! `hypot` scales both operands by a power of two so the squares cannot
//! overflow or underflow, then corrects the square root once with the
//! exact residual. `cbrt` starts from an exponent-bits guess and refines
//! it with Newton steps, the last one with an exact residual. `fmod`
//! subtracts multiples of `y * 2^j` (chosen so the quotient stays below
//! 2^51) with an `fma`, which makes every step exact; it is the one
//! function with a loop.
//!
//! `hypot`, `cbrt` and the inverse hyperbolic functions are written once
//! for `f64` and `f32`: each type's constants, and `explog`'s building
//! blocks, which hand `f32` to the float32 algorithms of `single.rs`.

use super::coeffs::{LN2, LN2_F32};
use super::emit::{Dd, Emit};
use super::explog;
use crate::ir::entities::Value;
use crate::ir::instructions::{FloatCC, IntCC, Opcode};
use crate::ir::types::Type;

/// True when `v` is an odd integer (false for infinities and NaN).
fn is_odd_int(e: &mut Emit, v: Value) -> Value {
    let fl = e.un(Opcode::Floor, v);
    let int = e.cmp(FloatCC::Eq, fl, v);
    let half = e.mulc(v, 0.5);
    let hf = e.un(Opcode::Floor, half);
    let frac = e.cmp(FloatCC::Ne, hf, half);
    e.and(int, frac)
}

/// `x ** y` with the IEEE 754 special cases.
pub fn pow(e: &mut Emit, x: Value, y: Value) -> Value {
    let ax = e.abs(x);
    let l = explog::log_hp(e, ax);
    let zh = e.mul(y, l.hi);
    let nzh = e.neg(zh);
    let zl = e.fma(y, l.hi, nzh);
    let yl = e.mul(y, l.lo);
    let zl = e.add(zl, yl);
    let zl = nan_to_zero(e, zl);
    let mag = explog::exp_dd(e, zh, Some(zl));
    pow_specials(e, x, y, mag)
}

/// `pow`'s result from `mag`, the value of `|x|^y` for finite nonzero `x`
/// and finite `y` (anything elsewhere): the IEEE 754 special cases (zeros,
/// infinities, NaN, negative bases, odd integer exponents) selected around
/// it. In the type of `e` (the `f32` `pow` shares it).
pub(super) fn pow_specials(e: &mut Emit, x: Value, y: Value, mag: Value) -> Value {
    let ax = e.abs(x);
    // |x| = 0 or inf, and y = ±inf.
    let y_neg = e.cmpc(FloatCC::Lt, y, 0.0);
    let x_zero = e.cmpc(FloatCC::Eq, ax, 0.0);
    let inf = e.c(f64::INFINITY);
    let zero = e.c(0.0);
    let at_zero = e.sel(y_neg, inf, zero);
    let mag = e.sel(x_zero, at_zero, mag);
    let x_inf = e.cmpc(FloatCC::Eq, ax, f64::INFINITY);
    let at_inf = e.sel(y_neg, zero, inf);
    let mag = e.sel(x_inf, at_inf, mag);
    let ay = e.abs(y);
    let y_inf = e.cmpc(FloatCC::Eq, ay, f64::INFINITY);
    let below = e.cmpc(FloatCC::Lt, ax, 1.0);
    let grows = e.b.binary(Opcode::Bxor, below, y_neg);
    let at_yinf = e.sel(grows, zero, inf);
    let x_one = e.cmpc(FloatCC::Eq, ax, 1.0);
    let at_yinf = e.selc(x_one, 1.0, at_yinf);
    let mag = e.sel(y_inf, at_yinf, mag);
    // Sign: negative base (or -0) to an odd integer power.
    let odd = is_odd_int(e, y);
    let xb = e.bits(x);
    let izero = e.iw(0);
    let x_signed = e.icmp(IntCC::Slt, xb, izero);
    let flip = e.and(odd, x_signed);
    let nmag = e.neg(mag);
    let v = e.sel(flip, nmag, mag);
    // Negative finite base to a non-integer power.
    let fl = e.un(Opcode::Floor, y);
    let non_int = e.cmp(FloatCC::Ne, fl, y);
    let x_neg = e.cmpc(FloatCC::Lt, x, 0.0);
    let x_fin = e.cmpc(FloatCC::Ne, x, f64::NEG_INFINITY);
    let bad = e.and(non_int, x_neg);
    let bad = e.and(bad, x_fin);
    let v = e.selc(bad, f64::NAN, v);
    let nan = e.cmp(FloatCC::Uno, x, y);
    let sum = e.add(x, y);
    let v = e.sel(nan, sum, v);
    let x_is_one = e.cmpc(FloatCC::Eq, x, 1.0);
    let v = e.selc(x_is_one, 1.0, v);
    let y_zero = e.cmpc(FloatCC::Eq, y, 0.0);
    e.selc(y_zero, 1.0, v)
}

/// `x ** n` for an `i64` `n`: `pow` with `n` converted (exact for
/// `|n| <= 2^53`).
pub fn powi(e: &mut Emit, x: Value, n: Value) -> Value {
    let y = e.itof(n);
    pow(e, x, y)
}

fn nan_to_zero(e: &mut Emit, v: Value) -> Value {
    let nan = e.cmp(FloatCC::Uno, v, v);
    e.selc(nan, 0.0, v)
}

/// The unbiased exponent of a positive finite `v` (subnormals included),
/// as an integer of [`Emit::int_ty`].
fn exponent(e: &mut Emit, v: Value) -> Value {
    // The least normal, the scaling of subnormals, the mantissa's width
    // and the bias.
    let (min_normal, scale, mantissa, bias) = if e.ty == Type::F32 {
        (f64::from(f32::MIN_POSITIVE), 24, 23, 127)
    } else {
        (f64::MIN_POSITIVE, 54, 52, 1023)
    };
    let sub = e.cmpc(FloatCC::Lt, v, min_normal);
    let big = e.mulc(v, 2f64.powi(scale));
    let vs = e.sel(sub, big, v);
    let b = e.bits(vs);
    let ex = e.ibc(Opcode::Ushr, b, mantissa);
    let ex = e.ibc(Opcode::Iadd, ex, -bias);
    let ex_sub = e.ibc(Opcode::Iadd, ex, -i64::from(scale));
    e.sel(sub, ex_sub, ex)
}

/// `sqrt(x^2 + y^2)` without spurious overflow or underflow.
pub fn hypot(e: &mut Emit, x: Value, y: Value) -> Value {
    let ax = e.abs(x);
    let ay = e.abs(y);
    let a = e.b.binary(Opcode::Fmax, ax, ay);
    let b = e.b.binary(Opcode::Fmin, ax, ay);
    let ea = exponent(e, a);
    // Scaled by 2^-ea with ea in the normal range less one.
    let emax = if e.ty == Type::F32 { 126 } else { 1022 };
    let ea = e.ibc(Opcode::Smin, ea, emax);
    let ea = e.ibc(Opcode::Smax, ea, -emax);
    let ity = e.int_ty();
    let nea = e.b.unary(Opcode::Ineg, ity, ea);
    let s = e.pow2(nea);
    let a_s = e.mul(a, s);
    let b_s = e.mul(b, s);
    let bb = e.mul(b_s, b_s);
    let sum = e.fma(a_s, a_s, bb);
    let h = e.un(Opcode::Sqrt, sum);
    // One Newton correction with the exact residual a^2 + b^2 - h^2.
    let a2 = e.two_prod(a_s, a_s);
    let b2 = e.two_prod(b_s, b_s);
    let h2 = e.two_prod(h, h);
    let r = e.sub(a2.hi, h2.hi);
    let r = e.add(r, b2.hi);
    let rl = e.add(a2.lo, b2.lo);
    let rl = e.sub(rl, h2.lo);
    let r = e.add(r, rl);
    let h2x = e.add(h, h);
    let corr = e.div(r, h2x);
    let corr = nan_to_zero(e, corr);
    let h = e.add(h, corr);
    let v = e.scale(h, ea);
    let a_zero = e.cmpc(FloatCC::Eq, a, 0.0);
    let v = e.selc(a_zero, 0.0, v);
    let x_inf = e.cmpc(FloatCC::Eq, ax, f64::INFINITY);
    let y_inf = e.cmpc(FloatCC::Eq, ay, f64::INFINITY);
    let any_inf = e.or(x_inf, y_inf);
    e.selc(any_inf, f64::INFINITY, v)
}

/// Cube root: a guess from the bits, Newton steps (5 in `f64`, 3 in
/// `f32`, from a guess within about 6%), the last one with the exact
/// residual.
pub fn cbrt(e: &mut Emit, x: Value) -> Value {
    // The least normal, the scaling of subnormals and of the largest
    // numbers (a multiple of 3), the mantissa's width, the bias, the
    // Newton steps and the largest binade.
    let (min_normal, scale, mantissa, bias, steps, emax) = if e.ty == Type::F32 {
        (f64::from(f32::MIN_POSITIVE), 24, 23, 127, 3, 127)
    } else {
        (f64::MIN_POSITIVE, 54, 52, 1023, 5, 1023)
    };
    let ax = e.abs(x);
    let sub = e.cmpc(FloatCC::Lt, ax, min_normal);
    let up = e.mulc(ax, 2f64.powi(scale));
    // Near the largest number, t^3 below could round past it.
    let huge = e.cmpc(FloatCC::Ge, ax, 2f64.powi(emax - scale));
    let down = e.mulc(ax, 2f64.powi(-scale));
    let xs = e.sel(huge, down, ax);
    let xs = e.sel(sub, up, xs);
    // Dividing the bits by 3 divides the exponent by 3; the constant
    // restores the bias (2/3 of it, in the exponent field).
    let bits = e.bits(xs);
    let third = e.ibc(Opcode::Udiv, bits, 3);
    let g = e.ibc(Opcode::Iadd, third, ((2 * bias) << mantissa) / 3);
    let mut t = e.from_bits(g);
    for _ in 0..steps {
        // t = (2t + x / t^2) / 3
        let t2 = e.mul(t, t);
        let q = e.div(xs, t2);
        let tt = e.add(t, t);
        let s = e.add(tt, q);
        t = e.mulc(s, 1.0 / 3.0);
    }
    // Last step with the exact residual x - t^3.
    let t2 = e.two_prod(t, t);
    let t3 = e.two_prod(t2.hi, t);
    let l = e.mul(t2.lo, t);
    let t3l = e.add(t3.lo, l);
    let r = e.sub(xs, t3.hi);
    let r = e.sub(r, t3l);
    let d = e.mulc(t2.hi, 3.0);
    let corr = e.div(r, d);
    let t = e.add(t, corr);
    let scaled = e.mulc(t, 2f64.powi(-scale / 3));
    let t = e.sel(sub, scaled, t);
    let grown = e.mulc(t, 2f64.powi(scale / 3));
    let t = e.sel(huge, grown, t);
    let v = e.copysign(t, x);
    // 0, inf and NaN are their own cube roots.
    let zero = e.cmpc(FloatCC::Eq, ax, 0.0);
    let inf = e.cmpc(FloatCC::Eq, ax, f64::INFINITY);
    let nan = e.cmp(FloatCC::Uno, x, x);
    let same = e.or(zero, inf);
    let same = e.or(same, nan);
    e.sel(same, x, v)
}

/// `log|x| + ln2` for huge `|x|` (where `sqrt(x^2 ± 1) = |x|`).
fn log_twice(e: &mut Emit, a: Value) -> Value {
    let l = explog::log_dd(e, a);
    let ln2 = e.split_for(&LN2, LN2_F32);
    let h = e.addc(l.hi, ln2[0]);
    let lo = e.addc(l.lo, ln2[1]);
    e.add(h, lo)
}

/// Inverse hyperbolic sine.
pub fn asinh(e: &mut Emit, x: Value) -> Value {
    let a = e.abs(x);
    let a2 = e.mul(a, a);
    let one = e.c(1.0);
    let w = e.add(a2, one);
    let r = e.un(Opcode::Sqrt, w);
    // Small: log1p(a + a^2 / (1 + sqrt(1 + a^2))).
    let d = e.add(one, r);
    let q = e.div(a2, d);
    let v = e.two_sum(a, q);
    let small = explog::log1p_dd(e, v);
    // Large: log(2a + 1 / (a + sqrt(a^2 + 1))).
    let s = e.add(a, r);
    let inv = e.div(one, s);
    let two_a = e.add(a, a);
    let u = e.add(two_a, inv);
    let large = explog::log(e, u);
    let is_large = e.cmpc(FloatCC::Gt, a, 2.0);
    let v = e.sel(is_large, large, small);
    let huge = e.cmpc(FloatCC::Gt, a, 2f64.powi(28));
    let lt = log_twice(e, a);
    let v = e.sel(huge, lt, v);
    let tiny = e.cmpc(FloatCC::Lt, a, 2f64.powi(-28));
    let v = e.sel(tiny, a, v);
    let inf = e.cmpc(FloatCC::Eq, a, f64::INFINITY);
    let v = e.sel(inf, a, v);
    e.copysign(v, x)
}

/// Inverse hyperbolic cosine (NaN below 1).
pub fn acosh(e: &mut Emit, x: Value) -> Value {
    // 1 <= x <= 2: log1p(t + sqrt(2t + t^2)) with t = x - 1 exact.
    let t = e.addc(x, -1.0);
    let t2 = e.mul(t, t);
    let tt = e.add(t, t);
    let w = e.add(tt, t2);
    let r = e.un(Opcode::Sqrt, w);
    let v = e.two_sum(t, r);
    let small = explog::log1p_dd(e, v);
    // x > 2: log(2x - 1 / (x + sqrt(x^2 - 1))).
    let x2 = e.mul(x, x);
    let w = e.addc(x2, -1.0);
    let r = e.un(Opcode::Sqrt, w);
    let s = e.add(x, r);
    let one = e.c(1.0);
    let inv = e.div(one, s);
    let two_x = e.add(x, x);
    let u = e.sub(two_x, inv);
    let large = explog::log(e, u);
    let is_large = e.cmpc(FloatCC::Gt, x, 2.0);
    let v = e.sel(is_large, large, small);
    let huge = e.cmpc(FloatCC::Gt, x, 2f64.powi(28));
    let lt = log_twice(e, x);
    let v = e.sel(huge, lt, v);
    let inf = e.cmpc(FloatCC::Eq, x, f64::INFINITY);
    let v = e.sel(inf, x, v);
    let below = e.cmpc(FloatCC::Lt, x, 1.0);
    let v = e.selc(below, f64::NAN, v);
    let nan = e.cmp(FloatCC::Uno, x, x);
    e.sel(nan, x, v)
}

/// Inverse hyperbolic tangent: `log1p(2a / (1 - a)) / 2`.
pub fn atanh(e: &mut Emit, x: Value) -> Value {
    let a = e.abs(x);
    let one = e.c(1.0);
    let d = e.sub(one, a);
    let n = e.add(a, a);
    // 2a / (1 - a) with its remainder (1 - a is exact for a >= 1/2, and
    // rounds harmlessly below).
    let q = e.div(n, d);
    let nq = e.neg(q);
    let rem = e.fma(nq, d, n);
    let ql = e.div(rem, d);
    let ql = nan_to_zero(e, ql);
    let l = explog::log1p_dd(e, Dd { hi: q, lo: ql });
    let v = e.mulc(l, 0.5);
    let tiny = e.cmpc(FloatCC::Lt, a, 2f64.powi(-28));
    let v = e.sel(tiny, a, v);
    let v = e.copysign(v, x);
    let nan = e.cmp(FloatCC::Uno, x, x);
    e.sel(nan, x, v)
}

/// C `fmod`: `x - trunc(x / y) y`, exactly, with the sign of `x`.
pub fn fmod(e: &mut Emit, x: Value, y: Value) -> Value {
    let ax = e.abs(x);
    let ay = e.abs(y);
    let ey = exponent(e, ay);
    let head = e.b.create_block();
    let body = e.b.create_block();
    let exit = e.b.create_block();
    let r = e.b.append_param(head, Type::F64);
    let out = e.b.append_param(exit, Type::F64);
    // Only loop for finite x and nonzero finite y.
    let ok_x = e.cmpc(FloatCC::Lt, ax, f64::INFINITY);
    let ok_y = e.cmpc(FloatCC::Gt, ay, 0.0);
    let fin_y = e.cmpc(FloatCC::Lt, ay, f64::INFINITY);
    let ok = e.and(ok_x, ok_y);
    let ok = e.and(ok, fin_y);
    e.b.jump(head, &[ax]);
    e.b.switch_to(head);
    let more = e.cmp(FloatCC::Ge, r, ay);
    let more = e.and(more, ok);
    e.b.brif(more, body, &[], exit, &[r]);
    e.b.switch_to(body);
    // d = ay 2^j with r / d < 2^51; q = trunc(r / d) is never too small,
    // so r - q d lies in (-d, d) and the fma is exact.
    let er = exponent(e, r);
    let j = e.ib(Opcode::Isub, er, ey);
    let j = e.ibc(Opcode::Iadd, j, -50);
    let j = e.ibc(Opcode::Smax, j, 0);
    // j reaches 2097 (f64::MAX over the least subnormal): two scalings.
    let j1 = e.ibc(Opcode::Sshr, j, 1);
    let j2 = e.ib(Opcode::Isub, j, j1);
    let dd = e.scale(ay, j1);
    let dd = e.scale(dd, j2);
    let q = e.div(r, dd);
    let q = e.un(Opcode::Trunc, q);
    let nq = e.neg(q);
    let rn = e.fma(nq, dd, r);
    let neg = e.cmpc(FloatCC::Lt, rn, 0.0);
    let fixed = e.add(rn, dd);
    let rn = e.sel(neg, fixed, rn);
    e.b.jump(head, &[rn]);
    e.b.switch_to(exit);
    let v = e.copysign(out, x);
    // NaN operands, infinite x or zero y give NaN; infinite y gives x.
    let bad_x = e.cmpc(FloatCC::Eq, ax, f64::INFINITY);
    let bad_y = e.cmpc(FloatCC::Eq, ay, 0.0);
    let bad = e.or(bad_x, bad_y);
    let v = e.selc(bad, f64::NAN, v);
    let nan = e.cmp(FloatCC::Uno, x, y);
    let sum = e.add(x, y);
    e.sel(nan, sum, v)
}
