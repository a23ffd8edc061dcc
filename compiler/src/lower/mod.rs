//! Lowering: from the typed program to the mid-IR.
//!
//! Each typed function becomes one IR function. Kernels get the kernel ABI
//! (an array argument is a `ptr.global` data pointer, its extents and its
//! byte strides; a `bool` is an `i8`); device functions take the same
//! flattened values for arrays and tuples and return tuples as several
//! results.
//!
//! Python's mutable locals become SSA values with the structure of the
//! source: every variable is a list of *slots* (one per component of its
//! type: an array has a pointer, extents and strides), the current value of
//! each slot is tracked while lowering, and where control flow joins (after
//! an `if`, at a loop header, at a loop exit) the slots assigned on the
//! way in become block parameters. Python control flow is structured, so the
//! join points and the variables assigned in each region are known from the
//! typed tree, and no general SSA construction is needed.
//!
//! Submodules: `values` (how typed values map to IR values), `expr`,
//! `stmt`, `env` (the current value of every slot), `arith` (Python arithmetic: floor division, modulo, powers,
//! conversions) and `intrinsics` (CUDA and math intrinsics).

mod arith;
mod bf16;
mod cmath;
mod complex;
mod env;
mod expr;
mod externs;
mod intrinsics;
mod libdevice;
mod libdevice_special;
mod random;
mod records;
mod reductions;
mod stmt;
pub mod values;
mod views;

use crate::ir::{self, FuncBuilder, FuncKind, FuncRef, IntCC, Module, Opcode, SpecialReg};
use crate::sema::typed::{self as t, TypedFunction, TypedProgram, VarId};
use crate::types::Type;
use values::LValue;

/// Lowers a typed program to an IR module (functions in the program's
/// order, so callees precede callers).
pub fn lower_program(program: &TypedProgram) -> Module {
    let mut module = Module::new();
    for c in &program.const_arrays {
        let (elem, per_elem) = values::mem_units(c.elem);
        module.consts.push(ir::ConstDecl {
            name: c.name.clone(),
            elem,
            count: per_elem * c.shape.iter().product::<u64>(),
            data: Vec::new(),
        });
    }
    let names = function_names(program);
    for (f, name) in program.functions.iter().zip(names) {
        let func = FnLowering::lower(program, &mut module, f, name);
        module.functions.push(func);
    }
    for decl in externs::declarations(program) {
        module.functions.push(decl);
    }
    module
}

/// IR names: kernels keep their Python name; device-function
/// specialisations get a numeric suffix when one name has several.
fn function_names(program: &TypedProgram) -> Vec<String> {
    // Device functions per name, counted once (counting per function is
    // quadratic in their number).
    let mut device_count: std::collections::HashMap<&str, usize> = Default::default();
    for f in program.functions.iter().filter(|f| !f.is_kernel) {
        *device_count.entry(f.name.as_str()).or_default() += 1;
    }
    program
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let same = device_count.get(f.name.as_str()).copied().unwrap_or(0);
            if f.is_kernel || same <= 1 {
                f.name.clone()
            } else {
                format!("{}_{i}", f.name)
            }
        })
        .collect()
}

/// The IR signature of a typed function (kernel ABI or device
/// convention): its parameters, then the program's global device arrays
/// as hidden parameters (see [`TypedProgram::global_arrays`]).
pub fn signature(program: &TypedProgram, f: &TypedFunction) -> ir::Signature {
    // Room for an array of two dimensions per parameter (five values),
    // spared most growth of the list.
    let mut params = Vec::with_capacity(5 * f.param_types.len());
    for ty in &f.param_types {
        values::flatten_type(ty, f.is_kernel, &mut params);
    }
    for g in &program.global_arrays {
        values::flatten_type(&g.array_type(), f.is_kernel, &mut params);
    }
    let mut returns = Vec::new();
    if f.ret != Type::None {
        values::flatten_type(&f.ret, false, &mut returns);
    }
    ir::Signature { params, returns }
}

/// Where `break` and `continue` go inside a loop, and which slots they carry.
struct LoopTargets {
    /// Loop-carried slots, in block-parameter order.
    slots: Vec<Slot>,
    /// Target of `continue` (loop header or `for` latch).
    continue_block: ir::Block,
    /// Target of `break`.
    break_block: ir::Block,
}

/// A slot: one component of a variable (or a hidden loop counter).
///
/// Slots are numbered in variable order, a variable's components
/// consecutively (see [`FnLowering::slot_base`]), and hidden slots after
/// every variable's, so sorting slots sorts them by variable, then
/// component.
pub(crate) type Slot = u32;

