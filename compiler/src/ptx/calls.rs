//! Selection of calls to device functions (`.func` with `.param` passing),
//! of calls to external functions (`cuda.declare_device`, in Numba's ABI
//! or C's: [`extern_call`], declared by [`write_extern_declaration`]) and
//! of `print` (a `vprintf` call with a format string in global memory and
//! the arguments packed in a local buffer with C's alignment rules).

use super::isel::{param_type, return_param_type, Isel, IselErrorKind, Selected};
use super::vcode::{Control, Op};
use crate::ir::{self, ExternAbi, FuncRef, StringId, Value};
use std::fmt::Write as _;

/// `call fn(args)` with results.
pub(super) fn call(s: &mut Isel<'_>, func: FuncRef, args: &[Value], results: &[Value]) -> Selected {
    let Some(callee) = s.module.functions.get(func) else {
        return Err(s.error(IselErrorKind::UnknownCallee { callee: func }));
    };
    if let Some(abi) = callee.external {
        extern_call(s, &callee.name, abi, args, results);
        return Ok(());
    }
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

/// The `.param` type of an argument or result of an external function:
/// as NVVM passes them (integers narrower than 32 bits, and `bool`, widened
/// to 32 bits).
fn extern_param_type(ty: ir::Type) -> &'static str {
    match ty {
        ir::Type::I64 | ir::Type::F64 | ir::Type::Ptr(_) => "b64",
        ir::Type::F16 => "b16",
        _ => "b32",
    }
}

/// Writes the `.extern .func` declaration of external function `f` (a
/// declaration with [`ir::Function::external`] set), as NVVM declares
/// one: in Numba's ABI, an int32 status returned and the result's address
/// as the first parameter (`int f(T *result, args...)`); in C's, the result
/// returned (`T f(args...)`).
pub(super) fn write_extern_declaration(out: &mut String, f: &ir::Function, abi: ExternAbi) {
    let returns = &f.signature.returns;
    let ret = match abi {
        ExternAbi::Numba => Some(ir::Type::I32),
        ExternAbi::C => returns.first().copied(),
    };
    out.push_str(".extern .func ");
    if let Some(ty) = ret {
        let _ = write!(out, "(.param .{} func_retval0) ", extern_param_type(ty));
    }
    let _ = writeln!(out, "{}(", f.name);
    let result_ptr = (abi == ExternAbi::Numba).then_some(ir::Type::I64);
    let params = result_ptr
        .into_iter()
        .chain(f.signature.params.iter().copied());
    for (i, ty) in params.enumerate() {
        if i > 0 {
            out.push_str(",\n");
        }
        let _ = write!(
            out,
            "\t.param .{} {}_param_{i}",
            extern_param_type(ty),
            f.name
        );
    }
    out.push_str("\n);\n\n");
}

/// The bytes of the local slot a Numba-ABI external function writes its
/// result to (`__kc_extern_ret`): room for the widest scalar.
pub(super) const EXTERN_RESULT_BYTES: u32 = 8;

