//! The exact functions of `math`: `ldexp`, `remainder`, `frexp`, `modf`
//! and `nextafter`. Each result is a representable number the inputs
//! determine exactly (or one rounding of an exact product, for `ldexp`),
//! so these are written with exponent and bit edits and exact float
//! operations only, and give the same bits as C's (and Python's)
//! functions on every input, special values included.
//!
//! `ldexp` and `remainder` are library functions (their `f64` body serves
//! `f32` too: an `f32` argument and the exact `f64` result round once to
//! `f32`). `frexp`, `modf` and `nextafter` are short straight-line
//! sequences emitted where they are called, in the argument's own type:
//! `frexp` and `modf` give two results, and `nextafter` steps by one unit
//! of the argument's precision.

use super::emit::Emit;
use super::misc;
use crate::ir::builder::FuncBuilder;
use crate::ir::entities::Value;
use crate::ir::instructions::{FloatCC, IntCC, Opcode};
use crate::ir::types::Type;

/// `x * 2^n` for an `f64` `x` and an `i32` `n`, rounded once (into the
/// subnormals, to zero or to infinity as the exact value says). Zeros,
/// infinities and NaN are returned as they are.
pub fn ldexp(e: &mut Emit, x: Value, n: Value) -> Value {
    let n = e.b.unary(Opcode::Sextend, Type::I64, n);
    // x = 2^ex m with m in [1, 2) (a subnormal x is normalised first).
    let ax = e.abs(x);
    let sub = e.cmpc(FloatCC::Lt, ax, f64::MIN_POSITIVE);
    let big = e.mulc(x, 2f64.powi(64));
    let xs = e.sel(sub, big, x);
    let bits = e.bits(xs);
    let biased = e.ibc(Opcode::Ushr, bits, 52);
    let biased = e.ibc(Opcode::Band, biased, 0x7ff);
    let adj = e.i(-1023 - 64);
    let plain = e.i(-1023);
    let adj = e.sel(sub, adj, plain);
    let ex = e.ib(Opcode::Iadd, biased, adj);
    // The result's exponent; `n` is an i32, so no overflow in i64.
    let t = e.ib(Opcode::Iadd, ex, n);
    // Sign and fraction of x, with the exponent field cleared.
    let sign_frac = e.ibc(Opcode::Band, bits, !(0x7ff << 52));
    let with_exponent = |e: &mut Emit, biased: Value| {
        let field = e.ibc(Opcode::Ishl, biased, 52);
        let b = e.ib(Opcode::Bor, sign_frac, field);
        e.from_bits(b)
    };
    // A normal result is exact: set its exponent.
    let tb = e.ibc(Opcode::Iadd, t, 1023);
    let normal = with_exponent(e, tb);
    // A subnormal (or zero) result: m 2^(t + 1022), a normal number, times
    // 2^-1022 rounds once. Below 2^-1100 everything rounds to zero, so t
    // is clamped there to keep the intermediate normal.
    let tc = e.ibc(Opcode::Smax, t, -1100);
    let tcb = e.ibc(Opcode::Iadd, tc, 1022 + 1023);
    let scaled = with_exponent(e, tcb);
    let tiny = e.mulc(scaled, 2f64.powi(-1022));
    let least_normal = e.i(-1022);
    let is_tiny = e.icmp(IntCC::Slt, t, least_normal);
    let v = e.sel(is_tiny, tiny, normal);
    let greatest = e.i(1023);
    let huge = e.icmp(IntCC::Sgt, t, greatest);
    let inf = e.c(f64::INFINITY);
    let inf = e.copysign(inf, x);
    let v = e.sel(huge, inf, v);
    // 0, inf and NaN are their own results.
    let zero = e.cmpc(FloatCC::Eq, ax, 0.0);
    let finite = e.cmpc(FloatCC::Lt, ax, f64::INFINITY);
    let keep = e.b.unary(Opcode::Bnot, Type::I1, finite);
    let keep = e.or(keep, zero);
    e.sel(keep, x, v)
}

