//! Compile-time values and their arithmetic.
//!
//! Module-level constants (`TPB = 16`, `EPS = 1e-6`, `N = TPB * 4`), shapes
//! of shared and local arrays, and literal sub-expressions of kernels are all
//! [`ConstValue`]s. Folding follows the same typing rules as run-time code
//! (int64 wrap-around, float32 rounding, Python floor division), so a folded
//! expression has exactly the value the kernel would compute.

use crate::front::ast::{BinOp, CmpOp, UnaryOp};
use crate::types::{arith_result, pow_result, shift_result, truediv_result, Promote, Scalar, Type};
use rustc_hash::{FxBuildHasher, FxHashMap, FxHasher};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, PoisonError};

/// A typed compile-time value (`Copy`: tuples are interned, see
/// [`ConstItems`]).
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum ConstValue {
    /// An integer of the given type, stored sign- or zero-extended (make
    /// one with [`ConstValue::int`]).
    Int(IntValue, Scalar),
    /// A float of the given float type (already rounded to it).
    Float(f64, Scalar),
    /// A boolean.
    Bool(bool),
    /// A tuple of constants.
    Tuple(ConstItems),
}

/// The items of a tuple constant, interned as tuple types are
/// ([`crate::types::TupleItems`]): each distinct list of items (compared
/// bit for bit) is stored once for the life of the process, so a
/// [`ConstValue`] (and a typed expression holding one) is a small `Copy`
/// value. Programs have few tuple constants (array shapes such as
/// `(TPB, TPB)`). Read the items through `Deref` (a slice); make one with
/// `collect()` or `From<Vec<ConstValue>>`.
#[derive(Clone, Copy)]
pub struct ConstItems(&'static &'static [ConstValue]);

/// The interned item lists, by [`bits_hash`] of their items.
static CONST_TUPLES: Mutex<FxHashMap<u64, Vec<&'static &'static [ConstValue]>>> =
    Mutex::new(FxHashMap::with_hasher(FxBuildHasher));

impl ConstItems {
    /// The interned copy of `items`.
    fn intern(items: &[ConstValue]) -> ConstItems {
        let key = bits_hash(items);
        // A panic while the lock was held cannot leave the map half
        // updated (a push either happened or not), so poison is moot.
        let mut table = CONST_TUPLES.lock().unwrap_or_else(PoisonError::into_inner);
        let bucket = table.entry(key).or_default();
        if let Some(&interned) = bucket.iter().find(|t| identical(t, items)) {
            return ConstItems(interned);
        }
        let slice: &'static [ConstValue] = Box::leak(items.into());
        let interned: &'static &'static [ConstValue] = Box::leak(Box::new(slice));
        bucket.push(interned);
        ConstItems(interned)
    }
}

/// A hash of `items` that agrees with [`identical`].
fn bits_hash(items: &[ConstValue]) -> u64 {
    let mut h = FxHasher::default();
    items.len().hash(&mut h);
    for v in items {
        match v {
            ConstValue::Int(i, s) => (0u8, i.get(), *s).hash(&mut h),
            ConstValue::Float(f, s) => (1u8, f.to_bits(), *s).hash(&mut h),
            ConstValue::Bool(b) => (2u8, *b).hash(&mut h),
            // Interned: the same items are the same pointer.
            ConstValue::Tuple(t) => (3u8, std::ptr::from_ref(t.0) as usize).hash(&mut h),
        }
    }
    h.finish()
}

/// True when `a` and `b` are the same values bit for bit (unlike `==`,
/// which has `0.0 == -0.0` and `nan != nan`).
fn identical(a: &[ConstValue], b: &[ConstValue]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|pair| match pair {
            (ConstValue::Int(x, s), ConstValue::Int(y, t)) => x == y && s == t,
            (ConstValue::Float(x, s), ConstValue::Float(y, t)) => {
                x.to_bits() == y.to_bits() && s == t
            }
            (ConstValue::Bool(x), ConstValue::Bool(y)) => x == y,
            (ConstValue::Tuple(x), ConstValue::Tuple(y)) => std::ptr::eq(x.0, y.0),
            _ => false,
        })
}

