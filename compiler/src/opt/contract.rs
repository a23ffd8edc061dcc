//! Floating-point contraction: `a * b + c` computed as one fused
//! multiply-add, rounded once, where Numba's compiler fuses it.
//!
//! Numba CUDA compiles through NVVM, whose default (`-fma=1`) lets the
//! PTX back end fuse a float multiply into the add that uses it. A Numba
//! kernel on a GPU therefore computes `a * b + c` with a single rounding,
//! and kernelc, whose promise is the same answers, fuses the same pairs.
//! It cannot leave the fusing to `ptxas` (which contracts `mul`/`add`
//! without a rounding modifier): `ptxas` fuses subtractions too, and the
//! CPU device would disagree with the GPU. kernelc emits `mul.rn`/`add.rn`,
//! which nothing fuses, and the fusing happens here, once, for every device.
//!
//! The rules are NVVM's, measured on numba-cuda 0.30 (CUDA 12.9, sm_80;
//! `tests/differential/FINDINGS.md`, F6). They are those of LLVM's NVPTX
//! back end (`PerformFADDCombine`), which works on one basic block at a
//! time, after LLVM's own canonicalisation:
//! - only an `fadd` is fused, never an `fsub` (`a*b - c`, `c - a*b` stay
//!   two roundings), except where InstCombine reads it as an addition
//!   first ([`canonicalize_subtractions`]): `x - C` as `x + (-C)`,
//!   `x - y*C` as `x + y*(-C)`, `x - (-y)*z` as `x + y*z`;
//! - an `fadd` with a negated operand is a subtraction (`a*b + (-c)`), and
//!   a product with exactly one negated factor a negated product
//!   (`(-a)*b + c` is `c - a*b`): neither is fused;
//! - of two products, the first in LLVM's operand order is fused: by
//!   Reassociate's ranks ([`ranks`]), the lower first (parameters before
//!   loaded values, values loaded earlier first), a product by a negative
//!   constant last: `c*d + a*b` is `fma(a, b, c*d)` when `a` is loaded
//!   first;
//! - a product with several uses is fused into each only when every use is
//!   an addition in the product's block, and there are at most four (more
//!   would lengthen live ranges, says LLVM); a product also stored,
//!   compared, subtracted or negated (`(-a)*b` shares `a*b` in LLVM)
//!   stays a product everywhere;
//! - a product with one use in another block is fused there too (NVVM
//!   sinks it to its use first), unless that block is in a loop the
//!   product is not in (it is not sunk into a loop), or both factors are
//!   loaded values (sinking would keep two values alive instead of one).
//!
//! LLVM also narrows an `f64` addition whose operands are `f32` values
//! (or constants exact in `f32`) and whose result is only rounded to `f32`:
//! `float32(a * b + 1.0)` with `a`, `b` float32 (Numba types the sum
//! float64) is an `f32` addition, exactly as rounded (a double's 53 bits
//! are more than twice a single's 24, so rounding twice is rounding once),
//! and then fused. So is it here ([`narrow_additions`]), first. Every
//! rewrite before the fusing is exact: it changes no result by itself.
//!
//! The driver runs the pass after the `-O2` pipeline
//! ([`contract_in`](super::contract_in)), after inlining, value numbering
//! (which shares a product written twice, as LLVM's does) and
//! loop-invariant code motion; at `-O0`, as with Numba's `opt=False`,
//! nothing is fused. Only `f32` and `f64` are fused: Numba computes
//! `float16` arithmetic through inline PTX, which NVVM does not fuse.
//! The products left without uses are removed by [`dce`](super::dce).

use super::util::{fconst_bits, is_int_division, is_pure, use_counts, Loops};
use super::Analyses;
use crate::ir::{Block, Function, Inst, InstructionData, Opcode, Type, Value, ValueDef};
use cranelift_entity::SecondaryMap;
use rustc_hash::FxHashMap;

/// The most uses of a product that are all fused (LLVM's limit).
const MAX_FUSED_USES: u32 = 4;

/// How a product's value is used.
#[derive(Clone, Copy, Default)]
struct Uses {
    /// Every operand slot reading it.
    count: u32,
    /// True when some use is not an addition that could fuse it.
    other: bool,
    /// True when some use is in a block other than the product's.
    elsewhere: bool,
}

