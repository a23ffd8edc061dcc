//! The gamma function and the logarithm of its magnitude.
//!
//! Everything rests on three pieces, each carried as a double-double so
//! that only the final result is rounded:
//! - `1/Gamma(1 + t) = R(t)` for `t` in `[-1/2, 1]`, a polynomial with
//!   double-double coefficients evaluated in double-double (`1/Gamma` is
//!   entire, so degree 28 reaches 2^-105). For `|x| < 10` the
//!   recurrence `Gamma(x + 1) = x Gamma(x)` moves `x` there:
//!   `Gamma(x) = (x-1)(x-2)...(x-n) / R(t)` with `t = x - floor x`
//!   above 2, and `Gamma(x) = 1 / (x (x+1)...(x+n) R(t))` with
//!   `t = x + n`, `n = -nearest(x)`, below 1/2. Every factor `x ± k` is
//!   exact and the products are double-double, so the quotient is good to
//!   about 2^-100 and the final rounding is the only sizeable error, also
//!   right next to the poles.
//! - Stirling's series for `x >= 10`:
//!   `log Gamma(x) = (x - 1/2) log x - x + log(2 pi)/2 + S(1/x^2)/x`, with
//!   `log x` to about 2^-64 ([`explog::log_hp`]) and the sum kept as a
//!   double-double, then `e^(hi + lo)` as `y 2^k` with `y` a double-double,
//!   so even `Gamma(171.6)`
//!   (an argument of 709 for `exp`) keeps its accuracy.
//! - Reflection for `x <= -10`:
//!   `Gamma(x) = -pi / (x sin(pi x) Gamma(-x))`, with `sin(pi x)` from the
//!   exact reduction `x - nearest(x)` and the sine/cosine kernels, and the
//!   `2^k` of `Gamma(-x)` applied last, so results down in the subnormals
//!   are still right (and tiny ones become a signed zero).
//!
//! `lgamma` uses the same pieces (the logarithm of the recurrence's ratio,
//! Stirling's sum itself, `log pi - log|x sin(pi x)| - lgamma(-x)` below
//! -10), except near its zeros at 1 and 2, where
//! `lgamma(1 + t) = t (-euler + t P1(t))` and
//! `lgamma(2 + t) = t (1 - euler + t P2(t))` keep the relative accuracy.
//! Between -10 and -2 it has zeros of its own (-2.457..., -2.747..., ...,
//! two between each pair of integers): there the ratio `|N/D|` is close
//! to 1 and `log1p(|N/D| - 1)` with the 2^-100 ratio keeps the relative
//! accuracy too, down to a few ulps from each zero.
//!
//! The special values follow C: `tgamma(±0) = ±inf`, `tgamma` of a
//! negative integer or of -inf is NaN, `tgamma(+inf) = +inf`;
//! `lgamma` is +inf at the poles (non-positive integers) and at ±inf.

use super::coeffs::{
    EULER, HALF_LN_2PI, LGAMMA1, LGAMMA2, LN_PI, ONE_MINUS_EULER, PI, RGAMMA_DD, STIRLING,
};
use super::emit::{Dd, Emit};
use super::explog::{self, dd_div};
use super::trig::{cos_poly, sin_poly};
use crate::ir::entities::Value;
use crate::ir::instructions::{FloatCC, Opcode};

/// `a * f` for a double-double `a` and an `f64` `f`.
fn dd_mul1(e: &mut Emit, a: Dd, f: Value) -> Dd {
    let p = e.two_prod(a.hi, f);
    let lo = e.fma(a.lo, f, p.lo);
    e.fast_two_sum(p.hi, lo)
}

/// Horner's rule in double-double arithmetic for double-double
/// coefficients (lowest degree first) and an `f64` variable.
fn dd_poly(e: &mut Emit, t: Value, c: &[[f64; 2]]) -> Dd {
    let (last, rest) = c.split_last().expect("a polynomial has coefficients");
    let hi = e.c(last[0]);
    let lo = e.c(last[1]);
    let mut acc = Dd { hi, lo };
    for k in rest.iter().rev() {
        let p = e.two_prod(acc.hi, t);
        let lo = e.fma(acc.lo, t, p.lo);
        let kh = e.c(k[0]);
        let s = e.two_sum(p.hi, kh);
        let lo = e.add(lo, s.lo);
        let lo = e.addc(lo, k[1]);
        acc = e.fast_two_sum(s.hi, lo);
    }
    acc
}

