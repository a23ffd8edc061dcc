//! Copy propagation.
//!
//! 1. Every operand of every laid-out instruction is replaced by the value
//!    its alias chain ends at, so later passes see originals only (done
//!    last, in one walk that also covers the aliases step 2 makes).
//! 2. A parameter `p` of a reachable, non-entry block whose incoming
//!    arguments, over every branch to the block, are all one value `v` or `p`
//!    itself (a loop passing it around unchanged) becomes an alias of `v`,
//!    and the parameter and its arguments are removed. Repeated until
//!    nothing changes, since removing one parameter can make another uniform.
//!
//! Safety: `v` is passed on every edge into the block, so its definition
//! dominates every predecessor. If `v`'s block were the block itself, every
//! predecessor would be dominated by it and the block could not be reached
//! from the entry; we only touch reachable blocks, so `v`'s definition
//! strictly dominates the block and every use of `p`.
//!
//! Cost: linear in the size of the function per round of step 2; the
//! branches into each block come from the CFG (which step 2 does not
//! change), not from a scan of the function.

use super::util::{incoming_branches, remove_param_on, resolve_all_aliases};
use super::Analyses;
use crate::ir::{Block, Function, Inst, Value};

/// Runs copy propagation on `func`.
pub fn run(func: &mut Function) {
    run_with(func, &mut Analyses::new());
}

/// Runs copy propagation on `func`, with its still valid `analyses` (the
/// CFG is left unchanged).
pub fn run_with(func: &mut Function, analyses: &mut Analyses) {
    let mut buffers = std::mem::take(&mut analyses.scratch.copyprop);
    fold_params(func, analyses, &mut buffers);
    analyses.scratch.copyprop = buffers;
    // Step 1, after step 2: folding reads arguments through their aliases,
    // so it finds what it would on resolved operands.
    resolve_all_aliases(func);
}

/// The work lists of step 2, kept from run to run for their storage (see
/// [`super::analyses::Scratch`]); they hold nothing between runs.
#[derive(Default)]
pub(crate) struct Buffers {
    /// Reachable blocks with parameters, other than the entry, each with
    /// the end of its range of `branches`: the branches into it.
    candidates: Vec<(Block, usize)>,
    branches: Vec<(Inst, usize)>,
    /// The branches into one block.
    incoming: Vec<(Inst, usize)>,
}

