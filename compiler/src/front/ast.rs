//! The abstract syntax tree of a kernel source file.
//!
//! It mirrors the part of Python's `ast` module that kernels can use, plus a
//! few nodes (lists, slices, strings) that exist so the checker can reject
//! them with a precise message. Every node carries its [`Span`].
//!
//! # Layout: nodes live in a few pools
//!
//! Expressions are many (most of a kernel), so they are stored flat: every
//! expression of a module is one entry of a single vector, and an
//! expression refers to its children by [`ExprId`], the index of the child
//! in that vector. Lists of children (call arguments, tuple items, the
//! operands of `and`...) are [`Seq`]s: ranges of a few shared pools. The
//! statements of nested blocks (bodies, `else` clauses) are a `Seq<Stmt>`
//! of the module's block pool too; only the top-level statements are a
//! vector of their own. So are the other lists of statements (parameters,
//! imported names, the parts of dotted names): no node owns heap data.
//! Parsing a whole file therefore allocates a handful of growing vectors
//! instead of a box per node, and dropping the tree frees them at once.
//!
//! Reading the tree goes through the [`Module`]:
//!
//! ```
//! # use kernelc_compiler::front::{ast::ExprKind, parse};
//! let mut diags = Vec::new();
//! let module = parse("f(a, b)\n", &mut diags);
//! # let kernelc_compiler::front::ast::StmtKind::Expr(call) = module.body[0].kind else { panic!() };
//! if let ExprKind::Call { func, args, .. } = &module.expr(call).kind {
//!     assert!(matches!(module.expr(*func).kind, ExprKind::Name(_)));
//!     assert_eq!(module.exprs(*args).len(), 2);
//! }
//! ```
//!
//! Ids are dense (`0..module.expr_count()`) and handed out in the order the
//! parser finishes nodes (children before parents), so later stages keep
//! side tables (resolutions, types) in plain vectors indexed by id. Name
//! resolution and typing do not modify the tree.
//!
//! A module given back to a [`FrontContext`](crate::front::FrontContext)
//! lends its emptied vectors to the next parse with that context, so
//! parsing file after file allocates little once the vectors have grown.

use super::arena::{Arena, Handle};
use super::interner::{Interner, Symbol};
use crate::span::Span;
use std::fmt;
use std::marker::PhantomData;

/// A parsed source file: its statements, and the storage of its expressions.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// Top-level statements, in order.
    pub body: Vec<Stmt>,
    /// The pool behind every nested block (`Seq<Stmt>`).
    pub(crate) blocks: Vec<Stmt>,
    /// The identifiers used in the module.
    pub interner: Interner,
    /// Every expression, indexed by [`ExprId`].
    pub(crate) exprs: Arena<Expr>,
    /// The pool behind every `Seq<ExprId>`.
    pub(crate) expr_lists: Vec<ExprId>,
    /// The pool behind every `Seq<KeywordArg>`.
    pub(crate) keywords: Vec<KeywordArg>,
    /// The pool behind every `Seq<(CmpOp, ExprId)>`.
    pub(crate) comparisons: Vec<(CmpOp, ExprId)>,
    /// The pool behind every `Seq<Param>`.
    pub(crate) params: Vec<Param>,
    /// The pool behind every `Seq<Ident>`.
    pub(crate) idents: Vec<Ident>,
    /// The pool behind every `Seq<ImportAlias>`.
    pub(crate) aliases: Vec<ImportAlias>,
    /// The values of string literals, by [`StrId`]. Kept out of the
    /// expressions so that an [`Expr`] owns no heap data.
    pub(crate) strings: Arena<String>,
}

