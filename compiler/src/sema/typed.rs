//! The typed program: the front end's output and the lowering's input.
//!
//! Every expression has its final [`Type`]; every name is resolved (a local
//! variable, a constant, an intrinsic, a specialised device function); every
//! implicit conversion of Numba's typing rules is an explicit
//! [`TExprKind::Cast`]; compound Python forms are desugared (augmented
//! assignment, tuple unpacking, comparison chains), so the next stage never
//! has to re-derive a typing decision.

use super::consts::ConstValue;
use super::intrinsics::Intrinsic;
use crate::front::ast::{BinOp, CmpOp, UnaryOp};
use crate::span::Span;
use crate::types::{Elem, Layout, Type};
use std::sync::{Arc, LazyLock};

/// Index of a function in [`TypedProgram::functions`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct FuncRef(pub u32);

/// Index of an expression in [`TypedFunction::exprs`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TExprId(pub u32);

/// Consecutive expressions of [`TypedFunction::exprs`] (the items of a
/// tuple, the indices of a subscript, the arguments of a call).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct TExprList {
    /// The first item.
    pub start: u32,
    /// The number of items.
    pub len: u32,
}

impl TExprList {
    /// The empty list.
    pub const EMPTY: TExprList = TExprList { start: 0, len: 0 };

    /// Number of items.
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// True when there are no items.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The id of each item.
    pub fn ids(self) -> impl ExactSizeIterator<Item = TExprId> + Clone {
        (self.start..self.start + self.len).map(TExprId)
    }
}

/// Consecutive statements of [`TypedFunction::stmts`]: a block (the
/// body of a function, a loop or a branch).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct TStmtList {
    /// The first statement.
    pub start: u32,
    /// The number of statements.
    pub len: u32,
}

impl TStmtList {
    /// True when the block has no statements.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// Defines an index type: a `u32` newtype whose `index()` is its position
/// in the list it indexes.
macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub struct $name(pub u32);

        impl $name {
            #[doc = concat!("The position of ", $what, ".")]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

index_type!(
    /// Index of a function of the source file, in source order (the
    /// checker's `ModuleEnv::functions`); each is specialised into one or
    /// more [`FuncRef`]s.
    FuncId,
    "the function in the file's list of functions"
);

index_type!(
    /// Index of a local variable of a source function: its parameters
    /// first, then the names its body assigns (the checker's
    /// `FunctionInfo::locals`). The first [`VarId`]s of each typed function
    /// are its locals, in the same order.
    LocalId,
    "the local in its function's list of locals"
);

index_type!(
    /// Index of a module-level constant, in definition order (the checker's
    /// `ModuleEnv::constant`).
    ConstId,
    "the constant in the module's list of constants"
);

index_type!(
    /// Index of a `cuda.shared.array` of a typed function, in
    /// [`TypedFunction::shared_arrays`].
    SharedArrayId,
    "the array in its function's shared arrays"
);

index_type!(
    /// Index of a `cuda.local.array` of a typed function, in
    /// [`TypedFunction::local_arrays`].
    LocalArrayId,
    "the array in its function's local arrays"
);

index_type!(
    /// Index of a constant array of the program, in
    /// [`TypedProgram::const_arrays`].
    ConstArrayId,
    "the array in the program's constant arrays"
);

index_type!(
    /// Index of a global device array of the program, in
    /// [`TypedProgram::global_arrays`].
    GlobalArrayId,
    "the array in the program's global arrays"
);

/// Index of a variable in [`TypedFunction::vars`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// All type-checked functions of a source file.
#[derive(Clone, Debug, Default)]
pub struct TypedProgram {
    /// Kernels and device-function specialisations; callees come before
    /// their callers. Boxed: the checker builds, stores and recycles each
    /// function by pointer rather than moving its few hundred bytes.
    pub functions: Vec<Box<TypedFunction>>,
    /// The kernels that were checked, in source order.
    pub kernels: Vec<FuncRef>,
    /// The device functions checked as entry points (one named with
    /// `CheckOptions::kernel` and given a signature), in source order: what
    /// an export (`CompileOptions::export`) makes visible to other code.
    pub device_roots: Vec<FuncRef>,
    /// Host-supplied constant arrays used by the program.
    pub const_arrays: Vec<ConstArrayDecl>,
    /// The device arrays the host captured from module-level names (in
    /// the order declared): every function (kernel or device function)
    /// takes each as a hidden parameter after its own, in this order,
    /// whether it reads it or not, so that a kernel's parameters depend
    /// on the declarations alone.
    pub global_arrays: Vec<GlobalArrayDecl>,
    /// The functions the file declares with `cuda.declare_device`
    /// (`Intrinsic::Extern(k)` calls number `k`), each linked from other
    /// code.
    pub externs: Vec<crate::sema::resolve::ExternDecl>,
}

impl TypedProgram {
    /// A function by reference.
    pub fn function(&self, f: FuncRef) -> &TypedFunction {
        &self.functions[f.0 as usize]
    }
}

/// Emptied typed functions and program lists, kept by a
/// [`CheckContext`](crate::sema::CheckContext) from check to check: a
/// check otherwise allocates, regrows and frees about ten vectors per
/// function, which costs as much as typing a short kernel. Programs come
/// back with [`SpareTyped::recycle`].
#[derive(Default)]
#[allow(
    clippy::vec_box,
    reason = "boxed as in `TypedProgram::functions`, which these become"
)]
pub(crate) struct SpareTyped {
    /// Emptied functions, at most [`SPARE_FUNCTIONS`].
    functions: Vec<Box<TypedFunction>>,
    /// The emptied function and kernel lists of a program.
    lists: Option<(Vec<Box<TypedFunction>>, Vec<FuncRef>)>,
}

