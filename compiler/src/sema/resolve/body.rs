//! Name resolution inside function bodies: every `Name` and `Attribute`
//! expression of a body gets its [`Res`], and unknown names and members
//! are reported with a "did you mean" suggestion.
//!
//! A body is resolved in one of two ways with the same result. The fast
//! way runs over the body's expressions in id order (children come before
//! their parents, so the base of an attribute is resolved before the
//! attribute); it gives up at the first name or member that would need a
//! message. The thorough way walks the statements and reports every
//! problem in order; it runs when the fast way gave up, and for the rare
//! bodies that have statements the fast way does not cover.

use super::{ModuleEnv, Res};
use crate::diagnostics::{closest, Diagnostic};
use crate::front::ast::*;
use crate::front::interner::Symbol;
use crate::sema::intrinsics::{self, member, member_names, Member, Ns};
use crate::span::Span;

impl ModuleEnv<'_> {
    /// Resolves every name in function `f`, filling [`ModuleEnv::res`].
    pub fn resolve_function(&mut self, f: u32, diags: &mut Vec<Diagnostic>) {
        let def = self.def(f);
        // The table is filled while the rest of `self` is read.
        let mut res = std::mem::take(&mut self.res);
        // One table for every function of the module: filled with this
        // function's locals now, cleared again at the end.
        let mut local_of = std::mem::take(&mut self.local_of);
        local_of.resize(self.module.interner.len(), None);
        let locals = &self.functions[f as usize].locals;
        for (i, (name, _)) in locals.iter().enumerate() {
            local_of[name.0 as usize].get_or_insert(Res::Local(i as u32));
        }
        let mut r = FnResolver {
            env: self,
            f,
            local_of: &local_of,
            res: &mut res,
            unknown_reported: Vec::new(),
        };
        let body = self.module.block(def.body);
        let exprs = def.body_exprs.clone();
        let plain = self.functions[f as usize].plain_body;
        if !(plain && r.scan(exprs.clone()).is_ok()) {
            r.res[exprs.start as usize..exprs.end as usize].fill(Res::Unresolved);
            for stmt in body {
                r.stmt(stmt, diags);
            }
        }
        for (name, _) in &self.functions[f as usize].locals {
            local_of[name.0 as usize] = None;
        }
        self.res = res;
        self.local_of = local_of;
    }
}

/// True when a statement (its nested blocks aside) holds nothing but
/// expressions to resolve: no nested function, import, `global`,
/// `nonlocal` or `del` (reported by [`FnResolver::stmt`]) and no annotation
/// (left unresolved). A body of such statements only (see
/// `FunctionInfo::plain_body`, found while its locals are collected) is
/// resolved the same in expression id order as by walking its statements.
pub(super) fn is_plain(kind: &StmtKind) -> bool {
    match kind {
        StmtKind::If { .. }
        | StmtKind::While { .. }
        | StmtKind::For { .. }
        | StmtKind::Expr(_)
        | StmtKind::Assign { .. }
        | StmtKind::AugAssign { .. }
        | StmtKind::Return(_)
        | StmtKind::Assert { .. }
        | StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Pass => true,
        StmtKind::AnnAssign { .. }
        | StmtKind::FunctionDef(_)
        | StmtKind::Import(_)
        | StmtKind::ImportFrom { .. }
        | StmtKind::Global(_)
        | StmtKind::Nonlocal(_)
        | StmtKind::Del(_) => false,
    }
}

/// Why an attribute of a resolved base is an error.
enum AttrError {
    /// The namespace has no such member.
    UnknownMember(Ns),
    /// The base has no attributes kernels can use.
    NotAnAttribute,
}

/// A name or member the fast resolution cannot settle without a message.
struct NeedsMessage;

/// Resolves the names of one function body.
struct FnResolver<'a, 'm> {
    env: &'a ModuleEnv<'m>,
    f: u32,
    /// The [`Res::Local`] of each symbol, if any (indexed by symbol).
    local_of: &'a [Option<Res>],
    /// The table being filled ([`ModuleEnv::res`]).
    res: &'a mut [Res],
    unknown_reported: Vec<Symbol>,
}

