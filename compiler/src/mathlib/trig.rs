//! Circular functions and their inverses.
//!
//! `sin`/`cos`/`tan`: `x = k pi/2 + r` with `k = nearest(x 2/pi)`; `pi/2`
//! is split in three `f64` parts and each product `k * part` is taken
//! exactly (`fma`), so `r` comes out as a double-double even when it
//! cancels most of `x`, for `|x| < 2^30`; larger arguments take a branch
//! to a Payne–Hanek reduction against 1152 bits of 2/pi. On `|r| <= pi/4`,
//! `sin r = r + r^3 S(r^2)` and `cos r = 1 - r^2/2 + r^4 C(r^2)`, and the
//! quadrant `k mod 4` picks and negates.
//!
//! `atan`: `|x| > 1` uses `pi/2 - atan(1/|x|)`, then `t > tan(pi/8)` uses
//! `pi/4 + atan((t - 1)/(t + 1))`, leaving `|u| <= tan(pi/8)` for
//! `u + u^3 A(u^2)`; divisions carry their remainder (`fma`) so the
//! reductions do not add a rounding error. `asin`/`acos` use a polynomial
//! on `|x| <= 1/2` and `asin x = pi/2 - 2 asin(sqrt((1 - x)/2))` above;
//! they are written once for `f64` and `f32` (each type's polynomial and
//! splits of `pi/2` and `pi`).

use super::coeffs::{
    ASIN, ASIN_F32, ATAN, COS, FRAC_PI_2_F32, PI, PI_2, PI_4, PI_F32, SIN, TWO_OVER_PI_24,
};
use super::emit::{Dd, Emit};
use super::explog::dd_div;
use crate::ir::entities::Value;
use crate::ir::instructions::{FloatCC, IntCC, Opcode};
use crate::ir::types::Type;

/// `x = k pi/2 + r`: returns `k` (an `i64`) and `r` as a double-double.
/// Arguments of magnitude `2^30` and more branch to [`payne_hanek`].
fn reduce(e: &mut Emit, x: Value) -> (Value, Dd) {
    let ax = e.abs(x);
    let big = e.cmpc(FloatCC::Ge, ax, 2f64.powi(30));
    let finite = e.cmpc(FloatCC::Lt, ax, f64::INFINITY);
    let huge = e.and(big, finite);
    let (huge_b, small_b, join) = (e.b.create_block(), e.b.create_block(), e.b.create_block());
    let k = e.b.append_param(join, Type::I64);
    let hi = e.b.append_param(join, Type::F64);
    let lo = e.b.append_param(join, Type::F64);
    e.b.brif(huge, huge_b, &[], small_b, &[]);
    e.b.switch_to(small_b);
    let (k1, r1) = cody_waite(e, x);
    e.b.jump(join, &[k1, r1.hi, r1.lo]);
    e.b.switch_to(huge_b);
    let (k2, r2) = payne_hanek(e, x);
    e.b.jump(join, &[k2, r2.hi, r2.lo]);
    e.b.switch_to(join);
    (k, Dd { hi, lo })
}

/// Cody–Waite reduction with a three-part `pi/2`, for `|x| < 2^30`: above,
/// `x 2/pi` rounds coarsely enough to pick a `k` that leaves `|r| > pi/4`.
fn cody_waite(e: &mut Emit, x: Value) -> (Value, Dd) {
    let kf = e.mulc(x, std::f64::consts::FRAC_2_PI);
    let kf = e.un(Opcode::Nearest, kf);
    let p1c = e.c(PI_2[0]);
    let p1 = e.two_prod(kf, p1c);
    let t = e.sub(x, p1.hi);
    let p2c = e.c(PI_2[1]);
    let p2 = e.two_prod(kf, p2c);
    let np1l = e.neg(p1.lo);
    let u = e.two_sum(t, np1l);
    let np2h = e.neg(p2.hi);
    let v = e.two_sum(u.hi, np2h);
    let lo = e.add(u.lo, v.lo);
    let lo = e.sub(lo, p2.lo);
    let k3 = e.mulc(kf, PI_2[2]);
    let lo = e.sub(lo, k3);
    let r = e.fast_two_sum(v.hi, lo);
    (e.ftoi(kf), r)
}