/// Fuses the products and additions of `func` that Numba fuses; returns
/// true when it changed something (the dead products are left for `dce`).
pub fn run_with(func: &mut Function, analyses: &mut Analyses) -> bool {
    // Most kernels multiply no floats: nothing to fuse, nor to rewrite.
    if !has_float_product(func) {
        return false;
    }
    let rewritten = narrow_additions(func) | canonicalize_subtractions(func);
    if rewritten {
        // What the rewritten instructions read may now be dead, and would
        // count as uses of the products it reads.
        super::dce::run_with(func, analyses);
    }
    let uses = product_uses(func);
    let ranks = ranks(func, analyses);
    let loops = analyses.take_loops(func);
    let mut changed = false;
    let mut insts = Vec::new();
    for bi in 0..func.layout.blocks().len() {
        let block = func.layout.blocks()[bi];
        insts.clear();
        insts.extend_from_slice(func.layout.block_insts(block));
        for &inst in &insts {
            if let Some(fused) = fusion(func, &uses, &ranks, &loops, inst) {
                apply(func, inst, fused);
                changed = true;
            }
        }
    }
    analyses.keep_loops(loops);
    rewritten || changed
}

/// True when `func` has an `f32` or `f64` multiply.
fn has_float_product(func: &Function) -> bool {
    func.layout.blocks().iter().any(|&block| {
        func.layout.block_insts(block).iter().any(|&inst| {
            func.dfg.inst(inst).opcode() == Opcode::Fmul
                && func
                    .dfg
                    .first_result(inst)
                    .is_some_and(|v| matches!(func.dfg.value_type(v), Type::F32 | Type::F64))
        })
    })
}

/// Rewrites `fdemote.f32 (fadd.f64 (fpromote x) (fpromote y))` (or
/// `fsub`, or an operand a constant exact in `f32`), where the `f64`
/// result has no other use, as `fadd.f32 x y`: LLVM's `fptrunc`
/// narrowing (InstCombine's `visitFPTrunc`), exact because rounding to
/// `f64` then to `f32` is rounding to `f32` for a sum of `f32` values.
/// Returns true when it rewrote one.
fn narrow_additions(func: &mut Function) -> bool {
    let mut demotions = Vec::new();
    for &block in func.layout.blocks() {
        for &inst in func.layout.block_insts(block) {
            if let InstructionData::Unary {
                opcode: Opcode::Fdemote,
                arg,
            } = func.dfg.inst(inst)
            {
                let result = func.dfg.first_result(inst).expect("a result");
                if func.dfg.value_type(result) == Type::F32
                    && func.dfg.value_type(*arg) == Type::F64
                {
                    demotions.push(inst);
                }
            }
        }
    }
    if demotions.is_empty() {
        return false;
    }
    let uses = use_counts(func);
    let mut changed = false;
    for demotion in demotions {
        let InstructionData::Unary { arg, .. } = *func.dfg.inst(demotion) else {
            unreachable!("a demotion");
        };
        let sum = func.dfg.resolve_aliases(arg);
        if uses[sum] != 1 {
            continue;
        }
        let ValueDef::Result(sum_inst, 0) = func.dfg.value_def(sum) else {
            continue;
        };
        let InstructionData::Binary {
            opcode: opcode @ (Opcode::Fadd | Opcode::Fsub),
            args,
        } = *func.dfg.inst(sum_inst)
        else {
            continue;
        };
        let narrow = |v: Value| single_operand(func, func.dfg.resolve_aliases(v));
        let (Some(x), Some(y)) = (narrow(args[0]), narrow(args[1])) else {
            continue;
        };
        let [x, y] = [x, y].map(|operand| match operand {
            Single::Value(v) => v,
            Single::Constant(value) => {
                let c = func.dfg.make_inst(
                    InstructionData::UnaryIeee {
                        opcode: Opcode::Fconst,
                        bits: u64::from(value.to_bits()),
                    },
                    &[Type::F32],
                );
                func.layout.insert_inst_before(c, demotion);
                func.dfg.first_result(c).expect("a result")
            }
        });
        func.dfg.replace_inst(
            demotion,
            InstructionData::Binary {
                opcode,
                args: [x, y],
            },
        );
        changed = true;
    }
    changed
}

/// An `f64` operand as an `f32` one.
enum Single {
    /// The `f32` value it widens.
    Value(Value),
    /// The constant, exact in `f32`.
    Constant(f32),
}

