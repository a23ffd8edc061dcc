//! The abstract syntax tree of a kernel source file.
//!
//! It mirrors the part of Python's `ast` module that kernels can use, plus a
//! few nodes (lists, slices, strings) that exist so the checker can reject
//! them with a precise message. Every node carries its [`Span`]; every
//! expression also has an [`ExprId`], a dense index assigned by the parser,
//! so later stages can keep side tables (resolutions, types) in plain
//! vectors. Name resolution and typing do not modify the tree.

use super::interner::{Interner, Symbol};
use crate::span::Span;

/// A parsed source file.
#[derive(Clone, Debug)]
pub struct Module {
    /// Top-level statements, in order.
    pub body: Vec<Stmt>,
    /// The identifiers used in the module.
    pub interner: Interner,
    /// Number of [`ExprId`]s handed out (ids are `0..expr_count`).
    pub expr_count: u32,
}

/// Dense index of an expression node within its module.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ExprId(pub u32);

/// An identifier with its span.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ident {
    /// The name.
    pub name: Symbol,
    /// Where it is written.
    pub span: Span,
}

/// A dotted module path such as `numba.cuda`.
#[derive(Clone, PartialEq, Debug)]
pub struct DottedName {
    /// The parts, left to right.
    pub parts: Vec<Ident>,
    /// The whole path.
    pub span: Span,
}

/// One name of an `import` or `from ... import` statement.
#[derive(Clone, PartialEq, Debug)]
pub struct ImportAlias {
    /// What is imported (one part for `from x import name`).
    pub name: DottedName,
    /// The `as` name, if any.
    pub asname: Option<Ident>,
    /// The whole `name as asname`.
    pub span: Span,
}

/// A statement.
#[derive(Clone, PartialEq, Debug)]
pub struct Stmt {
    /// What it is.
    pub kind: StmtKind,
    /// The whole statement (for compound statements, header and body).
    pub span: Span,
}

/// The kinds of statement.
#[derive(Clone, PartialEq, Debug)]
pub enum StmtKind {
    /// An expression evaluated for its effect (a call, a docstring).
    Expr(Expr),
    /// `t1 = t2 = value`: one or more targets (names, subscripts, tuples).
    Assign {
        /// The targets, left to right.
        targets: Vec<Expr>,
        /// The value.
        value: Expr,
    },
    /// `target op= value`.
    AugAssign {
        /// A name or subscript.
        target: Expr,
        /// The operator (`+` for `+=`).
        op: BinOp,
        /// The right-hand side.
        value: Expr,
    },
    /// `target: annotation [= value]`.
    AnnAssign {
        /// The target.
        target: Expr,
        /// The annotation expression.
        annotation: Expr,
        /// The value, if any.
        value: Option<Expr>,
    },
    /// `if test: body else: orelse`; `elif` is an `If` alone in `orelse`.
    If {
        /// The condition.
        test: Expr,
        /// The statements run when it holds.
        body: Vec<Stmt>,
        /// The `else` (or `elif`) branch; empty when absent.
        orelse: Vec<Stmt>,
    },
    /// `while test: body else: orelse`.
    While {
        /// The condition.
        test: Expr,
        /// The loop body.
        body: Vec<Stmt>,
        /// The `else` clause; empty when absent.
        orelse: Vec<Stmt>,
    },
    /// `for target in iter: body else: orelse`.
    For {
        /// The loop variable(s).
        target: Expr,
        /// What is iterated (`range(...)` in kernels).
        iter: Expr,
        /// The loop body.
        body: Vec<Stmt>,
        /// The `else` clause; empty when absent.
        orelse: Vec<Stmt>,
    },
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `pass`.
    Pass,
    /// `return [value]`.
    Return(Option<Expr>),
    /// A function definition.
    FunctionDef(Box<FunctionDef>),
    /// `import a.b as c, d`.
    Import(Vec<ImportAlias>),
    /// `from module import names`.
    ImportFrom {
        /// The module (`numba.cuda`); absent for `from . import x`.
        module: Option<DottedName>,
        /// The imported names; empty for `import *` (reported by the parser).
        names: Vec<ImportAlias>,
        /// Number of leading dots (relative import).
        level: u32,
    },
    /// `assert test[, msg]`.
    Assert {
        /// The condition.
        test: Expr,
        /// The message, if any.
        msg: Option<Expr>,
    },
    /// `global a, b`.
    Global(Vec<Ident>),
    /// `nonlocal a, b`.
    Nonlocal(Vec<Ident>),
    /// `del a, b[i]`.
    Del(Vec<Expr>),
}

/// A function definition: `@decorators def name(params) -> returns: body`.
#[derive(Clone, PartialEq, Debug)]
pub struct FunctionDef {
    /// The function's name.
    pub name: Ident,
    /// The parameters.
    pub params: Vec<Param>,
    /// The decorator expressions (without `@`), top to bottom.
    pub decorators: Vec<Expr>,
    /// The return annotation, if any.
    pub returns: Option<Expr>,
    /// The body.
    pub body: Vec<Stmt>,
    /// The `def name(...)` header line, for messages about the function.
    pub header_span: Span,
}

