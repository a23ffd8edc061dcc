//! The decoded, executable form of one kernel: a flat instruction list
//! (the kernel's body followed by the bodies of the `.func`s it calls) whose
//! operands are all register slots and whose branch targets are instruction
//! indices.
//!
//! Immediates, special registers (`%tid.x`, ...), kernel parameters and
//! symbol addresses are register slots too, filled before a warp runs
//! (see [`Init`]), so the executor never parses or hashes anything.

/// A register slot: one row of 32 lanes in a warp's register file.
pub type Slot = u32;

/// The "no register" marker (no guard, no second destination).
pub const NONE: Slot = u32::MAX;

/// A memory state space as an instruction sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// Device memory (also `.const`, which lives in device memory).
    Global,
    /// Per-block shared memory (addresses are offsets in the block's window).
    Shared,
    /// Per-thread local memory (addresses are offsets in the thread's frame).
    Local,
    /// Generic addresses: global, or inside the shared or local window.
    Generic,
}

impl Space {
    /// The name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            Space::Global => "global",
            Space::Shared => "shared",
            Space::Local => "local",
            Space::Generic => "generic",
        }
    }
}

/// A two-operand integer or float operation (with its type folded in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// Wrapping add at `bits`.
    Add(u8),
    /// Wrapping subtract.
    Sub(u8),
    /// Low half of the product.
    MulLo(u8),
    /// High half of the signed product.
    MulHiS(u8),
    /// High half of the unsigned product.
    MulHiU(u8),
    /// Signed widening product (`bits` is the source width).
    MulWideS(u8),
    /// Unsigned widening product.
    MulWideU(u8),
    /// Signed division (by zero: -1).
    DivS(u8),
    /// Unsigned division (by zero: all ones).
    DivU(u8),
    /// Signed remainder (by zero: the dividend).
    RemS(u8),
    /// Unsigned remainder.
    RemU(u8),
    /// Signed minimum.
    MinS(u8),
    /// Unsigned minimum.
    MinU(u8),
    /// Signed maximum.
    MaxS(u8),
    /// Unsigned maximum.
    MaxU(u8),
    /// Bitwise and (also `.pred`).
    And,
    /// Bitwise or.
    Or,
    /// Bitwise xor.
    Xor,
    /// Shift left (amount clamped to the width).
    Shl(u8),
    /// Logical shift right.
    ShrU(u8),
    /// Arithmetic shift right.
    ShrS(u8),
    /// `{lo, hi}` packing: `a | b << bits`.
    Pack(u8),
    /// `a` with bits `[shift, shift+bits)` replaced by the low bits of `b`.
    Insert(u8, u8),
    /// f16 add (computed exactly in f64, rounded once to f16).
    AddF16,
    /// f16 subtract.
    SubF16,
    /// f16 multiply.
    MulF16,
    /// f16 minimum (NaN loses).
    MinF16,
    /// f16 maximum (NaN loses).
    MaxF16,
    /// f16 minimum (`.NaN`: NaN wins).
    MinNanF16,
    /// f16 maximum (`.NaN`).
    MaxNanF16,
    /// f32 add.
    AddF32,
    /// f32 subtract.
    SubF32,
    /// f32 multiply.
    MulF32,
    /// f32 divide.
    DivF32,
    /// f32 minimum (NaN loses).
    MinF32,
    /// f32 maximum (NaN loses).
    MaxF32,
    /// f32 minimum (`.NaN`: NaN wins).
    MinNanF32,
    /// f32 maximum (`.NaN`).
    MaxNanF32,
    /// f32 copysign: magnitude of `b`, sign of `a` (PTX operand order).
    CopysignF32,
    /// f64 add.
    AddF64,
    /// f64 subtract.
    SubF64,
    /// f64 multiply.
    MulF64,
    /// f64 divide.
    DivF64,
    /// f64 minimum.
    MinF64,
    /// f64 maximum.
    MaxF64,
    /// f64 minimum (`.NaN`).
    MinNanF64,
    /// f64 maximum (`.NaN`).
    MaxNanF64,
    /// f64 copysign.
    CopysignF64,
    /// f32 add with a directed rounding (`.rz/.rm/.rp`).
    AddF32Rnd(Rnd),
    /// f32 multiply with a directed rounding.
    MulF32Rnd(Rnd),
    /// f32 divide with a directed rounding.
    DivF32Rnd(Rnd),
    /// f64 add with a directed rounding.
    AddF64Rnd(Rnd),
    /// f64 multiply with a directed rounding.
    MulF64Rnd(Rnd),
    /// f64 divide with a directed rounding.
    DivF64Rnd(Rnd),
}

