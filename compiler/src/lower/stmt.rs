//! Lowering of statements: assignments and stores, structured control flow
//! with block parameters at joins, loops with `break`/`continue`, returns,
//! `print` and `assert`.

use super::env::Mark;
use super::expr::scalar;
use super::values::LValue;
use super::{FnLowering, LoopTargets, Slot};
use crate::front::ast::CmpOp;
use crate::ir::{self, IntCC, Opcode, Value};
use crate::sema::typed::{
    PrintArg, TExpr, TExprId, TStmt, TStmtKind, TypedFunction, VarId, MAX_PRINT_ITEMS,
};
use crate::types::{Elem, Scalar, Type};

/// Temporaries bound by `Let` inside an expression.
fn collect_let_vars(f: &TypedFunction, e: TExprId, out: &mut Vec<VarId>) {
    use crate::sema::typed::TExprKind::*;
    match &f.expr(e).kind {
        Let(v, a, b) => {
            out.push(*v);
            collect_let_vars(f, *a, out);
            collect_let_vars(f, *b, out);
        }
        Cast(a)
        | Unary(_, a)
        | TupleGet(a, _)
        | ArrayProp(a, _)
        | Transpose(a)
        | PartView(a, _)
        | Field(a, _) => collect_let_vars(f, *a, out),
        Binary(_, a, b)
        | Compare(_, a, b)
        | And(a, b)
        | Or(a, b)
        | Reshape(a, b)
        | TupleIndex(a, b) => {
            collect_let_vars(f, *a, out);
            collect_let_vars(f, *b, out);
        }
        Select(a, b, c) => {
            collect_let_vars(f, *a, out);
            collect_let_vars(f, *b, out);
            collect_let_vars(f, *c, out);
        }
        Index(a, items) => {
            collect_let_vars(f, *a, out);
            items.ids().for_each(|i| collect_let_vars(f, i, out));
        }
        Tuple(items) | Slice(items) | Intrinsic(_, items) | Call(_, items) => {
            items.ids().for_each(|i| collect_let_vars(f, i, out))
        }
        // Every kind is listed: a new one with operands must be added.
        Const(_) | Var(_) | SharedArray(_) | LocalArray(_) | ConstArray(_) | GlobalArray(_) => {}
    }
}

