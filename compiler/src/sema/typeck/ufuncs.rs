//! NumPy's functions on scalars (`np.sqrt(x)`, `np.minimum(a, b)`), typed
//! as Numba types them (its ufunc loops, with NumPy's casting) and built
//! from the `math` intrinsics and plain operations.
//!
//! Numba picks the first loop of the ufunc the arguments convert to
//! safely. Its float loops are `float32` and `float64` (no `float16`), so
//! a float function of `bool`, 8- and 16-bit integers is `float32`, of
//! wider integers `float64`; rounding and absolute value keep integers.

use super::FnChecker;
use crate::front::ast::{BinOp, CmpOp, UnaryOp};
use crate::sema::consts::ConstValue;
use crate::sema::intrinsics::{Intrinsic, MathFn, Ufunc};
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

/// The float type of a float ufunc's loop for an argument of type `s`.
pub(super) fn float_loop(s: Scalar) -> Scalar {
    match s {
        Scalar::Bool
        | Scalar::I8
        | Scalar::U8
        | Scalar::I16
        | Scalar::U16
        | Scalar::F16
        | Scalar::F32 => Scalar::F32,
        _ => Scalar::F64,
    }
}

/// The type in which two real operands of a ufunc meet, as Numba picks
/// its loop (`ufunc_find_matching_loop`): NumPy's promotion, except that
/// when one operand is an integer and the other a float, Numba lets any
/// integer convert to any float (`ufunc_can_cast`), so the float
/// operand's type alone decides: `np.arctan2(float32, int64)` runs the
/// float32 loop, where NumPy's promotion would give float64. Numba has no
/// float16 loops: a float16 operand meets an integer in float32.
pub(super) fn loop_common(a: Scalar, b: Scalar) -> Scalar {
    match (a.is_int(), b.is_int()) {
        (true, false) if b.is_float() => float_loop(b),
        (false, true) if a.is_float() => float_loop(a),
        _ => a.promote(b),
    }
}

