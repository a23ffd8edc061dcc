//! The public face of the CPU device: [`CpuDevice`] (memory, modules,
//! launches), [`CpuModule`] (decoded kernels and module variables) and the
//! launch types.

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

use super::error::CpuError;
use super::exec::launch::{run_grid, Grid};
use super::exec::memory::Heap;
use super::interrupt::LaunchControl;
use super::ptx::ast::VarSpace;
use super::ptx::decode::decode_kernel;
use super::ptx::parser::parse;
pub use super::ptx::program::ParamDecl;
use super::ptx::program::Program;

/// Largest block.
pub const MAX_THREADS_PER_BLOCK: u32 = 1024;
/// Largest static + dynamic shared memory per block.
pub const MAX_SHARED_BYTES: usize = 48 * 1024;

/// The multiprocessors the CPU device presents for cooperative launches
/// (see [`max_active_blocks_per_sm`]): a grid of up to 16 multiprocessors'
/// worth of blocks, each run on its own host thread.
pub const COOPERATIVE_MULTIPROCESSORS: u64 = 16;

/// The symbol of the grid-barrier counter in kernelc's PTX (the
/// compiler's `ptx::grid_sync::BARRIER_SYMBOL`), zeroed before each
/// cooperative launch.
pub const GRID_BARRIER_SYMBOL: &str = "__kc_grid_barrier";

/// How many blocks of `block_threads` threads using `shared_bytes` of
/// shared memory (static and dynamic) fit on one multiprocessor of the
/// device the CPU device and the emulated driver describe: 2,048 threads,
/// 32 blocks and 164 KiB of shared memory (1 KiB of it reserved per
/// block). 0 for a block the device cannot run.
pub fn max_active_blocks_per_sm(block_threads: u32, shared_bytes: usize) -> u32 {
    if block_threads == 0
        || block_threads > MAX_THREADS_PER_BLOCK
        || shared_bytes > MAX_SHARED_BYTES
    {
        return 0;
    }
    let by_threads = 2048 / (block_threads.div_ceil(32) * 32);
    let by_shared = if shared_bytes == 0 {
        u32::MAX
    } else {
        u32::try_from(167_936 / (shared_bytes + 1024)).unwrap_or(u32::MAX)
    };
    by_threads.min(32).min(by_shared)
}

/// Where `printf` output goes.
#[derive(Clone, Debug, Default)]
pub enum PrintfSink {
    /// The process's standard output (written after each launch).
    #[default]
    Stdout,
    /// Appended to a shared buffer (tests, embedding).
    Capture(Arc<Mutex<Vec<u8>>>),
}

/// Options of a CPU device.
#[derive(Clone, Debug)]
pub struct CpuOptions {
    /// Worker threads for a launch; 0 = all cores.
    pub workers: usize,
    /// Checking: shared-memory races, barrier divergence, out-of-bounds
    /// shared/local accesses are reported (out-of-bounds global accesses
    /// are always errors).
    pub check: bool,
    /// Warp-instructions allowed per block; 0 = no limit.
    pub step_limit: u64,
    /// Where printf output goes.
    pub printf: PrintfSink,
}

impl Default for CpuOptions {
    fn default() -> Self {
        CpuOptions {
            workers: 0,
            check: false,
            step_limit: 0,
            printf: PrintfSink::Stdout,
        }
    }
}

/// A device pointer (a global address).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct DevicePtr(pub u64);

impl DevicePtr {
    /// The pointer `bytes` further on.
    pub fn offset(self, bytes: u64) -> DevicePtr {
        DevicePtr(self.0.wrapping_add(bytes))
    }
}

/// Grid and block dimensions and dynamic shared memory of a launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchConfig {
    /// Blocks per dimension.
    pub grid: [u32; 3],
    /// Threads per block per dimension.
    pub block: [u32; 3],
    /// Dynamic shared memory per block in bytes.
    pub shared_bytes: u32,
}

impl LaunchConfig {
    /// A 1-D launch.
    pub fn linear(blocks: u32, threads: u32) -> LaunchConfig {
        LaunchConfig {
            grid: [blocks, 1, 1],
            block: [threads, 1, 1],
            shared_bytes: 0,
        }
    }
}

