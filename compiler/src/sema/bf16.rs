//! `numba.cuda.bf16`: numba-cuda 0.30's bfloat16 functions, by name.
//!
//! numba-cuda binds CUDA's `cuda_bf16.h` (`__hadd`, `__float2bfloat16_rz`,
//! ...) under short names (`hadd`) and NumPy-style aliases
//! (`float32_to_bfloat16_rz`); both spellings are here. Each function has
//! the C signature numba-cuda types it with ([`Bf16Fn::signature`]): its
//! arguments convert to the parameters by Numba's rules
//! (`sema/typeconv.rs`), and `typeck/bf16.rs` types the call as float32
//! arithmetic rounded once to bfloat16, or as a [`Bf16Prim`] that
//! `lower/bf16.rs` lowers itself.

use crate::front::ast::{BinOp, CmpOp};
use crate::sema::intrinsics::MathFn;
use crate::types::Scalar;
use std::sync::OnceLock;

/// A rounding mode of a conversion (CUDA's `_rn`, `_rz`, `_rd`, `_ru`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Bf16Round {
    /// To nearest, ties to even.
    Rn,
    /// Toward zero.
    Rz,
    /// Toward negative infinity.
    Rd,
    /// Toward positive infinity.
    Ru,
}

impl Bf16Round {
    /// The suffix in CUDA's names.
    pub fn suffix(self) -> &'static str {
        match self {
            Bf16Round::Rn => "rn",
            Bf16Round::Rz => "rz",
            Bf16Round::Rd => "rd",
            Bf16Round::Ru => "ru",
        }
    }

    const ALL: [Bf16Round; 4] = [Bf16Round::Rn, Bf16Round::Rz, Bf16Round::Rd, Bf16Round::Ru];
}

/// A function of `numba.cuda.bf16`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Bf16Fn {
    /// `hadd hsub hmul hdiv` (and the `_rn` forms, the same): the
    /// operation rounded once to bfloat16.
    Arith(BinOp),
    /// `hadd_sat hsub_sat hmul_sat`: clamped to [0, 1] (NaN to 0).
    Sat(BinOp),
    /// `hfma(a, b, c)`: `a * b + c` rounded once.
    Fma,
    /// `hfma_sat`.
    FmaSat,
    /// `hfma_relu`: a negative result is 0.
    FmaRelu,
    /// `hneg`.
    Neg,
    /// `habs`.
    Abs,
    /// `heq hne hge hgt hle hlt` (ordered: false with a NaN), and with
    /// `true` the unordered `hequ hneu ...` (true with a NaN).
    Cmp(CmpOp, bool),
    /// `hmax`: a NaN operand is ignored.
    Max,
    /// `hmin`.
    Min,
    /// `hmax_nan`: a NaN operand gives NaN.
    MaxNan,
    /// `hmin_nan`.
    MinNan,
    /// `hisnan`: a `bool`.
    IsNan,
    /// `hisinf`: int32 -1 for -inf, 1 for +inf, 0 otherwise.
    IsInf,
    /// `htrunc hceil hfloor hsqrt hlog hlog2 hlog10 hcos hsin hexp hexp2
    /// htanh htanh_approx`: the float32 function rounded to bfloat16.
    Math(MathFn),
    /// `hrint`: to the nearest integer, halves to even.
    Rint,
    /// `hexp10`.
    Exp10,
    /// `hrsqrt`.
    Rsqrt,
    /// `hrcp`.
    Rcp,
    /// `float2bfloat16`, `double2bfloat16`, `float2bfloat16_rz`, ...: a
    /// float32 (float64) rounded to bfloat16.
    FromFloat(Scalar, Bf16Round),
    /// `bfloat162float`: exact.
    ToFloat,
    /// `short2bfloat16_rn`, `ull2bfloat16_rd`, ...: an integer rounded to
    /// bfloat16.
    FromInt(Scalar, Bf16Round),
    /// `bfloat162int_rn`, `bfloat162char_rz`, ...: rounded to an integer
    /// and saturated (NaN gives 0).
    ToInt(Scalar, Bf16Round),
    /// `bfloat16_as_short`, `bfloat16_as_ushort`: the bits.
    AsBits(Scalar),
    /// `short_as_bfloat16`, `ushort_as_bfloat16`: a bfloat16 of the bits.
    FromBits(Scalar),
}

