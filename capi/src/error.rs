//! Errors inside the library and the thread-local last-error message that
//! C callers read with `kc_last_error_message` / `kc_last_error_copy`.

use crate::status::kc_status;
use std::cell::RefCell;
use std::ffi::{c_char, CString};

/// A failed call: the status to return and the message to leave behind.
#[derive(Debug)]
pub(crate) struct Error {
    pub(crate) status: kc_status,
    pub(crate) message: String,
}

impl Error {
    /// An error with `status` and `message`.
    pub(crate) fn new(status: kc_status, message: impl Into<String>) -> Error {
        Error {
            status,
            message: message.into(),
        }
    }

    /// `KC_ERROR_INVALID_ARGUMENT`.
    pub(crate) fn invalid(message: impl Into<String>) -> Error {
        Error::new(kc_status::KC_ERROR_INVALID_ARGUMENT, message)
    }

    /// `KC_ERROR_NULL_POINTER` for the parameter `name`.
    pub(crate) fn null(name: &str) -> Error {
        Error::new(
            kc_status::KC_ERROR_NULL_POINTER,
            format!("`{name}` is NULL"),
        )
    }

    /// `KC_ERROR_NOT_FOUND`.
    pub(crate) fn not_found(message: impl Into<String>) -> Error {
        Error::new(kc_status::KC_ERROR_NOT_FOUND, message)
    }
}

/// What a fallible internal step returns.
pub(crate) type Result<T, E = Error> = std::result::Result<T, E>;

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Replaces this thread's last-error message (a NUL inside becomes `?`).
pub(crate) fn set_last_error(message: &str) {
    let text = CString::new(message.replace('\0', "?")).unwrap_or_default();
    LAST_ERROR.with(|slot| *slot.borrow_mut() = text);
}

/// The message of the last call on this thread that failed, as a
/// NUL-terminated UTF-8 string; `""` when no call on this thread has failed
/// yet. Successful calls leave it unchanged, so read it right after a call
/// returned something other than `KC_OK`.
///
/// Never fails. The pointer is owned by the library and stays valid until
/// the next failing call on the same thread (or the thread's exit); do not
/// free it. Copy it, or use `kc_last_error_copy`, to keep the text longer.
#[no_mangle]
pub extern "C" fn kc_last_error_message() -> *const c_char {
    LAST_ERROR.with(|slot| slot.borrow().as_ptr())
}

/// Copies this thread's last-error message into `buffer` (`capacity`
/// bytes), always NUL-terminated when `capacity > 0`, truncated if it does
/// not fit. `*needed` (if `needed` is not NULL) receives the size that fits
/// the whole message with its NUL. `buffer` may be NULL when `capacity` is
/// 0 (to ask for the size).
///
/// Returns `KC_OK` when the whole message fit, `KC_ERROR_BUFFER_TOO_SMALL`
/// when it was truncated (or not copied), `KC_ERROR_NULL_POINTER` for a
/// NULL `buffer` with a non-zero `capacity`. This function never changes
/// the last-error message itself.
#[no_mangle]
pub unsafe extern "C" fn kc_last_error_copy(
    buffer: *mut c_char,
    capacity: usize,
    needed: *mut usize,
) -> kc_status {
    LAST_ERROR.with(|slot| {
        let message = slot.borrow();
        let bytes = message.as_bytes_with_nul();
        if !needed.is_null() {
            // SAFETY: the caller passes NULL or a writable `size_t`.
            unsafe { needed.write(bytes.len()) };
        }
        if capacity == 0 {
            return kc_status::KC_ERROR_BUFFER_TOO_SMALL;
        }
        if buffer.is_null() {
            return kc_status::KC_ERROR_NULL_POINTER;
        }
        let n = bytes.len().min(capacity);
        // SAFETY: `buffer` has room for `capacity >= n` bytes, and the
        // thread-local string cannot overlap caller memory.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr().cast(), buffer, n);
            buffer.add(n - 1).write(0);
        }
        if n == bytes.len() {
            kc_status::KC_OK
        } else {
            kc_status::KC_ERROR_BUFFER_TOO_SMALL
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn copy_truncates_and_reports_the_size() {
        set_last_error("hello");
        let mut needed = 0;
        let mut buf = [1 as c_char; 4];
        let s = unsafe { kc_last_error_copy(buf.as_mut_ptr(), buf.len(), &mut needed) };
        assert_eq!(s, kc_status::KC_ERROR_BUFFER_TOO_SMALL);
        assert_eq!(needed, 6);
        assert_eq!(unsafe { CStr::from_ptr(buf.as_ptr()) }.to_bytes(), b"hel");
        let mut big = [0 as c_char; 6];
        let s = unsafe { kc_last_error_copy(big.as_mut_ptr(), big.len(), std::ptr::null_mut()) };
        assert_eq!(s, kc_status::KC_OK);
        assert_eq!(unsafe { CStr::from_ptr(big.as_ptr()) }.to_bytes(), b"hello");
        let s = unsafe { kc_last_error_copy(std::ptr::null_mut(), 0, &mut needed) };
        assert_eq!(s, kc_status::KC_ERROR_BUFFER_TOO_SMALL);
        assert_eq!(
            unsafe { CStr::from_ptr(kc_last_error_message()) }.to_bytes(),
            b"hello"
        );
    }

    #[test]
    fn messages_are_per_thread() {
        set_last_error("main");
        std::thread::spawn(|| {
            let m = unsafe { CStr::from_ptr(kc_last_error_message()) };
            assert_eq!(m.to_bytes(), b"");
        })
        .join()
        .unwrap();
    }
}
