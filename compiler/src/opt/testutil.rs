//! Helpers for the passes' unit tests: building small functions and
//! describing them compactly for assertions.

use crate::ir::{Block, FuncKind, Function, Inst, Opcode, Signature, Type};

/// A device function with the given parameter and return types.
pub(crate) fn func(params: &[Type], returns: &[Type]) -> Function {
    Function::new(
        "f",
        FuncKind::Device,
        Signature {
            params: params.to_vec(),
            returns: returns.to_vec(),
        },
    )
}

/// The opcodes of a block, in order.
pub(crate) fn ops(f: &Function, b: Block) -> Vec<Opcode> {
    f.layout
        .block_insts(b)
        .iter()
        .map(|&i| f.dfg.inst(i).opcode())
        .collect()
}

/// The opcodes of every block, in layout order.
pub(crate) fn all_ops(f: &Function) -> Vec<Vec<Opcode>> {
    f.layout.blocks().iter().map(|&b| ops(f, b)).collect()
}

/// Every laid-out instruction, in layout order.
pub(crate) fn all_insts(func: &Function) -> Vec<Inst> {
    func.layout
        .blocks()
        .iter()
        .flat_map(|&b| func.layout.block_insts(b).iter().copied())
        .collect()
}
