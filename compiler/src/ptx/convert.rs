//! Selection of conversions between IR types (`sextend`, `uextend`,
//! `ireduce`, float promotions and demotions, float/int conversions,
//! `bitcast`), with PTX's saturating, NaN-to-zero float-to-int `cvt`.

use super::isel::{Isel, IselErrorKind, Selected};
use super::vcode::{Op, Part};
use crate::ir::{self, Opcode};
use regalloc2::VReg;

/// The PTX name of an integer type (`s32`, `u8`, ...; `i1` as 8 bits).
pub(super) fn int_name(ty: ir::Type, signed: bool) -> &'static str {
    match (ty.bits(), signed) {
        (64, true) => "s64",
        (64, false) => "u64",
        (32, true) => "s32",
        (32, false) => "u32",
        (16, true) => "s16",
        (16, false) => "u16",
        (_, true) => "s8",
        (_, false) => "u8",
    }
}

pub(super) fn float_name(ty: ir::Type) -> &'static str {
    if ty == ir::Type::F64 {
        "f64"
    } else {
        "f32"
    }
}

/// Selects conversion `op` from `aty` to `ty`.
/// `f32_to_bf16` before sm_80 (no `cvt.rn.bf16.f32`): CUDA's
/// `cuda_bf16.hpp` sequence, adding `0x7fff` and the kept part's last bit;
/// a NaN gives `0x7fff`. The operand is read into scratch first, so the
/// result may share its register.
const BF16_ROUND_EMULATED: &str = concat!(
    "mov.b32 %kc_s32, {};\n\t",
    "shr.u32 %kc_t32, %kc_s32, 16;\n\t",
    "and.b32 %kc_t32, %kc_t32, 1;\n\t",
    "add.u32 %kc_t32, %kc_t32, 32767;\n\t",
    "add.u32 %kc_t32, %kc_s32, %kc_t32;\n\t",
    "shr.u32 %kc_t32, %kc_t32, 16;\n\t",
    "and.b32 %kc_s32, %kc_s32, 2147483647;\n\t",
    "setp.gt.u32 %kc_p, %kc_s32, 2139095040;\n\t",
    "selp.b32 {}, 32767, %kc_t32, %kc_p;"
);

