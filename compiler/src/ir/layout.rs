//! The layout: *where* blocks and instructions sit.
//!
//! Kept apart from the data-flow graph, as in Cranelift: the graph says what
//! an instruction computes, the layout says in which block and in which
//! order it runs. Blocks are kept in a vector in program order (the first
//! one is the entry block); each block holds its instructions in order.
//!
//! The blocks' instruction lists share one pool (`cranelift_entity`'s
//! `ListPool`, as the value lists do) rather than each being a vector of
//! its own: the passes walk every block's list many times, and lists
//! scattered over the heap made each walk of a large function a cache miss
//! per block (the passes ran at half speed on kernels of a few MB).

use super::entities::{reserve_key, Block, Inst};
use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{EntityList, ListPool, SecondaryMap};

/// Block and instruction order of a function.
#[derive(Clone, Default)]
pub struct Layout {
    blocks: Vec<Block>,
    block_insts: SecondaryMap<Block, EntityList<Inst>>,
    /// The storage of `block_insts`.
    pool: ListPool<Inst>,
    inst_block: SecondaryMap<Inst, PackedOption<Block>>,
    inserted: SecondaryMap<Block, bool>,
}

impl Layout {
    /// An empty layout.
    pub fn new() -> Self {
        Layout::default()
    }

    /// An empty layout with room for about `blocks` blocks and `insts`
    /// instructions before its tables grow.
    pub fn with_capacity(blocks: usize, insts: usize) -> Self {
        Layout {
            blocks: Vec::with_capacity(blocks),
            block_insts: SecondaryMap::with_capacity(blocks),
            pool: ListPool::with_capacity(2 * insts),
            inst_block: SecondaryMap::with_capacity(insts),
            inserted: SecondaryMap::with_capacity(blocks),
        }
    }

    /// The blocks in program order.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The entry block, if any block is laid out.
    pub fn entry_block(&self) -> Option<Block> {
        self.blocks.first().copied()
    }

    /// True when `block` is in the layout.
    pub fn is_block_inserted(&self, block: Block) -> bool {
        self.inserted[block]
    }

    /// Appends a block at the end of the function.
    pub fn append_block(&mut self, block: Block) {
        assert!(!self.inserted[block], "{block} is already laid out");
        // Room for the block in both maps, grown by doubling (indexing past
        // the end would grow each by one entry per new block).
        reserve_key(&mut self.inserted, block);
        reserve_key(&mut self.block_insts, block);
        self.inserted[block] = true;
        self.blocks.push(block);
    }

    /// Inserts a block right after `after`.
    pub fn insert_block_after(&mut self, block: Block, after: Block) {
        assert!(!self.inserted[block], "{block} is already laid out");
        let pos = self.block_position(after) + 1;
        self.inserted[block] = true;
        self.blocks.insert(pos, block);
    }

    /// Lays out each `(block, new)` group's new blocks, in order, right
    /// after its block, in one pass over the layout (inserting blocks one
    /// at a time is quadratic in the number of blocks). Each block appears
    /// in at most one group.
    pub fn insert_blocks_after(&mut self, groups: &[(Block, Vec<Block>)]) {
        let mut after: SecondaryMap<Block, Option<usize>> = SecondaryMap::new();
        for (k, (block, new)) in groups.iter().enumerate() {
            assert!(self.inserted[*block], "{block} is not laid out");
            after[*block] = Some(k);
            for &b in new {
                assert!(!self.inserted[b], "{b} is already laid out");
                reserve_key(&mut self.inserted, b);
                reserve_key(&mut self.block_insts, b);
                self.inserted[b] = true;
            }
        }
        let added: usize = groups.iter().map(|g| g.1.len()).sum();
        let mut blocks = Vec::with_capacity(self.blocks.len() + added);
        for &b in &self.blocks {
            blocks.push(b);
            if let Some(k) = after[b] {
                blocks.extend_from_slice(&groups[k].1);
            }
        }
        self.blocks = blocks;
    }

    /// Removes a block (and forgets its instructions' placement).
    pub fn remove_block(&mut self, block: Block) {
        let pos = self.block_position(block);
        self.blocks.remove(pos);
        self.inserted[block] = false;
        self.forget_insts(block);
    }

