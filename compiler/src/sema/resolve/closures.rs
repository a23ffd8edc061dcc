//! Functions defined inside functions (closures), as Numba takes them.
//!
//! Numba (`inline_closurecall.py`, `untyped_passes.py`) inlines a nested
//! function at each call of it in the function that defines it, where its
//! free variables read the enclosing function's variables as they are at
//! the call; a nested function that is used any other way (passed to
//! another function, returned, or defined more than once so that no
//! call can be inlined) becomes a jit function of its own
//! (`MakeFunctionToJitFunction`), and then each free variable must be a
//! constant with one definition (`convert_code_obj_to_function`).
//!
//! kernelc makes every nested function a device function of the file
//! whose free variables (its *captures*) are hidden parameters after the
//! declared ones: a call in the enclosing function passes the variables'
//! current values, which is what inlining computes; a call through the
//! function as a value passes the constants (see `typeck::closures`).
//! This module finds the nested functions, their captures, and the
//! constant value of a captured variable.

use super::ModuleEnv;
use crate::diagnostics::Diagnostic;
use crate::front::ast::*;
use crate::front::interner::Symbol;
use crate::sema::const_eval::{self, ConstEnv, ConstLookup};
use crate::sema::consts::ConstValue;
use crate::sema::typed::{FuncId, LocalId};

/// The `stmt` of a nested function's [`super::FunctionInfo`] (it is no
/// top-level statement).
pub(super) const NESTED: usize = usize::MAX;

/// What a captured variable holds, for a nested function that escapes
/// (Numba's `convert_code_obj_to_function`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CaptureValue {
    /// One definition, a constant.
    Const(ConstValue),
    /// More than one definition.
    Multiple,
    /// A parameter, or a definition that is not a constant.
    NotConst,
}

