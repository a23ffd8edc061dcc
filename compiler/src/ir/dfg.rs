//! The data-flow graph: what every value and instruction *is*.
//!
//! Instructions, their result values, blocks and their parameters live in
//! `cranelift-entity` arenas here; *where* instructions sit (block order,
//! instruction order) is the [`super::layout::Layout`]'s business. A value
//! is defined either by an instruction result or by a block parameter
//! (block parameters replace phi nodes), or it is an alias of another value,
//! which passes use to replace all uses at once (copy propagation).

use super::entities::{Block, Inst, Value};
use super::instructions::{BlockCall, InstructionData, ValueList};
use super::types::Type;
use cranelift_entity::{EntityRef, ListPool, PrimaryMap};

/// Where a value comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValueDef {
    /// Result `num` of an instruction.
    Result(Inst, usize),
    /// Parameter `num` of a block.
    Param(Block, usize),
}

#[derive(Clone, Copy, Debug)]
enum ValueData {
    Inst { ty: Type, num: u16, inst: Inst },
    Param { ty: Type, num: u16, block: Block },
    Alias { ty: Type, original: Value },
}

/// Where an instruction's results are in [`DataFlowGraph`]'s list of
/// result values (an instruction's results are made together, so they sit
/// side by side there).
#[derive(Clone, Copy, Default, Debug)]
struct Results {
    start: u32,
    len: u32,
}

/// A block's parameters.
#[derive(Clone, Default, Debug)]
pub struct BlockData {
    params: ValueList,
}

/// Values, instructions and blocks of one function.
#[derive(Clone, Default)]
pub struct DataFlowGraph {
    insts: PrimaryMap<Inst, InstructionData>,
    /// Every instruction's results, pushed with the instruction.
    results: PrimaryMap<Inst, Results>,
    /// The results of every instruction, each instruction's side by side
    /// (cheaper than a pool list per instruction, as results never change).
    result_values: Vec<Value>,
    blocks: PrimaryMap<Block, BlockData>,
    values: PrimaryMap<Value, ValueData>,
    /// Storage of every value list (arguments, block parameters).
    pub value_lists: ListPool<Value>,
    /// True once some value became an alias (none is made any other way).
    has_aliases: bool,
}

impl DataFlowGraph {
    /// An empty graph.
    pub fn new() -> Self {
        DataFlowGraph::default()
    }

    /// An empty graph with room for about `insts` instructions, `values`
    /// values and `blocks` blocks before its tables grow (growing them one
    /// doubling at a time costs more than the guess).
    pub fn with_capacity(insts: usize, values: usize, blocks: usize) -> Self {
        DataFlowGraph {
            insts: PrimaryMap::with_capacity(insts),
            results: PrimaryMap::with_capacity(insts),
            result_values: Vec::with_capacity(values),
            blocks: PrimaryMap::with_capacity(blocks),
            values: PrimaryMap::with_capacity(values),
            // Block parameters and branch arguments: a few per block.
            value_lists: ListPool::with_capacity(16 * blocks),
            has_aliases: false,
        }
    }

    /// Number of instructions created (including removed ones).
    pub fn num_insts(&self) -> usize {
        self.insts.len()
    }

    /// Number of blocks created.
    pub fn num_blocks(&self) -> usize {
        self.blocks.len()
    }

    /// Number of values created.
    pub fn num_values(&self) -> usize {
        self.values.len()
    }

    /// Creates a block with no parameters (not yet in the layout).
    pub fn make_block(&mut self) -> Block {
        self.blocks.push(BlockData::default())
    }

    /// Adds a parameter of type `ty` to `block`.
    pub fn append_block_param(&mut self, block: Block, ty: Type) -> Value {
        let num = self.blocks[block].params.len(&self.value_lists) as u16;
        let v = self.values.push(ValueData::Param { ty, num, block });
        self.blocks[block].params.push(v, &mut self.value_lists);
        v
    }

    /// Adds parameters of types `types` to `block`, in order, and returns
    /// every parameter of the block (one growth of the list, where
    /// [`DataFlowGraph::append_block_param`] may grow it per parameter).
    pub fn append_block_params(&mut self, block: Block, types: &[Type]) -> &[Value] {
        let start = self.blocks[block].params.len(&self.value_lists);
        let first = self.values.len();
        for (i, &ty) in types.iter().enumerate() {
            let num = (start + i) as u16;
            self.values.push(ValueData::Param { ty, num, block });
        }
        let new = (first..first + types.len()).map(Value::new);
        self.blocks[block].params.extend(new, &mut self.value_lists);
        self.blocks[block].params.as_slice(&self.value_lists)
    }

    /// The parameters of a block.
    pub fn block_params(&self, block: Block) -> &[Value] {
        self.blocks[block].params.as_slice(&self.value_lists)
    }

