//! Strength reduction of array address arithmetic.
//!
//! **(a) Pointer induction variables.** In a natural loop with header `H`,
//! an *induction variable* is an `i64` parameter `i` of `H` such that every
//! back edge passes `iadd i, c` (or `iadd c, i`, or `isub i, c`) for one
//! integer constant step `c`. An address `ptr_add base, i * C` inside the
//! loop — offset `i` (C = 1), `imul i, C`, `imul C, i` or `ishl i, k` (C =
//! 2^k, k < 64) with a constant `C` — whose `base` is defined outside the
//! loop, is replaced by a new pointer parameter `q` of `H`: the preheader
//! passes `ptr_add base, init * C` and every back edge passes
//! `ptr_add q, c * C`. One such pointer per (`i`, `base`, `C`), at most four
//! per loop (each costs a register across the loop).
//!
//! Proof: all arithmetic is modulo 2^64 (`i64` wraps, `ptr_add` adds the
//! 64-bit offset), so after `k` iterations `i = init + k*c` and
//! `q = base + init*C + k*c*C = base + i*C` exactly, overflow or not. Only
//! `i64` induction variables are handled: for an `i32` one used through
//! `sextend`, `ext(i + c) = ext(i) + c` needs `i + c` not to overflow, which
//! is not proven here. `base` is defined outside the loop and dominates an
//! instruction inside it, so it dominates the preheader.
//!
//! **(b) Widening.** `sextend.iN x` of an `iW` value becomes `uextend.iN x`
//! when `x` is proven to lie in `[0, 2^(W-1))`, where both extensions agree
//! (so every use is preserved, address arithmetic or not). The bound is an
//! unsigned upper bound computed, within a small depth, from:
//! - non-negative `iconst`s (their value);
//! - special registers, by the hardware limits of every target PTX
//!   supports: `tid.x`, `tid.y` ≤ 1023, `tid.z` ≤ 63; `ntid.x`, `ntid.y`
//!   ≤ 1024, `ntid.z` ≤ 64; `ctaid.x` ≤ 2^31 - 2, `nctaid.x` ≤ 2^31 - 1;
//!   `ctaid.y`/`ctaid.z` ≤ 65534, `nctaid.y`/`nctaid.z` ≤ 65535; `laneid`
//!   ≤ 31; `warpsize` = 32;
//! - `uextend` of a narrower value (its type's maximum, or its own bound);
//! - `iadd`/`imul` of two bounded values when the bound of the sum/product
//!   does not exceed the type's unsigned maximum (so nothing wrapped);
//! - `band` with a bounded operand (the result is at most that bound);
//! - `umin` (either operand's bound), `urem` by a non-zero constant `d`
//!   (`d - 1`), `ushr` by a constant `k ≥ 1` (`2^(W-k) - 1`), `select`
//!   (the larger arm's bound).
//!
//! Everything else (block parameters, loads, signed operations) is unknown.
//! So `ctaid.x * ntid.x + tid.x` (up to ~2^41) is *not* proven; that is the
//! correct answer for 32-bit arithmetic.

use super::util::{
    def_block, ensure_preheader, iconst_value, insert_before_terminator, Branches, Loops,
};
use super::Analyses;
use crate::ir::{
    Block, Function, Inst, InstructionData, Opcode, SpecialReg, Type, Value, ValueDef,
};

/// Runs both strength reductions on `func`.
pub fn run(func: &mut Function) {
    run_with(func, &mut Analyses::new());
}

/// Runs both strength reductions on `func`, with its still valid
/// `analyses` (dropped when a preheader was created).
pub fn run_with(func: &mut Function, analyses: &mut Analyses) {
    pointer_induction_variables_with(func, analyses);
    narrow_sign_extensions(func);
}

/// At most this many pointer induction variables are added per loop.
const MAX_NEW_IVS_PER_LOOP: usize = 4;

/// Part (a): see the module documentation.
pub fn pointer_induction_variables(func: &mut Function) {
    pointer_induction_variables_with(func, &mut Analyses::new());
}

