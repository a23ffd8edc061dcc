//! The machine-level form: PTX instructions over virtual registers, in
//! blocks, implementing `regalloc2::Function`.
//!
//! An instruction is a text template with `{}` holes and one operand per
//! hole ([`Op`]): a register defined or used, or literal text. Several PTX
//! lines may form one instruction (a call sequence, a compare-and-swap
//! loop); their internal temporaries are dedicated scratch registers, never
//! allocated. Register classes map one to one to PTX register types:
//! `Int` is `.b32`, `Float` is `.b64` and `Vector` is `.pred`, so a move
//! between two allocations of a class is a plain `mov` of that type.

use regalloc2::{self as ra, Operand, PRegSet, RegClass, VReg};

/// A PTX register kind (one per regalloc2 class).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RegKind {
    /// `.b32` (32-bit and narrower integers, `f32`, `f16` held as `f32`).
    B32,
    /// `.b64` (64-bit integers, `f64`, pointers).
    B64,
    /// `.pred` (`i1`).
    Pred,
}

impl RegKind {
    /// The regalloc2 class of this kind.
    pub fn class(self) -> RegClass {
        match self {
            RegKind::B32 => RegClass::Int,
            RegKind::B64 => RegClass::Float,
            RegKind::Pred => RegClass::Vector,
        }
    }

    /// The kind of a regalloc2 class.
    pub fn of_class(c: RegClass) -> RegKind {
        match c {
            RegClass::Int => RegKind::B32,
            RegClass::Float => RegKind::B64,
            RegClass::Vector => RegKind::Pred,
        }
    }

    /// The PTX type used to declare and move registers of this kind.
    pub fn ptx_type(self) -> &'static str {
        match self {
            RegKind::B32 => "b32",
            RegKind::B64 => "b64",
            RegKind::Pred => "pred",
        }
    }

    /// Register name prefix of spill slots (which are PTX registers too).
    pub fn slot_prefix(self) -> &'static str {
        match self {
            RegKind::B32 => "%rs",
            RegKind::B64 => "%rds",
            RegKind::Pred => "%ps",
        }
    }

    /// Register name prefix (allocated registers).
    pub fn prefix(self) -> &'static str {
        match self {
            RegKind::B32 => "%r",
            RegKind::B64 => "%rd",
            RegKind::Pred => "%p",
        }
    }
}

/// One operand of an instruction template.
#[derive(Clone, Copy, Debug)]
pub enum Op {
    /// A register written by the instruction.
    Def(VReg),
    /// A register read by the instruction.
    Use(VReg),
}

/// The operands of an instruction without any.
pub const NO_OPS: [Op; 0] = [];

/// What kind of control transfer ends a block.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Control {
    /// An ordinary instruction.
    None,
    /// `bra` to one block.
    Jump,
    /// `@p bra then; bra else`.
    Branch,
    /// `ret` / `trap`.
    Ret,
}

