//! The text form of the IR: the printer.
//!
//! [`write_module`] and [`write_function`] print IR in a Cranelift-like
//! text form that [`super::parse::parse_module`] reads back; printing,
//! parsing and printing again gives the same text. Entities keep their
//! numbers (`v7`, `block3`, `fn1`, `shared0`, ...), so the text shows the
//! function exactly as it is in memory; aliased operands are printed as the
//! value they resolve to.
//!
//! # Grammar
//!
//! Whitespace (newlines included) only separates tokens; `;` starts a
//! comment that runs to the end of the line.
//!
//! ```text
//! module    := (const | string | function)*
//! const     := "const" N "=" STRING type "[" INT "]" ("data" HEXBYTES)?
//! string    := "str" N "=" STRING
//! function  := ("kernel" | "device") "fn" N STRING "(" types? ")"
//!              ("->" types)? "fastmath"? "cooperative"? "library"?
//!              ("extern" ("numba" | "c"))? "{" decl* block* "}"
//! decl      := ("shared" N | "local" N) "=" type "[" INT "]"
//! block     := "block" N ("(" value ":" type ("," value ":" type)* ")")? ":" inst*
//! inst      := (results "=")? OPCODE ("." type)? operands
//! results   := value ("," value)*  |  value ":" type ("," value ":" type)*
//! ```
//!
//! - `STRING` is double-quoted with the escapes `\\ \" \n \t \r \0` and
//!   `\u{HEX}` for other control characters; `HEXBYTES` is `0x` followed
//!   by two hex digits per byte, in memory order.
//! - Entities are numbered in their tables: `const`, `str`, `fn`, `shared`
//!   and `local` declarations must appear in order, starting at 0.
//! - An instruction with one result writes its type after the opcode
//!   (`v3 = iadd.i64 v1, v2`); one without results writes no type
//!   (`store v0, v1`). A call with several results takes their types from
//!   the callee's signature (`v4, v5 = call fn1(v2)`); when they differ from
//!   it, or no module is at hand, each result carries its type
//!   (`v4: i32, v5: f32 = call fn1(v2)`).
//! - Operands by format: `iconst` takes a decimal `i64`; `fconst` takes the
//!   shortest decimal that round-trips (`f16`: its exact decimal value),
//!   `inf`, `-inf`, `nan` (the canonical quiet NaN) or `nan:0xBITS` (any
//!   other NaN, all bits of the type); `icmp`/`fcmp` a condition then two
//!   values; `load.T v0+8` (offset omitted when 0, `v0-4` when negative);
//!   `store v0+8, v1`; `atomic_rmw.T add v0, v1`; `atomic_cas.T v0, v1, v2`;
//!   `shared_addr.T shared0` / `local_addr.T local0` / `const_addr.T const0`;
//!   `special.i32 tid.x`; `shuffle.T down mask, value, lane`;
//!   `vote.T all mask, pred`; `call fn1(args)`; `print str0(args)`;
//!   `jump block1(args)`; `brif c, block1(args), block2(args)` (an empty
//!   argument list is not written); `return args`; other formats list their
//!   values separated by commas.
//!
//! A function printed alone ([`write_function`] without a module) is
//! numbered `fn0`, so its text parses as a module of its own. Two things
//! print but do not parse back: a function printed with a module that does
//! not hold it (its number is written `fn?`), and an instruction whose data
//! has another format than its opcode's (see
//! [`super::formats::InstFormat::of`]), which is printed by its data and
//! which the verifier rejects.

use super::entities::{Block, ConstVar, FuncRef, Inst, LocalSlot, SharedVar, StringId, Value};
use super::function::{FuncKind, Function, MemDecl, Module};
use super::instructions::{BlockCall, InstructionData, Opcode};
use super::types::Type;
use cranelift_entity::EntityRef;
use rustc_hash::FxHashMap;
use std::fmt::{self, Write};

/// Prints a whole module: constant arrays, strings, then functions.
pub fn write_module(m: &Module) -> String {
    let mut out = String::new();
    for (c, decl) in m.consts.iter() {
        let _ = write!(
            out,
            "{c} = {} {}[{}]",
            quoted(&decl.name),
            decl.elem,
            decl.count
        );
        if !decl.data.is_empty() {
            out.push_str(" data 0x");
            decl.data.iter().for_each(|b| {
                let _ = write!(out, "{b:02x}");
            });
        }
        out.push('\n');
    }
    for (s, text) in m.strings.iter() {
        let _ = writeln!(out, "{s} = {}", quoted(text));
    }
    for (r, f) in m.functions.iter() {
        if !out.is_empty() {
            out.push('\n');
        }
        FuncWriter::new(f, Some(m), Some(r), &Notes::default()).write(&mut out);
    }
    out
}