/// Part (a), with the function's still valid `analyses` (dropped when a
/// preheader was created).
fn pointer_induction_variables_with(func: &mut Function, analyses: &mut Analyses) {
    let mut loops = analyses.take_loops(func);
    if loops.is_empty() {
        analyses.keep_loops(loops);
        return;
    }
    // New preheaders are the only blocks made here, and the only change
    // to the CFG; the loops change when one joins an enclosing loop.
    let num_blocks = func.dfg.num_blocks();
    let mut regrouped = false;
    let mut branches = Branches::compute(func, &loops);
    for idx in 0..loops.len() {
        let Some(pre) = reduce_loop(func, &loops, idx, &mut branches) else {
            continue;
        };
        regrouped |= loops.add_preheader(idx, pre);
    }
    if func.dfg.num_blocks() != num_blocks {
        analyses.invalidate();
    } else if !regrouped {
        analyses.keep_loops(loops);
    }
}

/// An address `ptr_add base, iv * scale` found in a loop.
struct Address {
    inst: Inst,
    base: Value,
    iv: Value,
    scale: i64,
}

/// Rewrites the loop's addresses; returns the preheader if one was used.
fn reduce_loop(
    func: &mut Function,
    loops: &Loops,
    idx: usize,
    branches: &mut Branches,
) -> Option<Block> {
    let lp = &loops[idx];
    let ivs = induction_variables(func, loops, idx, branches);
    if ivs.is_empty() {
        return None;
    }
    let addrs = addresses(func, loops, idx, &ivs);
    let mut groups: Vec<(Value, Value, i64, Vec<Inst>)> = Vec::new();
    for a in addrs {
        let same =
            |g: &(Value, Value, i64, Vec<Inst>)| g.0 == a.iv && g.1 == a.base && g.2 == a.scale;
        match groups.iter().position(same) {
            Some(k) => groups[k].3.push(a.inst),
            None if groups.len() < MAX_NEW_IVS_PER_LOOP => {
                groups.push((a.iv, a.base, a.scale, vec![a.inst]))
            }
            None => {}
        }
    }
    if groups.is_empty() {
        return None;
    }
    let pre = ensure_preheader(func, loops, idx, branches)?;
    for (iv, base, scale, insts) in groups {
        let step = ivs.iter().find(|(v, _)| *v == iv).expect("an iv").1;
        let entries = branches.to(lp.header);
        let q = add_pointer_iv(func, lp.header, &entries, pre, iv, base, scale, step);
        func.layout.remove_insts(&insts);
        for inst in insts {
            let r = func.dfg.first_result(inst).expect("ptr_add result");
            func.dfg.change_to_alias(r, q);
        }
    }
    Some(pre)
}

/// The `i64` header parameters with a constant step on every back edge.
fn induction_variables(
    func: &Function,
    loops: &Loops,
    idx: usize,
    branches: &Branches,
) -> Vec<(Value, i64)> {
    let lp = &loops[idx];
    let params = func.dfg.block_params(lp.header);
    let mut out = Vec::new();
    if !params.iter().any(|&p| func.dfg.value_type(p) == Type::I64) {
        return out;
    }
    // The back edges: the branches into the header from inside the loop.
    let mut back_edges = branches.to(lp.header);
    back_edges.retain(|&(inst, _)| {
        func.layout
            .inst_block(inst)
            .is_some_and(|b| loops.contains(idx, b))
    });
    for (num, &p) in params.iter().enumerate() {
        if func.dfg.value_type(p) != Type::I64 {
            continue;
        }
        let mut step: Option<i64> = None;
        let mut ok = true;
        for &(inst, d) in &back_edges {
            let dest = &func.dfg.inst(inst).branch_destinations()[d];
            let arg = func.dfg.block_call_args(dest)[num];
            match (step_of(func, arg, p), step) {
                (Some(s), None) => step = Some(s),
                (Some(s), Some(t)) if s == t => {}
                _ => ok = false,
            }
        }
        if let (true, Some(s)) = (ok, step) {
            out.push((p, s));
        }
    }
    out
}

/// `c` when `v` is `iadd p, c`, `iadd c, p` or `isub p, -c` for a constant.
fn step_of(func: &Function, v: Value, p: Value) -> Option<i64> {
    let ValueDef::Result(inst, 0) = func.dfg.value_def(v) else {
        return None;
    };
    let InstructionData::Binary { opcode, args } = *func.dfg.inst(inst) else {
        return None;
    };
    let [a, b] = args.map(|x| func.dfg.resolve_aliases(x));
    match opcode {
        Opcode::Iadd if a == p => iconst_value(func, b),
        Opcode::Iadd if b == p => iconst_value(func, a),
        Opcode::Isub if a == p => iconst_value(func, b).map(i64::wrapping_neg),
        _ => None,
    }
}

