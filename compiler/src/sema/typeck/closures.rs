//! Typing of functions defined inside functions (see `resolve::closures`):
//! the `def` statement binds its name to the function, a call passes
//! the captured variables as hidden arguments, and a nested function used
//! as a value (it escapes, as Numba says) must capture constants only,
//! with Numba's messages otherwise.

use super::FnChecker;
use crate::diagnostics::Diagnostic;
use crate::front::ast::{ExprId, ExprKind, FunctionDef};
use crate::sema::resolve::{CaptureValue, Res};
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::{FunctionValue, Type};

impl FnChecker<'_, '_, '_> {
    /// `def name(...): ...` inside this function: `name` holds the nested
    /// function from here on. A function defined more than once (in two
    /// branches, say) is never called inline by Numba: it escapes.
    pub(super) fn nested_def(&mut self, def: &FunctionDef, span: Span, out: &mut Vec<TStmt>) {
        let env = self.env;
        let Some(g) = env.nested_function(def) else {
            return;
        };
        let info = env.function(self.func);
        let Some(l) = info.locals.iter().position(|(n, _)| *n == def.name.name) else {
            return;
        };
        let l = LocalId(l as u32);
        for &c in &env.function(g).captures {
            if !env.defined_before(self.func, c, def.header_span.lo) {
                let var = env.name(info.locals[c.index()].0);
                self.error(
                    Diagnostic::error(
                        "Unsupported use of cell variable encountered",
                        def.header_span,
                    )
                    .with_help(format!(
                        "'{}' reads '{var}', which is not assigned before this `def` \
                             (Numba needs the variables a nested function captures defined first)",
                        env.name(def.name.name)
                    )),
                );
            }
        }
        if env.definition_count(self.func, l) > 1 {
            self.check_escape(g);
        }
        let name = env.name(def.name.name).to_string();
        let value = TExpr::compile_time(
            Type::Function(FunctionValue::new(g.0, &name)),
            def.name.span,
        );
        self.assign_local(l, value, span, out);
    }

    /// The function of callee `func` read without counting as an escape
    /// (a call of a local holding a nested function is a call, which
    /// Numba inlines).
    pub(super) fn callee_value(&mut self, func: ExprId) -> TExpr {
        match (&self.ast(func).kind, *self.res(func)) {
            (ExprKind::Name(_), Res::Local(l)) => self.read_var(l, self.ast(func).span),
            // A value that may be None stays one (`x = f(y)`).
            _ => self.expr_keep_optional(func),
        }
    }

    /// A local read as a value (not called): a nested function that
    /// captures variables escapes there.
    pub(super) fn note_escape(&mut self, t: &TExpr) {
        if let Type::Function(fv) = t.ty {
            if let Some(g) = fv.device() {
                if !self.env.function(FuncId(g)).captures.is_empty() {
                    self.check_escape(FuncId(g));
                }
            }
        }
    }

    /// Numba's `convert_code_obj_to_function` for nested function `g`:
    /// each captured variable must have one definition, a constant.
    fn check_escape(&mut self, g: FuncId) {
        let env = self.env;
        let info = env.function(g);
        let Some(parent) = info.parent else {
            return;
        };
        let at = env.def(g).header_span;
        for &l in &info.captures {
            let name = env.name(env.function(parent).locals[l.index()].0);
            let msg = match env.capture_value(parent, l) {
                CaptureValue::Const(_) => continue,
                CaptureValue::Multiple => format!(
                    "Cannot capture a constant value for variable '{name}' as there are \
                     multiple definitions present."
                ),
                CaptureValue::NotConst => format!(
                    "Cannot capture the non-constant value associated with variable '{name}' \
                     in a function that may escape."
                ),
            };
            self.error(Diagnostic::error(msg, at).with_help(
                "a nested function passed or returned as a value is compiled on its own: \
                 the variables it reads from the enclosing function must be constants",
            ));
        }
    }

    /// The hidden arguments of a call of nested function `g` made here:
    /// each captured variable as this function sees it now (the enclosing
    /// function's variable, or this function's own capture of it), or,
    /// for a call through the function as a value elsewhere, its constant.
    /// `None` after an error.
    pub(super) fn capture_args(&mut self, g: FuncId, span: Span) -> Option<Vec<TExpr>> {
        let env = self.env;
        let info = env.function(g);
        let parent = info.parent?;
        let mut out = Vec::with_capacity(info.captures.len());
        for &l in &info.captures {
            if let Some(here) = self.capture_in(self.func, parent, l) {
                out.push(self.read_var(here, span));
                continue;
            }
            match env.capture_value(parent, l) {
                CaptureValue::Const(c) => out.push(TExpr::constant(c, span)),
                _ => {
                    self.check_escape(g);
                    return None;
                }
            }
        }
        Some(out)
    }

    /// Local `l` of function `p` as a local of function `f`: itself when
    /// `f` is `p`, or the capture of it that `f` (nested in `p`, at any
    /// depth) has.
    fn capture_in(&self, f: FuncId, p: FuncId, l: LocalId) -> Option<LocalId> {
        if f == p {
            return Some(l);
        }
        let info = self.env.function(f);
        let outer = self.capture_in(info.parent?, p, l)?;
        let k = info.captures.iter().position(|&c| c == outer)?;
        Some(LocalId((self.env.def(f).params.len() + k) as u32))
    }
}
