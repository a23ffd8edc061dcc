//! Selection of atomics: native `atom` instructions where the hardware has
//! them, compare-and-swap loops otherwise (float min/max, nanmin/nanmax,
//! 64-bit `inc`/`dec`, `f64` add before sm_60), and `sub` as an add of
//! the negated value (PTX has no `atom.sub`).

use super::isel::{Isel, IselErrorKind, Selected};
use super::ops::{needs_cas_loop, space_of};
use super::vcode::{Control, Op};
use crate::ir::{self, AtomicRmwOp};
use regalloc2::VReg;

/// `atomic_rmw`.
pub(super) fn rmw(
    s: &mut Isel<'_>,
    d: VReg,
    ty: ir::Type,
    op: AtomicRmwOp,
    addr: ir::Value,
    value: ir::Value,
) -> Selected {
    let space = space_of(s, addr);
    let (a, v) = (s.vreg(addr), s.vreg(value));
    if needs_cas_loop(s, op, ty) {
        return cas_loop(s, d, ty, op, space, a, v);
    }
    let n = ty.bits();
    let (name, vtype) = match (op, ty.is_float()) {
        (AtomicRmwOp::Add | AtomicRmwOp::Sub, true) => {
            ("add", if n == 64 { "f64" } else { "f32" }.to_string())
        }
        (AtomicRmwOp::Add | AtomicRmwOp::Sub, false) => ("add", format!("u{n}")),
        (AtomicRmwOp::And, _) => ("and", format!("b{n}")),
        (AtomicRmwOp::Or, _) => ("or", format!("b{n}")),
        (AtomicRmwOp::Xor, _) => ("xor", format!("b{n}")),
        (AtomicRmwOp::Xchg, _) => ("exch", format!("b{n}")),
        (AtomicRmwOp::Smin, _) => ("min", format!("s{n}")),
        (AtomicRmwOp::Smax, _) => ("max", format!("s{n}")),
        (AtomicRmwOp::Umin, _) => ("min", format!("u{n}")),
        (AtomicRmwOp::Umax, _) => ("max", format!("u{n}")),
        (AtomicRmwOp::Inc, _) => ("inc", "u32".to_string()),
        (AtomicRmwOp::Dec, _) => ("dec", "u32".to_string()),
        // Always a loop (`needs_cas_loop`).
        (AtomicRmwOp::NanMax | AtomicRmwOp::NanMin, _) => {
            return cas_loop(s, d, ty, op, space, a, v);
        }
    };
    if op == AtomicRmwOp::Sub {
        let (scratch, neg) = match (n, ty.is_float()) {
            (64, true) => ("%kc_s64", "neg.f64"),
            (64, false) => ("%kc_s64", "neg.s64"),
            (_, true) => ("%kc_s32", "neg.f32"),
            _ => ("%kc_s32", "neg.s32"),
        };
        s.emit_fmt(
            format_args!(
                "{neg} {scratch}, {{}};\n\tatom.{space}.{name}.{vtype} {{}}, [{{}}], {scratch};"
            ),
            [Op::Use(v), Op::Def(d), Op::Use(a)],
            Control::None,
        );
        return Ok(());
    }
    s.emit_fmt(
        format_args!("atom.{space}.{name}.{vtype} {{}}, [{{}}], {{}};"),
        [Op::Def(d), Op::Use(a), Op::Use(v)],
        Control::None,
    );
    Ok(())
}

/// `atomic_cas`.
pub(super) fn cas(s: &mut Isel<'_>, d: VReg, ty: ir::Type, args: &[ir::Value; 3]) {
    let space = space_of(s, args[0]);
    let (a, e, n) = (s.vreg(args[0]), s.vreg(args[1]), s.vreg(args[2]));
    s.emit_fmt(
        format_args!("atom.{space}.cas.b{} {{}}, [{{}}], {{}}, {{}};", ty.bits()),
        [Op::Def(d), Op::Use(a), Op::Use(e), Op::Use(n)],
        Control::None,
    );
}

/// A read-modify-write built from `atom.cas` in a loop (its own scope, so
/// its registers and label are private).
fn cas_loop(
    s: &mut Isel<'_>,
    d: VReg,
    ty: ir::Type,
    op: AtomicRmwOp,
    space: &str,
    a: VReg,
    v: VReg,
) -> Selected {
    let n = ty.bits();
    let b = format!("b{n}");
    let f = if n == 64 { "f64" } else { "f32" };
    let update = match op {
        AtomicRmwOp::Sub => format!("sub.{f} %new, %old, %val;"),
        AtomicRmwOp::Add => format!("add.{f} %new, %old, %val;"),
        // Numba's float atomic min/max: the value replaces the stored one
        // only when strictly smaller/greater, so a NaN value is ignored
        // and a stored NaN stays (PTX `min`/`max` would drop the NaN).
        AtomicRmwOp::Smin => {
            format!("setp.lt.{f} %c, %val, %old;\n\tselp.{b} %new, %val, %old, %c;")
        }
        AtomicRmwOp::Smax => {
            format!("setp.gt.{f} %c, %val, %old;\n\tselp.{b} %new, %val, %old, %c;")
        }
        // Numba's nanmax/nanmin: a NaN value is ignored (`num`), a stored
        // NaN replaced (the unordered `gtu`/`ltu` hold for it).
        AtomicRmwOp::NanMax => format!(
            "setp.gtu.{f} %c, %val, %old;\n\tsetp.num.and.{f} %c, %val, %val, %c;\n\tselp.{b} %new, %val, %old, %c;"
        ),
        AtomicRmwOp::NanMin => format!(
            "setp.ltu.{f} %c, %val, %old;\n\tsetp.num.and.{f} %c, %val, %val, %c;\n\tselp.{b} %new, %val, %old, %c;"
        ),
        AtomicRmwOp::Inc => format!(
            "setp.ge.u{n} %c, %old, %val;\n\tadd.u{n} %new, %old, 1;\n\tselp.{b} %new, 0, %new, %c;"
        ),
        AtomicRmwOp::Dec => format!(
            "setp.eq.u{n} %c, %old, 0;\n\tsetp.gt.u{n} %c2, %old, %val;\n\tor.pred %c, %c, %c2;\n\tsub.u{n} %new, %old, 1;\n\tselp.{b} %new, %val, %new, %c;"
        ),
        other => return Err(s.error(IselErrorKind::NoCompareAndSwapForm { op: other })),
    };
    let label = s.label();
    let text = format!(
        "{{{{\n\t.reg .{b} %old, %new, %cur, %val;\n\t.reg .pred %c, %c2;\n\tmov.{b} %val, {{}};\n\tld.{space}.{b} %old, [{{}}];\n{label}:\n\t{update}\n\tatom.{space}.cas.{b} %cur, [{{}}], %old, %new;\n\tsetp.ne.{b} %c, %cur, %old;\n\tmov.{b} %old, %cur;\n\t@%c bra {label};\n\tmov.{b} {{}}, %cur;\n\t}}}}"
    );
    s.emit_owned(
        text,
        [Op::Use(v), Op::Use(a), Op::Use(a), Op::Def(d)],
        Control::None,
    );
    Ok(())
}
