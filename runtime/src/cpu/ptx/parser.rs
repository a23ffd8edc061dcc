//! PTX parser: tokens to the [`ast`](super::ast) form.
//!
//! Directives that do not change what a kernel computes (`.version`,
//! `.target`, `.address_size`, `.pragma`, `.section`, performance hints
//! like `.minnctapersm`) are skipped; a kernel's block-size limits
//! (`.maxntid`, `.reqntid`) are kept, as the driver checks launches by them. Line information is kept: `.file` names
//! source files, and each instruction records the last `.loc` before it in
//! its function, so a fault can name the source line. Like `ptxas`, the
//! parser rejects a label defined twice in one block (labels are
//! block-scoped, as variables are) and a function defined twice, or as
//! both `.entry` and `.func`.

use super::ast::{
    BlockLimit, Function, Imm, Inst, Module, Operand, Param, Stmt, VarDecl, VarSpace,
};
use super::lexer::{lex, Tok, Token};
use crate::cpu::error::CpuError;
use std::collections::{HashMap, HashSet};

/// The largest variable or parameter accepted (1 GiB).
const MAX_VAR_BYTES: usize = 1 << 30;

/// Parses PTX text.
pub fn parse(text: &str) -> Result<Module, CpuError> {
    let toks = lex(text)?;
    let mut p = Parser { toks, pos: 0 };
    p.module()
}

struct Parser {
    toks: Vec<Token>,
    pos: usize,
}

/// Rejects what `ptxas` calls a duplicate or inconsistent definition: a
/// second body for a function name, or a name used for both an `.entry`
/// and a `.func`. (Declarations without a body may repeat.)
fn check_redefinition(
    seen: &mut HashMap<String, (bool, bool, u32)>,
    f: &Function,
) -> Result<(), CpuError> {
    let defined = f.body.is_some();
    let kind = |entry: bool| if entry { ".entry" } else { ".func" };
    match seen.get_mut(&f.name) {
        None => {
            seen.insert(f.name.clone(), (f.is_entry, defined, f.line));
            Ok(())
        }
        Some((entry, _, first)) if *entry != f.is_entry => Err(CpuError::Parse {
            line: f.line,
            message: format!(
                "`{}` is a {} here but a {} at line {first}",
                f.name,
                kind(f.is_entry),
                kind(*entry)
            ),
        }),
        Some((_, had_body, first)) => {
            if *had_body && defined {
                return Err(CpuError::Parse {
                    line: f.line,
                    message: format!(
                        "duplicate definition of {} `{}` (first at line {first})",
                        kind(f.is_entry),
                        f.name
                    ),
                });
            }
            *had_body |= defined;
            Ok(())
        }
    }
}

