//! Devices: one type for every device that runs kernels, so callers (the
//! CLI, the C ABI, the bindings) do not care which one runs a kernel.
//!
//! [`Device::Cpu`] is the SIMT simulator ([`crate::cpu`]); [`Device::Gpu`]
//! an NVIDIA GPU through the driver ([`crate::gpu`]). `DeviceKind::Auto`
//! picks the GPU when one is usable and the CPU device otherwise.

use crate::cpu::{CpuDevice, CpuModule, CpuOptions};
use crate::error::Error;
use crate::gpu::{self, GpuDevice, GpuError, GpuModule};
use kernelc_abi::Target;
use std::sync::Arc;
use std::time::Duration;

pub use crate::cpu::{DevicePtr, LaunchConfig};

/// Which device to open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceKind {
    /// The CPU device (the SIMT simulator).
    Cpu,
    /// An NVIDIA GPU through the driver.
    Gpu,
    /// The GPU when one is usable, else the CPU device.
    Auto,
}

/// Memory that the host and kernels both reach, as Numba's mapped and
/// managed arrays are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostVisible {
    /// Page-locked host memory mapped into the device (on a GPU,
    /// `cuMemHostAlloc` with `CU_MEMHOSTALLOC_DEVICEMAP`).
    Mapped,
    /// Managed memory, one address for the host and the device (on a GPU,
    /// `cuMemAllocManaged`).
    Managed,
}

/// An allocation of [`HostVisible`] memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostVisibleAlloc {
    /// Which kind it is.
    pub kind: HostVisible,
    /// The address kernels use (what a kernel's array argument holds).
    pub device: DevicePtr,
    /// The address of its first byte in the host's memory.
    pub host: usize,
}

/// A device that runs kernels.
pub enum Device {
    /// The CPU device.
    Cpu(CpuDevice),
    /// An NVIDIA GPU.
    Gpu(GpuDevice),
}

/// A module loaded on a device.
pub enum Module {
    /// PTX decoded for the CPU device.
    Cpu(Arc<CpuModule>),
    /// PTX loaded by the driver's JIT.
    Gpu(Arc<GpuModule>),
}

/// What a finished launch reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchStats {
    /// Time of the kernel itself: wall-clock on the CPU device, measured
    /// with events on a GPU.
    pub elapsed: Duration,
    /// Host time from the launch call until the kernel finished.
    pub host_time: Duration,
}

impl Device {
    /// Opens a device (GPU 0 for a GPU). `workers` (0 = all cores) and
    /// `check` (run-time checking: shared/local bounds, races, divergent
    /// barriers) apply to the CPU device.
    pub fn open(kind: DeviceKind, workers: usize, check: bool) -> Result<Device, Error> {
        Device::open_ordinal(kind, 0, workers, check)
    }

    /// Opens a device, GPU `ordinal` for a GPU (`Auto` falls back to the
    /// CPU device only when no GPU is usable at all).
    pub fn open_ordinal(
        kind: DeviceKind,
        ordinal: usize,
        workers: usize,
        check: bool,
    ) -> Result<Device, Error> {
        let cpu = || {
            Device::Cpu(CpuDevice::new(CpuOptions {
                workers,
                check,
                ..CpuOptions::default()
            }))
        };
        match kind {
            DeviceKind::Cpu => Ok(cpu()),
            DeviceKind::Gpu => Ok(Device::Gpu(GpuDevice::open(ordinal)?)),
            DeviceKind::Auto => match GpuDevice::open(ordinal) {
                Ok(g) => Ok(Device::Gpu(g)),
                // A variable naming a missing driver file is a mistake to
                // report, not a reason to run elsewhere.
                Err(e) if e.is_no_gpu() && !matches!(e, GpuError::MissingDriverFile { .. }) => {
                    Ok(cpu())
                }
                Err(e) => Err(e.into()),
            },
        }
    }

    /// A name for messages: `the CPU device (2 workers)`, `GPU 0 (NVIDIA H100)`.
    pub fn name(&self) -> String {
        match self {
            Device::Cpu(d) => {
                let workers = match d.options().workers {
                    0 => crate::cpu::host_cores(),
                    n => n,
                };
                format!(
                    "the CPU device ({workers} worker{})",
                    if workers == 1 { "" } else { "s" }
                )
            }
            Device::Gpu(g) => g.name(),
        }
    }

