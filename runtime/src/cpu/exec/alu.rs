//! Lane-parallel arithmetic: each operation reads whole register rows
//! (32 lanes), computes every lane with a branch-free closure the compiler
//! can vectorise, and blends the result into the destination under the
//! active mask. Operations never panic on any input (division by zero and
//! overflow have defined results), so computing inactive lanes is harmless.
//!
//! Float notes: `.approx` operations (`sin`, `ex2`, `rcp.approx`, ...)
//! use the correctly rounded (or libm) result; NaN results carry the host's
//! NaN bits rather than PTX's canonical NaN, except for `min`/`max`.

use super::float::{
    cvt, div_err, f16_to_f64, f64_to_f16, f64_to_f32, fma_err, ftz32, round_f32, round_f64, sext,
    sqrt_err, two_sum,
};
use crate::cpu::ptx::program::{
    BinOp, CarryKind, CarryOp, Cmp, CmpOp, CmpTy, Combine, Cvt, Rnd, Slot, TernOp, TestpKind, Ty,
    UnOp, NONE,
};

/// One warp's registers: a row of 32 lanes per slot.
pub type Row = [u64; 32];

/// All 32 lanes.
pub const FULL: u32 = u32::MAX;

#[inline(always)]
fn mask(bits: u8) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Writes the lanes `m` of `out` to `rd`.
#[inline(always)]
pub fn store(rd: &mut Row, out: &Row, m: u32) {
    if m == FULL {
        *rd = *out;
    } else {
        for l in 0..32 {
            if (m >> l) & 1 != 0 {
                rd[l] = out[l];
            }
        }
    }
}

#[inline(always)]
fn map1(regs: &mut [Row], d: Slot, a: Slot, m: u32, f: impl Fn(u64) -> u64) {
    let ra = &regs[a as usize];
    let mut out = [0u64; 32];
    for l in 0..32 {
        out[l] = f(ra[l]);
    }
    store(&mut regs[d as usize], &out, m);
}

#[inline(always)]
fn map2(regs: &mut [Row], d: Slot, a: Slot, b: Slot, m: u32, f: impl Fn(u64, u64) -> u64) {
    let (ra, rb) = (&regs[a as usize], &regs[b as usize]);
    let mut out = [0u64; 32];
    for l in 0..32 {
        out[l] = f(ra[l], rb[l]);
    }
    store(&mut regs[d as usize], &out, m);
}

#[inline(always)]
fn map3(
    regs: &mut [Row],
    d: Slot,
    a: Slot,
    b: Slot,
    c: Slot,
    m: u32,
    f: impl Fn(u64, u64, u64) -> u64,
) {
    let (ra, rb, rc) = (&regs[a as usize], &regs[b as usize], &regs[c as usize]);
    let mut out = [0u64; 32];
    for l in 0..32 {
        out[l] = f(ra[l], rb[l], rc[l]);
    }
    store(&mut regs[d as usize], &out, m);
}

#[inline(always)]
/// The f16 in the low 16 bits, widened exactly.
fn f16v(x: u64) -> f64 {
    f16_to_f64(x as u16)
}

/// `x` rounded to the nearest f16 (ties to even), in the low 16 bits.
fn h16(x: f64) -> u64 {
    u64::from(f64_to_f16(x))
}

/// `a * b + c` in f16, rounded once. The product is exact in f64; the sum
/// is rounded to odd in f64 (the f64 sum, with its last bit set toward
/// the exact value when it is inexact), which rounding to f16's 11 bits
/// then turns into the correctly rounded result.
fn fma16(a: u64, b: u64, c: u64) -> u64 {
    let (p, z) = (f16v(a) * f16v(b), f16v(c));
    let (s, e) = two_sum(p, z);
    if e == 0.0 || !s.is_finite() || s.to_bits() & 1 == 1 {
        return h16(s);
    }
    // Toward the exact value: away from zero when the error has s's sign.
    let bits = if (e > 0.0) == (s > 0.0) {
        s.to_bits() + 1
    } else {
        s.to_bits() - 1
    };
    h16(f64::from_bits(bits))
}

fn f32b(x: u64) -> f32 {
    f32::from_bits(x as u32)
}

#[inline(always)]
fn b32(x: f32) -> u64 {
    x.to_bits() as u64
}

#[inline(always)]
fn f64b(x: u64) -> f64 {
    f64::from_bits(x)
}

/// PTX `min`/`max` for one float type: NaN loses, -0 < +0, both NaN
/// give the canonical NaN (`$nan` bits).
macro_rules! ptx_min_max {
    ($min:ident, $max:ident, $t:ty, $nan:expr) => {
        fn $min(a: $t, b: $t) -> $t {
            match (a.is_nan(), b.is_nan()) {
                (true, true) => <$t>::from_bits($nan),
                (true, false) => b,
                (false, true) => a,
                _ if a < b || (a == b && a.is_sign_negative()) => a,
                _ => b,
            }
        }

        fn $max(a: $t, b: $t) -> $t {
            match (a.is_nan(), b.is_nan()) {
                (true, true) => <$t>::from_bits($nan),
                (true, false) => b,
                (false, true) => a,
                _ if a > b || (a == b && b.is_sign_negative()) => a,
                _ => b,
            }
        }
    };
}