/// `a * b` for double-doubles, to about 2^-104 relative.
fn dd_mul(e: &mut Emit, a: Dd, b: Dd) -> Dd {
    let p = e.two_prod(a.hi, b.hi);
    let lo = e.fma(a.hi, b.lo, p.lo);
    let lo = e.fma(a.lo, b.hi, lo);
    e.fast_two_sum(p.hi, lo)
}

/// `c ? a : b` on double-doubles.
fn sel_dd(e: &mut Emit, c: Value, a: Dd, b: Dd) -> Dd {
    let hi = e.sel(c, a.hi, b.hi);
    let lo = e.sel(c, a.lo, b.lo);
    Dd { hi, lo }
}

/// `sin(pi x)` for finite `x`, as a double-double.
fn sinpi(e: &mut Emit, x: Value) -> Dd {
    let n = e.un(Opcode::Nearest, x);
    let r = e.sub(x, n);
    let q = e.abs(r);
    let big = e.cmpc(FloatCC::Gt, q, 0.25);
    let half = e.c(0.5);
    let cq = e.sub(half, q);
    let u = e.sel(big, cq, q);
    let zero = e.c(0.0);
    let pu = e.dd_mulc(Dd { hi: u, lo: zero }, PI[0], PI[1]);
    let s = sin_poly(e, pu);
    let c = cos_poly(e, pu);
    let v = sel_dd(e, big, c, s);
    // sin(pi x) = (-1)^n sign(r) v.
    let h = e.mulc(n, 0.5);
    let hf = e.un(Opcode::Floor, h);
    let odd = e.cmp(FloatCC::Ne, hf, h);
    let rneg = e.cmpc(FloatCC::Lt, r, 0.0);
    let flip = e.b.binary(Opcode::Bxor, odd, rneg);
    let nhi = e.neg(v.hi);
    let nlo = e.neg(v.lo);
    let hi = e.sel(flip, nhi, v.hi);
    let lo = e.sel(flip, nlo, v.lo);
    Dd { hi, lo }
}

/// `log Gamma(a)` for `a >= 10` by Stirling's series, as a double-double
/// (it overflows to inf or NaN above about 2.5e305).
fn stirling(e: &mut Emit, a: Value) -> Dd {
    let l = explog::log_hp(e, a);
    let mh = e.c(-0.5);
    let xm = e.two_sum(a, mh);
    let p = e.two_prod(xm.hi, l.hi);
    let t1 = e.mul(xm.hi, l.lo);
    let t2 = e.mul(xm.lo, l.hi);
    let lo = e.add(p.lo, t1);
    let lo = e.add(lo, t2);
    let na = e.neg(a);
    let b = e.two_sum(p.hi, na);
    let lo = e.add(lo, b.lo);
    let k = e.c(HALF_LN_2PI[0]);
    let c = e.two_sum(b.hi, k);
    let lo = e.add(lo, c.lo);
    let lo = e.addc(lo, HALF_LN_2PI[1]);
    let one = e.c(1.0);
    let inv = e.div(one, a);
    let z = e.mul(inv, inv);
    let sp = e.poly(z, &STIRLING);
    let s = e.mul(sp, inv);
    let lo = e.add(lo, s);
    e.fast_two_sum(c.hi, lo)
}

/// `Gamma(x) = N / D` for `-10 < x < 10` (not a pole), and whether `x` was
/// scaled by 2^60 inside `D` (for `|x| < 2^-60`, so `x (1 + t Q)` cannot
/// lose bits in the subnormals; the quotient must then be scaled by 2^60).
fn recurrence(e: &mut Emit, x: Value) -> (Dd, Dd, Value) {
    let rn = e.un(Opcode::Nearest, x);
    let fl = e.un(Opcode::Floor, x);
    let lt_half = e.cmpc(FloatCC::Lt, x, 0.5);
    let lt2 = e.cmpc(FloatCC::Lt, x, 2.0);
    let t_lo = e.sub(x, rn);
    let t_mid = e.addc(x, -1.0);
    let t_hi = e.sub(x, fl);
    let t = e.sel(lt2, t_mid, t_hi);
    let t = e.sel(lt_half, t_lo, t);
    let mut d = dd_poly(e, t, &RGAMMA_DD);
    let one = e.c(1.0);
    // Numerator (x-1)(x-2)...(x-n) for x >= 2.
    let zero = e.c(0.0);
    let mut n = Dd { hi: one, lo: zero };
    for k in 1..=8 {
        let cond = e.cmpc(FloatCC::Ge, x, (k + 1) as f64);
        let xk = e.addc(x, -(k as f64));
        let f = e.sel(cond, xk, one);
        n = if k == 1 {
            Dd { hi: f, lo: zero }
        } else {
            dd_mul1(e, n, f)
        };
    }
    // Denominator x (x+1)...(x+n) (1 + t Q) for x < 1/2.
    let ax = e.abs(x);
    let tiny = e.cmpc(FloatCC::Lt, ax, 2f64.powi(-60));
    let xs = e.mulc(x, 2f64.powi(60));
    let x0 = e.sel(tiny, xs, x);
    let f0 = e.sel(lt_half, x0, one);
    d = dd_mul1(e, d, f0);
    for k in 1..=10 {
        let cond = e.cmpc(FloatCC::Le, rn, -(k as f64));
        let xk = e.addc(x, k as f64);
        let f = e.sel(cond, xk, one);
        d = dd_mul1(e, d, f);
    }
    (n, d, tiny)
}

