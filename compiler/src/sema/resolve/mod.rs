//! Name resolution: what every name in a source file refers to.
//!
//! [`ModuleEnv::build`] reads the top level of a file: imports (only the
//! modules kernels may use), constants (folded now, as Numba freezes
//! globals), host globals (module-level values that are not constants, such
//! as the NumPy arrays behind `cuda.const.array_like`) and functions with
//! their `@cuda.jit` options. [`ModuleEnv::resolve_function`] then resolves
//! every `Name` and `Attribute` expression in a function body into a
//! [`Res`], stored by [`ExprId`], and reports unknown names with a
//! "did you mean" suggestion (submodule `body`). The type checker reads
//! that table and never looks a name up again.

mod body;
mod closures;
mod dtypes;
mod enums;
mod exceptions;
mod extern_decl;
mod namedtuples;

pub use closures::CaptureValue;
use closures::NESTED;
pub use exceptions::BUILTIN_EXCEPTIONS;
pub use extern_decl::{ExternAbi, ExternDecl};

use super::const_eval::{self, ConstEnv, ConstLookup};
use super::consts::ConstValue;
use super::intrinsics::{builtin, member, member_names, module_namespace, Callee, Member, Ns};
use super::typed::{ConstId, FuncId, JitFlags, LocalId};
use crate::diagnostics::{closest, Diagnostic};
use crate::enums::EnumType;
use crate::front::ast::*;
use crate::front::interner::Symbol;
use crate::namedtuples::NamedTupleClass;
use crate::sema::signature::SigClass;
use crate::span::Span;
use crate::types::Elem;
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// What a module-level name is bound to.
#[derive(Clone, Debug)]
pub enum Global {
    /// An imported module (`cuda`, `math`, `np`).
    Ns(Ns),
    /// An imported item (`from numba import float32`, `from math import sqrt`).
    Member(Member),
    /// A compile-time constant (its value is [`ModuleEnv::constant`]).
    Const(ConstId),
    /// A module-level value that is not a constant (e.g. a NumPy array).
    HostGlobal,
    /// A module-level string (`MSG = "failed"`): Numba freezes it, and
    /// kernels take it where they take a constant string (an exception's
    /// arguments); elsewhere it reads as a [`Global::HostGlobal`].
    Str(crate::front::ast::StrId),
    /// A function defined in the file (see [`ModuleEnv::functions`]).
    Function(FuncId),
    /// An enum class defined in the file.
    EnumClass(EnumType),
    /// A member of an enum class (`DEFAULT = Color.RED`).
    EnumMember(EnumType, u32),
    /// A named tuple class defined in the file.
    NamedTupleClass(NamedTupleClass),
    /// An exception class defined in the file (`class MyError(Exception):
    /// pass`), raised by its name.
    ExceptionClass,
    /// A tuple holding functions of the file (`OPS = (add, mul)`), by its
    /// index in [`ModuleEnv::value_tuples`].
    ValueTuple(u32),
    /// A function declared with `cuda.declare_device`, defined in code
    /// linked with the kernel (its index in [`ModuleEnv::externs`]).
    Extern(u16),
    /// A name whose definition was already reported as an error (a failed
    /// import); uses are silent so one mistake gives one message.
    Error,
}

/// What a `Name` or `Attribute` expression refers to.
#[derive(Clone, Copy, Debug, Default)]
pub enum Res {
    /// Not a name, or already reported as an error.
    #[default]
    Unresolved,
    /// A local variable or parameter of the enclosing function.
    Local(LocalId),
    /// A namespace.
    Ns(Ns),
    /// An intrinsic, dtype, builtin or constant of a namespace.
    Member(Member),
    /// A module constant (its value is [`ModuleEnv::constant`]).
    Const(ConstId),
    /// A module-level host value (only usable in `cuda.const.array_like`).
    HostGlobal(Symbol),
    /// A function of the file.
    Function(FuncId),
    /// An enum class of the file (`Color`).
    EnumClass(EnumType),
    /// Member number `k` of an enum class (`Color.RED`).
    EnumMember(EnumType, u32),
    /// A named tuple class of the file (`Point`).
    NamedTupleClass(NamedTupleClass),
    /// An exception class of the file (`MyError`): only raised.
    ExceptionClass,
    /// A module-level tuple holding functions (its index in
    /// [`ModuleEnv::value_tuples`]).
    ValueTuple(u32),
    /// A declared device function (its index in [`ModuleEnv::externs`]).
    Extern(u16),
    /// An attribute of a value (`a.shape`): typed by the checker.
    ValueAttr,
}

/// A value frozen from a module-level tuple that holds functions.
#[derive(Clone, Debug)]
pub enum GlobalValue {
    /// A function of the file.
    Function(FuncId),
    /// An intrinsic (`operator.add`, `cuda.atomic.add`).
    Intrinsic(Callee),
    /// A constant.
    Const(ConstValue),
    /// An array the host supplies under this module-level name (a frozen
    /// NumPy array: a constant array; a device array: a global array).
    HostArray(Symbol),
    /// A tuple of these.
    Tuple(Vec<GlobalValue>),
    /// A named tuple of these (`CFG = Cfg(1.5, 2)`), its items in field
    /// order.
    NamedTuple(NamedTupleClass, Vec<GlobalValue>),
}

/// A signature given in a decorator.
#[derive(Clone, Debug)]
pub struct DeclaredSig<'m> {
    /// The signature text (borrowed from the module when it is a string
    /// literal).
    pub text: Cow<'m, str>,
    /// Where the text starts in the source (the first byte inside the
    /// quotes), when it is a plain string literal whose bytes map 1:1.
    pub text_offset: Option<u32>,
    /// The whole signature argument.
    pub span: Span,
    /// A signature written as an expression (`void(float32[:])`) is
    /// converted to text; its parse errors point at `span`.
    pub from_expr: bool,
}

