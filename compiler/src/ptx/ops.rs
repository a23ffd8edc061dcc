//! Selection of the non-branching IR operations: arithmetic, conversions,
//! comparisons, memory, atomics, barriers, warp operations, calls and
//! `print`.
//!
//! Register conventions: `i8`/`i16` live in `.b32` registers whose upper
//! bits are unspecified, and are sign- or zero-extended where an operation
//! looks at them (comparisons, division, right shifts, widening); `f16`
//! values live in `.b32` registers as the `f32` of equal value, and results
//! are rounded back to half precision after each operation (exact for
//! `+ - * /`: f32 has more than twice f16's precision). Sequences that need
//! temporaries inside one instruction use the scratch registers `%kc_s32`,
//! `%kc_s64`, `%kc_p` and `%kc_h`, which are never allocated.

use super::isel::{kind_of, Constant, Isel, IselErrorKind, Selected};
use super::target::TargetFeatures;
use super::vcode::{Control, Op, Part, RegKind, NO_OPS};
use crate::ir::{
    self, AtomicRmwOp, FloatCC, InstructionData as D, IntCC, Opcode, ShuffleMode, SpecialReg,
    VoteMode,
};
use regalloc2::VReg;

/// Selects one instruction.
pub(super) fn select_inst(s: &mut Isel<'_>, inst: ir::Inst, data: &D) -> Selected {
    // Constants are written where they are used (see `Isel::vreg`).
    if matches!(data, D::UnaryImm { .. } | D::UnaryIeee { .. }) {
        return Ok(());
    }
    let result = s.func.dfg.first_result(inst);
    if let (D::Special { reg, .. }, Some(r)) = (data, result) {
        if s.defer_special(r, *reg) {
            return Ok(());
        }
    }
    let rty = result.map(|r| s.func.dfg.value_type(r));
    let d = result.map(|r| s.vreg(r));
    if let (Some((base, r)), Some(d), Some(ty)) = (data.opcode().directed(), d, rty) {
        let args = s.func.dfg.inst_args(inst);
        return super::directed::select(s, base, r, d, ty, &args);
    }
    match data {
        D::UnaryImm { .. } | D::UnaryIeee { .. } => {}
        D::Unary { opcode, arg } => unary(s, *opcode, d, rty, *arg)?,
        D::Binary { opcode, args } => binary(
            s,
            *opcode,
            d.expect("result"),
            rty.expect("type"),
            args[0],
            args[1],
        )?,
        D::Ternary { opcode, args } => {
            ternary(s, *opcode, d.expect("result"), rty.expect("type"), args)?
        }
        D::IntCompare { cond, args, .. } => icmp(s, d.expect("result"), *cond, args[0], args[1]),
        D::FloatCompare { cond, args, .. } => fcmp(s, d.expect("result"), *cond, args[0], args[1]),
        D::Load {
            opcode,
            addr,
            offset,
        } => match opcode.cache_hint() {
            Some(hint) => cached_load(
                s,
                hint,
                d.expect("result"),
                rty.expect("type"),
                *addr,
                *offset,
            ),
            None => load(s, d.expect("result"), rty.expect("type"), *addr, *offset),
        },
        D::Store {
            opcode,
            args,
            offset,
        } => match opcode.cache_hint() {
            Some(hint) => cached_store(s, hint, args[0], args[1], *offset),
            None => store(s, args[0], args[1], *offset),
        },
        D::AtomicRmw { op, args, .. } => super::atomics::rmw(
            s,
            d.expect("result"),
            rty.expect("type"),
            *op,
            args[0],
            args[1],
        )?,
        D::AtomicCas { args, .. } => {
            super::atomics::cas(s, d.expect("result"), rty.expect("type"), args)
        }
        D::AddrOf { opcode, index } => addr_of(s, d.expect("result"), *opcode, *index),
        D::Special { reg, .. } => special(s, d.expect("result"), *reg),
        D::Nullary { opcode } => nullary(s, *opcode, d)?,
        D::Shuffle { mode, args, .. } => {
            shuffle(s, d.expect("result"), rty.expect("type"), *mode, args)
        }
        D::Vote { mode, args, .. } => vote(s, d.expect("result"), *mode, args[0], args[1])?,
        D::Call { func, args, .. } => {
            let args = s.func.dfg.list(args).to_vec();
            let results = s.func.dfg.inst_results(inst).to_vec();
            super::calls::call(s, *func, &args, &results)?;
        }
        D::Print { format, args, .. } => {
            let args = s.func.dfg.list(args).to_vec();
            super::calls::print(s, *format, &args);
        }
        D::Jump { .. } | D::Brif { .. } | D::Return { .. } => {
            unreachable!("control flow is selected by isel")
        }
    }
    Ok(())
}

fn u(v: VReg) -> Op {
    Op::Use(v)
}

fn df(v: VReg) -> Op {
    Op::Def(v)
}

/// `.s32`/`.s64` style suffix for an integer type held in a register.
fn ibits(ty: ir::Type) -> u32 {
    if ty.bits() == 64 {
        64
    } else {
        32
    }
}

/// A constant written as a PTX immediate operand.
#[derive(Clone, Copy)]
enum Literal {
    I64(i64),
    U32(u32),
    F32(u32),
    F64(u64),
}

impl Literal {
    /// The literal as a template part.
    fn part(self) -> Part<'static> {
        match self {
            Literal::I64(v) => Part::Int(v),
            Literal::U32(v) => Part::Int(i64::from(v)),
            Literal::F32(bits) => Part::Hex("0f", u64::from(bits), 8),
            Literal::F64(bits) => Part::Hex("0d", bits, 16),
        }
    }
}

/// `32` or `64` as a template part.
fn bits_text(n: u32) -> Part<'static> {
    Part::Str(if n == 64 { "64" } else { "32" })
}

