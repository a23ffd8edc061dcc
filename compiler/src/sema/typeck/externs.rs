//! Typing of calls of functions declared with `cuda.declare_device`
//! (`resolve/extern_decl.rs`): each has one signature; positional
//! arguments convert to its parameter types, as Numba converts them for a
//! function of one signature, and the call has its result type.

use super::FnChecker;
use crate::diagnostics::Diagnostic;
use crate::front::ast::{ExprId, KeywordArg};
use crate::sema::intrinsics::Intrinsic;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

impl FnChecker<'_, '_, '_> {
    /// `f(args)` of the declared function number `k`; `func` is the callee.
    pub(super) fn extern_call(
        &mut self,
        k: u16,
        func: ExprId,
        args: &[ExprId],
        keywords: &[KeywordArg],
        span: Span,
    ) -> TExpr {
        let decl = &self.env.externs[k as usize];
        let callee = self.path_text(func);
        if let Some(kw) = keywords.first() {
            self.type_args_for_errors(args, keywords);
            let msg =
                format!("'{callee}' is a declared device function: pass its arguments by position");
            self.error(Diagnostic::error(msg, kw.span));
            return TExpr::error(span);
        }
        if args.len() != decl.params.len() {
            let (want, given) = (decl.params.len(), args.len());
            let msg = format!(
                "'{callee}' takes {want} argument{} but {given} {} given",
                if want == 1 { "" } else { "s" },
                if given == 1 { "was" } else { "were" }
            );
            let declared = decl.span;
            self.type_args_for_errors(args, keywords);
            self.error(Diagnostic::error(msg, span).with_secondary(declared, "declared here"));
            return TExpr::error(span);
        }
        let params = decl.params.clone();
        let ret = decl.ret;
        let mut converted = Vec::with_capacity(args.len());
        let mut failed = false;
        for (&a, p) in args.iter().zip(params) {
            let a = self.expr(a);
            if a.ty.is_unknown() {
                failed = true;
                continue;
            }
            if p.is_pointer() {
                // A pointer is passed as it is: of the declared type.
                if a.ty != p {
                    let msg = format!(
                        "'{callee}' takes {} here, not {}",
                        p.describe(),
                        a.ty.describe()
                    );
                    let help = match p {
                        Type::Pointer(_) if a.ty.array().is_some() => {
                            Some("pass the address of its data: `ffi.from_buffer(array)`")
                        }
                        _ => None,
                    };
                    let mut d = Diagnostic::error(msg, a.span);
                    if let Some(h) = help {
                        d = d.with_help(h);
                    }
                    self.error(d);
                    failed = true;
                } else {
                    converted.push(a);
                }
                continue;
            }
            if a.ty.scalar().is_none() {
                let msg = format!(
                    "'{callee}' takes {p} here, not {}: a declared device function's arguments \
                     convert only between numbers",
                    a.ty.describe()
                );
                self.error(Diagnostic::error(msg, a.span));
                failed = true;
                continue;
            }
            converted.push(self.cast(a, &p));
        }
        if failed {
            return TExpr::error(span);
        }
        let ty = ret.map_or(Type::None, Type::Scalar);
        self.intrinsic(Intrinsic::Extern(k), converted, ty, span)
    }
}
