//! Numba's conversion kinds between types, and its choice among a device
//! function's declared signatures.
//!
//! A call of a device function declared with signatures
//! (`@cuda.jit(["(float32, float32)", "(float64, float64)"], device=True)`)
//! runs the signature Numba's `resolve_overload` picks: each signature the
//! arguments convert to is rated by its counts of (unsafe, safe, promote)
//! conversions, compared in that order; the lowest wins, and of several
//! equal the first declared (Numba allows that ambiguity for device
//! functions). The kinds follow `numba.cuda.typeconv.rules`: the rules are
//! listed below as Numba writes them, and a conversion along a chain of
//! rules is as loose as its loosest step (`int8 -> int64` promotes,
//! `int64 -> float32` is unsafe); of several chains the strictest counts.
//! The Python binding's `_typeconv` holds the same table for kernels.

use crate::types::{ArrayType, Layout, Scalar, Type};
use std::sync::OnceLock;

/// How an argument converts to a parameter, strictest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Conversion {
    /// The same type.
    Exact,
    /// A wider type of the same kind (`int32 -> int64`).
    Promote,
    /// No value is lost (`int32 -> float64`).
    Safe,
    /// Values may be lost (`float64 -> int64`).
    Unsafe,
}

use Conversion::{Promote, Safe, Unsafe};

/// A number type of the table: a scalar, or a complex type by the float
/// type of its parts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Number {
    Real(Scalar),
    Complex(Scalar),
}

const C64: Number = Number::Complex(Scalar::F32);
const C128: Number = Number::Complex(Scalar::F64);

fn real(s: Scalar) -> Number {
    Number::Real(s)
}

/// `(a, b, a -> b, b -> a)` in `numba.cuda.typeconv.rules`' order
/// (`safe_unsafe(a, b)` is `(a, b, Safe, Some(Unsafe))`); `None` where
/// Numba's rule goes one way only (`tcr.safe`).
fn rules() -> [(Number, Number, Conversion, Option<Conversion>); 23] {
    use Scalar::*;
    [
        (real(Bool), real(I8), Safe, Some(Unsafe)),
        (real(Bool), real(U8), Safe, Some(Unsafe)),
        (real(I8), real(I16), Promote, Some(Unsafe)),
        (real(U8), real(U16), Promote, Some(Unsafe)),
        (real(I16), real(I32), Promote, Some(Unsafe)),
        (real(U16), real(U32), Promote, Some(Unsafe)),
        (real(I32), real(I64), Promote, Some(Unsafe)),
        (real(U32), real(U64), Promote, Some(Unsafe)),
        (real(U8), real(I16), Safe, Some(Unsafe)),
        (real(U16), real(I32), Safe, Some(Unsafe)),
        (real(U32), real(I64), Safe, Some(Unsafe)),
        (real(I8), real(F16), Safe, Some(Unsafe)),
        (real(I16), real(F32), Safe, Some(Unsafe)),
        (real(I32), real(F64), Safe, Some(Unsafe)),
        (real(I16), real(F16), Unsafe, Some(Unsafe)),
        (real(I32), real(F32), Unsafe, Some(Unsafe)),
        (real(I64), real(F64), Safe, Some(Unsafe)),
        (real(U64), real(F64), Safe, Some(Unsafe)),
        (real(F16), real(F32), Promote, Some(Unsafe)),
        (real(F32), real(F64), Promote, Some(Unsafe)),
        (real(F32), C64, Safe, None),
        (real(F64), C128, Safe, None),
        (C64, C128, Promote, Some(Unsafe)),
    ]
}

const NODES: usize = 15;

fn index(n: Number) -> usize {
    match n {
        Number::Real(s) => Scalar::ALL.iter().position(|&x| x == s).unwrap_or(0),
        Number::Complex(Scalar::F32) => 13,
        Number::Complex(_) => 14,
    }
}