    /// The PTX target to compile for.
    pub fn ptx_target(&self) -> Target {
        match self {
            Device::Cpu(_) => Target::default(),
            Device::Gpu(g) => g.ptx_target(),
        }
    }

    /// Allocates `bytes` of zeroed device memory.
    pub fn alloc(&self, bytes: usize) -> Result<DevicePtr, Error> {
        match self {
            Device::Cpu(d) => Ok(d.alloc(bytes)?),
            Device::Gpu(g) => Ok(DevicePtr(g.alloc(bytes)?.0)),
        }
    }

    /// Allocates `bytes` of zeroed memory that the host and kernels both
    /// reach (Numba's mapped and managed arrays; see [`HostVisible`]). On
    /// the CPU device both kinds are memory of the host at the address
    /// kernels use.
    pub fn alloc_host_visible(
        &self,
        bytes: usize,
        kind: HostVisible,
    ) -> Result<HostVisibleAlloc, Error> {
        let (device, host) = match (self, kind) {
            (Device::Cpu(d), _) => {
                let p = d.alloc_host_visible(bytes)?;
                (p, p.0 as usize)
            }
            (Device::Gpu(g), HostVisible::Mapped) => {
                let (dev, host) = g.alloc_mapped(bytes)?;
                (DevicePtr(dev.0), host as usize)
            }
            (Device::Gpu(g), HostVisible::Managed) => {
                let p = g.alloc_managed(bytes)?;
                (DevicePtr(p.0), p.0 as usize)
            }
        };
        Ok(HostVisibleAlloc { kind, device, host })
    }

    /// Frees memory from [`alloc_host_visible`](Self::alloc_host_visible).
    pub fn free_host_visible(&self, a: HostVisibleAlloc) -> Result<(), Error> {
        match (self, a.kind) {
            (Device::Cpu(d), _) => Ok(d.free(a.device)?),
            (Device::Gpu(g), HostVisible::Mapped) => Ok(g.free_mapped(a.host as *mut u8)?),
            (Device::Gpu(g), HostVisible::Managed) => Ok(g.free(gpu::DevicePtr(a.device.0))?),
        }
    }

    /// Frees an allocation.
    pub fn free(&self, ptr: DevicePtr) -> Result<(), Error> {
        match self {
            Device::Cpu(d) => Ok(d.free(ptr)?),
            Device::Gpu(g) => Ok(g.free(gpu::DevicePtr(ptr.0))?),
        }
    }

    /// Sets `len` bytes at `dst` to `byte`.
    pub fn memset(&self, dst: DevicePtr, byte: u8, len: usize) -> Result<(), Error> {
        match self {
            Device::Cpu(d) => Ok(d.memset(dst, byte, len)?),
            Device::Gpu(g) => Ok(g.memset(gpu::DevicePtr(dst.0), byte, len)?),
        }
    }

    /// Copies host bytes to device memory at `dst`.
    pub fn copy_to_device(&self, dst: DevicePtr, src: &[u8]) -> Result<(), Error> {
        match self {
            Device::Cpu(d) => Ok(d.copy_to_device(dst, src)?),
            Device::Gpu(g) => Ok(g.copy_to_device(gpu::DevicePtr(dst.0), src)?),
        }
    }

    /// Copies device memory at `src` to host bytes.
    pub fn copy_from_device(&self, dst: &mut [u8], src: DevicePtr) -> Result<(), Error> {
        match self {
            Device::Cpu(d) => Ok(d.copy_from_device(dst, src)?),
            Device::Gpu(g) => Ok(g.copy_from_device(dst, gpu::DevicePtr(src.0))?),
        }
    }