/// The PTX text of an instruction, with `{}` holes (one per operand).
#[derive(Clone, Copy, Debug)]
pub enum Template {
    /// A fixed text.
    Static(&'static str),
    /// Text built at selection time: a range of [`VCode::text`].
    Built(u32, u32),
}

/// A piece of a template built at selection time.
#[derive(Clone, Copy, Debug)]
pub enum Part<'a> {
    /// Literal text.
    Str(&'a str),
    /// A decimal integer.
    Int(i64),
    /// A prefix and a number in upper-case hex with this many digits
    /// (`0f3F800000`).
    Hex(&'a str, u64, u32),
}

/// One machine instruction. Its template and operands live in the
/// function's arenas ([`VCode::text`], [`VCode::ops`]): no allocation per
/// instruction.
#[derive(Clone, Copy, Debug)]
pub struct MInst {
    /// The PTX text with `{}` holes.
    pub template: Template,
    /// The operands filling the holes, in order: a range of [`VCode::ops`].
    pub ops: (u32, u32),
    /// Control-flow role.
    pub control: Control,
    /// The source position of the IR instruction it was selected from
    /// (stored form, see [`crate::ir::SrcLocs::raw`]).
    pub src: u32,
    /// Its inline site (see [`crate::ir::SrcLocs::site`]).
    pub site: u32,
}

/// A machine block. Its lists live in the function's arenas
/// ([`VCode::block_vregs`], [`VCode::preds`]): no allocation per block.
#[derive(Clone, Copy, Debug)]
pub struct MBlock {
    /// First instruction index.
    pub start: usize,
    /// One past the last instruction.
    pub end: usize,
    /// Successors (jump target; or then, else): the first `num_succs`.
    pub succs: [ra::Block; 2],
    /// How many of `succs` are successors.
    pub num_succs: u8,
    /// Predecessors: a range of [`VCode::preds`].
    pub preds: (u32, u32),
    /// Block parameters: a range of [`VCode::block_vregs`].
    pub params: (u32, u32),
    /// Arguments passed to the successor's parameters (jumps only): a range
    /// of [`VCode::block_vregs`].
    pub branch_args: (u32, u32),
}

impl Default for MBlock {
    fn default() -> MBlock {
        MBlock {
            start: 0,
            end: 0,
            succs: [ra::Block::new(0); 2],
            num_succs: 0,
            preds: (0, 0),
            params: (0, 0),
            branch_args: (0, 0),
        }
    }
}

impl MBlock {
    /// The block's successors.
    pub fn succs(&self) -> &[ra::Block] {
        &self.succs[..usize::from(self.num_succs)]
    }
}

/// A function in machine form.
#[derive(Clone, Debug, Default)]
pub struct VCode {
    /// Instructions of all blocks, block after block.
    pub insts: Vec<MInst>,
    /// Blocks in reverse postorder (block 0 is the entry).
    pub blocks: Vec<MBlock>,
    /// The order blocks are written in (the IR's layout order, each block
    /// followed by its edge blocks).
    pub layout: Vec<usize>,
    /// The regalloc2 operands of all instructions, parallel to `ops`.
    pub operands: Vec<Operand>,
    /// The kind of every virtual register.
    pub vreg_kinds: Vec<RegKind>,
    /// The text of the templates built at selection time, one after another.
    pub text: String,
    /// The operands of all instructions, one after another.
    pub ops: Vec<Op>,
    /// Block parameters and branch arguments of all blocks.
    pub block_vregs: Vec<VReg>,
    /// Predecessors of all blocks, block after block (built by
    /// [`VCode::finish`]).
    pub preds: Vec<ra::Block>,
    /// The source position given to the instructions pushed from now on
    /// (selection sets it per IR instruction; stored form, see
    /// [`crate::ir::SrcLocs::raw`]).
    pub src: u32,
    /// The inline site given to the instructions pushed from now on (see
    /// [`crate::ir::SrcLocs::site`]).
    pub site: u32,
}

impl VCode {
    /// Empties the function, keeping its buffers, and makes room for the
    /// code of an IR function of `insts` instructions and `values` values
    /// (on the bench kernels, selection makes about 0.8 machine
    /// instructions per IR instruction, 2 operands and 20 bytes of built
    /// template text per instruction, and 0.6 registers per IR value).
    pub fn reset(&mut self, insts: usize, values: usize) {
        let VCode {
            insts: minsts,
            blocks,
            layout,
            operands,
            vreg_kinds,
            text,
            ops,
            block_vregs,
            preds,
            src,
            site,
        } = self;
        *src = 0;
        *site = 0;
        let insts = insts + 8;
        minsts.clear();
        minsts.reserve(insts);
        blocks.clear();
        layout.clear();
        operands.clear();
        operands.reserve(insts * 5 / 2);
        ops.clear();
        ops.reserve(insts * 5 / 2);
        text.clear();
        text.reserve(insts * 24);
        vreg_kinds.clear();
        vreg_kinds.reserve(values);
        block_vregs.clear();
        preds.clear();
    }

    /// The template of an instruction.
    pub fn template(&self, m: &MInst) -> &str {
        match m.template {
            Template::Static(t) => t,
            Template::Built(start, end) => &self.text[start as usize..end as usize],
        }
    }

    /// The operands of an instruction.
    pub fn operands(&self, m: &MInst) -> &[Op] {
        &self.ops[m.ops.0 as usize..m.ops.1 as usize]
    }

    /// Appends an instruction with the given template and operands.
    pub fn push(
        &mut self,
        template: Template,
        ops: impl IntoIterator<Item = Op>,
        control: Control,
    ) {
        let start = self.ops.len() as u32;
        self.ops.extend(ops);
        self.operands
            .extend(self.ops[start as usize..].iter().map(|op| match *op {
                Op::Use(v) => Operand::any_use(v),
                Op::Def(v) => Operand::any_def(v),
            }));
        self.insts.push(MInst {
            template,
            ops: (start, self.ops.len() as u32),
            control,
            src: self.src,
            site: self.site,
        });
    }

    /// Appends text built at selection time to the template arena.
    pub fn build_text(&mut self, args: std::fmt::Arguments<'_>) -> Template {
        use std::fmt::Write;
        let start = self.text.len() as u32;
        let _ = self.text.write_fmt(args);
        Template::Built(start, self.text.len() as u32)
    }

    /// Appends the concatenation of `parts` to the template arena (the
    /// commonest templates are built this way, without `fmt`).
    pub fn build_parts(&mut self, parts: &[Part<'_>]) -> Template {
        let start = self.text.len() as u32;
        for part in parts {
            match *part {
                Part::Str(t) => self.text.push_str(t),
                Part::Int(mut n) => {
                    if n < 0 {
                        self.text.push('-');
                    }
                    let mut digits = [0u8; 20];
                    let mut i = digits.len();
                    loop {
                        i -= 1;
                        digits[i] = b'0' + (n % 10).unsigned_abs() as u8;
                        n /= 10;
                        if n == 0 {
                            break;
                        }
                    }
                    for &d in &digits[i..] {
                        self.text.push(char::from(d));
                    }
                }
                Part::Hex(prefix, bits, width) => {
                    self.text.push_str(prefix);
                    for k in (0..width).rev() {
                        let nibble = (bits >> (4 * k)) & 0xF;
                        self.text
                            .push(char::from(b"0123456789ABCDEF"[nibble as usize]));
                    }
                }
            }
        }
        Template::Built(start, self.text.len() as u32)
    }

    /// A new virtual register of a kind.
    pub fn new_vreg(&mut self, kind: RegKind) -> VReg {
        let v = VReg::new(self.vreg_kinds.len(), kind.class());
        self.vreg_kinds.push(kind);
        v
    }

    /// Sets a block's successors.
    pub fn set_succs(&mut self, block: usize, succs: &[ra::Block]) {
        let b = &mut self.blocks[block];
        b.succs[..succs.len()].copy_from_slice(succs);
        b.num_succs = succs.len() as u8;
    }

    /// Computes the block predecessors (call once, after selection): counts
    /// them per block, then fills each block's range of [`VCode::preds`].
    pub fn finish(&mut self) {
        let mut end = vec![0u32; self.blocks.len()];
        for b in &self.blocks {
            for s in b.succs() {
                end[s.index()] += 1;
            }
        }
        let mut total = 0;
        for (b, e) in self.blocks.iter_mut().zip(&mut end) {
            b.preds = (total, total);
            total += *e;
            *e = total;
        }
        self.preds = vec![ra::Block::new(0); total as usize];
        for from in 0..self.blocks.len() {
            let b = self.blocks[from];
            for s in b.succs() {
                let to = &mut self.blocks[s.index()].preds;
                self.preds[to.1 as usize] = ra::Block::new(from);
                to.1 += 1;
            }
        }
    }
}

impl ra::Function for VCode {
    fn num_insts(&self) -> usize {
        self.insts.len()
    }

    fn num_blocks(&self) -> usize {
        self.blocks.len()
    }

    fn entry_block(&self) -> ra::Block {
        ra::Block::new(0)
    }

    fn block_insns(&self, block: ra::Block) -> ra::InstRange {
        let b = &self.blocks[block.index()];
        ra::InstRange::new(ra::Inst::new(b.start), ra::Inst::new(b.end))
    }

    fn block_succs(&self, block: ra::Block) -> &[ra::Block] {
        self.blocks[block.index()].succs()
    }

    fn block_preds(&self, block: ra::Block) -> &[ra::Block] {
        let (start, end) = self.blocks[block.index()].preds;
        &self.preds[start as usize..end as usize]
    }

    fn block_params(&self, block: ra::Block) -> &[VReg] {
        let (start, end) = self.blocks[block.index()].params;
        &self.block_vregs[start as usize..end as usize]
    }

    fn is_ret(&self, insn: ra::Inst) -> bool {
        self.insts[insn.index()].control == Control::Ret
    }

    fn is_branch(&self, insn: ra::Inst) -> bool {
        matches!(
            self.insts[insn.index()].control,
            Control::Jump | Control::Branch
        )
    }

    fn branch_blockparams(&self, block: ra::Block, _insn: ra::Inst, _succ_idx: usize) -> &[VReg] {
        let (start, end) = self.blocks[block.index()].branch_args;
        &self.block_vregs[start as usize..end as usize]
    }

    fn inst_operands(&self, insn: ra::Inst) -> &[Operand] {
        let (start, end) = self.insts[insn.index()].ops;
        &self.operands[start as usize..end as usize]
    }

    fn inst_clobbers(&self, _insn: ra::Inst) -> PRegSet {
        PRegSet::empty()
    }

    fn num_vregs(&self) -> usize {
        self.vreg_kinds.len()
    }

    fn spillslot_size(&self, _regclass: RegClass) -> usize {
        1
    }
}

/// The register number of each class's scratch register (regalloc2 uses it
/// to move between two spill slots and to break cycles of moves); the
/// registers below it are allocated.
///
/// Sixteen registers per class are plenty: the fast allocator keeps every
/// value that lives across blocks in its spill slot (a PTX register too, see
/// `emit`), so registers only hold values inside a block, and ptxas
/// allocates the machine registers again. regalloc2's set-up cost grows with
/// the register file (its LRU lists are rebuilt per function): sixteen
/// instead of 64 saves about 2% of a whole compile, and the SASS of the
/// bench kernels is the same instruction for instruction.
pub const SCRATCH: usize = 15;

/// The register file regalloc2 allocates from: `SCRATCH + 1` registers of
/// each kind.
pub fn machine_env() -> ra::MachineEnv {
    let mut preferred = [PRegSet::empty(), PRegSet::empty(), PRegSet::empty()];
    for (c, class) in [RegClass::Int, RegClass::Float, RegClass::Vector]
        .into_iter()
        .enumerate()
    {
        for i in 0..SCRATCH {
            preferred[c].add(ra::PReg::new(i, class));
        }
    }
    ra::MachineEnv {
        preferred_regs_by_class: preferred,
        non_preferred_regs_by_class: [PRegSet::empty(), PRegSet::empty(), PRegSet::empty()],
        scratch_by_class: [
            Some(ra::PReg::new(SCRATCH, RegClass::Int)),
            Some(ra::PReg::new(SCRATCH, RegClass::Float)),
            Some(ra::PReg::new(SCRATCH, RegClass::Vector)),
        ],
        fixed_stack_slots: Vec::new(),
    }
}