/// numba-cuda's `Bfloat16.can_convert_to` and `can_convert_from` (the type
/// manager has no rule for it): to float32 and float64 safely, to float16
/// and the integers unsafely; from the 8-bit integers safely, from the
/// other integers and the floats unsafely; never to or from `bool` or a
/// complex number.
fn bf16_conversion(from: Number, to: Number) -> Option<Conversion> {
    let (Number::Real(a), Number::Real(b)) = (from, to) else {
        return None;
    };
    if a == Scalar::Bool || b == Scalar::Bool {
        return None;
    }
    if a == Scalar::BF16 {
        return Some(if matches!(b, Scalar::F32 | Scalar::F64) {
            Safe
        } else {
            Unsafe
        });
    }
    Some(if a.bits() == 8 { Safe } else { Unsafe })
}

type Table = [[Option<Conversion>; NODES]; NODES];

/// The closure of the rules: for every pair the strictest chain, each
/// chain as loose as its loosest step. Computed once; it never changes.
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t: Table = [[None; NODES]; NODES];
        let set = |t: &mut Table, a: usize, b: usize, c: Conversion| {
            if t[a][b].is_none_or(|old| c < old) {
                t[a][b] = Some(c);
            }
        };
        for (a, b, ab, ba) in rules() {
            let (a, b) = (index(a), index(b));
            set(&mut t, a, b, ab);
            if let Some(ba) = ba {
                set(&mut t, b, a, ba);
            }
        }
        for k in 0..NODES {
            for i in 0..NODES {
                for j in 0..NODES {
                    if i == j {
                        continue;
                    }
                    if let (Some(ik), Some(kj)) = (t[i][k], t[k][j]) {
                        set(&mut t, i, j, ik.max(kj));
                    }
                }
            }
        }
        t
    })
}

fn number(t: &Type) -> Option<Number> {
    match t {
        Type::Scalar(s) => Some(Number::Real(*s)),
        Type::Complex(part) => Some(Number::Complex(*part)),
        _ => None,
    }
}

/// How a value of type `from` converts to `to`, or `None` when it does
/// not (Numba's `BaseContext.can_convert`). Arrays convert safely to the
/// same element type and rank with layout `A` (their memory space is the
/// argument's, and does not count); tuples item by item, as loose as the
/// loosest item.
pub fn can_convert(from: &Type, to: &Type) -> Option<Conversion> {
    if from == to {
        return Some(Conversion::Exact);
    }
    if let (Some(a), Some(b)) = (number(from), number(to)) {
        if from.scalar() == Some(Scalar::BF16) || to.scalar() == Some(Scalar::BF16) {
            return bf16_conversion(a, b);
        }
        return table()[index(a)][index(b)];
    }
    match (from, to) {
        (Type::Array(a), Type::Array(b)) => array_conversion(a, b),
        (Type::Tuple(a), Type::Tuple(b)) if a.len() == b.len() => a
            .iter()
            .zip(b.iter())
            .map(|(x, y)| can_convert(x, y))
            .try_fold(Conversion::Exact, |acc, c| c.map(|c| acc.max(c))),
        _ => None,
    }
}

fn array_conversion(a: &ArrayType, b: &ArrayType) -> Option<Conversion> {
    if a.elem != b.elem || a.ndim != b.ndim {
        return None;
    }
    if a.layout == b.layout {
        Some(Conversion::Exact)
    } else if b.layout == Layout::A {
        Some(Safe)
    } else {
        None
    }
}

/// `(unsafe, safe, promote)` counts of passing `args` to `params`, or
/// `None` when one does not convert. A literal argument (`literal[i]`)
/// converts at best by promotion, as Numba's `Literal.can_convert_to`.
fn rate(args: &[Type], literal: &[bool], params: &[Type]) -> Option<(u32, u32, u32)> {
    if args.len() != params.len() {
        return None;
    }
    let mut rating = (0, 0, 0);
    for (i, (a, p)) in args.iter().zip(params).enumerate() {
        let mut c = can_convert(a, p)?;
        if literal.get(i).copied().unwrap_or(false) {
            c = c.max(Promote);
        }
        match c {
            Conversion::Exact => {}
            Promote => rating.2 += 1,
            Safe => rating.1 += 1,
            Unsafe => rating.0 += 1,
        }
    }
    Some(rating)
}

