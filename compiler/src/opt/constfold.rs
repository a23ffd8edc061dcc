//! Constant folding.
//!
//! An instruction whose operands are all constants (`iconst`/`fconst`) is
//! rewritten in place into the constant it computes (its result value is
//! kept, so uses need no change). Also: `select` on a constant condition, or
//! with equal arms, becomes an alias of the chosen arm; `brif` on a constant
//! becomes a `jump` to the taken destination with its arguments. Integer
//! operations with a neutral constant operand (`x + 0`, `x * 1`, `x & -1`,
//! shifts by 0, `ptr_add p, 0`, ...) become aliases of the other operand,
//! which is exact for wrapping integers (never done for floats, where
//! `x + 0.0` is not `x` for `x = -0.0`).
//!
//! Exactly the IR's semantics (see `ir::instructions`):
//! - integers are held as their low `w` bits; arithmetic wraps;
//! - `sdiv`/`srem` truncate; division or remainder by zero, and the
//!   overflowing `MIN / -1` and `MIN % -1`, are *not* folded (left to the
//!   lowering's guards);
//! - shift amounts are the unsigned value of the amount operand; amounts
//!   `>= w` give 0 (`ishl`, `ushr`) or all sign bits (`sshr`);
//! - `clz`/`ctz` of 0 give `w`;
//! - floats: `f32` in `f32`, `f64` in `f64` (Rust's IEEE arithmetic, round
//!   to nearest even, is what PTX's default `.rn` operations do); `f16` is
//!   not folded. Results that are NaN are not folded (PTX's NaN bits are its
//!   own canonical NaN, Rust's are unspecified). `fmin`/`fmax` of a NaN give
//!   NaN (so are not folded) and of zeros of opposite signs are not folded.
//!   Only exactly specified float operations fold: arithmetic, `sqrt`,
//!   `floor`, `ceil`, `trunc`, `nearest`, `fabs`, `fneg`, `copysign`,
//!   `fmin`, `fmax`, `fma`; math-library and approximate opcodes never do;
//! - conversions: `fcvt_to_*` round toward zero and saturate, NaN gives 0
//!   (Rust's `as` does exactly that); integer to float rounds to nearest
//!   even; `fdemote` rounds to nearest even; `bitcast` keeps the bits;
//! - `i1` constants are written as `0` or `1`; other integer constants as
//!   their value sign-extended from `w` bits (the `iconst` convention).

use super::Analyses;
use crate::ir::{Function, Inst, InstructionData, Opcode, Type, Value, ValueDef};

/// A known constant: the low bits of an integer or the bits of a float.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Const {
    /// An integer of the given type, held as its low `w` bits.
    Int(Type, u64),
    /// An `f32`.
    F32(f32),
    /// An `f64`.
    F64(f64),
}

/// Runs constant folding on `func`.
pub fn run(func: &mut Function) {
    run_with(func, &mut Analyses::new());
}

/// Runs constant folding on `func`, with its still valid `analyses`
/// (dropped when a `brif` became a `jump`).
pub fn run_with(func: &mut Function, analyses: &mut Analyses) {
    let mut folded_branch = false;
    // Instructions a fold makes dead (their result became an alias) are
    // removed from each block in one pass after it, not one at a time
    // (each removal searches the block: quadratic in long blocks).
    let mut dead = Vec::new();
    for b in 0..func.layout.blocks().len() {
        let block = func.layout.blocks()[b];
        let mut i = 0;
        while let Some(&inst) = func.layout.block_insts(block).get(i) {
            folded_branch |= fold_inst(func, inst, &mut dead);
            i += 1;
        }
        if !dead.is_empty() {
            dead.sort_unstable();
            func.layout
                .retain_insts(block, |inst| dead.binary_search(&inst).is_err());
            dead.clear();
        }
    }
    if folded_branch {
        analyses.invalidate();
    }
}

