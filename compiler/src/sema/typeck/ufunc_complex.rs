//! NumPy ufuncs of complex numbers (`np.sin(z)`, `np.greater(z, w)`,
//! `np.maximum(z, w)`), typed by Numba's ufunc loops and computed as
//! numba-cuda's `ufunc_db` does: the `F->F` / `D->D` loops of the
//! elementary functions are `cmath`'s (`log2` is `log` times `log2(e)`),
//! comparisons order complex numbers lexicographically (NumPy's `CGT`,
//! `CGE`... macros: a NaN imaginary part makes a strict real-part order
//! false), the logical ufuncs test `z != 0`, and `maximum` / `minimum` /
//! `fmax` / `fmin` pick by that order with NumPy's NaN preferences
//! (`npyfuncs.np_complex_maximum_impl` and its siblings). The complex
//! loops numba-cuda 0.30 does not compile in kernels (`negative`,
//! `square`, `rint`, `exp2`... stop it with a `KeyError`) are errors.

use super::FnChecker;
use crate::front::ast::{BinOp, CmpOp};
use crate::sema::consts::ConstValue;
use crate::sema::intrinsics::{Callee, CmathFn, Intrinsic, MathFn, Ufunc};
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

/// `log2(e)`, NumPy's `NPY_LOG2E`.
const LOG2E: f64 = std::f64::consts::LOG2_E;

/// The part type of the complex loop a ufunc picks for arguments of types
/// `tys`, one of them complex: complex64 when every argument casts to it
/// safely (integers of any width do when they are mixed with floats or
/// complex numbers, Numba's `ufunc_can_cast`), else complex128.
fn complex_loop(tys: &[Type]) -> Scalar {
    let mixed = tys.iter().any(|t| t.scalar().is_some_and(|s| s.is_int()));
    let wide = tys.iter().any(|t| match t {
        Type::Complex(p) => *p == Scalar::F64,
        Type::Scalar(s) if s.is_float() => *s == Scalar::F64,
        Type::Scalar(s) if s.is_int() && !mixed => super::ufuncs::float_loop(*s) == Scalar::F64,
        _ => false,
    });
    if wide {
        Scalar::F64
    } else {
        Scalar::F32
    }
}

/// The `cmath` function of a float ufunc's complex loop.
fn cmath_of(f: MathFn) -> Option<CmathFn> {
    Some(match f {
        MathFn::Sqrt => CmathFn::Sqrt,
        MathFn::Exp => CmathFn::Exp,
        MathFn::Log => CmathFn::Log,
        MathFn::Log10 => CmathFn::Log10,
        MathFn::Sin => CmathFn::Sin,
        MathFn::Cos => CmathFn::Cos,
        MathFn::Tan => CmathFn::Tan,
        MathFn::Asin => CmathFn::Asin,
        MathFn::Acos => CmathFn::Acos,
        MathFn::Atan => CmathFn::Atan,
        MathFn::Sinh => CmathFn::Sinh,
        MathFn::Cosh => CmathFn::Cosh,
        MathFn::Tanh => CmathFn::Tanh,
        MathFn::Asinh => CmathFn::Asinh,
        MathFn::Acosh => CmathFn::Acosh,
        MathFn::Atanh => CmathFn::Atanh,
        _ => return None,
    })
}

