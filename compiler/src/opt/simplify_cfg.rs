//! Control-flow graph simplification.
//!
//! Repeated until nothing changes (at most 32 rounds):
//! 1. blocks not reachable from the entry are removed from the layout;
//! 2. `brif c, B(args), B(args)` (both destinations the same block with the
//!    same arguments) becomes `jump B(args)`;
//! 3. jump threading: a non-entry block `E` whose only instruction is
//!    `jump T(args)` is bypassed — every branch to `E(xs)` is retargeted to
//!    `T(args[params of E := xs])`. Only when `E`'s parameters are used
//!    nowhere but in that jump, and `T != E`;
//! 4. block merging: a non-entry block `B` whose only predecessor `P` ends in
//!    `jump B(xs)` (and `P != B`) is appended to `P`: the jump is removed,
//!    `B`'s parameters become aliases of `xs`, `B`'s instructions move into
//!    `P`, and `B` leaves the layout.
//!
//! Safety: (3) the arguments of `E`'s jump, other than `E`'s parameters, are
//! defined in blocks that strictly dominate `E` (E has no other instruction),
//! hence dominate every predecessor of `E`, so they are available at every
//! retargeted branch. (4) `P` runs exactly when `B` would next run, and `xs`
//! is available at the end of `P`; `P` dominates everything `B` did.

use super::util::use_counts;
use super::Analyses;
use crate::ir::{Block, Function, Inst, InstructionData, Opcode, Value};
use cranelift_entity::{EntityRef, SecondaryMap};

/// At most this many rounds (a cycle of empty blocks, an infinite loop in
/// the program, would otherwise be threaded around forever).
const MAX_ROUNDS: usize = 32;

/// Runs CFG simplification on `func`.
pub fn run(func: &mut Function) {
    run_with(func, &mut Analyses::new());
}

/// Runs CFG simplification on `func`, starting from its still valid
/// `analyses` and leaving those of the simplified function.
pub fn run_with(func: &mut Function, analyses: &mut Analyses) {
    simplify(func, analyses);
}

/// [`run_with`], telling whether it changed the function.
pub(crate) fn simplify(func: &mut Function, analyses: &mut Analyses) -> bool {
    let mut buffers = std::mem::take(&mut analyses.scratch.simplify_cfg);
    let changed = simplify_with(func, analyses, &mut buffers);
    analyses.scratch.simplify_cfg = buffers;
    changed
}

/// [`simplify`], with the work lists in `buffers`.
fn simplify_with(func: &mut Function, analyses: &mut Analyses, buffers: &mut Buffers) -> bool {
    let (_, rpo) = analyses.cfg_rpo(func);
    if !round(func, rpo, buffers) {
        // Nothing changed: the analyses still hold.
        return false;
    }
    for _ in 1..MAX_ROUNDS {
        let (_, rpo) = analyses.recompute_cfg_rpo(func);
        if !round(func, rpo, buffers) {
            // Nothing changed since: the analyses hold.
            return true;
        }
    }
    analyses.invalidate();
    true
}

/// The work lists of the rounds, kept from run to run for their storage
/// (see [`super::analyses::Scratch`]); they hold nothing between uses.
#[derive(Default)]
pub(crate) struct Buffers {
    /// Per block, its incoming edges (for merging).
    preds: Vec<Preds>,
    /// The laid-out blocks at the start of a step that changes the layout.
    blocks: Vec<Block>,
    /// The branches into one block.
    branches: Vec<(Inst, usize)>,
    /// The branches into every block (for jump threading).
    into: IncomingBranches,
}

/// The branches (terminator, destination index) into each block, as one
/// linked list per block threaded through a single array: a function with
/// many blocks costs two allocations, not one per block. Lists are read
/// newest first; readers that care sort.
#[derive(Default)]
struct IncomingBranches {
    /// Per block, its newest entry's index in `entries` plus one (0: none).
    newest: Vec<u32>,
    /// Every entry, with the index plus one of the next older entry of its
    /// block (0: the oldest).
    entries: Vec<((Inst, usize), u32)>,
}

impl IncomingBranches {
    /// Empty lists for `num_blocks` blocks.
    fn reset(&mut self, num_blocks: usize) {
        self.newest.clear();
        self.newest.resize(num_blocks, 0);
        self.entries.clear();
    }

    /// Adds a branch into `block`.
    fn push(&mut self, block: Block, branch: (Inst, usize)) {
        let head = &mut self.newest[block.index()];
        self.entries.push((branch, *head));
        *head = self.entries.len() as u32;
    }

