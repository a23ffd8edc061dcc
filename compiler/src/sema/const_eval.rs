//! Evaluation of constant expressions written in the source.
//!
//! Used for module-level constants (`TPB = 16`, `N = TPB * 4`,
//! `TWO_PI = 2 * math.pi`), for the shapes of shared and local arrays, and
//! for arguments that must be known at compile time (`cuda.grid(2)`).
//! Names are looked up through a [`ConstEnv`], so the same evaluator serves
//! the module level (constants defined so far) and function bodies (names
//! already resolved, where a local variable is a "runtime value").

use super::consts::{fold_binary, fold_compare, fold_unary, round_float, ConstValue};
use super::intrinsics::{Callee, Intrinsic, MathFn, Member};
use crate::front::ast::{BinOp, BoolOp, ExprId, ExprKind, Module, UnaryOp};
use crate::span::Span;
use crate::types::Scalar;

/// Why an expression is not a compile-time constant.
#[derive(Clone, PartialEq, Debug)]
pub struct NotConst {
    /// The sub-expression that is not constant.
    pub span: Span,
    /// Why, e.g. "'n' is a runtime value".
    pub reason: String,
    /// The expression is made of constants, but its value does not fit
    /// in 64 bits: an error wherever it is written, not a host value.
    pub overflow: bool,
}

/// What a name (or dotted path) denotes, as far as constants care.
pub enum ConstLookup {
    /// A constant value.
    Value(ConstValue),
    /// A namespace member (dtype, math function, `math.pi`).
    Member(Member),
    /// Not a constant; the string says why (e.g. "'n' is a runtime value").
    NotConst(String),
}

/// Resolves names and attribute paths for the evaluator.
pub trait ConstEnv {
    /// Looks up a `Name` or `Attribute` expression.
    fn lookup(&self, expr: ExprId) -> ConstLookup;
}

/// Evaluates expression `id` of `module` at compile time.
pub fn eval(module: &Module, id: ExprId, env: &dyn ConstEnv) -> Result<ConstValue, NotConst> {
    let expr = module.expr(id);
    let eval = |e: ExprId| eval(module, e, env);
    let not_const = |reason: &str| NotConst {
        span: expr.span,
        reason: reason.to_string(),
        overflow: false,
    };
    // Integer arithmetic is Python's, unbounded: its value must fit at
    // the end, not at every step (`2**63 - 1` is int64's maximum).
    if let Some(r) = eval_python_int(module, id, env) {
        return r.map_err(|reason| NotConst {
            span: expr.span,
            reason,
            overflow: true,
        });
    }
    match &expr.kind {
        ExprKind::Int(v) => {
            if *v <= i64::MAX as u64 {
                Ok(ConstValue::int(*v as i128, Scalar::I64))
            } else {
                Ok(ConstValue::int(*v as i128, Scalar::U64))
            }
        }
        ExprKind::Float(v) => Ok(ConstValue::Float(*v, Scalar::F64)),
        ExprKind::Bool(b) => Ok(ConstValue::Bool(*b)),
        ExprKind::Name(_) | ExprKind::Attribute { .. } => match env.lookup(id) {
            ConstLookup::Value(v) => Ok(v),
            ConstLookup::Member(Member::FloatConst(v)) => Ok(ConstValue::Float(v, Scalar::F64)),
            ConstLookup::Member(_) => Err(not_const("this is a function or type, not a value")),
            ConstLookup::NotConst(reason) => Err(NotConst {
                span: expr.span,
                reason,
                overflow: false,
            }),
        },
        ExprKind::Tuple(items) => {
            let values: Result<Vec<_>, _> = module.exprs(*items).iter().map(|&e| eval(e)).collect();
            Ok(ConstValue::Tuple(values?.into()))
        }
        ExprKind::BinOp { op, left, right } => {
            let (a, b) = (eval(*left)?, eval(*right)?);
            fold_binary(*op, &a, &b).ok_or_else(|| {
                not_const(&format!(
                    "'{}' of these constants cannot be computed at compile time",
                    op.symbol()
                ))
            })
        }
        ExprKind::UnaryOp { op, operand } => {
            let mut a = eval(*operand)?;
            // CPython folds `~True` as an int (-2), as it runs `~` on a bool
            // anywhere; `~` of a bool that is not a literal is typed as Numba
            // types it (logical not), by `fold_unary`.
            if let (UnaryOp::Invert, ExprKind::Bool(b)) = (op, &module.expr(*operand).kind) {
                a = ConstValue::i64(i64::from(*b));
            }
            fold_unary(*op, &a).ok_or_else(|| not_const("invalid operand for a unary operator"))
        }
        ExprKind::Compare { left, ops } => {
            let mut lhs = eval(*left)?;
            for &(op, right) in module.comparisons(*ops) {
                let rhs = eval(right)?;
                match fold_compare(op, &lhs, &rhs) {
                    Some(true) => lhs = rhs,
                    Some(false) => return Ok(ConstValue::Bool(false)),
                    None => return Err(not_const("this comparison is not a constant")),
                }
            }
            Ok(ConstValue::Bool(true))
        }
        ExprKind::BoolOp { op, values } => {
            let mut last = None;
            for &v in module.exprs(*values) {
                let c = eval(v)?;
                let decides = match op {
                    BoolOp::And => !c.truthy(),
                    BoolOp::Or => c.truthy(),
                };
                if decides {
                    return Ok(c);
                }
                last = Some(c);
            }
            last.ok_or_else(|| not_const("empty boolean expression"))
        }
        ExprKind::IfExp { test, body, orelse } => {
            if eval(*test)?.truthy() {
                eval(*body)
            } else {
                eval(*orelse)
            }
        }
        ExprKind::Subscript { value, index } => {
            let v = eval(*value)?;
            let i = eval(*index)?;
            match (&v, i.as_int()) {
                (ConstValue::Tuple(items), Some(k)) => {
                    let n = items.len() as i128;
                    let k = if k < 0 { k + n } else { k };
                    if (0..n).contains(&k) {
                        Ok(items[k as usize])
                    } else {
                        Err(not_const("tuple index out of range"))
                    }
                }
                _ => Err(not_const(
                    "only constant tuples can be indexed at compile time",
                )),
            }
        }
        ExprKind::Call {
            func,
            args,
            keywords,
        } if keywords.is_empty() => {
            let callee = match env.lookup(*func) {
                ConstLookup::Member(Member::Func(c)) => c,
                ConstLookup::Member(Member::Dtype(s)) => Callee::Cast(s),
                _ => {
                    return Err(not_const(
                        "only conversions and math functions of constants are constant",
                    ))
                }
            };
            let values: Vec<ConstValue> = module
                .exprs(*args)
                .iter()
                .map(|&a| eval(a))
                .collect::<Result<_, _>>()?;
            eval_call(callee, &values)
                .ok_or_else(|| not_const("this call cannot be computed at compile time"))
        }
        _ => Err(not_const("this expression is not a compile-time constant")),
    }
}