/// Prints one function. With the module, calls can leave their result
/// types to the callee's signature; the function's number is looked up in
/// it (by identity) and is `fn?` when not found. Without it, the function
/// is `fn0`.
pub fn write_function(f: &Function, m: Option<&Module>) -> String {
    let mut out = String::new();
    FuncWriter::new(f, m, func_ref_in(f, m), &Notes::default()).write(&mut out);
    out
}

/// The number of `f` in `m` (found by identity); `fn0` without a module.
pub(crate) fn func_ref_in(f: &Function, m: Option<&Module>) -> Option<FuncRef> {
    match m {
        None => Some(FuncRef::new(0)),
        Some(m) => m
            .functions
            .iter()
            .find(|(_, g)| std::ptr::eq(*g, f))
            .map(|(r, _)| r),
    }
}

/// Displays a function as [`write_function`] does.
pub struct DisplayFunction<'a>(pub &'a Function, pub Option<&'a Module>);

impl fmt::Display for DisplayFunction<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_function(self.0, self.1))
    }
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_module(self))
    }
}

/// Comments printed inside a function (the verifier's errors).
#[derive(Default)]
pub(crate) struct Notes {
    /// After the function header.
    pub func: Vec<String>,
    /// After a block header.
    pub blocks: FxHashMap<Block, Vec<String>>,
    /// After an instruction.
    pub insts: FxHashMap<Inst, Vec<String>>,
}

/// Prints `f` with `notes` as `; error: ...` comments.
pub(crate) fn write_function_with_notes(
    f: &Function,
    m: Option<&Module>,
    fref: Option<FuncRef>,
    notes: &Notes,
) -> String {
    let mut out = String::new();
    FuncWriter::new(f, m, fref, notes).write(&mut out);
    out
}

struct FuncWriter<'a> {
    f: &'a Function,
    m: Option<&'a Module>,
    fref: Option<FuncRef>,
    notes: &'a Notes,
}

impl<'a> FuncWriter<'a> {
    fn new(
        f: &'a Function,
        m: Option<&'a Module>,
        fref: Option<FuncRef>,
        notes: &'a Notes,
    ) -> Self {
        FuncWriter { f, m, fref, notes }
    }

    fn write(&self, out: &mut String) {
        self.write_header(out);
        write_notes(out, &self.notes.func);
        for (s, decl) in self.f.shared.iter() {
            write_decl(out, &s.to_string(), decl);
        }
        for (l, decl) in self.f.locals.iter() {
            write_decl(out, &l.to_string(), decl);
        }
        for &b in self.f.layout.blocks() {
            self.write_block_header(out, b);
            for &i in self.f.layout.block_insts(b) {
                out.push_str("    ");
                self.write_inst(out, i);
                out.push('\n');
                if let Some(n) = self.notes.insts.get(&i) {
                    write_notes(out, n);
                }
            }
        }
        out.push_str("}\n");
    }

    fn write_header(&self, out: &mut String) {
        let kind = match self.f.kind {
            FuncKind::Kernel => "kernel",
            FuncKind::Device => "device",
        };
        let num = self.fref.map_or("fn?".to_string(), |r| r.to_string());
        let _ = write!(out, "{kind} {num} {}(", quoted(&self.f.name));
        write_list(out, &self.f.signature.params);
        out.push(')');
        if !self.f.signature.returns.is_empty() {
            out.push_str(" -> ");
            write_list(out, &self.f.signature.returns);
        }
        if self.f.fastmath {
            out.push_str(" fastmath");
        }
        if self.f.cooperative {
            out.push_str(" cooperative");
        }
        if self.f.library.is_some() {
            // The name says which function (`__kernelc_sin_f64`).
            out.push_str(" library");
        }
        match self.f.external {
            Some(crate::ir::ExternAbi::Numba) => out.push_str(" extern numba"),
            Some(crate::ir::ExternAbi::C) => out.push_str(" extern c"),
            None => {}
        }
        out.push_str(" {\n");
    }

    fn write_block_header(&self, out: &mut String, b: Block) {
        let _ = write!(out, "{b}");
        let params = self.f.dfg.block_params(b);
        if !params.is_empty() {
            out.push('(');
            for (k, &p) in params.iter().enumerate() {
                let sep = if k == 0 { "" } else { ", " };
                let _ = write!(out, "{sep}{p}: {}", self.f.dfg.value_type(p));
            }
            out.push(')');
        }
        out.push_str(":\n");
        if let Some(n) = self.notes.blocks.get(&b) {
            write_notes(out, n);
        }
    }

