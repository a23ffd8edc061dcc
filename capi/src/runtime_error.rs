//! Runtime failures as C statuses: which `kc_status` each kind of
//! [`kernelc_runtime::Error`] becomes.

use crate::error::Error;
use crate::status::kc_status;
use kernelc_runtime::{CpuError, Error as RuntimeError};

impl From<RuntimeError> for Error {
    fn from(e: RuntimeError) -> Error {
        let status = match &e {
            RuntimeError::Args(_) => kc_status::KC_ERROR_LAUNCH,
            RuntimeError::Argument(_) => kc_status::KC_ERROR_INVALID_ARGUMENT,
            RuntimeError::NoGpu(_) => kc_status::KC_ERROR_NO_GPU,
            // A `debug` kernel raised a Python exception.
            RuntimeError::Raised(_) => kc_status::KC_ERROR_LAUNCH,
            RuntimeError::Gpu(g) => match g {
                kernelc_runtime::gpu::GpuError::UnknownKernel { .. }
                | kernelc_runtime::gpu::GpuError::InvalidArgument(_)
                | kernelc_runtime::gpu::GpuError::KernelFault { .. } => kc_status::KC_ERROR_LAUNCH,
                kernelc_runtime::gpu::GpuError::ContextLost(_) => kc_status::KC_ERROR_CONTEXT_LOST,
                _ => kc_status::KC_ERROR_DEVICE,
            },
            RuntimeError::Cpu(c) => match c {
                CpuError::Parse { .. }
                | CpuError::Link(_)
                | CpuError::Unsupported { .. }
                | CpuError::InvalidPointer(_)
                | CpuError::OutOfMemory { .. } => kc_status::KC_ERROR_DEVICE,
                CpuError::Interrupted { .. } => kc_status::KC_ERROR_INTERRUPTED,
                CpuError::Timeout { .. } => kc_status::KC_ERROR_TIMEOUT,
                // A launch the device refuses, or a kernel that faulted.
                _ => kc_status::KC_ERROR_LAUNCH,
            },
        };
        Error::new(status, e.to_string())
    }
}

impl From<kernelc_runtime::gpu::GpuError> for Error {
    fn from(e: kernelc_runtime::gpu::GpuError) -> Error {
        Error::from(RuntimeError::from(e))
    }
}