    /// Copies `bytes` bytes of device memory from `src` to `dst` (both on
    /// this device; the ranges may overlap, the copy behaves as if staged).
    ///
    /// A GPU copies with `cuMemcpyDtoD` when the ranges do not overlap.
    /// The CPU device, and overlapping ranges on a GPU, copy through the
    /// device's memory API, staged in host chunks of at most
    /// [`STAGING_CHUNK`] bytes (each range must lie inside one
    /// allocation).
    pub fn copy_device_to_device(
        &self,
        dst: DevicePtr,
        src: DevicePtr,
        bytes: usize,
    ) -> Result<(), Error> {
        if bytes == 0 {
            return Ok(());
        }
        let n = bytes as u64;
        let overlapping = src.0 < dst.0.saturating_add(n) && dst.0 < src.0.saturating_add(n);
        if let (Device::Gpu(g), false) = (self, overlapping) {
            return Ok(g.copy_device_to_device(
                gpu::DevicePtr(dst.0),
                gpu::DevicePtr(src.0),
                bytes,
            )?);
        }
        if overlapping {
            // Read everything first so a forward overlap copies the
            // original bytes.
            let mut all = vec![0u8; bytes];
            self.copy_from_device(&mut all, src)?;
            return self.copy_to_device(dst, &all);
        }
        let mut staging = vec![0u8; bytes.min(STAGING_CHUNK)];
        let mut done = 0usize;
        while done < bytes {
            let n = (bytes - done).min(STAGING_CHUNK);
            let chunk = &mut staging[..n];
            self.copy_from_device(chunk, src.offset(done as u64))?;
            self.copy_to_device(dst.offset(done as u64), chunk)?;
            done += n;
        }
        Ok(())
    }

    /// The device's memory: `(free, total)` bytes.
    ///
    /// - CPU device: its memory is the host's, so this is the host's
    ///   `MemAvailable` and `MemTotal` from `/proc/meminfo` (an error where
    ///   there is no `/proc/meminfo`).
    /// - GPU: the driver's `cuMemGetInfo`.
    pub fn memory_info(&self) -> Result<(u64, u64), Error> {
        match self {
            Device::Cpu(_) => {
                let text = std::fs::read_to_string("/proc/meminfo").map_err(|e| {
                    Error::Argument(format!(
                        "the CPU device's memory is the host's, which cannot be read \
                         from /proc/meminfo: {e}"
                    ))
                })?;
                host_memory(&text).ok_or_else(|| {
                    Error::Argument("/proc/meminfo has no MemTotal line".to_string())
                })
            }
            Device::Gpu(g) => Ok(g.memory_info()?),
        }
    }

    /// Loads a PTX module.
    pub fn load_module(&self, ptx: &str) -> Result<Module, Error> {
        match self {
            Device::Cpu(d) => Ok(Module::Cpu(d.load_module(ptx)?)),
            Device::Gpu(g) => Ok(Module::Gpu(g.load_module(ptx)?)),
        }
    }

    /// Loads several PTX modules linked into one: a kernel module whose
    /// `.extern .func` declarations (`cuda.declare_device`) the others
    /// define. On a GPU the driver's linker links them; the CPU device
    /// links the texts ([`crate::link`]).
    pub fn load_module_linked(&self, ptx: &[&str]) -> Result<Module, Error> {
        match self {
            Device::Cpu(d) => Ok(Module::Cpu(d.load_module_linked(ptx)?)),
            Device::Gpu(g) => Ok(Module::Gpu(g.load_module_linked(ptx)?)),
        }
    }

    /// Launches `kernel` with one byte vector per `.param` and waits for it.
    pub fn launch(
        &self,
        module: &Module,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
    ) -> Result<LaunchStats, Error> {
        self.launch_with(module, kernel, config, params, false)
    }

    /// How many blocks of `block_threads` threads with `dynamic_shared`
    /// bytes of dynamic shared memory a cooperative launch of `kernel` may
    /// have (numba-cuda's `max_cooperative_grid_blocks`): on a GPU the
    /// driver's occupancy times its multiprocessors, on the CPU device
    /// the same model over [`crate::cpu::COOPERATIVE_MULTIPROCESSORS`].
    pub fn max_cooperative_blocks(
        &self,
        module: &Module,
        kernel: &str,
        block_threads: u32,
        dynamic_shared: u32,
    ) -> Result<u64, Error> {
        match (self, module) {
            (Device::Cpu(d), Module::Cpu(m)) => {
                Ok(d.max_cooperative_blocks(m, kernel, block_threads, dynamic_shared)?)
            }
            (Device::Gpu(g), Module::Gpu(m)) => {
                Ok(g.max_cooperative_blocks(m, kernel, block_threads, dynamic_shared)?)
            }
            _ => Err(Error::Argument(
                "the module was loaded on a different kind of device".into(),
            )),
        }
    }

    /// Launches `kernel` cooperatively and waits for it: every block of the
    /// grid resident at once (a kernel that uses `cuda.cg.this_grid()`
    /// needs it). A grid larger than
    /// [`max_cooperative_blocks`](Self::max_cooperative_blocks) is refused.
    pub fn launch_cooperative(
        &self,
        module: &Module,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
    ) -> Result<LaunchStats, Error> {
        self.launch_with(module, kernel, config, params, true)
    }

