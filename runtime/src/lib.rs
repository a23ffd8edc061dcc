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
//! - [`link`]: PTX modules linked into one (for the CPU device and the
//!   emulated driver);
//! - [`launch`]: `kernel[grid, block](args)` with host arrays copied in and
//!   (when written) out;
//! - [`raised`]: Python exceptions raised by `debug` kernels;
//! - [`error`]: what can go wrong.
//!
//! The CPU device on its own:
//!
//! ```
//! use kernelc_runtime::{CpuDevice, CpuOptions, LaunchConfig};
//!
//! let ptx = r#"
//! .version 7.0
//! .target sm_80
//! .address_size 64
//! .visible .entry twice(.param .u64 p)
//! {
//!     .reg .b32 %r<3>;
//!     .reg .b64 %rd<4>;
//!     ld.param.u64 %rd0, [p];
//!     mov.u32 %r0, %tid.x;
//!     mul.wide.u32 %rd1, %r0, 4;
//!     add.s64 %rd2, %rd0, %rd1;
//!     shl.b32 %r1, %r0, 1;
//!     st.global.u32 [%rd2], %r1;
//!     ret;
//! }
//! "#;
//! let device = CpuDevice::new(CpuOptions { check: true, ..CpuOptions::default() });
//! let module = device.load_module(ptx)?;
//! let buf = device.alloc(4 * 32)?;
//! let stats = device.launch(&module, "twice", &LaunchConfig::linear(1, 32), &[&buf.0.to_le_bytes()])?;
//! assert_eq!(stats.threads, 32);
//! let mut out = [0u8; 4 * 32];
//! device.copy_from_device(&mut out, buf)?;
//! assert_eq!(u32::from_le_bytes(out[4 * 5..4 * 6].try_into().unwrap()), 10);
//! # Ok::<(), kernelc_runtime::CpuError>(())
//! ```

pub mod args;
pub mod cpu;
pub mod device;
pub mod error;
pub mod gpu;
pub mod launch;
pub mod link;
pub mod raised;

pub use cpu::{CpuDevice, CpuError, CpuModule, CpuOptions, LaunchStats, ParamDecl, PrintfSink};
pub use device::{
    Device, DeviceKind, DevicePtr, HostVisible, HostVisibleAlloc, KernelAttributes, LaunchConfig,
    Module,
};
pub use error::Error;
