//! The `cmath` functions, as numba-cuda computes them.
//!
//! numba-cuda writes them in Python (`numba/cuda/cpython/cmathimpl.py`,
//! mostly CPython's and NumPy's algorithms) and compiles that Python with
//! its own typing rules, so the precision of each step follows Numba's
//! types: a `complex64` argument is computed in float32 where the
//! implementation keeps float32 values, and in float64 where a float64
//! constant or a `complex()` of mixed parts widens it (`cmath.sqrt` of a
//! complex64 is computed entirely in float64). [`Cx`] reproduces that:
//! every value carries its Numba type, and arithmetic promotes as Numba
//! does. Branches become `select`s of values computed on every path (the
//! functions have no side effects), which keeps each function one block.

use super::values::ir_type;
use super::FnLowering;
use crate::ir::{FloatCC, Opcode, Value};
use crate::sema::intrinsics::CmathFn;
use crate::types::{Promote, Scalar};

/// `FLT_MAX` (numba's `mathimpl.FLT_MAX`).
const FLT_MAX: f64 = f32::MAX as f64;
/// `FLT_MIN`, the least normal float32.
const FLT_MIN: f64 = f32::MIN_POSITIVE as f64;

/// A float value and its Numba type.
#[derive(Clone, Copy)]
struct F {
    v: Value,
    t: Scalar,
}

/// A complex value: its parts, of one type (Numba's `complex(re, im)`
/// converts both parts to the result's part type).
#[derive(Clone, Copy)]
pub(super) struct Z {
    re: F,
    im: F,
}

/// Builds the steps of a `cmath` function with Numba's typing.
struct Cx<'a, 'b> {
    l: &'a mut FnLowering<'b>,
}

impl Cx<'_, '_> {
    /// A float64 constant (a Python float literal).
    fn k(&mut self, x: f64) -> F {
        F {
            v: self.l.ins().fconst(ir_type(Scalar::F64), x),
            t: Scalar::F64,
        }
    }

    fn to(&mut self, a: F, t: Scalar) -> F {
        F {
            v: self.l.cast_scalar(a.v, a.t, t),
            t,
        }
    }

    /// `a op b` in the promoted type (float32 with float64 is float64).
    fn bin(&mut self, op: Opcode, a: F, b: F) -> F {
        let t = a.t.promote(b.t);
        let (a, b) = (self.to(a, t), self.to(b, t));
        F {
            v: self.l.ins().binary(op, a.v, b.v),
            t,
        }
    }

    fn add(&mut self, a: F, b: F) -> F {
        self.bin(Opcode::Fadd, a, b)
    }

    fn sub(&mut self, a: F, b: F) -> F {
        self.bin(Opcode::Fsub, a, b)
    }

    fn mul(&mut self, a: F, b: F) -> F {
        self.bin(Opcode::Fmul, a, b)
    }

    fn div(&mut self, a: F, b: F) -> F {
        self.bin(Opcode::Fdiv, a, b)
    }

    /// A one-argument math function in the argument's type.
    fn m1(&mut self, op: Opcode, a: F) -> F {
        F {
            v: self.l.ins().unary(op, ir_type(a.t), a.v),
            t: a.t,
        }
    }

    fn neg(&mut self, a: F) -> F {
        self.m1(Opcode::Fneg, a)
    }

    fn abs(&mut self, a: F) -> F {
        self.m1(Opcode::Fabs, a)
    }

    /// `a < b` and the other comparisons (in the promoted type).
    fn cmp(&mut self, cc: FloatCC, a: F, b: F) -> Value {
        let t = a.t.promote(b.t);
        let (a, b) = (self.to(a, t), self.to(b, t));
        self.l.ins().fcmp(cc, a.v, b.v)
    }

    /// `a op k` with a float64 constant.
    fn cmpk(&mut self, cc: FloatCC, a: F, k: f64) -> Value {
        let k = self.k(k);
        self.cmp(cc, a, k)
    }

    fn isnan(&mut self, a: F) -> Value {
        self.l.ins().fcmp(FloatCC::Uno, a.v, a.v)
    }

    fn isinf(&mut self, a: F) -> Value {
        let m = self.abs(a);
        self.cmpk(FloatCC::Eq, m, f64::INFINITY)
    }