/// A function of the file.
#[derive(Clone, Debug)]
pub struct FunctionInfo<'m> {
    /// Index of the `def` among the module's top-level statements.
    pub stmt: usize,
    /// The function's name.
    pub name: Symbol,
    /// True when decorated with `cuda.jit`.
    pub jit: bool,
    /// Decorator options.
    pub flags: JitFlags,
    /// Signatures given in the decorator.
    pub sigs: Vec<DeclaredSig<'m>>,
    /// Local variables, by [`LocalId`]: parameters first, then the
    /// variables a nested function captures (see
    /// [`FunctionInfo::captures`]), then assigned names.
    pub locals: Vec<(Symbol, Span)>,
    /// A function defined inside another (`closures`): its `def`.
    pub nested_def: Option<&'m FunctionDef>,
    /// A nested function's enclosing function.
    pub parent: Option<FuncId>,
    /// A nested function's free variables, as locals of its parent: each
    /// is a hidden parameter after the declared ones (local number
    /// `params + k` here), given at every call.
    pub captures: Vec<LocalId>,
}

impl FunctionInfo<'_> {
    /// True for a kernel: `@cuda.jit` without `device=True`.
    pub fn is_kernel(&self) -> bool {
        self.jit && !self.flags.device
    }
}

/// The tables of a [`ModuleEnv`] that outlive it: emptied, a
/// [`CheckContext`](crate::sema::CheckContext) keeps them for its next
/// check, so that resolving a file does not allocate them again. (Not `globals`: "did you mean"
/// suggestions list its keys in its iteration order, which must not depend
/// on the files checked before.)
#[derive(Default)]
pub struct Scratch {
    res: Vec<Res>,
    local_of: Vec<Option<LocalId>>,
    module_of: Vec<Option<Res>>,
    /// Emptied vectors for [`FunctionInfo::locals`].
    locals: Vec<Vec<(Symbol, Span)>>,
    /// Emptied [`ModuleEnv::consts`].
    consts: Vec<ConstValue>,
    /// Emptied [`ModuleEnv::functions`] (without a module to borrow from).
    functions: Vec<FunctionInfo<'static>>,
}

/// The module-level environment of a source file.
pub struct ModuleEnv<'m> {
    /// The parsed module.
    pub module: &'m Module,
    /// Module-level names.
    pub globals: FxHashMap<Symbol, (Global, Span)>,
    /// Functions, in source order (by [`FuncId`]).
    pub functions: Vec<FunctionInfo<'m>>,
    /// Functions declared with `cuda.declare_device`, in source order.
    pub externs: Vec<ExternDecl>,
    /// The module-level tuples that hold functions (`OPS = (add, mul)`),
    /// frozen as Numba freezes globals.
    pub value_tuples: Vec<GlobalValue>,
    /// The values of the module constants, in definition order (a
    /// redefined name leaves its old value here unused), so that reading a
    /// constant is an index instead of a [`ModuleEnv::globals`] lookup.
    consts: Vec<ConstValue>,
    /// Resolution of every Name/Attribute expression, by [`ExprId`].
    pub res: Vec<Res>,
    /// The locals of one function, indexed by symbol: the number of each
    /// local of the function being resolved (see
    /// [`ModuleEnv::resolve_function`]), or the names already collected as
    /// locals of the function being read. Emptied for each check; each
    /// use sets the entries of one function's locals and empties them
    /// again when done.
    local_of: Vec<Option<LocalId>>,
    /// The global each symbol names, indexed by symbol; `None` for a
    /// name that is not a global. Filled as [`ModuleEnv::build`] binds
    /// globals (like [`ModuleEnv::globals`], and read once it has read
    /// them all), so that a name in a body is resolved with one table
    /// lookup instead of a hash-map probe and string comparisons.
    module_of: Vec<Option<Res>>,
    /// Emptied vectors for the locals of the functions still to be read.
    spare_locals: Vec<Vec<(Symbol, Span)>>,
    /// The module-level names whose arrays the host supplies (constant
    /// arrays and global device arrays) that the source mentions.
    host_arrays: Vec<Symbol>,
    /// The nested functions (see `closures`), by where their `def`
    /// header starts.
    nested_at: FxHashMap<u32, FuncId>,
}

impl<'m> ModuleEnv<'m> {
    /// Reads the top level of `module`, filling the tables of an earlier
    /// environment (or new ones).
    /// `host_arrays` names the constant arrays the host supplies (for
    /// `cuda.const.array_like(NAME)`): a name the file does not define
    /// itself is bound to the host's array (contract §1: it may be
    /// imported, or exist on the host side only).
    pub fn build(
        module: &'m Module,
        host_arrays: &[&str],
        diags: &mut Vec<Diagnostic>,
        scratch: Scratch,
    ) -> Self {
        let Scratch {
            mut res,
            mut local_of,
            mut module_of,
            locals: spare_locals,
            mut consts,
            functions,
        } = scratch;
        consts.clear();
        // Filled as names are bound (see `ModuleEnv::bind`).
        module_of.clear();
        module_of.resize(module.interner.len(), None);
        res.clear();
        res.resize(module.expr_count(), Res::Unresolved);
        local_of.clear();
        local_of.resize(module.interner.len(), None);
        let mut env = ModuleEnv {
            module,
            // Room for every top-level statement binding a couple of names.
            globals: FxHashMap::with_capacity_and_hasher(2 * module.body.len(), Default::default()),
            functions: reuse_empty(functions),
            externs: Vec::new(),
            value_tuples: Vec::new(),
            consts,
            res,
            local_of,
            module_of,
            spare_locals,
            host_arrays: host_arrays
                .iter()
                .filter_map(|name| module.interner.get(name))
                .collect(),
            nested_at: FxHashMap::default(),
        };
        for (i, stmt) in module.body.iter().enumerate() {
            env.top_level(i, stmt, host_arrays, diags);
        }
        env.read_nested_functions(diags);
        for name in host_arrays {
            // A name the source never mentions has no symbol, and needs none.
            if let Some(sym) = module.interner.get(name) {
                if !env.globals.contains_key(&sym) {
                    env.bind(sym, Global::HostGlobal, Span::default());
                }
            }
        }
        env
    }

