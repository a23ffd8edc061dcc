//! Per-thread pools of buffers kept from compile to compile, for the back
//! end.
//!
//! A compile fills tables and work lists sized by the kernel (the
//! optimiser's analyses, selection's machine code, emission's text), and
//! allocating them afresh each time costs about as much as the work done
//! in them. A back-end phase that owns such buffers keeps them in a
//! `thread_local!` [`Pool`]: it takes a set when it starts (or makes one
//! when the pool is empty), clears it, and gives it back when it is done,
//! as a Cranelift `Context` reused from function to function keeps its
//! buffers. A pool holds at most a few sets, and the phases give back only
//! sets of moderate size, so one huge kernel does not pin their memory
//! for the thread's life. (The front end and the checker keep theirs in a
//! caller-owned [`CheckContext`](crate::sema::CheckContext) instead.)

use std::cell::RefCell;

/// Up to `max_len` recycled values of `T`.
pub(crate) struct Pool<T> {
    items: RefCell<Vec<T>>,
    max_len: usize,
}

impl<T> Pool<T> {
    /// An empty pool that keeps at most `max_len` values.
    pub(crate) const fn new(max_len: usize) -> Self {
        Pool {
            items: RefCell::new(Vec::new()),
            max_len,
        }
    }

    /// A recycled value, if the pool holds one.
    pub(crate) fn take(&self) -> Option<T> {
        self.items.borrow_mut().pop()
    }

    /// Keeps `item` for a later [`Pool::take`] (drops it when the pool is
    /// full).
    pub(crate) fn give(&self, item: T) {
        let mut items = self.items.borrow_mut();
        if items.len() < self.max_len {
            items.push(item);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Pool;

    #[test]
    fn keeps_at_most_max_len_values_last_in_first_out() {
        let pool = Pool::new(2);
        assert_eq!(pool.take(), None::<u32>);
        pool.give(1);
        pool.give(2);
        pool.give(3);
        assert_eq!(pool.take(), Some(2));
        assert_eq!(pool.take(), Some(1));
        assert_eq!(pool.take(), None);
    }
}