/// The most emptied functions kept (a program has a handful).
const SPARE_FUNCTIONS: usize = 16;

/// The most functions a kept program's lists have room for.
const MAX_KEPT_FUNCTIONS: usize = 256;

/// The most expressions a kept function's vectors have room for.
const MAX_KEPT_EXPRS: usize = 1 << 16;

impl SpareTyped {
    /// An empty program, in kept lists when there are some.
    pub(crate) fn program(&mut self) -> TypedProgram {
        let (functions, kernels) = self.lists.take().unwrap_or_default();
        TypedProgram {
            functions,
            kernels,
            device_roots: Vec::new(),
            const_arrays: Vec::new(),
            global_arrays: Vec::new(),
            externs: Vec::new(),
        }
    }

    /// An empty function (no name, no variables, no code), a kept one
    /// when there is one.
    pub(crate) fn function(&mut self) -> Box<TypedFunction> {
        self.functions.pop().unwrap_or_default()
    }

    /// Keeps the functions of `program`, which is no longer needed,
    /// emptied, and its lists, unless they are too large to be worth
    /// holding on to.
    pub(crate) fn recycle(&mut self, program: TypedProgram) {
        let TypedProgram {
            mut functions,
            mut kernels,
            ..
        } = program;
        for mut f in functions.drain(..) {
            if self.functions.len() < SPARE_FUNCTIONS && f.exprs.capacity() <= MAX_KEPT_EXPRS {
                f.clear();
                self.functions.push(f);
            }
        }
        if functions.capacity() <= MAX_KEPT_FUNCTIONS {
            kernels.clear();
            self.lists = Some((functions, kernels));
        }
    }
}

/// Options from a `@cuda.jit(...)` decorator.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct JitFlags {
    /// `device=True`.
    pub device: bool,
    /// `fastmath=True`.
    pub fastmath: bool,
    /// `debug=True`.
    pub debug: bool,
    /// `boundscheck=True`.
    pub boundscheck: bool,
    /// `lineinfo=True`.
    pub lineinfo: bool,
    /// `inline=True` (or `"always"`).
    pub inline: bool,
}