    /// Every block created, in creation order.
    pub fn all_blocks(&self) -> impl Iterator<Item = Block> + '_ {
        self.blocks.keys()
    }

    /// Creates an instruction with results of the given types.
    #[inline]
    pub fn make_inst(&mut self, data: InstructionData, result_types: &[Type]) -> Inst {
        let inst = self.insts.push(data);
        self.results.push(Results {
            start: self.result_values.len() as u32,
            len: result_types.len() as u32,
        });
        for (num, &ty) in result_types.iter().enumerate() {
            let v = self.values.push(ValueData::Inst {
                ty,
                num: num as u16,
                inst,
            });
            self.result_values.push(v);
        }
        inst
    }

    /// The operands of an instruction.
    pub fn inst(&self, inst: Inst) -> &InstructionData {
        &self.insts[inst]
    }

    /// The operands of an instruction, for rewriting.
    pub fn inst_mut(&mut self, inst: Inst) -> &mut InstructionData {
        &mut self.insts[inst]
    }

    /// Replaces an instruction's data, keeping its results.
    pub fn replace_inst(&mut self, inst: Inst, data: InstructionData) {
        self.insts[inst] = data;
    }

    /// The results of an instruction.
    pub fn inst_results(&self, inst: Inst) -> &[Value] {
        let Results { start, len } = self.results[inst];
        &self.result_values[start as usize..(start + len) as usize]
    }

    /// The first result of an instruction, if it has one.
    pub fn first_result(&self, inst: Inst) -> Option<Value> {
        self.inst_results(inst).first().copied()
    }

    /// Every value operand of an instruction, including branch arguments,
    /// in order (fixed operands first, then each destination's arguments).
    pub fn inst_args(&self, inst: Inst) -> Vec<Value> {
        let mut out = Vec::new();
        self.for_each_arg(inst, |v| out.push(v));
        out
    }

    /// Calls `f` on every value operand of an instruction (inlined: passes
    /// call it on every instruction, with small closures).
    #[inline]
    pub fn for_each_arg(&self, inst: Inst, mut f: impl FnMut(Value)) {
        use InstructionData::*;
        let pool = &self.value_lists;
        match &self.insts[inst] {
            Nullary { .. }
            | UnaryImm { .. }
            | UnaryIeee { .. }
            | AddrOf { .. }
            | Special { .. } => {}
            Unary { arg, .. } => f(*arg),
            Load { addr, .. } => f(*addr),
            Binary { args, .. }
            | IntCompare { args, .. }
            | FloatCompare { args, .. }
            | Store { args, .. }
            | AtomicRmw { args, .. }
            | Vote { args, .. } => args.iter().for_each(|v| f(*v)),
            Ternary { args, .. } | AtomicCas { args, .. } | Shuffle { args, .. } => {
                args.iter().for_each(|v| f(*v))
            }
            Call { args, .. } | Print { args, .. } | Return { args, .. } => {
                args.as_slice(pool).iter().for_each(|v| f(*v))
            }
            Jump { dest, .. } => dest.args.as_slice(pool).iter().for_each(|v| f(*v)),
            Brif { cond, blocks, .. } => {
                f(*cond);
                for b in blocks {
                    b.args.as_slice(pool).iter().for_each(|v| f(*v));
                }
            }
        }
    }

    /// Rewrites every value operand of an instruction with `f`.
    pub fn map_args(&mut self, inst: Inst, f: impl FnMut(Value) -> Value) {
        map_operands(&mut self.insts[inst], &mut self.value_lists, f);
    }

    /// Makes a value list from a slice.
    pub fn value_list(&mut self, values: &[Value]) -> ValueList {
        ValueList::from_slice(values, &mut self.value_lists)
    }

    /// A branch destination.
    pub fn block_call(&mut self, block: Block, args: &[Value]) -> BlockCall {
        BlockCall {
            block,
            args: self.value_list(args),
        }
    }

    /// The arguments of a branch destination.
    pub fn block_call_args(&self, call: &BlockCall) -> &[Value] {
        call.args.as_slice(&self.value_lists)
    }

    /// The values of any value list.
    pub fn list(&self, list: &ValueList) -> &[Value] {
        list.as_slice(&self.value_lists)
    }

    /// The type of a value.
    pub fn value_type(&self, v: Value) -> Type {
        match self.values[v] {
            ValueData::Inst { ty, .. }
            | ValueData::Param { ty, .. }
            | ValueData::Alias { ty, .. } => ty,
        }
    }

    /// Follows aliases to the value that defines `v`.
    pub fn resolve_aliases(&self, mut v: Value) -> Value {
        for _ in 0..self.values.len() {
            match self.values[v] {
                ValueData::Alias { original, .. } => v = original,
                _ => return v,
            }
        }
        panic!("alias cycle at {v}");
    }

    /// Where a value is defined (after following aliases).
    pub fn value_def(&self, v: Value) -> ValueDef {
        match self.values[self.resolve_aliases(v)] {
            ValueData::Inst { num, inst, .. } => ValueDef::Result(inst, num as usize),
            ValueData::Param { num, block, .. } => ValueDef::Param(block, num as usize),
            ValueData::Alias { .. } => unreachable!("aliases were resolved"),
        }
    }

    /// True when `v` is an alias.
    pub fn is_alias(&self, v: Value) -> bool {
        matches!(self.values[v], ValueData::Alias { .. })
    }

    /// True when some value is an alias (when not, operands need no
    /// resolving).
    pub fn has_aliases(&self) -> bool {
        self.has_aliases
    }

    /// Turns `v` into an alias of `original`: every use of `v` now means
    /// `original`. Both must have the same type.
    pub fn change_to_alias(&mut self, v: Value, original: Value) {
        let original = self.resolve_aliases(original);
        assert_ne!(v, original, "a value cannot alias itself");
        let ty = self.value_type(original);
        assert_eq!(self.value_type(v), ty, "alias of a value of another type");
        self.values[v] = ValueData::Alias { ty, original };
        self.has_aliases = true;
    }

    /// Replaces every aliased operand of `inst` by its original.
    pub fn resolve_inst_aliases(&mut self, inst: Inst) {
        let values = &self.values;
        let resolve = |mut v: Value| {
            while let ValueData::Alias { original, .. } = values[v] {
                v = original;
            }
            v
        };
        map_operands(&mut self.insts[inst], &mut self.value_lists, resolve);
    }

    /// Removes parameter `num` of `block` (callers must also remove the
    /// matching argument from every branch to it).
    pub fn remove_block_param(&mut self, block: Block, num: usize) {
        self.blocks[block].params.remove(num, &mut self.value_lists);
        let params = self.blocks[block].params.as_slice(&self.value_lists);
        for (i, &p) in params.iter().enumerate().skip(num) {
            if let ValueData::Param { ref mut num, .. } = self.values[p] {
                *num = i as u16;
            }
        }
    }
}

