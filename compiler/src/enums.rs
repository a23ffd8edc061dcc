//! Enums: `enum.Enum` and `enum.IntEnum` classes defined at the top level of
//! a kernel file, Numba's `EnumClass`/`EnumMember` and
//! `IntEnumClass`/`IntEnumMember` types.
//!
//! An [`EnumLayout`] is what the class says: its name, its kind, the type of
//! its members' values (Numba types an enum by the `typeof` of its values,
//! which must agree) and each member's name and value. Layouts are interned
//! as record layouts are ([`crate::records`]), so an [`EnumType`] is one
//! number, `Copy`, and two enums are the same type exactly when their
//! layouts are equal. A member is represented at run time by its value (an
//! `Enum<int64>(Color)` is an `int64` in registers and kernel parameters).
//! A plain `Enum`'s values may also be tuples of numbers of one type
//! (Numba's `UniTuple`: `Planet.EARTH = (5.976e24, 6.37814e6)`), held as
//! that tuple.
//!
//! Numba spells the member types `IntEnum<int64>(Color)`,
//! `Enum<float64>(Shape)` and `Enum<UniTuple(float64 x 2)>(Planet)`; that
//! is what [`EnumType`] prints.

use crate::sema::consts::ConstValue;
use crate::types::{Scalar, Type};
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::fmt;
use std::sync::{Mutex, PoisonError};

/// Which enum base class a class derives from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EnumKind {
    /// `enum.Enum`: members compare only with members of the same class.
    Plain,
    /// `enum.IntEnum`: members are also integers.
    Int,
}

/// One member of an enum.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct EnumMember {
    /// The member's name.
    pub name: String,
    /// Its value's bits, read as the enum's [`EnumLayout::dtype`]: an
    /// integer sign- or zero-extended, a float's `to_bits`, a bool as 0/1;
    /// one per item of a tuple value ([`EnumLayout::arity`]), one for a
    /// number.
    pub bits: Vec<u64>,
}

/// An enum class.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct EnumLayout {
    /// The class name.
    pub name: String,
    /// Its base.
    pub kind: EnumKind,
    /// The type of every member's value (`int64`, `uint64`, `float64` or
    /// `bool`, as Numba's `typeof` of a Python value), or of every item of
    /// it when the values are tuples.
    pub dtype: Scalar,
    /// 0 when the values are numbers; `n` when they are tuples of `n`
    /// numbers of type `dtype` (Numba's `UniTuple(dtype x n)`).
    pub arity: u8,
    /// The members, in definition order (aliases included).
    pub members: Vec<EnumMember>,
}

/// An interned enum class: the type of its members.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct EnumType(u32);

/// Every enum layout interned so far, by position and by content.
struct Interned {
    layouts: Vec<&'static EnumLayout>,
    positions: FxHashMap<&'static EnumLayout, u32>,
}

static ENUMS: Mutex<Interned> = Mutex::new(Interned {
    layouts: Vec::new(),
    positions: FxHashMap::with_hasher(FxBuildHasher),
});

impl EnumType {
    /// The interned copy of `layout`.
    pub fn intern(layout: EnumLayout) -> EnumType {
        let mut table = ENUMS.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&k) = table.positions.get(&layout) {
            return EnumType(k);
        }
        let leaked: &'static EnumLayout = Box::leak(Box::new(layout));
        let k = table.layouts.len() as u32;
        table.layouts.push(leaked);
        table.positions.insert(leaked, k);
        EnumType(k)
    }

    /// The class.
    pub fn layout(self) -> &'static EnumLayout {
        let table = ENUMS.lock().unwrap_or_else(PoisonError::into_inner);
        table.layouts[self.0 as usize]
    }

    /// The class name.
    pub fn name(self) -> &'static str {
        &self.layout().name
    }

    /// The type of the members' values when they are numbers, or of each
    /// item of a tuple value.
    pub fn dtype(self) -> Scalar {
        self.layout().dtype
    }

    /// The type of the members' values: [`EnumType::dtype`], or a tuple of
    /// it.
    pub fn value_type(self) -> Type {
        let layout = self.layout();
        match layout.arity {
            0 => Type::Scalar(layout.dtype),
            n => Type::uni_tuple(Type::Scalar(layout.dtype), usize::from(n)),
        }
    }

    /// True for an `IntEnum`.
    pub fn is_int(self) -> bool {
        self.layout().kind == EnumKind::Int
    }

    /// The position of the member called `name`.
    pub fn member_index(self, name: &str) -> Option<u32> {
        let members = &self.layout().members;
        members
            .iter()
            .position(|m| m.name == name)
            .map(|k| k as u32)
    }

    /// The value of member number `k`.
    pub fn value(self, k: u32) -> ConstValue {
        let layout = self.layout();
        let bits = &layout.members[k as usize].bits;
        match layout.arity {
            0 => value_of(bits[0], layout.dtype),
            _ => ConstValue::Tuple(bits.iter().map(|&b| value_of(b, layout.dtype)).collect()),
        }
    }

    /// The member names, for "did you mean" suggestions.
    pub fn member_names(self) -> impl Iterator<Item = &'static str> {
        self.layout().members.iter().map(|m| m.name.as_str())
    }
}

