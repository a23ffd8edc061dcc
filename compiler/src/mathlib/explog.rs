//! Exponentials, logarithms and the hyperbolic functions built on them.
//!
//! `exp`: `x = k ln2 + r` with `k = nearest(x / ln2)` and `|r| <= ln2/2`;
//! `ln2` is split in two parts (Cody and Waite) and the first product is
//! taken inside an `fma`, so `x - k*ln2_hi` is exact. Then
//! `e^r = 1 + r + r^2 P(r)` and the result is scaled by `2^k` through the
//! exponent bits, in two steps so only the last one rounds.
//!
//! `exp2`: the same with `k = nearest(x)`, `r = x - k` exact and
//! `e^(r ln2)` from a double-double `r ln2`.
//!
//! `log`: `x = 2^k m` with `m` in `[sqrt(1/2), sqrt(2))` (from the bits),
//! `f = m - 1` exactly, `s = f / (2 + f)`, and
//! `log(1 + f) = f - f^2/2 + s (f^2/2 + R(s^2))` where `R` is the tail of
//! `2 atanh(s)`. The result is kept as a double-double so `log2`, `log10`
//! and `log1p` can scale or correct it without losing bits.
//!
//! `sinh`, `cosh` and `tanh` (and `asinh`, `acosh`, `atanh` in `misc.rs`)
//! are written once for `f64` and `f32`: they compute in the type of
//! their [`Emit`], with that type's polynomials and thresholds, and the
//! building blocks they call ([`exp_parts`], [`expm1`], [`log`],
//! [`log_dd`], [`log1p_dd`]) hand `f32` to the float32 algorithms of
//! `single.rs`.

use super::coeffs::{
    EXP, INV_LN10, INV_LN2, LN2, LOG, LOG_HP, SINH, SINH_F32, TANH, TANH_F32, TWO_THIRDS,
};
use super::emit::{Dd, Emit};
use super::single;
use crate::ir::entities::Value;
use crate::ir::instructions::{FloatCC, Opcode};
use crate::ir::types::Type;

/// `e^x = y * 2^k` with `y` in about `[0.7, 1.42]`, for `x = hi + lo`
/// with `|x| <= 746` (outside, `k` saturates and callers select); in
/// `f32`, [`single::exp_parts`] (`|x| <= 104.5`).
pub fn exp_parts(e: &mut Emit, hi: Value, lo: Option<Value>) -> (Value, Value) {
    if e.ty == Type::F32 {
        return single::exp_parts(e, hi, lo);
    }
    let (r_hi, tail, kf) = exp_reduced(e, hi, lo);
    let s = e.add(r_hi, tail);
    let y = e.addc(s, 1.0);
    (y, e.ftoi(kf))
}

/// [`exp_parts`] with `y` as a double-double (good to about 2^-70), for
/// callers that multiply it further before rounding.
pub fn exp_parts_dd(e: &mut Emit, hi: Value, lo: Option<Value>) -> (Dd, Value) {
    let (r_hi, tail, kf) = exp_reduced(e, hi, lo);
    let s = e.two_sum(r_hi, tail);
    let one = e.c(1.0);
    let y = e.fast_two_sum(one, s.hi);
    let ylo = e.add(y.lo, s.lo);
    let y = e.fast_two_sum(y.hi, ylo);
    (y, e.ftoi(kf))
}

/// The reduction of [`exp_parts`]: `e^x = 2^k (1 + r_hi + tail)`, with
/// `k` as an `f64`.
fn exp_reduced(e: &mut Emit, hi: Value, lo: Option<Value>) -> (Value, Value, Value) {
    let kf = e.mulc(hi, INV_LN2[0]);
    let kf = e.un(Opcode::Nearest, kf);
    let nk = e.neg(kf);
    let ln2_hi = e.c(LN2[0]);
    let r_hi = e.fma(nk, ln2_hi, hi);
    let ln2_lo = e.c(LN2[1]);
    let mut corr = e.mul(nk, ln2_lo);
    if let Some(lo) = lo {
        corr = e.add(corr, lo);
    }
    // r = r_hi + corr as a double-double; then
    // e^r - 1 = r.hi + (r.lo + r.hi^2 P(r.hi)) to well under an ulp.
    let r = e.two_sum(r_hi, corr);
    let p = e.poly(r.hi, &EXP);
    let r2 = e.mul(r.hi, r.hi);
    let tail = e.fma(r2, p, r.lo);
    (r.hi, tail, kf)
}

