//! Typed indices into vectors: [`Handle<T>`] and [`Arena<T>`], in the style
//! of naga's `arena` module.
//!
//! The front end stores the nodes it makes in flat vectors and refers to
//! them by index. A bare `u32` says nothing about which vector it indexes;
//! a `Handle<Expr>` does, and the compiler rejects it as an index into
//! anything but an `Arena<Expr>`. A handle is a plain `u32` at run time
//! (no niche, no offset): `Option<Handle<T>>` is eight bytes, as an
//! `Option<u32>` is.
//!
//! Handles are dense and handed out in order by [`Arena::append`], so later
//! stages keep side tables about the items in plain vectors indexed by
//! [`Handle::index`].

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// The index of a `T` in an [`Arena<T>`].
pub struct Handle<T> {
    index: u32,
    item: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    /// The handle of the item at `index` (what [`Arena::append`] returns
    /// for the item it puts there).
    #[inline]
    pub(crate) const fn new(index: u32) -> Self {
        Handle {
            index,
            item: PhantomData,
        }
    }

    /// The handle as an index into vectors of per-item data.
    #[inline]
    pub fn index(self) -> usize {
        self.index as usize
    }
}

// Written out because `derive` would require `T` itself to be `Copy`,
// `PartialEq`, ...; a handle is an integer whatever `T` is.
impl<T> Clone for Handle<T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Handle<T> {}

impl<T> PartialEq for Handle<T> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}

impl<T> Eq for Handle<T> {}

impl<T> PartialOrd for Handle<T> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<T> Ord for Handle<T> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.index.cmp(&other.index)
    }
}

impl<T> Hash for Handle<T> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.index.hash(state)
    }
}

impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.index)
    }
}

/// A vector of `T`s indexed by [`Handle<T>`].
#[derive(Clone)]
pub struct Arena<T> {
    data: Vec<T>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena::new()
    }
}

impl<T: PartialEq> PartialEq for Arena<T> {
    fn eq(&self, other: &Self) -> bool {
        self.data == other.data
    }
}

impl<T: fmt::Debug> fmt::Debug for Arena<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.data.fmt(f)
    }
}

impl<T> Arena<T> {
    /// An empty arena (allocates nothing).
    pub const fn new() -> Self {
        Arena { data: Vec::new() }
    }

    /// Adds `value` and returns its handle (the next dense one).
    #[inline]
    pub fn append(&mut self, value: T) -> Handle<T> {
        let handle = Handle::new(self.data.len() as u32);
        self.data.push(value);
        handle
    }

    /// Number of items (handles are `0..len()`).
    #[inline]
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// True when no item was added.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Removes every item, keeping the room.
    pub fn clear(&mut self) {
        self.data.clear()
    }

    /// Room for `additional` more items without regrowing.
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.data.reserve(additional)
    }

    /// Number of items the arena holds room for.
    pub(crate) fn capacity(&self) -> usize {
        self.data.capacity()
    }

    /// Every item with its handle, in handle order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Handle<T>, &T)> + ExactSizeIterator {
        (self.data.iter().enumerate()).map(|(i, value)| (Handle::new(i as u32), value))
    }
}

impl<T> Index<Handle<T>> for Arena<T> {
    type Output = T;

    #[inline]
    fn index(&self, handle: Handle<T>) -> &T {
        &self.data[handle.index()]
    }
}

impl<T> IndexMut<Handle<T>> for Arena<T> {
    #[inline]
    fn index_mut(&mut self, handle: Handle<T>) -> &mut T {
        &mut self.data[handle.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_are_dense_and_index_their_arena() {
        let mut arena = Arena::new();
        assert!(arena.is_empty());
        let a = arena.append("a");
        let b = arena.append("b");
        assert_eq!((a.index(), b.index()), (0, 1));
        assert!(a < b && a != b);
        assert_eq!((arena[a], arena[b], arena.len()), ("a", "b", 2));
        arena[b] = "c";
        let items: Vec<_> = arena.iter().collect();
        assert_eq!(items, [(a, &"a"), (b, &"c")]);
        assert_eq!(format!("{a:?} {arena:?}"), "[0] [\"a\", \"c\"]");
        arena.clear();
        assert!(arena.is_empty() && arena.capacity() >= 2);
        assert_eq!(arena.append("d"), Handle::new(0));
    }
}
