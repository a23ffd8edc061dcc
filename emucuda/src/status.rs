//! `CUresult` values, their names and descriptions (for `cuGetErrorName`
//! and `cuGetErrorString`), and the mapping of the CPU device's errors to
//! the codes a real driver returns for the same failure.
//!
//! Codes are plain `u32`s taken from cudarc's copy of the driver header, so
//! they match `cuda.h`; every failure inside the emulated driver is a
//! [`Failure`]: a code and, for this thread's last-error text, a message.

use cudarc::driver::sys::CUresult;
use kernelc_runtime::CpuError;
use std::ffi::CStr;

/// A `CUresult`.
pub type Code = u32;

macro_rules! codes {
    ($( $name:ident = $variant:ident, $text:literal; )*) => {
        $(
            #[doc = concat!("`", stringify!($variant), "`: ", $text)]
            pub const $name: Code = CUresult::$variant as Code;
        )*

        /// Every code the emulated driver can name: code, name, description.
        const TABLE: &[(Code, &CStr, &CStr)] = &[
            $( (
                CUresult::$variant as Code,
                match CStr::from_bytes_with_nul(concat!(stringify!($variant), "\0").as_bytes()) {
                    Ok(s) => s,
                    Err(_) => panic!("a code name contains a NUL"),
                },
                match CStr::from_bytes_with_nul(concat!($text, "\0").as_bytes()) {
                    Ok(s) => s,
                    Err(_) => panic!("a description contains a NUL"),
                },
            ), )*
        ];
    };
}

codes! {
    SUCCESS = CUDA_SUCCESS, "no error";
    INVALID_VALUE = CUDA_ERROR_INVALID_VALUE, "invalid argument";
    OUT_OF_MEMORY = CUDA_ERROR_OUT_OF_MEMORY, "out of memory";
    NOT_INITIALIZED = CUDA_ERROR_NOT_INITIALIZED, "initialization error";
    DEINITIALIZED = CUDA_ERROR_DEINITIALIZED, "driver shutting down";
    PROFILER_DISABLED = CUDA_ERROR_PROFILER_DISABLED, "profiler disabled while using a system-wide profiling tool";
    STUB_LIBRARY = CUDA_ERROR_STUB_LIBRARY, "CUDA driver is a stub library";
    NO_DEVICE = CUDA_ERROR_NO_DEVICE, "no CUDA-capable device is detected";
    INVALID_DEVICE = CUDA_ERROR_INVALID_DEVICE, "invalid device ordinal";
    INVALID_IMAGE = CUDA_ERROR_INVALID_IMAGE, "device kernel image is invalid";
    INVALID_CONTEXT = CUDA_ERROR_INVALID_CONTEXT, "invalid device context";
    CONTEXT_ALREADY_CURRENT = CUDA_ERROR_CONTEXT_ALREADY_CURRENT, "context already current";
    MAP_FAILED = CUDA_ERROR_MAP_FAILED, "mapping of buffer object failed";
    NO_BINARY_FOR_GPU = CUDA_ERROR_NO_BINARY_FOR_GPU, "no kernel image is available for execution on the device";
    INVALID_PTX = CUDA_ERROR_INVALID_PTX, "a PTX JIT compilation failed";
    UNSUPPORTED_PTX_VERSION = CUDA_ERROR_UNSUPPORTED_PTX_VERSION, "the provided PTX was compiled with an unsupported toolchain.";
    INVALID_SOURCE = CUDA_ERROR_INVALID_SOURCE, "device kernel image is invalid";
    FILE_NOT_FOUND = CUDA_ERROR_FILE_NOT_FOUND, "file not found";
    INVALID_HANDLE = CUDA_ERROR_INVALID_HANDLE, "invalid resource handle";
    NOT_FOUND = CUDA_ERROR_NOT_FOUND, "named symbol not found";
    NOT_READY = CUDA_ERROR_NOT_READY, "device not ready";
    ILLEGAL_ADDRESS = CUDA_ERROR_ILLEGAL_ADDRESS, "an illegal memory access was encountered";
    LAUNCH_OUT_OF_RESOURCES = CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "too many resources requested for launch";
    LAUNCH_TIMEOUT = CUDA_ERROR_LAUNCH_TIMEOUT, "the launch timed out and was terminated";
    HOST_MEMORY_ALREADY_REGISTERED = CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED, "part or all of the requested memory range is already mapped";
    HOST_MEMORY_NOT_REGISTERED = CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED, "pointer does not correspond to a registered memory region";
    HARDWARE_STACK_ERROR = CUDA_ERROR_HARDWARE_STACK_ERROR, "an illegal memory access was encountered";
    ILLEGAL_INSTRUCTION = CUDA_ERROR_ILLEGAL_INSTRUCTION, "an illegal instruction was encountered";
    MISALIGNED_ADDRESS = CUDA_ERROR_MISALIGNED_ADDRESS, "misaligned address";
    LAUNCH_FAILED = CUDA_ERROR_LAUNCH_FAILED, "unspecified launch failure";
    NOT_PERMITTED = CUDA_ERROR_NOT_PERMITTED, "operation not permitted";
    NOT_SUPPORTED = CUDA_ERROR_NOT_SUPPORTED, "operation not supported";
    COOPERATIVE_LAUNCH_TOO_LARGE = CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, "too many blocks in cooperative launch";
    UNKNOWN = CUDA_ERROR_UNKNOWN, "unknown error";
}

