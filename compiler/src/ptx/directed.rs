//! Selection of the directed-rounding opcodes (`fadd_rz`, `sqrt_rm`,
//! `fma_rp`, `fdemote_rz`, `fcvt_from_sint_rm`, ...): each is one PTX
//! instruction with its `.rz`/`.rm`/`.rp` modifier, in f32 or f64
//! (libdevice's `__nv_dadd_rd`, `__nv_fsqrt_ru`, `__nv_int2float_rz`, ...
//! are these instructions).

use super::convert::{float_name, int_name};
use super::isel::{Isel, IselErrorKind, Selected};
use super::vcode::{Op, Part};
use crate::ir::{self, Opcode, Rounding};
use regalloc2::VReg;

/// Selects `base` rounded as `r` (`base` is the opcode's round-to-nearest
/// form), writing `d` of type `ty` from `args`.
pub(super) fn select(
    s: &mut Isel<'_>,
    base: Opcode,
    r: Rounding,
    d: VReg,
    ty: ir::Type,
    args: &[ir::Value],
) -> Selected {
    let mut ops = vec![Op::Def(d)];
    ops.extend(args.iter().map(|&a| Op::Use(s.vreg(a))));
    let f = float_name(ty);
    let name = match base {
        Opcode::Fadd => "add",
        Opcode::Fsub => "sub",
        Opcode::Fmul => "mul",
        Opcode::Fdiv => "div",
        Opcode::Sqrt => "sqrt",
        Opcode::Fma => "fma",
        Opcode::Fdemote => {
            let parts = [
                Part::Str("cvt."),
                Part::Str(r.ptx()),
                Part::Str(".f32.f64 {}, {};"),
            ];
            s.emit_parts(&parts, ops);
            return Ok(());
        }
        Opcode::FcvtFromSint | Opcode::FcvtFromUint => {
            let aty = s.func.dfg.value_type(args[0]);
            if aty == ir::Type::I1 {
                return Err(s.error(IselErrorKind::UnknownOperation {
                    op: base,
                    expected: "a directed conversion of a wider integer",
                }));
            }
            let from = int_name(aty, base == Opcode::FcvtFromSint);
            let parts = [
                Part::Str("cvt."),
                Part::Str(r.ptx()),
                Part::Str("."),
                Part::Str(f),
                Part::Str("."),
                Part::Str(from),
                Part::Str(" {}, {};"),
            ];
            s.emit_parts(&parts, ops);
            return Ok(());
        }
        other => {
            return Err(s.error(IselErrorKind::UnknownOperation {
                op: other,
                expected: "a directed-rounding operation",
            }))
        }
    };
    let holes = match args.len() {
        1 => " {}, {};",
        2 => " {}, {}, {};",
        _ => " {}, {}, {}, {};",
    };
    let parts = [
        Part::Str(name),
        Part::Str("."),
        Part::Str(r.ptx()),
        Part::Str("."),
        Part::Str(f),
        Part::Str(holes),
    ];
    s.emit_parts(&parts, ops);
    Ok(())
}
