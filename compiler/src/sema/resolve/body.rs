//! Name resolution inside function bodies: every `Name` and `Attribute`
//! expression of a body gets its [`Res`], and unknown names and members
//! are reported with a "did you mean" suggestion. The body is walked
//! statement by statement, so problems are reported in source order.

use super::{ModuleEnv, Res};
use crate::diagnostics::{closest, Diagnostic};
use crate::enums::EnumType;
use crate::front::ast::*;
use crate::front::interner::Symbol;
use crate::sema::intrinsics::{self, member, member_names, Member, Ns};
use crate::sema::typed::{FuncId, LocalId};
use crate::span::Span;

impl ModuleEnv<'_> {
    /// Resolves every name in function `f`, filling [`ModuleEnv::res`].
    pub fn resolve_function(&mut self, f: FuncId, diags: &mut Vec<Diagnostic>) {
        let def = self.def(f);
        // The table is filled while the rest of `self` is read.
        let mut res = std::mem::take(&mut self.res);
        // This function's locals by symbol (the first of duplicate
        // parameters, which are reported, wins), emptied again below.
        let mut local_of = std::mem::take(&mut self.local_of);
        // Default parameter values are evaluated where the function is
        // defined: they see the module's names, not the parameters (a
        // nested function's are resolved with its parent's body, where
        // its `def` is).
        let mut defaults = FnResolver {
            env: self,
            f,
            local_of: &local_of,
            res: &mut res,
            unknown_reported: Vec::new(),
        };
        if self.function(f).parent.is_none() {
            for p in self.module.params(def.params) {
                if let Some(d) = p.default {
                    defaults.expr(d, diags);
                }
            }
        }
        for (i, (name, _)) in self.function(f).locals.iter().enumerate() {
            local_of[name.0 as usize].get_or_insert(LocalId(i as u32));
        }
        let mut r = FnResolver {
            env: self,
            f,
            local_of: &local_of,
            res: &mut res,
            unknown_reported: Vec::new(),
        };
        for stmt in self.module.block(def.body) {
            r.stmt(stmt, diags);
        }
        for (name, _) in &self.function(f).locals {
            local_of[name.0 as usize] = None;
        }
        self.res = res;
        self.local_of = local_of;
    }
}

/// Why an attribute of a resolved base is an error.
enum AttrError {
    /// The namespace has no such member.
    UnknownMember(Ns),
    /// The base has no attributes kernels can use.
    NotAnAttribute,
    /// The enum class has no such member.
    UnknownEnumMember(EnumType),
}

/// Resolves the names of one function body.
struct FnResolver<'a, 'm> {
    env: &'a ModuleEnv<'m>,
    f: FuncId,
    /// The number of each local of the function, by name.
    local_of: &'a [Option<LocalId>],
    /// The table being filled ([`ModuleEnv::res`]).
    res: &'a mut [Res],
    unknown_reported: Vec<Symbol>,
}

impl FnResolver<'_, '_> {
    fn stmt(&mut self, s: &Stmt, diags: &mut Vec<Diagnostic>) {
        // The recursive step (see `crate::stack`).
        crate::stack::deeper(|| self.stmt_here(s, diags))
    }

    fn stmt_here(&mut self, s: &Stmt, diags: &mut Vec<Diagnostic>) {
        let module = self.env.module;
        match &s.kind {
            StmtKind::Expr(e) => self.expr(*e, diags),
            StmtKind::Assign { targets, value } => {
                module.exprs(*targets).iter().for_each(|&t| self.expr(t, diags));
                self.expr(*value, diags);
            }
            StmtKind::AugAssign { target, value, .. } => {
                self.expr(*target, diags);
                self.expr(*value, diags);
            }
            StmtKind::AnnAssign { target, value, .. } => {
                self.expr(*target, diags);
                if let Some(v) = value {
                    self.expr(*v, diags);
                }
            }
            StmtKind::If { test, body, orelse } | StmtKind::While { test, body, orelse } => {
                self.expr(*test, diags);
                module.block(*body).iter().for_each(|s| self.stmt(s, diags));
                module.block(*orelse).iter().for_each(|s| self.stmt(s, diags));
            }
            StmtKind::For { target, iter, body, orelse } => {
                self.expr(*target, diags);
                self.expr(*iter, diags);
                module.block(*body).iter().for_each(|s| self.stmt(s, diags));
                module.block(*orelse).iter().for_each(|s| self.stmt(s, diags));
            }
            StmtKind::Return(Some(e)) => self.expr(*e, diags),
            // The exception's class is named, not resolved (the checker
            // knows Python's exception classes); its arguments are
            // resolved as any expression.
            StmtKind::Raise(Some(exc)) => match &module.expr(*exc).kind {
                ExprKind::Name(_) => {}
                ExprKind::Call { func, args, keywords } if matches!(module.expr(*func).kind, ExprKind::Name(_)) => {
                    module.exprs(*args).iter().for_each(|a| self.expr(*a, diags));
                    module.keywords(*keywords).iter().for_each(|k| self.expr(k.value, diags));
                }
                _ => self.expr(*exc, diags),
            },
            StmtKind::Assert { test, msg } => {
                self.expr(*test, diags);
                if let Some(m) = msg {
                    self.expr(*m, diags);
                }
            }
            // A nested function is a function of its own (see `closures`),
            // resolved by itself; its name is a local here, and its
            // default values are evaluated here.
            StmtKind::FunctionDef(def) => {
                for p in module.params(def.params) {
                    if let Some(d) = p.default {
                        self.expr(d, diags);
                    }
                }
            }
            StmtKind::ClassDef(class) => diags.push(
                Diagnostic::error("'class' definitions are not supported in kernels", class.header_span)
                    .with_help("define enum classes (`class Color(IntEnum): ...`) at the top level of the file"),
            ),
            StmtKind::Import(_) | StmtKind::ImportFrom { .. } => diags.push(
                Diagnostic::error("imports inside a function are not supported", s.span)
                    .with_help("move the import to the top of the file"),
            ),
            // `global x` / `nonlocal x`: `x` is the module's (a closure
            // variable is one in the binding's view), a compile-time
            // constant read as Numba freezes it; the names are left out of
            // the function's locals (see `LocalsCollector`), and storing to
            // one is an error there.
            StmtKind::Global(_) | StmtKind::Nonlocal(_) => {}
            StmtKind::Del(_) => diags.push(Diagnostic::error("`del` is not supported in kernels", s.span)),
            StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Pass
            | StmtKind::Return(None)
            | StmtKind::Raise(None) => {}
        }
    }

