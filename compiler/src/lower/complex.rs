//! Complex numbers in IR, as numba-cuda computes them: a complex value is
//! two floats of its part type (real, then imaginary), and each operation
//! follows Numba's implementation (`numba/cuda/cpython/numbers.py`):
//! componentwise `+ - ==`, the schoolbook product, CPython's division
//! (`_Py_c_quot`, raising `ZeroDivisionError` for a zero divisor),
//! numba-cuda's `**` (CPython's `_Py_c_pow`), `!=` and truth unordered,
//! `abs` as `hypot`, conversions part by part.

use super::values::{ir_type, LValue};
use super::FnLowering;
use crate::front::ast::{BinOp, CmpOp, UnaryOp};
use crate::ir::{FloatCC, Opcode, Value};
use crate::types::{Scalar, Type};

impl FnLowering<'_> {
    /// Converts a number to complex type `part` (a scalar becomes its real
    /// part, with a zero imaginary part; a complex number converts part by
    /// part).
    pub(super) fn convert_to_complex(
        &mut self,
        v: &LValue,
        from: &Type,
        part: Scalar,
    ) -> (Value, Value) {
        match (v, from) {
            (LValue::Complex(re, im), Type::Complex(p)) => (
                self.cast_scalar(*re, *p, part),
                self.cast_scalar(*im, *p, part),
            ),
            (LValue::Scalar(x), Type::Scalar(s)) => {
                // Numba converts a bool through int32.
                let x = if *s == Scalar::Bool {
                    self.cast_scalar(*x, Scalar::Bool, Scalar::I32)
                } else {
                    *x
                };
                let from = if *s == Scalar::Bool { Scalar::I32 } else { *s };
                let re = self.cast_scalar(x, from, part);
                let im = self.ins().fconst(ir_type(part), 0.0);
                (re, im)
            }
            _ => unreachable!("a number converts to complex (type checked)"),
        }
    }

    /// Python truth of a complex number: either part non-zero (a NaN part
    /// is true).
    pub(super) fn complex_truth(&mut self, (re, im): (Value, Value), part: Scalar) -> Value {
        let zero = self.ins().fconst(ir_type(part), 0.0);
        let r = self.ins().fcmp(FloatCC::Ne, re, zero);
        let i = self.ins().fcmp(FloatCC::Ne, im, zero);
        self.ins().binary(Opcode::Bor, r, i)
    }

    /// `-z` and `+z`.
    pub(super) fn complex_unary(
        &mut self,
        op: UnaryOp,
        part: Scalar,
        (re, im): (Value, Value),
    ) -> LValue {
        match op {
            UnaryOp::Neg => {
                let t = ir_type(part);
                let re = self.ins().unary(Opcode::Fneg, t, re);
                let im = self.ins().unary(Opcode::Fneg, t, im);
                LValue::Complex(re, im)
            }
            UnaryOp::Pos => LValue::Complex(re, im),
            UnaryOp::Not | UnaryOp::Invert => unreachable!("typed as a bool operation"),
        }
    }

    /// `x op y` for `+ - * /`, both operands of complex type `part`.
    pub(super) fn complex_binary(
        &mut self,
        op: BinOp,
        part: Scalar,
        (a, b): (Value, Value),
        (c, d): (Value, Value),
    ) -> LValue {
        let f = |l: &mut Self, op: Opcode, x: Value, y: Value| l.ins().binary(op, x, y);
        match op {
            BinOp::Add => LValue::Complex(f(self, Opcode::Fadd, a, c), f(self, Opcode::Fadd, b, d)),
            BinOp::Sub => LValue::Complex(f(self, Opcode::Fsub, a, c), f(self, Opcode::Fsub, b, d)),
            BinOp::Mul => {
                // (a+bi)(c+di) = (ac-bd) + (ad+bc)i, without fused
                // multiply-adds.
                let ac = f(self, Opcode::Fmul, a, c);
                let bd = f(self, Opcode::Fmul, b, d);
                let ad = f(self, Opcode::Fmul, a, d);
                let bc = f(self, Opcode::Fmul, b, c);
                LValue::Complex(f(self, Opcode::Fsub, ac, bd), f(self, Opcode::Fadd, ad, bc))
            }
            BinOp::Div => self.complex_div(part, (a, b), (c, d)),
            BinOp::Pow => self.complex_pow(part, (a, b), (c, d)),
            _ => unreachable!("rejected by the type checker"),
        }
    }

    /// CPython's complex division (`_Py_c_quot`), which Numba uses: divide
    /// through by the divisor's larger part. A zero divisor raises
    /// `ZeroDivisionError`; a divisor whose larger part is NaN gives
    /// NaN + NaN j.
    fn complex_div(
        &mut self,
        part: Scalar,
        (ar, ai): (Value, Value),
        (br, bi): (Value, Value),
    ) -> LValue {
        let t = ir_type(part);
        let zero = self.ins().fconst(t, 0.0);
        let br_nonzero = self.ins().fcmp(FloatCC::Ne, br, zero);
        let bi_nonzero = self.ins().fcmp(FloatCC::Ne, bi, zero);
        let nonzero = self.ins().binary(Opcode::Bor, br_nonzero, bi_nonzero);
        self.raise_unless(nonzero, "ZeroDivisionError: complex division by zero");
        let abs_br = self.ins().unary(Opcode::Fabs, t, br);
        let abs_bi = self.ins().unary(Opcode::Fabs, t, bi);
        let by_real = self.ins().fcmp(FloatCC::Ge, abs_br, abs_bi);
        let bin = |l: &mut Self, op: Opcode, x: Value, y: Value| l.ins().binary(op, x, y);
        // |b.real| >= |b.imag|: ratio = bi/br, denom = br + bi*ratio.
        let r1 = bin(self, Opcode::Fdiv, bi, br);
        let t1 = bin(self, Opcode::Fmul, bi, r1);
        let d1 = bin(self, Opcode::Fadd, br, t1);
        let ai_r1 = bin(self, Opcode::Fmul, ai, r1);
        let n1r = bin(self, Opcode::Fadd, ar, ai_r1);
        let ar_r1 = bin(self, Opcode::Fmul, ar, r1);
        let n1i = bin(self, Opcode::Fsub, ai, ar_r1);
        let q1r = bin(self, Opcode::Fdiv, n1r, d1);
        let q1i = bin(self, Opcode::Fdiv, n1i, d1);
        // Otherwise: ratio = br/bi, denom = br*ratio + bi.
        let r2 = bin(self, Opcode::Fdiv, br, bi);
        let t2 = bin(self, Opcode::Fmul, br, r2);
        let d2 = bin(self, Opcode::Fadd, t2, bi);
        let ar_r2 = bin(self, Opcode::Fmul, ar, r2);
        let n2r = bin(self, Opcode::Fadd, ar_r2, ai);
        let ai_r2 = bin(self, Opcode::Fmul, ai, r2);
        let n2i = bin(self, Opcode::Fsub, ai_r2, ar);
        let q2r = bin(self, Opcode::Fdiv, n2r, d2);
        let q2i = bin(self, Opcode::Fdiv, n2i, d2);
        // The larger part is zero only when it is NaN-compared (the other
        // part is NaN): NaN + NaN j.
        let nan = self.ins().fconst(t, f64::NAN);
        let q1r = self.ins().select(br_nonzero, q1r, nan);
        let q1i = self.ins().select(br_nonzero, q1i, nan);
        let q2r = self.ins().select(bi_nonzero, q2r, nan);
        let q2i = self.ins().select(bi_nonzero, q2i, nan);
        let re = self.ins().select(by_real, q1r, q2r);
        let im = self.ins().select(by_real, q1i, q2i);
        LValue::Complex(re, im)
    }

    /// `a ** b`: numba-cuda's translation of CPython's `_Py_c_pow`
    /// (`numba/cuda/mathimpl.py`), in the part type: 1 for a zero
    /// exponent, 0 when both real parts are zero (numba-cuda tests `a.real`
    /// and `b.real`), else `|a| ** b.real` and the phase `atan2(a) *
    /// b.real`, corrected for an imaginary exponent, then `len * (cos(phase)
    /// + sin(phase) * 1j)` computed as complex arithmetic.
    fn complex_pow(
        &mut self,
        part: Scalar,
        (ar, ai): (Value, Value),
        (br, bi): (Value, Value),
    ) -> LValue {
        let t = ir_type(part);
        let zero = self.ins().fconst(t, 0.0);
        let one = self.ins().fconst(t, 1.0);
        let bin = |l: &mut Self, op: Opcode, x: Value, y: Value| l.ins().binary(op, x, y);
        let br_zero = self.ins().fcmp(FloatCC::Eq, br, zero);
        let bi_zero = self.ins().fcmp(FloatCC::Eq, bi, zero);
        let b_zero = bin(self, Opcode::Band, br_zero, bi_zero);
        let ar_zero = self.ins().fcmp(FloatCC::Eq, ar, zero);
        let a_zero = bin(self, Opcode::Band, ar_zero, br_zero);
        let vabs = bin(self, Opcode::Hypot, ar, ai);
        let len = bin(self, Opcode::Pow, vabs, br);
        let at = bin(self, Opcode::Atan2, ai, ar);
        let phase = bin(self, Opcode::Fmul, at, br);
        let bi_nonzero = self.ins().fcmp(FloatCC::Ne, bi, zero);
        let at_bi = bin(self, Opcode::Fmul, at, bi);
        let e = self.ins().unary(Opcode::Exp, t, at_bi);
        let len_i = bin(self, Opcode::Fdiv, len, e);
        let log = self.ins().unary(Opcode::Log, t, vabs);
        let bi_log = bin(self, Opcode::Fmul, bi, log);
        let phase_i = bin(self, Opcode::Fadd, phase, bi_log);
        let len = self.ins().select(bi_nonzero, len_i, len);
        let phase = self.ins().select(bi_nonzero, phase_i, phase);
        let c = self.ins().unary(Opcode::Cos, t, phase);
        let s = self.ins().unary(Opcode::Sin, t, phase);
        // cty(cos) + cty(sin * cty(1j)): (s + 0j) * (0 + 1j), then a sum.
        let LValue::Complex(m_re, m_im) =
            self.complex_binary(BinOp::Mul, part, (s, zero), (zero, one))
        else {
            unreachable!("a complex product")
        };
        let sum_re = bin(self, Opcode::Fadd, c, m_re);
        let sum_im = bin(self, Opcode::Fadd, zero, m_im);
        // len * (...): (len + 0j) times the sum.
        let LValue::Complex(re, im) =
            self.complex_binary(BinOp::Mul, part, (len, zero), (sum_re, sum_im))
        else {
            unreachable!("a complex product")
        };
        let re = self.ins().select(a_zero, zero, re);
        let im = self.ins().select(a_zero, zero, im);
        let re = self.ins().select(b_zero, one, re);
        let im = self.ins().select(b_zero, zero, im);
        LValue::Complex(re, im)
    }

    /// `x == y` (both parts equal, ordered) and `x != y` (either part
    /// differs, unordered).
    pub(super) fn complex_compare(
        &mut self,
        op: CmpOp,
        (a, b): (Value, Value),
        (c, d): (Value, Value),
    ) -> Value {
        let (cc, join) = match op {
            CmpOp::Eq => (FloatCC::Eq, Opcode::Band),
            CmpOp::NotEq => (FloatCC::Ne, Opcode::Bor),
            _ => unreachable!("rejected by the type checker"),
        };
        let re = self.ins().fcmp(cc, a, c);
        let im = self.ins().fcmp(cc, b, d);
        self.ins().binary(join, re, im)
    }

    /// `abs(z)`: `hypot(z.real, z.imag)`.
    pub(super) fn complex_abs(&mut self, (re, im): (Value, Value)) -> Value {
        self.ins().binary(Opcode::Hypot, re, im)
    }
}