/// The loop's `ptr_add base, iv * C` instructions.
fn addresses(func: &Function, loops: &Loops, idx: usize, ivs: &[(Value, i64)]) -> Vec<Address> {
    let mut out = Vec::new();
    for &b in &loops[idx].blocks {
        for &inst in func.layout.block_insts(b) {
            let InstructionData::Binary {
                opcode: Opcode::PtrAdd,
                args: [base, off],
            } = *func.dfg.inst(inst)
            else {
                continue;
            };
            let base = func.dfg.resolve_aliases(base);
            if def_block(func, base).is_none_or(|d| loops.contains(idx, d)) {
                continue;
            }
            if let Some((iv, scale)) = scaled_iv(func, off, ivs) {
                out.push(Address {
                    inst,
                    base,
                    iv,
                    scale,
                });
            }
        }
    }
    out
}

/// `(iv, C)` when `off` is `iv`, `imul iv, C`, `imul C, iv` or `ishl iv, k`.
fn scaled_iv(func: &Function, off: Value, ivs: &[(Value, i64)]) -> Option<(Value, i64)> {
    let is_iv = |v: Value| ivs.iter().any(|(i, _)| *i == v);
    let off = func.dfg.resolve_aliases(off);
    if is_iv(off) {
        return Some((off, 1));
    }
    let ValueDef::Result(inst, 0) = func.dfg.value_def(off) else {
        return None;
    };
    let InstructionData::Binary { opcode, args } = *func.dfg.inst(inst) else {
        return None;
    };
    let [a, b] = args.map(|x| func.dfg.resolve_aliases(x));
    match opcode {
        Opcode::Imul if is_iv(a) => Some((a, iconst_value(func, b)?)),
        Opcode::Imul if is_iv(b) => Some((b, iconst_value(func, a)?)),
        Opcode::Ishl if is_iv(a) => {
            let k = iconst_value(func, b)?;
            (0..64).contains(&k).then(|| (a, 1i64 << k))
        }
        _ => None,
    }
}

/// Adds the pointer parameter `q = base + iv * scale` to the loop header.
/// `entries` are the branches into the loop's header (`header`).
#[allow(clippy::too_many_arguments)]
fn add_pointer_iv(
    func: &mut Function,
    header: Block,
    entries: &[(Inst, usize)],
    pre: Block,
    iv: Value,
    base: Value,
    scale: i64,
    step: i64,
) -> Value {
    let num = func
        .dfg
        .block_params(header)
        .iter()
        .position(|&p| p == iv)
        .expect("iv is a header parameter");
    let ptr_ty = func.dfg.value_type(base);
    let q = func.dfg.append_block_param(header, ptr_ty);
    // The stride is defined in the preheader, outside the loop.
    let stride_v = emit(func, pre, iconst(step.wrapping_mul(scale)), Type::I64);
    for &(inst, d) in entries {
        let block = func.layout.inst_block(inst).expect("laid out");
        let value = if block == pre {
            let init = func.dfg.inst_args(inst)[num];
            // A constant start (`range(n)` starts at 0) is folded here:
            // no later pass runs constant folding on a function inlining
            // left alone.
            match iconst_value(func, func.dfg.resolve_aliases(init)) {
                Some(c) if c.wrapping_mul(scale) == 0 => base,
                Some(c) => {
                    let off = emit(func, block, iconst(c.wrapping_mul(scale)), Type::I64);
                    emit(func, block, binary(Opcode::PtrAdd, base, off), ptr_ty)
                }
                None => {
                    let scale_v = emit(func, block, iconst(scale), Type::I64);
                    let off = emit(func, block, binary(Opcode::Imul, init, scale_v), Type::I64);
                    emit(func, block, binary(Opcode::PtrAdd, base, off), ptr_ty)
                }
            }
        } else {
            emit(func, block, binary(Opcode::PtrAdd, q, stride_v), ptr_ty)
        };
        super::util::push_branch_arg(func, inst, d, value);
    }
    q
}

fn iconst(imm: i64) -> InstructionData {
    InstructionData::UnaryImm {
        opcode: Opcode::Iconst,
        imm,
    }
}

fn binary(opcode: Opcode, a: Value, b: Value) -> InstructionData {
    InstructionData::Binary {
        opcode,
        args: [a, b],
    }
}

