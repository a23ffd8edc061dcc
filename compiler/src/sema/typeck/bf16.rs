//! bfloat16 (numba-cuda's `__nv_bfloat16`): its operators, the functions
//! of `numba.cuda.bf16` and the `math` functions numba-cuda overloads for
//! it.
//!
//! Types follow numba-cuda: an operator with a bfloat16 operand is
//! resolved as Numba resolves its templates (`bf16` cases added to
//! `BinOp`, `BinOpTrueDiv` and the comparisons; Numba's conversion ratings
//! from `sema/typeconv.rs`), so `bfloat16 + bfloat16` and `bfloat16 +
//! int8` are bfloat16, `bfloat16 * float32` is float32 and `bfloat16 + 1`
//! float64; `//`, `%`, `**`, `abs` and the other `math` functions have no
//! bfloat16 case and take it as a float32. Values are computed exactly in
//! float32 (every bfloat16 is one) and rounded to bfloat16 once: `+ - * /`
//! and `sqrt` of bfloat16 operands in float32 (more than 2 × 8 + 2 bits)
//! round to the bfloat16 an exact computation gives; `hfma` is exact in
//! `lower/bf16.rs`. The operations that are not float32 arithmetic are
//! [`Bf16Prim`] intrinsics.

use super::ufuncs::min_max_kind;
use super::FnChecker;
use crate::front::ast::{BinOp, CmpOp, UnaryOp};
use crate::sema::bf16::{overloads_math, Bf16Fn, Bf16Prim, Bf16Round};
use crate::sema::consts::ConstValue;
use crate::sema::intrinsics::{Intrinsic, MathFn};
use crate::sema::typeconv::{can_convert, choose_signature};
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

const BF16: Type = Type::Scalar(Scalar::BF16);

/// True when `t` is bfloat16.
pub(super) fn is_bf16(t: &Type) -> bool {
    *t == BF16
}