/// IEEE `remainder(x, y)`: `x - n y` with `n` the integer nearest `x / y`
/// (ties to the even one), exactly; the sign of a zero result is `x`'s.
/// NaN for a NaN operand, an infinite `x` or a zero `y`; `x` for an
/// infinite `y`.
pub fn remainder(e: &mut Emit, x: Value, y: Value) -> Value {
    let ax = e.abs(x);
    let p = e.abs(y);
    // r = fmod(|x|, 2p) in [0, 2p), exactly (2p overflowing to infinity
    // leaves |x|, which is then below 2p); fmod gives the NaN cases.
    let p2 = e.add(p, p);
    let r = misc::fmod(e, ax, p2);
    // Then at most two subtractions of p (exact by Sterbenz's lemma) bring
    // r into [-p/2, p/2], a tie at p/2 staying for an even n and going to
    // -p/2 for an odd one. `r + r` is exact (or overflows where r > p/2
    // anyway), unlike `p / 2` for a subnormal p.
    let twice = e.add(r, r);
    let over = e.cmp(FloatCC::Gt, twice, p);
    let less = e.sub(r, p);
    let r = e.sel(over, less, r);
    let twice = e.add(r, r);
    let still = e.cmp(FloatCC::Ge, twice, p);
    let still = e.and(over, still);
    let less = e.sub(r, p);
    let r = e.sel(still, less, r);
    // The sign of x applies to the whole result (zero included).
    let neg = sign_bit(e, x);
    let nr = e.neg(r);
    e.sel(neg, nr, r)
}

/// True when the sign bit of the `f64` `x` is set (NaN and -0 included).
fn sign_bit(e: &mut Emit, x: Value) -> Value {
    let b = e.bits(x);
    let zero = e.i(0);
    e.icmp(IntCC::Slt, b, zero)
}

/// The bit layout of a float type: its same-width integer type, fraction
/// bits and exponent bias.
struct Layout {
    int: Type,
    frac: u32,
    bias: i64,
}

impl Layout {
    fn of(ty: Type) -> Layout {
        match ty {
            Type::F16 => Layout {
                int: Type::I16,
                frac: 10,
                bias: 15,
            },
            Type::F32 => Layout {
                int: Type::I32,
                frac: 23,
                bias: 127,
            },
            Type::F64 => Layout {
                int: Type::I64,
                frac: 52,
                bias: 1023,
            },
            other => panic!("{other} is not a float type"),
        }
    }

    /// The all-ones exponent field, shifted down.
    fn exp_mask(&self) -> i64 {
        (1 << (self.int.bits() - 1 - self.frac)) - 1
    }
}

/// `frexp(x)`: `(m, e)` with `x = m 2^e`, `0.5 <= |m| < 1` and `e` an
/// `i32`, in `x`'s float type. Zeros, infinities and NaN give `(x, 0)`
/// (Python's `frexp`, and CUDA's for these).
pub fn frexp(b: &mut FuncBuilder, x: Value) -> (Value, Value) {
    let ty = b.ty(x);
    let l = Layout::of(ty);
    let ax = b.unary(Opcode::Fabs, ty, x);
    // A subnormal is first scaled to a normal number by 2^(frac + 2).
    let min_normal = b.fconst(ty, 2f64.powi(1 - l.bias as i32));
    let sub = b.fcmp(FloatCC::Lt, ax, min_normal);
    let shift = l.frac as i64 + 2;
    let scale = b.fconst(ty, 2f64.powi(shift as i32));
    let big = b.binary(Opcode::Fmul, x, scale);
    let xs = b.select(sub, big, x);
    let bits = b.unary(Opcode::Bitcast, l.int, xs);
    let field = b.iconst(l.int, l.frac as i64);
    let biased = b.binary(Opcode::Ushr, bits, field);
    let mask = b.iconst(l.int, l.exp_mask());
    let biased = b.binary(Opcode::Band, biased, mask);
    let biased = int_to_i32(b, biased);
    // x = 0.1f 2^(biased - bias + 1): e = biased - (bias - 1) - shift.
    let plain = b.iconst(Type::I32, l.bias - 1);
    let shifted = b.iconst(Type::I32, l.bias - 1 + shift);
    let off = b.select(sub, shifted, plain);
    let ex = b.binary(Opcode::Isub, biased, off);
    // m: x's sign and fraction with the exponent of [0.5, 1).
    let clear = b.iconst(l.int, !(l.exp_mask() << l.frac));
    let sign_frac = b.binary(Opcode::Band, bits, clear);
    let half = b.iconst(l.int, (l.bias - 1) << l.frac);
    let mbits = b.binary(Opcode::Bor, sign_frac, half);
    let m = b.unary(Opcode::Bitcast, ty, mbits);
    let zero = b.fconst(ty, 0.0);
    let inf = b.fconst(ty, f64::INFINITY);
    let nonzero = b.fcmp(FloatCC::Gt, ax, zero);
    let finite = b.fcmp(FloatCC::Lt, ax, inf);
    let ok = b.binary(Opcode::Band, nonzero, finite);
    let m = b.select(ok, m, x);
    let no_exp = b.iconst(Type::I32, 0);
    let ex = b.select(ok, ex, no_exp);
    (m, ex)
}