    fn isfinite(&mut self, a: F) -> Value {
        let m = self.abs(a);
        self.cmpk(FloatCC::Lt, m, f64::INFINITY)
    }

    /// Python truth of a float (NaN is true).
    fn truthy(&mut self, a: F) -> Value {
        self.cmpk(FloatCC::Ne, a, 0.0)
    }

    fn and(&mut self, a: Value, b: Value) -> Value {
        self.l.ins().binary(Opcode::Band, a, b)
    }

    fn or(&mut self, a: Value, b: Value) -> Value {
        self.l.ins().binary(Opcode::Bor, a, b)
    }

    fn not(&mut self, a: Value) -> Value {
        let t = self.l.ins().ty(a);
        self.l.ins().unary(Opcode::Bnot, t, a)
    }

    /// `a if c else b`, in the two values' unified type.
    fn sel(&mut self, c: Value, a: F, b: F) -> F {
        let t = a.t.promote(b.t);
        let (a, b) = (self.to(a, t), self.to(b, t));
        F {
            v: self.l.ins().select(c, a.v, b.v),
            t,
        }
    }

    /// `complex(re, im)`: both parts in the promoted type.
    fn z(&mut self, re: F, im: F) -> Z {
        let t = re.t.promote(im.t);
        Z {
            re: self.to(re, t),
            im: self.to(im, t),
        }
    }

    fn selz(&mut self, c: Value, a: Z, b: Z) -> Z {
        let re = self.sel(c, a.re, b.re);
        let im = self.sel(c, a.im, b.im);
        self.z(re, im)
    }

    /// A complex value's parts converted to part type `t` (the cast of a
    /// result to its function's return type).
    fn cast_z(&mut self, z: Z, t: Scalar) -> Z {
        Z {
            re: self.to(z.re, t),
            im: self.to(z.im, t),
        }
    }

    // ----- the functions -------------------------------------------------

    fn exp(&mut self, z: Z) -> Z {
        let (x, y) = (z.re, z.im);
        let (xf, yf) = (self.isfinite(x), self.isfinite(y));
        let nan = self.k(f64::NAN);
        let c = self.m1(Opcode::Cos, y);
        let s = self.m1(Opcode::Sin, y);
        let r = self.m1(Opcode::Exp, x);
        let (rc, rs) = (self.mul(r, c), self.mul(r, s));
        let finite = self.z(rc, rs);
        let all_nan = self.z(nan, nan);
        // x is NaN: NaN + NaN j, or NaN + 0j when y is 0.
        let y_true = self.truthy(y);
        let xx = self.z(x, x);
        let xy = self.z(x, y);
        let x_nan = self.selz(y_true, xx, xy);
        // x = +inf: cos and sin scaled by inf where they are not zero.
        let c_nz = self.cmpk(FloatCC::Ne, c, 0.0);
        let s_nz = self.cmpk(FloatCC::Ne, s, 0.0);
        let cx = self.mul(c, x);
        let sx = self.mul(s, x);
        let re = self.sel(c_nz, cx, c);
        let im = self.sel(s_nz, sx, s);
        let pos_inf_finite = self.z(re, im);
        let x_nan_z = self.z(x, nan);
        let pos_inf = self.selz(yf, pos_inf_finite, x_nan_z);
        // x = -inf: exp(x) = 0 scales cos and sin; 0 + 0j when y is not
        // finite.
        let zero = self.k(0.0);
        let zeros = self.z(zero, zero);
        let neg_inf = self.selz(yf, finite, zeros);
        let x_is_nan = self.isnan(x);
        let x_pos = self.cmpk(FloatCC::Gt, x, 0.0);
        let infinite = self.selz(x_pos, pos_inf, neg_inf);
        let not_finite = self.selz(x_is_nan, x_nan, infinite);
        let finite_x = self.selz(yf, finite, all_nan);
        self.selz(xf, finite_x, not_finite)
    }

    fn log(&mut self, z: Z) -> Z {
        let h = self.bin(Opcode::Hypot, z.re, z.im);
        let a = self.m1(Opcode::Log, h);
        let b = self.bin(Opcode::Atan2, z.im, z.re);
        self.z(a, b)
    }