impl std::ops::Deref for ConstItems {
    type Target = [ConstValue];

    fn deref(&self) -> &[ConstValue] {
        self.0
    }
}

impl From<Vec<ConstValue>> for ConstItems {
    fn from(items: Vec<ConstValue>) -> Self {
        ConstItems::intern(&items)
    }
}

impl FromIterator<ConstValue> for ConstItems {
    /// Interns the items (gathered on the stack when there are at most 8).
    fn from_iter<I: IntoIterator<Item = ConstValue>>(iter: I) -> Self {
        crate::types::with_gathered(iter, ConstValue::Bool(false), ConstItems::intern)
    }
}

impl PartialEq for ConstItems {
    /// Item by item, as `ConstValue`'s `==` (`nan` differs from itself).
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl fmt::Debug for ConstItems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0, f)
    }
}

/// The value of an integer constant: an integer from -2^64 to 2^64 - 1,
/// which holds the values of every integer type and also `abs` of the
/// smallest `int64` (module-level folding leaves it unwrapped, 2^63). An
/// `i128` would align constants, and the typed expressions holding them,
/// to 16 bytes; this is 12 bytes aligned to 4, so a [`ConstValue`] is 16.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct IntValue {
    /// The low 64 bits, as two halves (low half first) to keep the
    /// alignment at 4.
    low: [u32; 2],
    /// True for a negative value (the bits above the low 64 are all ones).
    negative: bool,
}

impl IntValue {
    /// The value `v` (which must be in range; see [`IntValue`]).
    #[inline]
    pub fn new(v: i128) -> Self {
        debug_assert!(
            (-(1i128 << 64)..(1i128 << 64)).contains(&v),
            "{v} out of range"
        );
        IntValue {
            low: [v as u32, (v >> 32) as u32],
            negative: v < 0,
        }
    }

    /// The value.
    #[inline]
    pub fn get(self) -> i128 {
        let low = (u64::from(self.low[1]) << 32 | u64::from(self.low[0])) as i128;
        if self.negative {
            low - (1i128 << 64)
        } else {
            low
        }
    }
}

impl fmt::Debug for IntValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.get(), f)
    }
}

impl ConstValue {
    /// An integer constant of type `s`.
    #[inline]
    pub fn int(v: i128, s: Scalar) -> Self {
        ConstValue::Int(IntValue::new(v), s)
    }

    /// An int64 constant.
    pub fn i64(v: i64) -> Self {
        ConstValue::int(v as i128, Scalar::I64)
    }

    /// The value's type (inlined for scalars, the constants of almost
    /// every literal).
    #[inline]
    pub fn ty(&self) -> Type {
        match self {
            ConstValue::Int(_, s) | ConstValue::Float(_, s) => Type::Scalar(*s),
            ConstValue::Bool(_) => Type::BOOL,
            ConstValue::Tuple(items) => tuple_type(items),
        }
    }

    /// The scalar type, if the value is a scalar.
    pub fn scalar_type(&self) -> Option<Scalar> {
        self.ty().scalar()
    }

    /// The value as an integer (ints and bools only).
    pub fn as_int(&self) -> Option<i128> {
        match self {
            ConstValue::Int(v, _) => Some(v.get()),
            ConstValue::Bool(b) => Some(*b as i128),
            _ => None,
        }
    }