/// Folds `inst` (adding it to `dead` when its result became an alias of
/// another value); true when it was a `brif` that became a `jump`.
fn fold_inst(func: &mut Function, inst: Inst, dead: &mut Vec<Inst>) -> bool {
    match func.dfg.inst(inst) {
        &InstructionData::Brif { cond, blocks, .. } => {
            if let Some(Const::Int(_, c)) = constant(func, cond) {
                let dest = blocks[if c & 1 == 1 { 0 } else { 1 }];
                func.dfg.replace_inst(
                    inst,
                    InstructionData::Jump {
                        opcode: Opcode::Jump,
                        dest,
                    },
                );
                return true;
            }
        }
        &InstructionData::Ternary {
            opcode: Opcode::Select,
            args: [c, a, b],
        } => fold_select(func, inst, c, a, b, dead),
        // The only formats `evaluate` and `integer_identity` fold.
        InstructionData::Unary { .. }
        | InstructionData::Binary { .. }
        | InstructionData::Ternary { .. }
        | InstructionData::IntCompare { .. }
        | InstructionData::FloatCompare { .. } => {
            if let Some(result) = evaluate(func, inst) {
                write_constant(func, inst, result);
            } else if let Some(v) = integer_identity(func, inst) {
                let r = func.dfg.first_result(inst).expect("binary result");
                dead.push(inst);
                func.dfg.change_to_alias(r, v);
            }
        }
        _ => {}
    }
    false
}

/// The operand an integer operation with a neutral constant leaves
/// unchanged: `x + 0`, `0 + x`, `x - 0`, `x * 1`, `1 * x`, `x | 0`,
/// `x ^ 0`, `x & -1`, shifts by 0, `udiv`/`sdiv` by 1, `ptr_add p, 0`.
fn integer_identity(func: &Function, inst: Inst) -> Option<Value> {
    let InstructionData::Binary { opcode, args } = *func.dfg.inst(inst) else {
        return None;
    };
    use Opcode::*;
    if !matches!(
        opcode,
        Iadd | Isub | Bor | Bxor | Ishl | Ushr | Sshr | PtrAdd | Imul | Udiv | Sdiv | Band
    ) {
        return None;
    }
    let [a, b] = args.map(|v| func.dfg.resolve_aliases(v));
    let int = |v: Value| match constant(func, v) {
        Some(Const::Int(t, x)) => Some(sext(t, x)),
        _ => None,
    };
    match (opcode, int(a), int(b)) {
        (Iadd | Isub | Bor | Bxor | Ishl | Ushr | Sshr | PtrAdd, _, Some(0)) => Some(a),
        (Imul | Udiv | Sdiv, _, Some(1)) => Some(a),
        (Band, _, Some(-1)) => Some(a),
        (Iadd | Bor | Bxor, Some(0), _) => Some(b),
        (Imul, Some(1), _) => Some(b),
        (Band, Some(-1), _) => Some(b),
        _ => None,
    }
}

fn fold_select(
    func: &mut Function,
    inst: Inst,
    c: Value,
    a: Value,
    b: Value,
    dead: &mut Vec<Inst>,
) {
    let (a, b) = (func.dfg.resolve_aliases(a), func.dfg.resolve_aliases(b));
    let chosen = match constant(func, c) {
        Some(Const::Int(_, c)) => Some(if c & 1 == 1 { a } else { b }),
        _ if a == b => Some(a),
        _ => None,
    };
    if let (Some(v), Some(r)) = (chosen, func.dfg.first_result(inst)) {
        dead.push(inst);
        func.dfg.change_to_alias(r, v);
    }
}

/// The constant a value is, if its definition is an `iconst`/`fconst`.
fn constant(func: &Function, v: Value) -> Option<Const> {
    let ValueDef::Result(inst, 0) = func.dfg.value_def(v) else {
        return None;
    };
    let ty = func.dfg.value_type(v);
    match *func.dfg.inst(inst) {
        InstructionData::UnaryImm {
            opcode: Opcode::Iconst,
            imm,
        } if ty.is_int() => Some(Const::Int(ty, mask(ty, imm as u64))),
        InstructionData::UnaryIeee {
            opcode: Opcode::Fconst,
            bits,
        } => match ty {
            Type::F32 => Some(Const::F32(f32::from_bits(bits as u32))),
            Type::F64 => Some(Const::F64(f64::from_bits(bits))),
            _ => None,
        },
        _ => None,
    }
}

/// The low `ty.bits()` bits of `x`.
fn mask(ty: Type, x: u64) -> u64 {
    match ty.bits() {
        64 => x,
        w => x & ((1u64 << w) - 1),
    }
}