    /// The CPU device's check of a cooperative grid against what it
    /// advertises (a GPU's is made by [`GpuDevice`]).
    fn check_cpu_cooperative(
        &self,
        module: &Module,
        kernel: &str,
        config: &LaunchConfig,
    ) -> Result<(), Error> {
        let threads = config.block.iter().map(|&b| u64::from(b)).product::<u64>();
        let blocks = config.grid.iter().map(|&g| u64::from(g)).product::<u64>();
        let t32 = u32::try_from(threads).unwrap_or(u32::MAX);
        let most = self.max_cooperative_blocks(module, kernel, t32, config.shared_bytes)?;
        if blocks > most {
            return Err(Error::Argument(format!(
                "cooperative launch of '{kernel}': a grid of {blocks} blocks, but at most {most} \
                 blocks of {threads} threads with {} bytes of dynamic shared memory run at once \
                 on this device; launch at most max_cooperative_grid_blocks blocks",
                config.shared_bytes
            )));
        }
        Ok(())
    }

    fn launch_with(
        &self,
        module: &Module,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
        cooperative: bool,
    ) -> Result<LaunchStats, Error> {
        match (self, module) {
            (Device::Cpu(d), Module::Cpu(m)) => {
                let start = std::time::Instant::now();
                let s = if cooperative {
                    self.check_cpu_cooperative(module, kernel, config)?;
                    d.launch_cooperative(m, kernel, config, params)?
                } else {
                    d.launch(m, kernel, config, params)?
                };
                crate::raised::check(self, module, kernel)?;
                Ok(LaunchStats {
                    elapsed: s.elapsed,
                    host_time: start.elapsed(),
                })
            }
            (Device::Gpu(g), Module::Gpu(m)) => {
                let config = gpu::LaunchConfig {
                    grid: config.grid,
                    block: config.block,
                    shared_bytes: config.shared_bytes,
                };
                let s = if cooperative {
                    g.launch_cooperative(m, kernel, &config, params)?
                } else {
                    g.launch(m, kernel, &config, params)?
                };
                crate::raised::check(self, module, kernel)?;
                Ok(LaunchStats {
                    elapsed: s.kernel_time,
                    host_time: s.host_time,
                })
            }
            _ => Err(Error::Argument(
                "the module was loaded on a different kind of device".into(),
            )),
        }
    }

    /// Queues `kernel` on `stream` (`None`: the default stream) without
    /// waiting for it on a GPU (a fault surfaces in a later call that
    /// waits, see [`GpuDevice::launch_async`]); the CPU device runs it
    /// before returning, as it runs everything.
    pub fn enqueue(
        &self,
        module: &Module,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
        stream: Option<&gpu::Stream>,
    ) -> Result<(), Error> {
        self.enqueue_with(module, kernel, config, params, stream, false)
    }

    /// [`enqueue`](Self::enqueue) as a cooperative launch (see
    /// [`launch_cooperative`](Self::launch_cooperative)).
    pub fn enqueue_cooperative(
        &self,
        module: &Module,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
        stream: Option<&gpu::Stream>,
    ) -> Result<(), Error> {
        self.enqueue_with(module, kernel, config, params, stream, true)
    }

    fn enqueue_with(
        &self,
        module: &Module,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
        stream: Option<&gpu::Stream>,
        cooperative: bool,
    ) -> Result<(), Error> {
        match (self, module) {
            (Device::Cpu(_), Module::Cpu(_)) => self
                .launch_with(module, kernel, config, params, cooperative)
                .map(|_| ()),
            (Device::Gpu(g), Module::Gpu(m)) => {
                let config = gpu::LaunchConfig {
                    grid: config.grid,
                    block: config.block,
                    shared_bytes: config.shared_bytes,
                };
                if cooperative {
                    g.launch_cooperative_async(m, kernel, &config, params, stream)?
                } else {
                    g.launch_async(m, kernel, &config, params, stream)?
                }
                // A kernel that can raise is waited for, as Numba waits
                // for a debug kernel, to read its exception record.
                if crate::raised::can_raise(module) {
                    g.synchronize()?;
                    crate::raised::check(self, module, kernel)?;
                }
                Ok(())
            }
            _ => Err(Error::Argument(
                "the module was loaded on a different kind of device".into(),
            )),
        }
    }

