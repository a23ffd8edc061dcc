//! Float helpers: f16 conversions, directed rounding, and `cvt`.
//!
//! Semantics follow the PTX ISA: float-to-integer conversions saturate and
//! send NaN to 0; `.rni/.rzi/.rmi/.rpi` round to an integral value;
//! `.rn/.rz/.rm/.rp` on a narrowing float conversion round as named.
//! Integer-to-float conversions round as named too (exactly, from the
//! integer); f16 results always round to nearest.

use crate::cpu::ptx::program::{Cvt, Rnd, Ty};

/// f64 to IEEE binary16 bits, round to nearest even.
pub fn f64_to_f16(x: f64) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 48) & 0x8000) as u16;
    if x.is_nan() {
        return 0x7fff;
    }
    let a = x.abs();
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    if a < 6.103_515_625e-5 {
        // subnormal (or zero): multiples of 2^-24
        let m = (a * 16_777_216.0).round_ties_even() as u16;
        return sign | m;
    }
    let e = ((b >> 52) & 0x7ff) as i64 - 1023;
    let frac = b & ((1u64 << 52) - 1);
    let m = (frac >> 42) as u16;
    let rem = frac & ((1u64 << 42) - 1);
    let half = 1u64 << 41;
    let mut h = (((e + 15) as u16) << 10) | m;
    if rem > half || (rem == half && (m & 1) == 1) {
        h += 1; // a carry into the exponent is the correct encoding
    }
    sign | h
}

/// IEEE binary16 bits to f64 (exact).
pub fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = (h >> 10) & 0x1f;
    let man = (h & 0x3ff) as f64;
    match exp {
        0 => sign * man * (1.0 / 16_777_216.0),
        31 if man == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        e => sign * (1.0 + man / 1024.0) * 2f64.powi(e as i32 - 15),
    }
}

/// f64 to f32 with a rounding mode.
pub fn f64_to_f32(x: f64, rnd: Rnd) -> f32 {
    let r = x as f32;
    if r.is_nan() || r as f64 == x {
        return r;
    }
    match rnd {
        Rnd::Rz | Rnd::Rzi if (r as f64).abs() > x.abs() => {
            if r > 0.0 {
                r.next_down()
            } else {
                r.next_up()
            }
        }
        Rnd::Rm | Rnd::Rmi if r as f64 > x => r.next_down(),
        Rnd::Rp | Rnd::Rpi if (r as f64) < x => r.next_up(),
        _ => r,
    }
}

/// The exact sum `a + b` as `(s, e)`: `s` rounded to nearest, `e` the
/// error (Knuth's TwoSum).
pub fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    let e = (a - (s - bb)) + (b - bb);
    (s, if e.is_finite() { e } else { 0.0 })
}

/// Rounds the exact value `s + e` (`|e|` below half an f64 ulp of `s`) to
/// f32 in direction `rnd`.
pub fn round_f32(s: f64, e: f64, rnd: Rnd) -> f32 {
    let r = f64_to_f32(s, rnd);
    if e == 0.0 || r as f64 != s {
        return r;
    }
    match rnd {
        Rnd::Rz if (e < 0.0) != (s < 0.0) => {
            if r > 0.0 {
                r.next_down()
            } else {
                r.next_up()
            }
        }
        Rnd::Rm if e < 0.0 => r.next_down(),
        Rnd::Rp if e > 0.0 => r.next_up(),
        _ => r,
    }
}

/// Rounds the exact value `v + e` to f64 in direction `rnd`, where `v` is
/// its round-to-nearest f64 and only the sign of `e` matters. `v` infinite
/// from finite operands (`finite`) is an overflow: directions toward zero
/// give the largest finite value.
pub fn round_f64(v: f64, e: f64, rnd: Rnd, finite: bool) -> f64 {
    if v.is_infinite() && finite {
        let toward_zero = match rnd {
            Rnd::Rz => true,
            Rnd::Rm => v > 0.0,
            Rnd::Rp => v < 0.0,
            _ => false,
        };
        return if toward_zero { f64::MAX.copysign(v) } else { v };
    }
    if e == 0.0 || e.is_nan() || !v.is_finite() {
        return v;
    }
    match rnd {
        Rnd::Rz if (e < 0.0) != (v < 0.0) => {
            if v > 0.0 {
                v.next_down()
            } else {
                v.next_up()
            }
        }
        Rnd::Rm if e < 0.0 => v.next_down(),
        Rnd::Rp if e > 0.0 => v.next_up(),
        _ => v,
    }
}