/// Inserts an instruction before `block`'s terminator; returns its result.
fn emit(func: &mut Function, block: Block, data: InstructionData, ty: Type) -> Value {
    let inst = func.dfg.make_inst(data, &[ty]);
    insert_before_terminator(func, inst, block);
    func.dfg.first_result(inst).expect("one result")
}

/// Part (b): see the module documentation.
pub fn narrow_sign_extensions(func: &mut Function) {
    // Instructions are rewritten in place (the layout does not change).
    for b in 0..func.layout.blocks().len() {
        let block = func.layout.blocks()[b];
        for i in 0..func.layout.block_insts(block).len() {
            let inst = func.layout.block_insts(block)[i];
            let InstructionData::Unary {
                opcode: Opcode::Sextend,
                arg,
            } = *func.dfg.inst(inst)
            else {
                continue;
            };
            let bits = func.dfg.value_type(arg).bits();
            if upper_bound(func, arg, MAX_DEPTH).is_some_and(|b| b < 1u64 << (bits - 1)) {
                func.dfg.replace_inst(
                    inst,
                    InstructionData::Unary {
                        opcode: Opcode::Uextend,
                        arg,
                    },
                );
            }
        }
    }
}

/// How deep the bound analysis looks through definitions.
const MAX_DEPTH: u32 = 8;

/// An upper bound on `v` read as an unsigned integer of its type, if proven.
pub(crate) fn upper_bound(func: &Function, v: Value, depth: u32) -> Option<u64> {
    let ty = func.dfg.value_type(v);
    if !ty.is_int() || depth == 0 {
        return None;
    }
    let max = u64::MAX >> (64 - ty.bits());
    let ValueDef::Result(inst, 0) = func.dfg.value_def(v) else {
        return None;
    };
    let sub = |x: Value| upper_bound(func, x, depth - 1);
    let bound = match *func.dfg.inst(inst) {
        InstructionData::UnaryImm { imm, .. } => (imm >= 0).then_some(imm as u64),
        InstructionData::Special { reg, .. } => Some(special_bound(reg)),
        InstructionData::Unary {
            opcode: Opcode::Uextend,
            arg,
        } => {
            let from = func.dfg.value_type(arg).bits();
            Some(sub(arg).unwrap_or(u64::MAX >> (64 - from)))
        }
        InstructionData::Binary {
            opcode,
            args: [a, b],
        } => binary_bound(func, opcode, a, b, depth),
        InstructionData::Ternary {
            opcode: Opcode::Select,
            args: [_, a, b],
        } => Some(sub(a)?.max(sub(b)?)),
        _ => None,
    }?;
    (bound <= max).then_some(bound)
}

fn binary_bound(func: &Function, op: Opcode, a: Value, b: Value, depth: u32) -> Option<u64> {
    let sub = |x: Value| upper_bound(func, x, depth - 1);
    match op {
        Opcode::Iadd => sub(a)?.checked_add(sub(b)?),
        Opcode::Imul => sub(a)?.checked_mul(sub(b)?),
        Opcode::Band | Opcode::Umin => match (sub(a), sub(b)) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        },
        Opcode::Urem => iconst_value(func, b)
            .map(|d| d as u64 & (u64::MAX >> (64 - func.dfg.value_type(b).bits())))
            .filter(|&d| d != 0)
            .map(|d| d - 1),
        Opcode::Ushr => {
            let bits = func.dfg.value_type(a).bits() as i64;
            let k = iconst_value(func, b)?;
            (1..bits).contains(&k).then(|| (1u64 << (bits - k)) - 1)
        }
        _ => None,
    }
}