/// The bfloat16 operations `lower/bf16.rs` lowers (an
/// [`crate::sema::intrinsics::Intrinsic::Bf16`]); the others are float32
/// expressions and conversions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Bf16Prim {
    /// The argument (a float or an integer) rounded to bfloat16.
    Round(Bf16Round),
    /// A bfloat16 rounded to the result's integer type, saturated.
    ToInt(Bf16Round),
    /// `a * b + c` of three bfloat16 rounded once.
    Fma,
    /// A bfloat16 clamped to [0, 1] (NaN to 0).
    Sat,
    /// A negative bfloat16 to 0 (NaN stays NaN).
    Relu,
    /// The larger of two bfloat16, NaN if either is.
    MaxNan,
    /// The smaller, NaN if either is.
    MinNan,
    /// `hisinf`.
    IsInf,
    /// A comparison of two bfloat16, ordered (false with a NaN) or, with
    /// `true`, unordered (true with a NaN).
    Cmp(CmpOp, bool),
    /// The sign flipped.
    Neg,
    /// The sign cleared.
    Abs,
    /// The same 16 bits as another type (bfloat16 to a 16-bit integer or
    /// back, by the result's type).
    Bits,
}

impl Bf16Prim {
    /// The operation's name in dumps (`cuda.bf16.round_rz`).
    pub fn name(self) -> String {
        let cmp = |op: CmpOp| match op {
            CmpOp::Eq => "eq",
            CmpOp::NotEq => "ne",
            CmpOp::Lt => "lt",
            CmpOp::LtE => "le",
            CmpOp::Gt => "gt",
            CmpOp::GtE => "ge",
            _ => "cmp",
        };
        match self {
            Bf16Prim::Round(r) => format!("round_{}", r.suffix()),
            Bf16Prim::ToInt(r) => format!("to_int_{}", r.suffix()),
            Bf16Prim::Fma => "fma".into(),
            Bf16Prim::Sat => "sat".into(),
            Bf16Prim::Relu => "relu".into(),
            Bf16Prim::MaxNan => "max_nan".into(),
            Bf16Prim::MinNan => "min_nan".into(),
            Bf16Prim::IsInf => "isinf".into(),
            Bf16Prim::Cmp(op, false) => cmp(op).into(),
            Bf16Prim::Cmp(op, true) => format!("{}u", cmp(op)),
            Bf16Prim::Neg => "neg".into(),
            Bf16Prim::Abs => "abs".into(),
            Bf16Prim::Bits => "bits".into(),
        }
    }
}

impl Bf16Fn {
    /// numba-cuda's signature: parameter types and the result's.
    pub fn signature(self) -> (Vec<Scalar>, Scalar) {
        use Scalar::BF16;
        let b2 = vec![BF16, BF16];
        match self {
            Bf16Fn::Arith(_) | Bf16Fn::Sat(_) => (b2, BF16),
            Bf16Fn::Max | Bf16Fn::Min | Bf16Fn::MaxNan | Bf16Fn::MinNan => (b2, BF16),
            Bf16Fn::Fma | Bf16Fn::FmaSat | Bf16Fn::FmaRelu => (vec![BF16; 3], BF16),
            Bf16Fn::Cmp(..) => (b2, Scalar::Bool),
            Bf16Fn::IsNan => (vec![BF16], Scalar::Bool),
            Bf16Fn::IsInf => (vec![BF16], Scalar::I32),
            Bf16Fn::Neg
            | Bf16Fn::Abs
            | Bf16Fn::Math(_)
            | Bf16Fn::Rint
            | Bf16Fn::Exp10
            | Bf16Fn::Rsqrt
            | Bf16Fn::Rcp => (vec![BF16], BF16),
            Bf16Fn::FromFloat(s, _) | Bf16Fn::FromInt(s, _) | Bf16Fn::FromBits(s) => {
                (vec![s], BF16)
            }
            Bf16Fn::ToFloat => (vec![BF16], Scalar::F32),
            Bf16Fn::ToInt(s, _) | Bf16Fn::AsBits(s) => (vec![BF16], s),
        }
    }