/// `v` (an `f64`) as an `f32`, when it is one widened or a constant exact
/// in `f32`.
fn single_operand(func: &Function, v: Value) -> Option<Single> {
    let ValueDef::Result(inst, 0) = func.dfg.value_def(v) else {
        return None;
    };
    match *func.dfg.inst(inst) {
        InstructionData::Unary {
            opcode: Opcode::Fpromote,
            arg,
        } if func.dfg.value_type(arg) == Type::F32 => {
            Some(Single::Value(func.dfg.resolve_aliases(arg)))
        }
        InstructionData::UnaryIeee {
            opcode: Opcode::Fconst,
            bits,
        } => {
            let value = f64::from_bits(bits);
            let single = value as f32;
            (f64::from(single) == value || value.is_nan()).then_some(Single::Constant(single))
        }
        _ => None,
    }
}

/// An addition to fuse: `fma(a, b, addend)`.
struct Fused {
    a: Value,
    b: Value,
    addend: Value,
}

/// How deep [`is_negated`] looks through products and quotients.
const NEGATION_DEPTH: u32 = 8;

/// True when LLVM sees `v` as a negation: an `fneg`, or a product or
/// quotient of which exactly one operand is one (InstCombine hoists the
/// `fneg` out: `(-a) * b` is `-(a * b)`) and neither a constant (`-a * C`
/// is `a * -C`).
fn is_negated(func: &Function, v: Value) -> bool {
    negated_within(func, v, NEGATION_DEPTH)
}

fn negated_within(func: &Function, v: Value, depth: u32) -> bool {
    let ValueDef::Result(inst, 0) = func.dfg.value_def(v) else {
        return false;
    };
    match *func.dfg.inst(inst) {
        InstructionData::Unary {
            opcode: Opcode::Fneg,
            ..
        } => true,
        InstructionData::Binary {
            opcode: Opcode::Fmul | Opcode::Fdiv,
            args,
        } if depth > 0 => {
            let [x, y] = args.map(|a| func.dfg.resolve_aliases(a));
            if fconst_bits(func, x).is_some() || fconst_bits(func, y).is_some() {
                return false;
            }
            negated_within(func, x, depth - 1) != negated_within(func, y, depth - 1)
        }
        _ => false,
    }
}

/// The operands of `inst` that LLVM's back end sees as operands of an
/// `fadd`: both of an `fadd` without a negated operand (with one, it is a
/// subtraction to LLVM).
fn addition_operands(func: &Function, inst: Inst) -> [Option<Value>; 2] {
    match *func.dfg.inst(inst) {
        InstructionData::Binary {
            opcode: Opcode::Fadd,
            args,
        } => {
            let [x, y] = args.map(|v| func.dfg.resolve_aliases(v));
            if is_negated(func, x) || is_negated(func, y) {
                [None, None]
            } else {
                [Some(x), Some(y)]
            }
        }
        _ => [None, None],
    }
}

/// Rewrites the subtractions `x - y` that LLVM's InstCombine reads as
/// additions `x + (-y)`, where `-y` costs nothing (each rewrite exact):
/// - `y` a constant: `x + (-C)`;
/// - `y` negated ([`is_negated`]): the negations stripped, `x - (-z)` as
///   `x + z` and `x - (-a) * b` as `x + a * b`;
/// - `y` a product or quotient with a constant operand, used only here:
///   the constant negated, `x - c * 2.5` as `x + c * -2.5`.
///
/// Returns true when it rewrote one.
fn canonicalize_subtractions(func: &mut Function) -> bool {
    let mut subtractions = Vec::new();
    for &block in func.layout.blocks() {
        for &inst in func.layout.block_insts(block) {
            if func.dfg.inst(inst).opcode() == Opcode::Fsub {
                let result = func.dfg.first_result(inst).expect("a result");
                if matches!(func.dfg.value_type(result), Type::F32 | Type::F64) {
                    subtractions.push(inst);
                }
            }
        }
    }
    if subtractions.is_empty() {
        return false;
    }
    let uses = use_counts(func);
    let mut changed = false;
    for inst in subtractions {
        let InstructionData::Binary { args, .. } = *func.dfg.inst(inst) else {
            unreachable!("a subtraction is binary");
        };
        let [x, y] = args.map(|v| func.dfg.resolve_aliases(v));
        let negated = if let Some(bits) = fconst_bits(func, y) {
            negated_constant(func, y, bits, inst)
        } else if is_negated(func, y) {
            stripped(func, y, NEGATION_DEPTH, inst)
        } else if uses[y] == 1 {
            match with_constant_negated(func, y, inst) {
                Some(v) => v,
                None => continue,
            }
        } else {
            continue;
        };
        func.dfg.replace_inst(
            inst,
            InstructionData::Binary {
                opcode: Opcode::Fadd,
                args: [x, negated],
            },
        );
        changed = true;
    }
    changed
}