    fn expr(&mut self, id: ExprId, diags: &mut Vec<Diagnostic>) {
        let e = self.env.module.expr(id);
        match e.kind {
            ExprKind::Name(n) => self.res[id.index()] = self.name(n, e.span, diags),
            ExprKind::Int(_)
            | ExprKind::Float(_)
            | ExprKind::Imag(_)
            | ExprKind::Bool(_)
            | ExprKind::Str(_) => {}
            // The recursive step (see `crate::stack`).
            _ => crate::stack::deeper(|| self.expr_here(id, e, diags)),
        }
    }

    /// [`Self::expr`] of the expressions with parts to resolve.
    fn expr_here(&mut self, id: ExprId, e: &Expr, diags: &mut Vec<Diagnostic>) {
        let module = self.env.module;
        let exprs = |list| module.exprs(list).iter().copied();
        match e.kind {
            ExprKind::Name(n) => self.res[id.index()] = self.name(n, e.span, diags),
            ExprKind::Attribute { .. } => self.res[id.index()] = self.path(id, diags),
            ExprKind::Subscript { value, index } => {
                self.expr(value, diags);
                self.expr(index, diags);
            }
            ExprKind::Call {
                func,
                args,
                keywords,
            } => {
                self.expr(func, diags);
                exprs(args).for_each(|a| self.expr(a, diags));
                for k in module.keywords(keywords) {
                    self.expr(k.value, diags);
                }
            }
            ExprKind::BinOp { left, right, .. } => {
                self.expr(left, diags);
                self.expr(right, diags);
            }
            ExprKind::UnaryOp { operand, .. } | ExprKind::Starred(operand) => {
                self.expr(operand, diags)
            }
            ExprKind::BoolOp { values, .. } | ExprKind::Tuple(values) | ExprKind::List(values) => {
                exprs(values).for_each(|v| self.expr(v, diags));
            }
            ExprKind::Compare { left, ops } => {
                self.expr(left, diags);
                for &(_, right) in module.comparisons(ops) {
                    self.expr(right, diags);
                }
            }
            ExprKind::IfExp { test, body, orelse } => {
                self.expr(test, diags);
                self.expr(body, diags);
                self.expr(orelse, diags);
            }
            ExprKind::Slice { lower, upper, step } => {
                for part in [lower, upper, step].into_iter().flatten() {
                    self.expr(part, diags);
                }
            }
            _ => {}
        }
    }

    /// Resolves a `Name` or an `Attribute` chain.
    fn path(&mut self, id: ExprId, diags: &mut Vec<Diagnostic>) -> Res {
        let e = self.env.expr(id);
        match e.kind {
            ExprKind::Name(n) => self.name(n, e.span, diags),
            ExprKind::Attribute { value, attr } => {
                let base = if is_path(self.env.module, value) {
                    // The recursive step (see `crate::stack`).
                    let r = crate::stack::deeper(|| self.path(value, diags));
                    self.res[value.index()] = r;
                    r
                } else {
                    self.expr(value, diags);
                    return Res::ValueAttr;
                };
                attribute(self.env, base, attr.name).unwrap_or_else(|error| {
                    let attr_name = self.env.name(attr.name);
                    diags.push(match error {
                        AttrError::UnknownMember(ns) => unknown_member(ns, attr_name, e.span),
                        AttrError::NotAnAttribute => Diagnostic::error(
                            format!("'{attr_name}' is not an attribute kernels can use here"),
                            attr.span,
                        ),
                        AttrError::UnknownEnumMember(en) => {
                            let d = Diagnostic::error(
                                format!("the enum '{}' has no member '{attr_name}'", en.name()),
                                attr.span,
                            );
                            match closest(attr_name, en.member_names()) {
                                Some(s) => {
                                    d.with_help(format!("did you mean `{}.{s}`?", en.name()))
                                }
                                None => d,
                            }
                        }
                    });
                    Res::Unresolved
                })
            }
            _ => Res::Unresolved,
        }
    }

