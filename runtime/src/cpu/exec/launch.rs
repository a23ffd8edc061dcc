//! Running a grid: scoped worker threads pull block indices from an atomic
//! counter; each worker owns the register files of one block's warps (the
//! per-launch slots—constants, parameters—are filled once per worker) and
//! reuses its shared and local memory buffers from block to block.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use super::block::{run_block, BlockCtx};
use super::memory::GlobalView;
use super::race::RaceTracker;
use super::warp::Warp;
use crate::cpu::error::{CpuError, Location};
use crate::cpu::interrupt::{Stop, POLL_STEPS};
use crate::cpu::ptx::program::{Init, Program, Special};

/// The most threads one launch starts, whatever `workers` asks: more than
/// the host has cores only costs memory (a thread stack each), and
/// thousands exhaust it.
const MAX_WORKERS: u64 = 256;

/// What one launch needs.
pub struct Grid<'a> {
    /// The kernel.
    pub prog: &'a Program,
    /// Grid dimensions.
    pub grid: [u32; 3],
    /// Block dimensions.
    pub block: [u32; 3],
    /// Dynamic shared memory bytes.
    pub dyn_shared: usize,
    /// The parameter buffer.
    pub params: &'a [u8],
    /// Checking on.
    pub check: bool,
    /// Worker threads (at least 1).
    pub workers: usize,
    /// Warp-instructions allowed per block (u64::MAX: no limit).
    pub step_limit: u64,
    /// Polled to stop the launch early (an interrupt, a time limit).
    pub stop: Stop<'a>,
    /// A cooperative launch: every block runs at once, each on its own
    /// host thread, so that blocks may wait for one another (a grid
    /// barrier) as on a GPU where they are all resident.
    pub cooperative: bool,
}

/// What a launch produced.
pub struct Outcome {
    /// Warp-instructions executed.
    pub steps: u64,
    /// printf output in block order.
    pub printf: Vec<u8>,
    /// The first error (by block index), if any.
    pub error: Option<CpuError>,
}

struct Worker {
    warps: Vec<Warp>,
    shared: Vec<u8>,
    local: Vec<u8>,
    race: RaceTracker,
}

fn special(sp: Special, g: &Grid, warp: u32, lane: u32, ctaid: [u32; 3]) -> u64 {
    let [bx, by, _] = g.block;
    let lin = warp * 32 + lane;
    let tid = [lin % bx, (lin / bx) % by, lin / (bx * by)];
    let lt = |n: u32| if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
    (match sp {
        Special::Tid(k) => tid[k as usize],
        Special::Ntid(k) => g.block[k as usize],
        Special::Ctaid(k) => ctaid[k as usize],
        Special::Nctaid(k) => g.grid[k as usize],
        Special::LaneId => lane,
        Special::WarpId => warp,
        Special::NWarpId => threads(g.block).div_ceil(32),
        Special::LaneMaskEq => 1 << lane,
        Special::LaneMaskLt => lt(lane),
        Special::LaneMaskLe => lt(lane + 1),
        Special::LaneMaskGt => !lt(lane + 1),
        Special::LaneMaskGe => !lt(lane),
        Special::DynamicSmemSize => g.dyn_shared as u32,
        Special::TotalSmemSize => (g.prog.shared_static + g.dyn_shared) as u32,
    }) as u64
}

fn threads(b: [u32; 3]) -> u32 {
    b[0] * b[1] * b[2]
}

impl Worker {
    fn new(g: &Grid) -> Worker {
        let nwarps = threads(g.block).div_ceil(32);
        let mut warps: Vec<Warp> = (0..nwarps).map(|_| Warp::new(g.prog.nslots)).collect();
        for (w, warp) in warps.iter_mut().enumerate() {
            for &(slot, init) in &g.prog.init_launch {
                let row = &mut warp.regs[slot as usize];
                match init {
                    Init::Const(v) => *row = [v; 32],
                    Init::Param {
                        offset,
                        size,
                        sext,
                        dbits,
                    } => {
                        let o = offset as usize;
                        let mut b = [0u8; 8];
                        let end = (o + size as usize).min(g.params.len());
                        if o < end {
                            b[..end - o].copy_from_slice(&g.params[o..end]);
                        }
                        let mut v = u64::from_le_bytes(b);
                        if sext {
                            v = super::float::sext(v, size * 8) as u64;
                        }
                        if dbits < 64 {
                            v &= (1u64 << dbits) - 1;
                        }
                        *row = [v; 32];
                    }
                    Init::Special(sp) => {
                        for (l, x) in row.iter_mut().enumerate() {
                            *x = special(sp, g, w as u32, l as u32, [0; 3]);
                        }
                    }
                }
            }
            // Per-warp specials (%tid, %laneid, ...) are the same in every
            // block and never written: fill them once.
            for &(slot, init) in &g.prog.init_warp {
                if let Init::Special(sp) = init {
                    let row = &mut warp.regs[slot as usize];
                    for (l, x) in row.iter_mut().enumerate() {
                        *x = special(sp, g, w as u32, l as u32, [0; 3]);
                    }
                }
            }
        }
        Worker {
            warps,
            shared: Vec::new(),
            local: Vec::new(),
            race: RaceTracker::default(),
        }
    }

