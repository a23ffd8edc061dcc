//! Builds parsed functions with their exact entity numbers.
//!
//! Values are numbered in creation order, so the builder creates them in
//! ascending number: a block parameter, the results of an instruction (an
//! instruction's results are consecutive), or, for a number the text never
//! defines, a placeholder: the `i32` result of a `trap` that is not laid
//! out (the verifier reports any use of it). Blocks are created up to the
//! highest number seen; those without a header stay out of the layout.

use super::cursor::error_at;
use super::grammar::{PendingBlock, PendingFunc, PendingInst, PendingModule, ResultTypes};
use super::ParseError;
use crate::ir::entities::{Block, Inst};
use crate::ir::function::{Function, Module, Signature};
use crate::ir::instructions::{InstructionData, Opcode};
use crate::ir::types::Type;
use cranelift_entity::EntityRef;

/// Builds every pending function into the module.
pub(super) fn build_module(pending: PendingModule) -> Result<Module, ParseError> {
    let sigs: Vec<Signature> = pending
        .funcs
        .iter()
        .map(|f| f.func.signature.clone())
        .collect();
    let mut module = pending.module;
    for pf in pending.funcs {
        module.functions.push(build_function(pf, &sigs)?);
    }
    Ok(module)
}

/// What defines a value number.
#[derive(Clone, Copy)]
enum Def {
    Param(Block, Type),
    /// The first result of instruction `k` (in text order).
    FirstResult(usize),
    /// A later result of an instruction.
    OtherResult,
}

fn build_function(pf: PendingFunc, sigs: &[Signature]) -> Result<Function, ParseError> {
    let PendingFunc {
        mut func,
        blocks,
        max_value,
        max_block,
    } = pf;
    lay_out_blocks(&mut func, &blocks, max_block)?;
    let insts: Vec<(Block, &PendingInst)> = blocks
        .iter()
        .flat_map(|b| b.insts.iter().map(move |i| (Block::new(b.num as usize), i)))
        .collect();
    let types = insts
        .iter()
        .map(|(_, i)| result_types(i, sigs))
        .collect::<Result<Vec<_>, _>>()?;
    let value_count = max_value.map_or(0, |m| m as usize + 1);
    let defs = value_defs(&blocks, &insts, value_count)?;
    let made = create_values(&mut func, &defs, &insts, &types);
    for (k, (block, _)) in insts.iter().enumerate() {
        let inst = made[k].unwrap_or_else(|| func.dfg.make_inst(insts[k].1.data.clone(), &[]));
        func.layout.append_inst(inst, *block);
    }
    Ok(func)
}

fn lay_out_blocks(
    func: &mut Function,
    blocks: &[PendingBlock],
    max_block: Option<u32>,
) -> Result<(), ParseError> {
    for _ in 0..max_block.map_or(0, |m| m + 1) {
        func.dfg.make_block();
    }
    for b in blocks {
        let block = Block::new(b.num as usize);
        if func.layout.is_block_inserted(block) {
            return Err(error_at(b.pos, format!("{block} is defined twice")));
        }
        func.layout.append_block(block);
    }
    Ok(())
}

fn result_types(inst: &PendingInst, sigs: &[Signature]) -> Result<Vec<Type>, ParseError> {
    let types = match &inst.types {
        ResultTypes::Given(t) => t.clone(),
        ResultTypes::Callee(f) => match sigs.get(f.index()) {
            Some(sig) => sig.returns.clone(),
            None => {
                let msg = format!("{f} does not exist: give the result types");
                return Err(error_at(inst.pos, msg));
            }
        },
    };
    if types.len() != inst.results.len() {
        let msg = format!(
            "{} results, but the callee returns {} values",
            inst.results.len(),
            types.len()
        );
        return Err(error_at(inst.pos, msg));
    }
    Ok(types)
}

fn value_defs(
    blocks: &[PendingBlock],
    insts: &[(Block, &PendingInst)],
    count: usize,
) -> Result<Vec<Option<Def>>, ParseError> {
    let mut defs = vec![None; count];
    for b in blocks {
        let block = Block::new(b.num as usize);
        let mut last = None;
        for &(v, ty, pos) in &b.params {
            if last >= Some(v) {
                return Err(error_at(
                    pos,
                    "block parameters must be numbered in increasing order",
                ));
            }
            last = Some(v);
            define(&mut defs, v, Def::Param(block, ty), pos)?;
        }
    }
    for (k, (_, inst)) in insts.iter().enumerate() {
        for (j, &v) in inst.results.iter().enumerate() {
            if j > 0 && v != inst.results[0] + j as u32 {
                return Err(error_at(
                    inst.pos,
                    "the results of an instruction must be numbered consecutively",
                ));
            }
            let def = if j == 0 {
                Def::FirstResult(k)
            } else {
                Def::OtherResult
            };
            define(&mut defs, v, def, inst.pos)?;
        }
    }
    Ok(defs)
}

fn define(
    defs: &mut [Option<Def>],
    v: u32,
    def: Def,
    pos: super::cursor::Pos,
) -> Result<(), ParseError> {
    let slot = &mut defs[v as usize];
    if slot.is_some() {
        return Err(error_at(pos, format!("v{v} is defined twice")));
    }
    *slot = Some(def);
    Ok(())
}

/// Creates values in number order; returns the instruction made for each
/// pending instruction that has results.
fn create_values(
    func: &mut Function,
    defs: &[Option<Def>],
    insts: &[(Block, &PendingInst)],
    types: &[Vec<Type>],
) -> Vec<Option<Inst>> {
    let mut made = vec![None; insts.len()];
    for def in defs {
        match *def {
            Some(Def::Param(block, ty)) => {
                func.dfg.append_block_param(block, ty);
            }
            Some(Def::FirstResult(k)) => {
                made[k] = Some(func.dfg.make_inst(insts[k].1.data.clone(), &types[k]));
            }
            Some(Def::OtherResult) => {}
            None => {
                let placeholder = InstructionData::Nullary {
                    opcode: Opcode::Trap,
                };
                func.dfg.make_inst(placeholder, &[Type::I32]);
            }
        }
    }
    made
}
