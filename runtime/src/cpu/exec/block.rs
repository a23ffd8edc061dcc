//! One block's execution context: its shared and local memory, the global
//! view, checking state and printf buffer, plus the memory accesses of all
//! state spaces with their checks. [`run_block`] schedules the block's
//! warps: each runs until it finishes or parks at a barrier; when all are
//! parked the barrier is checked and released.

use super::memory::{lanes_within, GlobalView, LOCAL_WINDOW, SHARED_WINDOW, WINDOW_SIZE};
use super::race::RaceTracker;
use super::warp::Warp;
use crate::cpu::error::{CpuError, Location};
use crate::cpu::interrupt::{Stop, POLL_STEPS};
use crate::cpu::ptx::program::{AtomOp, BarKind, Op, Program, Space};

/// Everything a block's warps share.
pub struct BlockCtx<'a, 'h> {
    /// The kernel.
    pub prog: &'a Program,
    /// Global memory.
    pub global: &'a GlobalView<'h>,
    /// Last allocation hit.
    pub hint: usize,
    /// Shared memory (static + dynamic).
    pub shared: Vec<u8>,
    /// Local memory of all threads.
    pub local: Vec<u8>,
    /// Local bytes per thread.
    pub frame: usize,
    /// Checking on.
    pub check: bool,
    /// Shared race tracker (checking).
    pub race: RaceTracker,
    /// printf output of this block.
    pub printf: Vec<u8>,
    /// `%ctaid`
    pub block: [u32; 3],
    /// `%ntid`
    pub ntid: [u32; 3],
    /// Warp-instructions executed.
    pub steps: u64,
    /// Limit on `steps` (u64::MAX: none).
    pub step_limit: u64,
    /// When `steps` passes this, [`BlockCtx::poll`] runs: at most
    /// `step_limit`, and [`POLL_STEPS`] after the previous poll.
    pub poll_at: u64,
    /// Polled to stop the launch early (an interrupt, a time limit).
    pub stop: Stop<'a>,
}

impl BlockCtx<'_, '_> {
    /// The location of thread `tid` (linear) at `line`.
    pub fn loc(&self, tid: u32, line: u32) -> Box<Location> {
        let [x, y, _] = self.ntid;
        Box::new(Location {
            kernel: self.prog.name.clone(),
            block: self.block,
            thread: [tid % x, (tid / x) % y, tid / (x * y)],
            line,
            source: self.prog.source.lookup(line),
        })
    }

    /// Called when `steps` passed `poll_at`, with the thread and PTX line
    /// about to run: enforces the step limit and stops the block when the
    /// launch was interrupted or ran out of time.
    #[cold]
    #[inline(never)]
    pub fn poll(&mut self, tid: u32, line: u32) -> Result<(), CpuError> {
        if self.steps > self.step_limit {
            return Err(CpuError::StepLimit {
                kernel: self.prog.name.clone(),
                block: self.block,
                limit: self.step_limit,
            });
        }
        if let Some(reason) = self.stop.check() {
            return Err(CpuError::stopped(reason, self.loc(tid, line)));
        }
        self.poll_at = self.steps.saturating_add(POLL_STEPS).min(self.step_limit);
        Ok(())
    }

    fn fault(
        &self,
        tid: u32,
        line: u32,
        space: Space,
        address: u64,
        size: u8,
        reason: String,
    ) -> CpuError {
        CpuError::MemoryFault {
            at: self.loc(tid, line),
            space: space.name(),
            address,
            size: size as u32,
            reason,
        }
    }

    /// Faults unless `addr` is a multiple of `bytes`, the size of a vector
    /// access (a GPU faults with "misaligned address"). The shared and local
    /// windows start at multiples of any vector size, so a window address
    /// is aligned exactly when its offset in the window is.
    pub fn check_vector_alignment(
        &self,
        space: Space,
        addr: u64,
        bytes: u8,
        tid: u32,
        line: u32,
    ) -> Result<(), CpuError> {
        if addr.is_multiple_of(bytes as u64) {
            return Ok(());
        }
        let (space, at) = match space {
            Space::Generic => Self::generic(addr),
            Space::Shared if addr.wrapping_sub(SHARED_WINDOW) < WINDOW_SIZE => {
                (space, addr - SHARED_WINDOW)
            }
            Space::Local if addr.wrapping_sub(LOCAL_WINDOW) < WINDOW_SIZE => {
                (space, addr - LOCAL_WINDOW)
            }
            _ => (space, addr),
        };
        Err(self.fault(
            tid,
            line,
            space,
            at,
            bytes,
            format!("misaligned: a {bytes}-byte vector access needs an address that is a multiple of {bytes}"),
        ))
    }