/// `v` as an immediate operand of an operation on `ty`, when it is a
/// constant of a type whose registers hold it exactly (`i8`/`i16`, whose
/// registers have unspecified upper bits, and `f16` are left in registers).
fn literal(s: &Isel<'_>, v: ir::Value, ty: ir::Type) -> Option<Literal> {
    match (s.constant(v)?, ty) {
        (Constant::Int(imm), ir::Type::I64 | ir::Type::Ptr(_)) => Some(Literal::I64(imm)),
        (Constant::Int(imm), ir::Type::I32) => Some(Literal::U32(imm as u32)),
        (Constant::Float(bits), ir::Type::F32) => Some(Literal::F32(bits as u32)),
        (Constant::Float(bits), ir::Type::F64) => Some(Literal::F64(bits)),
        _ => None,
    }
}

/// Whether `v` is the `f32` constant 1.0.
fn is_f32_one(s: &Isel<'_>, v: ir::Value) -> bool {
    matches!(literal(s, v, ir::Type::F32), Some(Literal::F32(bits)) if bits == 1.0f32.to_bits())
}

/// Moves a constant into register `d`.
pub(super) fn materialize(s: &mut Isel<'_>, d: VReg, ty: ir::Type, c: Constant) {
    match c {
        Constant::Int(imm) => iconst(s, d, ty, imm),
        Constant::Float(bits) => fconst(s, d, ty, bits),
    }
}

fn iconst(s: &mut Isel<'_>, d: VReg, ty: ir::Type, imm: i64) {
    let parts = match ty {
        ir::Type::I1 => [
            Part::Str("setp.ne.u32 {}, "),
            Part::Int(imm & 1),
            Part::Str(", 0;"),
        ],
        t if t.bits() == 64 => [Part::Str("mov.b64 {}, "), Part::Int(imm), Part::Str(";")],
        _ => [
            Part::Str("mov.b32 {}, "),
            Part::Int(i64::from(imm as u32)),
            Part::Str(";"),
        ],
    };
    s.emit_parts(&parts, [df(d)]);
}

fn fconst(s: &mut Isel<'_>, d: VReg, ty: ir::Type, bits: u64) {
    let hex = match ty {
        ir::Type::F64 => Part::Hex("mov.f64 {}, 0d", bits, 16),
        ir::Type::F16 => {
            let single = (f16_to_f64(bits as u16) as f32).to_bits();
            Part::Hex("mov.f32 {}, 0f", u64::from(single), 8)
        }
        _ => Part::Hex("mov.f32 {}, 0f", u64::from(bits as u32), 8),
    };
    s.emit_parts(&[hex, Part::Str(";")], [df(d)]);
}

/// The exact value of a half-precision bit pattern.
fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1f) as i32;
    let frac = (h & 0x3ff) as f64;
    sign * match exp {
        0 => frac * 2f64.powi(-24),
        31 if frac == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        e => (1.0 + frac / 1024.0) * 2f64.powi(e - 15),
    }
}

/// Sign- or zero-extends an `i8`/`i16` held in a `.b32` register.
fn norm(s: &mut Isel<'_>, v: VReg, ty: ir::Type, signed: bool) -> VReg {
    if !matches!(ty, ir::Type::I8 | ir::Type::I16) {
        return v;
    }
    let t = s.temp(RegKind::B32);
    let bits = ty.bits();
    let text = match (signed, bits) {
        (true, 8) => "cvt.s32.s8 {}, {};",
        (true, _) => "cvt.s32.s16 {}, {};",
        (false, 8) => "and.b32 {}, {}, 255;",
        (false, _) => "and.b32 {}, {}, 65535;",
    };
    s.emit(text, [df(t), u(v)]);
    t
}

/// Rounds the `f32` in `t` to half precision into `d` (an `f16` held as `f32`).
fn round_f16(s: &mut Isel<'_>, t: VReg, d: VReg) {
    s.emit(
        "cvt.rn.f16.f32 %kc_h, {};\n\tcvt.f32.f16 {}, %kc_h;",
        [u(t), df(d)],
    );
}

/// The register an operation writes: `d`, or a temporary to be rounded
/// into `d` when the result is an `f16`.
fn float_dest(s: &mut Isel<'_>, d: VReg, ty: ir::Type) -> VReg {
    if ty == ir::Type::F16 {
        s.temp(RegKind::B32)
    } else {
        d
    }
}

/// Finishes a float operation written to `t` (see [`float_dest`]).
fn float_finish(s: &mut Isel<'_>, t: VReg, d: VReg, ty: ir::Type) {
    if ty == ir::Type::F16 {
        round_f16(s, t, d);
    }
}

fn float_suffix(ty: ir::Type) -> &'static str {
    if ty == ir::Type::F64 {
        "f64"
    } else {
        "f32"
    }
}

/// The PTX instruction of a float add, subtract or multiply. Without
/// `fastmath` it carries `.rn`, which forbids ptxas to fuse a multiply and
/// an add into one `fma` (its default for plain `mul`/`add`): the GPU then
/// computes what the PTX says, bit for bit what the CPU device computes.
/// With `fastmath` ptxas may fuse them, as Numba's fast math allows, and
/// `f32` subnormals flush to zero (`.ftz`, NVVM's `ftz=1`).
fn rounded(op: Opcode, fastmath: bool, f32: bool) -> &'static str {
    match (op, fastmath, f32) {
        (Opcode::Fadd, false, _) => "add.rn",
        (Opcode::Fsub, false, _) => "sub.rn",
        (Opcode::Fmul, false, _) => "mul.rn",
        (Opcode::Fadd, true, true) => "add.ftz",
        (Opcode::Fsub, true, true) => "sub.ftz",
        (Opcode::Fmul, true, true) => "mul.ftz",
        (Opcode::Fadd, true, false) => "add",
        (Opcode::Fsub, true, false) => "sub",
        _ => "mul",
    }
}

