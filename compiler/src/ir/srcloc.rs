//! Where each instruction came from: the byte offset in the kernel's source
//! file (file 0) of the statement it was lowered from, as a side table of
//! the function ([`SrcLocs`]).
//!
//! Lowering fills it statement by statement ([`SrcLocs::fill_to`]); the
//! inliner copies a callee's entries with its instructions. Instructions a
//! pass makes have no entry: the PTX back end then keeps the position of
//! the instruction written before them. The back end turns positions into
//! `.loc` directives, which the CPU device reads to name the Python line
//! of a fault.

use super::entities::Inst;
use cranelift_entity::EntityRef;

/// Per instruction: its source position, or none.
#[derive(Clone, Debug, Default)]
pub struct SrcLocs {
    /// Indexed by instruction: byte offset + 1, 0 for none. Instructions
    /// past the end have none.
    locs: Vec<u32>,
}

impl SrcLocs {
    /// An empty table with room for `insts` instructions.
    pub fn with_capacity(insts: usize) -> Self {
        SrcLocs {
            locs: Vec::with_capacity(insts),
        }
    }

    /// The source byte offset `inst` came from, if known.
    pub fn get(&self, inst: Inst) -> Option<u32> {
        Self::decode(self.raw(inst))
    }

    /// The stored form of `inst`'s position: byte offset + 1, 0 for none
    /// (what the back end carries per machine instruction).
    pub fn raw(&self, inst: Inst) -> u32 {
        self.locs.get(inst.index()).copied().unwrap_or(0)
    }

    /// The byte offset of a stored position ([`SrcLocs::raw`]).
    pub fn decode(raw: u32) -> Option<u32> {
        raw.checked_sub(1)
    }

    /// Records that `inst` came from byte `offset` (or from nowhere known).
    pub fn set(&mut self, inst: Inst, offset: Option<u32>) {
        let i = inst.index();
        if i >= self.locs.len() {
            self.locs.resize(i + 1, 0);
        }
        self.locs[i] = Self::encode(offset);
    }

    /// Gives every instruction numbered below `count` that has no entry
    /// yet the position `offset`: lowering calls it when it enters and
    /// leaves a statement, so the instructions made in between are the
    /// statement's.
    pub fn fill_to(&mut self, count: usize, offset: Option<u32>) {
        if count > self.locs.len() {
            self.locs.resize(count, Self::encode(offset));
        }
    }

    fn encode(offset: Option<u32>) -> u32 {
        offset.map_or(0, |o| o.saturating_add(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_statement_by_statement() {
        let mut s = SrcLocs::default();
        s.fill_to(2, Some(10));
        s.fill_to(2, Some(99)); // nothing new
        s.fill_to(3, None);
        s.fill_to(5, Some(0));
        let got: Vec<_> = (0..6).map(|i| s.get(Inst::new(i))).collect();
        assert_eq!(got, [Some(10), Some(10), None, Some(0), Some(0), None]);
        s.set(Inst::new(7), Some(4));
        assert_eq!(s.get(Inst::new(7)), Some(4));
        assert_eq!(s.get(Inst::new(6)), None);
        assert_eq!(s.raw(Inst::new(7)), 5);
        assert_eq!(SrcLocs::decode(5), Some(4));
    }
}
