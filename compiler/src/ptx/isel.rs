//! Instruction selection: IR functions to machine code over virtual
//! registers ([`VCode`]).
//!
//! Blocks are numbered in reverse postorder and written in the IR's layout
//! order; unreachable IR blocks are dropped.
//! A `brif` edge gets a block of its own when it would be critical (its
//! target has other incoming edges; regalloc2 does not allow critical edges)
//! or carries arguments, so branch arguments always travel on a plain jump;
//! regalloc2 turns block parameters into moves. The operations themselves
//! are selected in [`super::ops`].

use super::target::Target;
use super::vcode::{Control, MBlock, Op, Part, RegKind, Template, VCode};
use crate::ir::{self, AtomicRmwOp, Block, FuncKind, FuncRef, InstructionData, Opcode, Value};
use crate::pool::Pool;
use cranelift_entity::{EntityRef, SecondaryMap};
use regalloc2::{self as ra, VReg};
use std::fmt::Write as _;

/// An error of the back end: IR it cannot select, or machine code the
/// register allocator could not allocate. The IR verifier and the math
/// library's expansion run before the back end, so each of these is a
/// compiler bug or a feature the back end lacks, reported rather than
/// written as wrong PTX.
#[derive(Clone, Debug, PartialEq)]
pub struct IselError {
    /// The function being selected.
    pub function: String,
    /// What went wrong.
    pub kind: IselErrorKind,
}

/// What the back end could not do (see [`IselError`]).
#[derive(Clone, Debug, PartialEq)]
pub enum IselErrorKind {
    /// An operation with no instruction sequence in the back end.
    UnknownOperation {
        /// The operation.
        op: Opcode,
        /// What the back end looked for (e.g. "a float operation").
        expected: &'static str,
    },
    /// A math-library operation that was not expanded into a library call
    /// before selection.
    MathNotExpanded {
        /// The operation.
        op: Opcode,
    },
    /// A bitwise operation on `i1` other than `band`, `bor`, `bxor`.
    PredicateOperation {
        /// The operation.
        op: Opcode,
    },
    /// An atomic read-modify-write with no compare-and-swap loop form.
    NoCompareAndSwapForm {
        /// The atomic operation.
        op: AtomicRmwOp,
    },
    /// A conversion between two types the back end does not convert.
    Conversion {
        /// The conversion.
        op: Opcode,
        /// The operand's type.
        from: ir::Type,
        /// The result's type.
        to: ir::Type,
    },
    /// A call of a function the module does not have.
    UnknownCallee {
        /// The callee.
        callee: FuncRef,
    },
    /// A `return` with values in a kernel.
    KernelReturnsValues,
    /// A math-library function with no body in the library.
    NoLibraryBody,
    /// An operation the target's PTX does not have.
    NeedsNewerTarget {
        /// What needs it (as the user wrote it).
        what: &'static str,
        /// The first compute capability that has it (70 for sm_70).
        sm: u32,
    },
    /// regalloc2 failed.
    RegisterAllocation {
        /// regalloc2's error, as it prints it.
        message: String,
    },
    /// regalloc2's checker rejected an allocation (debug builds).
    AllocationRejected {
        /// The checker's error, as it prints it.
        message: String,
    },
}

impl std::fmt::Display for IselError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: ", self.function)?;
        match &self.kind {
            IselErrorKind::UnknownOperation { op, expected } => {
                write!(f, "`{op}` is not {expected} the back end knows")
            }
            IselErrorKind::MathNotExpanded { op } => {
                write!(f, "`{op}` must be expanded by the math library before PTX")
            }
            IselErrorKind::PredicateOperation { op } => write!(f, "`{op}` on i1 is not supported"),
            IselErrorKind::NoCompareAndSwapForm { op } => {
                write!(f, "atomic {op} has no compare-and-swap form")
            }
            IselErrorKind::Conversion { op, from, to } => {
                write!(
                    f,
                    "`{op}` from {from} to {to} is not supported by the back end"
                )
            }
            IselErrorKind::UnknownCallee { callee } => {
                write!(f, "call of unknown function {callee}")
            }
            IselErrorKind::KernelReturnsValues => write!(f, "a kernel cannot return values"),
            IselErrorKind::NoLibraryBody => write!(f, "the math library has no body for it"),
            IselErrorKind::NeedsNewerTarget { what, sm } => {
                write!(
                    f,
                    "{what} need sm_{sm} or later (compile for a newer target)"
                )
            }
            IselErrorKind::RegisterAllocation { message } => {
                write!(f, "register allocation failed: {message}")
            }
            IselErrorKind::AllocationRejected { message } => {
                write!(f, "regalloc2's checker rejected the allocation: {message}")
            }
        }
    }
}

