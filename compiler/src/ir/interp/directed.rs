//! Evaluation of the directed-rounding opcodes (`fadd_rz`, `fma_rm`,
//! `fcvt_from_sint_rp`, ...): the round-to-nearest result and the sign of
//! its error, found exactly with error-free transformations (TwoSum, the
//! `fma` residual of a product, a quotient or a square root), then moved
//! one step toward the rounding's direction where the exact value lies on
//! that side. This is the semantics PTX's `.rz`/`.rm`/`.rp` give, which
//! the CPU device's executor implements the same way.

use super::value::Val;
use crate::ir::instructions::{Opcode, Rounding};
use crate::ir::types::Type;

/// Evaluates `op` (a directed-rounding opcode of base `base`) on `args`,
/// giving a value of type `ty` (f32 or f64).
pub fn eval(base: Opcode, r: Rounding, ty: Type, args: &[Val]) -> Result<Val, String> {
    use Opcode::*;
    let f = |k: usize| args[k].as_f64();
    // The round-to-nearest f64 value, the sign of the exact value's
    // distance from it, and whether the operands were finite.
    let (v, e, finite) = match base {
        Fadd | Fsub => {
            let b = if base == Fsub { -f(1) } else { f(1) };
            let (s, e) = two_sum(f(0), b);
            (s, e, f(0).is_finite() && b.is_finite())
        }
        Fmul => {
            let p = f(0) * f(1);
            (
                p,
                f(0).mul_add(f(1), -p),
                f(0).is_finite() && f(1).is_finite(),
            )
        }
        Fdiv => {
            let q = f(0) / f(1);
            (q, div_err(q, f(0), f(1)), f(0).is_finite() && f(1) != 0.0)
        }
        Sqrt => {
            let s = f(0).sqrt();
            (s, sqrt_err(s, f(0)), true)
        }
        Fma => {
            let (a, b, c) = (f(0), f(1), f(2));
            let v = a.mul_add(b, c);
            (
                v,
                fma_err(v, a, b, c),
                a.is_finite() && b.is_finite() && c.is_finite(),
            )
        }
        Fdemote => (f(0), 0.0, f(0).is_finite()),
        FcvtFromSint | FcvtFromUint => {
            let i = if base == FcvtFromSint {
                args[0].as_i64() as i128
            } else {
                args[0].bits() as i128
            };
            return Ok(int_to_float(i, r, ty));
        }
        _ => return Err(format!("{base} has no directed rounding")),
    };
    Ok(match ty {
        Type::F32 => Val::F32(round_f32(v, e, r)),
        _ => Val::F64(round_f64(v, e, r, finite)),
    })
}

/// `a + b` as the rounded sum and its exact error (Knuth's TwoSum).
pub fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    let e = (a - (s - bb)) + (b - bb);
    (s, if e.is_finite() { e } else { 0.0 })
}

/// The sign of `a / b - q` for `q` the rounded quotient.
fn div_err(q: f64, a: f64, b: f64) -> f64 {
    let r = (-q).mul_add(b, a);
    if r.is_finite() {
        r * b.signum()
    } else {
        0.0
    }
}

/// The sign of `sqrt(a) - s` for `s` the rounded root.
fn sqrt_err(s: f64, a: f64) -> f64 {
    let r = (-s).mul_add(s, a);
    if r.is_finite() {
        r
    } else {
        0.0
    }
}

/// The sign of `a * b + c - v` for `v` the rounded `fma`: the exact value
/// is `w + z + t`, three non-overlapping parts (the product's TwoProduct,
/// then TwoSums), and `w - v` is exact, as both are within an ulp or two
/// of the exact value; the first nonzero of `w - v`, `z`, `t` has the sign.
pub fn fma_err(v: f64, a: f64, b: f64, c: f64) -> f64 {
    let p = a * b;
    let e1 = a.mul_add(b, -p);
    let (s, t1) = two_sum(p, c);
    let (u, t) = two_sum(t1, e1);
    let (w, z) = two_sum(s, u);
    let d = w - v;
    let first = [d, z, t].into_iter().find(|x| *x != 0.0).unwrap_or(0.0);
    if first.is_finite() {
        first
    } else {
        0.0
    }
}

/// An integer to f32 or f64, rounded in direction `r` (exact: the error
/// of the rounded-to-nearest value is an integer).
fn int_to_float(i: i128, r: Rounding, ty: Type) -> Val {
    if ty == Type::F32 {
        let v = i as f32;
        let e = i - v as i128;
        Val::F32(step_f32(v, e.signum() as f64, r))
    } else {
        let v = i as f64;
        let e = i - v as i128;
        Val::F64(round_f64(v, e.signum() as f64, r, true))
    }
}

