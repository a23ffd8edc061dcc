//! float32 algorithms: the `f32` functions that compute in `f32` rather
//! than widening to the `f64` algorithm (see [`implements`]; some are the
//! `f64` algorithm written once for both formats, [`shared`]).
//!
//! Why: an `f32` function that runs the `f64` algorithm is accurate to
//! 0.5 ulp but costs several times the instructions of libdevice's
//! float32 code, and consumer GPUs run `f64` at 1/32 or 1/64 of the `f32`
//! rate. These functions aim at libdevice's documented accuracy instead
//! (CUDA C Programming Guide, "Mathematical Functions", single-precision
//! table: `logf`, `log2f`, `expm1f`, `log1pf`, `cbrtf` 1 ulp; `expf`,
//! `exp2f`, `log10f`, `sinf`, `cosf`, `atanf`, `asinf`, `acosf`, `coshf`,
//! `tanhf` 2 ulp; `atan2f`, `sinhf`, `asinhf`, `atanhf`, `hypotf` 3 ulp;
//! `tanf`, `powf`, `acoshf` 4 ulp), measured by
//! `tests/mathlib_accuracy.rs` (`ACCURACY.md`), and never use the `.approx`
//! instructions, whose hardware error the interpreter and the CPU device
//! would not show (those are `fastmath`'s, `expand_math`).
//!
//! Every function works with `fma` and the error-free transformations of
//! [`Emit`] in `f32`; the error budget of each is in its doc comment.
//! The polynomials are `*_F32` in `coeffs.rs` (`gen/coeffs.py`: Chebyshev
//! fits rounded to `f32`). Special values (±0, ±inf, NaN, subnormals)
//! come out as C's, and huge trigonometric arguments go to an exact
//! Payne–Hanek reduction (in integers, on a branch ordinary arguments never
//! take).

use super::coeffs::{
    ATAN_F32, COS_F32, EXP2_F32, EXPM1_F32, EXP_F32, FRAC_PI_2_F32, INV_LN10_F32, INV_LN2_F32,
    LN2_F32, LOG10_2_F32, LOG_F32, LOG_HP_F32, PI_F32, SIN_F32, TWO_THIRDS_F32,
};
use super::emit::{Dd, Emit};
use super::explog::{log_specials, split_log_arg};
use super::misc::pow_specials;
use crate::ir::entities::Value;
use crate::ir::instructions::{FloatCC, IntCC, Opcode};
use crate::ir::types::Type;

/// True when `op` computes in float32 for `f32`: an algorithm of this
/// file, or one written once for both formats (`sinh`, `cosh`, `tanh`,
/// `asin`, `acos`, `asinh`, `acosh`, `atanh`, `cbrt`, `hypot`, `erf`,
/// `erfc`: see [`shared`]). The other `f32` functions widen to the `f64` algorithm
/// and round once.
pub fn implements(op: Opcode) -> bool {
    use Opcode::*;
    shared(op)
        || matches!(
            op,
            Exp | Exp2 | Expm1 | Log | Log2 | Log10 | Log1p | Sin | Cos | Tan | Atan | Atan2 | Pow
        )
}

/// True when `op`'s `f64` algorithm serves `f32` too, computing in the
/// type of its [`Emit`]: its constants and polynomials are chosen by that
/// type ([`Emit::poly_for`], [`Emit::split_for`], [`Emit::table_for`]),
/// and the building blocks it calls (`exp_parts`, `expm1`, `log`,
/// `log_dd`, `log1p_dd` in `explog.rs`) hand `f32` to this file's
/// algorithms (`tanh` also calls [`tanh_big`], `erfc` [`exp_times`]).
fn shared(op: Opcode) -> bool {
    use Opcode::*;
    matches!(
        op,
        Sinh | Cosh | Tanh | Asin | Acos | Asinh | Acosh | Atanh | Cbrt | Hypot | Erf | Erfc
    )
}

/// The float32 algorithm of `op` (one of [`implements`]) on `f32` `args`;
/// `e` computes in `f32`.
pub fn body(e: &mut Emit, op: Opcode, args: &[Value]) -> Value {
    debug_assert_eq!(e.ty, Type::F32);
    let x = args[0];
    match op {
        Opcode::Exp => exp(e, x),
        Opcode::Exp2 => exp2(e, x),
        Opcode::Expm1 => expm1(e, x),
        Opcode::Log => log(e, x),
        Opcode::Log2 => log2(e, x),
        Opcode::Log10 => log10(e, x),
        Opcode::Log1p => log1p(e, x),
        Opcode::Sin => sin(e, x),
        Opcode::Cos => cos(e, x),
        Opcode::Tan => tan(e, x),
        Opcode::Atan => atan(e, x),
        Opcode::Atan2 => atan2(e, x, args[1]),
        Opcode::Pow => pow(e, x, args[1]),
        _ if shared(op) => super::body(e, op, args),
        _ => unreachable!("{op} has no float32 algorithm"),
    }
}

/// Horner's rule with `fma` on `f32` coefficients.
fn poly(e: &mut Emit, x: Value, c: &[f32]) -> Value {
    let c: Vec<f64> = c.iter().map(|&v| f64::from(v)).collect();
    e.poly(x, &c)
}