impl std::error::Error for IselError {}

/// What selecting one instruction returns.
pub(super) type Selected = Result<(), IselError>;

/// Selects one function.
pub struct Isel<'a> {
    pub(super) module: &'a ir::Module,
    pub(super) func: &'a ir::Function,
    pub(super) target: Target,
    /// The selected machine code.
    pub vcode: VCode,
    /// The working tables.
    scratch: Scratch,
    /// Unique number for labels inside instruction sequences.
    pub(super) next_label: u32,
    /// Set when the function prints (needs the printf buffer).
    pub(super) printf_bytes: u32,
    /// Set when the function uses dynamic shared memory.
    pub(super) uses_dyn_shared: bool,
    /// True when a raise writes the module's exception record (`__kc_exc`).
    pub(super) uses_exceptions: bool,
    /// Set when it calls an external function in Numba's ABI (needs the
    /// result slot `__kc_extern_ret`, see `calls::extern_call`).
    pub(super) uses_extern_result: bool,
    /// It calls the grid barrier (`__kc_grid_sync`, see `ptx::grid_sync`).
    pub(super) uses_grid_sync: bool,
    /// The IR block being selected.
    current_block: Option<Block>,
}

/// The working tables of a selection, cleared for each function.
#[derive(Default)]
struct Scratch {
    /// Per IR value, its virtual register once it has one.
    vregs: SecondaryMap<Value, Option<VReg>>,
    /// Per IR block, its machine block (unreachable blocks have none).
    block_index: SecondaryMap<Block, Option<usize>>,
    /// Per IR block: how many (reachable) edges enter it.
    in_edges: SecondaryMap<Block, u32>,
    /// Per value: how many operands read it, and the block of the last.
    uses: Vec<(u32, Option<Block>)>,
    /// Special-register reads not written at their definition (see
    /// [`Isel::defer_special`]).
    deferred_specials: Vec<(Value, ir::SpecialReg)>,
    /// The IR function's CFG, its blocks in reverse postorder, and the
    /// search's work lists.
    cfg: ir::ControlFlowGraph,
    order: Vec<Block>,
    dfs: ir::DfsScratch,
}

impl Scratch {
    /// Empties the tables, sized for `func`.
    fn reset(&mut self, func: &ir::Function) {
        self.vregs.clear();
        self.vregs.resize(func.dfg.num_values());
        self.block_index.clear();
        self.block_index.resize(func.dfg.num_blocks());
        self.in_edges.clear();
        self.in_edges.resize(func.dfg.num_blocks());
        self.uses.clear();
        self.deferred_specials.clear();
    }
}

/// The buffers of a selection, kept in a [`SelectionPool`] from function
/// to function (see [`Isel::recycle`]) so that repeated compiles reuse
/// them, as a Cranelift `Context` keeps its buffers across functions.
#[derive(Default)]
struct Buffers {
    vcode: VCode,
    scratch: Scratch,
}

/// How many [`Buffers`] a [`SelectionPool`] keeps (one per function of a
/// module).
const POOL_MAX_LEN: usize = 8;

/// The most machine instructions whose buffers are worth keeping.
const POOL_MAX_INSTS: usize = 1 << 16;

/// Recycled selection buffers, owned by the caller (see `crate::pool`).
pub struct SelectionPool(Pool<Buffers>);

impl Default for SelectionPool {
    fn default() -> Self {
        SelectionPool(Pool::new(POOL_MAX_LEN))
    }
}

/// The value of a constant (see `Isel::constant`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Constant {
    /// An `iconst`, sign-extended to 64 bits.
    Int(i64),
    /// An `fconst`'s IEEE bits (f16, f32 or f64 by the value's type).
    Float(u64),
}

