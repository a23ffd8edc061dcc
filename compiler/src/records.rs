//! Records: NumPy structured dtypes as array elements, Numba's `Record`
//! type. A [`RecordLayout`] lists the fields (name, type, byte offset), the
//! size and whether NumPy aligned it. A field is a scalar, a complex
//! number, a C-ordered array of elements (Numba's `NestedArray`, NumPy's
//! `('d', np.uint8, 5)`) or another record. Layouts are interned, so
//! a [`RecordType`] is one pointer, `Copy`, and two records are the same
//! type exactly when their layouts are equal. Numba spells a record
//! `Record(x[type=float32;offset=0],y[type=int32;offset=4];8;True)`: that
//! is the spelling [`RecordType`] prints and [`crate::sema::signature`]
//! reads.

use crate::types::Scalar;
use kernelc_abi::elem::complex_name;
use kernelc_abi::ElemType;
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::fmt;
use std::sync::{Mutex, PoisonError};

/// The type of a record field.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum FieldType {
    /// A number.
    Scalar(Scalar),
    /// A complex number whose parts are of this float type.
    Complex(Scalar),
    /// A C-ordered array of `elem` with this shape (1 to 3 extents), stored
    /// in the record: Numba's `NestedArray`.
    Array {
        /// The element type.
        elem: Elem,
        /// The extents.
        shape: Vec<u32>,
    },
    /// A nested record, stored in the record.
    Record(RecordType),
}

impl FieldType {
    /// Bytes the field takes.
    pub fn size(&self) -> u32 {
        match self {
            FieldType::Scalar(s) => s.size(),
            FieldType::Complex(part) => 2 * part.size(),
            FieldType::Array { elem, shape } => shape
                .iter()
                .fold(elem.size(), |acc, &n| acc.saturating_mul(n)),
            FieldType::Record(r) => r.size(),
        }
    }

    /// The scalar type, for a scalar field.
    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            FieldType::Scalar(s) => Some(*s),
            _ => None,
        }
    }

    /// The largest scalar the field is made of, in bytes: where it must lie
    /// for its loads and stores to be aligned (1 for an empty record).
    pub fn align(&self) -> u32 {
        match self {
            FieldType::Scalar(s) => s.size(),
            FieldType::Complex(part) => part.size(),
            FieldType::Array { elem, .. } => elem_align(*elem),
            FieldType::Record(r) => r.align(),
        }
    }
}

/// [`RecordType::same_fields`] for field types.
fn same_field_type(a: &FieldType, b: &FieldType) -> bool {
    let same_elem = |x: &Elem, y: &Elem| match (x, y) {
        (Elem::Record(x), Elem::Record(y)) => x.same_fields(*y),
        (x, y) => x == y,
    };
    match (a, b) {
        (FieldType::Record(x), FieldType::Record(y)) => x.same_fields(*y),
        (
            FieldType::Array {
                elem: e1,
                shape: s1,
            },
            FieldType::Array {
                elem: e2,
                shape: s2,
            },
        ) => s1 == s2 && same_elem(e1, e2),
        (a, b) => a == b,
    }
}

/// The largest scalar an element of type `elem` is made of, in bytes.
pub fn elem_align(elem: Elem) -> u32 {
    match elem {
        Elem::Scalar(s) => s.size(),
        Elem::Complex(part) => part.size(),
        Elem::Record(r) => r.align(),
    }
}

impl fmt::Display for FieldType {
    /// Numba's spelling: `float32`, `complex64`, `nestedarray(uint8, (5,))`,
    /// `Record(...)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldType::Scalar(s) => f.write_str(s.name()),
            FieldType::Complex(part) => f.write_str(complex_name(*part)),
            FieldType::Array { elem, shape } => {
                write!(f, "nestedarray({elem}, (")?;
                for (k, n) in shape.iter().enumerate() {
                    if k > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{n}")?;
                }
                if shape.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str("))")
            }
            FieldType::Record(r) => fmt::Display::fmt(r, f),
        }
    }
}

/// One field of a record.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RecordField {
    /// The field's name.
    pub name: String,
    /// Its type.
    pub ty: FieldType,
    /// Its byte offset from the start of the record.
    pub offset: u32,
}

/// The layout of a record type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RecordLayout {
    /// The fields, in order.
    pub fields: Vec<RecordField>,
    /// Bytes per record (NumPy's `itemsize`).
    pub size: u32,
    /// NumPy aligned it (`align=True`): every field at a multiple of its
    /// size, and the size a multiple of the largest.
    pub aligned: bool,
}