fn binary(
    s: &mut Isel<'_>,
    op: Opcode,
    d: VReg,
    ty: ir::Type,
    a: ir::Value,
    b: ir::Value,
) -> Selected {
    let bty = s.func.dfg.value_type(b);
    // Commutative operations take a constant first operand second, where
    // PTX accepts an immediate.
    let (a, b) = match op {
        Opcode::Iadd
        | Opcode::Imul
        | Opcode::Band
        | Opcode::Bor
        | Opcode::Bxor
        | Opcode::Fadd
        | Opcode::Fmul
            if s.constant(a).is_some() && s.constant(b).is_none() =>
        {
            (b, a)
        }
        _ => (a, b),
    };
    if ty.is_float() {
        let f = float_suffix(ty);
        if matches!(
            op,
            Opcode::Fadd | Opcode::Fsub | Opcode::Fmul | Opcode::Fdiv
        ) {
            if let Some(lit) = literal(s, b, ty) {
                let m = match op {
                    Opcode::Fadd | Opcode::Fsub | Opcode::Fmul => {
                        rounded(op, s.func.fastmath, f == "f32")
                    }
                    _ if s.func.fastmath && f == "f32" => "div.approx.ftz",
                    _ => "div.rn",
                };
                let av = s.vreg(a);
                s.emit_parts(
                    &[
                        Part::Str(m),
                        Part::Str("."),
                        Part::Str(f),
                        Part::Str(" {}, {}, "),
                        lit.part(),
                        Part::Str(";"),
                    ],
                    [df(d), u(av)],
                );
                return Ok(());
            }
        }
        if op == Opcode::Fdiv && ty == ir::Type::F32 && !s.func.fastmath && is_f32_one(s, a) {
            // `1.0 / x` is the correctly rounded reciprocal: `rcp.rn` gives
            // the same result as `div.rn` (as Numba's PTX has it), and
            // ptxas expands it to a shorter sequence. Not in `f64`, where
            // ptxas's `rcp.rn.f64` sequence came out longer than its
            // `div.rn.f64` by a constant 1.0 on the math-library kernels.
            let bv = s.vreg(b);
            s.emit("rcp.rn.f32 {}, {};", [df(d), u(bv)]);
            return Ok(());
        }
        let (av, bv) = (s.vreg(a), s.vreg(b));
        let m = match op {
            Opcode::Fadd | Opcode::Fsub | Opcode::Fmul => rounded(op, s.func.fastmath, f == "f32"),
            Opcode::Fdiv if s.func.fastmath && f == "f32" => "div.approx.ftz",
            Opcode::Fdiv => "div.rn",
            Opcode::Copysign => {
                // PTX copies the sign of its first source to the second.
                s.emit_fmt(
                    format_args!("copysign.{f} {{}}, {{}}, {{}};"),
                    [df(d), u(bv), u(av)],
                    Control::None,
                );
                return Ok(());
            }
            Opcode::Fmin | Opcode::Fmax => {
                let m = if op == Opcode::Fmin { "min" } else { "max" };
                let (scratch, b) = if f == "f64" {
                    ("%kc_s64", "b64")
                } else {
                    ("%kc_s32", "b32")
                };
                // NaN if either operand is NaN.
                s.emit_fmt(
                    format_args!("{m}.{f} {scratch}, {{}}, {{}};\n\tsetp.nan.{f} %kc_p, {{}}, {{}};\n\t@%kc_p add.{f} {scratch}, {{}}, {{}};\n\tmov.{b} {{}}, {scratch};"),
                    [u(av), u(bv), u(av), u(bv), u(av), u(bv), df(d)],
                    Control::None,
                );
                return Ok(());
            }
            other => return Err(s.error(IselErrorKind::MathNotExpanded { op: other })),
        };
        let t = float_dest(s, d, ty);
        let parts = [
            Part::Str(m),
            Part::Str("."),
            Part::Str(f),
            Part::Str(" {}, {}, {};"),
        ];
        s.emit_parts(&parts, [df(t), u(av), u(bv)]);
        float_finish(s, t, d, ty);
        return Ok(());
    }
    let n = ibits(ty);
    if let Some(lit) = literal(s, b, ty) {
        let m = match op {
            Opcode::PtrAdd | Opcode::Iadd => "add.s",
            Opcode::Isub => "sub.s",
            Opcode::Imul => "mul.lo.s",
            Opcode::Band => "and.b",
            Opcode::Bor => "or.b",
            Opcode::Bxor => "xor.b",
            Opcode::Sdiv => "div.s",
            Opcode::Srem => "rem.s",
            Opcode::Smin => "min.s",
            Opcode::Smax => "max.s",
            Opcode::Udiv => "div.u",
            Opcode::Urem => "rem.u",
            Opcode::Umin => "min.u",
            Opcode::Umax => "max.u",
            Opcode::Ishl => "shl.b",
            Opcode::Sshr => "shr.s",
            Opcode::Ushr => "shr.u",
            _ => "",
        };
        if !m.is_empty() {
            // Shift amounts are 32-bit in PTX (a 64-bit register amount is
            // truncated the same way).
            let lit = match (op, lit) {
                (Opcode::Ishl | Opcode::Sshr | Opcode::Ushr, Literal::I64(v)) => {
                    Literal::U32(v as u32)
                }
                (_, lit) => lit,
            };
            let av = s.vreg(a);
            s.emit_parts(
                &[
                    Part::Str(m),
                    bits_text(n),
                    Part::Str(" {}, {}, "),
                    lit.part(),
                    Part::Str(";"),
                ],
                [df(d), u(av)],
            );
            return Ok(());
        }
    }
    let (av, bv) = (s.vreg(a), s.vreg(b));
    if op == Opcode::PtrAdd {
        s.emit("add.s64 {}, {}, {};", [df(d), u(av), u(bv)]);
        return Ok(());
    }
    if ty == ir::Type::I1 {
        let text = match op {
            Opcode::Band => "and.pred {}, {}, {};",
            Opcode::Bor => "or.pred {}, {}, {};",
            Opcode::Bxor => "xor.pred {}, {}, {};",
            other => return Err(s.error(IselErrorKind::PredicateOperation { op: other })),
        };
        s.emit(text, [df(d), u(av), u(bv)]);
        return Ok(());
    }
    let (signed, unsigned) = (true, false);
    let (av, bv, text) = match op {
        Opcode::Iadd => (av, bv, "add.s"),
        Opcode::Isub => (av, bv, "sub.s"),
        Opcode::Imul => (av, bv, "mul.lo.s"),
        Opcode::Band => (av, bv, "and.b"),
        Opcode::Bor => (av, bv, "or.b"),
        Opcode::Bxor => (av, bv, "xor.b"),
        Opcode::Sdiv | Opcode::Srem | Opcode::Smin | Opcode::Smax => {
            let (x, y) = (norm(s, av, ty, signed), norm(s, bv, ty, signed));
            let m = match op {
                Opcode::Sdiv => "div.s",
                Opcode::Srem => "rem.s",
                Opcode::Smin => "min.s",
                _ => "max.s",
            };
            (x, y, m)
        }
        Opcode::Udiv | Opcode::Urem | Opcode::Umin | Opcode::Umax => {
            let (x, y) = (norm(s, av, ty, unsigned), norm(s, bv, ty, unsigned));
            let m = match op {
                Opcode::Udiv => "div.u",
                Opcode::Urem => "rem.u",
                Opcode::Umin => "min.u",
                _ => "max.u",
            };
            (x, y, m)
        }
        Opcode::Ishl | Opcode::Sshr | Opcode::Ushr => {
            let x = match op {
                Opcode::Sshr => norm(s, av, ty, signed),
                Opcode::Ushr => norm(s, av, ty, unsigned),
                _ => av,
            };
            // Shift amounts are 32-bit registers in PTX.
            let amount = if bty.bits() == 64 {
                let t = s.temp(RegKind::B32);
                s.emit("cvt.u32.u64 {}, {};", [df(t), u(bv)]);
                t
            } else {
                norm(s, bv, bty, unsigned)
            };
            let m = match op {
                Opcode::Ishl => "shl.b",
                Opcode::Sshr => "shr.s",
                _ => "shr.u",
            };
            (x, amount, m)
        }
        other => {
            return Err(s.error(IselErrorKind::UnknownOperation {
                op: other,
                expected: "a binary integer operation",
            }))
        }
    };
    s.emit_parts(
        &[Part::Str(text), bits_text(n), Part::Str(" {}, {}, {};")],
        [df(d), u(av), u(bv)],
    );
    Ok(())
}