    /// Resolves a generic address to its space and in-space address.
    #[inline(always)]
    fn generic(addr: u64) -> (Space, u64) {
        if addr.wrapping_sub(SHARED_WINDOW) < WINDOW_SIZE {
            (Space::Shared, addr - SHARED_WINDOW)
        } else if addr.wrapping_sub(LOCAL_WINDOW) < WINDOW_SIZE {
            (Space::Local, addr - LOCAL_WINDOW)
        } else {
            (Space::Global, addr)
        }
    }

    /// Byte range of a shared access, checked.
    fn shared_range(
        &mut self,
        off: u64,
        size: u8,
        tid: u32,
        line: u32,
        write: bool,
        atomic: bool,
    ) -> Result<usize, CpuError> {
        let off = if off.wrapping_sub(SHARED_WINDOW) < WINDOW_SIZE {
            off - SHARED_WINDOW
        } else {
            off
        };
        let n = self.shared.len() as u64;
        if off.checked_add(size as u64).is_none_or(|e| e > n) {
            return Err(self.fault(
                tid,
                line,
                Space::Shared,
                off,
                size,
                format!("outside the block's {n} bytes of shared memory"),
            ));
        }
        if off % size as u64 != 0 {
            return Err(self.fault(tid, line, Space::Shared, off, size, "misaligned".into()));
        }
        if self.check && !atomic {
            if let Err(r) = self.race.access(tid, off, size as u64, write) {
                let [x, y, _] = self.ntid;
                let o = r.other;
                return Err(CpuError::SharedRace {
                    at: self.loc(tid, line),
                    other_thread: [o % x, (o / x) % y, o / (x * y)],
                    address: r.offset,
                    kind: r.kind,
                });
            }
        }
        Ok(off as usize)
    }

    /// Byte range of a local access, checked.
    fn local_range(&self, off: u64, size: u8, tid: u32, line: u32) -> Result<usize, CpuError> {
        let off = if off.wrapping_sub(LOCAL_WINDOW) < WINDOW_SIZE {
            off - LOCAL_WINDOW
        } else {
            off
        };
        let n = self.frame as u64;
        if off.checked_add(size as u64).is_none_or(|e| e > n) {
            return Err(self.fault(
                tid,
                line,
                Space::Local,
                off,
                size,
                format!("outside the thread's {n} bytes of local memory"),
            ));
        }
        Ok(tid as usize * self.frame + off as usize)
    }

    /// Whether the shared fast paths apply: checking off, and every
    /// active lane's access at `ra[l] + off` aligned and in bounds (else
    /// the caller goes lane by lane, which reports the fault). One
    /// branch-free pass: broadcast and strided addresses cost the same as
    /// unit stride.
    #[inline(always)]
    fn shared_fast(&self, ra: &[u64; 32], off: u64, m: u32, size: u8) -> bool {
        let len = self.shared.len() as u64;
        !self.check && len >= size as u64 && lanes_within(ra, off, m, size, 0, len - size as u64)
    }

    /// Unchecked-mode fast path: loads `size` bytes at `ra[l] + off` for
    /// the lanes `m` from shared memory into `out` when every access is
    /// aligned and in bounds; `false` otherwise.
    #[inline(always)]
    pub fn shared_load_lanes(
        &self,
        ra: &[u64; 32],
        off: u64,
        m: u32,
        size: u8,
        out: &mut [u64; 32],
    ) -> bool {
        if !self.shared_fast(ra, off, m, size) {
            return false;
        }
        let p = self.shared.as_ptr();
        macro_rules! get {
            ($t:ty) => {{
                // SAFETY: `shared_fast` checked `o + size <= shared.len()`
                // for every active lane.
                let get = |l: usize| unsafe {
                    let o = ra[l].wrapping_add(off) as usize;
                    <$t>::from_le((p.add(o) as *const $t).read_unaligned()) as u64
                };
                if m == u32::MAX {
                    for l in 0..32 {
                        out[l] = get(l);
                    }
                } else {
                    for l in lanes(m) {
                        out[l] = get(l);
                    }
                }
            }};
        }
        match size {
            1 => get!(u8),
            2 => get!(u16),
            4 => get!(u32),
            _ => get!(u64),
        }
        true
    }

