//! Loop-invariant code motion.
//!
//! Natural loops are found from back edges (an edge `P -> H` where `H`
//! dominates `P`); the loop of `H` is `H` plus every block that reaches a
//! latch without passing through `H`. Loops are processed innermost first.
//! An instruction of the loop is *invariant* when every operand is defined
//! outside the loop or by an invariant instruction already chosen. Chosen
//! instructions move, in their original order, to the end of the loop's
//! preheader (before its terminator); a preheader is created when the header
//! has no single outside predecessor ending in a `jump` (see
//! `util::ensure_preheader`).
//!
//! Which instructions may move: pure ones only (no side effects, no memory
//! reads — loads never move, since a store or barrier in the loop may change
//! memory), with a single result, and that cannot trap: an integer division
//! or remainder moves only when its divisor is a non-zero constant (hoisting
//! makes the instruction run even when the loop body would not have, so it
//! must be safe to run speculatively). Loops headed by the entry block have
//! no preheader and are left alone.

use super::util::{ensure_preheader, is_int_division, Branches, Loop};
use super::util::{iconst_value, is_pure, Loops};
use super::Analyses;
use crate::ir::{Block, DominatorTree, Function, Inst, Value, ValueDef};
use cranelift_entity::EntityRef;

/// Runs loop-invariant code motion on `func`.
pub fn run(func: &mut Function) {
    run_with(func, &mut Analyses::new());
}

/// Runs loop-invariant code motion on `func`, with its still valid
/// `analyses` (dropped when a preheader was created).
pub fn run_with(func: &mut Function, analyses: &mut Analyses) {
    let mut loops = analyses.take_loops(func);
    if loops.is_empty() {
        analyses.keep_loops(loops);
        return;
    }
    let (_, dt) = analyses.cfg_dt(func);
    // New preheaders are the only blocks made here, and the only change
    // to the CFG; the loops change when one joins an enclosing loop.
    let num_blocks = func.dfg.num_blocks();
    let mut regrouped = false;
    let mut scan = Scan::default();
    let mut branches = Branches::compute(func, &loops);
    for idx in 0..loops.len() {
        let Some(pre) = hoist_loop(func, &loops, idx, dt, &mut scan, &mut branches) else {
            continue;
        };
        // A new preheader belongs to every enclosing loop.
        regrouped |= loops.add_preheader(idx, pre);
    }
    if func.dfg.num_blocks() != num_blocks {
        analyses.invalidate();
    } else if !regrouped {
        analyses.keep_loops(loops);
    }
}

/// Hoists the loop's invariant instructions; returns the preheader used.
fn hoist_loop(
    func: &mut Function,
    loops: &Loops,
    idx: usize,
    dt: &DominatorTree,
    scan: &mut Scan,
    branches: &mut Branches,
) -> Option<Block> {
    scan.invariant_insts(func, &loops[idx], dt);
    if scan.chosen.is_empty() {
        return None;
    }
    let pre = ensure_preheader(func, loops, idx, branches)?;
    // One pass over each block (one instruction at a time is quadratic in
    // the size of a loop body with many invariants).
    func.layout.remove_insts(&scan.chosen);
    let term = func
        .layout
        .last_inst(pre)
        .expect("a preheader ends in a jump");
    func.layout.insert_insts_before(&scan.chosen, term);
    Some(pre)
}

/// The lists of one loop's scan for invariant instructions, kept from loop
/// to loop of a run for their storage.
#[derive(Default)]
struct Scan {
    /// The movable invariant instructions found.
    chosen: Vec<Inst>,
    /// Membership tests per operand: the loop's blocks and the chosen
    /// instructions as flags rather than searches of their lists.
    in_loop: Vec<bool>,
    is_chosen: Vec<bool>,
    /// The loop's blocks in scan order.
    blocks: Vec<Block>,
}