/// Payne–Hanek reduction for finite `|x| >= 2^30`. With `|x| = M 2^E`
/// (`M` a 53-bit integer), `|x| 2/pi` is the sum of `M c[i] 2^(E - 24(i+1))`
/// over the 24-bit chunks `c[i]` of 2/pi. Chunks whose term is a multiple
/// of 4 cannot change the quadrant or `r` and are skipped; the next eight
/// terms are formed exactly (`fma`), reduced modulo 4 exactly, and summed
/// as a double-double, whose fraction times `pi/2` is `r`.
fn payne_hanek(e: &mut Emit, x: Value) -> (Value, Dd) {
    let ax = e.abs(x);
    let bits = e.bits(ax);
    let ex = e.ibc(Opcode::Ushr, bits, 52);
    let ex = e.ibc(Opcode::Iadd, ex, -1075);
    let nex = e.b.unary(Opcode::Ineg, Type::I64, ex);
    let down = e.pow2(nex);
    let m = e.mul(ax, down);
    let j0 = e.ibc(Opcode::Iadd, ex, -2);
    let j0 = e.ibc(Opcode::Sdiv, j0, 24);
    let j0 = e.ibc(Opcode::Smax, j0, 0);
    let j24 = e.ibc(Opcode::Imul, j0, 24);
    let be = e.ib(Opcode::Isub, ex, j24);
    let be = e.ibc(Opcode::Iadd, be, -24);
    let base = e.pow2(be);
    let zero = e.c(0.0);
    let mut sum = Dd { hi: zero, lo: zero };
    for t in 0..8 {
        let idx = e.ibc(Opcode::Iadd, j0, t);
        let chunk = lookup(e, idx, &TWO_OVER_PI_24);
        let p = e.two_prod(m, chunk);
        let s = e.mulc(base, 2f64.powi(-24 * t as i32));
        for part in [p.hi, p.lo] {
            let v = e.mul(part, s);
            let v = mod4(e, v);
            let a = e.two_sum(sum.hi, v);
            let lo = e.add(a.lo, sum.lo);
            sum = e.fast_two_sum(a.hi, lo);
        }
    }
    let kf = e.un(Opcode::Nearest, sum.hi);
    let f = e.sub(sum.hi, kf);
    let f = e.fast_two_sum(f, sum.lo);
    let r = e.dd_mulc(f, PI_2[0], PI_2[1]);
    // Odd symmetry: negative x negates k and r.
    let neg = e.cmpc(FloatCC::Lt, x, 0.0);
    let nk = e.neg(kf);
    let kf = e.sel(neg, nk, kf);
    let nh = e.neg(r.hi);
    let nl = e.neg(r.lo);
    let hi = e.sel(neg, nh, r.hi);
    let lo = e.sel(neg, nl, r.lo);
    (e.ftoi(kf), Dd { hi, lo })
}

/// `v - 4 nearest(v / 4)`, in `[-2, 2]` and exact (a floor would turn a
/// tiny negative `v` into `4 + v` and round it away).
pub(super) fn mod4(e: &mut Emit, v: Value) -> Value {
    let q = e.mulc(v, 0.25);
    let q = e.un(Opcode::Nearest, q);
    let nq = e.mulc(q, -4.0);
    e.add(v, nq)
}

/// `table[idx]` for an `i64` index below 64, as a binary tree of selects
/// on the index bits (no memory, no branches).
pub(super) fn lookup(e: &mut Emit, idx: Value, table: &[f64]) -> Value {
    let mut level: Vec<Value> = table.iter().map(|&v| e.c(v)).collect();
    let zero = e.i(0);
    let mut bit = 0;
    while level.len() > 1 {
        let masked = e.ibc(Opcode::Band, idx, 1 << bit);
        let set = e.icmp(IntCC::Ne, masked, zero);
        level = level
            .chunks(2)
            .map(|pair| match *pair {
                [lo, hi] => e.sel(set, hi, lo),
                [only] => only,
                _ => unreachable!(),
            })
            .collect();
        bit += 1;
    }
    level[0]
}

/// `sin r` for `|r| <= pi/4`, as a double-double.
pub(super) fn sin_poly(e: &mut Emit, r: Dd) -> Dd {
    let z = e.mul(r.hi, r.hi);
    let p = e.poly(z, &SIN);
    let rz = e.mul(r.hi, z);
    let hz = e.mulc(z, -0.5);
    let corr = e.fma(r.lo, hz, r.lo);
    let tail = e.fma(rz, p, corr);
    e.fast_two_sum(r.hi, tail)
}

