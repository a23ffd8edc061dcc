//! The error function and its complement.
//!
//! For `|x| < 1`, `erf x = x + x E(x^2)` where `E(z) = erf(x)/x - 1` is a
//! polynomial, and `erfc x = 1 - erf x` for `|x| < 1/2`. For `x >= 1/2`,
//! `erfc x = e^(-x^2) F(x)` where `F(x) = erfc(x) e^(x^2)` is smooth and
//! slowly varying: a polynomial in `x - a` on `[1/2, 1]`, `[1, 2]`, `[2, 3.5]`,
//! `[3.5, 6]` and in `1/x - 1/28` above 6 (`1/x` in `f32`; each fitted on an interval
//! starting at 0, so Horner's rule does not cancel), its coefficients
//! loaded from the row of a constant-memory table that `select` picks;
//! `x^2` is an exact double-double so `e^(-x^2)` loses nothing. Then
//! `erf x = 1 - erfc x`, and negative arguments use the symmetries.
//!
//! Written once for `f64` and `f32`: each type's polynomials (the `f32`
//! ones of lower degree, in an `f32` table); in `f32`, `e^(-x^2) F(x)` is
//! rounded once (`single::exp_times`).

use super::coeffs::{
    ERF, ERFC0, ERFC0_F32, ERFC1, ERFC1_F32, ERFC2, ERFC2_F32, ERFC3, ERFC3_F32, ERFC4, ERFC4_F32,
    ERF_F32,
};
use super::emit::{Dd, Emit};
use super::explog;
use super::single;
use crate::ir::entities::Value;
use crate::ir::instructions::FloatCC;
use crate::ir::types::Type;

/// `(x, x E(x^2))` exactly as a double-double pair of terms, `|x| < 1`.
fn erf_small(e: &mut Emit, x: Value) -> Dd {
    let z = e.mul(x, x);
    let p = e.poly_for(z, &ERF, &ERF_F32);
    e.two_prod(x, p)
}

/// The coefficients of the five `erfc` intervals, one after another, as
/// one constant-memory table (per type): loading an interval's
/// coefficients costs one load each, where selecting among five constants
/// cost four selects.
fn erfc_table() -> Vec<f64> {
    [ERFC0, ERFC1, ERFC2, ERFC3, ERFC4].concat()
}

/// [`erfc_table`] for `f32`.
fn erfc_table_f32() -> Vec<f32> {
    [ERFC0_F32, ERFC1_F32, ERFC2_F32, ERFC3_F32, ERFC4_F32].concat()
}

/// `erfc a` for `a >= 1/2` (0 beyond the underflow threshold).
fn erfc_large(e: &mut Emit, a: Value) -> Value {
    // Coefficients per interval and bytes per coefficient.
    let (n, size) = if e.ty == Type::F32 {
        (ERFC0_F32.len(), 4)
    } else {
        (ERFC0.len(), 8)
    };
    let in0 = e.cmpc(FloatCC::Lt, a, 1.0);
    let in1 = e.cmpc(FloatCC::Lt, a, 2.0);
    let in2 = e.cmpc(FloatCC::Lt, a, 3.5);
    let in3 = e.cmpc(FloatCC::Lt, a, 6.0);
    let one = e.c(1.0);
    let inv = e.div(one, a);
    // In f32, subtracting 1/28 would round (up to 2^-23 of F), and the
    // polynomial in 1/x itself does not cancel.
    let t = if e.ty == Type::F32 {
        inv
    } else {
        e.addc(inv, -1.0 / 28.0)
    };
    let u3 = e.addc(a, -3.5);
    let v = e.sel(in3, u3, t);
    let u2 = e.addc(a, -2.0);
    let v = e.sel(in2, u2, v);
    let u1 = e.addc(a, -1.0);
    let v = e.sel(in1, u1, v);
    let u0 = e.addc(a, -0.5);
    let v = e.sel(in0, u0, v);
    // The byte offset of the interval's coefficients in the table.
    let row = |e: &mut Emit, k: usize| e.i((k * n * size) as i64);
    let mut off = row(e, 4);
    for (k, inside) in [(3, in3), (2, in2), (1, in1), (0, in0)] {
        let start = row(e, k);
        off = e.sel(inside, start, off);
    }
    let table = e.table_for("__kernelc_erfc", &erfc_table(), &erfc_table_f32());
    let coeffs = e.b.ptr_add(table, off);
    let ty = e.ty;
    let mut f = e.b.load(ty, coeffs, (size * (n - 1)) as i32);
    let mut last = f;
    for k in (0..n - 1).rev() {
        let c = e.b.load(ty, coeffs, (size * k) as i32);
        last = f;
        f = e.fma(f, v, c);
    }
    // In f32, F as a double-float: the last fma's error (`c - F` is exact,
    // or `c` is negligible) and, above 6, the error of `1/a`, times the
    // polynomial's derivative there (`last`).
    let f_lo = (ty == Type::F32).then(|| {
        let c0 = e.b.load(ty, coeffs, 0);
        let rest = e.sub(c0, f);
        let lo = e.fma(last, v, rest);
        let ninv = e.neg(inv);
        let rem = e.fma(ninv, a, one);
        let inv_lo = e.mul(rem, inv);
        // Below 6, and for an infinite `a` (0 times infinity: NaN), none.
        let nan = e.cmp(FloatCC::Uno, inv_lo, inv_lo);
        let none = e.or(in3, nan);
        let inv_lo = e.selc(none, 0.0, inv_lo);
        e.fma(last, inv_lo, lo)
    });
    let sq = e.two_prod(a, a);
    let nh = e.neg(sq.hi);
    let nl = e.neg(sq.lo);
    let v = match f_lo {
        Some(lo) => single::exp_times(e, nh, nl, Dd { hi: f, lo }),
        None => {
            let g = explog::exp_dd(e, nh, Some(nl));
            e.mul(g, f)
        }
    };
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