/// `x` (low `w` bits) sign-extended to 64 bits.
fn sext(ty: Type, x: u64) -> i64 {
    let shift = 64 - ty.bits();
    ((x << shift) as i64) >> shift
}

/// The signed minimum of type `ty`, as low bits.
fn smin_bits(ty: Type) -> u64 {
    1u64 << (ty.bits() - 1)
}

fn write_constant(func: &mut Function, inst: Inst, c: Const) {
    let data = match c {
        Const::Int(Type::I1, x) => InstructionData::UnaryImm {
            opcode: Opcode::Iconst,
            imm: (x & 1) as i64,
        },
        Const::Int(ty, x) => InstructionData::UnaryImm {
            opcode: Opcode::Iconst,
            imm: sext(ty, x),
        },
        Const::F32(f) => InstructionData::UnaryIeee {
            opcode: Opcode::Fconst,
            bits: f.to_bits() as u64,
        },
        Const::F64(f) => InstructionData::UnaryIeee {
            opcode: Opcode::Fconst,
            bits: f.to_bits(),
        },
    };
    func.dfg.replace_inst(inst, data);
}

/// Evaluates `inst` when all its operands are constants and the result is
/// exactly known; `None` otherwise.
fn evaluate(func: &Function, inst: Inst) -> Option<Const> {
    let data = func.dfg.inst(inst);
    let op = data.opcode();
    let results = func.dfg.inst_results(inst);
    if results.len() != 1 || op.is_math_library() {
        return None;
    }
    let ty = func.dfg.value_type(results[0]);
    let result = match *data {
        InstructionData::Unary { arg, .. } => unary(op, ty, constant(func, arg)?),
        InstructionData::Binary { args: [a, b], .. } => {
            binary(op, constant(func, a)?, constant(func, b)?)
        }
        InstructionData::Ternary {
            opcode: Opcode::Fma,
            args: [a, b, c],
        } => fma(constant(func, a)?, constant(func, b)?, constant(func, c)?),
        InstructionData::IntCompare {
            cond, args: [a, b], ..
        } => {
            let (Const::Int(t, x), Const::Int(_, y)) = (constant(func, a)?, constant(func, b)?)
            else {
                return None;
            };
            Some(Const::Int(Type::I1, cond.holds(t.bits(), x, y) as u64))
        }
        InstructionData::FloatCompare {
            cond, args: [a, b], ..
        } => {
            let (x, y) = (as_f64(constant(func, a)?)?, as_f64(constant(func, b)?)?);
            Some(Const::Int(Type::I1, cond.holds(x, y) as u64))
        }
        _ => None,
    }?;
    match result {
        Const::F32(f) if f.is_nan() => None,
        Const::F64(f) if f.is_nan() => None,
        _ => Some(result),
    }
}

/// A float constant widened exactly to `f64` (comparisons only).
fn as_f64(c: Const) -> Option<f64> {
    match c {
        Const::F32(f) => Some(f as f64),
        Const::F64(f) => Some(f),
        Const::Int(..) => None,
    }
}

fn unary(op: Opcode, ty: Type, a: Const) -> Option<Const> {
    match a {
        Const::Int(from, x) => int_unary(op, ty, from, x),
        Const::F32(f) => f32_unary(op, ty, f),
        Const::F64(f) => f64_unary(op, ty, f),
    }
}

fn int_unary(op: Opcode, ty: Type, from: Type, x: u64) -> Option<Const> {
    let w = from.bits();
    let r = match op {
        Opcode::Ineg => x.wrapping_neg(),
        Opcode::Bnot => !x,
        Opcode::Iabs => sext(from, x).wrapping_abs() as u64,
        Opcode::Popcnt => x.count_ones() as u64,
        Opcode::Clz => (x.leading_zeros() - (64 - w)) as u64,
        Opcode::Ctz => x.trailing_zeros().min(w) as u64,
        Opcode::Bitrev => x.reverse_bits() >> (64 - w),
        Opcode::Sextend => sext(from, x) as u64,
        Opcode::Uextend | Opcode::Ireduce => x,
        Opcode::FcvtFromSint | Opcode::FcvtFromUint => {
            let signed = op == Opcode::FcvtFromSint;
            return int_to_float(ty, signed, from, x);
        }
        Opcode::Bitcast => return bitcast_int(ty, x),
        _ => return None,
    };
    if !ty.is_int() {
        return None;
    }
    Some(Const::Int(ty, mask(ty, r)))
}