    /// Empties `block`'s list, its instructions no longer laid out.
    fn forget_insts(&mut self, block: Block) {
        let mut list = self.block_insts[block].take();
        for &inst in list.as_slice(&self.pool) {
            self.inst_block[inst] = None.into();
        }
        list.clear(&mut self.pool);
    }

    /// Removes each of `blocks` as [`Self::remove_block`] does, in one
    /// pass over the layout (removing many blocks one at a time is
    /// quadratic).
    pub fn remove_blocks(&mut self, blocks: &[Block]) {
        for &block in blocks {
            assert!(self.inserted[block], "{block} is not laid out");
            self.inserted[block] = false;
            self.forget_insts(block);
        }
        let inserted = &self.inserted;
        self.blocks.retain(|&b| inserted[b]);
    }

    fn block_position(&self, block: Block) -> usize {
        self.blocks
            .iter()
            .position(|b| *b == block)
            .unwrap_or_else(|| panic!("{block} is not laid out"))
    }

    /// The instructions of a block, in order.
    pub fn block_insts(&self, block: Block) -> &[Inst] {
        self.block_insts[block].as_slice(&self.pool)
    }

    /// The last instruction of a block (its terminator, when well formed).
    pub fn last_inst(&self, block: Block) -> Option<Inst> {
        self.block_insts(block).last().copied()
    }

    /// The block an instruction is in.
    pub fn inst_block(&self, inst: Inst) -> Option<Block> {
        self.inst_block[inst].expand()
    }

    /// Appends an instruction at the end of a block.
    #[inline]
    pub fn append_inst(&mut self, inst: Inst, block: Block) {
        assert!(
            self.inst_block[inst].is_none(),
            "{inst} is already laid out"
        );
        self.block_insts[block].push(inst, &mut self.pool);
        reserve_key(&mut self.inst_block, inst);
        self.inst_block[inst] = block.into();
    }

    /// Inserts an instruction right before `before`.
    pub fn insert_inst_before(&mut self, inst: Inst, before: Inst) {
        let block = self.inst_block(before).expect("`before` is laid out");
        let pos = self.inst_position(before, block);
        self.block_insts[block].insert(pos, inst, &mut self.pool);
        self.inst_block[inst] = block.into();
    }

    /// Removes an instruction from its block.
    pub fn remove_inst(&mut self, inst: Inst) {
        let block = self.inst_block(inst).expect("instruction is laid out");
        let pos = self.inst_position(inst, block);
        self.block_insts[block].remove(pos, &mut self.pool);
        self.inst_block[inst] = None.into();
    }

    /// Removes each of `insts` from its block, in one pass over each block
    /// concerned (removing many instructions of one block one at a time is
    /// quadratic in its size).
    pub fn remove_insts(&mut self, insts: &[Inst]) {
        let mut blocks: Vec<Block> = insts
            .iter()
            .map(|&i| self.inst_block(i).expect("instruction is laid out"))
            .collect();
        for &i in insts {
            self.inst_block[i] = None.into();
        }
        blocks.sort_unstable();
        blocks.dedup();
        for b in blocks {
            self.retain_laid_out(b);
        }
    }

    /// Drops from `block`'s list the instructions no longer laid out (their
    /// `inst_block` cleared), keeping the others' order.
    fn retain_laid_out(&mut self, block: Block) {
        let list = &mut self.block_insts[block];
        let insts = list.as_mut_slice(&mut self.pool);
        let mut kept = 0;
        for k in 0..insts.len() {
            if self.inst_block[insts[k]].is_some() {
                insts[kept] = insts[k];
                kept += 1;
            }
        }
        list.truncate(kept, &mut self.pool);
    }

    /// Inserts `insts`, in order, right before `before`.
    pub fn insert_insts_before(&mut self, insts: &[Inst], before: Inst) {
        let block = self.inst_block(before).expect("`before` is laid out");
        let pos = self.inst_position(before, block);
        let list = &mut self.block_insts[block];
        list.grow_at(pos, insts.len(), &mut self.pool);
        list.as_mut_slice(&mut self.pool)[pos..pos + insts.len()].copy_from_slice(insts);
        for &i in insts {
            assert!(self.inst_block[i].is_none(), "{i} is already laid out");
            reserve_key(&mut self.inst_block, i);
            self.inst_block[i] = block.into();
        }
    }