/// Inserts `data` (of `v`'s type) before `before`; returns its result.
fn insert_like(func: &mut Function, v: Value, data: InstructionData, before: Inst) -> Value {
    let ty = func.dfg.value_type(v);
    let new = func.dfg.make_inst(data, &[ty]);
    func.layout.insert_inst_before(new, before);
    func.dfg.first_result(new).expect("a result")
}

/// The constant `-C`, for the constant `c` of bits `bits`.
fn negated_constant(func: &mut Function, c: Value, bits: u64, before: Inst) -> Value {
    let sign = if func.dfg.value_type(c) == Type::F32 {
        1 << 31
    } else {
        1 << 63
    };
    let data = InstructionData::UnaryIeee {
        opcode: Opcode::Fconst,
        bits: bits ^ sign,
    };
    insert_like(func, c, data, before)
}

/// `-v` for a negated `v` ([`negated_within`] at `depth`): the `fneg`'s
/// operand, or the product or quotient rebuilt with its negated operand
/// stripped in turn.
fn stripped(func: &mut Function, v: Value, depth: u32, before: Inst) -> Value {
    let ValueDef::Result(inst, 0) = func.dfg.value_def(v) else {
        unreachable!("a negated value is an instruction's");
    };
    match *func.dfg.inst(inst) {
        InstructionData::Unary {
            opcode: Opcode::Fneg,
            arg,
        } => func.dfg.resolve_aliases(arg),
        InstructionData::Binary { opcode, args } => {
            let [x, y] = args.map(|a| func.dfg.resolve_aliases(a));
            let args = if negated_within(func, x, depth - 1) {
                [stripped(func, x, depth - 1, before), y]
            } else {
                [x, stripped(func, y, depth - 1, before)]
            };
            insert_like(func, v, InstructionData::Binary { opcode, args }, before)
        }
        _ => unreachable!("a negated value is a negation, product or quotient"),
    }
}

/// `-v` for a product or quotient `v` with a constant operand: the same
/// with the constant negated; `None` for any other `v`.
fn with_constant_negated(func: &mut Function, v: Value, before: Inst) -> Option<Value> {
    let ValueDef::Result(inst, 0) = func.dfg.value_def(v) else {
        return None;
    };
    let InstructionData::Binary {
        opcode: opcode @ (Opcode::Fmul | Opcode::Fdiv),
        args,
    } = *func.dfg.inst(inst)
    else {
        return None;
    };
    let [x, y] = args.map(|a| func.dfg.resolve_aliases(a));
    let args = if let Some(bits) = fconst_bits(func, y) {
        [x, negated_constant(func, y, bits, before)]
    } else {
        let bits = fconst_bits(func, x)?;
        [negated_constant(func, x, bits, before), y]
    };
    Some(insert_like(
        func,
        v,
        InstructionData::Binary { opcode, args },
        before,
    ))
}

/// The uses of every `f32`/`f64` product of `func`.
///
/// A product with one negated factor, `(-a) * b`, is `-(a * b)` to LLVM,
/// whose value numbering then shares `a * b` with a product `a * b`
/// written elsewhere: that product gets a use that is no addition.
fn product_uses(func: &Function) -> SecondaryMap<Value, Uses> {
    let mut uses: SecondaryMap<Value, Uses> = SecondaryMap::new();
    let mut products: FxHashMap<(Value, Value), Value> = FxHashMap::default();
    for &block in func.layout.blocks() {
        for &inst in func.layout.block_insts(block) {
            if let Some(v) = func.dfg.first_result(inst) {
                if product_def(func, v).is_some() {
                    let [a, b] = factors(func, v);
                    products.entry((a.min(b), a.max(b))).or_insert(v);
                }
            }
        }
    }
    for &block in func.layout.blocks() {
        for &inst in func.layout.block_insts(block) {
            if let Some(v) = func.dfg.first_result(inst) {
                if let Some(shared) = un_negated_product(func, &products, v) {
                    uses[shared].count += 1;
                    uses[shared].other = true;
                }
            }
            let additions = addition_operands(func, inst);
            func.dfg.for_each_arg(inst, |v| {
                let v = func.dfg.resolve_aliases(v);
                let Some((_, def_block)) = product_def(func, v) else {
                    return;
                };
                let u = &mut uses[v];
                u.count += 1;
                u.other |= !additions.contains(&Some(v));
                u.elsewhere |= def_block != block;
            });
        }
    }
    uses
}

