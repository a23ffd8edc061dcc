//! Selection of conversions between IR types (`sextend`, `uextend`,
//! `ireduce`, float promotions and demotions, float/int conversions,
//! `bitcast`), with PTX's saturating, NaN-to-zero float-to-int `cvt`.

use super::isel::Isel;
use super::vcode::{Control, Op};
use crate::ir::{self, Opcode};
use regalloc2::VReg;

fn int_name(ty: ir::Type, signed: bool) -> String {
    format!("{}{}", if signed { "s" } else { "u" }, ty.bits().max(8))
}

fn float_name(ty: ir::Type) -> &'static str {
    if ty == ir::Type::F64 {
        "f64"
    } else {
        "f32"
    }
}

/// Selects conversion `op` from `aty` to `ty`.
pub(super) fn convert(s: &mut Isel<'_>, op: Opcode, d: VReg, ty: ir::Type, a: VReg, aty: ir::Type) {
    let ops = [Op::Def(d), Op::Use(a)];
    let text = match op {
        Opcode::Sextend | Opcode::Uextend if aty == ir::Type::I1 => {
            let one = if op == Opcode::Sextend { "-1" } else { "1" };
            format!(
                "selp.{} {{}}, {one}, 0, {{}};",
                if ty.bits() == 64 { "b64" } else { "b32" }
            )
        }
        Opcode::Sextend | Opcode::Uextend => {
            let signed = op == Opcode::Sextend;
            if ty.bits() == 64 {
                format!(
                    "cvt.{}.{} {{}}, {{}};",
                    int_name(ty, signed),
                    int_name(aty, signed)
                )
            } else if signed {
                format!("cvt.s32.{} {{}}, {{}};", int_name(aty, true))
            } else {
                let mask = if aty.bits() == 8 { 255 } else { 65535 };
                format!("and.b32 {{}}, {{}}, {mask};")
            }
        }
        Opcode::Ireduce if ty == ir::Type::I1 => {
            let b = if aty.bits() == 64 { "b64" } else { "b32" };
            let scratch = if aty.bits() == 64 {
                "%kc_s64"
            } else {
                "%kc_s32"
            };
            return s.emit_fmt(
                format_args!("and.{b} {scratch}, {{}}, 1;\n\tsetp.ne.{b} {{}}, {scratch}, 0;"),
                [Op::Use(a), Op::Def(d)],
                Control::None,
            );
        }
        Opcode::Ireduce if aty.bits() == 64 => "cvt.u32.u64 {}, {};".to_string(),
        Opcode::Ireduce => "mov.b32 {}, {};".to_string(),
        Opcode::Fpromote if aty == ir::Type::F16 && ty == ir::Type::F32 => {
            "mov.f32 {}, {};".to_string()
        }
        Opcode::Fpromote => "cvt.f64.f32 {}, {};".to_string(),
        Opcode::Fdemote if ty == ir::Type::F16 && aty == ir::Type::F64 => {
            return s.emit(
                "cvt.rn.f16.f64 %kc_h, {};\n\tcvt.f32.f16 {}, %kc_h;",
                [Op::Use(a), Op::Def(d)],
            );
        }
        Opcode::Fdemote if ty == ir::Type::F16 => {
            return s.emit(
                "cvt.rn.f16.f32 %kc_h, {};\n\tcvt.f32.f16 {}, %kc_h;",
                [Op::Use(a), Op::Def(d)],
            );
        }
        Opcode::Fdemote => "cvt.rn.f32.f64 {}, {};".to_string(),
        Opcode::FcvtToSint | Opcode::FcvtToUint => {
            let signed = op == Opcode::FcvtToSint;
            format!(
                "cvt.rzi.{}.{} {{}}, {{}};",
                int_name(ty, signed),
                float_name(aty)
            )
        }
        Opcode::FcvtFromSint | Opcode::FcvtFromUint => {
            let signed = op == Opcode::FcvtFromSint;
            if aty == ir::Type::I1 {
                let one = if signed { "0fBF800000" } else { "0f3F800000" };
                let text = if ty == ir::Type::F64 {
                    format!(
                        "selp.f64 {{}}, {}, 0d0000000000000000, {{}};",
                        if signed {
                            "0dBFF0000000000000"
                        } else {
                            "0d3FF0000000000000"
                        }
                    )
                } else {
                    format!("selp.f32 {{}}, {one}, 0f00000000, {{}};")
                };
                return s.emit_owned(text, ops, Control::None);
            }
            if ty == ir::Type::F16 {
                let text = format!(
                    "cvt.rn.f16.{} %kc_h, {{}};\n\tcvt.f32.f16 {{}}, %kc_h;",
                    int_name(aty, signed)
                );
                return s.emit_owned(text, [Op::Use(a), Op::Def(d)], Control::None);
            }
            format!(
                "cvt.rn.{}.{} {{}}, {{}};",
                float_name(ty),
                int_name(aty, signed)
            )
        }
        Opcode::Bitcast
            if aty.bits() == ty.bits() && ty != ir::Type::F16 && aty != ir::Type::F16 =>
        {
            format!("mov.b{} {{}}, {{}};", ty.bits())
        }
        other => {
            return s.fail(format!(
                "`{other}` from {aty} to {ty} is not supported by the back end"
            ))
        }
    };
    s.emit_owned(text, ops, Control::None);
}