/// Lowers one typed function.
pub(crate) struct FnLowering<'a> {
    program: &'a TypedProgram,
    f: &'a TypedFunction,
    module: &'a mut Module,
    /// The function being built.
    func: ir::Function,
    /// The block instructions are appended to.
    cur: Option<ir::Block>,
    /// The first slot of every variable, then the number of variable slots.
    slot_base: Vec<Slot>,
    /// The IR type of every variable slot.
    slot_types: Vec<ir::Type>,
    /// The current value of every slot.
    env: env::Env,
    loops: Vec<LoopTargets>,
    /// True when some expression binds a temporary (`Let`).
    has_lets: bool,
    /// Next hidden slot (above the variables' slots).
    next_hidden: Slot,
    /// Loop counters of `range` loops that count up from a non-negative
    /// start: non-negative wherever the loop body reads them (see
    /// [`FnLowering::nonneg_bits`]).
    nonneg_counters: cranelift_entity::EntitySet<ir::Value>,
    /// The source byte offset of the statement being lowered: the
    /// position of the instructions made now (see [`FnLowering::enter`]).
    at: Option<u32>,
    /// The hidden parameters: the program's global device arrays.
    globals: Vec<LValue>,
}

impl<'a> FnLowering<'a> {
    fn lower(
        program: &'a TypedProgram,
        module: &'a mut Module,
        f: &'a TypedFunction,
        name: String,
    ) -> ir::Function {
        let kind = if f.is_kernel {
            FuncKind::Kernel
        } else {
            FuncKind::Device
        };
        let mut func = ir::Function::new(name, kind, signature(program, f));
        // Lowering makes about two instructions and two values per typed
        // expression (up to four for the few that expand most) and a block
        // per four; sizing the tables from that spares most of their growth.
        let exprs = f.exprs.len();
        let values = 2 * exprs + func.signature.params.len() + 16;
        func.dfg = ir::DataFlowGraph::with_capacity(2 * exprs + 16, values, exprs / 2 + 4);
        func.layout = ir::Layout::with_capacity(exprs / 2 + 4, 2 * exprs + 16);
        func.srclocs = ir::SrcLocs::with_capacity(2 * exprs + 16);
        func.fastmath = f.flags.fastmath;
        for a in &f.shared_arrays {
            let (elem, per_elem) = values::mem_units(a.elem);
            func.shared.push(ir::MemDecl {
                elem,
                count: if a.dynamic {
                    0
                } else {
                    per_elem * a.shape.iter().product::<u64>()
                },
            });
        }
        for a in &f.local_arrays {
            let (elem, per_elem) = values::mem_units(a.elem);
            func.locals.push(ir::MemDecl {
                elem,
                count: per_elem * a.shape.iter().product::<u64>(),
            });
        }
        let mut slot_base = Vec::with_capacity(f.vars.len() + 1);
        // Room for two values per variable, spared most growth of the list.
        let mut slot_types = Vec::with_capacity(2 * f.vars.len());
        for v in &f.vars {
            slot_base.push(slot_types.len() as Slot);
            values::flatten_type(&v.ty, false, &mut slot_types);
        }
        let num_slots = slot_types.len() as Slot;
        slot_base.push(num_slots);
        let mut l = FnLowering {
            program,
            f,
            module,
            func,
            cur: None,
            slot_base,
            slot_types,
            env: env::Env::new(num_slots as usize),
            loops: Vec::new(),
            has_lets: (f.exprs.iter()).any(|e| matches!(e.kind, t::TExprKind::Let(..))),
            nonneg_counters: cranelift_entity::EntitySet::new(),
            next_hidden: num_slots,
            at: None,
            globals: Vec::new(),
        };
        l.entry();
        l.block(f.block(f.body));
        if !l.ins().is_terminated() {
            l.implicit_return();
        }
        l.func
    }

    /// Makes `at` the source position of the instructions made from now
    /// on, the ones made so far keeping the previous one; returns the
    /// previous one (to restore when a statement ends).
    fn enter(&mut self, at: Option<u32>) -> Option<u32> {
        let made = self.func.dfg.num_insts();
        self.func.srclocs.fill_to(made, self.at);
        std::mem::replace(&mut self.at, at)
    }

