//! Starred call arguments (`f(*t)`, `complex(*cmath.polar(x))`): the items
//! of a tuple, whose length its type gives, passed as positional
//! arguments, as Numba expands a starred tuple into the call's argument
//! types. Each item is a `TupleGet` of the tuple, which is evaluated once
//! into a temporary bound around the call; every other argument that may
//! have effects is too, so the arguments are evaluated in written order.
//! Device functions, builtins, casts and the intrinsics that take values
//! take starred arguments; the calls that read their arguments as written
//! (`print`, `cuda.shared.array`, `range`, ...) refuse them.

use super::FnChecker;
use crate::diagnostics::Diagnostic;
use crate::front::ast::{ExprId, ExprKind, KeywordArg};
use crate::sema::consts::ConstValue;
use crate::sema::intrinsics::{Callee, Intrinsic, Member};
use crate::sema::resolve::Res;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::Type;

/// The positional arguments of a call, to type or typed.
pub(super) enum Positional<'a> {
    /// As written: each is typed in turn.
    Ast(&'a [ExprId]),
    /// Typed already, with the temporaries they read (bound around the
    /// call, in evaluation order).
    Typed(Vec<TExpr>, Vec<(VarId, TExpr)>),
}

/// Where a call with a starred argument goes.
enum Target {
    Device(FuncId),
    Callee(Callee),
}

