//! The grammar of the text form: reads module items and function bodies
//! into pending records ([`PendingModule`]); the builder then creates the
//! entities with their exact numbers.

use super::cursor::{entity_number, error_at, Cursor, Pos};
use super::ParseError;
use crate::ir::builder::f64_to_f16_bits;
use crate::ir::entities::{Block, FuncRef, StringId, Value};
use crate::ir::formats::InstFormat;
use crate::ir::function::{ConstDecl, FuncKind, Function, MemDecl, Module, Signature};
use crate::ir::instructions::*;
use crate::ir::types::Type;
use cranelift_entity::EntityRef;

/// A module read but not yet built.
pub(super) struct PendingModule {
    /// Constant arrays and strings, complete; no functions yet.
    pub module: Module,
    pub funcs: Vec<PendingFunc>,
}

/// A function read but not yet built: header, declarations and value lists
/// are in `func`; blocks and instructions wait in `blocks`.
pub(super) struct PendingFunc {
    pub func: Function,
    pub blocks: Vec<PendingBlock>,
    /// Highest value and block numbers seen (defined or used).
    pub max_value: Option<u32>,
    pub max_block: Option<u32>,
}

pub(super) struct PendingBlock {
    pub pos: Pos,
    pub num: u32,
    pub params: Vec<(u32, Type, Pos)>,
    pub insts: Vec<PendingInst>,
}

pub(super) struct PendingInst {
    pub pos: Pos,
    pub data: InstructionData,
    pub results: Vec<u32>,
    pub types: ResultTypes,
}

/// Where an instruction's result types come from.
pub(super) enum ResultTypes {
    /// Written in the text.
    Given(Vec<Type>),
    /// The callee's signature.
    Callee(FuncRef),
}

/// Reads every item of the text.
pub(super) fn parse_items(c: &mut Cursor) -> Result<PendingModule, ParseError> {
    let mut module = Module::new();
    let mut funcs = Vec::new();
    while !c.at_end() {
        let p = c.pos();
        let w = c.expect_word("`const`, `str`, `kernel` or `device`")?;
        match w {
            "kernel" | "device" => funcs.push(FuncParser::parse(c, w, funcs.len())?),
            _ if entity_number(w, "const") == Some(module.consts.len() as u32) => {
                let decl = parse_const(c)?;
                module.consts.push(decl);
            }
            _ if entity_number(w, "str") == Some(module.strings.len() as u32) => {
                c.expect('=')?;
                let s = c.string()?;
                module.strings.push(s);
            }
            _ => {
                return Err(error_at(
                    p,
                    format!("unexpected `{w}` (items are numbered in order)"),
                ))
            }
        }
    }
    Ok(PendingModule { module, funcs })
}

fn parse_const(c: &mut Cursor) -> Result<ConstDecl, ParseError> {
    c.expect('=')?;
    let name = c.string()?;
    let (elem, count) = parse_array(c)?;
    let mut data = Vec::new();
    if c.eat_str("data") {
        let p = c.pos();
        let t = c.number_token();
        data = parse_hex_bytes(t).ok_or_else(|| error_at(p, "expected `0x` and hex bytes"))?;
    }
    Ok(ConstDecl {
        name,
        elem,
        count,
        data,
    })
}

fn parse_hex_bytes(t: &str) -> Option<Vec<u8>> {
    let hex = t.strip_prefix("0x")?;
    if hex.is_empty() || hex.len() % 2 != 0 {
        return None;
    }
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect()
}

fn parse_type(c: &mut Cursor) -> Result<Type, ParseError> {
    let p = c.pos();
    let w = c.expect_word("a type")?;
    Type::parse(w).ok_or_else(|| error_at(p, format!("unknown type `{w}`")))
}

/// `TYPE [ COUNT ]`.
fn parse_array(c: &mut Cursor) -> Result<(Type, u64), ParseError> {
    let elem = parse_type(c)?;
    c.expect('[')?;
    let count = c.int_in(0, u64::MAX as i128, "array length")? as u64;
    c.expect(']')?;
    Ok((elem, count))
}

