//! NVIDIA GPUs through the CUDA driver, loaded at run time (no CUDA
//! toolkit needed to build or run).
//!
//! - [`discovery`]: where the driver library is looked for, in order;
//! - [`driver`]: the loaded driver, its version and its errors;
//! - [`api`]: the entry points resolved from the library;
//! - [`result`]: `CUresult` values;
//! - [`error`]: [`GpuError`], every failure typed;
//! - [`props`]: a device's properties and its `kernelc devices` line;
//! - [`target`]: the `sm_XX` target and the driver's newest PTX ISA;
//! - [`context`]: primary contexts, made current around each call;
//! - [`memory`]: device addresses and pinned host buffers;
//! - [`module`], [`module_cache`], [`ptx_scan`]: PTX modules through the
//!   driver's JIT, cached by PTX hash;
//! - [`launch`]: launch shapes and the parameter array;
//! - [`stream`]: streams and events;
//! - [`sample`]: hand-written PTX for smoke tests and benchmarks;
//! - [`device`]: [`GpuDevice`], the device API (shaped like the CPU
//!   device's).

pub mod api;
pub mod context;
pub mod device;
pub mod discovery;
pub mod driver;
pub mod error;
pub mod launch;
pub mod memory;
pub mod module;
pub mod module_cache;
pub mod props;
pub mod ptx_scan;
pub mod result;
pub mod sample;
pub mod stream;
pub mod target;

pub use device::GpuDevice;
pub use discovery::{Attempt, DriverSearch, Failure, Place, Source};
pub use driver::Driver;
pub use error::{DriverStatus, GpuError, Lost};
pub use launch::{LaunchConfig, LaunchStats};
pub use memory::{DevicePtr, PinnedBuffer};
pub use module::GpuModule;
pub use props::DeviceProps;
pub use stream::{Event, Stream};
pub use target::{choose_target, max_ptx_isa, DriverVersion};

/// The properties of every GPU the environment's driver sees, or why
/// there are none (for `kernelc devices`).
pub fn devices() -> Result<Vec<DeviceProps>, GpuError> {
    Driver::load()?.devices()
}