ptx_min_max!(fmin32, fmax32, f32, 0x7fff_ffff);
ptx_min_max!(fmin64, fmax64, f64, 0x7fff_ffff_ffff_ffff);

fn nan_min32(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        f32::from_bits(0x7fff_ffff)
    } else {
        fmin32(a, b)
    }
}

fn nan_max32(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        f32::from_bits(0x7fff_ffff)
    } else {
        fmax32(a, b)
    }
}

fn sat01(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(0.0, 1.0)
    }
}

/// Calls the AVX2 build of an operation when the host has AVX2 (the
/// lane loops then run 4 lanes per instruction instead of 2), else the
/// baseline build. Both compute the same bits: AVX2 adds no FMA
/// contraction or other value-changing instructions.
macro_rules! dispatch {
    ($generic:ident, $avx2:ident, $($arg:expr),*) => {{
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the host supports AVX2 (checked just above).
            return unsafe { $avx2($($arg),*) };
        }
        $generic($($arg),*)
    }};
}

/// Evaluates `$e` with `$w` bound to a constant for the common widths, so
/// each gets its own loop without variable shifts and masks.
macro_rules! spec_w {
    ($w:ident, $e:expr) => {
        match $w {
            32 => {
                let $w: u8 = 32;
                $e
            }
            64 => {
                let $w: u8 = 64;
                $e
            }
            _ => $e,
        }
    };
}