/// `TYPE, TYPE, ...` up to (not including) `close`, or to the end of the
/// list when `close` is `None`.
fn parse_types(c: &mut Cursor, close: Option<char>) -> Result<Vec<Type>, ParseError> {
    let mut out = Vec::new();
    if close.is_some() && c.peek() == close {
        return Ok(out);
    }
    loop {
        out.push(parse_type(c)?);
        if !c.eat(',') {
            return Ok(out);
        }
    }
}

/// Reads one function.
struct FuncParser<'c, 'a> {
    c: &'c mut Cursor<'a>,
    func: Function,
    blocks: Vec<PendingBlock>,
    max_value: Option<u32>,
    max_block: Option<u32>,
}

impl<'c, 'a> FuncParser<'c, 'a> {
    fn parse(c: &'c mut Cursor<'a>, kind: &str, index: usize) -> Result<PendingFunc, ParseError> {
        let p = c.pos();
        if c.entity("fn")? as usize != index {
            return Err(error_at(
                p,
                format!("expected `fn{index}` (functions are numbered in order)"),
            ));
        }
        let name = c.string()?;
        c.expect('(')?;
        let params = parse_types(c, Some(')'))?;
        c.expect(')')?;
        let returns = if c.eat_str("->") {
            parse_types(c, None)?
        } else {
            Vec::new()
        };
        let kind = if kind == "kernel" {
            FuncKind::Kernel
        } else {
            FuncKind::Device
        };
        let mut func = Function::new(name, kind, Signature { params, returns });
        func.fastmath = c.eat_str("fastmath");
        func.cooperative = c.eat_str("cooperative");
        if c.eat_str("library") {
            func.library = crate::ir::library::parse_function_name(&func.name);
            if func.library.is_none() {
                return Err(error_at(
                    p,
                    format!("`{}` is not a math-library function", func.name),
                ));
            }
        }
        if c.eat_str("extern") {
            func.external = match c.word() {
                Some("numba") => Some(crate::ir::ExternAbi::Numba),
                Some("c") => Some(crate::ir::ExternAbi::C),
                _ => {
                    return Err(error_at(
                        p,
                        "`extern` is followed by its ABI, `numba` or `c`".to_string(),
                    ))
                }
            };
        }
        c.expect('{')?;
        let mut fp = FuncParser {
            c,
            func,
            blocks: Vec::new(),
            max_value: None,
            max_block: None,
        };
        fp.parse_decls()?;
        fp.parse_body()?;
        Ok(PendingFunc {
            func: fp.func,
            blocks: fp.blocks,
            max_value: fp.max_value,
            max_block: fp.max_block,
        })
    }

    fn parse_decls(&mut self) -> Result<(), ParseError> {
        loop {
            let mut look = self.c.clone();
            let p = look.pos();
            let Some(w) = look.word() else { return Ok(()) };
            let is_shared = w.starts_with("shared");
            if !is_shared && !w.starts_with("local") {
                return Ok(());
            }
            *self.c = look;
            let (prefix, expected) = if is_shared {
                ("shared", self.func.shared.len())
            } else {
                ("local", self.func.locals.len())
            };
            if entity_number(w, prefix) != Some(expected as u32) {
                return Err(error_at(
                    p,
                    format!("expected `{prefix}{expected}` (declared in order)"),
                ));
            }
            self.c.expect('=')?;
            let (elem, count) = parse_array(self.c)?;
            let decl = MemDecl { elem, count };
            if is_shared {
                self.func.shared.push(decl);
            } else {
                self.func.locals.push(decl);
            }
        }
    }

