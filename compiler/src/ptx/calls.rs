//! Selection of calls to device functions (`.func` with `.param` passing)
//! and of `print` (a `vprintf` call with a format string in global memory
//! and the arguments packed in a local buffer with C's alignment rules).

use super::isel::{param_type, Isel, IselErrorKind, Selected};
use super::vcode::{Control, Op};
use crate::ir::{self, FuncRef, StringId, Value};
use std::fmt::Write as _;

/// `call fn(args)` with results.
pub(super) fn call(s: &mut Isel<'_>, func: FuncRef, args: &[Value], results: &[Value]) -> Selected {
    let Some(callee) = s.module.functions.get(func) else {
        return Err(s.error(IselErrorKind::UnknownCallee { callee: func }));
    };
    // The block is written in place (no `format!` per line): about 80 bytes
    // per argument and result.
    let mut text = String::with_capacity(64 + 80 * (args.len() + results.len()));
    text.push_str("{\n\t");
    let mut ops = Vec::with_capacity(args.len() + results.len());
    for (i, &a) in args.iter().enumerate() {
        let ty = s.func.dfg.value_type(a);
        let _ = write!(text, ".param .{} param{i};\n\t", param_type(ty));
    }
    let _ = match results.len() {
        0 => Ok(()),
        1 => write!(
            text,
            ".param .{} retval0;\n\t",
            super::isel::return_param_type(s.func.dfg.value_type(results[0]))
        ),
        n => write!(text, ".param .align 8 .b8 retval0[{}];\n\t", 8 * n),
    };
    for (i, &a) in args.iter().enumerate() {
        let ty = s.func.dfg.value_type(a);
        ops.push(Op::Use(s.vreg(a)));
        let _ = match ty {
            ir::Type::I1 => write!(
                text,
                "selp.b32 %kc_s32, 1, 0, {{}};\n\tst.param.b32 [param{i}], %kc_s32;\n\t"
            ),
            ir::Type::F16 => write!(
                text,
                "cvt.rn.f16.f32 %kc_h, {{}};\n\tst.param.b16 [param{i}], %kc_h;\n\t"
            ),
            _ => write!(text, "st.param.{} [param{i}], {{}};\n\t", param_type(ty)),
        };
    }
    text.push_str("call.uni ");
    if !results.is_empty() {
        text.push_str("(retval0), ");
    }
    text.push_str(&callee.name);
    text.push_str(", (");
    for i in 0..args.len() {
        if i > 0 {
            text.push_str(", ");
        }
        let _ = write!(text, "param{i}");
    }
    text.push_str(");\n\t");
    for (i, &r) in results.iter().enumerate() {
        let ty = s.func.dfg.value_type(r);
        ops.push(Op::Def(s.vreg(r)));
        super::isel::load_result(&mut text, "retval0", ty, i, results.len());
    }
    text.push('}');
    s.emit_owned(text, ops, Control::None);
    Ok(())
}

/// `print str(args)` through `vprintf`.
pub(super) fn print(s: &mut Isel<'_>, format: StringId, args: &[Value]) {
    let mut text = String::from("{\n\t");
    let mut ops = Vec::new();
    let mut offset = 0u32;
    for &a in args {
        let ty = s.func.dfg.value_type(a);
        let (size, st) = match ty {
            ir::Type::I64 | ir::Type::Ptr(_) => (8, "u64"),
            ir::Type::F64 => (8, "f64"),
            ir::Type::F32 | ir::Type::F16 => (8, "f64"),
            _ => (4, "u32"),
        };
        offset = offset.next_multiple_of(size);
        ops.push(Op::Use(s.vreg(a)));
        match ty {
            ir::Type::F32 | ir::Type::F16 => text.push_str(&format!(
                "cvt.f64.f32 %kc_s64, {{}};\n\tst.local.f64 [__kc_printf_buf+{offset}], %kc_s64;\n\t"
            )),
            ir::Type::I1 => text.push_str(&format!(
                "selp.u32 %kc_s32, 1, 0, {{}};\n\tst.local.u32 [__kc_printf_buf+{offset}], %kc_s32;\n\t"
            )),
            _ => text.push_str(&format!("st.local.{st} [__kc_printf_buf+{offset}], {{}};\n\t")),
        }
        offset += size;
    }
    s.printf_bytes = s.printf_bytes.max(offset.max(8));
    text.push_str(&format!(
        ".param .b64 fmt;\n\t.param .b64 vargs;\n\t.param .b32 status;\n\tcvta.global.u64 %kc_s64, __kc_str_{};\n\tst.param.b64 [fmt], %kc_s64;\n\t",
        format.as_u32()
    ));
    if args.is_empty() {
        text.push_str("mov.u64 %kc_s64, 0;\n\t");
    } else {
        text.push_str("mov.u64 %kc_s64, __kc_printf_buf;\n\tcvta.local.u64 %kc_s64, %kc_s64;\n\t");
    }
    text.push_str(
        "st.param.b64 [vargs], %kc_s64;\n\tcall.uni (status), vprintf, (fmt, vargs);\n\t}",
    );
    s.emit_owned(text, ops, Control::None);
}