/// A type-checked function (a kernel, or one specialisation of a device
/// function for one tuple of argument types).
#[derive(Clone, Debug)]
pub struct TypedFunction {
    /// The Python name.
    pub name: String,
    /// True for a kernel (an entry point).
    pub is_kernel: bool,
    /// Decorator options.
    pub flags: JitFlags,
    /// Parameters: the first `params` entries of `vars`.
    pub params: u32,
    /// The argument types of this specialisation (the kernel ABI), which
    /// are the types of the parameter variables (an assignment of another
    /// type, `x ^= x >> 16` on a `uint32` parameter, makes a new version).
    pub param_types: Vec<Type>,
    /// The parameters this specialisation is for one literal value of
    /// (index, value): Numba's `Literal[int](32)` argument types, kept
    /// where typing needs the value (a shared array's shape); empty for
    /// most functions.
    pub literal_params: Vec<(u32, crate::sema::consts::ConstValue)>,
    /// Parameters, locals and compiler temporaries.
    pub vars: Vec<Var>,
    /// The text the names of parameters and locals are ranges of: the
    /// module's interned names (the source and the names interned
    /// besides), shared by every function of the program, so typing a
    /// function copies no name. Read names with
    /// [`TypedFunction::var_name`] or [`TypedFunction::name_of`].
    pub names: Arc<str>,
    /// The names of the compiler temporaries, back to back.
    pub temp_names: String,
    /// The return type ([`Type::None`] for kernels).
    pub ret: Type,
    /// The body, in `stmts`.
    pub body: TStmtList,
    /// Every statement of the function: blocks are consecutive statements
    /// ([`TStmtList`]), an inner block before the statement holding it.
    pub stmts: Vec<TStmt>,
    /// The arguments of every `print` statement ([`PrintList`]).
    pub print_args: Vec<PrintArg>,
    /// The strings of `print` and `assert` statements, back to back (read
    /// them with [`TypedFunction::text`]).
    pub texts: String,
    /// Every expression of the body: statements and expressions refer to
    /// their operands by [`TExprId`] and [`TExprList`]. An operand may be
    /// shared by several parents (it is then evaluated once per use).
    pub exprs: Vec<TExpr>,
    /// `cuda.shared.array` allocations, by [`TExprKind::SharedArray`] index.
    pub shared_arrays: Vec<ArrayDecl>,
    /// `cuda.local.array` allocations, by [`TExprKind::LocalArray`] index.
    pub local_arrays: Vec<ArrayDecl>,
    /// The `def` line.
    pub span: Span,
}

/// The empty function (no name, no variables, no code), which the checker
/// fills. A new field gets its empty value here, and that is all: a
/// function kept for reuse is reset to this (see `TypedFunction::clear`).
impl Default for TypedFunction {
    fn default() -> Self {
        TypedFunction {
            name: String::new(),
            is_kernel: false,
            flags: JitFlags::default(),
            params: 0,
            param_types: Vec::new(),
            literal_params: Vec::new(),
            vars: Vec::new(),
            names: no_names(),
            temp_names: String::new(),
            ret: Type::Unknown,
            body: TStmtList::default(),
            stmts: Vec::new(),
            print_args: Vec::new(),
            texts: String::new(),
            exprs: Vec::new(),
            shared_arrays: Vec::new(),
            local_arrays: Vec::new(),
            span: Span::default(),
        }
    }
}

impl TypedFunction {
    /// Empties the function for reuse: every field is reset to its
    /// [`Default`], and the vectors every function fills keep their room
    /// (the others are empty in most functions).
    fn clear(&mut self) {
        /// `v`, emptied.
        fn emptied<T>(mut v: Vec<T>) -> Vec<T> {
            v.clear();
            v
        }
        let old = std::mem::take(self);
        let mut name = old.name;
        let mut temp_names = old.temp_names;
        name.clear();
        temp_names.clear();
        *self = TypedFunction {
            name,
            temp_names,
            vars: emptied(old.vars),
            stmts: emptied(old.stmts),
            exprs: emptied(old.exprs),
            ..TypedFunction::default()
        };
    }