/// `min(max(x, lo), hi)` for a non-NaN `x`, a NaN `x` staying NaN (the
/// caller replaces it by its own select): two compare-and-selects, where
/// `Fmin`/`Fmax` (NaN-propagating, as Python's) cost three instructions
/// each.
fn clamp(e: &mut Emit, x: Value, lo: f64, hi: f64) -> Value {
    let below = e.cmpc(FloatCC::Lt, x, lo);
    let x = e.selc(below, lo, x);
    let above = e.cmpc(FloatCC::Gt, x, hi);
    e.selc(above, hi, x)
}

/// `v`, or `x` itself when `x` is NaN.
fn keep_nan(e: &mut Emit, x: Value, v: Value) -> Value {
    let nan = e.cmp(FloatCC::Uno, x, x);
    e.sel(nan, x, v)
}

/// `e^(hi + lo) = y 2^k` for `|hi| <= 104.5` (`lo` a small correction, at
/// most a few ulps of `hi`): `k = nearest(hi / ln2)`, `r = hi - k ln2 + lo`
/// and `y = 1 + r P(r)`, `|r| <= ln2/2` (plus the rounding of `k`).
/// `k ln2_head` is exact (16-bit head, `|k| < 256`) and so is `hi - k
/// ln2_head` (Sterbenz), so `r` carries one rounding from adding the tail
/// and `lo`: at most 2^-26 absolute, a relative 2^-26 in `e^r`. `P` is
/// good to 3e-9 and the final `fma` rounds once: `y` is within about
/// 0.9 ulp.
pub(super) fn exp_parts(e: &mut Emit, hi: Value, lo: Option<Value>) -> (Value, Value) {
    let kf = e.mulc(hi, f64::from(INV_LN2_F32[0]));
    let kf = e.un(Opcode::Nearest, kf);
    let nk = e.neg(kf);
    let head = e.c(f64::from(LN2_F32[0]));
    let r = e.fma(nk, head, hi);
    let tail = e.c(f64::from(LN2_F32[1]));
    let mut r = e.fma(nk, tail, r);
    if let Some(lo) = lo {
        r = e.add(r, lo);
    }
    let p = poly(e, r, &EXP_F32);
    let one = e.c(1.0);
    let y = e.fma(r, p, one);
    (y, e.ftoi(kf))
}

/// `e^(hi + lo)` with overflow to infinity and underflow to zero (and
/// through the subnormals, where [`Emit::scale`] rounds once). Beyond
/// `[-104.5, 89.5]` the result is 0 or infinity already; the clamp keeps
/// `k` in `scale`'s range and drops `lo` there.
fn exp_dd(e: &mut Emit, hi: Value, lo: Option<Value>) -> Value {
    let hc = clamp(e, hi, -104.5, 89.5);
    let lo = lo.map(|lo| {
        let inside = e.cmp(FloatCC::Eq, hc, hi);
        let zero = e.c(0.0);
        e.sel(inside, lo, zero)
    });
    let (y, k) = exp_parts(e, hc, lo);
    e.scale(y, k)
}

/// `e^(hi + lo) f` for `hi <= 0` and a double-float `f` (`erfc`'s
/// `e^(-x^2) F(x)`), rounded once:
/// as [`exp_parts`], but with `r = r_hi + r_lo` (`r_hi = hi - k ln2_head`
/// exact, `r_lo = lo - k ln2_tail`) normalised to `r + dr`, and `y = 1 +
/// r P(r)` as a double-float (the `fma`'s error recovered, `dr y` added),
/// so that only `P`'s own rounding (at most 0.35 ulp) and the one final
/// `fma` with `f` remain: about 1 ulp plus `f`'s error, where rounding
/// `e^x` first and then the product cost up to 1.9. Scaled by `2^k` in
/// two exact steps (0 below `-104.5`).
pub(super) fn exp_times(e: &mut Emit, hi: Value, lo: Value, f: Dd) -> Value {
    let hc = clamp(e, hi, -104.5, 0.0);
    let outside = e.cmp(FloatCC::Ne, hc, hi);
    let lo = e.selc(outside, 0.0, lo);
    let kf = e.mulc(hc, f64::from(INV_LN2_F32[0]));
    let kf = e.un(Opcode::Nearest, kf);
    let nk = e.neg(kf);
    let head = e.c(f64::from(LN2_F32[0]));
    let r_hi = e.fma(nk, head, hc);
    let tail = e.c(f64::from(LN2_F32[1]));
    let r_lo = e.fma(nk, tail, lo);
    let r = e.fast_two_sum(r_hi, r_lo);
    let p = poly(e, r.hi, &EXP_F32);
    let one = e.c(1.0);
    let y_hi = e.fma(r.hi, p, one);
    let rest = e.sub(one, y_hi);
    let y_lo = e.fma(r.hi, p, rest);
    let y_lo = e.fma(r.lo, y_hi, y_lo);
    let lf = e.mul(y_lo, f.hi);
    let lf = e.fma(y_hi, f.lo, lf);
    let v = e.fma(y_hi, f.hi, lf);
    let k = e.ftoi(kf);
    e.scale(v, k)
}

/// `e^x` (libdevice `expf`: 2 ulp): [`exp_parts`], then `2^k` in two
/// exact steps.
pub fn exp(e: &mut Emit, x: Value) -> Value {
    let v = exp_dd(e, x, None);
    keep_nan(e, x, v)
}

