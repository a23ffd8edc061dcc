//! Helpers shared by the passes: purity of opcodes, use counts, branch
//! argument surgery, loop discovery and preheaders.
//!
//! These are additions on top of the fixed IR API; they only read the IR
//! through its public methods and rewrite it through `Layout`/`DataFlowGraph`.

use crate::ir::{
    Block, ControlFlowGraph, DominatorTree, Function, Inst, InstructionData, Opcode, Value,
    ValueDef,
};
use cranelift_entity::{EntityRef, SecondaryMap};

/// True for opcodes whose result depends only on their operands: no side
/// effects, no memory reads. These may be removed when unused, merged when
/// equal, and moved (if they cannot trap).
pub(crate) fn is_pure(op: Opcode) -> bool {
    !op.has_side_effects() && !op.reads_memory()
}

/// True for integer divisions and remainders, which the passes treat as
/// possibly trapping when the divisor may be zero (the IR defines the result,
/// but PTX leaves it unspecified and the lowering guards it).
pub(crate) fn is_int_division(op: Opcode) -> bool {
    matches!(
        op,
        Opcode::Sdiv | Opcode::Udiv | Opcode::Srem | Opcode::Urem
    )
}

/// The integer constant defining `v` (after aliases), if it is an `iconst`.
pub(crate) fn iconst_value(func: &Function, v: Value) -> Option<i64> {
    match func.dfg.value_def(v) {
        ValueDef::Result(inst, 0) => match func.dfg.inst(inst) {
            InstructionData::UnaryImm {
                opcode: Opcode::Iconst,
                imm,
            } => Some(*imm),
            _ => None,
        },
        _ => None,
    }
}

/// The IEEE bits of the float constant defining `v` (after aliases), if
/// it is an `fconst`.
pub(crate) fn fconst_bits(func: &Function, v: Value) -> Option<u64> {
    match func.dfg.value_def(v) {
        ValueDef::Result(inst, 0) => match func.dfg.inst(inst) {
            InstructionData::UnaryIeee {
                opcode: Opcode::Fconst,
                bits,
            } => Some(*bits),
            _ => None,
        },
        _ => None,
    }
}

/// The block where `v` (after aliases) is defined, if it is laid out.
pub(crate) fn def_block(func: &Function, v: Value) -> Option<Block> {
    match func.dfg.value_def(v) {
        ValueDef::Result(inst, _) => func.layout.inst_block(inst),
        ValueDef::Param(block, _) => Some(block),
    }
}

/// Number of uses of every value (aliases resolved) by laid-out instructions.
pub(crate) fn use_counts(func: &Function) -> SecondaryMap<Value, u32> {
    let mut counts = SecondaryMap::new();
    for &b in func.layout.blocks() {
        for &i in func.layout.block_insts(b) {
            func.dfg
                .for_each_arg(i, |v| counts[func.dfg.resolve_aliases(v)] += 1);
        }
    }
    counts
}

/// Replaces every operand of every laid-out instruction by its original.
pub(crate) fn resolve_all_aliases(func: &mut Function) {
    if !func.dfg.has_aliases() {
        return;
    }
    let (layout, dfg) = (&func.layout, &mut func.dfg);
    for &b in layout.blocks() {
        for &i in layout.block_insts(b) {
            dfg.resolve_inst_aliases(i);
        }
    }
}

/// The branches (instruction, destination index) into every loop header,
/// found by one scan of the function and kept up to date by
/// [`ensure_preheader`] (a pass that works loop by loop would otherwise
/// scan the whole function per loop). Each header's branches are in the
/// layout order of the blocks they end, as a scan would give them. Only
/// headers are tracked: they are the only blocks whose branches the loop
/// passes ask for, and a list per block was most of the memory (and the
/// allocations) of a function with many blocks.
pub(crate) struct Branches {
    /// Each header's index in `lists`; [`Branches::UNTRACKED`] for the
    /// other blocks.
    slot: SecondaryMap<Block, u32>,
    /// By header: (the branching block's `order`, branch, destination index).
    lists: Vec<Vec<(u32, Inst, usize)>>,
    /// Twice each block's position in the layout; a preheader, laid out
    /// just before its header, takes the odd number before the header's.
    order: SecondaryMap<Block, u32>,
}

impl Branches {
    /// The `slot` of a block that is not a loop header.
    const UNTRACKED: u32 = u32::MAX;