/// True when `x` is a negative integer or -inf (or -0 with `le`).
fn at_pole(e: &mut Emit, x: Value, cc: FloatCC) -> Value {
    let fl = e.un(Opcode::Floor, x);
    let int = e.cmp(FloatCC::Eq, fl, x);
    let neg = e.cmpc(cc, x, 0.0);
    e.and(int, neg)
}

/// `|x|` clamped to `[10, hi]`, the argument of Stirling's series.
fn stirling_arg(e: &mut Emit, x: Value, hi: f64) -> Value {
    let ax = e.abs(x);
    let low = e.cmpc(FloatCC::Lt, ax, 10.0);
    let a = e.selc(low, 10.0, ax);
    let high = e.cmpc(FloatCC::Gt, a, hi);
    e.selc(high, hi, a)
}

/// The gamma function.
pub fn tgamma(e: &mut Emit, x: Value) -> Value {
    // |x| < 10: the recurrence.
    let (n, d, tiny) = recurrence(e, x);
    let r = dd_div(e, n, d);
    let small = e.add(r.hi, r.lo);
    let scaled = e.mulc(small, 2f64.powi(60));
    let small = e.sel(tiny, scaled, small);
    // |x| >= 10: Stirling, Gamma(a) = y 2^k.
    let a = stirling_arg(e, x, 200.0);
    let s = stirling(e, a);
    let (y, k) = explog::exp_parts_dd(e, s.hi, Some(s.lo));
    let yv = e.add(y.hi, y.lo);
    let large = e.scale(yv, k);
    // x <= -10: -pi / (x sin(pi x) y) 2^-k.
    let sp = sinpi(e, x);
    let den = dd_mul1(e, sp, x);
    let den = dd_mul(e, den, y);
    let pi_lo = e.c(PI[1]);
    let pi_hi = e.c(PI[0]);
    let q = dd_div(
        e,
        Dd {
            hi: pi_hi,
            lo: pi_lo,
        },
        den,
    );
    let qv = e.add(q.hi, q.lo);
    let qv = e.neg(qv);
    let zero = e.i(0);
    let nk = e.ib(Opcode::Isub, zero, k);
    let refl = e.scale(qv, nk);
    let pos = e.cmpc(FloatCC::Ge, x, 10.0);
    let neg = e.cmpc(FloatCC::Le, x, -10.0);
    let v = e.sel(neg, refl, small);
    let v = e.sel(pos, large, v);
    let is_zero = e.cmpc(FloatCC::Eq, x, 0.0);
    let inf = e.c(f64::INFINITY);
    let signed_inf = e.copysign(inf, x);
    let v = e.sel(is_zero, signed_inf, v);
    let over = e.cmpc(FloatCC::Gt, x, 172.0);
    let v = e.selc(over, f64::INFINITY, v);
    let pole = at_pole(e, x, FloatCC::Lt);
    let v = e.selc(pole, f64::NAN, v);
    let nan = e.cmp(FloatCC::Uno, x, x);
    e.sel(nan, x, v)
}

/// `t (c + t P(t))` for a double-double constant `c`, as an `f64`. The
/// last two Horner steps are double-double: `c + t P(t)` cancels up to
/// half of `c` at the ends of the intervals.
fn near_zero(e: &mut Emit, t: Value, c: [f64; 2], coeffs: &[f64]) -> Value {
    let r = e.poly(t, &coeffs[1..]);
    let pr = e.two_prod(t, r);
    let c1 = e.c(coeffs[0]);
    let q = e.two_sum(c1, pr.hi);
    let qlo = e.add(q.lo, pr.lo);
    let q = Dd { hi: q.hi, lo: qlo };
    let p = dd_mul1(e, q, t);
    let ch = e.c(c[0]);
    let h = e.two_sum(ch, p.hi);
    let lo = e.add(h.lo, p.lo);
    let lo = e.addc(lo, c[1]);
    let m = e.two_prod(t, h.hi);
    let tl = e.mul(t, lo);
    let mlo = e.add(m.lo, tl);
    e.add(m.hi, mlo)
}