impl FnChecker<'_, '_, '_> {
    /// `np.<u>(args)` with at least one complex argument.
    pub(super) fn complex_ufunc(&mut self, u: Ufunc, args: Vec<TExpr>, span: Span) -> TExpr {
        for x in &args {
            if !(x.ty.is_complex() || x.ty.scalar().is_some()) {
                let msg = format!(
                    "np.{}() takes numbers in kernels, not {}",
                    u.name(),
                    x.ty.describe()
                );
                return self.reject(x.span, &msg, Some("call it element by element"));
            }
        }
        let tys: Vec<Type> = args.iter().map(|x| x.ty).collect();
        let part = complex_loop(&tys);
        let ct = Type::Complex(part);
        let args: Vec<TExpr> = args.into_iter().map(|x| self.cast(x, &ct)).collect();
        match u {
            Ufunc::Float(MathFn::Log2) => {
                let name = Callee::Ufunc(u);
                let z = self.cmath_call(CmathFn::Log, name, args, span);
                let z = self.cast(z, &ct);
                // Each part times log2(e) (a complex product would turn
                // log(0)'s zero imaginary part into NaN).
                let z = self.with_operands(vec![z], span, |this, z| {
                    let k = TExpr::constant(ConstValue::Float(LOG2E, part), span);
                    let (re, im) = (this.part(z[0], false, span), this.part(z[0], true, span));
                    let re = this.binary(BinOp::Mul, k, re, span);
                    let im = this.binary(BinOp::Mul, k, im, span);
                    this.complex_builtin(vec![re, im], span)
                });
                self.cast(z, &ct)
            }
            Ufunc::Float(f) if cmath_of(f).is_some() => {
                let cf = cmath_of(f).expect("checked by the guard");
                let z = self.cmath_call(cf, Callee::Ufunc(u), args, span);
                self.cast(z, &ct)
            }
            Ufunc::Predicate(f) => {
                let cf = match f {
                    MathFn::IsNan => CmathFn::IsNan,
                    MathFn::IsInf => CmathFn::IsInf,
                    _ => CmathFn::IsFinite,
                };
                self.cmath_call(cf, Callee::Ufunc(u), args, span)
            }
            Ufunc::Absolute => self.complex_abs(args[0], part, span),
            Ufunc::Compare(op) => self.with_operands(args, span, |this, z| {
                this.complex_order(op, z[0], z[1], span)
            }),
            Ufunc::Logical(op) => self.with_operands(args, span, |this, z| {
                let (a, b) = (
                    this.complex_truth(z[0], span),
                    this.complex_truth(z[1], span),
                );
                if op == BinOp::BitXor {
                    return this.compare(CmpOp::NotEq, a, b, span);
                }
                this.bools(op, a, b, span)
            }),
            Ufunc::LogicalNot => self.with_operands(args, span, |this, z| {
                let t = this.complex_truth(z[0], span);
                this.compare(
                    CmpOp::Eq,
                    t,
                    TExpr::constant(ConstValue::Bool(false), span),
                    span,
                )
            }),
            Ufunc::Minimum | Ufunc::Maximum | Ufunc::Fmin | Ufunc::Fmax => {
                self.with_operands(args, span, |this, z| {
                    this.complex_min_max(u, z[0], z[1], span)
                })
            }
            Ufunc::Conjugate => self.conjugate(args[0], span),
            Ufunc::Divide => self.with_operands(args, span, |this, z| {
                this.complex_divide(z[0], z[1], part, span)
            }),
            _ => {
                let msg = format!(
                    "np.{}() of complex numbers is not supported in kernels",
                    u.name()
                );
                self.reject(span, &msg, None)
            }
        }
    }

    /// The real (`imag` false) or imaginary part of the repeatable
    /// complex expression `z`.
    fn part(&mut self, z: TExpr, imag: bool, span: Span) -> TExpr {
        let name = if imag { "imag" } else { "real" };
        self.number_part_attr(&z, name, span)
            .expect("a complex number has parts")
    }

    /// `a & b` or `a | b` of two `bool`s.
    fn bools(&mut self, op: BinOp, a: TExpr, b: TExpr, span: Span) -> TExpr {
        TExpr {
            kind: TExprKind::Binary(op, self.ex(a), self.ex(b)),
            ty: Type::BOOL,
            span,
        }
    }

    /// `np.divide` of complex numbers `a / b`: NumPy's loop (Smith's
    /// algorithm, numba-cuda's `np_complex_div_impl`), which differs from
    /// the `/` operator's (CPython's `_Py_c_quot`): a zero divisor gives
    /// inf or NaN parts instead of raising, and the quotient is scaled by
    /// `1 / d` rather than divided by `d`. Both branches are computed and
    /// one is selected (float division does not trap).
    fn complex_divide(&mut self, a: TExpr, b: TExpr, part: Scalar, span: Span) -> TExpr {
        let ft = Type::Scalar(part);
        let (ar, ai) = (self.part(a, false, span), self.part(a, true, span));
        let (br, bi) = (self.part(b, false, span), self.part(b, true, span));
        let abs_br = self.intrinsic(Intrinsic::Math(MathFn::Fabs), [br], ft, span);
        let abs_bi = self.intrinsic(Intrinsic::Math(MathFn::Fabs), [bi], ft, span);
        self.with_operands(vec![ar, ai, br, bi, abs_br, abs_bi], span, |this, v| {
            let [ar, ai, br, bi, abs_br, abs_bi] = [v[0], v[1], v[2], v[3], v[4], v[5]];
            let one = TExpr::constant(ConstValue::Float(1.0, part), span);
            let zero = TExpr::constant(ConstValue::Float(0.0, part), span);
            // |br| >= |bi| ("wide"): rat = bi / br, scl = 1 / (br + bi*rat);
            // else rat = br / bi, scl = 1 / (bi + br*rat).
            let rat_w = this.binary_same(BinOp::Div, bi, br, span);
            let rat_t = this.binary_same(BinOp::Div, br, bi, span);
            this.with_operands(vec![rat_w, rat_t], span, |this, r| {
                let (rat_w, rat_t) = (r[0], r[1]);
                let scl_of = |this: &mut Self, big, small, rat| {
                    let t = this.binary_same(BinOp::Mul, small, rat, span);
                    let d = this.binary_same(BinOp::Add, big, t, span);
                    this.binary_same(BinOp::Div, one, d, span)
                };
                let scl_w = scl_of(this, br, bi, rat_w);
                let scl_t = scl_of(this, bi, br, rat_t);
                this.with_operands(vec![scl_w, scl_t], span, |this, s| {
                    let (scl_w, scl_t) = (s[0], s[1]);
                    let b = |this: &mut Self, op, x, y| this.binary_same(op, x, y, span);
                    // (ar + ai*rat) * scl, (ai - ar*rat) * scl
                    let t = b(this, BinOp::Mul, ai, rat_w);
                    let t = b(this, BinOp::Add, ar, t);
                    let re_w = b(this, BinOp::Mul, t, scl_w);
                    let t = b(this, BinOp::Mul, ar, rat_w);
                    let t = b(this, BinOp::Sub, ai, t);
                    let im_w = b(this, BinOp::Mul, t, scl_w);
                    // (ar*rat + ai) * scl, (ai*rat - ar) * scl
                    let t = b(this, BinOp::Mul, ar, rat_t);
                    let t = b(this, BinOp::Add, t, ai);
                    let re_t = b(this, BinOp::Mul, t, scl_t);
                    let t = b(this, BinOp::Mul, ai, rat_t);
                    let t = b(this, BinOp::Sub, t, ar);
                    let im_t = b(this, BinOp::Mul, t, scl_t);
                    // A zero divisor: each part over its zero (inf or NaN).
                    let re_0 = b(this, BinOp::Div, ar, abs_br);
                    let im_0 = b(this, BinOp::Div, ai, abs_bi);
                    let r_is_0 = this.compare(CmpOp::Eq, abs_br, zero, span);
                    let i_is_0 = this.compare(CmpOp::Eq, abs_bi, zero, span);
                    let is_0 = this.bools(BinOp::BitAnd, r_is_0, i_is_0, span);
                    let wide = this.compare(CmpOp::GtE, abs_br, abs_bi, span);
                    let re = this.select(is_0, re_0, re_w, span);
                    let im = this.select(is_0, im_0, im_w, span);
                    let re = this.select(wide, re, re_t, span);
                    let im = this.select(wide, im, im_t, span);
                    this.complex_builtin(vec![re, im], span)
                })
            })
        })
    }

    /// `z != 0` (a NaN part is true), numba-cuda's `_complex_is_true`.
    fn complex_truth(&mut self, z: TExpr, span: Span) -> TExpr {
        let (re, im) = (self.part(z, false, span), self.part(z, true, span));
        let zero = TExpr::constant(ConstValue::i64(0), span);
        let a = self.compare(CmpOp::NotEq, re, zero, span);
        let b = self.compare(CmpOp::NotEq, im, zero, span);
        self.bools(BinOp::BitOr, a, b, span)
    }

    /// `z` is NaN: either part is.
    fn complex_is_nan(&mut self, z: TExpr, span: Span) -> TExpr {
        let (re, im) = (self.part(z, false, span), self.part(z, true, span));
        let a = self.compare(CmpOp::NotEq, re, re, span);
        let b = self.compare(CmpOp::NotEq, im, im, span);
        self.bools(BinOp::BitOr, a, b, span)
    }

    /// NumPy's order of repeatable complex numbers `x op y`: `==` and `!=`
    /// part by part; `<` is `(xr < yr && xi, yi not NaN) || (xr == yr &&
    /// xi < yi)`, and so on (numba-cuda's `np_complex_lt_impl`...).
    fn complex_order(&mut self, op: CmpOp, x: TExpr, y: TExpr, span: Span) -> TExpr {
        let (xr, xi) = (self.part(x, false, span), self.part(x, true, span));
        let (yr, yi) = (self.part(y, false, span), self.part(y, true, span));
        match op {
            CmpOp::Eq => {
                let a = self.compare(CmpOp::Eq, xr, yr, span);
                let b = self.compare(CmpOp::Eq, xi, yi, span);
                self.bools(BinOp::BitAnd, a, b, span)
            }
            CmpOp::NotEq => {
                let a = self.compare(CmpOp::NotEq, xr, yr, span);
                let b = self.compare(CmpOp::NotEq, xi, yi, span);
                self.bools(BinOp::BitOr, a, b, span)
            }
            _ => {
                let strict = match op {
                    CmpOp::Lt | CmpOp::LtE => CmpOp::Lt,
                    _ => CmpOp::Gt,
                };
                let real_order = self.compare(strict, xr, yr, span);
                let xi_num = self.compare(CmpOp::Eq, xi, xi, span);
                let yi_num = self.compare(CmpOp::Eq, yi, yi, span);
                let ordered = self.bools(BinOp::BitAnd, xi_num, yi_num, span);
                let first = self.bools(BinOp::BitAnd, real_order, ordered, span);
                let real_eq = self.compare(CmpOp::Eq, xr, yr, span);
                let imag_order = self.compare(op, xi, yi, span);
                let second = self.bools(BinOp::BitAnd, real_eq, imag_order, span);
                self.bools(BinOp::BitOr, first, second, span)
            }
        }
    }

    /// `np.maximum` / `np.minimum` (a NaN operand is the result, the first
    /// if both are) and `np.fmax` / `np.fmin` (a NaN operand is ignored)
    /// of repeatable complex numbers, by NumPy's order.
    fn complex_min_max(&mut self, u: Ufunc, a: TExpr, b: TExpr, span: Span) -> TExpr {
        let a_nan = self.complex_is_nan(a, span);
        let b_nan = self.complex_is_nan(b, span);
        let any_nan = self.bools(BinOp::BitOr, a_nan, b_nan, span);
        let nan_result = match u {
            Ufunc::Maximum | Ufunc::Minimum => self.select(a_nan, a, b, span),
            _ => self.select(b_nan, a, b, span),
        };
        let order = match u {
            Ufunc::Maximum | Ufunc::Fmax => CmpOp::GtE,
            _ => CmpOp::LtE,
        };
        let pick_a = self.complex_order(order, a, b, span);
        let plain = self.select(pick_a, a, b, span);
        self.select(any_nan, nan_result, plain, span)
    }
}