    fn parse_body(&mut self) -> Result<(), ParseError> {
        loop {
            if self.c.eat('}') {
                return Ok(());
            }
            if self.c.at_end() {
                return self.c.error("expected `}` at the end of the function");
            }
            let mut look = self.c.clone();
            let p = look.pos();
            let w = look.word().unwrap_or("");
            if let Some(n) = entity_number(w, "block") {
                *self.c = look;
                self.parse_block_header(p, n)?;
            } else if self.blocks.is_empty() {
                return Err(error_at(p, "expected a block header"));
            } else {
                let inst = self.parse_inst()?;
                self.blocks
                    .last_mut()
                    .expect("a block is open")
                    .insts
                    .push(inst);
            }
        }
    }

    fn note_value(&mut self, n: u32) -> Value {
        self.max_value = self.max_value.max(Some(n));
        Value::new(n as usize)
    }

    fn note_block(&mut self, n: u32) -> Block {
        self.max_block = self.max_block.max(Some(n));
        Block::new(n as usize)
    }

    fn parse_block_header(&mut self, pos: Pos, num: u32) -> Result<(), ParseError> {
        self.note_block(num);
        let mut params = Vec::new();
        if self.c.eat('(') {
            loop {
                let p = self.c.pos();
                let v = self.c.entity("v")?;
                self.note_value(v);
                self.c.expect(':')?;
                params.push((v, parse_type(self.c)?, p));
                if !self.c.eat(',') {
                    break;
                }
            }
            self.c.expect(')')?;
        }
        self.c.expect(':')?;
        self.blocks.push(PendingBlock {
            pos,
            num,
            params,
            insts: Vec::new(),
        });
        Ok(())
    }

    /// `v1, v2 =` or `v1: T, v2: T =` (or nothing).
    fn parse_results(&mut self) -> Result<(Vec<u32>, Vec<Type>), ParseError> {
        let mut look = self.c.clone();
        if look.word().and_then(|w| entity_number(w, "v")).is_none() {
            return Ok((Vec::new(), Vec::new()));
        }
        let (mut nums, mut types) = (Vec::new(), Vec::new());
        loop {
            let v = self.c.entity("v")?;
            nums.push(self.note_value(v).as_u32());
            if self.c.eat(':') {
                types.push(parse_type(self.c)?);
            }
            if !self.c.eat(',') {
                break;
            }
        }
        self.c.expect('=')?;
        if !types.is_empty() && types.len() != nums.len() {
            return self.c.error("either every result has a type or none has");
        }
        Ok((nums, types))
    }

    fn parse_inst(&mut self) -> Result<PendingInst, ParseError> {
        let pos = self.c.pos();
        let (results, mut types) = self.parse_results()?;
        let p = self.c.pos();
        let word = self.c.expect_word("an opcode")?;
        let (name, ty) = match word.split_once('.') {
            Some((name, t)) => {
                let ty =
                    Type::parse(t).ok_or_else(|| error_at(p, format!("unknown type `{t}`")))?;
                (name, Some(ty))
            }
            None => (word, None),
        };
        let opcode = Opcode::from_name(name)
            .ok_or_else(|| error_at(p, format!("unknown opcode `{name}`")))?;
        if let Some(t) = ty {
            if results.len() != 1 || !types.is_empty() {
                return Err(error_at(
                    p,
                    "a type suffix needs exactly one untyped result",
                ));
            }
            types.push(t);
        }
        let data = self.parse_operands(opcode, ty)?;
        let types = match (&data, results.len(), types.is_empty()) {
            (_, 0, _) | (_, _, false) => ResultTypes::Given(types),
            (InstructionData::Call { func, .. }, n, true) if n > 1 => ResultTypes::Callee(*func),
            _ => return Err(error_at(p, "the results need types")),
        };
        Ok(PendingInst {
            pos,
            data,
            results,
            types,
        })
    }

    fn value(&mut self) -> Result<Value, ParseError> {
        let n = self.c.entity("v")?;
        Ok(self.note_value(n))
    }

    fn values<const N: usize>(&mut self) -> Result<[Value; N], ParseError> {
        let mut out = [Value::new(0); N];
        for (k, slot) in out.iter_mut().enumerate() {
            if k > 0 {
                self.c.expect(',')?;
            }
            *slot = self.value()?;
        }
        Ok(out)
    }

