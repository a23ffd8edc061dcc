//! The `f32` math functions computed by the hardware approximations, as
//! numba-cuda's `fastmath=True` computes them (libdevice's `__nv_fast_*`
//! functions, which NVVM uses under fast math): `sin`, `cos`, `log2`,
//! `exp2` and `tanh` are one instruction each; `tan` is `sin / cos`; `log`
//! and `log10` scale `lg2` by `ln 2` and `log10 2`; `exp` is
//! `ex2(x * log2 e)`; `pow(x, y)` is `ex2(y * lg2(x))` (so NaN for a
//! negative `x`, as `__nv_fast_powf`). Under `fastmath` the PTX back end
//! writes them (and `f32` arithmetic) with `.ftz`, as NVVM's `ftz=1` does.

use crate::ir::entities::{Inst, Value};
use crate::ir::function::Function;
use crate::ir::instructions::{InstructionData, Opcode};
use crate::ir::types::Type;

/// `ln 2` rounded to f32 (`0f3F317218`).
const LN_2: f32 = std::f32::consts::LN_2;
/// `log10 2` rounded to f32 (`0f3E9A209B`).
const LOG10_2: f32 = std::f32::consts::LOG10_2;
/// `log2 e` rounded to f32 (`0f3FB8AA3B`).
const LOG2_E: f32 = std::f32::consts::LOG2_E;

/// Replaces the math instruction `inst` (`op` of type `ty`) of `func` by
/// the hardware approximation, when there is one for it. Returns whether
/// it did.
pub fn approximate(func: &mut Function, inst: Inst, op: Opcode, ty: Type) -> bool {
    if ty != Type::F32 {
        return false;
    }
    let args = func.dfg.inst_args(inst);
    let x = args[0];
    let data = match op {
        Opcode::Exp2 => unary(Opcode::Ex2Approx, x),
        Opcode::Sin => unary(Opcode::SinApprox, x),
        Opcode::Cos => unary(Opcode::CosApprox, x),
        Opcode::Log2 => unary(Opcode::Lg2Approx, x),
        Opcode::Tanh => unary(Opcode::TanhApprox, x),
        Opcode::Tan => {
            let s = before(func, inst, unary(Opcode::SinApprox, x));
            let c = before(func, inst, unary(Opcode::CosApprox, x));
            binary(Opcode::Fdiv, s, c)
        }
        Opcode::Log | Opcode::Log10 => {
            let l = before(func, inst, unary(Opcode::Lg2Approx, x));
            let k = constant(func, inst, if op == Opcode::Log { LN_2 } else { LOG10_2 });
            binary(Opcode::Fmul, l, k)
        }
        Opcode::Exp => {
            let k = constant(func, inst, LOG2_E);
            let m = before(func, inst, binary(Opcode::Fmul, x, k));
            unary(Opcode::Ex2Approx, m)
        }
        Opcode::Pow => {
            let l = before(func, inst, unary(Opcode::Lg2Approx, x));
            let m = before(func, inst, binary(Opcode::Fmul, args[1], l));
            unary(Opcode::Ex2Approx, m)
        }
        _ => return false,
    };
    func.dfg.replace_inst(inst, data);
    true
}

fn unary(opcode: Opcode, arg: Value) -> InstructionData {
    InstructionData::Unary { opcode, arg }
}

fn binary(opcode: Opcode, a: Value, b: Value) -> InstructionData {
    InstructionData::Binary {
        opcode,
        args: [a, b],
    }
}

/// Inserts an f32 instruction computing `data` before `at`; its result.
fn before(func: &mut Function, at: Inst, data: InstructionData) -> Value {
    let inst = func.dfg.make_inst(data, &[Type::F32]);
    func.layout.insert_inst_before(inst, at);
    func.dfg.first_result(inst).expect("one result")
}

/// An f32 constant defined before `at`.
fn constant(func: &mut Function, at: Inst, v: f32) -> Value {
    let data = InstructionData::UnaryIeee {
        opcode: Opcode::Fconst,
        bits: u64::from(v.to_bits()),
    };
    before(func, at, data)
}
