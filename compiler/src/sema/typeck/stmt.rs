//! Typing of statements, with the desugaring the typed tree expects:
//! augmented assignments become plain assignments or stores, tuple
//! unpacking goes through a temporary, chained assignments evaluate their
//! value once, and loops over `range` get their bounds in the loop
//! variable's type. Joins of control flow go through `flow`, which
//! inserts the conversions between variable versions.

use super::flow::Binding;
use super::{push_name, FnChecker};
use crate::diagnostics::Diagnostic;
use crate::front::ast::{BinOp, ExprId, ExprKind, Seq, Stmt, StmtKind};
use crate::sema::consts::ConstValue;
use crate::sema::intrinsics::{Callee, Member, Ufunc};
use crate::sema::resolve::{Res, BUILTIN_EXCEPTIONS};
use crate::sema::typeconv::choose_signature;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::{Elem, MemSpace, Scalar, Type};

impl<'m> FnChecker<'_, '_, 'm> {
    /// Types a block of statements and adds them to the function's
    /// statement arena. The block's statements are collected in a vector
    /// from the program's pool (an inner block is typed, and added to the
    /// arena, while the outer one is being collected), then moved to the
    /// arena as consecutive statements.
    pub(super) fn block(&mut self, block: Seq<Stmt>) -> TStmtList {
        let out = self.block_stmts(block);
        self.place(out)
    }

    /// Types a block of statements into a vector from the program's pool,
    /// which [`Self::place`] moves to the arena (a join may append
    /// conversions first).
    fn block_stmts(&mut self, block: Seq<Stmt>) -> Vec<TStmt> {
        let stmts = self.env.module.block(block);
        // Desugaring may add a statement or two (tuple unpacking, chained
        // assignment): room for them without regrowing.
        let room = stmts.len() + 2;
        let mut out = self.pc.scratch.stmt_vecs.pop().unwrap_or_default();
        out.reserve(room);
        // The recursive step (see `crate::stack`).
        crate::stack::deeper(|| {
            for s in stmts {
                // Code no path reaches (after a `return`, `break` or
                // `continue`, or after an `if` a constant condition
                // decides) is not typed: neither Python's bytecode nor
                // Numba's IR has it.
                if !self.reachable {
                    break;
                }
                self.stmt(s, &mut out);
            }
        });
        out
    }

    /// Moves typed statements to the function's arena as one block, and
    /// gives their vector back to the pool.
    pub(super) fn place(&mut self, mut out: Vec<TStmt>) -> TStmtList {
        if out.is_empty() {
            self.pc.scratch.stmt_vecs.push(out);
            return TStmtList::default();
        }
        let list = TStmtList {
            start: self.stmts.len() as u32,
            len: out.len() as u32,
        };
        self.stmts.append(&mut out);
        self.pc.scratch.stmt_vecs.push(out);
        list
    }

    pub(super) fn push(out: &mut Vec<TStmt>, kind: TStmtKind, span: Span) {
        out.push(TStmt { kind, span });
    }