fn int_to_float(ty: Type, signed: bool, from: Type, x: u64) -> Option<Const> {
    match (ty, signed) {
        (Type::F32, true) => Some(Const::F32(sext(from, x) as f32)),
        (Type::F32, false) => Some(Const::F32(x as f32)),
        (Type::F64, true) => Some(Const::F64(sext(from, x) as f64)),
        (Type::F64, false) => Some(Const::F64(x as f64)),
        _ => None,
    }
}

fn bitcast_int(ty: Type, x: u64) -> Option<Const> {
    match ty {
        Type::F32 => Some(Const::F32(f32::from_bits(x as u32))),
        Type::F64 => Some(Const::F64(f64::from_bits(x))),
        _ => None,
    }
}

/// Float to integer: toward zero, saturating, NaN to 0 (Rust's `as`).
fn float_to_int(ty: Type, signed: bool, f: f64) -> Option<Const> {
    let r = match (ty, signed) {
        (Type::I8, true) => f as i8 as u64,
        (Type::I16, true) => f as i16 as u64,
        (Type::I32, true) => f as i32 as u64,
        (Type::I64, true) => f as i64 as u64,
        (Type::I8, false) => f as u8 as u64,
        (Type::I16, false) => f as u16 as u64,
        (Type::I32, false) => f as u32 as u64,
        (Type::I64, false) => f as u64,
        _ => return None,
    };
    Some(Const::Int(ty, mask(ty, r)))
}

macro_rules! float_unary {
    ($name:ident, $t:ty, $variant:ident) => {
        fn $name(op: Opcode, ty: Type, f: $t) -> Option<Const> {
            let r: $t = match op {
                Opcode::Fneg => -f,
                Opcode::Fabs => f.abs(),
                Opcode::Sqrt => f.sqrt(),
                Opcode::Floor => f.floor(),
                Opcode::Ceil => f.ceil(),
                Opcode::Trunc => f.trunc(),
                Opcode::Nearest => f.round_ties_even(),
                Opcode::FcvtToSint => return float_to_int(ty, true, f as f64),
                Opcode::FcvtToUint => return float_to_int(ty, false, f as f64),
                Opcode::Fpromote if ty == Type::F64 => return Some(Const::F64(f as f64)),
                Opcode::Fdemote if ty == Type::F32 => return Some(Const::F32(f as f32)),
                Opcode::Bitcast if ty.is_int() && ty.bits() == <$t>::BITS_OF => {
                    return Some(Const::Int(ty, f.to_bits() as u64))
                }
                // Only from f32 (the verifier's rule): `as f32` is exact.
                Opcode::F32ToBf16 => {
                    let bits = crate::ir::interp::ops::f32_to_bf16(f as f32);
                    return Some(Const::Int(ty, u64::from(bits)));
                }
                _ => return None,
            };
            Some(Const::$variant(r))
        }
    };
}

/// Bit widths of the float types, for `bitcast`.
trait FloatBits {
    const BITS_OF: u32;
}
impl FloatBits for f32 {
    const BITS_OF: u32 = 32;
}
impl FloatBits for f64 {
    const BITS_OF: u32 = 64;
}

float_unary!(f32_unary, f32, F32);
float_unary!(f64_unary, f64, F64);

/// A two-operand operation; the result has the first operand's type (the
/// second operand of a shift may be narrower: its unsigned value counts).
fn binary(op: Opcode, a: Const, b: Const) -> Option<Const> {
    match (a, b) {
        (Const::Int(t, x), Const::Int(_, y)) => int_binary(op, t, x, y),
        (Const::F32(x), Const::F32(y)) => f32_binary(op, x, y).map(Const::F32),
        (Const::F64(x), Const::F64(y)) => f64_binary(op, x, y).map(Const::F64),
        _ => None,
    }
}