    /// Stops every launch running on the device now (from any thread):
    /// each returns `CpuError::Interrupted`, and the device stays usable.
    /// Only the CPU device can do this; a GPU kernel cannot be stopped.
    pub fn interrupt(&self) -> Result<(), Error> {
        match self {
            Device::Cpu(d) => {
                d.interrupt();
                Ok(())
            }
            Device::Gpu(_) => Err(Error::Argument(
                "a launch on a GPU cannot be interrupted (only the CPU device's can)".into(),
            )),
        }
    }

    /// Limits how long each launch that starts from now on may run on the
    /// CPU device (`None` or zero: no limit); a longer launch stops with
    /// `CpuError::Timeout`. A GPU takes `None` only.
    pub fn set_launch_timeout(&self, limit: Option<Duration>) -> Result<(), Error> {
        match self {
            Device::Cpu(d) => {
                d.set_timeout(limit);
                Ok(())
            }
            Device::Gpu(_) if limit.is_none_or(|l| l.is_zero()) => Ok(()),
            Device::Gpu(_) => Err(Error::Argument(
                "a time limit on launches is supported on the CPU device only (a GPU kernel \
                 cannot be stopped)"
                    .into(),
            )),
        }
    }

    /// Waits for all work queued on the device.
    pub fn synchronize(&self) -> Result<(), Error> {
        match self {
            Device::Cpu(_) => Ok(()),
            Device::Gpu(g) => Ok(g.synchronize()?),
        }
    }
}

impl Module {
    /// The address and size of a module-scope variable (`.global`/`.const`).
    pub fn global(&self, name: &str) -> Option<(DevicePtr, usize)> {
        match self {
            Module::Cpu(m) => m.global(name),
            Module::Gpu(m) => m.global(name).map(|(p, n)| (DevicePtr(p.0), n)),
        }
    }

    /// The address and size of the module's exception record
    /// ([`crate::raised::RECORD`]), which a kernel compiled with `debug`
    /// has.
    pub fn exception_record(&self) -> Option<(DevicePtr, usize)> {
        match self {
            Module::Cpu(m) => m.global(crate::raised::RECORD),
            Module::Gpu(m) => m.exception_record().map(|(p, n)| (DevicePtr(p.0), n)),
        }
    }

    /// The byte size of each `.param` of `kernel`, in order.
    pub fn kernel_params(&self, kernel: &str) -> Option<Vec<usize>> {
        match self {
            Module::Cpu(m) => m
                .kernel_params(kernel)
                .map(|ps| ps.iter().map(|p| p.size).collect()),
            Module::Gpu(m) => m.kernel_params(kernel),
        }
    }

    /// What the device reports of `kernel` (numba-cuda's
    /// `get_regs_per_thread`, `get_shared_mem_per_block`...): on a GPU the
    /// driver's function attributes; on the CPU device the decoded
    /// kernel's (its registers are the simulator's register slots, not a
    /// hardware allocation).
    pub fn kernel_attributes(&self, kernel: &str) -> Result<KernelAttributes, Error> {
        match self {
            Module::Cpu(m) => {
                let r = m
                    .kernel_resources(kernel)
                    .ok_or_else(|| no_kernel(kernel))?;
                Ok(KernelAttributes {
                    registers_per_thread: r.register_slots,
                    max_threads_per_block: r.max_threads_per_block,
                    shared_bytes: r.shared_bytes as u64,
                    const_bytes: r.const_bytes as u64,
                    local_bytes_per_thread: r.local_bytes as u64,
                })
            }
            Module::Gpu(m) => {
                use cudarc::driver::sys::CUfunction_attribute as A;
                let get = |a| -> Result<u64, Error> {
                    Ok(u64::try_from(m.attribute(kernel, a)?).unwrap_or(0))
                };
                Ok(KernelAttributes {
                    registers_per_thread: get(A::CU_FUNC_ATTRIBUTE_NUM_REGS)? as u32,
                    max_threads_per_block: get(A::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)? as u32,
                    shared_bytes: get(A::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)?,
                    const_bytes: get(A::CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES)?,
                    local_bytes_per_thread: get(A::CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)?,
                })
            }
        }
    }

