//! Accuracy of the math library, measured through the IR interpreter.
//!
//! Every implemented function is built as IR for `f32` and `f64`, run by
//! the interpreter on deterministic samples over documented ranges, and
//! compared with the host's C library (through Rust's `std`, or the same
//! library's `erf`/`tgamma` for those): `f64` results by their distance in
//! ulps from the host's result, `f32` results by their distance from the
//! host's `f64` result, in `f32` ulps. Special values (zeros, infinities,
//! NaN, subnormals, huge arguments, and every pair of them for two-argument
//! functions) must give exactly the reference's NaN, infinity or signed
//! zero; finite nonzero results there get the usual ulp bound. The table of maximum errors
//! is `compiler/src/mathlib/ACCURACY.md`: regenerate it with
//! `KERNELC_BLESS=1 cargo test -p kernelc-compiler --test mathlib_accuracy`.
//! `KERNELC_MATH_ONLY=name` measures one function alone (without the table
//! check), `KERNELC_MATH_DEBUG=1` prints each range's worst sample and
//! `KERNELC_MATH_DUMP=t` prints every sample more than `t` ulps off (as
//! `DUMP op type x got want`), e.g. to check both sides against mpmath.

use kernelc_compiler::ir::interp::{Interpreter, ThreadCtx, Val};
use kernelc_compiler::ir::{Module, Opcode, Type};
use kernelc_compiler::mathlib;
use std::fmt::Write as _;
use std::path::Path;

mod common;
use common::snapshots::Snapshots;

/// Largest error allowed, in ulps.
const MAX_ULP: f64 = 2.0;
/// The bound for `op` on `ty` against the host. glibc's `f64` `erfc` is
/// itself up to about 1.6 ulp off (mpmath) where ours is up to about 1.7
/// ulp off on the other side, so it gets 3 against the host. glibc's
/// (2.36) `f64` `tgamma` is up to 4.6 ulp off and its `lgamma` up to 3.8
/// (mpmath), where ours are within 0.67 and 0.75 ulp of the true value on
/// every sample, so they get 6 and 5.
///
/// The `f32` functions that compute in float32 (`mathlib/single.rs`) are
/// bounded by libdevice's documented maximum error for the same function
/// (CUDA C Programming Guide, "Mathematical Functions", single-precision
/// table): `logf`, `log2f`, `expm1f`, `log1pf`, `cbrtf` 1 ulp; `expf`,
/// `exp2f`, `log10f`, `sinf`, `cosf`, `atanf`, `asinf`, `acosf`, `coshf`,
/// `tanhf`, `erff` 2 ulp; `atan2f`, `sinhf`, `asinhf`, `atanhf`, `hypotf` 3
/// ulp; `tanf`, `powf`, `acoshf`, `erfcf` 4 ulp. The other `f32` functions round the
/// `f64` algorithm's result and stay within `MAX_ULP` (0.5 in practice).
fn tolerance(op: Opcode, ty: Type) -> f64 {
    use Opcode::*;
    match (op, ty) {
        (Erfc, Type::F64) => 3.0,
        (Tgamma, Type::F64) => 6.0,
        (Lgamma, Type::F64) => 5.0,
        (Log | Log2 | Expm1 | Log1p | Cbrt, Type::F32) => 1.0,
        (Atan2 | Sinh | Asinh | Atanh | Hypot, Type::F32) => 3.0,
        (Tan | Pow | Acosh | Erfc, Type::F32) => 4.0,
        _ => MAX_ULP,
    }
}

/// Samples per function, type and range.
const SAMPLES: usize = 5_000;

/// Where arguments come from.
#[derive(Clone, Copy)]
enum Range {
    /// Uniform in `[lo, hi]`.
    Lin(f64, f64),
    /// `±2^e` with `e` uniform in `[lo, hi]` (and a uniform mantissa).
    Log(i32, i32),
    /// `+2^e`, positive only.
    PosLog(i32, i32),
}

impl Range {
    fn label(self) -> String {
        match self {
            Range::Lin(a, b) => format!("[{a}, {b}]"),
            Range::Log(a, b) => format!("±2^[{a}, {b}]"),
            Range::PosLog(a, b) => format!("2^[{a}, {b}]"),
        }
    }