/// `e^(hi + lo)` with overflow to infinity and underflow to zero.
pub fn exp_dd(e: &mut Emit, hi: Value, lo: Option<Value>) -> Value {
    let (y, k) = exp_parts(e, hi, lo);
    let v = e.scale(y, k);
    let big = e.cmpc(FloatCC::Gt, hi, 710.0);
    let v = e.selc(big, f64::INFINITY, v);
    let small = e.cmpc(FloatCC::Lt, hi, -746.0);
    e.selc(small, 0.0, v)
}

/// `e^x`.
pub fn exp(e: &mut Emit, x: Value) -> Value {
    exp_dd(e, x, None)
}

/// `2^x`: `x = k + r` with `k = nearest(x)` and `r` in `[-1/2, 1/2]`
/// (exact), `2^r = e^(r ln2)` with `r ln2` carried as a double-double
/// into [`exp_parts`], then scaled by `2^k`. Integral `x` give exact
/// powers of two.
pub fn exp2(e: &mut Emit, x: Value) -> Value {
    // Beyond ±1100 the result is 0 or infinity already; the clamp keeps k
    // in `scale`'s range (NaN stays NaN).
    let hi = e.c(1100.0);
    let xc = e.b.binary(Opcode::Fmin, x, hi);
    let lo = e.c(-1100.0);
    let xc = e.b.binary(Opcode::Fmax, xc, lo);
    let kf = e.un(Opcode::Nearest, xc);
    let r = e.sub(xc, kf);
    let ln2_hi = e.c(LN2[0]);
    let t = e.two_prod(r, ln2_hi);
    let tail = e.mulc(r, LN2[1]);
    let tail = e.add(t.lo, tail);
    let (y, k2) = exp_parts(e, t.hi, Some(tail));
    let k = e.ftoi(kf);
    let k = e.ib(Opcode::Iadd, k, k2);
    e.scale(y, k)
}

/// `e^x - 1`, accurate near 0 (in `f32`, [`single::expm1`]).
pub fn expm1(e: &mut Emit, x: Value) -> Value {
    if e.ty == Type::F32 {
        return single::expm1(e, x);
    }
    // k and r again, keeping r's rounding error `corr` apart.
    let kf = e.mulc(x, INV_LN2[0]);
    let kf = e.un(Opcode::Nearest, kf);
    let nk = e.neg(kf);
    let ln2_hi = e.c(LN2[0]);
    let r_hi = e.fma(nk, ln2_hi, x);
    let c = e.mulc(nk, LN2[1]);
    let sum = e.two_sum(r_hi, c);
    let p = e.poly(sum.hi, &EXP);
    let r2 = e.mul(sum.hi, sum.hi);
    let tail = e.fma(r2, p, sum.lo);
    let s = e.add(sum.hi, tail);
    // e^x - 1 = 2^k (1 + s) - 1 = 2^k s + (2^k - 1).
    let k = e.ftoi(kf);
    let kc = e.ibc(Opcode::Smax, k, -1000);
    let kc = e.ibc(Opcode::Smin, kc, 1000);
    let t = e.pow2(kc);
    let tm1 = e.addc(t, -1.0);
    let v = e.fma(t, s, tm1);
    let big = e.cmpc(FloatCC::Gt, x, 40.0);
    let ex = exp(e, x);
    let v = e.sel(big, ex, v);
    let low = e.cmpc(FloatCC::Lt, x, -40.0);
    let v = e.selc(low, -1.0, v);
    // Keep -0 and tiny arguments exact.
    let ax = e.abs(x);
    let tiny = e.cmpc(FloatCC::Lt, ax, 1e-300);
    e.sel(tiny, x, v)
}

