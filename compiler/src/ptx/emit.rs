//! Register allocation with regalloc2 and PTX text emission.
//!
//! regalloc2 runs its single-pass allocator (`Algorithm::Fastalloc`): ptxas
//! allocates the machine registers again anyway, so the PTX registers only
//! have to be few and correct, and the fast allocator costs about a third of
//! the backtracking one (see the figures in `benches/RESULTS.md`). It assigns
//! each virtual register one of 15 registers of its class (the 16th is its
//! scratch register, see `vcode::SCRATCH`) or a spill slot; a spill slot is
//! simply another PTX register (`%rs7`, `%rds2`, `%ps0`), so a "spill" is a
//! register move that ptxas removes, never a memory access. A value live
//! across blocks lives in its spill-slot register, which reads like one PTX
//! register per variable. The moves regalloc2 inserts (block parameters,
//! reloads) are `mov`s of the class's type.

use super::isel::{param_type, Isel, IselError, IselErrorKind, SelectionPool};
use super::lineinfo::{LocWriter, ModuleLines};
use super::reloads::{self, LocalRegisters, Reloads};
use super::vcode::{Control, Op, RegKind, VCode, SCRATCH};
use crate::ir::{self, FuncKind};
use crate::pool::Pool;
use regalloc2::{self as ra, Allocation, Function as _, InstOrEdit};
use std::fmt::Write;
use std::sync::OnceLock;

/// The register file regalloc2 allocates from (the same for every function).
fn machine_env() -> &'static ra::MachineEnv {
    static ENV: OnceLock<ra::MachineEnv> = OnceLock::new();
    ENV.get_or_init(super::vcode::machine_env)
}

/// Whether regalloc2's checker verifies every allocation: always in debug
/// builds, and in release builds when `KERNELC_REGALLOC_CHECK` is set (read
/// once per process).
fn check_allocations() -> bool {
    static CHECK: OnceLock<bool> = OnceLock::new();
    cfg!(debug_assertions)
        || *CHECK.get_or_init(|| std::env::var_os("KERNELC_REGALLOC_CHECK").is_some())
}

/// Allocates registers for a selected function and writes it as PTX, with
/// `.loc` directives when `lines` describes the source.
///
/// The selection's buffers go back to `buffers`, and writing takes its own
/// from there.
pub fn emit_function(
    isel: Isel<'_>,
    lines: Option<&ModuleLines<'_, '_>>,
    out: &mut String,
    buffers: &mut BackendBuffers,
) -> Result<(), IselError> {
    let env = machine_env();
    let vcode = &isel.vcode;
    let options = ra::RegallocOptions {
        validate_ssa: cfg!(debug_assertions),
        // Fast and good enough: ptxas allocates registers again.
        algorithm: ra::Algorithm::Fastalloc,
        ..Default::default()
    };
    let alloc = ra::run(vcode, env, &options).map_err(|e| {
        isel.error(IselErrorKind::RegisterAllocation {
            message: format!("{e:?}"),
        })
    })?;
    // The checker needs blocks in an order where each follows one of its
    // predecessors, which is why selection numbers them in reverse
    // postorder.
    if check_allocations() {
        let mut checker = ra::checker::Checker::new(vcode, env);
        checker.prepare(&alloc);
        checker.run().map_err(|e| {
            isel.error(IselErrorKind::AllocationRejected {
                message: format!("{e:?}"),
            })
        })?;
    }
    let Workspace {
        mut blocks,
        mut body,
    } = buffers.workspaces.take().unwrap_or_default();
    blocks.compute(vcode, &alloc);
    // Reload forwarding holds where no register lives into a block, which
    // the fast allocator guarantees; writing the body checks it, and the
    // body is written again without forwarding should it not hold.
    let sites = isel.func.srclocs.sites();
    let lines = lines.map(|l| (l, sites));
    if write_body(vcode, &alloc, &blocks, true, lines, &mut body).is_err() {
        write_body(vcode, &alloc, &blocks, false, lines, &mut body)
            .unwrap_or_else(|_| unreachable!("only forwarding is checked"));
    }
    let BodyBuffers {
        text: body_text,
        names,
        ..
    } = &body;
    out.reserve(body_text.len() + 1024);
    write_header(out, isel.func);
    if let Some(b) = isel.func.launch_bounds {
        let _ = write!(out, "\n.maxntid {}, 1, 1", b.max_threads);
        if let Some(n) = b.min_blocks_per_sm {
            let _ = write!(out, "\n.minnctapersm {n}");
        }
        if let Some(n) = b.max_cluster_rank {
            let _ = write!(out, "\n.maxclusterrank {n}");
        }
    }
    out.push_str("\n{\n");
    names.declare(out);
    out.push_str("\t.reg .b32 %kc_s32, %kc_t32;\n\t.reg .b64 %kc_s64;\n\t.reg .pred %kc_p, %kc_q;\n\t.reg .b16 %kc_h;\n");
    for (i, decl) in isel.func.shared.iter() {
        if decl.count > 0 {
            let _ = writeln!(
                out,
                "\t.shared .align 16 .b8 __kc_shared_{}[{}];",
                i.as_u32(),
                decl.bytes()
            );
        }
    }
    for (i, decl) in isel.func.locals.iter() {
        let _ = writeln!(
            out,
            "\t.local .align 16 .b8 __kc_local_{}[{}];",
            i.as_u32(),
            decl.bytes().max(1)
        );
    }
    if isel.printf_bytes > 0 {
        let _ = writeln!(
            out,
            "\t.local .align 8 .b8 __kc_printf_buf[{}];",
            isel.printf_bytes
        );
    }
    if isel.uses_extern_result {
        let _ = writeln!(
            out,
            "\t.local .align 8 .b8 __kc_extern_ret[{}];",
            super::calls::EXTERN_RESULT_BYTES
        );
    }
    out.push_str(body_text);
    out.push_str("}\n");
    isel.recycle(&mut buffers.selection);
    if body.text.capacity() <= WORKSPACE_MAX_BYTES {
        buffers.workspaces.give(Workspace { blocks, body });
    }
    Ok(())
}