    /// Runs block `b`; returns its printf output and warp-instructions.
    fn block(
        &mut self,
        g: &Grid,
        view: &GlobalView,
        b: u64,
        stop: Stop<'_>,
    ) -> (Result<(), CpuError>, Vec<u8>, u64) {
        let ctaid = ctaid(g, b);
        let tpb = threads(g.block);
        for (w, warp) in self.warps.iter_mut().enumerate() {
            let w = w as u32;
            warp.reset(w * 32, (tpb - w * 32).min(32));
            for &(slot, init) in &g.prog.init_block {
                if let Init::Special(sp) = init {
                    warp.regs[slot as usize] = [special(sp, g, w, 0, ctaid); 32];
                }
            }
        }
        let shared_len = g.prog.shared_static.next_multiple_of(16) + g.dyn_shared;
        self.shared.clear();
        self.shared.resize(shared_len, 0);
        let frame = g.prog.local_frame;
        self.local.clear();
        self.local.resize(frame * tpb as usize, 0);
        if g.check {
            self.race.reset(shared_len);
        }
        let mut cx = BlockCtx {
            prog: g.prog,
            global: view,
            hint: 0,
            shared: std::mem::take(&mut self.shared),
            local: std::mem::take(&mut self.local),
            frame,
            check: g.check,
            race: std::mem::take(&mut self.race),
            printf: Vec::new(),
            block: ctaid,
            ntid: g.block,
            steps: 0,
            step_limit: g.step_limit,
            poll_at: POLL_STEPS.min(g.step_limit),
            stop,
        };
        let r = run_block(&mut cx, &mut self.warps);
        self.shared = cx.shared;
        self.local = cx.local;
        self.race = cx.race;
        (r, cx.printf, cx.steps)
    }
}

/// `%ctaid` of linear block `b`.
fn ctaid(g: &Grid, b: u64) -> [u32; 3] {
    let [gx, gy, _] = g.grid;
    let b32 = b as u32;
    [b32 % gx, (b32 / gx) % gy, b32 / (gx * gy)]
}

/// The most blocks a cooperative launch runs (a host thread each).
pub const MAX_COOPERATIVE_BLOCKS: u64 = 4096;