impl Scan {
    /// Sets `chosen` to the loop's movable invariant instructions, in
    /// dominance-respecting order (loop blocks in reverse post-order,
    /// instructions in block order).
    fn invariant_insts(&mut self, func: &Function, lp: &Loop, dt: &DominatorTree) {
        let Scan {
            chosen,
            in_loop,
            is_chosen,
            blocks,
        } = self;
        // The flags are all false between scans: each scan sets and then
        // clears only its own (clearing and refilling whole vectors, or
        // filtering the whole reverse post-order, per loop made this pass
        // quadratic in the number of loops).
        chosen.clear();
        if in_loop.len() < func.dfg.num_blocks() {
            in_loop.resize(func.dfg.num_blocks(), false);
        }
        for b in &lp.blocks {
            in_loop[b.index()] = true;
        }
        if is_chosen.len() < func.dfg.num_insts() {
            is_chosen.resize(func.dfg.num_insts(), false);
        }
        // New preheaders of inner loops are not in `dt`; they come first,
        // then the loop's other blocks in reverse post-order, each once.
        blocks.clear();
        blocks.extend(lp.blocks.iter().copied().filter(|b| !dt.is_reachable(*b)));
        let reachable = blocks.len();
        blocks.extend(lp.blocks.iter().copied().filter(|b| dt.is_reachable(*b)));
        blocks[reachable..].sort_unstable_by_key(|b| dt.rpo_number(*b));
        let mut last = None;
        blocks.retain(|&b| {
            let first = !dt.is_reachable(b) || last != Some(b);
            last = Some(b);
            first
        });
        for &b in blocks.iter() {
            for &inst in func.layout.block_insts(b) {
                if is_movable(func, inst) && operands_invariant(func, inst, in_loop, is_chosen) {
                    chosen.push(inst);
                    is_chosen[inst.index()] = true;
                }
            }
        }
        for b in &lp.blocks {
            in_loop[b.index()] = false;
        }
        for &inst in chosen.iter() {
            is_chosen[inst.index()] = false;
        }
    }
}

fn is_movable(func: &Function, inst: Inst) -> bool {
    let op = func.dfg.inst(inst).opcode();
    if !is_pure(op) || func.dfg.inst_results(inst).len() != 1 {
        return false;
    }
    if is_int_division(op) {
        let divisor = func.dfg.inst_args(inst)[1];
        return iconst_value(func, divisor).is_some_and(|d| d != 0);
    }
    true
}