    /// The branches into `block`, newest first.
    fn of(&self, block: Block) -> impl Iterator<Item = (Inst, usize)> + '_ {
        let mut at = self.newest[block.index()];
        std::iter::from_fn(move || {
            let (branch, next) = *self.entries.get((at as usize).checked_sub(1)?)?;
            at = next;
            Some(branch)
        })
    }
}

/// One round of the four steps, given the reverse post-order at its
/// start; true when something changed.
fn round(func: &mut Function, rpo: &[Block], buffers: &mut Buffers) -> bool {
    let mut changed = remove_unreachable(func, rpo);
    changed |= fold_same_target_brifs(func);
    changed |= thread_jumps(func, buffers);
    changed |= merge_blocks(func, buffers);
    changed
}

/// Removes blocks not in `rpo` (unreachable from the entry); true when one
/// was removed.
fn remove_unreachable(func: &mut Function, rpo: &[Block]) -> bool {
    if rpo.len() == func.layout.blocks().len() {
        // Every laid-out block is reachable (`rpo` holds laid-out blocks).
        return false;
    }
    let mut reachable = vec![false; func.dfg.num_blocks()];
    for b in rpo {
        reachable[b.index()] = true;
    }
    let dead: Vec<Block> = func
        .layout
        .blocks()
        .iter()
        .copied()
        .filter(|&b| !reachable[b.index()])
        .collect();
    func.layout.remove_blocks(&dead);
    !dead.is_empty()
}

fn fold_same_target_brifs(func: &mut Function) -> bool {
    let mut changed = false;
    for i in 0..func.layout.blocks().len() {
        let b = func.layout.blocks()[i];
        let Some(term) = func.layout.last_inst(b) else {
            continue;
        };
        let InstructionData::Brif { blocks: [t, e], .. } = *func.dfg.inst(term) else {
            continue;
        };
        if t.block == e.block && func.dfg.block_call_args(&t) == func.dfg.block_call_args(&e) {
            let data = InstructionData::Jump {
                opcode: Opcode::Jump,
                dest: t,
            };
            func.dfg.replace_inst(term, data);
            changed = true;
        }
    }
    changed
}

/// The destination and arguments of a block that is only `jump T(args)`.
fn forwarding_jump(func: &Function, block: Block) -> Option<(Block, &[Value])> {
    let [inst] = func.layout.block_insts(block) else {
        return None;
    };
    match func.dfg.inst(*inst) {
        InstructionData::Jump { dest, .. } if dest.block != block => {
            Some((dest.block, func.dfg.block_call_args(dest)))
        }
        _ => None,
    }
}

fn thread_jumps(func: &mut Function, buffers: &mut Buffers) -> bool {
    let Buffers {
        blocks,
        branches,
        into,
        ..
    } = buffers;
    let mut changed = false;
    let entry = func.layout.entry_block();
    if !func
        .layout
        .blocks()
        .iter()
        .any(|&b| Some(b) != entry && forwarding_jump(func, b).is_some())
    {
        return false;
    }
    blocks.clear();
    blocks.extend_from_slice(func.layout.blocks());
    // Use counts, kept exact as branches are redirected (computing them
    // again per block made this pass quadratic); only needed, and so only
    // counted, once a forwarding block has parameters.
    let mut counts: Option<SecondaryMap<Value, u32>> = None;
    // Each block's incoming branches (terminator, destination index), read
    // once and kept up to date as branches are redirected (scanning the
    // function for each forwarding block made this pass quadratic). An
    // entry whose branch no longer targets the block is skipped.
    into.reset(func.dfg.num_blocks());
    // Each block's place in the layout (which this step does not change).
    let mut position = vec![0u32; func.dfg.num_blocks()];
    for (i, &b) in func.layout.blocks().iter().enumerate() {
        position[b.index()] = i as u32;
        if let Some(term) = func.layout.last_inst(b) {
            for (d, dest) in (func.dfg.inst(term).branch_destinations().iter()).enumerate() {
                into.push(dest.block, (term, d));
            }
        }
    }
    for &e in blocks.iter() {
        if Some(e) == entry {
            continue;
        }
        let Some((target, args)) = forwarding_jump(func, e) else {
            continue;
        };
        let args = args.to_vec();
        let params: Vec<Value> = func.dfg.block_params(e).to_vec();
        if !params.is_empty() {
            let counts = counts.get_or_insert_with(|| use_counts(func));
            let uses_in_jump = |p: &Value| args.iter().filter(|a| *a == p).count() as u32;
            if params.iter().any(|p| counts[*p] != uses_in_jump(p)) {
                continue;
            }
        }
        branches.clear();
        branches.extend(
            into.of(e)
                .filter(|&(inst, d)| func.dfg.inst(inst).branch_destinations()[d].block == e),
        );
        // In layout order of the branching blocks, as a scan would find them.
        branches.sort_by_key(|&(inst, d)| {
            let b = func
                .layout
                .inst_block(inst)
                .map_or(0, |b| position[b.index()]);
            (b, d)
        });
        for &(inst, d) in branches.iter() {
            if func.layout.inst_block(inst) == Some(e) {
                continue;
            }
            let incoming = func
                .dfg
                .block_call_args(&func.dfg.inst(inst).branch_destinations()[d])
                .to_vec();
            let new_args: Vec<Value> = args
                .iter()
                .map(|a| match params.iter().position(|p| p == a) {
                    Some(i) => incoming[i],
                    None => *a,
                })
                .collect();
            if let Some(counts) = &mut counts {
                for v in &incoming {
                    counts[func.dfg.resolve_aliases(*v)] -= 1;
                }
                for v in &new_args {
                    counts[func.dfg.resolve_aliases(*v)] += 1;
                }
            }
            let call = func.dfg.block_call(target, &new_args);
            func.dfg.inst_mut(inst).branch_destinations_mut()[d] = call;
            into.push(target, (inst, d));
            changed = true;
        }
    }
    changed
}