/// An integer of a float's width as an `i32` (the value fits).
fn int_to_i32(b: &mut FuncBuilder, v: Value) -> Value {
    match b.ty(v) {
        Type::I64 => b.unary(Opcode::Ireduce, Type::I32, v),
        Type::I32 => v,
        _ => b.unary(Opcode::Uextend, Type::I32, v),
    }
}

/// `modf(x)`: `(fractional part, integral part)`, both with the sign of
/// `x`, in `x`'s float type; an infinite `x` gives `(±0, x)`, NaN
/// `(NaN, NaN)`.
pub fn modf(b: &mut FuncBuilder, x: Value) -> (Value, Value) {
    let ty = b.ty(x);
    let int = b.unary(Opcode::Trunc, ty, x);
    // Exact: x and trunc(x) share their leading bits.
    let frac = b.binary(Opcode::Fsub, x, int);
    let ax = b.unary(Opcode::Fabs, ty, x);
    let inf = b.fconst(ty, f64::INFINITY);
    let is_inf = b.fcmp(FloatCC::Eq, ax, inf);
    let zero = b.fconst(ty, 0.0);
    let frac = b.select(is_inf, zero, frac);
    // x - trunc(x) is +0 for an integral x: the sign comes from x.
    let frac = b.binary(Opcode::Copysign, frac, x);
    (frac, int)
}

/// `nextafter(x, y)`: the float next to `x` in the direction of `y`, in
/// their (common) float type; `y` when they are equal (so
/// `nextafter(0.0, -0.0)` is `-0.0`), NaN when either is NaN.
pub fn nextafter(b: &mut FuncBuilder, x: Value, y: Value) -> Value {
    let ty = b.ty(x);
    let l = Layout::of(ty);
    let bits = b.unary(Opcode::Bitcast, l.int, x);
    let one = b.iconst(l.int, 1);
    let up = b.binary(Opcode::Iadd, bits, one);
    let down = b.binary(Opcode::Isub, bits, one);
    // The magnitude grows when y lies beyond x, away from zero.
    let toward_y_up = b.fcmp(FloatCC::Lt, x, y);
    let zero = b.fconst(ty, 0.0);
    let positive = b.fcmp(FloatCC::Gt, x, zero);
    let shrink = b.binary(Opcode::Bxor, toward_y_up, positive);
    let stepped = b.select(shrink, down, up);
    let v = b.unary(Opcode::Bitcast, ty, stepped);
    // From a zero, the least subnormal with y's sign.
    let least = b.iconst(l.int, 1);
    let least = b.unary(Opcode::Bitcast, ty, least);
    let least = b.binary(Opcode::Copysign, least, y);
    let at_zero = b.fcmp(FloatCC::Eq, x, zero);
    let v = b.select(at_zero, least, v);
    let equal = b.fcmp(FloatCC::Eq, x, y);
    let v = b.select(equal, y, v);
    let nan = b.fcmp(FloatCC::Uno, x, y);
    let sum = b.binary(Opcode::Fadd, x, y);
    b.select(nan, sum, v)
}