impl ModuleEnv<'_> {
    /// Registers the functions defined inside functions (after every
    /// top-level one, parents before their children) and finds what each
    /// captures.
    pub(super) fn read_nested_functions(&mut self, diags: &mut Vec<Diagnostic>) {
        let mut i = 0;
        while i < self.functions.len() {
            let parent = FuncId(i as u32);
            let mut found = Vec::new();
            nested_defs(
                self.module,
                self.module.block(self.def(parent).body),
                &mut found,
            );
            for def in found {
                if let Some(&d) = self.module.exprs(def.decorators).first() {
                    diags.push(
                        Diagnostic::error(
                            "decorators on functions defined inside a function are not supported",
                            self.expr(d).span,
                        )
                        .with_help("a nested function is compiled as a device function: remove the decorator"),
                    );
                }
                let mut info = self.function_info(NESTED, def, diags);
                info.jit = true;
                info.flags.device = true;
                info.flags.fastmath = self.function(parent).flags.fastmath;
                info.nested_def = Some(def);
                info.parent = Some(parent);
                let f = FuncId(self.functions.len() as u32);
                self.nested_at.insert(def.header_span.lo, f);
                self.functions.push(info);
            }
            i += 1;
        }
        let first_nested = self
            .functions
            .iter()
            .position(|f| f.parent.is_some())
            .unwrap_or(self.functions.len());
        if first_nested == self.functions.len() {
            return;
        }
        // Free names, children first (they come after their parents).
        let n = self.functions.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        for g in first_nested..n {
            if let Some(p) = self.functions[g].parent {
                children[p.index()].push(g);
            }
        }
        // Per symbol: the last function (plus one) that has it as a local,
        // and the last whose free names hold it, so that each test is one
        // lookup (a stamp per function, never cleared).
        let symbols = self.module.interner.len();
        let mut local_in = vec![0u32; symbols];
        let mut free_in = vec![0u32; symbols];
        let mut free: Vec<Vec<Symbol>> = vec![Vec::new(); n];
        for g in (first_nested..n).rev() {
            let stamp = g as u32 + 1;
            for (l, _) in &self.functions[g].locals {
                local_in[l.0 as usize] = stamp;
            }
            let def = self.def(FuncId(g as u32));
            // The children's bodies, in source order, skipped below.
            let mut skip: Vec<std::ops::Range<u32>> = children[g]
                .iter()
                .map(|&c| self.def(FuncId(c as u32)).body_exprs.clone())
                .collect();
            skip.sort_by_key(|r| r.start);
            let mut names: Vec<Symbol> = Vec::new();
            let mut add = |s: Symbol, names: &mut Vec<Symbol>| {
                let k = s.0 as usize;
                if local_in[k] != stamp && free_in[k] != stamp {
                    free_in[k] = stamp;
                    names.push(s);
                }
            };
            let mut next_skip = 0;
            let mut e = def.body_exprs.start;
            while e < def.body_exprs.end {
                if let Some(r) = skip.get(next_skip).filter(|r| r.start <= e) {
                    e = e.max(r.end);
                    next_skip += 1;
                    continue;
                }
                if let ExprKind::Name(s) = self.module.expr(ExprId::new(e)).kind {
                    add(s, &mut names);
                }
                e += 1;
            }
            for &c in &children[g] {
                for &s in &free[c] {
                    add(s, &mut names);
                }
            }
            free[g] = names;
        }
        // A nested function that calls a sibling (`def a(): return b()`)
        // passes it the variables it captures: it captures them too.
        let mut sibling: rustc_hash::FxHashMap<(Option<FuncId>, Symbol), usize> =
            Default::default();
        for g in first_nested..n {
            sibling.insert((self.functions[g].parent, self.functions[g].name), g);
        }
        let mut changed = true;
        while changed {
            changed = false;
            for g in first_nested..n {
                let parent = self.functions[g].parent;
                let mut k = 0;
                while k < free[g].len() {
                    let s = free[g][k];
                    k += 1;
                    let Some(&h) = sibling.get(&(parent, s)).filter(|&&h| h != g) else {
                        continue;
                    };
                    for j in 0..free[h].len() {
                        let t = free[h][j];
                        let local = self.functions[g].locals.iter().any(|(l, _)| *l == t);
                        if !local && !free[g].contains(&t) {
                            free[g].push(t);
                            changed = true;
                        }
                    }
                }
            }
        }
        // Captures, parents first: a name free here that is a variable of
        // the parent (its own or one it captures) is captured.
        for (g, names) in free.iter().enumerate().skip(first_nested) {
            let Some(parent) = self.functions[g].parent.map(|p| p.index()) else {
                continue;
            };
            let captures: Vec<(LocalId, Symbol)> = names
                .iter()
                .filter_map(|&s| {
                    let k = self.functions[parent]
                        .locals
                        .iter()
                        .position(|(l, _)| *l == s)?;
                    Some((LocalId(k as u32), s))
                })
                .collect();
            let nparams = self.def(FuncId(g as u32)).params.len();
            let span = self.def(FuncId(g as u32)).name.span;
            let info = &mut self.functions[g];
            info.locals
                .splice(nparams..nparams, captures.iter().map(|&(_, s)| (s, span)));
            info.captures = captures.into_iter().map(|(l, _)| l).collect();
        }
    }

    /// The nested function defined by `def`.
    pub fn nested_function(&self, def: &FunctionDef) -> Option<FuncId> {
        let f = *self.nested_at.get(&def.header_span.lo)?;
        let same = self
            .function(f)
            .nested_def
            .is_some_and(|d| std::ptr::eq(d, def));
        same.then_some(f)
    }

    /// How many times function `f`'s body defines its local `l` (a
    /// parameter counts once).
    pub fn definition_count(&self, f: FuncId, l: LocalId) -> u32 {
        if l.index() < self.param_count(f) {
            return 1;
        }
        let mut defs = Definitions {
            module: self.module,
            name: self.function(f).locals[l.index()].0,
            count: 0,
            value: None,
            first: None,
        };
        defs.block(self.module.block(self.def(f).body));
        defs.count
    }

    /// True when local `l` of function `f` is a parameter or has a
    /// definition written before `pos`: Numba's `LOAD_CLOSURE` at a
    /// nested `def` needs the variable it captures defined already
    /// ("Unsupported use of cell variable encountered").
    pub fn defined_before(&self, f: FuncId, l: LocalId, pos: u32) -> bool {
        if l.index() < self.param_count(f) {
            return true;
        }
        let mut defs = Definitions {
            module: self.module,
            name: self.function(f).locals[l.index()].0,
            count: 0,
            value: None,
            first: None,
        };
        defs.block(self.module.block(self.def(f).body));
        defs.first.is_some_and(|first| first < pos)
    }

    /// What local `l` of function `f` holds for a nested function that
    /// captures it and escapes: Numba's `get_definition` of the variable
    /// in the enclosing function.
    pub fn capture_value(&self, f: FuncId, l: LocalId) -> CaptureValue {
        self.capture_value_at(f, l, 0)
    }

    fn capture_value_at(&self, f: FuncId, l: LocalId, depth: u32) -> CaptureValue {
        if l.index() < self.param_count(f) || depth > 16 {
            return CaptureValue::NotConst;
        }
        let name = self.function(f).locals[l.index()].0;
        let mut defs = Definitions {
            module: self.module,
            name,
            count: 0,
            value: None,
            first: None,
        };
        defs.block(self.module.block(self.def(f).body));
        match (defs.count, defs.value) {
            (1, Some(v)) => {
                let env = CaptureConstEnv {
                    env: self,
                    f,
                    depth,
                };
                match const_eval::eval(self.module, v, &env) {
                    Ok(c) => CaptureValue::Const(c),
                    Err(_) => CaptureValue::NotConst,
                }
            }
            (0 | 1, _) => CaptureValue::NotConst,
            _ => CaptureValue::Multiple,
        }
    }
}

