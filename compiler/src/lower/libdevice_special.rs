//! The libdevice functions composed from kernelc's math library rather
//! than mapped to one function of it: `remquo` (the IEEE remainder and the
//! low three bits of the quotient, as libdevice gives them), the inverse
//! error functions (`erfinv`, `erfcinv`, `normcdfinv`) and the scaled
//! complementary error function `erfcx`. The `f32` forms run the `f64`
//! algorithm and round once. Their accuracy is in `mathlib/ACCURACY.md`.

use super::FnLowering;
use crate::ir::{self, FloatCC, IntCC, Opcode, Value};
use crate::sema::libdevice::InverseErf;

/// `2 / sqrt(pi)`, the derivative of `erf` at 0.
const TWO_OVER_SQRT_PI: f64 = std::f64::consts::FRAC_2_SQRT_PI;
/// Winitzki's constant of the starting approximation of `erfinv`.
const WINITZKI_A: f64 = 0.147;
/// Above this, `erfcx` is its asymptotic series, whose 9th term is below
/// 2e-18 there (and `exp(x * x) erfc(x)` loses bits to `erfc`'s error and,
/// past 26, to underflow).
const ERFCX_ASYMPTOTIC: f64 = 18.0;

impl FnLowering<'_> {
    /// `remquo(x, y)`: `(remainder(x, y), q)` where `q` has the sign of
    /// `x / y` and the low three bits of the magnitude of the integral
    /// quotient rounded to nearest even (0 when the remainder is NaN), as
    /// NVIDIA's libdevice gives it. The bits come from `|x|` reduced
    /// modulo `8 |y|` (exactly, by `fmod`): the quotient of what is left
    /// is the low bits, and its parity, which the rounding of a tie
    /// follows, is the whole quotient's.
    pub(super) fn remquo(&mut self, x: Value, y: Value, t: ir::Type) -> (Value, Value) {
        let r = self.ins().binary(Opcode::Remainder, x, y);
        let ax = self.ins().unary(Opcode::Fabs, t, x);
        let ay = self.ins().unary(Opcode::Fabs, t, y);
        let eight = self.ins().fconst(t, 8.0);
        let ay8 = self.ins().binary(Opcode::Fmul, ay, eight);
        // fmod(|x|, inf) is |x|: an 8 |y| that overflows reduces nothing.
        let f = self.ins().binary(Opcode::Fmod, ax, ay8);
        let rem = self.ins().binary(Opcode::Remainder, f, ay);
        let whole = self.ins().binary(Opcode::Fsub, f, rem);
        let ratio = self.ins().binary(Opcode::Fdiv, whole, ay);
        let m = self.ins().unary(Opcode::Nearest, t, ratio);
        let i32t = ir::Type::I32;
        let mi = self.ins().unary(Opcode::FcvtToSint, i32t, m);
        let seven = self.ins().iconst(i32t, 7);
        let bits = self.ins().binary(Opcode::Band, mi, seven);
        let neg_bits = self.ins().unary(Opcode::Ineg, i32t, bits);
        let int = if t == ir::Type::F32 {
            i32t
        } else {
            ir::Type::I64
        };
        let xb = self.ins().unary(Opcode::Bitcast, int, x);
        let yb = self.ins().unary(Opcode::Bitcast, int, y);
        let signs = self.ins().binary(Opcode::Bxor, xb, yb);
        let zero_int = self.ins().iconst(int, 0);
        let negative = self.ins().icmp(IntCC::Slt, signs, zero_int);
        let q = self.ins().select(negative, neg_bits, bits);
        let nan = self.ins().fcmp(FloatCC::Uno, r, r);
        let zero = self.ins().iconst(i32t, 0);
        let q = self.ins().select(nan, zero, q);
        (r, q)
    }

    /// `erfinv`, `erfcinv` or `normcdfinv` of `a` (of type `t`), computed
    /// in `f64`: Winitzki's approximation (relative error below 2e-3),
    /// then three Halley steps on `erf(x) = y` where `|y| <= 1/2` and on
    /// `erfc(x) = z` elsewhere, `y` and `z = 1 - y` being exact there
    /// (Sterbenz), so that neither the small arguments of `erfinv` nor the
    /// tails of `erfcinv` lose precision; below `z = 2^-500`, Newton's
    /// steps on `log(erfc(x))` instead. Ends and arguments out of the
    /// domain give libdevice's infinities and NaN.
    pub(super) fn inverse_erf(&mut self, which: InverseErf, a: Value, t: ir::Type) -> Value {
        let f64t = ir::Type::F64;
        let a = if t == f64t {
            a
        } else {
            self.ins().unary(Opcode::Fpromote, f64t, a)
        };
        let c = |l: &mut Self, v: f64| l.ins().fconst(f64t, v);
        let one = c(self, 1.0);
        let two = c(self, 2.0);
        // Solve for x >= 0 from y' = |y| in [0, 1] and z' = 1 - y', the
        // smaller of z and 2 - z (the functions are odd about z = 1), then
        // restore the sign. 1 - y' is exact for y' >= 1/2, 2 - z for
        // z >= 1, 1 - z' for z' >= 1/2: exact wherever they are used.
        let z = match which {
            InverseErf::Normcdfinv => self.ins().binary(Opcode::Fmul, a, two),
            InverseErf::Erfinv | InverseErf::Erfcinv => a,
        };
        let (yp, zp, negative) = if which == InverseErf::Erfinv {
            let yp = self.ins().unary(Opcode::Fabs, f64t, a);
            let zp = self.ins().binary(Opcode::Fsub, one, yp);
            let zero = c(self, 0.0);
            (yp, zp, self.ins().fcmp(FloatCC::Lt, a, zero))
        } else {
            let above = self.ins().fcmp(FloatCC::Gt, z, one);
            let mirrored = self.ins().binary(Opcode::Fsub, two, z);
            let zp = self.ins().select(above, mirrored, z);
            (self.ins().binary(Opcode::Fsub, one, zp), zp, above)
        };
        let half = c(self, 0.5);
        let by_erf = self.ins().fcmp(FloatCC::Le, yp, half);
        // Winitzki: L = ln(1 - y^2), b = 2 / (pi a) + L / 2,
        // x0 = sqrt(sqrt(b^2 - L / a) - b).
        let y2 = self.ins().binary(Opcode::Fmul, yp, yp);
        let neg_y2 = self.ins().unary(Opcode::Fneg, f64t, y2);
        let l_small = self.ins().unary(Opcode::Log1p, f64t, neg_y2);
        let two_minus = self.ins().binary(Opcode::Fsub, two, zp);
        let prod = self.ins().binary(Opcode::Fmul, zp, two_minus);
        let l_tail = self.ins().unary(Opcode::Log, f64t, prod);
        let l = self.ins().select(by_erf, l_small, l_tail);
        let k = c(self, 2.0 / (std::f64::consts::PI * WINITZKI_A));
        let l_half = self.ins().binary(Opcode::Fmul, l, half);
        let b = self.ins().binary(Opcode::Fadd, k, l_half);
        let inv_a = c(self, 1.0 / WINITZKI_A);
        let l_over_a = self.ins().binary(Opcode::Fmul, l, inv_a);
        let b2 = self.ins().binary(Opcode::Fmul, b, b);
        let d = self.ins().binary(Opcode::Fsub, b2, l_over_a);
        let sd = self.ins().unary(Opcode::Sqrt, f64t, d);
        let inner = self.ins().binary(Opcode::Fsub, sd, b);
        let x0 = self.ins().unary(Opcode::Sqrt, f64t, inner);
        let mut x = x0;
        let slope = c(self, TWO_OVER_SQRT_PI);
        let neg_slope = c(self, -TWO_OVER_SQRT_PI);
        for _ in 0..3 {
            // f = erf(x) - y' (f' = slope e^-x^2) or erfc(x) - z'
            // (f' = -slope e^-x^2); f'' / f' = -2x for both, so Halley's
            // step is x - t / (1 + x t) with t = f / f'.
            let e = self.ins().unary(Opcode::Erf, f64t, x);
            let ec = self.ins().unary(Opcode::Erfc, f64t, x);
            let f_erf = self.ins().binary(Opcode::Fsub, e, yp);
            let f_erfc = self.ins().binary(Opcode::Fsub, ec, zp);
            let fx = self.ins().select(by_erf, f_erf, f_erfc);
            let s = self.ins().select(by_erf, slope, neg_slope);
            let x2 = self.ins().binary(Opcode::Fmul, x, x);
            let nx2 = self.ins().unary(Opcode::Fneg, f64t, x2);
            let g = self.ins().unary(Opcode::Exp, f64t, nx2);
            let dfx = self.ins().binary(Opcode::Fmul, s, g);
            let step = self.ins().binary(Opcode::Fdiv, fx, dfx);
            let xt = self.ins().binary(Opcode::Fmul, x, step);
            let den = self.ins().binary(Opcode::Fadd, one, xt);
            let delta = self.ins().binary(Opcode::Fdiv, step, den);
            let next = self.ins().binary(Opcode::Fsub, x, delta);
            // A step that is not a number (f' = 0 at the ends) keeps x.
            let bad = self.ins().fcmp(FloatCC::Uno, next, next);
            x = self.ins().select(bad, x, next);
        }
        // Below 2^-500 (x > 18.5), where erfc's error and then underflow
        // cost bits, Newton's steps on log(erfc(x)) = log(z') instead:
        // log(erfc(x)) = log(erfcx(x)) - x^2, erfcx by its series, x^2
        // split exactly into hi + lo, and the derivative
        // -(2 / sqrt(pi)) / erfcx(x).
        let tiny = c(self, f64::powi(2.0, -500));
        let tail = self.ins().fcmp(FloatCC::Lt, zp, tiny);
        let lz = self.ins().unary(Opcode::Log, f64t, zp);
        let big_l = self.ins().unary(Opcode::Fneg, f64t, lz);
        let half_sqrt_pi = c(self, std::f64::consts::PI.sqrt() / 2.0);
        let mut xt = x0;
        for _ in 0..3 {
            let hi = self.ins().binary(Opcode::Fmul, xt, xt);
            let nhi = self.ins().unary(Opcode::Fneg, f64t, hi);
            let lo = self.ins().ternary(Opcode::Fma, xt, xt, nhi);
            let sx = self.erfcx_series(xt, hi);
            let ls = self.ins().unary(Opcode::Log, f64t, sx);
            let d = self.ins().binary(Opcode::Fsub, big_l, hi);
            let d = self.ins().binary(Opcode::Fsub, d, lo);
            let hx = self.ins().binary(Opcode::Fadd, d, ls);
            let k = self.ins().binary(Opcode::Fmul, sx, half_sqrt_pi);
            let step = self.ins().binary(Opcode::Fmul, hx, k);
            xt = self.ins().binary(Opcode::Fadd, xt, step);
        }
        let x = self.ins().select(tail, xt, x);
        let neg_x = self.ins().unary(Opcode::Fneg, f64t, x);
        let mut r = self.ins().select(negative, neg_x, x);
        // The ends and the domain: erfinv(+-1) = +-inf, erfinv(+-0) keeps
        // its sign, |y| > 1 is NaN; erfcinv(0) = +inf, erfcinv(2) = -inf,
        // z outside [0, 2] is NaN (a NaN argument gives NaN throughout).
        let inf = c(self, f64::INFINITY);
        let zero = c(self, 0.0);
        let nan = c(self, f64::NAN);
        if which == InverseErf::Erfinv {
            let signed_inf = self.ins().binary(Opcode::Copysign, inf, a);
            let at_end = self.ins().fcmp(FloatCC::Eq, yp, one);
            r = self.ins().select(at_end, signed_inf, r);
            let outside = self.ins().fcmp(FloatCC::Gt, yp, one);
            r = self.ins().select(outside, nan, r);
            let is_zero = self.ins().fcmp(FloatCC::Eq, a, zero);
            r = self.ins().select(is_zero, a, r);
        } else {
            let ninf = c(self, f64::NEG_INFINITY);
            let at0 = self.ins().fcmp(FloatCC::Eq, z, zero);
            let at2 = self.ins().fcmp(FloatCC::Eq, z, two);
            r = self.ins().select(at0, inf, r);
            r = self.ins().select(at2, ninf, r);
            let below = self.ins().fcmp(FloatCC::Lt, z, zero);
            let over = self.ins().fcmp(FloatCC::Gt, z, two);
            r = self.ins().select(below, nan, r);
            r = self.ins().select(over, nan, r);
        }
        if which == InverseErf::Normcdfinv {
            let k = c(self, -std::f64::consts::SQRT_2);
            r = self.ins().binary(Opcode::Fmul, r, k);
        }
        if t == f64t {
            r
        } else {
            self.ins().unary(Opcode::Fdemote, t, r)
        }
    }

    /// `erfcx(x)` for `x > 18` by its asymptotic series,
    /// `1 / (x sqrt(pi)) (1 - 1/(2x^2) + 3/(2x^2)^2 - ...)` to 8 terms
    /// (the next is below 1e-17 there); `h` is `x * x`.
    fn erfcx_series(&mut self, x: Value, h: Value) -> Value {
        let f64t = ir::Type::F64;
        let one = self.ins().fconst(f64t, 1.0);
        let two_h = self.ins().binary(Opcode::Fadd, h, h);
        let u = self.ins().binary(Opcode::Fdiv, one, two_h);
        // sum of (-1)^k (2k - 1)!! u^k for k = 1..8, by Horner's rule:
        // each term is the previous one times -(2k - 1) u.
        let mut sum = self.ins().fconst(f64t, 0.0);
        for k in (1..=8).rev() {
            let ratio = self.ins().fconst(f64t, -(2.0 * k as f64 - 1.0));
            let ru = self.ins().binary(Opcode::Fmul, ratio, u);
            let inner = self.ins().binary(Opcode::Fadd, one, sum);
            sum = self.ins().binary(Opcode::Fmul, ru, inner);
        }
        let series = self.ins().binary(Opcode::Fadd, one, sum);
        let inv = self.ins().fconst(f64t, 1.0 / std::f64::consts::PI.sqrt());
        let lead = self.ins().binary(Opcode::Fdiv, inv, x);
        self.ins().binary(Opcode::Fmul, lead, series)
    }

    /// `erfcx(x) = exp(x^2) erfc(x)`: with `x^2` split exactly into
    /// `h + l` (`fma`), `exp(h) (1 + l) erfc(x)`, whose error is that of
    /// `exp` and `erfc`; above 25 the asymptotic series
    /// `1 / (x sqrt(pi)) (1 - 1/(2x^2) + 3/(2x^2)^2 - ...)` to 8 terms
    /// (below 1e-17 there). Computed in `f64`.
    pub(super) fn erfcx(&mut self, a: Value, t: ir::Type) -> Value {
        let f64t = ir::Type::F64;
        let x = if t == f64t {
            a
        } else {
            self.ins().unary(Opcode::Fpromote, f64t, a)
        };
        let c = |l: &mut Self, v: f64| l.ins().fconst(f64t, v);
        let h = self.ins().binary(Opcode::Fmul, x, x);
        let nh = self.ins().unary(Opcode::Fneg, f64t, h);
        let l = self.ins().ternary(Opcode::Fma, x, x, nh);
        let eh = self.ins().unary(Opcode::Exp, f64t, h);
        let el = self.ins().ternary(Opcode::Fma, eh, l, eh);
        let ec = self.ins().unary(Opcode::Erfc, f64t, x);
        let direct = self.ins().binary(Opcode::Fmul, el, ec);
        let asym = self.erfcx_series(x, h);
        // exp(x^2) overflowing (x < -26.6, where erfc(x) is 2) is +inf;
        // x^2 itself overflowing would make l NaN.
        let inf = c(self, f64::INFINITY);
        let overflow = self.ins().fcmp(FloatCC::Eq, eh, inf);
        let direct = self.ins().select(overflow, inf, direct);
        let big = c(self, ERFCX_ASYMPTOTIC);
        let far = self.ins().fcmp(FloatCC::Gt, x, big);
        let r = self.ins().select(far, asym, direct);
        if t == f64t {
            r
        } else {
            self.ins().unary(Opcode::Fdemote, t, r)
        }
    }
}
