//! Source positions.
//!
//! A [`Span`] is a half-open byte range into one source file. Every AST node,
//! every typed-tree node and every diagnostic label carries one, so an error
//! found at any stage can point at the exact text that caused it.
//! Which file a span belongs to is said by the [`FileId`] next to it (a
//! kernel's source is file 0; a signature string given on the command line or
//! through the API is a file of its own).

use std::fmt;

/// A half-open byte range `lo..hi` into a source file.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte of the range.
    pub lo: u32,
    /// One past the last byte of the range.
    pub hi: u32,
}

impl Span {
    /// The span `lo..hi`.
    pub const fn new(lo: u32, hi: u32) -> Self {
        Span { lo, hi }
    }

    /// The smallest span that covers both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }

    /// The byte range, for slicing the source text.
    pub fn range(self) -> std::ops::Range<usize> {
        self.lo as usize..self.hi as usize
    }

    /// Length in bytes.
    pub fn len(self) -> u32 {
        self.hi - self.lo
    }

    /// True for an empty span.
    pub fn is_empty(self) -> bool {
        self.hi == self.lo
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.lo, self.hi)
    }
}

/// Identifies a source file in a [`crate::diagnostics::SourceFiles`] set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct FileId(pub u32);

impl FileId {
    /// The kernel source file of a compilation.
    pub const MAIN: FileId = FileId(0);
}