/// `e^x - 1` (libdevice `expm1f`: 1 ulp). `x = k ln2 + r` with `r =
/// r_hi + r_lo`, `r_hi = x - k ln2_head` exact and `r_lo = -k ln2_tail`
/// (at most 2e-4, so its rounding is far below an ulp), normalised to
/// `r + dr`; `s = e^r - 1 = r + r^2 Q(r)` (`Q` good to 1e-8) as a
/// double-float `s_hi + s_lo` (the `fma`'s own error recovered, `dr`'s
/// effect `dr (1 + r)` added). Then `e^x - 1 = 2^j (A + B s)` with
/// `j = max(k, 0)`, `B = 2^(k-j)` and `A = B - 2^-j` (exact where it
/// matters: `2^k - 1` for `k >= -24`, `1 - 2^-k` for `k <= 24`; its
/// rounding error `d` is carried otherwise): `A + B s_hi` is an exact
/// two-sum, and the rest (`B s_lo`, `d`, the two-sum's error) is added
/// before the one final rounding, so the cancellation of `A` against
/// `B s` (`k = 1`, `r < 0`; `k = -1`) costs nothing. About 0.5 ulp plus
/// 2^-26 relative. `2^j` is an exact [`Emit::scale`], to infinity above
/// `88.72`. Below `-40` the result is `-1`; `|x| < 2^-25` gives `x` (the
/// sign of `-0` too).
pub fn expm1(e: &mut Emit, x: Value) -> Value {
    let (y, j) = expm1_parts(e, x);
    let y = e.add(y.hi, y.lo);
    let v = e.scale(y, j);
    let ax = e.abs(x);
    let tiny = e.cmpc(FloatCC::Lt, ax, 2f64.powi(-25));
    let v = e.sel(tiny, x, v);
    keep_nan(e, x, v)
}

/// [`expm1`]'s value before its final rounding and scaling:
/// `e^x - 1 = 2^j (y_hi + y_lo)` (`x` clamped to `[-40, 88.8]`).
fn expm1_parts(e: &mut Emit, x: Value) -> (Dd, Value) {
    let xc = clamp(e, x, -40.0, 88.8);
    let kf = e.mulc(xc, f64::from(INV_LN2_F32[0]));
    let kf = e.un(Opcode::Nearest, kf);
    let nk = e.neg(kf);
    let head = e.c(f64::from(LN2_F32[0]));
    let r_hi = e.fma(nk, head, xc);
    let r_lo = e.mulc(nk, f64::from(LN2_F32[1]));
    let r = e.fast_two_sum(r_hi, r_lo);
    let q = poly(e, r.hi, &EXPM1_F32);
    let r2 = e.mul(r.hi, r.hi);
    let s_hi = e.fma(r2, q, r.hi);
    let rest = e.sub(r.hi, s_hi);
    let s_lo = e.fma(r2, q, rest);
    let dr = e.fma(r.lo, r.hi, r.lo);
    let s_lo = e.add(s_lo, dr);
    // 2^j (A + B s), j = max(k, 0).
    let k = e.ftoi(kf);
    let j = e.ibc(Opcode::Smax, k, 0);
    let kj = e.ib(Opcode::Isub, k, j);
    let b = e.pow2(kj);
    let nj = e.b.unary(Opcode::Ineg, Type::I32, j);
    let nj = e.ibc(Opcode::Smax, nj, -126);
    let a = e.pow2(nj);
    let big_a = e.sub(b, a);
    let ba = e.sub(b, big_a);
    let d = e.sub(ba, a);
    let bs = e.mul(b, s_hi);
    let sum = e.fast_two_sum(big_a, bs);
    let lo = e.fma(b, s_lo, d);
    let lo = e.add(sum.lo, lo);
    (Dd { hi: sum.hi, lo }, j)
}

/// `tanh a = 1 - 2 / (e^2a + 1)` for `0.55 <= a <= 22` (`a2 = 2a`): with
/// `m = e^2a - 1` a double-float ([`expm1_parts`], scaled exactly), `d =
/// m + 2` an exact two-sum (`m >= 2`), `q = 2/d` rounded and its
/// remainder (an `fma`) carried, and `1 - q` an exact two-sum, so the one
/// final rounding and `m`'s 2^-26 are the error: about 0.6 ulp, where
/// rounding `m`, `d`, `q` and `1 - q` in turn would cost up to 1.6.
/// Beyond 22 the caller selects 1 (here `m` may be infinite or NaN).
pub fn tanh_big(e: &mut Emit, a2: Value) -> Value {
    let (y, j) = expm1_parts(e, a2);
    let t = e.pow2(j);
    let m_hi = e.mul(y.hi, t);
    let m_lo = e.mul(y.lo, t);
    let two = e.c(2.0);
    let d = e.fast_two_sum(m_hi, two);
    let d_lo = e.add(d.lo, m_lo);
    let q = e.div(two, d.hi);
    let nq = e.neg(q);
    let rem = e.fma(nq, d.hi, two);
    let rem = e.fma(nq, d_lo, rem);
    let half_q = e.mulc(q, 0.5);
    let q_lo = e.mul(rem, half_q);
    let one = e.c(1.0);
    let s = e.fast_two_sum(one, nq);
    let lo = e.sub(s.lo, q_lo);
    e.add(s.hi, lo)
}

/// `2^x` (libdevice `exp2f`: 2 ulp): `k = nearest(x)`, `r = x - k` exact
/// in `[-1/2, 1/2]`, `2^r = 1 + r Q(r)` (`Q` good to 6e-9, one final
/// rounding: within about 0.6 ulp), scaled by `2^k`. Integral `x` give
/// exact powers of two.
pub fn exp2(e: &mut Emit, x: Value) -> Value {
    let xc = clamp(e, x, -151.0, 129.0);
    let kf = e.un(Opcode::Nearest, xc);
    let r = e.sub(xc, kf);
    let q = poly(e, r, &EXP2_F32);
    let one = e.c(1.0);
    let y = e.fma(r, q, one);
    let k = e.ftoi(kf);
    let v = e.scale(y, k);
    keep_nan(e, x, v)
}

