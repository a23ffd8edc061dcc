//! Control-flow analyses: predecessors and successors of blocks, reverse
//! post-order, and the dominator tree (Cooper, Harvey and Kennedy's
//! iterative algorithm over reverse post-order, which is simple and fast
//! for the small CFGs of kernels).

use super::entities::{Block, Inst};
use super::function::Function;
use cranelift_entity::{packed_option::ReservedValue, EntityRef, SecondaryMap};

/// Successors and predecessors of every laid-out block, in flat arrays
/// (no allocation per block: the passes recompute the CFG often).
#[derive(Clone, Default, Debug)]
pub struct ControlFlowGraph {
    /// Per block: its distinct successors (a terminator has at most two).
    succs: Vec<([Block; 2], u8)>,
    /// Per block, the range of its predecessors in `pred_list`
    /// (`pred_start[b]..pred_start[b + 1]`).
    pred_start: Vec<u32>,
    pred_list: Vec<(Block, Inst)>,
    /// Every edge (block, branch, destination), in layout order: a work
    /// list of [`Self::recompute`], kept for its storage.
    edges: Vec<(Block, Inst, Block)>,
}

/// Two CFGs are equal when their edges are (`edges` is only storage).
impl PartialEq for ControlFlowGraph {
    fn eq(&self, other: &Self) -> bool {
        (&self.succs, &self.pred_start, &self.pred_list)
            == (&other.succs, &other.pred_start, &other.pred_list)
    }
}

impl Eq for ControlFlowGraph {}

impl ControlFlowGraph {
    /// Computes the CFG of a function from its terminators.
    pub fn compute(func: &Function) -> Self {
        let mut cfg = ControlFlowGraph::default();
        cfg.recompute(func);
        cfg
    }

    /// Recomputes the CFG of `func` in place, reusing this one's storage
    /// (for callers that recompute it often).
    pub fn recompute(&mut self, func: &Function) {
        let n = func.dfg.num_blocks();
        let none = Block::reserved_value();
        let ControlFlowGraph {
            succs,
            pred_start,
            pred_list,
            edges,
        } = self;
        succs.clear();
        succs.resize(n, ([none; 2], 0u8));
        pred_start.clear();
        pred_start.resize(n + 1, 0);
        // One walk over the terminators (they lie all over memory); the
        // second pass reads the edges it recorded, in order.
        edges.clear();
        for &b in func.layout.blocks() {
            let Some(term) = func.layout.last_inst(b) else {
                continue;
            };
            let (list, len) = &mut succs[b.index()];
            for dest in func.dfg.inst(term).branch_destinations() {
                edges.push((b, term, dest.block));
                pred_start[dest.block.index() + 1] += 1;
                if !list[..*len as usize].contains(&dest.block) {
                    list[*len as usize] = dest.block;
                    *len += 1;
                }
            }
        }
        // Running sums: each block's start (a loop without bounds checks).
        let mut sum = 0;
        for start in pred_start.iter_mut() {
            sum += *start;
            *start = sum;
        }
        pred_list.clear();
        pred_list.resize(pred_start[n] as usize, (none, Inst::reserved_value()));
        // Fill with each block's start as its cursor; a cursor ends at the
        // next block's start, so shifting the array by one restores it.
        for &(b, term, dest) in edges.iter() {
            let slot = &mut pred_start[dest.index()];
            pred_list[*slot as usize] = (b, term);
            *slot += 1;
        }
        pred_start.copy_within(0..n, 1);
        pred_start[0] = 0;
    }

    /// Successors, without duplicates.
    pub fn succs(&self, b: Block) -> &[Block] {
        self.succs
            .get(b.index())
            .map_or(&[], |(list, len)| &list[..*len as usize])
    }

    /// Predecessors with the branch instruction (one entry per edge).
    pub fn preds(&self, b: Block) -> &[(Block, Inst)] {
        match (
            self.pred_start.get(b.index()),
            self.pred_start.get(b.index() + 1),
        ) {
            (Some(&s), Some(&e)) => &self.pred_list[s as usize..e as usize],
            _ => &[],
        }
    }

    /// Blocks reachable from the entry, in reverse post-order.
    pub fn reverse_post_order(&self, func: &Function) -> Vec<Block> {
        let mut rpo = Vec::new();
        self.reverse_post_order_into(func, &mut rpo, &mut DfsScratch::default());
        rpo
    }

