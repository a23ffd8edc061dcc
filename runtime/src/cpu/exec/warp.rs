//! One warp: 32 lanes with lane-major registers and per-lane program
//! counters, executed a group of lanes at a time.
//!
//! Divergence uses min-pc scheduling: the warp runs the lanes that sit at
//! the smallest pc among its runnable lanes. While the group runs straight
//! ahead it needs no per-lane bookkeeping (one pc + an active mask); it is
//! regrouped only when its pc reaches the smallest pc of the waiting lanes
//! (where they merge), when a branch splits it, or when lanes park. This
//! is correct for any control-flow graph and reconverges structured code at
//! its join points.
//!
//! Lanes park at a block barrier (`at_bar`, released by the block
//! scheduler) or at a warp-synchronous instruction (`at_sync`: `shfl`,
//! `vote`, `bar.warp.sync`) until every non-exited lane of its member mask
//! has arrived at the same instruction.

use super::alu::{self, pred_mask, Row, FULL};
use super::block::BlockCtx;
use super::float::sext;
use super::printf;
use crate::cpu::error::CpuError;
use crate::cpu::ptx::program::{Op, ReduxOp, ShflMode, Slot, Space, VoteMode, NONE};

/// The state of one warp.
pub struct Warp {
    /// Registers: one row of 32 lanes per slot.
    pub regs: Vec<Row>,
    /// Per-lane pc (valid for lanes outside the running group).
    pub pcs: [u32; 32],
    /// Lanes that exited, or do not exist (past the block's last thread).
    pub exited: u32,
    /// Lanes parked at a block barrier.
    pub at_bar: u32,
    /// Lanes parked at a warp-synchronous instruction.
    pub at_sync: u32,
    /// Lanes that exist.
    pub existing: u32,
    /// Linear thread index of lane 0.
    pub first_thread: u32,
    /// Backward branches taken since the last regrouping.
    spins: u32,
    /// By lane: the call stack of saved frames (see [`Op::Save`]).
    stacks: Vec<Vec<u8>>,
}

/// The bytes of saved frames a thread's call stack holds (a GPU's stack
/// is far smaller by default: 1 KiB).
pub const MAX_STACK_BYTES: usize = 256 * 1024;

/// Backward branches a group may take while other lanes of its warp wait
/// before the warp lets another group run (fairness: a lane spinning on a
/// lock held by another lane of its warp must not starve it).
const SPIN_LIMIT: u32 = 1024;

/// The group being executed.
struct Group {
    pc: u32,
    mask: u32,
    /// Smallest pc of the other runnable lanes (u32::MAX: none).
    other: u32,
}

fn lanes(m: u32) -> impl Iterator<Item = usize> {
    let mut m = m;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(l)
        }
    })
}

impl Warp {
    /// A warp with `nslots` registers.
    pub fn new(nslots: u32) -> Warp {
        Warp {
            regs: vec![[0u64; 32]; nslots as usize],
            pcs: [0; 32],
            exited: 0,
            at_bar: 0,
            at_sync: 0,
            existing: 0,
            first_thread: 0,
            spins: 0,
            stacks: vec![Vec::new(); 32],
        }
    }

    /// Prepares the warp for a block: lanes `first..first+count` exist.
    pub fn reset(&mut self, first_thread: u32, count: u32) {
        self.pcs = [0; 32];
        self.existing = if count >= 32 {
            FULL
        } else {
            (1u32 << count) - 1
        };
        self.exited = !self.existing;
        self.at_bar = 0;
        self.at_sync = 0;
        self.first_thread = first_thread;
        self.spins = 0;
        self.stacks.iter_mut().for_each(Vec::clear);
    }

    /// Every lane exited.
    pub fn finished(&self) -> bool {
        self.exited == FULL
    }

    /// Lane `l` exists.
    pub fn exists(&self, l: usize) -> bool {
        self.existing >> l & 1 != 0
    }

    /// The lowest lane of `m`.
    pub fn first_lane(&self, m: u32) -> Option<usize> {
        (m != 0).then(|| m.trailing_zeros() as usize)
    }

    /// The member mask a sync instruction at `pc` needs, read in lane `l`.
    fn sync_need(&self, cx: &BlockCtx, pc: u32, l: usize, group: u32) -> u32 {
        let mask = match cx.prog.insts[pc as usize].op {
            Op::Shfl { mask, .. }
            | Op::Vote { mask, .. }
            | Op::WarpSync { mask }
            | Op::Redux { mask, .. }
            | Op::Match { mask, .. } => mask,
            _ => NONE,
        };
        if mask == NONE {
            group
        } else {
            self.regs[mask as usize][l] as u32 & !self.exited
        }
    }

