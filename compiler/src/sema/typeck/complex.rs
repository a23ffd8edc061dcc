//! Typing of complex numbers, by Numba's rules: imaginary literals,
//! `complex()`, `np.complex64(x)`, `.real`/`.imag`/`.conjugate()`,
//! arithmetic and comparisons with a complex operand, `abs`, and `cmath`.
//!
//! A complex value is `Type::Complex(part)`; the result of arithmetic is
//! complex with the part type the parts' arithmetic would have
//! ([`complex_arith_result`]). Numba has no conversion from complex to a
//! real type, so none is made implicitly.

use super::FnChecker;
use crate::front::ast::{BinOp, CmpOp, UnaryOp};
use crate::sema::consts::ConstValue;
use crate::sema::intrinsics::{Callee, CmathFn, Intrinsic};
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

impl FnChecker<'_, '_, '_> {
    /// `vj`: complex128 with a zero real part.
    pub(super) fn imaginary_literal(&mut self, v: f64, span: Span) -> TExpr {
        let re = TExpr::constant(ConstValue::Float(0.0, Scalar::F64), span);
        let im = TExpr::constant(ConstValue::Float(v, Scalar::F64), span);
        self.intrinsic(
            Intrinsic::MakeComplex,
            [re, im],
            Type::Complex(Scalar::F64),
            span,
        )
    }

    /// `complex(x)` and `complex(re, im)` (Numba's `Complex` template):
    /// complex64 when every argument is float32, complex128 otherwise; the
    /// arguments are integers or floats (one complex argument converts).
    pub(super) fn complex_builtin(&mut self, args: Vec<TExpr>, span: Span) -> TExpr {
        if args.iter().any(|a| a.ty.is_unknown()) {
            return TExpr::error(span);
        }
        let is_number = |t: &Type| match t {
            Type::Scalar(s) => s.is_int() || matches!(s, Scalar::F32 | Scalar::F64),
            Type::Complex(_) => true,
            _ => false,
        };
        if let Some(bad) = args.iter().find(|a| !is_number(&a.ty)) {
            let msg = format!(
                "complex() takes integers, float32/float64 and complex numbers, not {}",
                bad.ty.describe()
            );
            return self.reject_call(bad.span, &msg);
        }
        let all_f32 = args.iter().all(|a| a.ty == Type::F32);
        let part = if all_f32 { Scalar::F32 } else { Scalar::F64 };
        match <[TExpr; 2]>::try_from(args) {
            Ok([re, im]) => {
                if let Some(z) = [&re, &im].into_iter().find(|a| a.ty.is_complex()) {
                    let msg = format!(
                        "complex(real, imag) takes real numbers, not {}",
                        z.ty.describe()
                    );
                    return self.reject_call(z.span, &msg);
                }
                let (re, im) = (
                    self.cast(re, &Type::Scalar(part)),
                    self.cast(im, &Type::Scalar(part)),
                );
                self.intrinsic(Intrinsic::MakeComplex, [re, im], Type::Complex(part), span)
            }
            Err(args) => {
                let x = args.into_iter().next().expect("one argument");
                TExpr {
                    span,
                    ..self.cast(x, &Type::Complex(part))
                }
            }
        }
    }

    /// `np.complex64(x)`, `complex128(x)`: a number converted to complex.
    pub(super) fn complex_cast(&mut self, x: TExpr, part: Scalar, span: Span) -> TExpr {
        match x.ty {
            Type::Unknown => TExpr::error(span),
            Type::Scalar(_) | Type::Complex(_) => TExpr {
                span,
                ..self.cast(x, &Type::Complex(part))
            },
            other => {
                let msg = format!(
                    "{}() needs a number, not {}",
                    complex_name(part),
                    other.describe()
                );
                self.reject_call(x.span, &msg)
            }
        }
    }

    /// `x.real`, `x.imag` of a number (an integer or float is its own real
    /// part and has a zero imaginary part, as in Numba); `None` for other
    /// attributes and types.
    pub(super) fn number_part_attr(
        &mut self,
        base: &TExpr,
        name: &str,
        span: Span,
    ) -> Option<TExpr> {
        let real = match name {
            "real" => true,
            "imag" => false,
            _ => return None,
        };
        match base.ty {
            Type::Complex(part) => {
                let i = if real {
                    Intrinsic::Real
                } else {
                    Intrinsic::Imag
                };
                Some(self.intrinsic(i, [*base], Type::Scalar(part), span))
            }
            Type::Scalar(s) if s.is_int() || s.is_float() => Some(if real {
                TExpr { span, ..*base }
            } else {
                let zero = if s.is_float() {
                    ConstValue::Float(0.0, s)
                } else {
                    ConstValue::int(0, s)
                };
                TExpr::constant(zero, span)
            }),
            _ => None,
        }
    }

    /// `x.conjugate()` of a number.
    pub(super) fn conjugate(&mut self, x: TExpr, span: Span) -> TExpr {
        match x.ty {
            Type::Unknown => TExpr::error(span),
            Type::Complex(_) => self.intrinsic(Intrinsic::Conjugate, [x], x.ty, span),
            Type::Scalar(s) if s.is_int() || s.is_float() => TExpr { span, ..x },
            other => {
                let msg = format!("{} has no method 'conjugate'", other.describe());
                self.reject_call(span, &msg)
            }
        }
    }

    /// `a op b` with a complex operand: `+ - * / **` give complex numbers;
    /// the other operators are not defined on complex numbers.
    pub(super) fn complex_binary(&mut self, op: BinOp, l: TExpr, r: TExpr, span: Span) -> TExpr {
        let part = match (op, complex_arith_result(&l.ty, &r.ty)) {
            (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Pow, Some(part)) => part,
            _ => {
                let msg = format!(
                    "unsupported operand types for {}: {} and {}",
                    op.symbol(),
                    l.ty,
                    r.ty
                );
                let help = match op {
                    BinOp::FloorDiv | BinOp::Mod => {
                        Some("`//` and `%` are not defined on complex numbers")
                    }
                    _ => None,
                };
                return self.reject(span, &msg, help);
            }
        };
        let t = Type::Complex(part);
        let (l, r) = (self.cast(l, &t), self.cast(r, &t));
        TExpr {
            kind: TExprKind::Binary(op, self.ex(l), self.ex(r)),
            ty: t,
            span,
        }
    }

    /// `a == b`, `a != b` with a complex operand (complex numbers have no
    /// order).
    pub(super) fn complex_compare(&mut self, op: CmpOp, l: TExpr, r: TExpr, span: Span) -> TExpr {
        let part = match (op, unify(&l.ty, &r.ty)) {
            (CmpOp::Eq | CmpOp::NotEq, Some(Type::Complex(part))) => part,
            _ => {
                let msg = format!(
                    "cannot compare {} with {} using {}",
                    l.ty,
                    r.ty,
                    op.symbol()
                );
                return self.reject(
                    span,
                    &msg,
                    Some("complex numbers are only compared with == and !="),
                );
            }
        };
        let t = Type::Complex(part);
        let (l, r) = (self.cast(l, &t), self.cast(r, &t));
        TExpr {
            kind: TExprKind::Compare(op, self.ex(l), self.ex(r)),
            ty: Type::BOOL,
            span,
        }
    }

    /// `-z`, `+z` (`not z` is a truth test; `~z` is an error).
    pub(super) fn complex_unary(&mut self, op: UnaryOp, a: TExpr, span: Span) -> TExpr {
        match op {
            UnaryOp::Neg => TExpr {
                kind: TExprKind::Unary(op, self.ex(a)),
                ty: a.ty,
                span,
            },
            UnaryOp::Pos => TExpr { span, ..a },
            UnaryOp::Not => self.logical_not(a, span),
            UnaryOp::Invert => {
                let msg = format!("unsupported operand type for unary ~: {}", a.ty);
                self.reject(span, &msg, Some("`~` needs an integer operand"))
            }
        }
    }

    /// `abs(z)`: the modulus, of the part type.
    pub(super) fn complex_abs(&mut self, z: TExpr, part: Scalar, span: Span) -> TExpr {
        self.intrinsic(Intrinsic::Abs, [z], Type::Scalar(part), span)
    }

    /// `cmath.log(z, base)`, as Numba computes it: `log(z) / log(base)`,
    /// both converted to one complex type (numba-cuda's cases are
    /// `(complex64, complex64)` and `(complex128, complex128)`; a float32
    /// converts to complex64, other numbers to complex128).
    fn cmath_log_base(&mut self, z: TExpr, base: TExpr, span: Span) -> TExpr {
        let mut parts = [Scalar::F32; 2];
        for (slot, a) in parts.iter_mut().zip([&z, &base]) {
            *slot = match a.ty {
                Type::Complex(part) => part,
                Type::Scalar(Scalar::F32) => Scalar::F32,
                Type::Scalar(s) if s.is_int() || s == Scalar::F64 => Scalar::F64,
                other => {
                    let msg = format!("cmath.log() needs a number, not {}", other.describe());
                    return self.reject_call(a.span, &msg);
                }
            };
        }
        let t = Type::Complex(parts[0].promote(parts[1]));
        let log = Intrinsic::Cmath(CmathFn::Log);
        let (z, base) = (self.cast(z, &t), self.cast(base, &t));
        let (zs, bs) = (z.span, base.span);
        let num = self.intrinsic(log, [z], t, zs);
        let den = self.intrinsic(log, [base], t, bs);
        TExpr {
            kind: TExprKind::Binary(BinOp::Div, self.ex(num), self.ex(den)),
            ty: t,
            span,
        }
    }

    /// A `cmath` function. Numba's signatures take complex numbers (an
    /// integer or float argument converts: float32 to complex64, the
    /// others to complex128); `phase` and `polar` take complex numbers
    /// only, `rect` two floats (complex64 when both are float32).
    pub(super) fn cmath_call(
        &mut self,
        f: CmathFn,
        name: Callee,
        args: Vec<TExpr>,
        span: Span,
    ) -> TExpr {
        if args.iter().any(|a| a.ty.is_unknown()) {
            return TExpr::error(span);
        }
        let i = Intrinsic::Cmath(f);
        if f == CmathFn::Rect {
            let [r, phi] = [args[0], args[1]];
            let floats = |t: Type| matches!(t, Type::Scalar(Scalar::F32 | Scalar::F64));
            let part = match (r.ty, phi.ty) {
                (Type::Scalar(a), Type::Scalar(b)) if floats(r.ty) && floats(phi.ty) => {
                    a.promote(b)
                }
                _ => {
                    let msg = format!(
                        "{name}() takes two floats (float32 or float64), not {} and {}",
                        r.ty, phi.ty
                    );
                    return self.reject_call(span, &msg);
                }
            };
            return self.intrinsic(i, [r, phi], Type::Complex(part), span);
        }
        if f == CmathFn::Log && args.len() == 2 {
            return self.cmath_log_base(args[0], args[1], span);
        }
        let z = args[0];
        let part = match z.ty {
            Type::Complex(part) => part,
            Type::Scalar(s)
                if !matches!(f, CmathFn::Phase | CmathFn::Polar)
                    && (s.is_int() || matches!(s, Scalar::F32 | Scalar::F64)) =>
            {
                complex_part(if s == Scalar::F32 { s } else { Scalar::F64 })
            }
            other => {
                let what = if matches!(f, CmathFn::Phase | CmathFn::Polar) {
                    "a complex number"
                } else {
                    "a number"
                };
                let msg = format!("{name}() needs {what}, not {}", other.describe());
                return self.reject_call(z.span, &msg);
            }
        };
        let z = self.cast(z, &Type::Complex(part));
        let ty = match f {
            CmathFn::IsNan | CmathFn::IsInf | CmathFn::IsFinite => Type::BOOL,
            CmathFn::Phase => Type::Scalar(part),
            CmathFn::Polar => Type::uni_tuple(Type::Scalar(part), 2),
            // Numba's overloads of these widen a complex64 argument's
            // result (their implementations mix in float64 constants).
            CmathFn::Log10 | CmathFn::Tanh | CmathFn::Acosh => Type::Complex(Scalar::F64),
            _ => Type::Complex(part),
        };
        self.intrinsic(i, [z], ty, span)
    }
}