impl Module {
    /// The expression with id `id`.
    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id]
    }

    /// The ids of a list of expressions (arguments, tuple items, ...).
    pub fn exprs(&self, list: Seq<ExprId>) -> &[ExprId] {
        &self.expr_lists[list.range()]
    }

    /// The keyword arguments of a call.
    pub fn keywords(&self, list: Seq<KeywordArg>) -> &[KeywordArg] {
        &self.keywords[list.range()]
    }

    /// The operators and right operands of a comparison chain.
    pub fn comparisons(&self, list: Seq<(CmpOp, ExprId)>) -> &[(CmpOp, ExprId)] {
        &self.comparisons[list.range()]
    }

    /// Calls `f` on each child of expression `id`, in the order Python
    /// evaluates them: a call's callee, then its positional and keyword
    /// arguments; a conditional's test, then its two values.
    pub fn for_each_child(&self, id: ExprId, mut f: impl FnMut(ExprId)) {
        match &self.expr(id).kind {
            ExprKind::Attribute { value, .. } | ExprKind::Starred(value) => f(*value),
            ExprKind::UnaryOp { operand, .. } => f(*operand),
            ExprKind::Subscript { value, index } => {
                f(*value);
                f(*index);
            }
            ExprKind::Call {
                func,
                args,
                keywords,
            } => {
                f(*func);
                self.exprs(*args).iter().for_each(|&a| f(a));
                self.keywords(*keywords).iter().for_each(|k| f(k.value));
            }
            ExprKind::BinOp { left, right, .. } => {
                f(*left);
                f(*right);
            }
            ExprKind::BoolOp { values, .. } | ExprKind::Tuple(values) | ExprKind::List(values) => {
                self.exprs(*values).iter().for_each(|&v| f(v));
            }
            ExprKind::Compare { left, ops } => {
                f(*left);
                self.comparisons(*ops)
                    .iter()
                    .for_each(|&(_, right)| f(right));
            }
            ExprKind::IfExp { test, body, orelse } => {
                f(*test);
                f(*body);
                f(*orelse);
            }
            ExprKind::Slice { lower, upper, step } => {
                [lower, upper, step]
                    .into_iter()
                    .flatten()
                    .for_each(|&p| f(p));
            }
            ExprKind::Name(_)
            | ExprKind::Int(_)
            | ExprKind::Float(_)
            | ExprKind::Imag(_)
            | ExprKind::Bool(_)
            | ExprKind::NoneLit
            | ExprKind::Str(_)
            | ExprKind::Ellipsis
            | ExprKind::Error => {}
        }
    }

    /// The parameters of a function.
    pub fn params(&self, list: Seq<Param>) -> &[Param] {
        &self.params[list.range()]
    }

    /// A list of identifiers (the parts of a dotted name, the names of
    /// `global` and `nonlocal`).
    pub fn idents(&self, list: Seq<Ident>) -> &[Ident] {
        &self.idents[list.range()]
    }

    /// The names of an `import` or `from ... import` statement.
    pub fn aliases(&self, list: Seq<ImportAlias>) -> &[ImportAlias] {
        &self.aliases[list.range()]
    }

    /// The statements of a nested block (a body or an `else` clause).
    pub fn block(&self, block: Seq<Stmt>) -> &[Stmt] {
        &self.blocks[block.range()]
    }

    /// The value of a string literal.
    pub fn string(&self, id: StrId) -> &str {
        &self.strings[id]
    }

    /// Number of expressions (ids are `0..expr_count()`).
    pub fn expr_count(&self) -> usize {
        self.exprs.len()
    }
}

impl Module {
    /// Empties every vector, keeping their room (see
    /// [`FrontContext::recycle`](crate::front::FrontContext::recycle)).
    /// Written as a destructuring, so that a new field cannot be forgotten.
    pub(crate) fn clear(&mut self) {
        let Module {
            body,
            blocks,
            interner,
            exprs,
            expr_lists,
            keywords,
            comparisons,
            params,
            idents,
            aliases,
            strings,
        } = self;
        body.clear();
        blocks.clear();
        interner.clear();
        exprs.clear();
        expr_lists.clear();
        keywords.clear();
        comparisons.clear();
        params.clear();
        idents.clear();
        aliases.clear();
        strings.clear();
    }
}

/// Dense index of an expression node within its module.
pub type ExprId = Handle<Expr>;

/// Index of a string literal's value within its module (read it with
/// [`Module::string`]).
pub type StrId = Handle<String>;

/// A list of `T`s stored in one of a [`Module`]'s pools: `len` items from
/// `start`. Read it with [`Module::exprs`], [`Module::keywords`],
/// [`Module::comparisons`], [`Module::block`], [`Module::params`],
/// [`Module::idents`] or [`Module::aliases`], according to `T`.
pub struct Seq<T> {
    start: u32,
    len: u32,
    items: PhantomData<fn() -> T>,
}

impl<T> Seq<T> {
    /// The empty list.
    pub const EMPTY: Seq<T> = Seq::new(0, 0);

    /// The `len` items of a pool from `start`.
    pub(crate) const fn new(start: u32, len: u32) -> Self {
        Seq {
            start,
            len,
            items: PhantomData,
        }
    }