fn int_binary(op: Opcode, t: Type, x: u64, y: u64) -> Option<Const> {
    let w = t.bits() as u64;
    let (sx, sy) = (sext(t, x), sext(t, y));
    let r = match op {
        Opcode::Iadd => x.wrapping_add(y),
        Opcode::Isub => x.wrapping_sub(y),
        Opcode::Imul => x.wrapping_mul(y),
        Opcode::Udiv if y != 0 => x / y,
        Opcode::Urem if y != 0 => x % y,
        Opcode::Sdiv if y != 0 && !(x == smin_bits(t) && sy == -1) => (sx / sy) as u64,
        Opcode::Srem if y != 0 && !(x == smin_bits(t) && sy == -1) => (sx % sy) as u64,
        Opcode::Smin => sx.min(sy) as u64,
        Opcode::Smax => sx.max(sy) as u64,
        Opcode::Umin => x.min(y),
        Opcode::Umax => x.max(y),
        Opcode::Band => x & y,
        Opcode::Bor => x | y,
        Opcode::Bxor => x ^ y,
        Opcode::Ishl => shift_or(y, w, 0, || x << y),
        Opcode::Ushr => shift_or(y, w, 0, || x >> y),
        Opcode::Sshr => {
            let sign_fill = if sx < 0 { u64::MAX } else { 0 };
            shift_or(y, w, sign_fill, || (sx >> y) as u64)
        }
        _ => return None,
    };
    Some(Const::Int(t, mask(t, r)))
}

/// `shifted()` when `amount < width`, else `saturated`.
fn shift_or(amount: u64, width: u64, saturated: u64, shifted: impl FnOnce() -> u64) -> u64 {
    if amount >= width {
        saturated
    } else {
        shifted()
    }
}

macro_rules! float_binary {
    ($name:ident, $t:ty) => {
        fn $name(op: Opcode, x: $t, y: $t) -> Option<$t> {
            Some(match op {
                Opcode::Fadd => x + y,
                Opcode::Fsub => x - y,
                Opcode::Fmul => x * y,
                Opcode::Fdiv => x / y,
                Opcode::Copysign => x.copysign(y),
                Opcode::Fmin | Opcode::Fmax => {
                    if x.is_nan()
                        || y.is_nan()
                        || (x == 0.0 && y == 0.0 && x.to_bits() != y.to_bits())
                    {
                        return None;
                    }
                    if op == Opcode::Fmin {
                        x.min(y)
                    } else {
                        x.max(y)
                    }
                }
                _ => return None,
            })
        }
    };
}

float_binary!(f32_binary, f32);
float_binary!(f64_binary, f64);

