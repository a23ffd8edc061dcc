//! Lowering of bfloat16: conversions to and from it and the operations of
//! `numba.cuda.bf16` that are not float32 arithmetic (`sema/bf16.rs`'s
//! `Bf16Prim`).
//!
//! A bfloat16 is an `i16` in the IR, its bits (numba-cuda's data model).
//! To float32 is exact: the bits shifted into the upper half. A float32 to
//! bfloat16 to nearest (ties to even) is the IR's `f32_to_bf16` (PTX's
//! `cvt.rn.bf16.f32` from sm_80, CUDA's integer sequence before); toward
//! zero, down and up are integer operations on the float32's bits, as
//! CUDA's `cuda_bf16.hpp` computes them; a NaN is the canonical `0x7fff`.
//! A float64 is first rounded to float32 *to
//! odd* (rounded toward zero, the last bit set when inexact), after which
//! rounding to bfloat16 is correct (24 ≥ 8 + 2 bits); a 64-bit integer
//! goes to float64 in two exact halves whose rounding error (TwoSum) makes
//! the float64 round to odd too; `hfma` does the same with the float64 sum
//! of the exact product and the addend.

use super::values::ir_type;
use super::FnLowering;
use crate::ir::{self, FloatCC, IntCC, Opcode, Value};
use crate::sema::bf16::{Bf16Prim, Bf16Round};
use crate::sema::typed::TExpr;
use crate::types::{Scalar, Type};

use ir::Type::{F32, F64, I16, I32, I64};