/// A one-operand operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// Two's complement negation.
    Neg(u8),
    /// Bitwise not.
    Not(u8),
    /// Integer absolute value.
    Abs(u8),
    /// Count leading zeros.
    Clz(u8),
    /// Population count.
    Popc(u8),
    /// Bit reverse.
    Brev(u8),
    /// Sign-extend from `from` bits into `to` bits.
    Sext(u8, u8),
    /// Keep the low `bits` (zero-extend).
    Zext(u8),
    /// `(a >> shift)` keeping `bits` (vector unpacking).
    Extract(u8, u8),
    /// Predicate not.
    NotPred,
    /// f32 to bfloat16, to nearest even (NaN is `0x7fff`): `cvt.rn.bf16.f32`.
    F32ToBf16,
    /// bfloat16 to f32 (exact): `cvt.f32.bf16`.
    Bf16ToF32,
    /// f16 negation (the sign bit flipped).
    NegF16,
    /// f16 absolute value (the sign bit cleared).
    AbsF16,
    /// f32 negation.
    NegF32,
    /// f32 absolute value.
    AbsF32,
    /// f32 square root.
    SqrtF32,
    /// f32 reciprocal.
    RcpF32,
    /// f32 reciprocal square root.
    RsqrtF32,
    /// f32 sine.
    SinF32,
    /// f32 cosine.
    CosF32,
    /// f32 base-2 exponential.
    Ex2F32,
    /// f32 base-2 logarithm.
    Lg2F32,
    /// f32 tanh.
    TanhF32,
    /// Flush an f32 subnormal to a signed zero.
    FtzF32,
    /// Clamp an f32 to [0, 1] (NaN to 0).
    SatF32,
    /// f64 negation.
    NegF64,
    /// f64 absolute value.
    AbsF64,
    /// f64 square root.
    SqrtF64,
    /// f64 reciprocal.
    RcpF64,
    /// f64 reciprocal square root.
    RsqrtF64,
    /// Clamp an f64 to [0, 1].
    SatF64,
    /// f32 square root with a directed rounding.
    SqrtF32Rnd(Rnd),
    /// f64 square root with a directed rounding.
    SqrtF64Rnd(Rnd),
    /// `cnot`: 1 if the operand is zero, else 0.
    Cnot(u8),
    /// `testp` on an f32 (`false`) or f64 (`true`) operand.
    Testp(TestpKind, bool),
    /// `bfind`: position of the most significant non-sign bit (all ones
    /// when none); `.shiftamt` gives `bits-1-pos` instead.
    Bfind {
        /// Operand width.
        bits: u8,
        /// Signed operand.
        signed: bool,
        /// `.shiftamt`
        shiftamt: bool,
    },
}

