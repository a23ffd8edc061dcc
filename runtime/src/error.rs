//! The runtime's error type: what a launch, a copy or a module load can
//! report, whichever device runs it.

use crate::args::ArgError;
use crate::cpu::CpuError;
use std::fmt;

/// A runtime failure.
#[derive(Debug)]
pub enum Error {
    /// The arguments do not fit the kernel.
    Args(ArgError),
    /// Another bad argument to a runtime call (sizes, names).
    Argument(String),
    /// The CPU device reported an error (a bad module, a fault in a kernel).
    Cpu(CpuError),
    /// A GPU or its driver reported an error.
    Gpu(crate::gpu::GpuError),
    /// No GPU can be used; says why.
    NoGpu(String),
    /// A kernel compiled with `debug` raised a Python exception (on either
    /// device; see [`crate::raised`]).
    Raised(crate::raised::KernelRaised),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Args(e) => e.fmt(f),
            Error::Argument(m) | Error::NoGpu(m) => f.write_str(m),
            Error::Cpu(e) => e.fmt(f),
            Error::Gpu(e) => e.fmt(f),
            Error::Raised(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

impl From<ArgError> for Error {
    fn from(e: ArgError) -> Self {
        Error::Args(e)
    }
}

impl From<CpuError> for Error {
    fn from(e: CpuError) -> Self {
        Error::Cpu(e)
    }
}

impl From<crate::gpu::GpuError> for Error {
    fn from(e: crate::gpu::GpuError) -> Self {
        if e.is_no_gpu() {
            Error::NoGpu(format!("no usable GPU: {e}"))
        } else {
            Error::Gpu(e)
        }
    }
}