    /// The value as a float (any scalar).
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            ConstValue::Int(v, _) => Some(v.get() as f64),
            ConstValue::Float(v, _) => Some(*v),
            ConstValue::Bool(b) => Some(*b as i64 as f64),
            ConstValue::Tuple(_) => None,
        }
    }

    /// Python truthiness.
    pub fn truthy(&self) -> bool {
        match self {
            ConstValue::Int(v, _) => v.get() != 0,
            ConstValue::Float(v, _) => *v != 0.0,
            ConstValue::Bool(b) => *b,
            ConstValue::Tuple(items) => !items.is_empty(),
        }
    }

    /// Converts a scalar constant to another scalar type, with the same
    /// semantics as a run-time conversion (wrap for ints, truncation toward
    /// zero for float to int, rounding for float to float).
    pub fn convert(&self, to: Scalar) -> Option<ConstValue> {
        if to == Scalar::Bool {
            return Some(ConstValue::Bool(self.truthy()));
        }
        // A bfloat16 is never a constant: its conversions are code
        // (`lower/bf16.rs`).
        if to == Scalar::BF16 || self.scalar_type() == Some(Scalar::BF16) {
            return None;
        }
        if to.is_float() {
            return Some(ConstValue::Float(round_float(self.as_f64()?, to), to));
        }
        let v = match self {
            ConstValue::Float(f, _) => {
                if !f.is_finite() {
                    return None;
                }
                f.trunc() as i128
            }
            other => other.as_int()?,
        };
        Some(ConstValue::int(wrap_int(v, to), to))
    }
}

/// The type of a tuple constant.
#[inline(never)]
fn tuple_type(items: &[ConstValue]) -> Type {
    Type::Tuple(items.iter().map(ConstValue::ty).collect())
}