    /// Picks the next group, or `None` when no lane can run.
    fn pick(&mut self, cx: &BlockCtx) -> Option<Group> {
        self.spins = 0;
        let mut runnable = !self.exited & !self.at_bar & !self.at_sync;
        if runnable == 0 && self.at_sync != 0 {
            // Lanes waiting at a sync may be complete now that others exited.
            for l in lanes(self.at_sync) {
                let pc = self.pcs[l];
                let group = lanes(self.at_sync)
                    .filter(|&k| self.pcs[k] == pc)
                    .fold(0u32, |m, k| m | 1 << k);
                if self.sync_need(cx, pc, l, group) & !group == 0 {
                    self.at_sync &= !group;
                    runnable = group;
                    break;
                }
            }
        }
        if runnable == 0 {
            return None;
        }
        let mut pc = u32::MAX;
        for l in lanes(runnable) {
            pc = pc.min(self.pcs[l]);
        }
        let (mut mask, mut other) = (0u32, u32::MAX);
        for l in lanes(runnable) {
            if self.pcs[l] == pc {
                mask |= 1 << l;
            } else {
                other = other.min(self.pcs[l]);
            }
        }
        Some(Group { pc, mask, other })
    }

    /// Lanes that could run.
    fn runnable(&self) -> u32 {
        !self.exited & !self.at_bar & !self.at_sync
    }

    /// The group after `pc` (round robin), excluding `current`; it runs
    /// without merging until it branches apart, parks or exits.
    fn pick_after(&mut self, pc: u32, current: u32) -> Option<Group> {
        let others = self.runnable() & !current;
        let after = lanes(others).map(|l| self.pcs[l]).filter(|&p| p > pc).min();
        let next = after.or_else(|| lanes(others).map(|l| self.pcs[l]).min())?;
        let mask = lanes(others)
            .filter(|&l| self.pcs[l] == next)
            .fold(0u32, |m, l| m | 1 << l);
        Some(Group {
            pc: next,
            mask,
            other: u32::MAX,
        })
    }

    fn save(&mut self, pc: u32, mask: u32) {
        for l in lanes(mask) {
            self.pcs[l] = pc;
        }
    }