    fn sample(self, rng: &mut Rng) -> f64 {
        match self {
            Range::Lin(a, b) => a + (b - a) * rng.unit(),
            Range::Log(a, b) | Range::PosLog(a, b) => {
                let e = a as f64 + (b - a) as f64 * rng.unit();
                let v = (e * std::f64::consts::LN_2).exp();
                if matches!(self, Range::Log(..)) && rng.next() & 1 == 1 {
                    -v
                } else {
                    v
                }
            }
        }
    }
}

/// xorshift64*: deterministic and good enough for sampling.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// One function under test: its ranges per type (for two-argument
/// functions the ranges are for `x` and `y`).
struct Case {
    op: Opcode,
    f64_ranges: Vec<Vec<Range>>,
    f32_ranges: Vec<Vec<Range>>,
}

fn one(ranges: &[Range]) -> Vec<Vec<Range>> {
    ranges.iter().map(|&r| vec![r]).collect()
}

/// Ranges of `sin`/`cos`/`tan`: small, Cody–Waite (below 2^30),
/// Payne–Hanek (above).
fn trig(op: Opcode) -> Case {
    use Range::*;
    Case {
        op,
        f64_ranges: one(&[Lin(-10.0, 10.0), Log(-30, 30), Log(30, 1024)]),
        f32_ranges: one(&[Lin(-10.0, 10.0), Log(-30, 30), Log(30, 128)]),
    }
}