/// `log(x)` as a double-double for finite `x > 0` (subnormals included;
/// in `f32`, [`single::log_dd`]).
pub fn log_dd(e: &mut Emit, x: Value) -> Dd {
    if e.ty == Type::F32 {
        return single::log_dd(e, x);
    }
    let (kf, f) = split_log_arg(e, x);
    let log1pf = log1p_reduced(e, f);
    add_k_ln2(e, kf, log1pf)
}

/// Splits a positive finite `x` (subnormals included) into `k` (as a
/// float of `x`'s type) and `f = m - 1` with `x = 2^k m`, `m` in
/// `[sqrt(1/2), sqrt(2))`; `f` is exact. For `f64` and `f32` alike, with
/// each format's constants.
pub(super) fn split_log_arg(e: &mut Emit, x: Value) -> (Value, Value) {
    // The least normal, the scaling of subnormals, the bits of sqrt(1/2)
    // rounded down, and the mantissa's width.
    let (min_normal, scale, sqrt_half_bits, mantissa) = if e.ty == Type::F32 {
        (f64::from(f32::MIN_POSITIVE), 23, 0x3f35_04f3, 23)
    } else {
        (f64::MIN_POSITIVE, 54, 0x3FE6_A09E_667F_3BCD, 52)
    };
    let sub = e.cmpc(FloatCC::Lt, x, min_normal);
    let big = e.mulc(x, 2f64.powi(scale));
    let xs = e.sel(sub, big, x);
    let adj = e.iw(-i64::from(scale));
    let zero = e.iw(0);
    let adj = e.sel(sub, adj, zero);
    let ix = e.bits(xs);
    let tmp = e.ibc(Opcode::Isub, ix, sqrt_half_bits);
    let k = e.ibc(Opcode::Sshr, tmp, mantissa);
    let kshift = e.ibc(Opcode::Ishl, k, mantissa);
    let mbits = e.ib(Opcode::Isub, ix, kshift);
    let m = e.from_bits(mbits);
    let k = e.ib(Opcode::Iadd, k, adj);
    let kf = e.itof(k);
    (kf, e.addc(m, -1.0))
}

/// `log(x)` to about 2^-64 relative, as a double-double (for `pow`):
/// `2 atanh(s)` with `s`, `2s` and `2s^3/3` all carried as
/// double-doubles, so only the `s^5` tail rounds.
pub fn log_hp(e: &mut Emit, x: Value) -> Dd {
    let (kf, f) = split_log_arg(e, x);
    let two = e.c(2.0);
    let den = e.two_sum(two, f);
    let zero = e.c(0.0);
    let s = dd_div(e, Dd { hi: f, lo: zero }, den);
    // z = s^2 and c3 = s^3 as double-doubles.
    let zz = e.two_prod(s.hi, s.hi);
    let cross = e.mul(s.hi, s.lo);
    let cross2 = e.add(cross, cross);
    let zlo = e.add(zz.lo, cross2);
    let c3 = e.two_prod(s.hi, zz.hi);
    let a = e.mul(s.hi, zlo);
    let b = e.mul(s.lo, zz.hi);
    let c3lo = e.add(a, b);
    let c3lo = e.add(c3.lo, c3lo);
    let t1 = e.dd_mulc(
        Dd {
            hi: c3.hi,
            lo: c3lo,
        },
        TWO_THIRDS[0],
        TWO_THIRDS[1],
    );
    let q = e.poly(zz.hi, &LOG_HP);
    let s5 = e.mul(c3.hi, zz.hi);
    let t2 = e.mul(s5, q);
    // 2s + t1 + t2.
    let s2h = e.add(s.hi, s.hi);
    let s2l = e.add(s.lo, s.lo);
    let sum = e.two_sum(s2h, t1.hi);
    let lo = e.add(s2l, t1.lo);
    let lo = e.add(lo, t2);
    let lo = e.add(sum.lo, lo);
    let l = e.fast_two_sum(sum.hi, lo);
    add_k_ln2(e, kf, l)
}

/// `n / d` for double-doubles, to about 2^-100 relative.
pub fn dd_div(e: &mut Emit, n: Dd, d: Dd) -> Dd {
    let q = e.div(n.hi, d.hi);
    let nq = e.neg(q);
    let r = e.fma(nq, d.hi, n.hi);
    let r = e.add(r, n.lo);
    let r = e.fma(nq, d.lo, r);
    let lo = e.div(r, d.hi);
    Dd { hi: q, lo }
}