    /// Runs until every lane exited or parked.
    pub fn run(&mut self, cx: &mut BlockCtx) -> Result<(), CpuError> {
        let prog = cx.prog;
        let insts = &prog.insts[..];
        let Some(mut g) = self.pick(cx) else {
            return Ok(());
        };
        macro_rules! regroup {
            () => {
                match self.pick(cx) {
                    Some(n) => g = n,
                    None => return Ok(()),
                }
            };
        }
        macro_rules! goto {
            ($pc:expr) => {{
                g.pc = $pc;
                if g.pc >= g.other {
                    self.save(g.pc, g.mask);
                    regroup!();
                }
            }};
        }
        loop {
            cx.steps += 1;
            let inst = &insts[g.pc as usize];
            if cx.steps > cx.poll_at {
                // Every POLL_STEPS steps, and at the step limit.
                let lane = g.mask.trailing_zeros().min(31);
                cx.poll(self.first_thread + lane, inst.line)?;
            }
            let em = if inst.guard == NONE {
                g.mask
            } else {
                g.mask & pred_mask(&self.regs[inst.guard as usize], inst.guard_neg)
            };
            let next = g.pc + 1;
            match inst.op {
                Op::Mov { d, a } => {
                    if em == FULL {
                        self.regs[d as usize] = self.regs[a as usize];
                    } else {
                        let ra = self.regs[a as usize];
                        let rd = &mut self.regs[d as usize];
                        for l in lanes(em) {
                            rd[l] = ra[l];
                        }
                    }
                    goto!(next);
                }
                Op::Bin { op, d, a, b } => {
                    if em != 0 {
                        alu::bin(&mut self.regs, op, d, a, b, em);
                    }
                    goto!(next);
                }
                Op::Un { op, d, a } => {
                    if em != 0 {
                        alu::un(&mut self.regs, op, d, a, em);
                    }
                    goto!(next);
                }
                Op::Tern { op, d, a, b, c } => {
                    if em != 0 {
                        alu::tern(&mut self.regs, op, d, a, b, c, em);
                    }
                    goto!(next);
                }
                Op::Setp {
                    cmp,
                    comb,
                    cneg,
                    d,
                    dn,
                    a,
                    b,
                    c,
                } => {
                    if em != 0 {
                        alu::setp(&mut self.regs, cmp, comb, cneg, d, dn, a, b, c, em);
                    }
                    goto!(next);
                }
                Op::Carry { op, d, a, b, c, cc } => {
                    alu::carry(&mut self.regs, op, d, a, b, c, cc, em);
                    goto!(next);
                }
                Op::Bfi {
                    bits,
                    d,
                    a,
                    b,
                    c,
                    e,
                } => {
                    alu::bfi(&mut self.regs, bits, d, a, b, c, e, em);
                    goto!(next);
                }
                Op::Cvt { cvt, d, a } => {
                    if em != 0 {
                        alu::convert(&mut self.regs, &cvt, d, a, em);
                    }
                    goto!(next);
                }
                Op::Ld {
                    space,
                    size,
                    sext: se,
                    dbits,
                    d,
                    a,
                    off,
                } => {
                    let off = off as i64 as u64;
                    let k = if dbits >= 64 {
                        u64::MAX
                    } else {
                        (1u64 << dbits) - 1
                    };
                    if matches!(space, Space::Global | Space::Shared) && em != 0 {
                        let mut out = [0u64; 32];
                        let done = if space == Space::Global {
                            let ra = &self.regs[a as usize];
                            cx.global
                                .load_row(ra, off, em, size, &mut cx.hint, &mut out)
                        } else {
                            cx.shared_load_lanes(&self.regs[a as usize], off, em, size, &mut out)
                        };
                        if done {
                            if se {
                                let bits = size * 8;
                                for v in out.iter_mut() {
                                    *v = sext(*v, bits) as u64 & k;
                                }
                            }
                            alu::store(&mut self.regs[d as usize], &out, em);
                            goto!(next);
                            continue;
                        }
                    }
                    for l in lanes(em) {
                        let addr = self.regs[a as usize][l].wrapping_add(off);
                        let tid = self.first_thread + l as u32;
                        let v = cx.load(space, addr, size, tid, inst.line)?;
                        self.regs[d as usize][l] =
                            if se { sext(v, size * 8) as u64 & k } else { v };
                    }
                    goto!(next);
                }
                Op::AlignCheck {
                    space,
                    bytes,
                    a,
                    off,
                } => {
                    let off = off as i64 as u64;
                    for l in lanes(em) {
                        let addr = self.regs[a as usize][l].wrapping_add(off);
                        let tid = self.first_thread + l as u32;
                        cx.check_vector_alignment(space, addr, bytes, tid, inst.line)?;
                    }
                    goto!(next);
                }
                Op::St {
                    space,
                    size,
                    a,
                    off,
                    v,
                } => {
                    let off = off as i64 as u64;
                    if matches!(space, Space::Global | Space::Shared) && em != 0 {
                        let vals = &self.regs[v as usize];
                        let done = if space == Space::Global {
                            let ra = &self.regs[a as usize];
                            cx.global.store_row(ra, off, vals, em, size, &mut cx.hint)
                        } else {
                            cx.shared_store_lanes(&self.regs[a as usize], off, vals, em, size)
                        };
                        if done {
                            goto!(next);
                            continue;
                        }
                    }
                    for l in lanes(em) {
                        let addr = self.regs[a as usize][l].wrapping_add(off);
                        let tid = self.first_thread + l as u32;
                        cx.store(space, addr, size, self.regs[v as usize][l], tid, inst.line)?;
                    }
                    goto!(next);
                }
                Op::Atom {
                    space,
                    op,
                    size,
                    d,
                    a,
                    off,
                    b,
                    c,
                } => {
                    let off = off as i64 as u64;
                    for l in lanes(em) {
                        let addr = self.regs[a as usize][l].wrapping_add(off);
                        let tid = self.first_thread + l as u32;
                        let bv = self.regs[b as usize][l];
                        let cv = if c == NONE {
                            0
                        } else {
                            self.regs[c as usize][l]
                        };
                        let old = cx.atom(space, op, addr, size, bv, cv, tid, inst.line)?;
                        if d != NONE {
                            self.regs[d as usize][l] = old;
                        }
                    }
                    goto!(next);
                }
                Op::Cvta {
                    space,
                    to_generic,
                    d,
                    a,
                } => {
                    let base = match space {
                        crate::cpu::ptx::program::Space::Shared => super::memory::SHARED_WINDOW,
                        _ => super::memory::LOCAL_WINDOW,
                    };
                    for l in lanes(em) {
                        let x = self.regs[a as usize][l];
                        self.regs[d as usize][l] = if to_generic {
                            x.wrapping_add(base)
                        } else {
                            x.wrapping_sub(base)
                        };
                    }
                    goto!(next);
                }
                Op::Bra { target } => {
                    if em == g.mask {
                        if target <= g.pc {
                            self.spins += 1;
                            if self.spins >= SPIN_LIMIT && self.runnable() & !g.mask != 0 {
                                self.spins = 0;
                                self.save(target, g.mask);
                                if let Some(n) = self.pick_after(target, g.mask) {
                                    g = n;
                                    continue;
                                }
                            }
                        }
                        goto!(target);
                    } else if em == 0 {
                        goto!(next);
                    } else {
                        self.save(target, em);
                        self.save(next, g.mask & !em);
                        regroup!();
                    }
                }
                Op::Call { target, ret } => {
                    for l in lanes(em) {
                        self.regs[ret as usize][l] = next as u64;
                    }
                    if em == g.mask {
                        goto!(target);
                    } else if em == 0 {
                        goto!(next);
                    } else {
                        self.save(target, em);
                        self.save(next, g.mask & !em);
                        regroup!();
                    }
                }
                Op::Ret { ret } => {
                    if em == 0 {
                        goto!(next);
                        continue;
                    }
                    let first = em.trailing_zeros() as usize;
                    let t0 = self.regs[ret as usize][first];
                    let same = lanes(em).all(|l| self.regs[ret as usize][l] == t0);
                    for l in lanes(em) {
                        let t = self.regs[ret as usize][l];
                        if t as usize >= insts.len() || t == 0 {
                            return Err(CpuError::Deadlock {
                                at: cx.loc(self.first_thread + l as u32, inst.line),
                                detail: "`ret` from a function that was not called".into(),
                            });
                        }
                    }
                    if same && em == g.mask {
                        goto!(t0 as u32);
                    } else {
                        for l in lanes(em) {
                            self.pcs[l] = self.regs[ret as usize][l] as u32;
                        }
                        self.save(next, g.mask & !em);
                        regroup!();
                    }
                }
                Op::Save { frame } => {
                    let fr = &prog.frames[frame as usize];
                    for l in lanes(em) {
                        let tid = self.first_thread + l as u32;
                        let stack = &mut self.stacks[l];
                        for &s in &fr.slots {
                            stack.extend_from_slice(&self.regs[s as usize][l].to_le_bytes());
                        }
                        if stack.len() > MAX_STACK_BYTES {
                            return Err(CpuError::StackOverflow {
                                at: cx.loc(tid, inst.line),
                                limit: MAX_STACK_BYTES,
                            });
                        }
                    }
                    goto!(next);
                }
                Op::Restore { frame } => {
                    let fr = &prog.frames[frame as usize];
                    for l in lanes(em) {
                        let tid = self.first_thread + l as u32;
                        let stack = &mut self.stacks[l];
                        let Some(at) = stack.len().checked_sub(8 * fr.slots.len()) else {
                            return Err(CpuError::Deadlock {
                                at: cx.loc(tid, inst.line),
                                detail: "a call's frame restored that was not saved".into(),
                            });
                        };
                        for (&s, b) in fr.slots.iter().zip(stack[at..].chunks_exact(8)) {
                            let v = u64::from_le_bytes(b.try_into().expect("8 bytes"));
                            self.regs[s as usize][l] = v;
                        }
                        stack.truncate(at);
                    }
                    goto!(next);
                }
                Op::Alloc { base, sp, size } => {
                    for l in lanes(em) {
                        let at = self.regs[sp as usize][l];
                        let end = at + size as u64;
                        if end > cx.frame as u64 {
                            return Err(CpuError::StackOverflow {
                                at: cx.loc(self.first_thread + l as u32, inst.line),
                                limit: cx.frame.saturating_sub(cx.prog.local_stack),
                            });
                        }
                        self.regs[base as usize][l] = at;
                        self.regs[sp as usize][l] = end;
                    }
                    goto!(next);
                }
                Op::Free { sp, size } => {
                    for l in lanes(em) {
                        self.regs[sp as usize][l] -= size as u64;
                    }
                    goto!(next);
                }
                Op::Exit => {
                    self.exited |= em;
                    g.mask &= !em;
                    if g.mask == 0 {
                        regroup!();
                    } else {
                        goto!(next);
                    }
                }
                Op::Trap { fmt, args } => {
                    if let Some(l) = self.first_lane(em) {
                        // The line the thread printed right before (an
                        // exception's `Class: message`), formatted again.
                        let message = (fmt != NONE).then(|| {
                            let text = self.format_printf(cx, l, fmt, args);
                            let text = String::from_utf8_lossy(&text);
                            text.trim_end_matches('\n').to_string()
                        });
                        return Err(CpuError::Trap {
                            at: cx.loc(self.first_thread + l as u32, inst.line),
                            message,
                        });
                    }
                    goto!(next);
                }
                Op::Bar { .. } => {
                    if em == 0 {
                        goto!(next);
                        continue;
                    }
                    self.at_bar |= em;
                    self.save(g.pc, em);
                    self.save(next, g.mask & !em);
                    regroup!();
                }
                Op::Shfl { .. }
                | Op::Vote { .. }
                | Op::WarpSync { .. }
                | Op::Redux { .. }
                | Op::Match { .. } => {
                    let l0 = g.mask.trailing_zeros() as usize;
                    let need = self.sync_need(cx, g.pc, l0, g.mask);
                    let waiting = lanes(self.at_sync)
                        .filter(|&l| self.pcs[l] == g.pc)
                        .fold(0u32, |m, l| m | 1 << l);
                    let here = g.mask | waiting;
                    if need & !here != 0 {
                        self.at_sync |= g.mask;
                        self.save(g.pc, g.mask);
                        regroup!();
                        continue;
                    }
                    self.at_sync &= !waiting;
                    let all = here;
                    let em = if inst.guard == NONE {
                        all
                    } else {
                        all & pred_mask(&self.regs[inst.guard as usize], inst.guard_neg)
                    };
                    self.warp_op(inst.op, em);
                    if cx.check && matches!(inst.op, Op::WarpSync { .. }) {
                        cx.race.warp_sync(self.first_thread, all);
                    }
                    if waiting == 0 {
                        goto!(next);
                    } else {
                        self.save(next, all);
                        regroup!();
                    }
                }
                Op::Activemask { d } => {
                    for l in lanes(em) {
                        self.regs[d as usize][l] = g.mask as u64;
                    }
                    goto!(next);
                }
                Op::Printf { fmt, args, status } => {
                    for l in lanes(em) {
                        let n = self.printf(cx, l, fmt, args);
                        self.regs[status as usize][l] = n as u64;
                    }
                    goto!(next);
                }
                Op::Fence => {
                    if em != 0 {
                        std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
                    }
                    goto!(next);
                }
                Op::Yield => {
                    if em != 0 {
                        std::thread::yield_now();
                    }
                    goto!(next);
                }
                Op::Nop => goto!(next),
            }
        }
    }