    fn log10(&mut self, z: Z) -> Z {
        let l = self.log(z);
        let ln10 = self.k(std::f64::consts::LN_10);
        let re = self.div(l.re, ln10);
        let im = self.div(l.im, ln10);
        self.z(re, im)
    }

    /// NumPy's `npy_csqrt`, in float64 (Numba's `a *= 0.25` makes the
    /// parts float64 for complex64 too), with the overflow threshold of
    /// the argument's part type.
    fn sqrt(&mut self, z: Z) -> Z {
        let max = if z.re.t == Scalar::F32 {
            FLT_MAX
        } else {
            f64::MAX
        };
        let thres = max / (1.0 + std::f64::consts::SQRT_2);
        let a = self.to(z.re, Scalar::F64);
        let b = self.to(z.im, Scalar::F64);
        let abs_b = self.abs(b);
        let both_zero = {
            let az = self.cmpk(FloatCC::Eq, a, 0.0);
            let bz = self.cmpk(FloatCC::Eq, b, 0.0);
            self.and(az, bz)
        };
        let special_b = self.z(abs_b, b);
        let b_inf = self.isinf(b);
        let a_nan = self.isnan(a);
        let aa = self.z(a, a);
        let a_inf = self.isinf(a);
        let a_neg = self.cmpk(FloatCC::Lt, a, 0.0);
        let b_minus_b = self.sub(b, b);
        let abs_bmb = self.abs(b_minus_b);
        let cs_ab = self.bin(Opcode::Copysign, a, b);
        let neg_inf = self.z(abs_bmb, cs_ab);
        let cs_bmb = self.bin(Opcode::Copysign, b_minus_b, b);
        let pos_inf = self.z(a, cs_bmb);
        let inf_a = self.selz(a_neg, neg_inf, pos_inf);
        // The general case, scaled by 1/4 near overflow.
        let big = {
            let t = self.k(thres);
            let abs_a = self.abs(a);
            let big_a = self.cmp(FloatCC::Ge, abs_a, t);
            let big_b = self.cmp(FloatCC::Ge, abs_b, t);
            self.or(big_a, big_b)
        };
        let quarter = self.k(0.25);
        let a4 = self.mul(a, quarter);
        let b4 = self.mul(b, quarter);
        let a = self.sel(big, a4, a);
        let b = self.sel(big, b4, b);
        let half = self.k(0.5);
        let two = self.k(2.0);
        let h = self.bin(Opcode::Hypot, a, b);
        let a_nonneg = self.cmpk(FloatCC::Ge, a, 0.0);
        // a >= 0: t = sqrt((a + h) / 2), (t, b / 2t).
        let s1 = self.add(a, h);
        let s1 = self.mul(s1, half);
        let t1 = self.m1(Opcode::Sqrt, s1);
        let t1x2 = self.mul(two, t1);
        let im1 = self.div(b, t1x2);
        // a < 0: t = sqrt((-a + h) / 2), (|b| / 2t, copysign(t, b)).
        let na = self.neg(a);
        let s2 = self.add(na, h);
        let s2 = self.mul(s2, half);
        let t2 = self.m1(Opcode::Sqrt, s2);
        let t2x2 = self.mul(two, t2);
        let abs_b2 = self.abs(b);
        let re2 = self.div(abs_b2, t2x2);
        let im2 = self.bin(Opcode::Copysign, t2, b);
        let re = self.sel(a_nonneg, t1, re2);
        let im = self.sel(a_nonneg, im1, im2);
        let re2x = self.mul(re, two);
        let re = self.sel(big, re2x, re);
        let general = self.z(re, im);
        let r = self.selz(a_inf, inf_a, general);
        let r = self.selz(a_nan, aa, r);
        let r = self.selz(b_inf, special_b, r);
        self.selz(both_zero, special_b, r)
    }