fn fma(a: Const, b: Const, c: Const) -> Option<Const> {
    match (a, b, c) {
        (Const::F32(a), Const::F32(b), Const::F32(c)) => Some(Const::F32(a.mul_add(b, c))),
        (Const::F64(a), Const::F64(b), Const::F64(c)) => Some(Const::F64(a.mul_add(b, c))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Block, FloatCC, FuncBuilder, IntCC};
    use crate::opt::testutil::{func, ops};

    /// Builds `entry: v = op(consts...); return v` and folds it; returns the
    /// folded instruction's data.
    fn fold_one(
        ret: Type,
        build: impl FnOnce(&mut FuncBuilder) -> Value,
    ) -> (Function, Block, InstructionData) {
        let mut f = func(&[], &[ret]);
        let mut b = FuncBuilder::new(&mut f);
        let e = b.create_block();
        b.switch_to(e);
        let v = build(&mut b);
        b.ret(&[v]);
        run(&mut f);
        let ValueDef::Result(inst, _) = f.dfg.value_def(v) else {
            panic!("not a result")
        };
        let data = f.dfg.inst(inst).clone();
        (f, e, data)
    }

    fn int_result(ret: Type, build: impl FnOnce(&mut FuncBuilder) -> Value) -> Option<i64> {
        match fold_one(ret, build).2 {
            InstructionData::UnaryImm { imm, .. } => Some(imm),
            _ => None,
        }
    }

    fn float_bits(ret: Type, build: impl FnOnce(&mut FuncBuilder) -> Value) -> Option<u64> {
        match fold_one(ret, build).2 {
            InstructionData::UnaryIeee { bits, .. } => Some(bits),
            _ => None,
        }
    }

    fn int_op(op: Opcode, ty: Type, x: i64, y: i64) -> Option<i64> {
        int_result(ty, |b| {
            let (a, c) = (b.iconst(ty, x), b.iconst(ty, y));
            b.binary(op, a, c)
        })
    }

    #[test]
    fn integer_arithmetic_wraps() {
        assert_eq!(
            int_op(Opcode::Iadd, Type::I32, i32::MAX as i64, 1),
            Some(i32::MIN as i64)
        );
        assert_eq!(int_op(Opcode::Imul, Type::I8, 16, 16), Some(0));
        assert_eq!(int_op(Opcode::Isub, Type::I64, i64::MIN, 1), Some(i64::MAX));
        assert_eq!(int_op(Opcode::Umax, Type::I32, -1, 5), Some(-1));
        assert_eq!(int_op(Opcode::Smax, Type::I32, -1, 5), Some(5));
        assert_eq!(
            int_result(Type::I16, |b| {
                let a = b.iconst(Type::I16, -32768);
                b.unary(Opcode::Ineg, Type::I16, a)
            }),
            Some(-32768)
        );
    }

    #[test]
    fn division_truncates_and_is_not_folded_by_zero_or_on_overflow() {
        assert_eq!(int_op(Opcode::Sdiv, Type::I32, -7, 2), Some(-3));
        assert_eq!(int_op(Opcode::Srem, Type::I32, -7, 2), Some(-1));
        assert_eq!(int_op(Opcode::Udiv, Type::I32, -7, 2), Some(0x7fff_fffc));
        assert_eq!(int_op(Opcode::Urem, Type::I8, -1, 10), Some(5));
        assert_eq!(int_op(Opcode::Sdiv, Type::I32, 7, 0), None);
        assert_eq!(int_op(Opcode::Urem, Type::I32, 7, 0), None);
        assert_eq!(int_op(Opcode::Sdiv, Type::I32, i32::MIN as i64, -1), None);
        assert_eq!(int_op(Opcode::Srem, Type::I64, i64::MIN, -1), None);
    }

    #[test]
    fn shifts_by_the_width_or_more_saturate() {
        assert_eq!(
            int_op(Opcode::Ishl, Type::I32, 1, 31),
            Some(i32::MIN as i64)
        );
        assert_eq!(int_op(Opcode::Ishl, Type::I32, 1, 32), Some(0));
        assert_eq!(int_op(Opcode::Ushr, Type::I32, -1, 40), Some(0));
        assert_eq!(int_op(Opcode::Sshr, Type::I32, -8, 100), Some(-1));
        assert_eq!(int_op(Opcode::Sshr, Type::I32, 8, 100), Some(0));
        assert_eq!(int_op(Opcode::Sshr, Type::I32, -8, 1), Some(-4));
        assert_eq!(int_op(Opcode::Ushr, Type::I8, -8, 1), Some(0x7c));
        // A negative amount is a huge unsigned amount.
        assert_eq!(int_op(Opcode::Ishl, Type::I32, 1, -1), Some(0));
    }

    #[test]
    fn bit_counting_and_extensions() {
        let un = |op, from, to, x| {
            int_result(to, |b| {
                let a = b.iconst(from, x);
                b.unary(op, to, a)
            })
        };
        assert_eq!(un(Opcode::Clz, Type::I32, Type::I32, 0), Some(32));
        assert_eq!(un(Opcode::Clz, Type::I32, Type::I32, 1), Some(31));
        assert_eq!(un(Opcode::Ctz, Type::I16, Type::I16, 0), Some(16));
        assert_eq!(un(Opcode::Popcnt, Type::I8, Type::I8, -1), Some(8));
        assert_eq!(un(Opcode::Bitrev, Type::I8, Type::I8, 1), Some(-128));
        assert_eq!(un(Opcode::Sextend, Type::I8, Type::I32, -1), Some(-1));
        assert_eq!(un(Opcode::Uextend, Type::I8, Type::I32, -1), Some(255));
        assert_eq!(un(Opcode::Ireduce, Type::I64, Type::I8, 0x1ff), Some(-1));
        assert_eq!(un(Opcode::Iabs, Type::I32, Type::I32, -5), Some(5));
    }

    #[test]
    fn comparisons_respect_signedness() {
        let cmp = |cond, x, y| {
            int_result(Type::I1, |b| {
                let (a, c) = (b.iconst(Type::I32, x), b.iconst(Type::I32, y));
                b.icmp(cond, a, c)
            })
        };
        assert_eq!(cmp(IntCC::Slt, -1, 0), Some(1));
        assert_eq!(cmp(IntCC::Ult, -1, 0), Some(0));
        assert_eq!(cmp(IntCC::Uge, -1, 0), Some(1));
        assert_eq!(cmp(IntCC::Eq, 3, 3), Some(1));
        let fc = |cond, x: f64, y: f64| {
            int_result(Type::I1, |b| {
                let (a, c) = (b.fconst(Type::F32, x), b.fconst(Type::F32, y));
                b.fcmp(cond, a, c)
            })
        };
        assert_eq!(fc(FloatCC::Lt, 1.0, 2.0), Some(1));
        assert_eq!(fc(FloatCC::Eq, f64::NAN, f64::NAN), Some(0));
        assert_eq!(fc(FloatCC::Ne, f64::NAN, 1.0), Some(1));
        assert_eq!(fc(FloatCC::Uno, f64::NAN, 1.0), Some(1));
    }

    #[test]
    fn f32_math_is_done_in_f32() {
        // 16777216 + 1 is not representable in f32: the sum rounds back.
        let bits = float_bits(Type::F32, |b| {
            let (x, y) = (b.fconst(Type::F32, 16777216.0), b.fconst(Type::F32, 1.0));
            b.binary(Opcode::Fadd, x, y)
        });
        assert_eq!(bits, Some(16777216f32.to_bits() as u64));
        let bits = float_bits(Type::F32, |b| {
            let (x, y) = (b.fconst(Type::F32, 1.0), b.fconst(Type::F32, 3.0));
            b.binary(Opcode::Fdiv, x, y)
        });
        assert_eq!(bits, Some((1f32 / 3f32).to_bits() as u64));
        let bits = float_bits(Type::F64, |b| {
            let x = b.fconst(Type::F64, 2.0);
            b.unary(Opcode::Sqrt, Type::F64, x)
        });
        assert_eq!(bits, Some(2f64.sqrt().to_bits()));
        let bits = float_bits(Type::F64, |b| {
            let x = b.fconst(Type::F64, 2.5);
            b.unary(Opcode::Nearest, Type::F64, x)
        });
        assert_eq!(bits, Some(2f64.to_bits()));
    }

    #[test]
    fn nan_results_math_library_and_signed_zero_min_are_not_folded() {
        assert_eq!(
            float_bits(Type::F32, |b| {
                let x = b.fconst(Type::F32, -1.0);
                b.unary(Opcode::Sqrt, Type::F32, x)
            }),
            None
        );
        assert_eq!(
            float_bits(Type::F64, |b| {
                let x = b.fconst(Type::F64, 0.0);
                b.unary(Opcode::Sin, Type::F64, x)
            }),
            None
        );
        assert_eq!(
            float_bits(Type::F32, |b| {
                let (x, y) = (b.fconst(Type::F32, 0.0), b.fconst(Type::F32, -0.0));
                b.binary(Opcode::Fmin, x, y)
            }),
            None
        );
        assert_eq!(
            float_bits(Type::F32, |b| {
                let (x, y) = (b.fconst(Type::F32, 1.0), b.fconst(Type::F32, -2.0));
                b.binary(Opcode::Fmin, x, y)
            }),
            Some((-2f32).to_bits() as u64)
        );
    }

    #[test]
    fn conversions_saturate_and_round() {
        let to_int = |x: f64, to, op| {
            int_result(to, |b| {
                let a = b.fconst(Type::F64, x);
                b.unary(op, to, a)
            })
        };
        assert_eq!(
            to_int(1e20, Type::I32, Opcode::FcvtToSint),
            Some(i32::MAX as i64)
        );
        assert_eq!(to_int(-3.9, Type::I32, Opcode::FcvtToSint), Some(-3));
        assert_eq!(to_int(f64::NAN, Type::I32, Opcode::FcvtToSint), Some(0));
        assert_eq!(to_int(-1.0, Type::I32, Opcode::FcvtToUint), Some(0));
        assert_eq!(to_int(300.0, Type::I8, Opcode::FcvtToUint), Some(-1));
        let bits = float_bits(Type::F32, |b| {
            let a = b.iconst(Type::I32, -1);
            b.unary(Opcode::FcvtFromUint, Type::F32, a)
        });
        assert_eq!(bits, Some(4294967295f32.to_bits() as u64));
        let bits = float_bits(Type::F32, |b| {
            let a = b.fconst(Type::F64, 0.1);
            b.unary(Opcode::Fdemote, Type::F32, a)
        });
        assert_eq!(bits, Some(0.1f32.to_bits() as u64));
        assert_eq!(
            int_result(Type::I32, |b| {
                let a = b.fconst(Type::F32, 1.0);
                b.unary(Opcode::Bitcast, Type::I32, a)
            }),
            Some(0x3f80_0000)
        );
    }

    #[test]
    fn select_and_brif_on_constants() {
        let mut f = func(&[Type::I32, Type::I32], &[Type::I32]);
        let mut b = FuncBuilder::new(&mut f);
        let (e, t, el) = (b.create_block(), b.create_block(), b.create_block());
        let x = b.append_param(e, Type::I32);
        let y = b.append_param(e, Type::I32);
        let p = b.append_param(t, Type::I32);
        b.switch_to(e);
        let one = b.iconst(Type::I32, 1);
        let two = b.iconst(Type::I32, 2);
        let c = b.icmp(IntCC::Sgt, two, one);
        let s = b.select(c, x, y);
        b.brif(c, t, &[s], el, &[]);
        b.switch_to(t);
        b.ret(&[p]);
        b.switch_to(el);
        b.ret(&[y]);
        run(&mut f);
        assert_eq!(f.dfg.resolve_aliases(s), x);
        assert_eq!(
            ops(&f, e),
            vec![Opcode::Iconst, Opcode::Iconst, Opcode::Iconst, Opcode::Jump]
        );
        let jump = f.layout.last_inst(e).unwrap();
        let dest = f.dfg.inst(jump).branch_destinations()[0];
        assert_eq!(dest.block, t);
        assert_eq!(f.dfg.resolve_aliases(f.dfg.block_call_args(&dest)[0]), x);
    }

    #[test]
    fn neutral_integer_operands_disappear() {
        let mut f = func(&[Type::I32, Type::Ptr(crate::ir::AddrSpace::Global)], &[]);
        let mut b = FuncBuilder::new(&mut f);
        let e = b.create_block();
        let x = b.append_param(e, Type::I32);
        let p = b.append_param(e, Type::Ptr(crate::ir::AddrSpace::Global));
        b.switch_to(e);
        let zero = b.iconst(Type::I32, 0);
        let one = b.iconst(Type::I32, 1);
        let ones = b.iconst(Type::I32, -1);
        let z64 = b.iconst(Type::I64, 0);
        let a = b.binary(Opcode::Iadd, zero, x);
        let m = b.binary(Opcode::Imul, a, one);
        let n = b.binary(Opcode::Band, m, ones);
        let s = b.binary(Opcode::Isub, zero, n);
        let q = b.ptr_add(p, z64);
        let fz = b.fconst(Type::F32, 0.0);
        let fx = b.unary(Opcode::Bitcast, Type::F32, s);
        let fsum = b.binary(Opcode::Fadd, fx, fz);
        b.store(q, fsum, 0);
        b.ret(&[]);
        run(&mut f);
        assert_eq!(f.dfg.resolve_aliases(n), x);
        assert_eq!(f.dfg.resolve_aliases(q), p);
        assert!(!f.dfg.is_alias(s), "0 - x is not x");
        assert!(!f.dfg.is_alias(fsum), "x + 0.0 is not x for -0.0");
    }

    #[test]
    fn folding_chains_in_one_run() {
        let v = int_result(Type::I64, |b| {
            let a = b.iconst(Type::I64, 6);
            let c = b.iconst(Type::I64, 7);
            let m = b.binary(Opcode::Imul, a, c);
            let k = b.iconst(Type::I64, 2);
            b.binary(Opcode::Isub, m, k)
        });
        assert_eq!(v, Some(40));
    }
}