    /// The branches into the headers of `loops` in `func` as laid out now.
    pub(crate) fn compute(func: &Function, loops: &Loops) -> Self {
        let mut slot = SecondaryMap::with_default(Self::UNTRACKED);
        let mut lists = Vec::new();
        for lp in &loops.list {
            if slot[lp.header] == Self::UNTRACKED {
                slot[lp.header] = lists.len() as u32;
                lists.push(Vec::new());
            }
        }
        let mut order = SecondaryMap::with_capacity(func.dfg.num_blocks());
        for (k, &b) in func.layout.blocks().iter().enumerate() {
            order[b] = 2 * k as u32;
            let Some(term) = func.layout.last_inst(b) else {
                continue;
            };
            for (d, dest) in func.dfg.inst(term).branch_destinations().iter().enumerate() {
                let s = slot[dest.block];
                if s != Self::UNTRACKED {
                    lists[s as usize].push((order[b], term, d));
                }
            }
        }
        Branches { slot, lists, order }
    }

    /// The list of `block`, if it is a header.
    fn list_mut(&mut self, block: Block) -> Option<&mut Vec<(u32, Inst, usize)>> {
        match self.slot[block] {
            Self::UNTRACKED => None,
            s => Some(&mut self.lists[s as usize]),
        }
    }

    /// The branches (instruction, destination index) into `header`, a
    /// header of the loops the branches were computed for.
    pub(crate) fn to(&self, header: Block) -> Vec<(Inst, usize)> {
        let s = self.slot[header];
        assert!(s != Self::UNTRACKED, "{header} is not a loop header");
        self.lists[s as usize]
            .iter()
            .map(|&(_, i, d)| (i, d))
            .collect()
    }

    /// Records that the branches `moved` into header `from` now go to `to`.
    fn redirect(&mut self, from: Block, to: Block, moved: &[(Inst, usize)]) {
        let Some(list) = self.list_mut(from) else {
            return;
        };
        let mut gone = Vec::new();
        list.retain(|&e| {
            let keep = !moved.contains(&(e.1, e.2));
            if !keep {
                gone.push(e);
            }
            keep
        });
        for e in gone {
            self.add(to, e);
        }
    }

    /// Records a branch into `block`, in layout order (nothing when
    /// `block` is not a header).
    fn add(&mut self, block: Block, entry: (u32, Inst, usize)) {
        if let Some(list) = self.list_mut(block) {
            let at = list.partition_point(|&(o, _, d)| (o, d) < (entry.0, entry.2));
            list.insert(at, entry);
        }
    }
}

/// Sets `out` to the branches (instruction, destination index) that
/// target `block`, from the predecessors in `cfg` (linear in their number,
/// where a scan of the whole function is linear in it; `out` is a buffer the
/// caller reuses).
pub(crate) fn incoming_branches(
    func: &Function,
    cfg: &ControlFlowGraph,
    block: Block,
    out: &mut Vec<(Inst, usize)>,
) {
    out.clear();
    let mut last = None;
    for &(_, inst) in cfg.preds(block) {
        // A `brif` with both destinations here is listed twice in a row.
        if last == Some(inst) {
            continue;
        }
        last = Some(inst);
        for (d, dest) in func.dfg.inst(inst).branch_destinations().iter().enumerate() {
            if dest.block == block {
                out.push((inst, d));
            }
        }
    }
}

/// Removes parameter `num` of `block` and the matching argument of the
/// branches `branches` (all those that target it).
pub(crate) fn remove_param_on(
    func: &mut Function,
    block: Block,
    num: usize,
    branches: &[(Inst, usize)],
) {
    for &(inst, d) in branches {
        let dfg = &mut func.dfg;
        let mut list = dfg.inst(inst).branch_destinations()[d].args;
        list.remove(num, &mut dfg.value_lists);
        dfg.inst_mut(inst).branch_destinations_mut()[d].args = list;
    }
    func.dfg.remove_block_param(block, num);
}

/// Appends `value` to the arguments of destination `dest` of branch `inst`.
pub(crate) fn push_branch_arg(func: &mut Function, inst: Inst, dest: usize, value: Value) {
    let dfg = &mut func.dfg;
    let mut list = dfg.inst(inst).branch_destinations()[dest].args;
    list.push(value, &mut dfg.value_lists);
    dfg.inst_mut(inst).branch_destinations_mut()[dest].args = list;
}

/// A natural loop: a header and every block that reaches a back edge to it
/// without passing through the header.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Loop {
    /// The header (the target of the back edges).
    pub header: Block,
    /// Every block of the loop, header included.
    pub blocks: Vec<Block>,
    /// The innermost loop enclosing this one (its index in [`Loops`]).
    pub parent: Option<usize>,
}

/// The natural loops of a function's reachable blocks, innermost (smallest)
/// first, and how they nest. Two natural loops with different headers are
/// disjoint or one holds the other, so each loop has at most one innermost
/// enclosing loop, which comes later in the list.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub(crate) struct Loops {
    list: Vec<Loop>,
    /// Per block, the innermost loop holding it.
    innermost: SecondaryMap<Block, Option<usize>>,
}

