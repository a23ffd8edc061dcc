//! Global value numbering (dominator-scoped common subexpression
//! elimination).
//!
//! Walks the dominator tree from the entry, keeping a table from an
//! instruction's *key* (opcode, immediates, operands after aliases, result
//! type) to the first value computed with that key in a dominating position.
//! A later pure instruction with the same key is removed and its result made
//! an alias of the earlier one. Commutative integer operations (`iadd`,
//! `imul`, `band`, `bor`, `bxor`, `smin`, `smax`, `umin`, `umax`, `icmp eq`,
//! `icmp ne`) have their operands ordered first, so `a + b` matches `b + a`.
//!
//! Which instructions take part:
//! - pure ones (no side effects, no memory reads; see `Opcode`): their value
//!   depends only on their operands, and the earlier instruction dominates
//!   the later one, so its result is available and equal there;
//! - loads, only within one block, only while no instruction with side
//!   effects (store, atomic, barrier, fence, call, ...) came between the
//!   two: nothing could have written the memory in between;
//! - never instructions with several results or with side effects.

use super::util::is_pure;
use super::Analyses;
use crate::ir::{
    Block, DataFlowGraph, DominatorTree, Function, Inst, InstructionData, Opcode, Type, Value,
};
use cranelift_entity::packed_option::ReservedValue;
use cranelift_entity::EntityRef;
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;
use std::hash::{Hash, Hasher};

/// What identifies the value an instruction computes: its opcode, result
/// type, immediate or sub-opcode (condition code, register, ...) and
/// operands after aliases, packed into three words (an absent operand is
/// `NO_ARG`, which no value is).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Key([u64; 3]);

/// Hashes the three words (the derived hash would also write a length).
impl Hash for Key {
    fn hash<H: Hasher>(&self, h: &mut H) {
        for w in self.0 {
            h.write_u64(w);
        }
    }
}

/// An absent operand in a key.
const NO_ARG: u32 = u32::MAX;

impl Key {
    fn new(opcode: Opcode, ty: Type, imm: u64, args: [u32; 3]) -> Key {
        let [a, b, c] = args.map(u64::from);
        Key([
            (opcode as u64) << 40 | type_code(ty) << 32 | a,
            b << 32 | c,
            imm,
        ])
    }
}

/// A distinct number for every type.
fn type_code(ty: Type) -> u64 {
    match ty {
        Type::I1 => 0,
        Type::I8 => 1,
        Type::I16 => 2,
        Type::I32 => 3,
        Type::I64 => 4,
        Type::F16 => 5,
        Type::F32 => 6,
        Type::F64 => 7,
        Type::Ptr(space) => 8 + space as u64,
    }
}

/// Runs value numbering on `func`.
pub fn run(func: &mut Function) {
    run_with(func, &mut Analyses::new());
}

/// Runs value numbering on `func`, with its still valid `analyses` (the
/// CFG is left unchanged: only instructions other than terminators go).
pub fn run_with(func: &mut Function, analyses: &mut Analyses) {
    let mut gvn = std::mem::take(&mut analyses.scratch.gvn);
    let (_, dt) = analyses.cfg_dt(func);
    if let Some(entry) = func.layout.entry_block() {
        gvn.run(func, dt, entry);
    }
    analyses.scratch.gvn = gvn;
}

/// The dominator tree's children of every block, in reverse post-order
/// (one list, with each block's range in it).
#[derive(Default)]
struct DomChildren {
    /// `list[start[b]..start[b + 1]]` are the children of `b`.
    start: Vec<u32>,
    list: Vec<Block>,
}

