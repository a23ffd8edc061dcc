//! Dead code elimination (mark and sweep).
//!
//! Marks as live every instruction with side effects (stores, atomics,
//! barriers, calls, prints, terminators, ...), then, transitively, the
//! definitions of the values those use: an instruction result makes its
//! instruction live; a block parameter makes the matching argument of every
//! branch to its block live. Branch *arguments* are not uses by themselves,
//! only a `brif`'s condition is, so a parameter that only feeds itself around
//! a loop is dead. The sweep removes every unmarked instruction and every
//! unmarked parameter of a non-entry block, with its branch arguments.
//!
//! Safety: removed instructions have no side effects, and nothing live uses
//! their results. Unused loads are removed too: a load only reads; an
//! out-of-bounds load is a bug of the program (kernels check bounds with
//! explicit compares and `trap`), not a behaviour to preserve, so removing
//! one may turn a memory fault into a clean run, never the reverse. Entry block parameters are the function's
//! signature and are never removed.

use super::util::{incoming_branches, remove_param_on};
use super::Analyses;
use crate::ir::{Block, ControlFlowGraph, Function, Inst, InstructionData, Value, ValueDef};
use cranelift_entity::SecondaryMap;

/// Runs dead code elimination on `func`.
pub fn run(func: &mut Function) {
    run_with(func, &mut Analyses::new());
}

/// Runs dead code elimination on `func`, with its still valid `analyses`
/// (the CFG is left unchanged).
pub fn run_with(func: &mut Function, analyses: &mut Analyses) {
    let mut marks = std::mem::take(&mut analyses.scratch.dce);
    // The CFG serves to find the branches into blocks with parameters
    // (the entry has none); terminators always stay, so it holds throughout.
    let entry = func.layout.entry_block();
    let has_params = |b: &Block| Some(*b) != entry && !func.dfg.block_params(*b).is_empty();
    let no_cfg = ControlFlowGraph::default();
    let cfg = if func.layout.blocks().iter().any(has_params) {
        analyses.cfg(func)
    } else {
        &no_cfg
    };
    marks.mark(func, cfg);
    marks.sweep(func, cfg);
    analyses.scratch.dce = marks;
}

/// What the mark phase found live, and its work lists (kept between runs
/// for their storage, see [`super::analyses::Scratch`]).
#[derive(Default)]
pub(crate) struct Marks {
    insts: SecondaryMap<Inst, bool>,
    params: SecondaryMap<Value, bool>,
    /// Values whose definitions are to be marked.
    work: Vec<Value>,
    /// The branches into one block.
    branches: Vec<(Inst, usize)>,
    /// The laid-out instructions, and how many of them are live (when all
    /// are, the sweep leaves the instructions alone).
    num_insts: usize,
    num_live: usize,
}

impl Marks {
    fn mark(&mut self, func: &Function, cfg: &ControlFlowGraph) {
        let Marks {
            insts,
            params,
            work,
            branches,
            num_insts,
            num_live,
        } = self;
        *num_insts = 0;
        *num_live = 0;
        insts.clear();
        insts.resize(func.dfg.num_insts());
        params.clear();
        params.resize(func.dfg.num_values());
        work.clear();
        // Room for about one entry per value, the most the list usually holds.
        work.reserve(func.dfg.num_values());
        for &b in func.layout.blocks() {
            *num_insts += func.layout.block_insts(b).len();
            for &inst in func.layout.block_insts(b) {
                if func.dfg.inst(inst).opcode().has_side_effects() {
                    insts[inst] = true;
                    *num_live += 1;
                    push_uses(func, inst, work);
                }
            }
        }
        while let Some(v) = work.pop() {
            match func.dfg.value_def(v) {
                ValueDef::Result(inst, _) => {
                    if !insts[inst] {
                        insts[inst] = true;
                        *num_live += 1;
                        push_uses(func, inst, work);
                    }
                }
                ValueDef::Param(block, num) => {
                    let p = func.dfg.resolve_aliases(v);
                    if !params[p] {
                        params[p] = true;
                        incoming_branches(func, cfg, block, branches);
                        for &(inst, d) in branches.iter() {
                            let dest = &func.dfg.inst(inst).branch_destinations()[d];
                            work.push(func.dfg.block_call_args(dest)[num]);
                        }
                    }
                }
            }
        }
    }

    fn sweep(&mut self, func: &mut Function, cfg: &ControlFlowGraph) {
        let Marks {
            insts,
            params,
            branches,
            num_insts,
            num_live,
            ..
        } = self;
        // Blocks stay as they are; only instructions and parameters go.
        let num_blocks = func.layout.blocks().len();
        if num_live < num_insts {
            for i in 0..num_blocks {
                let b = func.layout.blocks()[i];
                func.layout.retain_insts(b, |i| insts[i]);
            }
        }
        let entry = func.layout.entry_block();
        for i in 0..num_blocks {
            let b = func.layout.blocks()[i];
            if Some(b) == entry || func.dfg.block_params(b).iter().all(|&p| params[p]) {
                continue;
            }
            incoming_branches(func, cfg, b, branches);
            let mut num = func.dfg.block_params(b).len();
            while num > 0 {
                num -= 1;
                if !params[func.dfg.block_params(b)[num]] {
                    remove_param_on(func, b, num, branches);
                }
            }
        }
    }
}