    /// Number of items.
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// True for the empty list.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// Where the items are in their pool.
    pub(crate) fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

// Written out because `derive` would require `T` itself to be `Copy`,
// `PartialEq`, ...; a `Seq` is two integers whatever `T` is.
impl<T> Clone for Seq<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Seq<T> {}

impl<T> PartialEq for Seq<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.start, self.len) == (other.start, other.len)
    }
}

impl<T> Eq for Seq<T> {}

impl<T> Default for Seq<T> {
    fn default() -> Self {
        Seq::EMPTY
    }
}

impl<T> fmt::Debug for Seq<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seq({}..{})", self.start, self.start + self.len)
    }
}

/// An identifier with its span.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ident {
    /// The name.
    pub name: Symbol,
    /// Where it is written.
    pub span: Span,
}

/// A dotted module path such as `numba.cuda`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct DottedName {
    /// The parts, left to right (at least one; see [`Module::idents`]).
    pub parts: Seq<Ident>,
    /// The whole path.
    pub span: Span,
}

/// One name of an `import` or `from ... import` statement.
#[derive(Clone, Copy, PartialEq, Debug)]
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
    Expr(ExprId),
    /// `t1 = t2 = value`: one or more targets (names, subscripts, tuples).
    Assign {
        /// The targets, left to right.
        targets: Seq<ExprId>,
        /// The value.
        value: ExprId,
    },
    /// `target op= value`.
    AugAssign {
        /// A name or subscript.
        target: ExprId,
        /// The operator (`+` for `+=`).
        op: BinOp,
        /// The right-hand side.
        value: ExprId,
    },
    /// `target: annotation [= value]`.
    AnnAssign {
        /// The target.
        target: ExprId,
        /// The annotation expression.
        annotation: ExprId,
        /// The value, if any.
        value: Option<ExprId>,
    },
    /// `if test: body else: orelse`; `elif` is an `If` alone in `orelse`.
    If {
        /// The condition.
        test: ExprId,
        /// The statements run when it holds.
        body: Seq<Stmt>,
        /// The `else` (or `elif`) branch; empty when absent.
        orelse: Seq<Stmt>,
    },
    /// `while test: body else: orelse`.
    While {
        /// The condition.
        test: ExprId,
        /// The loop body.
        body: Seq<Stmt>,
        /// The `else` clause; empty when absent.
        orelse: Seq<Stmt>,
    },
    /// `for target in iter: body else: orelse`.
    For {
        /// The loop variable(s).
        target: ExprId,
        /// What is iterated (`range(...)` in kernels).
        iter: ExprId,
        /// The loop body.
        body: Seq<Stmt>,
        /// The `else` clause; empty when absent.
        orelse: Seq<Stmt>,
    },
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `pass`.
    Pass,
    /// `return [value]`.
    Return(Option<ExprId>),
    /// A function definition.
    FunctionDef(FunctionDef),
    /// A class definition (only enum classes at the top level are
    /// accepted, by name resolution).
    ClassDef(ClassDef),
    /// `import a.b as c, d`.
    Import(Seq<ImportAlias>),
    /// `from module import names`.
    ImportFrom {
        /// The module (`numba.cuda`); absent for `from . import x`.
        module: Option<DottedName>,
        /// The imported names; empty for `import *` (reported by the parser).
        names: Seq<ImportAlias>,
        /// Number of leading dots (relative import).
        level: u32,
    },
    /// `raise [exc]` (`raise exc from cause` is reported by the parser).
    Raise(Option<ExprId>),
    /// `assert test[, msg]`.
    Assert {
        /// The condition.
        test: ExprId,
        /// The message, if any.
        msg: Option<ExprId>,
    },
    /// `global a, b`.
    Global(Seq<Ident>),
    /// `nonlocal a, b`.
    Nonlocal(Seq<Ident>),
    /// `del a, b[i]`.
    Del(Seq<ExprId>),
}

/// A function definition: `@decorators def name(params) -> returns: body`.
#[derive(Clone, PartialEq, Debug)]
pub struct FunctionDef {
    /// The function's name.
    pub name: Ident,
    /// The parameters (see [`Module::params`]).
    pub params: Seq<Param>,
    /// True when the last parameter is `*name`: the positional arguments
    /// past the others, as a tuple.
    pub vararg: bool,
    /// The decorator expressions (without `@`), top to bottom.
    pub decorators: Seq<ExprId>,
    /// The return annotation, if any.
    pub returns: Option<ExprId>,
    /// The body.
    pub body: Seq<Stmt>,
    /// The ids of the expressions made while parsing the body, `start..end`:
    /// every expression of the body, and after a syntax error possibly
    /// parts of statements that were dropped.
    pub body_exprs: std::ops::Range<u32>,
    /// The `def name(...)` header line, for messages about the function.
    pub header_span: Span,
}

