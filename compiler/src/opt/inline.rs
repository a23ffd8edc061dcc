//! Inlining of small device functions.
//!
//! A `call fnN(args)` is inlined when the callee is a device function of at
//! most [`INLINE_THRESHOLD`] instructions, is not part of a recursive cycle
//! of the call graph (self-recursion included), and has the caller's
//! `fastmath` setting (inlining must not change how its math is compiled).
//!
//! The transformation, for a call in block `B` of the caller:
//! 1. `B` is split after the call: the instructions that followed it move
//!    to a new continuation block `K` whose parameters have the call's
//!    result types; each call result becomes an alias of `K`'s parameter;
//! 2. the callee's blocks are copied into the caller (laid out between `B`
//!    and `K`) with fresh values; its entry block keeps its parameters and
//!    the call is replaced by `jump entry'(args)`; each `return xs` becomes
//!    `jump K(xs)`;
//! 3. the callee's shared and local arrays are appended to the caller's
//!    tables and `shared_addr`/`local_addr` are renumbered (constant arrays
//!    and strings are module-wide and stay as they are).
//!
//! Copy propagation and CFG simplification then fold the parameter passing
//! away. Calls are inlined in rounds (a callee's own calls are inlined in a
//! later round), at most [`MAX_ROUNDS`]; the cycle check makes each round
//! finite.

use crate::ir::{
    Block, FuncKind, FuncRef, Function, Inst, InstructionData, Module, Opcode, Signature, Value,
};
use cranelift_entity::packed_option::{PackedOption, ReservedValue};
use cranelift_entity::{EntityRef, EntitySet, SecondaryMap};

/// Callees of at most this many instructions are inlined.
pub const INLINE_THRESHOLD: usize = 40;

/// Rounds of inlining (nesting depth of inlined calls).
pub const MAX_ROUNDS: usize = 4;