/// The logarithm's terms for a positive finite `x`: `(k, f, f^2, Q(f))`
/// with `log x = k ln2 + f + f^2 Q(f)` (`f^2` rounded), `f` exact.
fn log_terms(e: &mut Emit, x: Value) -> (Value, Value, Value, Value) {
    let (kf, f) = split_log_arg(e, x);
    let q = poly(e, f, &LOG_F32);
    let f2 = e.mul(f, f);
    (kf, f, f2, q)
}

/// The logarithm's parts for a positive finite `x`: `(k, f, t)` with
/// `log x = k ln2 + f + t`, `t = f^2 Q(f) = log(1 + f) - f`. `f` is
/// exact and `|t| <= 0.068`; `t` carries a relative error of about
/// 2^-23 (the product, `Q`'s fit, Horner), so about 0.2 ulp of the
/// result's magnitude at worst.
fn log_parts(e: &mut Emit, x: Value) -> (Value, Value, Value) {
    let (kf, f, f2, q) = log_terms(e, x);
    let t = e.mul(f2, q);
    (kf, f, t)
}

/// `k ln2 + f + f^2 Q(f) (+ extra)` from [`log_terms`] as `(hi, lo)`,
/// `hi + lo` rounding to the logarithm: `k ln2_head + f` exactly as a
/// two-sum (the head has 16 bits, so `k ln2_head` is exact and at least
/// `|f|` when `k != 0`), and `lo` the small terms `k ln2_tail`, the
/// two-sum's error and, last, `f^2 Q(f)` in two `fma`s with `f^2` exact
/// (the product and `f^2` not rounded: where `x` is near 0.7 the result
/// is small against `f` and `t`, and their roundings cost up to 0.3 ulp). `extra`, a correction `c + c_lo` of the argument
/// (for `log1p`), is added to `f` exactly first: for a small `log1p`
/// argument the two cancel to the result's magnitude, where adding `c`
/// to the small terms would cost a rounding of that magnitude.
fn log_sum(e: &mut Emit, x: Value, extra: Option<Dd>) -> (Value, Value) {
    let (kf, f, f2, q) = log_terms(e, x);
    let nf2 = e.neg(f2);
    let f2_lo = e.fma(f, f, nf2);
    let (f, f_lo) = match extra {
        Some(c) => {
            let fc = e.two_sum(f, c.hi);
            (fc.hi, Some(e.add(fc.lo, c.lo)))
        }
        None => (f, None),
    };
    let a = e.mulc(kf, f64::from(LN2_F32[0]));
    let s = e.fast_two_sum(a, f);
    let tail = e.c(f64::from(LN2_F32[1]));
    let mut lo = e.fma(kf, tail, s.lo);
    if let Some(f_lo) = f_lo {
        lo = e.add(lo, f_lo);
    }
    let lo = e.fma(f2_lo, q, lo);
    let lo = e.fma(f2, q, lo);
    (s.hi, lo)
}

/// `log x` (libdevice `logf`: 1 ulp): [`log_sum`] and one final
/// rounding: about 0.5 + 0.2 ulp.
pub fn log(e: &mut Emit, x: Value) -> Value {
    let (hi, lo) = log_sum(e, x, None);
    let v = e.add(hi, lo);
    log_specials(e, x, v)
}

/// `log x` for a positive finite `x` as a double-float `hi + lo`
/// ([`log_sum`], normalised; about 2^-31 relative), for `asinh` and
/// `acosh` of huge arguments, which add `ln2` to it.
pub fn log_dd(e: &mut Emit, x: Value) -> Dd {
    let (hi, lo) = log_sum(e, x, None);
    e.fast_two_sum(hi, lo)
}

/// `log(1 + x)` (libdevice `log1pf`: 1 ulp).
pub fn log1p(e: &mut Emit, x: Value) -> Value {
    let zero = e.c(0.0);
    log1p_dd(e, Dd { hi: x, lo: zero })
}

/// `log(1 + x)` for a double-float `x = hi + lo` (`asinh`, `acosh` and
/// `atanh` pass one), with `log1p`'s special cases on `hi`: `u = 1 + hi`
/// rounded and its error `e` (a two-sum), then `log u + log(1 + (e +
/// lo)/u)`, the second term as `c - c^2/2` with `c = e/u` (times the
/// reciprocal of `u`) and its remainder (an `fma`) and `lo` over `u` as a
/// second part, passed to [`log_sum`]: about as accurate as [`log`].
/// The reciprocal is [`recip_positive`] (6.5e-6 relative): `c` and the
/// remainder's correction `c_lo` make `c + c_lo` good to that squared.
/// `|hi| < 2^-24` gives `hi` (the sign of `-0` too).
pub fn log1p_dd(e: &mut Emit, xd: Dd) -> Value {
    let x = xd.hi;
    let one = e.c(1.0);
    let u = e.two_sum(one, x);
    let rcp = recip_positive(e, u.hi);
    let c = e.mul(u.lo, rcp);
    let nc = e.neg(c);
    let rem = e.fma(nc, u.hi, u.lo);
    let rem = e.add(rem, xd.lo);
    let c_lo = e.mul(rem, rcp);
    let hc = e.mulc(c, -0.5);
    let c_lo = e.fma(hc, c, c_lo);
    let (hi, lo) = log_sum(e, u.hi, Some(Dd { hi: c, lo: c_lo }));
    let v = e.add(hi, lo);
    let v = log_specials(e, u.hi, v);
    let ax = e.abs(x);
    let tiny = e.cmpc(FloatCC::Lt, ax, 2f64.powi(-24));
    e.sel(tiny, x, v)
}