    /// A variable.
    pub fn var(&self, v: VarId) -> &Var {
        &self.vars[v.0 as usize]
    }

    /// An expression of the body.
    pub fn expr(&self, e: TExprId) -> &TExpr {
        &self.exprs[e.0 as usize]
    }

    /// The statements of a block.
    pub fn block(&self, b: TStmtList) -> &[TStmt] {
        &self.stmts[b.start as usize..(b.start + b.len) as usize]
    }

    /// The arguments of a `print` statement.
    pub fn print_args(&self, l: PrintList) -> &[PrintArg] {
        &self.print_args[l.start as usize..(l.start + l.len) as usize]
    }

    /// A string of a `print` or `assert` statement.
    pub fn text(&self, r: NameRange) -> &str {
        &self.texts[r.range()]
    }

    /// Consecutive expressions of the body.
    pub fn list(&self, l: TExprList) -> &[TExpr] {
        &self.exprs[l.start as usize..(l.start + l.len) as usize]
    }

    /// The name of a variable.
    pub fn var_name(&self, v: VarId) -> &str {
        self.name_of(self.var(v))
    }

    /// The name of one of this function's variables.
    pub fn name_of(&self, v: &Var) -> &str {
        v.name_in(&self.names, &self.temp_names)
    }

    /// A variable's name as dumps show it: `x` for a source variable's
    /// first version, `x.1`, `x.2`, ... for its others (Numba's spelling).
    pub fn label_of(&self, v: &Var) -> String {
        match v.version {
            0 => self.name_of(v).to_string(),
            n => format!("{}.{n}", self.name_of(v)),
        }
    }

    /// The parameter variables.
    pub fn param_vars(&self) -> &[Var] {
        &self.vars[..self.params as usize]
    }

    /// The signature in Numba's spelling, e.g. `void(array(float32, 1d, C), int64)`.
    pub fn signature(&self) -> String {
        let args: Vec<String> = self.param_types.iter().map(Type::to_string).collect();
        let ret = if self.ret == Type::None {
            "void".to_string()
        } else {
            self.ret.to_string()
        };
        format!("{ret}({})", args.join(", "))
    }
}

/// The empty [`TypedFunction::names`] of a function not typed yet (one
/// shared allocation).
fn no_names() -> Arc<str> {
    static EMPTY: LazyLock<Arc<str>> = LazyLock::new(|| Arc::from(""));
    EMPTY.clone()
}

/// What a variable is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum VarKind {
    /// A function parameter.
    Param,
    /// A local variable of the source.
    Local,
    /// A temporary introduced by desugaring (named `$t<n>`).
    Temp,
}

/// A variable (one version of a source variable, or a temporary) with
/// its type.
#[derive(Clone, Debug)]
pub struct Var {
    /// Its name: a range of the function's [`TypedFunction::names`], or
    /// of its [`TypedFunction::temp_names`] for a temporary (`$t0`, `$t1`,
    /// ...).
    pub name: NameRange,
    /// Its type: every value assigned to it has this type.
    pub ty: Type,
    /// Where it is first defined.
    pub span: Span,
    /// Parameter, local or temporary.
    pub kind: VarKind,
    /// 0 for a source variable's first version; `n` for its `n`-th other
    /// type (Numba types each version of a variable on its own, see
    /// `sema::typeck::flow`), shown as `x.n`.
    pub version: u32,
}