    fn cosh(&mut self, z: Z) -> Z {
        let (x, y) = (z.re, z.im);
        let x_inf = self.isinf(x);
        let y_nan = self.isnan(y);
        let y_zero = self.cmpk(FloatCC::Eq, y, 0.0);
        let abs_x = self.abs(x);
        let cy = self.m1(Opcode::Cos, y);
        let sy = self.m1(Opcode::Sin, y);
        let re_c = self.bin(Opcode::Copysign, x, cy);
        let im_c = self.bin(Opcode::Copysign, x, sy);
        let keep = self.or(y_nan, y_zero);
        let real = self.sel(keep, abs_x, re_c);
        let imag = self.sel(keep, y, im_c);
        let x_neg = self.cmpk(FloatCC::Lt, x, 0.0);
        let neg_imag = self.neg(imag);
        let imag = self.sel(x_neg, neg_imag, imag);
        let inf = self.z(real, imag);
        let chx = self.m1(Opcode::Cosh, x);
        let shx = self.m1(Opcode::Sinh, x);
        let re = self.mul(cy, chx);
        let im = self.mul(sy, shx);
        let general = self.z(re, im);
        self.selz(x_inf, inf, general)
    }

    fn sinh(&mut self, z: Z) -> Z {
        let (x, y) = (z.re, z.im);
        let x_inf = self.isinf(x);
        let y_nan = self.isnan(y);
        let cy = self.m1(Opcode::Cos, y);
        let sy = self.m1(Opcode::Sin, y);
        let c_nz = self.cmpk(FloatCC::Ne, cy, 0.0);
        let s_nz = self.cmpk(FloatCC::Ne, sy, 0.0);
        let cx = self.mul(cy, x);
        let abs_x = self.abs(x);
        let sx = self.mul(sy, abs_x);
        let re = self.sel(c_nz, cx, cy);
        let im = self.sel(s_nz, sx, sy);
        let real = self.sel(y_nan, x, re);
        let imag = self.sel(y_nan, y, im);
        let inf = self.z(real, imag);
        let chx = self.m1(Opcode::Cosh, x);
        let shx = self.m1(Opcode::Sinh, x);
        let re = self.mul(cy, shx);
        let im = self.mul(sy, chx);
        let general = self.z(re, im);
        self.selz(x_inf, inf, general)
    }

    /// CPython's `c_tanh`, with Numba's types: `tanh(x)` and `tan(y)` in
    /// the part type, the rest in float64 (its `1.0` constants).
    fn tanh(&mut self, z: Z) -> Z {
        let (x, y) = (z.re, z.im);
        let x_inf = self.isinf(x);
        let one = self.k(1.0);
        let real_inf = self.bin(Opcode::Copysign, one, x);
        let y_inf = self.isinf(y);
        let two = self.k(2.0);
        let zero = self.k(0.0);
        let y2 = self.mul(two, y);
        let s2y = self.m1(Opcode::Sin, y2);
        let im_fin = self.bin(Opcode::Copysign, zero, s2y);
        let imag_inf = self.sel(y_inf, zero, im_fin);
        let inf = self.z(real_inf, imag_inf);
        let tx = self.m1(Opcode::Tanh, x);
        let ty = self.m1(Opcode::Tan, y);
        let chx = self.m1(Opcode::Cosh, x);
        let cx = self.div(one, chx);
        let txty = self.mul(tx, ty);
        let txty2 = self.mul(txty, txty);
        let denom = self.add(one, txty2);
        let tyty = self.mul(ty, ty);
        let one_tyty = self.add(one, tyty);
        let num = self.mul(tx, one_tyty);
        let re = self.div(num, denom);
        let ty_d = self.div(ty, denom);
        let ty_d_cx = self.mul(ty_d, cx);
        let im = self.mul(ty_d_cx, cx);
        let general = self.z(re, im);
        self.selz(x_inf, inf, general)
    }

    /// `f(z j)` rotated back: `cos(z) = cosh(iz)`, and with `g` the
    /// hyperbolic function, `-j g(z j)` for sin, tan, asin.
    fn times_j(&mut self, z: Z) -> Z {
        let nim = self.neg(z.im);
        self.z(nim, z.re)
    }

    fn minus_j_times(&mut self, r: Z) -> Z {
        let nre = self.neg(r.re);
        self.z(r.im, nre)
    }

    /// Whether either part's magnitude exceeds `FLT_MAX / 4` (the large
    /// argument branch of the inverse functions, for every part type).
    fn large(&mut self, z: Z) -> Value {
        let t = self.k(FLT_MAX / 4.0);
        let ar = self.abs(z.re);
        let ai = self.abs(z.im);
        let a = self.cmp(FloatCC::Gt, ar, t);
        let b = self.cmp(FloatCC::Gt, ai, t);
        self.or(a, b)
    }