fn eval_call(callee: Callee, args: &[ConstValue]) -> Option<ConstValue> {
    match (callee, args) {
        (Callee::Cast(s), [a]) => a.convert(s.scalar()?),
        (Callee::Float, [a]) => a.convert(float_of(a.scalar_type()?)),
        (Callee::Int, [a]) => a.convert(int_of(a.scalar_type()?)),
        (Callee::Bool, [a]) => Some(ConstValue::Bool(a.truthy())),
        (Callee::Len, [ConstValue::Tuple(items)]) => Some(ConstValue::i64(items.len() as i64)),
        (Callee::Intrinsic(Intrinsic::Abs), [a]) => match a {
            ConstValue::Int(v, s) => Some(ConstValue::int(v.get().abs(), *s)),
            ConstValue::Float(v, s) => Some(ConstValue::Float(v.abs(), *s)),
            _ => None,
        },
        (Callee::Intrinsic(i @ (Intrinsic::Min | Intrinsic::Max)), [first, rest @ ..]) => {
            let mut best = *first;
            for v in rest {
                let better = fold_compare(
                    if i == Intrinsic::Min {
                        crate::front::ast::CmpOp::Lt
                    } else {
                        crate::front::ast::CmpOp::Gt
                    },
                    v,
                    &best,
                )?;
                if better {
                    best = *v;
                }
            }
            Some(best)
        }
        (Callee::Intrinsic(Intrinsic::Round), [a]) => {
            let v = a.as_f64()?;
            let r = v.round_ties_even();
            r.is_finite().then(|| ConstValue::i64(r as i64))
        }
        (Callee::Intrinsic(Intrinsic::Math(f)), [a]) => {
            let s = a.scalar_type()?;
            let out = if s == Scalar::F32 {
                Scalar::F32
            } else {
                Scalar::F64
            };
            let x = a.as_f64()?;
            let v = match f {
                MathFn::Sqrt => x.sqrt(),
                MathFn::Exp => x.exp(),
                MathFn::Exp2 => x.exp2(),
                MathFn::Log => x.ln(),
                MathFn::Log2 => x.log2(),
                MathFn::Log10 => x.log10(),
                MathFn::Sin => x.sin(),
                MathFn::Cos => x.cos(),
                MathFn::Tan => x.tan(),
                MathFn::Fabs => x.abs(),
                MathFn::Floor => x.floor(),
                MathFn::Ceil => x.ceil(),
                MathFn::Trunc => x.trunc(),
                MathFn::Radians => x.to_radians(),
                MathFn::Degrees => x.to_degrees(),
                _ => return None,
            };
            Some(ConstValue::Float(round_float(v, out), out))
        }
        _ => None,
    }
}

/// The value of an operator expression made only of integers (literals
/// and integer constants), computed as Python does, without bound: the
/// constant Numba freezes it as, or the message saying it does not fit
/// in 64 bits. `None` for any other expression.
pub(crate) fn eval_python_int(
    module: &Module,
    id: ExprId,
    env: &dyn ConstEnv,
) -> Option<Result<ConstValue, String>> {
    if !matches!(
        module.expr(id).kind,
        ExprKind::BinOp { .. } | ExprKind::UnaryOp { .. }
    ) {
        return None;
    }
    Some(match python_int(module, id, env, 0)? {
        PyInt::Value(v) => int_constant(v).ok_or_else(|| overflow(Some(v))),
        PyInt::Huge => Err(overflow(None)),
    })
}

