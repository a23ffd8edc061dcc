//! Flow-sensitive typing of local variables, Numba's way.
//!
//! Numba types each SSA version of a variable on its own: `x = a[i]` then,
//! later, `x = 0.5` are two variables, int64 then float64. Where versions
//! meet at a control-flow join (after an `if`, at a loop header, after a
//! loop), the variable takes the unification of their types, and each
//! incoming path converts its value to it.
//!
//! The checker keeps, at every point of the walk, the [`Binding`] of each
//! local: which typed variable holds its value there. A local has one
//! typed variable per type it takes (its *versions*: the first is the
//! local's own entry in `vars`, the others are appended), so an assignment
//! of a value of type `T` writes the local's version of type `T`, and a
//! join inserts explicit conversion assignments (`x.1 = float64(x)`) at
//! the end of each incoming path. The lowering then sees ordinary
//! variables of fixed types.
//!
//! Every change of a binding is logged on a *trail* (the local and its
//! previous binding), so a join looks only at the locals its branches
//! changed, and a branch is undone by unwinding the trail: the cost of
//! typing stays linear in the function, however many locals it has.
//!
//! A loop header joins the state before the loop with the state at the
//! end of each iteration, which is known only once the body has been
//! walked; likewise the state after a loop joins every `break`. The
//! types found there are kept as *hints* across walks of the body: a walk
//! that finds a back edge or a `break` that does not fit its loop's
//! hints records the wider types and asks for another walk (types only
//! widen, so this ends after a few walks).

use super::FnChecker;
use crate::diagnostics::Diagnostic;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::{unify, Type};
use rustc_hash::FxHashMap;

/// What a local variable holds at a point of the function.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Binding {
    /// Not assigned on any path to here.
    Unset,
    /// The value of this typed variable (one of the local's versions).
    Var(VarId),
    /// A value whose type is unknown because of an error already reported
    /// (reading it reports nothing more).
    Error,
    /// Versions whose types cannot be unified meet here (see
    /// [`FnChecker::conflicts`]); reading it is an error.
    Conflict(u32),
}

/// Two versions of a variable that cannot be unified at a join: their
/// types and where each was assigned.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) struct Conflict {
    pub a: (Type, Span),
    pub b: (Type, Span),
}

/// A type a loop's join is known to need, kept from one walk to the next.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Hint {
    /// The local has this type there.
    Ty(Type),
    /// Versions that cannot be unified meet there.
    Conflict(Conflict),
}

/// The hints of one loop (by its order in the body), kept across walks.
#[derive(Clone, Default, Debug)]
pub(super) struct LoopHints {
    /// At the loop header, by local.
    pub header: Vec<(LocalId, Hint)>,
    /// After the loop, by local.
    pub exit: Vec<(LocalId, Hint)>,
}

/// A loop being walked.
pub(super) struct LoopFrame {
    /// The loop's index in [`FnChecker::loop_hints`].
    pub index: usize,
    /// The trail's length once the header's bindings were set: a local
    /// not changed since has its header binding.
    pub header_mark: usize,
    /// Locals unset at the header but assigned on a back edge, with the
    /// version they are assigned (their entry value is undefined).
    pub added: Vec<(LocalId, VarId)>,
    /// Where each local of `added` is in it (a search of the list per
    /// back edge was quadratic in the locals a long loop body adds).
    pub added_at: FxHashMap<LocalId, usize>,
    /// Each `break`: the locals it changed since the header, with their
    /// bindings, and the bindings it converted locals to.
    pub breaks: Vec<(Changes, Changes)>,
    /// [`FnChecker::read_seq`] when the loop started: a read of an unset
    /// local stamped later happened inside the loop.
    pub read_mark: u32,
    /// The loop statement can be reached (else nothing in it or after it
    /// can be, and it joins nothing).
    pub reachable: bool,
}

/// Bindings of some locals, each local once.
pub(super) type Changes = Vec<(LocalId, Binding)>;

fn hint_set(hints: &mut Vec<(LocalId, Hint)>, l: LocalId, h: Hint) {
    match hints.iter_mut().find(|(k, _)| *k == l) {
        Some(slot) => slot.1 = h,
        None => hints.push((l, h)),
    }
}

