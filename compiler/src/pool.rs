//! Buffers the back end keeps from compile to compile.
//!
//! A compile fills tables and work lists sized by the kernel (the
//! optimiser's analyses, selection's machine code, emission's text), and
//! allocating them afresh each time costs about as much as the work done
//! in them. A back-end phase that owns such buffers keeps them in a
//! [`Pool`] that the caller owns (the driver's `CompileContext` holds one
//! per phase, as a Cranelift `Context` reused from function to function
//! keeps its buffers): the phase takes a set when it starts (or makes one
//! when the pool is empty), clears it, and gives it back when it is done.
//! A pool holds at most a few sets, and the phases give back only sets of
//! moderate size, so one huge kernel does not pin their memory for the
//! context's life.

/// Up to `max_len` recycled values of `T`.
pub struct Pool<T> {
    items: Vec<T>,
    max_len: usize,
}

impl<T> Pool<T> {
    /// An empty pool that keeps at most `max_len` values.
    pub const fn new(max_len: usize) -> Self {
        Pool {
            items: Vec::new(),
            max_len,
        }
    }

    /// A recycled value, if the pool holds one.
    pub(crate) fn take(&mut self) -> Option<T> {
        self.items.pop()
    }

    /// Keeps `item` for a later [`Pool::take`] (drops it when the pool is
    /// full).
    pub(crate) fn give(&mut self, item: T) {
        if self.items.len() < self.max_len {
            self.items.push(item);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Pool;

    #[test]
    fn keeps_at_most_max_len_values_last_in_first_out() {
        let mut pool = Pool::new(2);
        assert_eq!(pool.take(), None::<u32>);
        pool.give(1);
        pool.give(2);
        pool.give(3);
        assert_eq!(pool.take(), Some(2));
        assert_eq!(pool.take(), Some(1));
        assert_eq!(pool.take(), None);
    }
}