impl Loops {
    /// The number of loops.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// True when the function has no loop.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The innermost loop holding block `b`, if any.
    pub fn innermost(&self, b: Block) -> Option<usize> {
        self.innermost[b]
    }

    /// True when loop `idx` holds block `b`: `b`'s innermost loop is `idx`
    /// or nested in it (a walk up the nesting, as deep as the loops are
    /// nested; a search of the loop's blocks costs its size).
    pub fn contains(&self, idx: usize, b: Block) -> bool {
        let mut at = self.innermost[b];
        while let Some(l) = at {
            // Enclosing loops come later: past `idx`, it is not one.
            if l >= idx {
                return l == idx;
            }
            at = self.list[l].parent;
        }
        false
    }

    /// Records that `pre`, a preheader of loop `idx` (outside it), belongs
    /// to every loop enclosing `idx`; returns true when it was not already
    /// one of their blocks (a new block).
    pub fn add_preheader(&mut self, idx: usize, pre: Block) -> bool {
        let parent = self.list[idx].parent;
        match parent {
            Some(p) if !self.contains(p, pre) => {
                self.innermost[pre] = Some(p);
                let mut at = Some(p);
                while let Some(l) = at {
                    self.list[l].blocks.push(pre);
                    at = self.list[l].parent;
                }
                true
            }
            _ => false,
        }
    }
}

impl std::ops::Index<usize> for Loops {
    type Output = Loop;

    fn index(&self, idx: usize) -> &Loop {
        &self.list[idx]
    }
}

/// True when some reachable edge goes to a block no later in reverse
/// post-order (`rpo`, of `cfg`) (a retreating edge). Every loop's back edge
/// is one, so without any the function has no loop (and needs no dominator
/// tree for loop passes).
pub(crate) fn has_retreating_edge(func: &Function, cfg: &ControlFlowGraph, rpo: &[Block]) -> bool {
    let mut number = vec![u32::MAX; func.dfg.num_blocks()];
    for (i, b) in rpo.iter().enumerate() {
        number[b.index()] = i as u32;
    }
    rpo.iter().any(|&b| {
        cfg.succs(b)
            .iter()
            .any(|s| number[s.index()] <= number[b.index()])
    })
}

/// Natural loops of the reachable blocks, innermost (smallest) first.
pub(crate) fn find_loops(cfg: &ControlFlowGraph, dt: &DominatorTree) -> Loops {
    let mut list: Vec<Loop> = Vec::new();
    // `mark[b]` is `k + 1` once `b` is found in the `k`th loop collected.
    let mut mark: SecondaryMap<Block, u32> = SecondaryMap::new();
    let mut stack = Vec::new();
    for &h in dt.rpo() {
        // `h` dominates a latch, so comes no later in reverse post-order
        // (tested first: it rules out most edges without a dominator walk).
        let latches: Vec<Block> = cfg
            .preds(h)
            .iter()
            .map(|&(p, _)| p)
            .filter(|&p| dt.rpo_number(p) >= dt.rpo_number(h) && dt.dominates(h, p))
            .fold(Vec::new(), |mut acc, p| {
                if !acc.contains(&p) {
                    acc.push(p);
                }
                acc
            });
        if latches.is_empty() {
            continue;
        }
        let stamp = list.len() as u32 + 1;
        mark[h] = stamp;
        let mut blocks = vec![h];
        stack.clear();
        stack.extend_from_slice(&latches);
        while let Some(b) = stack.pop() {
            if mark[b] == stamp || !dt.is_reachable(b) {
                continue;
            }
            mark[b] = stamp;
            blocks.push(b);
            stack.extend(cfg.preds(b).iter().map(|&(p, _)| p));
        }
        list.push(Loop {
            header: h,
            blocks,
            parent: None,
        });
    }
    list.sort_by_key(|l| l.blocks.len());
    // Nesting, innermost loops first: a block already in a loop is in an
    // inner one, whose outermost enclosing loop found so far is then
    // nested in this one.
    let mut innermost: SecondaryMap<Block, Option<usize>> = SecondaryMap::new();
    for idx in 0..list.len() {
        for k in 0..list[idx].blocks.len() {
            let b = list[idx].blocks[k];
            let Some(mut inner) = innermost[b] else {
                innermost[b] = Some(idx);
                continue;
            };
            while let Some(p) = list[inner].parent {
                inner = p;
            }
            if inner != idx {
                list[inner].parent = Some(idx);
            }
        }
    }
    Loops { list, innermost }
}