/// Inlines small device functions into their callers, across `module`;
/// returns which functions it changed (those it inlined calls into).
pub fn run(module: &mut Module) -> SecondaryMap<FuncRef, bool> {
    let recursive = recursive_functions(module);
    let mut inlined_into = SecondaryMap::new();
    for _ in 0..MAX_ROUNDS {
        let mut changed = false;
        let callers: Vec<FuncRef> = module.functions.keys().collect();
        for caller in callers {
            if inline_round(module, caller, &recursive) {
                inlined_into[caller] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    inlined_into
}

/// Inlines the inlinable calls of `caller`'s blocks as laid out now (the
/// calls of the callees' copies wait for the next round); returns true
/// when it inlined one.
///
/// Each block's calls are inlined last first, so splitting the block at a
/// call moves only what lies between it and the next call, and the new
/// blocks are laid out once at the end, in one pass: a split at each call
/// in order, or a layout insertion per call, costs the block's or the
/// function's size per call (quadratic in the number of calls).
fn inline_round(module: &mut Module, caller: FuncRef, recursive: &EntitySet<FuncRef>) -> bool {
    let blocks = module.functions[caller].layout.blocks().to_vec();
    let mut placed: Vec<(Block, Vec<Block>)> = Vec::new();
    let mut calls = Vec::new();
    for block in blocks {
        inlinable_calls(module, caller, recursive, block, &mut calls);
        if calls.is_empty() {
            continue;
        }
        // Per call, last first: the callee's copy, then the continuation.
        let mut groups: Vec<Vec<Block>> = Vec::with_capacity(calls.len());
        for &(call, callee) in calls.iter().rev() {
            // The callee is lent out of the module for the copy rather
            // than cloned (it is never the caller: see `inlinable_calls`).
            let empty = Function::new(String::new(), FuncKind::Device, Signature::default());
            let callee_fn = std::mem::replace(&mut module.functions[callee], empty);
            groups.push(inline_call(&mut module.functions[caller], call, &callee_fn));
            module.functions[callee] = callee_fn;
        }
        placed.push((block, groups.into_iter().rev().flatten().collect()));
    }
    if placed.is_empty() {
        return false;
    }
    module.functions[caller].layout.insert_blocks_after(&placed);
    true
}

/// The functions on a cycle of the call graph: those in a strongly
/// connected component of more than one function, and those that call
/// themselves. Kosaraju's two depth-first searches, linear in the graph (a
/// search from each function for a way back to itself was quadratic in a
/// kernel calling many functions).
fn recursive_functions(module: &Module) -> EntitySet<FuncRef> {
    let n = module.functions.len();
    let mut callees: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut callers: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut recursive = EntitySet::new();
    for (r, f) in module.functions.iter() {
        for (_, c) in f.calls() {
            // A callee outside the module (none today) is on no cycle.
            if c.index() < n {
                callees[r.index()].push(c.index());
                callers[c.index()].push(r.index());
                if c == r {
                    recursive.insert(r);
                }
            }
        }
    }
    // First search, over calls: every function in post-order.
    let mut post = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        stack.push((root, 0));
        while let Some((f, i)) = stack.pop() {
            if let Some(&c) = callees[f].get(i) {
                stack.push((f, i + 1));
                if !seen[c] {
                    seen[c] = true;
                    stack.push((c, 0));
                }
            } else {
                post.push(f);
            }
        }
    }
    // Second search, over calls reversed, from the last finished first:
    // each search finds one component.
    let mut component = vec![usize::MAX; n];
    let mut members = Vec::new();
    for &root in post.iter().rev() {
        if component[root] != usize::MAX {
            continue;
        }
        members.clear();
        component[root] = root;
        let mut work = vec![root];
        while let Some(f) = work.pop() {
            members.push(f);
            for &c in &callers[f] {
                if component[c] == usize::MAX {
                    component[c] = root;
                    work.push(c);
                }
            }
        }
        if members.len() > 1 {
            for &f in &members {
                recursive.insert(FuncRef::new(f));
            }
        }
    }
    recursive
}

/// Sets `out` to the calls of `block` in `caller` to inline, in order, with
/// their callees.
fn inlinable_calls(
    module: &Module,
    caller: FuncRef,
    recursive: &EntitySet<FuncRef>,
    block: Block,
    out: &mut Vec<(Inst, FuncRef)>,
) {
    out.clear();
    let f = &module.functions[caller];
    let inlinable = |callee: FuncRef| {
        let g = module.functions.get(callee);
        callee != caller
            && !recursive.contains(callee)
            && g.is_some_and(|g| {
                g.kind == FuncKind::Device
                    && g.fastmath == f.fastmath
                    && g.inst_count() <= INLINE_THRESHOLD
                    && g.layout.entry_block().is_some()
            })
    };
    for &i in f.layout.block_insts(block) {
        if let InstructionData::Call { func, .. } = f.dfg.inst(i) {
            if inlinable(*func) {
                out.push((i, *func));
            }
        }
    }
}

/// Inlines `callee` at `call` in `caller`; returns the new blocks, in
/// order (the callee's copy, then the continuation), for the caller to lay
/// out right after the call's block.
fn inline_call(caller: &mut Function, call: Inst, callee: &Function) -> Vec<Block> {
    // A grid group used by the callee makes the caller need a cooperative
    // launch as the call did.
    caller.cooperative |= callee.cooperative;
    let cont = split_after(caller, call);
    let mut values = ValueMap::new(callee);
    let blocks = copy_blocks(caller, callee, &mut values);
    let shared_base = caller.shared.len() as u32;
    let local_base = caller.locals.len() as u32;
    for decl in callee.shared.values() {
        caller.shared.push(decl.clone());
    }
    for decl in callee.locals.values() {
        caller.locals.push(decl.clone());
    }
    let remap = Remap {
        blocks: &blocks,
        cont,
        shared_base,
        local_base,
    };
    let new_insts = copy_insts(caller, call, callee, &remap, &mut values);
    for inst in new_insts {
        caller.dfg.map_args(inst, |v| values.get(v));
    }
    // The call becomes a jump to the copied entry with the call's arguments.
    let args = caller.dfg.inst_args(call);
    let entry = blocks[callee
        .layout
        .entry_block()
        .expect("callee has a body")
        .index()];
    let dest = caller.dfg.block_call(entry, &args);
    let jump = caller.dfg.make_inst(
        InstructionData::Jump {
            opcode: Opcode::Jump,
            dest,
        },
        &[],
    );
    caller.srclocs.set(jump, caller.srclocs.get(call));
    caller.srclocs.set_site(jump, caller.srclocs.site(call));
    caller.layout.insert_inst_before(jump, call);
    caller.layout.remove_inst(call);
    let results = caller.dfg.inst_results(call).to_vec();
    let params = caller.dfg.block_params(cont).to_vec();
    for (r, p) in results.into_iter().zip(params) {
        caller.dfg.change_to_alias(r, p);
    }
    let mut new_blocks: Vec<Block> = callee
        .layout
        .blocks()
        .iter()
        .map(|b| blocks[b.index()])
        .collect();
    new_blocks.push(cont);
    new_blocks
}

/// Moves everything after `call` into a new block (not laid out yet), with
/// one parameter per call result; returns it.
fn split_after(caller: &mut Function, call: Inst) -> Block {
    let block = caller.layout.inst_block(call).expect("laid out");
    let pos = caller
        .layout
        .block_insts(block)
        .iter()
        .rposition(|&i| i == call)
        .expect("in its block");
    let cont = caller.dfg.make_block();
    let types: Vec<_> = caller
        .dfg
        .inst_results(call)
        .iter()
        .map(|&r| caller.dfg.value_type(r))
        .collect();
    for ty in types {
        caller.dfg.append_block_param(cont, ty);
    }
    caller.layout.move_insts_from(block, pos + 1, cont);
    cont
}

/// Callee values to their copies in the caller, indexed by callee value.
struct ValueMap(Vec<PackedOption<Value>>);

impl ValueMap {
    /// An empty map for the values of `callee`.
    fn new(callee: &Function) -> Self {
        ValueMap(vec![PackedOption::default(); callee.dfg.num_values()])
    }

    fn insert(&mut self, from: Value, to: Value) {
        self.0[from.index()] = to.into();
    }

    /// The copy of `v`, or `v` itself when it has none.
    fn get(&self, v: Value) -> Value {
        (self.0.get(v.index()).copied())
            .and_then(PackedOption::expand)
            .unwrap_or(v)
    }
}

/// Creates a copy of every callee block (with parameters; not laid out
/// yet); records the parameter mapping. Returns the copies, indexed by
/// callee block.
fn copy_blocks(caller: &mut Function, callee: &Function, values: &mut ValueMap) -> Vec<Block> {
    let mut blocks = vec![Block::reserved_value(); callee.dfg.num_blocks()];
    for &b in callee.layout.blocks() {
        let nb = caller.dfg.make_block();
        for &p in callee.dfg.block_params(b) {
            let np = caller.dfg.append_block_param(nb, callee.dfg.value_type(p));
            values.insert(p, np);
        }
        blocks[b.index()] = nb;
    }
    blocks
}

/// The inline sites of a callee's code copied into its caller: the call's
/// own site (`root`), and the callee's sites (code the callee had inlined
/// itself) renumbered from `base`, the outermost of them inlined at the
/// call.
struct InlinedSites {
    root: u32,
    base: u32,
}

impl InlinedSites {
    /// The caller's site for code of the callee's site `site` (0: the
    /// callee's own code).
    fn of(&self, site: u32) -> u32 {
        if site == 0 {
            self.root
        } else {
            self.base + site
        }
    }
}

/// Adds to `caller` the inline sites of inlining `callee` at `call` (see
/// [`InlinedSites`]).
fn inline_sites(caller: &mut Function, call: Inst, callee: &Function) -> InlinedSites {
    let root = caller.srclocs.add_site(crate::ir::srcloc::InlineSite {
        callee: callee.name.clone(),
        call: caller.srclocs.get(call),
        parent: caller.srclocs.site(call),
    });
    let base = caller.srclocs.sites().len() as u32;
    for site in callee.srclocs.sites() {
        let parent = if site.parent == 0 {
            root
        } else {
            base + site.parent
        };
        caller.srclocs.add_site(crate::ir::srcloc::InlineSite {
            callee: site.callee.clone(),
            call: site.call,
            parent,
        });
    }
    InlinedSites { root, base }
}

/// How callee entities map into the caller.
struct Remap<'a> {
    /// The copies of the callee's blocks, indexed by callee block.
    blocks: &'a [Block],
    cont: Block,
    shared_base: u32,
    local_base: u32,
}

/// Copies every callee instruction into its block's copy (operands still
/// callee values, to be mapped once every result exists).
fn copy_insts(
    caller: &mut Function,
    call: Inst,
    callee: &Function,
    remap: &Remap,
    values: &mut ValueMap,
) -> Vec<Inst> {
    let sites = inline_sites(caller, call, callee);
    // Aliases in the callee resolve to their originals, which are mapped.
    let mut new_insts = Vec::with_capacity(callee.dfg.num_insts());
    let mut types = Vec::new();
    for &b in callee.layout.blocks() {
        for &i in callee.layout.block_insts(b) {
            let data = copy_data(caller, callee, i, remap);
            let results = callee.dfg.inst_results(i);
            types.clear();
            types.extend(results.iter().map(|&r| callee.dfg.value_type(r)));
            let ni = caller.dfg.make_inst(data, &types);
            caller.srclocs.set(ni, callee.srclocs.get(i));
            caller
                .srclocs
                .set_site(ni, sites.of(callee.srclocs.site(i)));
            caller.layout.append_inst(ni, remap.blocks[b.index()]);
            for (&r, &nr) in results.iter().zip(caller.dfg.inst_results(ni)) {
                values.insert(r, nr);
            }
            new_insts.push(ni);
        }
    }
    // Operands: resolve callee aliases first, then map.
    for &ni in &new_insts {
        caller.dfg.map_args(ni, |v| callee.dfg.resolve_aliases(v));
    }
    new_insts
}

/// The data of callee instruction `i`, with lists re-made in the caller's
/// pool, blocks and arrays renumbered, and `return` turned into a jump.
fn copy_data(caller: &mut Function, callee: &Function, i: Inst, remap: &Remap) -> InstructionData {
    let mut data = callee.dfg.inst(i).clone();
    let src = &callee.dfg;
    let dst = &mut caller.dfg;
    match &mut data {
        InstructionData::Call { args, .. } | InstructionData::Print { args, .. } => {
            *args = dst.value_list(src.list(args));
        }
        InstructionData::Return { args, .. } => {
            let dest = dst.block_call(remap.cont, src.list(args));
            return InstructionData::Jump {
                opcode: Opcode::Jump,
                dest,
            };
        }
        InstructionData::Jump { .. } | InstructionData::Brif { .. } => {
            for d in data.branch_destinations_mut() {
                let args = src.block_call_args(d).to_vec();
                *d = dst.block_call(remap.blocks[d.block.index()], &args);
            }
        }
        InstructionData::AddrOf { opcode, index } => match opcode {
            Opcode::SharedAddr => *index += remap.shared_base,
            Opcode::LocalAddr => *index += remap.local_base,
            _ => {}
        },
        _ => {}
    }
    data
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{verify_module, FuncBuilder, IntCC, MemDecl, Type, ValueDef};
    use crate::opt::testutil::func;
    use cranelift_entity::EntityRef;

    /// A module with a kernel `fn0(x: i32)` calling `fn1` built by `callee`.
    fn module_with(callee: Function, call_twice: bool) -> Module {
        let mut m = Module::new();
        let mut k = func(&[Type::I32], &[]);
        k.kind = FuncKind::Kernel;
        m.functions.push(k);
        let returns = callee.signature.returns.clone();
        let callee_ref = m.functions.push(callee);
        let k = &mut m.functions[FuncRef::new(0)];
        let mut b = FuncBuilder::new(k);
        let e = b.create_block();
        let x = b.append_param(e, Type::I32);
        b.switch_to(e);
        let r = b.call(callee_ref, &[x], &returns);
        if call_twice {
            b.call(callee_ref, &[r[0]], &returns);
        }
        b.ret(&[]);
        m
    }

    fn add_one() -> Function {
        let mut f = func(&[Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut f);
        let e = b.create_block();
        let x = b.append_param(e, Type::I32);
        b.switch_to(e);
        let one = b.iconst(Type::I32, 1);
        let y = b.binary(Opcode::Iadd, x, one);
        b.ret(&[y]);
        f
    }

    fn kernel(m: &Module) -> &Function {
        &m.functions[FuncRef::new(0)]
    }

    fn has_calls(f: &Function) -> bool {
        f.calls().next().is_some()
    }

    #[test]
    fn a_small_callee_is_inlined_and_verifies() {
        let mut m = module_with(add_one(), true);
        run(&mut m);
        assert!(!has_calls(kernel(&m)));
        verify_module(&m).unwrap_or_else(|e| panic!("{e}"));
        // entry, 2 x (callee block + continuation).
        assert_eq!(kernel(&m).layout.blocks().len(), 5);
    }

    #[test]
    fn calls_around_one_left_alone_are_all_inlined() {
        // fn0 calls fn1, fn2 (fastmath: not inlined into fn0), fn1, fn1.
        let mut m = Module::new();
        let mut k = func(&[Type::I32], &[]);
        k.kind = FuncKind::Kernel;
        let k_ref = m.functions.push(k);
        let inlinable = m.functions.push(add_one());
        let mut fast = add_one();
        fast.fastmath = true;
        let kept = m.functions.push(fast);
        let mut b = FuncBuilder::new(&mut m.functions[k_ref]);
        let e = b.create_block();
        let x = b.append_param(e, Type::I32);
        b.switch_to(e);
        let r1 = b.call(inlinable, &[x], &[Type::I32]);
        let r2 = b.call(kept, &[r1[0]], &[Type::I32]);
        let r3 = b.call(inlinable, &[r2[0]], &[Type::I32]);
        b.call(inlinable, &[r3[0]], &[Type::I32]);
        b.ret(&[]);
        run(&mut m);
        let callees: Vec<FuncRef> = kernel(&m).calls().map(|(_, c)| c).collect();
        assert_eq!(callees, vec![kept]);
        verify_module(&m).unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn call_results_flow_through_the_continuation_parameters() {
        let mut m = module_with(add_one(), true);
        let k = kernel(&m);
        let second_call = k.calls().nth(1).unwrap().0;
        let first_result = k.dfg.inst_args(second_call)[0];
        run(&mut m);
        let k = kernel(&m);
        let ValueDef::Param(block, 0) = k.dfg.value_def(first_result) else {
            panic!("the call result is not a block parameter now");
        };
        // The continuation block is entered by the inlined body's jump.
        let (pred, _) = crate::ir::ControlFlowGraph::compute(k).preds(block)[0];
        assert_eq!(
            k.dfg.inst(k.layout.block_insts(pred)[1]).opcode(),
            Opcode::Iadd
        );
    }

    #[test]
    fn self_recursive_callees_stay_calls() {
        let mut rec = func(&[Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut rec);
        let e = b.create_block();
        let x = b.append_param(e, Type::I32);
        b.switch_to(e);
        let r = b.call(FuncRef::new(1), &[x], &[Type::I32]);
        b.ret(&r);
        let mut m = module_with(rec, false);
        run(&mut m);
        assert!(has_calls(kernel(&m)));
        assert!(has_calls(&m.functions[FuncRef::new(1)]));
    }

    #[test]
    fn functions_on_call_cycles_are_found() {
        // 0 -> 1 -> 2 -> 3 -> 1 (a cycle of three), 0 -> 4 -> 4 (a self
        // call), 0 -> 5 (a leaf).
        let calls: [&[usize]; 6] = [&[1, 4, 5], &[2], &[3], &[1], &[4], &[]];
        let mut m = Module::new();
        for _ in 0..calls.len() {
            m.functions.push(func(&[Type::I32], &[Type::I32]));
        }
        for (f, callees) in calls.iter().enumerate() {
            let mut b = FuncBuilder::new(&mut m.functions[FuncRef::new(f)]);
            let e = b.create_block();
            let x = b.append_param(e, Type::I32);
            b.switch_to(e);
            for &c in callees.iter() {
                b.call(FuncRef::new(c), &[x], &[Type::I32]);
            }
            b.ret(&[x]);
        }
        let recursive = recursive_functions(&m);
        let found: Vec<usize> = (0..calls.len())
            .filter(|&f| recursive.contains(FuncRef::new(f)))
            .collect();
        assert_eq!(found, vec![1, 2, 3, 4]);
    }

    #[test]
    fn kernels_and_large_functions_are_not_inlined() {
        let mut big = func(&[Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut big);
        let e = b.create_block();
        let mut x = b.append_param(e, Type::I32);
        b.switch_to(e);
        for _ in 0..INLINE_THRESHOLD {
            x = b.binary(Opcode::Iadd, x, x);
        }
        b.ret(&[x]);
        let mut m = module_with(big, false);
        run(&mut m);
        assert!(has_calls(kernel(&m)));
        let mut k = add_one();
        k.kind = FuncKind::Kernel;
        let mut m = module_with(k, false);
        run(&mut m);
        assert!(has_calls(kernel(&m)));
    }

    #[test]
    fn multi_block_callee_with_local_array_is_renumbered() {
        let mut g = func(&[Type::I32], &[Type::I32]);
        g.locals.push(MemDecl {
            elem: Type::I32,
            count: 4,
        });
        let mut b = FuncBuilder::new(&mut g);
        let (e, t, f2) = (b.create_block(), b.create_block(), b.create_block());
        let x = b.append_param(e, Type::I32);
        b.switch_to(e);
        let zero = b.iconst(Type::I32, 0);
        let c = b.icmp(IntCC::Slt, x, zero);
        b.brif(c, t, &[], f2, &[]);
        b.switch_to(t);
        let a = b.addr_of(Opcode::LocalAddr, 0, Type::Ptr(crate::ir::AddrSpace::Local));
        b.store(a, x, 0);
        b.ret(&[zero]);
        b.switch_to(f2);
        b.ret(&[x]);
        let mut m = module_with(g, false);
        m.functions[FuncRef::new(0)].locals.push(MemDecl {
            elem: Type::F32,
            count: 8,
        });
        run(&mut m);
        let k = kernel(&m);
        assert!(!has_calls(k));
        assert_eq!(k.locals.len(), 2);
        let local_index = crate::opt::testutil::all_insts(k)
            .into_iter()
            .find_map(|i| match k.dfg.inst(i) {
                InstructionData::AddrOf { index, .. } => Some(*index),
                _ => None,
            });
        assert_eq!(local_index, Some(1));
        verify_module(&m).unwrap_or_else(|e| panic!("{e}"));
    }
}