impl FnChecker<'_, '_, '_> {
    /// `np.<u>(args)` with `args` already matched to its parameters.
    pub(super) fn ufunc(&mut self, u: Ufunc, args: Vec<TExpr>, span: Span) -> TExpr {
        if args.iter().any(|x| x.ty.is_unknown()) {
            return TExpr::error(span);
        }
        if args.iter().any(|x| x.ty.is_complex()) {
            return self.complex_ufunc(u, args, span);
        }
        let mut scalars = Vec::with_capacity(args.len());
        for x in &args {
            match x.ty.scalar() {
                Some(s) => scalars.push(s),
                None if x.ty.is_unknown() => return TExpr::error(span),
                None if x.ty.is_complex() => {
                    let msg = format!(
                        "np.{}() takes real numbers in kernels, not {}",
                        u.name(),
                        x.ty.describe()
                    );
                    let help = "for complex numbers use cmath (cmath.sqrt, cmath.exp), abs() and z.conjugate()";
                    return self.reject(x.span, &msg, Some(help));
                }
                None => {
                    let msg = format!(
                        "np.{}() takes numbers in kernels, not {}",
                        u.name(),
                        x.ty.describe()
                    );
                    return self.reject(x.span, &msg, Some("call it element by element"));
                }
            }
        }
        let mut args = args.into_iter();
        let mut next = || args.next().expect("arity checked");
        match u {
            Ufunc::Float(f) => {
                let ft = float_loop(scalars[0]);
                self.float_call(Intrinsic::Math(f), vec![next()], ft, span)
            }
            Ufunc::Cbrt => {
                let ft = float_loop(scalars[0]);
                self.float_call(Intrinsic::Cbrt, vec![next()], ft, span)
            }
            Ufunc::Exp2 => {
                let ft = float_loop(scalars[0]);
                self.float_call(Intrinsic::Math(MathFn::Exp2), vec![next()], ft, span)
            }
            Ufunc::Rint => {
                let ft = float_loop(scalars[0]);
                let x = self.cast(next(), &Type::Scalar(ft));
                self.intrinsic(Intrinsic::Math(MathFn::Rint), [x], Type::Scalar(ft), span)
            }
            Ufunc::Rounding(f) => {
                let x = next();
                if !scalars[0].is_float() {
                    return TExpr { span, ..x };
                }
                self.float_call(Intrinsic::Math(f), vec![x], scalars[0], span)
            }
            Ufunc::Absolute => {
                let x = next();
                if scalars[0] == Scalar::Bool {
                    return TExpr { span, ..x };
                }
                let t = Type::Scalar(scalars[0]);
                self.intrinsic(Intrinsic::Abs, [x], t, span)
            }
            Ufunc::Predicate(f) => {
                let x = next();
                if !scalars[0].is_float() {
                    // An integer is never NaN or infinite.
                    let finite = f == MathFn::IsFinite;
                    return TExpr::constant(ConstValue::Bool(finite), span);
                }
                self.intrinsic(Intrinsic::Math(f), [x], Type::BOOL, span)
            }
            Ufunc::Negative => {
                let s = bool_as_int8(scalars[0]);
                let x = self.cast(next(), &Type::Scalar(s));
                TExpr {
                    kind: TExprKind::Unary(UnaryOp::Neg, self.ex(x)),
                    ty: Type::Scalar(s),
                    span,
                }
            }
            Ufunc::Square => {
                let s = bool_as_int8(scalars[0]);
                let x = self.cast(next(), &Type::Scalar(s));
                self.with_operands(vec![x], span, |this, ops| {
                    this.binary_same(BinOp::Mul, ops[0], ops[0], span)
                })
            }
            Ufunc::Sign => {
                let s = bool_as_int8(scalars[0]);
                let x = self.cast(next(), &Type::Scalar(s));
                self.with_operands(vec![x], span, |this, ops| this.sign(ops[0], s, span))
            }
            Ufunc::Float2(f) => {
                let ft = float_loop(loop_common(scalars[0], scalars[1]));
                self.float_call(Intrinsic::Math(f), vec![next(), next()], ft, span)
            }
            Ufunc::Divide => {
                // The loop's float type (`(int8, int8)` divides in
                // float32, as NumPy's first loop they convert to).
                let ft = Type::Scalar(float_loop(loop_common(scalars[0], scalars[1])));
                let a = self.cast(next(), &ft);
                let b = self.cast(next(), &ft);
                self.binary_same(BinOp::Div, a, b, span)
            }
            Ufunc::Conjugate => {
                let s = bool_as_int8(scalars[0]);
                let x = self.cast(next(), &Type::Scalar(s));
                TExpr { span, ..x }
            }
            Ufunc::Minimum | Ufunc::Maximum | Ufunc::Fmin | Ufunc::Fmax => {
                let s = loop_common(scalars[0], scalars[1]);
                let (a, b) = (next(), next());
                let (a, b) = (
                    self.cast(a, &Type::Scalar(s)),
                    self.cast(b, &Type::Scalar(s)),
                );
                self.with_operands(vec![a, b], span, |this, ops| {
                    this.min_max_nan(u, ops[0], ops[1], s, span)
                })
            }
            Ufunc::Compare(op) => {
                let (a, b) = (next(), next());
                self.ufunc_compare(op, a, b, scalars[0], scalars[1], span)
            }
            Ufunc::Logical(op) => {
                let a = self.cast(next(), &Type::BOOL);
                let b = self.cast(next(), &Type::BOOL);
                if op == BinOp::BitXor {
                    return self.compare(CmpOp::NotEq, a, b, span);
                }
                self.binary_same(op, a, b, span)
            }
            Ufunc::LogicalNot => self.logical_not(next(), span),
            Ufunc::Bitwise(op) => {
                let s = scalars[0].promote(scalars[1]);
                if s.is_float() {
                    return self.no_integer_loop(u, s, span);
                }
                // The shifts have no `bool` loop: `bb->b`.
                let shift = matches!(op, BinOp::LShift | BinOp::RShift);
                let s = if shift { bool_as_int8(s) } else { s };
                let a = self.cast(next(), &Type::Scalar(s));
                let b = self.cast(next(), &Type::Scalar(s));
                self.binary_same(op, a, b, span)
            }
            Ufunc::Invert => {
                let s = scalars[0];
                if s.is_float() {
                    return self.no_integer_loop(u, s, span);
                }
                let op = if s == Scalar::Bool {
                    UnaryOp::Not
                } else {
                    UnaryOp::Invert
                };
                let x = next();
                TExpr {
                    kind: TExprKind::Unary(op, self.ex(x)),
                    ty: Type::Scalar(s),
                    span,
                }
            }
        }
    }

    /// A bitwise ufunc of operands promoting to the float type `s`: NumPy
    /// has integer and `bool` loops only (a float, or a signed and an
    /// unsigned 64-bit integer, which promote to `float64`, has none).
    #[cold]
    fn no_integer_loop(&mut self, u: Ufunc, s: Scalar, span: Span) -> TExpr {
        let msg = format!(
            "np.{}() has no loop for {s}: it takes integers or booleans",
            u.name()
        );
        self.reject(span, &msg, None)
    }

    /// `np.greater(a, b)` and the other comparison ufuncs of numbers of
    /// types `sa` and `sb`: compared in their loop type, NumPy's promotion,
    /// except that a signed and an unsigned 64-bit integer compare as
    /// numbers (NumPy's `qQ->?` and `Qq->?` loops, before `dd->?`).
    fn ufunc_compare(
        &mut self,
        op: CmpOp,
        a: TExpr,
        b: TExpr,
        sa: Scalar,
        sb: Scalar,
        span: Span,
    ) -> TExpr {
        let mixed = sa.is_int() && sb.is_int() && sa.promote(sb).is_float();
        if !mixed {
            let common = Type::Scalar(loop_common(sa, sb));
            let (a, b) = (self.cast(a, &common), self.cast(b, &common));
            return TExpr {
                kind: TExprKind::Compare(op, self.ex(a), self.ex(b)),
                ty: Type::BOOL,
                span,
            };
        }
        // One operand is signed: below zero it is less than any unsigned
        // value; otherwise both compare as `uint64`.
        let (signed, unsigned, op) = if sa.is_signed() {
            (a, b, op)
        } else {
            (b, a, mirror(op))
        };
        let signed = self.cast(signed, &Type::Scalar(Scalar::I64));
        self.with_operands(vec![signed, unsigned], span, |this, ops| {
            let zero = TExpr::constant(ConstValue::i64(0), span);
            let negative = this.compare(CmpOp::Lt, ops[0], zero, span);
            let below = matches!(op, CmpOp::Lt | CmpOp::LtE | CmpOp::NotEq);
            let when_negative = TExpr::constant(ConstValue::Bool(below), span);
            let u64t = Type::Scalar(Scalar::U64);
            let (x, y) = (this.cast(ops[0], &u64t), this.cast(ops[1], &u64t));
            let plain = TExpr {
                kind: TExprKind::Compare(op, this.ex(x), this.ex(y)),
                ty: Type::BOOL,
                span,
            };
            this.select(negative, when_negative, plain, span)
        })
    }

    /// The intrinsic `i` on `args` converted to the float type `ft`, of
    /// that type.
    fn float_call(&mut self, i: Intrinsic, args: Vec<TExpr>, ft: Scalar, span: Span) -> TExpr {
        let args: Vec<TExpr> = args
            .into_iter()
            .map(|x| self.cast(x, &Type::Scalar(ft)))
            .collect();
        self.intrinsic(i, args, Type::Scalar(ft), span)
    }

    /// `body(operands)` with each operand that may not be evaluated twice
    /// evaluated once, into a temporary bound around the result.
    pub(super) fn with_operands(
        &mut self,
        operands: Vec<TExpr>,
        span: Span,
        body: impl FnOnce(&mut Self, &[TExpr]) -> TExpr,
    ) -> TExpr {
        let mut lets = Vec::new();
        let mut reads = Vec::with_capacity(operands.len());
        for x in operands {
            if self.repeatable(&x) {
                reads.push(x);
                continue;
            }
            let v = self.temp(x.ty, x.span);
            reads.push(TExpr {
                kind: TExprKind::Var(v),
                ty: x.ty,
                span: x.span,
            });
            lets.push((v, x));
        }
        let result = body(self, &reads);
        self.bind_lets(lets, result, span)
    }

    /// `a op b` of operands of one type, of that type.
    pub(super) fn binary_same(&mut self, op: BinOp, a: TExpr, b: TExpr, span: Span) -> TExpr {
        let ty = a.ty;
        TExpr {
            kind: TExprKind::Binary(op, self.ex(a), self.ex(b)),
            ty,
            span,
        }
    }

    /// `np.sign(x)`: `1` above zero, `-1` below, else `x` itself (zero, or
    /// a NaN, which stays NaN).
    fn sign(&mut self, x: TExpr, s: Scalar, span: Span) -> TExpr {
        let zero = TExpr::constant(ConstValue::i64(0), span);
        let one = self.cast(TExpr::constant(ConstValue::i64(1), span), &Type::Scalar(s));
        let minus_one = self.cast(TExpr::constant(ConstValue::i64(-1), span), &Type::Scalar(s));
        let below = self.compare(CmpOp::Lt, x, zero, span);
        let inner = self.select(below, minus_one, x, span);
        let above = self.compare(CmpOp::Gt, x, zero, span);
        self.select(above, one, inner, span)
    }

    /// `np.minimum` / `np.maximum` (a NaN operand gives NaN) and `np.fmin`
    /// / `np.fmax` (a NaN operand is ignored) of operands of type `s`.
    fn min_max_nan(&mut self, u: Ufunc, a: TExpr, b: TExpr, s: Scalar, span: Span) -> TExpr {
        let ty = Type::Scalar(s);
        let pick = match u {
            Ufunc::Minimum | Ufunc::Fmin => Intrinsic::Min,
            _ => Intrinsic::Max,
        };
        let plain = self.intrinsic(pick, [a, b], ty, span);
        if !s.is_float() {
            return plain;
        }
        let a_nan = self.compare(CmpOp::NotEq, a, a, span);
        let b_nan = self.compare(CmpOp::NotEq, b, b, span);
        match u {
            Ufunc::Minimum | Ufunc::Maximum => {
                let inner = self.select(b_nan, b, plain, span);
                self.select(a_nan, a, inner, span)
            }
            _ => {
                let inner = self.select(b_nan, a, plain, span);
                self.select(a_nan, b, inner, span)
            }
        }
    }

    /// `then if cond else otherwise` of one type.
    pub(super) fn select(
        &mut self,
        cond: TExpr,
        then: TExpr,
        otherwise: TExpr,
        span: Span,
    ) -> TExpr {
        let ty = then.ty;
        TExpr {
            kind: TExprKind::Select(self.ex(cond), self.ex(then), self.ex(otherwise)),
            ty,
            span,
        }
    }
}

/// `np.fmin` (for `min`) or `np.fmax`: a NaN operand is ignored.
pub(super) fn min_max_kind(min: bool) -> Ufunc {
    if min {
        Ufunc::Fmin
    } else {
        Ufunc::Fmax
    }
}

/// `op` with its operands swapped (`a < b` is `b > a`).
fn mirror(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::LtE => CmpOp::GtE,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::GtE => CmpOp::LtE,
        op => op,
    }
}

/// `negative`, `square` and `sign` of a `bool` are `int8` (Numba).
fn bool_as_int8(s: Scalar) -> Scalar {
    if s == Scalar::Bool {
        Scalar::I8
    } else {
        s
    }
}