impl Var {
    /// The variable's name, read from its function's
    /// [`TypedFunction::names`] and [`TypedFunction::temp_names`] (or the
    /// type checker's buffers that become them).
    pub(crate) fn name_in<'s>(&self, names: &'s str, temp_names: &'s str) -> &'s str {
        match self.kind {
            VarKind::Temp => &temp_names[self.name.range()],
            VarKind::Param | VarKind::Local => &names[self.name.range()],
        }
    }
}

/// Where a name is in a string of names (the function's
/// [`TypedFunction::names`], [`TypedFunction::temp_names`] or
/// [`TypedFunction::texts`]): one buffer
/// holds every name of a function instead of a `String` each.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct NameRange {
    /// The first byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl NameRange {
    /// The range as indices into the buffer.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A statically sized shared or local array.
#[derive(Clone, PartialEq, Debug)]
pub struct ArrayDecl {
    /// Element type (a number or a complex number).
    pub elem: Elem,
    /// Extents (a single 0 for dynamic shared memory).
    pub shape: Extents,
    /// True for `cuda.shared.array(0, ...)`: sized at launch.
    pub dynamic: bool,
    /// The allocating call.
    pub span: Span,
}

/// The extents of a shared or local array (1 to [`MAX_NDIM`](crate::types::MAX_NDIM)
/// dimensions): up to [`Extents::INLINE`] are kept inline (a declaration
/// then owns no heap data), more go to the heap. Reads as a `&[u64]`.
#[derive(Clone, PartialEq, Eq)]
pub enum Extents {
    /// Up to [`Extents::INLINE`] extents: the first `len` of `dims`.
    Inline {
        /// The extents, then zeros.
        dims: [u64; Extents::INLINE],
        /// The number of extents.
        len: u8,
    },
    /// More extents.
    Heap(Vec<u64>),
}

impl Extents {
    /// The most extents kept inline.
    pub const INLINE: usize = 3;
}

impl std::ops::Deref for Extents {
    type Target = [u64];

    fn deref(&self) -> &[u64] {
        match self {
            Extents::Inline { dims, len } => &dims[..*len as usize],
            Extents::Heap(v) => v,
        }
    }
}

impl FromIterator<u64> for Extents {
    fn from_iter<I: IntoIterator<Item = u64>>(iter: I) -> Self {
        let mut dims = [0; Extents::INLINE];
        let mut len = 0;
        let mut iter = iter.into_iter();
        for d in iter.by_ref() {
            if len == Extents::INLINE {
                let mut v = dims.to_vec();
                v.push(d);
                v.extend(iter);
                return Extents::Heap(v);
            }
            dims[len] = d;
            len += 1;
        }
        Extents::Inline {
            dims,
            len: len as u8,
        }
    }
}

impl std::fmt::Debug for Extents {
    /// As the list of extents (like a `Vec<u64>`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// A host-supplied constant array (`cuda.const.array_like(NAME)`).
#[derive(Clone, PartialEq, Debug)]
pub struct ConstArrayDecl {
    /// The module-level name.
    pub name: String,
    /// Element type (a number or a complex number).
    pub elem: Elem,
    /// Extents.
    pub shape: Vec<u64>,
}

/// A device array the host captured from a module-level (global or
/// closure) name, which kernels read and write in place: numba-cuda
/// embeds its address; kernelc passes it as a hidden parameter (so the
/// code does not depend on the address).
#[derive(Clone, PartialEq, Debug)]
pub struct GlobalArrayDecl {
    /// The module-level name.
    pub name: String,
    /// Element type.
    pub elem: Elem,
    /// Number of dimensions (1 to 3).
    pub ndim: u8,
    /// Layout the code is compiled for.
    pub layout: Layout,
}

impl GlobalArrayDecl {
    /// The array's type (in global memory, writable).
    pub fn array_type(&self) -> Type {
        Type::Array(crate::types::ArrayType {
            elem: self.elem,
            ndim: self.ndim,
            layout: self.layout,
            space: crate::types::MemSpace::Global,
        })
    }