/// The name of `code` (`CUDA_ERROR_INVALID_VALUE`), if the driver knows it.
pub fn name(code: Code) -> Option<&'static CStr> {
    TABLE
        .iter()
        .find(|(c, _, _)| *c == code)
        .map(|(_, n, _)| *n)
}

/// The description of `code` (`invalid argument`), if the driver knows it.
pub fn description(code: Code) -> Option<&'static CStr> {
    TABLE
        .iter()
        .find(|(c, _, _)| *c == code)
        .map(|(_, _, d)| *d)
}

/// A failed call: the `CUresult` it returns and what went wrong, for this
/// thread's last-error text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The code returned.
    pub code: Code,
    /// What went wrong, in words.
    pub message: String,
}

impl Failure {
    /// A failure with `code` and `message`.
    pub fn new(code: Code, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
        }
    }
}

/// What every internal step returns.
pub type Outcome<T> = Result<T, Failure>;

/// Whether `code` is a kernel fault, which a GPU makes sticky: the context
/// answers it to every later call.
pub fn is_sticky(code: u32) -> bool {
    matches!(code, ILLEGAL_ADDRESS | LAUNCH_TIMEOUT | LAUNCH_FAILED)
}

/// The code a real driver gives for the CPU device's `error`: bad pointers
/// and launches are invalid values, faults inside a kernel are launch
/// errors (an illegal address for memory faults), PTX the reader rejects
/// (or that does not link) is invalid PTX, and PTX it does not implement is not supported.
pub fn of_cpu_error(error: &CpuError) -> Failure {
    let code = match error {
        CpuError::Parse { .. } | CpuError::Link(_) => INVALID_PTX,
        CpuError::Unsupported { .. } => NOT_SUPPORTED,
        CpuError::InvalidLaunch(_) | CpuError::InvalidPointer(_) => INVALID_VALUE,
        CpuError::OutOfMemory { .. } => OUT_OF_MEMORY,
        CpuError::MemoryFault { .. } => ILLEGAL_ADDRESS,
        CpuError::Timeout { .. } | CpuError::StepLimit { .. } => LAUNCH_TIMEOUT,
        CpuError::Trap { .. }
        | CpuError::SharedRace { .. }
        | CpuError::BarrierDivergence { .. }
        | CpuError::Deadlock { .. }
        | CpuError::StackOverflow { .. }
        | CpuError::Interrupted { .. } => LAUNCH_FAILED,
    };
    Failure::new(code, error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_the_headers() {
        assert_eq!(SUCCESS, 0);
        assert_eq!(INVALID_VALUE, 1);
        assert_eq!(NOT_INITIALIZED, 3);
        assert_eq!(INVALID_CONTEXT, 201);
        assert_eq!(INVALID_PTX, 218);
        assert_eq!(INVALID_HANDLE, 400);
        assert_eq!(NOT_FOUND, 500);
        assert_eq!(ILLEGAL_ADDRESS, 700);
        assert_eq!(LAUNCH_FAILED, 719);
        assert_eq!(NOT_SUPPORTED, 801);
    }

    #[test]
    fn names_and_descriptions() {
        assert_eq!(
            name(ILLEGAL_ADDRESS).unwrap().to_str(),
            Ok("CUDA_ERROR_ILLEGAL_ADDRESS")
        );
        assert_eq!(
            description(INVALID_VALUE).unwrap().to_str(),
            Ok("invalid argument")
        );
        assert_eq!(name(123_456), None);
        let mut seen = std::collections::HashSet::new();
        assert!(
            TABLE.iter().all(|(c, _, _)| seen.insert(*c)),
            "duplicate codes"
        );
    }
}
