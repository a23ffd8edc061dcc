//! `CUresult` values as plain integers.
//!
//! The entry points are declared to return `u32`, not cudarc's
//! `CUresult` enum: a driver (or a stand-in) may return a value the enum
//! does not list, and such a value in a Rust enum would be undefined
//! behaviour. The constants come from cudarc's enum so they match the
//! driver API header.

use cudarc::driver::sys::CUresult;

/// `CUDA_SUCCESS`.
pub const SUCCESS: u32 = CUresult::CUDA_SUCCESS as u32;
/// `CUDA_ERROR_STUB_LIBRARY` (34): the toolkit's link-time stub.
pub const STUB_LIBRARY: u32 = CUresult::CUDA_ERROR_STUB_LIBRARY as u32;
/// `CUDA_ERROR_NO_DEVICE` (100).
pub const NO_DEVICE: u32 = CUresult::CUDA_ERROR_NO_DEVICE as u32;
/// `CUDA_ERROR_NOT_FOUND` (500).
pub const NOT_FOUND: u32 = CUresult::CUDA_ERROR_NOT_FOUND as u32;
/// `CUDA_ERROR_NOT_READY`: queued work is not done yet (a query's answer).
pub const NOT_READY: u32 = CUresult::CUDA_ERROR_NOT_READY as u32;

/// True for the results that mean a kernel faulted while it ran (a bad
/// address, a `trap` such as a failed bounds check or assertion, an illegal
/// instruction, a watchdog timeout), as opposed to a call the driver
/// refused. The context is unusable after one on real hardware.
pub fn is_kernel_fault(code: u32) -> bool {
    const FAULTS: &[CUresult] = &[
        CUresult::CUDA_ERROR_ILLEGAL_ADDRESS,
        CUresult::CUDA_ERROR_LAUNCH_TIMEOUT,
        CUresult::CUDA_ERROR_ASSERT,
        CUresult::CUDA_ERROR_HARDWARE_STACK_ERROR,
        CUresult::CUDA_ERROR_ILLEGAL_INSTRUCTION,
        CUresult::CUDA_ERROR_MISALIGNED_ADDRESS,
        CUresult::CUDA_ERROR_INVALID_ADDRESS_SPACE,
        CUresult::CUDA_ERROR_INVALID_PC,
        CUresult::CUDA_ERROR_LAUNCH_FAILED,
    ];
    FAULTS.iter().any(|&f| f as u32 == code)
}

/// The name of a `CUresult` from the runtime's own table, for when the
/// driver cannot name it (`cuGetErrorName` missing or failing).
pub fn fallback_name(code: u32) -> &'static str {
    const TABLE: &[(CUresult, &str)] = &[
        (CUresult::CUDA_SUCCESS, "CUDA_SUCCESS"),
        (
            CUresult::CUDA_ERROR_INVALID_VALUE,
            "CUDA_ERROR_INVALID_VALUE",
        ),
        (
            CUresult::CUDA_ERROR_OUT_OF_MEMORY,
            "CUDA_ERROR_OUT_OF_MEMORY",
        ),
        (
            CUresult::CUDA_ERROR_NOT_INITIALIZED,
            "CUDA_ERROR_NOT_INITIALIZED",
        ),
        (
            CUresult::CUDA_ERROR_DEINITIALIZED,
            "CUDA_ERROR_DEINITIALIZED",
        ),
        (CUresult::CUDA_ERROR_STUB_LIBRARY, "CUDA_ERROR_STUB_LIBRARY"),
        (CUresult::CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE"),
        (
            CUresult::CUDA_ERROR_INVALID_DEVICE,
            "CUDA_ERROR_INVALID_DEVICE",
        ),
        (CUresult::CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX"),
        (
            CUresult::CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
            "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
        ),
        (
            CUresult::CUDA_ERROR_INVALID_CONTEXT,
            "CUDA_ERROR_INVALID_CONTEXT",
        ),
        (CUresult::CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND"),
        (
            CUresult::CUDA_ERROR_LAUNCH_FAILED,
            "CUDA_ERROR_LAUNCH_FAILED",
        ),
        (
            CUresult::CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES,
            "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
        ),
        (
            CUresult::CUDA_ERROR_ILLEGAL_ADDRESS,
            "CUDA_ERROR_ILLEGAL_ADDRESS",
        ),
        (
            CUresult::CUDA_ERROR_NOT_SUPPORTED,
            "CUDA_ERROR_NOT_SUPPORTED",
        ),
        (
            CUresult::CUDA_ERROR_SYSTEM_DRIVER_MISMATCH,
            "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
        ),
        (
            CUresult::CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE,
            "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
        ),
        (CUresult::CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN"),
    ];
    TABLE
        .iter()
        .find(|(c, _)| *c as u32 == code)
        .map_or("CUDA_ERROR_(unknown code)", |(_, n)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_match_the_driver_header() {
        assert_eq!(SUCCESS, 0);
        assert_eq!(STUB_LIBRARY, 34);
        assert_eq!(NO_DEVICE, 100);
        assert_eq!(NOT_FOUND, 500);
    }

    #[test]
    fn names_known_codes_and_marks_unknown_ones() {
        assert_eq!(fallback_name(34), "CUDA_ERROR_STUB_LIBRARY");
        assert_eq!(fallback_name(100), "CUDA_ERROR_NO_DEVICE");
        assert_eq!(fallback_name(123_456), "CUDA_ERROR_(unknown code)");
    }
}