/// The register kind holding values of an IR type.
pub fn kind_of(ty: ir::Type) -> RegKind {
    match ty {
        ir::Type::I1 => RegKind::Pred,
        ir::Type::I64 | ir::Type::F64 | ir::Type::Ptr(_) => RegKind::B64,
        _ => RegKind::B32,
    }
}

impl<'a> Isel<'a> {
    /// Selects `func` (of `module`) for `target`, in buffers from `pool`
    /// when it holds some.
    pub fn run(
        module: &'a ir::Module,
        func: &'a ir::Function,
        target: Target,
        pool: &mut SelectionPool,
    ) -> Result<Isel<'a>, IselError> {
        let Buffers {
            mut vcode,
            mut scratch,
        } = pool.0.take().unwrap_or_default();
        vcode.reset(func.dfg.num_insts(), func.dfg.num_values());
        scratch.reset(func);
        let mut s = Isel {
            module,
            func,
            target,
            vcode,
            scratch,
            next_label: 0,
            printf_bytes: 0,
            uses_dyn_shared: false,
            uses_exceptions: false,
            uses_extern_result: false,
            uses_grid_sync: false,
            current_block: None,
        };
        s.select()?;
        Ok(s)
    }

    /// Gives the selection's buffers back to `pool`, for the next function
    /// selected (once the machine code is written). Only buffers of
    /// moderate size are kept, so that one huge function does not pin its
    /// memory.
    pub fn recycle(self, pool: &mut SelectionPool) {
        if self.vcode.insts.capacity() > POOL_MAX_INSTS {
            return;
        }
        let buffers = Buffers {
            vcode: self.vcode,
            scratch: self.scratch,
        };
        pool.0.give(buffers);
    }

    /// The virtual register of an IR value.
    ///
    /// A constant has no register of its own: it is written as an immediate
    /// where PTX takes one ([`Isel::constant`]) and moved into a fresh
    /// register right before any other use, so no constant occupies a
    /// register across blocks.
    #[inline]
    pub(super) fn vreg(&mut self, v: Value) -> VReg {
        let v = self.func.dfg.resolve_aliases(v);
        match self.scratch.vregs[v] {
            Some(r) => r,
            None => self.first_vreg(v),
        }
    }

    /// [`Isel::vreg`] of a value without a register yet (`v` has its
    /// aliases resolved).
    fn first_vreg(&mut self, v: Value) -> VReg {
        if let Some(imm) = self.constant(v) {
            let ty = self.func.dfg.value_type(v);
            let r = self.vcode.new_vreg(kind_of(ty));
            super::ops::materialize(self, r, ty, imm);
            return r;
        }
        if !self.scratch.deferred_specials.is_empty() {
            if let Some(reg) = self.deferred_special(v) {
                let r = self.vcode.new_vreg(RegKind::B32);
                super::ops::special(self, r, reg);
                self.scratch.vregs[v] = Some(r);
                return r;
            }
        }
        let r = self.vcode.new_vreg(kind_of(self.func.dfg.value_type(v)));
        self.scratch.vregs[v] = Some(r);
        r
    }

    /// Whether the read of special register `reg` into `v` is deferred to
    /// its one use, later in the same block: a widening conversion then
    /// reads the special register itself (`cvt.u64.u32 %rd1, %tid.x`), and
    /// any other use gets the `mov` right before it. Special registers hold
    /// the same value for the whole thread, so reading one later is the
    /// same.
    pub(super) fn defer_special(&mut self, v: Value, reg: ir::SpecialReg) -> bool {
        let (count, block) = self.scratch.uses[v.index()];
        // `WARP_SZ` is a constant, and `%dynamic_smem_size` is read by a
        // `mov` only (as Numba reads it), not as a conversion's source.
        let defer = count == 1
            && block == self.current_block
            && !matches!(
                reg,
                ir::SpecialReg::Warpsize | ir::SpecialReg::DynamicSmemSize
            );
        if defer {
            self.scratch.deferred_specials.push((v, reg));
        }
        defer
    }

    /// The special register behind `v` if its read is deferred (see
    /// [`Isel::defer_special`]) and not written yet.
    pub(super) fn deferred_special(&self, v: Value) -> Option<ir::SpecialReg> {
        let v = self.func.dfg.resolve_aliases(v);
        if self.scratch.vregs[v].is_some() {
            return None;
        }
        self.scratch
            .deferred_specials
            .iter()
            .find(|(d, _)| *d == v)
            .map(|(_, reg)| *reg)
    }

    /// The bits of `v` when it is an `iconst` or `fconst`.
    pub(super) fn constant(&self, v: Value) -> Option<Constant> {
        let v = self.func.dfg.resolve_aliases(v);
        match self.func.dfg.value_def(v) {
            ir::ValueDef::Result(inst, _) => match *self.func.dfg.inst(inst) {
                InstructionData::UnaryImm { imm, .. } => Some(Constant::Int(imm)),
                InstructionData::UnaryIeee { bits, .. } => Some(Constant::Float(bits)),
                _ => None,
            },
            _ => None,
        }
    }

    /// A fresh temporary register.
    pub(super) fn temp(&mut self, kind: RegKind) -> VReg {
        self.vcode.new_vreg(kind)
    }

    /// Appends an instruction from a template with `{}` holes.
    pub(super) fn emit(&mut self, template: &'static str, ops: impl IntoIterator<Item = Op>) {
        self.vcode
            .push(Template::Static(template), ops, Control::None);
    }

    /// Appends a branch (its text is written by emission).
    fn emit_control(
        &mut self,
        template: &'static str,
        ops: impl IntoIterator<Item = Op>,
        control: Control,
    ) {
        self.vcode.push(Template::Static(template), ops, control);
    }

    /// Appends an instruction whose template is built at run time.
    pub(super) fn emit_owned(
        &mut self,
        template: String,
        ops: impl IntoIterator<Item = Op>,
        control: Control,
    ) {
        self.emit_fmt(format_args!("{template}"), ops, control);
    }

    /// Appends an instruction whose template is formatted at run time
    /// (straight into the function's text arena).
    pub(super) fn emit_fmt(
        &mut self,
        template: std::fmt::Arguments<'_>,
        ops: impl IntoIterator<Item = Op>,
        control: Control,
    ) {
        let template = self.vcode.build_text(template);
        self.vcode.push(template, ops, control);
    }

    /// Appends an instruction whose template is the concatenation of
    /// `parts` (see [`VCode::build_parts`]).
    pub(super) fn emit_parts(&mut self, parts: &[Part<'_>], ops: impl IntoIterator<Item = Op>) {
        let template = self.vcode.build_parts(parts);
        self.vcode.push(template, ops, Control::None);
    }

    /// The error `kind` in the function being selected.
    pub(super) fn error(&self, kind: IselErrorKind) -> IselError {
        IselError {
            function: self.func.name.clone(),
            kind,
        }
    }

    /// A label unique within the function.
    pub(super) fn label(&mut self) -> String {
        self.next_label += 1;
        format!("$L__kc{}", self.next_label)
    }

    fn select(&mut self) -> Result<(), IselError> {
        self.count_uses();
        self.scratch.cfg.recompute(self.func);
        // Machine blocks are numbered in reverse postorder, so every block
        // but the entry follows one of its predecessors: regalloc2's checker
        // needs that (a block seen before all its predecessors would start
        // from an empty state). The text keeps the IR's layout order, which
        // ptxas's loop optimisations are tuned to (see `VCode::layout`).
        let mut order = std::mem::take(&mut self.scratch.order);
        self.scratch
            .cfg
            .reverse_post_order_into(self.func, &mut order, &mut self.scratch.dfs);
        for &b in &order {
            if let Some(t) = self.func.layout.last_inst(b) {
                for dest in self.func.dfg.inst(t).branch_destinations() {
                    self.scratch.in_edges[dest.block] += 1;
                }
            }
        }
        // The entry has an implicit edge (from the caller).
        if let Some(&entry) = order.first() {
            self.scratch.in_edges[entry] += 1;
        }
        // Number the machine blocks: each IR block, then its edge blocks.
        let mut n = 0;
        for &b in &order {
            self.scratch.block_index[b] = Some(n);
            n += 1 + self.edge_blocks(b);
        }
        self.vcode.blocks = vec![MBlock::default(); n];
        let selected =
            (order.iter().enumerate()).try_for_each(|(pos, &b)| self.select_block(b, pos == 0));
        self.scratch.order = order;
        selected?;
        let mut layout = Vec::with_capacity(n);
        for &b in self.func.layout.blocks() {
            if let Some(mb) = self.scratch.block_index[b] {
                layout.extend(mb..=mb + self.edge_blocks(b));
            }
        }
        self.vcode.layout = layout;
        self.vcode.finish();
        Ok(())
    }

    /// How many edge blocks follow IR block `b`: one per `brif` edge that
    /// needs its own block (see [`Isel::needs_edge_block`]).
    fn edge_blocks(&self, b: Block) -> usize {
        match self.func.layout.last_inst(b) {
            Some(t) if is_brif(self.func, t) => self
                .func
                .dfg
                .inst(t)
                .branch_destinations()
                .iter()
                .filter(|call| self.needs_edge_block(call))
                .count(),
            _ => 0,
        }
    }

    /// Whether a `brif` edge gets a block of its own: when its target has
    /// other incoming edges (the edge would be critical, which regalloc2
    /// does not allow) or takes arguments (they travel on a plain jump).
    fn needs_edge_block(&self, call: &ir::BlockCall) -> bool {
        self.scratch.in_edges[call.block] > 1 || !self.func.dfg.block_call_args(call).is_empty()
    }

    fn mblock(&self, b: Block) -> usize {
        self.scratch.block_index[b].expect("reachable block is numbered")
    }

    fn select_block(&mut self, b: Block, is_entry: bool) -> Selected {
        // The function outlives `self`'s borrows: its lists need no copies.
        let func = self.func;
        let mb = self.mblock(b);
        self.current_block = Some(b);
        self.vcode.blocks[mb].start = self.vcode.insts.len();
        let params = func.dfg.block_params(b);
        if is_entry {
            self.load_params(params);
        } else {
            self.vcode.blocks[mb].params = self.block_vregs(params);
        }
        let mut ended_by_brif = false;
        for &inst in func.layout.block_insts(b) {
            self.vcode.src = func.srclocs.raw(inst);
            self.vcode.site = func.srclocs.site(inst);
            let data = func.dfg.inst(inst);
            match data {
                InstructionData::Jump { dest, .. } => {
                    let args = func.dfg.block_call_args(dest);
                    let target = self.mblock(dest.block);
                    self.jump(mb, target, args);
                }
                InstructionData::Brif { cond, blocks, .. } => {
                    self.brif(mb, *cond, blocks);
                    ended_by_brif = true;
                }
                InstructionData::Return { args, .. } => {
                    self.ret(func.dfg.list(args))?;
                }
                _ => super::ops::select_inst(self, inst, data)?,
            }
        }
        // A `brif` already closed its block (its edge blocks follow it).
        if !ended_by_brif {
            let end = self.vcode.insts.len();
            self.vcode.blocks[mb].end = end;
        }
        Ok(())
    }

    /// Appends the registers of `values` to [`VCode::block_vregs`] (a
    /// constant is materialized first); returns their range.
    fn block_vregs(&mut self, values: &[Value]) -> (u32, u32) {
        let start = self.vcode.block_vregs.len() as u32;
        for &v in values {
            let r = self.vreg(v);
            self.vcode.block_vregs.push(r);
        }
        (start, self.vcode.block_vregs.len() as u32)
    }

    fn jump(&mut self, from: usize, to: usize, args: &[Value]) {
        let range = self.block_vregs(args);
        self.vcode.set_succs(from, &[ra::Block::new(to)]);
        self.vcode.blocks[from].branch_args = range;
        // Branches are written by emission (to forwarded targets).
        self.emit_control("bra", [], Control::Jump);
    }

    fn brif(&mut self, mb: usize, cond: Value, blocks: &[ir::BlockCall; 2]) {
        let func = self.func;
        let p = self.vreg(cond);
        let mut next_edge = mb + 1;
        let mut succs = [ra::Block::new(0); 2];
        let mut edges = [None, None];
        for (k, call) in blocks.iter().enumerate() {
            if self.needs_edge_block(call) {
                edges[k] = Some(next_edge);
                succs[k] = ra::Block::new(next_edge);
                next_edge += 1;
            } else {
                succs[k] = ra::Block::new(self.mblock(call.block));
            }
        }
        self.vcode.set_succs(mb, &succs);
        self.emit_control("@{} bra", [Op::Use(p)], Control::Branch);
        self.vcode.blocks[mb].end = self.vcode.insts.len();
        for (call, edge) in blocks.iter().zip(edges) {
            if let Some(edge) = edge {
                self.vcode.blocks[edge].start = self.vcode.insts.len();
                let args = func.dfg.block_call_args(call);
                let target = self.mblock(call.block);
                self.jump(edge, target, args);
                self.vcode.blocks[edge].end = self.vcode.insts.len();
            }
        }
    }

    /// Reads the function's parameters at entry (`ld.param`).
    /// Parameters nothing reads (array extents and strides a kernel does
    /// not look at, typically) are not loaded.
    fn load_params(&mut self, params: &[Value]) {
        let prefix = self.param_prefix();
        for (i, &p) in params.iter().enumerate() {
            if self.scratch.uses[p.index()].0 == 0 {
                continue;
            }
            let ty = self.func.dfg.value_type(p);
            let d = self.vreg(p);
            let ops = [Op::Def(d)];
            // `ld.param.T {}, [f_param_I];`, or a load into a scratch
            // register and a conversion.
            let (ty_name, operand, then) = match ty {
                ir::Type::I1 => ("b32", " %kc_s32, [", "];\n\tsetp.ne.b32 {}, %kc_s32, 0;"),
                ir::Type::F16 => ("b16", " %kc_h, [", "];\n\tcvt.f32.f16 {}, %kc_h;"),
                _ => (param_type(ty), " {}, [", "];"),
            };
            let parts = [
                Part::Str("ld.param."),
                Part::Str(ty_name),
                Part::Str(operand),
                Part::Str(&prefix),
                Part::Int(i as i64),
                Part::Str(then),
            ];
            self.emit_parts(&parts, ops);
        }
    }

    /// Sets `uses`: per value, how many operands of the function read it,
    /// and the block of the last one.
    fn count_uses(&mut self) {
        let dfg = &self.func.dfg;
        let uses = &mut self.scratch.uses;
        uses.clear();
        uses.resize(dfg.num_values(), (0, None));
        for &b in self.func.layout.blocks() {
            for &inst in self.func.layout.block_insts(b) {
                dfg.for_each_arg(inst, |v| {
                    let entry = &mut uses[dfg.resolve_aliases(v).index()];
                    *entry = (entry.0 + 1, Some(b));
                });
            }
        }
    }

    /// The prefix of the function's parameter names.
    pub(super) fn param_prefix(&self) -> String {
        format!("{}_param_", self.func.name)
    }

    fn ret(&mut self, args: &[Value]) -> Selected {
        if args.is_empty() {
            // Every kernel ends so: no text to build.
            self.emit_control("ret;", [], Control::Ret);
            return Ok(());
        }
        let mut text = String::with_capacity(80 * args.len() + 8);
        let mut ops = Vec::with_capacity(args.len());
        for (i, &a) in args.iter().enumerate() {
            let ty = self.func.dfg.value_type(a);
            ops.push(Op::Use(self.vreg(a)));
            // One result is a scalar parameter; several share one aggregate
            // (8 bytes per value), as PTX allows a single return parameter.
            store_result(&mut text, "func_retval0", ty, i, args.len());
        }
        text.push_str("ret;");
        if self.func.kind == FuncKind::Kernel && !args.is_empty() {
            return Err(self.error(IselErrorKind::KernelReturnsValues));
        }
        self.emit_owned(text, ops, Control::Ret);
        Ok(())
    }
}

