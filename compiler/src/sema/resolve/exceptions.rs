//! Exception classes at the top level of a kernel file: `class
//! MyError(Exception): pass` (a docstring may stand for `pass`), deriving
//! from one of Python's exception classes or from another such class of the
//! file. Kernels raise them by name, with constant arguments, as Numba CUDA
//! raises user-defined exceptions; they hold nothing else.

use super::{Global, ModuleEnv};
use crate::diagnostics::Diagnostic;
use crate::front::ast::*;

/// Python's built-in exception classes a kernel may raise (and derive its
/// own from).
pub const BUILTIN_EXCEPTIONS: &[&str] = &[
    "Exception",
    "ArithmeticError",
    "AssertionError",
    "FloatingPointError",
    "IndexError",
    "KeyError",
    "LookupError",
    "NotImplementedError",
    "OverflowError",
    "RuntimeError",
    "TypeError",
    "ValueError",
    "ZeroDivisionError",
];

impl ModuleEnv<'_> {
    /// Whether `class` derives from exactly one exception class: a
    /// built-in one (not shadowed by a global) or one of the file.
    pub(super) fn is_exception_class(&self, class: &ClassDef) -> bool {
        let [base] = self.module.exprs(class.bases) else {
            return false;
        };
        let ExprKind::Name(n) = self.expr(*base).kind else {
            return false;
        };
        match self.globals.get(&n) {
            Some((Global::ExceptionClass, _)) => true,
            Some(_) => false,
            None => BUILTIN_EXCEPTIONS.contains(&self.name(n)),
        }
    }

    /// The exception class `class` defines ([`Global::ExceptionClass`]),
    /// or `None` after reporting what else its body holds.
    pub(super) fn exception_class(
        &mut self,
        class: &ClassDef,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Global> {
        let mut ok = true;
        if let Some(&d) = self.module.exprs(class.decorators).first() {
            diags.push(Diagnostic::error(
                "an exception class in a kernel file takes no decorators",
                self.expr(d).span,
            ));
            ok = false;
        }
        for stmt in self.module.block(class.body) {
            let docstring = matches!(&stmt.kind, StmtKind::Expr(e) if matches!(self.expr(*e).kind, ExprKind::Str(_)));
            if !docstring && !matches!(stmt.kind, StmtKind::Pass) {
                diags.push(
                    Diagnostic::error(
                        "an exception class in a kernel file holds only `pass` or a docstring",
                        stmt.span,
                    )
                    .with_help("kernels raise it by name, with constant arguments (`raise MyError(\"message\")`)"),
                );
                ok = false;
                break;
            }
        }
        ok.then_some(Global::ExceptionClass)
    }
}