/// `cos r` for `|r| <= pi/4`, as a double-double.
pub(super) fn cos_poly(e: &mut Emit, r: Dd) -> Dd {
    let sq = e.two_prod(r.hi, r.hi);
    let z = sq.hi;
    let hz = e.mulc(z, 0.5);
    let one = e.c(1.0);
    let w = e.sub(one, hz);
    // What `1 - hz` lost, and the rounding of `z` itself.
    let lost = e.sub(one, w);
    let lost = e.sub(lost, hz);
    let hzl = e.mulc(sq.lo, 0.5);
    let lost = e.sub(lost, hzl);
    let p = e.poly(z, &COS);
    let zz = e.mul(z, z);
    let rr = e.mul(r.hi, r.lo);
    let t = e.sub(lost, rr);
    let tail = e.fma(zz, p, t);
    e.fast_two_sum(w, tail)
}

/// Sine and cosine of the reduced argument plus the quadrant bits:
/// `(sin r, cos r, k & 1 != 0, k & 2 != 0)`.
fn sincos_parts(e: &mut Emit, x: Value) -> (Dd, Dd, Value, Value) {
    let (k, r) = reduce(e, x);
    let s = sin_poly(e, r);
    let c = cos_poly(e, r);
    let zero = e.i(0);
    let b1 = e.ibc(Opcode::Band, k, 1);
    let odd = e.icmp(IntCC::Ne, b1, zero);
    let b2 = e.ibc(Opcode::Band, k, 2);
    let half = e.icmp(IntCC::Ne, b2, zero);
    (s, c, odd, half)
}

/// True when `|x| < 2^-27`, where `sin x = tan x = x` and `cos x = 1`
/// after rounding.
fn tiny(e: &mut Emit, x: Value) -> Value {
    let ax = e.abs(x);
    e.cmpc(FloatCC::Lt, ax, 2f64.powi(-27))
}

/// Sine.
pub fn sin(e: &mut Emit, x: Value) -> Value {
    let (s, c, odd, half) = sincos_parts(e, x);
    let v = e.sel(odd, c.hi, s.hi);
    let nv = e.neg(v);
    let v = e.sel(half, nv, v);
    let t = tiny(e, x);
    e.sel(t, x, v)
}

/// Cosine.
pub fn cos(e: &mut Emit, x: Value) -> Value {
    let (s, c, odd, half) = sincos_parts(e, x);
    let v = e.sel(odd, s.hi, c.hi);
    // Negative in quadrants 1 and 2: `odd != half`.
    let flip = e.b.binary(Opcode::Bxor, odd, half);
    let nv = e.neg(v);
    let v = e.sel(flip, nv, v);
    let t = tiny(e, x);
    e.selc(t, 1.0, v)
}

/// Tangent: `sin r / cos r`, or `-cos r / sin r` in odd quadrants, as a
/// double-double division.
pub fn tan(e: &mut Emit, x: Value) -> Value {
    let (s, c, odd, _) = sincos_parts(e, x);
    let nh = e.sel(odd, c.hi, s.hi);
    let nl = e.sel(odd, c.lo, s.lo);
    let dh = e.sel(odd, s.hi, c.hi);
    let dl = e.sel(odd, s.lo, c.lo);
    let q = dd_div(e, Dd { hi: nh, lo: nl }, Dd { hi: dh, lo: dl });
    let v = e.add(q.hi, q.lo);
    let nv = e.neg(v);
    let v = e.sel(odd, nv, v);
    let t = tiny(e, x);
    e.sel(t, x, v)
}

/// Replaces a NaN by 0 (remainders of divisions by 0 or infinity).
fn nan_to_zero(e: &mut Emit, v: Value) -> Value {
    let nan = e.cmp(FloatCC::Uno, v, v);
    e.selc(nan, 0.0, v)
}

/// `atan t` for `0 <= t <= 1` given as a double-double.
fn atan_unit(e: &mut Emit, t: Dd) -> Dd {
    let big = e.cmpc(FloatCC::Gt, t.hi, 0.414_213_562_373_095_1);
    // (t - 1) / (t + 1): t - 1 is exact, the sum and quotient carry errors.
    let num = e.addc(t.hi, -1.0);
    let one = e.c(1.0);
    let den = e.two_sum(t.hi, one);
    let q = dd_div(e, Dd { hi: num, lo: t.lo }, den);
    let uh = e.sel(big, q.hi, t.hi);
    let ul = e.sel(big, q.lo, t.lo);
    let z = e.mul(uh, uh);
    let p = e.poly(z, &ATAN);
    let uz = e.mul(uh, z);
    let nz = e.neg(z);
    let corr = e.fma(ul, nz, ul);
    let tail = e.fma(uz, p, corr);
    // Plus pi/4 when reduced.
    let zero = e.c(0.0);
    let bh = e.selc(big, PI_4[0], zero);
    let bl = e.selc(big, PI_4[1], zero);
    let s = e.two_sum(bh, uh);
    let lo = e.add(tail, bl);
    let lo = e.add(s.lo, lo);
    Dd { hi: s.hi, lo }
}