/// The address of result `i` of `n` in return parameter `name`.
pub struct ReturnSlot<'a> {
    name: &'a str,
    i: usize,
    n: usize,
}

impl<'a> ReturnSlot<'a> {
    /// Result `i` of `n` in return parameter `name`.
    pub fn new(name: &'a str, i: usize, n: usize) -> Self {
        ReturnSlot { name, i, n }
    }
}

impl std::fmt::Display for ReturnSlot<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)?;
        if self.n != 1 {
            write!(f, "+{}", 8 * self.i)?;
        }
        Ok(())
    }
}

fn is_brif(func: &ir::Function, inst: ir::Inst) -> bool {
    func.dfg.inst(inst).opcode() == Opcode::Brif
}

/// The `.param` type of a function's single result: a `bool`, 8- or 16-bit
/// value travels as 32 bits (ptxas refuses narrower results in the ABI).
pub fn return_param_type(ty: ir::Type) -> &'static str {
    match ty {
        ir::Type::I1 | ir::Type::I8 | ir::Type::I16 | ir::Type::F16 => "b32",
        other => param_type(other),
    }
}

/// Appends the stores of result `i` of `n`, of type `ty`, to the return
/// parameter `name` (`{}` is the value). One result alone is a scalar
/// parameter, 32 bits at least (see [`return_param_type`]); several share
/// an aggregate of 8 bytes per result.
pub(super) fn store_result(text: &mut String, name: &str, ty: ir::Type, i: usize, n: usize) {
    let slot = ReturnSlot::new(name, i, n);
    let _ = match ty {
        ir::Type::I1 => write!(
            text,
            "selp.b32 %kc_s32, 1, 0, {{}};\n\tst.param.b32 [{slot}], %kc_s32;\n\t"
        ),
        ir::Type::F16 if n == 1 => write!(
            text,
            "cvt.rn.f16.f32 %kc_h, {{}};\n\tcvt.u32.u16 %kc_s32, %kc_h;\n\tst.param.b32 [{slot}], %kc_s32;\n\t"
        ),
        ir::Type::F16 => write!(
            text,
            "cvt.rn.f16.f32 %kc_h, {{}};\n\tst.param.b16 [{slot}], %kc_h;\n\t"
        ),
        // Narrow integers are held zero-extended in 32-bit registers.
        ir::Type::I8 if n == 1 => write!(
            text,
            "cvt.u32.u8 %kc_s32, {{}};\n\tst.param.b32 [{slot}], %kc_s32;\n\t"
        ),
        ir::Type::I16 if n == 1 => write!(
            text,
            "cvt.u32.u16 %kc_s32, {{}};\n\tst.param.b32 [{slot}], %kc_s32;\n\t"
        ),
        _ => write!(text, "st.param.{} [{slot}], {{}};\n\t", param_type(ty)),
    };
}