/// Executes a two-operand operation on the lanes in `m`.
pub fn bin(regs: &mut [Row], op: BinOp, d: Slot, a: Slot, b: Slot, m: u32) {
    dispatch!(bin_impl, bin_avx2, regs, op, d, a, b, m)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn bin_avx2(regs: &mut [Row], op: BinOp, d: Slot, a: Slot, b: Slot, m: u32) {
    bin_impl(regs, op, d, a, b, m)
}

#[inline(always)]
fn bin_impl(regs: &mut [Row], op: BinOp, d: Slot, a: Slot, b: Slot, m: u32) {
    macro_rules! go {
        ($f:expr) => {
            map2(regs, d, a, b, m, $f)
        };
    }
    match op {
        BinOp::Add(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| x.wrapping_add(y) & k)
        }),
        BinOp::Sub(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| x.wrapping_sub(y) & k)
        }),
        BinOp::MulLo(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| x.wrapping_mul(y) & k)
        }),
        BinOp::MulHiS(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| (((sext(x, w) as i128 * sext(y, w) as i128) >> w) as u64) & k)
        }),
        BinOp::MulHiU(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| ((((x & k) as u128 * (y & k) as u128) >> w) as u64) & k)
        }),
        BinOp::MulWideS(w) => spec_w!(w, {
            let k = mask(w * 2);
            go!(|x, y| (sext(x, w).wrapping_mul(sext(y, w)) as u64) & k)
        }),
        BinOp::MulWideU(w) => spec_w!(w, {
            let k = mask(w);
            let k2 = mask(w * 2);
            go!(|x, y| (x & k).wrapping_mul(y & k) & k2)
        }),
        BinOp::DivS(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| {
                let (x, y) = (sext(x, w), sext(y, w));
                if y == 0 {
                    k
                } else {
                    x.wrapping_div(y) as u64 & k
                }
            })
        }),
        BinOp::DivU(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| (x & k).checked_div(y & k).unwrap_or(k))
        }),
        BinOp::RemS(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| {
                let (xs, ys) = (sext(x, w), sext(y, w));
                if ys == 0 {
                    x & k
                } else {
                    xs.wrapping_rem(ys) as u64 & k
                }
            })
        }),
        BinOp::RemU(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| (x & k).checked_rem(y & k).unwrap_or(x & k))
        }),
        BinOp::MinS(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| sext(x, w).min(sext(y, w)) as u64 & k)
        }),
        BinOp::MaxS(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| sext(x, w).max(sext(y, w)) as u64 & k)
        }),
        BinOp::MinU(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| (x & k).min(y & k))
        }),
        BinOp::MaxU(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| (x & k).max(y & k))
        }),
        BinOp::And => go!(|x, y| x & y),
        BinOp::Or => go!(|x, y| x | y),
        BinOp::Xor => go!(|x, y| x ^ y),
        BinOp::Shl(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| {
                let s = y as u32;
                if s >= w as u32 {
                    0
                } else {
                    (x << s) & k
                }
            })
        }),
        BinOp::ShrU(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| {
                let s = y as u32;
                if s >= w as u32 {
                    0
                } else {
                    (x & k) >> s
                }
            })
        }),
        BinOp::ShrS(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| (sext(x, w) >> (y as u32).min(w as u32 - 1)) as u64 & k)
        }),
        BinOp::Insert(s, w) => {
            let k = mask(w) << s;
            go!(|x, y| (x & !k) | ((y << s) & k))
        }
        BinOp::Pack(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y| (x & k) | ((y & k) << w))
        }),
        // f16 sums, differences and products are exact in f64 (at most 51
        // significant bits): one rounding to f16, as the hardware's.
        BinOp::AddF16 => go!(|x, y| h16(f16v(x) + f16v(y))),
        BinOp::SubF16 => go!(|x, y| h16(f16v(x) - f16v(y))),
        BinOp::MulF16 => go!(|x, y| h16(f16v(x) * f16v(y))),
        BinOp::MinF16 => go!(|x, y| h16(fmin64(f16v(x), f16v(y)))),
        BinOp::MaxF16 => go!(|x, y| h16(fmax64(f16v(x), f16v(y)))),
        BinOp::MinNanF16 => go!(|x, y| {
            let (a, b) = (f16v(x), f16v(y));
            if a.is_nan() || b.is_nan() {
                0x7fff
            } else {
                h16(fmin64(a, b))
            }
        }),
        BinOp::MaxNanF16 => go!(|x, y| {
            let (a, b) = (f16v(x), f16v(y));
            if a.is_nan() || b.is_nan() {
                0x7fff
            } else {
                h16(fmax64(a, b))
            }
        }),
        BinOp::AddF32 => go!(|x, y| b32(f32b(x) + f32b(y))),
        BinOp::SubF32 => go!(|x, y| b32(f32b(x) - f32b(y))),
        BinOp::MulF32 => go!(|x, y| b32(f32b(x) * f32b(y))),
        BinOp::DivF32 => go!(|x, y| b32(f32b(x) / f32b(y))),
        BinOp::MinF32 => go!(|x, y| b32(fmin32(f32b(x), f32b(y)))),
        BinOp::MaxF32 => go!(|x, y| b32(fmax32(f32b(x), f32b(y)))),
        BinOp::MinNanF32 => go!(|x, y| b32(nan_min32(f32b(x), f32b(y)))),
        BinOp::MaxNanF32 => go!(|x, y| b32(nan_max32(f32b(x), f32b(y)))),
        BinOp::CopysignF32 => go!(|x, y| b32(f32b(y).copysign(f32b(x)))),
        BinOp::AddF64 => go!(|x, y| (f64b(x) + f64b(y)).to_bits()),
        BinOp::SubF64 => go!(|x, y| (f64b(x) - f64b(y)).to_bits()),
        BinOp::MulF64 => go!(|x, y| (f64b(x) * f64b(y)).to_bits()),
        BinOp::DivF64 => go!(|x, y| (f64b(x) / f64b(y)).to_bits()),
        BinOp::MinF64 => go!(|x, y| fmin64(f64b(x), f64b(y)).to_bits()),
        BinOp::MaxF64 => go!(|x, y| fmax64(f64b(x), f64b(y)).to_bits()),
        BinOp::MinNanF64 => go!(|x, y| {
            let (a, b) = (f64b(x), f64b(y));
            if a.is_nan() || b.is_nan() {
                0x7fff_ffff_ffff_ffff
            } else {
                fmin64(a, b).to_bits()
            }
        }),
        BinOp::MaxNanF64 => go!(|x, y| {
            let (a, b) = (f64b(x), f64b(y));
            if a.is_nan() || b.is_nan() {
                0x7fff_ffff_ffff_ffff
            } else {
                fmax64(a, b).to_bits()
            }
        }),
        BinOp::CopysignF64 => go!(|x, y| f64b(y).copysign(f64b(x)).to_bits()),
        BinOp::AddF32Rnd(r) => go!(|x, y| {
            let (s, e) = two_sum(f32b(x) as f64, f32b(y) as f64);
            b32(round_f32(s, e, r))
        }),
        BinOp::MulF32Rnd(r) => go!(|x, y| b32(f64_to_f32(f32b(x) as f64 * f32b(y) as f64, r))),
        BinOp::DivF32Rnd(r) => go!(|x, y| {
            let (a, b) = (f32b(x) as f64, f32b(y) as f64);
            let q = a / b;
            b32(round_f32(q, div_err(q, a, b), r))
        }),
        BinOp::AddF64Rnd(r) => go!(|x, y| {
            let (a, b) = (f64b(x), f64b(y));
            let (s, e) = two_sum(a, b);
            round_f64(s, e, r, a.is_finite() && b.is_finite()).to_bits()
        }),
        BinOp::MulF64Rnd(r) => go!(|x, y| {
            let (a, b) = (f64b(x), f64b(y));
            let p = a * b;
            let e = a.mul_add(b, -p);
            round_f64(p, e, r, a.is_finite() && b.is_finite()).to_bits()
        }),
        BinOp::DivF64Rnd(r) => go!(|x, y| {
            let (a, b) = (f64b(x), f64b(y));
            let q = a / b;
            round_f64(
                q,
                div_err(q, a, b),
                r,
                a.is_finite() && b.is_finite() && b != 0.0,
            )
            .to_bits()
        }),
    }
}