#[cfg(test)]
mod tests {
    //! Each function against the `libm` crate (musl's C functions, which
    //! are exact here too), bit for bit, on special values and on random
    //! bit patterns (all exponents, subnormals and NaNs included).
    use super::*;
    use crate::ir::entities::FuncRef;
    use crate::ir::function::{FuncKind, Function, Module, Signature};
    use crate::ir::instructions::Opcode;
    use crate::ir::interp::{Interpreter, ThreadCtx, Val};
    use crate::mathlib::{library_function, Bodies};

    /// xorshift64*: deterministic samples.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        /// A float of `ty` from random bits, or (one time in four) a
        /// special value.
        fn float(&mut self, ty: Type) -> Val {
            let r = self.next();
            if r.is_multiple_of(4) {
                let s = SPECIALS[(r >> 8) as usize % SPECIALS.len()];
                return Val::float(ty, s);
            }
            match ty {
                Type::F32 => Val::F32(f32::from_bits((r >> 32) as u32)),
                _ => Val::F64(f64::from_bits(r)),
            }
        }
    }

    const SPECIALS: &[f64] = &[
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        1.5,
        -2.5,
        3.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MIN_POSITIVE,
        5e-324,
        -5e-324,
        1e-310,
        f64::MAX,
        -f64::MAX,
        f32::MIN_POSITIVE as f64,
        1e-45,
        -1e-45,
        f32::MAX as f64,
        1e30,
        -7e-40,
    ];

    /// The same number (both NaN, or the same bits: zeros by sign).
    fn same(a: Val, b: Val) -> bool {
        (a.as_f64().is_nan() && b.as_f64().is_nan()) || (a.ty() == b.ty() && a.bits() == b.bits())
    }

    /// A module whose function 0 is `body` over parameters of `params`.
    fn inline_function(
        params: &[Type],
        returns: &[Type],
        body: impl FnOnce(&mut FuncBuilder, &[Value]) -> Vec<Value>,
    ) -> Module {
        let mut m = Module::new();
        let sig = Signature {
            params: params.to_vec(),
            returns: returns.to_vec(),
        };
        let mut f = Function::new("f", FuncKind::Device, sig);
        let mut b = FuncBuilder::new(&mut f);
        let entry = b.create_block();
        let args: Vec<Value> = params.iter().map(|&t| b.append_param(entry, t)).collect();
        b.switch_to(entry);
        let r = body(&mut b, &args);
        b.ret(&r);
        m.functions.push(f);
        m
    }

    /// A module whose function 0 is the library function `op` on `ty`.
    fn library(op: Opcode, ty: Type) -> Module {
        let mut m = Module::new();
        library_function(&mut m, op, ty, Bodies::Copied, &mut Default::default())
            .expect("implemented");
        crate::ir::verify_module(&m).expect("the library function verifies");
        m
    }

    fn run(m: &Module, args: &[Val]) -> Vec<Val> {
        let f = FuncRef::from_u32(0);
        Interpreter::new(m)
            .run(f, args, ThreadCtx::single())
            .unwrap_or_else(|e| panic!("{args:?}: {e}"))
    }

    const TYPES: [Type; 2] = [Type::F32, Type::F64];

    #[test]
    fn ldexp_rounds_once_like_c() {
        for ty in TYPES {
            let m = library(Opcode::Ldexp, ty);
            let mut rng = Rng(0x5eed_1d3e);
            for k in 0..20_000 {
                let x = rng.float(ty);
                let n = match k % 8 {
                    0 => [i32::MIN, i32::MAX, -1100, 1100, -1074, 1074, -149, 149][k / 8 % 8],
                    1..=3 => (rng.next() % 80) as i32 - 40,
                    _ => (rng.next() % 4500) as i32 - 2250,
                };
                let want = match x {
                    Val::F32(v) => Val::F32(libm::ldexpf(v, n)),
                    _ => Val::F64(libm::ldexp(x.as_f64(), n)),
                };
                let got = run(&m, &[x, Val::I32(n as u32 as u64)])[0];
                assert!(
                    same(got, want),
                    "ldexp({x:?}, {n}) = {got:?}, want {want:?}"
                );
            }
        }
    }

    #[test]
    fn remainder_is_exact_with_ties_to_even() {
        for ty in TYPES {
            let m = library(Opcode::Remainder, ty);
            let mut rng = Rng(0xbad_5eed);
            for k in 0..6_000 {
                let (x, y) = match k % 3 {
                    // Random bits.
                    0 => (rng.float(ty), rng.float(ty)),
                    // Nearby magnitudes: a few subtractions of y.
                    1 => {
                        let x = rng.float(ty);
                        let q = 1.0 + (rng.next() % 1000) as f64 / 37.0;
                        (x, Val::float(ty, x.as_f64() / q))
                    }
                    // Exact ties: x = (j + 1/2) y.
                    _ => {
                        let y = (1 + rng.next() % 4096) as f64
                            * 2f64.powi((rng.next() % 40) as i32 - 20);
                        let j = (rng.next() % 2048) as f64 - 1024.0;
                        (Val::float(ty, (j + 0.5) * y), Val::float(ty, y))
                    }
                };
                let want = match (x, y) {
                    (Val::F32(a), Val::F32(b)) => Val::F32(libm::remainderf(a, b)),
                    _ => Val::F64(libm::remainder(x.as_f64(), y.as_f64())),
                };
                let got = run(&m, &[x, y])[0];
                assert!(
                    same(got, want),
                    "remainder({x:?}, {y:?}) = {got:?}, want {want:?}"
                );
            }
        }
    }

    #[test]
    fn frexp_splits_exactly() {
        for ty in TYPES {
            let m = inline_function(&[ty], &[ty, Type::I32], |b, a| {
                let (m, e) = frexp(b, a[0]);
                vec![m, e]
            });
            crate::ir::verify_module(&m).expect("verifies");
            let mut rng = Rng(0x000f_4ee9);
            for _ in 0..20_000 {
                let x = rng.float(ty);
                let (wm, we) = match x {
                    Val::F32(v) => {
                        let (m, e) = libm::frexpf(v);
                        (Val::F32(m), e)
                    }
                    _ => {
                        let (m, e) = libm::frexp(x.as_f64());
                        (Val::F64(m), e)
                    }
                };
                let got = run(&m, &[x]);
                assert!(
                    same(got[0], wm) && got[1].as_i64() == we as i64,
                    "frexp({x:?}) = {got:?}, want ({wm:?}, {we})"
                );
            }
        }
    }

    #[test]
    fn modf_keeps_the_sign_of_both_parts() {
        for ty in TYPES {
            let m = inline_function(&[ty], &[ty, ty], |b, a| {
                let (f, i) = modf(b, a[0]);
                vec![f, i]
            });
            crate::ir::verify_module(&m).expect("verifies");
            let mut rng = Rng(0x30df);
            for k in 0..20_000 {
                let x = match k % 2 {
                    0 => rng.float(ty),
                    // Values with both parts.
                    _ => Val::float(ty, ((rng.next() % 2_000_000) as f64 - 1e6) / 64.0),
                };
                let (wf, wi) = match x {
                    Val::F32(v) => {
                        let (f, i) = libm::modff(v);
                        (Val::F32(f), Val::F32(i))
                    }
                    _ => {
                        let (f, i) = libm::modf(x.as_f64());
                        (Val::F64(f), Val::F64(i))
                    }
                };
                let got = run(&m, &[x]);
                assert!(
                    same(got[0], wf) && same(got[1], wi),
                    "modf({x:?}) = {got:?}, want ({wf:?}, {wi:?})"
                );
            }
        }
    }

    #[test]
    fn nextafter_steps_one_unit_of_the_type() {
        for ty in TYPES {
            let m = inline_function(&[ty, ty], &[ty], |b, a| vec![nextafter(b, a[0], a[1])]);
            crate::ir::verify_module(&m).expect("verifies");
            let mut rng = Rng(0x4e47);
            for _ in 0..20_000 {
                let (x, y) = (rng.float(ty), rng.float(ty));
                let want = match (x, y) {
                    (Val::F32(a), Val::F32(b)) => Val::F32(libm::nextafterf(a, b)),
                    _ => Val::F64(libm::nextafter(x.as_f64(), y.as_f64())),
                };
                let got = run(&m, &[x, y])[0];
                assert!(
                    same(got, want),
                    "nextafter({x:?}, {y:?}) = {got:?}, want {want:?}"
                );
            }
        }
    }
}
