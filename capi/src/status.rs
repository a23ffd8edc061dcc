//! `kc_status`: the result every entry point returns, and its name.

use std::ffi::{c_char, c_int};

/// What a call did. Every function of the API returns one (the few that
/// cannot fail, such as `kc_version` and the `_free` functions, say so).
/// On anything but `KC_OK`, `kc_last_error_message()` says what went wrong
/// on this thread.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum kc_status {
    /// Success.
    KC_OK = 0,
    /// An argument has a value the function does not accept: an unknown
    /// enumeration value, a size that does not add up, a string that is not
    /// UTF-8, a launch configuration a device cannot run.
    KC_ERROR_INVALID_ARGUMENT = 1,
    /// A pointer argument that must not be NULL is NULL.
    KC_ERROR_NULL_POINTER = 2,
    /// The source could not be compiled; the diagnostics say why.
    KC_ERROR_COMPILE = 3,
    /// A launch failed: the arguments do not fit the kernel, or the kernel
    /// faulted while running. On a GPU a fault also loses the device's
    /// context (`KC_ERROR_CONTEXT_LOST` from then on).
    KC_ERROR_LAUNCH = 4,
    /// The device reported an error (a module it cannot load, a bad device
    /// address, a copy out of bounds).
    KC_ERROR_DEVICE = 5,
    /// A GPU was asked for and none can be used.
    KC_ERROR_NO_GPU = 6,
    /// A bug in kernelc: an internal panic was caught at the API boundary.
    /// The handles involved are still safe to free.
    KC_ERROR_PANIC = 7,
    /// No kernel, parameter or constant array by that name or index.
    KC_ERROR_NOT_FOUND = 8,
    /// A caller-provided buffer is too small; the size needed is reported.
    KC_ERROR_BUFFER_TOO_SMALL = 9,
    /// A launch on the CPU device was stopped by `kc_device_interrupt`.
    /// The device stays usable.
    KC_ERROR_INTERRUPTED = 10,
    /// A launch on the CPU device ran longer than the device's time limit
    /// (`kc_device_set_timeout`) and was stopped. The device stays usable.
    KC_ERROR_TIMEOUT = 11,
    /// The GPU context of the device was lost to a kernel fault (reported
    /// by the launch with `KC_ERROR_LAUNCH`, or by this status in the next
    /// call that waits for a launch that did not): the device and
    /// everything made on it (buffers, modules, streams, events) are
    /// unusable, and every call on them answers this; they can still be
    /// freed. NVIDIA's driver gives the GPU back only to a new process:
    /// `kc_device_open` of it answers this too.
    KC_ERROR_CONTEXT_LOST = 12,
}

/// The name of a status as a static string (`"KC_ERROR_COMPILE"`), or
/// `"KC_UNKNOWN_STATUS"` for a value that is not a `kc_status`. Never fails;
/// the string is static and must not be freed.
#[no_mangle]
pub extern "C" fn kc_status_name(status: c_int) -> *const c_char {
    let name: &'static [u8] = match status {
        0 => b"KC_OK\0",
        1 => b"KC_ERROR_INVALID_ARGUMENT\0",
        2 => b"KC_ERROR_NULL_POINTER\0",
        3 => b"KC_ERROR_COMPILE\0",
        4 => b"KC_ERROR_LAUNCH\0",
        5 => b"KC_ERROR_DEVICE\0",
        6 => b"KC_ERROR_NO_GPU\0",
        7 => b"KC_ERROR_PANIC\0",
        8 => b"KC_ERROR_NOT_FOUND\0",
        9 => b"KC_ERROR_BUFFER_TOO_SMALL\0",
        10 => b"KC_ERROR_INTERRUPTED\0",
        11 => b"KC_ERROR_TIMEOUT\0",
        12 => b"KC_ERROR_CONTEXT_LOST\0",
        _ => b"KC_UNKNOWN_STATUS\0",
    };
    name.as_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn every_status_has_its_own_name() {
        for s in [
            kc_status::KC_OK,
            kc_status::KC_ERROR_INVALID_ARGUMENT,
            kc_status::KC_ERROR_NULL_POINTER,
            kc_status::KC_ERROR_COMPILE,
            kc_status::KC_ERROR_LAUNCH,
            kc_status::KC_ERROR_DEVICE,
            kc_status::KC_ERROR_NO_GPU,
            kc_status::KC_ERROR_PANIC,
            kc_status::KC_ERROR_NOT_FOUND,
            kc_status::KC_ERROR_BUFFER_TOO_SMALL,
            kc_status::KC_ERROR_INTERRUPTED,
            kc_status::KC_ERROR_TIMEOUT,
            kc_status::KC_ERROR_CONTEXT_LOST,
        ] {
            let name = unsafe { CStr::from_ptr(kc_status_name(s as c_int)) };
            assert_eq!(name.to_str().unwrap(), format!("{s:?}"));
        }
        let unknown = unsafe { CStr::from_ptr(kc_status_name(-1)) };
        assert_eq!(unknown.to_str().unwrap(), "KC_UNKNOWN_STATUS");
    }
}
