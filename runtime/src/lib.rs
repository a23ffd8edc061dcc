//! kernelc's runtime: what runs a compiled kernel.
//!
//! - [`cpu`]: the CPU device, a SIMT simulator that executes PTX text (the
//!   PTX kernelc emits and the PTX NVIDIA's NVRTC emits for ordinary CUDA C
//!   kernels), so every kernel can run without a GPU;
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
pub mod launch;

pub use cpu::{CpuDevice, CpuError, CpuModule, CpuOptions, ParamDecl, PrintfSink};
pub use device::{Device, DeviceKind, DevicePtr, LaunchConfig, LaunchStats, Module};
pub use error::Error;
