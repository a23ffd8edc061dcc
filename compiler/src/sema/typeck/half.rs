//! `cuda.fp16`: float16 arithmetic, comparisons and math functions.
//!
//! Each is computed in a wider float type and rounded to float16 once:
//! `+ - * /` and `sqrt` of float16 operands computed in float32 (at least
//! 2 × 11 + 2 bits) round to the float16 an exact computation would give;
//! `hfma` goes through float64. The math functions are those of `math` in
//! float32, rounded to float16; `math.sqrt`, `math.exp`, ... of a float16
//! come here too, as numba-cuda computes them with these functions.

use super::ufuncs::min_max_kind;
use super::FnChecker;
use crate::sema::consts::ConstValue;
use crate::sema::intrinsics::{HalfOp, Intrinsic, MathFn};
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

impl FnChecker<'_, '_, '_> {
    /// `cuda.selp(predicate, a, b)`: numba-cuda takes two values of one
    /// type, a 16-, 32- or 64-bit integer or a float32/float64; both are
    /// evaluated, then one is picked.
    pub(super) fn selp(&mut self, args: Vec<TExpr>, span: Span) -> TExpr {
        let [p, a, b] = [args[0], args[1], args[2]];
        if [p, a, b].iter().any(|x| x.ty.is_unknown()) {
            return TExpr::error(span);
        }
        let supported = matches!(
            a.ty.scalar(),
            Some(
                Scalar::F64
                    | Scalar::F32
                    | Scalar::I16
                    | Scalar::U16
                    | Scalar::I32
                    | Scalar::U32
                    | Scalar::I64
                    | Scalar::U64
            )
        );
        if a.ty != b.ty || !supported {
            let msg = format!(
                "cuda.selp() needs two values of one type (a 16-, 32- or 64-bit integer, float32 or float64), not {} and {}",
                a.ty, b.ty
            );
            return self.reject(span, &msg, None);
        }
        let cond = self.truth(p);
        self.with_operands(vec![cond, a, b], span, |this, ops| {
            let ty = ops[1].ty;
            TExpr {
                kind: TExprKind::Select(this.ex(ops[0]), this.ex(ops[1]), this.ex(ops[2])),
                ty,
                span,
            }
        })
    }

    /// `cuda.fp16.<op>(args)`: the operands are converted to float16 (as
    /// the C functions take `__half`), the result is float16 (`bool` for
    /// comparisons).
    pub(super) fn half_op(&mut self, op: HalfOp, args: Vec<TExpr>, span: Span) -> TExpr {
        for x in &args {
            if x.ty.is_unknown() {
                return TExpr::error(span);
            }
            if x.ty.scalar().is_none() {
                let msg = format!(
                    "cuda.fp16.{}() takes float16 numbers, not {}",
                    op.name(),
                    x.ty.describe()
                );
                return self.reject(x.span, &msg, None);
            }
        }
        let halves: Vec<TExpr> = args
            .into_iter()
            .map(|x| self.cast(x, &Type::Scalar(Scalar::F16)))
            .collect();
        let wide = |this: &mut Self, x: &TExpr, s: Scalar| this.cast(*x, &Type::Scalar(s));
        let f32t = Scalar::F32;
        let result = match op {
            HalfOp::Cmp(c) => return self.compare(c, halves[0], halves[1], span),
            HalfOp::Arith(b) => {
                let (x, y) = (wide(self, &halves[0], f32t), wide(self, &halves[1], f32t));
                TExpr {
                    kind: TExprKind::Binary(b, self.ex(x), self.ex(y)),
                    ty: Type::F32,
                    span,
                }
            }
            HalfOp::Neg => {
                let x = wide(self, &halves[0], f32t);
                TExpr {
                    kind: TExprKind::Unary(crate::front::ast::UnaryOp::Neg, self.ex(x)),
                    ty: Type::F32,
                    span,
                }
            }
            HalfOp::Abs => {
                let x = wide(self, &halves[0], f32t);
                self.intrinsic(Intrinsic::Abs, [x], Type::F32, span)
            }
            HalfOp::Fma => {
                let f64t = Scalar::F64;
                let xs: Vec<TExpr> = halves.iter().map(|h| wide(self, h, f64t)).collect();
                self.intrinsic(Intrinsic::Fma, xs, Type::F64, span)
            }
            HalfOp::Max | HalfOp::Min => {
                let (x, y) = (wide(self, &halves[0], f32t), wide(self, &halves[1], f32t));
                let u = min_max_kind(op == HalfOp::Min);
                self.ufunc(u, vec![x, y], span)
            }
            HalfOp::Math(f) => {
                let x = wide(self, &halves[0], f32t);
                self.intrinsic(Intrinsic::Math(f), [x], Type::F32, span)
            }
            HalfOp::Exp10 => {
                let ten = TExpr::constant(ConstValue::Float(10.0, f32t), span);
                let x = wide(self, &halves[0], f32t);
                self.intrinsic(Intrinsic::Math(MathFn::Pow), [ten, x], Type::F32, span)
            }
            HalfOp::Rint => {
                let x = wide(self, &halves[0], f32t);
                self.intrinsic(Intrinsic::Math(MathFn::Rint), [x], Type::F32, span)
            }
            HalfOp::Rsqrt | HalfOp::Rcp => {
                let x = wide(self, &halves[0], f32t);
                let x = if op == HalfOp::Rsqrt {
                    self.intrinsic(Intrinsic::Math(MathFn::Sqrt), [x], Type::F32, span)
                } else {
                    x
                };
                let one = TExpr::constant(ConstValue::Float(1.0, f32t), span);
                TExpr {
                    kind: TExprKind::Binary(
                        crate::front::ast::BinOp::Div,
                        self.ex(one),
                        self.ex(x),
                    ),
                    ty: Type::F32,
                    span,
                }
            }
        };
        TExpr {
            span,
            ..self.cast(result, &Type::Scalar(Scalar::F16))
        }
    }
}