/// Executes a one-operand operation on the lanes in `m`.
pub fn un(regs: &mut [Row], op: UnOp, d: Slot, a: Slot, m: u32) {
    dispatch!(un_impl, un_avx2, regs, op, d, a, m)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn un_avx2(regs: &mut [Row], op: UnOp, d: Slot, a: Slot, m: u32) {
    un_impl(regs, op, d, a, m)
}

#[inline(always)]
fn un_impl(regs: &mut [Row], op: UnOp, d: Slot, a: Slot, m: u32) {
    macro_rules! go {
        ($f:expr) => {
            map1(regs, d, a, m, $f)
        };
    }
    match op {
        UnOp::Neg(w) => {
            let k = mask(w);
            go!(|x| x.wrapping_neg() & k)
        }
        UnOp::Not(w) => {
            let k = mask(w);
            go!(|x| !x & k)
        }
        UnOp::Abs(w) => {
            let k = mask(w);
            go!(|x| sext(x, w).wrapping_abs() as u64 & k)
        }
        UnOp::Clz(w) => {
            let k = mask(w);
            go!(|x| ((x & k).leading_zeros() - (64 - w as u32)) as u64)
        }
        UnOp::Popc(w) => {
            let k = mask(w);
            go!(|x| (x & k).count_ones() as u64)
        }
        UnOp::Brev(w) => {
            let k = mask(w);
            go!(|x| (x.reverse_bits() >> (64 - w as u32)) & k)
        }
        UnOp::Sext(from, to) => {
            let k = mask(to);
            go!(|x| sext(x, from) as u64 & k)
        }
        UnOp::Zext(w) => {
            let k = mask(w);
            go!(|x| x & k)
        }
        UnOp::Extract(s, w) => {
            let k = mask(w);
            go!(|x| (x >> s) & k)
        }
        UnOp::NotPred => go!(|x| (x == 0) as u64),
        UnOp::F32ToBf16 => go!(|x| {
            let f = f32b(x);
            if f.is_nan() {
                0x7fff
            } else {
                let u = x as u32;
                u64::from(u.wrapping_add(0x7fff + ((u >> 16) & 1)) >> 16)
            }
        }),
        UnOp::Bf16ToF32 => go!(|x| (x & 0xffff) << 16),
        UnOp::NegF16 => go!(|x| (x ^ 0x8000) & 0xffff),
        UnOp::AbsF16 => go!(|x| x & 0x7fff),
        UnOp::NegF32 => go!(|x| b32(-f32b(x))),
        UnOp::AbsF32 => go!(|x| b32(f32b(x).abs())),
        UnOp::SqrtF32 => go!(|x| b32(f32b(x).sqrt())),
        UnOp::RcpF32 => go!(|x| b32(1.0 / f32b(x))),
        UnOp::RsqrtF32 => go!(|x| b32(1.0 / f32b(x).sqrt())),
        UnOp::SinF32 => go!(|x| b32(f32b(x).sin())),
        UnOp::CosF32 => go!(|x| b32(f32b(x).cos())),
        UnOp::Ex2F32 => go!(|x| b32(f32b(x).exp2())),
        UnOp::Lg2F32 => go!(|x| b32(f32b(x).log2())),
        UnOp::TanhF32 => go!(|x| b32(f32b(x).tanh())),
        UnOp::FtzF32 => go!(|x| b32(ftz32(f32b(x)))),
        UnOp::SatF32 => go!(|x| b32(sat01(f32b(x) as f64) as f32)),
        UnOp::NegF64 => go!(|x| (-f64b(x)).to_bits()),
        UnOp::AbsF64 => go!(|x| f64b(x).abs().to_bits()),
        UnOp::SqrtF64 => go!(|x| f64b(x).sqrt().to_bits()),
        UnOp::RcpF64 => go!(|x| (1.0 / f64b(x)).to_bits()),
        UnOp::RsqrtF64 => go!(|x| (1.0 / f64b(x).sqrt()).to_bits()),
        UnOp::SatF64 => go!(|x| sat01(f64b(x)).to_bits()),
        UnOp::SqrtF32Rnd(r) => go!(|x| {
            let a = f32b(x) as f64;
            let s = a.sqrt();
            b32(round_f32(s, sqrt_err(s, a), r))
        }),
        UnOp::SqrtF64Rnd(r) => go!(|x| {
            let a = f64b(x);
            let s = a.sqrt();
            round_f64(s, sqrt_err(s, a), r, true).to_bits()
        }),
        UnOp::Cnot(w) => {
            let k = mask(w);
            go!(|x| (x & k == 0) as u64)
        }
        UnOp::Testp(kind, wide) => go!(|x| {
            let v = if wide { f64b(x) } else { f32b(x) as f64 };
            let sub = if wide {
                v.is_subnormal()
            } else {
                f32b(x).is_subnormal()
            };
            (match kind {
                TestpKind::Finite => v.is_finite(),
                TestpKind::Infinite => v.is_infinite(),
                TestpKind::Number => !v.is_nan(),
                TestpKind::NotANumber => v.is_nan(),
                TestpKind::Normal => v.is_finite() && v != 0.0 && !sub,
                TestpKind::Subnormal => sub,
            }) as u64
        }),
        UnOp::Bfind {
            bits,
            signed,
            shiftamt,
        } => {
            let k = mask(bits);
            go!(|x| {
                let v = x & k;
                let v = if signed && (v >> (bits - 1)) & 1 == 1 {
                    !v & k
                } else {
                    v
                };
                if v == 0 {
                    0xffff_ffff
                } else {
                    let pos = 63 - v.leading_zeros() as u64;
                    if shiftamt {
                        bits as u64 - 1 - pos
                    } else {
                        pos
                    }
                }
            })
        }
    }
}

/// Bit-field extract per PTX `bfe`.
fn bfe(x: u64, pos: u64, len: u64, w: u8, signed: bool) -> u64 {
    let w = w as u64;
    let k = mask(w as u8);
    let (pos, len) = (pos & 0xff, len & 0xff);
    if len == 0 {
        return 0;
    }
    let valid = if pos >= w { 0 } else { (w - pos).min(len) };
    let v = if pos >= w { 0 } else { (x & k) >> pos };
    let mut r = v & mask(valid as u8);
    if signed {
        let sb = if pos >= w {
            w - 1
        } else {
            (pos + len - 1).min(w - 1)
        };
        if (x >> sb) & 1 == 1 {
            r |= !mask(valid as u8);
        }
    }
    r & k
}

/// Executes a three-operand operation on the lanes in `m`.
pub fn tern(regs: &mut [Row], op: TernOp, d: Slot, a: Slot, b: Slot, c: Slot, m: u32) {
    dispatch!(tern_impl, tern_avx2, regs, op, d, a, b, c, m)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn tern_avx2(regs: &mut [Row], op: TernOp, d: Slot, a: Slot, b: Slot, c: Slot, m: u32) {
    tern_impl(regs, op, d, a, b, c, m)
}

#[inline(always)]
fn tern_impl(regs: &mut [Row], op: TernOp, d: Slot, a: Slot, b: Slot, c: Slot, m: u32) {
    macro_rules! go {
        ($f:expr) => {
            map3(regs, d, a, b, c, m, $f)
        };
    }
    match op {
        TernOp::FmaF16 => go!(fma16),
        TernOp::FmaF32 => go!(|x, y, z| b32(f32b(x).mul_add(f32b(y), f32b(z)))),
        TernOp::FmaF64 => go!(|x, y, z| f64b(x).mul_add(f64b(y), f64b(z)).to_bits()),
        TernOp::MadLo(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y, z| x.wrapping_mul(y).wrapping_add(z) & k)
        }),
        TernOp::MadHiS(w) => spec_w!(w, {
            let k = mask(w);
            go!(
                |x, y, z| (((sext(x, w) as i128 * sext(y, w) as i128) >> w) as u64).wrapping_add(z)
                    & k
            )
        }),
        TernOp::MadHiU(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y, z| ((((x & k) as u128 * (y & k) as u128) >> w) as u64).wrapping_add(z) & k)
        }),
        TernOp::MadWideS(w) => spec_w!(w, {
            let k2 = mask(w * 2);
            go!(|x, y, z| (sext(x, w).wrapping_mul(sext(y, w)) as u64).wrapping_add(z) & k2)
        }),
        TernOp::MadWideU(w) => spec_w!(w, {
            let k = mask(w);
            let k2 = mask(w * 2);
            go!(|x, y, z| (x & k).wrapping_mul(y & k).wrapping_add(z) & k2)
        }),
        TernOp::Selp => go!(|x, y, z| if z != 0 { x } else { y }),
        TernOp::BfeU(w) => go!(|x, y, z| bfe(x, y, z, w, false)),
        TernOp::BfeS(w) => go!(|x, y, z| bfe(x, y, z, w, true)),
        TernOp::SadS(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y, z| (sext(x, w).abs_diff(sext(y, w))).wrapping_add(z) & k)
        }),
        TernOp::SadU(w) => spec_w!(w, {
            let k = mask(w);
            go!(|x, y, z| ((x & k).abs_diff(y & k)).wrapping_add(z) & k)
        }),
        TernOp::Prmt => go!(|x, y, z| {
            let v = ((y & 0xffff_ffff) << 32) | (x & 0xffff_ffff);
            let mut r = 0u64;
            for i in 0..4 {
                let n = (z >> (4 * i)) & 0xf;
                let byte = (v >> (8 * (n & 7))) & 0xff;
                let byte = if n & 8 != 0 {
                    if byte & 0x80 != 0 {
                        0xff
                    } else {
                        0
                    }
                } else {
                    byte
                };
                r |= byte << (8 * i);
            }
            r
        }),
        TernOp::ShfL(clamp) => go!(|x, y, z| {
            let n = if clamp {
                (z as u32).min(32)
            } else {
                z as u32 & 31
            };
            let v = ((y & 0xffff_ffff) << 32) | (x & 0xffff_ffff);
            ((v << n) >> 32) & 0xffff_ffff
        }),
        TernOp::ShfR(clamp) => go!(|x, y, z| {
            let n = if clamp {
                (z as u32).min(32)
            } else {
                z as u32 & 31
            };
            let v = ((y & 0xffff_ffff) << 32) | (x & 0xffff_ffff);
            (v >> n) & 0xffff_ffff
        }),
        TernOp::FmaF32Rnd(r) => go!(|x, y, z| {
            let p = f32b(x) as f64 * f32b(y) as f64; // exact
            let (s, e) = two_sum(p, f32b(z) as f64);
            b32(round_f32(s, e, r))
        }),
        TernOp::FmaF64Rnd(r) => go!(|x, y, z| {
            let (a, b, c) = (f64b(x), f64b(y), f64b(z));
            let v = a.mul_add(b, c);
            let finite = a.is_finite() && b.is_finite() && c.is_finite();
            round_f64(v, fma_err(v, a, b, c), r, finite).to_bits()
        }),
    }
}

