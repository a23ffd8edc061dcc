//! Calls of device functions: the arguments are typed and matched with
//! the function's declared signatures, and the function is checked once
//! for each tuple of argument types (a specialisation).

use super::starred::Positional;
use super::{FnChecker, InstanceError, LiteralArgs};
use crate::front::ast::{ExprId, KeywordArg};
use crate::sema::consts::ConstValue;
use crate::sema::signature::parse_signature_in;
use crate::sema::typeconv::choose_signature;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

impl FnChecker<'_, '_, '_> {
    /// A call of device function `f`: its arguments are typed, matched
    /// against its declared signatures (if any), and the specialisation for
    /// their types is checked (once per tuple of types).
    pub(super) fn device_call(
        &mut self,
        f: FuncId,
        func: ExprId,
        args_ast: &[ExprId],
        keywords: &[KeywordArg],
        span: Span,
    ) -> TExpr {
        self.device_call_with(f, func, Positional::Ast(args_ast), keywords, span)
    }

    /// [`Self::device_call`] with the positional arguments either still
    /// to type or typed already (a call with a starred argument, whose
    /// temporaries `Positional::Typed` carries, bound around the call).
    pub(super) fn device_call_with(
        &mut self,
        f: FuncId,
        func: ExprId,
        positional: Positional<'_>,
        keywords: &[KeywordArg],
        span: Span,
    ) -> TExpr {
        let env = self.env;
        let info = env.function(f);
        let fname = env.name(info.name);
        if info.is_kernel() {
            match positional {
                Positional::Ast(args) => self.type_args_for_errors(args, keywords),
                Positional::Typed(..) => self.type_args_for_errors(&[], keywords),
            }
            return self.reject_call(
                self.ast(func).span,
                &format!("'{fname}' is a kernel; kernels cannot be called from device code"),
            );
        }
        let (args_ast, given, mut lets): (&[ExprId], _, _) = match positional {
            Positional::Ast(args) => (args, None, Vec::new()),
            Positional::Typed(typed, lets) => (&[], Some(typed), lets),
        };
        // The literals the typed positional arguments are (a starred
        // constant tuple's items), by position.
        let given_literals: Option<Vec<Option<ConstValue>>> = given.as_ref().map(|g| {
            g.iter()
                .map(|t| t.as_const().copied().filter(super::literals::is_literal))
                .collect()
        });
        let Some(mut typed) = self.bind_arguments(f, args_ast, given, keywords, &mut lets, span)
        else {
            return TExpr::error(span);
        };
        if !info.captures.is_empty() {
            // A nested function's hidden arguments (see `closures`).
            match self.capture_args(f, span) {
                Some(hidden) => typed.extend(hidden),
                None => return TExpr::error(span),
            }
        }
        if typed.iter().any(|t| !t.ty.is_known()) {
            return TExpr::error(span);
        }
        let mut arg_tys: Vec<Type> = typed.iter().map(|t| t.ty).collect();
        let mut declared_ret = None;
        let sigs = &info.sigs;
        if !sigs.is_empty() {
            let parsed: Vec<_> = sigs
                .iter()
                .filter_map(|s| parse_signature_in(&s.text, &|n| self.env.class_named(n)).ok())
                .collect();
            // Numba's choice among them (see `typeconv`); a literal
            // argument converts at best by promotion.
            let literal: Vec<bool> = typed
                .iter()
                .map(|t| t.as_const().is_some_and(super::literals::is_literal))
                .collect();
            let chosen = choose_signature(parsed.iter().map(|p| &p.args[..]), &arg_tys, &literal)
                .map(|i| &parsed[i]);
            match chosen {
                Some(p) => {
                    // Declared array types keep the memory space of the
                    // array actually passed (a shared array stays shared).
                    arg_tys = p
                        .args
                        .iter()
                        .zip(&arg_tys)
                        .map(|(d, g)| match (d, g) {
                            (Type::Array(d), Type::Array(g)) => Type::Array(ArrayType {
                                space: g.space,
                                ..*d
                            }),
                            (d, _) => *d,
                        })
                        .collect();
                    declared_ret = p.ret;
                }
                None => {
                    // Numba's words, with the signatures the function has.
                    let got: Vec<String> = typed.iter().map(|t| t.ty.to_string()).collect();
                    let known: Vec<&str> = sigs.iter().map(|s| &*s.text).collect();
                    return self.reject_call(
                        span,
                        &format!(
                            "Invalid use of type(CUDADispatcher(<function {fname}>)) with \
                             parameters ({}); known signatures: {}",
                            got.join(", "),
                            known.join(", ")
                        ),
                    );
                }
            }
        }
        for (t, want) in typed.iter().zip(&arg_tys) {
            if t.ty.is_scalar() != want.is_scalar() {
                return self.reject_call(
                    t.span,
                    &format!("'{fname}' expects {} here, not {}", want, t.ty),
                );
            }
        }
        for (a, want) in typed.iter_mut().zip(&arg_tys) {
            let t = std::mem::replace(a, TExpr::error(a.span));
            *a = self.cast(t, want);
        }
        let args = typed;
        // A function with a declared signature takes its declared types,
        // never a literal (the argument is cast).
        let literals = if sigs.is_empty() {
            self.literal_args(f, &arg_tys, args_ast, given_literals.as_deref(), keywords)
        } else {
            LiteralArgs::default()
        };
        match self.pc.instantiate(f, arg_tys, literals, declared_ret) {
            Ok(id) => {
                self.depend_on(id);
                self.callees.push(id);
                // The call expression goes into the arena after what is
                // there now (see `FnChecker::calls_from`).
                self.calls_from = self.calls_from.min(self.exprs.len() as u32);
                let ret = self.pc.instance_ret(id);
                let mut args = args;
                let list = self.ex_list(args.drain(..));
                self.recycle(args);
                let call = TExpr {
                    kind: TExprKind::Call(id.unnumbered_ref(), list),
                    ty: ret,
                    span,
                };
                self.bind_lets(lets, call, span)
            }
            Err(InstanceError::Unassumed(id)) => {
                // A recursive call before its function's return type is
                // known: typed as nothing this walk, which the function
                // walks again (see `recursion`).
                self.depend_on(id);
                self.partial = true;
                self.pc.note_unassumed(id, span);
                self.recycle(args);
                TExpr::error(span)
            }
            Err(InstanceError::Specialisations) => {
                let max = super::recursion::MAX_SPECIALISATIONS;
                self.reject_call(
                    span,
                    &format!(
                        "recursive calls of '{fname}' change their argument types at every \
                         level: {max} specialisations of it are being typed already, and this \
                         call needs another"
                    ),
                )
            }
            Err(InstanceError::TooDeep) => {
                let max = crate::sema::MAX_CALL_DEPTH;
                self.reject_call(
                    span,
                    &format!(
                        "device function call chain deeper than {max}: \
                         '{fname}' is not checked at this depth"
                    ),
                )
            }
        }
    }
}