    /// `log(hypot(re / 2, im / 2)) + log(4)` (in float64).
    fn log_half_hypot_plus_ln4(&mut self, z: Z) -> F {
        let half = self.k(0.5);
        let hr = self.mul(z.re, half);
        let hi = self.mul(z.im, half);
        let h = self.bin(Opcode::Hypot, hr, hi);
        let l = self.m1(Opcode::Log, h);
        let ln4 = self.k(4f64.ln());
        self.add(l, ln4)
    }

    fn acos(&mut self, z: Z) -> Z {
        let large = self.large(z);
        let abs_im = self.abs(z.im);
        let re_l = self.bin(Opcode::Atan2, abs_im, z.re);
        let l = self.log_half_hypot_plus_ln4(z);
        let nim = self.neg(z.im);
        let im_l = self.bin(Opcode::Copysign, l, nim);
        let big = self.z(re_l, im_l);
        let one = self.k(1.0);
        let two = self.k(2.0);
        let a = self.sub(one, z.re);
        let a = self.z(a, nim);
        let s1 = self.sqrt(a);
        let b = self.add(one, z.re);
        let b = self.z(b, z.im);
        let s2 = self.sqrt(b);
        let at = self.bin(Opcode::Atan2, s1.re, s2.re);
        let re = self.mul(two, at);
        let p = self.mul(s2.re, s1.im);
        let q = self.mul(s2.im, s1.re);
        let d = self.sub(p, q);
        let im = self.m1(Opcode::Asinh, d);
        let small = self.z(re, im);
        self.selz(large, big, small)
    }

    fn acosh(&mut self, z: Z) -> Z {
        let large = self.large(z);
        let re_l = self.log_half_hypot_plus_ln4(z);
        let im_l = self.bin(Opcode::Atan2, z.im, z.re);
        let big = self.z(re_l, im_l);
        let one = self.k(1.0);
        let two = self.k(2.0);
        let a = self.sub(z.re, one);
        let a = self.z(a, z.im);
        let s1 = self.sqrt(a);
        let b = self.add(z.re, one);
        let b = self.z(b, z.im);
        let s2 = self.sqrt(b);
        let p = self.mul(s1.re, s2.re);
        let q = self.mul(s1.im, s2.im);
        let sum = self.add(p, q);
        let re = self.m1(Opcode::Asinh, sum);
        let at = self.bin(Opcode::Atan2, s1.im, s2.re);
        let im = self.mul(two, at);
        let small = self.z(re, im);
        self.selz(large, big, small)
    }

    fn asinh(&mut self, z: Z) -> Z {
        let large = self.large(z);
        let l = self.log_half_hypot_plus_ln4(z);
        let re_l = self.bin(Opcode::Copysign, l, z.re);
        let abs_re = self.abs(z.re);
        let im_l = self.bin(Opcode::Atan2, z.im, abs_re);
        let big = self.z(re_l, im_l);
        let one = self.k(1.0);
        let a = self.add(one, z.im);
        let nre = self.neg(z.re);
        let a = self.z(a, nre);
        let s1 = self.sqrt(a);
        let b = self.sub(one, z.im);
        let b = self.z(b, z.re);
        let s2 = self.sqrt(b);
        let p = self.mul(s1.re, s2.im);
        let q = self.mul(s2.re, s1.im);
        let d = self.sub(p, q);
        let re = self.m1(Opcode::Asinh, d);
        let p = self.mul(s1.re, s2.re);
        let q = self.mul(s1.im, s2.im);
        let d = self.sub(p, q);
        let im = self.bin(Opcode::Atan2, z.im, d);
        let small = self.z(re, im);
        self.selz(large, big, small)
    }