/// The deepest integer expression [`python_int`] evaluates.
const MAX_PYTHON_INT_DEPTH: u32 = 64;

/// The exact value of an integer expression, as Python computes it.
enum PyInt {
    /// Within i128.
    Value(i128),
    /// Beyond i128 (certainly beyond 64 bits).
    Huge,
}

/// The exact value of `id` when it is made of integer literals, integer
/// constants and integer operators only (`None` otherwise, or for what
/// Python would reject, such as a division by zero).
/// Trees deeper than [`MAX_PYTHON_INT_DEPTH`] are left to the 64-bit
/// folding (which keeps the cost of trying linear in the expression).
fn python_int(module: &Module, id: ExprId, env: &dyn ConstEnv, depth: u32) -> Option<PyInt> {
    use PyInt::*;
    if depth > MAX_PYTHON_INT_DEPTH {
        return None;
    }
    let expr = module.expr(id);
    let value = |e: ExprId| match python_int(module, e, env, depth + 1)? {
        Value(v) => Some(Ok(v)),
        Huge => Some(Err(Huge)),
    };
    let result = match &expr.kind {
        ExprKind::Int(v) => Some(i128::from(*v)),
        ExprKind::Name(_) | ExprKind::Attribute { .. } => match env.lookup(id) {
            ConstLookup::Value(c)
                if c.scalar_type()
                    .is_some_and(|s| s.is_int() && s != Scalar::Bool) =>
            {
                c.as_int()
            }
            _ => return None,
        },
        ExprKind::UnaryOp { op, operand } => {
            let x = match value(*operand)? {
                Ok(x) => x,
                Err(huge) => return Some(huge),
            };
            match op {
                UnaryOp::Neg => x.checked_neg(),
                UnaryOp::Pos => Some(x),
                UnaryOp::Invert => Some(!x),
                UnaryOp::Not => return None,
            }
        }
        ExprKind::BinOp { op, left, right } => {
            let (x, y) = match (value(*left)?, value(*right)?) {
                (Ok(x), Ok(y)) => (x, y),
                (Err(huge), _) | (_, Err(huge)) => return Some(huge),
            };
            match op {
                BinOp::Add => x.checked_add(y),
                BinOp::Sub => x.checked_sub(y),
                BinOp::Mul => x.checked_mul(y),
                BinOp::FloorDiv | BinOp::Mod if y == 0 => return None,
                BinOp::FloorDiv => {
                    Some(x.div_euclid(y) - i128::from(y < 0 && x.rem_euclid(y) != 0))
                }
                BinOp::Mod => {
                    let r = x.rem_euclid(y);
                    Some(if y < 0 && r != 0 { r + y } else { r })
                }
                BinOp::Pow if y < 0 => return None,
                BinOp::Pow => u32::try_from(y).ok().and_then(|e| x.checked_pow(e)),
                BinOp::LShift if y < 0 => return None,
                BinOp::LShift if x == 0 => Some(0),
                BinOp::LShift => u32::try_from(y)
                    .ok()
                    .filter(|&k| k < 127)
                    .and_then(|k| x.checked_mul(1i128 << k)),
                BinOp::RShift if y < 0 => return None,
                BinOp::RShift => Some(x >> y.min(127)),
                BinOp::BitAnd => Some(x & y),
                BinOp::BitOr => Some(x | y),
                BinOp::BitXor => Some(x ^ y),
                BinOp::Div | BinOp::MatMul => return None,
            }
        }
        _ => return None,
    };
    Some(result.map_or(Huge, Value))
}

/// The constant Numba freezes a Python integer as: int64, or uint64 for
/// values above int64's range that fit it (`None` beyond that).
fn int_constant(v: i128) -> Option<ConstValue> {
    if let Ok(x) = i64::try_from(v) {
        Some(ConstValue::i64(x))
    } else if let Ok(x) = u64::try_from(v) {
        Some(ConstValue::int(i128::from(x), Scalar::U64))
    } else {
        None
    }
}

/// The message for an integer constant whose exact value (`None`: beyond
/// i128) does not fit in 64 bits.
fn overflow(v: Option<i128>) -> String {
    match v {
        Some(v) => format!(
            "the value of this constant, {v}, does not fit in 64 bits (Numba's integers are int64 or uint64)"
        ),
        None => "the value of this constant does not fit in 64 bits (Numba's integers are int64 or uint64)".to_string(),
    }
}

/// The type of `float(x)` for an `x` of type `s` (Numba keeps a float's
/// type; anything else becomes float64).
pub(crate) fn float_of(s: Scalar) -> Scalar {
    if s.is_float() {
        s
    } else {
        Scalar::F64
    }
}

/// The type of `int(x)` for an `x` of type `s` (Numba keeps an integer's
/// type; floats and bool become int64).
pub(crate) fn int_of(s: Scalar) -> Scalar {
    if s.is_int() && s != Scalar::Bool {
        s
    } else {
        Scalar::I64
    }
}
