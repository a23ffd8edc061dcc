//! Shared-memory race detection (checking mode).
//!
//! Per shared byte, the tracker remembers the last writer and the reader(s)
//! since the last barrier of the block (an epoch number makes clearing at a
//! barrier free). A second thread's access to the same byte is a race when
//! either access writes. Atomic accesses are not tracked.

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
    /// Reader thread + 1 (0: none, MANY: several).
    reader: u32,
}

const MANY: u32 = u32::MAX;

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
                    writer: 0,
                    reader: 0,
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
                if c.reader != 0 && c.reader != me {
                    let other = if c.reader == MANY { me } else { c.reader };
                    return Err(Race {
                        other: other - 1,
                        offset: o,
                        kind: "write-after-read",
                    });
                }
                c.writer = me;
            } else if c.reader == 0 {
                c.reader = me;
            } else if c.reader != me {
                c.reader = MANY;
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
}