    fn stmt(&mut self, s: &Stmt, out: &mut Vec<TStmt>) {
        let span = s.span;
        let module = self.env.module;
        match &s.kind {
            StmtKind::Expr(e) => match &module.expr(*e).kind {
                ExprKind::Str(_) => {}
                ExprKind::Call {
                    func,
                    args,
                    keywords,
                } if self.is_print(*func) => {
                    if let Some(k) = module.keywords(*keywords).first() {
                        self.error(Diagnostic::error(
                            "print() keyword arguments are not supported in kernels",
                            k.span,
                        ));
                    }
                    let args = self.print_args(module.exprs(*args), span, out);
                    Self::push(out, TStmtKind::Print(args), span);
                }
                ExprKind::Call {
                    func,
                    args,
                    keywords,
                } if module.keywords(*keywords).is_empty()
                    && self
                        .ufunc_with_out(*func, module.exprs(*args).len())
                        .is_some() =>
                {
                    self.ufunc_out_value(*e, span, out);
                }
                _ => {
                    let t = self.expr(*e);
                    Self::push(out, TStmtKind::Expr(self.ex(t)), span);
                }
            },
            StmtKind::Assign { targets, value } => {
                let targets = module.exprs(*targets);
                let value_span = module.expr(*value).span;
                let mut v = match self.ufunc_out_value(*value, span, out) {
                    Some(v) => v,
                    // `g = inner`: another name for a nested function,
                    // which escapes only where that name is used as a
                    // value (Numba inlines `g(...)` as `inner(...)`).
                    None if targets
                        .iter()
                        .all(|&t| matches!(module.expr(t).kind, ExprKind::Name(_))) =>
                    {
                        self.callee_value(*value)
                    }
                    None => self.expr(*value),
                };
                if targets.len() > 1 && !v.is_trivially_pure() && !v.ty.is_unknown() {
                    let t = self.temp(v.ty, value_span);
                    let ty = v.ty;
                    Self::push(out, TStmtKind::Assign(t, self.ex(v)), span);
                    v = TExpr {
                        kind: TExprKind::Var(t),
                        ty,
                        span: value_span,
                    };
                }
                if let Some((&last, rest)) = targets.split_last() {
                    for &target in rest {
                        self.assign_to(target, v, span, out);
                    }
                    self.assign_to(last, v, span, out);
                }
            }
            StmtKind::AnnAssign { target, value, .. } => {
                if let Some(value) = value {
                    let v = self.expr(*value);
                    self.assign_to(*target, v, span, out);
                }
            }
            StmtKind::AugAssign { target, op, value } => {
                self.aug_assign(*target, *op, *value, span, out)
            }
            StmtKind::If { test, body, orelse } => self.if_stmt(*test, *body, *orelse, span, out),
            StmtKind::While { test, body, orelse } => {
                self.while_stmt(*test, *body, *orelse, span, out)
            }
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
            } => {
                self.for_range(*target, *iter, *body, *orelse, span, out);
            }
            StmtKind::Break | StmtKind::Continue => {
                if self.loop_depth == 0 {
                    let word = if matches!(s.kind, StmtKind::Break) {
                        "break"
                    } else {
                        "continue"
                    };
                    self.error(Diagnostic::error(format!("'{word}' outside a loop"), span));
                } else if matches!(s.kind, StmtKind::Break) {
                    self.break_edge(span, out);
                    Self::push(out, TStmtKind::Break, span);
                    self.reachable = false;
                } else {
                    self.back_edge(span, out);
                    Self::push(out, TStmtKind::Continue, span);
                    self.reachable = false;
                }
            }
            StmtKind::Return(value) => self.return_stmt(*value, span, out),
            StmtKind::Pass => {}
            StmtKind::Assert { test, msg } => {
                let cond = self.condition(*test);
                let cond = self.ex(cond);
                let msg = match msg.map(|m| module.expr(m)) {
                    Some(m) => match &m.kind {
                        ExprKind::Str(s) => Some(push_name(&mut self.texts, module.string(*s))),
                        _ => {
                            self.error(Diagnostic::error(
                                "an assert message must be a string literal",
                                m.span,
                            ));
                            None
                        }
                    },
                    None => None,
                };
                Self::push(out, TStmtKind::Assert { cond, msg }, span);
            }
            StmtKind::Raise(exc) => {
                if let Some(text) = self.raise_text(*exc, span) {
                    Self::push(out, TStmtKind::Raise(text), span);
                }
                self.reachable = false;
            }
            StmtKind::FunctionDef(def) => self.nested_def(def, span, out),
            // Reported during name resolution.
            StmtKind::ClassDef(_)
            | StmtKind::Import(_)
            | StmtKind::ImportFrom { .. }
            | StmtKind::Global(_)
            | StmtKind::Nonlocal(_)
            | StmtKind::Del(_) => {}
        }
    }

    /// `if test: body else: orelse`; after it each local has the join of
    /// its bindings at the ends of the branches that reach it.
    fn if_stmt(
        &mut self,
        test: ExprId,
        body: Seq<Stmt>,
        orelse: Seq<Stmt>,
        span: Span,
        out: &mut Vec<TStmt>,
    ) {
        let cond = self.condition(test);
        // A condition Numba settles before typing leaves a branch that is
        // never taken, which it prunes: its assignments join nothing.
        let constant = self.pruned_condition(test, &cond);
        // Pruning and typing read one value: a branch pruned under a
        // condition that is a constant of the other truth would be lost.
        debug_assert!(
            constant.is_none() || cond.as_const().is_none_or(|c| Some(c.truthy()) == constant),
            "pruning and typing disagree on a constant condition"
        );
        let cond = self.ex(cond);
        self.branches(
            cond,
            constant != Some(false),
            constant != Some(true),
            |this| this.block_stmts(body),
            |this| this.block_stmts(orelse),
            span,
            out,
        );
    }

    /// `if cond: <then> else: <else>`: each branch walked by its closure
    /// from the state before the `if` (reachable unless `then_live` or
    /// `else_live` says it is never taken), the variables they assign
    /// joined after it.
    #[allow(clippy::too_many_arguments)]
    fn branches(
        &mut self,
        cond: TExprId,
        then_live: bool,
        else_live: bool,
        walk_then: impl FnOnce(&mut Self) -> Vec<TStmt>,
        walk_else: impl FnOnce(&mut Self) -> Vec<TStmt>,
        span: Span,
        out: &mut Vec<TStmt>,
    ) {
        // A branch a constant condition never takes is not typed at all:
        // Numba prunes it before typing (`if DEBUG:`, `if arg is None:`),
        // so it may hold code that would not type-check.
        let (mark, reachable) = (self.trail.len(), self.reachable);
        self.reachable = reachable && then_live;
        let mut then_stmts = if then_live {
            walk_then(self)
        } else {
            Vec::new()
        };
        let then_reaches = self.reachable;
        let then_end: Vec<(LocalId, Binding)> = (self.changed_since(mark).into_iter())
            .map(|(l, _)| (l, self.bindings[l.index()]))
            .collect();
        self.undo_to(mark);
        self.reachable = reachable && else_live;
        let mut else_stmts = if else_live {
            walk_else(self)
        } else {
            Vec::new()
        };
        let else_reaches = self.reachable;
        self.join_if(
            mark,
            &then_end,
            then_reaches,
            else_reaches,
            span,
            &mut then_stmts,
            &mut else_stmts,
        );
        self.reachable = then_reaches || else_reaches;
        let then_body = self.place(then_stmts);
        let else_body = self.place(else_stmts);
        Self::push(
            out,
            TStmtKind::If {
                cond,
                then_body,
                else_body,
            },
            span,
        );
    }

    /// `while test: body else: orelse`.
    fn while_stmt(
        &mut self,
        test: ExprId,
        body: Seq<Stmt>,
        orelse: Seq<Stmt>,
        span: Span,
        out: &mut Vec<TStmt>,
    ) {
        // A condition Numba settles before typing prunes the loop's branch
        // it never takes: a never-true one leaves the body untyped (its
        // assignments join nothing), an always-true one the exit.
        let constant = self.pruned_operand(test);
        if constant == Some(false) {
            let stmts = self.block_stmts(orelse);
            out.extend(stmts);
            return;
        }
        self.enter_loop(span, out);
        // The one condition kernelc types is tested at entry and on each
        // back edge: an `and`/`or` operand is pruned only by values that
        // reach every test.
        let outer = std::mem::replace(&mut self.typing_loop_test, true);
        let cond = self.condition(test);
        self.typing_loop_test = outer;
        // Always true only when the body leaves the condition's locals
        // alone (Numba prunes the entry test and the back-edge test each
        // on its own reaching values).
        let forever = constant == Some(true) && self.while_condition_is_stable(test);
        let cond = self.ex(cond);
        let (body, orelse) = self.loop_body(|this| this.block_stmts(body), orelse, !forever, span);
        Self::push(out, TStmtKind::While { cond, body, orelse }, span);
    }

    /// Walks the body of the loop being walked (`walk` returns its
    /// statements), then its `else` clause (see [`Self::loop_exit`]): the
    /// two lists.
    fn loop_body(
        &mut self,
        walk: impl FnOnce(&mut Self) -> Vec<TStmt>,
        orelse: Seq<Stmt>,
        exits_normally: bool,
        span: Span,
    ) -> (TStmtList, TStmtList) {
        self.loop_depth += 1;
        let mut body_stmts = walk(self);
        self.back_edge(span, &mut body_stmts);
        self.loop_depth -= 1;
        let body = self.place(body_stmts);
        (body, self.loop_exit(exits_normally, orelse, span))
    }

    /// The statements `prefix` (which start each iteration, such as
    /// assigning a loop's target), then those of `body`.
    fn after(&mut self, mut prefix: Vec<TStmt>, body: Seq<Stmt>) -> Vec<TStmt> {
        let mut rest = self.block_stmts(body);
        prefix.append(&mut rest);
        self.pc.scratch.stmt_vecs.push(rest);
        prefix
    }

    /// Pushes `for index in range(0, stop, 1): body else: orelse` (the
    /// counted loop the array, tuple and unrolled loops become).
    fn push_counted_loop(
        &mut self,
        index: VarId,
        stop: TExpr,
        body: TStmtList,
        orelse: TStmtList,
        span: Span,
        out: &mut Vec<TStmt>,
    ) {
        let start = self.ex(TExpr::constant(ConstValue::i64(0), span));
        let step = self.ex(TExpr::constant(ConstValue::i64(1), span));
        let stop = self.ex(stop);
        Self::push(
            out,
            TStmtKind::For {
                var: index,
                start,
                stop,
                step,
                body,
                orelse,
            },
            span,
        );
    }

    /// Ends the loop being walked: walks its `else` clause from the
    /// header's state (unless the loop cannot end by its condition) and
    /// joins that exit with the `break`s; returns the clause with the
    /// conversions of the join.
    fn loop_exit(&mut self, exits_normally: bool, orelse: Seq<Stmt>, span: Span) -> TStmtList {
        let (frame, header_mark) = self.end_loop_body();
        self.reachable = exits_normally && frame.reachable;
        let mut else_stmts = self.block_stmts(orelse);
        let normal_reaches = self.reachable;
        self.leave_loop(frame, header_mark, normal_reaches, span, &mut else_stmts);
        self.place(else_stmts)
    }

    /// `e` when it is a call of a ufunc with an output array: its loop
    /// pushed to `out`, and its value, the output array (Numba's), typed;
    /// `None` for any other expression.
    fn ufunc_out_value(&mut self, e: ExprId, span: Span, out: &mut Vec<TStmt>) -> Option<TExpr> {
        let module = self.env.module;
        let ExprKind::Call {
            func,
            args,
            keywords,
        } = &module.expr(e).kind
        else {
            return None;
        };
        let args = module.exprs(*args);
        if !module.keywords(*keywords).is_empty() {
            return None;
        }
        let u = self.ufunc_with_out(*func, args.len())?;
        Some(self.ufunc_out_stmt(u, args, span, out))
    }

    /// The ufunc `func` names when it is called with `n` positional
    /// arguments, one more than its inputs (an output array).
    fn ufunc_with_out(&self, func: ExprId, n: usize) -> Option<Ufunc> {
        match self.res(func) {
            Res::Member(Member::Func(Callee::Ufunc(u))) if n == u.arity() + 1 => Some(*u),
            _ => None,
        }
    }

    /// Assigns a typed value to a target (name, element, or tuple of targets).
    fn assign_to(&mut self, id: ExprId, value: TExpr, span: Span, out: &mut Vec<TStmt>) {
        let target = self.ast(id);
        match &target.kind {
            ExprKind::Name(_) => {
                let Res::Local(l) = *self.res(id) else {
                    return;
                };
                self.assign_local(l, value, span, out);
            }
            ExprKind::Subscript {
                value: array,
                index,
            } => {
                let module = self.env.module;
                if let ExprKind::Str(name) = module.expr(*index).kind {
                    let name_span = module.expr(*index).span;
                    let name = module.string(name);
                    self.field_assign(*array, name, name_span, None, value, span, out);
                    return;
                }
                if self.has_slices(*index) {
                    let view = self.expr(id);
                    self.fill(view, value, span, out);
                    return;
                }
                let mut lets = Vec::new();
                let Some((array, indices)) = self.store_target(*array, *index, &mut lets) else {
                    return;
                };
                // The value first, then a tuple index with effects, each
                // once (Python's order).
                let value = if lets.is_empty() {
                    value
                } else {
                    self.once(value, span, out)
                };
                self.assign_lets(lets, span, out);
                let ndim = array.ty.array().map_or(0, |a| a.ndim);
                if indices.len() < ndim as usize {
                    // `m[i] = x`: every element of the row.
                    let view = self.row_view(array, indices, target.span);
                    self.fill(view, value, span, out);
                    return;
                }
                let array = self.ex(array);
                self.store(array, indices, value, span, out);
            }
            ExprKind::Tuple(targets) | ExprKind::List(targets) => {
                self.unpack(self.env.module.exprs(*targets), value, span, out)
            }
            ExprKind::Attribute { value: base, attr } => {
                let name = self.env.name(attr.name);
                self.field_assign(*base, name, attr.span, None, value, span, out);
            }
            // Already reported (a target the parser could not read).
            ExprKind::Error => {}
            _ => self.error(Diagnostic::error(
                "cannot assign to this expression",
                target.span,
            )),
        }
    }

    /// Types the array and indices of an element target `a[i, j]`; a
    /// tuple index with effects goes into a temporary of `lets` (see
    /// `indices`), which the caller assigns before the store.
    fn store_target(
        &mut self,
        array: ExprId,
        index: ExprId,
        lets: &mut Vec<(VarId, TExpr)>,
    ) -> Option<(TExpr, TExprList)> {
        let (array_span, index_span) = (self.ast(array).span, self.ast(index).span);
        let a = self.expr(array);
        if let Type::Pointer(elem) = a.ty {
            // `p[i] = v`: one integer index, no wraparound.
            self.pointer_element_type(&a, elem, array_span.to(index_span))?;
            let index = self.pointer_index(&a, index)?;
            return Some((a, index));
        }
        let indices = self.indices(index, lets)?;
        match &a.ty {
            Type::Unknown => None,
            Type::Array(at) => {
                if at.space == MemSpace::Const {
                    self.error(
                        Diagnostic::error(
                            "constant arrays are read-only",
                            array_span.to(index_span),
                        )
                        .with_help("copy the value into a local variable or a local array first"),
                    );
                    return None;
                }
                if indices.len() > at.ndim as usize {
                    let msg = format!(
                        "too many indices for a {}-D array: {} given",
                        at.ndim,
                        indices.len()
                    );
                    self.error(Diagnostic::error(msg, index_span));
                    return None;
                }
                Some((a, indices))
            }
            Type::Tuple(_) => {
                self.error(Diagnostic::error(
                    "tuples are immutable; cannot assign to an element",
                    array_span,
                ));
                None
            }
            other => {
                let msg = format!("cannot assign to an element of {}", other.describe());
                self.error(Diagnostic::error(msg, array_span));
                None
            }
        }
    }

    pub(super) fn store(
        &mut self,
        array: TExprId,
        indices: TExprList,
        value: TExpr,
        span: Span,
        out: &mut Vec<TStmt>,
    ) {
        let elem = match self.get(array).ty {
            Type::Pointer(elem) => elem,
            other => {
                other
                    .array()
                    .expect("store target is an array or a pointer")
                    .elem
            }
        };
        let value = self.int_enum_as_number(value);
        let value = match (elem, value.ty) {
            (_, Type::Unknown) => return,
            (Elem::Scalar(s), Type::Scalar(_)) => self.cast(value, &Type::Scalar(s)),
            (Elem::Complex(part), Type::Scalar(_) | Type::Complex(_)) => {
                self.cast(value, &Type::Complex(part))
            }
            // `a[i] = b[j]`: the record's fields copied.
            (Elem::Record(record), Type::Record(r)) if r.record == record => value,
            (_, other) => {
                let msg = match elem {
                    Elem::Scalar(s) => format!(
                        "cannot store {} into an array element of type {s}",
                        other.describe()
                    ),
                    Elem::Complex(_) => format!(
                        "cannot store {} into an array element of type {elem}",
                        other.describe()
                    ),
                    Elem::Record(record) => format!(
                        "cannot store {} into an array of records of type {record}",
                        other.describe()
                    ),
                };
                self.error(Diagnostic::error(msg, value.span));
                return;
            }
        };
        let value = self.ex(value);
        Self::push(
            out,
            TStmtKind::Store {
                array,
                indices,
                value,
            },
            span,
        );
    }

    fn unpack(&mut self, targets: &[ExprId], value: TExpr, span: Span, out: &mut Vec<TStmt>) {
        let n = targets.len();
        if targets
            .iter()
            .any(|&t| matches!(self.ast(t).kind, ExprKind::Error))
        {
            // A target the parser refused (`a, *rest = t`): reported.
            self.poison_targets(targets, span, out);
            return;
        }
        let tys = match &value.ty {
            Type::Unknown => {
                self.poison_targets(targets, span, out);
                return;
            }
            Type::Tuple(tys) if tys.len() == n => *tys,
            Type::Tuple(tys) => {
                let msg = format!(
                    "cannot unpack a tuple of {} values into {n} targets",
                    tys.len()
                );
                self.error(Diagnostic::error(msg, value.span));
                self.poison_targets(targets, span, out);
                return;
            }
            Type::Array(a) if a.ndim >= 1 => {
                return self.unpack_array(targets, value, *a, span, out)
            }
            other => {
                let msg = format!("cannot unpack {} into {n} targets", other.describe());
                self.error(Diagnostic::error(msg, value.span));
                self.poison_targets(targets, span, out);
                return;
            }
        };
        // Evaluate every element before assigning any (`a, b = b, a`); the
        // parts wait in a vector of the operand pool.
        let mut parts = self.pc.scratch.operand_vecs.pop().unwrap_or_default();
        match value.kind {
            TExprKind::Tuple(items) => {
                for item in items.ids() {
                    let item = *self.get(item);
                    if item.is_trivially_pure() && !matches!(item.kind, TExprKind::Var(_)) {
                        parts.push(item);
                        continue;
                    }
                    let t = self.temp(item.ty, item.span);
                    let (ty, sp) = (item.ty, item.span);
                    Self::push(out, TStmtKind::Assign(t, self.ex(item)), span);
                    parts.push(TExpr {
                        kind: TExprKind::Var(t),
                        ty,
                        span: sp,
                    });
                }
            }
            TExprKind::Const(ConstValue::Tuple(values)) => {
                parts.extend(values.iter().map(|v| TExpr::constant(*v, value.span)))
            }
            _ => {
                let whole = if value.is_trivially_pure() {
                    value
                } else {
                    let t = self.temp(value.ty, value.span);
                    let (ty, sp) = (value.ty, value.span);
                    Self::push(out, TStmtKind::Assign(t, self.ex(value)), span);
                    TExpr {
                        kind: TExprKind::Var(t),
                        ty,
                        span: sp,
                    }
                };
                let whole_span = whole.span;
                let whole = self.ex(whole);
                parts.extend((0..n).map(|k| TExpr {
                    kind: TExprKind::TupleGet(whole, k as u32),
                    ty: tys[k],
                    span: whole_span,
                }));
            }
        }
        for (&t, part) in targets.iter().zip(parts.drain(..)) {
            self.assign_to(t, part, span, out);
        }
        self.recycle(parts);
    }

    /// `x, y = a` of an array, as Numba's `exhaust_iter`: `ValueError`
    /// unless `a` has exactly as many items (elements of a 1-D array, rows
    /// of layout `A` of a deeper one) as there are targets; the items are
    /// read, each into a temporary, before any target is assigned.
    fn unpack_array(
        &mut self,
        targets: &[ExprId],
        value: TExpr,
        a: crate::types::ArrayType,
        span: Span,
        out: &mut Vec<TStmt>,
    ) {
        let n = targets.len();
        let (ty, sp) = (value.ty, value.span);
        let whole = self.temp(ty, sp);
        Self::push(out, TStmtKind::Assign(whole, self.ex(value)), span);
        let read = |this: &mut Self| this.var_expr(whole, ty, sp);
        let w = read(self);
        let cond = self.first_extent_is_not(w, n, sp);
        self.raise_if(cond, "ValueError", span, out);
        let item_ty = a.item_type();
        let mut parts = Vec::with_capacity(n);
        for k in 0..n {
            let w = read(self);
            let idx = self.ex_list([TExpr::constant(ConstValue::i64(k as i64), sp)]);
            let item = TExpr {
                kind: TExprKind::Index(w, idx),
                ty: item_ty,
                span: sp,
            };
            let t = self.temp(item_ty, sp);
            Self::push(out, TStmtKind::Assign(t, self.ex(item)), span);
            parts.push(TExpr {
                kind: TExprKind::Var(t),
                ty: item_ty,
                span: sp,
            });
        }
        for (&t, part) in targets.iter().zip(parts) {
            self.assign_to(t, part, span, out);
        }
    }

    /// Marks the targets of a failed assignment as erroneous, so their later
    /// uses do not report again.
    fn poison_targets(&mut self, targets: &[ExprId], span: Span, out: &mut Vec<TStmt>) {
        for &t in targets {
            let error = TExpr::error(self.ast(t).span);
            self.assign_to(t, error, span, out);
        }
    }

    /// Assigns the temporaries `lets` (see `indices`), in order.
    fn assign_lets(&mut self, lets: Vec<(VarId, TExpr)>, span: Span, out: &mut Vec<TStmt>) {
        for (v, value) in lets {
            let value = self.ex(value);
            Self::push(out, TStmtKind::Assign(v, value), span);
        }
    }

    /// Evaluates `e` into a temporary unless it can be read twice.
    pub(super) fn once(&mut self, e: TExpr, span: Span, out: &mut Vec<TStmt>) -> TExpr {
        if e.is_trivially_pure() || e.ty.is_unknown() {
            return e;
        }
        let t = self.temp(e.ty, e.span);
        let (ty, sp) = (e.ty, e.span);
        Self::push(out, TStmtKind::Assign(t, self.ex(e)), span);
        TExpr {
            kind: TExprKind::Var(t),
            ty,
            span: sp,
        }
    }

    fn aug_assign(
        &mut self,
        id: ExprId,
        op: BinOp,
        value: ExprId,
        span: Span,
        out: &mut Vec<TStmt>,
    ) {
        let target = self.ast(id);
        match &target.kind {
            ExprKind::Name(_) => {
                let Res::Local(l) = *self.res(id) else {
                    return;
                };
                let cur = self.read_var(l, target.span);
                let rhs = self.expr(value);
                if cur.ty.is_unknown() {
                    return;
                }
                let new = self.binary(op, cur, rhs, span);
                self.assign_local(l, new, span, out);
            }
            ExprKind::Attribute { value: base, attr } => {
                let name = self.env.name(attr.name);
                let rhs = self.expr(value);
                self.field_assign(*base, name, attr.span, Some(op), rhs, span, out);
            }
            ExprKind::Subscript {
                value: array,
                index,
            } => {
                let module = self.env.module;
                if let ExprKind::Str(name) = module.expr(*index).kind {
                    let name_span = module.expr(*index).span;
                    let name = module.string(name);
                    let rhs = self.expr(value);
                    self.field_assign(*array, name, name_span, Some(op), rhs, span, out);
                    return;
                }
                if self.has_slices(*index) {
                    self.expr(id);
                    self.expr(value);
                    self.reject_array_update(target.span);
                    return;
                }
                let mut lets = Vec::new();
                let Some((a, indices)) = self.store_target(*array, *index, &mut lets) else {
                    self.expr(value);
                    return;
                };
                self.assign_lets(lets, span, out);
                if indices.len() < a.ty.array().map_or(0, |a| a.ndim as usize) {
                    self.expr(value);
                    self.reject_array_update(target.span);
                    return;
                }
                let a = self.once(a, span, out);
                let indices: Vec<TExpr> = indices
                    .ids()
                    .map(|i| {
                        let i = *self.get(i);
                        self.once(i, span, out)
                    })
                    .collect();
                let indices = self.ex_list(indices);
                let elem = match a.ty {
                    Type::Pointer(Elem::Complex(part)) => Type::Complex(part),
                    Type::Pointer(elem) => {
                        Type::Scalar(elem.scalar().expect("a pointer to numbers"))
                    }
                    other => other.array().expect("store target is an array").elem_type(),
                };
                let a = self.ex(a);
                let cur = TExpr {
                    kind: TExprKind::Index(a, indices),
                    ty: elem,
                    span: target.span,
                };
                let rhs = self.expr(value);
                let new = self.binary(op, cur, rhs, span);
                self.store(a, indices, new, span, out);
            }
            _ => self.error(Diagnostic::error(
                "cannot use an augmented assignment on this target",
                target.span,
            )),
        }
    }

    fn return_stmt(&mut self, value: Option<ExprId>, span: Span, out: &mut Vec<TStmt>) {
        let value = value.filter(|&v| !matches!(self.ast(v).kind, ExprKind::NoneLit));
        if self.is_kernel {
            if let Some(v) = value {
                self.expr(v);
                self.error(
                    Diagnostic::error("a kernel cannot return a value", self.ast(v).span)
                        .with_help(
                        "write results into an array argument; use `return` alone to exit early",
                    ),
                );
            }
            Self::push(out, TStmtKind::Return(None), span);
            self.reachable = false;
            return;
        }
        match value {
            None => {
                self.add_return(&Type::None, span);
                Self::push(out, TStmtKind::Return(None), span);
            }
            Some(v) => {
                let v_span = self.ast(v).span;
                let t = self.expr_keep_optional(v);
                if matches!(t.ty, Type::Array(_)) && self.unassigned_param_type(v).is_none() {
                    // Numba without its memory manager returns an array
                    // only when it is an argument, unchanged
                    // (`legalize_return_type`): its memory outlives the
                    // call.
                    self.error(
                        Diagnostic::error(
                            "Only accept returning of array passed into the function as argument",
                            v_span,
                        )
                        .with_help(
                            "a device function returns an array only when it is one of its \
                             parameters, never assigned in it; return the parameter, and \
                             slice at the call",
                        ),
                    );
                    self.add_return(&Type::Unknown, v_span);
                    return;
                }
                self.add_return(&t.ty, v_span);
                let t = match self.declared_ret {
                    Some(ret) => self.cast(t, &ret),
                    None => t,
                };
                let value = self.ex(t);
                // Converted to the result type once every return is known.
                self.returns.push(value);
                Self::push(out, TStmtKind::Return(Some(value)), span);
            }
        }
        self.reachable = false;
    }

    fn for_range(
        &mut self,
        target_id: ExprId,
        iter_id: ExprId,
        body: Seq<Stmt>,
        orelse: Seq<Stmt>,
        span: Span,
        out: &mut Vec<TStmt>,
    ) {
        let module = self.env.module;
        let target = module.expr(target_id);
        match self.callee_of(iter_id) {
            Some(Callee::Range) => {}
            Some(Callee::LiteralUnroll) => {
                return self.for_unrolled(target_id, iter_id, body, orelse, span, out)
            }
            _ => return self.for_each(target_id, iter_id, body, orelse, span, out),
        }
        // Only `range(...)` calls reach this point (see `callee_of`).
        let range_args = self.range_args(iter_id).map(|(args, _)| args);
        let var = match (&target.kind, self.res(target_id)) {
            (ExprKind::Name(_), Res::Local(l)) => Some(*l),
            _ => {
                self.error(Diagnostic::error(
                    "a for loop over range() needs a single variable",
                    target.span,
                ));
                None
            }
        };
        // The bounds are evaluated once, before the loop.
        let bounds = range_args.and_then(|args| self.range_bounds(args));
        let mut typed = None;
        if let Some((ty, start, stop, step)) = bounds {
            let (start, stop, step) = (
                self.cast(start, &ty),
                self.cast(stop, &ty),
                self.cast(step, &ty),
            );
            typed = Some((ty, self.ex(start), self.ex(stop), self.ex(step)));
        }
        self.enter_loop(span, out);
        // Each iteration starts by assigning the loop variable.
        let loop_var = match (var, typed) {
            (Some(l), Some((ty, ..))) => {
                let v = self.version(l, ty, target.span);
                self.set_binding(l, Binding::Var(v));
                Some(v)
            }
            (Some(l), None) => {
                self.set_binding(l, Binding::Error);
                None
            }
            (None, _) => None,
        };
        let (body, orelse) = self.loop_body(|this| this.block_stmts(body), orelse, true, span);
        if let (Some(var), Some((_, start, stop, step))) = (loop_var, typed) {
            Self::push(
                out,
                TStmtKind::For {
                    var,
                    start,
                    stop,
                    step,
                    body,
                    orelse,
                },
                span,
            );
        }
    }

    /// `for target in literal_unroll(t)`: Numba's loop over a tuple whose
    /// items may differ in type. A counted loop over a hidden index whose
    /// body is a chain of `if index == k:` branches, one per item, each
    /// assigning item `k` to the target and then typed on its own (each
    /// item's type flows through its own copy of the body; `break` and
    /// `continue` keep their meaning). An array or a tuple of one item
    /// type is iterated as by a plain loop.
    fn for_unrolled(
        &mut self,
        target_id: ExprId,
        iter_id: ExprId,
        body: Seq<Stmt>,
        orelse: Seq<Stmt>,
        span: Span,
        out: &mut Vec<TStmt>,
    ) {
        let module = self.env.module;
        let iter = module.expr(iter_id);
        let ExprKind::Call { args, keywords, .. } = &iter.kind else {
            return;
        };
        let args = module.exprs(*args);
        if args.len() != 1 || !module.keywords(*keywords).is_empty() {
            let msg = format!("literal_unroll() takes one argument, {} given", args.len());
            self.error(Diagnostic::error(msg, iter.span));
        }
        let Some(&arg) = args.first() else {
            // Still type the body once, for its own errors.
            self.enter_loop(span, out);
            let mut prefix = self.pc.scratch.stmt_vecs.pop().unwrap_or_default();
            self.assign_to(target_id, TExpr::error(iter.span), span, &mut prefix);
            self.loop_body(|this| this.after(prefix, body), orelse, true, span);
            return;
        };
        let t = self.expr(arg);
        let items = match t.ty {
            Type::Tuple(items) if !items.is_empty() && items.iter().any(|i| *i != items[0]) => {
                items
            }
            _ => return self.for_each(target_id, arg, body, orelse, span, out),
        };
        let tuple = self.temp(t.ty, t.span);
        let value = self.ex(t);
        Self::push(out, TStmtKind::Assign(tuple, value), span);
        let index = self.temp(Type::I64, span);
        let n = items.len() as u32;
        self.enter_loop(span, out);
        let walk =
            |this: &mut Self| this.unrolled_copies(0, n, tuple, index, target_id, body, span);
        let (body, orelse) = self.loop_body(walk, orelse, true, span);
        let stop = TExpr::constant(ConstValue::i64(i64::from(n)), span);
        self.push_counted_loop(index, stop, body, orelse, span, out);
    }

    /// The statements of one iteration of [`Self::for_unrolled`] for the
    /// items `k..n` of the tuple in temporary `tuple`: item `k`'s copy of
    /// the body, or `if index == k:` it `else:` the rest.
    #[allow(clippy::too_many_arguments)]
    fn unrolled_copies(
        &mut self,
        k: u32,
        n: u32,
        tuple: VarId,
        index: VarId,
        target_id: ExprId,
        body: Seq<Stmt>,
        span: Span,
    ) -> Vec<TStmt> {
        let tuple_ty = self.vars[tuple.0 as usize].ty;
        let Type::Tuple(items) = tuple_ty else {
            return Vec::new();
        };
        let copy = |this: &mut Self| {
            let mut stmts = this.pc.scratch.stmt_vecs.pop().unwrap_or_default();
            let whole = this.var_expr(tuple, tuple_ty, span);
            let item = TExpr {
                kind: TExprKind::TupleGet(whole, k),
                ty: items[k as usize],
                span,
            };
            this.assign_to(target_id, item, span, &mut stmts);
            this.after(stmts, body)
        };
        if k + 1 == n {
            return copy(self);
        }
        let i = self.var_expr(index, Type::I64, span);
        let at = self.ex(TExpr::constant(ConstValue::i64(i64::from(k)), span));
        let cond = self.ex(TExpr {
            kind: TExprKind::Compare(crate::front::ast::CmpOp::Eq, i, at),
            ty: Type::Scalar(Scalar::Bool),
            span,
        });
        let mut stmts = self.pc.scratch.stmt_vecs.pop().unwrap_or_default();
        self.branches(
            cond,
            true,
            true,
            copy,
            // The recursive step (see `crate::stack`).
            |this| {
                crate::stack::deeper(|| {
                    this.unrolled_copies(k + 1, n, tuple, index, target_id, body, span)
                })
            },
            span,
            &mut stmts,
        );
        stmts
    }

    /// What `e` calls, when it is a call of a builtin or intrinsic
    /// (`range(...)`, `enumerate(...)`).
    fn callee_of(&self, e: ExprId) -> Option<Callee> {
        match &self.ast(e).kind {
            ExprKind::Call { func, .. } => match self.res(*func) {
                Res::Member(Member::Func(c)) => Some(*c),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether `e` is a call of `callee`.
    fn is_call_of(&self, e: ExprId, callee: Callee) -> bool {
        self.callee_of(e) == Some(callee)
    }

    /// `for target in iterable` beyond a plain range, as Numba allows: an
    /// array `a` (its elements, or the rows of a 2-D or 3-D array), a
    /// tuple whose items have one type, `enumerate(x[, start])` (`(int64
    /// count, item)` pairs) and `zip(x, y, ...)` (tuples of items, as many
    /// as the shortest has), where `x`, `y` are arrays, such tuples,
    /// ranges, or again `enumerate`/`zip` calls (`enumerate(zip(x, y))`,
    /// `zip(enumerate(x), y)`). Desugared to a counted loop over a hidden
    /// `int64` index: what is iterated is evaluated once, in the order
    /// written, into temporaries before the loop, and each iteration first
    /// assigns the target.
    fn for_each(
        &mut self,
        target_id: ExprId,
        iter_id: ExprId,
        body: Seq<Stmt>,
        orelse: Seq<Stmt>,
        span: Span,
        out: &mut Vec<TStmt>,
    ) {
        let mut leaves: Vec<(VarId, Iterated, Span)> = Vec::new();
        let mut ok = true;
        let shape = self.iter_source(iter_id, true, span, &mut leaves, &mut ok, out);
        // The trip count: the shortest leaf's length.
        let mut stop: Option<TExpr> = None;
        for &(v, it, sp) in &leaves {
            let len = match it {
                Iterated::Array(a) => {
                    let arr = self.ex(TExpr {
                        kind: TExprKind::Var(v),
                        ty: Type::Array(a),
                        span: sp,
                    });
                    TExpr {
                        kind: TExprKind::ArrayProp(arr, ArrayProp::Extent(0)),
                        ty: Type::I64,
                        span: sp,
                    }
                }
                Iterated::Tuple(n, _) => TExpr::constant(ConstValue::i64(i64::from(n)), sp),
                Iterated::Range { stop, step, .. } => self.range_len(v, stop, step, sp),
            };
            stop = Some(match stop {
                None => len,
                Some(shorter) => {
                    let (x, y) = (self.ex(shorter), self.ex(len));
                    let less = TExpr {
                        kind: TExprKind::Compare(crate::front::ast::CmpOp::Lt, x, y),
                        ty: Type::Scalar(Scalar::Bool),
                        span: sp,
                    };
                    TExpr {
                        kind: TExprKind::Select(self.ex(less), x, y),
                        ty: Type::I64,
                        span: sp,
                    }
                }
            });
        }
        let index = self.temp(Type::I64, span);
        self.enter_loop(span, out);
        let mut prefix = self.pc.scratch.stmt_vecs.pop().unwrap_or_default();
        let value = match shape {
            Some(shape) if ok => self.iter_item(&shape, &leaves, index, span),
            _ => TExpr::error(self.ast(iter_id).span),
        };
        // Inside the loop (its type joins see the assignment).
        self.assign_to(target_id, value, span, &mut prefix);
        let (body, orelse) = self.loop_body(|this| this.after(prefix, body), orelse, true, span);
        if let (true, Some(stop)) = (ok, stop) {
            self.push_counted_loop(index, stop, body, orelse, span, out);
        }
    }

    /// What `e`, a `for` loop's iterable or an argument of an `enumerate`
    /// or `zip` in it, iterates: its arrays, tuples and ranges are typed
    /// and assigned to temporaries before the loop (appended to `leaves`,
    /// in the order written), as is an `enumerate` start. Errors are
    /// reported and clear `ok`; `None` when nothing is left to iterate.
    /// `outermost`: `e` is the loop's own iterable (not inside `zip`).
    fn iter_source(
        &mut self,
        e: ExprId,
        outermost: bool,
        span: Span,
        leaves: &mut Vec<(VarId, Iterated, Span)>,
        ok: &mut bool,
        out: &mut Vec<TStmt>,
    ) -> Option<IterSource> {
        let module = self.env.module;
        let expr = module.expr(e);
        let enumerate = self.is_call_of(e, Callee::Enumerate);
        if let (ExprKind::Call { args, keywords, .. }, true) =
            (&expr.kind, enumerate || self.is_call_of(e, Callee::Zip))
        {
            let args = module.exprs(*args);
            let name = if enumerate { "enumerate" } else { "zip" };
            if let Some(k) = module.keywords(*keywords).first() {
                let msg = format!("{name}() takes no keyword arguments here");
                self.error(Diagnostic::error(msg, k.span));
                *ok = false;
            }
            let arity_ok = if enumerate {
                (1..=2).contains(&args.len())
            } else {
                !args.is_empty()
            };
            if !arity_ok {
                let want = if enumerate { "1 or 2" } else { "at least 1" };
                let msg = format!("{name}() takes {want} arguments, {} given", args.len());
                self.error(Diagnostic::error(msg, expr.span));
                *ok = false;
            }
            if !enumerate {
                let mut parts = Vec::with_capacity(args.len());
                for &a in args {
                    parts.extend(self.iter_source(a, false, span, leaves, ok, out));
                }
                return (!parts.is_empty()).then_some(IterSource::Zip(parts, expr.span));
            }
            let inner = match args.first() {
                Some(&a) => self.iter_source(a, false, span, leaves, ok, out),
                None => None,
            };
            let start = args
                .get(1)
                .and_then(|&s| self.enumerate_start(s, span, out));
            if args.len() == 2 && start.is_none() {
                *ok = false;
            }
            return inner.map(|inner| IterSource::Enumerate(start, Box::new(inner), expr.span));
        }
        if self.is_call_of(e, Callee::Range) {
            let leaf = self.range_source(e, span, out);
            if leaf.is_none() {
                *ok = false;
            }
            return leaf.map(|r| {
                leaves.push(r);
                IterSource::Leaf(leaves.len() - 1)
            });
        }
        let t = match &expr.kind {
            // CPython compiles a list display that a `for` iterates, and
            // that has no starred item, as a tuple (`for j in [1, 2, 4]`
            // iterates the constant (1, 2, 4)), so Numba sees a tuple
            // there; elsewhere a list needs Numba's memory manager.
            ExprKind::List(items) if outermost && !self.has_starred(module.exprs(*items)) => {
                self.tuple_display(module.exprs(*items), expr.span)
            }
            _ => self.expr(e),
        };
        let iterated = match t.ty {
            Type::Array(a) if a.ndim == 0 => {
                // Numba's message (NumPy's is "iteration over a 0-d array" too).
                self.error(Diagnostic::error("iteration over a 0-d array", t.span));
                None
            }
            Type::Array(a) => Some(Iterated::Array(a)),
            // A tuple whose items all have one type (Numba's `UniTuple`); a
            // heterogeneous one needs unrolling, and Numba cannot iterate
            // the empty tuple either.
            Type::Tuple(items) if items.is_empty() => {
                self.error(Diagnostic::error("cannot loop over an empty tuple", t.span));
                None
            }
            Type::Tuple(items) if items.iter().all(|i| *i == items[0]) => {
                Some(Iterated::Tuple(items.len() as u32, Some(items[0])))
            }
            Type::Tuple(_) => {
                let msg = format!(
                    "kernels can loop over tuples whose items all have one type, not {}",
                    t.ty
                );
                self.error(
                    Diagnostic::error(msg, t.span).with_help("convert the items to one type first"),
                );
                None
            }
            Type::Unknown => None,
            other => {
                let what = match other {
                    Type::None => "the result of a call that returns nothing".to_string(),
                    other => other.describe(),
                };
                let msg = format!("kernels can loop over `range(...)` and arrays, not {what}");
                self.error(
                    Diagnostic::error(msg, t.span)
                        .with_help("iterate over indices: `for i in range(len(x)):`"),
                );
                None
            }
        };
        let Some(it) = iterated else {
            *ok = false;
            return None;
        };
        let v = self.temp(t.ty, t.span);
        let sp = t.span;
        let value = self.ex(t);
        Self::push(out, TStmtKind::Assign(v, value), span);
        leaves.push((v, it, sp));
        Some(IterSource::Leaf(leaves.len() - 1))
    }

    /// An `enumerate` start, as `int64`, into a temporary before the loop
    /// (Python evaluates it once); `None` after an error.
    fn enumerate_start(&mut self, s: ExprId, span: Span, out: &mut Vec<TStmt>) -> Option<VarId> {
        let t = self.expr(s);
        match t.ty.scalar() {
            _ if t.ty.is_unknown() => None,
            Some(sc) if sc.is_int() || sc == Scalar::Bool => {
                let t = self.cast(t, &Type::I64);
                let v = self.temp(Type::I64, t.span);
                let value = self.ex(t);
                Self::push(out, TStmtKind::Assign(v, value), span);
                Some(v)
            }
            _ => {
                let msg = format!("enumerate() start must be an integer, not {}", t.ty);
                self.error(Diagnostic::error(msg, t.span));
                None
            }
        }
    }

    /// The item of `source` at the loop's `index`: an element of a leaf,
    /// `(count, item)` for `enumerate`, a tuple of items for `zip` (a
    /// 1-tuple for `zip(x)`, as in Python).
    fn iter_item(
        &mut self,
        source: &IterSource,
        leaves: &[(VarId, Iterated, Span)],
        index: VarId,
        span: Span,
    ) -> TExpr {
        let (items, tuple_span) = match source {
            IterSource::Leaf(k) => {
                let (v, it, sp) = leaves[*k];
                return self.element(v, it, index, sp);
            }
            IterSource::Enumerate(start, inner, call_span) => {
                let i = TExpr {
                    kind: TExprKind::Var(index),
                    ty: Type::I64,
                    span,
                };
                let count = match *start {
                    Some(s) => {
                        let s = self.var_expr(s, Type::I64, span);
                        let i = self.ex(i);
                        TExpr {
                            kind: TExprKind::Binary(BinOp::Add, s, i),
                            ty: Type::I64,
                            span,
                        }
                    }
                    None => i,
                };
                let item = self.iter_item(inner, leaves, index, span);
                (vec![count, item], *call_span)
            }
            IterSource::Zip(parts, call_span) => {
                let items = (parts.iter())
                    .map(|p| self.iter_item(p, leaves, index, span))
                    .collect();
                (items, *call_span)
            }
        };
        let ty = Type::Tuple(items.iter().map(|t| t.ty).collect());
        TExpr {
            kind: TExprKind::Tuple(self.ex_list(items)),
            ty,
            span: tuple_span,
        }
    }

    /// A `range(...)` inside `enumerate`/`zip`: its start, stop and step
    /// into `int64` temporaries before the loop (the start's temporary is
    /// the source's).
    fn range_source(
        &mut self,
        call: ExprId,
        span: Span,
        out: &mut Vec<TStmt>,
    ) -> Option<(VarId, Iterated, Span)> {
        let e = self.ast(call);
        let (args, no_keywords) = self.range_args(call)?;
        if !no_keywords {
            return None;
        }
        let (ty, start, stop, step) = self.range_bounds(args)?;
        if ty == Type::Scalar(Scalar::U64) {
            let msg = "enumerate() and zip() over a uint64 range() are not supported yet";
            self.error(Diagnostic::error(msg, e.span));
            return None;
        }
        let mut temp = |this: &mut Self, t: TExpr| {
            let t = this.cast(t, &Type::I64);
            let v = this.temp(Type::I64, t.span);
            let value = this.ex(t);
            Self::push(out, TStmtKind::Assign(v, value), span);
            v
        };
        let step_known = step.as_const().is_some();
        let (start, stop, step) = (temp(self, start), temp(self, stop), temp(self, step));
        if !step_known {
            // A step of zero raises ValueError in Numba, which ends the
            // thread (with `debug`, fails the launch), as for a plain range.
            let read = self.var_expr(step, Type::I64, span);
            let zero = self.ex(TExpr::constant(ConstValue::i64(0), span));
            let cond = self.ex(TExpr {
                kind: TExprKind::Compare(crate::front::ast::CmpOp::Eq, read, zero),
                ty: Type::BOOL,
                span,
            });
            self.raise_if(
                cond,
                "ValueError: range() arg 3 must not be zero",
                span,
                out,
            );
        }
        Some((start, Iterated::Range { stop, step, ty }, e.span))
    }

    /// `if cond: raise TEXT` (`TEXT` as Python prints the exception), to
    /// `out`: the checks Numba makes at run time.
    pub(super) fn raise_if(&mut self, cond: TExprId, text: &str, span: Span, out: &mut Vec<TStmt>) {
        let text = push_name(&mut self.texts, text);
        let mut raise = Vec::with_capacity(1);
        Self::push(&mut raise, TStmtKind::Raise(text), span);
        let then_body = self.place(raise);
        Self::push(
            out,
            TStmtKind::If {
                cond,
                then_body,
                else_body: TStmtList::default(),
            },
            span,
        );
    }

    /// `array.shape[0] != n`, for the array expression `array`.
    pub(super) fn first_extent_is_not(&mut self, array: TExprId, n: usize, span: Span) -> TExprId {
        let extent = self.ex(TExpr {
            kind: TExprKind::ArrayProp(array, ArrayProp::Extent(0)),
            ty: Type::I64,
            span,
        });
        let count = self.ex(TExpr::constant(ConstValue::i64(n as i64), span));
        self.ex(TExpr {
            kind: TExprKind::Compare(crate::front::ast::CmpOp::NotEq, extent, count),
            ty: Type::BOOL,
            span,
        })
    }

    /// A read of temporary `v`.
    pub(super) fn var_expr(&mut self, v: VarId, ty: Type, span: Span) -> TExprId {
        self.ex(TExpr {
            kind: TExprKind::Var(v),
            ty,
            span,
        })
    }

    /// The number of values of `range(start, stop, step)` (`int64`
    /// temporaries; `step` is not zero): `(stop - start - 1) // step + 1`
    /// when the range goes up, `(start - stop - 1) // -step + 1` when it
    /// goes down, and 0 when it is empty.
    fn range_len(&mut self, start: VarId, stop: VarId, step: VarId, span: Span) -> TExpr {
        let i64t = Type::I64;
        let bin = |this: &mut Self, op, a, b| {
            this.ex(TExpr {
                kind: TExprKind::Binary(op, a, b),
                ty: i64t,
                span,
            })
        };
        let cmp = |this: &mut Self, op, a, b| {
            this.ex(TExpr {
                kind: TExprKind::Compare(op, a, b),
                ty: Type::Scalar(Scalar::Bool),
                span,
            })
        };
        use crate::front::ast::CmpOp;
        let (v_start, v_stop, v_step) = (
            self.var_expr(start, i64t, span),
            self.var_expr(stop, i64t, span),
            self.var_expr(step, i64t, span),
        );
        let (zero, one) = (
            self.ex(TExpr::constant(ConstValue::i64(0), span)),
            self.ex(TExpr::constant(ConstValue::i64(1), span)),
        );
        // The values from `from` toward `to` by `by` (> 0): `(to - from -
        // 1) // by + 1` of them when `to > from`, else none.
        let count = |this: &mut Self, from, to, by| {
            let gap = bin(this, BinOp::Sub, to, from);
            let gap = bin(this, BinOp::Sub, gap, one);
            let n = bin(this, BinOp::FloorDiv, gap, by);
            let n = bin(this, BinOp::Add, n, one);
            let nonempty = cmp(this, CmpOp::Gt, to, from);
            this.ex(TExpr {
                kind: TExprKind::Select(nonempty, n, zero),
                ty: i64t,
                span,
            })
        };
        let up = count(self, v_start, v_stop, v_step);
        let neg_step = bin(self, BinOp::Sub, zero, v_step);
        let down = count(self, v_stop, v_start, neg_step);
        let going_up = cmp(self, CmpOp::Gt, v_step, zero);
        TExpr {
            kind: TExprKind::Select(going_up, up, down),
            ty: i64t,
            span,
        }
    }

    /// Item `index` of the array or tuple in temporary `v`: an element (or
    /// a row, of layout `A` as Numba's array iterator yields it), or the
    /// tuple item chosen by comparing the index with each position.
    fn element(&mut self, v: VarId, it: Iterated, index: VarId, span: Span) -> TExpr {
        let var = |ty| TExpr {
            kind: TExprKind::Var(v),
            ty,
            span,
        };
        let i = TExpr {
            kind: TExprKind::Var(index),
            ty: Type::I64,
            span,
        };
        match it {
            Iterated::Array(a) => {
                let ty = a.item_type();
                let arr = self.ex(var(Type::Array(a)));
                let idx = self.ex_list([i]);
                TExpr {
                    kind: TExprKind::Index(arr, idx),
                    ty,
                    span,
                }
            }
            Iterated::Range { step, ty, .. } => {
                // start + index * step, in the range's type.
                let (start, step) = (
                    self.ex(var(Type::I64)),
                    self.var_expr(step, Type::I64, span),
                );
                let i = self.ex(i);
                let offset = self.ex(TExpr {
                    kind: TExprKind::Binary(BinOp::Mul, i, step),
                    ty: Type::I64,
                    span,
                });
                let value = TExpr {
                    kind: TExprKind::Binary(BinOp::Add, start, offset),
                    ty: Type::I64,
                    span,
                };
                self.cast(value, &ty)
            }
            Iterated::Tuple(n, item_ty) => {
                let (Some(item_ty), Some(last)) = (item_ty, n.checked_sub(1)) else {
                    return TExpr::error(span);
                };
                let tuple_ty = Type::Tuple((0..n).map(|_| item_ty).collect());
                let whole = self.ex(var(tuple_ty));
                let get = |k| TExpr {
                    kind: TExprKind::TupleGet(whole, k),
                    ty: item_ty,
                    span,
                };
                let mut pick = get(last);
                let i = self.ex(i);
                for k in (0..last).rev() {
                    let at = self.ex(TExpr::constant(ConstValue::i64(i64::from(k)), span));
                    let is_k = self.ex(TExpr {
                        kind: TExprKind::Compare(crate::front::ast::CmpOp::Eq, i, at),
                        ty: Type::Scalar(Scalar::Bool),
                        span,
                    });
                    let (this, rest) = (self.ex(get(k)), self.ex(pick));
                    pick = TExpr {
                        kind: TExprKind::Select(is_k, this, rest),
                        ty: item_ty,
                        span,
                    };
                }
                pick
            }
        }
    }

    /// The arguments of the `range(...)` call `call`, and whether it has no
    /// keyword arguments (which are reported); `None` when their number is
    /// wrong (reported too).
    fn range_args(&mut self, call: ExprId) -> Option<(&'m [ExprId], bool)> {
        let module = self.env.module;
        let e = module.expr(call);
        let ExprKind::Call { args, keywords, .. } = &e.kind else {
            return None;
        };
        let args = module.exprs(*args);
        let keyword = module.keywords(*keywords).first();
        if let Some(k) = keyword {
            self.error(Diagnostic::error(
                "range() takes no keyword arguments",
                k.span,
            ));
        }
        if args.is_empty() || args.len() > 3 {
            let msg = format!("range() takes 1 to 3 arguments, {} given", args.len());
            self.error(Diagnostic::error(msg, e.span));
            return None;
        }
        Some((args, keyword.is_none()))
    }

    /// Types `range(...)` arguments: (loop type, start, stop, step).
    fn range_bounds(&mut self, args: &[ExprId]) -> Option<(Type, TExpr, TExpr, TExpr)> {
        let mut typed = self.typed_operands(args);
        for t in typed.iter_mut() {
            *t = self.int_enum_as_number(*t);
        }
        let mut ok = true;
        for t in &typed {
            match t.ty.scalar() {
                _ if t.ty.is_unknown() => ok = false,
                // Numba converts a float to the range's integer type
                // (unsafely: truncated), as it converts any argument.
                Some(_) => {}
                _ => {
                    ok = false;
                    let msg = format!("range() arguments must be numbers, not {}", t.ty);
                    self.error(Diagnostic::error(msg, t.span));
                }
            }
        }
        if !ok {
            return None;
        }
        let literal: Vec<bool> = typed
            .iter()
            .map(|t| t.as_const().is_some_and(super::literals::is_literal))
            .collect();
        let Some(ty) = range_type(&typed, &literal) else {
            let tys: Vec<String> = typed.iter().map(|t| t.ty.to_string()).collect();
            let msg = format!("range() takes no arguments of types ({})", tys.join(", "));
            self.error(Diagnostic::error(msg, typed[0].span));
            return None;
        };
        let ty = Type::Scalar(ty);
        let mut it = typed.drain(..);
        let (start, stop, step) = match args.len() {
            1 => (
                TExpr::constant(ConstValue::i64(0), self.ast(args[0]).span),
                it.next()?,
                None,
            ),
            2 => (it.next()?, it.next()?, None),
            _ => (it.next()?, it.next()?, it.next()),
        };
        drop(it);
        self.recycle(typed);
        let step = match step {
            Some(s) => {
                if s.as_const().and_then(ConstValue::as_int) == Some(0) {
                    self.error(Diagnostic::error("range() step must not be zero", s.span));
                    return None;
                }
                s
            }
            None => TExpr::constant(ConstValue::i64(1), stop.span),
        };
        Some((ty, start, stop, step))
    }
}

/// What a `for` loop iterates besides a plain range: an array, a tuple of
/// `n` items of one type (`None` for the empty tuple), or a range inside
/// `enumerate`/`zip` (its start in the source's temporary, its bounds as
/// `int64`, its values of type `ty`).
#[derive(Clone, Copy)]
enum Iterated {
    Array(crate::types::ArrayType),
    Tuple(u32, Option<Type>),
    Range { stop: VarId, step: VarId, ty: Type },
}

/// What a `for` loop iterates, as the source nests it: the arrays, tuples
/// and ranges at the leaves (an index into the loop's list of them, each
/// in a temporary), under `enumerate` (with its start's temporary) and
/// `zip` calls (each with its call's span).
enum IterSource {
    Leaf(usize),
    Enumerate(Option<VarId>, Box<IterSource>, Span),
    Zip(Vec<IterSource>, Span),
}

/// Numba's loop-variable type for `range(args)`: `int32` when every
/// argument is a 32-bit-or-narrower integer (integer literals and module
/// constants are int64), `uint64` when they are all `uint64`, `int64`
/// otherwise.
fn range_type(args: &[TExpr], literal: &[bool]) -> Option<Scalar> {
    // Numba's `Range` template: its (int32, ...), (int64, ...) and
    // (uint64, ...) signatures, chosen as `resolve_overload` chooses
    // (`range(u8)` is a uint64 range, `range(u8, 10)` an int64 one, a
    // float argument truncated into an int32 range when nothing else
    // decides).
    const CANDIDATES: [Scalar; 3] = [Scalar::I32, Scalar::I64, Scalar::U64];
    let tys: Vec<Type> = args.iter().map(|a| a.ty).collect();
    let sigs: Vec<Vec<Type>> = CANDIDATES
        .iter()
        .map(|s| vec![Type::Scalar(*s); args.len()])
        .collect();
    choose_signature(sigs.iter().map(|s| &s[..]), &tys, literal).map(|i| CANDIDATES[i])
}

impl FnChecker<'_, '_, '_> {
    /// The text of `raise exc`: `Name: message` as Python prints the
    /// exception (`Name` alone without arguments, the arguments' tuple
    /// when there are several). The class must be one of Python's or one
    /// the file defines, and its arguments constants (Numba CUDA's
    /// exceptions carry constant arguments).
    fn raise_text(&mut self, exc: Option<ExprId>, span: Span) -> Option<NameRange> {
        let module = self.env.module;
        let Some(exc) = exc else {
            self.error(Diagnostic::error(
                "a bare 'raise' needs an exception being handled, and kernels have no 'try'",
                span,
            ));
            return None;
        };
        let (name_id, args, keywords) = match &module.expr(exc).kind {
            ExprKind::Name(_) => (exc, &[][..], &[][..]),
            ExprKind::Call {
                func,
                args,
                keywords,
            } => (*func, module.exprs(*args), module.keywords(*keywords)),
            _ => (exc, &[][..], &[][..]),
        };
        let (name, known) = match &module.expr(name_id).kind {
            ExprKind::Name(n) => {
                let name = self.env.name(*n);
                let known = match self.env.module_name(*n) {
                    Some(Res::ExceptionClass) => true,
                    // not a global of the file (Python's builtins)
                    None | Some(Res::Member(_)) => BUILTIN_EXCEPTIONS.contains(&name),
                    Some(_) => false,
                };
                (name, known)
            }
            _ => ("", false),
        };
        if !known {
            self.error(
                Diagnostic::error(
                    "kernels can raise Python's built-in exceptions, and exception classes of the file",
                    module.expr(name_id).span,
                )
                .with_help(format!(
                    "raise one of {}, or a class of the file deriving from one (`class MyError(Exception): pass`)",
                    BUILTIN_EXCEPTIONS.join(", ")
                )),
            );
            return None;
        }
        if let Some(k) = keywords.first() {
            self.error(Diagnostic::error(
                "exceptions take no keyword arguments",
                k.span,
            ));
            return None;
        }
        let mut parts = Vec::with_capacity(args.len());
        for &a in args {
            let e = module.expr(a);
            let part = match &e.kind {
                ExprKind::Str(s) => Some(module.string(*s).to_string()),
                // A module-level string (a global, or a closure variable
                // the binding froze), as Numba freezes it.
                ExprKind::Name(_) if self.module_string(a).is_some() => {
                    self.module_string(a).map(str::to_string)
                }
                _ => crate::sema::const_eval::eval(module, a, &super::FnConstEnv { env: self.env })
                    .ok()
                    .and_then(|v| python_str(&v)),
            };
            match part {
                Some(p) => {
                    let is_str =
                        matches!(e.kind, ExprKind::Str(_)) || self.module_string(a).is_some();
                    parts.push((p, is_str))
                }
                None => {
                    self.expr(a);
                    self.error(Diagnostic::error(
                        "exception arguments must be constant strings, integers or booleans in kernels",
                        e.span,
                    ));
                    return None;
                }
            }
        }
        let text = match parts.as_slice() {
            [] => name.to_string(),
            [(one, _)] => format!("{name}: {one}"),
            many => {
                let items: Vec<String> = many
                    .iter()
                    .map(|(p, is_str)| if *is_str { python_repr(p) } else { p.clone() })
                    .collect();
                format!("{name}: ({})", items.join(", "))
            }
        };
        Some(push_name(&mut self.texts, &text))
    }
}

impl FnChecker<'_, '_, '_> {
    /// The text of the module-level string `e` names (`MSG` after `MSG =
    /// "failed"`), when it names one.
    pub(super) fn module_string(&self, e: ExprId) -> Option<&str> {
        let Res::HostGlobal(sym) = self.res(e) else {
            return None;
        };
        match self.env.globals.get(sym) {
            Some((crate::sema::resolve::Global::Str(s), _)) => Some(self.env.module.string(*s)),
            _ => None,
        }
    }
}

/// `repr(s)` of a string as Python writes it (in a tuple of exception
/// arguments): single quotes unless the text holds one and no double
/// quote, backslashes and control characters escaped.
fn python_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => {
                let code = c as u32;
                if code <= 0xff {
                    out.push_str(&format!("\\x{code:02x}"));
                } else {
                    out.push_str(&format!("\\u{code:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// `str(v)` of a constant as Python writes it (numbers and booleans).
fn python_str(v: &ConstValue) -> Option<String> {
    match v {
        ConstValue::Bool(b) => Some(if *b { "True" } else { "False" }.to_string()),
        ConstValue::Int(..) => v.as_int().map(|i| i.to_string()),
        ConstValue::Float(..) => None,
        ConstValue::Tuple(_) => None,
    }
}