/// `1/u` for a positive `u` to about 6.5e-6 relative, without a
/// division: the classic bit-pattern estimate (`0x7EF311C3 - bits(u)`,
/// within 0.051 for a normal `u` with a normal reciprocal) and two Newton
/// steps. `u` above 2^100 is taken as 2^100 (for [`log1p_dd`], where
/// `1/u` then scales only terms far below an ulp: the error of `1 + hi`
/// is at most 1, and the callers that pass a nonzero `lo`, `asinh`,
/// `acosh` and `atanh`, keep `|hi|` below 2^26); zero, infinite or
/// NaN `u` give a meaningless value that the caller's special cases
/// replace.
fn recip_positive(e: &mut Emit, u: Value) -> Value {
    let big = e.cmpc(FloatCC::Gt, u, 2f64.powi(100));
    let u = e.selc(big, 2f64.powi(100), u);
    let bits = e.bits(u);
    let magic = e.iw(0x7EF3_11C3);
    let y0 = e.ib(Opcode::Isub, magic, bits);
    let y0 = e.from_bits(y0);
    e.recip_refine(u, y0, 2)
}

/// `(f + t) c` for a constant `c = [head, tail]`, as `(p, low)`: `p =
/// f c_head` rounded and `low` its exact error plus the small products.
fn scaled_log1p(e: &mut Emit, f: Value, t: Value, c: [f32; 2]) -> (Value, Value) {
    let ch = e.c(f64::from(c[0]));
    let p = e.mul(f, ch);
    let np = e.neg(p);
    let perr = e.fma(f, ch, np);
    let cl = e.c(f64::from(c[1]));
    let low = e.fma(f, cl, perr);
    let low = e.fma(t, ch, low);
    (p, low)
}

/// `log2 x` (libdevice `log2f`: 1 ulp), exact on powers of two: `k +
/// (f + t)/ln2`, the product carried to its exact error and `k + p`
/// summed exactly, so one final rounding plus `t`'s error (about 0.7 ulp).
pub fn log2(e: &mut Emit, x: Value) -> Value {
    let (kf, f, t) = log_parts(e, x);
    let (p, low) = scaled_log1p(e, f, t, INV_LN2_F32);
    let s = e.fast_two_sum(kf, p);
    let lo = e.add(s.lo, low);
    let v = e.add(s.hi, lo);
    log_specials(e, x, v)
}

/// `log10 x` (libdevice `log10f`: 2 ulp): `k log10(2) + (f + t)/ln10`
/// with a 16-bit head of `log10(2)` (exact `k` product), summed as
/// [`log2`] sums.
pub fn log10(e: &mut Emit, x: Value) -> Value {
    let (kf, f, t) = log_parts(e, x);
    let (p, low) = scaled_log1p(e, f, t, INV_LN10_F32);
    let a = e.mulc(kf, f64::from(LOG10_2_F32[0]));
    let tail = e.c(f64::from(LOG10_2_F32[1]));
    let low = e.fma(kf, tail, low);
    let s = e.fast_two_sum(a, p);
    let lo = e.add(s.lo, low);
    let v = e.add(s.hi, lo);
    log_specials(e, x, v)
}

/// Cody–Waite with three `f32` parts of `pi/2` (CUDA's split: the first
/// product is exact inside the `fma` and the first remainder exact) up to
/// this `|x|`; the remainder `r` carries about one rounding of its own
/// magnitude. Above, the integer Payne–Hanek reduction.
const CODY_WAITE_MAX: f64 = 105_615.0;

/// `pi/2` in three `f32` parts for [`reduce`] (the head is `pi/2` with
/// its last bit cleared, not `FRAC_PI_2` rounded).
#[allow(clippy::approx_constant)]
const PI_2_F32: [f32; 3] = [1.570_796, 3.139_164_7e-7, 5.390_302_5e-15];

/// `x = k pi/2 + r`: returns `k` (an `i32`; only `k mod 4` matters) and
/// `r` (`|r| <= pi/4` and a little). Arguments of magnitude above
/// [`CODY_WAITE_MAX`] branch to [`payne_hanek`]; infinities and NaN stay
/// on the short path and give a NaN `r`.
fn reduce(e: &mut Emit, x: Value) -> (Value, Value) {
    let ax = e.abs(x);
    let big = e.cmpc(FloatCC::Gt, ax, CODY_WAITE_MAX);
    let finite = e.cmpc(FloatCC::Lt, ax, f64::INFINITY);
    let huge = e.and(big, finite);
    let (huge_b, small_b, join) = (e.b.create_block(), e.b.create_block(), e.b.create_block());
    let k = e.b.append_param(join, Type::I32);
    let r = e.b.append_param(join, Type::F32);
    e.b.brif(huge, huge_b, &[], small_b, &[]);
    e.b.switch_to(small_b);
    let kf = e.mulc(x, std::f64::consts::FRAC_2_PI);
    let kf = e.un(Opcode::Nearest, kf);
    let nk = e.neg(kf);
    let mut r1 = x;
    for part in PI_2_F32 {
        let p = e.c(f64::from(part));
        r1 = e.fma(nk, p, r1);
    }
    let k1 = e.ftoi(kf);
    e.b.jump(join, &[k1, r1]);
    e.b.switch_to(huge_b);
    let (k2, r2) = payne_hanek(e, x);
    e.b.jump(join, &[k2, r2]);
    e.b.switch_to(join);
    (k, r)
}