impl fmt::Display for ConstValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstValue::Int(v, _) => write!(f, "{}", v.get()),
            ConstValue::Float(v, _) => {
                if v.is_nan() {
                    f.write_str("nan")
                } else if v.is_infinite() {
                    f.write_str(if *v > 0.0 { "inf" } else { "-inf" })
                } else if v.fract() == 0.0 && v.abs() < 1e16 {
                    write!(f, "{v:.1}")
                } else {
                    write!(f, "{v}")
                }
            }
            ConstValue::Bool(b) => f.write_str(if *b { "True" } else { "False" }),
            ConstValue::Tuple(items) => {
                f.write_str("(")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                if items.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// Rounds `v` to the precision of the float type `to`.
pub fn round_float(v: f64, to: Scalar) -> f64 {
    match to {
        Scalar::F32 => v as f32 as f64,
        Scalar::F16 => round_to_f16(v),
        _ => v,
    }
}

/// Rounds to the nearest IEEE half-precision value (ties to even).
fn round_to_f16(v: f64) -> f64 {
    if !v.is_finite() || v == 0.0 {
        return v;
    }
    let a = v.abs();
    if a >= 65520.0 {
        return f64::INFINITY.copysign(v);
    }
    // Spacing of half values near `a`: 2^(e-10), with subnormals below 2^-14.
    let e = a.log2().floor().max(-14.0);
    let ulp = (e - 10.0).exp2();
    let q = a / ulp;
    let r = q.round();
    let r = if (q - q.floor() - 0.5).abs() < f64::EPSILON && r % 2.0 != 0.0 {
        r - 1.0
    } else {
        r
    };
    (r * ulp).copysign(v)
}

/// Wraps an integer to the width and signedness of `to` (two's complement).
pub fn wrap_int(v: i128, to: Scalar) -> i128 {
    let bits = to.bits();
    let mask: u128 = if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    let u = (v as u128) & mask;
    if to.is_signed() && bits < 128 && (u >> (bits - 1)) & 1 == 1 {
        (u as i128) - (1i128 << bits)
    } else {
        u as i128
    }
}

/// `x ** n` for a float `x` of type `result` and an integer `n` of type
/// `exp`, as Numba computes it at run time (`int_power`): repeated
/// squaring in `result`'s precision, `1.0 / r` in float64 for a negative
/// exponent, float64 `pow` beyond 65536. `None` for the least value of the
/// exponent's signature type, which raises `OverflowError` at run time.
fn numba_float_pow_int(x: f64, n: i128, exp: Scalar, result: Scalar) -> Option<f64> {
    let least = match crate::types::float_pow_exponent(exp) {
        Scalar::I32 => i128::from(i32::MIN),
        Scalar::I64 => i128::from(i64::MIN),
        _ => i128::MIN,
    };
    if n == least {
        return None;
    }
    let magnitude = n.unsigned_abs();
    if magnitude > 0x10000 {
        return Some(x.powf(n as f64));
    }
    let (mut r, mut a, mut e) = (1.0, round_float(x, result), magnitude);
    while e != 0 {
        if e & 1 == 1 {
            r = round_float(r * a, result);
        }
        e >>= 1;
        a = round_float(a * a, result);
    }
    Some(if n < 0 { 1.0 / r } else { r })
}

/// Folds `a op b` whose result has scalar type `result` (the type checker
/// decides it). Returns `None` when the operation must be left to run time
/// (division by zero, shifts out of range, non-scalar operands).
pub fn fold_binary(op: BinOp, a: &ConstValue, b: &ConstValue) -> Option<ConstValue> {
    let (sa, sb) = (a.scalar_type()?, b.scalar_type()?);
    let result = match op {
        BinOp::Div => truediv_result(sa, sb),
        BinOp::Pow => pow_result(sa, sb),
        BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor
            if sa == Scalar::Bool && sb == Scalar::Bool =>
        {
            Scalar::Bool
        }
        BinOp::LShift | BinOp::RShift => shift_result(sa),
        _ => arith_result(sa, sb),
    };
    if result == Scalar::Bool {
        let (x, y) = (a.truthy(), b.truthy());
        return Some(ConstValue::Bool(match op {
            BinOp::BitAnd => x & y,
            BinOp::BitOr => x | y,
            _ => x ^ y,
        }));
    }
    if result.is_float() {
        let (x, y) = (a.convert(result)?.as_f64()?, b.as_f64()?);
        let y = if op == BinOp::Pow && sb.is_int() {
            y
        } else {
            round_float(y, result)
        };
        let v = match op {
            BinOp::Add => x + y,
            BinOp::Sub => x - y,
            BinOp::Mul => x * y,
            BinOp::Div => {
                if y == 0.0 {
                    return None;
                }
                x / y
            }
            // Numba's float `//` and `%` by ±inf are nan.
            BinOp::FloorDiv | BinOp::Mod if y.is_infinite() => f64::NAN,
            // float32 is left to run time (computed in float32 there).
            BinOp::FloorDiv | BinOp::Mod if y == 0.0 || result != Scalar::F64 => return None,
            BinOp::FloorDiv => python_divmod(x, y).0,
            BinOp::Mod => python_divmod(x, y).1,
            BinOp::Pow if sb.is_int() => numba_float_pow_int(x, b.as_int()?, sb, result)?,
            BinOp::Pow => x.powf(y),
            _ => return None,
        };
        return Some(ConstValue::Float(round_float(v, result), result));
    }
    let x = a.convert(result)?.as_int()?;
    let y = match op {
        BinOp::LShift | BinOp::RShift => b.as_int()?,
        _ => b.convert(result)?.as_int()?,
    };
    let v: i128 = match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x.wrapping_mul(y),
        BinOp::FloorDiv => {
            if y == 0 {
                return None;
            }
            x.div_euclid(y) - i128::from(y < 0 && x.rem_euclid(y) != 0)
        }
        BinOp::Mod => {
            if y == 0 {
                return None;
            }
            let r = x.rem_euclid(y);
            if y < 0 && r != 0 {
                r + y
            } else {
                r
            }
        }
        BinOp::Pow => {
            // A negative exponent, or one past Numba's cutoff for repeated
            // squaring, is left to run time.
            if !(0..=0x10000).contains(&y) {
                return None;
            }
            let mut acc: i128 = 1;
            let mut base = x;
            let mut e = y;
            while e > 0 {
                if e & 1 == 1 {
                    acc = wrap_int(acc.wrapping_mul(base), result);
                }
                base = wrap_int(base.wrapping_mul(base), result);
                e >>= 1;
            }
            // Numba's integer power goes through float64 (see the lowering).
            let float = acc as f64;
            if result.is_signed() {
                i128::from(float as i64)
            } else {
                i128::from(float as u64)
            }
        }
        BinOp::LShift => {
            if !(0..64).contains(&y) {
                return None;
            }
            x << y
        }
        BinOp::RShift => {
            if !(0..64).contains(&y) {
                return None;
            }
            x >> y
        }
        BinOp::BitAnd => x & y,
        BinOp::BitOr => x | y,
        BinOp::BitXor => x ^ y,
        BinOp::Div | BinOp::MatMul => return None,
    };
    Some(ConstValue::int(wrap_int(v, result), result))
}