/// Carry-chain arithmetic on the lanes in `m`.
#[allow(clippy::too_many_arguments)]
pub fn carry(regs: &mut [Row], op: CarryOp, d: Slot, a: Slot, b: Slot, c: Slot, cc: Slot, m: u32) {
    let w = op.bits as u32;
    let k = mask(op.bits);
    let mut mm = m;
    while mm != 0 {
        let l = mm.trailing_zeros() as usize;
        mm &= mm - 1;
        let (x, y) = (regs[a as usize][l] & k, regs[b as usize][l] & k);
        let cin = if op.cin { regs[cc as usize][l] & 1 } else { 0 };
        let (wide, sub): (u128, bool) = match op.kind {
            CarryKind::Add => (x as u128 + y as u128 + cin as u128, false),
            CarryKind::Sub => ((x as u128).wrapping_sub(y as u128 + cin as u128), true),
            CarryKind::MadLo | CarryKind::MadHi => {
                let p = x as u128 * y as u128;
                let part = if op.kind == CarryKind::MadLo {
                    p & k as u128
                } else {
                    p >> w
                };
                let z = regs[c as usize][l] & k;
                (part + z as u128 + cin as u128, false)
            }
        };
        regs[d as usize][l] = wide as u64 & k;
        if op.cout {
            let flag = if sub {
                (wide >> 127) as u64 // borrow: the subtraction wrapped
            } else {
                ((wide >> w) != 0) as u64
            };
            regs[cc as usize][l] = flag;
        }
    }
}