    /// Unchecked-mode fast path for shared stores (lane order) under the
    /// same conditions as [`shared_load_lanes`](Self::shared_load_lanes).
    #[inline(always)]
    pub fn shared_store_lanes(
        &mut self,
        ra: &[u64; 32],
        off: u64,
        vals: &[u64; 32],
        m: u32,
        size: u8,
    ) -> bool {
        if !self.shared_fast(ra, off, m, size) {
            return false;
        }
        let p = self.shared.as_mut_ptr();
        macro_rules! put {
            ($t:ty) => {
                for l in lanes(m) {
                    let o = ra[l].wrapping_add(off) as usize;
                    // SAFETY: as in `shared_load_lanes`.
                    unsafe { (p.add(o) as *mut $t).write_unaligned((vals[l] as $t).to_le()) }
                }
            };
        }
        match size {
            1 => put!(u8),
            2 => put!(u16),
            4 => put!(u32),
            _ => put!(u64),
        }
        true
    }

    /// Loads `size` bytes (zero-extended).
    #[inline]
    pub fn load(
        &mut self,
        space: Space,
        addr: u64,
        size: u8,
        tid: u32,
        line: u32,
    ) -> Result<u64, CpuError> {
        let (space, addr) = match space {
            Space::Generic => Self::generic(addr),
            s => (s, addr),
        };
        match space {
            Space::Global | Space::Generic => {
                match self.global.find(addr, size as u64, &mut self.hint) {
                    Ok(p) => Ok(self.global.load(p, size)),
                    Err(e) => {
                        Err(self.fault(tid, line, Space::Global, addr, size, e.reason().into()))
                    }
                }
            }
            Space::Shared => {
                let o = self.shared_range(addr, size, tid, line, false, false)?;
                Ok(read_le(&self.shared[o..o + size as usize]))
            }
            Space::Local => {
                let o = self.local_range(addr, size, tid, line)?;
                Ok(read_le(&self.local[o..o + size as usize]))
            }
        }
    }

    /// Stores the low `size` bytes of `v`.
    #[inline]
    pub fn store(
        &mut self,
        space: Space,
        addr: u64,
        size: u8,
        v: u64,
        tid: u32,
        line: u32,
    ) -> Result<(), CpuError> {
        let (space, addr) = match space {
            Space::Generic => Self::generic(addr),
            s => (s, addr),
        };
        match space {
            Space::Global | Space::Generic => {
                match self.global.find(addr, size as u64, &mut self.hint) {
                    Ok(p) => {
                        self.global.store(p, size, v);
                        Ok(())
                    }
                    Err(e) => {
                        Err(self.fault(tid, line, Space::Global, addr, size, e.reason().into()))
                    }
                }
            }
            Space::Shared => {
                let o = self.shared_range(addr, size, tid, line, true, false)?;
                write_le(&mut self.shared[o..o + size as usize], v);
                Ok(())
            }
            Space::Local => {
                let o = self.local_range(addr, size, tid, line)?;
                write_le(&mut self.local[o..o + size as usize], v);
                Ok(())
            }
        }
    }

    /// An atomic read-modify-write; returns the old value.
    #[allow(clippy::too_many_arguments)]
    pub fn atom(
        &mut self,
        space: Space,
        op: AtomOp,
        addr: u64,
        size: u8,
        b: u64,
        c: u64,
        tid: u32,
        line: u32,
    ) -> Result<u64, CpuError> {
        let (space, addr) = match space {
            Space::Generic => Self::generic(addr),
            s => (s, addr),
        };
        let f = |old: u64| atom_new(op, size, old, b, c);
        match space {
            Space::Global | Space::Generic => {
                match self.global.find(addr, size as u64, &mut self.hint) {
                    Ok(p) => Ok(self.global.rmw(p, size, f)),
                    Err(e) => {
                        Err(self.fault(tid, line, Space::Global, addr, size, e.reason().into()))
                    }
                }
            }
            Space::Shared => {
                let o = self.shared_range(addr, size, tid, line, true, true)?;
                let r = &mut self.shared[o..o + size as usize];
                let old = read_le(r);
                if let Some(n) = f(old) {
                    write_le(r, n);
                }
                Ok(old)
            }
            Space::Local => Err(self.fault(
                tid,
                line,
                Space::Local,
                addr,
                size,
                "atomic on local memory".into(),
            )),
        }
    }
}