/// The index of the signature (its parameter types, in declaration order)
/// a call with `args` runs, Numba's choice: the lowest rating, the first
/// declared of equals; `None` when none accepts the arguments.
pub fn choose_signature<'a>(
    params: impl IntoIterator<Item = &'a [Type]>,
    args: &[Type],
    literal: &[bool],
) -> Option<usize> {
    let mut best: Option<((u32, u32, u32), usize)> = None;
    for (i, p) in params.into_iter().enumerate() {
        if let Some(r) = rate(args, literal, p) {
            if best.is_none_or(|(b, _)| r < b) {
                best = Some((r, i));
            }
        }
    }
    best.map(|(_, i)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Scalar::*;

    fn s(x: Scalar) -> Type {
        Type::Scalar(x)
    }

    #[test]
    fn kinds_follow_numbas_rules() {
        assert_eq!(can_convert(&s(I8), &s(I64)), Some(Promote));
        assert_eq!(can_convert(&s(I64), &s(F32)), Some(Unsafe));
        assert_eq!(can_convert(&s(I64), &s(F64)), Some(Safe));
        assert_eq!(can_convert(&s(I32), &s(F64)), Some(Safe));
        assert_eq!(can_convert(&s(F64), &s(I64)), Some(Unsafe));
        assert_eq!(can_convert(&s(U8), &s(I64)), Some(Safe));
        assert_eq!(can_convert(&s(F32), &Type::Complex(F64)), Some(Safe));
        // One way only: a complex number never becomes a real one.
        assert_eq!(can_convert(&Type::Complex(F64), &s(F64)), None);
        assert_eq!(can_convert(&Type::Complex(F64), &s(I32)), None);
    }

    #[test]
    fn bfloat16_follows_numba_cudas_class_rules() {
        // As numba-cuda's typing context answers (the binding's test
        // compares every pair with it).
        assert_eq!(can_convert(&s(BF16), &s(F32)), Some(Safe));
        assert_eq!(can_convert(&s(BF16), &s(F64)), Some(Safe));
        assert_eq!(can_convert(&s(BF16), &s(F16)), Some(Unsafe));
        assert_eq!(can_convert(&s(BF16), &s(I64)), Some(Unsafe));
        assert_eq!(can_convert(&s(I8), &s(BF16)), Some(Safe));
        assert_eq!(can_convert(&s(U8), &s(BF16)), Some(Safe));
        assert_eq!(can_convert(&s(I16), &s(BF16)), Some(Unsafe));
        assert_eq!(can_convert(&s(F32), &s(BF16)), Some(Unsafe));
        assert_eq!(can_convert(&s(Bool), &s(BF16)), None);
        assert_eq!(can_convert(&s(BF16), &s(Bool)), None);
        assert_eq!(can_convert(&s(BF16), &Type::Complex(F32)), None);
        // bfloat16 + int8 resolves to bfloat16, + float32 to float32.
        let cands: Vec<[Type; 2]> = [F32, F64, BF16].iter().map(|t| [s(*t), s(*t)]).collect();
        let pick =
            |a, b| choose_signature(cands.iter().map(|c| &c[..]), &[s(a), s(b)], &[false; 2]);
        assert_eq!(pick(BF16, I8), Some(2));
        assert_eq!(pick(BF16, F32), Some(0));
        assert_eq!(pick(BF16, I64), Some(1));
    }

    #[test]
    fn the_best_rated_signature_wins_and_ties_go_to_the_first() {
        let f32s = [s(F32), s(F32)];
        let f64s = [s(F64), s(F64)];
        // (int64, float64): float64 twice beats float32 twice (numba-cuda's
        // test_explicit_signatures_device_same_type_class).
        assert_eq!(
            choose_signature([&f32s[..], &f64s[..]], &[s(I64), s(F64)], &[false; 2]),
            Some(1)
        );
        let i64s = [s(I64), s(I64)];
        assert_eq!(
            choose_signature([&i64s[..], &f64s[..]], &[s(I32), s(F64)], &[false; 2]),
            Some(1)
        );
        let a = [s(F32), s(F64)];
        let b = [s(F64), s(F32)];
        assert_eq!(
            choose_signature([&a[..], &b[..], &i64s[..]], &f64s, &[false; 2]),
            Some(0)
        );
        let c128 = [Type::Complex(F64), Type::Complex(F64)];
        assert_eq!(
            choose_signature([&i64s[..], &f64s[..]], &c128, &[false; 2]),
            None
        );
    }
}