impl DomChildren {
    /// Sets the lists to the children in `dt`.
    fn compute(&mut self, dt: &DominatorTree, num_blocks: usize) {
        let DomChildren { start, list } = self;
        start.clear();
        start.resize(num_blocks + 1, 0);
        for &b in dt.rpo() {
            if let Some(d) = dt.idom(b) {
                start[d.index() + 1] += 1;
            }
        }
        // Running sums: each block's start.
        let mut sum = 0;
        for start in start.iter_mut() {
            sum += *start;
            *start = sum;
        }
        list.clear();
        list.resize(start[num_blocks] as usize, Block::reserved_value());
        // Each block's start serves as its cursor; a cursor ends at the next
        // block's start, so shifting the array by one restores it.
        for &b in dt.rpo() {
            if let Some(d) = dt.idom(b) {
                let slot = &mut start[d.index()];
                list[*slot as usize] = b;
                *slot += 1;
            }
        }
        start.copy_within(0..num_blocks, 1);
        start[0] = 0;
    }

    fn of(&self, b: Block) -> &[Block] {
        &self.list[self.start[b.index()] as usize..self.start[b.index() + 1] as usize]
    }
}

/// The state of the walk, kept between runs for its storage (see
/// [`super::analyses::Scratch`]).
#[derive(Default)]
pub(crate) struct Numbering {
    /// The dominator tree's children.
    children: DomChildren,
    /// The walk's work list: `Ok(b)` enters `b`, `Err(b)` closes its scope.
    stack: Vec<Result<Block, Block>>,
    /// Every pure instruction's key numbered so far, with its result and
    /// its block. An entry counts only while its block is open (it
    /// dominates the block being numbered); one of a closed block is stale
    /// and overwritten by the next instruction with its key. So the live
    /// entries are exactly those a table scoped to the dominator-tree path
    /// would hold, without removing entries when a scope closes.
    table: FxHashMap<Key, (Value, Block)>,
    /// Per block: true while the walk is in its dominator subtree.
    open: Vec<bool>,
    /// The loads of the current block since its last side effect.
    loads: FxHashMap<Key, Value>,
    /// The instructions of the current block to remove.
    removed: Vec<Inst>,
}

impl Numbering {
    /// Numbers `func`, whose dominator tree is `dt`, from `entry` down.
    fn run(&mut self, func: &mut Function, dt: &DominatorTree, entry: Block) {
        let num_blocks = func.dfg.num_blocks();
        self.children.compute(dt, num_blocks);
        self.table.clear();
        self.table.reserve(func.dfg.num_insts());
        self.open.clear();
        self.open.resize(num_blocks, false);
        // Depth-first over the dominator tree.
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(Ok(entry));
        while let Some(item) = stack.pop() {
            match item {
                Ok(block) => {
                    self.open[block.index()] = true;
                    stack.push(Err(block));
                    self.number_block(func, block);
                    stack.extend(self.children.of(block).iter().rev().map(|&c| Ok(c)));
                }
                Err(block) => self.open[block.index()] = false,
            }
        }
        self.stack = stack;
    }

    fn number_block(&mut self, func: &mut Function, block: Block) {
        let Function { layout, dfg, .. } = func;
        self.loads.clear();
        for &inst in layout.block_insts(block) {
            let op = dfg.inst(inst).opcode();
            if op.has_side_effects() {
                self.loads.clear();
                continue;
            }
            if op != Opcode::Load && !is_pure(op) {
                continue;
            }
            let Some(key) = key_of(dfg, inst) else {
                continue;
            };
            let result = dfg
                .first_result(inst)
                .expect("keyed instructions have a result");
            let earlier = if op == Opcode::Load {
                match self.loads.entry(key) {
                    Entry::Occupied(e) => Some(*e.get()),
                    Entry::Vacant(e) => {
                        e.insert(result);
                        None
                    }
                }
            } else {
                match self.table.entry(key) {
                    Entry::Occupied(e) if self.open[e.get().1.index()] => Some(e.get().0),
                    Entry::Occupied(mut e) => {
                        e.insert((result, block));
                        None
                    }
                    Entry::Vacant(e) => {
                        e.insert((result, block));
                        None
                    }
                }
            };
            if let Some(earlier) = earlier {
                self.removed.push(inst);
                dfg.change_to_alias(result, earlier);
            }
        }
        if !self.removed.is_empty() {
            // `removed` is in layout order, as the block is.
            let mut next = self.removed.iter().peekable();
            layout.retain_insts(block, |i| {
                let gone = next.peek() == Some(&&i);
                if gone {
                    next.next();
                }
                !gone
            });
            self.removed.clear();
        }
    }
}