    /// Number of arguments.
    pub fn arity(self) -> usize {
        self.signature().0.len()
    }
}

/// CUDA's names of the integer types of the conversions.
const INT_NAMES: [(&str, &str, Scalar); 6] = [
    ("short", "int16", Scalar::I16),
    ("ushort", "uint16", Scalar::U16),
    ("int", "int32", Scalar::I32),
    ("uint", "uint32", Scalar::U32),
    ("ll", "int64", Scalar::I64),
    ("ull", "uint64", Scalar::U64),
];

/// Every name of `numba.cuda.bf16` but `bfloat16` (the type), with its
/// function (made once: the table never changes).
pub fn functions() -> &'static [(String, Bf16Fn)] {
    static TABLE: OnceLock<Vec<(String, Bf16Fn)>> = OnceLock::new();
    TABLE.get_or_init(make_functions)
}

fn make_functions() -> Vec<(String, Bf16Fn)> {
    let mut t: Vec<(String, Bf16Fn)> = Vec::new();
    let mut add = |name: &str, f: Bf16Fn| t.push((name.to_string(), f));
    for (name, op) in [
        ("add", BinOp::Add),
        ("sub", BinOp::Sub),
        ("mul", BinOp::Mul),
    ] {
        add(&format!("h{name}"), Bf16Fn::Arith(op));
        add(&format!("h{name}_rn"), Bf16Fn::Arith(op));
        add(&format!("h{name}_sat"), Bf16Fn::Sat(op));
    }
    add("hdiv", Bf16Fn::Arith(BinOp::Div));
    add("hfma", Bf16Fn::Fma);
    add("hfma_sat", Bf16Fn::FmaSat);
    add("hfma_relu", Bf16Fn::FmaRelu);
    add("hneg", Bf16Fn::Neg);
    add("habs", Bf16Fn::Abs);
    for (name, op) in [
        ("eq", CmpOp::Eq),
        ("ne", CmpOp::NotEq),
        ("ge", CmpOp::GtE),
        ("gt", CmpOp::Gt),
        ("le", CmpOp::LtE),
        ("lt", CmpOp::Lt),
    ] {
        add(&format!("h{name}"), Bf16Fn::Cmp(op, false));
        add(&format!("h{name}u"), Bf16Fn::Cmp(op, true));
    }
    add("hmax", Bf16Fn::Max);
    add("hmin", Bf16Fn::Min);
    add("hmax_nan", Bf16Fn::MaxNan);
    add("hmin_nan", Bf16Fn::MinNan);
    add("hisnan", Bf16Fn::IsNan);
    add("hisinf", Bf16Fn::IsInf);
    for (name, f) in MATH {
        add(name, Bf16Fn::Math(*f));
    }
    add("htanh_approx", Bf16Fn::Math(MathFn::Tanh));
    add("hrint", Bf16Fn::Rint);
    add("hexp10", Bf16Fn::Exp10);
    add("hrsqrt", Bf16Fn::Rsqrt);
    add("hrcp", Bf16Fn::Rcp);
    add(
        "float2bfloat16",
        Bf16Fn::FromFloat(Scalar::F32, Bf16Round::Rn),
    );
    add(
        "float32_to_bfloat16",
        Bf16Fn::FromFloat(Scalar::F32, Bf16Round::Rn),
    );
    add(
        "double2bfloat16",
        Bf16Fn::FromFloat(Scalar::F64, Bf16Round::Rn),
    );
    add(
        "float64_to_bfloat16",
        Bf16Fn::FromFloat(Scalar::F64, Bf16Round::Rn),
    );
    add("bfloat162float", Bf16Fn::ToFloat);
    add("bfloat16_to_float32", Bf16Fn::ToFloat);
    for r in Bf16Round::ALL {
        let x = r.suffix();
        add(
            &format!("float2bfloat16_{x}"),
            Bf16Fn::FromFloat(Scalar::F32, r),
        );
        add(
            &format!("float32_to_bfloat16_{x}"),
            Bf16Fn::FromFloat(Scalar::F32, r),
        );
        for (c, np, s) in INT_NAMES {
            add(&format!("{c}2bfloat16_{x}"), Bf16Fn::FromInt(s, r));
            add(&format!("{np}_to_bfloat16_{x}"), Bf16Fn::FromInt(s, r));
            add(&format!("bfloat162{c}_{x}"), Bf16Fn::ToInt(s, r));
            add(&format!("bfloat16_to_{np}_{x}"), Bf16Fn::ToInt(s, r));
        }
    }
    add("bfloat162char_rz", Bf16Fn::ToInt(Scalar::I8, Bf16Round::Rz));
    add(
        "bfloat16_to_int8_rz",
        Bf16Fn::ToInt(Scalar::I8, Bf16Round::Rz),
    );
    add(
        "bfloat162uchar_rz",
        Bf16Fn::ToInt(Scalar::U8, Bf16Round::Rz),
    );
    add(
        "bfloat16_to_uint8_rz",
        Bf16Fn::ToInt(Scalar::U8, Bf16Round::Rz),
    );
    for (c, np, s) in [
        ("short", "int16", Scalar::I16),
        ("ushort", "uint16", Scalar::U16),
    ] {
        add(&format!("bfloat16_as_{c}"), Bf16Fn::AsBits(s));
        add(&format!("bfloat16_as_{np}"), Bf16Fn::AsBits(s));
        add(&format!("{c}_as_bfloat16"), Bf16Fn::FromBits(s));
        add(&format!("{np}_as_bfloat16"), Bf16Fn::FromBits(s));
    }
    t
}

