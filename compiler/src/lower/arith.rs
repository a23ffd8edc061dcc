//! Python arithmetic in IR: conversions, operators with Python's semantics
//! (floor division and modulo rounding toward negative infinity, integer
//! division by zero giving 0, integer powers by repeated squaring) and
//! comparisons with the right signedness.

use super::values::{ir_type, LValue};
use super::FnLowering;
use crate::front::ast::{BinOp, CmpOp};
use crate::ir::{self, FloatCC, IntCC, Opcode, Value};
use crate::types::{Scalar, Type};

impl FnLowering<'_> {
    /// Converts a scalar between kernel-language types (C-like casts; to
    /// `bool` is "non-zero", NaN being true as in Python).
    pub(super) fn cast_scalar(&mut self, v: Value, from: Scalar, to: Scalar) -> Value {
        if from == to {
            return v;
        }
        let to_ty = ir_type(to);
        if to == Scalar::Bool {
            return if from.is_float() {
                let z = self.ins().fconst(ir_type(from), 0.0);
                self.ins().fcmp(FloatCC::Ne, v, z)
            } else {
                let z = self.ins().iconst(ir_type(from), 0);
                self.ins().icmp(IntCC::Ne, v, z)
            };
        }
        if from == Scalar::Bool {
            return if to.is_float() {
                let (one, zero) = (self.ins().fconst(to_ty, 1.0), self.ins().fconst(to_ty, 0.0));
                self.ins().select(v, one, zero)
            } else {
                self.ins().unary(Opcode::Uextend, to_ty, v)
            };
        }
        let op = match (from.is_float(), to.is_float()) {
            (false, false) => {
                if to.bits() > from.bits() {
                    if from.is_signed() {
                        Opcode::Sextend
                    } else {
                        Opcode::Uextend
                    }
                } else if to.bits() < from.bits() {
                    Opcode::Ireduce
                } else {
                    return v;
                }
            }
            (false, true) => {
                if from.is_signed() {
                    Opcode::FcvtFromSint
                } else {
                    Opcode::FcvtFromUint
                }
            }
            (true, false) => {
                if to.is_signed() {
                    Opcode::FcvtToSint
                } else {
                    Opcode::FcvtToUint
                }
            }
            (true, true) => {
                if to.bits() > from.bits() {
                    Opcode::Fpromote
                } else {
                    Opcode::Fdemote
                }
            }
        };
        self.ins().unary(op, to_ty, v)
    }

    /// Converts a whole value (scalars, tuples elementwise; arrays only
    /// change layout, which needs no code).
    pub(super) fn convert_value(&mut self, v: LValue, from: &Type, to: &Type) -> LValue {
        match (v, from, to) {
            (LValue::Scalar(x), Type::Scalar(a), Type::Scalar(b)) => {
                LValue::Scalar(self.cast_scalar(x, *a, *b))
            }
            (LValue::Tuple(items), Type::Tuple(fs), Type::Tuple(ts)) => LValue::Tuple(
                items
                    .into_iter()
                    .zip(fs.iter().zip(ts.iter()))
                    .map(|(i, (f, t))| self.convert_value(i, f, t))
                    .collect(),
            ),
            (LValue::Array(mut a), _, Type::Array(t)) => {
                a.ty = *t;
                LValue::Array(a)
            }
            (v, _, _) => v,
        }
    }

    /// `a op b` in type `ty` (`rhs` is the exponent's type for float `**`).
    pub(super) fn binary_op(
        &mut self,
        op: BinOp,
        ty: Scalar,
        rhs: Scalar,
        a: Value,
        b: Value,
    ) -> Value {
        use Opcode::*;
        let float = ty.is_float();
        let simple = |o_int: Opcode, o_float: Opcode| if float { o_float } else { o_int };
        let opcode = match op {
            BinOp::Add => simple(Iadd, Fadd),
            BinOp::Sub => simple(Isub, Fsub),
            BinOp::Mul => simple(Imul, Fmul),
            BinOp::Div => Fdiv,
            BinOp::BitAnd => Band,
            BinOp::BitOr => Bor,
            BinOp::BitXor => Bxor,
            BinOp::LShift => Ishl,
            BinOp::RShift => {
                if ty.is_unsigned() {
                    Ushr
                } else {
                    Sshr
                }
            }
            BinOp::FloorDiv | BinOp::Mod if float => {
                let (q, m) = self.float_divmod(a, b);
                return if op == BinOp::FloorDiv { q } else { m };
            }
            BinOp::FloorDiv | BinOp::Mod => {
                return self.int_divmod(op == BinOp::FloorDiv, ty, a, b)
            }
            BinOp::Pow if float && !rhs.is_float() => Powi,
            BinOp::Pow if float => Pow,
            BinOp::Pow => return self.int_pow(ty, a, b),
            BinOp::MatMul => unreachable!("rejected by the type checker"),
        };
        self.ins().binary(opcode, a, b)
    }

    /// Python `//` or `%` on integers, with division by zero giving 0, or
    /// reported (a trap) in code compiled with `debug` or `boundscheck`.
    fn int_divmod(&mut self, floor_div: bool, ty: Scalar, a: Value, b: Value) -> Value {
        let t = ir_type(ty);
        // By a positive power of two, Python's floor division is exactly an
        // arithmetic (or logical) shift and its modulo a mask.
        if let Some(c) = self
            .iconst_value(b)
            .filter(|c| *c > 0 && (*c as u64).is_power_of_two())
        {
            if floor_div {
                let k = self.ins().iconst(t, c.trailing_zeros() as i64);
                let op = if ty.is_unsigned() {
                    Opcode::Ushr
                } else {
                    Opcode::Sshr
                };
                return self.ins().binary(op, a, k);
            }
            let mask = self.ins().iconst(t, c - 1);
            return self.ins().binary(Opcode::Band, a, mask);
        }
        let zero = self.ins().iconst(t, 0);
        let one = self.ins().iconst(t, 1);
        let b_zero = self.ins().icmp(IntCC::Eq, b, zero);
        if self.f.flags.debug || self.f.flags.boundscheck {
            // Checked code reports the division by zero (contract §4).
            let (fail, cont) = (self.new_block(), self.new_block());
            self.ins().brif(b_zero, fail, &[], cont, &[]);
            self.switch_to(fail);
            self.print_and_trap("ZeroDivisionError: integer division or modulo by zero");
            self.switch_to(cont);
        }
        let safe_b = self.ins().select(b_zero, one, b);
        let result = if ty.is_unsigned() {
            let op = if floor_div {
                Opcode::Udiv
            } else {
                Opcode::Urem
            };
            self.ins().binary(op, a, safe_b)
        } else {
            // Truncating division, then one step toward -inf when the
            // remainder is non-zero and its sign differs from the divisor's.
            let q = self.ins().binary(Opcode::Sdiv, a, safe_b);
            let r = self.ins().binary(Opcode::Srem, a, safe_b);
            let r_nonzero = self.ins().icmp(IntCC::Ne, r, zero);
            let signs = self.ins().binary(Opcode::Bxor, r, safe_b);
            let differ = self.ins().icmp(IntCC::Slt, signs, zero);
            let adjust = self.ins().binary(Opcode::Band, r_nonzero, differ);
            if floor_div {
                let q1 = self.ins().binary(Opcode::Isub, q, one);
                self.ins().select(adjust, q1, q)
            } else {
                let r1 = self.ins().binary(Opcode::Iadd, r, safe_b);
                self.ins().select(adjust, r1, r)
            }
        };
        self.ins().select(b_zero, zero, result)
    }

    /// CPython's float `divmod`: returns (`a // b`, `a % b`).
    fn float_divmod(&mut self, a: Value, b: Value) -> (Value, Value) {
        let t = self.ins().ty(a);
        let zero = self.ins().fconst(t, 0.0);
        let one = self.ins().fconst(t, 1.0);
        let half = self.ins().fconst(t, 0.5);
        let m = self.ins().binary(Opcode::Fmod, a, b);
        let am = self.ins().binary(Opcode::Fsub, a, m);
        let d = self.ins().binary(Opcode::Fdiv, am, b);
        let m_nonzero = self.ins().fcmp(FloatCC::Ne, m, zero);
        let b_neg = self.ins().fcmp(FloatCC::Lt, b, zero);
        let m_neg = self.ins().fcmp(FloatCC::Lt, m, zero);
        let differ = self.ins().binary(Opcode::Bxor, b_neg, m_neg);
        let adjust = self.ins().binary(Opcode::Band, m_nonzero, differ);
        let d_minus = self.ins().binary(Opcode::Fsub, d, one);
        let d1 = self.ins().select(adjust, d_minus, d);
        let m_plus = self.ins().binary(Opcode::Fadd, m, b);
        let m1 = self.ins().select(adjust, m_plus, m);
        let signed_zero = self.ins().binary(Opcode::Copysign, zero, b);
        let m2 = self.ins().select(m_nonzero, m1, signed_zero);
        let fd = self.ins().unary(Opcode::Floor, t, d1);
        let frac = self.ins().binary(Opcode::Fsub, d1, fd);
        let round_up = self.ins().fcmp(FloatCC::Gt, frac, half);
        let fd_plus = self.ins().binary(Opcode::Fadd, fd, one);
        let fd2 = self.ins().select(round_up, fd_plus, fd);
        let d_nonzero = self.ins().fcmp(FloatCC::Ne, d1, zero);
        let quotient = self.ins().binary(Opcode::Fdiv, a, b);
        let zero_q = self.ins().binary(Opcode::Copysign, zero, quotient);
        let q = self.ins().select(d_nonzero, fd2, zero_q);
        // By zero, Numba's quotient is the plain division's: ±inf, or nan
        // for 0 // 0 (the remainder is nan, as above).
        let b_zero = self.ins().fcmp(FloatCC::Eq, b, zero);
        let q = self.ins().select(b_zero, quotient, q);
        // By ±inf, Numba's quotient and remainder are nan (CPython's would
        // be 0 or -1, and the dividend or inf).
        let inf = self.ins().fconst(t, f64::INFINITY);
        let neg_inf = self.ins().fconst(t, f64::NEG_INFINITY);
        let nan = self.ins().fconst(t, f64::NAN);
        let b_pos_inf = self.ins().fcmp(FloatCC::Eq, b, inf);
        let b_neg_inf = self.ins().fcmp(FloatCC::Eq, b, neg_inf);
        let b_inf = self.ins().binary(Opcode::Bor, b_pos_inf, b_neg_inf);
        let q = self.ins().select(b_inf, nan, q);
        let m2 = self.ins().select(b_inf, nan, m2);
        (q, m2)
    }

    /// Integer `a ** b` by repeated squaring. A negative exponent gives
    /// `1` for base 1, `±1` for base -1 and 0 otherwise (Numba's integer
    /// power). Numba's result then goes through float64 and back (its
    /// power returns a float that is converted), so a power beyond 2**53
    /// is rounded as Numba rounds it.
    fn int_pow(&mut self, ty: Scalar, a: Value, b: Value) -> Value {
        let exact = self.int_pow_exact(ty, a, b);
        let float = self.cast_scalar(exact, ty, Scalar::F64);
        self.cast_scalar(float, Scalar::F64, ty)
    }

    /// [`Self::int_pow`] before the float64 round trip.
    fn int_pow_exact(&mut self, ty: Scalar, a: Value, b: Value) -> Value {
        let t = ir_type(ty);
        let zero = self.ins().iconst(t, 0);
        let one = self.ins().iconst(t, 1);
        let exp_neg = if ty.is_signed() {
            self.ins().icmp(IntCC::Slt, b, zero)
        } else {
            self.ins().iconst(ir::Type::I1, 0)
        };
        let e0 = self.ins().select(exp_neg, zero, b);
        let header = self.new_block();
        let body = self.new_block();
        let exit = self.new_block();
        let acc = self.func.dfg.append_block_param(header, t);
        let base = self.func.dfg.append_block_param(header, t);
        let e = self.func.dfg.append_block_param(header, t);
        let result = self.func.dfg.append_block_param(exit, t);
        self.ins().jump(header, &[one, a, e0]);
        self.switch_to(header);
        let more = self.ins().icmp(IntCC::Ne, e, zero);
        self.ins().brif(more, body, &[], exit, &[acc]);
        self.switch_to(body);
        let bit = self.ins().binary(Opcode::Band, e, one);
        let odd = self.ins().icmp(IntCC::Ne, bit, zero);
        let mul = self.ins().binary(Opcode::Imul, acc, base);
        let acc2 = self.ins().select(odd, mul, acc);
        let base2 = self.ins().binary(Opcode::Imul, base, base);
        let e2 = self.ins().binary(Opcode::Ushr, e, one);
        self.ins().jump(header, &[acc2, base2, e2]);
        self.switch_to(exit);
        if !ty.is_signed() {
            return result;
        }
        // Negative exponents.
        let minus_one = self.ins().iconst(t, -1);
        let is_one = self.ins().icmp(IntCC::Eq, a, one);
        let is_minus_one = self.ins().icmp(IntCC::Eq, a, minus_one);
        let b_bit = self.ins().binary(Opcode::Band, b, one);
        let b_odd = self.ins().icmp(IntCC::Ne, b_bit, zero);
        let sign = self.ins().select(b_odd, minus_one, one);
        let neg_pow = self.ins().select(is_minus_one, sign, zero);
        let neg_pow = self.ins().select(is_one, one, neg_pow);
        self.ins().select(exp_neg, neg_pow, result)
    }

    /// A comparison of two scalars of type `ty`.
    pub(super) fn compare(&mut self, op: CmpOp, ty: Scalar, a: Value, b: Value) -> Value {
        if ty.is_float() {
            let cc = match op {
                CmpOp::Eq => FloatCC::Eq,
                CmpOp::NotEq => FloatCC::Ne,
                CmpOp::Lt => FloatCC::Lt,
                CmpOp::LtE => FloatCC::Le,
                CmpOp::Gt => FloatCC::Gt,
                CmpOp::GtE => FloatCC::Ge,
                _ => unreachable!("rejected by the type checker"),
            };
            return self.ins().fcmp(cc, a, b);
        }
        let signed = ty.is_signed();
        let cc = match (op, signed) {
            (CmpOp::Eq, _) => IntCC::Eq,
            (CmpOp::NotEq, _) => IntCC::Ne,
            (CmpOp::Lt, true) => IntCC::Slt,
            (CmpOp::LtE, true) => IntCC::Sle,
            (CmpOp::Gt, true) => IntCC::Sgt,
            (CmpOp::GtE, true) => IntCC::Sge,
            (CmpOp::Lt, false) => IntCC::Ult,
            (CmpOp::LtE, false) => IntCC::Ule,
            (CmpOp::Gt, false) => IntCC::Ugt,
            (CmpOp::GtE, false) => IntCC::Uge,
            _ => unreachable!("rejected by the type checker"),
        };
        self.ins().icmp(cc, a, b)
    }
}
