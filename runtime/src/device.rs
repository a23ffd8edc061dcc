//! Devices: one type for every device that runs kernels, so callers (the
//! CLI, the C ABI, the bindings) do not care which one runs a kernel.
//!
//! Today the CPU device ([`crate::cpu`]) is the only one; the GPU joins
//! this enum with the driver runtime.

use crate::cpu::{CpuDevice, CpuModule, CpuOptions};
use crate::error::Error;
use kernelc_compiler::ptx::Target;
use std::sync::Arc;

pub use crate::cpu::{DevicePtr, LaunchConfig, LaunchStats};

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

/// A device that runs kernels.
pub enum Device {
    /// The CPU device.
    Cpu(CpuDevice),
}

/// A module loaded on a device.
pub enum Module {
    /// PTX decoded for the CPU device.
    Cpu(Arc<CpuModule>),
}

impl Device {
    /// Opens a device. `workers` (0 = all cores) and `check` (run-time
    /// checking: shared/local bounds, races, divergent barriers) apply to
    /// the CPU device.
    pub fn open(kind: DeviceKind, workers: usize, check: bool) -> Result<Device, Error> {
        match kind {
            DeviceKind::Cpu | DeviceKind::Auto => {
                Ok(Device::Cpu(CpuDevice::new(CpuOptions {
                    workers,
                    check,
                    ..CpuOptions::default()
                })))
            }
            DeviceKind::Gpu => Err(Error::NoGpu(
                "no GPU: this build of kernelc runs kernels on the CPU device only (use --device cpu or auto)"
                    .into(),
            )),
        }
    }

    /// A name for messages: `the CPU device (2 workers)`.
    pub fn name(&self) -> String {
        match self {
            Device::Cpu(d) => {
                let workers = match d.options().workers {
                    0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
                    n => n,
                };
                format!("the CPU device ({workers} workers)")
            }
        }
    }

    /// The PTX target to compile for.
    pub fn ptx_target(&self) -> Target {
        match self {
            Device::Cpu(_) => Target::default(),
        }
    }

    /// Allocates `bytes` of zeroed device memory.
    pub fn alloc(&self, bytes: usize) -> Result<DevicePtr, Error> {
        match self {
            Device::Cpu(d) => Ok(d.alloc(bytes)?),
        }
    }

    /// Frees an allocation.
    pub fn free(&self, ptr: DevicePtr) -> Result<(), Error> {
        match self {
            Device::Cpu(d) => Ok(d.free(ptr)?),
        }
    }

    /// Copies host bytes to device memory at `dst`.
    pub fn copy_to_device(&self, dst: DevicePtr, src: &[u8]) -> Result<(), Error> {
        match self {
            Device::Cpu(d) => Ok(d.copy_to_device(dst, src)?),
        }
    }

    /// Copies device memory at `src` to host bytes.
    pub fn copy_from_device(&self, dst: &mut [u8], src: DevicePtr) -> Result<(), Error> {
        match self {
            Device::Cpu(d) => Ok(d.copy_from_device(dst, src)?),
        }
    }

    /// Loads a PTX module.
    pub fn load_module(&self, ptx: &str) -> Result<Module, Error> {
        match self {
            Device::Cpu(d) => Ok(Module::Cpu(d.load_module(ptx)?)),
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
        match (self, module) {
            (Device::Cpu(d), Module::Cpu(m)) => Ok(d.launch(m, kernel, config, params)?),
        }
    }
}

impl Module {
    /// The address and size of a module-scope variable (`.global`/`.const`).
    pub fn global(&self, name: &str) -> Option<(DevicePtr, usize)> {
        match self {
            Module::Cpu(m) => m.global(name),
        }
    }

    /// The byte size of each `.param` of `kernel`, in order.
    pub fn kernel_params(&self, kernel: &str) -> Option<Vec<usize>> {
        match self {
            Module::Cpu(m) => m
                .kernel_params(kernel)
                .map(|ps| ps.iter().map(|p| p.size).collect()),
        }
    }

    /// The kernels' names.
    pub fn kernels(&self) -> Vec<String> {
        match self {
            Module::Cpu(m) => m.kernels().into_iter().map(str::to_string).collect(),
        }
    }
}