fn cases() -> Vec<Case> {
    use Range::*;
    let same = |op, r: Vec<Vec<Range>>| Case {
        op,
        f64_ranges: r.clone(),
        f32_ranges: r,
    };
    let logs = one(&[Lin(0.5, 2.0), PosLog(-1074, 1024)]);
    let logs32 = one(&[Lin(0.5, 2.0), PosLog(-149, 128)]);
    vec![
        Case {
            op: Opcode::Exp,
            f64_ranges: one(&[Lin(-1.0, 1.0), Lin(-745.2, 709.8)]),
            f32_ranges: one(&[Lin(-1.0, 1.0), Lin(-104.0, 88.8)]),
        },
        Case {
            op: Opcode::Expm1,
            f64_ranges: one(&[Log(-60, 0), Lin(-40.0, 709.8)]),
            f32_ranges: one(&[Log(-30, 0), Lin(-20.0, 88.8)]),
        },
        Case {
            op: Opcode::Log,
            f64_ranges: logs.clone(),
            f32_ranges: logs32.clone(),
        },
        Case {
            op: Opcode::Log2,
            f64_ranges: logs.clone(),
            f32_ranges: logs32.clone(),
        },
        Case {
            op: Opcode::Log10,
            f64_ranges: logs,
            f32_ranges: logs32,
        },
        same(
            Opcode::Log1p,
            one(&[Lin(-1.0, 1.0), Log(-60, 0), PosLog(0, 100)]),
        ),
        Case {
            op: Opcode::Sinh,
            f64_ranges: one(&[Lin(-2.0, 2.0), Lin(-710.0, 710.0)]),
            f32_ranges: one(&[Lin(-2.0, 2.0), Lin(-89.0, 89.0)]),
        },
        Case {
            op: Opcode::Cosh,
            f64_ranges: one(&[Lin(-2.0, 2.0), Lin(-710.0, 710.0)]),
            f32_ranges: one(&[Lin(-2.0, 2.0), Lin(-89.0, 89.0)]),
        },
        same(
            Opcode::Tanh,
            one(&[Lin(-1.0, 1.0), Lin(-25.0, 25.0), Log(-60, 0)]),
        ),
        trig(Opcode::Sin),
        trig(Opcode::Cos),
        trig(Opcode::Tan),
        same(Opcode::Atan, one(&[Lin(-2.0, 2.0), Log(-100, 100)])),
        same(
            Opcode::Atan2,
            vec![
                vec![Lin(-10.0, 10.0), Lin(-10.0, 10.0)],
                vec![Log(-60, 60), Log(-60, 60)],
            ],
        ),
        same(Opcode::Asin, one(&[Lin(-1.0, 1.0), Log(-60, 0)])),
        same(Opcode::Acos, one(&[Lin(-1.0, 1.0), Log(-60, 0)])),
        same(Opcode::Erf, one(&[Lin(-3.0, 3.0), Log(-60, 3)])),
        same(
            Opcode::Erfc,
            one(&[Lin(-3.0, 3.0), Lin(-6.0, 27.3), Log(-60, 0)]),
        ),
        Case {
            op: Opcode::Pow,
            f64_ranges: vec![
                vec![PosLog(-20, 20), Lin(-30.0, 30.0)],
                vec![Lin(-10.0, 10.0), Lin(-20.0, 20.0)],
                vec![Lin(0.5, 2.0), Lin(-1000.0, 1000.0)],
                vec![PosLog(-1074, 1024), Lin(-1.0, 1.0)],
            ],
            f32_ranges: vec![
                vec![PosLog(-20, 20), Lin(-6.0, 6.0)],
                vec![Lin(-10.0, 10.0), Lin(-20.0, 20.0)],
                vec![Lin(0.5, 2.0), Lin(-120.0, 120.0)],
                vec![PosLog(-149, 128), Lin(-1.0, 1.0)],
            ],
        },
        same(
            Opcode::Powi,
            vec![
                vec![Lin(-10.0, 10.0), Lin(-30.0, 30.0)],
                vec![Lin(0.5, 2.0), Lin(-100.0, 100.0)],
            ],
        ),
        Case {
            op: Opcode::Hypot,
            f64_ranges: vec![
                vec![Lin(-10.0, 10.0), Lin(-10.0, 10.0)],
                vec![Log(-1074, 1024), Log(-1074, 1024)],
            ],
            f32_ranges: vec![
                vec![Lin(-10.0, 10.0), Lin(-10.0, 10.0)],
                vec![Log(-149, 128), Log(-149, 128)],
            ],
        },
        Case {
            op: Opcode::Cbrt,
            f64_ranges: one(&[Lin(-10.0, 10.0), Log(-1074, 1024)]),
            f32_ranges: one(&[Lin(-10.0, 10.0), Log(-149, 128)]),
        },
        same(Opcode::Asinh, one(&[Lin(-2.0, 2.0), Log(-60, 100)])),
        same(Opcode::Acosh, one(&[Lin(1.0, 3.0), PosLog(0, 100)])),
        same(Opcode::Atanh, one(&[Lin(-1.0, 1.0), Log(-60, 0)])),
        same(
            Opcode::Fmod,
            vec![
                vec![Lin(-100.0, 100.0), Lin(-10.0, 10.0)],
                vec![Log(-100, 100), Log(-100, 100)],
            ],
        ),
        Case {
            op: Opcode::Tgamma,
            f64_ranges: one(&[
                Lin(0.0, 10.0),
                Lin(10.0, 171.6),
                Lin(-10.0, 0.0),
                Lin(-170.0, -10.0),
            ]),
            f32_ranges: one(&[
                Lin(0.0, 10.0),
                Lin(10.0, 35.0),
                Lin(-10.0, 0.0),
                Lin(-45.0, -10.0),
            ]),
        },
        Case {
            op: Opcode::Lgamma,
            f64_ranges: one(&[
                Lin(0.0, 10.0),
                PosLog(-1074, 1000),
                Lin(-10.0, 0.0),
                Lin(-170.0, -10.0),
            ]),
            f32_ranges: one(&[
                Lin(0.0, 10.0),
                PosLog(-149, 120),
                Lin(-10.0, 0.0),
                Lin(-170.0, -10.0),
            ]),
        },
        // Last, so the samples (seeded by position) of the others stay.
        Case {
            op: Opcode::Exp2,
            f64_ranges: one(&[Lin(-1.0, 1.0), Lin(-1075.0, 1024.0)]),
            f32_ranges: one(&[Lin(-1.0, 1.0), Lin(-150.0, 128.0)]),
        },
    ]
}

/// Special arguments checked exactly against the reference.
fn specials() -> Vec<f64> {
    vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        2.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MIN_POSITIVE,
        5e-324,
        -5e-324,
        1e-310,
        f64::MAX,
        -f64::MAX,
        1.0e300,
        -1.0e300,
        // The same for `f32` (the values above round to 0 or infinity there).
        f64::from(f32::MIN_POSITIVE),
        f64::from(f32::MAX),
        -f64::from(f32::MAX),
        1e-40,
        -1e-40,
        1e-45,
        1e30,
        -1e30,
    ]
}

/// Runs one library function on `args` (already of the right type).
struct Runner<'m> {
    interp: Interpreter<'m>,
    op: Opcode,
    ty: Type,
}