fn unary(
    s: &mut Isel<'_>,
    op: Opcode,
    d: Option<VReg>,
    rty: Option<ir::Type>,
    arg: ir::Value,
) -> Selected {
    let aty = s.func.dfg.value_type(arg);
    // Widening a special register reads it directly.
    if let (Opcode::Uextend | Opcode::Sextend, Some(ir::Type::I64), Some(d)) = (op, rty, d) {
        if let Some(reg) = s.deferred_special(arg).filter(|_| aty == ir::Type::I32) {
            let cvt = if op == Opcode::Uextend {
                "cvt.u64.u32 {}, %"
            } else {
                "cvt.s64.s32 {}, %"
            };
            let parts = [Part::Str(cvt), Part::Str(reg.name()), Part::Str(";")];
            s.emit_parts(&parts, [df(d)]);
            return Ok(());
        }
    }
    let a = s.vreg(arg);
    match op {
        Opcode::Syncwarp => {
            s.emit("bar.warp.sync {};", [u(a)]);
            return Ok(());
        }
        Opcode::Nanosleep => {
            // PTX has it from sm_70 (Numba's NVVM refuses it before too).
            if s.target.sm < 70 {
                return Err(s.error(IselErrorKind::NeedsNewerTarget {
                    what: "cuda.nanosleep",
                    sm: 70,
                }));
            }
            s.emit("nanosleep.u32 {};", [u(a)]);
            return Ok(());
        }
        Opcode::SyncthreadsCount => {
            s.emit(
                "bar.red.popc.u32 {}, 0, {};",
                [df(d.expect("result")), u(a)],
            );
            return Ok(());
        }
        Opcode::SyncthreadsAnd | Opcode::SyncthreadsOr => {
            let m = if op == Opcode::SyncthreadsAnd {
                "and"
            } else {
                "or"
            };
            s.emit_fmt(
                format_args!("bar.red.{m}.pred %kc_p, 0, {{}};\n\tselp.u32 {{}}, 1, 0, %kc_p;"),
                [u(a), df(d.expect("result"))],
                Control::None,
            );
            return Ok(());
        }
        _ => {}
    }
    let d = d.expect("unary operations have a result");
    let ty = rty.expect("result type");
    if op.is_math_library() {
        return Err(s.error(IselErrorKind::MathNotExpanded { op }));
    }
    if ty.is_float()
        && aty.is_float()
        && !matches!(op, Opcode::Fpromote | Opcode::Fdemote | Opcode::Bitcast)
    {
        let f = float_suffix(ty);
        let f64 = f == "f64";
        let fast32 = s.func.fastmath && !f64;
        // The instruction, and its type suffix where it has one.
        let (name, suffix) = match op {
            Opcode::Fneg => ("neg.", f),
            Opcode::Fabs => ("abs.", f),
            Opcode::Sqrt if fast32 => ("sqrt.approx.ftz.f32", ""),
            Opcode::Sqrt => ("sqrt.rn.", f),
            Opcode::Floor if f64 => ("cvt.rmi.f64.f64", ""),
            Opcode::Floor => ("cvt.rmi.f32.f32", ""),
            Opcode::Ceil if f64 => ("cvt.rpi.f64.f64", ""),
            Opcode::Ceil => ("cvt.rpi.f32.f32", ""),
            Opcode::Trunc if f64 => ("cvt.rzi.f64.f64", ""),
            Opcode::Trunc => ("cvt.rzi.f32.f32", ""),
            Opcode::Nearest if f64 => ("cvt.rni.f64.f64", ""),
            Opcode::Nearest => ("cvt.rni.f32.f32", ""),
            // The `.ftz` forms under `fastmath`, as NVVM's `ftz=1` gives.
            Opcode::SinApprox if fast32 => ("sin.approx.ftz.f32", ""),
            Opcode::SinApprox => ("sin.approx.f32", ""),
            Opcode::CosApprox if fast32 => ("cos.approx.ftz.f32", ""),
            Opcode::CosApprox => ("cos.approx.f32", ""),
            Opcode::Ex2Approx if fast32 => ("ex2.approx.ftz.f32", ""),
            Opcode::Ex2Approx => ("ex2.approx.f32", ""),
            Opcode::Lg2Approx if fast32 => ("lg2.approx.ftz.f32", ""),
            Opcode::Lg2Approx => ("lg2.approx.f32", ""),
            Opcode::TanhApprox if s.target.has_tanh_approx() => ("tanh.approx.f32", ""),
            Opcode::TanhApprox => {
                // Before sm_75: tanh x = sign(x) (1 - 2 / (2**(2|x| log2 e) + 1)).
                let t = float_dest(s, d, ty);
                s.emit(
                    "abs.f32 %kc_s32, {};\n\tmul.f32 %kc_s32, %kc_s32, 0f4038AA3B;\n\tex2.approx.f32 %kc_s32, %kc_s32;\n\tadd.f32 %kc_s32, %kc_s32, 0f3F800000;\n\trcp.approx.f32 %kc_s32, %kc_s32;\n\tfma.rn.f32 %kc_s32, %kc_s32, 0fC0000000, 0f3F800000;\n\tcopysign.f32 {}, {}, %kc_s32;",
                    [u(a), df(t), u(a)],
                );
                float_finish(s, t, d, ty);
                return Ok(());
            }
            Opcode::RcpApprox if f64 => ("rcp.approx.ftz.f64", ""),
            Opcode::RcpApprox => ("rcp.approx.", f),
            other => {
                return Err(s.error(IselErrorKind::UnknownOperation {
                    op: other,
                    expected: "a float operation",
                }))
            }
        };
        let t = float_dest(s, d, ty);
        let parts = [Part::Str(name), Part::Str(suffix), Part::Str(" {}, {};")];
        s.emit_parts(&parts, [df(t), u(a)]);
        float_finish(s, t, d, ty);
        return Ok(());
    }
    match op {
        Opcode::Ineg if ty == ir::Type::I1 => s.emit("mov.pred {}, {};", [df(d), u(a)]),
        Opcode::Ineg => int_unary(s, "neg.s", ty, d, a),
        Opcode::Bnot if ty == ir::Type::I1 => s.emit("not.pred {}, {};", [df(d), u(a)]),
        Opcode::Bnot => int_unary(s, "not.b", ty, d, a),
        Opcode::Iabs => {
            let x = norm(s, a, ty, true);
            int_unary(s, "abs.s", ty, d, x)
        }
        Opcode::Popcnt | Opcode::Clz | Opcode::Ctz | Opcode::Bitrev => bit_op(s, op, d, ty, a),
        _ => super::convert::convert(s, op, d, ty, a, aty)?,
    }
    Ok(())
}