/// Returns the loop's preheader: the single outside predecessor of the
/// header when it ends in a `jump` to the header; otherwise a new block,
/// laid out just before the header, with the header's parameter types, that
/// jumps to the header, and every edge entering the loop is redirected to it.
/// `None` when the header is the entry block (nothing may precede it).
pub(crate) fn ensure_preheader(
    func: &mut Function,
    loops: &Loops,
    idx: usize,
    branches: &mut Branches,
) -> Option<Block> {
    let lp = &loops[idx];
    if func.layout.entry_block() == Some(lp.header) {
        return None;
    }
    let entering: Vec<(Inst, usize)> = (branches.to(lp.header).into_iter())
        .filter(|(i, _)| {
            func.layout
                .inst_block(*i)
                .is_some_and(|b| !loops.contains(idx, b))
        })
        .collect();
    if let [(inst, _)] = entering[..] {
        if func.dfg.inst(inst).opcode() == Opcode::Jump {
            return func.layout.inst_block(inst);
        }
    }
    let pre = func.dfg.make_block();
    insert_block_before(func, pre, lp.header);
    let types: Vec<_> = func
        .dfg
        .block_params(lp.header)
        .iter()
        .map(|&p| func.dfg.value_type(p))
        .collect();
    let params: Vec<Value> = types
        .into_iter()
        .map(|t| func.dfg.append_block_param(pre, t))
        .collect();
    for &(inst, d) in &entering {
        func.dfg.inst_mut(inst).branch_destinations_mut()[d].block = pre;
    }
    branches.order[pre] = branches.order[lp.header] - 1;
    branches.redirect(lp.header, pre, &entering);
    let dest = func.dfg.block_call(lp.header, &params);
    let jump = func.dfg.make_inst(
        InstructionData::Jump {
            opcode: Opcode::Jump,
            dest,
        },
        &[],
    );
    func.layout.append_inst(jump, pre);
    branches.add(lp.header, (branches.order[pre], jump, 0));
    Some(pre)
}

/// Lays `block` out just before `before` (or first, before the entry, is
/// never asked for: `before` is never the entry block here).
pub(crate) fn insert_block_before(func: &mut Function, block: Block, before: Block) {
    let blocks = func.layout.blocks();
    let pos = blocks.iter().position(|&b| b == before).expect("laid out");
    assert!(pos > 0, "cannot insert a block before the entry block");
    let after = blocks[pos - 1];
    func.layout.insert_block_after(block, after);
}

/// Inserts `inst` just before the terminator of `block`.
pub(crate) fn insert_before_terminator(func: &mut Function, inst: Inst, block: Block) {
    let term = func
        .layout
        .last_inst(block)
        .expect("block has a terminator");
    func.layout.insert_inst_before(inst, term);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{FuncBuilder, Type};
    use crate::opt::testutil::func;

    #[test]
    fn loops_know_their_nesting_and_their_blocks() {
        // e -> oh ; oh: brif c, ih, second ; ih: brif c, ih, ol ;
        // ol: jump oh ; second: brif c, second, exit ; exit: return
        let mut f = func(&[Type::I1], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let [e, oh, ih, ol, second, exit] = [(); 6].map(|_| b.create_block());
        let c = b.append_param(e, Type::I1);
        b.switch_to(e);
        b.jump(oh, &[]);
        b.switch_to(oh);
        b.brif(c, ih, &[], second, &[]);
        b.switch_to(ih);
        b.brif(c, ih, &[], ol, &[]);
        b.switch_to(ol);
        b.jump(oh, &[]);
        b.switch_to(second);
        b.brif(c, second, &[], exit, &[]);
        b.switch_to(exit);
        b.ret(&[]);
        let cfg = ControlFlowGraph::compute(&f);
        let dt = DominatorTree::compute(&f, &cfg);
        let mut loops = find_loops(&cfg, &dt);
        assert_eq!(loops.len(), 3);
        let index = |h: Block| (0..loops.len()).find(|&i| loops[i].header == h).unwrap();
        let (inner, outer, sibling) = (index(ih), index(oh), index(second));
        assert_eq!(loops[inner].parent, Some(outer));
        assert_eq!(loops[outer].parent, None);
        assert_eq!(loops[sibling].parent, None);
        for (l, members) in [
            (inner, vec![ih]),
            (outer, vec![oh, ih, ol]),
            (sibling, vec![second]),
        ] {
            for blk in [e, oh, ih, ol, second, exit] {
                assert_eq!(loops.contains(l, blk), members.contains(&blk), "{l} {blk}");
            }
        }
        // A new preheader of the inner loop joins the outer one, once.
        let pre = f.dfg.make_block();
        assert!(loops.add_preheader(inner, pre));
        assert!(loops.contains(outer, pre) && !loops.contains(inner, pre));
        assert!(!loops.add_preheader(inner, pre));
        assert_eq!(loops[outer].blocks.iter().filter(|&&x| x == pre).count(), 1);
        // The outer loop's own preheader (`e`) joins nothing.
        assert!(!loops.add_preheader(outer, e));
    }
}