/// `(a, b) -> (ah - bh) + (al - bl)` for a constant `a`.
fn const_minus(e: &mut Emit, a: [f64; 2], b: Dd) -> Dd {
    let ah = e.c(a[0]);
    let nb = e.neg(b.hi);
    let s = e.two_sum(ah, nb);
    let al = e.c(a[1]);
    let lo = e.sub(al, b.lo);
    let lo = e.add(s.lo, lo);
    Dd { hi: s.hi, lo }
}

/// `n / d` with its remainder, for `0 <= n <= d`.
fn ratio(e: &mut Emit, n: Value, d: Value) -> Dd {
    let q = e.div(n, d);
    let nq = e.neg(q);
    let r = e.fma(nq, d, n);
    let lo = e.div(r, d);
    let lo = nan_to_zero(e, lo);
    Dd { hi: q, lo }
}

/// Arc tangent.
pub fn atan(e: &mut Emit, x: Value) -> Value {
    let a = e.abs(x);
    let inv = e.cmpc(FloatCC::Gt, a, 1.0);
    let one = e.c(1.0);
    let r = ratio(e, one, a);
    let th = e.sel(inv, r.hi, a);
    let zero = e.c(0.0);
    let tl = e.sel(inv, r.lo, zero);
    let at = atan_unit(e, Dd { hi: th, lo: tl });
    let flipped = const_minus(e, [PI_2[0], PI_2[1]], at);
    let h = e.sel(inv, flipped.hi, at.hi);
    let l = e.sel(inv, flipped.lo, at.lo);
    let v = e.add(h, l);
    e.copysign(v, x)
}

/// Two-argument arc tangent `atan2(y, x)`.
pub fn atan2(e: &mut Emit, y: Value, x: Value) -> Value {
    let ax = e.abs(x);
    let ay = e.abs(y);
    let swap = e.cmp(FloatCC::Gt, ay, ax);
    let n = e.sel(swap, ax, ay);
    let d = e.sel(swap, ay, ax);
    let t = ratio(e, n, d);
    // 0/0 gives angle 0; inf/inf gives pi/4.
    let both_zero = e.cmpc(FloatCC::Eq, d, 0.0);
    let th = e.selc(both_zero, 0.0, t.hi);
    let both_inf = e.cmpc(FloatCC::Eq, n, f64::INFINITY);
    let th = e.selc(both_inf, 1.0, th);
    let at = atan_unit(e, Dd { hi: th, lo: t.lo });
    let flipped = const_minus(e, [PI_2[0], PI_2[1]], at);
    let h = e.sel(swap, flipped.hi, at.hi);
    let l = e.sel(swap, flipped.lo, at.lo);
    let a = Dd { hi: h, lo: l };
    let back = const_minus(e, PI, a);
    let xb = e.bits(x);
    let zero = e.i(0);
    let left = e.icmp(IntCC::Slt, xb, zero);
    let h = e.sel(left, back.hi, a.hi);
    let l = e.sel(left, back.lo, a.lo);
    let v = e.add(h, l);
    let v = e.copysign(v, y);
    let nan = e.cmp(FloatCC::Uno, x, y);
    let sum = e.add(x, y);
    e.sel(nan, sum, v)
}