impl FnChecker<'_, '_, '_> {
    /// True when one of `args` is starred (`*t`).
    pub(super) fn has_starred(&self, args: &[ExprId]) -> bool {
        (args.iter()).any(|&a| matches!(self.ast(a).kind, ExprKind::Starred(_)))
    }

    /// A call of `func` with a starred argument among `args`, or `None`
    /// when the callee is not one that takes starred arguments: the call is
    /// then typed as usual, which refuses each starred argument it meets.
    pub(super) fn starred_call(
        &mut self,
        func: ExprId,
        args: &[ExprId],
        keywords: &[KeywordArg],
        span: Span,
    ) -> Option<TExpr> {
        let target = match *self.res(func) {
            Res::Function(f) => Target::Device(f),
            Res::Member(Member::Func(c)) if takes_values(c) => Target::Callee(c),
            // `print` as a statement expands its starred arguments itself
            // (as an expression it is refused as such).
            Res::Member(Member::Func(c)) if c != Callee::Print => {
                self.type_starred_args_for_errors(args, keywords);
                let msg = format!("{c}() takes no starred argument `*x` in kernels");
                return Some(self.reject_call(span, &msg));
            }
            Res::Member(Member::Dtype(s)) => Target::Callee(Callee::Cast(s)),
            // A function value held in a local (a parameter, a variable).
            Res::Local(_) => {
                let f = self.callee_value(func);
                let target = match f.ty {
                    Type::Function(fv) => match (fv.device(), fv.callee()) {
                        (Some(index), _) => Some(Target::Device(FuncId(index))),
                        (None, Some(c)) if takes_values(c) => Some(Target::Callee(c)),
                        _ => None,
                    },
                    _ => None,
                };
                let Some(target) = target else {
                    self.type_starred_args_for_errors(args, keywords);
                    if !f.ty.is_unknown() && !matches!(f.ty, Type::Function(_)) {
                        let msg = format!("{} is not callable", f.ty.describe());
                        self.error(Diagnostic::error(msg, f.span));
                    }
                    return Some(TExpr::error(span));
                };
                target
            }
            _ => return None,
        };
        let mut lets = Vec::new();
        let Some(typed) = self.expand_starred(args, true, &mut lets) else {
            self.type_args_for_errors(&[], keywords);
            return Some(TExpr::error(span));
        };
        Some(match target {
            Target::Device(f) => {
                let positional = Positional::Typed(typed, lets);
                self.device_call_with(f, func, positional, keywords, span)
            }
            Target::Callee(c) => {
                let call = self.callee_typed(c, typed, keywords, span);
                if call.ty.is_unknown() {
                    return Some(call);
                }
                self.bind_lets(lets, call, span)
            }
        })
    }

    /// Types the arguments of a call that is refused, a starred one's
    /// value as it is (for the errors inside).
    fn type_starred_args_for_errors(&mut self, args: &[ExprId], keywords: &[KeywordArg]) {
        for &a in args {
            match self.ast(a).kind {
                ExprKind::Starred(value) => self.expr(value),
                _ => self.expr(a),
            };
        }
        self.type_args_for_errors(&[], keywords);
    }

    /// The positional arguments typed (or a tuple display's items, when
    /// not `in_call`), each starred tuple as its items; `None` after an
    /// error. The values that may have effects go into
    /// temporaries `lets` binds, in written order.
    pub(super) fn expand_starred(
        &mut self,
        args: &[ExprId],
        in_call: bool,
        lets: &mut Vec<(VarId, TExpr)>,
    ) -> Option<Vec<TExpr>> {
        let mut out = Vec::with_capacity(args.len());
        let mut ok = true;
        for &a in args {
            let (starred, e) = match self.ast(a).kind {
                ExprKind::Starred(value) => (true, value),
                _ => (false, a),
            };
            let t = self.expr(e);
            if !t.ty.is_known() {
                ok = false;
                continue;
            }
            if !starred {
                let t = self.evaluated_once(t, lets, false);
                out.push(t);
                continue;
            }
            let Type::Tuple(items) = t.ty else {
                let msg = if in_call {
                    format!(
                        "*args in function call should be a tuple (of a length known when compiling), got {}",
                        t.ty.describe()
                    )
                } else {
                    format!(
                        "`*x` in a tuple display takes a tuple (of a length known when compiling), not {}",
                        t.ty.describe()
                    )
                };
                self.error(Diagnostic::error(msg, self.ast(a).span));
                ok = false;
                continue;
            };
            if let Some(ConstValue::Tuple(values)) = t.as_const() {
                let span = t.span;
                let values = *values;
                out.extend(values.iter().map(|v| TExpr::constant(*v, span)));
                continue;
            }
            let whole = self.evaluated_once(t, lets, true);
            for (k, ty) in items.iter().enumerate() {
                let base = self.ex(whole);
                out.push(TExpr {
                    kind: TExprKind::TupleGet(base, k as u32),
                    ty: *ty,
                    span: whole.span,
                });
            }
        }
        ok.then_some(out)
    }

    /// `t`, or a read of a temporary `lets` binds to it when evaluating it
    /// again could differ or have effects (and, with `split`, whenever it
    /// is more than a variable: its items are read one by one).
    fn evaluated_once(&mut self, t: TExpr, lets: &mut Vec<(VarId, TExpr)>, split: bool) -> TExpr {
        let simple = match t.kind {
            TExprKind::Var(_) => true,
            _ => !split && self.repeatable(&t),
        };
        if simple {
            return t;
        }
        let v = self.temp(t.ty, t.span);
        let read = TExpr {
            kind: TExprKind::Var(v),
            ty: t.ty,
            span: t.span,
        };
        lets.push((v, t));
        read
    }

    /// A call of builtin or intrinsic `c` with typed positional arguments.
    fn callee_typed(
        &mut self,
        c: Callee,
        typed: Vec<TExpr>,
        keywords: &[KeywordArg],
        span: Span,
    ) -> TExpr {
        if let Some(k) = keywords.first() {
            self.type_args_for_errors(&[], keywords);
            let msg =
                format!("{c}() takes no keyword arguments with a starred argument in kernels");
            return self.reject_call(k.span, &msg);
        }
        if let Callee::Intrinsic(i @ (Intrinsic::Min | Intrinsic::Max)) = c {
            return self.min_max_typed(i, c, typed, span);
        }
        let params = c.params();
        let required = c.required_params();
        if typed.len() > params.len() || typed.len() < required {
            self.arity_error(c, required, params.len(), typed.len(), span);
            return TExpr::error(span);
        }
        if let Callee::Operator(op) = c {
            return self.operator_call(op, typed, span);
        }
        let mut slots: [Option<TExpr>; super::calls::MAX_PARAMS] = Default::default();
        for (slot, t) in slots.iter_mut().zip(typed) {
            *slot = Some(self.int_enum_as_number(t));
        }
        self.typed_call(c, c, &mut slots[..params.len()], span)
    }
}

/// True when builtin or intrinsic `c` takes its arguments as values, so a
/// starred tuple's items can be them (not `print`, the array allocators
/// and `cuda.grid`, which read their arguments as written, nor the
/// callables valid only as a loop's iterable).
fn takes_values(c: Callee) -> bool {
    !matches!(
        c,
        Callee::Range
            | Callee::Enumerate
            | Callee::Zip
            | Callee::LiteralUnroll
            | Callee::Print
            | Callee::SharedArray
            | Callee::LocalArray
            | Callee::ConstArrayLike
            | Callee::Intrinsic(Intrinsic::Grid(_) | Intrinsic::GridSize(_))
    )
}