/// The constant of type `dtype` whose bits are `bits`.
fn value_of(bits: u64, dtype: Scalar) -> ConstValue {
    match dtype {
        Scalar::Bool => ConstValue::Bool(bits != 0),
        s if s.is_float() => ConstValue::Float(f64::from_bits(bits), s),
        Scalar::U64 => ConstValue::int(i128::from(bits), Scalar::U64),
        s => ConstValue::int(i128::from(bits as i64), s),
    }
}

/// The bits an [`EnumMember`] keeps for a member's value.
pub fn bits_of(value: &ConstValue) -> Option<u64> {
    match value {
        ConstValue::Bool(b) => Some(u64::from(*b)),
        ConstValue::Float(v, _) => Some(v.to_bits()),
        ConstValue::Int(..) => value.as_int().map(|v| v as u64),
        ConstValue::Tuple(_) => None,
    }
}

impl fmt::Debug for EnumType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for EnumType {
    /// Numba's spelling of the member type: `IntEnum<int64>(Color)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let layout = self.layout();
        let base = match layout.kind {
            EnumKind::Plain => "Enum",
            EnumKind::Int => "IntEnum",
        };
        match layout.arity {
            0 => write!(f, "{base}<{}>({})", layout.dtype, layout.name),
            n => write!(
                f,
                "{base}<UniTuple({} x {n})>({})",
                layout.dtype, layout.name
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn color(kind: EnumKind) -> EnumLayout {
        EnumLayout {
            name: "Color".into(),
            kind,
            dtype: Scalar::I64,
            arity: 0,
            members: vec![
                EnumMember {
                    name: "RED".into(),
                    bits: vec![1],
                },
                EnumMember {
                    name: "NEG".into(),
                    bits: vec![(-3i64) as u64],
                },
            ],
        }
    }

    #[test]
    fn interning_is_by_content() {
        let a = EnumType::intern(color(EnumKind::Int));
        let b = EnumType::intern(color(EnumKind::Int));
        let c = EnumType::intern(color(EnumKind::Plain));
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.to_string(), "IntEnum<int64>(Color)");
        assert_eq!(c.to_string(), "Enum<int64>(Color)");
    }

    #[test]
    fn values_keep_their_type_and_sign() {
        let a = EnumType::intern(color(EnumKind::Int));
        assert_eq!(a.member_index("NEG"), Some(1));
        assert_eq!(a.value(1).as_int(), Some(-3));
        assert_eq!(bits_of(&a.value(1)), Some((-3i64) as u64));
        let half = EnumType::intern(EnumLayout {
            name: "Half".into(),
            kind: EnumKind::Plain,
            dtype: Scalar::F64,
            arity: 0,
            members: vec![EnumMember {
                name: "A".into(),
                bits: vec![0.5f64.to_bits()],
            }],
        });
        assert!(matches!(half.value(0), ConstValue::Float(v, Scalar::F64) if v == 0.5));
        let planet = EnumType::intern(EnumLayout {
            name: "Planet".into(),
            kind: EnumKind::Plain,
            dtype: Scalar::F64,
            arity: 2,
            members: vec![EnumMember {
                name: "EARTH".into(),
                bits: vec![5.976e24f64.to_bits(), 6.37814e6f64.to_bits()],
            }],
        });
        assert_eq!(planet.to_string(), "Enum<UniTuple(float64 x 2)>(Planet)");
        assert!(matches!(planet.value(0), ConstValue::Tuple(items) if items.len() == 2));
        assert_eq!(
            planet.value_type(),
            Type::uni_tuple(Type::Scalar(Scalar::F64), 2)
        );
    }
}