    /// `( v, v, ... )` as a value list.
    fn paren_values(&mut self) -> Result<ValueList, ParseError> {
        self.c.expect('(')?;
        let mut vs = Vec::new();
        if !self.c.eat(')') {
            loop {
                vs.push(self.value()?);
                if !self.c.eat(',') {
                    break;
                }
            }
            self.c.expect(')')?;
        }
        Ok(self.func.dfg.value_list(&vs))
    }

    /// Values of a `return`: stops before a following instruction's results.
    fn return_values(&mut self) -> Result<ValueList, ParseError> {
        // Look ahead: `v1, v2` followed by `=` or `:` are the results of
        // the next instruction, not returned values.
        let mut look = self.c.clone();
        let mut any = false;
        while look.word().and_then(|w| entity_number(w, "v")).is_some() {
            any = true;
            if !look.eat(',') {
                break;
            }
        }
        if !any || matches!(look.peek(), Some('=' | ':')) {
            return Ok(ValueList::new());
        }
        let mut vs = vec![self.value()?];
        while self.c.eat(',') {
            vs.push(self.value()?);
        }
        Ok(self.func.dfg.value_list(&vs))
    }

    fn named<T>(
        &mut self,
        what: &str,
        lookup: impl Fn(&str) -> Option<T>,
    ) -> Result<T, ParseError> {
        let p = self.c.pos();
        let w = self.c.expect_word(what)?;
        lookup(w).ok_or_else(|| error_at(p, format!("unknown {what} `{w}`")))
    }

    fn address(&mut self) -> Result<(Value, i32), ParseError> {
        let addr = self.value()?;
        let offset = match self.c.peek() {
            Some('+') => {
                self.c.eat('+');
                self.c.int_in(0, i32::MAX as i128, "offset")?
            }
            Some('-') => self.c.int_in(i32::MIN as i128, -1, "offset")?,
            _ => 0,
        };
        Ok((addr, offset as i32))
    }

    fn block_call(&mut self) -> Result<BlockCall, ParseError> {
        let n = self.c.entity("block")?;
        let block = self.note_block(n);
        let args = if self.c.peek() == Some('(') {
            self.paren_values()?
        } else {
            ValueList::new()
        };
        Ok(BlockCall { block, args })
    }

