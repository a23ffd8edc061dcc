//! The parsed (not yet decoded) form of a PTX module: declarations,
//! functions and instructions with their opcode text and operands.

/// A state space of a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VarSpace {
    /// `.global`
    Global,
    /// `.const`
    Const,
    /// `.shared`
    Shared,
    /// `.local`
    Local,
    /// `.param`
    Param,
}

/// A variable declaration (module or function scope).
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    /// Its state space.
    pub space: VarSpace,
    /// Its name.
    pub name: String,
    /// `.align` (or the element size).
    pub align: usize,
    /// Element size in bytes.
    pub elem_size: usize,
    /// Element type is a float (`.f32`, `.f64`, `.f16`).
    pub elem_float: bool,
    /// Element count (product of the dimensions); `None` for `[]`.
    pub count: Option<usize>,
    /// Initial values, one per element (raw bits).
    pub init: Option<Vec<u64>>,
    /// `.extern`
    pub is_extern: bool,
    /// 1-based line.
    pub line: u32,
}

impl VarDecl {
    /// Size in bytes (0 for an unsized extern array).
    pub fn size(&self) -> usize {
        self.elem_size * self.count.unwrap_or(0)
    }
}

/// An immediate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Imm {
    /// Integer (two's complement bits).
    Int(u64),
    /// `0f` bits.
    F32(u32),
    /// `0d` bits.
    F64(u64),
    /// Decimal float.
    Float(f64),
}

/// One instruction operand.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// A register, possibly negated (`!%p`).
    Reg(String, bool),
    /// An immediate.
    Imm(Imm),
    /// A symbol (variable, label, function), with a byte offset.
    Sym(String, i64),
    /// A memory address `[base+off]`; base is a register, a symbol or none.
    Addr(Option<Box<Operand>>, i64),
    /// A vector `{a, b, ...}`.
    Vec(Vec<Operand>),
    /// `%d|%p` (two destinations).
    Pair(String, String),
    /// A parenthesised list (call arguments / results).
    List(Vec<String>),
    /// `_`, the sink.
    Sink,
}

/// One instruction as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    /// `@%p` / `@!%p`: register name and negation.
    pub guard: Option<(String, bool)>,
    /// The opcode with its modifiers (`ld.global.f32`).
    pub opcode: String,
    /// The operands.
    pub operands: Vec<Operand>,
    /// 1-based line.
    pub line: u32,
    /// The source position the last `.loc` before it gave: file index and
    /// line.
    pub loc: Option<(u32, u32)>,
}

/// A statement of a function body.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `.reg .type names;` – each name with its `<N>` count if any.
    Reg {
        /// Width in bits (1 for `.pred`).
        bits: u32,
        /// Names and optional counts.
        names: Vec<(String, Option<u32>)>,
        /// Source line.
        line: u32,
    },
    /// A variable declaration.
    Var(VarDecl),
    /// A label.
    Label(String),
    /// An instruction.
    Inst(Inst),
    /// `{`
    Open,
    /// `}`
    Close,
}

/// A function parameter or return value.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its name.
    pub name: String,
    /// Size in bytes.
    pub size: usize,
    /// Alignment in bytes.
    pub align: usize,
    /// Element type width in bits.
    pub bits: u32,
    /// Declared `.reg` (a `.func`'s register parameter, named without
    /// brackets in the body) rather than `.param`.
    pub is_reg: bool,
}

/// A `.entry` or `.func`.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// Its name.
    pub name: String,
    /// `.entry` (a kernel) rather than `.func`.
    pub is_entry: bool,
    /// Return parameters (`.func` only).
    pub rets: Vec<Param>,
    /// Parameters.
    pub params: Vec<Param>,
    /// The body, `None` for a prototype or `.extern`.
    pub body: Option<Vec<Stmt>>,
    /// 1-based line of the name.
    pub line: u32,
    /// The block sizes a launch of it may have (`.maxntid`, `.reqntid`).
    pub block_limit: BlockLimit,
}

/// The block sizes a kernel may be launched with, from its PTX.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BlockLimit {
    /// Any the device allows.
    #[default]
    None,
    /// `.maxntid x, y, z`: at most `x * y * z` threads.
    Max([u32; 3]),
    /// `.reqntid x, y, z`: exactly this block shape.
    Required([u32; 3]),
}

impl BlockLimit {
    /// The most threads a block may have, if limited.
    pub fn max_threads(self) -> Option<u64> {
        match self {
            BlockLimit::None => None,
            BlockLimit::Max(d) | BlockLimit::Required(d) => {
                Some(d.iter().map(|&x| u64::from(x)).product())
            }
        }
    }

    /// Why a block of shape `block` may not launch, if it may not (the
    /// driver's `CUDA_ERROR_INVALID_VALUE`).
    pub fn check(self, block: [u32; 3]) -> Result<(), String> {
        let threads: u64 = block.iter().map(|&x| u64::from(x)).product();
        match self {
            BlockLimit::None => Ok(()),
            BlockLimit::Max(d) => {
                let max: u64 = d.iter().map(|&x| u64::from(x)).product();
                if threads > max {
                    Err(format!(
                        "a block of {threads} threads is more than the kernel's launch bound \
                         (.maxntid {}, {}, {}: {max} threads)",
                        d[0], d[1], d[2]
                    ))
                } else {
                    Ok(())
                }
            }
            BlockLimit::Required(d) if d != block => Err(format!(
                "the kernel requires blocks of {}x{}x{} threads (.reqntid), not {}x{}x{}",
                d[0], d[1], d[2], block[0], block[1], block[2]
            )),
            BlockLimit::Required(_) => Ok(()),
        }
    }
}

/// A parsed module.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    /// Module-scope variables.
    pub vars: Vec<VarDecl>,
    /// Functions and kernels in text order.
    pub functions: Vec<Function>,
    /// Source files named by `.file` directives: index and name.
    pub files: Vec<(u32, String)>,
}
