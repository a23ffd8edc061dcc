//! A cursor that appends instructions to blocks, with one method per kind
//! of instruction so lowering code reads like the IR it produces.

use super::entities::{Block, FuncRef, Inst, StringId, Value};
use super::function::Function;
use super::instructions::*;
use super::types::Type;

/// Appends instructions at the end of the current block of a function.
pub struct FuncBuilder<'f> {
    /// The function being built.
    pub func: &'f mut Function,
    block: Option<Block>,
}

impl<'f> FuncBuilder<'f> {
    /// A builder with no current block.
    pub fn new(func: &'f mut Function) -> Self {
        FuncBuilder { func, block: None }
    }

    /// A builder appending to `block` (or with no current block).
    pub fn at(func: &'f mut Function, block: Option<Block>) -> Self {
        FuncBuilder { func, block }
    }

    /// Creates a block and appends it to the layout.
    pub fn create_block(&mut self) -> Block {
        let b = self.func.dfg.make_block();
        self.func.layout.append_block(b);
        b
    }

    /// Adds a parameter to a block.
    pub fn append_param(&mut self, block: Block, ty: Type) -> Value {
        self.func.dfg.append_block_param(block, ty)
    }

    /// Makes `block` the current block.
    pub fn switch_to(&mut self, block: Block) {
        self.block = Some(block);
    }

    /// The current block.
    pub fn current_block(&self) -> Option<Block> {
        self.block
    }

    /// True when the current block already ends in a terminator.
    pub fn is_terminated(&self) -> bool {
        let Some(b) = self.block else { return true };
        self.func
            .layout
            .last_inst(b)
            .is_some_and(|i| self.func.dfg.inst(i).opcode().is_terminator())
    }

    /// The type of a value.
    pub fn ty(&self, v: Value) -> Type {
        self.func.dfg.value_type(v)
    }

    /// Appends an instruction with the given result types.
    pub fn build(&mut self, data: InstructionData, results: &[Type]) -> Inst {
        let block = self.block.expect("the builder has a current block");
        let inst = self.func.dfg.make_inst(data, results);
        self.func.layout.append_inst(inst, block);
        inst
    }

    fn build1(&mut self, data: InstructionData, ty: Type) -> Value {
        let inst = self.build(data, &[ty]);
        self.func.dfg.first_result(inst).expect("one result")
    }

    /// `iconst.ty imm`.
    pub fn iconst(&mut self, ty: Type, imm: i64) -> Value {
        self.build1(
            InstructionData::UnaryImm {
                opcode: Opcode::Iconst,
                imm,
            },
            ty,
        )
    }

    /// `fconst.ty value` (rounded to the type).
    pub fn fconst(&mut self, ty: Type, value: f64) -> Value {
        let bits = match ty {
            Type::F16 => f64_to_f16_bits(value) as u64,
            Type::F32 => (value as f32).to_bits() as u64,
            _ => value.to_bits(),
        };
        self.build1(
            InstructionData::UnaryIeee {
                opcode: Opcode::Fconst,
                bits,
            },
            ty,
        )
    }

    /// A one-operand instruction with result type `ty`.
    pub fn unary(&mut self, opcode: Opcode, ty: Type, arg: Value) -> Value {
        self.build1(InstructionData::Unary { opcode, arg }, ty)
    }

    /// A two-operand instruction whose result has the first operand's type.
    pub fn binary(&mut self, opcode: Opcode, a: Value, b: Value) -> Value {
        let ty = self.ty(a);
        self.build1(
            InstructionData::Binary {
                opcode,
                args: [a, b],
            },
            ty,
        )
    }

    /// `select c, a, b`.
    pub fn select(&mut self, c: Value, a: Value, b: Value) -> Value {
        let ty = self.ty(a);
        self.build1(
            InstructionData::Ternary {
                opcode: Opcode::Select,
                args: [c, a, b],
            },
            ty,
        )
    }

    /// `fma a, b, c`.
    pub fn fma(&mut self, a: Value, b: Value, c: Value) -> Value {
        self.ternary(Opcode::Fma, a, b, c)
    }

