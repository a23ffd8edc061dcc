//! kernelc's runtime.
//!
//! For now it holds the CPU device ([`cpu`]): a SIMT simulator that
//! executes PTX text (the PTX kernelc emits and the PTX NVIDIA's NVRTC emits
//! for ordinary CUDA C kernels), so every kernel can run without a GPU.

pub mod cpu;

pub use cpu::{
    CpuDevice, CpuError, CpuModule, CpuOptions, DevicePtr, LaunchConfig, LaunchStats, ParamDecl,
    PrintfSink,
};