/// The value an atomic stores given the old one (`None`: store nothing).
fn atom_new(op: AtomOp, size: u8, old: u64, b: u64, c: u64) -> Option<u64> {
    let k = if size == 4 { 0xffff_ffffu64 } else { u64::MAX };
    let (o, b) = (old & k, b & k);
    let s = |x: u64| {
        if size == 4 {
            x as u32 as i32 as i64
        } else {
            x as i64
        }
    };
    let f32v = |x: u64| f32::from_bits(x as u32);
    Some(match op {
        AtomOp::Add => o.wrapping_add(b) & k,
        AtomOp::AddF32 => (f32v(o) + f32v(b)).to_bits() as u64,
        AtomOp::AddF64 => (f64::from_bits(o) + f64::from_bits(b)).to_bits(),
        AtomOp::And => o & b,
        AtomOp::Or => o | b,
        AtomOp::Xor => o ^ b,
        AtomOp::Exch => b,
        AtomOp::Cas => {
            if o == b {
                c & k
            } else {
                return None;
            }
        }
        AtomOp::MinS => (s(o).min(s(b)) as u64) & k,
        AtomOp::MaxS => (s(o).max(s(b)) as u64) & k,
        AtomOp::MinU => o.min(b),
        AtomOp::MaxU => o.max(b),
        AtomOp::MinF32 => {
            let (x, y) = (f32v(o), f32v(b));
            (if y < x || x.is_nan() { y } else { x }).to_bits() as u64
        }
        AtomOp::MaxF32 => {
            let (x, y) = (f32v(o), f32v(b));
            (if y > x || x.is_nan() { y } else { x }).to_bits() as u64
        }
        AtomOp::Inc => {
            if o >= b {
                0
            } else {
                o + 1
            }
        }
        AtomOp::Dec => {
            if o == 0 || o > b {
                b
            } else {
                o - 1
            }
        }
    })
}

#[inline(always)]
fn read_le(s: &[u8]) -> u64 {
    // One fixed-size read per access size (a variable-length copy would
    // call `memcpy`).
    match *s {
        [a] => a as u64,
        [a, b] => u16::from_le_bytes([a, b]) as u64,
        [a, b, c, d] => u32::from_le_bytes([a, b, c, d]) as u64,
        _ => {
            let mut b = [0u8; 8];
            b[..s.len()].copy_from_slice(s);
            u64::from_le_bytes(b)
        }
    }
}

#[inline(always)]
fn write_le(s: &mut [u8], v: u64) {
    match s.len() {
        1 => s[0] = v as u8,
        2 => s.copy_from_slice(&(v as u16).to_le_bytes()),
        4 => s.copy_from_slice(&(v as u32).to_le_bytes()),
        8 => s.copy_from_slice(&v.to_le_bytes()),
        n => s.copy_from_slice(&v.to_le_bytes()[..n]),
    }
}

fn lanes(m: u32) -> impl Iterator<Item = usize> {
    let mut m = m;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            l
        })
    })
}

/// Runs one block to completion (its warps must be reset for it).
pub fn run_block(cx: &mut BlockCtx, warps: &mut [Warp]) -> Result<(), CpuError> {
    loop {
        for w in warps.iter_mut() {
            if !w.finished() {
                w.run(cx)?;
            }
        }
        if warps.iter().all(|w| w.finished()) {
            return Ok(());
        }
        release_barrier(cx, warps)?;
    }
}