/// The key of a single-result instruction, or `None` if it is not numbered.
fn key_of(dfg: &DataFlowGraph, inst: Inst) -> Option<Key> {
    let results = dfg.inst_results(inst);
    if results.len() != 1 {
        return None;
    }
    let ty = dfg.value_type(results[0]);
    let r = |v: Value| dfg.resolve_aliases(v).as_u32();
    const NONE: [u32; 3] = [NO_ARG; 3];
    use InstructionData::*;
    let (imm, args) = match *dfg.inst(inst) {
        UnaryImm { imm, .. } => (imm as u64, NONE),
        UnaryIeee { bits, .. } => (bits, NONE),
        Nullary { .. } => (0, NONE),
        AddrOf { index, .. } => (index as u64, NONE),
        Special { reg, .. } => (reg as u64, NONE),
        Unary { arg, .. } => (0, [r(arg), NO_ARG, NO_ARG]),
        Binary {
            opcode,
            args: [a, b],
        } => (0, ordered(opcode, r(a), r(b))),
        Ternary {
            args: [a, b, c], ..
        } => (0, [r(a), r(b), r(c)]),
        IntCompare {
            cond, args: [a, b], ..
        } => {
            let commutes = matches!(cond, crate::ir::IntCC::Eq | crate::ir::IntCC::Ne);
            let args = if commutes {
                sort2(r(a), r(b))
            } else {
                [r(a), r(b), NO_ARG]
            };
            (cond as u64, args)
        }
        FloatCompare {
            cond, args: [a, b], ..
        } => (cond as u64, [r(a), r(b), NO_ARG]),
        Load { addr, offset, .. } => (offset as i64 as u64, [r(addr), NO_ARG, NO_ARG]),
        _ => return None,
    };
    Some(Key::new(dfg.inst(inst).opcode(), ty, imm, args))
}

/// The operands of a binary operation, ordered when it commutes.
fn ordered(op: Opcode, a: u32, b: u32) -> [u32; 3] {
    use Opcode::*;
    if matches!(
        op,
        Iadd | Imul | Band | Bor | Bxor | Smin | Smax | Umin | Umax
    ) {
        sort2(a, b)
    } else {
        [a, b, NO_ARG]
    }
}