/// `bfi` on the lanes in `m`.
#[allow(clippy::too_many_arguments)]
pub fn bfi(regs: &mut [Row], bits: u8, d: Slot, a: Slot, b: Slot, c: Slot, e: Slot, m: u32) {
    let k = mask(bits);
    let mut mm = m;
    while mm != 0 {
        let l = mm.trailing_zeros() as usize;
        mm &= mm - 1;
        let (x, y) = (regs[a as usize][l], regs[b as usize][l]);
        let pos = regs[c as usize][l] & 0xff;
        let len = regs[e as usize][l] & 0xff;
        let mut r = y & k;
        if pos < bits as u64 {
            let len = len.min(bits as u64 - pos);
            let f = mask(len as u8) << pos;
            r = (r & !f) | ((x << pos) & f);
        }
        regs[d as usize][l] = r & k;
    }
}

#[inline(always)]
fn cmp_ord<T: PartialOrd>(op: CmpOp, x: T, y: T, unordered: bool) -> bool {
    match op {
        CmpOp::Eq => x == y,
        CmpOp::Ne => x != y && !unordered,
        CmpOp::Lt => x < y,
        CmpOp::Le => x <= y,
        CmpOp::Gt => x > y,
        CmpOp::Ge => x >= y,
        CmpOp::Equ => unordered || x == y,
        CmpOp::Neu => unordered || x != y,
        CmpOp::Ltu => unordered || x < y,
        CmpOp::Leu => unordered || x <= y,
        CmpOp::Gtu => unordered || x > y,
        CmpOp::Geu => unordered || x >= y,
        CmpOp::Num => !unordered,
        CmpOp::Nan => unordered,
    }
}

/// Evaluates one comparison on raw bits.
#[inline(always)]
pub fn compare(cmp: Cmp, x: u64, y: u64) -> bool {
    match cmp.ty {
        CmpTy::S(w) => cmp_ord(cmp.op, sext(x, w), sext(y, w), false),
        CmpTy::U(w) => {
            let k = mask(w);
            cmp_ord(cmp.op, x & k, y & k, false)
        }
        CmpTy::F32 => {
            let (a, b) = (f32b(x), f32b(y));
            cmp_ord(cmp.op, a, b, a.is_nan() || b.is_nan())
        }
        CmpTy::F64 => {
            let (a, b) = (f64b(x), f64b(y));
            cmp_ord(cmp.op, a, b, a.is_nan() || b.is_nan())
        }
        CmpTy::F16 => {
            let (a, b) = (
                super::float::f16_to_f64(x as u16),
                super::float::f16_to_f64(y as u16),
            );
            cmp_ord(cmp.op, a, b, a.is_nan() || b.is_nan())
        }
    }
}

#[inline(always)]
fn fill(t: &mut Row, ra: &Row, rb: &Row, f: impl Fn(u64, u64) -> bool) {
    for l in 0..32 {
        t[l] = f(ra[l], rb[l]) as u64;
    }
}

/// `setp`: compares, optionally combines with `c`, writes `d` (and `dn`).
#[allow(clippy::too_many_arguments)]
pub fn setp(
    regs: &mut [Row],
    cmp: Cmp,
    comb: Combine,
    cneg: bool,
    d: Slot,
    dn: Slot,
    a: Slot,
    b: Slot,
    c: Slot,
    m: u32,
) {
    dispatch!(setp_impl, setp_avx2, regs, cmp, comb, cneg, d, dn, a, b, c, m)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(clippy::too_many_arguments)]
unsafe fn setp_avx2(
    regs: &mut [Row],
    cmp: Cmp,
    comb: Combine,
    cneg: bool,
    d: Slot,
    dn: Slot,
    a: Slot,
    b: Slot,
    c: Slot,
    m: u32,
) {
    setp_impl(regs, cmp, comb, cneg, d, dn, a, b, c, m)
}