impl RecordLayout {
    /// Checks that the fields lie inside the record, do not overlap, and
    /// have distinct names; an error says what is wrong.
    pub fn check(&self) -> Result<(), String> {
        if self.fields.is_empty() {
            return Err("a record needs at least one field".into());
        }
        if self.depth() > MAX_DEPTH {
            return Err(format!("records nest at most {MAX_DEPTH} deep"));
        }
        for f in &self.fields {
            if let FieldType::Array { shape, .. } = &f.ty {
                if shape.is_empty() || shape.len() > 3 || shape.contains(&0) {
                    return Err(format!(
                        "record field '{}' is an array of shape {shape:?}: kernelc supports 1 to 3 extents of at least 1",
                        f.name
                    ));
                }
            }
        }
        let mut spans: Vec<(u32, u32, &str)> = Vec::new();
        for (k, f) in self.fields.iter().enumerate() {
            if self.fields[..k].iter().any(|g| g.name == f.name) {
                return Err(format!("record field '{}' appears twice", f.name));
            }
            let end = f.offset.saturating_add(f.ty.size());
            if end > self.size {
                return Err(format!(
                    "record field '{}' ends at byte {end}, past the record's {} bytes",
                    f.name, self.size
                ));
            }
            if let Some((_, _, other)) = spans.iter().find(|(s, e, _)| f.offset < *e && *s < end) {
                return Err(format!("record fields '{other}' and '{}' overlap", f.name));
            }
            spans.push((f.offset, end, &f.name));
        }
        Ok(())
    }
}

/// How deeply records may nest (a record in a record ... in a record): every
/// walk of a record's fields recurses this deep at most.
pub const MAX_DEPTH: u32 = 32;

impl RecordLayout {
    /// 1 for a record of numbers and arrays of numbers, one more than its
    /// deepest nested record otherwise.
    pub fn depth(&self) -> u32 {
        let nested = |ty: &FieldType| match ty {
            FieldType::Record(r)
            | FieldType::Array {
                elem: Elem::Record(r),
                ..
            } => r.layout().depth(),
            _ => 0,
        };
        1 + self.fields.iter().map(|f| nested(&f.ty)).max().unwrap_or(0)
    }
}

/// An interned record layout: its position in [`RECORDS`] (a number
/// rather than a pointer keeps [`crate::types::Type`] two words).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RecordType(u32);

/// Every record layout interned so far: the layouts by position, and the
/// position of each by content.
struct Interned {
    layouts: Vec<&'static RecordLayout>,
    positions: FxHashMap<&'static RecordLayout, u32>,
}

static RECORDS: Mutex<Interned> = Mutex::new(Interned {
    layouts: Vec::new(),
    positions: FxHashMap::with_hasher(FxBuildHasher),
});

impl RecordType {
    /// The interned copy of `layout` (check it first with
    /// [`RecordLayout::check`]).
    pub fn intern(layout: RecordLayout) -> RecordType {
        // An insert either happened or not: a poisoned lock is still whole.
        let mut table = RECORDS.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&k) = table.positions.get(&layout) {
            return RecordType(k);
        }
        let leaked: &'static RecordLayout = Box::leak(Box::new(layout));
        let k = table.layouts.len() as u32;
        table.layouts.push(leaked);
        table.positions.insert(leaked, k);
        RecordType(k)
    }

    /// The layout.
    pub fn layout(self) -> &'static RecordLayout {
        let table = RECORDS.lock().unwrap_or_else(PoisonError::into_inner);
        table.layouts[self.0 as usize]
    }

    /// The field called `name`.
    pub fn field(self, name: &str) -> Option<&'static RecordField> {
        self.layout().fields.iter().find(|f| f.name == name)
    }

    /// Bytes per record.
    pub fn size(self) -> u32 {
        self.layout().size
    }

    /// The largest scalar of any field, in bytes (1 for none).
    pub fn align(self) -> u32 {
        (self.layout().fields.iter())
            .map(|f| f.ty.align())
            .max()
            .unwrap_or(1)
    }

    /// True when field `k`, if it is an array or a nested record, lies
    /// where every scalar in it is aligned in every element of an array of
    /// these records: its offset and the record's size are multiples of its
    /// largest scalar. (Scalar and complex fields that are not are moved
    /// byte by byte instead.)
    pub fn field_placed(self, k: u32) -> bool {
        let layout = self.layout();
        let field = &layout.fields[k as usize];
        if matches!(field.ty, FieldType::Scalar(_) | FieldType::Complex(_)) {
            return true;
        }
        let a = field.ty.align();
        field.offset.is_multiple_of(a) && layout.size.is_multiple_of(a)
    }

    /// What a runtime needs to know of it.
    pub fn abi(self) -> ElemType {
        ElemType::Record { size: self.size() }
    }

    /// True when `self` and `other` have the same size and the same fields
    /// (names, types, offsets; in any order), nested records compared the
    /// same way: the `aligned` flag aside, which a `.npy` file does not
    /// record.
    pub fn same_fields(self, other: RecordType) -> bool {
        let (a, b) = (self.layout(), other.layout());
        a.size == b.size
            && a.fields.len() == b.fields.len()
            && a.fields.iter().all(|f| {
                b.fields.iter().any(|g| {
                    f.name == g.name && f.offset == g.offset && same_field_type(&f.ty, &g.ty)
                })
            })
    }
}

impl fmt::Debug for RecordType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for RecordType {
    /// Numba's spelling.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let layout = self.layout();
        f.write_str("Record(")?;
        for (k, field) in layout.fields.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(
                f,
                "{}[type={};offset={}]",
                field.name, field.ty, field.offset
            )?;
        }
        let aligned = if layout.aligned { "True" } else { "False" };
        write!(f, ";{};{aligned})", layout.size)
    }
}