/// `{op}32 d, a;` or `{op}64 d, a;` by the width of `ty`.
fn int_unary(s: &mut Isel<'_>, op: &str, ty: ir::Type, d: VReg, a: VReg) {
    let parts = [
        Part::Str(op),
        Part::Int(ibits(ty).into()),
        Part::Str(" {}, {};"),
    ];
    s.emit_parts(&parts, [df(d), u(a)]);
}

fn bit_op(s: &mut Isel<'_>, op: Opcode, d: VReg, ty: ir::Type, a: VReg) {
    let narrow = 32 - ty.bits().min(32);
    if ty.bits() == 64 {
        let text = match op {
            Opcode::Popcnt => "popc.b64 %kc_s32, {};\n\tcvt.u64.u32 {}, %kc_s32;",
            Opcode::Clz => "clz.b64 %kc_s32, {};\n\tcvt.u64.u32 {}, %kc_s32;",
            Opcode::Ctz => {
                "brev.b64 %kc_s64, {};\n\tclz.b64 %kc_s32, %kc_s64;\n\tcvt.u64.u32 {}, %kc_s32;"
            }
            _ => {
                s.emit("brev.b64 {}, {};", [df(d), u(a)]);
                return;
            }
        };
        s.emit(text, [u(a), df(d)]);
        return;
    }
    let x = norm(s, a, ty, false);
    let text = match op {
        Opcode::Popcnt => "popc.b32 {}, {};".to_string(),
        Opcode::Clz => format!("clz.b32 %kc_s32, {{}};\n\tsub.s32 {{}}, %kc_s32, {narrow};"),
        Opcode::Ctz => {
            // Set the bit just above the type so a zero input gives its width.
            let guard = if narrow == 0 {
                0
            } else {
                1u32 << (32 - narrow)
            };
            format!("or.b32 %kc_s32, {{}}, {guard};\n\tbrev.b32 %kc_s32, %kc_s32;\n\tclz.b32 {{}}, %kc_s32;")
        }
        _ => format!("brev.b32 %kc_s32, {{}};\n\tshr.u32 {{}}, %kc_s32, {narrow};"),
    };
    let ops = match op {
        Opcode::Popcnt => [df(d), u(x)],
        _ => [u(x), df(d)],
    };
    s.emit_owned(text, ops, Control::None);
}