/// Counters of a finished launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchStats {
    /// Threads launched.
    pub threads: u64,
    /// Warp-instructions executed (one per instruction dispatched to a
    /// group of lanes, whatever the group's size).
    pub instructions: u64,
    /// Wall-clock time of the launch.
    pub elapsed: Duration,
}

/// The cores this process may use, read once: `available_parallelism`
/// reads cgroup files on every call (tens of microseconds), far more than
/// a small launch costs.
pub fn host_cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

static NEXT_DEVICE_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// The CPU device. `Send + Sync`: launches and copies from several threads
/// are serialised on the device's memory.
pub struct CpuDevice {
    options: CpuOptions,
    heap: Arc<Mutex<Heap>>,
    id: u64,
    /// Interrupts and the time limit of launches.
    control: LaunchControl,
}

/// What a decoded kernel needs per block and per thread, for a driver's
/// function attributes (`cuFuncGetAttribute`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelResources {
    /// Static shared memory per block, in bytes.
    pub shared_bytes: usize,
    /// Local memory per thread, in bytes.
    pub local_bytes: usize,
    /// Register slots of the decoded kernel (the simulator's registers,
    /// not a hardware allocation).
    pub register_slots: u32,
    /// The most threads a block of it may have: the device's limit, or
    /// less by its launch bounds (`.maxntid`, `.reqntid`).
    pub max_threads_per_block: u32,
    /// Constant memory of its module (`.const` variables), in bytes.
    pub const_bytes: usize,
}

/// A loaded module: its kernels, decoded, and its module variables.
pub struct CpuModule {
    kernels: Vec<Program>,
    globals: HashMap<String, (u64, usize)>,
    /// Bytes of its `.const` variables.
    const_bytes: usize,
    heap: Weak<Mutex<Heap>>,
    device: u64,
}

fn lock(h: &Mutex<Heap>) -> MutexGuard<'_, Heap> {
    h.lock().unwrap_or_else(|e| e.into_inner())
}

impl CpuDevice {
    /// A device with `options`.
    pub fn new(options: CpuOptions) -> CpuDevice {
        CpuDevice {
            options,
            heap: Arc::new(Mutex::new(Heap::default())),
            id: NEXT_DEVICE_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            control: LaunchControl::default(),
        }
    }

    /// Stops every launch running on the device now: each returns
    /// [`CpuError::Interrupted`] within milliseconds. Callable from any
    /// thread; launches that start afterwards are not affected, and the
    /// device stays usable.
    pub fn interrupt(&self) {
        self.control.interrupt();
    }

    /// Limits how long each launch that starts from now on may run (`None`
    /// or zero: no limit, the default); a launch that runs longer stops
    /// with [`CpuError::Timeout`]. Callable from any thread.
    pub fn set_timeout(&self, limit: Option<Duration>) {
        self.control.set_timeout(limit);
    }

    /// The time limit of launches, if any.
    pub fn timeout(&self) -> Option<Duration> {
        self.control.timeout()
    }

    /// The options.
    pub fn options(&self) -> &CpuOptions {
        &self.options
    }

    /// Allocates `bytes` zero-filled bytes.
    pub fn alloc(&self, bytes: usize) -> Result<DevicePtr, CpuError> {
        lock(&self.heap).alloc(bytes).map(DevicePtr)
    }

    /// Allocates `bytes` zero-filled bytes that the host reaches too: the
    /// address is a pointer to them in the host's memory, page-aligned,
    /// valid until [`free`](Self::free) (see
    /// `Heap::alloc_host_visible`).
    pub fn alloc_host_visible(&self, bytes: usize) -> Result<DevicePtr, CpuError> {
        lock(&self.heap).alloc_host_visible(bytes).map(DevicePtr)
    }

    /// Frees an allocation made by [`alloc`](Self::alloc) or
    /// [`alloc_host_visible`](Self::alloc_host_visible).
    pub fn free(&self, ptr: DevicePtr) -> Result<(), CpuError> {
        lock(&self.heap).free(ptr.0)
    }