    /// CPython's `c_atanh`, with Numba's types.
    fn atanh(&mut self, z0: Z) -> Z {
        let negate = self.cmpk(FloatCC::Lt, z0.re, 0.0);
        let nre = self.neg(z0.re);
        let nim = self.neg(z0.im);
        let re = self.sel(negate, nre, z0.re);
        let im = self.sel(negate, nim, z0.im);
        let z = self.z(re, im);
        let ay = self.abs(z.im);
        let thres_large = self.k((FLT_MAX / 4.0).sqrt());
        let nan_re = self.isnan(z.re);
        let re_large = self.cmp(FloatCC::Gt, z.re, thres_large);
        let ay_large = self.cmp(FloatCC::Gt, ay, thres_large);
        let large = self.or(nan_re, re_large);
        let large = self.or(large, ay_large);
        // Large: real from hypot (or a zero at infinities).
        let zero = self.k(0.0);
        let im_inf = self.isinf(z.im);
        let re_inf = self.isinf(z.re);
        let zero_signed = self.bin(Opcode::Copysign, zero, z.re);
        let half = self.k(0.5);
        let hr = self.mul(z.re, half);
        let hi = self.mul(z.im, half);
        let h = self.bin(Opcode::Hypot, hr, hi);
        let four = self.k(4.0);
        let q = self.div(z.re, four);
        let q = self.div(q, h);
        let q = self.div(q, h);
        let r_large = self.sel(re_inf, zero, q);
        let r_large = self.sel(im_inf, zero_signed, r_large);
        let pi_12 = self.k(std::f64::consts::FRAC_PI_2);
        let nzim = self.neg(z.im);
        let c = self.bin(Opcode::Copysign, pi_12, nzim);
        let i_large = self.neg(c);
        // z.real == 1 and a tiny imaginary part.
        let thres_small = self.k(FLT_MIN.sqrt());
        let re_one = self.cmpk(FloatCC::Eq, z.re, 1.0);
        let ay_small = self.cmp(FloatCC::Lt, ay, thres_small);
        let near_one = self.and(re_one, ay_small);
        let ay_zero = self.cmpk(FloatCC::Eq, ay, 0.0);
        let inf = self.k(f64::INFINITY);
        let sq_ay = self.m1(Opcode::Sqrt, ay);
        let two = self.k(2.0);
        let hy = self.bin(Opcode::Hypot, ay, two);
        let sq_hy = self.m1(Opcode::Sqrt, hy);
        let ratio = self.div(sq_ay, sq_hy);
        let lr = self.m1(Opcode::Log, ratio);
        let r_near = self.neg(lr);
        let nay = self.neg(ay);
        let at = self.bin(Opcode::Atan2, two, nay);
        let at2 = self.div(at, two);
        let i_near = self.bin(Opcode::Copysign, at2, z.im);
        let r_one = self.sel(ay_zero, inf, r_near);
        let i_one = self.sel(ay_zero, z.im, i_near);
        // The general case.
        let sqay = self.mul(ay, ay);
        let one = self.k(1.0);
        let zr1 = self.sub(one, z.re);
        let zr1sq = self.mul(zr1, zr1);
        let den = self.add(zr1sq, sqay);
        let num = self.mul(four, z.re);
        let frac = self.div(num, den);
        let lp = self.m1(Opcode::Log1p, frac);
        let quarter = self.k(0.25);
        let r_gen = self.mul(lp, quarter);
        let m2 = self.k(-2.0);
        let a1 = self.mul(m2, z.im);
        let opr = self.add(one, z.re);
        let b1 = self.mul(zr1, opr);
        let b1 = self.sub(b1, sqay);
        let at = self.bin(Opcode::Atan2, a1, b1);
        let at = self.neg(at);
        let i_gen = self.mul(at, half);
        let real = self.sel(near_one, r_one, r_gen);
        let imag = self.sel(near_one, i_one, i_gen);
        let real = self.sel(large, r_large, real);
        let imag = self.sel(large, i_large, imag);
        let nan = self.k(f64::NAN);
        let im_nan = self.isnan(z.im);
        let imag = self.sel(im_nan, nan, imag);
        let nreal = self.neg(real);
        let nimag = self.neg(imag);
        let real = self.sel(negate, nreal, real);
        let imag = self.sel(negate, nimag, imag);
        self.z(real, imag)
    }