    /// The declaration of the device array `name` whose type is `text`,
    /// an array type in Numba's spelling (`float32[:, ::1]`,
    /// `array(int64, 1d, A)`); an error says what is wrong.
    pub fn parse(name: &str, text: &str) -> Result<Self, String> {
        let mut chars = name.chars();
        let identifier = chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
            && chars.all(|c| c.is_alphanumeric() || c == '_');
        if !identifier {
            return Err(format!("'{name}' is not a Python identifier"));
        }
        let ty = crate::sema::signature::parse_type(text)
            .map_err(|e| format!("the type of '{name}': {}", e.message))?;
        match ty {
            Type::Array(a) if a.space == crate::types::MemSpace::Global => Ok(GlobalArrayDecl {
                name: name.to_string(),
                elem: a.elem,
                ndim: a.ndim,
                layout: a.layout,
            }),
            Type::Array(a) => Err(format!(
                "'{name}' is an array in {} memory; a global device array is in global memory",
                a.space.name()
            )),
            other => Err(format!("'{name}' has type {other}, not an array type")),
        }
    }
}

/// A typed statement (plain data: the strings and lists it refers to are
/// in its function, so a function's statements drop as one block).
#[derive(Clone, Copy, Debug)]
pub struct TStmt {
    /// What it does.
    pub kind: TStmtKind,
    /// The source statement it comes from.
    pub span: Span,
}

/// The kinds of typed statement.
#[derive(Clone, Copy, Debug)]
pub enum TStmtKind {
    /// `var = value`; `value` has the variable's type.
    Assign(VarId, TExprId),
    /// `array[indices] = value`; `value` has the element type.
    Store {
        /// The array.
        array: TExprId,
        /// One integer index per dimension.
        indices: TExprList,
        /// The stored value.
        value: TExprId,
    },
    /// `record.name = value` or `record['name'] = value`: `value` has the
    /// field's type; `record` is a record-typed expression (a reference).
    StoreField {
        /// The record.
        record: TExprId,
        /// The field's index in the record type's layout.
        field: u32,
        /// The stored value.
        value: TExprId,
    },
    /// `view = value` (from `a[1:3] = x` or `m[i] = x`): every element of
    /// the array view set to the scalar `value`, of its element type.
    Fill {
        /// The view (an array-typed expression).
        view: TExprId,
        /// The value (evaluated first, as Python does).
        value: TExprId,
    },
    /// An expression evaluated for its effect.
    Expr(TExprId),
    /// `if cond: then_body else: else_body`; `cond` is `bool`.
    If {
        /// The condition.
        cond: TExprId,
        /// Run when it holds.
        then_body: TStmtList,
        /// Run otherwise.
        else_body: TStmtList,
    },
    /// `while cond: body else: orelse`.
    While {
        /// The condition (`bool`).
        cond: TExprId,
        /// The body.
        body: TStmtList,
        /// Run when the condition is false (not after a `break`): the
        /// source's `else` clause, then the conversions that join this
        /// exit with the `break`s (see `sema::typeck::flow`).
        orelse: TStmtList,
    },
    /// `for var in range(start, stop, step): body`; all of `var`'s type.
    For {
        /// The loop variable.
        var: VarId,
        /// First value.
        start: TExprId,
        /// Exclusive bound.
        stop: TExprId,
        /// Increment (non-zero; may be negative or a run-time value).
        step: TExprId,
        /// The body.
        body: TStmtList,
        /// Run when the range is exhausted (not after a `break`), as for
        /// `While`.
        orelse: TStmtList,
    },
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `return [value]`; the value has the function's return type.
    Return(Option<TExprId>),
    /// `print(...)`.
    Print(PrintList),
    /// `raise Error(args)`: with `debug`, prints the text (in
    /// [`TypedFunction::texts`], `ValueError: message`) and traps; without,
    /// ends the thread, as Numba does.
    Raise(NameRange),
    /// `assert cond[, msg]` (checked when `debug` is on).
    Assert {
        /// The condition (`bool`).
        cond: TExprId,
        /// The message, if a string literal was given (in
        /// [`TypedFunction::texts`]).
        msg: Option<NameRange>,
    },
}

/// The arguments of a `print` statement: consecutive entries of
/// [`TypedFunction::print_args`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PrintList {
    /// The first argument.
    pub start: u32,
    /// The number of arguments.
    pub len: u32,
}

