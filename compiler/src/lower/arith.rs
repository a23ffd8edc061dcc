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
        if from == Scalar::BF16 || to == Scalar::BF16 {
            return self.bf16_cast(v, from, to);
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
            // Into a value that may be None: None, or a value.
            (_, Type::None, Type::Optional(_)) => self.zero_value(to),
            (LValue::Tuple(parts), Type::Optional(a), Type::Optional(b)) => {
                let (flag, x) = (parts[0].scalar(), parts[1].scalar());
                let x = self.cast_scalar(x, *a, *b);
                LValue::Tuple(vec![LValue::Scalar(flag), LValue::Scalar(x)])
            }
            (LValue::Scalar(x), Type::Scalar(a), Type::Optional(b)) => {
                let x = self.cast_scalar(x, *a, *b);
                let flag = self.ins().iconst(ir::Type::I1, 1);
                LValue::Tuple(vec![LValue::Scalar(flag), LValue::Scalar(x)])
            }
            // Out of one: its value, and Numba's `TypeError` when there is
            // none (`optional_to_any`).
            (LValue::Tuple(parts), Type::Optional(a), to) => {
                let (flag, x) = (parts[0].scalar(), parts[1].scalar());
                self.raise_unless(flag, &format!("TypeError: expected {a}, got None"));
                self.convert_value(LValue::Scalar(x), &Type::Scalar(*a), to)
            }
            (LValue::Scalar(x), Type::Scalar(a), Type::Scalar(b)) => {
                LValue::Scalar(self.cast_scalar(x, *a, *b))
            }
            // An enum member is its value.
            (LValue::Scalar(x), Type::Enum(e), Type::Scalar(b)) => {
                LValue::Scalar(self.cast_scalar(x, e.dtype(), *b))
            }
            // A member with a tuple value as that tuple (`.value`).
            (v @ LValue::Tuple(_), Type::Enum(e), to) if e.value_type() == *to => v,
            (LValue::Complex(re, im), Type::Complex(part), Type::Scalar(Scalar::Bool)) => {
                LValue::Scalar(self.complex_truth((re, im), *part))
            }
            (v, from, Type::Complex(part)) => {
                let (re, im) = self.convert_to_complex(&v, from, *part);
                LValue::Complex(re, im)
            }
            (LValue::Complex(..), _, _) | (LValue::Scalar(_), _, _) if from != to => {
                unreachable!("no conversion from {from} to {to} (type checked)")
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
        // Under `fastmath` a float division by zero does not raise, even
        // with `debug` (numba-cuda's test_fastmath `test_divf_exception`).
        if float && self.f.flags.debug && !self.f.flags.fastmath {
            self.check_float_divisor(op, b);
        }
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
            BinOp::Pow if float && !rhs.is_float() => return self.float_pow_int(ty, rhs, a, b),
            BinOp::Pow if float => Pow,
            BinOp::Pow => return self.int_pow(ty, a, b),
            BinOp::MatMul => unreachable!("rejected by the type checker"),
        };
        self.ins().binary(opcode, a, b)
    }

    /// With `debug` (Numba's Python error model), a float `/`, `//` or `%`
    /// by zero raises `ZeroDivisionError` with Numba's message (without,
    /// the numpy error model gives inf or nan; so does `fastmath`). A NaN
    /// divisor is not zero.
    fn check_float_divisor(&mut self, op: BinOp, b: Value) {
        let text = match op {
            BinOp::Div | BinOp::FloorDiv => "ZeroDivisionError: division by zero",
            BinOp::Mod => "ZeroDivisionError: modulo by zero",
            _ => return,
        };
        let t = self.ins().ty(b);
        let zero = self.ins().fconst(t, 0.0);
        let nonzero = self.ins().fcmp(FloatCC::Ne, b, zero);
        self.raise_unless(nonzero, text);
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
            // Numba's messages (not CPython's "integer division or modulo
            // by zero"): raised with `debug`, a trap with `boundscheck`
            // alone.
            let text = if floor_div {
                "ZeroDivisionError: integer division by zero"
            } else {
                "ZeroDivisionError: integer modulo by zero"
            };
            if self.f.flags.debug {
                self.record_exception(text);
            } else {
                self.print_and_trap(text);
            }
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

    /// Integer `a ** b` (both of type `ty`), as Numba's `int_power`: the
    /// least int64 exponent raises `OverflowError`; a negative exponent
    /// gives `1` for base 1, `±1` for base -1, the least value of `ty` for
    /// base 0 (Numba's result without a zero-division exception) and 0
    /// otherwise; an exponent above 65536 goes through float64 `pow`;
    /// the rest by repeated squaring. Numba's power returns a float that
    /// is converted back, so a power beyond 2**53 is rounded as Numba
    /// rounds it.
    fn int_pow(&mut self, ty: Scalar, a: Value, b: Value) -> Value {
        let t = ir_type(ty);
        if let Some(c) = self.iconst_value(b).filter(|c| (0..=0x10000).contains(c)) {
            let exact = self.pow_unrolled(t, a, c as u64);
            let float = self.cast_scalar(exact, ty, Scalar::F64);
            return self.cast_scalar(float, Scalar::F64, ty);
        }
        let zero = self.ins().iconst(t, 0);
        let one = self.ins().iconst(t, 1);
        let exp_neg = if ty.is_signed() {
            let least = self.ins().iconst(t, i64::MIN);
            let ok = self.ins().icmp(IntCC::Ne, b, least);
            self.raise_unless(ok, "OverflowError");
            self.ins().icmp(IntCC::Slt, b, zero)
        } else {
            self.ins().iconst(ir::Type::I1, 0)
        };
        let e0 = self.ins().select(exp_neg, zero, b);
        let join = self.new_block();
        let result = self.func.dfg.append_block_param(join, t);
        let by_squaring = self.pow_beyond_cutoff(e0, ty, ty, a, b, join);
        self.switch_to(by_squaring);
        let squared = self.pow_by_squaring(t, one, a, e0);
        let exact = if ty.is_signed() {
            let minus_one = self.ins().iconst(t, -1);
            let least = self.ins().iconst(t, i64::MIN);
            let is_zero = self.ins().icmp(IntCC::Eq, a, zero);
            let is_one = self.ins().icmp(IntCC::Eq, a, one);
            let is_minus_one = self.ins().icmp(IntCC::Eq, a, minus_one);
            let b_bit = self.ins().binary(Opcode::Band, b, one);
            let b_odd = self.ins().icmp(IntCC::Ne, b_bit, zero);
            let sign = self.ins().select(b_odd, minus_one, one);
            let neg_pow = self.ins().select(is_minus_one, sign, zero);
            let neg_pow = self.ins().select(is_one, one, neg_pow);
            let neg_pow = self.ins().select(is_zero, least, neg_pow);
            self.ins().select(exp_neg, neg_pow, squared)
        } else {
            squared
        };
        let float = self.cast_scalar(exact, ty, Scalar::F64);
        let rounded = self.cast_scalar(float, Scalar::F64, ty);
        self.ins().jump(join, &[rounded]);
        self.switch_to(join);
        result
    }

    /// Float `x ** n` for `x` of type `ty` and an integer exponent of
    /// Numba's signature type `ety` (int32 for the narrow integers, int64
    /// for int64 and uint32, uint64), as Numba's `int_power`: the least
    /// signed exponent raises `OverflowError`; beyond 65536 in magnitude,
    /// float64 `pow`; otherwise repeated squaring in `ty`, and for a
    /// negative exponent `1.0 / r` in float64. (Bit for bit what Numba
    /// computes, which is not always the correctly rounded power.)
    pub(super) fn float_pow_int(&mut self, ty: Scalar, ety: Scalar, x: Value, n: Value) -> Value {
        let t = ir_type(ty);
        let et = ir_type(ety);
        if let Some(c) = self.iconst_value(n) {
            let least = if ety == Scalar::I32 {
                i64::from(i32::MIN)
            } else {
                i64::MIN
            };
            let magnitude = if ety.is_signed() {
                c.unsigned_abs()
            } else {
                c as u64
            };
            if c != least && magnitude <= 0x10000 {
                let r = self.pow_unrolled(t, x, magnitude);
                if !ety.is_signed() || c >= 0 {
                    return r;
                }
                let wide = self.cast_scalar(r, ty, Scalar::F64);
                let one = self.ins().fconst(ir::Type::F64, 1.0);
                let inv = self.ins().binary(Opcode::Fdiv, one, wide);
                return self.cast_scalar(inv, Scalar::F64, ty);
            }
        }
        let zero = self.ins().iconst(et, 0);
        let (neg, magnitude) = if ety.is_signed() {
            let neg = self.ins().icmp(IntCC::Slt, n, zero);
            let minus = self.ins().unary(Opcode::Ineg, et, n);
            let magnitude = self.ins().select(neg, minus, n);
            // Only the least value stays negative when negated.
            let ok = self.ins().icmp(IntCC::Sge, magnitude, zero);
            self.raise_unless(ok, "OverflowError");
            (Some(neg), magnitude)
        } else {
            (None, n)
        };
        let join = self.new_block();
        let result = self.func.dfg.append_block_param(join, t);
        let by_squaring = self.pow_beyond_cutoff(magnitude, ety, ty, x, n, join);
        self.switch_to(by_squaring);
        let one = self.ins().fconst(t, 1.0);
        let r = self.pow_by_squaring(t, one, x, magnitude);
        let r = match neg {
            Some(neg) => {
                let wide = self.cast_scalar(r, ty, Scalar::F64);
                let one64 = self.ins().fconst(ir::Type::F64, 1.0);
                let inv = self.ins().binary(Opcode::Fdiv, one64, wide);
                let inv = self.cast_scalar(inv, Scalar::F64, ty);
                self.ins().select(neg, inv, r)
            }
            None => r,
        };
        self.ins().jump(join, &[r]);
        self.switch_to(join);
        result
    }

    /// Branches on Numba's cutoff for repeated squaring: when `magnitude`
    /// (the exponent's, non-negative, of type `ety`) is above 65536, a new
    /// block computes `float(base) ** float(n)` with float64 `pow`,
    /// converts it to `result` (the type of `base` for a float power, the
    /// integer type of both for an integer one) and jumps to `join`.
    /// Returns the block for the other case, where the caller goes on.
    fn pow_beyond_cutoff(
        &mut self,
        magnitude: Value,
        ety: Scalar,
        result: Scalar,
        base: Value,
        n: Value,
        join: ir::Block,
    ) -> ir::Block {
        let cutoff = self.ins().iconst(ir_type(ety), 0x10000);
        let big = self.ins().icmp(IntCC::Ugt, magnitude, cutoff);
        let (by_pow, by_squaring) = (self.new_block(), self.new_block());
        self.ins().brif(big, by_pow, &[], by_squaring, &[]);
        self.switch_to(by_pow);
        let base_ty = if result.is_float() { result } else { ety };
        let x = self.cast_scalar(base, base_ty, Scalar::F64);
        let y = self.cast_scalar(n, ety, Scalar::F64);
        let p = self.ins().binary(Opcode::Pow, x, y);
        let p = self.cast_scalar(p, Scalar::F64, result);
        self.ins().jump(join, &[p]);
        by_squaring
    }

    /// `base ** e` for a constant `e`, the products of
    /// [`Self::pow_by_squaring`] in the same order, unrolled (the first
    /// `1 * a` left out: it is exact).
    fn pow_unrolled(&mut self, t: ir::Type, base: Value, e: u64) -> Value {
        let mul = if t.is_float() {
            Opcode::Fmul
        } else {
            Opcode::Imul
        };
        let (mut r, mut a, mut e) = (None, base, e);
        while e != 0 {
            if e & 1 == 1 {
                r = Some(match r {
                    None => a,
                    Some(r) => self.ins().binary(mul, r, a),
                });
            }
            e >>= 1;
            if e != 0 {
                a = self.ins().binary(mul, a, a);
            }
        }
        match r {
            Some(r) => r,
            None if t.is_float() => self.ins().fconst(t, 1.0),
            None => self.ins().iconst(t, 1),
        }
    }

    /// `one * base ** e` by repeated squaring in IR type `t` (`e` is
    /// non-negative, of any integer type): `r *= a` for each set bit of
    /// `e`, `a *= a` after each, in Numba's order.
    fn pow_by_squaring(&mut self, t: ir::Type, one: Value, base: Value, e: Value) -> Value {
        let et = self.ins().ty(e);
        let zero = self.ins().iconst(et, 0);
        let one_e = self.ins().iconst(et, 1);
        let header = self.new_block();
        let body = self.new_block();
        let exit = self.new_block();
        let acc = self.func.dfg.append_block_param(header, t);
        let a = self.func.dfg.append_block_param(header, t);
        let k = self.func.dfg.append_block_param(header, et);
        let result = self.func.dfg.append_block_param(exit, t);
        self.ins().jump(header, &[one, base, e]);
        self.switch_to(header);
        let more = self.ins().icmp(IntCC::Ne, k, zero);
        self.ins().brif(more, body, &[], exit, &[acc]);
        self.switch_to(body);
        let bit = self.ins().binary(Opcode::Band, k, one_e);
        let odd = self.ins().icmp(IntCC::Ne, bit, zero);
        let mul = if t.is_float() {
            Opcode::Fmul
        } else {
            Opcode::Imul
        };
        let product = self.ins().binary(mul, acc, a);
        let acc2 = self.ins().select(odd, product, acc);
        let a2 = self.ins().binary(mul, a, a);
        let k2 = self.ins().binary(Opcode::Ushr, k, one_e);
        self.ins().jump(header, &[acc2, a2, k2]);
        self.switch_to(exit);
        result
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