/// A three-operand operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TernOp {
    /// `a * b + c`, rounded once (f16).
    FmaF16,
    /// `a * b + c`, rounded once (f32).
    FmaF32,
    /// `a * b + c`, rounded once (f64).
    FmaF64,
    /// Low half of `a * b + c`.
    MadLo(u8),
    /// High half of the signed product plus `c`.
    MadHiS(u8),
    /// High half of the unsigned product plus `c`.
    MadHiU(u8),
    /// Signed widening `a * b + c`.
    MadWideS(u8),
    /// Unsigned widening `a * b + c`.
    MadWideU(u8),
    /// `c ? a : b`.
    Selp,
    /// Unsigned bit-field extract `a[b .. b+c]`.
    BfeU(u8),
    /// Signed bit-field extract.
    BfeS(u8),
    /// `prmt.b32` (default mode): select bytes of `{b, a}` by `c`.
    Prmt,
    /// `sad.s<w>`: `c + |a - b|` of signed values.
    SadS(u8),
    /// `sad.u<w>`: `c + |a - b|` of unsigned values.
    SadU(u8),
    /// Funnel shift left: the high word of `(b:a) << c` (32-bit; clamp or wrap).
    ShfL(bool),
    /// Funnel shift right: the low word of `(b:a) >> c`.
    ShfR(bool),
    /// f32 fused multiply-add with a directed rounding.
    FmaF32Rnd(Rnd),
    /// f64 fused multiply-add with a directed rounding.
    FmaF64Rnd(Rnd),
}

/// What `testp` tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestpKind {
    /// Not infinite, not NaN.
    Finite,
    /// ±inf.
    Infinite,
    /// Not NaN.
    Number,
    /// NaN.
    NotANumber,
    /// Normal.
    Normal,
    /// Subnormal.
    Subnormal,
}

/// `redux.sync` operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReduxOp {
    /// Sum (wrapping).
    Add,
    /// Unsigned minimum.
    MinU,
    /// Unsigned maximum.
    MaxU,
    /// Signed minimum.
    MinS,
    /// Signed maximum.
    MaxS,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise xor.
    Xor,
}

/// An operation that reads and/or writes the carry flag (`add.cc`,
/// `addc`, `sub.cc`, `subc`, `mad.lo.cc`, `madc.hi`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CarryOp {
    /// What is computed.
    pub kind: CarryKind,
    /// Adds (subtracts, for `Sub`) the carry flag.
    pub cin: bool,
    /// Writes the carry flag.
    pub cout: bool,
    /// 32 or 64.
    pub bits: u8,
}

/// The arithmetic of a [`CarryOp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CarryKind {
    /// `a + b`
    Add,
    /// `a - b` (the flag is the borrow)
    Sub,
    /// `lo(a * b) + c`
    MadLo,
    /// `hi(a * b) + c`
    MadHi,
}

/// A comparison (`setp`): operator and operand type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cmp {
    /// The operator.
    pub op: CmpOp,
    /// How operands are read.
    pub ty: CmpTy,
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// ==
    Eq,
    /// !=
    Ne,
    /// <
    Lt,
    /// <=
    Le,
    /// >
    Gt,
    /// >=
    Ge,
    /// Float: unordered or ==.
    Equ,
    /// Float: unordered or !=.
    Neu,
    /// Float: unordered or <.
    Ltu,
    /// Float: unordered or <=.
    Leu,
    /// Float: unordered or >.
    Gtu,
    /// Float: unordered or >=.
    Geu,
    /// Float: neither is NaN.
    Num,
    /// Float: either is NaN.
    Nan,
}

/// The operand type of a comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpTy {
    /// Signed integer of the width.
    S(u8),
    /// Unsigned (or bit) integer of the width.
    U(u8),
    /// f32
    F32,
    /// f64
    F64,
    /// f16 (bits in the low half).
    F16,
}

/// How `setp` combines its result with a third predicate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// No combining.
    None,
    /// `.and`
    And,
    /// `.or`
    Or,
    /// `.xor`
    Xor,
}

/// A scalar type for conversions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// Unsigned (or bit) integer of the width.
    U(u8),
    /// Signed integer of the width.
    S(u8),
    /// Float of the width (16, 32, 64).
    F(u8),
}