/// The first 224 bits of 2/pi in 32-bit words, most significant first:
/// 2/pi = sum of `w[i] 2^(-32 (i + 1))` (as `TWO_OVER_PI_24`, regrouped).
const TWO_OVER_PI_32: [u32; 7] = [
    0xA2F9_836E,
    0x4E44_1529,
    0xFC27_57D1,
    0xF534_DDC0,
    0xDB62_9599,
    0x3C43_9041,
    0xFE51_63AB,
];

/// Payne–Hanek reduction of a finite `f32` `|x| > 2^16`, in integers (as
/// libdevice's `sinf` does it): with `|x| = M 2^E`, `M` the 24-bit
/// significand and `-7 <= E <= 104`, `|x| 2/pi` is `M` times the words
/// of 2/pi. The words before `w[j]`, `j = max(E - 2, 0) / 32`, give
/// multiples of 4 (they change nothing modulo 4), so `P = M (w[j] ...
/// w[j+3])`, four exact 56-bit products summed with their carries, is
/// `|x| 2/pi` modulo 4 times `2^(128 - s)` (`s = E - 32j`, in `[-7,
/// 33]`), short of the words after `w[j+3]`: less than `2^(24 + s -
/// 128) <= 2^-71`. Its 64 bits from two above the binary point, `W`, are
/// `k mod 4` (the top two, rounded to nearest with the fraction) and the
/// fraction `f` in 2^-62 units, `|f| <= 2^61`; `r = f 2^-62 pi/2` is one
/// `f64` product of the exact integer converted (two `f64` roundings,
/// far below the smallest `|r|` of an `f32`, about 2^-30) and one
/// rounding to `f32`. Negative `x` negate `k` and `r`.
fn payne_hanek(e: &mut Emit, x: Value) -> (Value, Value) {
    let (i32t, i64t) = (Type::I32, Type::I64);
    let bits = e.bits(x);
    let be = e.ibc(Opcode::Ushr, bits, 23);
    let be = e.ibc(Opcode::Band, be, 0xff);
    let ex = e.ibc(Opcode::Iadd, be, -150);
    let m = e.ibc(Opcode::Band, bits, 0x7f_ffff);
    let m = e.ibc(Opcode::Bor, m, 0x80_0000);
    let m = e.b.unary(Opcode::Uextend, i64t, m);
    let j = e.ibc(Opcode::Iadd, ex, -2);
    let j = e.ibc(Opcode::Smax, j, 0);
    let j = e.ibc(Opcode::Ushr, j, 5);
    let j32 = e.ibc(Opcode::Ishl, j, 5);
    let s = e.ib(Opcode::Isub, ex, j32);
    let table = e.table_u32("__kernelc_two_over_pi_u32", &TWO_OVER_PI_32);
    let off = e.ibc(Opcode::Ishl, j, 2);
    let off = e.b.unary(Opcode::Uextend, i64t, off);
    let words = e.b.ptr_add(table, off);
    let mut prods = Vec::with_capacity(4);
    for i in 0..4 {
        let w = e.b.load(i32t, words, 4 * i);
        let w = e.b.unary(Opcode::Uextend, i64t, w);
        prods.push(e.ib(Opcode::Imul, m, w));
    }
    // P >> 32 = top 2^64 + mid (the low 32 bits of P are below W).
    let mut carry = e.ibc(Opcode::Ushr, prods[3], 32);
    let mut limbs = Vec::with_capacity(2);
    for &p in [prods[2], prods[1]].iter() {
        let t = e.ib(Opcode::Iadd, p, carry);
        limbs.push(e.ibc(Opcode::Band, t, 0xffff_ffff));
        carry = e.ibc(Opcode::Ushr, t, 32);
    }
    let top = e.ib(Opcode::Iadd, prods[0], carry);
    let mid = e.ibc(Opcode::Ishl, limbs[1], 32);
    let mid = e.ib(Opcode::Bor, mid, limbs[0]);
    // W = (P >> 32) >> (34 - s), the shift in [1, 41].
    let shift = e.b.iconst(i32t, 34);
    let shift = e.ib(Opcode::Isub, shift, s);
    let shift = e.b.unary(Opcode::Uextend, i64t, shift);
    let up = e.b.iconst(i64t, 64);
    let up = e.ib(Opcode::Isub, up, shift);
    let hi = e.ib(Opcode::Ishl, top, up);
    let lo = e.ib(Opcode::Ushr, mid, shift);
    let w = e.ib(Opcode::Bor, hi, lo);
    let half = e.ibc(Opcode::Iadd, w, 1 << 61);
    let q = e.ibc(Opcode::Ushr, half, 62);
    let qs = e.ibc(Opcode::Ishl, q, 62);
    let f = e.ib(Opcode::Isub, w, qs);
    let f = e.b.unary(Opcode::FcvtFromSint, Type::F64, f);
    let scale =
        e.b.fconst(Type::F64, std::f64::consts::FRAC_PI_2 * 2f64.powi(-62));
    let r = e.b.binary(Opcode::Fmul, f, scale);
    let r = e.b.unary(Opcode::Fdemote, Type::F32, r);
    let k = e.b.unary(Opcode::Ireduce, i32t, q);
    let neg = e.cmpc(FloatCC::Lt, x, 0.0);
    let nk = e.b.unary(Opcode::Ineg, i32t, k);
    let k = e.sel(neg, nk, k);
    let nr = e.neg(r);
    let r = e.sel(neg, nr, r);
    (k, r)
}