impl FnLowering<'_> {
    /// A conversion with a bfloat16 side (`from != to`).
    pub(super) fn bf16_cast(&mut self, v: Value, from: Scalar, to: Scalar) -> Value {
        if from == Scalar::BF16 {
            if to.is_int() {
                return self.bf16_to_int(v, to, Bf16Round::Rz);
            }
            let f = self.bf16_to_f32(v);
            return self.cast_scalar(f, Scalar::F32, to);
        }
        self.round_to_bf16(v, from, Bf16Round::Rn)
    }

    /// A value of `from` (a float, an integer or `bool`) rounded to
    /// bfloat16 by `mode`.
    fn round_to_bf16(&mut self, v: Value, from: Scalar, mode: Bf16Round) -> Value {
        match from {
            Scalar::F32 => self.f32_to_bf16(v, mode),
            Scalar::F64 => self.f64_to_bf16(v, mode),
            // Every float16 and 16-bit integer is a float32 (exactly).
            Scalar::F16 | Scalar::Bool | Scalar::I8 | Scalar::U8 | Scalar::I16 | Scalar::U16 => {
                let f = self.cast_scalar(v, from, Scalar::F32);
                self.f32_to_bf16(f, mode)
            }
            _ if mode != Bf16Round::Rn => {
                // Rounded once to float32 in the same direction, then to
                // bfloat16: the same as once.
                let op = match (from.is_signed(), mode) {
                    (true, Bf16Round::Rz) => Opcode::FcvtFromSintRz,
                    (true, Bf16Round::Rd) => Opcode::FcvtFromSintRm,
                    (true, _) => Opcode::FcvtFromSintRp,
                    (false, Bf16Round::Rz) => Opcode::FcvtFromUintRz,
                    (false, Bf16Round::Rd) => Opcode::FcvtFromUintRm,
                    (false, _) => Opcode::FcvtFromUintRp,
                };
                let f = self.ins().unary(op, F32, v);
                self.f32_to_bf16(f, mode)
            }
            Scalar::I32 | Scalar::U32 => {
                let d = self.cast_scalar(v, from, Scalar::F64);
                self.f64_to_bf16(d, mode)
            }
            _ => {
                // A 64-bit integer: two halves exact in float64, summed;
                // the sum's error keeps the rounding to odd.
                let high_mask = self.ins().iconst(I64, !0xffff_ffff_i64);
                let low_mask = self.ins().iconst(I64, 0xffff_ffff);
                let hi = self.ins().binary(Opcode::Band, v, high_mask);
                let lo = self.ins().binary(Opcode::Band, v, low_mask);
                let hi = self.cast_scalar(hi, from, Scalar::F64);
                let lo = self.cast_scalar(lo, Scalar::U64, Scalar::F64);
                let (s, e) = self.two_sum(hi, lo);
                let odd = self.round_odd_f64(s, e);
                self.f64_to_bf16(odd, Bf16Round::Rn)
            }
        }
    }

    /// A bfloat16's float32 (exact).
    pub(super) fn bf16_to_f32(&mut self, v: Value) -> Value {
        let w = self.ins().unary(Opcode::Uextend, I32, v);
        let sixteen = self.ins().iconst(I32, 16);
        let bits = self.ins().binary(Opcode::Ishl, w, sixteen);
        self.ins().unary(Opcode::Bitcast, F32, bits)
    }

    /// A float32 rounded to bfloat16 by `mode` (CUDA's
    /// `__float2bfloat16_rn`, `_rz`, `_rd`, `_ru`).
    fn f32_to_bf16(&mut self, f: Value, mode: Bf16Round) -> Value {
        if mode == Bf16Round::Rn {
            // One instruction (PTX's `cvt.rn.bf16.f32` from sm_80).
            return self.ins().unary(Opcode::F32ToBf16, I16, f);
        }
        let u = self.ins().unary(Opcode::Bitcast, I32, f);
        let sixteen = self.ins().iconst(I32, 16);
        let one = self.ins().iconst(I32, 1);
        let zero = self.ins().iconst(I32, 0);
        let kept = self.ins().binary(Opcode::Ushr, u, sixteen);
        let low_mask = self.ins().iconst(I32, 0xffff);
        let rest = self.ins().binary(Opcode::Band, u, low_mask);
        let inexact = self.ins().icmp(IntCC::Ne, rest, zero);
        let sign_bit = self.ins().iconst(I32, i32::MIN as i64);
        let sign = self.ins().binary(Opcode::Band, u, sign_bit);
        let negative = self.ins().icmp(IntCC::Ne, sign, zero);
        let rounded = match mode {
            Bf16Round::Rz => kept,
            _ => {
                // Away from zero when inexact and the sign is the
                // direction's.
                let away = if mode == Bf16Round::Rd {
                    negative
                } else {
                    self.ins().icmp(IntCC::Eq, sign, zero)
                };
                let bump = self.ins().binary(Opcode::Band, inexact, away);
                let more = self.ins().binary(Opcode::Iadd, kept, one);
                self.ins().select(bump, more, kept)
            }
        };
        let magnitude_mask = self.ins().iconst(I32, 0x7fff_ffff);
        let magnitude = self.ins().binary(Opcode::Band, u, magnitude_mask);
        let inf = self.ins().iconst(I32, 0x7f80_0000);
        let nan = self.ins().icmp(IntCC::Ugt, magnitude, inf);
        let canonical = self.ins().iconst(I32, 0x7fff);
        let r = self.ins().select(nan, canonical, rounded);
        self.ins().unary(Opcode::Ireduce, I16, r)
    }

    /// A float64 rounded to bfloat16 by `mode` (CUDA's
    /// `__double2bfloat16`: to float32 rounded to odd, then to nearest).
    fn f64_to_bf16(&mut self, x: Value, mode: Bf16Round) -> Value {
        if mode != Bf16Round::Rn {
            let op = match mode {
                Bf16Round::Rz => Opcode::FdemoteRz,
                Bf16Round::Rd => Opcode::FdemoteRm,
                _ => Opcode::FdemoteRp,
            };
            let f = self.ins().unary(op, F32, x);
            return self.f32_to_bf16(f, mode);
        }
        let f = self.ins().unary(Opcode::Fdemote, F32, x);
        let d = self.ins().unary(Opcode::Fpromote, F64, f);
        let u = self.ins().unary(Opcode::Bitcast, I32, f);
        let zero = self.ins().fconst(F64, 0.0);
        // Rounded away from zero: one step back (toward zero).
        let pos = self.ins().fcmp(FloatCC::Gt, x, zero);
        let above = self.ins().fcmp(FloatCC::Gt, d, x);
        let neg = self.ins().fcmp(FloatCC::Lt, x, zero);
        let below = self.ins().fcmp(FloatCC::Lt, d, x);
        let up = self.ins().binary(Opcode::Band, pos, above);
        let down = self.ins().binary(Opcode::Band, neg, below);
        let away = self.ins().binary(Opcode::Bor, up, down);
        let one = self.ins().iconst(I32, 1);
        let back = self.ins().binary(Opcode::Isub, u, one);
        let u = self.ins().select(away, back, u);
        // Inexact (ordered: never for a NaN): the last bit set.
        let inexact = self.ins().binary(Opcode::Bor, above, below);
        let odd = self.ins().binary(Opcode::Bor, u, one);
        let u = self.ins().select(inexact, odd, u);
        let f = self.ins().unary(Opcode::Bitcast, F32, u);
        self.f32_to_bf16(f, Bf16Round::Rn)
    }

    /// `a + b` in float64 and its exact error (Knuth's TwoSum).
    fn two_sum(&mut self, a: Value, b: Value) -> (Value, Value) {
        let s = self.ins().binary(Opcode::Fadd, a, b);
        let bb = self.ins().binary(Opcode::Fsub, s, a);
        let ab = self.ins().binary(Opcode::Fsub, s, bb);
        let da = self.ins().binary(Opcode::Fsub, a, ab);
        let db = self.ins().binary(Opcode::Fsub, b, bb);
        let e = self.ins().binary(Opcode::Fadd, da, db);
        (s, e)
    }

    /// The float64 `s` rounded to odd given the error `e` of the exact
    /// value (`s + e`): an even `s` with a nonzero error steps to its odd
    /// neighbour toward the exact value.
    fn round_odd_f64(&mut self, s: Value, e: Value) -> Value {
        let zero = self.ins().fconst(F64, 0.0);
        let e_pos = self.ins().fcmp(FloatCC::Gt, e, zero);
        let e_neg = self.ins().fcmp(FloatCC::Lt, e, zero);
        let inexact = self.ins().binary(Opcode::Bor, e_pos, e_neg);
        let bits = self.ins().unary(Opcode::Bitcast, I64, s);
        let one = self.ins().iconst(I64, 1);
        let zero_i = self.ins().iconst(I64, 0);
        let last = self.ins().binary(Opcode::Band, bits, one);
        let even = self.ins().icmp(IntCC::Eq, last, zero_i);
        let step = self.ins().binary(Opcode::Band, inexact, even);
        // Toward the exact value: away from zero when the error has the
        // sum's sign (the bits of a float order its magnitude).
        let s_pos = self.ins().fcmp(FloatCC::Gt, s, zero);
        let outward = self.ins().icmp(IntCC::Eq, s_pos, e_pos);
        let minus_one = self.ins().iconst(I64, -1);
        let delta = self.ins().select(outward, one, minus_one);
        let moved = self.ins().binary(Opcode::Iadd, bits, delta);
        let bits = self.ins().select(step, moved, bits);
        self.ins().unary(Opcode::Bitcast, F64, bits)
    }

    /// A bfloat16 rounded to the integer type `to` by `mode`, saturated
    /// (NaN gives 0), as CUDA's `__bfloat162int_rn` and friends.
    fn bf16_to_int(&mut self, v: Value, to: Scalar, mode: Bf16Round) -> Value {
        let f = self.bf16_to_f32(v);
        let f = match mode {
            Bf16Round::Rn => self.ins().unary(Opcode::Nearest, F32, f),
            Bf16Round::Rz => f,
            Bf16Round::Rd => self.ins().unary(Opcode::Floor, F32, f),
            Bf16Round::Ru => self.ins().unary(Opcode::Ceil, F32, f),
        };
        let op = if to.is_signed() {
            Opcode::FcvtToSint
        } else {
            Opcode::FcvtToUint
        };
        self.ins().unary(op, ir_type(to), f)
    }

    /// The bits of a bfloat16 as a bfloat16 clamped to [0, 1] (NaN to 0).
    fn bf16_saturate(&mut self, v: Value) -> Value {
        let f = self.bf16_to_f32(v);
        let (zero, one) = (self.ins().fconst(F32, 0.0), self.ins().fconst(F32, 1.0));
        // `fmax` ignores a NaN: NaN becomes 0.
        let lo = self.ins().binary(Opcode::Fmax, f, zero);
        let c = self.ins().binary(Opcode::Fmin, lo, one);
        self.f32_to_bf16(c, Bf16Round::Rn)
    }

    /// A [`Bf16Prim`] of typed arguments; its result has type `ty`.
    pub(super) fn bf16_prim(&mut self, p: Bf16Prim, args: &[TExpr], ty: &Type) -> Value {
        let vals: Vec<Value> = args.iter().map(|a| self.expr(a).scalar()).collect();
        let from = args
            .first()
            .and_then(|a| a.ty.scalar())
            .unwrap_or(Scalar::BF16);
        match p {
            Bf16Prim::Round(mode) => self.round_to_bf16(vals[0], from, mode),
            Bf16Prim::ToInt(mode) => {
                let to = ty.scalar().unwrap_or(Scalar::I32);
                self.bf16_to_int(vals[0], to, mode)
            }
            Bf16Prim::Fma => {
                let wide: Vec<Value> = vals
                    .iter()
                    .map(|v| {
                        let f = self.bf16_to_f32(*v);
                        self.ins().unary(Opcode::Fpromote, F64, f)
                    })
                    .collect();
                // The product of two 8-bit significands is exact.
                let p = self.ins().binary(Opcode::Fmul, wide[0], wide[1]);
                let (s, e) = self.two_sum(p, wide[2]);
                let odd = self.round_odd_f64(s, e);
                self.f64_to_bf16(odd, Bf16Round::Rn)
            }
            Bf16Prim::Sat => self.bf16_saturate(vals[0]),
            Bf16Prim::Relu => {
                let f = self.bf16_to_f32(vals[0]);
                let zero = self.ins().fconst(F32, 0.0);
                let negative = self.ins().fcmp(FloatCC::Lt, f, zero);
                let zero_bits = self.ins().iconst(I16, 0);
                self.ins().select(negative, zero_bits, vals[0])
            }
            Bf16Prim::MaxNan | Bf16Prim::MinNan => {
                let (a, b) = (self.bf16_to_f32(vals[0]), self.bf16_to_f32(vals[1]));
                let op = if p == Bf16Prim::MaxNan {
                    Opcode::Fmax
                } else {
                    Opcode::Fmin
                };
                let m = self.ins().binary(op, a, b);
                let m = self.f32_to_bf16(m, Bf16Round::Rn);
                let nan = self.ins().fcmp(FloatCC::Uno, a, b);
                let canonical = self.ins().iconst(I16, 0x7fff);
                self.ins().select(nan, canonical, m)
            }
            Bf16Prim::IsInf => {
                let w = self.ins().unary(Opcode::Uextend, I32, vals[0]);
                let (pos, neg) = (
                    self.ins().iconst(I32, 0x7f80),
                    self.ins().iconst(I32, 0xff80),
                );
                let is_pos = self.ins().icmp(IntCC::Eq, w, pos);
                let is_neg = self.ins().icmp(IntCC::Eq, w, neg);
                let (one, minus_one, zero) = (
                    self.ins().iconst(I32, 1),
                    self.ins().iconst(I32, -1),
                    self.ins().iconst(I32, 0),
                );
                let r = self.ins().select(is_neg, minus_one, zero);
                self.ins().select(is_pos, one, r)
            }
            Bf16Prim::Cmp(op, unordered) => {
                use crate::front::ast::CmpOp;
                let (a, b) = (self.bf16_to_f32(vals[0]), self.bf16_to_f32(vals[1]));
                let uno = self.ins().fcmp(FloatCC::Uno, a, b);
                let ordered = match op {
                    CmpOp::Eq => self.ins().fcmp(FloatCC::Eq, a, b),
                    CmpOp::Lt => self.ins().fcmp(FloatCC::Lt, a, b),
                    CmpOp::LtE => self.ins().fcmp(FloatCC::Le, a, b),
                    CmpOp::Gt => self.ins().fcmp(FloatCC::Gt, a, b),
                    CmpOp::GtE => self.ins().fcmp(FloatCC::Ge, a, b),
                    _ => {
                        let lt = self.ins().fcmp(FloatCC::Lt, a, b);
                        let gt = self.ins().fcmp(FloatCC::Gt, a, b);
                        self.ins().binary(Opcode::Bor, lt, gt)
                    }
                };
                if unordered {
                    self.ins().binary(Opcode::Bor, ordered, uno)
                } else {
                    ordered
                }
            }
            Bf16Prim::Neg | Bf16Prim::Abs => {
                let w = self.ins().unary(Opcode::Uextend, I32, vals[0]);
                let r = if p == Bf16Prim::Neg {
                    let sign = self.ins().iconst(I32, 0x8000);
                    self.ins().binary(Opcode::Bxor, w, sign)
                } else {
                    let mask = self.ins().iconst(I32, 0x7fff);
                    self.ins().binary(Opcode::Band, w, mask)
                };
                self.ins().unary(Opcode::Ireduce, I16, r)
            }
            // A bfloat16 and a 16-bit integer are both `i16`.
            Bf16Prim::Bits => vals[0],
        }
    }
}