/// The `def` statements of a body (inside its `if`, `for`, `while`
/// blocks too), not those inside them.
fn nested_defs<'m>(module: &'m Module, body: &'m [Stmt], out: &mut Vec<&'m FunctionDef>) {
    for s in body {
        match &s.kind {
            StmtKind::FunctionDef(def) => out.push(def),
            StmtKind::If { body, orelse, .. }
            | StmtKind::While { body, orelse, .. }
            | StmtKind::For { body, orelse, .. } => {
                nested_defs(module, module.block(*body), out);
                nested_defs(module, module.block(*orelse), out);
            }
            _ => {}
        }
    }
}

/// Counts the definitions of one variable in a body, and keeps the value
/// of a plain `name = value`.
struct Definitions<'m> {
    module: &'m Module,
    name: Symbol,
    count: u32,
    value: Option<ExprId>,
    /// Where the first definition in the text starts.
    first: Option<u32>,
}

impl Definitions<'_> {
    fn block(&mut self, body: &[Stmt]) {
        for s in body {
            let before = self.count;
            self.stmt(s);
            if self.count > before && self.first.is_none() {
                self.first = Some(match &s.kind {
                    StmtKind::FunctionDef(def) => def.header_span.lo,
                    _ => s.span.lo,
                });
            }
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        let module = self.module;
        {
            match &s.kind {
                StmtKind::Assign { targets, value } => {
                    for &t in module.exprs(*targets) {
                        if matches!(module.expr(t).kind, ExprKind::Name(n) if n == self.name) {
                            self.count += 1;
                            self.value = Some(*value);
                        } else {
                            self.target(t);
                        }
                    }
                }
                StmtKind::AnnAssign { target, value, .. } => {
                    if matches!(module.expr(*target).kind, ExprKind::Name(n) if n == self.name) {
                        self.count += 1;
                        self.value = *value;
                    }
                }
                StmtKind::AugAssign { target, .. } => self.target(*target),
                StmtKind::For {
                    target,
                    body,
                    orelse,
                    ..
                } => {
                    self.target(*target);
                    self.block(module.block(*body));
                    self.block(module.block(*orelse));
                }
                StmtKind::If { body, orelse, .. } | StmtKind::While { body, orelse, .. } => {
                    self.block(module.block(*body));
                    self.block(module.block(*orelse));
                }
                StmtKind::FunctionDef(def) if def.name.name == self.name => {
                    self.count += 1;
                    self.value = None;
                }
                _ => {}
            }
        }
    }

    /// A definition that is not a plain `name = value`.
    fn target(&mut self, t: ExprId) {
        match &self.module.expr(t).kind {
            ExprKind::Name(n) if *n == self.name => {
                self.count += 1;
                self.value = None;
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                for &item in self.module.exprs(*items) {
                    self.target(item);
                }
            }
            _ => {}
        }
    }
}

/// Constants for a captured variable's definition: literals, and other
/// variables of the function with one constant definition (Numba's
/// `get_definition` follows copies); a global is not a constant here
/// (Numba's `ir.Global`, not an `ir.Const`).
struct CaptureConstEnv<'a, 'm> {
    env: &'a ModuleEnv<'m>,
    f: FuncId,
    depth: u32,
}

impl ConstEnv for CaptureConstEnv<'_, '_> {
    fn lookup(&self, expr: ExprId) -> ConstLookup {
        let not_const = || ConstLookup::NotConst("not a constant".into());
        let ExprKind::Name(n) = self.env.expr(expr).kind else {
            return not_const();
        };
        let locals = &self.env.function(self.f).locals;
        match locals.iter().position(|(l, _)| *l == n) {
            Some(k) => match self
                .env
                .capture_value_at(self.f, LocalId(k as u32), self.depth + 1)
            {
                CaptureValue::Const(c) => ConstLookup::Value(c),
                _ => not_const(),
            },
            None => not_const(),
        }
    }
}