/// For a product `v` with exactly one factor a negation `-a` (of a value,
/// not a constant), the product of the un-negated factors among
/// `products` (keyed by their factors, lower value first), if any.
fn un_negated_product(
    func: &Function,
    products: &FxHashMap<(Value, Value), Value>,
    v: Value,
) -> Option<Value> {
    product_def(func, v)?;
    let [a, b] = factors(func, v);
    let negation_of = |x: Value| match func.dfg.value_def(x) {
        ValueDef::Result(inst, 0) => match *func.dfg.inst(inst) {
            InstructionData::Unary {
                opcode: Opcode::Fneg,
                arg,
            } => Some(func.dfg.resolve_aliases(arg)),
            _ => None,
        },
        _ => None,
    };
    let (a, b) = match (negation_of(a), negation_of(b)) {
        (Some(a), None) => (a, b),
        (None, Some(b)) => (a, b),
        _ => return None,
    };
    products.get(&(a.min(b), a.max(b))).copied()
}

/// The instruction and block of `v` when it is an `f32`/`f64` `fmul`.
fn product_def(func: &Function, v: Value) -> Option<(Inst, Block)> {
    let ValueDef::Result(inst, 0) = func.dfg.value_def(v) else {
        return None;
    };
    let InstructionData::Binary {
        opcode: Opcode::Fmul,
        ..
    } = func.dfg.inst(inst)
    else {
        return None;
    };
    if !matches!(func.dfg.value_type(v), Type::F32 | Type::F64) {
        return None;
    }
    Some((inst, func.layout.inst_block(inst)?))
}

/// What `inst` fuses into, when it is an addition Numba fuses.
fn fusion(
    func: &Function,
    uses: &SecondaryMap<Value, Uses>,
    ranks: &SecondaryMap<Value, u64>,
    loops: &Loops,
    inst: Inst,
) -> Option<Fused> {
    let [Some(x), Some(y)] = addition_operands(func, inst) else {
        return None;
    };
    // `p + p` is `p * 2` to LLVM.
    if x == y {
        return None;
    }
    // The operands in LLVM's order: by rank (Reassociate's canonical
    // order, the lower first), then a product by a negative constant
    // last (Reassociate turns `x + y*(-C)` into `x - y*C`, InstCombine
    // back into `x + y*(-C)`, with `x` first).
    let (mut x, mut y) = if ranks[y] < ranks[x] { (y, x) } else { (x, y) };
    let negative_product = |v: Value| uses[v].count == 1 && has_negative_constant_factor(func, v);
    if negative_product(x) && !negative_product(y) {
        std::mem::swap(&mut x, &mut y);
    }
    let (p, addend) = [(x, y), (y, x)]
        .into_iter()
        .find(|&(p, _)| fusible(func, uses, loops, p, inst))?;
    let [a, b] = factors(func, p);
    Some(Fused { a, b, addend })
}

/// True when `v` is a product or quotient by a negative float constant.
fn has_negative_constant_factor(func: &Function, v: Value) -> bool {
    let ValueDef::Result(inst, 0) = func.dfg.value_def(v) else {
        return false;
    };
    let InstructionData::Binary {
        opcode: Opcode::Fmul | Opcode::Fdiv,
        args,
    } = *func.dfg.inst(inst)
    else {
        return false;
    };
    args.iter().any(|&a| {
        fconst_bits(func, func.dfg.resolve_aliases(a)).is_some_and(|bits| {
            let negative = match func.dfg.value_type(a) {
                Type::F32 => (bits >> 31) & 1 == 1,
                _ => bits >> 63 == 1,
            };
            negative && !f64_or_f32_is_nan(func.dfg.value_type(a), bits)
        })
    })
}

/// True when `bits` of a float of type `ty` are a NaN.
fn f64_or_f32_is_nan(ty: Type, bits: u64) -> bool {
    match ty {
        Type::F32 => f32::from_bits(bits as u32).is_nan(),
        _ => f64::from_bits(bits).is_nan(),
    }
}