    /// A three-operand arithmetic instruction (`fma`, `fma_rz`, ...)
    /// giving the type of `a`.
    pub fn ternary(&mut self, opcode: Opcode, a: Value, b: Value, c: Value) -> Value {
        let ty = self.ty(a);
        self.build1(
            InstructionData::Ternary {
                opcode,
                args: [a, b, c],
            },
            ty,
        )
    }

    /// `icmp cond a, b`.
    pub fn icmp(&mut self, cond: IntCC, a: Value, b: Value) -> Value {
        self.build1(
            InstructionData::IntCompare {
                opcode: Opcode::Icmp,
                cond,
                args: [a, b],
            },
            Type::I1,
        )
    }

    /// `fcmp cond a, b`.
    pub fn fcmp(&mut self, cond: FloatCC, a: Value, b: Value) -> Value {
        self.build1(
            InstructionData::FloatCompare {
                opcode: Opcode::Fcmp,
                cond,
                args: [a, b],
            },
            Type::I1,
        )
    }

    /// `load.ty addr+offset`.
    pub fn load(&mut self, ty: Type, addr: Value, offset: i32) -> Value {
        self.build1(
            InstructionData::Load {
                opcode: Opcode::Load,
                addr,
                offset,
            },
            ty,
        )
    }

    /// `store addr+offset, value`.
    pub fn store(&mut self, addr: Value, value: Value, offset: i32) {
        self.build(
            InstructionData::Store {
                opcode: Opcode::Store,
                args: [addr, value],
                offset,
            },
            &[],
        );
    }

    /// A global load with a cache hint: `op` is one of `load_ca` ...
    /// `load_cv` (`Opcode::is_cached_load`).
    pub fn cached_load(&mut self, op: Opcode, ty: Type, addr: Value) -> Value {
        debug_assert!(op.is_cached_load());
        self.build1(
            InstructionData::Load {
                opcode: op,
                addr,
                offset: 0,
            },
            ty,
        )
    }

    /// A global store with a cache hint: `op` is one of `store_cg` ...
    /// `store_wt` (`Opcode::is_cached_store`).
    pub fn cached_store(&mut self, op: Opcode, addr: Value, value: Value) {
        debug_assert!(op.is_cached_store());
        self.build(
            InstructionData::Store {
                opcode: op,
                args: [addr, value],
                offset: 0,
            },
            &[],
        );
    }

    /// `ptr_add p, bytes`.
    pub fn ptr_add(&mut self, p: Value, bytes: Value) -> Value {
        self.binary(Opcode::PtrAdd, p, bytes)
    }

    /// `atomic_rmw.T op addr, value`.
    pub fn atomic_rmw(&mut self, op: AtomicRmwOp, addr: Value, value: Value) -> Value {
        let ty = self.ty(value);
        self.build1(
            InstructionData::AtomicRmw {
                opcode: Opcode::AtomicRmw,
                op,
                args: [addr, value],
            },
            ty,
        )
    }

    /// `atomic_cas.T addr, expected, new`.
    pub fn atomic_cas(&mut self, addr: Value, expected: Value, new: Value) -> Value {
        let ty = self.ty(expected);
        self.build1(
            InstructionData::AtomicCas {
                opcode: Opcode::AtomicCas,
                args: [addr, expected, new],
            },
            ty,
        )
    }

    /// `shared_addr` / `local_addr` / `const_addr` of array `index`.
    pub fn addr_of(&mut self, opcode: Opcode, index: u32, ty: Type) -> Value {
        self.build1(InstructionData::AddrOf { opcode, index }, ty)
    }

    /// `special reg` (an `i32`).
    pub fn special(&mut self, reg: SpecialReg) -> Value {
        self.build1(
            InstructionData::Special {
                opcode: Opcode::Special,
                reg,
            },
            Type::I32,
        )
    }

    /// An operand-less instruction with an optional result.
    pub fn nullary(&mut self, opcode: Opcode, result: Option<Type>) -> Option<Value> {
        let results: &[Type] = match &result {
            Some(t) => std::slice::from_ref(t),
            None => &[],
        };
        let inst = self.build(InstructionData::Nullary { opcode }, results);
        self.func.dfg.first_result(inst)
    }