    /// Sets `kernel`'s preferred split of on-chip memory between shared
    /// memory and L1, in percent of the most shared memory (-1: the
    /// driver's default), as numba-cuda's `shared_memory_carveout`: a hint
    /// to the driver on a GPU; the CPU device, which has no L1, checks it
    /// and has nothing to set.
    pub fn set_shared_memory_carveout(&self, kernel: &str, percent: i32) -> Result<(), Error> {
        if !(-1..=100).contains(&percent) {
            return Err(Error::Argument(format!(
                "a shared memory carveout of {percent}: it must be -1 to 100 (percent)"
            )));
        }
        match self {
            Module::Cpu(m) => m
                .kernel_resources(kernel)
                .map(|_| ())
                .ok_or_else(|| no_kernel(kernel)),
            Module::Gpu(m) => {
                use cudarc::driver::sys::CUfunction_attribute as A;
                let carveout = A::CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT;
                Ok(m.set_attribute(kernel, carveout, percent)?)
            }
        }
    }

    /// The kernels' names.
    pub fn kernels(&self) -> Vec<String> {
        match self {
            Module::Cpu(m) => m.kernels().into_iter().map(str::to_string).collect(),
            Module::Gpu(m) => m.kernels().into_iter().map(str::to_string).collect(),
        }
    }
}

/// A loaded kernel's resources, as the device reports them (see
/// [`Module::kernel_attributes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelAttributes {
    /// Registers per thread.
    pub registers_per_thread: u32,
    /// The largest block it may be launched with.
    pub max_threads_per_block: u32,
    /// Static shared memory per block, in bytes.
    pub shared_bytes: u64,
    /// Constant memory it uses, in bytes.
    pub const_bytes: u64,
    /// Local memory per thread, in bytes.
    pub local_bytes_per_thread: u64,
}

fn no_kernel(kernel: &str) -> Error {
    Error::Argument(format!("the module has no kernel named '{kernel}'"))
}

/// Largest host staging buffer of [`Device::copy_device_to_device`].
pub const STAGING_CHUNK: usize = 64 << 20;

/// `(free, total)` bytes from the text of `/proc/meminfo`: `MemAvailable`
/// (or `MemFree` on kernels without it) and `MemTotal`.
fn host_memory(meminfo: &str) -> Option<(u64, u64)> {
    let field = |name: &str| {
        meminfo.lines().find_map(|l| {
            let rest = l.strip_prefix(name)?.strip_prefix(':')?;
            let kib: u64 = rest.trim().trim_end_matches("kB").trim().parse().ok()?;
            Some(kib * 1024)
        })
    };
    let total = field("MemTotal")?;
    let free = field("MemAvailable").or_else(|| field("MemFree"))?;
    Some((free.min(total), total))
}

/// One line per GPU the driver reports (`kernelc devices`), or why there
/// is none.
pub fn describe_gpus() -> Result<Vec<String>, Error> {
    Ok(gpu::devices()?.iter().map(|p| p.describe()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_meminfo() {
        let text = "MemTotal:       16314476 kB\nMemFree:          912340 kB\n\
                    MemAvailable:    8123456 kB\n";
        assert_eq!(
            host_memory(text),
            Some((8_123_456 * 1024, 16_314_476 * 1024))
        );
        assert_eq!(
            host_memory("MemTotal: 4 kB\nMemFree: 1 kB\n"),
            Some((1024, 4096))
        );
        assert_eq!(host_memory("nothing"), None);
    }

    #[test]
    fn copies_device_to_device_on_the_cpu_device() {
        let d = Device::open(DeviceKind::Cpu, 1, false).unwrap();
        let a = d.alloc(16).unwrap();
        let b = d.alloc(16).unwrap();
        d.copy_to_device(a, &(0u8..16).collect::<Vec<_>>()).unwrap();
        d.copy_device_to_device(b.offset(4), a, 8).unwrap();
        let mut out = [0u8; 16];
        d.copy_from_device(&mut out, b).unwrap();
        assert_eq!(out, [0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0]);
        // Overlapping, forward: as if staged.
        d.copy_device_to_device(a.offset(2), a, 8).unwrap();
        d.copy_from_device(&mut out, a).unwrap();
        assert_eq!(&out[..10], &[0, 1, 0, 1, 2, 3, 4, 5, 6, 7]);
        // Out of an allocation: an error, not a crash.
        assert!(d.copy_device_to_device(b, a.offset(12), 8).is_err());
        if cfg!(target_os = "linux") {
            let (free, total) = d.memory_info().unwrap();
            assert!(total > 0 && free <= total);
        }
    }
}