/// CPython's float `divmod(x, y)` for a non-zero `y` (the algorithm the
/// lowering also follows): the remainder from `fmod`, the quotient from
/// `(x - remainder) / y`, rounded to the nearest integer (`882 // 0.001`
/// is 881999.0, where `floor(882 / 0.001)` would give 882000.0).
fn python_divmod(x: f64, y: f64) -> (f64, f64) {
    let mut m = x % y;
    let mut d = (x - m) / y;
    if m != 0.0 {
        if (y < 0.0) != (m < 0.0) {
            m += y;
            d -= 1.0;
        }
    } else {
        m = 0.0_f64.copysign(y);
    }
    let q = if d != 0.0 {
        let f = d.floor();
        if d - f > 0.5 {
            f + 1.0
        } else {
            f
        }
    } else {
        0.0_f64.copysign(x / y)
    };
    (q, m)
}

/// Folds a unary operation; `None` for non-scalars.
pub fn fold_unary(op: UnaryOp, a: &ConstValue) -> Option<ConstValue> {
    let s = a.scalar_type()?;
    match op {
        UnaryOp::Not => Some(ConstValue::Bool(!a.truthy())),
        UnaryOp::Neg | UnaryOp::Pos if s.is_float() => {
            let v = a.as_f64()?;
            Some(ConstValue::Float(
                if op == UnaryOp::Neg { -v } else { v },
                s,
            ))
        }
        UnaryOp::Neg | UnaryOp::Pos => {
            let r = if s.is_unsigned() {
                Scalar::U64
            } else {
                Scalar::I64
            };
            // In the operand's width, then widened, as Numba computes it.
            let v = a.as_int()?;
            let v = if op == UnaryOp::Neg { -v } else { v };
            let v = if s == Scalar::Bool { v } else { wrap_int(v, s) };
            Some(ConstValue::int(wrap_int(v, r), r))
        }
        UnaryOp::Invert if s == Scalar::Bool => Some(ConstValue::Bool(!a.truthy())),
        UnaryOp::Invert if s.is_int() => {
            let r = if s.is_unsigned() {
                Scalar::U64
            } else {
                Scalar::I64
            };
            Some(ConstValue::int(wrap_int(wrap_int(!a.as_int()?, s), r), r))
        }
        UnaryOp::Invert => None,
    }
}