/// Rounds the exact value `s + e` (`s` an f64, `e` below half its ulp) to
/// f32 in direction `r`.
pub fn round_f32(s: f64, e: f64, r: Rounding) -> f32 {
    let v = s as f32;
    if v.is_nan() {
        return v;
    }
    if v.is_infinite() && s.is_finite() {
        // Overflow of the f32 range: toward zero gives the largest f32.
        return step_f32(v, -v.signum() as f64, r);
    }
    if v as f64 != s {
        // `s` is strictly between two f32 values, and so is the exact
        // value: the side is the side of `s`.
        return step_f32(v, s - v as f64, r);
    }
    step_f32(v, e, r)
}

/// The neighbour of `v` in direction `r` when the exact value is on the
/// side of sign `e`, else `v`.
fn step_f32(v: f32, e: f64, r: Rounding) -> f32 {
    if e == 0.0 || e.is_nan() || v.is_nan() {
        return v;
    }
    match r {
        Rounding::Zero if (e < 0.0) != (v < 0.0 || (v == 0.0 && e < 0.0)) => {
            if v > 0.0 {
                v.next_down()
            } else {
                v.next_up()
            }
        }
        Rounding::Down if e < 0.0 => v.next_down(),
        Rounding::Up if e > 0.0 => v.next_up(),
        _ => v,
    }
}

/// Rounds the exact value `v + e` to f64 in direction `r`, `v` its
/// round-to-nearest f64; `v` infinite from finite operands is an overflow.
pub fn round_f64(v: f64, e: f64, r: Rounding, finite: bool) -> f64 {
    if v.is_infinite() && finite {
        let toward_zero = match r {
            Rounding::Zero => true,
            Rounding::Down => v > 0.0,
            Rounding::Up => v < 0.0,
        };
        return if toward_zero { f64::MAX.copysign(v) } else { v };
    }
    if e == 0.0 || e.is_nan() || !v.is_finite() {
        return v;
    }
    match r {
        Rounding::Zero if (e < 0.0) != (v < 0.0 || (v == 0.0 && e < 0.0)) => {
            if v > 0.0 {
                v.next_down()
            } else {
                v.next_up()
            }
        }
        Rounding::Down if e < 0.0 => v.next_down(),
        Rounding::Up if e > 0.0 => v.next_up(),
        _ => v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_products_and_quotients_round_in_their_direction() {
        let one_third = |r| {
            eval(Opcode::Fdiv, r, Type::F64, &[Val::F64(1.0), Val::F64(3.0)])
                .unwrap()
                .as_f64()
        };
        let (d, u, z) = (
            one_third(Rounding::Down),
            one_third(Rounding::Up),
            one_third(Rounding::Zero),
        );
        assert!(d < 1.0 / 3.0 || u > 1.0 / 3.0);
        assert_eq!(d.next_up(), u);
        assert_eq!(z, d);
        let tiny = |r| {
            eval(
                Opcode::Fadd,
                r,
                Type::F64,
                &[Val::F64(1.0), Val::F64(1e-300)],
            )
            .unwrap()
            .as_f64()
        };
        assert_eq!(tiny(Rounding::Up), 1f64.next_up());
        assert_eq!(tiny(Rounding::Down), 1.0);
        let neg = eval(
            Opcode::Fsub,
            Rounding::Zero,
            Type::F64,
            &[Val::F64(-1.0), Val::F64(1e-300)],
        );
        assert_eq!(neg.unwrap().as_f64(), -1.0);
        let big = eval(
            Opcode::Fmul,
            Rounding::Zero,
            Type::F64,
            &[Val::F64(1e300), Val::F64(1e300)],
        );
        assert_eq!(big.unwrap().as_f64(), f64::MAX);
    }

    #[test]
    fn fma_and_conversions_round_exactly() {
        // 1 + 2^-60 - 1 rounds to 2^-60 exactly; (1 + 2^-52)^2 - 1 needs the
        // low product bits.
        let x = 1f64.next_up();
        let fma = |r| {
            eval(
                Opcode::Fma,
                r,
                Type::F64,
                &[Val::F64(x), Val::F64(x), Val::F64(1e-300)],
            )
            .unwrap()
            .as_f64()
        };
        assert_eq!(fma(Rounding::Down), x * x);
        assert_eq!(fma(Rounding::Up), (x * x).next_up());
        let big = (1i64 << 53) + 1;
        let cvt = |r| {
            eval(Opcode::FcvtFromSint, r, Type::F64, &[Val::I64(big as u64)])
                .unwrap()
                .as_f64()
        };
        assert_eq!(cvt(Rounding::Down), (1u64 << 53) as f64);
        assert_eq!(cvt(Rounding::Up), ((1u64 << 53) + 2) as f64);
        let demote = |r| {
            eval(Opcode::Fdemote, r, Type::F32, &[Val::F64(0.1)])
                .unwrap()
                .as_f64()
        };
        assert!(demote(Rounding::Down) < 0.1 && demote(Rounding::Up) > 0.1);
        let f32_sum = eval(
            Opcode::Fadd,
            Rounding::Up,
            Type::F32,
            &[Val::F32(1.0), Val::F32(1e-30)],
        );
        assert_eq!(f32_sum.unwrap().as_f64(), 1f32.next_up() as f64);
    }
}