/// `(sin r, cos r, k & 1 != 0, k & 2 != 0)` for `x = k pi/2 + r`:
/// `sin r = r + r^3 S(r^2)` and `cos r = 1 + r^2 C(r^2)` on
/// `|r| <= pi/4` (`S`, `C` good to 3e-8 and 2e-9 relative, far below an
/// ulp of the results), each rounded once by its last `fma`. With the
/// reduction's rounding, `sin` is within about 1.5 ulp and `cos` 1 ulp.
fn sincos_parts(e: &mut Emit, x: Value) -> (Value, Value, Value, Value) {
    let (k, r) = reduce(e, x);
    let z = e.mul(r, r);
    let ps = poly(e, z, &SIN_F32);
    let rz = e.mul(r, z);
    let s = e.fma(rz, ps, r);
    let pc = poly(e, z, &COS_F32);
    let one = e.c(1.0);
    let c = e.fma(z, pc, one);
    let zero = e.iw(0);
    let b1 = e.ibc(Opcode::Band, k, 1);
    let odd = e.icmp(IntCC::Ne, b1, zero);
    let b2 = e.ibc(Opcode::Band, k, 2);
    let half = e.icmp(IntCC::Ne, b2, zero);
    (s, c, odd, half)
}

/// `v`, or `x` itself for `|x| < 2^-12`, where `sin x` and `tan x` round
/// to `x` (and the polynomial would lose the sign of -0).
fn odd_tiny(e: &mut Emit, x: Value, v: Value) -> Value {
    let ax = e.abs(x);
    let t = e.cmpc(FloatCC::Lt, ax, 2f64.powi(-12));
    e.sel(t, x, v)
}

/// Sine (libdevice `sinf`: 2 ulp).
pub fn sin(e: &mut Emit, x: Value) -> Value {
    let (s, c, odd, half) = sincos_parts(e, x);
    let v = e.sel(odd, c, s);
    let nv = e.neg(v);
    let v = e.sel(half, nv, v);
    odd_tiny(e, x, v)
}

/// Cosine (libdevice `cosf`: 2 ulp).
pub fn cos(e: &mut Emit, x: Value) -> Value {
    let (s, c, odd, half) = sincos_parts(e, x);
    let v = e.sel(odd, s, c);
    // Negative in quadrants 1 and 2: `odd != half`.
    let flip = e.b.binary(Opcode::Bxor, odd, half);
    let nv = e.neg(v);
    e.sel(flip, nv, v)
}

/// Tangent (libdevice `tanf`: 4 ulp): `sin r / cos r`, or `-cos r / sin r`
/// in odd quadrants, one correctly rounded division of the two
/// polynomials (about 1.5 + 1 + 0.5 ulp at worst).
pub fn tan(e: &mut Emit, x: Value) -> Value {
    let (s, c, odd, _) = sincos_parts(e, x);
    let n = e.sel(odd, c, s);
    let d = e.sel(odd, s, c);
    let q = e.div(n, d);
    let nq = e.neg(q);
    let v = e.sel(odd, nq, q);
    odd_tiny(e, x, v)
}

/// `atan t` for `0 <= t <= 1`: `t + t^3 A(t^2)` (`A` good to 6e-8,
/// `t^3 A` at most 0.27 of the sum), rounded once by the last `fma`:
/// about 0.7 ulp.
fn atan_unit(e: &mut Emit, t: Value) -> Value {
    let z = e.mul(t, t);
    let p = poly(e, z, &ATAN_F32);
    let tz = e.mul(t, z);
    e.fma(tz, p, t)
}

/// `base ± a` for `base` `pi/2` where `half`, else `pi` where `whole`,
/// else 0, and `a = atan t`, negated where `neg`: `(base_tail ± a) +
/// base_head`, two roundings of which the first is at most half an ulp
/// of `a`. Both `0` gives `a` itself.
fn atan_from(e: &mut Emit, a: Value, half: Value, whole: Value, neg: Value) -> Value {
    let na = e.neg(a);
    let a = e.sel(neg, na, a);
    let zero = e.c(0.0);
    let mut parts = [zero; 2];
    for (i, part) in parts.iter_mut().enumerate() {
        let pi = e.c(f64::from(PI_F32[i]));
        let v = e.sel(whole, pi, zero);
        let pi_2 = e.c(f64::from(FRAC_PI_2_F32[i]));
        *part = e.sel(half, pi_2, v);
    }
    let lo = e.add(parts[1], a);
    e.add(lo, parts[0])
}

/// Arc tangent (libdevice `atanf`: 2 ulp): `atan |x|` for `|x| <= 1`,
/// `pi/2 - atan(1/|x|)` above ([`atan_from`]; the quotient's rounding
/// moves the result by at most 0.3 ulp), with the sign of `x`. About 1.5
/// ulp at worst.
pub fn atan(e: &mut Emit, x: Value) -> Value {
    let a = e.abs(x);
    let inv = e.cmpc(FloatCC::Gt, a, 1.0);
    let one = e.c(1.0);
    let r = e.div(one, a);
    let t = e.sel(inv, r, a);
    let at = atan_unit(e, t);
    let no = e.b.iconst(Type::I1, 0);
    let v = atan_from(e, at, inv, no, inv);
    e.copysign(v, x)
}