impl FnResolver<'_, '_> {
    fn stmt(&mut self, s: &Stmt, diags: &mut Vec<Diagnostic>) {
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
            StmtKind::Assert { test, msg } => {
                self.expr(*test, diags);
                if let Some(m) = msg {
                    self.expr(*m, diags);
                }
            }
            StmtKind::FunctionDef(def) => diags.push(Diagnostic::error(
                "nested functions are not supported in kernels; define it at the top level",
                def.header_span,
            )),
            StmtKind::Import(_) | StmtKind::ImportFrom { .. } => diags.push(
                Diagnostic::error("imports inside a function are not supported", s.span)
                    .with_help("move the import to the top of the file"),
            ),
            StmtKind::Global(_) | StmtKind::Nonlocal(_) => diags.push(Diagnostic::error(
                "`global` and `nonlocal` are not supported in kernels: globals are compile-time constants",
                s.span,
            )),
            StmtKind::Del(_) => diags.push(Diagnostic::error("`del` is not supported in kernels", s.span)),
            StmtKind::Break | StmtKind::Continue | StmtKind::Pass | StmtKind::Return(None) => {}
        }
    }

    fn expr(&mut self, id: ExprId, diags: &mut Vec<Diagnostic>) {
        let module = self.env.module;
        let exprs = |list| module.exprs(list).iter().copied();
        let e = module.expr(id);
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
            ExprKind::UnaryOp { operand, .. } => self.expr(operand, diags),
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

    /// The fast resolution: every `Name` and `Attribute` among the
    /// expressions `ids`, in id order. (Out of line: inlined into the
    /// check, its loop ran short of registers.)
    #[inline(never)]
    fn scan(&mut self, ids: std::ops::Range<u32>) -> Result<(), NeedsMessage> {
        let env = self.env;
        let (start, end) = (ids.start as usize, ids.end as usize);
        // One pass over the slice of the body's expressions (most of them
        // are neither names nor attributes, so the loop is kept tight):
        // `exprs[k]` is expression `start + k`, resolved into `res[k]`.
        let exprs = &env.module.exprs[start..end];
        let res = &mut self.res[start..end];
        for k in 0..exprs.len() {
            match exprs[k].kind {
                ExprKind::Name(n) => {
                    // Each case stores its own result: a local, the common
                    // case, costs one table lookup and one store.
                    res[k] = match self.local_of[n.0 as usize] {
                        Some(local) => local,
                        None => env.module_name(n).ok_or(NeedsMessage)?,
                    }
                }
                ExprKind::Attribute { value, attr } => {
                    // The base is an earlier expression of the same body
                    // (if not, the thorough way resolves the body).
                    let v = value.index().wrapping_sub(start);
                    let base_expr = exprs.get(v).ok_or(NeedsMessage)?;
                    let base = match base_expr.kind {
                        ExprKind::Name(_) | ExprKind::Attribute { .. } => res[v],
                        _ => Res::ValueAttr,
                    };
                    res[k] = attribute(env, base, attr.name).map_err(|_| NeedsMessage)?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Resolves a `Name` or an `Attribute` chain.
    fn path(&mut self, id: ExprId, diags: &mut Vec<Diagnostic>) -> Res {
        let e = self.env.expr(id);
        match e.kind {
            ExprKind::Name(n) => self.name(n, e.span, diags),
            ExprKind::Attribute { value, attr } => {
                let base = if is_path(self.env.module, value) {
                    let r = self.path(value, diags);
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
            Some(local) => Some(local),
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
        let info = &self.env.functions[self.f as usize];
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
        Res::Local(_) | Res::Const(_) | Res::ValueAttr => Ok(Res::ValueAttr),
        Res::Member(_) | Res::Function(_) | Res::HostGlobal(_) => Err(AttrError::NotAnAttribute),
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