fn ternary(s: &mut Isel<'_>, op: Opcode, d: VReg, ty: ir::Type, args: &[ir::Value; 3]) -> Selected {
    let (x, y, z) = (s.vreg(args[0]), s.vreg(args[1]), s.vreg(args[2]));
    match op {
        Opcode::Select if ty == ir::Type::I1 => s.emit(
            "and.pred %kc_p, {}, {};\n\tnot.pred %kc_q, {};\n\tand.pred %kc_q, %kc_q, {};\n\tor.pred {}, %kc_q, %kc_p;",
            [u(x), u(y), u(x), u(z), df(d)],
        ),
        Opcode::Select => {
            let k = kind_of(ty);
            let parts = [Part::Str("selp."), Part::Str(k.ptx_type()), Part::Str(" {}, {}, {}, {};")];
            s.emit_parts(&parts, [df(d), u(y), u(z), u(x)])
        }
        Opcode::Fma => {
            let f = float_suffix(ty);
            let t = float_dest(s, d, ty);
            let fma = if s.func.fastmath && f == "f32" {
                "fma.rn.ftz."
            } else {
                "fma.rn."
            };
            let parts = [Part::Str(fma), Part::Str(f), Part::Str(" {}, {}, {}, {};")];
            s.emit_parts(&parts, [df(t), u(x), u(y), u(z)]);
            float_finish(s, t, d, ty);
        }
        other => {
            return Err(s.error(IselErrorKind::UnknownOperation {
                op: other,
                expected: "a ternary operation",
            }))
        }
    }
    Ok(())
}

fn icmp(s: &mut Isel<'_>, d: VReg, cond: IntCC, a: ir::Value, b: ir::Value) {
    let ty = s.func.dfg.value_type(a);
    let signed = matches!(cond, IntCC::Slt | IntCC::Sle | IntCC::Sgt | IntCC::Sge);
    let cc = match cond {
        IntCC::Eq => "eq",
        IntCC::Ne => "ne",
        IntCC::Slt | IntCC::Ult => "lt",
        IntCC::Sle | IntCC::Ule => "le",
        IntCC::Sgt | IntCC::Ugt => "gt",
        IntCC::Sge | IntCC::Uge => "ge",
    };
    let sign = if signed { "s" } else { "u" };
    if let Some(lit) = literal(s, b, ty) {
        let av = s.vreg(a);
        s.emit_parts(
            &[
                Part::Str("setp."),
                Part::Str(cc),
                Part::Str("."),
                Part::Str(sign),
                bits_text(ibits(ty)),
                Part::Str(" {}, {}, "),
                lit.part(),
                Part::Str(";"),
            ],
            [df(d), u(av)],
        );
        return;
    }
    let (av, bv) = (s.vreg(a), s.vreg(b));
    if ty == ir::Type::I1 {
        // Compare booleans as 0/1 integers.
        s.emit_fmt(
            format_args!("selp.u32 %kc_s32, 1, 0, {{}};\n\tselp.u32 %kc_t32, 1, 0, {{}};\n\tsetp.{cc}.u32 {{}}, %kc_s32, %kc_t32;"),
            [u(av), u(bv), df(d)],
            Control::None,
        );
        return;
    }
    let (x, y) = (norm(s, av, ty, signed), norm(s, bv, ty, signed));
    s.emit_parts(
        &[
            Part::Str("setp."),
            Part::Str(cc),
            Part::Str("."),
            Part::Str(sign),
            bits_text(ibits(ty)),
            Part::Str(" {}, {}, {};"),
        ],
        [df(d), u(x), u(y)],
    );
}

fn fcmp(s: &mut Isel<'_>, d: VReg, cond: FloatCC, a: ir::Value, b: ir::Value) {
    let f = float_suffix(s.func.dfg.value_type(a));
    let (av, bv) = (s.vreg(a), s.vreg(b));
    let cc = match cond {
        FloatCC::Eq => "eq",
        FloatCC::Ne => "neu",
        FloatCC::Lt => "lt",
        FloatCC::Le => "le",
        FloatCC::Gt => "gt",
        FloatCC::Ge => "ge",
        FloatCC::Uno => "nan",
    };
    let parts = [
        Part::Str("setp."),
        Part::Str(cc),
        Part::Str("."),
        Part::Str(f),
        Part::Str(" {}, {}, {};"),
    ];
    s.emit_parts(&parts, [df(d), u(av), u(bv)]);
}

/// The state space of a pointer value.
pub(super) fn space_of(s: &Isel<'_>, p: ir::Value) -> &'static str {
    match s.func.dfg.value_type(p) {
        ir::Type::Ptr(sp) => sp.name(),
        _ => "global",
    }
}

/// The `ld`/`st` type of an IR type.
fn mem_type(ty: ir::Type) -> &'static str {
    match ty {
        ir::Type::I1 | ir::Type::I8 => "u8",
        ir::Type::I16 | ir::Type::F16 => "u16",
        ir::Type::I32 => "u32",
        ir::Type::F32 => "f32",
        ir::Type::I64 | ir::Type::Ptr(_) => "u64",
        ir::Type::F64 => "f64",
    }
}

/// The address operand `[{}]` or `[{}+offset]` (its hole is filled with
/// the address register at emission).
struct Address(i32);

fn address(offset: i32) -> Address {
    Address(offset)
}

impl Address {
    /// The text before the offset: `[{}+` (or `[{}` without an offset).
    fn open(&self) -> &'static str {
        if self.0 == 0 {
            "[{}"
        } else {
            "[{}+"
        }
    }

    /// The offset to write after [`Address::open`] (nothing when zero).
    fn offset(&self) -> Part<'static> {
        if self.0 == 0 {
            Part::Str("")
        } else {
            Part::Int(i64::from(self.0))
        }
    }
}

