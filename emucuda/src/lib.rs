//! kernelc's emulated CUDA driver: `libkernelc_emucuda.so` exports CUDA
//! driver API entry points (the names and C signatures of NVIDIA's
//! `cuda.h`, returning its `CUresult` codes) and runs them on kernelc's CPU
//! device, so that anything that drives a GPU through the driver API —
//! kernelc's own GPU path (`KERNELC_CUDA_DRIVER`), or a program that loads
//! `libcuda.so` — can run PTX without a GPU.
//!
//! - [`exports`]: the exported entry points (the only C boundary) and the
//!   list of their names ([`EXPORTED`]);
//! - [`ffi`]: the panic boundary and the checked pointer helpers;
//! - [`state`]: the device, contexts, allocations, modules, streams and
//!   events, in safe Rust;
//! - [`proc_address`]: `cuGetProcAddress`'s table of versioned variants;
//! - [`attrs`]: the device's and functions' attributes;
//! - [`host`]: page-locked host memory, and the host ranges the program
//!   registers;
//! - [`status`]: `CUresult` codes, names and descriptions.
//!
//! One device (ordinal 0) of compute capability 8.0; work runs
//! synchronously, so a launch's fault is the launch's own error. Entry
//! points not listed in [`EXPORTED`] are not exported.

pub mod attrs;
mod exports;
pub mod ffi;
pub mod host;
mod proc_address;
pub mod state;
pub mod status;

pub use exports::EXPORTED;