pub(super) fn convert(
    s: &mut Isel<'_>,
    op: Opcode,
    d: VReg,
    ty: ir::Type,
    a: VReg,
    aty: ir::Type,
) -> Selected {
    use Part::Str;
    let ops = [Op::Def(d), Op::Use(a)];
    // `{}` holes: the result, then the operand (unless said otherwise).
    let template: &'static str = match op {
        Opcode::Sextend | Opcode::Uextend if aty == ir::Type::I1 => {
            match (op == Opcode::Sextend, ty.bits() == 64) {
                (true, true) => "selp.b64 {}, -1, 0, {};",
                (true, false) => "selp.b32 {}, -1, 0, {};",
                (false, true) => "selp.b64 {}, 1, 0, {};",
                (false, false) => "selp.b32 {}, 1, 0, {};",
            }
        }
        Opcode::Sextend | Opcode::Uextend => {
            let signed = op == Opcode::Sextend;
            if ty.bits() == 64 {
                let (to, from) = (int_name(ty, signed), int_name(aty, signed));
                let parts = [Str("cvt."), Str(to), Str("."), Str(from), Str(" {}, {};")];
                s.emit_parts(&parts, ops);
                return Ok(());
            } else if signed {
                let parts = [Str("cvt.s32."), Str(int_name(aty, true)), Str(" {}, {};")];
                s.emit_parts(&parts, ops);
                return Ok(());
            } else if aty.bits() == 8 {
                "and.b32 {}, {}, 255;"
            } else {
                "and.b32 {}, {}, 65535;"
            }
        }
        Opcode::Ireduce if ty == ir::Type::I1 => {
            let text = if aty.bits() == 64 {
                "and.b64 %kc_s64, {}, 1;\n\tsetp.ne.b64 {}, %kc_s64, 0;"
            } else {
                "and.b32 %kc_s32, {}, 1;\n\tsetp.ne.b32 {}, %kc_s32, 0;"
            };
            s.emit(text, [Op::Use(a), Op::Def(d)]);
            return Ok(());
        }
        // sm_80 has the conversion; before it, CUDA's `cuda_bf16.hpp`
        // sequence: add 0x7fff and the kept part's last bit, NaN to 0x7fff.
        Opcode::F32ToBf16 => {
            let text = if s.target.sm >= 80 {
                "cvt.rn.bf16.f32 %kc_h, {};\n\tcvt.u32.u16 {}, %kc_h;"
            } else {
                BF16_ROUND_EMULATED
            };
            s.emit(text, [Op::Use(a), Op::Def(d)]);
            return Ok(());
        }
        Opcode::Ireduce if aty.bits() == 64 => "cvt.u32.u64 {}, {};",

        Opcode::Ireduce => "mov.b32 {}, {};",
        Opcode::Fpromote if aty == ir::Type::F16 && ty == ir::Type::F32 => "mov.f32 {}, {};",
        Opcode::Fpromote => "cvt.f64.f32 {}, {};",
        Opcode::Fdemote if ty == ir::Type::F16 && aty == ir::Type::F64 => {
            s.emit(
                "cvt.rn.f16.f64 %kc_h, {};\n\tcvt.f32.f16 {}, %kc_h;",
                [Op::Use(a), Op::Def(d)],
            );
            return Ok(());
        }
        Opcode::Fdemote if ty == ir::Type::F16 => {
            s.emit(
                "cvt.rn.f16.f32 %kc_h, {};\n\tcvt.f32.f16 {}, %kc_h;",
                [Op::Use(a), Op::Def(d)],
            );
            return Ok(());
        }
        Opcode::Fdemote => "cvt.rn.f32.f64 {}, {};",
        Opcode::FcvtToSint | Opcode::FcvtToUint => {
            let to = int_name(ty, op == Opcode::FcvtToSint);
            let parts = [
                Str("cvt.rzi."),
                Str(to),
                Str("."),
                Str(float_name(aty)),
                Str(" {}, {};"),
            ];
            s.emit_parts(&parts, ops);
            return Ok(());
        }
        Opcode::FcvtFromSint | Opcode::FcvtFromUint => {
            let signed = op == Opcode::FcvtFromSint;
            if aty == ir::Type::I1 {
                match (ty == ir::Type::F64, signed) {
                    (true, true) => "selp.f64 {}, 0dBFF0000000000000, 0d0000000000000000, {};",
                    (true, false) => "selp.f64 {}, 0d3FF0000000000000, 0d0000000000000000, {};",
                    (false, true) => "selp.f32 {}, 0fBF800000, 0f00000000, {};",
                    (false, false) => "selp.f32 {}, 0f3F800000, 0f00000000, {};",
                }
            } else if ty == ir::Type::F16 {
                let parts = [
                    Str("cvt.rn.f16."),
                    Str(int_name(aty, signed)),
                    Str(" %kc_h, {};\n\tcvt.f32.f16 {}, %kc_h;"),
                ];
                s.emit_parts(&parts, [Op::Use(a), Op::Def(d)]);
                return Ok(());
            } else {
                let from = int_name(aty, signed);
                let parts = [
                    Str("cvt.rn."),
                    Str(float_name(ty)),
                    Str("."),
                    Str(from),
                    Str(" {}, {};"),
                ];
                s.emit_parts(&parts, ops);
                return Ok(());
            }
        }
        // A float16 lives in an f32 register (its value); its bits go
        // through the 16-bit scratch register.
        Opcode::Bitcast if aty == ir::Type::F16 && ty == ir::Type::I16 => {
            s.emit(
                "cvt.rn.f16.f32 %kc_h, {};\n\tcvt.u32.u16 {}, %kc_h;",
                [Op::Use(a), Op::Def(d)],
            );
            return Ok(());
        }
        Opcode::Bitcast if aty == ir::Type::I16 && ty == ir::Type::F16 => {
            s.emit(
                "cvt.u16.u32 %kc_h, {};\n\tcvt.f32.f16 {}, %kc_h;",
                [Op::Use(a), Op::Def(d)],
            );
            return Ok(());
        }
        Opcode::Bitcast
            if aty.bits() == ty.bits() && ty != ir::Type::F16 && aty != ir::Type::F16 =>
        {
            match ty.bits() {
                64 => "mov.b64 {}, {};",
                16 => "mov.b16 {}, {};",
                8 => "mov.b8 {}, {};",
                1 => "mov.b1 {}, {};",
                _ => "mov.b32 {}, {};",
            }
        }
        other => {
            return Err(s.error(IselErrorKind::Conversion {
                op: other,
                from: aty,
                to: ty,
            }))
        }
    };
    s.emit(template, ops);
    Ok(())
}