    /// The environment's tables, to reuse.
    pub fn into_scratch(mut self) -> Scratch {
        let mut locals = self.spare_locals;
        for f in self.functions.drain(..) {
            let mut l = f.locals;
            l.clear();
            locals.push(l);
        }
        Scratch {
            res: self.res,
            local_of: self.local_of,
            module_of: self.module_of,
            locals,
            consts: self.consts,
            functions: reuse_empty(self.functions),
        }
    }

    /// Binds the module-level name `name` to `global` (a later binding
    /// replaces an earlier one), in [`ModuleEnv::globals`] and in the
    /// table [`ModuleEnv::module_of`].
    fn bind(&mut self, name: Symbol, global: Global, span: Span) {
        self.module_of[name.0 as usize] = Some(match global {
            Global::Ns(ns) => Res::Ns(ns),
            Global::Member(m) => Res::Member(m),
            Global::Const(c) => Res::Const(c),
            Global::HostGlobal | Global::Str(_) => Res::HostGlobal(name),
            Global::Function(f) => Res::Function(f),
            Global::EnumClass(e) => Res::EnumClass(e),
            Global::EnumMember(e, k) => Res::EnumMember(e, k),
            Global::NamedTupleClass(c) => Res::NamedTupleClass(c),
            Global::ExceptionClass => Res::ExceptionClass,
            Global::ValueTuple(k) => Res::ValueTuple(k),
            Global::Extern(e) => Res::Extern(e),
            Global::Error => Res::Unresolved,
        });
        self.globals.insert(name, (global, span));
    }

    /// What name `n` means outside functions (a global or a builtin), or
    /// `None` when it is not defined there.
    #[inline]
    pub fn module_name(&self, n: Symbol) -> Option<Res> {
        match self.module_of.get(n.0 as usize) {
            Some(Some(global)) => Some(*global),
            // Globals shadow builtins; the few names that are neither
            // locals nor globals are looked up as builtins by their text.
            _ => self.builtin_name(n),
        }
    }

    /// The builtin named `n`, if any ([`ModuleEnv::module_name`] of a name
    /// that is not a global), out of line: the global case stays small.
    #[inline(never)]
    fn builtin_name(&self, n: Symbol) -> Option<Res> {
        builtin(self.name(n)).map(Res::Member)
    }

    /// The text of a symbol.
    pub fn name(&self, s: Symbol) -> &str {
        self.module.interner.resolve(s)
    }

