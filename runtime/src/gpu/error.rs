//! The GPU runtime's errors: one typed [`GpuError`] for every failure, each
//! with a message that says what went wrong and, where the driver answered,
//! its `CUresult` name and string.

use crate::gpu::discovery::Attempt;
use std::fmt;
use std::path::PathBuf;

/// A `CUresult` the driver returned, with the driver's own name and
/// description of it when the driver could give them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DriverStatus {
    /// The raw `CUresult` value.
    pub code: u32,
    /// `CUDA_ERROR_...`, from `cuGetErrorName` or the runtime's own table.
    pub name: String,
    /// The driver's description (`cuGetErrorString`), empty when unknown.
    pub message: String,
}

impl fmt::Display for DriverStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.name, self.code)?;
        if !self.message.is_empty() {
            write!(f, ": {}", self.message)?;
        }
        Ok(())
    }
}

/// Why the GPU runtime could not do what it was asked.
#[derive(Clone, Debug, PartialEq)]
pub enum GpuError {
    /// The environment turned the GPU off (`NUMBA_CUDA_DRIVER=0`).
    Disabled {
        /// The variable that did it.
        var: &'static str,
    },
    /// An environment variable names a driver file that does not exist.
    MissingDriverFile {
        /// The variable.
        var: &'static str,
        /// The path it names.
        path: PathBuf,
    },
    /// No driver library could be used: every place tried, and why each
    /// failed.
    NoDriver {
        /// The places tried, in order.
        attempts: Vec<Attempt>,
    },
    /// A driver call failed.
    Driver {
        /// The entry point (`cuMemAlloc_v2`).
        call: &'static str,
        /// What it returned.
        status: DriverStatus,
    },
    /// The driver's JIT rejected a PTX module.
    Jit {
        /// What `cuModuleLoadDataEx` returned.
        status: DriverStatus,
        /// The JIT's error log.
        error_log: String,
        /// The JIT's info log.
        info_log: String,
    },
    /// The driver works but sees no device with this ordinal.
    NoDevice {
        /// The ordinal asked for.
        ordinal: usize,
        /// How many devices the driver sees.
        count: usize,
    },
    /// A module has no kernel of this name.
    UnknownKernel {
        /// The name asked for.
        name: String,
        /// The module's kernels.
        available: Vec<String>,
    },
    /// The caller passed something the runtime refuses before calling the
    /// driver (a zero-sized grid, a wrong number of parameters, ...).
    InvalidArgument(String),
    /// The device's context was lost to a kernel fault (a sticky error: on
    /// a GPU every later call on the context answers it), with everything
    /// made on it; NVIDIA's driver gives the GPU back only to a new
    /// process.
    ContextLost(Lost),
    /// A kernel faulted while it ran (see
    /// [`crate::gpu::result::is_kernel_fault`]), found by the launch that
    /// waited for it.
    KernelFault {
        /// The kernel.
        kernel: String,
        /// The driver call that reported it.
        call: &'static str,
        /// What it returned.
        status: DriverStatus,
    },
}

/// How a context was lost: the kernel that faulted, where it is known, and
/// the call that first reported the fault.
#[derive(Clone, Debug, PartialEq)]
pub struct Lost {
    /// The kernel that faulted, when a launch of it reported the fault.
    pub kernel: Option<String>,
    /// Otherwise the kernel launched last before the fault surfaced (a
    /// fault of a queued kernel surfaces in a later call), if any.
    pub last_launched: Option<String>,
    /// The driver call that first reported it.
    pub call: &'static str,
    /// What that call returned.
    pub status: DriverStatus,
}

impl GpuError {
    /// True when the failure only means "no usable GPU here" (no driver,
    /// the stub library, no device, GPU turned off) rather than a fault.
    pub fn is_no_gpu(&self) -> bool {
        match self {
            GpuError::Disabled { .. }
            | GpuError::MissingDriverFile { .. }
            | GpuError::NoDriver { .. }
            | GpuError::NoDevice { .. } => true,
            GpuError::Driver { status, .. } => status.code == crate::gpu::result::NO_DEVICE,
            _ => false,
        }
    }
}