/// A function parameter.
#[derive(Clone, PartialEq, Debug)]
pub struct Param {
    /// The parameter's name.
    pub name: Ident,
    /// `: annotation`, if any.
    pub annotation: Option<Expr>,
    /// `= default`, if any.
    pub default: Option<Expr>,
    /// The whole parameter.
    pub span: Span,
}

/// An expression.
#[derive(Clone, PartialEq, Debug)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is.
    pub span: Span,
    /// Its dense id.
    pub id: ExprId,
}

/// A keyword argument `name=value` of a call.
#[derive(Clone, PartialEq, Debug)]
pub struct KeywordArg {
    /// The keyword.
    pub name: Ident,
    /// The value.
    pub value: Expr,
    /// The whole `name=value`.
    pub span: Span,
}

/// The kinds of expression.
#[derive(Clone, PartialEq, Debug)]
pub enum ExprKind {
    /// A name.
    Name(Symbol),
    /// An integer literal.
    Int(u64),
    /// A float literal.
    Float(f64),
    /// `True` or `False`.
    Bool(bool),
    /// `None`.
    NoneLit,
    /// A string literal (adjacent literals are joined).
    Str(String),
    /// `...`.
    Ellipsis,
    /// `value.attr`.
    Attribute {
        /// The object.
        value: Box<Expr>,
        /// The attribute name.
        attr: Ident,
    },
    /// `value[index]`; `a[i, j]` has a [`ExprKind::Tuple`] index.
    Subscript {
        /// The subscripted object.
        value: Box<Expr>,
        /// The index expression.
        index: Box<Expr>,
    },
    /// `func(args, keywords)`.
    Call {
        /// The callee.
        func: Box<Expr>,
        /// Positional arguments.
        args: Vec<Expr>,
        /// Keyword arguments.
        keywords: Vec<KeywordArg>,
    },
    /// `left op right`.
    BinOp {
        /// The operator.
        op: BinOp,
        /// Left operand.
        left: Box<Expr>,
        /// Right operand.
        right: Box<Expr>,
    },
    /// `op operand`.
    UnaryOp {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        operand: Box<Expr>,
    },
    /// `a and b and c` / `a or b`.
    BoolOp {
        /// `and` or `or`.
        op: BoolOp,
        /// Two or more operands.
        values: Vec<Expr>,
    },
    /// A comparison chain `left op1 c1 op2 c2 ...`.
    Compare {
        /// The first operand.
        left: Box<Expr>,
        /// The operators with their right operands, in order.
        ops: Vec<(CmpOp, Expr)>,
    },
    /// `body if test else orelse`.
    IfExp {
        /// The condition.
        test: Box<Expr>,
        /// Value when it holds.
        body: Box<Expr>,
        /// Value otherwise.
        orelse: Box<Expr>,
    },
    /// `(a, b)` or `a, b`.
    Tuple(Vec<Expr>),
    /// `[a, b]` (only meaningful in a decorator's signature list).
    List(Vec<Expr>),
    /// `lower:upper:step` inside a subscript (only meaningful in signatures).
    Slice {
        /// Lower bound.
        lower: Option<Box<Expr>>,
        /// Upper bound.
        upper: Option<Box<Expr>>,
        /// Step.
        step: Option<Box<Expr>>,
    },
    /// A construct the parser already reported as an error.
    Error,
}

/// Binary operators.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Pow,
    LShift,
    RShift,
    BitAnd,
    BitOr,
    BitXor,
    MatMul,
}

impl BinOp {
    /// The operator as written in Python.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "**",
            BinOp::LShift => "<<",
            BinOp::RShift => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::MatMul => "@",
        }
    }
}

/// Unary operators.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum UnaryOp {
    Neg,
    Pos,
    Invert,
    Not,
}

impl UnaryOp {
    /// The operator as written in Python.
    pub fn symbol(self) -> &'static str {
        match self {
            UnaryOp::Neg => "-",
            UnaryOp::Pos => "+",
            UnaryOp::Invert => "~",
            UnaryOp::Not => "not",
        }
    }
}

/// `and` / `or`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum BoolOp {
    And,
    Or,
}

/// Comparison operators.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum CmpOp {
    Eq,
    NotEq,
    Lt,
    LtE,
    Gt,
    GtE,
    Is,
    IsNot,
    In,
    NotIn,
}

impl CmpOp {
    /// The operator as written in Python.
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::NotEq => "!=",
            CmpOp::Lt => "<",
            CmpOp::LtE => "<=",
            CmpOp::Gt => ">",
            CmpOp::GtE => ">=",
            CmpOp::Is => "is",
            CmpOp::IsNot => "is not",
            CmpOp::In => "in",
            CmpOp::NotIn => "not in",
        }
    }
}