/// LLVM's Reassociate ranks of `func`'s values, which order the operands
/// of an addition (the lower first): a constant 0; the function's
/// parameters 3, 4, ... in order; per block in reverse post-order a base
/// far above those (the block's number shifted left by 16), and the
/// values that cannot move (block parameters, loads, calls and other
/// instructions with effects, integer divisions) numbered up from it in
/// order; any other value one more than its highest operand's (a negation
/// the same).
fn ranks(func: &Function, analyses: &mut Analyses) -> SecondaryMap<Value, u64> {
    let mut rank: SecondaryMap<Value, u64> = SecondaryMap::new();
    let Some(entry) = func.layout.entry_block() else {
        return rank;
    };
    let mut counter: u64 = 2;
    for &p in func.dfg.block_params(entry) {
        counter += 1;
        rank[p] = counter;
    }
    let (_, rpo) = analyses.cfg_rpo(func);
    for &block in rpo {
        counter += 1;
        let mut next = counter << 16;
        if block != entry {
            for &p in func.dfg.block_params(block) {
                next += 1;
                rank[p] = next;
            }
        }
        for &inst in func.layout.block_insts(block) {
            let Some(result) = func.dfg.first_result(inst) else {
                continue;
            };
            let data = func.dfg.inst(inst);
            let op = data.opcode();
            if !is_pure(op) || is_int_division(op) {
                next += 1;
                rank[result] = next;
                continue;
            }
            if matches!(
                data,
                InstructionData::UnaryImm { .. } | InstructionData::UnaryIeee { .. }
            ) {
                continue;
            }
            let mut highest = 0;
            func.dfg.for_each_arg(inst, |a| {
                highest = highest.max(rank[func.dfg.resolve_aliases(a)]);
            });
            rank[result] = if op == Opcode::Fneg {
                highest
            } else {
                highest + 1
            };
        }
    }
    rank
}

/// The factors of product `p`.
fn factors(func: &Function, p: Value) -> [Value; 2] {
    let (inst, _) = product_def(func, p).expect("a product");
    let InstructionData::Binary { args, .. } = func.dfg.inst(inst) else {
        unreachable!("a product is binary");
    };
    args.map(|v| func.dfg.resolve_aliases(v))
}

/// True when product `p` fuses into the addition `user`.
fn fusible(
    func: &Function,
    uses: &SecondaryMap<Value, Uses>,
    loops: &Loops,
    p: Value,
    user: Inst,
) -> bool {
    let Some((_, def_block)) = product_def(func, p) else {
        return false;
    };
    let result = func
        .dfg
        .first_result(user)
        .expect("an addition has a result");
    if func.dfg.value_type(p) != func.dfg.value_type(result) {
        return false;
    }
    let u = uses[p];
    if u.other || u.count > MAX_FUSED_USES {
        return false;
    }
    let Some(user_block) = func.layout.inst_block(user) else {
        return false;
    };
    if u.count > 1 || user_block == def_block {
        return !u.elsewhere;
    }
    // One use, in another block: NVVM sinks the product there unless that
    // is inside a loop the product is not in, or sinking would keep two
    // values alive until the use instead of one (both factors loaded or
    // computed from loads; a factor computed from the parameters, the
    // thread's indices and constants can be recomputed).
    let in_loop = match loops.innermost(user_block) {
        None => false,
        Some(l) => !loops.contains(l, def_block),
    };
    let [a, b] = factors(func, p);
    let anchored = [a, b]
        .iter()
        .filter(|&&f| anchored_within(func, f, ANCHOR_DEPTH))
        .count();
    !in_loop && (anchored < 2 || a == b)
}

/// How deep [`anchored_within`] looks through pure operations.
const ANCHOR_DEPTH: u32 = 8;

/// True when `v` cannot be recomputed from the function's parameters,
/// constants and the thread's indices by pure operations (within `depth`
/// of them): it is, or is computed from, a load, a call or a value joined
/// at a block, or a math library function's result (too long to
/// recompute).
fn anchored_within(func: &Function, v: Value, depth: u32) -> bool {
    let inst = match func.dfg.value_def(v) {
        ValueDef::Param(block, _) => return Some(block) != func.layout.entry_block(),
        ValueDef::Result(inst, _) => inst,
    };
    let op = func.dfg.inst(inst).opcode();
    if !is_pure(op) || op.is_math_library() || depth == 0 {
        return true;
    }
    let mut anchored = false;
    func.dfg.for_each_arg(inst, |a| {
        anchored = anchored || anchored_within(func, func.dfg.resolve_aliases(a), depth - 1);
    });
    anchored
}

/// Turns the addition `inst` into `fma(a, b, addend)`.
fn apply(func: &mut Function, inst: Inst, fused: Fused) {
    func.dfg.replace_inst(
        inst,
        InstructionData::Ternary {
            opcode: Opcode::Fma,
            args: [fused.a, fused.b, fused.addend],
        },
    );
}
