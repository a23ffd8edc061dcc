//! The error function and its complement.
//!
//! For `|x| < 1`, `erf x = x + x E(x^2)` where `E(z) = erf(x)/x - 1` is a
//! polynomial, and `erfc x = 1 - erf x` for `|x| < 1/2`. For `x >= 1/2`,
//! `erfc x = e^(-x^2) F(x)` where `F(x) = erfc(x) e^(x^2)` is smooth and
//! slowly varying: a polynomial in `x - a` on `[1/2, 1]`, `[1, 2]`, `[2, 3.5]`,
//! `[3.5, 6]` and in `1/x - 1/28` above 6, its coefficients picked by
//! `select` (each fitted on an interval starting at 0, so Horner's rule
//! does not cancel);
//! `x^2` is an exact double-double so `e^(-x^2)` loses nothing. Then
//! `erf x = 1 - erfc x`, and negative arguments use the symmetries.

use super::coeffs::{ERF, ERFC0, ERFC1, ERFC2, ERFC3, ERFC4};
use super::emit::{Dd, Emit};
use super::explog;
use crate::ir::entities::Value;
use crate::ir::instructions::FloatCC;

/// `(x, x E(x^2))` exactly as a double-double pair of terms, `|x| < 1`.
fn erf_small(e: &mut Emit, x: Value) -> Dd {
    let z = e.mul(x, x);
    let p = e.poly(z, &ERF);
    e.two_prod(x, p)
}

/// `erfc a` for `a >= 1/2` (0 beyond the underflow threshold).
fn erfc_large(e: &mut Emit, a: Value) -> Value {
    let in0 = e.cmpc(FloatCC::Lt, a, 1.0);
    let in1 = e.cmpc(FloatCC::Lt, a, 2.0);
    let in2 = e.cmpc(FloatCC::Lt, a, 3.5);
    let in3 = e.cmpc(FloatCC::Lt, a, 6.0);
    let one = e.c(1.0);
    let t = e.div(one, a);
    let t = e.addc(t, -1.0 / 28.0);
    let u3 = e.addc(a, -3.5);
    let v = e.sel(in3, u3, t);
    let u2 = e.addc(a, -2.0);
    let v = e.sel(in2, u2, v);
    let u1 = e.addc(a, -1.0);
    let v = e.sel(in1, u1, v);
    let u0 = e.addc(a, -0.5);
    let v = e.sel(in0, u0, v);
    let coeff = |e: &mut Emit, k: usize| {
        let c = e.c(ERFC4[k]);
        let c = e.selc(in3, ERFC3[k], c);
        let c = e.selc(in2, ERFC2[k], c);
        let c = e.selc(in1, ERFC1[k], c);
        e.selc(in0, ERFC0[k], c)
    };
    let n = ERFC1.len();
    let mut f = coeff(e, n - 1);
    for k in (0..n - 1).rev() {
        let c = coeff(e, k);
        f = e.fma(f, v, c);
    }
    let sq = e.two_prod(a, a);
    let nh = e.neg(sq.hi);
    let nl = e.neg(sq.lo);
    let g = explog::exp_dd(e, nh, Some(nl));
    let v = e.mul(g, f);
    // F(inf) is a tiny polynomial value of either sign; erfc is >= 0.
    e.abs(v)
}

/// The error function.
pub fn erf(e: &mut Emit, x: Value) -> Value {
    let a = e.abs(x);
    let s = erf_small(e, a);
    let small = e.fast_two_sum(a, s.hi);
    let small = e.add(small.lo, s.lo);
    let small_hi = e.add(a, s.hi);
    let small = e.add(small_hi, small);
    let c = erfc_large(e, a);
    let one = e.c(1.0);
    let large = e.sub(one, c);
    let is_small = e.cmpc(FloatCC::Lt, a, 1.0);
    let v = e.sel(is_small, small, large);
    e.copysign(v, x)
}

/// The complementary error function `1 - erf x`.
pub fn erfc(e: &mut Emit, x: Value) -> Value {
    let a = e.abs(x);
    // |x| < 1/2: 1 - (x + x E), which cancels little.
    let s = erf_small(e, x);
    let one = e.c(1.0);
    let nx = e.neg(x);
    let t = e.two_sum(one, nx);
    let nph = e.neg(s.hi);
    let u = e.two_sum(t.hi, nph);
    let lo = e.add(u.lo, t.lo);
    let lo = e.sub(lo, s.lo);
    let mid = e.add(u.hi, lo);
    // |x| >= 1/2: the tail, or 2 minus it for negative x.
    let c = erfc_large(e, a);
    let two = e.c(2.0);
    let neg = e.sub(two, c);
    let is_neg = e.cmpc(FloatCC::Lt, x, 0.0);
    let large = e.sel(is_neg, neg, c);
    let is_large = e.cmpc(FloatCC::Ge, a, 0.5);
    e.sel(is_large, large, mid)
}