    /// A builder appending to the current block.
    fn ins(&mut self) -> FuncBuilder<'_> {
        FuncBuilder::at(&mut self.func, self.cur)
    }

    /// Makes `block` the current block.
    fn switch_to(&mut self, block: ir::Block) {
        self.cur = Some(block);
    }

    /// Creates a block (appended to the layout).
    fn new_block(&mut self) -> ir::Block {
        self.ins().create_block()
    }

    /// True when the current block already ends in a terminator.
    fn terminated(&mut self) -> bool {
        self.ins().is_terminated()
    }

    /// Unless `ok`, prints `message` (a line) and traps: the error paths of
    /// bounds, slice and reshape checks.
    fn trap_unless(&mut self, ok: ir::Value, message: &str) {
        let (fail, cont) = (self.new_block(), self.new_block());
        self.ins().brif(ok, cont, &[], fail, &[]);
        self.switch_to(fail);
        self.print_and_trap(message);
        self.switch_to(cont);
    }

    /// Raises `text` (see [`Self::raise`]) unless `ok` holds.
    fn raise_unless(&mut self, ok: ir::Value, text: &str) {
        let (fail, cont) = (self.new_block(), self.new_block());
        self.ins().brif(ok, cont, &[], fail, &[]);
        self.switch_to(fail);
        self.raise(text);
        self.switch_to(cont);
    }

    /// Prints `message` (a line; `%` is printed as itself) and traps.
    fn print_and_trap(&mut self, message: &str) {
        let text = format!("{message}\n").replace('%', "%%");
        let msg = self.module.intern_string(&text);
        self.ins().print(msg, &[]);
        self.ins().nullary(Opcode::Trap, None);
    }

    /// Raises the Python exception `text` (`ValueError: ...`) as Numba
    /// does: the thread ends, and with `debug` the launch fails with the
    /// exception (see [`Self::record_exception`]).
    fn raise(&mut self, text: &str) {
        if self.f.flags.debug {
            self.record_exception(text);
        } else {
            self.ins().nullary(Opcode::Exit, None);
        }
    }

    /// Records the exception `text` raised here in the module's exception
    /// record and ends the thread, as numba-cuda's kernels do with
    /// `debug`: the first thread to raise stores the site's code (a
    /// compare-and-swap from 0) and then its `tid` and `ctaid`; the
    /// runtime reads the record after the launch, clears it and fails the
    /// launch with the site's exception. No trap: the context stays
    /// usable.
    fn record_exception(&mut self, text: &str) {
        let site = ir::ExcSite {
            text: text.to_string(),
            at: self.at,
        };
        let sites = &mut self.module.exc_sites;
        let index = match sites.iter().position(|s| *s == site) {
            Some(i) => i,
            None => {
                sites.push(site);
                sites.len() - 1
            }
        };
        let (store, done) = (self.new_block(), self.new_block());
        let record = (self.ins())
            .nullary(Opcode::ExcAddr, Some(ir::Type::Ptr(ir::AddrSpace::Global)))
            .expect("a result");
        let zero = self.ins().iconst(ir::Type::I32, 0);
        let code = self.ins().iconst(ir::Type::I32, index as i64 + 1);
        let old = self.ins().atomic_cas(record, zero, code);
        let first = self.ins().icmp(IntCC::Eq, old, zero);
        self.ins().brif(first, store, &[], done, &[]);
        self.switch_to(store);
        for (k, reg) in [
            SpecialReg::TidX,
            SpecialReg::TidY,
            SpecialReg::TidZ,
            SpecialReg::CtaidX,
            SpecialReg::CtaidY,
            SpecialReg::CtaidZ,
        ]
        .into_iter()
        .enumerate()
        {
            let v = self.ins().special(reg);
            self.ins().store(record, v, 4 * (k as i32 + 1));
        }
        self.ins().jump(done, &[]);
        self.switch_to(done);
        self.ins().nullary(Opcode::Exit, None);
    }

    fn entry(&mut self) {
        let entry = self.new_block();
        self.switch_to(entry);
        let func = &mut self.func;
        let params: Vec<ir::Value> = func
            .dfg
            .append_block_params(entry, &func.signature.params)
            .to_vec();
        let mut it = params.into_iter();
        for (i, ty) in self.f.param_types.iter().enumerate() {
            let v = values::unflatten_params(self, ty, self.f.is_kernel, &mut it);
            self.bind(VarId(i as u32), v);
        }
        let program = self.program;
        for g in &program.global_arrays {
            let ty = g.array_type();
            let v = values::unflatten_params(self, &ty, self.f.is_kernel, &mut it);
            self.globals.push(v);
        }
    }

    fn implicit_return(&mut self) {
        if self.f.ret == Type::None {
            self.ins().ret(&[]);
        } else {
            // Falling off the end of a device function that returns a
            // value on other paths, which makes its result an
            // `OptionalType`: None (zeros, the flag false).
            let zero = self.zero_value(&self.f.ret.clone());
            let flat = zero.flatten();
            self.ins().ret(&flat);
        }
    }

    /// The slots of a variable.
    fn var_slots(&self, var: VarId) -> std::ops::Range<Slot> {
        self.slot_base[var.0 as usize]..self.slot_base[var.0 as usize + 1]
    }

    /// The current value of a slot, if it has one.
    fn get(&self, slot: Slot) -> Option<ir::Value> {
        self.env.get(slot)
    }

    /// Forgets the value of a slot.
    fn unset(&mut self, slot: Slot) {
        self.env.unset(slot);
    }

    /// Sets the current value of a slot.
    fn set(&mut self, slot: Slot, value: ir::Value) {
        self.env.set(slot, value);
    }

    /// The current value of a slot, or a zero for an undefined one.
    fn slot_value(&mut self, slot: Slot) -> ir::Value {
        match self.get(slot) {
            Some(v) => v,
            None => {
                let ty = self.slot_type(slot);
                self.zero_scalar(ty)
            }
        }
    }

    /// Binds a variable to a value (sets its slots).
    fn bind(&mut self, var: VarId, v: LValue) {
        let mut slot = self.slot_base[var.0 as usize];
        v.for_each_component(&mut |value| {
            self.set(slot, value);
            slot += 1;
        });
    }

    /// Reads a variable; an unassigned one (a Python `NameError` at run
    /// time) reads as zero.
    fn read(&mut self, var: VarId) -> LValue {
        let f = self.f;
        let ty = &f.var(var).ty;
        let mut values = self.var_slots(var).map(|s| self.slot_value(s));
        LValue::take(ty, &mut values)
    }

    fn zero_scalar(&mut self, ty: ir::Type) -> ir::Value {
        match ty {
            t if t.is_float() => self.ins().fconst(t, 0.0),
            ir::Type::Ptr(_) => {
                let z = self.ins().iconst(ir::Type::I64, 0);
                self.ins().unary(Opcode::Bitcast, ty, z)
            }
            t => self.ins().iconst(t, 0),
        }
    }

    fn zero_value(&mut self, ty: &Type) -> LValue {
        let mut types = Vec::new();
        values::flatten_type(ty, false, &mut types);
        let mut values = types.into_iter().map(|t| self.zero_scalar(t));
        LValue::take(ty, &mut values)
    }

    /// Slots of all variables assigned anywhere in `body` (plus temporaries).
    fn assigned_slots(&self, body: &[t::TStmt]) -> Vec<Slot> {
        let mut vars = Vec::new();
        self.collect_assigned(body, &mut vars);
        vars.sort_unstable();
        vars.dedup();
        let mut slots = Vec::new();
        for v in vars {
            slots.extend(self.var_slots(v));
        }
        slots
    }

    /// The IR type of a slot.
    fn slot_type(&self, slot: Slot) -> ir::Type {
        match self.slot_types.get(slot as usize) {
            Some(ty) => *ty,
            None => ir::Type::I64,
        }
    }

    /// Current values of `slots` (zeros for undefined ones).
    fn slot_values(&mut self, slots: &[Slot]) -> Vec<ir::Value> {
        slots.iter().map(|s| self.slot_value(*s)).collect()
    }

    /// Creates a block whose parameters receive `slots`.
    fn join_block(&mut self, slots: &[Slot]) -> (ir::Block, Vec<ir::Value>) {
        let block = self.new_block();
        let types: Vec<ir::Type> = slots.iter().map(|s| self.slot_type(*s)).collect();
        let params = self.func.dfg.append_block_params(block, &types).to_vec();
        (block, params)
    }

    /// Makes the parameters of a join block the current slot values.
    fn enter_join(&mut self, block: ir::Block, slots: &[Slot], params: &[ir::Value]) {
        self.switch_to(block);
        for (s, p) in slots.iter().zip(params) {
            self.set(*s, *p);
        }
    }

    /// A fresh hidden slot (loop counters).
    fn hidden_slot(&mut self) -> Slot {
        let slot = self.next_hidden;
        self.next_hidden += 1;
        slot
    }

    /// The IR function a typed call refers to.
    fn callee(&self, f: t::FuncRef) -> FuncRef {
        use cranelift_entity::EntityRef;
        FuncRef::new(f.0 as usize)
    }
}