/// True when every operand of `inst` is defined outside the loop (whose
/// blocks `in_loop` flags) or by an instruction `is_chosen` flags.
fn operands_invariant(func: &Function, inst: Inst, in_loop: &[bool], is_chosen: &[bool]) -> bool {
    let invariant = |v: Value| match func.dfg.value_def(v) {
        ValueDef::Result(i, _) => match func.layout.inst_block(i) {
            Some(b) if !in_loop[b.index()] => true,
            _ => is_chosen[i.index()],
        },
        ValueDef::Param(b, _) => !in_loop[b.index()],
    };
    let mut all = true;
    func.dfg.for_each_arg(inst, |v| all = all && invariant(v));
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{AddrSpace, FuncBuilder, IntCC, Opcode, Type, Value};
    use crate::opt::testutil::{func, ops};

    /// `e(x, y, p) -> h(i) ; h: body ; brif (i < x), h(i+1), exit`.
    /// Returns (function, entry, header, exit, [x, y, p], i).
    struct LoopFn {
        f: Function,
        e: Block,
        h: Block,
        exit: Block,
        x: Value,
        y: Value,
        p: Value,
        i: Value,
    }

    fn loop_fn(body: impl FnOnce(&mut FuncBuilder, &[Value; 4])) -> LoopFn {
        let g = Type::Ptr(AddrSpace::Global);
        let mut f = func(&[Type::I32, Type::I32, g], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, h, exit) = (b.create_block(), b.create_block(), b.create_block());
        let x = b.append_param(e, Type::I32);
        let y = b.append_param(e, Type::I32);
        let p = b.append_param(e, g);
        let i = b.append_param(h, Type::I32);
        b.switch_to(e);
        let zero = b.iconst(Type::I32, 0);
        b.jump(h, &[zero]);
        b.switch_to(h);
        body(&mut b, &[x, y, p, i]);
        let one = b.iconst(Type::I32, 1);
        let next = b.binary(Opcode::Iadd, i, one);
        let c = b.icmp(IntCC::Slt, next, x);
        b.brif(c, h, &[next], exit, &[]);
        b.switch_to(exit);
        b.ret(&[]);
        LoopFn {
            f,
            e,
            h,
            exit,
            x,
            y,
            p,
            i,
        }
    }

    #[test]
    fn invariant_arithmetic_moves_to_the_existing_preheader() {
        let mut l = loop_fn(|b, &[x, y, p, i]| {
            let m = b.binary(Opcode::Imul, x, y);
            let n = b.binary(Opcode::Iadd, m, x);
            let s = b.binary(Opcode::Iadd, n, i);
            b.store(p, s, 0);
        });
        run(&mut l.f);
        // e already ends in `jump h`: it is the preheader.
        assert_eq!(
            ops(&l.f, l.e),
            vec![
                Opcode::Iconst,
                Opcode::Imul,
                Opcode::Iadd,
                Opcode::Iconst,
                Opcode::Jump
            ]
        );
        assert_eq!(
            ops(&l.f, l.h),
            vec![
                Opcode::Iadd,
                Opcode::Store,
                Opcode::Iadd,
                Opcode::Icmp,
                Opcode::Brif
            ]
        );
        let _ = (l.exit, l.i, l.x, l.y, l.p);
    }

    #[test]
    fn loads_and_side_effects_stay() {
        let mut l = loop_fn(|b, &[_, y, p, _]| {
            let v = b.load(Type::I32, p, 0);
            b.store(p, y, 4);
            let w = b.binary(Opcode::Iadd, v, y);
            b.store(p, w, 8);
        });
        run(&mut l.f);
        assert_eq!(
            ops(&l.f, l.h)[..4],
            [Opcode::Load, Opcode::Store, Opcode::Iadd, Opcode::Store]
        );
    }

    #[test]
    fn division_by_a_possibly_zero_value_stays() {
        let mut l = loop_fn(|b, &[x, y, p, _]| {
            let d = b.binary(Opcode::Sdiv, x, y);
            let four = b.iconst(Type::I32, 4);
            let q = b.binary(Opcode::Udiv, x, four);
            let s = b.binary(Opcode::Iadd, d, q);
            b.store(p, s, 0);
        });
        run(&mut l.f);
        let h = ops(&l.f, l.h);
        assert_eq!(h[0], Opcode::Sdiv);
        assert!(!h.contains(&Opcode::Udiv));
        assert!(ops(&l.f, l.e).contains(&Opcode::Udiv));
        // The sum depends on the division that stayed.
        assert!(h.contains(&Opcode::Iadd));
    }

    #[test]
    fn a_preheader_is_created_when_the_loop_is_entered_by_a_brif() {
        let g = Type::Ptr(AddrSpace::Global);
        let mut f = func(&[Type::I1, Type::I32, g], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, h, exit) = (b.create_block(), b.create_block(), b.create_block());
        let c = b.append_param(e, Type::I1);
        let x = b.append_param(e, Type::I32);
        let p = b.append_param(e, g);
        let i = b.append_param(h, Type::I32);
        b.switch_to(e);
        b.brif(c, h, &[x], exit, &[]);
        b.switch_to(h);
        let sq = b.binary(Opcode::Imul, x, x);
        let s = b.binary(Opcode::Iadd, sq, i);
        b.store(p, s, 0);
        b.brif(c, h, &[s], exit, &[]);
        b.switch_to(exit);
        b.ret(&[]);
        run(&mut f);
        let blocks = f.layout.blocks().to_vec();
        assert_eq!(blocks.len(), 4);
        let pre = blocks[1];
        assert_eq!(ops(&f, pre), vec![Opcode::Imul, Opcode::Jump]);
        let br = f.layout.last_inst(e).unwrap();
        assert_eq!(f.dfg.inst(br).branch_destinations()[0].block, pre);
        assert_eq!(f.dfg.block_params(pre).len(), 1);
        assert_eq!(ops(&f, h), vec![Opcode::Iadd, Opcode::Store, Opcode::Brif]);
    }

    #[test]
    fn values_depending_on_the_induction_variable_stay() {
        let mut l = loop_fn(|b, &[x, _, p, i]| {
            let w = b.binary(Opcode::Imul, i, x);
            b.store(p, w, 0);
        });
        run(&mut l.f);
        assert_eq!(ops(&l.f, l.h)[0], Opcode::Imul);
    }

    #[test]
    fn a_new_inner_preheader_joins_the_outer_loop() {
        // e -> oh ; oh: brif c, ih(x), ol ; ih(j): m = x*x; s = m+j ;
        // brif c, ih(s), ol ; ol: y = t*t (t from oh) ; brif c, oh, exit
        let mut f = func(&[Type::I1, Type::I32], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, oh, ih, ol, exit) = (
            b.create_block(),
            b.create_block(),
            b.create_block(),
            b.create_block(),
            b.create_block(),
        );
        let c = b.append_param(e, Type::I1);
        let x = b.append_param(e, Type::I32);
        let j = b.append_param(ih, Type::I32);
        b.switch_to(e);
        b.jump(oh, &[]);
        b.switch_to(oh);
        b.brif(c, ih, &[x], ol, &[]);
        b.switch_to(ih);
        let m = b.binary(Opcode::Imul, x, x);
        let s = b.binary(Opcode::Iadd, m, j);
        b.brif(c, ih, &[s], ol, &[]);
        b.switch_to(ol);
        b.brif(c, oh, &[], exit, &[]);
        b.switch_to(exit);
        b.ret(&[]);
        run(&mut f);
        // The inner preheader was created, then emptied into e.
        assert_eq!(f.layout.blocks().len(), 6);
        assert_eq!(ops(&f, e), vec![Opcode::Imul, Opcode::Jump]);
        assert_eq!(ops(&f, ih), vec![Opcode::Iadd, Opcode::Brif]);
        let _ = m;
    }

    #[test]
    fn nested_loops_hoist_from_the_inner_loop_to_its_preheader() {
        // e -> oh(i) ; oh: jump ih(0) ; ih(j): m = x*x ; brif c, ih(j), olatch
        // olatch: brif c, oh(i), exit
        let mut f = func(&[Type::I1, Type::I32], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, oh, ih, ol, exit) = (
            b.create_block(),
            b.create_block(),
            b.create_block(),
            b.create_block(),
            b.create_block(),
        );
        let c = b.append_param(e, Type::I1);
        let x = b.append_param(e, Type::I32);
        let j = b.append_param(ih, Type::I32);
        b.switch_to(e);
        b.jump(oh, &[]);
        b.switch_to(oh);
        b.jump(ih, &[x]);
        b.switch_to(ih);
        let m = b.binary(Opcode::Imul, x, x);
        let s = b.binary(Opcode::Iadd, m, j);
        b.brif(c, ih, &[s], ol, &[]);
        b.switch_to(ol);
        b.brif(c, oh, &[], exit, &[]);
        b.switch_to(exit);
        b.ret(&[]);
        run(&mut f);
        // Hoisted out of the inner loop into oh, then out of the outer one.
        assert_eq!(ops(&f, e), vec![Opcode::Imul, Opcode::Jump]);
        assert_eq!(ops(&f, oh), vec![Opcode::Jump]);
        assert_eq!(ops(&f, ih), vec![Opcode::Iadd, Opcode::Brif]);
    }
}
