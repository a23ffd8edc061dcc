//! If-conversion of short conditional blocks: the shape `a and b` and
//! `a or b` take when lowered, and small `if`s that only compute a value.
//!
//! ```text
//! block0:                            block0:
//!     brif v1, block1, block2(v1)        v3 = icmp slt v2, v9
//! block1:                      =>        v4 = band v1, v3
//!     v3 = icmp slt v2, v9               jump block2(v4)
//!     jump block2(v3)
//! ```
//!
//! A `brif` one of whose destinations (`block1`) has no parameters, no
//! other predecessor, at most [`MAX_SPECULATED`] instructions that are pure,
//! cannot fault and are cheap (no memory access, no integer division, no
//! math-library function), and a `jump`
//! to the `brif`'s other destination (`block2`): `block1`'s instructions
//! move in front of the `brif`, which becomes a `jump` to `block2` whose
//! arguments pick, per parameter, the value of the path the condition
//! selects. On `i1` parameters the picks are `band`/`bor` where one side
//! is the condition itself (`a and b`, `a or b`), else a `select`.
//! `simplify_cfg` then merges `block2` into its now only predecessor.
//!
//! Fewer blocks mean fewer branches and block parameters for every later
//! pass and for register allocation, and ptxas gets straight-line predicate
//! code. The speculated instructions run on both paths; the limit keeps
//! that cheap.

use super::util::{is_int_division, is_pure};
use super::Analyses;
use crate::ir::{Block, FuncBuilder, Function, InstructionData, Opcode, Type, Value};

/// The most instructions (besides its `jump`) a block may have to be
/// executed unconditionally.
pub const MAX_SPECULATED: usize = 8;

/// Runs if-conversion on `func` (on its own, without kept analyses).
pub fn run(func: &mut Function) {
    run_with(func, &mut Analyses::new());
}

/// Runs if-conversion on `func`, with its still valid `analyses` (dropped
/// when a block was converted).
pub fn run_with(func: &mut Function, analyses: &mut Analyses) {
    let mut candidates = Vec::new();
    {
        let cfg = analyses.cfg(func);
        for &a in func.layout.blocks() {
            if let Some(c) = candidate(func, a, |b| cfg.preds(b).len() == 1) {
                candidates.push(c);
            }
        }
    }
    // Conversions do not disturb one another: each head has one candidate;
    // a side block ends with a `jump`, so it is nobody's head, and it has a
    // single incoming edge, so it is no other candidate's side or join
    // (a join has two). A conversion only rewrites its head and removes its
    // side.
    let changed = !candidates.is_empty();
    for c in candidates {
        convert(func, &c);
    }
    if changed {
        analyses.invalidate();
    }
}

/// One shape to convert: `head` ends with `brif cond`, one of whose
/// destinations is `side`, which jumps to `join`, the other destination.
struct Candidate {
    head: Block,
    side: Block,
    /// Whether `side` is the `then` destination (reached when `cond` holds).
    side_is_then: bool,
}

/// The shape at `head`, if it has one; `single_pred` says whether a block
/// has exactly one incoming edge.
fn candidate(
    func: &Function,
    head: Block,
    single_pred: impl Fn(Block) -> bool,
) -> Option<Candidate> {
    let term = func.layout.last_inst(head)?;
    let InstructionData::Brif { blocks, .. } = func.dfg.inst(term) else {
        return None;
    };
    for (k, call) in blocks.iter().enumerate() {
        let (side, join) = (call.block, blocks[1 - k].block);
        if side == head || side == join || join == head {
            continue;
        }
        if !func.dfg.block_call_args(call).is_empty() || !single_pred(side) {
            continue;
        }
        if side_jumps_to(func, side) == Some(join) && speculatable(func, side) {
            return Some(Candidate {
                head,
                side,
                side_is_then: k == 0,
            });
        }
    }
    None
}

/// The destination of `block`'s terminator when it is a `jump`.
fn side_jumps_to(func: &Function, block: Block) -> Option<Block> {
    match func.dfg.inst(func.layout.last_inst(block)?) {
        InstructionData::Jump { dest, .. } => Some(dest.block),
        _ => None,
    }
}

/// Whether every instruction of `block` but its terminator may run on a
/// path that did not run it before, cheaply: pure, not an integer division
/// (which may fault on a zero divisor), not a math-library function (tens
/// of instructions once expanded), and few.
fn speculatable(func: &Function, block: Block) -> bool {
    let insts = func.layout.block_insts(block);
    let body = &insts[..insts.len().saturating_sub(1)];
    func.dfg.block_params(block).is_empty()
        && body.len() <= MAX_SPECULATED
        && body.iter().all(|&i| {
            let op = func.dfg.inst(i).opcode();
            is_pure(op) && !is_int_division(op) && !op.is_math_library() && !op.is_terminator()
        })
}

/// Converts one shape (see the module documentation).
fn convert(func: &mut Function, c: &Candidate) {
    let term = func.layout.last_inst(c.head).expect("head has a brif");
    let InstructionData::Brif { cond, blocks, .. } = func.dfg.inst(term).clone() else {
        unreachable!("a candidate's head ends with a brif");
    };
    let k = usize::from(!c.side_is_then);
    let join_call = &blocks[1 - k];
    let join = join_call.block;
    let join_args: Vec<Value> = func.dfg.block_call_args(join_call).to_vec();
    let side_jump = func.layout.last_inst(c.side).expect("side has a jump");
    let side_args: Vec<Value> = match func.dfg.inst(side_jump) {
        InstructionData::Jump { dest, .. } => func.dfg.block_call_args(dest).to_vec(),
        _ => unreachable!("a candidate's side ends with a jump"),
    };
    // The side block's instructions go where the brif was.
    func.layout.remove_inst(term);
    func.layout.remove_inst(side_jump);
    func.layout.move_insts_from(c.side, 0, c.head);
    func.layout.remove_block(c.side);
    let cond = func.dfg.resolve_aliases(cond);
    // Per join parameter: its value when `cond` holds and when it does not.
    let picks: Vec<(Value, Value)> = side_args
        .iter()
        .zip(&join_args)
        .map(|(&side_v, &join_v)| {
            let (side_v, join_v) = (
                func.dfg.resolve_aliases(side_v),
                func.dfg.resolve_aliases(join_v),
            );
            if c.side_is_then {
                (side_v, join_v)
            } else {
                (join_v, side_v)
            }
        })
        .collect();
    let mut b = FuncBuilder::at(func, Some(c.head));
    let args: Vec<Value> = picks
        .into_iter()
        .map(|(if_true, if_false)| pick(&mut b, cond, if_true, if_false))
        .collect();
    b.jump(join, &args);
}

/// The value `cond ? t : f` (aliases resolved), as simply as it can be
/// said.
fn pick(b: &mut FuncBuilder<'_>, cond: Value, t: Value, f: Value) -> Value {
    if t == f {
        return t;
    }
    if b.ty(t) == Type::I1 {
        // On the path where `cond` is false, `cond` is the constant false;
        // where it holds, the constant true.
        if f == cond {
            return b.binary(Opcode::Band, cond, t);
        }
        if t == cond {
            return b.binary(Opcode::Bor, cond, f);
        }
    }
    b.select(cond, t, f)
}