/// The most items one `print` formats (numba-cuda's, from CUDA's
/// `vprintf`); past it the kernel prints the raw format string.
pub const MAX_PRINT_ITEMS: usize = 32;

/// One argument of `print`.
#[derive(Clone, Copy, Debug)]
pub enum PrintArg {
    /// A string literal (in [`TypedFunction::texts`]).
    Str(NameRange),
    /// A scalar, or a tuple of scalars and tuples.
    Value(TExprId),
    /// A `dim3` (`cuda.threadIdx`): a tuple of its three `int32` axes,
    /// printed as numba-cuda prints a `Dim3`, `(%d, %d, %d)`.
    Dim3(TExprId),
}

/// A typed expression.
#[derive(Clone, Copy, Debug)]
pub struct TExpr {
    /// What it computes.
    pub kind: TExprKind,
    /// Its type.
    pub ty: Type,
    /// Where it is.
    pub span: Span,
}

/// Which integer property of an array is read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ArrayProp {
    /// `a.shape[k]`.
    Extent(u8),
    /// `a.strides[k]` (bytes).
    Stride(u8),
    /// `a.size`.
    Size,
}

/// The kinds of typed expression.
#[derive(Clone, Copy, Debug)]
pub enum TExprKind {
    /// A constant.
    Const(ConstValue),
    /// A variable.
    Var(VarId),
    /// Conversion of the operand to this expression's type (to `bool`:
    /// "is non-zero").
    Cast(TExprId),
    /// `op operand`: `-`, `~` on an operand of this type; `not` on a `bool`.
    Unary(UnaryOp, TExprId),
    /// `lhs op rhs`. Both operands have this expression's type, except the
    /// exponent of a float `**` with an integer exponent, which stays integer.
    /// `//` and `%` have Python's floor semantics; `/` is true division.
    Binary(BinOp, TExprId, TExprId),
    /// A comparison; both operands have the same type; the result is `bool`.
    Compare(CmpOp, TExprId, TExprId),
    /// `lhs and rhs` with short circuit (operands of this type; the value
    /// of the operand that decided).
    And(TExprId, TExprId),
    /// `lhs or rhs` with short circuit.
    Or(TExprId, TExprId),
    /// `then if cond else otherwise`; `cond` is `bool`.
    Select(TExprId, TExprId, TExprId),
    /// Evaluates `value` into `var`, then `body` (desugared comparison chains).
    Let(VarId, TExprId, TExprId),
    /// `array[items]`: one integer index per dimension gives an element;
    /// fewer, or [`TExprKind::Slice`] items, give a view (of this
    /// expression's array type) of the dimensions not indexed by an
    /// integer. Negative indices wrap.
    Index(TExprId, TExprList),
    /// `record.name` or `record['name']`: a field of a record-typed
    /// expression (by its index in the record type's layout), read.
    Field(TExprId, u32),
    /// `start:stop:step`, an item of an [`TExprKind::Index`] (only there).
    /// Three integer parts; an absent one is an empty tuple typed
    /// [`Type::None`]. The expression's type is the tuple of the parts'.
    Slice(TExprList),
    /// `array.T`: the dimensions in reverse order.
    Transpose(TExprId),
    /// `array.real` (false) or `array.imag` (true) of a complex array: a
    /// view of one part of each element, with the array's strides.
    PartView(TExprId, bool),
    /// `array.reshape(shape)` of a C array: the same elements with the
    /// extents of the tuple `shape` (integers; one may be negative, to be
    /// inferred).
    Reshape(TExprId, TExprId),
    /// An integer property of an array (`int64`).
    ArrayProp(TExprId, ArrayProp),
    /// A tuple.
    Tuple(TExprList),
    /// Element `k` of a tuple.
    TupleGet(TExprId, u32),
    /// `tuple[index]` of a tuple whose items have one type, with an integer
    /// index known at run time (negative counts from the end; out of range
    /// traps).
    TupleIndex(TExprId, TExprId),
    /// An intrinsic; arguments already converted to its parameter types.
    Intrinsic(Intrinsic, TExprList),
    /// A call of a device-function specialisation.
    Call(FuncRef, TExprList),
    /// A shared array of the function.
    SharedArray(SharedArrayId),
    /// A local array of the function.
    LocalArray(LocalArrayId),
    /// A constant array of the program.
    ConstArray(ConstArrayId),
    /// A global device array of the program (a hidden parameter).
    GlobalArray(GlobalArrayId),
}