    /// `shfl`, `vote` or `bar.warp.sync` for the lanes in `em`.
    fn warp_op(&mut self, op: Op, em: u32) {
        match op {
            Op::Shfl {
                mode,
                d,
                dp,
                a,
                b,
                c,
                ..
            } => {
                let src = self.regs[a as usize];
                for l in lanes(em) {
                    let bv = self.regs[b as usize][l] as u32;
                    let cv = self.regs[c as usize][l] as u32;
                    let lane = l as i32;
                    let bval = (bv & 0x1f) as i32;
                    let clamp = (cv & 0x1f) as i32;
                    let seg = ((cv >> 8) & 0x1f) as i32;
                    let min_lane = lane & seg;
                    let max_lane = min_lane | (clamp & !seg);
                    let (j, ok) = match mode {
                        ShflMode::Up => {
                            let j = lane - bval;
                            (j, j >= max_lane)
                        }
                        ShflMode::Down => {
                            let j = lane + bval;
                            (j, j <= max_lane)
                        }
                        ShflMode::Bfly => {
                            let j = lane ^ bval;
                            (j, j <= max_lane)
                        }
                        ShflMode::Idx => {
                            let j = min_lane | (bval & !seg);
                            (j, j <= max_lane)
                        }
                    };
                    // An out-of-range source, or one that does not take
                    // part (exited, absent, not at this instruction), gives
                    // the lane its own value (PTX leaves the latter
                    // undefined; this keeps results deterministic).
                    let j = if ok && (em >> (j & 31)) & 1 != 0 {
                        j as usize
                    } else {
                        l
                    };
                    self.regs[d as usize][l] = src[j & 31] & 0xffff_ffff;
                    if dp != NONE {
                        self.regs[dp as usize][l] = ok as u64;
                    }
                }
            }
            Op::Vote {
                mode, d, a, aneg, ..
            } => {
                let p = pred_mask(&self.regs[a as usize], aneg) & em;
                let v = match mode {
                    VoteMode::All => (p == em) as u64,
                    VoteMode::Any => (p != 0) as u64,
                    VoteMode::Uni => (p == 0 || p == em) as u64,
                    VoteMode::Ballot => p as u64,
                };
                for l in lanes(em) {
                    self.regs[d as usize][l] = v;
                }
            }
            Op::Redux { op, d, a, .. } => {
                let ra = &self.regs[a as usize];
                let vals = lanes(em).map(|l| ra[l] & 0xffff_ffff);
                let s = |x: u64| x as u32 as i32 as i64;
                let r = match op {
                    ReduxOp::Add => vals.fold(0u64, |acc, v| acc.wrapping_add(v)),
                    ReduxOp::MinU => vals.min().unwrap_or(0),
                    ReduxOp::MaxU => vals.max().unwrap_or(0),
                    ReduxOp::MinS => vals.map(s).min().unwrap_or(0) as u64,
                    ReduxOp::MaxS => vals.map(s).max().unwrap_or(0) as u64,
                    ReduxOp::And => vals.fold(u64::MAX, |acc, v| acc & v),
                    ReduxOp::Or => vals.fold(0, |acc, v| acc | v),
                    ReduxOp::Xor => vals.fold(0, |acc, v| acc ^ v),
                } & 0xffff_ffff;
                for l in lanes(em) {
                    self.regs[d as usize][l] = r;
                }
            }
            Op::Match {
                all,
                bits,
                d,
                dp,
                a,
                ..
            } => {
                let k = if bits >= 64 {
                    u64::MAX
                } else {
                    (1u64 << bits) - 1
                };
                let ra = self.regs[a as usize];
                let same = |l: usize| {
                    lanes(em)
                        .filter(|&j| ra[j] & k == ra[l] & k)
                        .fold(0u32, |m, j| m | 1 << j)
                };
                for l in lanes(em) {
                    let m = same(l);
                    let v = if all {
                        if m == em {
                            em
                        } else {
                            0
                        }
                    } else {
                        m
                    };
                    self.regs[d as usize][l] = v as u64;
                    if dp != NONE {
                        self.regs[dp as usize][l] = (m == em) as u64;
                    }
                }
            }
            _ => {}
        }
    }