    fn write_inst(&self, out: &mut String, inst: Inst) {
        let dfg = &self.f.dfg;
        let data = dfg.inst(inst);
        let results = dfg.inst_results(inst);
        let types: Vec<Type> = results.iter().map(|&v| dfg.value_type(v)).collect();
        if results.len() > 1 && !self.callee_gives(data, &types) {
            for (k, (v, t)) in results.iter().zip(&types).enumerate() {
                let sep = if k == 0 { "" } else { ", " };
                let _ = write!(out, "{sep}{v}: {t}");
            }
            out.push_str(" = ");
        } else if !results.is_empty() {
            let names: Vec<String> = results.iter().map(|v| v.to_string()).collect();
            let _ = write!(out, "{} = ", names.join(", "));
        }
        out.push_str(data.opcode().name());
        if let [ty] = types[..] {
            let _ = write!(out, ".{ty}");
        }
        let operands = self.operands(data, types.first().copied());
        if !operands.is_empty() {
            out.push(' ');
            out.push_str(&operands);
        }
    }

    /// True when a multi-result instruction is a call whose callee's
    /// signature returns exactly `types`.
    fn callee_gives(&self, data: &InstructionData, types: &[Type]) -> bool {
        let (InstructionData::Call { func, .. }, Some(m)) = (data, self.m) else {
            return false;
        };
        m.functions
            .get(*func)
            .is_some_and(|g| g.signature.returns == types)
    }

    /// A value operand, resolved (a value that does not exist, which only
    /// the verifier's error text shows, is printed as it is).
    fn v(&self, v: Value) -> String {
        if v.index() >= self.f.dfg.num_values() {
            return v.to_string();
        }
        self.f.dfg.resolve_aliases(v).to_string()
    }

    fn vs(&self, vs: &[Value]) -> String {
        let names: Vec<String> = vs.iter().map(|&v| self.v(v)).collect();
        names.join(", ")
    }

    fn operands(&self, data: &InstructionData, ty: Option<Type>) -> String {
        use InstructionData as D;
        let dfg = &self.f.dfg;
        match data {
            D::Nullary { .. } => String::new(),
            D::UnaryImm { imm, .. } => imm.to_string(),
            D::UnaryIeee { bits, .. } => format_ieee(ty.unwrap_or(Type::F64), *bits),
            D::Unary { arg, .. } => self.v(*arg),
            D::Binary { args, .. } => self.vs(args),
            D::Ternary { args, .. } | D::AtomicCas { args, .. } => self.vs(args),
            D::IntCompare { cond, args, .. } => format!("{cond} {}", self.vs(args)),
            D::FloatCompare { cond, args, .. } => format!("{cond} {}", self.vs(args)),
            D::Load { addr, offset, .. } => self.address(*addr, *offset),
            D::Store { args, offset, .. } => {
                format!("{}, {}", self.address(args[0], *offset), self.v(args[1]))
            }
            D::AtomicRmw { op, args, .. } => format!("{op} {}", self.vs(args)),
            D::AddrOf { opcode, index, .. } => addr_of_name(*opcode, *index),
            D::Special { reg, .. } => reg.to_string(),
            D::Shuffle { mode, args, .. } => format!("{mode} {}", self.vs(args)),
            D::Vote { mode, args, .. } => format!("{mode} {}", self.vs(args)),
            D::Call { func, args, .. } => format!("{func}({})", self.vs(dfg.list(args))),
            D::Print { format, args, .. } => format!("{format}({})", self.vs(dfg.list(args))),
            D::Jump { dest, .. } => self.block_call(dest),
            D::Brif { cond, blocks, .. } => format!(
                "{}, {}, {}",
                self.v(*cond),
                self.block_call(&blocks[0]),
                self.block_call(&blocks[1])
            ),
            D::Return { args, .. } => self.vs(dfg.list(args)),
        }
    }

    fn address(&self, addr: Value, offset: i32) -> String {
        match offset {
            0 => self.v(addr),
            o if o > 0 => format!("{}+{o}", self.v(addr)),
            o => format!("{}{o}", self.v(addr)),
        }
    }

    fn block_call(&self, call: &BlockCall) -> String {
        let args = self.f.dfg.block_call_args(call);
        if args.is_empty() {
            call.block.to_string()
        } else {
            format!("{}({})", call.block, self.vs(args))
        }
    }
}