/// `k ln2 + l` as a double-double.
fn add_k_ln2(e: &mut Emit, kf: Value, log1pf: Dd) -> Dd {
    // k ln2 as a double-double, plus log(1 + f).
    let ln2_hi = e.c(LN2[0]);
    let kl = e.two_prod(kf, ln2_hi);
    let klo = e.mulc(kf, LN2[1]);
    let klo = e.add(kl.lo, klo);
    let sum = e.two_sum(kl.hi, log1pf.hi);
    let lo = e.add(klo, log1pf.lo);
    let lo = e.add(sum.lo, lo);
    e.fast_two_sum(sum.hi, lo)
}

/// `log(1 + f)` for `f` in `[sqrt(1/2) - 1, sqrt(2) - 1)`, as `hi + lo`.
/// `s = f / (2 + f)` is the product with [`Emit::recip_log_den`]
/// corrected once by its remainder (an `fma`): within about an ulp, no
/// IEEE division (its slow path is 90 SASS instructions); its error
/// reaches the result only through `s (f^2/2 + r)`, at most 0.09 of `s`.
fn log1p_reduced(e: &mut Emit, f: Value) -> Dd {
    let d = e.addc(f, 2.0);
    let y = e.recip_log_den(d);
    let q = e.mul(f, y);
    let nq = e.neg(q);
    let rem = e.fma(nq, d, f);
    let s = e.fma(rem, y, q);
    let z = e.mul(s, s);
    let q = e.poly(z, &LOG);
    let r = e.mul(z, q);
    let fsq = e.two_prod(f, f);
    let hfsq = e.mulc(fsq.hi, 0.5);
    let hfsq_lo = e.mulc(fsq.lo, 0.5);
    let hi = e.sub(f, hfsq);
    let t = e.sub(f, hi);
    let t = e.sub(t, hfsq);
    let t = e.sub(t, hfsq_lo);
    let u = e.add(hfsq, r);
    let lo = e.fma(s, u, t);
    Dd { hi, lo }
}

/// Applies the special cases of a logarithm of `x`: NaN and negative
/// arguments give NaN, 0 gives -inf, +inf gives +inf.
pub(super) fn log_specials(e: &mut Emit, x: Value, v: Value) -> Value {
    let inf = e.cmpc(FloatCC::Eq, x, f64::INFINITY);
    let v = e.selc(inf, f64::INFINITY, v);
    let zero = e.cmpc(FloatCC::Eq, x, 0.0);
    let v = e.selc(zero, f64::NEG_INFINITY, v);
    let neg = e.cmpc(FloatCC::Lt, x, 0.0);
    let v = e.selc(neg, f64::NAN, v);
    let nan = e.cmp(FloatCC::Uno, x, x);
    e.sel(nan, x, v)
}

/// Natural logarithm (in `f32`, [`single::log`]).
pub fn log(e: &mut Emit, x: Value) -> Value {
    if e.ty == Type::F32 {
        return single::log(e, x);
    }
    let l = log_dd(e, x);
    log_specials(e, x, l.hi)
}

/// Base-2 logarithm (exact on powers of two).
pub fn log2(e: &mut Emit, x: Value) -> Value {
    let l = log_dd(e, x);
    let v = e.dd_mulc(l, INV_LN2[0], INV_LN2[1]);
    log_specials(e, x, v.hi)
}

/// Base-10 logarithm.
pub fn log10(e: &mut Emit, x: Value) -> Value {
    let l = log_dd(e, x);
    let v = e.dd_mulc(l, INV_LN10[0], INV_LN10[1]);
    log_specials(e, x, v.hi)
}

/// `log(1 + x)`: the rounding error of `1 + x` is added back as `c / u`.
pub fn log1p(e: &mut Emit, x: Value) -> Value {
    let zero = e.c(0.0);
    log1p_dd(e, Dd { hi: x, lo: zero })
}