/// The sign of `a * b + c - v` for `v = RN(a * b + c)`: the exact value
/// is `w + z + t`, three non-overlapping parts (the product's TwoProduct,
/// then TwoSums), and `w - v` is exact, as both lie within an ulp or two
/// of the exact value; the first nonzero of `w - v`, `z`, `t` has the sign.
pub fn fma_err(v: f64, a: f64, b: f64, c: f64) -> f64 {
    let p = a * b;
    let e1 = a.mul_add(b, -p);
    let (s, t1) = two_sum(p, c);
    let (u, t) = two_sum(t1, e1);
    let (w, z) = two_sum(s, u);
    let first = [w - v, z, t].into_iter().find(|x| *x != 0.0).unwrap_or(0.0);
    if first.is_finite() {
        first
    } else {
        0.0
    }
}

/// An integer to f64 or f32 rounded in direction `rnd` (exact: the error
/// of the rounded-to-nearest value is an integer).
fn int_to_float_directed(i: i128, rnd: Rnd, f32_result: bool) -> f64 {
    if f32_result {
        let v = i as f32;
        let e = (i - v as i128).signum() as f64;
        round_f32(v as f64, e, rnd) as f64
    } else {
        let v = i as f64;
        round_f64(v, (i - v as i128).signum() as f64, rnd, true)
    }
}

/// The sign (as ±1 or 0) of `exact - q` for `q = RN(a / b)`.
pub fn div_err(q: f64, a: f64, b: f64) -> f64 {
    let r = (-q).mul_add(b, a);
    if r.is_finite() {
        r * b.signum()
    } else {
        0.0
    }
}

/// The sign of `exact - s` for `s = RN(sqrt(a))`.
pub fn sqrt_err(s: f64, a: f64) -> f64 {
    let r = (-s).mul_add(s, a);
    if r.is_finite() {
        r
    } else {
        0.0
    }
}

/// Rounds to an integral value per an integer rounding mode.
pub fn round_int(x: f64, rnd: Rnd) -> f64 {
    match rnd {
        Rnd::Rni | Rnd::Rn => x.round_ties_even(),
        Rnd::Rmi | Rnd::Rm => x.floor(),
        Rnd::Rpi | Rnd::Rp => x.ceil(),
        _ => x.trunc(),
    }
}