#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn setp_impl(
    regs: &mut [Row],
    cmp: Cmp,
    comb: Combine,
    cneg: bool,
    d: Slot,
    dn: Slot,
    a: Slot,
    b: Slot,
    c: Slot,
    m: u32,
) {
    let (ra, rb) = (&regs[a as usize], &regs[b as usize]);
    let mut t = [0u64; 32];
    // One loop per (type, operator): the comparison is dispatched once.
    macro_rules! by_op {
        ($conv:expr, $nan:expr) => {{
            let c = $conv;
            let n = $nan;
            match cmp.op {
                CmpOp::Eq => fill(&mut t, ra, rb, |x, y| c(x) == c(y)),
                CmpOp::Ne => fill(&mut t, ra, rb, |x, y| c(x) != c(y) && !n(c(x), c(y))),
                CmpOp::Lt => fill(&mut t, ra, rb, |x, y| c(x) < c(y)),
                CmpOp::Le => fill(&mut t, ra, rb, |x, y| c(x) <= c(y)),
                CmpOp::Gt => fill(&mut t, ra, rb, |x, y| c(x) > c(y)),
                CmpOp::Ge => fill(&mut t, ra, rb, |x, y| c(x) >= c(y)),
                _ => fill(&mut t, ra, rb, |x, y| compare(cmp, x, y)),
            }
        }};
    }
    // The common widths get constant conversions (no variable shifts).
    match cmp.ty {
        CmpTy::S(64) => by_op!(|x: u64| x as i64, |_: i64, _: i64| false),
        CmpTy::S(32) => by_op!(|x: u64| x as u32 as i32, |_: i32, _: i32| false),
        CmpTy::S(w) => by_op!(|x: u64| sext(x, w), |_: i64, _: i64| false),
        CmpTy::U(64) => by_op!(|x: u64| x, |_: u64, _: u64| false),
        CmpTy::U(32) => by_op!(|x: u64| x as u32, |_: u32, _: u32| false),
        CmpTy::U(w) => {
            let k = mask(w);
            by_op!(move |x: u64| x & k, |_: u64, _: u64| false)
        }
        CmpTy::F32 => by_op!(f32b, |x: f32, y: f32| x.is_nan() || y.is_nan()),
        CmpTy::F64 => by_op!(f64b, |x: f64, y: f64| x.is_nan() || y.is_nan()),
        CmpTy::F16 => fill(&mut t, ra, rb, |x, y| compare(cmp, x, y)),
    }
    // `dn` gets the negated comparison, combined the same way.
    let mut q = [0u64; 32];
    if dn != NONE {
        for l in 0..32 {
            q[l] = t[l] ^ 1;
        }
    }
    if comb != Combine::None {
        let rc = &regs[c as usize];
        let mut cv = [0u64; 32];
        for l in 0..32 {
            cv[l] = ((rc[l] != 0) ^ cneg) as u64;
        }
        let f = |v: &mut Row| match comb {
            Combine::And => (0..32).for_each(|l| v[l] &= cv[l]),
            Combine::Or => (0..32).for_each(|l| v[l] |= cv[l]),
            Combine::Xor => (0..32).for_each(|l| v[l] ^= cv[l]),
            Combine::None => {}
        };
        f(&mut t);
        if dn != NONE {
            f(&mut q);
        }
    }
    store(&mut regs[d as usize], &t, m);
    if dn != NONE {
        store(&mut regs[dn as usize], &q, m);
    }
}

