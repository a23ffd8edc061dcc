//! The CPU device: a SIMT simulator that executes PTX text.
//!
//! [`CpuDevice`] owns device memory and runs kernels of modules loaded from
//! PTX ([`CpuModule`]). The PTX is parsed and decoded once per module
//! ([`ptx`]) and executed warp by warp ([`exec`]); a running launch can be
//! interrupted from another thread or given a time limit ([`interrupt`]).

pub mod device;
pub mod error;
pub mod exec;
pub mod interrupt;
pub mod ptx;

pub use device::{
    host_cores, max_active_blocks_per_sm, CpuDevice, CpuModule, CpuOptions, DevicePtr,
    KernelResources, LaunchConfig, LaunchStats, ParamDecl, PrintfSink, COOPERATIVE_MULTIPROCESSORS,
    GRID_BARRIER_SYMBOL,
};
pub use error::{CpuError, Location};