/// The template of an `ld`/`st`: `op` (ending in `ld.`/`st.`), the state
/// space, `.` and the memory type, `before`, the address (without its
/// closing bracket) and `after`.
fn access(
    op: &'static str,
    space: &'static str,
    mem: &'static str,
    before: &'static str,
    at: &Address,
    after: &'static str,
) -> [Part<'static>; 8] {
    [
        Part::Str(op),
        Part::Str(space),
        Part::Str("."),
        Part::Str(mem),
        Part::Str(before),
        Part::Str(at.open()),
        at.offset(),
        Part::Str(after),
    ]
}

fn load(s: &mut Isel<'_>, d: VReg, ty: ir::Type, addr: ir::Value, offset: i32) {
    let space = space_of(s, addr);
    let a = s.vreg(addr);
    // `ld.SPACE.TYPE DEST, [ADDR]`; f16 and bool go through a scratch
    // register and are widened.
    let (mem, dest, after, ops) = match ty {
        ir::Type::F16 => (
            "b16",
            " %kc_h, ",
            "];\n\tcvt.f32.f16 {}, %kc_h;",
            [u(a), df(d)],
        ),
        ir::Type::I1 => (
            "u8",
            " %kc_s32, ",
            "];\n\tsetp.ne.b32 {}, %kc_s32, 0;",
            [u(a), df(d)],
        ),
        _ => (mem_type(ty), " {}, ", "];", [df(d), u(a)]),
    };
    s.emit_parts(
        &access("ld.", space, mem, dest, &address(offset), after),
        ops,
    );
}

fn store(s: &mut Isel<'_>, addr: ir::Value, value: ir::Value, offset: i32) {
    let space = space_of(s, addr);
    let ty = s.func.dfg.value_type(value);
    let (a, v) = (s.vreg(addr), s.vreg(value));
    // `st.SPACE.TYPE [ADDR], VALUE`; f16 and bool are narrowed into a
    // scratch register first.
    let (before, mem, after, ops) = match ty {
        ir::Type::F16 => (
            "cvt.rn.f16.f32 %kc_h, {};\n\tst.",
            "b16",
            "], %kc_h;",
            [u(v), u(a)],
        ),
        ir::Type::I1 => (
            "selp.u32 %kc_s32, 1, 0, {};\n\tst.",
            "u8",
            "], %kc_s32;",
            [u(v), u(a)],
        ),
        _ => ("st.", mem_type(ty), "], {};", [u(a), u(v)]),
    };
    s.emit_parts(
        &access(before, space, mem, " ", &address(offset), after),
        ops,
    );
}

/// The `.bN` type of a cached access (the IR verifier allows only integers
/// and floats, never `i1` or a pointer).
fn bit_type(ty: ir::Type) -> &'static str {
    match ty {
        ir::Type::I8 => "b8",
        ir::Type::I16 | ir::Type::F16 => "b16",
        ir::Type::I32 | ir::Type::F32 => "b32",
        _ => "b64",
    }
}

/// `ld.global.HINT.bN DEST, [ADDR]`, as numba-cuda's inline assembly for
/// `cuda.ldcg` and friends; an f16 through the scratch register, widened.
fn cached_load(
    s: &mut Isel<'_>,
    hint: &'static str,
    d: VReg,
    ty: ir::Type,
    addr: ir::Value,
    offset: i32,
) {
    let a = s.vreg(addr);
    let at = address(offset);
    let (dest, after, ops) = match ty {
        ir::Type::F16 => (" %kc_h, ", "];\n\tcvt.f32.f16 {}, %kc_h;", [u(a), df(d)]),
        _ => (" {}, ", "];", [df(d), u(a)]),
    };
    s.emit_parts(
        &[
            Part::Str("ld.global."),
            Part::Str(hint),
            Part::Str("."),
            Part::Str(bit_type(ty)),
            Part::Str(dest),
            Part::Str(at.open()),
            at.offset(),
            Part::Str(after),
        ],
        ops,
    );
}

/// `st.global.HINT.bN [ADDR], VALUE` (`cuda.stcg` and friends); an f16
/// narrowed into the scratch register first.
fn cached_store(
    s: &mut Isel<'_>,
    hint: &'static str,
    addr: ir::Value,
    value: ir::Value,
    offset: i32,
) {
    let ty = s.func.dfg.value_type(value);
    let at = address(offset);
    let (a, v) = (s.vreg(addr), s.vreg(value));
    let (before, after, ops) = match ty {
        ir::Type::F16 => (
            "cvt.rn.f16.f32 %kc_h, {};\n\tst.global.",
            "], %kc_h;",
            [u(v), u(a)],
        ),
        _ => ("st.global.", "], {};", [u(a), u(v)]),
    };
    s.emit_parts(
        &[
            Part::Str(before),
            Part::Str(hint),
            Part::Str("."),
            Part::Str(bit_type(ty)),
            Part::Str(" "),
            Part::Str(at.open()),
            at.offset(),
            Part::Str(after),
        ],
        ops,
    );
}

fn addr_of(s: &mut Isel<'_>, d: VReg, op: Opcode, index: u32) {
    let (prefix, sym) = match op {
        Opcode::SharedAddr => ("mov.u64 {}, __kc_shared_", None),
        Opcode::LocalAddr => ("mov.u64 {}, __kc_local_", None),
        Opcode::StrAddr => ("mov.u64 {}, __kc_str_", None),
        _ => (
            "mov.u64 {}, ",
            Some(super::emit::const_symbol(s.module, index)),
        ),
    };
    let name = match &sym {
        Some(sym) => Part::Str(sym),
        None => Part::Int(i64::from(index)),
    };
    s.emit_parts(&[Part::Str(prefix), name, Part::Str(";")], [df(d)]);
}