impl Runner<'_> {
    fn call(&mut self, args: &[f64]) -> f64 {
        let f = kernelc_compiler::ir::FuncRef::from_u32(0);
        let vals: Vec<Val> = args
            .iter()
            .enumerate()
            .map(|(i, &a)| match (self.op, i) {
                (Opcode::Powi, 1) => Val::I64(a as i64 as u64),
                _ => Val::float(self.ty, a),
            })
            .collect();
        let r = self.interp.run(f, &vals, ThreadCtx::single());
        let r = r.unwrap_or_else(|e| panic!("{} {:?}: {e}", self.op, args));
        r[0].as_f64()
    }
}

/// The reference: the host C library's `f64` result (for `f32`, of the
/// `f32` arguments). glibc's functions are within about one ulp of the exact
/// result in `f64`, so for `f32` they are as good as exact; for `f64` they
/// bound what an ulp figure can claim. (The interpreter's own functions, the
/// `libm` crate's, are the same on every machine but less accurate here:
/// `tgamma` up to 7 ulps, `lgamma` between its poles far more.)
fn reference(op: Opcode, args: &[f64]) -> f64 {
    use Opcode::*;
    let (x, y) = (args[0], args.get(1).copied().unwrap_or(0.0));
    match op {
        Sin => x.sin(),
        Cos => x.cos(),
        Tan => x.tan(),
        Asin => x.asin(),
        Acos => x.acos(),
        Atan => x.atan(),
        Atan2 => x.atan2(y),
        Sinh => x.sinh(),
        Cosh => x.cosh(),
        Tanh => x.tanh(),
        Asinh => host::asinh(x),
        Acosh => host::acosh(x),
        Atanh => host::atanh(x),
        Exp => x.exp(),
        Exp2 => x.exp2(),
        Expm1 => x.exp_m1(),
        Log => x.ln(),
        Log2 => x.log2(),
        Log10 => x.log10(),
        Log1p => x.ln_1p(),
        Pow | Powi => x.powf(y),
        Hypot => x.hypot(y),
        Fmod => x % y,
        Cbrt => x.cbrt(),
        Erf => host::erf(x),
        Erfc => host::erfc(x),
        Tgamma => host::tgamma(x),
        Lgamma => host::lgamma(x),
        _ => panic!("{op} is not a math-library function"),
    }
}

/// The host C library's functions that Rust's `std` does not expose (the
/// library `std`'s `f64` methods call on Linux). Rust's own `asinh`,
/// `acosh` and `atanh` lose accuracy near the ends of their ranges; the C
/// library's do not.
mod host {
    mod c {
        extern "C" {
            pub fn erf(x: f64) -> f64;
            pub fn erfc(x: f64) -> f64;
            pub fn tgamma(x: f64) -> f64;
            pub fn lgamma_r(x: f64, sign: *mut i32) -> f64;
            pub fn asinh(x: f64) -> f64;
            pub fn acosh(x: f64) -> f64;
            pub fn atanh(x: f64) -> f64;
        }
    }
    /// Error function.
    pub fn erf(x: f64) -> f64 {
        // SAFETY: a pure C math function taking and returning doubles.
        unsafe { c::erf(x) }
    }
    /// Complementary error function.
    pub fn erfc(x: f64) -> f64 {
        // SAFETY: as above.
        unsafe { c::erfc(x) }
    }
    /// Gamma function.
    pub fn tgamma(x: f64) -> f64 {
        // SAFETY: as above.
        unsafe { c::tgamma(x) }
    }
    /// Log of |gamma|, through the reentrant `lgamma_r` (plain `lgamma`
    /// writes the global `signgam`, a race between the test's threads).
    pub fn lgamma(x: f64) -> f64 {
        let mut sign = 0;
        // SAFETY: as above; `sign` is a valid place for the sign it writes.
        unsafe { c::lgamma_r(x, &mut sign) }
    }
    /// Inverse hyperbolic sine.
    pub fn asinh(x: f64) -> f64 {
        // SAFETY: as above.
        unsafe { c::asinh(x) }
    }
    /// Inverse hyperbolic cosine.
    pub fn acosh(x: f64) -> f64 {
        // SAFETY: as above.
        unsafe { c::acosh(x) }
    }
    /// Inverse hyperbolic tangent.
    pub fn atanh(x: f64) -> f64 {
        // SAFETY: as above.
        unsafe { c::atanh(x) }
    }
}