/// Step 2: folds the uniform parameters of the reachable non-entry blocks.
fn fold_params(func: &mut Function, analyses: &mut Analyses, buffers: &mut Buffers) {
    let entry = func.layout.entry_block();
    if !func
        .layout
        .blocks()
        .iter()
        .any(|&b| Some(b) != entry && !func.dfg.block_params(b).is_empty())
    {
        return;
    }
    let (cfg, rpo) = analyses.cfg_rpo(func);
    let Buffers {
        candidates,
        branches,
        incoming,
    } = buffers;
    candidates.clear();
    branches.clear();
    // Sized for every block having parameters and two incoming branches,
    // to spare the lists their growth.
    candidates.reserve(rpo.len());
    branches.reserve(2 * rpo.len());
    for &b in rpo.iter().skip(1) {
        if !func.dfg.block_params(b).is_empty() {
            incoming_branches(func, cfg, b, incoming);
            branches.extend_from_slice(incoming);
            candidates.push((b, branches.len()));
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        let mut start = 0;
        for &(b, end) in candidates.iter() {
            changed |= fold_uniform_params(func, b, &branches[start..end]);
            start = end;
        }
    }
}

/// Folds the uniform parameters of `block`, entered by `branches`; true
/// when one was folded.
fn fold_uniform_params(func: &mut Function, block: Block, branches: &[(Inst, usize)]) -> bool {
    let mut changed = false;
    let mut num = func.dfg.block_params(block).len();
    while num > 0 {
        num -= 1;
        let param = func.dfg.block_params(block)[num];
        if let Some(v) = uniform_incoming(func, branches, num, param) {
            func.dfg.change_to_alias(param, v);
            remove_param_on(func, block, num, branches);
            changed = true;
        }
    }
    changed
}

/// The single value other than `param` passed for parameter `num` by
/// `branches`, if they all agree (and there is at least one).
fn uniform_incoming(
    func: &Function,
    branches: &[(Inst, usize)],
    num: usize,
    param: Value,
) -> Option<Value> {
    let mut found: Option<Value> = None;
    for &(inst, d) in branches {
        let dest = &func.dfg.inst(inst).branch_destinations()[d];
        let arg = func
            .dfg
            .resolve_aliases(func.dfg.block_call_args(dest)[num]);
        if arg == param {
            continue;
        }
        match found {
            None => found = Some(arg),
            Some(v) if v == arg => {}
            Some(_) => return None,
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{FuncBuilder, IntCC, Opcode, Type};
    use crate::opt::testutil::func;

    #[test]
    fn aliases_are_resolved_in_operands() {
        let mut f = func(&[Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut f);
        let e = b.create_block();
        let x = b.append_param(e, Type::I32);
        b.switch_to(e);
        let y = b.binary(Opcode::Iadd, x, x);
        let z = b.binary(Opcode::Imul, y, y);
        b.ret(&[z]);
        let mul = f.layout.block_insts(e)[1];
        f.dfg.change_to_alias(y, x);
        run(&mut f);
        assert_eq!(f.dfg.inst_args(mul), vec![x, x]);
    }

    #[test]
    fn param_with_one_incoming_value_becomes_alias() {
        let mut f = func(&[Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, j) = (b.create_block(), b.create_block());
        let x = b.append_param(e, Type::I32);
        let p = b.append_param(j, Type::I32);
        b.switch_to(e);
        b.jump(j, &[x]);
        b.switch_to(j);
        let r = b.binary(Opcode::Iadd, p, p);
        b.ret(&[r]);
        run(&mut f);
        assert!(f.dfg.block_params(j).is_empty());
        let add = f.layout.block_insts(j)[0];
        assert_eq!(f.dfg.inst_args(add), vec![x, x]);
        assert!(f.dfg.inst_args(f.layout.block_insts(e)[0]).is_empty());
    }

    #[test]
    fn loop_carried_unchanged_value_is_folded() {
        // block1(p) is entered with x and loops back with p itself.
        let mut f = func(&[Type::I32, Type::I1], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, h, exit) = (b.create_block(), b.create_block(), b.create_block());
        let x = b.append_param(e, Type::I32);
        let c = b.append_param(e, Type::I1);
        let p = b.append_param(h, Type::I32);
        b.switch_to(e);
        b.jump(h, &[x]);
        b.switch_to(h);
        b.brif(c, h, &[p], exit, &[]);
        b.switch_to(exit);
        b.ret(&[p]);
        run(&mut f);
        assert!(f.dfg.block_params(h).is_empty());
        let ret = f.layout.last_inst(exit).unwrap();
        assert_eq!(f.dfg.inst_args(ret), vec![x]);
    }

    #[test]
    fn param_with_different_incoming_values_stays() {
        let mut f = func(&[Type::I32, Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, l, r, j) = (
            b.create_block(),
            b.create_block(),
            b.create_block(),
            b.create_block(),
        );
        let x = b.append_param(e, Type::I32);
        let y = b.append_param(e, Type::I32);
        let p = b.append_param(j, Type::I32);
        b.switch_to(e);
        let c = b.icmp(IntCC::Slt, x, y);
        b.brif(c, l, &[], r, &[]);
        b.switch_to(l);
        b.jump(j, &[x]);
        b.switch_to(r);
        b.jump(j, &[y]);
        b.switch_to(j);
        b.ret(&[p]);
        run(&mut f);
        assert_eq!(f.dfg.block_params(j), &[p]);
    }

    #[test]
    fn chains_of_uniform_params_fold_to_the_source() {
        // e -> a(x) -> b(pa) ; b's param becomes x too.
        let mut f = func(&[Type::I64], &[Type::I64]);
        let mut bld = FuncBuilder::new(&mut f);
        let (e, a, b2) = (bld.create_block(), bld.create_block(), bld.create_block());
        let x = bld.append_param(e, Type::I64);
        let pa = bld.append_param(a, Type::I64);
        let pb = bld.append_param(b2, Type::I64);
        bld.switch_to(e);
        bld.jump(a, &[x]);
        bld.switch_to(a);
        bld.jump(b2, &[pa]);
        bld.switch_to(b2);
        bld.ret(&[pb]);
        run(&mut f);
        assert_eq!(f.dfg.resolve_aliases(pb), x);
        let ret = f.layout.last_inst(b2).unwrap();
        assert_eq!(f.dfg.inst_args(ret), vec![x]);
    }

    #[test]
    fn entry_params_are_kept() {
        let mut f = func(&[Type::I32], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let e = b.create_block();
        b.append_param(e, Type::I32);
        b.switch_to(e);
        b.ret(&[]);
        run(&mut f);
        assert_eq!(f.dfg.block_params(e).len(), 1);
    }
}