/// `atan2(y, x)` (libdevice `atan2f`: 3 ulp): `t = min/max` of `|x|`,
/// `|y|`, `a = atan t`, then `a`, `pi/2 - a` (`|y| > |x|`), `pi - a`
/// (`x` negative: sign bit set) or `pi/2 + a` (both) with
/// [`atan_from`], and the sign of `y`. `0/0` counts as `t = 0`, `inf/inf`
/// as `t = 1`; a NaN gives `x + y`.
pub fn atan2(e: &mut Emit, y: Value, x: Value) -> Value {
    let ax = e.abs(x);
    let ay = e.abs(y);
    let swap = e.cmp(FloatCC::Gt, ay, ax);
    let n = e.sel(swap, ax, ay);
    let d = e.sel(swap, ay, ax);
    let t = e.div(n, d);
    let both_zero = e.cmpc(FloatCC::Eq, d, 0.0);
    let t = e.selc(both_zero, 0.0, t);
    let both_inf = e.cmpc(FloatCC::Eq, n, f64::INFINITY);
    let t = e.selc(both_inf, 1.0, t);
    let at = atan_unit(e, t);
    let xb = e.bits(x);
    let izero = e.iw(0);
    let left = e.icmp(IntCC::Slt, xb, izero);
    let neg = e.b.binary(Opcode::Bxor, swap, left);
    let v = atan_from(e, at, swap, left, neg);
    let v = e.copysign(v, y);
    let nan = e.cmp(FloatCC::Uno, x, y);
    let sum = e.add(x, y);
    e.sel(nan, sum, v)
}

/// `log x` for a positive finite `x` as a double-float `hi + lo`, to
/// about 2^-40 relative (for `pow`): `log(1 + f) = 2 atanh(s)` with
/// `s = f / (2 + f)` carried as a double-float (one division for
/// `1/(2 + f)`, the quotient's error recovered with an `fma`), `2s` and
/// `2s^3/3` as double-floats, and only the `s^5` tail (below 2^-12 of
/// the result) in plain `f32`; then `k ln2` added as a double-float
/// (16-bit head: `k ln2_head` exact).
fn log_hp(e: &mut Emit, x: Value) -> Dd {
    let (kf, f) = split_log_arg(e, x);
    let two = e.c(2.0);
    let d = e.fast_two_sum(two, f);
    let rcp = e.recip_log_den(d.hi);
    let sh = e.mul(f, rcp);
    let nsh = e.neg(sh);
    let rem = e.fma(nsh, d.hi, f);
    let rem = e.fma(nsh, d.lo, rem);
    let sl = e.mul(rem, rcp);
    // z = s^2 and c3 = s^3 as double-floats.
    let zz = e.two_prod(sh, sh);
    let cross = e.mul(sh, sl);
    let cross2 = e.add(cross, cross);
    let zlo = e.add(zz.lo, cross2);
    let c3 = e.two_prod(sh, zz.hi);
    let a = e.mul(sh, zlo);
    let b = e.mul(sl, zz.hi);
    let c3lo = e.add(a, b);
    let c3lo = e.add(c3.lo, c3lo);
    let t1 = e.dd_mulc(
        Dd {
            hi: c3.hi,
            lo: c3lo,
        },
        f64::from(TWO_THIRDS_F32[0]),
        f64::from(TWO_THIRDS_F32[1]),
    );
    let q = poly(e, zz.hi, &LOG_HP_F32);
    let s5 = e.mul(c3.hi, zz.hi);
    let t2 = e.mul(s5, q);
    // 2s + t1 + t2.
    let s2h = e.add(sh, sh);
    let s2l = e.add(sl, sl);
    let sum = e.two_sum(s2h, t1.hi);
    let lo = e.add(s2l, t1.lo);
    let lo = e.add(lo, t2);
    let lo = e.add(sum.lo, lo);
    let l = e.fast_two_sum(sum.hi, lo);
    // + k ln2.
    let kl = e.mulc(kf, f64::from(LN2_F32[0]));
    let klo = e.mulc(kf, f64::from(LN2_F32[1]));
    let sum = e.two_sum(kl, l.hi);
    let lo = e.add(klo, l.lo);
    let lo = e.add(sum.lo, lo);
    e.fast_two_sum(sum.hi, lo)
}

/// `x ** y` (libdevice `powf`: 4 ulp): `e^(y log|x|)` with `log|x|` a
/// double-float ([`log_hp`]) and the product `w = y log|x|` kept as
/// `hi + lo` (its rounding error recovered with an `fma`), so the error
/// of `w` stays near 2^-34 absolute even where `|w|` approaches 104;
/// then [`exp_dd`] (about 0.9 ulp) and the IEEE special cases
/// ([`pow_specials`], shared with the `f64` `pow`).
pub fn pow(e: &mut Emit, x: Value, y: Value) -> Value {
    let ax = e.abs(x);
    let l = log_hp(e, ax);
    let wh = e.mul(y, l.hi);
    let nwh = e.neg(wh);
    let wl = e.fma(y, l.hi, nwh);
    let yl = e.mul(y, l.lo);
    let wl = e.add(wl, yl);
    let nan = e.cmp(FloatCC::Uno, wl, wl);
    let wl = e.selc(nan, 0.0, wl);
    let mag = exp_dd(e, wh, Some(wl));
    pow_specials(e, x, y, mag)
}