impl GpuError {
    /// The message on one line (the multi-line parts, such as the list of
    /// places tried, joined with `; `), for skip notices and logs.
    pub fn one_line(&self) -> String {
        self.to_string()
            .lines()
            .map(|l| l.trim().trim_start_matches("- "))
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("; ")
            .replace(":; ", ": ")
    }
}

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuError::Disabled { var } => write!(f, "no GPU: {var}=0 turns the GPU off"),
            GpuError::MissingDriverFile { var, path } => write!(
                f,
                "{var}={} names a CUDA driver library that does not exist",
                path.display()
            ),
            GpuError::NoDriver { attempts } => {
                write!(f, "no usable CUDA driver; tried:")?;
                for a in attempts {
                    write!(f, "\n  - {a}")?;
                }
                Ok(())
            }
            GpuError::Driver { call, status } => write!(f, "{call} failed: {status}"),
            GpuError::Jit {
                status,
                error_log,
                info_log,
            } => {
                write!(f, "the driver's PTX JIT rejected the module: {status}")?;
                if !error_log.trim().is_empty() {
                    write!(f, "\nerror log:\n{}", error_log.trim_end())?;
                }
                if !info_log.trim().is_empty() {
                    write!(f, "\ninfo log:\n{}", info_log.trim_end())?;
                }
                Ok(())
            }
            GpuError::NoDevice { ordinal, count } => write!(
                f,
                "no GPU {ordinal}: the driver sees {count} device{}",
                if *count == 1 { "" } else { "s" }
            ),
            GpuError::UnknownKernel { name, available } => write!(
                f,
                "the module has no kernel '{name}' (kernels: {})",
                if available.is_empty() {
                    "none".to_string()
                } else {
                    available.join(", ")
                }
            ),
            GpuError::InvalidArgument(msg) => f.write_str(msg),
            GpuError::ContextLost(Lost {
                kernel,
                last_launched,
                call,
                status,
            }) => {
                write!(f, "the GPU context was lost to ")?;
                match (kernel, last_launched) {
                    (Some(k), _) => write!(f, "a fault in kernel '{k}'")?,
                    (None, Some(k)) => write!(
                        f,
                        "a fault in an earlier kernel (the last one launched: '{k}')"
                    )?,
                    (None, None) => write!(f, "a fault in an earlier kernel")?,
                }
                write!(
                    f,
                    " ({call}: {status}), with every array, module and stream made on it; \
                     NVIDIA's driver gives the GPU back only to a new process"
                )
            }
            GpuError::KernelFault {
                kernel,
                call,
                status,
            } => write!(
                f,
                "kernel '{kernel}' faulted ({call}: {status}): an out-of-bounds or \
                 misaligned access, or a trap such as a failed bounds check or assertion; \
                 on a GPU the fault also loses the device's context, with every array and \
                 module on it, for the rest of the process"
            ),
        }
    }
}

impl std::error::Error for GpuError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_joins_the_list_of_places() {
        use crate::gpu::discovery::{Failure, Place, Source};
        let place = |spec: &str| Place {
            source: Source::System,
            spec: spec.into(),
        };
        let err = GpuError::NoDriver {
            attempts: vec![
                Attempt {
                    place: place("libcuda.so.1"),
                    failure: Failure::NotFound,
                },
                Attempt {
                    place: place("libcuda.so"),
                    failure: Failure::Stub,
                },
            ],
        };
        assert_eq!(err.to_string().lines().count(), 3);
        let line = err.one_line();
        assert!(!line.contains('\n'));
        assert!(
            line.starts_with(
                "no usable CUDA driver; tried: libcuda.so.1 (system loader): no such file; libcuda.so (system loader): is the CUDA toolkit's stub library"
            ),
            "{line}"
        );
    }

    #[test]
    fn driver_errors_carry_name_and_string() {
        let err = GpuError::Driver {
            call: "cuMemAlloc_v2",
            status: DriverStatus {
                code: 2,
                name: "CUDA_ERROR_OUT_OF_MEMORY".into(),
                message: "out of memory".into(),
            },
        };
        assert_eq!(
            err.to_string(),
            "cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY (2): out of memory"
        );
        assert!(!err.is_no_gpu());
    }
}