impl FnChecker<'_, '_, '_> {
    /// The version of local `l` of type `ty`, created (first assigned at
    /// `span`) if this walk has none yet.
    pub(super) fn version(&mut self, l: LocalId, ty: Type, span: Span) -> VarId {
        let base = &mut self.vars[l.index()];
        if base.ty.is_unknown() {
            base.ty = ty;
            return VarId(l.0);
        }
        if base.ty == ty {
            return VarId(l.0);
        }
        if let Some(v) = self.versions.get(&(l, ty)) {
            return *v;
        }
        let number = &mut self.version_counts[l.index()];
        *number += 1;
        let v = VarId(self.vars.len() as u32);
        self.vars.push(Var {
            name: self.vars[l.index()].name,
            ty,
            span,
            kind: VarKind::Local,
            version: *number,
        });
        self.versions.insert((l, ty), v);
        v
    }

    /// Changes the binding of local `l`, logging the previous one.
    pub(super) fn set_binding(&mut self, l: LocalId, b: Binding) {
        let old = self.bindings[l.index()];
        if old != b {
            self.trail.push((l, old));
            self.bindings[l.index()] = b;
        }
    }

    /// The locals changed since the trail had length `mark`, each once,
    /// with the binding it had then.
    pub(super) fn changed_since(&mut self, mark: usize) -> Changes {
        self.seen_stamp += 1;
        let mut out = Vec::new();
        for &(l, old) in &self.trail[mark..] {
            if self.seen[l.index()] != self.seen_stamp {
                self.seen[l.index()] = self.seen_stamp;
                out.push((l, old));
            }
        }
        out
    }

    /// Undoes every change since the trail had length `mark`.
    pub(super) fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (l, old) = self.trail.pop().expect("longer than mark");
            self.bindings[l.index()] = old;
        }
    }

    /// The type of a binding's value (unknown for anything but a variable).
    fn binding_type(&self, b: Binding) -> Type {
        match b {
            Binding::Var(v) => self.vars[v.0 as usize].ty,
            _ => Type::Unknown,
        }
    }

    /// A conflict between two versions, recorded for later reads.
    fn conflict_of(&mut self, a: VarId, b: VarId) -> Binding {
        let (va, vb) = (&self.vars[a.0 as usize], &self.vars[b.0 as usize]);
        self.conflicts.push(Conflict {
            a: (va.ty, va.span),
            b: (vb.ty, vb.span),
        });
        Binding::Conflict(self.conflicts.len() as u32 - 1)
    }

    /// The binding where `a` and `b` (of local `l`) meet.
    pub(super) fn join_binding(&mut self, l: LocalId, a: Binding, b: Binding) -> Binding {
        match (a, b) {
            (x, y) if x == y => x,
            (Binding::Unset, x) | (x, Binding::Unset) => x,
            // A walk that skips recursive calls (see `recursion`) types a
            // join by the paths that have a type, as Numba's partial
            // inference does.
            (Binding::Error, x) | (x, Binding::Error) if self.partial => x,
            (Binding::Error, _) | (_, Binding::Error) => Binding::Error,
            (c @ Binding::Conflict(_), _) | (_, c @ Binding::Conflict(_)) => c,
            (Binding::Var(va), Binding::Var(vb)) => {
                let (ta, tb) = (self.vars[va.0 as usize].ty, self.vars[vb.0 as usize].ty);
                match unify(&ta, &tb) {
                    Some(u) => Binding::Var(self.version(l, u, self.vars[va.0 as usize].span)),
                    None => self.conflict_of(va, vb),
                }
            }
        }
    }

    /// The binding a hint stands for.
    fn hint_binding(&mut self, l: LocalId, h: Hint) -> Binding {
        match h {
            Hint::Ty(t) => Binding::Var(self.version(l, t, self.vars[l.index()].span)),
            Hint::Conflict(c) => {
                self.conflicts.push(c);
                Binding::Conflict(self.conflicts.len() as u32 - 1)
            }
        }
    }

    /// The hint a binding gives, if any.
    fn binding_hint(&self, b: Binding) -> Option<Hint> {
        match b {
            Binding::Var(v) => Some(Hint::Ty(self.vars[v.0 as usize].ty)),
            Binding::Conflict(c) => Some(Hint::Conflict(self.conflicts[c as usize])),
            Binding::Unset | Binding::Error => None,
        }
    }

    /// `b = a` converted to `b`'s type.
    fn push_conversion(&mut self, a: VarId, b: VarId, span: Span, out: &mut Vec<TStmt>) {
        let value = TExpr {
            kind: TExprKind::Var(a),
            ty: self.vars[a.0 as usize].ty,
            span,
        };
        let to = self.vars[b.0 as usize].ty;
        let value = self.cast(value, &to);
        out.push(TStmt {
            kind: TStmtKind::Assign(b, self.ex(value)),
            span,
        });
    }

    /// The join after `if`/`else`, whose branches were walked from the
    /// trail's length `mark`: `then_end` holds the locals the then-branch
    /// changed, with their bindings at its end; the current state is the
    /// else-branch's end. Converts each branch's values (appended to its
    /// statements) and makes the join the current state.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn join_if(
        &mut self,
        mark: usize,
        then_end: &[(LocalId, Binding)],
        then_reaches: bool,
        else_reaches: bool,
        span: Span,
        then_stmts: &mut Vec<TStmt>,
        else_stmts: &mut Vec<TStmt>,
    ) {
        match (then_reaches, else_reaches) {
            (true, true) => {}
            (true, false) => {
                self.undo_to(mark);
                for &(l, b) in then_end {
                    self.set_binding(l, b);
                }
                return;
            }
            // The else-branch's end is the state (or nothing is reachable).
            (false, _) => return,
        }
        let else_changed = self.changed_since(mark);
        let before_else: FxHashMap<LocalId, Binding> = else_changed.iter().copied().collect();
        let at_then_end: FxHashMap<LocalId, Binding> = then_end.iter().copied().collect();
        let mut locals: Vec<LocalId> = then_end.iter().map(|&(l, _)| l).collect();
        locals.extend(else_changed.iter().map(|&(l, _)| l));
        locals.sort_unstable();
        locals.dedup();
        for l in locals {
            let before = before_else
                .get(&l)
                .copied()
                .unwrap_or(self.bindings[l.index()]);
            let at_then = at_then_end.get(&l).copied().unwrap_or(before);
            let at_else = self.bindings[l.index()];
            let joined = self.join_binding(l, at_then, at_else);
            if let (Binding::Var(a), Binding::Var(j)) = (at_then, joined) {
                if a != j {
                    self.push_conversion(a, j, span, then_stmts);
                }
            }
            if let (Binding::Var(a), Binding::Var(j)) = (at_else, joined) {
                if a != j {
                    self.push_conversion(a, j, span, else_stmts);
                }
            }
            self.set_binding(l, joined);
        }
    }

    /// Starts walking a loop: joins the state before it with the header
    /// hints of earlier walks, converting the entry values (in `out`,
    /// before the loop statement). The current state becomes the header's.
    pub(super) fn enter_loop(&mut self, span: Span, out: &mut Vec<TStmt>) {
        let index = self.loop_count;
        self.loop_count += 1;
        if self.loop_hints.len() <= index {
            self.loop_hints.resize_with(index + 1, LoopHints::default);
        }
        let entry_mark = self.trail.len();
        let hints = std::mem::take(&mut self.loop_hints[index].header);
        for &(l, h) in &hints {
            let hb = self.hint_binding(l, h);
            let joined = self.join_binding(l, self.bindings[l.index()], hb);
            self.set_binding(l, joined);
        }
        self.loop_hints[index].header = hints;
        if self.reachable {
            for (l, entry) in self.changed_since(entry_mark) {
                if let (Binding::Var(a), Binding::Var(h)) = (entry, self.bindings[l.index()]) {
                    self.push_conversion(a, h, span, out);
                }
            }
        }
        self.loops.push(LoopFrame {
            index,
            header_mark: self.trail.len(),
            added: Vec::new(),
            added_at: FxHashMap::default(),
            breaks: Vec::new(),
            read_mark: self.read_seq,
            reachable: self.reachable,
        });
    }

    /// A back edge (the end of the body, or `continue`) from the current
    /// state: converts each local to its header binding (in `out`), or
    /// widens the header hints and asks for another walk where that is
    /// not possible.
    pub(super) fn back_edge(&mut self, span: Span, out: &mut Vec<TStmt>) {
        if !self.reachable {
            return;
        }
        let frame = self.loops.last().expect("a back edge inside a loop");
        let (index, read_mark) = (frame.index, frame.read_mark);
        for (l, head) in self.changed_since(frame.header_mark) {
            let now = self.bindings[l.index()];
            match (now, head) {
                (Binding::Var(a), Binding::Var(h)) if a != h => {
                    let (ta, th) = (self.binding_type(now), self.binding_type(head));
                    match unify(&ta, &th) {
                        Some(u) if u == th => self.push_conversion(a, h, span, out),
                        Some(u) => self.widen_header(index, l, Hint::Ty(u)),
                        None => {
                            let c = Conflict {
                                a: (th, self.vars[h.0 as usize].span),
                                b: (ta, self.vars[a.0 as usize].span),
                            };
                            self.widen_header(index, l, Hint::Conflict(c));
                        }
                    }
                }
                (Binding::Conflict(c), Binding::Var(_)) => {
                    let c = self.conflicts[c as usize];
                    self.widen_header(index, l, Hint::Conflict(c));
                }
                (Binding::Var(a), Binding::Unset) => {
                    let frame = self.loops.last_mut().expect("a loop");
                    match frame.added_at.get(&l).map(|&k| frame.added[k]) {
                        None => {
                            frame.added_at.insert(l, frame.added.len());
                            frame.added.push((l, a));
                        }
                        Some((_, other)) if other == a => {}
                        Some((_, other)) => {
                            // Two back edges assign different types: the
                            // header needs their unification.
                            let b = self.join_binding(l, Binding::Var(other), now);
                            if let Some(h) = self.binding_hint(b) {
                                self.widen_header(index, l, h);
                            }
                        }
                    }
                    // A read of the local earlier in the loop found it
                    // unset; with the header hint it will not be.
                    if self.unset_reads[l.index()] > read_mark {
                        self.widen_header(index, l, Hint::Ty(self.binding_type(now)));
                    }
                }
                _ => {}
            }
        }
    }

    /// Records a wider header type for local `l` of loop `index` and asks
    /// for another walk.
    fn widen_header(&mut self, index: usize, l: LocalId, h: Hint) {
        hint_set(&mut self.loop_hints[index].header, l, h);
        self.again = true;
    }

    /// A `break` from the current state: converts each local to the type
    /// the previous walk found after the loop (in `out`) and records the
    /// state, which [`Self::leave_loop`] joins.
    pub(super) fn break_edge(&mut self, span: Span, out: &mut Vec<TStmt>) {
        if !self.reachable {
            return;
        }
        let frame = self.loops.last().expect("a break inside a loop");
        let (index, header_mark) = (frame.index, frame.header_mark);
        let raw: Changes = (self.changed_since(header_mark).into_iter())
            .map(|(l, _)| (l, self.bindings[l.index()]))
            .collect();
        let mut converted = Vec::new();
        let exit_hints = std::mem::take(&mut self.loop_hints[index].exit);
        for &(l, h) in &exit_hints {
            if let (Binding::Var(a), Hint::Ty(t)) = (self.bindings[l.index()], h) {
                let ta = self.vars[a.0 as usize].ty;
                if ta != t && unify(&ta, &t) == Some(t) {
                    let b = self.version(l, t, self.vars[a.0 as usize].span);
                    self.push_conversion(a, b, span, out);
                    converted.push((l, Binding::Var(b)));
                }
            }
        }
        self.loop_hints[index].exit = exit_hints;
        let frame = self.loops.last_mut().expect("a loop");
        frame.breaks.push((raw, converted));
    }

    /// Ends the walk of a loop's body: goes back to the header's state
    /// (with the locals its back edges add), from which the loop ends by
    /// its condition. Returns the frame, for [`Self::leave_loop`], and the
    /// trail's length at that state.
    pub(super) fn end_loop_body(&mut self) -> (LoopFrame, usize) {
        let frame = self.loops.pop().expect("the loop being walked");
        self.undo_to(frame.header_mark);
        for &(l, v) in &frame.added {
            self.set_binding(l, Binding::Var(v));
        }
        (frame, self.trail.len())
    }

    /// Ends a loop whose body and `else` clause have been walked, the
    /// clause from the header's state at trail length `header_mark` (see
    /// [`Self::end_loop_body`]). `normal_reaches` says whether the loop
    /// can end by its condition and get to the end of its `else` clause
    /// (the current state). Computes the state after the loop, converts
    /// the normal exit to it (appended to `orelse`), checks that every
    /// `break` converted to it (else asks for another walk), and makes it
    /// the current state.
    pub(super) fn leave_loop(
        &mut self,
        frame: LoopFrame,
        header_mark: usize,
        normal_reaches: bool,
        span: Span,
        orelse: &mut Vec<TStmt>,
    ) {
        if !frame.reachable || (!normal_reaches && frame.breaks.is_empty()) {
            // Nothing leaves the loop: what follows is unreachable.
            self.reachable = false;
            return;
        }
        // The header's binding of each local the normal exit changed.
        let header = self.changed_since(header_mark);
        let mut locals: Vec<LocalId> = header.iter().map(|&(l, _)| l).collect();
        for (raw, converted) in &frame.breaks {
            locals.extend(raw.iter().chain(converted).map(|&(l, _)| l));
        }
        locals.sort_unstable();
        locals.dedup();
        let header: FxHashMap<LocalId, Binding> = header.into_iter().collect();
        let breaks: Vec<(FxHashMap<LocalId, Binding>, FxHashMap<LocalId, Binding>)> =
            (frame.breaks.iter())
                .map(|(raw, converted)| {
                    (
                        raw.iter().copied().collect(),
                        converted.iter().copied().collect(),
                    )
                })
                .collect();
        let mut hints = Vec::new();
        for l in locals {
            let at_header = header.get(&l).copied().unwrap_or(self.bindings[l.index()]);
            let mut exit = normal_reaches.then_some(self.bindings[l.index()]);
            for (raw, _) in &breaks {
                let at_break = raw.get(&l).copied().unwrap_or(at_header);
                exit = Some(match exit {
                    None => at_break,
                    Some(e) => self.join_binding(l, e, at_break),
                });
            }
            let exit = exit.expect("a path leaves the loop");
            if normal_reaches {
                if let (Binding::Var(a), Binding::Var(x)) = (self.bindings[l.index()], exit) {
                    if a != x {
                        self.push_conversion(a, x, span, orelse);
                    }
                }
            }
            for (raw, converted) in &breaks {
                let at_break =
                    (converted.get(&l).or_else(|| raw.get(&l)).copied()).unwrap_or(at_header);
                if let (Binding::Var(c), Binding::Var(x)) = (at_break, exit) {
                    if c != x {
                        self.again = true;
                    }
                }
            }
            if let Some(h) = self.binding_hint(exit) {
                hints.push((l, h));
            }
            self.set_binding(l, exit);
        }
        self.loop_hints[frame.index].exit = hints;
        self.reachable = true;
    }

    /// Reports a read of a local whose versions cannot be unified here.
    pub(super) fn report_conflict(&mut self, l: LocalId, c: u32, span: Span) {
        if self.reported[l.index()] {
            return;
        }
        self.reported[l.index()] = true;
        let Conflict { a, b } = self.conflicts[c as usize];
        let name = self.var_name(l.index());
        let d = Diagnostic::error(
            format!("cannot unify {} and {} for '{name}'", a.0, b.0),
            span,
        )
        .with_label_message(format!("'{name}' is read here, where both reach"))
        .with_secondary(a.1, format!("'{name}' is assigned {} here", a.0.describe()))
        .with_secondary(b.1, format!("'{name}' is assigned {} here", b.0.describe()))
        .with_help(
            "a variable must have one type where its values meet; use a new name for the new value",
        );
        self.error(d);
    }
}