    /// What name `n` refers to, or `None` for a name that is not defined.
    fn known_name(&self, n: Symbol) -> Option<Res> {
        match self.local_of[n.0 as usize] {
            Some(local) => Some(Res::Local(local)),
            None => self.env.module_name(n),
        }
    }

    fn name(&mut self, n: Symbol, span: Span, diags: &mut Vec<Diagnostic>) -> Res {
        if let Some(r) = self.known_name(n) {
            return r;
        }
        let text = self.env.name(n);
        // One message per unknown name and function.
        if !self.unknown_reported.contains(&n) {
            self.unknown_reported.push(n);
            diags.push(self.unknown_name(text, span));
        }
        Res::Unresolved
    }

    fn unknown_name(&self, text: &str, span: Span) -> Diagnostic {
        let mut d = Diagnostic::error(format!("name '{text}' is not defined"), span);
        if intrinsics::DTYPE_NAMES.contains(&text) {
            return d.with_help(format!("import the type first: `from numba import {text}`"));
        }
        if matches!(text, "cuda" | "math" | "np" | "numpy" | "numba") {
            let imp = match text {
                "cuda" => "from numba import cuda",
                "np" => "import numpy as np",
                other => {
                    return d.with_help(format!("add `import {other}` at the top of the file"))
                }
            };
            return d.with_help(format!("add `{imp}` at the top of the file"));
        }
        let info = self.env.function(self.f);
        let mut candidates: Vec<&str> =
            info.locals.iter().map(|(s, _)| self.env.name(*s)).collect();
        candidates.extend(self.env.globals.keys().map(|s| self.env.name(*s)));
        candidates.extend(intrinsics::BUILTIN_NAMES.iter().copied());
        if let Some(s) = closest(text, candidates) {
            d = d.with_help(format!("did you mean `{s}`?"));
        }
        d
    }
}

/// True for the expressions that are resolved as a whole (a name or an
/// attribute chain); other bases of an attribute are values.
fn is_path(module: &Module, e: ExprId) -> bool {
    matches!(
        module.expr(e).kind,
        ExprKind::Name(_) | ExprKind::Attribute { .. }
    )
}

/// The attribute `attr` of a name or attribute chain resolved to `base`.
fn attribute(env: &ModuleEnv<'_>, base: Res, attr: Symbol) -> Result<Res, AttrError> {
    match base {
        Res::Ns(ns) => match member(ns, env.name(attr)) {
            Some(Member::Namespace(inner)) => Ok(Res::Ns(inner)),
            Some(m) => Ok(Res::Member(m)),
            None => Err(AttrError::UnknownMember(ns)),
        },
        Res::Unresolved => Ok(Res::Unresolved),
        // A host global may be an array the host supplies (`TABLE.size`);
        // the checker says when it is not.
        Res::Local(_)
        | Res::Const(_)
        | Res::ValueAttr
        | Res::ValueTuple(_)
        | Res::HostGlobal(_) => Ok(Res::ValueAttr),
        Res::EnumClass(e) => match e.member_index(env.name(attr)) {
            Some(k) => Ok(Res::EnumMember(e, k)),
            None => Err(AttrError::UnknownEnumMember(e)),
        },
        Res::EnumMember(..) => Ok(Res::ValueAttr),
        Res::Member(_)
        | Res::Function(_)
        | Res::Extern(_)
        | Res::NamedTupleClass(_)
        | Res::ExceptionClass => Err(AttrError::NotAnAttribute),
    }
}

fn unknown_member(ns: Ns, attr: &str, span: Span) -> Diagnostic {
    let what = match ns {
        Ns::Cuda
        | Ns::CudaShared
        | Ns::CudaLocal
        | Ns::CudaConst
        | Ns::CudaAtomic
        | Ns::Dim3(_) => {
            format!("unknown CUDA intrinsic '{}.{attr}'", ns.path())
        }
        _ => format!("'{}.{attr}' is not supported in kernels", ns.path()),
    };
    let mut d = Diagnostic::error(what, span);
    if let Some(s) = closest(attr, member_names(ns)) {
        let call = match member(ns, s) {
            Some(Member::Func(_)) => "()",
            _ => "",
        };
        d = d.with_help(format!("did you mean `{}.{s}{call}`?", ns.path()));
    }
    d
}
