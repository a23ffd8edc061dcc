//! Shared-memory race detection (checking mode).
//!
//! Per shared byte, the tracker remembers the last writer and the reader(s)
//! since the last barrier of the block (an epoch number makes clearing at a
//! barrier free). A second thread's access to the same byte is a race when
//! either access writes. `bar.warp.sync` orders the accesses of the lanes
//! it synchronises (their entries are forgotten). Atomic accesses are not
//! tracked.

/// The first conflicting access found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Race {
    /// The earlier thread (linear index in the block).
    pub other: u32,
    /// Byte offset in shared memory.
    pub offset: u64,
    /// `read-after-write`, `write-after-read` or `write-after-write`.
    pub kind: &'static str,
}

#[derive(Clone, Copy, Default)]
struct Cell {
    epoch: u32,
    /// Writer thread + 1 (0: none).
    writer: u32,
    /// First reader thread + 1 (0: none).
    reader: u32,
    /// Another reader thread + 1 (0: none).
    reader2: u32,
    /// The readers are not all in one warp.
    multi_warp: bool,
}

/// The tracker for one block's shared memory.
#[derive(Default)]
pub struct RaceTracker {
    cells: Vec<Cell>,
    epoch: u32,
}

impl RaceTracker {
    /// Starts a new block with `bytes` of shared memory.
    pub fn reset(&mut self, bytes: usize) {
        if self.cells.len() < bytes {
            self.cells.resize(bytes, Cell::default());
        }
        self.barrier();
    }

    /// A barrier: everything before it is ordered with everything after.
    pub fn barrier(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.cells.fill(Cell::default());
            self.epoch = 1;
        }
    }

    /// A warp sync of the lanes `mask` of the warp whose lane 0 is thread
    /// `first`: their accesses so far are ordered with their later ones.
    pub fn warp_sync(&mut self, first: u32, mask: u32) {
        let inside =
            |t: u32| t != 0 && (t - 1) / 32 == first / 32 && (mask >> ((t - 1) % 32)) & 1 != 0;
        for c in self.cells.iter_mut().filter(|c| c.epoch == self.epoch) {
            if inside(c.writer) {
                c.writer = 0;
            }
            if !c.multi_warp && inside(c.reader) && (c.reader2 == 0 || inside(c.reader2)) {
                c.reader = 0;
                c.reader2 = 0;
            }
        }
    }

    /// Records an access of `size` bytes at `offset` by thread `tid`.
    pub fn access(&mut self, tid: u32, offset: u64, size: u64, write: bool) -> Result<(), Race> {
        let me = tid + 1;
        for o in offset..offset + size {
            let Some(c) = self.cells.get_mut(o as usize) else {
                continue;
            };
            if c.epoch != self.epoch {
                *c = Cell {
                    epoch: self.epoch,
                    ..Cell::default()
                };
            }
            if c.writer != 0 && c.writer != me {
                let kind = if write {
                    "write-after-write"
                } else {
                    "read-after-write"
                };
                return Err(Race {
                    other: c.writer - 1,
                    offset: o,
                    kind,
                });
            }
            if write {
                let other = [c.reader, c.reader2]
                    .into_iter()
                    .find(|&r| r != 0 && r != me);
                if let Some(r) = other {
                    return Err(Race {
                        other: r - 1,
                        offset: o,
                        kind: "write-after-read",
                    });
                }
                c.writer = me;
            } else if c.reader == 0 {
                c.reader = me;
            } else if c.reader != me && c.reader2 != me {
                if (c.reader - 1) / 32 != tid / 32
                    || (c.reader2 != 0 && (c.reader2 - 1) / 32 != tid / 32)
                {
                    c.multi_warp = true;
                }
                c.reader2 = me;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_conflicts_and_forgets_at_barriers() {
        let mut t = RaceTracker::default();
        t.reset(16);
        t.access(0, 0, 4, true).unwrap();
        t.access(0, 0, 4, false).unwrap();
        t.access(1, 4, 4, true).unwrap();
        let r = t.access(2, 2, 4, false).unwrap_err();
        assert_eq!((r.other, r.offset, r.kind), (0, 2, "read-after-write"));
        t.barrier();
        t.access(2, 0, 8, false).unwrap();
        t.access(3, 0, 8, false).unwrap();
        let r = t.access(1, 4, 4, true).unwrap_err();
        assert_eq!(r.kind, "write-after-read");
    }

    #[test]
    fn warp_sync_orders_its_lanes_only() {
        let mut t = RaceTracker::default();
        t.reset(256);
        t.access(3, 12, 4, true).unwrap();
        t.access(40, 100, 4, true).unwrap();
        t.warp_sync(0, u32::MAX);
        t.access(5, 12, 4, false).unwrap();
        assert!(t.access(41, 100, 4, false).is_err());
    }
}