impl FnChecker<'_, '_, '_> {
    /// A call of a `numba.cuda.bf16` function: the arguments convert to
    /// its parameters as Numba converts them (a conversion Numba has no
    /// rule for is an error).
    pub(super) fn bf16_call(&mut self, f: Bf16Fn, args: Vec<TExpr>, span: Span) -> TExpr {
        let (params, ret) = f.signature();
        if args.iter().any(|x| x.ty.is_unknown()) {
            return TExpr::error(span);
        }
        let fits = args.len() == params.len()
            && (args.iter().zip(&params))
                .all(|(x, p)| can_convert(&x.ty, &Type::Scalar(*p)).is_some());
        if !fits {
            let given: Vec<String> = args.iter().map(|x| x.ty.to_string()).collect();
            let wanted: Vec<String> = params
                .iter()
                .map(|p| Type::Scalar(*p).to_string())
                .collect();
            let msg = format!(
                "No implementation of function cuda.bf16.{} found for signature ({}); it takes ({})",
                crate::sema::bf16::name_of(f),
                given.join(", "),
                wanted.join(", ")
            );
            return self.reject(span, &msg, None);
        }
        let args: Vec<TExpr> = (args.into_iter().zip(&params))
            .map(|(x, p)| self.cast(x, &Type::Scalar(*p)))
            .collect();
        let prim = |this: &mut Self, p: Bf16Prim, args: Vec<TExpr>, ty: Type| {
            this.intrinsic(Intrinsic::Bf16(p), args, ty, span)
        };
        match f {
            Bf16Fn::Arith(op) => self.bf16_arith(op, args[0], args[1], span),
            Bf16Fn::Sat(op) => {
                let r = self.bf16_arith(op, args[0], args[1], span);
                prim(self, Bf16Prim::Sat, vec![r], BF16)
            }
            Bf16Fn::Fma | Bf16Fn::FmaSat | Bf16Fn::FmaRelu => {
                let r = prim(self, Bf16Prim::Fma, args, BF16);
                match f {
                    Bf16Fn::FmaSat => prim(self, Bf16Prim::Sat, vec![r], BF16),
                    Bf16Fn::FmaRelu => prim(self, Bf16Prim::Relu, vec![r], BF16),
                    _ => r,
                }
            }
            Bf16Fn::Neg => prim(self, Bf16Prim::Neg, args, BF16),
            Bf16Fn::Abs => prim(self, Bf16Prim::Abs, args, BF16),
            Bf16Fn::Cmp(op, unordered) => {
                prim(self, Bf16Prim::Cmp(op, unordered), args, Type::BOOL)
            }
            Bf16Fn::Max | Bf16Fn::Min => {
                let (x, y) = (
                    self.cast(args[0], &Type::F32),
                    self.cast(args[1], &Type::F32),
                );
                let r = self.ufunc(min_max_kind(f == Bf16Fn::Min), vec![x, y], span);
                self.rounded(r, span)
            }
            Bf16Fn::MaxNan => prim(self, Bf16Prim::MaxNan, args, BF16),
            Bf16Fn::MinNan => prim(self, Bf16Prim::MinNan, args, BF16),
            Bf16Fn::IsNan => {
                let x = self.cast(args[0], &Type::F32);
                self.intrinsic(Intrinsic::Math(MathFn::IsNan), [x], Type::BOOL, span)
            }
            Bf16Fn::IsInf => prim(self, Bf16Prim::IsInf, args, Type::I32),
            Bf16Fn::Math(m) => self.bf16_math(m, args[0], span),
            Bf16Fn::Rint => self.bf16_math(MathFn::Rint, args[0], span),
            Bf16Fn::Exp10 => {
                let ten = TExpr::constant(ConstValue::Float(10.0, Scalar::F32), span);
                let x = self.cast(args[0], &Type::F32);
                let r = self.intrinsic(Intrinsic::Math(MathFn::Pow), [ten, x], Type::F32, span);
                self.rounded(r, span)
            }
            Bf16Fn::Rsqrt | Bf16Fn::Rcp => {
                let x = self.cast(args[0], &Type::F32);
                let x = if f == Bf16Fn::Rsqrt {
                    self.intrinsic(Intrinsic::Math(MathFn::Sqrt), [x], Type::F32, span)
                } else {
                    x
                };
                let one = TExpr::constant(ConstValue::Float(1.0, Scalar::F32), span);
                let r = TExpr {
                    kind: TExprKind::Binary(BinOp::Div, self.ex(one), self.ex(x)),
                    ty: Type::F32,
                    span,
                };
                self.rounded(r, span)
            }
            Bf16Fn::FromFloat(_, mode) | Bf16Fn::FromInt(_, mode) => {
                if mode == Bf16Round::Rn {
                    TExpr {
                        span,
                        ..self.cast(args[0], &BF16)
                    }
                } else {
                    prim(self, Bf16Prim::Round(mode), args, BF16)
                }
            }
            Bf16Fn::ToFloat => TExpr {
                span,
                ..self.cast(args[0], &Type::F32)
            },
            Bf16Fn::ToInt(_, mode) => prim(self, Bf16Prim::ToInt(mode), args, Type::Scalar(ret)),
            Bf16Fn::AsBits(_) | Bf16Fn::FromBits(_) => {
                prim(self, Bf16Prim::Bits, args, Type::Scalar(ret))
            }
        }
    }

    /// A float32 result rounded to bfloat16 (to nearest, ties to even).
    fn rounded(&mut self, r: TExpr, span: Span) -> TExpr {
        TExpr {
            span,
            ..self.cast(r, &BF16)
        }
    }

    /// `a op b` of two bfloat16 (`+ - * /`), computed in float32 and
    /// rounded once.
    fn bf16_arith(&mut self, op: BinOp, a: TExpr, b: TExpr, span: Span) -> TExpr {
        let (x, y) = (self.cast(a, &Type::F32), self.cast(b, &Type::F32));
        let r = TExpr {
            kind: TExprKind::Binary(op, self.ex(x), self.ex(y)),
            ty: Type::F32,
            span,
        };
        self.rounded(r, span)
    }

    /// A `math` function of a bfloat16 (the `h` functions): the float32
    /// function rounded to bfloat16.
    fn bf16_math(&mut self, f: MathFn, a: TExpr, span: Span) -> TExpr {
        let x = self.cast(a, &Type::F32);
        let r = self.intrinsic(Intrinsic::Math(f), [x], Type::F32, span);
        self.rounded(r, span)
    }

    /// The type Numba's templates resolve an operator of `l` and `r` to:
    /// the first of `candidates` with the best conversion rating.
    fn bf16_resolve(&self, l: &TExpr, r: &TExpr, candidates: &[Scalar]) -> Option<Scalar> {
        let sigs: Vec<[Type; 2]> = candidates
            .iter()
            .map(|s| [Type::Scalar(*s), Type::Scalar(*s)])
            .collect();
        let k = choose_signature(sigs.iter().map(|s| &s[..]), &[l.ty, r.ty], &[false, false])?;
        Some(candidates[k])
    }

    /// `l op r` where an operand is a bfloat16.
    pub(super) fn bf16_binary(&mut self, op: BinOp, l: TExpr, r: TExpr, span: Span) -> TExpr {
        let unsupported = |this: &mut Self| {
            let msg = format!(
                "unsupported operand types for {}: {} and {}",
                op.symbol(),
                l.ty,
                r.ty
            );
            this.reject(span, &msg, None)
        };
        match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div => {
                let cands = [Scalar::F32, Scalar::F64, Scalar::BF16];
                let Some(t) = self.bf16_resolve(&l, &r, &cands) else {
                    return unsupported(self);
                };
                let (l, r) = (
                    self.cast(l, &Type::Scalar(t)),
                    self.cast(r, &Type::Scalar(t)),
                );
                if t == Scalar::BF16 {
                    self.bf16_arith(op, l, r, span)
                } else {
                    self.binary(op, l, r, span)
                }
            }
            // No bfloat16 case: Numba's templates take it as a float32.
            BinOp::FloorDiv | BinOp::Mod | BinOp::Pow => {
                if l.ty.scalar().is_none() || r.ty.scalar().is_none() {
                    return unsupported(self);
                }
                let as_f32 = |this: &mut Self, x: TExpr| {
                    if is_bf16(&x.ty) {
                        this.cast(x, &Type::F32)
                    } else {
                        x
                    }
                };
                let (l, r) = (as_f32(self, l), as_f32(self, r));
                self.binary(op, l, r, span)
            }
            _ => unsupported(self),
        }
    }

    /// `l op r` (a comparison) where an operand is a bfloat16: compared
    /// exactly, in the type Numba's templates resolve them to.
    pub(super) fn bf16_compare(&mut self, op: CmpOp, l: TExpr, r: TExpr, span: Span) -> TExpr {
        let cands = [Scalar::F32, Scalar::F64, Scalar::BF16];
        let Some(t) = self.bf16_resolve(&l, &r, &cands) else {
            let msg = format!("cannot compare {} with {}", l.ty, r.ty);
            return self.reject(span, &msg, None);
        };
        // A bfloat16 is exactly a float32.
        let t = if t == Scalar::BF16 {
            Type::F32
        } else {
            Type::Scalar(t)
        };
        let (l, r) = (self.cast(l, &t), self.cast(r, &t));
        self.compare(op, l, r, span)
    }

    /// `op a` of a bfloat16.
    pub(super) fn bf16_unary(&mut self, op: UnaryOp, a: TExpr, span: Span) -> TExpr {
        match op {
            UnaryOp::Pos => TExpr { span, ..a },
            UnaryOp::Neg => self.intrinsic(Intrinsic::Bf16(Bf16Prim::Neg), [a], BF16, span),
            UnaryOp::Not => self.logical_not(a, span),
            UnaryOp::Invert => {
                let msg = format!("unsupported operand type for unary ~: {}", a.ty);
                self.reject(span, &msg, None)
            }
        }
    }

    /// An intrinsic called with a bfloat16 argument, or `None` when no
    /// argument is one. numba-cuda overloads some `math` functions for
    /// bfloat16 (`math.sqrt(x)` is `hsqrt(x)`); `max`/`min` of bfloat16
    /// alone are bfloat16 (of a bfloat16 and another type Numba fails);
    /// `abs`, `cuda.fma`, `cuda.cbrt`, `round` and the other `math`
    /// functions take it as a float32 (its arguments converted in place,
    /// and `None`: the caller types the call). Other intrinsics refuse it.
    pub(super) fn bf16_intrinsic(
        &mut self,
        i: Intrinsic,
        a: &mut [Option<TExpr>],
        span: Span,
    ) -> Option<TExpr> {
        use Intrinsic as I;
        let bf = |x: &Option<TExpr>| x.as_ref().is_some_and(|e| is_bf16(&e.ty));
        if !a.iter().any(bf) {
            return None;
        }
        match i {
            I::Math(f) if overloads_math(f) && a.iter().flatten().count() == 1 => {
                let x = a[0].take()?;
                Some(self.bf16_math(f, x, span))
            }
            I::Max | I::Min => {
                let args: Vec<TExpr> = a.iter_mut().filter_map(Option::take).collect();
                if !args.iter().all(|x| is_bf16(&x.ty)) {
                    return Some(self.reject(
                        span,
                        "max() and min() of a bfloat16 and another type are not supported (numba-cuda cannot unify them)",
                        None,
                    ));
                }
                let mut r = self.cast(args[0], &Type::F32);
                for y in &args[1..] {
                    let y = self.cast(*y, &Type::F32);
                    r = self.ufunc(min_max_kind(i == I::Min), vec![r, y], span);
                }
                Some(self.rounded(r, span))
            }
            I::Math(_) | I::Fma | I::Cbrt | I::Abs | I::Round => {
                for x in a.iter_mut() {
                    if let Some(e) = x.take() {
                        *x = Some(if is_bf16(&e.ty) {
                            self.cast(e, &Type::F32)
                        } else {
                            e
                        });
                    }
                }
                None
            }
            _ => {
                let msg = format!("{} does not take a bfloat16 in kernels", i);
                Some(self.reject(span, &msg, None))
            }
        }
    }
}