fn sort2(a: u32, b: u32) -> [u32; 3] {
    if a <= b {
        [a, b, NO_ARG]
    } else {
        [b, a, NO_ARG]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{AddrSpace, FuncBuilder, IntCC, SpecialReg};
    use crate::opt::testutil::{func, ops};

    #[test]
    fn repeated_pure_expressions_merge_commutatively() {
        let mut f = func(&[Type::I32, Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut f);
        let e = b.create_block();
        let x = b.append_param(e, Type::I32);
        let y = b.append_param(e, Type::I32);
        b.switch_to(e);
        let s1 = b.binary(Opcode::Iadd, x, y);
        let s2 = b.binary(Opcode::Iadd, y, x);
        let d1 = b.binary(Opcode::Isub, x, y);
        let d2 = b.binary(Opcode::Isub, y, x);
        let m = b.binary(Opcode::Imul, s2, d2);
        let m2 = b.binary(Opcode::Imul, m, d1);
        b.ret(&[m2]);
        run(&mut f);
        assert_eq!(f.dfg.resolve_aliases(s2), s1);
        assert_ne!(f.dfg.resolve_aliases(d2), d1, "isub does not commute");
        assert_eq!(ops(&f, e).len(), 6);
    }

    #[test]
    fn dominating_values_are_reused_across_blocks_but_not_siblings() {
        let mut f = func(&[Type::I32], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, l, r) = (b.create_block(), b.create_block(), b.create_block());
        let x = b.append_param(e, Type::I32);
        b.switch_to(e);
        let t = b.special(SpecialReg::TidX);
        let c = b.icmp(IntCC::Slt, x, t);
        b.brif(c, l, &[], r, &[]);
        b.switch_to(l);
        let t2 = b.special(SpecialReg::TidX);
        let a = b.binary(Opcode::Imul, t2, x);
        b.ret(&[]);
        b.switch_to(r);
        let a2 = b.binary(Opcode::Imul, t, x);
        b.ret(&[]);
        run(&mut f);
        assert_eq!(f.dfg.resolve_aliases(t2), t);
        // `a` (in l) does not dominate `a2` (in r).
        assert_ne!(f.dfg.resolve_aliases(a2), a);
    }

    #[test]
    fn loads_merge_only_without_intervening_side_effects() {
        let g = Type::Ptr(AddrSpace::Global);
        let mut f = func(&[g], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let e = b.create_block();
        let p = b.append_param(e, g);
        b.switch_to(e);
        let l1 = b.load(Type::F32, p, 0);
        let l2 = b.load(Type::F32, p, 0);
        let l3 = b.load(Type::F32, p, 4);
        b.store(p, l1, 8);
        let l4 = b.load(Type::F32, p, 0);
        b.ret(&[]);
        run(&mut f);
        assert_eq!(f.dfg.resolve_aliases(l2), l1);
        assert_ne!(f.dfg.resolve_aliases(l3), l1, "different offset");
        assert_ne!(f.dfg.resolve_aliases(l4), l1, "a store came between");
    }

    #[test]
    fn loads_do_not_merge_across_blocks() {
        let g = Type::Ptr(AddrSpace::Global);
        let mut f = func(&[g], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, n) = (b.create_block(), b.create_block());
        let p = b.append_param(e, g);
        b.switch_to(e);
        let l1 = b.load(Type::I32, p, 0);
        b.jump(n, &[]);
        b.switch_to(n);
        let l2 = b.load(Type::I32, p, 0);
        b.ret(&[]);
        run(&mut f);
        assert_ne!(f.dfg.resolve_aliases(l2), l1);
    }

    #[test]
    fn side_effecting_and_differently_typed_instructions_stay() {
        let g = Type::Ptr(AddrSpace::Global);
        let mut f = func(&[g, Type::I32], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let e = b.create_block();
        let p = b.append_param(e, g);
        let x = b.append_param(e, Type::I32);
        b.switch_to(e);
        let a1 = b.atomic_rmw(crate::ir::AtomicRmwOp::Add, p, x);
        let a2 = b.atomic_rmw(crate::ir::AtomicRmwOp::Add, p, x);
        let w1 = b.unary(Opcode::Sextend, Type::I64, x);
        let w2 = b.unary(Opcode::Uextend, Type::I64, x);
        let c1 = b.iconst(Type::I32, 1);
        let c2 = b.iconst(Type::I64, 1);
        b.ret(&[]);
        run(&mut f);
        assert_ne!(f.dfg.resolve_aliases(a2), a1);
        assert_ne!(f.dfg.resolve_aliases(w2), w1);
        assert_eq!(f.dfg.value_type(c1), Type::I32);
        assert!(!f.dfg.is_alias(c2));
    }

    #[test]
    fn equal_constants_merge() {
        let mut f = func(&[], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let e = b.create_block();
        b.switch_to(e);
        let c1 = b.iconst(Type::I64, 8);
        let c2 = b.iconst(Type::I64, 8);
        let f1 = b.fconst(Type::F32, 0.5);
        let f2 = b.fconst(Type::F32, 0.5);
        b.ret(&[]);
        run(&mut f);
        assert_eq!(f.dfg.resolve_aliases(c2), c1);
        assert_eq!(f.dfg.resolve_aliases(f2), f1);
    }
}