/// A rounding mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rnd {
    /// Nearest, ties to even (float result).
    Rn,
    /// Toward zero.
    Rz,
    /// Toward -inf.
    Rm,
    /// Toward +inf.
    Rp,
    /// Integer rounding: nearest even (`.rni`).
    Rni,
    /// Integer rounding: toward zero (`.rzi`).
    Rzi,
    /// Integer rounding: toward -inf (`.rmi`).
    Rmi,
    /// Integer rounding: toward +inf (`.rpi`).
    Rpi,
    /// None given.
    Default,
}

/// A `cvt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cvt {
    /// Destination type.
    pub dst: Ty,
    /// Source type.
    pub src: Ty,
    /// Rounding.
    pub rnd: Rnd,
    /// `.sat`
    pub sat: bool,
    /// `.ftz`
    pub ftz: bool,
}

/// An atomic read-modify-write operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomOp {
    /// Integer add.
    Add,
    /// f32 add.
    AddF32,
    /// f64 add.
    AddF64,
    /// And.
    And,
    /// Or.
    Or,
    /// Xor.
    Xor,
    /// Exchange.
    Exch,
    /// Compare and swap (`b` compared, `c` stored).
    Cas,
    /// Signed minimum.
    MinS,
    /// Unsigned minimum.
    MinU,
    /// Signed maximum.
    MaxS,
    /// Unsigned maximum.
    MaxU,
    /// f32 minimum.
    MinF32,
    /// f32 maximum.
    MaxF32,
    /// `old >= b ? 0 : old + 1`
    Inc,
    /// `old == 0 || old > b ? b : old - 1`
    Dec,
}

/// `bar`/`barrier` flavours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarKind {
    /// Plain barrier.
    Sync,
    /// Count of threads whose predicate is true.
    RedPopc,
    /// All predicates true.
    RedAnd,
    /// Any predicate true.
    RedOr,
}

/// `shfl` modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShflMode {
    /// Read lane `b`.
    Idx,
    /// Read lane `lane - b`.
    Up,
    /// Read lane `lane + b`.
    Down,
    /// Read lane `lane ^ b`.
    Bfly,
}

/// `vote` modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoteMode {
    /// All true.
    All,
    /// Any true.
    Any,
    /// All equal.
    Uni,
    /// Bit mask of the true lanes.
    Ballot,
}