/// The incoming edges of a block, as far as merging cares.
#[derive(Clone, Copy)]
enum Preds {
    None,
    /// Exactly one: the predecessor and its branch.
    One(Block, Inst),
    Many,
}

fn merge_blocks(func: &mut Function, buffers: &mut Buffers) -> bool {
    let Buffers { preds, blocks, .. } = buffers;
    let mut changed = false;
    let entry = func.layout.entry_block();
    // Each block's incoming edges, read from the terminators as they are
    // now (the earlier steps of the round may have changed them; this is
    // all of the CFG that merging needs), and kept up to date as blocks
    // merge: a merged block's terminator now ends its predecessor.
    preds.clear();
    preds.resize(func.dfg.num_blocks(), Preds::None);
    for &b in func.layout.blocks() {
        let Some(term) = func.layout.last_inst(b) else {
            continue;
        };
        for dest in func.dfg.inst(term).branch_destinations() {
            let p = &mut preds[dest.block.index()];
            *p = match p {
                Preds::None => Preds::One(b, term),
                _ => Preds::Many,
            };
        }
    }
    // Merging starts with a block entered only by a jump from another
    // block (merges update the edges, never adding such a block).
    let mergeable = |&b: &Block| {
        Some(b) != entry
            && matches!(preds[b.index()], Preds::One(p, jump)
                if p != b && func.dfg.inst(jump).opcode() == Opcode::Jump)
    };
    if !func.layout.blocks().iter().any(mergeable) {
        return false;
    }
    blocks.clear();
    blocks.extend_from_slice(func.layout.blocks());
    // The merged blocks, emptied and removed from the layout together at
    // the end (one at a time made merging quadratic).
    let mut merged = Vec::new();
    for &b in blocks.iter() {
        if Some(b) == entry || !func.layout.is_block_inserted(b) {
            continue;
        }
        let Preds::One(pred, jump) = preds[b.index()] else {
            continue;
        };
        if pred == b || func.dfg.inst(jump).opcode() != Opcode::Jump {
            continue;
        }
        let args = func.dfg.inst_args(jump);
        let params: Vec<Value> = func.dfg.block_params(b).to_vec();
        for (p, a) in params.into_iter().zip(args) {
            func.dfg.change_to_alias(p, a);
        }
        if let Some(term) = func.layout.last_inst(b) {
            for d in func.dfg.inst(term).branch_destinations() {
                if let Preds::One(p, _) = &mut preds[d.block.index()] {
                    if *p == b {
                        *p = pred;
                    }
                }
            }
        }
        func.layout.remove_inst(jump);
        func.layout.move_insts_from(b, 0, pred);
        merged.push(b);
        changed = true;
    }
    func.layout.remove_blocks(&merged);
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{FuncBuilder, IntCC, Type};
    use crate::opt::testutil::{all_ops, func, ops};

    #[test]
    fn unreachable_blocks_are_removed() {
        let mut f = func(&[], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, dead, exit) = (b.create_block(), b.create_block(), b.create_block());
        b.switch_to(e);
        let c = b.iconst(Type::I1, 1);
        b.brif(c, exit, &[], exit, &[]);
        b.switch_to(dead);
        b.jump(dead, &[]);
        b.switch_to(exit);
        b.ret(&[]);
        run(&mut f);
        assert!(!f.layout.is_block_inserted(dead));
        // The brif became a jump, then exit was merged into the entry.
        assert_eq!(f.layout.blocks(), &[e]);
        assert_eq!(ops(&f, e), vec![Opcode::Iconst, Opcode::Return]);
    }

    #[test]
    fn straight_line_blocks_merge_with_params_aliased() {
        let mut f = func(&[Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, m) = (b.create_block(), b.create_block());
        let x = b.append_param(e, Type::I32);
        let p = b.append_param(m, Type::I32);
        b.switch_to(e);
        let y = b.binary(Opcode::Iadd, x, x);
        b.jump(m, &[y]);
        b.switch_to(m);
        let z = b.binary(Opcode::Imul, p, p);
        b.ret(&[z]);
        run(&mut f);
        assert_eq!(f.layout.blocks(), &[e]);
        assert_eq!(ops(&f, e), vec![Opcode::Iadd, Opcode::Imul, Opcode::Return]);
        assert_eq!(f.dfg.resolve_aliases(p), y);
    }

    #[test]
    fn jumps_thread_through_forwarding_blocks() {
        // e: brif c, fwd(x), other ; fwd(q): jump join(q, y) ; other: jump join(y, y)
        let mut f = func(&[Type::I1, Type::I32, Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, fwd, other, join) = (
            b.create_block(),
            b.create_block(),
            b.create_block(),
            b.create_block(),
        );
        let c = b.append_param(e, Type::I1);
        let x = b.append_param(e, Type::I32);
        let y = b.append_param(e, Type::I32);
        let q = b.append_param(fwd, Type::I32);
        let j0 = b.append_param(join, Type::I32);
        let j1 = b.append_param(join, Type::I32);
        b.switch_to(e);
        b.brif(c, fwd, &[x], other, &[]);
        b.switch_to(fwd);
        b.jump(join, &[q, y]);
        b.switch_to(other);
        let s = b.binary(Opcode::Iadd, y, y);
        b.jump(join, &[s, y]);
        b.switch_to(join);
        let r = b.binary(Opcode::Isub, j0, j1);
        b.ret(&[r]);
        run(&mut f);
        assert!(!f.layout.is_block_inserted(fwd));
        let br = f.layout.last_inst(e).unwrap();
        let dests = f.dfg.inst(br).branch_destinations().to_vec();
        assert_eq!(dests[0].block, join);
        assert_eq!(f.dfg.block_call_args(&dests[0]), &[x, y]);
    }

    #[test]
    fn forwarding_block_whose_param_is_used_elsewhere_is_kept() {
        // fwd(q) jumps to t, and t (dominated by fwd) uses q.
        let mut f = func(&[Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, fwd, t) = (b.create_block(), b.create_block(), b.create_block());
        let x = b.append_param(e, Type::I32);
        let q = b.append_param(fwd, Type::I32);
        b.switch_to(e);
        let c = b.icmp(IntCC::Eq, x, x);
        b.brif(c, fwd, &[x], t, &[]);
        b.switch_to(fwd);
        b.jump(t, &[]);
        b.switch_to(t);
        b.ret(&[q]);
        // (Not valid SSA on the e->t edge, which is the point: threading
        // must not move a use of q out of fwd's dominance.)
        thread_jumps(&mut f, &mut Buffers::default());
        let br = f.layout.last_inst(e).unwrap();
        assert_eq!(f.dfg.inst(br).branch_destinations()[0].block, fwd);
    }

    #[test]
    fn brif_to_the_same_block_with_the_same_args_becomes_a_jump() {
        let mut f = func(&[Type::I1, Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, t, u) = (b.create_block(), b.create_block(), b.create_block());
        let c = b.append_param(e, Type::I1);
        let x = b.append_param(e, Type::I32);
        let p = b.append_param(t, Type::I32);
        b.switch_to(e);
        b.brif(c, t, &[x], t, &[x]);
        b.switch_to(t);
        b.brif(c, u, &[], e, &[c, x]);
        b.switch_to(u);
        b.ret(&[p]);
        fold_same_target_brifs(&mut f);
        assert_eq!(ops(&f, e), vec![Opcode::Jump]);
        assert_eq!(ops(&f, t), vec![Opcode::Brif]);
    }

    #[test]
    fn loops_are_not_merged_into_themselves() {
        let mut f = func(&[Type::I1], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, h, exit) = (b.create_block(), b.create_block(), b.create_block());
        let c = b.append_param(e, Type::I1);
        b.switch_to(e);
        b.jump(h, &[]);
        b.switch_to(h);
        b.brif(c, h, &[], exit, &[]);
        b.switch_to(exit);
        b.ret(&[]);
        run(&mut f);
        assert_eq!(
            all_ops(&f),
            vec![vec![Opcode::Jump], vec![Opcode::Brif], vec![Opcode::Return]]
        );
    }
}