    fn rect(&mut self, r: F, phi: F) -> Z {
        let phi_finite = self.isfinite(phi);
        let r_true = self.truthy(r);
        let r_inf = self.isinf(r);
        let abs_r = self.abs(r);
        let zero = F {
            v: self.l.ins().fconst(ir_type(r.t), 0.0),
            t: r.t,
        };
        let r_zero = self.z(abs_r, zero);
        let r_phi = self.z(r, phi);
        let real = self.m1(Opcode::Cos, phi);
        let imag = self.m1(Opcode::Sin, phi);
        let real_zero = self.cmpk(FloatCC::Eq, real, 0.0);
        let imag_zero = self.cmpk(FloatCC::Eq, imag, 0.0);
        let real_div = self.and(real_zero, r_inf);
        let imag_div = self.and(imag_zero, r_inf);
        let rd = self.div(real, r);
        let rm = self.mul(real, r);
        let id = self.div(imag, r);
        let im_ = self.mul(imag, r);
        let re = self.sel(real_div, rd, rm);
        let im = self.sel(imag_div, id, im_);
        let general = self.z(re, im);
        let r_not = self.not(r_true);
        let special = self.selz(r_inf, r_phi, general);
        let special = self.selz(r_not, r_zero, special);
        self.selz(phi_finite, general, special)
    }
}

impl FnLowering<'_> {
    /// `cmath.f(z)` of a complex number `z` whose parts have types
    /// `types` (for `rect`, `z` holds `r` and `phi`, each of its own float
    /// type): the result's components (a complex result's two parts, of
    /// type `ret_part`; a bool; a float; or `polar`'s two floats).
    pub(super) fn cmath(
        &mut self,
        f: CmathFn,
        (a, b): (Value, Value),
        (ta, tb): (Scalar, Scalar),
        ret_part: Scalar,
    ) -> Vec<Value> {
        let mut c = Cx { l: self };
        let z = Z {
            re: F { v: a, t: ta },
            im: F { v: b, t: tb },
        };
        let result = match f {
            CmathFn::IsNan => return vec![c.l.ins().fcmp(FloatCC::Uno, a, b)],
            CmathFn::IsInf => {
                let (x, y) = (c.isinf(z.re), c.isinf(z.im));
                return vec![c.or(x, y)];
            }
            CmathFn::IsFinite => {
                let (x, y) = (c.isfinite(z.re), c.isfinite(z.im));
                return vec![c.and(x, y)];
            }
            CmathFn::Phase => return vec![c.bin(Opcode::Atan2, z.im, z.re).v],
            CmathFn::Polar => {
                let r = c.bin(Opcode::Hypot, z.re, z.im);
                let p = c.bin(Opcode::Atan2, z.im, z.re);
                return vec![r.v, p.v];
            }
            CmathFn::Rect => c.rect(z.re, z.im),
            CmathFn::Sqrt => c.sqrt(z),
            CmathFn::Exp => c.exp(z),
            CmathFn::Log => c.log(z),
            CmathFn::Log10 => c.log10(z),
            CmathFn::Cosh => c.cosh(z),
            CmathFn::Sinh => c.sinh(z),
            CmathFn::Tanh => c.tanh(z),
            CmathFn::Acosh => c.acosh(z),
            CmathFn::Asinh => c.asinh(z),
            CmathFn::Atanh => c.atanh(z),
            CmathFn::Acos => c.acos(z),
            CmathFn::Cos => {
                let w = c.times_j(z);
                c.cosh(w)
            }
            CmathFn::Sin => {
                let w = c.times_j(z);
                let r = c.sinh(w);
                c.minus_j_times(r)
            }
            CmathFn::Tan => {
                let w = c.times_j(z);
                let r = c.tanh(w);
                c.minus_j_times(r)
            }
            CmathFn::Asin => {
                let w = c.times_j(z);
                let r = c.asinh(w);
                c.minus_j_times(r)
            }
            CmathFn::Atan => {
                // -j atanh(z j); Numba swaps the parts back unrotated when
                // z.real is infinite and z.imag NaN.
                let w = c.times_j(z);
                let r = c.atanh(w);
                let rotated = c.minus_j_times(r);
                let unrotated = c.z(r.im, r.re);
                let re_inf = c.isinf(z.re);
                let im_nan = c.isnan(z.im);
                let odd = c.and(re_inf, im_nan);
                c.selz(odd, unrotated, rotated)
            }
        };
        let r = c.cast_z(result, ret_part);
        vec![r.re.v, r.im.v]
    }
}