/// One executable instruction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    /// Copy a slot.
    Mov { d: Slot, a: Slot },
    /// Two-operand operation.
    Bin {
        op: BinOp,
        d: Slot,
        a: Slot,
        b: Slot,
    },
    /// One-operand operation.
    Un { op: UnOp, d: Slot, a: Slot },
    /// Three-operand operation.
    Tern {
        op: TernOp,
        d: Slot,
        a: Slot,
        b: Slot,
        c: Slot,
    },
    /// Comparison into one or two predicates, optionally combined.
    Setp {
        cmp: Cmp,
        comb: Combine,
        cneg: bool,
        d: Slot,
        dn: Slot,
        a: Slot,
        b: Slot,
        c: Slot,
    },
    /// A conversion.
    Cvt { cvt: Cvt, d: Slot, a: Slot },
    /// Carry-chain arithmetic; `cc` is the carry-flag slot.
    Carry {
        op: CarryOp,
        d: Slot,
        a: Slot,
        b: Slot,
        c: Slot,
        cc: Slot,
    },
    /// `bfi`: `b` with `len = e` bits at `pos = c` replaced by `a`'s low bits.
    Bfi {
        bits: u8,
        d: Slot,
        a: Slot,
        b: Slot,
        c: Slot,
        e: Slot,
    },
    /// Load `size` bytes from `[a + off]`, sign-extending to `dbits` if `sext`.
    Ld {
        space: Space,
        size: u8,
        sext: bool,
        dbits: u8,
        d: Slot,
        a: Slot,
        off: i32,
    },
    /// Fault unless `a + off` is a multiple of `bytes` in every active
    /// lane: a vector access (`ld.global.v4.f32`) needs the alignment of
    /// its whole size, as on a GPU; emitted before its element accesses.
    AlignCheck {
        space: Space,
        bytes: u8,
        a: Slot,
        off: i32,
    },
    /// Store the low `size` bytes of `v` at `[a + off]`.
    St {
        space: Space,
        size: u8,
        a: Slot,
        off: i32,
        v: Slot,
    },
    /// Atomic read-modify-write; `d` gets the old value (`NONE` for `red`).
    Atom {
        space: Space,
        op: AtomOp,
        size: u8,
        d: Slot,
        a: Slot,
        off: i32,
        b: Slot,
        c: Slot,
    },
    /// `cvta` to generic (`to_generic`) or from generic, for `space`.
    Cvta {
        space: Space,
        to_generic: bool,
        d: Slot,
        a: Slot,
    },
    /// Branch.
    Bra { target: u32 },
    /// Call a `.func`: the lane's return address goes to `ret`.
    Call { target: u32, ret: Slot },
    /// Return from a `.func` to the address in `ret`.
    Ret { ret: Slot },
    /// Before a call inside a recursive cycle: each lane pushes the
    /// caller's [`Frame`] (`frame` indexes [`Program::frames`]) on its
    /// call stack.
    Save { frame: u32 },
    /// After such a call returns: each lane pops the frame back.
    Restore { frame: u32 },
    /// Before a call of a function in a recursive cycle: its `.local`
    /// variables get `size` bytes of the thread's local call stack, from
    /// the stack pointer `sp`, at the base `base` (the callee's slot).
    Alloc { base: Slot, sp: Slot, size: u32 },
    /// After that call returns: the bytes are given back.
    Free { sp: Slot, size: u32 },
    /// The thread ends (`ret` in a kernel, `exit`).
    Exit,
    /// `trap`. When a `vprintf` comes right before it (no label between,
    /// the same guard: the way kernelc reports an exception), its format
    /// and arguments (`NONE` otherwise), so that the trap's error carries
    /// the line the thread printed.
    Trap { fmt: Slot, args: Slot },
    /// Block barrier (`d`/`p` for the reductions).
    Bar {
        kind: BarKind,
        d: Slot,
        p: Slot,
        pneg: bool,
    },
    /// `shfl.sync`
    Shfl {
        mode: ShflMode,
        d: Slot,
        dp: Slot,
        a: Slot,
        b: Slot,
        c: Slot,
        mask: Slot,
    },
    /// `vote.sync`
    Vote {
        mode: VoteMode,
        d: Slot,
        a: Slot,
        aneg: bool,
        mask: Slot,
    },
    /// `activemask.b32`
    Activemask { d: Slot },
    /// `redux.sync` over the participating lanes (32-bit).
    Redux {
        op: ReduxOp,
        d: Slot,
        a: Slot,
        mask: Slot,
    },
    /// `match.{any,all}.sync` (`dp`: the `all` predicate or `NONE`).
    Match {
        all: bool,
        bits: u8,
        d: Slot,
        dp: Slot,
        a: Slot,
        mask: Slot,
    },
    /// `bar.warp.sync` (and `NONE` mask for a whole-warp sync).
    WarpSync { mask: Slot },
    /// Built-in `vprintf(fmt, args)`.
    Printf { fmt: Slot, args: Slot, status: Slot },
    /// `membar` / `fence`: a sequentially consistent fence between the
    /// host threads that run blocks (global memory is relaxed atomics).
    Fence,
    /// `nanosleep`: the host thread yields, so that blocks waiting on one
    /// another (a grid barrier) let the others run.
    Yield,
    /// Nothing (hints).
    Nop,
}

/// An instruction with its guard and PTX line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inst {
    /// The operation.
    pub op: Op,
    /// Guard predicate slot (`NONE`: unguarded).
    pub guard: Slot,
    /// The guard is negated (`@!%p`).
    pub guard_neg: bool,
    /// 1-based PTX line.
    pub line: u32,
}