/// All live threads wait at a barrier (or a warp sync that cannot
/// complete): check and release it.
fn release_barrier(cx: &mut BlockCtx, warps: &mut [Warp]) -> Result<(), CpuError> {
    let insts = &cx.prog.insts;
    // A warp sync that could not complete is a deadlock.
    for w in warps.iter() {
        if let Some(l) = w.first_lane(w.at_sync) {
            let line = insts[w.pcs[l] as usize].line;
            return Err(CpuError::Deadlock {
                at: cx.loc(w.first_thread + l as u32, line),
                detail: "a warp-synchronous instruction waits for lanes that wait at a \
                         block barrier or elsewhere"
                    .into(),
            });
        }
    }
    let mut first: Option<(u32, u32)> = None; // (pc, tid)
    let (mut arrived, mut exited) = (0u32, 0u32);
    let mut exited_tid = 0;
    let (mut popc, mut all, mut any) = (0u64, true, false);
    for w in warps.iter() {
        for l in 0..32usize {
            let tid = w.first_thread + l as u32;
            if !w.exists(l) {
                continue;
            }
            if w.exited >> l & 1 != 0 {
                exited += 1;
                exited_tid = tid;
                continue;
            }
            debug_assert!(w.at_bar >> l & 1 != 0);
            arrived += 1;
            let pc = w.pcs[l];
            match first {
                None => first = Some((pc, tid)),
                Some((p0, t0)) if cx.check && p0 != pc => {
                    let l0 = insts[p0 as usize].line;
                    let l1 = insts[pc as usize].line;
                    let [x, y, _] = cx.ntid;
                    return Err(CpuError::BarrierDivergence {
                        at: cx.loc(tid, l1),
                        detail: format!(
                            "this thread waits at the barrier on line {l1} while thread ({},{},{}) \
                             waits at the barrier on line {l0}",
                            t0 % x,
                            (t0 / x) % y,
                            t0 / (x * y)
                        ),
                    });
                }
                _ => {}
            }
            if let Op::Bar { kind, p, pneg, .. } = insts[pc as usize].op {
                if kind != BarKind::Sync {
                    let v = (w.regs[p as usize][l] != 0) ^ pneg;
                    popc += v as u64;
                    all &= v;
                    any |= v;
                }
            }
        }
    }
    let Some((pc0, tid0)) = first else {
        return Ok(());
    };
    if cx.check && exited > 0 {
        let [x, y, _] = cx.ntid;
        return Err(CpuError::BarrierDivergence {
            at: cx.loc(tid0, insts[pc0 as usize].line),
            detail: format!(
                "{arrived} threads wait at this barrier but {exited} exited without reaching it \
                 (e.g. thread ({},{},{}))",
                exited_tid % x,
                (exited_tid / x) % y,
                exited_tid / (x * y)
            ),
        });
    }
    for w in warps.iter_mut() {
        for l in 0..32usize {
            if w.at_bar >> l & 1 == 0 {
                continue;
            }
            let pc = w.pcs[l] as usize;
            if let Op::Bar { kind, d, .. } = insts[pc].op {
                let v = match kind {
                    BarKind::Sync => None,
                    BarKind::RedPopc => Some(popc),
                    BarKind::RedAnd => Some(all as u64),
                    BarKind::RedOr => Some(any as u64),
                };
                if let Some(v) = v {
                    w.regs[d as usize][l] = v;
                }
            }
            w.pcs[l] += 1;
        }
        w.at_bar = 0;
    }
    if cx.check {
        cx.race.barrier();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_new_values() {
        assert_eq!(atom_new(AtomOp::Inc, 4, 5, 5, 0), Some(0));
        assert_eq!(atom_new(AtomOp::Inc, 4, 4, 5, 0), Some(5));
        assert_eq!(atom_new(AtomOp::Dec, 4, 0, 7, 0), Some(7));
        assert_eq!(atom_new(AtomOp::Dec, 4, 3, 7, 0), Some(2));
        assert_eq!(atom_new(AtomOp::Cas, 8, 1, 2, 3), None);
        assert_eq!(atom_new(AtomOp::Cas, 8, 2, 2, 3), Some(3));
        assert_eq!(atom_new(AtomOp::MaxS, 4, 0xffff_ffff, 1, 0), Some(1));
        assert_eq!(
            atom_new(AtomOp::MaxU, 4, 0xffff_ffff, 1, 0),
            Some(0xffff_ffff)
        );
        assert_eq!(
            atom_new(
                AtomOp::AddF32,
                4,
                1.5f32.to_bits() as u64,
                2.0f32.to_bits() as u64,
                0
            ),
            Some(3.5f32.to_bits() as u64)
        );
    }
}