/// The buffers of writing one function, kept in [`BackendBuffers`] from
/// function to function so that repeated compiles reuse them (as
/// selection's are, see `Isel::recycle`).
#[derive(Default)]
pub(super) struct Workspace {
    blocks: EmittedBlocks,
    body: BodyBuffers,
}

/// The largest body text whose buffers are worth keeping.
const WORKSPACE_MAX_BYTES: usize = 1 << 20;

/// The back end's recycled buffers: selection's and writing's, owned by
/// the caller (the driver's `CompileContext` holds one; see
/// `crate::pool`).
pub struct BackendBuffers {
    pub(super) selection: SelectionPool,
    /// Functions are written one at a time: one workspace is enough.
    workspaces: Pool<Workspace>,
}

impl Default for BackendBuffers {
    fn default() -> Self {
        BackendBuffers {
            selection: SelectionPool::default(),
            workspaces: Pool::new(1),
        }
    }
}

/// The blocks that are written, in order, with their labels: every block
/// in layout order but those that only jump (see [`jump_forwarding`]).
#[derive(Default)]
struct EmittedBlocks {
    /// The blocks written, in text order.
    order: Vec<usize>,
    /// Per block: its label number (its position in `order`).
    label: Vec<usize>,
    /// Per block: the block control really reaches (see [`jump_forwarding`]).
    forward: Vec<usize>,
    /// Per block: the block its jump goes to, or itself (a work list of
    /// [`jump_forwarding`]).
    direct: Vec<usize>,
}

impl EmittedBlocks {
    /// The blocks of `vcode` as allocated by `alloc` (in place of what
    /// `self` held).
    fn compute(&mut self, vcode: &VCode, alloc: &ra::Output) {
        let EmittedBlocks {
            order,
            label,
            forward,
            direct,
        } = self;
        jump_forwarding(vcode, alloc, direct, forward);
        order.clear();
        order.extend(vcode.layout.iter().copied().filter(|b| forward[*b] == *b));
        // Labels are numbered in the order blocks are written.
        label.clear();
        label.resize(vcode.num_blocks(), 0);
        for (pos, &b) in order.iter().enumerate() {
            label[b] = pos;
        }
    }
}

/// What [`write_body`] writes (the body text and its register numbering)
/// and its work lists.
#[derive(Default)]
struct BodyBuffers {
    text: String,
    names: Names,
    reloads: Reloads,
    /// Reloads due (see [`Reloads::overwritten`]).
    due: Vec<(Allocation, Allocation)>,
}