    fn parse_operands(
        &mut self,
        opcode: Opcode,
        ty: Option<Type>,
    ) -> Result<InstructionData, ParseError> {
        use InstructionData as D;
        Ok(match InstFormat::of(opcode) {
            InstFormat::Nullary => D::Nullary { opcode },
            InstFormat::UnaryImm => {
                let imm = self
                    .c
                    .int_in(i64::MIN as i128, i64::MAX as i128, "immediate")?
                    as i64;
                D::UnaryImm { opcode, imm }
            }
            InstFormat::UnaryIeee => D::UnaryIeee {
                opcode,
                bits: self.float_bits(ty)?,
            },
            InstFormat::Unary => D::Unary {
                opcode,
                arg: self.value()?,
            },
            InstFormat::Binary => D::Binary {
                opcode,
                args: self.values()?,
            },
            InstFormat::Ternary => D::Ternary {
                opcode,
                args: self.values()?,
            },
            InstFormat::IntCompare => D::IntCompare {
                opcode,
                cond: self.named("integer condition", IntCC::from_name)?,
                args: self.values()?,
            },
            InstFormat::FloatCompare => D::FloatCompare {
                opcode,
                cond: self.named("float condition", FloatCC::from_name)?,
                args: self.values()?,
            },
            InstFormat::Load => {
                let (addr, offset) = self.address()?;
                D::Load {
                    opcode,
                    addr,
                    offset,
                }
            }
            InstFormat::Store => {
                let (addr, offset) = self.address()?;
                self.c.expect(',')?;
                let value = self.value()?;
                D::Store {
                    opcode,
                    args: [addr, value],
                    offset,
                }
            }
            InstFormat::AtomicRmw => D::AtomicRmw {
                opcode,
                op: self.named("atomic operation", AtomicRmwOp::from_name)?,
                args: self.values()?,
            },
            InstFormat::AtomicCas => D::AtomicCas {
                opcode,
                args: self.values()?,
            },
            InstFormat::AddrOf => D::AddrOf {
                opcode,
                index: self.c.entity(addr_prefix(opcode))?,
            },
            InstFormat::Special => D::Special {
                opcode,
                reg: self.named("special register", SpecialReg::from_name)?,
            },
            InstFormat::Shuffle => D::Shuffle {
                opcode,
                mode: self.named("shuffle mode", ShuffleMode::from_name)?,
                args: self.values()?,
            },
            InstFormat::Vote => D::Vote {
                opcode,
                mode: self.named("vote mode", VoteMode::from_name)?,
                args: self.values()?,
            },
            InstFormat::Call => D::Call {
                opcode,
                func: FuncRef::new(self.c.entity("fn")? as usize),
                args: self.paren_values()?,
            },
            InstFormat::Print => D::Print {
                opcode,
                format: StringId::new(self.c.entity("str")? as usize),
                args: self.paren_values()?,
            },
            InstFormat::Jump => D::Jump {
                opcode,
                dest: self.block_call()?,
            },
            InstFormat::Brif => {
                let cond = self.value()?;
                self.c.expect(',')?;
                let then = self.block_call()?;
                self.c.expect(',')?;
                let other = self.block_call()?;
                D::Brif {
                    opcode,
                    cond,
                    blocks: [then, other],
                }
            }
            InstFormat::Return => D::Return {
                opcode,
                args: self.return_values()?,
            },
        })
    }

    fn float_bits(&mut self, ty: Option<Type>) -> Result<u64, ParseError> {
        let p = self.c.pos();
        let Some(ty) = ty.filter(|t| t.is_float()) else {
            return Err(error_at(p, "`fconst` needs a float result type"));
        };
        let t = self.c.number_token();
        parse_ieee(ty, t).ok_or_else(|| error_at(p, format!("bad {ty} constant `{t}`")))
    }
}

fn addr_prefix(opcode: Opcode) -> &'static str {
    match opcode {
        Opcode::LocalAddr => "local",
        Opcode::ConstAddr => "const",
        Opcode::StrAddr => "str",
        _ => "shared",
    }
}

/// The IEEE bits of a float literal of type `ty` (see the grammar in
/// [`crate::ir::write`]).
pub(super) fn parse_ieee(ty: Type, t: &str) -> Option<u64> {
    let canonical_nan = match ty {
        Type::F16 => 0x7e00u64,
        Type::F32 => 0x7fc0_0000,
        _ => 0x7ff8_0000_0000_0000,
    };
    if t == "nan" {
        return Some(canonical_nan);
    }
    if let Some(hex) = t.strip_prefix("nan:0x") {
        let bits = u64::from_str_radix(hex, 16).ok()?;
        let is_nan = match ty {
            Type::F16 => bits >> 16 == 0 && bits & 0x7c00 == 0x7c00 && bits & 0x3ff != 0,
            Type::F32 => bits >> 32 == 0 && f32::from_bits(bits as u32).is_nan(),
            _ => f64::from_bits(bits).is_nan(),
        };
        return is_nan.then_some(bits);
    }
    let value: f64 = match t {
        "inf" => f64::INFINITY,
        "-inf" => f64::NEG_INFINITY,
        _ if t
            .trim_start_matches('-')
            .starts_with(|c: char| c.is_ascii_digit()) =>
        {
            if ty == Type::F32 {
                return Some(t.parse::<f32>().ok()?.to_bits() as u64);
            }
            t.parse().ok()?
        }
        _ => return None,
    };
    Some(match ty {
        Type::F16 => f64_to_f16_bits(value) as u64,
        Type::F32 => (value as f32).to_bits() as u64,
        _ => value.to_bits(),
    })
}
