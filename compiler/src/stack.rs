//! Stack room for the compiler's recursive walks.
//!
//! The parser, the type checker, lowering and the dumps walk the syntax
//! tree recursively, and the type checker checks a device function while
//! its caller waits. Their depth is bounded by the language limits (the
//! parser's [`MAX_DEPTH`](crate::front::parser::MAX_DEPTH),
//! [`MAX_BLOCK_DEPTH`](crate::front::parser::MAX_BLOCK_DEPTH) and
//! [`MAX_HEIGHT`](crate::front::parser::MAX_HEIGHT), and the type
//! checker's [`MAX_CALL_DEPTH`](crate::sema::MAX_CALL_DEPTH)), each
//! reported as a located error; but the stack those limits need depends on
//! the build (an unoptimised build's frames are several times larger) and
//! on the caller's thread, which may be a host program's thread with a
//! small stack (the C API's `kc_compile`).
//!
//! So every recursive step goes through [`deeper`]: when less than
//! [`RED_ZONE`] bytes of the current stack are left, the step runs on a
//! new [`SEGMENT`]-byte stack allocated on the heap (and freed when the
//! step returns). A compilation then needs only [`RED_ZONE`] bytes of the
//! thread's own stack, whatever the input; the `robustness` tests compile
//! the hostile inputs of `compiler/tests/robustness/` on a 256 KiB thread.

/// The stack a recursive step may use before the next [`deeper`] check.
/// The largest step measured is a device-function call in the type
/// checker of an unoptimised build (about 16 KiB from one checked call to
/// the next); this leaves four times that.
pub const RED_ZONE: usize = 64 * 1024;

/// The size of each stack segment allocated when the stack runs low.
pub const SEGMENT: usize = 1024 * 1024;

/// Runs one recursive step `f`, on a fresh stack segment when the current
/// stack has less than [`RED_ZONE`] bytes left.
#[inline]
pub fn deeper<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}