/// Error of `got` in ulps of `ty` at the reference value `want`.
fn ulp_error(ty: Type, got: f64, want: f64) -> f64 {
    if got.is_nan() && want.is_nan() {
        return 0.0;
    }
    if ty == Type::F32 {
        let w32 = want as f32;
        if w32.is_infinite() || got.is_infinite() || got.is_nan() || want.is_nan() {
            return if (got as f32) == w32 {
                0.0
            } else {
                f64::INFINITY
            };
        }
        let a = (w32.abs() as f64).max(f32::MIN_POSITIVE as f64);
        let ulp = 2f64.powi(a.log2().floor() as i32 - 23);
        return (got - want).abs() / ulp;
    }
    if got.is_infinite() || want.is_infinite() || got.is_nan() || want.is_nan() {
        return if got == want { 0.0 } else { f64::INFINITY };
    }
    let ordered = |x: f64| {
        let b = x.to_bits() as i64;
        if b < 0 {
            i64::MIN - b
        } else {
            b
        }
    };
    (ordered(got) as i128 - ordered(want) as i128).unsigned_abs() as f64
}

/// Exact agreement on a special argument (NaN with NaN; zeros by sign);
/// a finite nonzero result within `bound` ulps.
fn same_special(ty: Type, got: f64, want: f64, bound: f64) -> bool {
    let want = if ty == Type::F32 {
        want as f32 as f64
    } else {
        want
    };
    (got.is_nan() && want.is_nan())
        || got.to_bits() == want.to_bits()
        || (want.is_finite() && want != 0.0 && ulp_error(ty, got, want) <= bound)
}

/// Measures one function on one type: its table rows and its failures.
fn measure(case: &Case, ty: Type, seed: u64) -> (String, Vec<String>) {
    let mut rows = String::new();
    let mut failures = Vec::new();
    let mut rng = Rng(seed);
    let mut module = Module::new();
    mathlib::library_function(
        &mut module,
        case.op,
        ty,
        mathlib::Bodies::Copied,
        &mut mathlib::BuiltFunctions::default(),
    )
    .expect("implemented");
    let mut run = Runner {
        interp: Interpreter::new(&module),
        op: case.op,
        ty,
    };
    let arity = mathlib::signature(case.op, ty).params.len();
    let round = |v: f64| if ty == Type::F32 { v as f32 as f64 } else { v };
    let seconds: Vec<f64> = match (arity, case.op) {
        (1, _) => vec![0.0],
        (_, Opcode::Powi) => vec![0.0, 1.0, -1.0, 2.0, 3.0, -2.0, -3.0, 1075.0, -1075.0],
        _ => specials(),
    };
    for x in specials() {
        for &y in &seconds {
            let args = [round(x), round(y)][..arity].to_vec();
            let (got, want) = (run.call(&args), reference(case.op, &args));
            if !same_special(ty, got, want, tolerance(case.op, ty)) {
                failures.push(format!(
                    "{} {ty} special {args:?}: got {got:e}, want {want:e}",
                    case.op
                ));
            }
        }
    }
    let ranges = if ty == Type::F32 {
        &case.f32_ranges
    } else {
        &case.f64_ranges
    };
    for range in ranges {
        let mut worst = (0.0f64, vec![]);
        for _ in 0..SAMPLES {
            let mut args: Vec<f64> = range.iter().map(|r| round(r.sample(&mut rng))).collect();
            if case.op == Opcode::Powi {
                args[1] = args[1].trunc();
            }
            let (got, want) = (run.call(&args), reference(case.op, &args));
            let err = ulp_error(ty, got, want);
            if err > worst.0 || err.is_nan() {
                worst = (err, args.clone());
            }
            if std::env::var("KERNELC_MATH_DUMP").is_ok_and(|t| err > t.parse().unwrap_or(1.0)) {
                eprintln!("DUMP {} {ty} {:?} {:?} {:?}", case.op, args[0], got, want);
            }
        }
        let label: Vec<String> = range.iter().map(|r| r.label()).collect();
        let _ = writeln!(
            rows,
            "| {} | {ty} | {} | {SAMPLES} | {:.2} |",
            case.op,
            label.join(" × "),
            worst.0
        );
        if std::env::var_os("KERNELC_MATH_DEBUG").is_some() {
            eprintln!(
                "{} {ty} {}: worst {:.2} at {:?}",
                case.op,
                label.join(" x "),
                worst.0,
                worst.1
            );
        }
        if worst.0.is_nan() || worst.0 > tolerance(case.op, ty) {
            failures.push(format!(
                "{} {ty} {}: {:.2} ulp at {:?}",
                case.op,
                label.join(" x "),
                worst.0,
                worst.1
            ));
        }
    }
    (rows, failures)
}