    /// Sets `rpo` to the blocks reachable from the entry, in reverse
    /// post-order, with the search's work lists in `scratch` (both reused
    /// by callers that compute it often).
    ///
    /// The search takes each block's successors last first, so the first
    /// successor (a `brif`'s taken target: a loop's body, an `if`'s then
    /// arm) directly follows its block in the order, and what follows a
    /// loop comes after the whole loop. The order is then close to the
    /// source's, which keeps values' live ranges short for the register
    /// allocator: with the first successor taken first, every loop body of
    /// a kernel came after all the code following it, and each loop
    /// counter stayed live across every later loop (allocation quadratic in
    /// the number of loops).
    pub fn reverse_post_order_into(
        &self,
        func: &Function,
        rpo: &mut Vec<Block>,
        scratch: &mut DfsScratch,
    ) {
        rpo.clear();
        let Some(entry) = func.layout.entry_block() else {
            return;
        };
        let DfsScratch { visited, stack } = scratch;
        visited.clear();
        visited.resize(self.succs.len().max(entry.index() + 1), false);
        // Iterative DFS: (block, successors taken so far), the last
        // successor first; `rpo` collects the post-order, reversed at the
        // end.
        // Room for every block at once, spared the lists' growth.
        let num_laid_out = func.layout.blocks().len();
        rpo.reserve(num_laid_out);
        stack.clear();
        stack.reserve(num_laid_out);
        stack.push((entry, 0usize));
        visited[entry.index()] = true;
        while let Some((b, i)) = stack.pop() {
            let succs = self.succs(b);
            if let Some(&s) = succs.len().checked_sub(i + 1).map(|k| &succs[k]) {
                stack.push((b, i + 1));
                if !visited[s.index()] {
                    visited[s.index()] = true;
                    stack.push((s, 0));
                }
            } else {
                rpo.push(b);
            }
        }
        rpo.reverse();
    }
}

/// The work lists of a depth-first search of the CFG, kept between
/// searches by callers that run many (see
/// [`ControlFlowGraph::reverse_post_order_into`]).
#[derive(Clone, Default, Debug)]
pub struct DfsScratch {
    visited: Vec<bool>,
    stack: Vec<(Block, usize)>,
}

/// The dominator tree of the blocks reachable from the entry.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct DominatorTree {
    idom: SecondaryMap<Block, Option<Block>>,
    rpo_number: SecondaryMap<Block, u32>,
    rpo: Vec<Block>,
    /// Each reachable block's interval `(enter, leave)` in a depth-first
    /// walk of the tree: `a` dominates `b` when `a`'s interval holds
    /// `b`'s, a constant-time test (walking up the immediate dominators
    /// instead costs the tree's depth per query).
    interval: SecondaryMap<Block, (u32, u32)>,
}

impl DominatorTree {
    /// Computes dominators.
    pub fn compute(func: &Function, cfg: &ControlFlowGraph) -> Self {
        Self::with_rpo(func, cfg, cfg.reverse_post_order(func))
    }

    /// Computes dominators from `rpo`, which must be
    /// `cfg.reverse_post_order(func)` (for callers that already have it).
    pub fn with_rpo(func: &Function, cfg: &ControlFlowGraph, rpo: Vec<Block>) -> Self {
        let mut dt = DominatorTree {
            rpo,
            ..DominatorTree::default()
        };
        dt.number_and_solve(func, cfg);
        dt
    }

    /// Recomputes the dominators in place from `rpo`, which must be
    /// `cfg.reverse_post_order(func)`, reusing this tree's storage.
    pub fn recompute(&mut self, func: &Function, cfg: &ControlFlowGraph, rpo: &[Block]) {
        self.rpo.clear();
        self.rpo.extend_from_slice(rpo);
        self.number_and_solve(func, cfg);
    }

    /// Numbers the blocks of `self.rpo` and solves for the immediate
    /// dominators.
    fn number_and_solve(&mut self, func: &Function, cfg: &ControlFlowGraph) {
        let n = func.dfg.num_blocks();
        self.rpo_number.clear();
        self.rpo_number.resize(n);
        self.idom.clear();
        self.idom.resize(n);
        for (i, &b) in self.rpo.iter().enumerate() {
            self.rpo_number[b] = i as u32 + 1; // 0 means unreachable
        }
        let Some(&entry) = self.rpo.first() else {
            return;
        };
        self.idom[entry] = Some(entry);
        let mut changed = true;
        while changed {
            changed = false;
            for i in 1..self.rpo.len() {
                let b = self.rpo[i];
                let mut new_idom: Option<Block> = None;
                for &(p, _) in cfg.preds(b) {
                    if self.rpo_number[p] == 0 || self.idom[p].is_none() {
                        continue;
                    }
                    new_idom = Some(match new_idom {
                        None => p,
                        Some(cur) => self.intersect(cur, p),
                    });
                }
                if new_idom.is_some() && self.idom[b] != new_idom {
                    self.idom[b] = new_idom;
                    changed = true;
                }
            }
        }
        self.number_intervals(n, entry);
    }

    /// Fills [`Self::interval`] by a depth-first walk of the tree from
    /// `entry` (iterative: trees can be as deep as the function is long).
    fn number_intervals(&mut self, n: usize, entry: Block) {
        let mut first_child: SecondaryMap<Block, Option<Block>> = SecondaryMap::with_capacity(n);
        let mut next_sibling: SecondaryMap<Block, Option<Block>> = SecondaryMap::with_capacity(n);
        first_child.resize(n);
        next_sibling.resize(n);
        for &b in self.rpo.iter().skip(1).rev() {
            if let Some(d) = self.idom(b) {
                next_sibling[b] = first_child[d];
                first_child[d] = Some(b);
            }
        }
        self.interval.clear();
        self.interval.resize(n);
        let mut clock = 0;
        // (block, its next child to visit)
        let mut stack = vec![(entry, first_child[entry])];
        self.interval[entry].0 = clock;
        while let Some(top) = stack.last_mut() {
            match top.1 {
                Some(child) => {
                    top.1 = next_sibling[child];
                    clock += 1;
                    self.interval[child].0 = clock;
                    stack.push((child, first_child[child]));
                }
                None => {
                    clock += 1;
                    self.interval[top.0].1 = clock;
                    stack.pop();
                }
            }
        }
    }