/// A class definition: `@decorators class name(bases): body`.
#[derive(Clone, PartialEq, Debug)]
pub struct ClassDef {
    /// The class name.
    pub name: Ident,
    /// The decorator expressions (without `@`), top to bottom.
    pub decorators: Seq<ExprId>,
    /// The base-class expressions; keyword arguments of the header are
    /// reported by the parser.
    pub bases: Seq<ExprId>,
    /// The body.
    pub body: Seq<Stmt>,
    /// The `class name(...)` header line, for messages about the class.
    pub header_span: Span,
}

/// A function parameter.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Param {
    /// The parameter's name.
    pub name: Ident,
    /// `: annotation`, if any.
    pub annotation: Option<ExprId>,
    /// `= default`, if any.
    pub default: Option<ExprId>,
    /// The whole parameter.
    pub span: Span,
}

/// An expression. Its [`ExprId`] is its index in [`Module`]'s arena.
#[derive(Clone, PartialEq, Debug)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is.
    pub span: Span,
}

/// A keyword argument `name=value` of a call.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct KeywordArg {
    /// The keyword.
    pub name: Ident,
    /// The value.
    pub value: ExprId,
    /// The whole `name=value`.
    pub span: Span,
}

/// The kinds of expression. Children are [`ExprId`]s and lists of children
/// are [`Seq`]s, both read through the [`Module`].
#[derive(Clone, PartialEq, Debug)]
pub enum ExprKind {
    /// A name.
    Name(Symbol),
    /// An integer literal.
    Int(u64),
    /// A float literal.
    Float(f64),
    /// An imaginary literal (`2.5j`): its imaginary part.
    Imag(f64),
    /// `True` or `False`.
    Bool(bool),
    /// `None`.
    NoneLit,
    /// A string literal (adjacent literals are joined).
    Str(StrId),
    /// `...`.
    Ellipsis,
    /// `value.attr`.
    Attribute {
        /// The object.
        value: ExprId,
        /// The attribute name.
        attr: Ident,
    },
    /// `value[index]`; `a[i, j]` has a [`ExprKind::Tuple`] index.
    Subscript {
        /// The subscripted object.
        value: ExprId,
        /// The index expression.
        index: ExprId,
    },
    /// `func(args, keywords)`.
    Call {
        /// The callee.
        func: ExprId,
        /// Positional arguments.
        args: Seq<ExprId>,
        /// Keyword arguments.
        keywords: Seq<KeywordArg>,
    },
    /// `left op right`.
    BinOp {
        /// The operator.
        op: BinOp,
        /// Left operand.
        left: ExprId,
        /// Right operand.
        right: ExprId,
    },
    /// `op operand`.
    UnaryOp {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        operand: ExprId,
    },
    /// `a and b and c` / `a or b`.
    BoolOp {
        /// `and` or `or`.
        op: BoolOp,
        /// Two or more operands.
        values: Seq<ExprId>,
    },
    /// A comparison chain `left op1 c1 op2 c2 ...`.
    Compare {
        /// The first operand.
        left: ExprId,
        /// The operators with their right operands, in order.
        ops: Seq<(CmpOp, ExprId)>,
    },
    /// `body if test else orelse`.
    IfExp {
        /// The condition.
        test: ExprId,
        /// Value when it holds.
        body: ExprId,
        /// Value otherwise.
        orelse: ExprId,
    },
    /// `(a, b)` or `a, b`.
    Tuple(Seq<ExprId>),
    /// `[a, b]` (only meaningful in a decorator's signature list).
    List(Seq<ExprId>),
    /// `lower:upper:step` inside a subscript (only meaningful in signatures).
    Slice {
        /// Lower bound.
        lower: Option<ExprId>,
        /// Upper bound.
        upper: Option<ExprId>,
        /// Step.
        step: Option<ExprId>,
    },
    /// `*value`, a starred argument of a call (the parser makes it
    /// nowhere else): the items of a tuple as positional arguments.
    Starred(ExprId),
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