    /// An expression of the module.
    pub fn expr(&self, id: ExprId) -> &'m Expr {
        self.module.expr(id)
    }

    /// The value of the module constant number `c` (see [`Res::Const`]).
    pub fn constant(&self, c: ConstId) -> &ConstValue {
        &self.consts[c.index()]
    }

    /// What the file says of function `f`.
    pub fn function(&self, f: FuncId) -> &FunctionInfo<'m> {
        &self.functions[f.index()]
    }

    /// The id of every function of the file, in source order.
    pub fn function_ids(&self) -> impl ExactSizeIterator<Item = FuncId> + use<> {
        (0..self.functions.len() as u32).map(FuncId)
    }

    /// The `def` of a function.
    pub fn def(&self, f: FuncId) -> &'m FunctionDef {
        let info = self.function(f);
        if let Some(def) = info.nested_def {
            return def;
        }
        match &self.module.body[info.stmt].kind {
            StmtKind::FunctionDef(def) => def,
            _ => unreachable!("function index points at a def"),
        }
    }

    /// The number of parameters of function `f`: its declared ones, then
    /// the variables it captures (a nested function's hidden parameters).
    pub fn param_count(&self, f: FuncId) -> usize {
        self.def(f).params.len() + self.function(f).captures.len()
    }

    /// The enum or named tuple class the file binds to `name`, if any (for
    /// the types a signature names).
    pub fn class_named(&self, name: &str) -> Option<SigClass> {
        let sym = self.module.interner.get(name)?;
        match self.globals.get(&sym) {
            Some((Global::EnumClass(e), _)) => Some(SigClass::Enum(*e)),
            Some((Global::NamedTupleClass(c), _)) => Some(SigClass::NamedTuple(*c)),
            _ => None,
        }
    }

    /// Finds a function by name.
    pub fn function_named(&self, name: &str) -> Option<FuncId> {
        let sym = self.module.interner.get(name)?;
        match self.globals.get(&sym) {
            Some((Global::Function(f), _)) => Some(*f),
            _ => None,
        }
    }

    fn top_level(
        &mut self,
        index: usize,
        stmt: &'m Stmt,
        host_arrays: &[&str],
        diags: &mut Vec<Diagnostic>,
    ) {
        match &stmt.kind {
            StmtKind::Import(aliases) => {
                for alias in self.module.aliases(*aliases) {
                    self.import(alias, diags);
                }
            }
            StmtKind::ImportFrom { module, names, level } => {
                let names = self.module.aliases(*names);
                self.import_from(module.as_ref(), names, *level, stmt.span, host_arrays, diags);
            }
            StmtKind::FunctionDef(def) => {
                let info = self.function_info(index, def, diags);
                let f = FuncId(self.functions.len() as u32);
                self.functions.push(info);
                self.bind(def.name.name, Global::Function(f), def.name.span);
            }
            StmtKind::ClassDef(class) => {
                let global = if self.is_named_tuple_class(class) {
                    self.named_tuple_class(class, diags).map(Global::NamedTupleClass)
                } else if self.is_exception_class(class) {
                    self.exception_class(class, diags)
                } else {
                    self.enum_class(class, diags).map(Global::EnumClass)
                };
                self.bind(class.name.name, global.unwrap_or(Global::Error), class.name.span);
            }
            StmtKind::Assign { targets, value } => {
                for &t in self.module.exprs(*targets) {
                    self.module_assign(t, *value, diags);
                }
            }
            StmtKind::AnnAssign { target, value: Some(value), .. } => self.module_assign(*target, *value, diags),
            StmtKind::Expr(e) if matches!(self.expr(*e).kind, ExprKind::Str(_)) => {}
            StmtKind::Pass => {}
            StmtKind::If { test, .. } if is_main_guard(self.module, *test) => {}
            _ => diags.push(
                Diagnostic::error(
                    "only imports, constants and functions may appear at the top level of a kernel file",
                    stmt.span,
                )
                .with_help("host code belongs in a separate script (or under `if __name__ == \"__main__\":`)"),
            ),
        }
    }

    fn module_assign(&mut self, target: ExprId, value: ExprId, diags: &mut Vec<Diagnostic>) {
        let target = self.expr(target);
        let ExprKind::Name(name) = target.kind else {
            diags.push(Diagnostic::error(
                "only simple names can be assigned at the top level of a kernel file",
                target.span,
            ));
            return;
        };
        if self.host_arrays.contains(&name) {
            // The host supplies this array (a NumPy array frozen, or a
            // device array): its value in the file is the host's.
            self.bind(name, Global::HostGlobal, target.span);
            return;
        }
        if let Some(f) = self.function_alias(value) {
            self.bind(name, Global::Function(f), target.span);
            return;
        }
        if let Some(c) = self.intrinsic_alias(value) {
            // Another name for an intrinsic (`op = operator.add`, `SIN =
            // math.sin`): the intrinsic itself, as Numba freezes it.
            self.bind(name, Global::Member(Member::Func(c)), target.span);
            return;
        }
        if let ExprKind::Name(n) = self.expr(value).kind {
            // Another name for a class of the file.
            let class = match self.globals.get(&n) {
                Some((g @ (Global::EnumClass(_) | Global::NamedTupleClass(_)), _)) => {
                    Some(g.clone())
                }
                _ => None,
            };
            if let Some(g) = class {
                self.bind(name, g, target.span);
                return;
            }
        }
        let frozen = match self.named_tuple_value(value, diags) {
            Some(named) => Some(named),
            None => self.global_tuple(value, diags).map(Some),
        };
        if let Some(frozen) = frozen {
            let global = frozen.map_or(Global::Error, |v| {
                let k = self.value_tuples.len() as u32;
                self.value_tuples.push(v);
                Global::ValueTuple(k)
            });
            self.bind(name, global, target.span);
            return;
        }
        if let Some(class) = self.named_tuple_call(value, diags) {
            let global = class.map_or(Global::Error, Global::NamedTupleClass);
            self.bind(name, global, target.span);
            return;
        }
        if let Some((call, args, keywords)) = self.call_of(value, Member::FfiClass) {
            // `ffi = cffi.FFI()`: the name is the FFI object, whose
            // `from_buffer` kernels call.
            let global = if args.is_empty() && keywords.is_empty() {
                Global::Ns(Ns::Ffi)
            } else {
                diags.push(Diagnostic::error(
                    "kernelc reads `cffi.FFI()` without arguments: kernels use only its `from_buffer`",
                    call,
                ));
                Global::Error
            };
            self.bind(name, global, target.span);
            return;
        }
        if let Some(record) = self.record_dtype(value, diags) {
            // A record dtype: the name stands for the record type.
            let global = record.map_or(Global::Error, |r| {
                Global::Member(Member::Dtype(Elem::Record(r)))
            });
            self.bind(name, global, target.span);
            return;
        }
        if let Some((e, k)) = self.enum_member_path(value) {
            self.bind(name, Global::EnumMember(e, k), target.span);
            return;
        }
        if let Some(decl) = self.declare_device(value, diags) {
            let global = match decl {
                Some(decl) => match u16::try_from(self.externs.len()) {
                    Ok(k) => {
                        self.externs.push(decl);
                        Global::Extern(k)
                    }
                    Err(_) => {
                        diags.push(Diagnostic::error(
                            "too many functions declared with `cuda.declare_device` (65536 at most)",
                            decl.span,
                        ));
                        Global::Error
                    }
                },
                None => Global::Error,
            };
            self.bind(name, global, target.span);
            return;
        }
        if let ExprKind::Str(s) = self.expr(value).kind {
            self.bind(name, Global::Str(s), target.span);
            return;
        }
        let global = match const_eval::eval(self.module, value, &ModuleConstEnv { env: self }) {
            Ok(v) => {
                self.consts.push(v);
                Global::Const(ConstId(self.consts.len() as u32 - 1))
            }
            Err(e) if e.overflow => {
                diags.push(Diagnostic::error(e.reason, e.span));
                Global::Error
            }
            Err(_) => Global::HostGlobal,
        };
        self.bind(name, global, target.span);
    }

    fn import(&mut self, alias: &ImportAlias, diags: &mut Vec<Diagnostic>) {
        let path = self.dotted(&alias.name);
        let Some(ns) = module_namespace(&path) else {
            diags.push(unknown_module(&path, alias.name.span));
            let bound = alias
                .asname
                .unwrap_or(self.module.idents(alias.name.parts)[0]);
            self.bind(bound.name, Global::Error, bound.span);
            return;
        };
        match alias.asname {
            Some(asname) => {
                self.bind(asname.name, Global::Ns(ns), asname.span);
            }
            None => {
                // `import numba.cuda` binds `numba`.
                let first = self.module.idents(alias.name.parts)[0];
                let top = module_namespace(self.name(first.name)).unwrap_or(ns);
                self.bind(first.name, Global::Ns(top), first.span);
            }
        }
    }

    fn import_from(
        &mut self,
        module: Option<&DottedName>,
        names: &[ImportAlias],
        level: u32,
        span: Span,
        host_arrays: &[&str],
        diags: &mut Vec<Diagnostic>,
    ) {
        let Some(module) = module.filter(|_| level == 0) else {
            diags.push(Diagnostic::error(
                "relative imports are not supported in kernel files",
                span,
            ));
            return;
        };
        let path = self.dotted(module);
        let Some(ns) = module_namespace(&path) else {
            // Constant arrays the host supplies may be imported from a host
            // module: `from weights import W` with `W` supplied.
            let supplied = |a: &ImportAlias| {
                let [name] = self.module.idents(a.name.parts) else {
                    return false;
                };
                let bound = a.asname.unwrap_or(*name);
                host_arrays.contains(&self.module.interner.resolve(bound.name))
            };
            if names.iter().all(supplied) {
                for alias in names {
                    let bound = alias
                        .asname
                        .unwrap_or(self.module.idents(alias.name.parts)[0]);
                    self.bind(bound.name, Global::HostGlobal, bound.span);
                }
                return;
            }
            diags.push(unknown_module(&path, module.span));
            for alias in names {
                let bound = alias
                    .asname
                    .unwrap_or(self.module.idents(alias.name.parts)[0]);
                self.bind(bound.name, Global::Error, bound.span);
            }
            return;
        };
        for alias in names {
            let first = self.module.idents(alias.name.parts)[0];
            let item = self.module.interner.resolve(first.name);
            let bound = alias.asname.unwrap_or(first);
            match member(ns, item) {
                Some(Member::Namespace(inner)) => {
                    self.bind(bound.name, Global::Ns(inner), bound.span);
                }
                Some(m) => {
                    self.bind(bound.name, Global::Member(m), bound.span);
                }
                None => {
                    self.bind(bound.name, Global::Error, bound.span);
                    let mut d = Diagnostic::error(
                        format!("cannot import '{item}' from '{path}': kernels cannot use it"),
                        alias.name.span,
                    );
                    if let Some(s) = closest(item, member_names(ns)) {
                        d = d.with_help(format!("did you mean `{s}`?"));
                    }
                    diags.push(d);
                }
            }
        }
    }

    /// The text of a dotted name (borrowed when it has a single part).
    fn dotted(&self, d: &DottedName) -> Cow<'m, str> {
        let interner = &self.module.interner;
        match self.module.idents(d.parts) {
            [single] => Cow::Borrowed(interner.resolve(single.name)),
            parts => {
                let parts: Vec<&str> = parts.iter().map(|p| interner.resolve(p.name)).collect();
                Cow::Owned(parts.join("."))
            }
        }
    }

    fn function_info(
        &mut self,
        stmt: usize,
        def: &FunctionDef,
        diags: &mut Vec<Diagnostic>,
    ) -> FunctionInfo<'m> {
        let mut info = FunctionInfo {
            stmt,
            name: def.name.name,
            jit: false,
            flags: JitFlags::default(),
            sigs: Vec::new(),
            locals: self.spare_locals.pop().unwrap_or_default(),
            nested_def: None,
            parent: None,
            captures: Vec::new(),
        };
        // A nested function's decorators are reported by `closures`.
        if stmt != NESTED {
            for &d in self.module.exprs(def.decorators) {
                self.decorator(d, &mut info, diags);
            }
        }
        info.locals.reserve(def.params.len() + 16);
        for p in self.module.params(def.params) {
            if info.locals.iter().any(|(n, _)| *n == p.name.name) {
                diags.push(Diagnostic::error(
                    format!("duplicate parameter '{}'", self.name(p.name.name)),
                    p.name.span,
                ));
            }
            // A kernel parameter's default value is never used: a launch
            // passes every argument (Numba refuses one that does not).
            info.locals.push((p.name.name, p.name.span));
        }
        let nparams = info.locals.len();
        let body = self.module.block(def.body);
        // `global x` makes `x` refer to the module's `x` (reported as
        // unsupported, but resolved that way to avoid a cascade).
        let mut declared_global = Vec::new();
        // The names already in `locals`, so that a name assigned many
        // times is found a local with one lookup.
        let mut seen = std::mem::take(&mut self.local_of);
        for (i, (name, _)) in info.locals.iter().enumerate() {
            seen[name.0 as usize].get_or_insert(LocalId(i as u32));
        }
        let mut c = LocalsCollector {
            module: self.module,
            out: &mut info.locals,
            seen: &mut seen,
            globals: &mut declared_global,
        };
        c.block(body);
        for (name, _) in &info.locals {
            seen[name.0 as usize] = None;
        }
        self.local_of = seen;
        // (Almost always none.)
        let mut i = if declared_global.is_empty() {
            info.locals.len()
        } else {
            nparams
        };
        while i < info.locals.len() {
            if declared_global.contains(&info.locals[i].0) {
                // Assigned, and declared `global`/`nonlocal`: Numba stores
                // to no global (its STORE_GLOBAL is unsupported).
                let (name, span) = info.locals.remove(i);
                diags.push(
                    Diagnostic::error(
                        format!(
                            "cannot assign to '{}', declared global or nonlocal: globals are \
                             compile-time constants in kernels",
                            self.name(name)
                        ),
                        span,
                    )
                    .with_help("use a local variable, or write the value into an array"),
                );
            } else {
                i += 1;
            }
        }
        info
    }

    fn decorator(&self, id: ExprId, info: &mut FunctionInfo<'m>, diags: &mut Vec<Diagnostic>) {
        let d = self.expr(id);
        let (func, args, keywords) = match d.kind {
            ExprKind::Call {
                func,
                args,
                keywords,
            } => (
                func,
                self.module.exprs(args),
                self.module.keywords(keywords),
            ),
            _ => (id, &[][..], &[][..]),
        };
        if matches!(self.global_path(func), Some(Member::CpuJit)) {
            // `@numba.njit`: a CPU function, which Numba compiles for the
            // device when a kernel calls it; its options are the CPU's
            // (`cache`, `nogil`, ...) except `fastmath`.
            info.jit = true;
            info.flags.device = true;
            for &a in args {
                self.decorator_sigs(a, info, diags);
            }
            for kw in keywords {
                if self.name(kw.name.name) == "fastmath" {
                    if let Ok(v) =
                        const_eval::eval(self.module, kw.value, &ModuleConstEnv { env: self })
                    {
                        info.flags.fastmath = v.truthy();
                    }
                }
            }
            return;
        }
        if !matches!(self.global_path(func), Some(Member::Jit)) {
            diags.push(
                Diagnostic::error("unsupported decorator: kernels are marked with `@cuda.jit`", d.span)
                    .with_help("use `@cuda.jit`, `@cuda.jit(device=True)` or `@cuda.jit(\"void(float32[:])\")`"),
            );
            return;
        }
        info.jit = true;
        for &a in args {
            self.decorator_sigs(a, info, diags);
        }
        for kw in keywords {
            let name = self.name(kw.name.name);
            let value = match const_eval::eval(self.module, kw.value, &ModuleConstEnv { env: self })
            {
                Ok(v) => v.truthy(),
                Err(_) => {
                    matches!(self.expr(kw.value).kind, ExprKind::Str(s) if self.module.string(s) == "always")
                }
            };
            match name {
                "device" => info.flags.device = value,
                "fastmath" => info.flags.fastmath = value,
                "debug" => info.flags.debug = value,
                "boundscheck" => info.flags.boundscheck = value,
                "lineinfo" => info.flags.lineinfo = value,
                "inline" => info.flags.inline = value,
                // `link=`: files the host links with the kernel (the
                // binding, `kernelc run --link`, `kc_module_load_linked`).
                "opt" | "cache" | "max_registers" | "lto" | "link" => {}
                _ => diags.push(
                    Diagnostic::error(format!("unknown `cuda.jit` option '{name}'"), kw.name.span).with_help(
                        "options are device, fastmath, debug, boundscheck, lineinfo, inline, link, opt, cache, max_registers",
                    ),
                ),
            }
        }
    }

    fn decorator_sigs(&self, id: ExprId, info: &mut FunctionInfo<'m>, diags: &mut Vec<Diagnostic>) {
        let a = self.expr(id);
        match &a.kind {
            ExprKind::Str(text) => {
                let text = self.module.string(*text);
                let text_offset = plain_string_offset(text, a.span);
                info.sigs.push(DeclaredSig {
                    text: Cow::Borrowed(text),
                    text_offset,
                    span: a.span,
                    from_expr: false,
                });
            }
            ExprKind::List(items) | ExprKind::Tuple(items) => {
                for &item in self.module.exprs(*items) {
                    self.decorator_sigs(item, info, diags);
                }
            }
            _ => match self.sig_expr_text(id) {
                Some(text) => info.sigs.push(DeclaredSig {
                    text: Cow::Owned(text),
                    text_offset: None,
                    span: a.span,
                    from_expr: true,
                }),
                None => diags.push(Diagnostic::error(
                    "a `cuda.jit` signature must be a string like \"void(float32[:], int32)\" or a type expression",
                    a.span,
                )),
            },
        }
    }

    /// Converts a signature written with type objects (`void(float32[:])`)
    /// into signature text.
    fn sig_expr_text(&self, id: ExprId) -> Option<String> {
        let e = self.expr(id);
        match &e.kind {
            ExprKind::Name(_) | ExprKind::Attribute { .. } => match self.global_path(id) {
                Some(Member::Dtype(s)) => Some(s.to_string()),
                _ => {
                    let last = match &e.kind {
                        ExprKind::Name(n) => self.name(*n),
                        ExprKind::Attribute { attr, .. } => self.name(attr.name),
                        _ => return None,
                    };
                    match last {
                        "void" | "none" => Some("void".to_string()),
                        // `types.CPointer(types.int32)`, called below.
                        "CPointer" => Some("CPointer".to_string()),
                        _ => None,
                    }
                }
            },
            ExprKind::Subscript { value, index } => {
                let base = self.sig_expr_text(*value)?;
                let dims: &[ExprId] = match &self.expr(*index).kind {
                    ExprKind::Tuple(items) => self.module.exprs(*items),
                    _ => std::slice::from_ref(index),
                };
                let mut parts = Vec::new();
                for &d in dims {
                    match &self.expr(d).kind {
                        ExprKind::Slice {
                            lower: None,
                            upper: None,
                            step: None,
                        } => parts.push(":"),
                        ExprKind::Slice {
                            lower: None,
                            upper: None,
                            step: Some(s),
                        } if matches!(self.expr(*s).kind, ExprKind::Int(1)) => parts.push("::1"),
                        _ => return None,
                    }
                }
                Some(format!("{base}[{}]", parts.join(", ")))
            }
            ExprKind::Call {
                func,
                args,
                keywords,
            } if keywords.is_empty() => {
                let ret = self.sig_expr_text(*func)?;
                let args: Option<Vec<String>> = (self.module.exprs(*args).iter())
                    .map(|&a| self.sig_expr_text(a))
                    .collect();
                Some(format!("{ret}({})", args?.join(", ")))
            }
            _ => None,
        }
    }

    /// The call `value` is when it calls `callee` (`namedtuple(...)`,
    /// `cuda.declare_device(...)`): the call's span, positional arguments
    /// and keyword arguments.
    pub(super) fn call_of(
        &self,
        value: ExprId,
        callee: Member,
    ) -> Option<(Span, &'m [ExprId], &'m [KeywordArg])> {
        let e = self.expr(value);
        let ExprKind::Call {
            func,
            args,
            keywords,
        } = &e.kind
        else {
            return None;
        };
        (self.global_path(*func) == Some(callee)).then(|| {
            (
                e.span,
                self.module.exprs(*args),
                self.module.keywords(*keywords),
            )
        })
    }

    /// A module-level tuple that holds functions of the file, host-supplied
    /// arrays or named tuples, at any depth (`OPS = (add, (mul, 2.0))`,
    /// `CASES = (A, B)`), its other items constants; `None` for any other
    /// value (a tuple of constants is a constant).
    fn global_tuple(&self, value: ExprId, diags: &mut Vec<Diagnostic>) -> Option<GlobalValue> {
        let ExprKind::Tuple(items) = &self.expr(value).kind else {
            return None;
        };
        let mut holds_value = false;
        let mut out = Vec::new();
        for &item in self.module.exprs(*items) {
            let (v, is_value) = self.global_item(item, diags)?;
            holds_value |= is_value;
            out.push(v);
        }
        holds_value.then_some(GlobalValue::Tuple(out))
    }

    /// An item of a module-level tuple or named tuple: a function, an
    /// intrinsic, a tuple or named tuple of values, a host array (each a
    /// value: `true`), or a constant (`false`); `None` for anything else.
    pub(super) fn global_item(
        &self,
        item: ExprId,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<(GlobalValue, bool)> {
        if let Some(f) = self.function_alias(item) {
            return Some((GlobalValue::Function(f), true));
        }
        if let Some(c) = self.intrinsic_alias(item) {
            return Some((GlobalValue::Intrinsic(c), true));
        }
        if let Some(t) = self
            .global_tuple(item, diags)
            .or_else(|| self.value_tuple_named(item))
            .or_else(|| self.global_named_tuple(item, diags))
        {
            return Some((t, true));
        }
        if let Some(a) = self.host_array_named(item) {
            // `cases = (A, B)` of host arrays: frozen as a tuple of them.
            return Some((GlobalValue::HostArray(a), true));
        }
        let v = const_eval::eval(self.module, item, &ModuleConstEnv { env: self }).ok()?;
        Some((GlobalValue::Const(v), false))
    }

    /// The host-supplied array a name names.
    fn host_array_named(&self, value: ExprId) -> Option<Symbol> {
        match self.expr(value).kind {
            ExprKind::Name(n) if self.host_arrays.contains(&n) => Some(n),
            _ => None,
        }
    }

    /// The tuple of functions a name bound at module level holds.
    fn value_tuple_named(&self, value: ExprId) -> Option<GlobalValue> {
        match self.expr(value).kind {
            ExprKind::Name(n) => match self.globals.get(&n) {
                Some((Global::ValueTuple(k), _)) => Some(self.value_tuples[*k as usize].clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// The function a module-level value names: `twice` (a function of the
    /// file) or `cuda.jit(device=True)(twice)`, Numba's way of making a
    /// device function of a plain one.
    fn function_alias(&self, value: ExprId) -> Option<FuncId> {
        match &self.expr(value).kind {
            ExprKind::Name(n) => match self.globals.get(n) {
                Some((Global::Function(f), _)) => Some(*f),
                _ => None,
            },
            ExprKind::Call {
                func,
                args,
                keywords,
            } => {
                let [f] = self.module.exprs(*args) else {
                    return None;
                };
                if !self.module.keywords(*keywords).is_empty() {
                    return None;
                }
                let ExprKind::Call {
                    func: jit,
                    keywords: options,
                    ..
                } = &self.expr(*func).kind
                else {
                    return None;
                };
                let device = self.module.keywords(*options).iter().any(|k| {
                    self.name(k.name.name) == "device"
                        && matches!(self.expr(k.value).kind, ExprKind::Bool(true))
                });
                if !device || !matches!(self.global_path(*jit), Some(Member::Jit)) {
                    return None;
                }
                self.function_alias(*f)
            }
            _ => None,
        }
    }

    /// The intrinsic a module-level value names (`operator.add`,
    /// `cuda.atomic.add`, or another name bound to one), when it is also
    /// a value ([`Callee::is_value`]).
    fn intrinsic_alias(&self, value: ExprId) -> Option<Callee> {
        let m = match self.expr(value).kind {
            // A builtin (`OP = abs`) unless a global takes its name.
            ExprKind::Name(n) if !self.globals.contains_key(&n) => builtin(self.name(n))?,
            _ => self.global_path(value)?,
        };
        match m {
            Member::Func(c) if c.is_value() => Some(c),
            _ => None,
        }
    }

    /// `Color.RED` (or an alias of a member) at the top level.
    fn enum_member_path(&self, value: ExprId) -> Option<(EnumType, u32)> {
        match &self.expr(value).kind {
            ExprKind::Name(n) => match self.globals.get(n) {
                Some((Global::EnumMember(e, k), _)) => Some((*e, *k)),
                _ => None,
            },
            ExprKind::Attribute { value, attr } => match &self.expr(*value).kind {
                ExprKind::Name(n) => match self.globals.get(n) {
                    Some((Global::EnumClass(e), _)) => {
                        Some((*e, e.member_index(self.name(attr.name))?))
                    }
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        }
    }

    /// Resolves a module-level path expression (decorators, signature types).
    fn global_path(&self, id: ExprId) -> Option<Member> {
        match &self.expr(id).kind {
            ExprKind::Name(n) => match self.globals.get(n) {
                Some((Global::Member(m), _)) => Some(*m),
                Some((Global::Ns(ns), _)) => Some(Member::Namespace(*ns)),
                _ => None,
            },
            ExprKind::Attribute { value, attr } => match self.global_path(*value)? {
                Member::Namespace(ns) => member(ns, self.name(attr.name)),
                _ => None,
            },
            _ => None,
        }
    }
}

/// True for `if __name__ == "__main__":`.
fn is_main_guard(module: &Module, test: ExprId) -> bool {
    if let ExprKind::Compare { left, ops } = module.expr(test).kind {
        let left = &module.expr(left).kind;
        if let (ExprKind::Name(n), [(CmpOp::Eq, rhs)]) = (left, module.comparisons(ops)) {
            return module.interner.resolve(*n) == "__name__"
                && matches!(module.expr(*rhs).kind, ExprKind::Str(s) if module.string(s) == "__main__");
        }
    }
    false
}

fn unknown_module(path: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("module '{path}' is not available in kernels"), span).with_help(
        "kernels may import numba, numba.cuda, math and numpy (and kernelc's own `cuda`)",
    )
}

/// The offset of a string literal's contents when they map byte for byte
/// onto the source: a literal with no prefix, no escapes and one quote on
/// each side is exactly two bytes longer than its value.
fn plain_string_offset(value: &str, span: Span) -> Option<u32> {
    (span.len() as usize == value.len() + 2).then_some(span.lo + 1)
}

/// Collects the names a function body assigns (Python's rule: a name
/// assigned anywhere in a function is local to all of it) into `out`, and
/// the names of its `global` and `nonlocal` statements into `globals`.
struct LocalsCollector<'a> {
    module: &'a Module,
    out: &'a mut Vec<(Symbol, Span)>,
    /// Each symbol already in `out`, with its position there.
    seen: &'a mut [Option<LocalId>],
    globals: &'a mut Vec<Symbol>,
}

impl LocalsCollector<'_> {
    fn block(&mut self, body: &[Stmt]) {
        let module = self.module;
        for s in body {
            match &s.kind {
                StmtKind::Assign { targets, .. } => {
                    module.exprs(*targets).iter().for_each(|&t| self.target(t))
                }
                StmtKind::AugAssign { target: t, .. } | StmtKind::AnnAssign { target: t, .. } => {
                    self.target(*t)
                }
                StmtKind::For {
                    target: t,
                    body,
                    orelse,
                    ..
                } => {
                    self.target(*t);
                    self.block(module.block(*body));
                    self.block(module.block(*orelse));
                }
                StmtKind::If { body, orelse, .. } | StmtKind::While { body, orelse, .. } => {
                    self.block(module.block(*body));
                    self.block(module.block(*orelse));
                }
                // A nested `def` binds its name.
                StmtKind::FunctionDef(def) => self.name(def.name.name, def.name.span),
                StmtKind::Global(names) | StmtKind::Nonlocal(names) => self
                    .globals
                    .extend(module.idents(*names).iter().map(|n| n.name)),
                _ => {}
            }
        }
    }

    /// Collects the names an assignment target binds (inlined for the
    /// common targets, a name or a subscript; tuples go through
    /// [`Self::target_items`]).
    #[inline]
    fn target(&mut self, target: ExprId) {
        let e = self.module.expr(target);
        match &e.kind {
            ExprKind::Name(n) => self.name(*n, e.span),
            ExprKind::Tuple(items) | ExprKind::List(items) => self.target_items(*items),
            _ => {}
        }
    }

    /// Adds local `n` (bound at `span`) unless it is one already.
    #[inline]
    fn name(&mut self, n: Symbol, span: Span) {
        let seen = &mut self.seen[n.0 as usize];
        if seen.is_none() {
            *seen = Some(LocalId(self.out.len() as u32));
            self.out.push((n, span));
        }
    }

    /// [`Self::target`] for each item of a tuple or list target.
    #[inline(never)]
    fn target_items(&mut self, items: Seq<ExprId>) {
        for &item in self.module.exprs(items) {
            self.target(item);
        }
    }
}

/// The room of the vector `v`, emptied, as a vector of `U`, a type of the
/// same layout (here: the same type with another lifetime). Collecting a
/// mapped `into_iter` reuses the allocation then, so the room is kept.
fn reuse_empty<T, U>(mut v: Vec<T>) -> Vec<U> {
    v.clear();
    v.into_iter()
        .map(|_| unreachable!("the vector is empty"))
        .collect()
}

/// Constant lookup at module level: constants defined so far.
struct ModuleConstEnv<'a, 'm> {
    env: &'a ModuleEnv<'m>,
}

impl ConstEnv for ModuleConstEnv<'_, '_> {
    fn lookup(&self, expr: ExprId) -> ConstLookup {
        match &self.env.expr(expr).kind {
            ExprKind::Name(n) => match self.env.globals.get(n) {
                Some((Global::Const(c), _)) => ConstLookup::Value(*self.env.constant(*c)),
                Some((Global::Member(m), _)) => ConstLookup::Member(*m),
                _ => match builtin(self.env.name(*n)) {
                    Some(m) => ConstLookup::Member(m),
                    None => {
                        ConstLookup::NotConst(format!("'{}' is not a constant", self.env.name(*n)))
                    }
                },
            },
            _ => match self.env.global_path(expr) {
                Some(m) => ConstLookup::Member(m),
                None => ConstLookup::NotConst("not a constant".into()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reuse_empty_keeps_the_room() {
        let mut v: Vec<FunctionInfo<'static>> = Vec::with_capacity(5);
        let at = v.as_ptr() as usize;
        v.push(FunctionInfo {
            stmt: 0,
            name: Symbol(0),
            jit: false,
            flags: JitFlags::default(),
            sigs: Vec::new(),
            locals: Vec::new(),
            nested_def: None,
            parent: None,
            captures: Vec::new(),
        });
        let w: Vec<FunctionInfo<'_>> = reuse_empty(v);
        assert!(w.is_empty());
        assert_eq!((w.as_ptr() as usize, w.capacity()), (at, 5));
    }
}