/// A special register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// `%tid.{x,y,z}`
    Tid(u8),
    /// `%ntid.{x,y,z}`
    Ntid(u8),
    /// `%ctaid.{x,y,z}`
    Ctaid(u8),
    /// `%nctaid.{x,y,z}`
    Nctaid(u8),
    /// `%laneid`
    LaneId,
    /// `%warpid`
    WarpId,
    /// `%nwarpid`
    NWarpId,
    /// `%lanemask_eq`
    LaneMaskEq,
    /// `%lanemask_lt`
    LaneMaskLt,
    /// `%lanemask_le`
    LaneMaskLe,
    /// `%lanemask_gt`
    LaneMaskGt,
    /// `%lanemask_ge`
    LaneMaskGe,
    /// `%dynamic_smem_size`: the launch's dynamic shared memory, bytes.
    DynamicSmemSize,
    /// `%total_smem_size`: static plus dynamic shared memory, bytes.
    TotalSmemSize,
}

/// How a slot is filled before a warp runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Init {
    /// A constant (immediate or address).
    Const(u64),
    /// Kernel parameter bytes `[offset, offset+size)`, sign-extended to
    /// `dbits` when `sext`.
    Param {
        /// Byte offset in the parameter buffer.
        offset: u32,
        /// Bytes read (1, 2, 4, 8).
        size: u8,
        /// Sign-extend.
        sext: bool,
        /// Destination width.
        dbits: u8,
    },
    /// A special register.
    Special(Special),
}

/// A kernel parameter as declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamDecl {
    /// Its name.
    pub name: String,
    /// Size in bytes.
    pub size: usize,
    /// Alignment in bytes.
    pub align: usize,
}

/// One decoded kernel.
#[derive(Clone, Debug)]
pub struct Program {
    /// The kernel's name.
    pub name: String,
    /// The instructions (entry at 0).
    pub insts: Vec<Inst>,
    /// Number of register slots.
    pub nslots: u32,
    /// Slots filled once per launch (constants, parameters).
    pub init_launch: Vec<(Slot, Init)>,
    /// Slots filled per block (`%ctaid`).
    pub init_block: Vec<(Slot, Init)>,
    /// Slots filled per warp (`%tid`, `%laneid`, ...).
    pub init_warp: Vec<(Slot, Init)>,
    /// The parameters.
    pub params: Vec<ParamDecl>,
    /// Offset of each parameter in the parameter buffer.
    pub param_offsets: Vec<usize>,
    /// Size of the parameter buffer.
    pub param_bytes: usize,
    /// Static shared memory per block.
    pub shared_static: usize,
    /// Local memory per thread (the static `.local` variables, then the
    /// local call stack of recursive functions, see [`Op::Alloc`]).
    pub local_frame: usize,
    /// Where the local call stack starts in a thread's local memory.
    pub local_stack: usize,
    /// What the calls inside recursive cycles save and restore (see
    /// [`Op::Save`]).
    pub frames: Vec<Frame>,
    /// The source line of each PTX instruction line (from `.loc`).
    pub source: super::source::SourceMap,
    /// The block sizes it may be launched with (`.maxntid`, `.reqntid`).
    pub block_limit: super::ast::BlockLimit,
}

/// The registers of a function that a call may overwrite when the
/// callee can call the function again (the callee's result slots left
/// out: they carry the call's results back). Each function has static
/// register slots, so a call inside a recursive cycle saves the caller's
/// on the lane's call stack and restores them when the call returns: each
/// activation has its own values. (Its `.local` variables are on the
/// thread's local call stack, each activation's at its own address: see
/// [`Op::Alloc`].)
#[derive(Clone, Debug, Default)]
pub struct Frame {
    /// The register slots.
    pub slots: Vec<Slot>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instruction_record_stays_small() {
        assert!(
            std::mem::size_of::<Inst>() <= 40,
            "{}",
            std::mem::size_of::<Inst>()
        );
    }
}