impl FnChecker<'_, '_, '_> {
    /// The literal arguments of a call of device function `f` (after
    /// [`Self::bind_arguments`] accepted them): the literal each parameter
    /// `f` needs as one is given, an omitted one's default included
    /// (Numba's `omitted(default=8)`), as the instance's key.
    fn literal_args(
        &mut self,
        f: FuncId,
        arg_tys: &[Type],
        args: &[ExprId],
        given_literals: Option<&[Option<ConstValue>]>,
        keywords: &[KeywordArg],
    ) -> LiteralArgs {
        let needs = self.pc.literal_params(f, arg_tys);
        if !needs.contains(&true) {
            return LiteralArgs::default();
        }
        let env = self.env;
        let params = env.module.params(env.def(f).params);
        let mut out = Vec::new();
        for (i, p) in params.iter().enumerate() {
            if !needs[i] || (env.def(f).vararg && i == params.len() - 1) {
                continue;
            }
            if let Some(literals) = given_literals.filter(|l| i < l.len()) {
                if let Some(v) = literals[i] {
                    out.push((i as u32, v));
                }
                continue;
            }
            let given = args.get(i).copied().or_else(|| {
                let name = env.name(p.name.name);
                (keywords.iter())
                    .find(|k| env.name(k.name.name) == name)
                    .map(|k| k.value)
            });
            let value = match (given, p.default) {
                (Some(e), _) => self.literal_of_expr(e),
                (None, Some(d)) => crate::sema::const_eval::eval(
                    env.module,
                    d,
                    &super::DefaultsConstEnv { env, f },
                )
                .ok()
                .filter(super::literals::is_literal),
                (None, None) => None,
            };
            if let Some(v) = value {
                out.push((i as u32, v));
            }
        }
        // A nested function's captured constant (`n = 4` read as a shape
        // in the closure): the literal Numba's inlining types it as.
        let info = env.function(f);
        if let Some(parent) = info.parent {
            for (k, &l) in info.captures.iter().enumerate() {
                let i = params.len() + k;
                if !needs.get(i).copied().unwrap_or(false) {
                    continue;
                }
                if let crate::sema::resolve::CaptureValue::Const(v) = env.capture_value(parent, l) {
                    if super::literals::is_literal(&v) {
                        out.push((i as u32, v));
                    }
                }
            }
        }
        LiteralArgs(out)
    }

    /// The arguments of a call of device function `f` in parameter order,
    /// typed: the positional ones, then the keyword ones by name, then the
    /// default values of the parameters not given (constants, evaluated
    /// where the function is defined, of their own types, as Numba's
    /// `Omitted` arguments are). `None` after an error.
    ///
    /// Python evaluates the arguments in the order they are written, and
    /// keywords may be written in any order: with keywords, each argument
    /// that may have effects is evaluated, in written order, into a
    /// temporary that `lets` binds around the call.
    fn bind_arguments(
        &mut self,
        f: FuncId,
        args: &[ExprId],
        given: Option<Vec<TExpr>>,
        keywords: &[KeywordArg],
        lets: &mut Vec<(VarId, TExpr)>,
        span: Span,
    ) -> Option<Vec<TExpr>> {
        let env = self.env;
        let fname = env.name(env.function(f).name);
        let params = env.module.params(env.def(f).params);
        let n = params.len();
        let vararg = env.def(f).vararg;
        // A value that may be None is passed as it is (the callee is
        // specialised for `OptionalType`, as Numba's is).
        let mut typed = match given {
            Some(typed) => typed,
            None => {
                let mut typed = self.pc.scratch.operand_vecs.pop().unwrap_or_default();
                for &a in args {
                    let t = self.expr_keep_optional(a);
                    typed.push(t);
                }
                typed
            }
        };
        if typed.len() > n && !vararg {
            let msg = format!(
                "'{fname}' takes {n} argument{} but {} {} given",
                if n == 1 { "" } else { "s" },
                typed.len(),
                if typed.len() == 1 { "was" } else { "were" }
            );
            self.recycle(typed);
            self.type_args_for_errors(&[], keywords);
            self.reject_call(span, &msg);
            return None;
        }
        let in_order = |this: &mut Self, t: TExpr, lets: &mut Vec<(VarId, TExpr)>| {
            if keywords.is_empty() || this.repeatable(&t) || t.ty.is_unknown() {
                return t;
            }
            let v = this.temp(t.ty, t.span);
            let read = TExpr {
                kind: TExprKind::Var(v),
                ty: t.ty,
                span: t.span,
            };
            lets.push((v, t));
            read
        };
        let mut slots: Vec<Option<TExpr>> = Vec::with_capacity(n);
        for t in typed.drain(..) {
            slots.push(Some(in_order(self, t, lets)));
        }
        self.recycle(typed);
        if vararg {
            // `*rest`: the positional arguments past the others, a tuple.
            let rest = slots.split_off((n - 1).min(slots.len()));
            let items: Vec<TExpr> = rest.into_iter().flatten().collect();
            slots.resize(n - 1, None);
            slots.push(Some(self.tuple_of(items, span)));
        }
        slots.resize(n, None);
        let mut ok = true;
        for k in keywords {
            let name = env.name(k.name.name);
            let value = self.expr_keep_optional(k.value);
            let named = params.iter().position(|p| env.name(p.name.name) == name);
            match named.filter(|&i| !(vararg && i == n - 1)) {
                None => {
                    self.reject_call(
                        k.name.span,
                        &format!("'{fname}' got an unexpected keyword argument '{name}'"),
                    );
                    ok = false;
                }
                Some(i) if slots[i].is_some() => {
                    self.reject_call(
                        k.name.span,
                        &format!("'{fname}' got multiple values for argument '{name}'"),
                    );
                    ok = false;
                }
                Some(i) => slots[i] = Some(in_order(self, value, lets)),
            }
        }
        let mut missing = Vec::new();
        for (slot, p) in slots.iter_mut().zip(params) {
            if slot.is_some() {
                continue;
            }
            match p.default {
                Some(d) => *slot = Some(self.default_value(f, d, p)),
                None => missing.push(format!("'{}'", env.name(p.name.name))),
            }
        }
        if !missing.is_empty() {
            let msg = format!(
                "'{fname}' is missing {} required argument{}: {}",
                missing.len(),
                if missing.len() == 1 { "" } else { "s" },
                missing.join(", ")
            );
            self.reject_call(span, &msg);
            return None;
        }
        ok.then(|| {
            slots
                .into_iter()
                .map(|s| s.expect("every slot is filled"))
                .collect()
        })
    }

    /// The tuple of `items` (a constant when they all are), as a `*args`
    /// parameter receives them.
    fn tuple_of(&mut self, items: Vec<TExpr>, span: Span) -> TExpr {
        if items.iter().any(|t| t.ty.is_unknown()) {
            return TExpr::error(span);
        }
        if items.iter().all(|t| t.as_const().is_some()) {
            let values = items.iter().map(|t| *t.as_const().expect("constant"));
            return TExpr::constant(ConstValue::Tuple(values.collect()), span);
        }
        let ty = Type::Tuple(items.iter().map(|t| t.ty).collect());
        TExpr {
            kind: TExprKind::Tuple(self.ex_list(items)),
            ty,
            span,
        }
    }

    /// The value of parameter `p`'s default `d`: a constant (or `None`).
    fn default_value(&mut self, f: FuncId, d: ExprId, p: &crate::front::ast::Param) -> TExpr {
        let span = self.ast(d).span;
        if matches!(self.ast(d).kind, crate::front::ast::ExprKind::NoneLit) {
            return TExpr::none(span);
        }
        match crate::sema::const_eval::eval(
            self.env.module,
            d,
            &super::DefaultsConstEnv { env: self.env, f },
        ) {
            Ok(v) => TExpr::constant(v, span),
            Err(nc) => {
                let name = self.env.name(p.name.name);
                self.reject_call(
                    nc.span,
                    &format!(
                        "the default value of '{name}' must be a constant; {}",
                        nc.reason
                    ),
                );
                TExpr::error(span)
            }
        }
    }
}
