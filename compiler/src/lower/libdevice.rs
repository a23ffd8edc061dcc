//! Lowering of `cuda.libdevice` calls (`sema/libdevice.rs` has the table):
//! each [`LdOp`] as kernelc's math library, one IR instruction, or a short
//! composition with libdevice's semantics (integer functions on int32
//! arguments that hold unsigned values compare and extend them unsigned;
//! float-to-integer conversions saturate, as PTX's `cvt` does).

use super::values::{ir_type, LValue};
use super::FnLowering;
use crate::ir::{self, FloatCC, IntCC, Opcode, Value};
use crate::mathlib;
use crate::sema::libdevice::{LdOp, LIBDEVICE};
use crate::sema::typed::TExpr;
use crate::types::{Scalar, Type};

impl FnLowering<'_> {
    /// `cuda.libdevice` function `k` of its (converted) arguments.
    pub(super) fn libdevice(&mut self, k: u16, args: &[TExpr], ty: &Type) -> LValue {
        let lf = &LIBDEVICE[k as usize];
        let v: Vec<Value> = args.iter().map(|a| self.expr(a).scalar()).collect();
        let p = lf.params[0];
        let t = ir_type(p);
        let r = ir_type(lf.results[0]);
        let pair = |a: Value, b: Value| LValue::Tuple(vec![LValue::Scalar(a), LValue::Scalar(b)]);
        match lf.op {
            LdOp::Math(f) => LValue::Scalar(self.math_on(f, &v)),
            LdOp::Predicate(f) => {
                let b = self.math_on(f, &v);
                LValue::Scalar(self.ins().unary(Opcode::Uextend, ir::Type::I32, b))
            }
            LdOp::Signbit => {
                let int = if p == Scalar::F32 {
                    ir::Type::I32
                } else {
                    ir::Type::I64
                };
                let bits = self.ins().unary(Opcode::Bitcast, int, v[0]);
                let zero = self.ins().iconst(int, 0);
                let neg = self.ins().icmp(IntCC::Slt, bits, zero);
                LValue::Scalar(self.ins().unary(Opcode::Uextend, ir::Type::I32, neg))
            }
            LdOp::Inst(op @ (Opcode::Fmax | Opcode::Fmin)) => {
                // libdevice's fmax/fmin ignore a NaN operand.
                LValue::Scalar(self.min_max(op == Opcode::Fmax, p, v[0], v[1]))
            }
            LdOp::Inst(op) => LValue::Scalar(match v[..] {
                [x] => self.ins().unary(op, t, x),
                [x, y] => self.ins().binary(op, x, y),
                _ => unreachable!("one or two operands"),
            }),
            LdOp::Fma => LValue::Scalar(self.ins().fma(v[0], v[1], v[2])),
            LdOp::Remquo => {
                let (r, q) = self.remquo(v[0], v[1], t);
                pair(r, q)
            }
            LdOp::InverseErf(which) => LValue::Scalar(self.inverse_erf(which, v[0], t)),
            LdOp::Erfcx => LValue::Scalar(self.erfcx(v[0], t)),
            LdOp::Directed(op) => LValue::Scalar(match v[..] {
                [x] if op.directed().is_some_and(|(base, _)| base == Opcode::Fdiv) => {
                    let one = self.ins().fconst(t, 1.0);
                    self.ins().binary(op, one, x)
                }
                [x] => self.ins().unary(op, r, x),
                [x, y] => self.ins().binary(op, x, y),
                [x, y, z] => self.ins().ternary(op, x, y, z),
                _ => unreachable!("one to three operands"),
            }),
            LdOp::Fdim => {
                let d = self.ins().binary(Opcode::Fsub, v[0], v[1]);
                let le = self.ins().fcmp(FloatCC::Le, v[0], v[1]);
                let zero = self.ins().fconst(t, 0.0);
                LValue::Scalar(self.ins().select(le, zero, d))
            }
            LdOp::Rsqrt | LdOp::Rcbrt | LdOp::Rcp => {
                let x = match lf.op {
                    LdOp::Rsqrt => self.ins().unary(Opcode::Sqrt, t, v[0]),
                    LdOp::Rcbrt => self.ins().unary(Opcode::Cbrt, t, v[0]),
                    _ => v[0],
                };
                let one = self.ins().fconst(t, 1.0);
                LValue::Scalar(self.ins().binary(Opcode::Fdiv, one, x))
            }
            LdOp::PowInt => {
                // In float64, where every int32 exponent is exact (its
                // parity decides the sign of an overflow).
                let wide = ir::Type::F64;
                let x = if t == wide {
                    v[0]
                } else {
                    self.ins().unary(Opcode::Fpromote, wide, v[0])
                };
                let n = self.ins().unary(Opcode::FcvtFromSint, wide, v[1]);
                let p = self.ins().binary(Opcode::Pow, x, n);
                LValue::Scalar(if t == wide {
                    p
                } else {
                    self.ins().unary(Opcode::Fdemote, t, p)
                })
            }
            LdOp::FastPow => {
                let l = self.ins().unary(Opcode::Log2, t, v[0]);
                let e = self.ins().binary(Opcode::Fmul, v[1], l);
                LValue::Scalar(self.ins().unary(Opcode::Exp2, t, e))
            }
            LdOp::Exp10 => {
                let ten = self.ins().fconst(t, 10.0);
                LValue::Scalar(self.ins().binary(Opcode::Pow, ten, v[0]))
            }
            LdOp::SinPi => LValue::Scalar(self.sincospi(v[0], t).0),
            LdOp::CosPi => LValue::Scalar(self.sincospi(v[0], t).1),
            LdOp::SinCosPi => {
                let (s, c) = self.sincospi(v[0], t);
                pair(s, c)
            }
            LdOp::SinCos => {
                let s = self.ins().unary(Opcode::Sin, t, v[0]);
                let c = self.ins().unary(Opcode::Cos, t, v[0]);
                pair(s, c)
            }
            LdOp::Frexp => {
                let (m, e) = mathlib::exact::frexp(&mut self.ins(), v[0]);
                pair(m, e)
            }
            LdOp::Modf => {
                let (frac, whole) = mathlib::exact::modf(&mut self.ins(), v[0]);
                pair(frac, whole)
            }
            LdOp::RoundAway => LValue::Scalar(self.round_away(v[0], t)),
            LdOp::Saturate => {
                let zero = self.ins().fconst(t, 0.0);
                let one = self.ins().fconst(t, 1.0);
                // NaN gives 0 (libdevice's saturatef).
                let lo = self.min_max(true, p, v[0], zero);
                LValue::Scalar(self.min_max(false, p, lo, one))
            }
            LdOp::Logb | LdOp::Ilogb => LValue::Scalar(self.logb(lf.op == LdOp::Ilogb, v[0], t)),
            LdOp::NormCdf => LValue::Scalar(self.norm_cdf(v[0], t)),
            LdOp::FloatToInt { round, unsigned } => {
                let x = match round {
                    Some(op) => self.ins().unary(op, t, v[0]),
                    None => v[0],
                };
                let op = if unsigned {
                    Opcode::FcvtToUint
                } else {
                    Opcode::FcvtToSint
                };
                LValue::Scalar(self.ins().unary(op, r, x))
            }
            LdOp::IntToFloat { unsigned } => {
                let op = if unsigned {
                    Opcode::FcvtFromUint
                } else {
                    Opcode::FcvtFromSint
                };
                LValue::Scalar(self.ins().unary(op, r, v[0]))
            }
            LdOp::FloatToLl { away } => {
                let x = if away {
                    self.round_away(v[0], t)
                } else {
                    self.ins().unary(Opcode::Nearest, t, v[0])
                };
                let n = self.ins().unary(Opcode::FcvtToSint, ir::Type::I64, x);
                LValue::Scalar(if away && p == Scalar::F32 {
                    let nan = self.ins().fcmp(FloatCC::Uno, v[0], v[0]);
                    let least = self.ins().iconst(ir::Type::I64, i64::MIN);
                    self.ins().select(nan, least, n)
                } else {
                    n
                })
            }
            LdOp::Demote => LValue::Scalar(self.ins().unary(Opcode::Fdemote, r, v[0])),
            LdOp::Bitcast => LValue::Scalar(self.ins().unary(Opcode::Bitcast, r, v[0])),
            LdOp::Half32(high) => {
                let bits = self.ins().unary(Opcode::Bitcast, ir::Type::I64, v[0]);
                let bits = if high {
                    let k = self.ins().iconst(ir::Type::I64, 32);
                    self.ins().binary(Opcode::Ushr, bits, k)
                } else {
                    bits
                };
                LValue::Scalar(self.ins().unary(Opcode::Ireduce, ir::Type::I32, bits))
            }
            LdOp::HiLo => {
                let hi = self.ins().unary(Opcode::Uextend, ir::Type::I64, v[0]);
                let lo = self.ins().unary(Opcode::Uextend, ir::Type::I64, v[1]);
                let k = self.ins().iconst(ir::Type::I64, 32);
                let hi = self.ins().binary(Opcode::Ishl, hi, k);
                let bits = self.ins().binary(Opcode::Bor, hi, lo);
                LValue::Scalar(self.ins().unary(Opcode::Bitcast, ir::Type::F64, bits))
            }
            LdOp::IntAbs => LValue::Scalar(self.ins().unary(Opcode::Iabs, t, v[0])),
            LdOp::IntMinMax { max, unsigned } => {
                let op = match (max, unsigned) {
                    (true, false) => Opcode::Smax,
                    (true, true) => Opcode::Umax,
                    (false, false) => Opcode::Smin,
                    (false, true) => Opcode::Umin,
                };
                LValue::Scalar(self.ins().binary(op, v[0], v[1]))
            }
            LdOp::MulHi { signed } => LValue::Scalar(self.mul_hi(signed, v[0], v[1], t)),
            LdOp::Mul24 { signed } => {
                let k = self.ins().iconst(ir::Type::I32, 8);
                let shr = if signed { Opcode::Sshr } else { Opcode::Ushr };
                let low24 = |l: &mut Self, x: Value| {
                    let up = l.ins().binary(Opcode::Ishl, x, k);
                    l.ins().binary(shr, up, k)
                };
                let (a, b) = (low24(self, v[0]), low24(self, v[1]));
                LValue::Scalar(self.ins().binary(Opcode::Imul, a, b))
            }
            LdOp::HalfAdd { signed, round } => {
                let (ext, shr) = if signed {
                    (Opcode::Sextend, Opcode::Sshr)
                } else {
                    (Opcode::Uextend, Opcode::Ushr)
                };
                let a = self.ins().unary(ext, ir::Type::I64, v[0]);
                let b = self.ins().unary(ext, ir::Type::I64, v[1]);
                let mut s = self.ins().binary(Opcode::Iadd, a, b);
                if round {
                    let one = self.ins().iconst(ir::Type::I64, 1);
                    s = self.ins().binary(Opcode::Iadd, s, one);
                }
                let one = self.ins().iconst(ir::Type::I64, 1);
                let h = self.ins().binary(shr, s, one);
                LValue::Scalar(self.ins().unary(Opcode::Ireduce, ir::Type::I32, h))
            }
            LdOp::Sad { signed } => {
                let ext = if signed {
                    Opcode::Sextend
                } else {
                    Opcode::Uextend
                };
                let a = self.ins().unary(ext, ir::Type::I64, v[0]);
                let b = self.ins().unary(ext, ir::Type::I64, v[1]);
                let d = self.ins().binary(Opcode::Isub, a, b);
                let d = self.ins().unary(Opcode::Iabs, ir::Type::I64, d);
                let d = self.ins().unary(Opcode::Ireduce, ir::Type::I32, d);
                LValue::Scalar(self.ins().binary(Opcode::Iadd, d, v[2]))
            }
            LdOp::BytePerm => LValue::Scalar(self.byte_perm(v[0], v[1], v[2])),
            LdOp::Clz | LdOp::Popc => {
                let op = if lf.op == LdOp::Clz {
                    Opcode::Clz
                } else {
                    Opcode::Popcnt
                };
                let n = self.ins().unary(op, t, v[0]);
                LValue::Scalar(self.int32_of(n, t))
            }
            LdOp::Ffs => {
                let tz = self.ins().unary(Opcode::Ctz, t, v[0]);
                let tz = self.int32_of(tz, t);
                let one = self.ins().iconst(ir::Type::I32, 1);
                let pos = self.ins().binary(Opcode::Iadd, tz, one);
                let zero_t = self.ins().iconst(t, 0);
                let is_zero = self.ins().icmp(IntCC::Eq, v[0], zero_t);
                let zero = self.ins().iconst(ir::Type::I32, 0);
                LValue::Scalar(self.ins().select(is_zero, zero, pos))
            }
            LdOp::Brev => LValue::Scalar(self.ins().unary(Opcode::Bitrev, t, v[0])),
            LdOp::FloatToHalf => {
                let h = self.ins().unary(Opcode::Fdemote, ir::Type::F16, v[0]);
                LValue::Scalar(self.ins().unary(Opcode::Bitcast, ir::Type::I16, h))
            }
            LdOp::HalfToFloat => {
                let h = self.ins().unary(Opcode::Bitcast, ir::Type::F16, v[0]);
                LValue::Scalar(self.ins().unary(Opcode::Fpromote, ir::Type::F32, h))
            }
            LdOp::Unsupported(_) => {
                unreachable!("{} is rejected by the type checker ({ty})", lf.name)
            }
        }
    }

    /// `normcdf(x) = erfc(-x / sqrt(2)) / 2`. The argument's rounding error
    /// would be multiplied by about `x**2` in the far tail, so the product
    /// is taken exactly (its rounding error by an FMA, and the constant's
    /// own error) and erfc corrected to first order: `erfc(y + d) =
    /// erfc(y) - d * 2/sqrt(pi) * exp(-y*y)`. A float32 is computed in
    /// float64.
    fn norm_cdf(&mut self, x: Value, t: ir::Type) -> Value {
        let wide = ir::Type::F64;
        let x = if t == wide {
            x
        } else {
            self.ins().unary(Opcode::Fpromote, wide, x)
        };
        let c = self.ins().fconst(wide, -std::f64::consts::FRAC_1_SQRT_2);
        // -1/sqrt(2) - c: the part of the constant float64 cannot hold.
        let c_lo = self.ins().fconst(wide, 4.833_646_656_726_457e-17);
        let y = self.ins().binary(Opcode::Fmul, x, c);
        let neg_y = self.ins().unary(Opcode::Fneg, wide, y);
        let err = self.ins().fma(x, c, neg_y);
        let tail = self.ins().binary(Opcode::Fmul, x, c_lo);
        let d = self.ins().binary(Opcode::Fadd, err, tail);
        // No correction at the infinities (where the FMA gives NaN).
        let abs_y = self.ins().unary(Opcode::Fabs, wide, y);
        let inf = self.ins().fconst(wide, f64::INFINITY);
        let finite = self.ins().fcmp(FloatCC::Lt, abs_y, inf);
        let zero = self.ins().fconst(wide, 0.0);
        let d = self.ins().select(finite, d, zero);
        let e = self.ins().unary(Opcode::Erfc, wide, y);
        let yy = self.ins().binary(Opcode::Fmul, y, y);
        let nyy = self.ins().unary(Opcode::Fneg, wide, yy);
        let g = self.ins().unary(Opcode::Exp, wide, nyy);
        let k = self.ins().fconst(wide, std::f64::consts::FRAC_2_SQRT_PI);
        let slope = self.ins().binary(Opcode::Fmul, g, k);
        let fix = self.ins().binary(Opcode::Fmul, d, slope);
        let e = self.ins().binary(Opcode::Fsub, e, fix);
        let half = self.ins().fconst(wide, 0.5);
        let r = self.ins().binary(Opcode::Fmul, half, e);
        if t == wide {
            r
        } else {
            self.ins().unary(Opcode::Fdemote, t, r)
        }
    }

    /// An int64 count as an int32 (counts fit).
    fn int32_of(&mut self, n: Value, t: ir::Type) -> Value {
        if t == ir::Type::I64 {
            self.ins().unary(Opcode::Ireduce, ir::Type::I32, n)
        } else {
            n
        }
    }

    /// Round to nearest, ties away from zero (C's `round`).
    fn round_away(&mut self, x: Value, t: ir::Type) -> Value {
        let r = self.ins().unary(Opcode::Trunc, t, x);
        let frac = self.ins().binary(Opcode::Fsub, x, r);
        let frac = self.ins().unary(Opcode::Fabs, t, frac);
        let half = self.ins().fconst(t, 0.5);
        let up = self.ins().fcmp(FloatCC::Ge, frac, half);
        let one = self.ins().fconst(t, 1.0);
        let step = self.ins().binary(Opcode::Copysign, one, x);
        let bumped = self.ins().binary(Opcode::Fadd, r, step);
        self.ins().select(up, bumped, r)
    }

    /// `logb(x)` (a float) or `ilogb(x)` (an int32): the unbiased exponent
    /// of `x` (`frexp`'s exponent minus one). Zero gives -inf (INT_MIN),
    /// infinity +inf (INT_MAX), NaN NaN (INT_MIN), as CUDA's.
    fn logb(&mut self, int: bool, x: Value, t: ir::Type) -> Value {
        let (_, e) = mathlib::exact::frexp(&mut self.ins(), x);
        let one = self.ins().iconst(ir::Type::I32, 1);
        let e = self.ins().binary(Opcode::Isub, e, one);
        let zero = self.ins().fconst(t, 0.0);
        let is_zero = self.ins().fcmp(FloatCC::Eq, x, zero);
        let abs = self.ins().unary(Opcode::Fabs, t, x);
        let inf = self.ins().fconst(t, f64::INFINITY);
        let is_inf = self.ins().fcmp(FloatCC::Eq, abs, inf);
        let is_nan = self.ins().fcmp(FloatCC::Uno, x, x);
        if int {
            let min = self.ins().iconst(ir::Type::I32, i64::from(i32::MIN));
            let max = self.ins().iconst(ir::Type::I32, i64::from(i32::MAX));
            let r = self.ins().select(is_inf, max, e);
            let bad = self.ins().binary(Opcode::Bor, is_zero, is_nan);
            return self.ins().select(bad, min, r);
        }
        let f = self.ins().unary(Opcode::FcvtFromSint, t, e);
        let neg_inf = self.ins().fconst(t, f64::NEG_INFINITY);
        let r = self.ins().select(is_zero, neg_inf, f);
        let r = self.ins().select(is_inf, inf, r);
        let nan = self.ins().binary(Opcode::Fadd, x, x);
        self.ins().select(is_nan, nan, r)
    }

    /// `(sin(pi x), cos(pi x))` with exact argument reduction: `x = n/2 +
    /// r`, `|r| <= 1/4` (both exact), then `sin`/`cos` of `pi r` picked and
    /// signed by `n mod 4`. Integers give a signed zero sine (the sign of
    /// `x`), half-integers a +0 cosine; past 2**53 every float is an even
    /// integer; infinities and NaN give NaN.
    fn sincospi(&mut self, x: Value, t: ir::Type) -> (Value, Value) {
        let two = self.ins().fconst(t, 2.0);
        let x2 = self.ins().binary(Opcode::Fmul, x, two);
        let n = self.ins().unary(Opcode::Nearest, t, x2);
        let half = self.ins().fconst(t, 0.5);
        let n_half = self.ins().binary(Opcode::Fmul, n, half);
        let r = self.ins().binary(Opcode::Fsub, x, n_half);
        let pi = self.ins().fconst(t, std::f64::consts::PI);
        let a = self.ins().binary(Opcode::Fmul, r, pi);
        let s = self.ins().unary(Opcode::Sin, t, a);
        let c = self.ins().unary(Opcode::Cos, t, a);
        // n mod 4, from n's low bits (|n| < 2**54 where it matters).
        let four = self.ins().fconst(t, 4.0);
        let nq = self.ins().binary(Opcode::Fdiv, n, four);
        let nq = self.ins().unary(Opcode::Floor, t, nq);
        let nq = self.ins().binary(Opcode::Fmul, nq, four);
        let q = self.ins().binary(Opcode::Fsub, n, nq);
        let q = self.ins().unary(Opcode::FcvtToSint, ir::Type::I32, q);
        let is = |l: &mut Self, k: i64| {
            let kv = l.ins().iconst(ir::Type::I32, k);
            l.ins().icmp(IntCC::Eq, q, kv)
        };
        let (q1, q2, q3) = (is(self, 1), is(self, 2), is(self, 3));
        let neg_s = self.ins().unary(Opcode::Fneg, t, s);
        let neg_c = self.ins().unary(Opcode::Fneg, t, c);
        // sin: s, c, -s, -c; cos: c, -s, -c, s (by q = 0, 1, 2, 3).
        let sin = self.ins().select(q1, c, s);
        let sin = self.ins().select(q2, neg_s, sin);
        let sin = self.ins().select(q3, neg_c, sin);
        let cos = self.ins().select(q1, neg_s, c);
        let cos = self.ins().select(q2, neg_c, cos);
        let cos = self.ins().select(q3, s, cos);
        // Exact zeros: sin of an integer has x's sign, cos of a
        // half-integer is +0.
        let zero = self.ins().fconst(t, 0.0);
        let r_zero = self.ins().fcmp(FloatCC::Eq, r, zero);
        let signed_zero = self.ins().binary(Opcode::Copysign, zero, x);
        let odd = self.ins().binary(Opcode::Bor, q1, q3);
        let even = self.ins().unary(Opcode::Bnot, ir::Type::I1, odd);
        let int_x = self.ins().binary(Opcode::Band, r_zero, even);
        let half_x = self.ins().binary(Opcode::Band, r_zero, odd);
        let sin = self.ins().select(int_x, signed_zero, sin);
        let cos = self.ins().select(half_x, zero, cos);
        // Huge |x|: an even integer (2x may overflow above).
        let abs = self.ins().unary(Opcode::Fabs, t, x);
        let big = self.ins().fconst(t, 9007199254740992.0);
        let huge = self.ins().fcmp(FloatCC::Ge, abs, big);
        let inf = self.ins().fconst(t, f64::INFINITY);
        let finite = self.ins().fcmp(FloatCC::Lt, abs, inf);
        let huge = self.ins().binary(Opcode::Band, huge, finite);
        let one = self.ins().fconst(t, 1.0);
        let sin = self.ins().select(huge, signed_zero, sin);
        let cos = self.ins().select(huge, one, cos);
        (sin, cos)
    }

    /// The high half of the full product of two int32s or int64s.
    fn mul_hi(&mut self, signed: bool, a: Value, b: Value, t: ir::Type) -> Value {
        if t == ir::Type::I32 {
            let ext = if signed {
                Opcode::Sextend
            } else {
                Opcode::Uextend
            };
            let x = self.ins().unary(ext, ir::Type::I64, a);
            let y = self.ins().unary(ext, ir::Type::I64, b);
            let p = self.ins().binary(Opcode::Imul, x, y);
            let k = self.ins().iconst(ir::Type::I64, 32);
            let hi = self.ins().binary(Opcode::Ushr, p, k);
            return self.ins().unary(Opcode::Ireduce, ir::Type::I32, hi);
        }
        // 64 x 64 -> 128 from 32-bit halves (unsigned), then the signed
        // correction.
        let i64t = ir::Type::I64;
        let k32 = self.ins().iconst(i64t, 32);
        let mask = self.ins().iconst(i64t, 0xffff_ffff);
        let lo = |l: &mut Self, x: Value| l.ins().binary(Opcode::Band, x, mask);
        let hi = |l: &mut Self, x: Value| l.ins().binary(Opcode::Ushr, x, k32);
        let (al, ah, bl, bh) = (lo(self, a), hi(self, a), lo(self, b), hi(self, b));
        let mul = |l: &mut Self, x: Value, y: Value| l.ins().binary(Opcode::Imul, x, y);
        let add = |l: &mut Self, x: Value, y: Value| l.ins().binary(Opcode::Iadd, x, y);
        let t0 = mul(self, al, bl);
        let k0 = hi(self, t0);
        let t1 = mul(self, ah, bl);
        let t1 = add(self, t1, k0);
        let w1 = lo(self, t1);
        let w2 = hi(self, t1);
        let t2 = mul(self, al, bh);
        let t2 = add(self, t2, w1);
        let k2 = hi(self, t2);
        let top = mul(self, ah, bh);
        let top = add(self, top, w2);
        let mut h = add(self, top, k2);
        if signed {
            let zero = self.ins().iconst(i64t, 0);
            let a_neg = self.ins().icmp(IntCC::Slt, a, zero);
            let b_neg = self.ins().icmp(IntCC::Slt, b, zero);
            let sub_b = self.ins().select(a_neg, b, zero);
            let sub_a = self.ins().select(b_neg, a, zero);
            h = self.ins().binary(Opcode::Isub, h, sub_b);
            h = self.ins().binary(Opcode::Isub, h, sub_a);
        }
        h
    }

    /// `byte_perm(x, y, s)`: byte `n` of the result is byte `(s >> 4n) & 7`
    /// of the 8 bytes `y:x` (x the low four).
    fn byte_perm(&mut self, x: Value, y: Value, s: Value) -> Value {
        let i64t = ir::Type::I64;
        let lo = self.ins().unary(Opcode::Uextend, i64t, x);
        let hi = self.ins().unary(Opcode::Uextend, i64t, y);
        let k32 = self.ins().iconst(i64t, 32);
        let hi = self.ins().binary(Opcode::Ishl, hi, k32);
        let bytes = self.ins().binary(Opcode::Bor, hi, lo);
        let sel = self.ins().unary(Opcode::Uextend, i64t, s);
        let seven = self.ins().iconst(i64t, 7);
        let three = self.ins().iconst(i64t, 3);
        let ff = self.ins().iconst(i64t, 0xff);
        let mut out = self.ins().iconst(i64t, 0);
        for n in 0..4 {
            let shift = self.ins().iconst(i64t, 4 * n);
            let which = self.ins().binary(Opcode::Ushr, sel, shift);
            let which = self.ins().binary(Opcode::Band, which, seven);
            let bit = self.ins().binary(Opcode::Ishl, which, three);
            let byte = self.ins().binary(Opcode::Ushr, bytes, bit);
            let byte = self.ins().binary(Opcode::Band, byte, ff);
            let place = self.ins().iconst(i64t, 8 * n);
            let byte = self.ins().binary(Opcode::Ishl, byte, place);
            out = self.ins().binary(Opcode::Bor, out, byte);
        }
        self.ins().unary(Opcode::Ireduce, ir::Type::I32, out)
    }
}