    /// Removes the instructions of `block` for which `keep` is false, in
    /// one pass (where [`Layout::remove_inst`] searches the block for each).
    pub fn retain_insts(&mut self, block: Block, mut keep: impl FnMut(Inst) -> bool) {
        for &i in self.block_insts[block].as_slice(&self.pool) {
            if !keep(i) {
                self.inst_block[i] = None.into();
            }
        }
        self.retain_laid_out(block);
    }

    /// The index of `inst` in `block`, searched from the end: the passes
    /// mostly remove or insert before a block's terminator.
    fn inst_position(&self, inst: Inst, block: Block) -> usize {
        self.block_insts(block)
            .iter()
            .rposition(|i| *i == inst)
            .expect("instruction is in its block")
    }

    /// Moves every instruction of `block` from index `at` on to the end of
    /// `into` (used to split blocks and to merge them).
    pub fn move_insts_from(&mut self, block: Block, at: usize, into: Block) {
        let moved: Vec<Inst> = self.block_insts(block)[at..].to_vec();
        self.block_insts[block].truncate(at, &mut self.pool);
        for &i in &moved {
            self.inst_block[i] = into.into();
        }
        self.block_insts[into].extend(moved, &mut self.pool);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cranelift_entity::EntityRef;

    #[test]
    fn remove_blocks_removes_each_and_keeps_the_order_of_the_rest() {
        let mut l = Layout::new();
        let b: Vec<Block> = (0..5).map(Block::new).collect();
        for &x in &b {
            l.append_block(x);
        }
        let i = Inst::new(0);
        l.append_inst(i, b[3]);
        l.remove_blocks(&[b[3], b[1]]);
        assert_eq!(l.blocks(), &[b[0], b[2], b[4]]);
        assert!(!l.is_block_inserted(b[1]) && !l.is_block_inserted(b[3]));
        assert_eq!(l.inst_block(i), None);
    }

    #[test]
    fn instructions_move_between_blocks() {
        let mut l = Layout::new();
        let (b0, b1) = (Block::new(0), Block::new(1));
        l.append_block(b0);
        l.append_block(b1);
        let (i0, i1, i2) = (Inst::new(0), Inst::new(1), Inst::new(2));
        l.append_inst(i0, b0);
        l.append_inst(i2, b0);
        l.insert_inst_before(i1, i2);
        assert_eq!(l.block_insts(b0), &[i0, i1, i2]);
        l.move_insts_from(b0, 1, b1);
        assert_eq!(l.block_insts(b1), &[i1, i2]);
        assert_eq!(l.inst_block(i2), Some(b1));
        l.remove_inst(i1);
        assert_eq!(l.inst_block(i1), None);
        assert_eq!(l.entry_block(), Some(b0));
    }

    #[test]
    fn instructions_move_in_batches() {
        let mut l = Layout::new();
        let (b0, b1) = (Block::new(0), Block::new(1));
        l.append_block(b0);
        l.append_block(b1);
        let i: Vec<Inst> = (0..6).map(Inst::new).collect();
        for &x in &i[..4] {
            l.append_inst(x, b0);
        }
        l.append_inst(i[4], b1);
        l.append_inst(i[5], b1);
        l.remove_insts(&[i[2], i[0], i[5]]);
        assert_eq!(l.block_insts(b0), &[i[1], i[3]]);
        assert_eq!(l.block_insts(b1), &[i[4]]);
        assert_eq!(l.inst_block(i[0]), None);
        // Back, in the given order, before b1's last instruction.
        l.insert_insts_before(&[i[2], i[0]], i[4]);
        assert_eq!(l.block_insts(b1), &[i[2], i[0], i[4]]);
        assert_eq!(l.inst_block(i[0]), Some(b1));
    }

    #[test]
    fn groups_of_blocks_are_laid_out_after_theirs() {
        let mut l = Layout::new();
        let b: Vec<Block> = (0..7).map(Block::new).collect();
        for &x in &b[..3] {
            l.append_block(x);
        }
        l.insert_blocks_after(&[(b[2], vec![b[5]]), (b[0], vec![b[3], b[4]])]);
        assert_eq!(l.blocks(), &[b[0], b[3], b[4], b[1], b[2], b[5]]);
        assert!(l.is_block_inserted(b[4]) && !l.is_block_inserted(b[6]));
    }
}