/// Runs every block of a cooperative grid at once, each on its own host
/// thread (the threads start only once all exist, so no block waits at a
/// grid barrier for a block that never starts). A failing block stops its
/// siblings, which may be waiting for it; the first failure (by block) is
/// the launch's error.
fn run_cooperative(g: &Grid, view: &GlobalView, nblocks: u64) -> Outcome {
    let abort = AtomicBool::new(false);
    let stop = g.stop.with_abort(&abort);
    // None: still starting; Some(go).
    let gate: (Mutex<Option<bool>>, std::sync::Condvar) = (Mutex::new(None), Default::default());
    let steps = AtomicU64::new(0);
    let first_error: Mutex<Option<(u64, CpuError)>> = Mutex::new(None);
    let output: Mutex<Vec<(u64, Vec<u8>)>> = Mutex::new(Vec::new());
    let lock = |m| -> std::sync::MutexGuard<'_, Option<bool>> {
        let m: &Mutex<Option<bool>> = m;
        m.lock().unwrap_or_else(|e| e.into_inner())
    };
    let run = |b: u64| {
        {
            let mut go = lock(&gate.0);
            while go.is_none() {
                go = gate.1.wait(go).unwrap_or_else(|e| e.into_inner());
            }
            if *go != Some(true) {
                return;
            }
        }
        let mut w = Worker::new(g);
        let (r, out, s) = w.block(g, view, b, stop);
        steps.fetch_add(s, Ordering::Relaxed);
        if !out.is_empty() {
            output
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((b, out));
        }
        if let Err(e) = r {
            // A block stopped because a sibling failed reports nothing:
            // the sibling's error is the launch's.
            if !abort.swap(true, Ordering::AcqRel) || !matches!(e, CpuError::Interrupted { .. }) {
                let mut fe = first_error.lock().unwrap_or_else(|e| e.into_inner());
                if fe.as_ref().is_none_or(|(b0, _)| b < *b0) {
                    *fe = Some((b, e));
                }
            }
        }
    };
    let started = std::thread::scope(|s| {
        let mut spawned = 0u64;
        for b in 0..nblocks {
            let run = &run;
            let builder = std::thread::Builder::new().stack_size(1 << 20);
            if builder.spawn_scoped(s, move || run(b)).is_err() {
                break;
            }
            spawned += 1;
        }
        let all = spawned == nblocks;
        *lock(&gate.0) = Some(all);
        gate.1.notify_all();
        all
    });
    if !started {
        return Outcome {
            steps: 0,
            printf: Vec::new(),
            error: Some(CpuError::InvalidLaunch(format!(
                "a cooperative launch runs every block at once, a host thread each: the \
                 system refused a thread for one of the {nblocks} blocks"
            ))),
        };
    }
    let mut out = output.into_inner().unwrap_or_else(|e| e.into_inner());
    out.sort_by_key(|(b, _)| *b);
    Outcome {
        steps: steps.into_inner(),
        printf: out.into_iter().flat_map(|(_, o)| o).collect(),
        error: first_error
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .map(|(_, e)| e),
    }
}

/// Runs every block of the grid.
pub fn run_grid(g: &Grid, view: &GlobalView) -> Outcome {
    let [gx, gy, gz] = g.grid;
    let nblocks = gx as u64 * gy as u64 * gz as u64;
    if g.cooperative && nblocks > 1 {
        return run_cooperative(g, view, nblocks);
    }
    let next = AtomicU64::new(0);
    let abort = AtomicBool::new(false);
    let steps = AtomicU64::new(0);
    let first_error: Mutex<Option<(u64, CpuError)>> = Mutex::new(None);
    let output: Mutex<Vec<(u64, Vec<u8>)>> = Mutex::new(Vec::new());
    let work = || {
        let mut w = Worker::new(g);
        let mut local_steps = 0u64;
        loop {
            if abort.load(Ordering::Relaxed) {
                break;
            }
            let b = next.fetch_add(1, Ordering::Relaxed);
            if b >= nblocks {
                break;
            }
            // Blocks too short to poll on their own still see an interrupt.
            let (r, out, s) = match g.stop.check() {
                None => w.block(g, view, b, g.stop),
                Some(reason) => {
                    let line = g.prog.insts.first().map_or(0, |i| i.line);
                    let at = Box::new(Location {
                        kernel: g.prog.name.clone(),
                        block: ctaid(g, b),
                        thread: [0; 3],
                        line,
                        source: g.prog.source.lookup(line),
                    });
                    (Err(CpuError::stopped(reason, at)), Vec::new(), 0)
                }
            };
            local_steps += s;
            if !out.is_empty() {
                output
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((b, out));
            }
            if let Err(e) = r {
                let mut fe = first_error.lock().unwrap_or_else(|e| e.into_inner());
                if fe.as_ref().is_none_or(|(b0, _)| b < *b0) {
                    *fe = Some((b, e));
                }
                abort.store(true, Ordering::Relaxed);
                break;
            }
        }
        steps.fetch_add(local_steps, Ordering::Relaxed);
    };
    let workers = (g.workers as u64).min(nblocks).clamp(1, MAX_WORKERS) as usize;
    if workers == 1 {
        work();
    } else {
        std::thread::scope(|s| {
            // A thread the system refuses (a thread or memory limit, a huge
            // `workers`) is one worker fewer, not a panic: the workers
            // share the blocks; with none, this thread runs them.
            let mut spawned = 0;
            for _ in 0..workers {
                if std::thread::Builder::new().spawn_scoped(s, work).is_err() {
                    break;
                }
                spawned += 1;
            }
            if spawned == 0 {
                work();
            }
        });
    }
    let mut out = output.into_inner().unwrap_or_else(|e| e.into_inner());
    out.sort_by_key(|(b, _)| *b);
    Outcome {
        steps: steps.into_inner(),
        printf: out.into_iter().flat_map(|(_, o)| o).collect(),
        error: first_error
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .map(|(_, e)| e),
    }
}