/// Rewrites every value operand of an instruction (fixed operands, then
/// each branch destination's arguments) with `f`.
fn map_operands(
    data: &mut InstructionData,
    pool: &mut ListPool<Value>,
    mut f: impl FnMut(Value) -> Value,
) {
    use InstructionData::*;
    match data {
        Nullary { .. } | UnaryImm { .. } | UnaryIeee { .. } | AddrOf { .. } | Special { .. } => {}
        Unary { arg, .. } => *arg = f(*arg),
        Load { addr, .. } => *addr = f(*addr),
        Binary { args, .. }
        | IntCompare { args, .. }
        | FloatCompare { args, .. }
        | Store { args, .. }
        | AtomicRmw { args, .. }
        | Vote { args, .. } => args.iter_mut().for_each(|v| *v = f(*v)),
        Ternary { args, .. } | AtomicCas { args, .. } | Shuffle { args, .. } => {
            args.iter_mut().for_each(|v| *v = f(*v))
        }
        Call { args, .. } | Print { args, .. } | Return { args, .. } => {
            args.as_mut_slice(pool).iter_mut().for_each(|v| *v = f(*v))
        }
        Jump { dest, .. } => dest
            .args
            .as_mut_slice(pool)
            .iter_mut()
            .for_each(|v| *v = f(*v)),
        Brif { cond, blocks, .. } => {
            *cond = f(*cond);
            for b in blocks.iter_mut() {
                b.args
                    .as_mut_slice(pool)
                    .iter_mut()
                    .for_each(|v| *v = f(*v));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::instructions::Opcode;

    #[test]
    fn values_know_their_definitions() {
        let mut dfg = DataFlowGraph::new();
        let b = dfg.make_block();
        let p = dfg.append_block_param(b, Type::I32);
        let i = dfg.make_inst(
            InstructionData::Binary {
                opcode: Opcode::Iadd,
                args: [p, p],
            },
            &[Type::I32],
        );
        let r = dfg.first_result(i).unwrap();
        assert_eq!(dfg.value_def(p), ValueDef::Param(b, 0));
        assert_eq!(dfg.value_def(r), ValueDef::Result(i, 0));
        assert_eq!(dfg.inst_args(i), vec![p, p]);
        let j = dfg.make_inst(
            InstructionData::Unary {
                opcode: Opcode::Ineg,
                arg: r,
            },
            &[Type::I32],
        );
        let s = dfg.first_result(j).unwrap();
        dfg.change_to_alias(s, r);
        assert_eq!(dfg.resolve_aliases(s), r);
        assert_eq!(dfg.value_def(s), ValueDef::Result(i, 0));
    }
}
