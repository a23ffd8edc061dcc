//! kernelc's runtime: what runs a compiled kernel.
//!
//! - [`cpu`]: the CPU device, a SIMT simulator that executes PTX (the PTX
//!   kernelc emits and what NVIDIA's NVRTC emits for ordinary kernels), so
//!   every kernel can run without a GPU;
//! - [`gpu`]: NVIDIA GPUs through the driver, loaded at run time
//!   (discovery, devices, memory, modules, launches, streams, events);
//! - [`device`]: one type for every device, so callers do not care which
//!   one runs a kernel;
//! - [`args`]: kernel arguments checked and encoded in the kernel ABI;
//! - [`launch`]: `kernel[grid, block](args)` with host arrays copied in and
//!   (when written) out;
//! - [`error`]: what can go wrong.

pub mod args;
pub mod cpu;
pub mod device;
pub mod error;
pub mod gpu;
pub mod launch;

pub use cpu::{CpuDevice, CpuError, CpuModule, CpuOptions, LaunchStats, ParamDecl, PrintfSink};
pub use device::{Device, DeviceKind, DevicePtr, LaunchConfig, Module};
pub use error::Error;