    /// Copies `src` to `dst` (anywhere inside one allocation).
    pub fn copy_to_device(&self, dst: DevicePtr, src: &[u8]) -> Result<(), CpuError> {
        lock(&self.heap).write(dst.0, src)
    }

    /// Copies from `src` (inside one allocation) into `dst`.
    pub fn copy_from_device(&self, dst: &mut [u8], src: DevicePtr) -> Result<(), CpuError> {
        lock(&self.heap).read(dst, src.0)
    }

    /// Fills `len` bytes at `dst` with `byte`.
    pub fn memset(&self, dst: DevicePtr, byte: u8, len: usize) -> Result<(), CpuError> {
        lock(&self.heap).fill(dst.0, byte, len)
    }

    /// Parses and decodes every kernel of `ptx`, and allocates (and
    /// initialises) its `.global` and `.const` variables.
    pub fn load_module(&self, ptx: &str) -> Result<Arc<CpuModule>, CpuError> {
        let m = parse(ptx)?;
        let mut globals = HashMap::new();
        let mut addrs = HashMap::new();
        let const_bytes = (m.vars.iter())
            .filter(|v| v.space == VarSpace::Const)
            .map(|v| v.size())
            .sum();
        {
            let mut heap = lock(&self.heap);
            for v in &m.vars {
                match v.space {
                    VarSpace::Global | VarSpace::Const => {}
                    VarSpace::Shared => continue,
                    _ => {
                        return Err(CpuError::Unsupported {
                            line: v.line,
                            what: format!("module-scope variable `{}` in this state space", v.name),
                        })
                    }
                }
                let size = v.size();
                let a = heap.alloc(size)?;
                if let Some(init) = &v.init {
                    let mut bytes = Vec::with_capacity(size);
                    for x in init.iter().take(v.count.unwrap_or(0)) {
                        bytes.extend_from_slice(&x.to_le_bytes()[..v.elem_size.min(8)]);
                    }
                    bytes.truncate(size);
                    heap.write(a, &bytes)?;
                }
                globals.insert(v.name.clone(), (a, size));
                addrs.insert(v.name.clone(), a);
            }
        }
        let module = CpuModule {
            kernels: Vec::new(),
            globals,
            const_bytes,
            heap: Arc::downgrade(&self.heap),
            device: self.id,
        };
        // Decode after the module exists so its variables are freed on error.
        let mut module = module;
        for f in m
            .functions
            .iter()
            .filter(|f| f.is_entry && f.body.is_some())
        {
            module.kernels.push(decode_kernel(&m, &f.name, &addrs)?);
        }
        Ok(Arc::new(module))
    }

    /// Loads the PTX modules `ptx` linked into one, as a GPU's linker
    /// links them (see [`crate::link`]): an `.extern .func` of one input
    /// (a function declared with `cuda.declare_device`) calls its
    /// definition in another. One input is loaded as it is.
    pub fn load_module_linked(&self, ptx: &[&str]) -> Result<Arc<CpuModule>, CpuError> {
        match ptx {
            [one] => self.load_module(one),
            [] => Err(CpuError::Link("no PTX module to load".into())),
            several => self.load_module(&crate::link::link_ptx(several).map_err(CpuError::Link)?),
        }
    }

    /// Runs `kernel` on a grid and returns when it finished. `params[i]`
    /// holds the bytes of the kernel's i-th `.param`.
    pub fn launch(
        &self,
        module: &CpuModule,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
    ) -> Result<LaunchStats, CpuError> {
        self.launch_with(module, kernel, config, params, false)
    }