/// Hardware limits of the special registers (see the module doc).
fn special_bound(reg: SpecialReg) -> u64 {
    use SpecialReg::*;
    match reg {
        TidX | TidY => 1023,
        TidZ => 63,
        NtidX | NtidY => 1024,
        NtidZ => 64,
        CtaidX => (1 << 31) - 2,
        NctaidX => (1 << 31) - 1,
        CtaidY | CtaidZ => 65534,
        NctaidY | NctaidZ => 65535,
        Laneid => 31,
        Warpsize => 32,
        DynamicSmemSize => u64::from(u32::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{AddrSpace, FuncBuilder, IntCC};
    use crate::opt::testutil::{func, ops};

    const G: Type = Type::Ptr(AddrSpace::Global);

    /// `for i in range(0, n, step): store base[i * scale] = 0` with the
    /// address built by `offset(b, i)`; returns (f, entry, header).
    fn array_loop(
        iv_ty: Type,
        step: i64,
        offset: impl FnOnce(&mut FuncBuilder, Value) -> Value,
    ) -> (Function, Block, Block, Value) {
        let mut f = func(&[G, iv_ty], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, h, exit) = (b.create_block(), b.create_block(), b.create_block());
        let base = b.append_param(e, G);
        let n = b.append_param(e, iv_ty);
        let i = b.append_param(h, iv_ty);
        b.switch_to(e);
        let zero = b.iconst(iv_ty, 0);
        b.jump(h, &[zero]);
        b.switch_to(h);
        let off = offset(&mut b, i);
        let addr = b.ptr_add(base, off);
        let val = b.fconst(Type::F32, 0.0);
        b.store(addr, val, 0);
        let s = b.iconst(iv_ty, step);
        let next = b.binary(Opcode::Iadd, i, s);
        let c = b.icmp(IntCC::Slt, next, n);
        b.brif(c, h, &[next], exit, &[]);
        b.switch_to(exit);
        b.ret(&[]);
        (f, e, h, addr)
    }

    fn scale_by(k: i64) -> impl FnOnce(&mut FuncBuilder, Value) -> Value {
        move |b, i| {
            let c = b.iconst(Type::I64, k);
            b.binary(Opcode::Imul, i, c)
        }
    }

    #[test]
    fn scaled_address_becomes_a_pointer_induction_variable() {
        let (mut f, e, h, addr) = array_loop(Type::I64, 1, scale_by(4));
        pointer_induction_variables(&mut f);
        let params = f.dfg.block_params(h).to_vec();
        assert_eq!(params.len(), 2);
        let q = params[1];
        assert_eq!(f.dfg.value_type(q), G);
        assert_eq!(f.dfg.resolve_aliases(addr), q);
        // The old address arithmetic is left for DCE; the latch bumps q.
        // The loop starts at 0, so the entry passes base itself (and
        // defines the stride, 4); the latch computes q + 4.
        assert_eq!(
            ops(&f, e),
            vec![Opcode::Iconst, Opcode::Iconst, Opcode::Jump]
        );
        let jump = f.layout.last_inst(e).unwrap();
        let entry_call = f.dfg.inst(jump).branch_destinations()[0];
        let base = f.dfg.block_params(e)[0];
        assert_eq!(f.dfg.block_call_args(&entry_call)[1], base);
        let br = f.layout.last_inst(h).unwrap();
        let back = f.dfg.inst(br).branch_destinations()[0];
        let qnext = f.dfg.block_call_args(&back)[1];
        let ValueDef::Result(qi, _) = f.dfg.value_def(qnext) else {
            panic!()
        };
        assert_eq!(f.dfg.inst(qi).opcode(), Opcode::PtrAdd);
        let stride = f.dfg.inst_args(qi)[1];
        assert_eq!(iconst_value(&f, stride), Some(4));
        assert_eq!(f.dfg.inst_args(qi)[0], q);
    }

    #[test]
    fn step_and_shift_scale_multiply() {
        let (mut f, _, h, _) = array_loop(Type::I64, 2, |b, i| {
            let k = b.iconst(Type::I64, 3);
            b.binary(Opcode::Ishl, i, k)
        });
        pointer_induction_variables(&mut f);
        let br = f.layout.last_inst(h).unwrap();
        let back = f.dfg.inst(br).branch_destinations()[0];
        let qnext = f.dfg.block_call_args(&back)[1];
        let ValueDef::Result(qi, _) = f.dfg.value_def(qnext) else {
            panic!()
        };
        assert_eq!(iconst_value(&f, f.dfg.inst_args(qi)[1]), Some(16));
    }

    #[test]
    fn i32_induction_variables_are_left_alone() {
        let (mut f, _, h, addr) = array_loop(Type::I32, 1, |b, i| {
            let w = b.unary(Opcode::Sextend, Type::I64, i);
            let c = b.iconst(Type::I64, 4);
            b.binary(Opcode::Imul, w, c)
        });
        pointer_induction_variables(&mut f);
        assert_eq!(f.dfg.block_params(h).len(), 1);
        assert!(!f.dfg.is_alias(addr));
    }

    #[test]
    fn non_constant_scale_is_left_alone() {
        let mut f = func(&[G, Type::I64, Type::I64], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, h, exit) = (b.create_block(), b.create_block(), b.create_block());
        let base = b.append_param(e, G);
        let n = b.append_param(e, Type::I64);
        let stride = b.append_param(e, Type::I64);
        let i = b.append_param(h, Type::I64);
        b.switch_to(e);
        let zero = b.iconst(Type::I64, 0);
        b.jump(h, &[zero]);
        b.switch_to(h);
        let off = b.binary(Opcode::Imul, i, stride);
        let addr = b.ptr_add(base, off);
        b.store(addr, n, 0);
        let one = b.iconst(Type::I64, 1);
        let next = b.binary(Opcode::Iadd, i, one);
        let c = b.icmp(IntCC::Slt, next, n);
        b.brif(c, h, &[next], exit, &[]);
        b.switch_to(exit);
        b.ret(&[]);
        pointer_induction_variables(&mut f);
        assert_eq!(f.dfg.block_params(h).len(), 1);
    }

    fn sext_of(build: impl FnOnce(&mut FuncBuilder) -> Value) -> Opcode {
        let mut f = func(&[Type::I32], &[Type::I64]);
        let mut b = FuncBuilder::new(&mut f);
        let e = b.create_block();
        b.append_param(e, Type::I32);
        b.switch_to(e);
        let x = build(&mut b);
        let w = b.unary(Opcode::Sextend, Type::I64, x);
        b.ret(&[w]);
        narrow_sign_extensions(&mut f);
        let ValueDef::Result(inst, _) = f.dfg.value_def(w) else {
            panic!()
        };
        f.dfg.inst(inst).opcode()
    }

    #[test]
    fn bounded_thread_indices_widen_with_uextend() {
        use SpecialReg::*;
        let op = sext_of(|b| {
            let t = b.special(TidX);
            let n = b.special(NtidX);
            let y = b.special(TidY);
            let m = b.binary(Opcode::Imul, y, n);
            b.binary(Opcode::Iadd, m, t)
        });
        assert_eq!(op, Opcode::Uextend);
        let op = sext_of(|b| {
            let t = b.special(CtaidX);
            let c = b.iconst(Type::I32, 255);
            b.binary(Opcode::Band, t, c)
        });
        assert_eq!(op, Opcode::Uextend);
        assert_eq!(sext_of(|b| b.iconst(Type::I32, 7)), Opcode::Uextend);
    }

    #[test]
    fn unbounded_or_possibly_negative_values_keep_sextend() {
        use SpecialReg::*;
        // The global index can exceed 2^31.
        let op = sext_of(|b| {
            let c = b.special(CtaidX);
            let n = b.special(NtidX);
            let t = b.special(TidX);
            let m = b.binary(Opcode::Imul, c, n);
            b.binary(Opcode::Iadd, m, t)
        });
        assert_eq!(op, Opcode::Sextend);
        assert_eq!(sext_of(|b| b.iconst(Type::I32, -1)), Opcode::Sextend);
        let op = sext_of(|b| {
            let c = b.special(CtaidX);
            let one = b.iconst(Type::I32, 1);
            b.binary(Opcode::Iadd, c, one)
        });
        assert_eq!(op, Opcode::Uextend, "2^31 - 2 + 1 still fits");
        let op = sext_of(|b| {
            let c = b.special(NctaidX);
            let one = b.iconst(Type::I32, 1);
            b.binary(Opcode::Iadd, c, one)
        });
        assert_eq!(op, Opcode::Sextend, "2^31 - 1 + 1 may be negative");
    }

    #[test]
    fn unsigned_narrowing_operations_bound_values() {
        let op = sext_of(|b| {
            let x = b.special(SpecialReg::CtaidX);
            let y = b.binary(Opcode::Imul, x, x); // unbounded
            let k = b.iconst(Type::I32, 1);
            b.binary(Opcode::Ushr, y, k)
        });
        assert_eq!(op, Opcode::Uextend);
        let op = sext_of(|b| {
            let x = b.special(SpecialReg::CtaidX);
            let y = b.binary(Opcode::Imul, x, x);
            let d = b.iconst(Type::I32, 10);
            b.binary(Opcode::Urem, y, d)
        });
        assert_eq!(op, Opcode::Uextend);
        let op = sext_of(|b| {
            let x = b.iconst(Type::I8, -1);
            b.unary(Opcode::Uextend, Type::I32, x)
        });
        assert_eq!(op, Opcode::Uextend);
    }
}