/// The `h` math functions and the `math` functions numba-cuda overloads
/// for bfloat16 with them (`math.sqrt(x)` of a bfloat16 is `hsqrt(x)`).
pub const MATH: &[(&str, MathFn)] = &[
    ("htrunc", MathFn::Trunc),
    ("hceil", MathFn::Ceil),
    ("hfloor", MathFn::Floor),
    ("hsqrt", MathFn::Sqrt),
    ("hlog", MathFn::Log),
    ("hlog2", MathFn::Log2),
    ("hlog10", MathFn::Log10),
    ("hcos", MathFn::Cos),
    ("hsin", MathFn::Sin),
    ("htanh", MathFn::Tanh),
    ("hexp", MathFn::Exp),
    ("hexp2", MathFn::Exp2),
];

/// True for the `math` functions numba-cuda overloads for a bfloat16
/// argument (`bf16.py`: trunc, ceil, floor, sqrt, log, log10, cos, sin,
/// tanh, exp, exp2), which give a bfloat16.
pub fn overloads_math(f: MathFn) -> bool {
    matches!(
        f,
        MathFn::Trunc
            | MathFn::Ceil
            | MathFn::Floor
            | MathFn::Sqrt
            | MathFn::Log
            | MathFn::Log10
            | MathFn::Cos
            | MathFn::Sin
            | MathFn::Tanh
            | MathFn::Exp
            | MathFn::Exp2
    )
}

/// The canonical (CUDA-style) name of a function, for messages.
pub fn name_of(f: Bf16Fn) -> &'static str {
    functions()
        .iter()
        .find(|(_, g)| *g == f)
        .map_or("bf16", |(n, _)| n.as_str())
}