/// `log(1 + x)` for `x = hi + lo` (with `log1p`'s special cases on `hi`;
/// in `f32`, [`single::log1p_dd`]).
pub fn log1p_dd(e: &mut Emit, xd: Dd) -> Value {
    if e.ty == Type::F32 {
        return single::log1p_dd(e, xd);
    }
    let x = xd.hi;
    let one = e.c(1.0);
    let u = e.two_sum(one, x);
    let l = log_dd(e, u.hi);
    let ulo = e.add(u.lo, xd.lo);
    let c = e.div(ulo, u.hi);
    let lo = e.add(l.lo, c);
    let v = e.add(l.hi, lo);
    let v = log_specials(e, u.hi, v);
    let ax = e.abs(x);
    let tiny = e.cmpc(FloatCC::Lt, ax, 2f64.powi(-60));
    let v = e.sel(tiny, x, v);
    let inf = e.cmpc(FloatCC::Eq, x, f64::INFINITY);
    e.sel(inf, x, v)
}

/// `x * 2^(k-1)`: half of `e^|x|` without overflowing early (infinity
/// beyond 711, or 90 in `f32`, where it has overflowed already and
/// [`exp_parts`] would leave its range).
fn half_exp(e: &mut Emit, ax: Value) -> (Value, Value) {
    let (y, k) = exp_parts(e, ax, None);
    let km1 = e.ibc(Opcode::Iadd, k, -1);
    let limit = if e.ty == Type::F32 { 90.0 } else { 711.0 };
    let big = e.cmpc(FloatCC::Gt, ax, limit);
    let h = e.scale(y, km1);
    let h = e.selc(big, f64::INFINITY, h);
    (h, y)
}

/// Hyperbolic cosine: `(e^|x| + e^-|x|) / 2`.
pub fn cosh(e: &mut Emit, x: Value) -> Value {
    let ax = e.abs(x);
    let (h, _) = half_exp(e, ax);
    let q = e.c(0.25);
    let inv = e.div(q, h);
    let v = e.add(h, inv);
    let large = e.cmpc(FloatCC::Gt, ax, 22.0);
    e.sel(large, h, v)
}

/// Hyperbolic sine: a polynomial below 1, `(e^|x| - e^-|x|) / 2` above.
pub fn sinh(e: &mut Emit, x: Value) -> Value {
    let ax = e.abs(x);
    let (h, _) = half_exp(e, ax);
    let q = e.c(0.25);
    let inv = e.div(q, h);
    let big = e.sub(h, inv);
    let large = e.cmpc(FloatCC::Gt, ax, 22.0);
    let big = e.sel(large, h, big);
    let z = e.mul(ax, ax);
    let p = e.poly_for(z, &SINH, &SINH_F32);
    let az = e.mul(ax, z);
    let small = e.fma(az, p, ax);
    let is_small = e.cmpc(FloatCC::Lt, ax, 1.0);
    let v = e.sel(is_small, small, big);
    e.copysign(v, x)
}

/// Hyperbolic tangent: a polynomial below 0.55, `1 - 2 / (e^2|x| + 1)`
/// above (with `expm1` so no bits are lost to the `+ 1`; in `f32`
/// carrying every step's error, [`single::tanh_big`]).
pub fn tanh(e: &mut Emit, x: Value) -> Value {
    let ax = e.abs(x);
    let ax2 = e.add(ax, ax);
    let big = if e.ty == Type::F32 {
        single::tanh_big(e, ax2)
    } else {
        let m = expm1(e, ax2);
        let d = e.addc(m, 2.0);
        let two = e.c(2.0);
        let q = e.div(two, d);
        let one = e.c(1.0);
        e.sub(one, q)
    };
    let sat = e.cmpc(FloatCC::Gt, ax, 22.0);
    let big = e.selc(sat, 1.0, big);
    let z = e.mul(ax, ax);
    let p = e.poly_for(z, &TANH, &TANH_F32);
    let az = e.mul(ax, z);
    let small = e.fma(az, p, ax);
    let is_small = e.cmpc(FloatCC::Lt, ax, 0.55);
    let v = e.sel(is_small, small, big);
    let v = e.copysign(v, x);
    let nan = e.cmp(FloatCC::Uno, x, x);
    e.sel(nan, x, v)
}