    /// How many blocks of `block_threads` threads with `dynamic_shared`
    /// bytes of dynamic shared memory a cooperative launch of `kernel` may
    /// have: [`max_active_blocks_per_sm`] times
    /// [`COOPERATIVE_MULTIPROCESSORS`] (numba-cuda's
    /// `max_cooperative_grid_blocks`).
    pub fn max_cooperative_blocks(
        &self,
        module: &CpuModule,
        kernel: &str,
        block_threads: u32,
        dynamic_shared: u32,
    ) -> Result<u64, CpuError> {
        let prog = module.program(kernel).ok_or_else(|| {
            CpuError::InvalidLaunch(format!("no kernel `{kernel}` in the module"))
        })?;
        let shared = prog.shared_static.next_multiple_of(16) + dynamic_shared as usize;
        Ok(
            u64::from(max_active_blocks_per_sm(block_threads, shared))
                * COOPERATIVE_MULTIPROCESSORS,
        )
    }

    /// Runs `kernel` as a cooperative launch: every block at once, each on
    /// its own host thread, so that its blocks may wait for one another at
    /// a grid barrier (`cuda.cg.this_grid().sync()`); the module's grid
    /// barrier counter is zeroed first (a launch stopped half-way may have
    /// left it mid-barrier). Any grid up to
    /// [`MAX_COOPERATIVE_BLOCKS`](super::exec::launch::MAX_COOPERATIVE_BLOCKS)
    /// blocks runs (the emulated driver accepts what its device holds);
    /// what the device advertises is [`max_cooperative_blocks`](Self::max_cooperative_blocks).
    pub fn launch_cooperative(
        &self,
        module: &CpuModule,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
    ) -> Result<LaunchStats, CpuError> {
        let blocks = config.grid.iter().map(|&g| u64::from(g)).product::<u64>();
        let most = super::exec::launch::MAX_COOPERATIVE_BLOCKS;
        if blocks > most {
            return Err(CpuError::InvalidLaunch(format!(
                "a cooperative grid of {blocks} blocks: the CPU device runs at most {most} at once"
            )));
        }
        if module.device == self.id {
            if let Some(&(addr, size)) = module.globals.get(GRID_BARRIER_SYMBOL) {
                lock(&self.heap).fill(addr, 0, size)?;
            }
        }
        self.launch_with(module, kernel, config, params, true)
    }

    fn launch_with(
        &self,
        module: &CpuModule,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
        cooperative: bool,
    ) -> Result<LaunchStats, CpuError> {
        if module.device != self.id {
            return Err(CpuError::InvalidLaunch(
                "the module was loaded on another device".into(),
            ));
        }
        let prog = module.program(kernel).ok_or_else(|| {
            CpuError::InvalidLaunch(format!(
                "no kernel `{kernel}` in the module (kernels: {})",
                module.kernels().join(", ")
            ))
        })?;
        let buf = validate(prog, config, params)?;
        let workers = match self.options.workers {
            0 => host_cores(),
            n => n,
        };
        let start = Instant::now();
        let outcome = {
            let mut heap = lock(&self.heap);
            let grid = Grid {
                prog,
                grid: config.grid,
                block: config.block,
                dyn_shared: config.shared_bytes as usize,
                params: &buf,
                check: self.options.check,
                workers,
                step_limit: match self.options.step_limit {
                    0 => u64::MAX,
                    n => n,
                },
                // The launch runs, and its time limit counts, from here.
                stop: self.control.start(),
                cooperative,
            };
            let view = heap.view();
            run_grid(&grid, &view)
        };
        let elapsed = start.elapsed();
        if !outcome.printf.is_empty() {
            match &self.options.printf {
                PrintfSink::Stdout => {
                    let mut out = std::io::stdout().lock();
                    let _ = out.write_all(&outcome.printf);
                    let _ = out.flush();
                }
                PrintfSink::Capture(buf) => buf
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .extend_from_slice(&outcome.printf),
            }
        }
        if let Some(e) = outcome.error {
            return Err(e);
        }
        let [gx, gy, gz] = config.grid;
        let [bx, by, bz] = config.block;
        Ok(LaunchStats {
            threads: gx as u64 * gy as u64 * gz as u64 * (bx * by * bz) as u64,
            instructions: outcome.steps,
            elapsed,
        })
    }
}