/// The width in bits and float-ness of a PTX type directive.
pub fn type_info(name: &str) -> Option<(u32, bool)> {
    Some(match name {
        ".pred" => (1, false),
        ".b8" | ".u8" | ".s8" => (8, false),
        ".b16" | ".u16" | ".s16" => (16, false),
        ".f16" | ".bf16" => (16, true),
        ".b32" | ".u32" | ".s32" => (32, false),
        ".f32" | ".f16x2" | ".bf16x2" => (32, true),
        ".b64" | ".u64" | ".s64" => (64, false),
        ".f64" => (64, true),
        _ => return None,
    })
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }

    fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.pos + k).map(|t| &t.tok)
    }

    fn line(&self) -> u32 {
        self.toks
            .get(self.pos)
            .or_else(|| self.toks.last())
            .map_or(1, |t| t.line)
    }

    fn err<T>(&self, message: impl Into<String>) -> Result<T, CpuError> {
        Err(CpuError::Parse {
            line: self.line(),
            message: message.into(),
        })
    }

    fn next(&mut self) -> Result<Tok, CpuError> {
        match self.toks.get(self.pos) {
            Some(t) => {
                self.pos += 1;
                Ok(t.tok.clone())
            }
            None => self.err("unexpected end of input"),
        }
    }

    fn is_punct(&self, c: char) -> bool {
        self.peek() == Some(&Tok::Punct(c))
    }

    fn eat_punct(&mut self, c: char) -> bool {
        if self.is_punct(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_punct(&mut self, c: char) -> Result<(), CpuError> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            self.err(format!("expected `{c}`, found {}", self.describe()))
        }
    }

    fn describe(&self) -> String {
        match self.peek() {
            None => "end of input".into(),
            Some(Tok::Ident(s)) | Some(Tok::Reg(s)) => format!("`{s}`"),
            Some(Tok::Punct(c)) => format!("`{c}`"),
            Some(Tok::Int(v)) => format!("`{v}`"),
            Some(t) => format!("{t:?}"),
        }
    }

    fn ident(&mut self) -> Result<String, CpuError> {
        match self.next()? {
            Tok::Ident(s) => Ok(s),
            _ => {
                self.pos -= 1;
                self.err(format!("expected a name, found {}", self.describe()))
            }
        }
    }

    fn int(&mut self) -> Result<u64, CpuError> {
        match self.next()? {
            Tok::Int(v) => Ok(v),
            _ => {
                self.pos -= 1;
                self.err(format!("expected an integer, found {}", self.describe()))
            }
        }
    }

    /// Skips the rest of the current token's line.
    fn skip_line(&mut self) {
        let line = self.line();
        while self.toks.get(self.pos).is_some_and(|t| t.line == line) {
            self.pos += 1;
        }
    }

    /// Skips to just after the next `;`.
    fn skip_statement(&mut self) {
        while let Some(t) = self.peek() {
            let end = *t == Tok::Punct(';');
            self.pos += 1;
            if end {
                break;
            }
        }
    }

    /// Skips a balanced `{ ... }` starting at the next `{`.
    fn skip_braces(&mut self) -> Result<(), CpuError> {
        while !self.is_punct('{') {
            self.next()?;
        }
        let mut depth = 0;
        loop {
            match self.next()? {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
    }

    fn module(&mut self) -> Result<Module, CpuError> {
        let mut m = Module::default();
        // Each function name: `.entry` or not, defined (with a body) or
        // only declared, and the line of its first appearance.
        let mut seen: HashMap<String, (bool, bool, u32)> = HashMap::new();
        let (mut is_extern, mut _visible) = (false, false);
        while let Some(t) = self.peek().cloned() {
            let Tok::Ident(d) = t else {
                if self.eat_punct(';') {
                    continue;
                }
                return self.err(format!("expected a directive, found {}", self.describe()));
            };
            match d.as_str() {
                ".version" | ".target" | ".address_size" | ".loc" => self.skip_line(),
                ".file" => {
                    let file = self.file_directive()?;
                    m.files.push(file);
                }
                ".pragma" => self.skip_statement(),
                ".section" => self.skip_braces()?,
                ".visible" | ".weak" | ".common" => {
                    _visible = true;
                    self.pos += 1;
                }
                ".extern" => {
                    is_extern = true;
                    self.pos += 1;
                }
                ".entry" | ".func" => {
                    self.pos += 1;
                    let f = self.function(d == ".entry", is_extern)?;
                    check_redefinition(&mut seen, &f)?;
                    m.functions.push(f);
                    is_extern = false;
                }
                ".global" | ".const" | ".shared" | ".local" => {
                    let v = self.var_decl(is_extern)?;
                    m.vars.push(v);
                    is_extern = false;
                }
                _ => {
                    return Err(CpuError::Unsupported {
                        line: self.line(),
                        what: d,
                    })
                }
            }
        }
        Ok(m)
    }

    /// `.space [.align N] .type name[dims] [= init];`
    fn var_decl(&mut self, is_extern: bool) -> Result<VarDecl, CpuError> {
        let line = self.line();
        let space = match self.ident()?.as_str() {
            ".global" => VarSpace::Global,
            ".const" => VarSpace::Const,
            ".shared" => VarSpace::Shared,
            ".local" => VarSpace::Local,
            ".param" => VarSpace::Param,
            s => return self.err(format!("unknown state space `{s}`")),
        };
        let mut align = 0;
        let mut ty = None;
        let name = loop {
            let w = self.ident()?;
            match w.as_str() {
                ".align" => align = self.int()? as usize,
                ".v2" | ".v4" | ".v8" => {
                    return Err(CpuError::Unsupported {
                        line,
                        what: format!("vector variable {w}"),
                    })
                }
                ".ptr" | ".global" | ".shared" | ".local" | ".const" => {}
                w if w.starts_with('.') => match type_info(w) {
                    Some(t) => ty = Some(t),
                    None => return self.err(format!("unknown type `{w}`")),
                },
                _ => break w,
            }
        };
        let Some((bits, elem_float)) = ty else {
            return self.err(format!("variable `{name}` has no type"));
        };
        let elem_size = (bits as usize).div_ceil(8);
        let mut count = Some(1usize);
        while self.eat_punct('[') {
            if self.eat_punct(']') {
                count = None;
                continue;
            }
            let n = self.int()? as usize;
            self.expect_punct(']')?;
            count = count.map(|c| c.saturating_mul(n));
        }
        if count.is_some_and(|c| c.saturating_mul(elem_size) > MAX_VAR_BYTES) {
            return self.err(format!("variable `{name}` is too large"));
        }
        let mut init = None;
        if self.eat_punct('=') {
            let mut vals = Vec::new();
            self.init_values(&mut vals, bits, elem_float, 0)?;
            if let Some(c) = count.filter(|&c| vals.len() > c) {
                return self.err(format!(
                    "`{name}` has {c} elements and {} initial values",
                    vals.len()
                ));
            }
            init = Some(vals);
        }
        self.expect_punct(';')?;
        Ok(VarDecl {
            space,
            name,
            align: if align == 0 { elem_size.max(1) } else { align },
            elem_size,
            elem_float,
            count,
            init,
            is_extern,
            line,
        })
    }

    fn init_values(
        &mut self,
        out: &mut Vec<u64>,
        bits: u32,
        float: bool,
        depth: u32,
    ) -> Result<(), CpuError> {
        if self.eat_punct('{') {
            if depth > 8 {
                return self.err("initializer nested too deeply");
            }
            loop {
                if self.eat_punct('}') {
                    return Ok(());
                }
                self.init_values(out, bits, float, depth + 1)?;
                if !self.eat_punct(',') {
                    self.expect_punct('}')?;
                    return Ok(());
                }
            }
        }
        let neg = self.eat_punct('-');
        let imm = match self.next()? {
            Tok::Int(v) => Imm::Int(if neg { v.wrapping_neg() } else { v }),
            Tok::F32(v) => Imm::F32(v),
            Tok::F64(v) => Imm::F64(v),
            Tok::Float(v) => Imm::Float(if neg { -v } else { v }),
            _ => {
                self.pos -= 1;
                return Err(CpuError::Unsupported {
                    line: self.line(),
                    what: format!("initializer {}", self.describe()),
                });
            }
        };
        out.push(imm_bits(imm, bits, float));
        Ok(())
    }

    /// After `.entry`/`.func`: `[(rets)] name (params) [hints] ({body} | ;)`.
    fn function(&mut self, is_entry: bool, is_extern: bool) -> Result<Function, CpuError> {
        let mut rets = Vec::new();
        if self.is_punct('(') {
            rets = self.param_list()?;
        }
        let line = self.line();
        let name = self.ident()?;
        let mut params = Vec::new();
        if self.is_punct('(') {
            params = self.param_list()?;
        }
        // Performance hints and attributes up to the body or `;`: the
        // block-size limits are kept (a launch outside them fails, as on a
        // GPU), the others skipped.
        let mut block_limit = BlockLimit::None;
        while !self.is_punct('{') && !self.is_punct(';') {
            match self.peek() {
                None => return self.err("unexpected end of input in a function header"),
                Some(Tok::Ident(d)) if d == ".maxntid" || d == ".reqntid" => {
                    let required = d == ".reqntid";
                    self.pos += 1;
                    let dims = self.dims()?;
                    block_limit = if required {
                        BlockLimit::Required(dims)
                    } else {
                        BlockLimit::Max(dims)
                    };
                }
                Some(_) => self.pos += 1,
            }
        }
        let body = if self.eat_punct(';') {
            None
        } else {
            Some(self.body()?)
        };
        let _ = is_extern;
        Ok(Function {
            name,
            is_entry,
            rets,
            params,
            body,
            line,
            block_limit,
        })
    }

    /// The 1 to 3 extents of `.maxntid`/`.reqntid` (missing ones are 1).
    fn dims(&mut self) -> Result<[u32; 3], CpuError> {
        let mut dims = [1u32; 3];
        for (k, d) in dims.iter_mut().enumerate() {
            if k > 0 && !self.eat_punct(',') {
                break;
            }
            let n = self.int()?;
            *d = match u32::try_from(n) {
                Ok(n) if n > 0 => n,
                _ => return self.err(format!("block extent {n} out of range")),
            };
        }
        Ok(dims)
    }

    fn param_list(&mut self) -> Result<Vec<Param>, CpuError> {
        self.expect_punct('(')?;
        let mut out = Vec::new();
        if self.eat_punct(')') {
            return Ok(out);
        }
        loop {
            let d = self.ident()?;
            if d != ".param" && d != ".reg" {
                return self.err(format!("expected `.param`, found `{d}`"));
            }
            let mut align = 0;
            let mut bits = 0;
            let name = loop {
                let w = self.ident()?;
                match w.as_str() {
                    ".align" => align = self.int()? as usize,
                    w if w.starts_with('.') => {
                        if let Some((b, _)) = type_info(w) {
                            bits = b;
                        }
                    }
                    _ => break w,
                }
            };
            if bits == 0 {
                return self.err(format!("parameter `{name}` has no type"));
            }
            let elem = (bits as usize).div_ceil(8);
            let mut count = 1usize;
            while self.eat_punct('[') {
                let n = self.int()? as usize;
                self.expect_punct(']')?;
                count = count.saturating_mul(n);
            }
            if count.saturating_mul(elem) > MAX_VAR_BYTES {
                return self.err(format!("parameter `{name}` is too large"));
            }
            out.push(Param {
                name,
                size: elem * count,
                align: if align == 0 { elem } else { align },
                bits,
                is_reg: d == ".reg",
            });
            if self.eat_punct(')') {
                return Ok(out);
            }
            self.expect_punct(',')?;
        }
    }

    fn body(&mut self) -> Result<Vec<Stmt>, CpuError> {
        self.expect_punct('{')?;
        let mut out = Vec::new();
        let mut depth = 1;
        // The labels of each open block, innermost last.
        let mut labels: Vec<HashSet<String>> = vec![HashSet::new()];
        // The source position of the instructions that follow.
        let mut loc = None;
        loop {
            let Some(t) = self.peek().cloned() else {
                return self.err("unexpected end of input in a function body");
            };
            match t {
                Tok::Punct('{') => {
                    self.pos += 1;
                    depth += 1;
                    labels.push(HashSet::new());
                    out.push(Stmt::Open);
                }
                Tok::Punct('}') => {
                    self.pos += 1;
                    depth -= 1;
                    labels.pop();
                    if depth == 0 {
                        return Ok(out);
                    }
                    out.push(Stmt::Close);
                }
                Tok::Punct(';') => self.pos += 1,
                Tok::Punct('@') => out.push(Stmt::Inst(self.inst(loc)?)),
                Tok::Ident(w) => match w.as_str() {
                    ".reg" => out.push(self.reg_decl()?),
                    ".local" | ".shared" | ".param" | ".global" | ".const" => {
                        out.push(Stmt::Var(self.var_decl(false)?))
                    }
                    ".loc" => loc = self.loc_directive()?,
                    ".file" => self.skip_line(),
                    ".pragma" => self.skip_statement(),
                    w if self.peek_at(1) == Some(&Tok::Punct(':')) => {
                        let name = w.to_string();
                        let block = labels.last_mut().expect("a block is open");
                        if !block.insert(name.clone()) {
                            return self.err(format!(
                                "duplicate definition of label `{name}` in this block"
                            ));
                        }
                        self.pos += 2;
                        if self.peek() == Some(&Tok::Ident(".callprototype".into())) {
                            return Err(CpuError::Unsupported {
                                line: self.line(),
                                what: ".callprototype".into(),
                            });
                        }
                        out.push(Stmt::Label(name));
                    }
                    w if w.starts_with('.') => {
                        return Err(CpuError::Unsupported {
                            line: self.line(),
                            what: w.to_string(),
                        })
                    }
                    _ => out.push(Stmt::Inst(self.inst(loc)?)),
                },
                _ => return self.err(format!("expected a statement, found {}", self.describe())),
            }
        }
    }

    fn reg_decl(&mut self) -> Result<Stmt, CpuError> {
        let line = self.line();
        self.pos += 1; // .reg
        let mut bits = None;
        let mut names = Vec::new();
        loop {
            match self.next()? {
                Tok::Ident(w) if w.starts_with('.') => {
                    if w == ".v2" || w == ".v4" {
                        return Err(CpuError::Unsupported {
                            line: self.line(),
                            what: format!("vector register {w}"),
                        });
                    }
                    match type_info(&w) {
                        Some((b, _)) => bits = Some(b),
                        None => return self.err(format!("unknown register type `{w}`")),
                    }
                }
                Tok::Reg(name) | Tok::Ident(name) => {
                    let mut count = None;
                    if self.eat_punct('<') {
                        let n = self.int()?;
                        let Ok(n) = u32::try_from(n) else {
                            return self.err(format!("register count {n} is too large"));
                        };
                        count = Some(n);
                        self.expect_punct('>')?;
                    }
                    names.push((name, count));
                    if self.eat_punct(';') {
                        break;
                    }
                    self.expect_punct(',')?;
                }
                _ => {
                    self.pos -= 1;
                    return self.err(format!("bad register declaration at {}", self.describe()));
                }
            }
        }
        let Some(bits) = bits else {
            return self.err("register declaration without a type");
        };
        Ok(Stmt::Reg { bits, names, line })
    }

    /// `.file INDEX "NAME"` (a timestamp and size after it are skipped).
    fn file_directive(&mut self) -> Result<(u32, String), CpuError> {
        let line = self.line();
        self.pos += 1; // .file
        let index = self.int()?;
        let Some(Tok::Str(name)) = self.peek().cloned() else {
            return self.err(format!(
                "expected the file name of `.file`, found {}",
                self.describe()
            ));
        };
        self.pos += 1;
        if self.line() == line {
            self.skip_line();
        }
        let index = u32::try_from(index)
            .or_else(|_| self.err(format!("`.file` index {index} is too large")))?;
        Ok((index, name))
    }

    /// `.loc FILE LINE COLUMN` (anything after the line is skipped): the
    /// file index and line.
    fn loc_directive(&mut self) -> Result<Option<(u32, u32)>, CpuError> {
        let line = self.line();
        self.pos += 1; // .loc
        let file = self.int()?;
        let src_line = self.int()?;
        if self.line() == line {
            self.skip_line();
        }
        match (u32::try_from(file), u32::try_from(src_line)) {
            (Ok(f), Ok(l)) => Ok(Some((f, l))),
            _ => self.err("`.loc` file index or line is too large"),
        }
    }

    fn inst(&mut self, loc: Option<(u32, u32)>) -> Result<Inst, CpuError> {
        let mut guard = None;
        if self.eat_punct('@') {
            let neg = self.eat_punct('!');
            match self.next()? {
                Tok::Reg(r) => guard = Some((r, neg)),
                _ => {
                    self.pos -= 1;
                    return self.err(format!("expected a predicate, found {}", self.describe()));
                }
            }
        }
        let line = self.line();
        let opcode = self.ident()?;
        let mut operands = Vec::new();
        if !self.eat_punct(';') {
            loop {
                operands.push(self.operand()?);
                if self.eat_punct(';') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        Ok(Inst {
            guard,
            opcode,
            operands,
            line,
            loc,
        })
    }

    fn operand(&mut self) -> Result<Operand, CpuError> {
        let t = self.next()?;
        Ok(match t {
            Tok::Reg(r) => {
                if self.eat_punct('|') {
                    match self.next()? {
                        Tok::Reg(q) => Operand::Pair(r, q),
                        _ => return self.err("expected a register after `|`"),
                    }
                } else {
                    Operand::Reg(r, false)
                }
            }
            Tok::Punct('!') => match self.next()? {
                Tok::Reg(r) => Operand::Reg(r, true),
                _ => return self.err("expected a register after `!`"),
            },
            Tok::Punct('-') => match self.next()? {
                Tok::Int(v) => Operand::Imm(Imm::Int(v.wrapping_neg())),
                Tok::Float(v) => Operand::Imm(Imm::Float(-v)),
                _ => return self.err("expected a number after `-`"),
            },
            Tok::Int(v) => Operand::Imm(Imm::Int(v)),
            Tok::F32(v) => Operand::Imm(Imm::F32(v)),
            Tok::F64(v) => Operand::Imm(Imm::F64(v)),
            Tok::Float(v) => Operand::Imm(Imm::Float(v)),
            Tok::Ident(name) if name == "_" => Operand::Sink,
            Tok::Ident(name) => {
                let off = self.offset()?;
                Operand::Sym(name, off)
            }
            Tok::Punct('[') => {
                let base = match self.peek().cloned() {
                    Some(Tok::Reg(r)) => {
                        self.pos += 1;
                        Some(Box::new(Operand::Reg(r, false)))
                    }
                    Some(Tok::Ident(s)) => {
                        self.pos += 1;
                        Some(Box::new(Operand::Sym(s, 0)))
                    }
                    _ => None,
                };
                let off = if base.is_none() {
                    let neg = self.eat_punct('-');
                    let v = self.int()? as i64;
                    if neg {
                        v.wrapping_neg()
                    } else {
                        v
                    }
                } else {
                    self.offset()?
                };
                self.expect_punct(']')?;
                Operand::Addr(base, off)
            }
            Tok::Punct('{') => {
                let mut items = Vec::new();
                loop {
                    items.push(self.operand()?);
                    if self.eat_punct('}') {
                        break;
                    }
                    self.expect_punct(',')?;
                }
                Operand::Vec(items)
            }
            Tok::Punct('(') => {
                let mut items = Vec::new();
                if !self.eat_punct(')') {
                    loop {
                        match self.next()? {
                            Tok::Ident(s) | Tok::Reg(s) => items.push(s),
                            _ => return self.err("expected a name in a call list"),
                        }
                        if self.eat_punct(')') {
                            break;
                        }
                        self.expect_punct(',')?;
                    }
                }
                Operand::List(items)
            }
            _ => {
                self.pos -= 1;
                return self.err(format!("expected an operand, found {}", self.describe()));
            }
        })
    }

    /// An optional `+N`, `+-N` or `-N`.
    fn offset(&mut self) -> Result<i64, CpuError> {
        if self.eat_punct('+') {
            let neg = self.eat_punct('-');
            let v = self.int()? as i64;
            return Ok(if neg { v.wrapping_neg() } else { v });
        }
        if self.is_punct('-') && matches!(self.peek_at(1), Some(Tok::Int(_))) {
            self.pos += 1;
            return Ok((self.int()? as i64).wrapping_neg());
        }
        Ok(0)
    }
}

/// The raw bits of an immediate used as a value of `bits` width
/// (float-typed when `float`).
pub fn imm_bits(imm: Imm, bits: u32, float: bool) -> u64 {
    let v = match (imm, float, bits) {
        (Imm::F32(b), true, 64) => (f32::from_bits(b) as f64).to_bits(),
        (Imm::F64(b), true, 32) => (f64::from_bits(b) as f32).to_bits() as u64,
        (Imm::F32(b), _, _) => b as u64,
        (Imm::F64(b), _, _) => b,
        (Imm::Float(v), true, 32) => (v as f32).to_bits() as u64,
        (Imm::Float(v), true, 16) => crate::cpu::exec::float::f64_to_f16(v) as u64,
        (Imm::Float(v), _, _) => v.to_bits(),
        (Imm::Int(v), true, 32) => (v as i64 as f32).to_bits() as u64,
        (Imm::Int(v), true, 64) => (v as i64 as f64).to_bits(),
        (Imm::Int(v), _, _) => v,
    };
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"
.version 7.0
.target sm_80
.address_size 64
.global .align 1 .b8 msg[3] = {104, 105, 0};
.extern .func (.param .b32 func_retval0) vprintf(.param .b64 a, .param .b64 b);
.visible .entry k(
    .param .u64 k_param_0,
    .param .align 4 .b8 k_param_1[12]
)
.maxntid 128, 1, 1
{
    .reg .b32 %r<3>;
    .reg .pred %p<2>;
    .shared .align 4 .b8 tile[64];
$L__BB0:
    mov.u32 %r0, %tid.x;
    @!%p0 bra $L__BB0;
    ld.global.nc.f32 %r1, [%rd1+-4];
    shfl.sync.down.b32 %r1|%p1, %r0, 1, 31, -1;
    {
    .param .b64 p0;
    call.uni (r), f, (p0);
    }
    ret;
}
"#;

    #[test]
    fn required_block_shapes_are_exact() {
        let m = parse(".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n.reqntid 32, 2\n{\nret;\n}\n").unwrap();
        let k = m.functions[0].block_limit;
        assert_eq!(k, BlockLimit::Required([32, 2, 1]));
        assert_eq!(k.check([32, 2, 1]), Ok(()));
        assert!(k.check([64, 1, 1]).is_err());
        assert!(parse(".visible .entry k()\n.maxntid 0\n{\nret;\n}\n").is_err());
    }

    #[test]
    fn oversized_register_counts_and_initializers_are_errors() {
        // A count past u32 was truncated (2^32 registers became none).
        let e = parse(".visible .entry k()\n{\n.reg .b32 %x<4294967296>;\nret;\n}\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "PTX parse error at line 3: register count 4294967296 is too large"
        );
        // Extra initial values were dropped without a word.
        let e = parse(".global .u32 g[2] = {1, 2, 3};\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "PTX parse error at line 1: `g` has 2 elements and 3 initial values"
        );
        assert!(parse(".global .u32 g[] = {1, 2, 3};\n").is_ok());
    }

    #[test]
    fn parses_a_module() {
        let m = parse(SMALL).unwrap();
        assert_eq!(m.vars.len(), 1);
        assert_eq!(m.vars[0].init.as_deref(), Some(&[104, 105, 0][..]));
        assert_eq!(m.functions.len(), 2);
        let k = &m.functions[1];
        assert!(k.is_entry);
        assert_eq!(k.params[1].size, 12);
        assert_eq!(k.params[1].align, 4);
        assert_eq!(k.block_limit, BlockLimit::Max([128, 1, 1]));
        assert_eq!(k.block_limit.check([128, 1, 1]), Ok(()));
        assert!(k.block_limit.check([16, 16, 1]).is_err());
        assert_eq!(m.functions[0].block_limit, BlockLimit::None);
        let body = k.body.as_ref().unwrap();
        let insts: Vec<&Inst> = body
            .iter()
            .filter_map(|s| match s {
                Stmt::Inst(i) => Some(i),
                _ => None,
            })
            .collect();
        assert_eq!(insts[1].guard, Some(("%p0".into(), true)));
        assert_eq!(
            insts[2].operands[1],
            Operand::Addr(Some(Box::new(Operand::Reg("%rd1".into(), false))), -4)
        );
        assert_eq!(
            insts[3].operands[0],
            Operand::Pair("%r1".into(), "%p1".into())
        );
        assert_eq!(insts[3].operands[4], Operand::Imm(Imm::Int(u64::MAX)));
        assert_eq!(insts[4].operands[0], Operand::List(vec!["r".into()]));
        assert_eq!(insts[4].line, 23);
    }

    /// A kernel `k` with `body` between its braces.
    fn kernel(body: &str) -> String {
        format!(".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{{\n{body}\nret;\n}}\n")
    }

    #[test]
    fn labels_are_block_scoped_and_defined_once_per_block() {
        // ptxas: "Duplicate definition of label 'A'", at the second one.
        let e = parse(&kernel("A:\nbra A;\nA:")).unwrap_err();
        assert!(
            matches!(&e, CpuError::Parse { line: 8, message } if message.contains("duplicate definition of label `A`")),
            "{e}"
        );
        // The same name in sibling or nested blocks is fine, as in ptxas.
        parse(&kernel("{\nA:\n}\n{\nA:\n}")).unwrap();
        parse(&kernel("A:\n{\nA:\nbra A;\n}")).unwrap();
    }

    #[test]
    fn functions_are_defined_once() {
        let two = format!("{}.visible .entry k()\n{{\nret;\n}}\n", kernel(""));
        let e = parse(&two).unwrap_err();
        assert!(
            matches!(&e, CpuError::Parse { line: 9, message } if message.contains("duplicate definition of .entry `k` (first at line 4)")),
            "{e}"
        );
        let mixed = format!("{}.func k()\n{{\nret;\n}}\n", kernel(""));
        let e = parse(&mixed).unwrap_err();
        assert!(
            e.to_string()
                .contains("`k` is a .func here but a .entry at line 4"),
            "{e}"
        );
        // A declaration, then the definition: fine.
        let declared = format!(
            ".func f();\n.func f()\n{{\nret;\n}}\n{}",
            kernel("call f, ();")
        );
        parse(&declared).unwrap();
    }

    #[test]
    fn errors_carry_lines() {
        let e = parse(".version 7.0\n.entry k()\n{\n add.s32 %r1 %r2;\n}").unwrap_err();
        assert!(matches!(e, CpuError::Parse { line: 4, .. }), "{e}");
        let e = parse(".entry k()\n{\n ret;\n").unwrap_err();
        assert!(matches!(e, CpuError::Parse { .. }));
        let e = parse(".tex .u64 t;").unwrap_err();
        assert!(matches!(e, CpuError::Unsupported { line: 1, .. }));
    }
}