/// `cvt` on the lanes in `m`.
pub fn convert(regs: &mut [Row], c: &Cvt, d: Slot, a: Slot, m: u32) {
    dispatch!(convert_impl, convert_avx2, regs, c, d, a, m)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn convert_avx2(regs: &mut [Row], c: &Cvt, d: Slot, a: Slot, m: u32) {
    convert_impl(regs, c, d, a, m)
}

#[inline(always)]
fn convert_impl(regs: &mut [Row], c: &Cvt, d: Slot, a: Slot, m: u32) {
    let c = *c;
    // Integer to integer without saturation: extend from the source width,
    // truncate to the destination's (what `cvt` computes, without its
    // per-lane dispatch).
    match (c.src, c.dst, c.sat) {
        (Ty::S(32), Ty::S(64) | Ty::U(64), false) => {
            map1(regs, d, a, m, |x| x as u32 as i32 as i64 as u64)
        }
        (Ty::U(32), Ty::S(64) | Ty::U(64), false) => map1(regs, d, a, m, |x| x & 0xffff_ffff),
        (Ty::S(sb), Ty::S(db) | Ty::U(db), false) => {
            let k = mask(db);
            map1(regs, d, a, m, |x| sext(x, sb) as u64 & k)
        }
        (Ty::U(sb), Ty::S(db) | Ty::U(db), false) => {
            let k = mask(sb) & mask(db);
            map1(regs, d, a, m, |x| x & k)
        }
        // Integer to f64, and to f32 rounding to nearest: the i64/u64
        // conversions round the same exact value as `cvt`'s i128 one.
        (Ty::S(sb), Ty::F(64), false) if !matches!(c.rnd, Rnd::Rz | Rnd::Rm | Rnd::Rp) => {
            map1(regs, d, a, m, |x| (sext(x, sb) as f64).to_bits())
        }
        (Ty::U(sb), Ty::F(64), false) if !matches!(c.rnd, Rnd::Rz | Rnd::Rm | Rnd::Rp) => {
            let k = mask(sb);
            map1(regs, d, a, m, |x| ((x & k) as f64).to_bits())
        }
        (Ty::S(sb), Ty::F(32), false)
            if !c.ftz && !matches!(c.rnd, Rnd::Rz | Rnd::Rm | Rnd::Rp) =>
        {
            map1(regs, d, a, m, |x| b32(sext(x, sb) as f32))
        }
        (Ty::F(32), Ty::F(64), false)
            if !c.ftz && !matches!(c.rnd, Rnd::Rni | Rnd::Rzi | Rnd::Rmi | Rnd::Rpi) =>
        {
            map1(regs, d, a, m, |x| (f32b(x) as f64).to_bits())
        }
        _ => map1(regs, d, a, m, |x| cvt(&c, x)),
    }
}

/// The lanes whose predicate row is true (or false when `neg`).
#[inline(always)]
pub fn pred_mask(row: &Row, neg: bool) -> u32 {
    let mut m = 0u32;
    for (l, v) in row.iter().enumerate() {
        m |= ((*v != 0) as u32) << l;
    }
    if neg {
        !m
    } else {
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regs3(a: u64, b: u64) -> Vec<Row> {
        vec![[0; 32], [a; 32], [b; 32], [0; 32]]
    }

    fn run_bin(op: BinOp, a: u64, b: u64) -> u64 {
        let mut r = regs3(a, b);
        bin(&mut r, op, 0, 1, 2, FULL);
        r[0][5]
    }

    #[test]
    fn integer_corner_cases() {
        assert_eq!(
            run_bin(BinOp::DivS(32), 0x8000_0000, 0xffff_ffff),
            0x8000_0000
        );
        assert_eq!(run_bin(BinOp::DivU(32), 7, 0), 0xffff_ffff);
        assert_eq!(run_bin(BinOp::RemS(64), (-7i64) as u64, 2), (-1i64) as u64);
        assert_eq!(run_bin(BinOp::Shl(32), 1, 40), 0);
        assert_eq!(run_bin(BinOp::ShrS(32), 0x8000_0000, 40), 0xffff_ffff);
        assert_eq!(
            run_bin(BinOp::MulHiS(32), (-2i32) as u32 as u64, 3),
            0xffff_ffff
        );
        assert_eq!(
            run_bin(BinOp::MulWideS(32), (-2i32) as u32 as u64, 3),
            (-6i64) as u64
        );
        assert_eq!(run_bin(BinOp::MulHiU(64), u64::MAX, u64::MAX), u64::MAX - 1);
        assert_eq!(run_bin(BinOp::MinS(32), 0xffff_ffff, 1), 0xffff_ffff);
        assert_eq!(run_bin(BinOp::MinU(32), 0xffff_ffff, 1), 1);
    }

    #[test]
    fn float_min_max_nan_rules() {
        let f = |x: f32| x.to_bits() as u64;
        assert_eq!(run_bin(BinOp::MinF32, f(f32::NAN), f(2.0)), f(2.0));
        assert_eq!(run_bin(BinOp::MaxF32, f(1.0), f(f32::NAN)), f(1.0));
        assert_eq!(
            run_bin(BinOp::MinF32, f(f32::NAN), f(f32::NAN)),
            0x7fff_ffff
        );
        assert_eq!(run_bin(BinOp::MinF32, f(0.0), f(-0.0)), f(-0.0));
        assert_eq!(run_bin(BinOp::MaxF32, f(-0.0), f(0.0)), f(0.0));
        assert_eq!(run_bin(BinOp::MinNanF32, f(f32::NAN), f(1.0)), 0x7fff_ffff);
        assert_eq!(run_bin(BinOp::CopysignF32, f(-1.0), f(3.0)), f(-3.0));
    }

    #[test]
    fn comparisons_ordered_and_unordered() {
        let c = |op, x: f64, y: f64| compare(Cmp { op, ty: CmpTy::F64 }, x.to_bits(), y.to_bits());
        assert!(!c(CmpOp::Ne, f64::NAN, 1.0));
        assert!(c(CmpOp::Neu, f64::NAN, 1.0));
        assert!(c(CmpOp::Nan, 1.0, f64::NAN));
        assert!(!c(CmpOp::Lt, f64::NAN, 1.0));
        assert!(c(CmpOp::Geu, f64::NAN, 1.0));
        assert!(c(CmpOp::Le, -0.0, 0.0));
        let s = Cmp {
            op: CmpOp::Lt,
            ty: CmpTy::S(32),
        };
        assert!(compare(s, 0xffff_ffff, 0));
        let u = Cmp {
            op: CmpOp::Lt,
            ty: CmpTy::U(32),
        };
        assert!(!compare(u, 0xffff_ffff, 0));
    }

    #[test]
    fn masked_lanes_keep_their_values() {
        let mut r = regs3(1, 2);
        r[0] = [9; 32];
        bin(&mut r, BinOp::Add(32), 0, 1, 2, 0b101);
        assert_eq!(&r[0][..4], &[3, 9, 3, 9]);
    }

    #[test]
    fn bit_ops() {
        let mut r = vec![[0u64; 32], [0x8000_0001u64; 32]];
        un(&mut r, UnOp::Brev(32), 0, 1, FULL);
        assert_eq!(r[0][0], 0x8000_0001);
        un(&mut r, UnOp::Clz(32), 0, 1, FULL);
        assert_eq!(r[0][0], 0);
        un(&mut r, UnOp::Popc(64), 0, 1, FULL);
        assert_eq!(r[0][0], 2);
        assert_eq!(bfe(0xf0, 4, 4, 32, false), 0xf);
        assert_eq!(bfe(0xf0, 4, 4, 32, true), 0xffff_ffff);
        assert_eq!(bfe(0x70, 4, 4, 32, true), 0x7);
    }
}