/// An array's element type: a scalar, a complex number or a record.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Elem {
    /// Numbers.
    Scalar(Scalar),
    /// Complex numbers whose parts are of this float type (`float32` for
    /// `complex64`).
    Complex(Scalar),
    /// Records.
    Record(RecordType),
}

impl Elem {
    /// Bytes per element.
    pub fn size(self) -> u32 {
        match self {
            Elem::Scalar(s) => s.size(),
            Elem::Complex(part) => 2 * part.size(),
            Elem::Record(r) => r.size(),
        }
    }

    /// The scalar type, when the elements are numbers.
    pub fn scalar(self) -> Option<Scalar> {
        match self {
            Elem::Scalar(s) => Some(s),
            Elem::Complex(_) | Elem::Record(_) => None,
        }
    }

    /// What a runtime needs to know of it.
    pub fn abi(self) -> ElemType {
        match self {
            Elem::Scalar(s) => ElemType::Scalar(s),
            Elem::Complex(part) => ElemType::Complex(part),
            Elem::Record(r) => r.abi(),
        }
    }
}

impl From<Scalar> for Elem {
    fn from(s: Scalar) -> Self {
        Elem::Scalar(s)
    }
}

impl fmt::Display for Elem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Elem::Scalar(s) => f.write_str(s.name()),
            Elem::Complex(part) => f.write_str(complex_name(*part)),
            Elem::Record(r) => fmt::Display::fmt(r, f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(name: &str, ty: Scalar, offset: u32) -> RecordField {
        RecordField {
            name: name.into(),
            ty: FieldType::Scalar(ty),
            offset,
        }
    }

    #[test]
    fn prints_as_numba_and_interns_by_content() {
        let make = || RecordLayout {
            fields: vec![field("x", Scalar::F32, 0), field("y", Scalar::I32, 4)],
            size: 8,
            aligned: true,
        };
        let a = RecordType::intern(make());
        let b = RecordType::intern(make());
        assert_eq!(a, b);
        assert_eq!(
            a.to_string(),
            "Record(x[type=float32;offset=0],y[type=int32;offset=4];8;True)"
        );
        assert_eq!(a.field("y").map(|f| f.offset), Some(4));
        assert!(a.field("z").is_none());
    }

    #[test]
    fn array_and_record_fields_print_measure_and_compare_as_numba() {
        let inner = RecordType::intern(RecordLayout {
            fields: vec![field("x", Scalar::I16, 0), field("y", Scalar::F32, 4)],
            size: 8,
            aligned: true,
        });
        let make = |aligned| RecordLayout {
            fields: vec![
                RecordField {
                    name: "d".into(),
                    ty: FieldType::Array {
                        elem: Elem::Scalar(Scalar::U8),
                        shape: vec![5],
                    },
                    offset: 0,
                },
                RecordField {
                    name: "j".into(),
                    ty: FieldType::Array {
                        elem: Elem::Complex(Scalar::F32),
                        shape: vec![3, 2],
                    },
                    offset: 8,
                },
                RecordField {
                    name: "inner".into(),
                    ty: FieldType::Record(inner),
                    offset: 56,
                },
            ],
            size: 64,
            aligned,
        };
        assert!(make(true).check().is_ok());
        let r = RecordType::intern(make(true));
        assert_eq!(
            r.to_string(),
            "Record(d[type=nestedarray(uint8, (5,));offset=0],\
             j[type=nestedarray(complex64, (3, 2));offset=8],\
             inner[type=Record(x[type=int16;offset=0],y[type=float32;offset=4];8;True);offset=56];64;True)"
        );
        let f = &r.layout().fields;
        assert_eq!((f[0].ty.size(), f[1].ty.size(), f[2].ty.size()), (5, 48, 8));
        assert_eq!((r.align(), r.layout().depth()), (4, 2));
        assert!(r.field_placed(1) && r.field_placed(2));
        // The `aligned` flag aside, the same fields.
        assert!(r.same_fields(RecordType::intern(make(false))));
        assert!(!r.same_fields(inner));
    }

    #[test]
    fn check_refuses_overlaps_overruns_and_twins() {
        let bad = |fields, size| RecordLayout {
            fields,
            size,
            aligned: false,
        };
        let overlap = bad(
            vec![field("a", Scalar::F64, 0), field("b", Scalar::I8, 7)],
            8,
        );
        assert!(overlap.check().unwrap_err().contains("overlap"));
        let past = bad(vec![field("a", Scalar::F64, 4)], 8);
        assert!(past.check().unwrap_err().contains("past"));
        let twice = bad(
            vec![field("a", Scalar::I8, 0), field("a", Scalar::I8, 1)],
            2,
        );
        assert!(twice.check().unwrap_err().contains("twice"));
        let packed = bad(
            vec![field("a", Scalar::I8, 0), field("b", Scalar::F64, 1)],
            9,
        );
        assert!(packed.check().is_ok());
    }
}