/// The pieces of `asin`/`acos`: `|x|`, the small-argument value
/// `asin |x|` (valid for `|x| <= 1/2`) and, for `|x| > 1/2`,
/// `2 asin(sqrt((1 - |x|)/2))` as a double-double.
fn asin_parts(e: &mut Emit, x: Value) -> (Value, Value, Dd) {
    let a = e.abs(x);
    let z = e.mul(a, a);
    let p = e.poly_for(z, &ASIN, &ASIN_F32);
    let az = e.mul(a, z);
    let small = e.fma(az, p, a);
    let one = e.c(1.0);
    let w = e.sub(one, a);
    let w = e.mulc(w, 0.5);
    let s = e.un(Opcode::Sqrt, w);
    let ns = e.neg(s);
    let rem = e.fma(ns, s, w);
    let s2 = e.add(s, s);
    let sl = e.div(rem, s2);
    let sl = nan_to_zero(e, sl);
    let pw = e.poly_for(w, &ASIN, &ASIN_F32);
    let sw = e.mul(s, w);
    let tail = e.fma(sw, pw, sl);
    let tail2 = e.add(tail, tail);
    (a, small, Dd { hi: s2, lo: tail2 })
}

/// Arc sine.
pub fn asin(e: &mut Emit, x: Value) -> Value {
    let (a, small, twice) = asin_parts(e, x);
    let pi_2 = e.split_for(&PI_2, FRAC_PI_2_F32);
    let big = const_minus(e, pi_2, twice);
    let big = e.add(big.hi, big.lo);
    let is_small = e.cmpc(FloatCC::Le, a, 0.5);
    let v = e.sel(is_small, small, big);
    e.copysign(v, x)
}

/// Arc cosine.
pub fn acos(e: &mut Emit, x: Value) -> Value {
    let (a, small, twice) = asin_parts(e, x);
    // |x| <= 1/2: pi/2 - asin x.
    let sx = e.copysign(small, x);
    let z = e.c(0.0);
    let pi_2 = e.split_for(&PI_2, FRAC_PI_2_F32);
    let mid = const_minus(e, pi_2, Dd { hi: sx, lo: z });
    let mid = e.add(mid.hi, mid.lo);
    // x > 1/2: 2 asin(s); x < -1/2: pi - 2 asin(s).
    let pos = e.add(twice.hi, twice.lo);
    let pi = e.split_for(&PI, PI_F32);
    let neg = const_minus(e, pi, twice);
    let neg = e.add(neg.hi, neg.lo);
    let is_neg = e.cmpc(FloatCC::Lt, x, 0.0);
    let big = e.sel(is_neg, neg, pos);
    let is_small = e.cmpc(FloatCC::Le, a, 0.5);
    let v = e.sel(is_small, mid, big);
    let nan = e.cmp(FloatCC::Uno, x, x);
    e.sel(nan, x, v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::builder::FuncBuilder;
    use crate::ir::function::{FuncKind, Function, Module, Signature};
    use crate::ir::interp::{Interpreter, ThreadCtx, Val};

    /// A function `x -> (k, r.hi, r.lo)` for one reduction.
    fn reducer(which: fn(&mut Emit, Value) -> (Value, Dd)) -> Module {
        let sig = Signature {
            params: vec![Type::F64],
            returns: vec![Type::I64, Type::F64, Type::F64],
        };
        let mut f = Function::new("r", FuncKind::Device, sig);
        let mut b = FuncBuilder::new(&mut f);
        let entry = b.create_block();
        let x = b.append_param(entry, Type::F64);
        b.switch_to(entry);
        let mut m = Module::new();
        let mut e = Emit {
            b: &mut b,
            consts: &mut m.consts,
            ty: Type::F64,
        };
        let (k, r) = which(&mut e, x);
        b.ret(&[k, r.hi, r.lo]);
        m.functions.push(f);
        m
    }

    fn reduce_with(m: &Module, x: f64) -> (i64, f64, f64) {
        let f = crate::ir::entities::FuncRef::from_u32(0);
        let r = Interpreter::new(m)
            .run(f, &[Val::F64(x)], ThreadCtx::single())
            .unwrap();
        (r[0].as_i64(), r[1].as_f64(), r[2].as_f64())
    }

    #[test]
    fn payne_hanek_agrees_with_cody_waite_where_both_work() {
        let (cw, ph) = (reducer(cody_waite), reducer(payne_hanek));
        for i in 0..200 {
            let x = 2f64.powi(29) * (1.0 + i as f64 / 200.0);
            for x in [x, -x] {
                let (k1, h1, l1) = reduce_with(&cw, x);
                let (k2, h2, l2) = reduce_with(&ph, x);
                assert_eq!(k1 & 3, k2 & 3, "{x}");
                assert!(
                    ((h1 - h2) + (l1 - l2)).abs() < 1e-30,
                    "{x}: {h1:e} {l1:e} vs {h2:e} {l2:e}"
                );
            }
        }
    }
}