    fn intersect(&self, mut a: Block, mut b: Block) -> Block {
        while a != b {
            while self.rpo_number[a] > self.rpo_number[b] {
                a = self.idom[a].expect("processed block has an idom");
            }
            while self.rpo_number[b] > self.rpo_number[a] {
                b = self.idom[b].expect("processed block has an idom");
            }
        }
        a
    }

    /// The position of `b` in reverse post-order, from 1 (0 when `b` is
    /// unreachable). A block comes after its dominators.
    pub fn rpo_number(&self, b: Block) -> u32 {
        self.rpo_number[b]
    }

    /// True when `b` is reachable from the entry.
    pub fn is_reachable(&self, b: Block) -> bool {
        self.rpo_number[b] != 0
    }

    /// The immediate dominator (`None` for the entry and unreachable blocks).
    pub fn idom(&self, b: Block) -> Option<Block> {
        match self.idom[b] {
            Some(d) if d != b => Some(d),
            _ => None,
        }
    }

    /// True when `a` dominates `b` (every block dominates itself).
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return false;
        }
        let (ia, ib) = (self.interval[a], self.interval[b]);
        ia.0 <= ib.0 && ib.1 <= ia.1
    }

    /// Reachable blocks in reverse post-order.
    pub fn rpo(&self) -> &[Block] {
        &self.rpo
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{FuncBuilder, FuncKind, IntCC, Signature, Type, Value};

    /// An empty device function of one `i32` parameter.
    fn device_fn_of_i32() -> Function {
        Function::new(
            "f",
            FuncKind::Device,
            Signature {
                params: vec![Type::I32],
                returns: vec![],
            },
        )
    }

    #[test]
    fn diamond_dominators() {
        let mut f = device_fn_of_i32();
        let mut b = FuncBuilder::new(&mut f);
        let (entry, left, right, join) = (
            b.create_block(),
            b.create_block(),
            b.create_block(),
            b.create_block(),
        );
        let x = b.append_param(entry, Type::I32);
        b.switch_to(entry);
        let zero = b.iconst(Type::I32, 0);
        let c = b.icmp(IntCC::Slt, x, zero);
        b.brif(c, left, &[], right, &[]);
        b.switch_to(left);
        b.jump(join, &[]);
        b.switch_to(right);
        b.jump(join, &[]);
        b.switch_to(join);
        b.ret(&[]);
        let cfg = ControlFlowGraph::compute(&f);
        let dt = DominatorTree::compute(&f, &cfg);
        assert_eq!(dt.idom(join), Some(entry));
        assert!(dt.dominates(entry, left));
        assert!(!dt.dominates(left, join));
        assert_eq!(cfg.preds(join).len(), 2);
        assert_eq!(dt.rpo()[0], entry);
        // The then arm directly follows the condition.
        assert_eq!(dt.rpo(), &[entry, left, right, join]);
    }

    #[test]
    fn loop_bodies_follow_their_headers_in_reverse_post_order() {
        // Three loops one after another: entry, then per loop a header
        // (`brif i < x, body, next`) and a body jumping back.
        let mut f = device_fn_of_i32();
        let mut b = FuncBuilder::new(&mut f);
        let entry = b.create_block();
        let x = b.append_param(entry, Type::I32);
        let loops: Vec<(Block, Block, Value)> = (0..3)
            .map(|_| {
                let (h, body) = (b.create_block(), b.create_block());
                let i = b.append_param(h, Type::I32);
                (h, body, i)
            })
            .collect();
        let exit = b.create_block();
        b.switch_to(entry);
        let zero = b.iconst(Type::I32, 0);
        b.jump(loops[0].0, &[zero]);
        for (k, &(h, body, i)) in loops.iter().enumerate() {
            let next = loops.get(k + 1).map_or(exit, |l| l.0);
            b.switch_to(h);
            let c = b.icmp(IntCC::Slt, i, x);
            let zero = b.iconst(Type::I32, 0);
            let args: &[Value] = if next == exit { &[] } else { &[zero] };
            b.brif(c, body, &[], next, args);
            b.switch_to(body);
            b.jump(h, &[i]);
        }
        b.switch_to(exit);
        b.ret(&[]);
        let cfg = ControlFlowGraph::compute(&f);
        let mut expected = vec![entry];
        for &(h, body, _) in &loops {
            expected.extend([h, body]);
        }
        expected.push(exit);
        assert_eq!(cfg.reverse_post_order(&f), expected);
    }
}