fn addr_of_name(opcode: Opcode, index: u32) -> String {
    let i = index as usize;
    match opcode {
        Opcode::LocalAddr => LocalSlot::new(i).to_string(),
        Opcode::ConstAddr => ConstVar::new(i).to_string(),
        Opcode::StrAddr => StringId::new(i).to_string(),
        _ => SharedVar::new(i).to_string(),
    }
}

fn write_decl(out: &mut String, name: &str, decl: &MemDecl) {
    let _ = writeln!(out, "    {name} = {}[{}]", decl.elem, decl.count);
}

fn write_list(out: &mut String, types: &[Type]) {
    let names: Vec<String> = types.iter().map(|t| t.to_string()).collect();
    out.push_str(&names.join(", "));
}

fn write_notes(out: &mut String, notes: &[String]) {
    for n in notes {
        let _ = writeln!(out, "    ; error: {n}");
    }
}

/// A string literal of the text form, with escapes.
pub(crate) fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\0' => out.push_str("\\0"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The text of a float immediate of type `ty` with IEEE bits `bits`.
pub(crate) fn format_ieee(ty: Type, bits: u64) -> String {
    let (value, canonical_nan) = match ty {
        Type::F16 => (f16_bits_to_f64(bits as u16), 0x7e00),
        Type::F32 => (f32::from_bits(bits as u32) as f64, 0x7fc0_0000),
        _ => (f64::from_bits(bits), 0x7ff8_0000_0000_0000),
    };
    if value.is_nan() {
        return if bits == canonical_nan {
            "nan".to_string()
        } else {
            format!("nan:0x{bits:x}")
        };
    }
    if value.is_infinite() {
        return if value > 0.0 { "inf" } else { "-inf" }.to_string();
    }
    match ty {
        Type::F16 => exact_decimal(bits as u16),
        Type::F32 => format!("{:?}", f32::from_bits(bits as u32)),
        _ => format!("{value:?}"),
    }
}

/// The value of IEEE half bits (exact in an `f64`).
pub(crate) fn f16_bits_to_f64(bits: u16) -> f64 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((bits >> 10) & 0x1f) as i32;
    let man = (bits & 0x3ff) as f64;
    match exp {
        0 => sign * man * 2f64.powi(-24),
        31 if man == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        e => sign * (1024.0 + man) * 2f64.powi(e - 25),
    }
}

/// The exact decimal expansion of a finite half (`0.0999755859375`).
fn exact_decimal(bits: u16) -> String {
    let sign = if bits & 0x8000 != 0 { "-" } else { "" };
    let exp = ((bits >> 10) & 0x1f) as u32;
    let man = (bits & 0x3ff) as u128;
    let m = if exp == 0 { man } else { man | 0x400 };
    if exp >= 25 {
        return format!("{sign}{}.0", m << (exp - 25));
    }
    // value = m * 2^-shift with shift in 1..=24.
    let shift = if exp == 0 { 24 } else { 25 - exp };
    // m * 2^-shift = m * 5^shift / 10^shift.
    let digits = (m * 5u128.pow(shift)).to_string();
    let shift = shift as usize;
    let padded = format!("{digits:0>width$}", width = shift + 1);
    let (int, frac) = padded.split_at(padded.len() - shift);
    let frac = frac.trim_end_matches('0');
    let frac = if frac.is_empty() { "0" } else { frac };
    format!("{sign}{int}.{frac}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_shortest_or_exact() {
        assert_eq!(format_ieee(Type::F32, 1.5f32.to_bits() as u64), "1.5");
        assert_eq!(format_ieee(Type::F32, 0.1f32.to_bits() as u64), "0.1");
        assert_eq!(format_ieee(Type::F64, 1e300f64.to_bits()), "1e300");
        assert_eq!(format_ieee(Type::F32, 0x7fc0_0000), "nan");
        assert_eq!(format_ieee(Type::F32, 0x7fc0_0001), "nan:0x7fc00001");
        assert_eq!(format_ieee(Type::F64, f64::NEG_INFINITY.to_bits()), "-inf");
        assert_eq!(format_ieee(Type::F16, 0x2e66), "0.0999755859375");
        assert_eq!(format_ieee(Type::F16, 0x0001), "0.000000059604644775390625");
        assert_eq!(format_ieee(Type::F16, 0x7bff), "65504.0");
        assert_eq!(format_ieee(Type::F16, 0xc000), "-2.0");
        assert_eq!(format_ieee(Type::F16, 0x8000), "-0.0");
    }

    #[test]
    fn strings_are_escaped() {
        assert_eq!(quoted("a\"b\\\n\u{1}é"), "\"a\\\"b\\\\\\n\\u{1}é\"");
    }
}