/// A call of external function `name`: arguments stored as NVVM passes
/// them; in Numba's ABI the generic address of the zeroed result slot
/// first, the status read from the return parameter (the last result) and
/// the value (the first result, unless `void`) from the slot; in C's the
/// value from the return parameter.
fn extern_call(s: &mut Isel<'_>, name: &str, abi: ExternAbi, args: &[Value], results: &[Value]) {
    let mut text = String::with_capacity(160 + 80 * args.len());
    let mut ops = Vec::with_capacity(args.len() + results.len());
    text.push_str("{\n\t");
    let first = usize::from(abi == ExternAbi::Numba);
    if abi == ExternAbi::Numba {
        s.uses_extern_result = true;
        text.push_str(
            "st.local.u64 [__kc_extern_ret], 0;\n\t.param .b64 param0;\n\t\
             mov.u64 %kc_s64, __kc_extern_ret;\n\tcvta.local.u64 %kc_s64, %kc_s64;\n\t\
             st.param.b64 [param0], %kc_s64;\n\t",
        );
    }
    for (k, &a) in args.iter().enumerate() {
        let i = k + first;
        let ty = s.func.dfg.value_type(a);
        ops.push(Op::Use(s.vreg(a)));
        let _ = write!(text, ".param .{} param{i};\n\t", extern_param_type(ty));
        let _ = match ty {
            ir::Type::I1 => write!(
                text,
                "selp.b32 %kc_s32, 1, 0, {{}};\n\tst.param.b32 [param{i}], %kc_s32;\n\t"
            ),
            // Narrow integers are held zero-extended in 32-bit registers.
            ir::Type::I8 | ir::Type::I16 | ir::Type::I32 => {
                write!(text, "st.param.b32 [param{i}], {{}};\n\t")
            }
            _ => write!(text, "st.param.{} [param{i}], {{}};\n\t", param_type(ty)),
        };
    }
    let value = match abi {
        ExternAbi::Numba if results.len() == 2 => Some(results[0]),
        ExternAbi::C => results.first().copied(),
        ExternAbi::Numba => None,
    };
    let returns = abi == ExternAbi::Numba || value.is_some();
    if returns {
        let ty = match abi {
            ExternAbi::Numba => ir::Type::I32,
            ExternAbi::C => s.func.dfg.value_type(value.expect("a result")),
        };
        let _ = write!(text, ".param .{} retval0;\n\t", extern_param_type(ty));
    }
    text.push_str("call.uni ");
    if returns {
        text.push_str("(retval0), ");
    }
    text.push_str(name);
    text.push_str(", (");
    for i in 0..args.len() + first {
        if i > 0 {
            text.push_str(", ");
        }
        let _ = write!(text, "param{i}");
    }
    text.push_str(");\n\t");
    if abi == ExternAbi::Numba {
        let status = *results.last().expect("a status");
        ops.push(Op::Def(s.vreg(status)));
        text.push_str("ld.param.b32 {}, [retval0];\n\t");
    }
    if let Some(v) = value {
        let ty = s.func.dfg.value_type(v);
        ops.push(Op::Def(s.vreg(v)));
        match (abi, ty) {
            (ExternAbi::Numba, ir::Type::I1) => text.push_str(
                "ld.local.u8 %kc_h, [__kc_extern_ret];\n\tcvt.u32.u16 %kc_s32, %kc_h;\n\t\
                 setp.ne.b32 {}, %kc_s32, 0;\n\t",
            ),
            (ExternAbi::Numba, ir::Type::I8 | ir::Type::I16) => {
                let bits = if ty == ir::Type::I8 { 8 } else { 16 };
                let _ = write!(
                    text,
                    "ld.local.u{bits} %kc_h, [__kc_extern_ret];\n\tcvt.u32.u16 {{}}, %kc_h;\n\t"
                );
            }
            (ExternAbi::Numba, _) => {
                let _ = write!(
                    text,
                    "ld.local.{} {{}}, [__kc_extern_ret];\n\t",
                    param_type(ty)
                );
            }
            (ExternAbi::C, ir::Type::I1) => text.push_str(
                "ld.param.b32 %kc_s32, [retval0];\n\tand.b32 %kc_s32, %kc_s32, 255;\n\t\
                 setp.ne.b32 {}, %kc_s32, 0;\n\t",
            ),
            (ExternAbi::C, ir::Type::I8 | ir::Type::I16) => {
                let mask = if ty == ir::Type::I8 { 255 } else { 65535 };
                let _ = write!(
                    text,
                    "ld.param.b32 %kc_s32, [retval0];\n\tand.b32 {{}}, %kc_s32, {mask};\n\t"
                );
            }
            (ExternAbi::C, ir::Type::I32) => text.push_str("ld.param.b32 {}, [retval0];\n\t"),
            (ExternAbi::C, _) => {
                let _ = write!(text, "ld.param.{} {{}}, [retval0];\n\t", param_type(ty));
            }
        }
    }
    text.push('}');
    s.emit_owned(text, ops, Control::None);
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
            // `%s` takes a generic address.
            ir::Type::Ptr(ir::AddrSpace::Global) => text.push_str(&format!(
                "cvta.global.u64 %kc_s64, {{}};\n\tst.local.u64 [__kc_printf_buf+{offset}], %kc_s64;\n\t"
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

/// A `.b16`/`.b32`/`.b64` register type of the width of `.param` type
/// `param` (an `extern_param_type`, `param_type` or `return_param_type`).
fn bits_of(param: &str) -> &'static str {
    match param {
        "u8" | "u16" | "b16" => "b16",
        "u64" | "b64" | "f64" => "b64",
        _ => "b32",
    }
}

/// Writes the `.visible .func` that exports device function `f` (its
/// [`ir::Function::export`]): declared as [`write_extern_declaration`]
/// declares an external function of that ABI, so that another module's
/// `cuda.declare_device` (or CUDA C's `extern "C" __device__`) calls it,
/// and defined as a call of `f`: the arguments passed on, the result
/// returned (C's ABI) or stored at the address in the first parameter with
/// status 0 returned (Numba's; a `bool` is one byte there, as Numba's data
/// model has it). A complex number is two parameters (its parts) and, as
/// a result, an aggregate of the two parts (C's), or the two parts stored
/// one after the other (Numba's), as NVVM passes it.
pub(super) fn write_export_wrapper(out: &mut String, f: &ir::Function) {
    let Some(export) = &f.export else { return };
    let (abi, name) = (export.abi, export.name.as_str());
    let rets = &f.signature.returns;
    // One result, or a complex number's two parts (as NVVM returns a
    // complex number: an aggregate of the two, real part first).
    let ret = rets.first().copied();
    let pair = rets.len() == 2;
    let part_bytes = ret.map_or(0, |t| t.bytes() as usize);
    let first = usize::from(abi == ExternAbi::Numba);
    out.push_str(".visible .func ");
    match (abi, ret) {
        (ExternAbi::Numba, _) => out.push_str("(.param .b32 func_retval0) "),
        (ExternAbi::C, Some(_)) if pair => {
            let _ = write!(
                out,
                "(.param .align {part_bytes} .b8 func_retval0[{}]) ",
                2 * part_bytes
            );
        }
        (ExternAbi::C, Some(ty)) => {
            let _ = write!(out, "(.param .{} func_retval0) ", extern_param_type(ty));
        }
        (ExternAbi::C, None) => {}
    }
    let _ = writeln!(out, "{name}(");
    let params: Vec<ir::Type> = (abi == ExternAbi::Numba)
        .then_some(ir::Type::I64)
        .into_iter()
        .chain(f.signature.params.iter().copied())
        .collect();
    for (i, ty) in params.iter().enumerate() {
        if i > 0 {
            out.push_str(",\n");
        }
        let _ = write!(out, "\t.param .{} {name}_param_{i}", extern_param_type(*ty));
    }
    out.push_str("\n)\n{\n");
    // One register per argument, of its width as passed, and one per
    // result (`%kc_r`, or `%kc_r0` and `%kc_r1` for a complex number).
    let result_regs: Vec<String> = match rets.len() {
        1 => vec!["%kc_r".to_string()],
        n => (0..n).map(|j| format!("%kc_r{j}")).collect(),
    };
    for (k, ty) in f.signature.params.iter().enumerate() {
        let _ = writeln!(out, "\t.reg .{} %kc_a{k};", bits_of(extern_param_type(*ty)));
    }
    for (reg, ty) in result_regs.iter().zip(rets) {
        let _ = writeln!(out, "\t.reg .{} {reg};", bits_of(return_param_type(*ty)));
    }
    out.push_str("\t.reg .b64 %kc_p;\n\t.reg .b32 %kc_z;\n");
    for (k, ty) in f.signature.params.iter().enumerate() {
        let _ = writeln!(
            out,
            "\tld.param.{} %kc_a{k}, [{name}_param_{}];",
            extern_param_type(*ty),
            k + first
        );
    }
    out.push_str("\t{\n");
    for (k, ty) in f.signature.params.iter().enumerate() {
        let _ = writeln!(out, "\t.param .{} param{k};", param_type(*ty));
        let _ = writeln!(out, "\tst.param.{} [param{k}], %kc_a{k};", param_type(*ty));
    }
    match rets.len() {
        0 => {}
        1 => {
            let _ = writeln!(out, "\t.param .{} retval0;", return_param_type(rets[0]));
        }
        // The callee's results share an aggregate of 8 bytes each.
        n => {
            let _ = writeln!(out, "\t.param .align 8 .b8 retval0[{}];", 8 * n);
        }
    }
    out.push_str("\tcall.uni ");
    if ret.is_some() {
        out.push_str("(retval0), ");
    }
    let _ = write!(out, "{}, (", f.name);
    for k in 0..f.signature.params.len() {
        if k > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "param{k}");
    }
    out.push_str(");\n");
    for (j, (reg, ty)) in result_regs.iter().zip(rets).enumerate() {
        let slot = if rets.len() == 1 {
            "retval0".to_string()
        } else {
            format!("retval0+{}", 8 * j)
        };
        let _ = writeln!(
            out,
            "\tld.param.{} {reg}, [{slot}];",
            return_param_type(*ty)
        );
    }
    out.push_str("\t}\n");
    match abi {
        ExternAbi::Numba => {
            if let Some(ty) = ret {
                let store = match ty {
                    ir::Type::I1 | ir::Type::I8 => "u8",
                    ir::Type::I16 | ir::Type::F16 => "b16",
                    ir::Type::I64 | ir::Type::F64 | ir::Type::Ptr(_) => "b64",
                    _ => "b32",
                };
                out.push_str("\tld.param.b64 %kc_p, [");
                out.push_str(name);
                out.push_str("_param_0];\n");
                for (j, reg) in result_regs.iter().enumerate() {
                    let at = if j == 0 {
                        String::new()
                    } else {
                        format!("+{}", j * part_bytes)
                    };
                    let _ = writeln!(out, "\tst.{store} [%kc_p{at}], {reg};");
                }
            }
            out.push_str("\tmov.b32 %kc_z, 0;\n\tst.param.b32 [func_retval0], %kc_z;\n");
        }
        ExternAbi::C => {
            for (j, (reg, ty)) in result_regs.iter().zip(rets).enumerate() {
                let slot = if pair {
                    format!("func_retval0+{}", j * part_bytes)
                } else {
                    "func_retval0".to_string()
                };
                let _ = writeln!(
                    out,
                    "\tst.param.{} [{slot}], {reg};",
                    extern_param_type(*ty)
                );
            }
        }
    }
    out.push_str("\tret;\n}\n\n");
}