/// Reads special register `reg` into `d`.
pub(super) fn special(s: &mut Isel<'_>, d: VReg, reg: SpecialReg) {
    match reg {
        SpecialReg::Warpsize => s.emit("mov.u32 {}, WARP_SZ;", [df(d)]),
        other => {
            let parts = [
                Part::Str("mov.u32 {}, %"),
                Part::Str(other.name()),
                Part::Str(";"),
            ];
            s.emit_parts(&parts, [df(d)])
        }
    }
}

fn nullary(s: &mut Isel<'_>, op: Opcode, d: Option<VReg>) -> Selected {
    match op {
        Opcode::Syncthreads => s.emit("bar.sync 0;", NO_OPS),
        Opcode::GridSync => {
            s.uses_grid_sync = true;
            s.emit("call __kc_grid_sync;", NO_OPS)
        }
        Opcode::Threadfence => s.emit("membar.gl;", NO_OPS),
        Opcode::ThreadfenceBlock => s.emit("membar.cta;", NO_OPS),
        Opcode::ThreadfenceSystem => s.emit("membar.sys;", NO_OPS),
        Opcode::Activemask => s.emit("activemask.b32 {};", [df(d.expect("result"))]),
        Opcode::LanemaskLt => s.emit("mov.u32 {}, %lanemask_lt;", [df(d.expect("result"))]),
        Opcode::DynSharedAddr => {
            s.uses_dyn_shared = true;
            s.emit("mov.u64 {}, __kc_dyn_shared;", [df(d.expect("result"))])
        }
        Opcode::ExcAddr => {
            s.uses_exceptions = true;
            s.emit("mov.u64 {}, __kc_exc;", [df(d.expect("result"))])
        }
        Opcode::Trap => s.emit_owned("trap;".to_string(), NO_OPS, Control::Ret),
        Opcode::Exit => s.emit_owned("exit;".to_string(), NO_OPS, Control::Ret),
        other => {
            return Err(s.error(IselErrorKind::UnknownOperation {
                op: other,
                expected: "an operation",
            }))
        }
    }
    Ok(())
}

fn shuffle(s: &mut Isel<'_>, d: VReg, ty: ir::Type, mode: ShuffleMode, args: &[ir::Value; 3]) {
    let (mask, value, lane) = (s.vreg(args[0]), s.vreg(args[1]), s.vreg(args[2]));
    let (m, c) = match mode {
        ShuffleMode::Idx => ("idx", 31),
        ShuffleMode::Up => ("up", 0),
        ShuffleMode::Down => ("down", 31),
        ShuffleMode::Bfly => ("bfly", 31),
    };
    if kind_of(ty) == RegKind::B64 {
        let (lo, hi) = (s.temp(RegKind::B32), s.temp(RegKind::B32));
        s.emit("mov.b64 {{{}, {}}}, {};", [df(lo), df(hi), u(value)]);
        let mut shuffled = Vec::new();
        for half in [lo, hi] {
            let t = s.temp(RegKind::B32);
            s.emit_fmt(
                format_args!("shfl.sync.{m}.b32 {{}}, {{}}, {{}}, {c}, {{}};"),
                [df(t), u(half), u(lane), u(mask)],
                Control::None,
            );
            shuffled.push(t);
        }
        s.emit(
            "mov.b64 {}, {{{}, {}}};",
            [df(d), u(shuffled[0]), u(shuffled[1])],
        );
        return;
    }
    s.emit_fmt(
        format_args!("shfl.sync.{m}.b32 {{}}, {{}}, {{}}, {c}, {{}};"),
        [df(d), u(value), u(lane), u(mask)],
        Control::None,
    );
}

/// `vote.sync`, or `match.sync` for the match modes (sm_70 and later, as
/// in PTX; Numba's NVVM refuses them for older targets too).
fn vote(s: &mut Isel<'_>, d: VReg, mode: VoteMode, mask: ir::Value, pred: ir::Value) -> Selected {
    if mode.is_match() && s.target.sm < 70 {
        return Err(s.error(IselErrorKind::NeedsNewerTarget {
            what: "cuda.match_any_sync and cuda.match_all_sync",
            sm: 70,
        }));
    }
    let wide = s.func.dfg.value_type(pred) == ir::Type::I64;
    let (m, p) = (s.vreg(mask), s.vreg(pred));
    let text = match mode {
        VoteMode::All => "vote.sync.all.pred {}, {}, {};",
        VoteMode::Any => "vote.sync.any.pred {}, {}, {};",
        VoteMode::Uni => "vote.sync.uni.pred {}, {}, {};",
        VoteMode::Ballot => "vote.sync.ballot.b32 {}, {}, {};",
        VoteMode::MatchAny if wide => "match.any.sync.b64 {}, {}, {};",
        VoteMode::MatchAny => "match.any.sync.b32 {}, {}, {};",
        VoteMode::MatchAll if wide => "match.all.sync.b64 {}, {}, {};",
        VoteMode::MatchAll => "match.all.sync.b32 {}, {}, {};",
    };
    s.emit(text, [df(d), u(p), u(m)]);
    Ok(())
}

/// True when atomics of `op` on `ty` need a compare-and-swap loop.
pub(super) fn needs_cas_loop(s: &Isel<'_>, op: AtomicRmwOp, ty: ir::Type) -> bool {
    match op {
        AtomicRmwOp::Add | AtomicRmwOp::Sub => {
            ty == ir::Type::F64 && !s.target.has_atomic_add_f64()
        }
        AtomicRmwOp::Smin | AtomicRmwOp::Smax => ty.is_float(),
        AtomicRmwOp::NanMax | AtomicRmwOp::NanMin => true,
        AtomicRmwOp::Inc | AtomicRmwOp::Dec => ty.bits() == 64,
        _ => false,
    }
}