    /// `shuffle.T mode mask, value, lane`.
    pub fn shuffle(&mut self, mode: ShuffleMode, mask: Value, value: Value, lane: Value) -> Value {
        let ty = self.ty(value);
        self.build1(
            InstructionData::Shuffle {
                opcode: Opcode::Shuffle,
                mode,
                args: [mask, value, lane],
            },
            ty,
        )
    }

    /// `vote mode mask, pred` (`pred` is an `i32` or `i64` value for the
    /// match modes), of [`VoteMode::result_type`].
    pub fn vote(&mut self, mode: VoteMode, mask: Value, pred: Value) -> Value {
        let ty = mode.result_type();
        self.build1(
            InstructionData::Vote {
                opcode: Opcode::Vote,
                mode,
                args: [mask, pred],
            },
            ty,
        )
    }

    /// `call fn(args)` with the callee's return types.
    pub fn call(&mut self, func: FuncRef, args: &[Value], returns: &[Type]) -> Vec<Value> {
        let args = self.func.dfg.value_list(args);
        let inst = self.build(
            InstructionData::Call {
                opcode: Opcode::Call,
                func,
                args,
            },
            returns,
        );
        self.func.dfg.inst_results(inst).to_vec()
    }

    /// `print str(args)`.
    pub fn print(&mut self, format: StringId, args: &[Value]) {
        let args = self.func.dfg.value_list(args);
        self.build(
            InstructionData::Print {
                opcode: Opcode::Print,
                format,
                args,
            },
            &[],
        );
    }

    /// `jump block(args)`.
    pub fn jump(&mut self, block: Block, args: &[Value]) {
        let dest = self.func.dfg.block_call(block, args);
        self.build(
            InstructionData::Jump {
                opcode: Opcode::Jump,
                dest,
            },
            &[],
        );
    }

    /// `brif c, then(targs), else(eargs)`.
    pub fn brif(
        &mut self,
        cond: Value,
        then_block: Block,
        then_args: &[Value],
        else_block: Block,
        else_args: &[Value],
    ) {
        let t = self.func.dfg.block_call(then_block, then_args);
        let e = self.func.dfg.block_call(else_block, else_args);
        self.build(
            InstructionData::Brif {
                opcode: Opcode::Brif,
                cond,
                blocks: [t, e],
            },
            &[],
        );
    }

    /// `return args`.
    pub fn ret(&mut self, args: &[Value]) {
        let args = self.func.dfg.value_list(args);
        self.build(
            InstructionData::Return {
                opcode: Opcode::Return,
                args,
            },
            &[],
        );
    }
}

/// Rounds an `f64` to the nearest IEEE half and returns its bits.
pub fn f64_to_f16_bits(v: f64) -> u16 {
    let sign = if v.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = v.abs();
    if a.is_nan() {
        return 0x7e00;
    }
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    if a < 2f64.powi(-25) {
        return sign;
    }
    let (exp, unit) = if a < 2f64.powi(-14) {
        (0u16, 2f64.powi(-24))
    } else {
        let e = a.log2().floor() as i32;
        // `log2` can be off by one near powers of two; correct it.
        let e = if 2f64.powi(e) > a {
            e - 1
        } else if 2f64.powi(e + 1) <= a {
            e + 1
        } else {
            e
        };
        ((e + 15) as u16, 2f64.powi(e - 10))
    };
    let q = a / unit;
    let mut m = q.round();
    if (q - q.trunc() - 0.5).abs() == 0.0 && m % 2.0 != 0.0 {
        m -= 1.0;
    }
    let m = m as u32;
    if exp == 0 {
        // Subnormal (m may round up into the smallest normal, which the
        // bit pattern handles naturally).
        return sign | m as u16;
    }
    // m is in 1024..=2048; 2048 carries into the exponent.
    let bits = ((exp as u32) << 10) + (m - 1024);
    sign | bits as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_rounding() {
        assert_eq!(f64_to_f16_bits(1.0), 0x3c00);
        assert_eq!(f64_to_f16_bits(-2.0), 0xc000);
        assert_eq!(f64_to_f16_bits(65504.0), 0x7bff);
        assert_eq!(f64_to_f16_bits(1e6), 0x7c00);
        assert_eq!(f64_to_f16_bits(2f64.powi(-24)), 0x0001);
        assert_eq!(f64_to_f16_bits(0.1), 0x2e66);
    }
}