#[test]
fn math_library_accuracy() {
    let mut table = String::from(
        "# Math library accuracy\n\n\
         Maximum error in ulps against the host C library (`f32`: against the\n\
         host's `f64` result, in `f32` ulps), measured by\n\
         `compiler/tests/mathlib_accuracy.rs` through the IR interpreter on\n\
         deterministic samples. Special values (±0, ±inf, NaN, subnormals, huge\n\
         arguments; for two-argument functions every pair of them) are checked\n\
         separately and must match exactly.\n\n\
         A 2.00 for `f64` `log10`, `sinh`, `cosh`, `tanh` is the host's error as\n\
         much as ours: glibc documents up to 2 ulp for these, and at the worst\n\
         samples it is 0.9 to 1.8 ulp from the true value (checked with mpmath).\n\
         The same holds for `f64` `erfc` (3.00 against glibc, which is 1.3 to 1.6\n\
         ulp off there; ours is 1.4 to 1.7 ulp from the true value), which the\n\
         test therefore bounds by 3 instead of 2. Likewise `f64` `tgamma` and `lgamma`:\n\
         glibc 2.36 is up to 4.6 and 3.8 ulp off on these samples, ours at\n\
         most 0.67 and 0.75 ulp from the true value on every one of them\n\
         (mpmath), so they are bounded by 6 and 5.\n\
         The `f32` functions other than `tgamma`, `lgamma`, `powi` and `fmod`\n\
         compute in float32 (`mathlib/single.rs`), bounded by libdevice's\n\
         documented maximum error (CUDA C Programming Guide, single-precision\n\
         table): 1 ulp for `log`, `log2`, `expm1`, `log1p`, `cbrt`; 2 for\n\
         `exp`, `exp2`, `log10`, `sin`, `cos`, `atan`, `asin`, `acos`, `cosh`,\n\
         `tanh`, `erf`; 3 for `atan2`, `sinh`, `asinh`, `atanh`, `hypot`; 4 for\n\
         `tan`, `pow`, `acosh`, `erfc`. The others run the `f64` algorithm and\n\
         round once, hence 0.50 (`fmod` is exact).\n\n\
         `ldexp` and `remainder` (and `frexp`, `modf`, `nextafter`, emitted\n\
         inline) are exact: `mathlib/exact.rs` tests them bit for bit.\n\n\
         | function | type | range | samples | max ulp |\n\
         |---|---|---|---:|---:|\n",
    );
    // KERNELC_MATH_ONLY=name measures one function (no table check).
    let only = std::env::var("KERNELC_MATH_ONLY").ok();
    // The index in the full list seeds the samples, so a function alone
    // sees the same samples as in the table.
    let cases: Vec<(usize, Case)> = cases()
        .into_iter()
        .enumerate()
        .filter(|(_, c)| only.as_deref().is_none_or(|n| c.op.name() == n))
        .collect();
    // One thread per function and type; each has its own seed, so the
    // samples do not depend on scheduling.
    let results: Vec<(String, Vec<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = cases
            .iter()
            .flat_map(|&(i, ref case)| {
                [Type::F32, Type::F64].map(|ty| {
                    let seed = 0x9e37_79b9_7f4a_7c15 ^ ((i as u64) << 8 | ty.bits() as u64);
                    scope.spawn(move || measure(case, ty, seed))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect()
    });
    let mut failures = Vec::new();
    for (rows, fails) in results {
        table.push_str(&rows);
        failures.extend(fails);
    }
    println!("{table}");
    assert!(
        failures.is_empty(),
        "accuracy failures:\n{}",
        failures.join("\n")
    );
    // The table of a run limited to some functions is not the whole table.
    if only.is_some() {
        return;
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/mathlib/ACCURACY.md");
    let mut snapshots = Snapshots::new();
    snapshots.check(Path::new(path), &table);
    snapshots.finish();
}