/// Checks a launch and packs its parameter buffer.
fn validate(prog: &Program, c: &LaunchConfig, params: &[&[u8]]) -> Result<Vec<u8>, CpuError> {
    // The driver's error for each of these is CUDA_ERROR_INVALID_VALUE.
    let bad = |m: String| {
        Err(CpuError::InvalidLaunch(format!(
            "CUDA_ERROR_INVALID_VALUE: {m}"
        )))
    };
    if c.grid.contains(&0) || c.block.contains(&0) {
        return bad(format!(
            "grid {:?} and block {:?} must have no zero dimension",
            c.grid, c.block
        ));
    }
    let threads = c.block.iter().map(|&x| x as u64).product::<u64>();
    if threads > MAX_THREADS_PER_BLOCK as u64 || c.block[2] > 64 {
        return bad(format!(
            "block {:?} has {threads} threads; at most {MAX_THREADS_PER_BLOCK} (and z <= 64)",
            c.block
        ));
    }
    // The kernel's launch bounds.
    if let Err(m) = prog.block_limit.check(c.block) {
        return bad(m);
    }
    if c.grid[0] > i32::MAX as u32 || c.grid[1] > 65535 || c.grid[2] > 65535 {
        return bad(format!("grid {:?} is too large", c.grid));
    }
    let shared = prog.shared_static.next_multiple_of(16) + c.shared_bytes as usize;
    if shared > MAX_SHARED_BYTES {
        return bad(format!(
            "the block needs {shared} bytes of shared memory ({} static + {} dynamic); at most \
             {MAX_SHARED_BYTES}",
            prog.shared_static, c.shared_bytes
        ));
    }
    if params.len() != prog.params.len() {
        return bad(format!(
            "kernel `{}` takes {} parameters, {} given",
            prog.name,
            prog.params.len(),
            params.len()
        ));
    }
    let mut buf = vec![0u8; prog.param_bytes];
    for (i, (p, bytes)) in prog.params.iter().zip(params).enumerate() {
        if bytes.len() != p.size {
            return bad(format!(
                "parameter {i} (`{}`) of kernel `{}` is {} bytes, {} given",
                p.name,
                prog.name,
                p.size,
                bytes.len()
            ));
        }
        let o = prog.param_offsets[i];
        buf[o..o + p.size].copy_from_slice(bytes);
    }
    Ok(buf)
}

impl CpuModule {
    /// The kernels, in text order.
    pub fn kernels(&self) -> Vec<&str> {
        self.kernels.iter().map(|k| k.name.as_str()).collect()
    }

    /// A kernel's parameters.
    pub fn kernel_params(&self, kernel: &str) -> Option<Vec<ParamDecl>> {
        self.program(kernel).map(|p| p.params.clone())
    }

    /// The shared, local, constant and register needs of a kernel, and
    /// the largest block it may have.
    pub fn kernel_resources(&self, kernel: &str) -> Option<KernelResources> {
        self.program(kernel).map(|p| KernelResources {
            shared_bytes: p.shared_static,
            local_bytes: p.local_frame,
            register_slots: p.nslots,
            max_threads_per_block: p
                .block_limit
                .max_threads()
                .map_or(MAX_THREADS_PER_BLOCK, |n| {
                    u32::try_from(n)
                        .unwrap_or(u32::MAX)
                        .min(MAX_THREADS_PER_BLOCK)
                }),
            const_bytes: self.const_bytes,
        })
    }

    /// A module-scope `.global`/`.const` variable: address and size.
    pub fn global(&self, name: &str) -> Option<(DevicePtr, usize)> {
        self.globals.get(name).map(|&(a, s)| (DevicePtr(a), s))
    }

    fn program(&self, kernel: &str) -> Option<&Program> {
        self.kernels.iter().find(|k| k.name == kernel)
    }
}

impl Drop for CpuModule {
    fn drop(&mut self) {
        if let Some(h) = self.heap.upgrade() {
            let mut heap = lock(&h);
            for &(a, _) in self.globals.values() {
                let _ = heap.free(a);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_and_module_are_send_and_sync() {
        fn ok<T: Send + Sync>() {}
        ok::<CpuDevice>();
        ok::<CpuModule>();
    }
}