impl TExpr {
    /// A constant expression.
    pub fn constant(value: ConstValue, span: Span) -> Self {
        TExpr {
            ty: value.ty(),
            kind: TExprKind::Const(value),
            span,
        }
    }

    /// `None`: the value of a parameter whose default `None` was not
    /// overridden (no components).
    pub fn none(span: Span) -> Self {
        TExpr {
            kind: TExprKind::Tuple(TExprList::EMPTY),
            ty: Type::None,
            span,
        }
    }

    /// A value known while typing, with no components: a device function
    /// ([`Type::Function`]) or a type ([`Type::Class`]).
    pub fn compile_time(ty: Type, span: Span) -> Self {
        debug_assert!(matches!(ty, Type::Function(_) | Type::Class(_)));
        TExpr {
            kind: TExprKind::Tuple(TExprList::EMPTY),
            ty,
            span,
        }
    }

    /// The expression of unknown type used after an error.
    pub fn error(span: Span) -> Self {
        TExpr {
            kind: TExprKind::Tuple(TExprList::EMPTY),
            ty: Type::Unknown,
            span,
        }
    }

    /// The constant value, if this is a constant.
    pub fn as_const(&self) -> Option<&ConstValue> {
        match &self.kind {
            // An enum member is a constant of its own type, not of its
            // value's: nothing folds it as a number (see
            // `typeck::enums::enum_value`, which gives its value).
            TExprKind::Const(_) if matches!(self.ty, Type::Enum(_)) => None,
            TExprKind::Const(c) => Some(c),
            _ => None,
        }
    }

    /// True when evaluating the expression twice gives the same value and
    /// has no effects (so desugaring may duplicate it).
    pub fn is_trivially_pure(&self) -> bool {
        matches!(
            self.kind,
            TExprKind::Const(_)
                | TExprKind::Var(_)
                | TExprKind::SharedArray(_)
                | TExprKind::LocalArray(_)
                | TExprKind::ConstArray(_)
                | TExprKind::GlobalArray(_)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Extents read back as they were given, inline or not.
    #[test]
    fn extents_keep_every_rank() {
        for n in 0..7u64 {
            let dims: Vec<u64> = (1..=n).map(|d| d * 10).collect();
            let e: Extents = dims.iter().copied().collect();
            assert_eq!(&e[..], &dims[..]);
            assert_eq!(format!("{e:?}"), format!("{dims:?}"));
            assert_eq!(
                matches!(e, Extents::Inline { .. }),
                dims.len() <= Extents::INLINE
            );
            assert_eq!(e.clone(), e);
        }
    }

    /// Typed expressions are moved around by value all through the type
    /// checker; keep them small.
    #[test]
    fn typed_expressions_stay_small() {
        assert!(std::mem::size_of::<TExpr>() <= 40);
    }
}