/// `log|v|` for a nonzero finite double-double `v`, as a double-double.
fn log_abs(e: &mut Emit, v: Dd) -> Dd {
    let a = e.abs(v.hi);
    let l = explog::log_dd(e, a);
    let c = e.div(v.lo, v.hi);
    let lo = e.add(l.lo, c);
    Dd { hi: l.hi, lo }
}

/// The logarithm of the absolute value of the gamma function.
pub fn lgamma(e: &mut Emit, x: Value) -> Value {
    // x >= 10, and -lgamma(-x) for x <= -10.
    let a = stirling_arg(e, x, f64::INFINITY);
    let s = stirling(e, a);
    let fin = e.cmpc(FloatCC::Lt, s.hi, f64::INFINITY);
    let inf = e.c(f64::INFINITY);
    let large = e.sel(fin, s.hi, inf);
    // Near 1 and 2.
    let t1 = e.addc(x, -1.0);
    let near1 = near_zero(e, t1, [-EULER[0], -EULER[1]], &LGAMMA1);
    let t2 = e.addc(x, -2.0);
    let near2 = near_zero(e, t2, ONE_MINUS_EULER, &LGAMMA2);
    // -10 < x < 1/2 and 3 <= x < 10: log|N / D|.
    let (n, d, tiny) = recurrence(e, x);
    let r = dd_div(e, n, d);
    let lr = log_abs(e, r);
    let mid = e.add(lr.hi, lr.lo);
    // Near |Gamma| = 1 (the zeros of lgamma below -2), log1p(|N/D| - 1)
    // keeps the relative accuracy: |N/D| - 1 is exact to about 2^-100.
    let rneg = e.cmpc(FloatCC::Lt, r.hi, 0.0);
    let rh = e.abs(r.hi);
    let nrl = e.neg(r.lo);
    let rl = e.sel(rneg, nrl, r.lo);
    let mone = e.c(-1.0);
    let m = e.two_sum(rh, mone);
    let mlo = e.add(m.lo, rl);
    let m = e.fast_two_sum(m.hi, mlo);
    let near = explog::log1p_dd(e, m);
    let lo_ok = e.cmpc(FloatCC::Ge, rh, 0.5);
    let hi_ok = e.cmpc(FloatCC::Le, rh, 2.0);
    let close = e.and(lo_ok, hi_ok);
    let mid = e.sel(close, near, mid);
    let ax = e.abs(x);
    let lx = explog::log_dd(e, ax);
    let tiny_v = e.neg(lx.hi);
    let mid = e.sel(tiny, tiny_v, mid);
    // x <= -10: log pi - log|x sin(pi x)| - lgamma(-x).
    let sp = sinpi(e, x);
    let p = dd_mul1(e, sp, x);
    let lp = log_abs(e, p);
    let nl = e.neg(lp.hi);
    let lpi = e.c(LN_PI[0]);
    let u = e.two_sum(lpi, nl);
    let lo = e.sub(u.lo, lp.lo);
    let lo = e.addc(lo, LN_PI[1]);
    let ns = e.neg(s.hi);
    let w = e.two_sum(u.hi, ns);
    let lo = e.add(lo, w.lo);
    let lo = e.sub(lo, s.lo);
    let refl = e.add(w.hi, lo);
    // Select by range.
    let ge_half = e.cmpc(FloatCC::Ge, x, 0.5);
    let v = e.sel(ge_half, near1, mid);
    let ge15 = e.cmpc(FloatCC::Ge, x, 1.5);
    let v = e.sel(ge15, near2, v);
    let ge3 = e.cmpc(FloatCC::Ge, x, 3.0);
    let v = e.sel(ge3, mid, v);
    let ge10 = e.cmpc(FloatCC::Ge, x, 10.0);
    let v = e.sel(ge10, large, v);
    let le_m10 = e.cmpc(FloatCC::Le, x, -10.0);
    let v = e.sel(le_m10, refl, v);
    let pole = at_pole(e, x, FloatCC::Le);
    let v = e.selc(pole, f64::INFINITY, v);
    let inf = e.cmpc(FloatCC::Eq, ax, f64::INFINITY);
    let v = e.selc(inf, f64::INFINITY, v);
    let nan = e.cmp(FloatCC::Uno, x, x);
    e.sel(nan, x, v)
}