/// Flushes an f32 subnormal to a zero of the same sign.
pub fn ftz32(x: f32) -> f32 {
    if x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

fn mask(bits: u8) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Sign-extends the low `bits` of `x`.
pub fn sext(x: u64, bits: u8) -> i64 {
    let s = 64 - bits.clamp(1, 64) as u32;
    ((x << s) as i64) >> s
}

enum Val {
    Int(i128),
    Float(f64),
}

/// Executes one `cvt` on raw bits; the result is masked to its width.
pub fn cvt(c: &Cvt, x: u64) -> u64 {
    let v = match c.src {
        Ty::U(b) => Val::Int((x & mask(b)) as i128),
        Ty::S(b) => Val::Int(sext(x, b) as i128),
        Ty::F(16) => Val::Float(f16_to_f64(x as u16)),
        Ty::F(32) => {
            let f = f32::from_bits(x as u32);
            Val::Float(if c.ftz { ftz32(f) } else { f } as f64)
        }
        Ty::F(_) => Val::Float(f64::from_bits(x)),
    };
    let sat = |f: f64| {
        if c.sat {
            if f.is_nan() {
                0.0
            } else {
                f.clamp(0.0, 1.0)
            }
        } else {
            f
        }
    };
    match c.dst {
        Ty::F(64) => {
            let f = match v {
                Val::Int(i) => match c.rnd {
                    Rnd::Rz | Rnd::Rm | Rnd::Rp => int_to_float_directed(i, c.rnd, false),
                    _ => i as f64,
                },
                Val::Float(f) => match c.rnd {
                    Rnd::Rni | Rnd::Rzi | Rnd::Rmi | Rnd::Rpi => round_int(f, c.rnd),
                    _ => f,
                },
            };
            sat(f).to_bits()
        }
        Ty::F(32) => {
            let f = match v {
                Val::Int(i) => match c.rnd {
                    Rnd::Rz | Rnd::Rm | Rnd::Rp => int_to_float_directed(i, c.rnd, true) as f32,
                    _ => i as f32,
                },
                Val::Float(f) => match c.rnd {
                    Rnd::Rni | Rnd::Rzi | Rnd::Rmi | Rnd::Rpi => round_int(f, c.rnd) as f32,
                    r => f64_to_f32(f, r),
                },
            };
            let f = sat(f as f64) as f32;
            (if c.ftz { ftz32(f) } else { f }).to_bits() as u64
        }
        Ty::F(_) => {
            let f = match v {
                Val::Int(i) => i as f64,
                Val::Float(f) => f,
            };
            f64_to_f16(sat(f)) as u64
        }
        Ty::U(b) | Ty::S(b) => {
            let signed = matches!(c.dst, Ty::S(_));
            let (lo, hi): (i128, i128) = if signed {
                (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1)
            } else {
                (0, (1i128 << b) - 1)
            };
            let i = match v {
                Val::Int(i) if c.sat => i.clamp(lo, hi),
                Val::Int(i) => i,
                Val::Float(f) => {
                    let r = round_int(f, c.rnd);
                    if r.is_nan() {
                        0
                    } else if r <= lo as f64 {
                        lo
                    } else if r >= hi as f64 {
                        hi
                    } else {
                        r as i128
                    }
                }
            };
            (i as u64) & mask(b)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f16_round_trip_and_rounding() {
        assert_eq!(f64_to_f16(1.0), 0x3c00);
        assert_eq!(f64_to_f16(-2.0), 0xc000);
        assert_eq!(f64_to_f16(65504.0), 0x7bff);
        assert_eq!(f64_to_f16(65520.0), 0x7c00);
        assert_eq!(f64_to_f16(65519.0), 0x7bff);
        assert_eq!(f64_to_f16(5.960464477539063e-8), 0x0001);
        assert_eq!(f64_to_f16(2.98e-8), 0x0000);
        assert_eq!(f64_to_f16(f64::NAN), 0x7fff);
        // 1 + 2^-11 is a tie: to even (1.0); 1 + 3*2^-11 rounds up
        assert_eq!(f64_to_f16(1.0 + 2f64.powi(-11)), 0x3c00);
        assert_eq!(f64_to_f16(1.0 + 3.0 * 2f64.powi(-11)), 0x3c02);
        for h in 0..=0xffffu16 {
            let f = f16_to_f64(h);
            if !f.is_nan() {
                assert_eq!(f64_to_f16(f), h, "{h:#x}");
            }
        }
    }

    #[test]
    fn float_to_int_saturates_and_nan_is_zero() {
        let c = Cvt {
            dst: Ty::S(32),
            src: Ty::F(32),
            rnd: Rnd::Rzi,
            sat: false,
            ftz: false,
        };
        let f = |x: f32| cvt(&c, x.to_bits() as u64) as u32 as i32;
        assert_eq!(f(f32::NAN), 0);
        assert_eq!(f(3e9), i32::MAX);
        assert_eq!(f(-3e9), i32::MIN);
        assert_eq!(f(-2.7), -2);
        let c = Cvt { rnd: Rnd::Rni, ..c };
        assert_eq!(cvt(&c, 2.5f32.to_bits() as u64), 2);
        assert_eq!(cvt(&c, 3.5f32.to_bits() as u64), 4);
        let c = Cvt { rnd: Rnd::Rmi, ..c };
        assert_eq!(cvt(&c, (-0.5f32).to_bits() as u64) as u32 as i32, -1);
        let c = Cvt {
            dst: Ty::U(8),
            src: Ty::F(64),
            rnd: Rnd::Rpi,
            ..c
        };
        assert_eq!(cvt(&c, 300.2f64.to_bits()), 255);
        assert_eq!(cvt(&c, (-3.0f64).to_bits()), 0);
    }

    #[test]
    fn directed_sums() {
        let (a, b) = (1.0f64, 2f64.powi(-60));
        let (s, e) = two_sum(a, b);
        assert_eq!((s, e), (1.0, 2f64.powi(-60)));
        assert_eq!(round_f32(s, e, Rnd::Rp), 1.0f32.next_up());
        assert_eq!(round_f32(s, e, Rnd::Rz), 1.0);
        assert_eq!(round_f32(-s, -e, Rnd::Rm), -(1.0f32.next_up()));
        assert_eq!(round_f32(s, -e, Rnd::Rz), 1.0f32.next_down());
    }

    #[test]
    fn directed_narrowing() {
        let x = 1.0 + 2f64.powi(-30);
        assert_eq!(f64_to_f32(x, Rnd::Rn), 1.0);
        assert_eq!(f64_to_f32(x, Rnd::Rp), 1.0f32.next_up());
        assert_eq!(f64_to_f32(-x, Rnd::Rm), -(1.0f32.next_up()));
        assert_eq!(f64_to_f32(-x, Rnd::Rz), -1.0);
        assert_eq!(f64_to_f32(1e300, Rnd::Rz), f32::MAX);
    }
}