/// Folds a comparison of two scalars (compared in their promoted type).
pub fn fold_compare(op: CmpOp, a: &ConstValue, b: &ConstValue) -> Option<bool> {
    let (sa, sb) = (a.scalar_type()?, b.scalar_type()?);
    let common = sa.promote(sb);
    let ord = if common.is_float() {
        let (x, y) = (a.convert(common)?.as_f64()?, b.convert(common)?.as_f64()?);
        x.partial_cmp(&y)
    } else {
        Some(a.as_int()?.cmp(&b.as_int()?))
    };
    use std::cmp::Ordering::*;
    Some(match op {
        CmpOp::Eq | CmpOp::Is => ord == Some(Equal),
        CmpOp::NotEq | CmpOp::IsNot => ord != Some(Equal),
        CmpOp::Lt => ord == Some(Less),
        CmpOp::LtE => matches!(ord, Some(Less | Equal)),
        CmpOp::Gt => ord == Some(Greater),
        CmpOp::GtE => matches!(ord, Some(Greater | Equal)),
        CmpOp::In | CmpOp::NotIn => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(v: i64) -> ConstValue {
        ConstValue::i64(v)
    }

    #[test]
    fn python_floor_semantics() {
        assert_eq!(fold_binary(BinOp::FloorDiv, &i(3), &i(2)), Some(i(1)));
        assert_eq!(fold_binary(BinOp::FloorDiv, &i(-7), &i(2)), Some(i(-4)));
        assert_eq!(fold_binary(BinOp::Mod, &i(-7), &i(2)), Some(i(1)));
        assert_eq!(fold_binary(BinOp::Mod, &i(7), &i(-2)), Some(i(-1)));
        assert_eq!(fold_binary(BinOp::FloorDiv, &i(7), &i(0)), None);
        let f = |v| ConstValue::Float(v, Scalar::F64);
        assert_eq!(fold_binary(BinOp::Mod, &f(-7.5), &f(2.0)), Some(f(0.5)));
    }

    #[test]
    fn int64_wraps() {
        let max = i(i64::MAX);
        assert_eq!(fold_binary(BinOp::Add, &max, &i(1)), Some(i(i64::MIN)));
        assert_eq!(wrap_int(300, Scalar::U8), 44);
        assert_eq!(wrap_int(200, Scalar::I8), -56);
    }

    #[test]
    fn int_values_round_trip() {
        for v in [
            0,
            1,
            -1,
            i64::MIN as i128,
            i64::MAX as i128,
            1i128 << 63,
            u64::MAX as i128,
            -(1i128 << 64),
        ] {
            assert_eq!(IntValue::new(v).get(), v);
        }
        assert_eq!(
            format!("{:?}", ConstValue::int(-3, Scalar::I8)),
            "Int(-3, I8)"
        );
        assert_eq!(
            ConstValue::int(1 << 63, Scalar::I64).to_string(),
            "9223372036854775808"
        );
        assert!(std::mem::size_of::<ConstValue>() <= 16);
    }

    #[test]
    fn tuple_constants_are_interned() {
        let f = |v| ConstValue::Float(v, Scalar::F64);
        let a: ConstItems = [i(16), i(16)].into_iter().collect();
        let b = ConstItems::from(vec![i(16), i(16)]);
        assert!(std::ptr::eq(a.0, b.0));
        // Bit for bit: 0.0 and -0.0 are different constants.
        let zero: ConstItems = [f(0.0)].into_iter().collect();
        let neg_zero: ConstItems = [f(-0.0)].into_iter().collect();
        assert!(!std::ptr::eq(zero.0, neg_zero.0));
        assert_eq!(ConstValue::Tuple(neg_zero).to_string(), "(-0.0,)");
        // `==` stays numeric: nan differs from itself even when interned.
        let nan: ConstItems = [f(f64::NAN)].into_iter().collect();
        assert_ne!(ConstValue::Tuple(nan), ConstValue::Tuple(nan));
        let nested: ConstItems = (0..10).map(|_| ConstValue::Tuple(a)).collect();
        assert_eq!(nested.len(), 10);
        assert_eq!(
            ConstValue::Tuple(nested).ty().to_string(),
            "UniTuple(UniTuple(int64, 2), 10)"
        );
    }

    #[test]
    fn conversions() {
        let f = ConstValue::Float(-2.7, Scalar::F64);
        assert_eq!(
            f.convert(Scalar::I32),
            Some(ConstValue::int(-2, Scalar::I32))
        );
        assert_eq!(
            ConstValue::Float(0.1, Scalar::F64).convert(Scalar::F32),
            Some(ConstValue::Float(0.1f32 as f64, Scalar::F32))
        );
        assert_eq!(round_to_f16(1.0 + 1.0 / 4096.0), 1.0);
        assert_eq!(round_to_f16(65504.0), 65504.0);
        assert_eq!(
            fold_compare(CmpOp::Lt, &i(1), &ConstValue::Float(1.5, Scalar::F64)),
            Some(true)
        );
    }
}