/// Reload forwarding was on and a block reads a register it did not write
/// (see [`reloads::LocalRegisters`]).
#[derive(Debug)]
struct RegisterLiveIntoBlock;

/// Writes the instructions of a function's blocks, with the moves
/// regalloc2 inserted; with `forwarding`, reads of reloaded registers name
/// the spill slot (see [`reloads`]).
fn write_body(
    vcode: &VCode,
    alloc: &ra::Output,
    blocks: &EmittedBlocks,
    forwarding: bool,
    lines: Option<(&ModuleLines<'_, '_>, &[ir::InlineSite])>,
    out: &mut BodyBuffers,
) -> Result<(), RegisterLiveIntoBlock> {
    let BodyBuffers {
        text: body,
        names,
        reloads,
        due,
    } = out;
    names.clear();
    body.clear();
    // About 36 bytes of text per instruction (the bench kernels' mean is
    // under 30).
    body.reserve(36 * (vcode.insts.len() + 8));
    due.clear();
    let mut items = Vec::new();
    let mut local = LocalRegisters::default();
    let mut locs = lines.map(|(module, sites)| LocWriter::new(module, sites));
    let mut loc = |body: &mut String, m: &super::vcode::MInst| {
        if let Some(w) = &mut locs {
            w.before(body, ir::SrcLocs::decode(m.src), m.site);
        }
    };
    // With forwarding, every register read must have been written earlier
    // in the block.
    let check_read = |local: &LocalRegisters, a: Allocation| {
        if forwarding && !local.written(a) {
            Err(RegisterLiveIntoBlock)
        } else {
            Ok(())
        }
    };
    for (pos, &b) in blocks.order.iter().enumerate() {
        let next = blocks.order.get(pos + 1).copied();
        let block = ra::Block::new(b);
        write_label(body, "", blocks.label[b], ":\n");
        reloads.clear();
        local.clear();
        items.clear();
        items.extend(alloc.block_insts_and_edits(vcode, block));
        for (i, item) in items.iter().enumerate() {
            match item {
                InstOrEdit::Edit(ra::Edit::Move { from, to }) => {
                    let (from, to) = (*from, *to);
                    check_read(&local, from)?;
                    local.write(to);
                    if forwarding && reloads::is_reload(from, to) {
                        reloads.record(to, from);
                        continue;
                    }
                    let kind = kind_of_alloc(from)
                        .or(kind_of_alloc(to))
                        .unwrap_or(RegKind::B32);
                    let from = reloads.resolve(from);
                    reloads.overwritten(to, due);
                    write_due(body, due, &items[i + 1..], (vcode, alloc), names);
                    write_move(body, to, from, kind, names);
                }
                InstOrEdit::Inst(inst) => {
                    let m = &vcode.insts[inst.index()];
                    let allocs = alloc.inst_allocs(*inst);
                    let ops = vcode.operands(m);
                    let succ = |i: usize| blocks.forward[vcode.blocks[b].succs()[i].index()];
                    match m.control {
                        // Branches are written here, to the forwarded targets,
                        // falling through to the next block where possible.
                        Control::Jump => {
                            if Some(succ(0)) != next {
                                loc(body, m);
                                write_label(body, "\tbra.uni ", blocks.label[succ(0)], ";\n");
                            }
                        }
                        Control::Branch => {
                            check_read(&local, allocs[0])?;
                            loc(body, m);
                            let p = reloads.resolve(allocs[0]);
                            let (then_b, else_b) = (succ(0), succ(1));
                            // Branch to `else` on the negated predicate when
                            // `then` follows.
                            let then_follows = Some(then_b) == next;
                            let (guard, target) = if then_follows {
                                ("\t@!", else_b)
                            } else {
                                ("\t@", then_b)
                            };
                            body.push_str(guard);
                            write_reg(body, p, RegKind::Pred, names);
                            write_label(body, " bra ", blocks.label[target], ";\n");
                            if !then_follows && Some(else_b) != next {
                                write_label(body, "\tbra.uni ", blocks.label[else_b], ";\n");
                            }
                        }
                        _ => {
                            // A slot the instruction writes must first be
                            // copied to the registers still standing for it.
                            for (op, a) in ops.iter().zip(allocs) {
                                match op {
                                    Op::Use(_) => check_read(&local, *a)?,
                                    Op::Def(_) if a.is_stack() => reloads.overwritten(*a, due),
                                    Op::Def(_) => {}
                                }
                            }
                            loc(body, m);
                            write_due(body, due, &items[i..], (vcode, alloc), names);
                            body.push('\t');
                            fill(body, vcode.template(m), ops, allocs, reloads, names);
                            body.push('\n');
                            for (op, a) in ops.iter().zip(allocs) {
                                if matches!(op, Op::Def(_)) {
                                    local.write(*a);
                                    if a.is_reg() {
                                        reloads.overwritten(*a, due);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// For each block, the block control really reaches: a block that holds
/// only a jump (no moves) forwards to its target (chains followed), so
/// branches skip it and it is not written.
fn jump_forwarding(
    vcode: &VCode,
    alloc: &ra::Output,
    direct: &mut Vec<usize>,
    forward: &mut Vec<usize>,
) {
    let n = vcode.num_blocks();
    direct.clear();
    direct.extend(0..n);
    for (b, target) in direct.iter_mut().enumerate().skip(1) {
        let mut items = alloc.block_insts_and_edits(vcode, ra::Block::new(b));
        if let (Some(InstOrEdit::Inst(i)), None) = (items.next(), items.next()) {
            if vcode.insts[i.index()].control == Control::Jump {
                *target = vcode.blocks[b].succs()[0].index();
            }
        }
    }
    forward.clear();
    forward.extend((0..n).map(|b| {
        let mut cur = b;
        for _ in 0..n {
            if direct[cur] == cur {
                break;
            }
            cur = direct[cur];
        }
        cur
    }));
}

/// Writes `mov to, from` (nothing when they are the same register).
fn write_move(
    body: &mut String,
    to: Allocation,
    from: Allocation,
    kind: RegKind,
    names: &mut Names,
) {
    if from == to {
        return;
    }
    body.push_str("\tmov.");
    body.push_str(kind.ptx_type());
    body.push(' ');
    write_reg(body, to, kind, names);
    body.push_str(", ");
    write_reg(body, from, kind, names);
    body.push_str(";\n");
}

/// Writes the reloads that became due (see [`Reloads::overwritten`]) whose
/// register the rest of the block still reads.
#[inline]
fn write_due(
    body: &mut String,
    due: &mut Vec<(Allocation, Allocation)>,
    rest: &[InstOrEdit<'_>],
    (vcode, alloc): (&VCode, &ra::Output),
    names: &mut Names,
) {
    if due.is_empty() {
        return;
    }
    for (reg, slot) in due.drain(..) {
        if reloads::read_later(vcode, alloc, rest, reg) {
            let kind = kind_of_alloc(reg).unwrap_or(RegKind::B32);
            write_move(body, reg, slot, kind, names);
        }
    }
}

fn kind_of_alloc(a: Allocation) -> Option<RegKind> {
    a.as_reg().map(|r| RegKind::of_class(r.class()))
}

/// Writes `before`, the label of block number `n`, then `after`.
fn write_label(out: &mut String, before: &str, n: usize, after: &str) {
    out.push_str(before);
    out.push_str("$L__BB");
    push_decimal(out, n);
    out.push_str(after);
}

/// Writes the PTX name of an allocation into `out`; counts the registers
/// used per kind.
fn write_reg(out: &mut String, a: Allocation, kind: RegKind, names: &mut Names) {
    if let Some(r) = a.as_reg() {
        let number = names.register(r);
        // Every register has its name in the table (see `REGISTER_NAMES`).
        match REGISTER_NAMES[kind.class() as usize].get(number) {
            Some(name) => out.push_str(name),
            None => {
                out.push_str(kind.prefix());
                push_decimal(out, number);
            }
        }
    } else if let Some(slot) = a.as_stack() {
        out.push_str(kind.slot_prefix());
        push_decimal(out, names.slot(slot, kind));
    } else {
        out.push_str("%kc_none");
    }
}

/// The names of the allocated registers by class (`RegKind::class`) and
/// number: a function numbers at most `SCRATCH + 1` registers per class,
/// so one copy of a ready name replaces writing a prefix and a number for
/// most register operands.
static REGISTER_NAMES: [[&str; SCRATCH + 1]; 3] = [
    [
        "%r0", "%r1", "%r2", "%r3", "%r4", "%r5", "%r6", "%r7", "%r8", "%r9", "%r10", "%r11",
        "%r12", "%r13", "%r14", "%r15",
    ],
    [
        "%rd0", "%rd1", "%rd2", "%rd3", "%rd4", "%rd5", "%rd6", "%rd7", "%rd8", "%rd9", "%rd10",
        "%rd11", "%rd12", "%rd13", "%rd14", "%rd15",
    ],
    [
        "%p0", "%p1", "%p2", "%p3", "%p4", "%p5", "%p6", "%p7", "%p8", "%p9", "%p10", "%p11",
        "%p12", "%p13", "%p14", "%p15",
    ],
];

/// The PTX register numbers of a function: allocated registers and spill
/// slots are numbered per kind in order of first appearance, so the text
/// reads `%r0, %r1, ...` whatever numbers regalloc2 chose.
struct Names {
    /// Per class and register: its number plus one (0: not seen yet).
    registers: [[u16; SCRATCH + 1]; 3],
    /// Per spill slot: its number plus one (0: not seen yet).
    slots: Vec<u32>,
    /// How many registers and slots of each kind are numbered.
    register_count: [u16; 3],
    slot_count: [u32; 3],
}

impl Default for Names {
    fn default() -> Names {
        Names {
            registers: [[0; SCRATCH + 1]; 3],
            slots: Vec::new(),
            register_count: [0; 3],
            slot_count: [0; 3],
        }
    }
}

impl Names {
    /// Forgets every number given (keeping the slots' storage).
    fn clear(&mut self) {
        self.registers = [[0; SCRATCH + 1]; 3];
        self.slots.clear();
        self.register_count = [0; 3];
        self.slot_count = [0; 3];
    }

    fn register(&mut self, r: ra::PReg) -> usize {
        let k = r.class() as usize;
        let entry = &mut self.registers[k][r.hw_enc()];
        if *entry == 0 {
            self.register_count[k] += 1;
            *entry = self.register_count[k];
        }
        usize::from(*entry - 1)
    }

    fn slot(&mut self, slot: ra::SpillSlot, kind: RegKind) -> usize {
        let k = kind.class() as usize;
        if self.slots.len() <= slot.index() {
            self.slots.resize(slot.index() + 1, 0);
        }
        let entry = &mut self.slots[slot.index()];
        if *entry == 0 {
            self.slot_count[k] += 1;
            *entry = self.slot_count[k];
        }
        (*entry - 1) as usize
    }

    /// Writes the `.reg` declarations of the numbered registers.
    fn declare(&self, out: &mut String) {
        for kind in [RegKind::B32, RegKind::B64, RegKind::Pred] {
            let k = kind.class() as usize;
            for (prefix, count) in [
                (kind.prefix(), u32::from(self.register_count[k])),
                (kind.slot_prefix(), self.slot_count[k]),
            ] {
                if count > 0 {
                    out.push_str("\t.reg .");
                    out.push_str(kind.ptx_type());
                    out.push(' ');
                    out.push_str(prefix);
                    out.push('<');
                    push_decimal(out, count as usize);
                    out.push_str(">;\n");
                }
            }
        }
    }
}

/// `n` in decimal, without going through `fmt`.
pub(super) fn push_decimal(out: &mut String, mut n: usize) {
    // Register numbers are mostly below 100.
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
        return;
    }
    if n < 100 {
        out.push(char::from(b'0' + (n / 10) as u8));
        out.push(char::from(b'0' + (n % 10) as u8));
        return;
    }
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // The bytes are ASCII digits.
    out.push_str(std::str::from_utf8(&digits[i..]).unwrap_or("0"));
}

/// Writes a template into `out` with its `{}` holes filled by the
/// allocations of its operands, in order (`{{`/`}}` are literal braces);
/// reads of forwarded reloads name the spill slot.
fn fill(
    out: &mut String,
    template: &str,
    ops: &[Op],
    allocs: &[Allocation],
    reloads: &Reloads,
    names: &mut Names,
) {
    let bytes = template.as_bytes();
    let mut hole = 0;
    // The text from `start` is not written yet; braces are searched from `i`.
    let mut start = 0;
    let mut i = 0;
    while let Some(at) = next_brace(bytes, i) {
        let brace = bytes[at];
        let next = bytes.get(at + 1).copied();
        if next == Some(brace) {
            out.push_str(&template[start..=at]);
            i = at + 2;
            start = i;
        } else if brace == b'{' && next == Some(b'}') {
            out.push_str(&template[start..at]);
            let (a, v) = match ops[hole] {
                Op::Use(v) => (reloads.resolve(allocs[hole]), v),
                Op::Def(v) => (allocs[hole], v),
            };
            write_reg(out, a, RegKind::of_class(v.class()), names);
            hole += 1;
            i = at + 2;
            start = i;
        } else {
            i = at + 1;
        }
    }
    out.push_str(&template[start..]);
}

/// The position of the first `{` or `}` in `bytes` from `from` on.
///
/// Every instruction's template is scanned, so this looks at eight bytes
/// at a time: a byte equal to the brace becomes zero after the `xor`, and
/// `(x - 0x01..01) & !x & 0x80..80` has the high bit set in the lowest zero
/// byte of `x` (higher bytes may be flagged falsely after a borrow, which
/// is why only the lowest flag is used).
fn next_brace(bytes: &[u8], mut from: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let zero_bytes = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    while let Some(chunk) = bytes.get(from..from + 8) {
        let Ok(chunk) = <[u8; 8]>::try_from(chunk) else {
            break;
        };
        let word = u64::from_le_bytes(chunk);
        let found = zero_bytes(word ^ (ONES * u64::from(b'{')))
            | zero_bytes(word ^ (ONES * u64::from(b'}')));
        if found != 0 {
            return Some(from + (found.trailing_zeros() / 8) as usize);
        }
        from += 8;
    }
    let rest = bytes.get(from..)?;
    rest.iter()
        .position(|&b| b == b'{' || b == b'}')
        .map(|p| from + p)
}

/// Writes the `.entry`/`.func` line of a function with its parameters
/// (without a body or `;`), used for the definition and for forward
/// declarations.
pub fn write_header(out: &mut String, f: &ir::Function) {
    match f.kind {
        FuncKind::Kernel => {
            out.push_str(".visible .entry ");
            out.push_str(&f.name);
            out.push_str("(\n");
        }
        FuncKind::Device => {
            out.push_str(".func ");
            let returns = &f.signature.returns;
            match returns.len() {
                0 => {}
                1 => {
                    let ty = super::isel::return_param_type(returns[0]);
                    let _ = write!(out, "(.param .{ty} func_retval0) ");
                }
                n => {
                    let _ = write!(out, "(.param .align 8 .b8 func_retval0[{}]) ", 8 * n);
                }
            }
            let _ = writeln!(out, "{}(", f.name);
        }
    }
    for (i, t) in f.signature.params.iter().enumerate() {
        if i > 0 {
            out.push_str(",\n");
        }
        out.push_str("\t.param .");
        out.push_str(param_type(*t));
        out.push(' ');
        out.push_str(&f.name);
        out.push_str("_param_");
        push_decimal(out, i);
    }
    out.push_str("\n)");
}

/// The PTX symbol of constant array `index` of a module.
pub fn const_symbol(module: &ir::Module, index: u32) -> String {
    use cranelift_entity::EntityRef;
    let name = module
        .consts
        .get(ir::ConstVar::new(index as usize))
        .map_or_else(|| index.to_string(), |c| c.name.clone());
    const_array_symbol(&name)
}

/// The PTX symbol of the host-filled constant array behind
/// `cuda.const.array_like(NAME)`: a runtime writes the host array there
/// before a launch.
pub fn const_array_symbol(name: &str) -> String {
    format!("__kc_const_{name}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::{compile, CompileOptions};
    use crate::opt::OptLevel;

    /// A loop whose counter and sum cross blocks.
    const LOOP: &str = "from numba import cuda

@cuda.jit(\"void(float32[::1], int64)\")
def k(out, n):
    s = 0.0
    for i in range(n):
        s += i * 0.5
    out[0] = s
";

    /// Writes the body of `LOOP`'s kernel after allocating with `algorithm`,
    /// with and without reload forwarding.
    fn bodies(algorithm: ra::Algorithm) -> [Result<String, RegisterLiveIntoBlock>; 2] {
        let options = CompileOptions {
            opt: OptLevel::O2,
            ..CompileOptions::default()
        };
        let module = compile("loop.py", LOOP, &options)
            .expect("compiles")
            .ir
            .expect("IR");
        let (_, f) = module.functions.iter().next().expect("the kernel");
        let isel = Isel::run(
            &module,
            f,
            Default::default(),
            &mut SelectionPool::default(),
        )
        .expect("selects");
        let vcode = &isel.vcode;
        let options = ra::RegallocOptions {
            algorithm,
            ..Default::default()
        };
        let alloc = ra::run(vcode, machine_env(), &options).expect("allocates");
        let mut blocks = EmittedBlocks::default();
        blocks.compute(vcode, &alloc);
        [true, false].map(|forwarding| {
            let mut body = BodyBuffers::default();
            write_body(vcode, &alloc, &blocks, forwarding, None, &mut body).map(|()| body.text)
        })
    }

    #[test]
    fn the_fast_allocator_keeps_registers_within_blocks() {
        let [forwarded, plain] = bodies(ra::Algorithm::Fastalloc);
        let (forwarded, plain) = (forwarded.expect("local"), plain.expect("plain"));
        // Forwarding drops the reload moves.
        assert!(forwarded.matches("mov.").count() < plain.matches("mov.").count());
    }

    #[test]
    fn registers_live_into_a_block_turn_forwarding_off() {
        // The backtracking allocator keeps the loop's values in registers
        // across blocks: forwarding must refuse, the plain body is written.
        let [forwarded, plain] = bodies(ra::Algorithm::Ion);
        assert!(forwarded.is_err());
        assert!(plain.is_ok());
    }

    #[test]
    fn launch_bounds_become_performance_directives() {
        let bounds = |max_cluster_rank, sm| CompileOptions {
            launch_bounds: Some(ir::LaunchBounds {
                max_threads: 128,
                min_blocks_per_sm: Some(2),
                max_cluster_rank,
            }),
            target: crate::ptx::Target::sm(sm),
            ..CompileOptions::default()
        };
        let ptx = compile("loop.py", LOOP, &bounds(None, 80))
            .expect("compiles")
            .ptx
            .expect("PTX");
        assert!(
            ptx.contains(")\n.maxntid 128, 1, 1\n.minnctapersm 2\n{"),
            "{ptx}"
        );
        assert!(!ptx.contains(".maxclusterrank"));
        let ptx = compile("loop.py", LOOP, &bounds(Some(4), 90))
            .expect("compiles")
            .ptx
            .expect("PTX");
        assert!(
            ptx.contains(".minnctapersm 2\n.maxclusterrank 4\n{"),
            "{ptx}"
        );
        let err = compile("loop.py", LOOP, &bounds(Some(4), 80))
            .err()
            .expect("refused");
        assert!(err.to_string().contains("needs sm_90"), "{err}");
        // Without bounds: no directive.
        let ptx = compile("loop.py", LOOP, &CompileOptions::default())
            .expect("compiles")
            .ptx
            .expect("PTX");
        assert!(!ptx.contains(".maxntid"));
    }

    /// The word-at-a-time search agrees with a plain byte search at every
    /// start position, braces in any byte of a word and in the tail.
    #[test]
    fn next_brace_finds_the_first_brace() {
        let texts = [
            "",
            "{}",
            "add.s32 {}, {}, {};",
            "ld.global.v2.f32 {{{}, {}}}, [{}+8];",
            "mov.u32 {}, %tid.x;",
            "no braces at all in this text",
            "}",
            "abcdefg{",
            "abcdefgh{",
            "abcdefghijklmno}",
        ];
        for text in texts {
            let bytes = text.as_bytes();
            for from in 0..=bytes.len() + 1 {
                let expected = bytes
                    .iter()
                    .enumerate()
                    .skip(from)
                    .find(|&(_, &b)| b == b'{' || b == b'}')
                    .map(|(i, _)| i);
                assert_eq!(next_brace(bytes, from), expected, "{text:?} from {from}");
            }
        }
    }

    /// The register name table spells what prefix + number would.
    #[test]
    fn register_names_are_prefix_and_number() {
        for kind in [RegKind::B32, RegKind::B64, RegKind::Pred] {
            let names = &REGISTER_NAMES[kind.class() as usize];
            for (number, name) in names.iter().enumerate() {
                assert_eq!(*name, format!("{}{number}", kind.prefix()));
            }
        }
    }
}