impl FnLowering<'_> {
    /// Collects the variables a statement list assigns (including loop
    /// variables and temporaries), recursively.
    pub(super) fn collect_assigned(&self, body: &[TStmt], out: &mut Vec<VarId>) {
        for s in body {
            match &s.kind {
                TStmtKind::Assign(v, e) => {
                    out.push(*v);
                    self.let_vars(*e, out);
                }
                TStmtKind::For {
                    var, body, orelse, ..
                } => {
                    out.push(*var);
                    self.collect_assigned(self.f.block(*body), out);
                    self.collect_assigned(self.f.block(*orelse), out);
                }
                TStmtKind::If {
                    cond,
                    then_body,
                    else_body,
                } => {
                    self.let_vars(*cond, out);
                    self.collect_assigned(self.f.block(*then_body), out);
                    self.collect_assigned(self.f.block(*else_body), out);
                }
                TStmtKind::While { cond, body, orelse } => {
                    self.let_vars(*cond, out);
                    self.collect_assigned(self.f.block(*body), out);
                    self.collect_assigned(self.f.block(*orelse), out);
                }
                TStmtKind::Store { value, .. } | TStmtKind::Expr(value) => {
                    self.let_vars(*value, out)
                }
                TStmtKind::Fill { view, value } => {
                    self.let_vars(*value, out);
                    self.let_vars(*view, out);
                }
                TStmtKind::StoreField { record, value, .. } => {
                    self.let_vars(*record, out);
                    self.let_vars(*value, out);
                }
                _ => {}
            }
        }
    }

    /// Temporaries bound by `Let` inside an expression (skipping the walk
    /// in the many functions without any).
    fn let_vars(&self, e: TExprId, out: &mut Vec<VarId>) {
        if self.has_lets {
            collect_let_vars(self.f, e, out);
        }
    }

    /// Lowers a statement list; statements after a `break`, `continue` or
    /// `return` are unreachable and skipped.
    pub(super) fn block(&mut self, body: &[TStmt]) {
        // The recursive step (see `crate::stack`).
        crate::stack::deeper(|| {
            for s in body {
                if self.terminated() {
                    return;
                }
                self.stmt(s);
            }
        })
    }

    /// Lowers a statement; its instructions get its source position.
    fn stmt(&mut self, s: &TStmt) {
        let outer = self.enter(Some(s.span.lo));
        self.stmt_kind(s);
        self.enter(outer);
    }

    fn stmt_kind(&mut self, s: &TStmt) {
        match &s.kind {
            TStmtKind::Assign(var, e) => {
                let v = self.expr(self.te(*e));
                self.bind(*var, v);
            }
            TStmtKind::Store {
                array,
                indices,
                value,
            } => {
                // The base, the indices, the value, then the address.
                let base = self.te(*array);
                let (addr, elem, v) = if let Type::Pointer(elem) = base.ty {
                    let ptr = self.expr(base).scalar();
                    let idx = self.indices(self.tl(*indices));
                    let v = self.expr(self.te(*value));
                    (self.pointer_element_address(ptr, idx[0], elem), elem, v)
                } else {
                    let a = *self.expr(base).array();
                    let idx = self.indices(self.tl(*indices));
                    let v = self.expr(self.te(*value));
                    (self.element_address(&a, &idx), a.ty.elem, v)
                };
                match elem {
                    Elem::Scalar(elem) => self.store_elem(addr, elem, v.scalar()),
                    Elem::Complex(part) => {
                        let (re, im) = v.complex();
                        self.ins().store(addr, re, 0);
                        self.ins().store(addr, im, part.size() as i32);
                    }
                    // `v` is the address of a record of the same type.
                    Elem::Record(record) => self.copy_record(v.scalar(), addr, record),
                }
            }
            TStmtKind::StoreField {
                record,
                field,
                value,
            } => {
                let r = self.te(*record);
                let Type::Record(r_ty) = r.ty else {
                    unreachable!("a field of a record (type checked)")
                };
                let addr = self.expr(r).scalar();
                let v = self.expr(self.te(*value));
                self.store_field(addr, r_ty.record, *field, &v);
            }
            TStmtKind::Fill { view, value } => {
                let v = self.expr(self.te(*value)).scalar();
                let view = *self.expr(self.te(*view)).array();
                self.fill(&view, v);
            }
            TStmtKind::Expr(e) => {
                self.expr(self.te(*e));
            }
            TStmtKind::If {
                cond,
                then_body,
                else_body,
            } => self.if_stmt(
                self.te(*cond),
                self.f.block(*then_body),
                self.f.block(*else_body),
            ),
            TStmtKind::While { cond, body, orelse } => {
                self.while_stmt(*cond, self.f.block(*body), self.f.block(*orelse))
            }
            TStmtKind::For {
                var,
                start,
                stop,
                step,
                body,
                orelse,
            } => {
                let (start, stop, step) = (self.te(*start), self.te(*stop), self.te(*step));
                let (body, orelse) = (self.f.block(*body), self.f.block(*orelse));
                self.for_stmt(*var, [start, stop, step], body, orelse)
            }
            TStmtKind::Break | TStmtKind::Continue => {
                let is_break = matches!(s.kind, TStmtKind::Break);
                let targets = self.loops.last().expect("break/continue inside a loop");
                let (dest, slots) = (
                    if is_break {
                        targets.break_block
                    } else {
                        targets.continue_block
                    },
                    targets.slots.clone(),
                );
                let args = self.slot_values(&slots);
                self.ins().jump(dest, &args);
            }
            TStmtKind::Return(value) => {
                let flat = match value {
                    Some(e) => self.expr(self.te(*e)).flatten(),
                    // `return` in a function that may return None
                    // (`OptionalType`): None, the flag and value zero.
                    None if self.f.ret != Type::None => {
                        self.zero_value(&self.f.ret.clone()).flatten()
                    }
                    None => Vec::new(),
                };
                self.ins().ret(&flat);
            }
            TStmtKind::Print(args) => self.print(self.f.print_args(*args)),
            TStmtKind::Raise(text) => self.raise(self.f.text(*text)),
            TStmtKind::Assert { cond, msg } => {
                if self.f.flags.debug {
                    let c = self.expr(self.te(*cond)).scalar();
                    let (fail, cont) = (self.new_block(), self.new_block());
                    self.ins().brif(c, cont, &[], fail, &[]);
                    self.switch_to(fail);
                    let msg = msg.map_or("", |m| self.f.text(m));
                    self.record_exception(&format!("AssertionError: {msg}"));
                    self.switch_to(cont);
                }
            }
        }
    }

    /// Jumps to `join` passing the current values of `slots`, unless the
    /// current block already ended.
    fn jump_with(&mut self, join: ir::Block, slots: &[Slot]) {
        if !self.terminated() {
            let args = self.slot_values(slots);
            self.ins().jump(join, &args);
        }
    }

    fn if_stmt(&mut self, cond: &TExpr, then_body: &[TStmt], else_body: &[TStmt]) {
        let c = self.expr(cond).scalar();
        let mut slots = self.assigned_slots(then_body);
        slots.extend(self.assigned_slots(else_body));
        slots.sort_unstable();
        slots.dedup();
        let then_block = self.new_block();
        let else_block = self.new_block();
        let (join, params) = self.join_block(&slots);
        self.ins().brif(c, then_block, &[], else_block, &[]);
        let before = self.env.mark();
        self.switch_to(then_block);
        self.block(then_body);
        self.jump_with(join, &slots);
        self.env.rollback(&before);
        self.env.close(before);
        self.switch_to(else_block);
        self.block(else_body);
        self.jump_with(join, &slots);
        self.enter_join(join, &slots, &params);
    }

    fn while_stmt(&mut self, cond: TExprId, body: &[TStmt], orelse: &[TStmt]) {
        let mut slots = self.assigned_slots(body);
        slots.extend(self.assigned_slots(orelse));
        slots.extend(self.assigned_slots_of_expr(cond));
        slots.sort_unstable();
        slots.dedup();
        let (header, header_params) = self.join_block(&slots);
        let body_block = self.new_block();
        let (exit, exit_params) = self.join_block(&slots);
        self.jump_with(header, &slots);
        self.enter_join(header, &slots, &header_params);
        let c = self.expr(self.te(cond)).scalar();
        let else_block = self.leave_header(c, body_block, exit, &slots, orelse);
        self.loops.push(LoopTargets {
            slots: slots.clone(),
            continue_block: header,
            break_block: exit,
        });
        self.block(body);
        self.loops.pop();
        self.jump_with(header, &slots);
        self.loop_else(else_block, exit, &slots, orelse);
        self.enter_join(exit, &slots, &exit_params);
    }

    /// Ends a loop header: to `body_block` while `more`, else to `exit`
    /// or, when the loop has an `else` clause, to a new block for it
    /// (returned, with the header's state, for [`Self::loop_else`]).
    /// Continues in `body_block`.
    fn leave_header(
        &mut self,
        more: Value,
        body_block: ir::Block,
        exit: ir::Block,
        slots: &[Slot],
        orelse: &[TStmt],
    ) -> Option<(ir::Block, Mark)> {
        let else_block = if orelse.is_empty() {
            let exit_args = self.slot_values(slots);
            self.ins().brif(more, body_block, &[], exit, &exit_args);
            None
        } else {
            let block = self.new_block();
            self.ins().brif(more, body_block, &[], block, &[]);
            Some((block, self.env.mark()))
        };
        self.switch_to(body_block);
        else_block
    }

    /// Lowers a loop's `else` clause in the block [`Self::leave_header`]
    /// made for it, then goes to `exit`.
    fn loop_else(
        &mut self,
        else_block: Option<(ir::Block, Mark)>,
        exit: ir::Block,
        slots: &[Slot],
        orelse: &[TStmt],
    ) {
        if let Some((block, header_state)) = else_block {
            self.env.rollback(&header_state);
            self.env.close(header_state);
            self.switch_to(block);
            self.block(orelse);
            self.jump_with(exit, slots);
        }
    }

    fn assigned_slots_of_expr(&self, e: TExprId) -> Vec<Slot> {
        let mut vars = Vec::new();
        self.let_vars(e, &mut vars);
        vars.into_iter().flat_map(|v| self.var_slots(v)).collect()
    }

    /// `for var in range(start, stop, step)`: a hidden counter carried by
    /// the header; the variable takes the counter's value in the body, so
    /// after the loop it keeps the last value, as in Python.
    fn for_stmt(
        &mut self,
        var: VarId,
        [start, stop, step]: [&TExpr; 3],
        body: &[TStmt],
        orelse: &[TStmt],
    ) {
        let ty = scalar(&self.f.var(var).ty);
        let start_v = self.expr(start).scalar();
        let stop_v = self.expr(stop).scalar();
        let step_v = self.expr(step).scalar();
        if !ty.is_float() && self.iconst_value(step_v).is_none() && !self.known_positive(step_v, 8)
        {
            self.range_step_check(step_v, ty);
        }
        let counter = self.hidden_slot();
        self.set(counter, start_v);
        let mut slots = self.assigned_slots(body);
        slots.extend(self.assigned_slots(orelse));
        slots.push(self.var_slots(var).start);
        slots.sort_unstable();
        slots.dedup();
        slots.push(counter);
        let hidden_ty = super::values::ir_type(ty);
        let (header, header_params) = self.join_block_typed(&slots, counter, hidden_ty);
        let body_block = self.new_block();
        let (latch, latch_params) = self.join_block_typed(&slots, counter, hidden_ty);
        let (exit, exit_params) = self.join_block_typed(&slots, counter, hidden_ty);
        self.jump_with(header, &slots);
        self.enter_join(header, &slots, &header_params);
        let i = self.get(counter).expect("loop counter");
        // Counting up from a non-negative start, the body only sees values
        // in `start..stop`, so indexing with the variable needs no
        // negative-index wrap.
        let counts_up = self.iconst_value(step_v).is_some_and(|s| s > 0)
            || (!ty.is_float() && self.known_positive(step_v, 8));
        if counts_up && self.nonneg_bits(start_v, 8).is_some_and(|bits| bits < 64) {
            self.nonneg_counters.insert(i);
        }
        let more = self.range_condition(ty, i, stop_v, step_v);
        let else_block = self.leave_header(more, body_block, exit, &slots, orelse);
        self.set(self.var_slots(var).start, i);
        self.loops.push(LoopTargets {
            slots: slots.clone(),
            continue_block: latch,
            break_block: exit,
        });
        self.block(body);
        self.loops.pop();
        self.jump_with(latch, &slots);
        self.enter_join(latch, &slots, &latch_params);
        let i = self.get(counter).expect("loop counter");
        let next = self.ins().binary(
            if ty.is_float() {
                Opcode::Fadd
            } else {
                Opcode::Iadd
            },
            i,
            step_v,
        );
        self.set(counter, next);
        self.jump_with(header, &slots);
        self.loop_else(else_block, exit, &slots, orelse);
        self.enter_join(exit, &slots, &exit_params);
        self.unset(counter);
    }

    /// A run-time `range()` step of zero raises `ValueError` in Numba,
    /// which ends the thread (with `debug`, the launch fails with the
    /// message): the same here, rather than a loop that never ends.
    fn range_step_check(&mut self, step: Value, ty: Scalar) {
        let zero = self.ins().iconst(super::values::ir_type(ty), 0);
        let ok = self.ins().icmp(IntCC::Ne, step, zero);
        self.raise_unless(ok, "ValueError: range() arg 3 must not be zero");
    }

    /// A join block for `slots` where the hidden `counter` has type `ty`.
    fn join_block_typed(
        &mut self,
        slots: &[Slot],
        counter: Slot,
        ty: ir::Type,
    ) -> (ir::Block, Vec<Value>) {
        let block = self.new_block();
        let types: Vec<ir::Type> = slots
            .iter()
            .map(|s| {
                if *s == counter {
                    ty
                } else {
                    self.slot_type(*s)
                }
            })
            .collect();
        let params = self.func.dfg.append_block_params(block, &types).to_vec();
        (block, params)
    }

    /// `i < stop` for a positive step, `i > stop` for a negative one, and a
    /// `select` of both when the step's sign is only known at run time.
    fn range_condition(&mut self, ty: Scalar, i: Value, stop: Value, step: Value) -> Value {
        if !ty.is_float() && self.known_positive(step, 8) {
            // A grid-stride loop's `cuda.gridsize(1)`: counting up.
            return self.compare(CmpOp::Lt, ty, i, stop);
        }
        match self.iconst_value(step) {
            Some(s) if s > 0 => self.compare(CmpOp::Lt, ty, i, stop),
            Some(_) if ty.is_signed() => self.compare(CmpOp::Gt, ty, i, stop),
            _ if !ty.is_signed() => self.compare(CmpOp::Lt, ty, i, stop),
            _ => {
                let zero = self.ins().iconst(super::values::ir_type(ty), 0);
                let up = self.ins().icmp(IntCC::Sgt, step, zero);
                let below = self.compare(CmpOp::Lt, ty, i, stop);
                let above = self.compare(CmpOp::Gt, ty, i, stop);
                self.ins().select(up, below, above)
            }
        }
    }

    /// `print(a, b, ...)`: one printf with the items separated by spaces
    /// and a newline, as Python prints them (floats with `%f`; float32 is
    /// promoted to float64 for the variadic call; booleans as `True` and
    /// `False` through `%s`; tuples as Python writes them). Past
    /// [`MAX_PRINT_ITEMS`] items it prints numba-cuda's raw format string
    /// instead, as numba-cuda does (CUDA's `vprintf` takes no more).
    fn print(&mut self, args: &[PrintArg]) {
        let mut format = String::new();
        let mut values = Vec::new();
        let raw = args.len() > MAX_PRINT_ITEMS;
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                format.push(' ');
            }
            match a {
                PrintArg::Str(_) if raw => format.push_str("%s"),
                PrintArg::Str(s) => format.push_str(&self.f.text(*s).replace('%', "%%")),
                PrintArg::Value(e) | PrintArg::Dim3(e) => {
                    let e = self.te(*e);
                    let v = self.expr(e);
                    let dim3 = matches!(a, PrintArg::Dim3(_));
                    if raw {
                        numba_format(&e.ty, dim3, &mut format);
                    } else {
                        self.print_value(&e.ty, &v, dim3, &mut format, &mut values);
                    }
                }
            }
        }
        format.push('\n');
        if raw {
            format = format.replace('%', "%%");
            values.clear();
        }
        let id = self.module.intern_string(&format);
        self.ins().print(id, &values);
    }

    /// Adds the conversions for value `v` of type `ty` to `format` and its
    /// arguments to `values`: a tuple's items in Python's spelling, with
    /// `(x,)` for one item.
    fn print_value(
        &mut self,
        ty: &Type,
        v: &LValue,
        dim3: bool,
        format: &mut String,
        values: &mut Vec<ir::Value>,
    ) {
        match (ty, v) {
            (Type::Tuple(items), LValue::Tuple(parts)) => {
                format.push('(');
                for (k, (t, p)) in items.iter().zip(parts).enumerate() {
                    if k > 0 {
                        format.push_str(", ");
                    }
                    self.print_value(t, p, dim3, format, values);
                }
                if items.len() == 1 {
                    format.push(',');
                }
                format.push(')');
            }
            _ => {
                let s = scalar(ty);
                let v = v.scalar();
                let (spec, v) = match s {
                    Scalar::Bool => {
                        let yes = self.module.intern_string("True");
                        let no = self.module.intern_string("False");
                        let yes =
                            self.addr_of(Opcode::StrAddr, yes.as_u32(), ir::AddrSpace::Global);
                        let no = self.addr_of(Opcode::StrAddr, no.as_u32(), ir::AddrSpace::Global);
                        ("%s", self.ins().select(v, yes, no))
                    }
                    Scalar::I8 | Scalar::I16 | Scalar::I32 => {
                        ("%d", self.cast_scalar(v, s, Scalar::I32))
                    }
                    Scalar::U8 | Scalar::U16 | Scalar::U32 => {
                        ("%u", self.cast_scalar(v, s, Scalar::U32))
                    }
                    Scalar::I64 => ("%lld", v),
                    Scalar::U64 => ("%llu", v),
                    // numba-cuda prints a bfloat16 as its float64 (`%f`).
                    Scalar::F16 | Scalar::F32 | Scalar::F64 | Scalar::BF16 => {
                        ("%f", self.cast_scalar(v, s, Scalar::F64))
                    }
                };
                format.push_str(if dim3 { "%d" } else { spec });
                values.push(v);
            }
        }
    }
}

/// numba-cuda's conversions for a value of type `ty` (its `print_item`):
/// `%lld` or `%llu` for every integer, `%f` for floats, `%s` for booleans,
/// `(%d, %d, %d)` for a `dim3`, tuples item by item.
fn numba_format(ty: &Type, dim3: bool, format: &mut String) {
    match ty {
        Type::Tuple(items) => {
            format.push('(');
            for (k, t) in items.iter().enumerate() {
                if k > 0 {
                    format.push_str(", ");
                }
                numba_format(t, dim3, format);
            }
            if items.len() == 1 {
                format.push(',');
            }
            format.push(')');
        }
        _ if dim3 => format.push_str("%d"),
        _ => format.push_str(match scalar(ty) {
            Scalar::Bool => "%s",
            Scalar::U8 | Scalar::U16 | Scalar::U32 | Scalar::U64 => "%llu",
            Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64 => "%lld",
            Scalar::F16 | Scalar::F32 | Scalar::F64 | Scalar::BF16 => "%f",
        }),
    }
}
