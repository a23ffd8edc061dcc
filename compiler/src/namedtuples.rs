//! Named tuple classes: `Point = namedtuple('Point', ['x', 'y'])` (or
//! `collections.namedtuple`, or `class Point(NamedTuple): x: float`) at the
//! top level of a kernel file, Numba's `NamedTuple`/`NamedUniTuple`.
//!
//! A [`NamedTupleClass`] is the class's name and field names, interned as
//! records are ([`crate::records`]), so it is one number, `Copy`. A value
//! of the class is a tuple whose [`crate::types::TupleItems`] carry the
//! class: it is indexed, unpacked and passed as any tuple, and its fields
//! are also read by name (`p.x`). Numba spells the types `Point(float64 x
//! 2)` and `Point(float64, int64)`.

use rustc_hash::{FxBuildHasher, FxHashMap};
use std::fmt;
use std::sync::{Mutex, PoisonError};

/// A named tuple class: its name and its fields' names, in order.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct NamedTupleLayout {
    /// The class name (`Point`).
    pub name: String,
    /// The field names (`x`, `y`).
    pub fields: Vec<String>,
}

/// An interned named tuple class.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct NamedTupleClass(u32);

/// Every class interned so far, by position and by content.
struct Interned {
    layouts: Vec<&'static NamedTupleLayout>,
    positions: FxHashMap<&'static NamedTupleLayout, u32>,
}

static CLASSES: Mutex<Interned> = Mutex::new(Interned {
    layouts: Vec::new(),
    positions: FxHashMap::with_hasher(FxBuildHasher),
});

impl NamedTupleClass {
    /// The interned copy of `layout`.
    pub fn intern(layout: NamedTupleLayout) -> NamedTupleClass {
        let mut table = CLASSES.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&k) = table.positions.get(&layout) {
            return NamedTupleClass(k);
        }
        let leaked: &'static NamedTupleLayout = Box::leak(Box::new(layout));
        let k = table.layouts.len() as u32;
        table.layouts.push(leaked);
        table.positions.insert(leaked, k);
        NamedTupleClass(k)
    }

    /// The class.
    pub fn layout(self) -> &'static NamedTupleLayout {
        let table = CLASSES.lock().unwrap_or_else(PoisonError::into_inner);
        table.layouts[self.0 as usize]
    }

    /// The class name.
    pub fn name(self) -> &'static str {
        &self.layout().name
    }

    /// The field names.
    pub fn fields(self) -> &'static [String] {
        &self.layout().fields
    }

    /// The position of the field called `name`.
    pub fn field_index(self, name: &str) -> Option<usize> {
        self.fields().iter().position(|f| f == name)
    }
}

impl fmt::Debug for NamedTupleClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let layout = self.layout();
        write!(f, "{}[{}]", layout.name, layout.fields.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_are_interned_by_name_and_fields() {
        let point = |fields: &[&str]| NamedTupleLayout {
            name: "Point".into(),
            fields: fields.iter().map(|f| f.to_string()).collect(),
        };
        let a = NamedTupleClass::intern(point(&["x", "y"]));
        assert_eq!(a, NamedTupleClass::intern(point(&["x", "y"])));
        assert_ne!(a, NamedTupleClass::intern(point(&["y", "x"])));
        assert_eq!(a.field_index("y"), Some(1));
        assert_eq!(a.name(), "Point");
    }
}