/// Pushes the values `inst` uses, except its branch arguments.
#[inline]
fn push_uses(func: &Function, inst: Inst, work: &mut Vec<Value>) {
    match func.dfg.inst(inst) {
        InstructionData::Jump { .. } => {}
        InstructionData::Brif { cond, .. } => work.push(*cond),
        _ => func.dfg.for_each_arg(inst, |v| work.push(v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{AddrSpace, SpecialReg};
    use crate::ir::{FuncBuilder, IntCC, Opcode, Type};
    use crate::opt::testutil::{all_ops, func, ops};

    #[test]
    fn unused_pure_instructions_go() {
        let mut f = func(&[Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut f);
        let e = b.create_block();
        let x = b.append_param(e, Type::I32);
        b.switch_to(e);
        let dead = b.binary(Opcode::Imul, x, x);
        let _dead2 = b.binary(Opcode::Iadd, dead, x);
        let live = b.binary(Opcode::Isub, x, x);
        b.ret(&[live]);
        run(&mut f);
        assert_eq!(ops(&f, e), vec![Opcode::Isub, Opcode::Return]);
    }

    #[test]
    fn side_effects_stay_even_if_results_are_unused() {
        let mut f = func(&[Type::Ptr(AddrSpace::Global)], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let e = b.create_block();
        let p = b.append_param(e, Type::Ptr(AddrSpace::Global));
        b.switch_to(e);
        let one = b.iconst(Type::I32, 1);
        b.atomic_rmw(crate::ir::AtomicRmwOp::Add, p, one);
        b.store(p, one, 0);
        let _unused_load = b.load(Type::I32, p, 4);
        b.ret(&[]);
        run(&mut f);
        assert_eq!(
            ops(&f, e),
            vec![
                Opcode::Iconst,
                Opcode::AtomicRmw,
                Opcode::Store,
                Opcode::Return
            ]
        );
    }

    #[test]
    fn dead_loop_counter_and_its_params_go() {
        // A loop whose counter only feeds itself; the loop runs on `c`.
        let mut f = func(&[Type::I1], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, h, exit) = (b.create_block(), b.create_block(), b.create_block());
        let c = b.append_param(e, Type::I1);
        let i = b.append_param(h, Type::I32);
        b.switch_to(e);
        let zero = b.iconst(Type::I32, 0);
        b.jump(h, &[zero]);
        b.switch_to(h);
        let one = b.iconst(Type::I32, 1);
        let next = b.binary(Opcode::Iadd, i, one);
        b.brif(c, h, &[next], exit, &[]);
        b.switch_to(exit);
        b.ret(&[]);
        run(&mut f);
        assert!(f.dfg.block_params(h).is_empty());
        assert_eq!(
            all_ops(&f),
            vec![vec![Opcode::Jump], vec![Opcode::Brif], vec![Opcode::Return]]
        );
        let br = f.layout.last_inst(h).unwrap();
        assert_eq!(f.dfg.inst_args(br), vec![c]);
    }

    #[test]
    fn used_params_keep_their_arguments() {
        let mut f = func(&[Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, j) = (b.create_block(), b.create_block());
        let x = b.append_param(e, Type::I32);
        let p = b.append_param(j, Type::I32);
        let q = b.append_param(j, Type::I32);
        b.switch_to(e);
        let t = b.special(SpecialReg::TidX);
        b.jump(j, &[t, x]);
        b.switch_to(j);
        b.ret(&[q]);
        run(&mut f);
        assert_eq!(f.dfg.block_params(j), &[q]);
        assert!(!f.dfg.block_params(j).contains(&p));
        assert_eq!(ops(&f, e), vec![Opcode::Jump]);
        assert_eq!(f.dfg.inst_args(f.layout.last_inst(e).unwrap()), vec![x]);
    }

    #[test]
    fn branch_condition_is_a_use() {
        let mut f = func(&[Type::I32], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, t) = (b.create_block(), b.create_block());
        let x = b.append_param(e, Type::I32);
        b.switch_to(e);
        let zero = b.iconst(Type::I32, 0);
        let c = b.icmp(IntCC::Eq, x, zero);
        b.brif(c, t, &[], t, &[]);
        b.switch_to(t);
        b.ret(&[]);
        run(&mut f);
        assert_eq!(ops(&f, e), vec![Opcode::Iconst, Opcode::Icmp, Opcode::Brif]);
    }

    #[test]
    fn entry_params_are_never_removed() {
        let mut f = func(&[Type::I32, Type::F32], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let e = b.create_block();
        b.append_param(e, Type::I32);
        b.append_param(e, Type::F32);
        b.switch_to(e);
        b.ret(&[]);
        run(&mut f);
        assert_eq!(f.dfg.block_params(e).len(), 2);
    }
}