    /// Formats one lane's `vprintf` into the launch's output; returns the
    /// number of bytes written.
    fn printf(&self, cx: &mut BlockCtx, l: usize, fmt: Slot, args: Slot) -> usize {
        let out = self.format_printf(cx, l, fmt, args);
        cx.printf.extend_from_slice(&out);
        out.len()
    }

    /// The text one lane's `vprintf` writes.
    fn format_printf(&self, cx: &mut BlockCtx, l: usize, fmt: Slot, args: Slot) -> Vec<u8> {
        let tid = self.first_thread + l as u32;
        let line = 0;
        let read_str = |cx: &mut BlockCtx, mut p: u64| -> Vec<u8> {
            let mut s = Vec::new();
            while s.len() < 4096 {
                match cx.load(crate::cpu::ptx::program::Space::Generic, p, 1, tid, line) {
                    Ok(0) | Err(_) => break,
                    Ok(c) => s.push(c as u8),
                }
                p += 1;
            }
            s
        };
        let f = read_str(cx, self.regs[fmt as usize][l]);
        let base = self.regs[args as usize][l];
        let cxc = std::cell::RefCell::new(cx);
        let mut arg = |off: usize, size: usize| -> Option<u64> {
            if base == 0 {
                return None;
            }
            let mut c = cxc.borrow_mut();
            let space = crate::cpu::ptx::program::Space::Generic;
            c.load(space, base + off as u64, size as u8, tid, line).ok()
        };
        let mut string = |p: u64| read_str(&mut cxc.borrow_mut(), p);
        printf::format(&f, &mut arg, &mut string)
    }
}