/// Appends the load of result `i` of `n`, of type `ty`, from the return
/// parameter `name` into `{}` (the inverse of [`store_result`]).
pub(super) fn load_result(text: &mut String, name: &str, ty: ir::Type, i: usize, n: usize) {
    let slot = ReturnSlot::new(name, i, n);
    let _ = match ty {
        ir::Type::I1 => write!(
            text,
            "ld.param.b32 %kc_s32, [{slot}];\n\tsetp.ne.b32 {{}}, %kc_s32, 0;\n\t"
        ),
        ir::Type::F16 if n == 1 => write!(
            text,
            "ld.param.b32 %kc_s32, [{slot}];\n\tcvt.u16.u32 %kc_h, %kc_s32;\n\tcvt.f32.f16 {{}}, %kc_h;\n\t"
        ),
        ir::Type::F16 => write!(
            text,
            "ld.param.b16 %kc_h, [{slot}];\n\tcvt.f32.f16 {{}}, %kc_h;\n\t"
        ),
        ir::Type::I8 | ir::Type::I16 if n == 1 => {
            write!(text, "ld.param.b32 {{}}, [{slot}];\n\t")
        }
        _ => write!(text, "ld.param.{} {{}}, [{slot}];\n\t", param_type(ty)),
    };
}

/// The `.param` / `ld.param` type of an IR type.
pub fn param_type(ty: ir::Type) -> &'static str {
    match ty {
        ir::Type::I1 | ir::Type::I32 => "b32",
        ir::Type::I8 => "u8",
        ir::Type::I16 => "u16",
        ir::Type::F16 => "b16",
        ir::Type::F32 => "f32",
        ir::Type::I64 | ir::Type::Ptr(_) => "u64",
        ir::Type::F64 => "f64",
    }
}
