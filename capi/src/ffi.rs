//! The boundary between C and Rust: every entry point runs its body through
//! [`guard`] (no panic ever unwinds into C; errors become a status and a
//! last-error message), and reads its pointer arguments through the checked
//! helpers here (NULL becomes `KC_ERROR_NULL_POINTER`, never a crash).
//!
//! What cannot be checked — that a non-NULL pointer points at live memory of
//! the right type and size — is each function's documented contract.

use crate::error::{set_last_error, Error, Result};
use crate::status::kc_status;
use std::any::Any;
use std::ffi::{c_char, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs `body` for the entry point `function`: `KC_OK`, or the error's
/// status with `function: message` left as this thread's last error; a
/// panic becomes `KC_ERROR_PANIC`.
pub(crate) fn guard(function: &str, body: impl FnOnce() -> Result<()>) -> kc_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => kc_status::KC_OK,
        Ok(Err(e)) => {
            set_last_error(&format!("{function}: {}", e.message));
            e.status
        }
        Err(payload) => {
            set_last_error(&format!(
                "{function}: internal error (a bug in kernelc, please report it): {}",
                panic_message(&*payload)
            ));
            kc_status::KC_ERROR_PANIC
        }
    }
}

/// Runs a `_free`-style body that returns nothing; a panic is contained and
/// left as the last error.
pub(crate) fn guard_void(function: &str, body: impl FnOnce()) {
    let _ = guard(function, || {
        body();
        Ok(())
    });
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}

/// `&*ptr`, or `KC_ERROR_NULL_POINTER` naming the parameter.
///
/// # Safety
/// `ptr` is NULL or points at a live `T`.
pub(crate) unsafe fn deref<'a, T>(ptr: *const T, name: &str) -> Result<&'a T> {
    // SAFETY: the caller's contract.
    unsafe { ptr.as_ref() }.ok_or_else(|| Error::null(name))
}

/// `&mut *ptr`, or `KC_ERROR_NULL_POINTER`.
///
/// # Safety
/// `ptr` is NULL or points at a live `T` nobody else uses during the call.
pub(crate) unsafe fn deref_mut<'a, T>(ptr: *mut T, name: &str) -> Result<&'a mut T> {
    // SAFETY: the caller's contract.
    unsafe { ptr.as_mut() }.ok_or_else(|| Error::null(name))
}

/// A NUL-terminated UTF-8 string argument.
///
/// # Safety
/// `ptr` is NULL or points at a NUL-terminated string.
pub(crate) unsafe fn string<'a>(ptr: *const c_char, name: &str) -> Result<&'a str> {
    if ptr.is_null() {
        return Err(Error::null(name));
    }
    // SAFETY: non-NULL and NUL-terminated by the caller's contract.
    let c = unsafe { CStr::from_ptr(ptr) };
    c.to_str()
        .map_err(|e| Error::invalid(format!("`{name}` is not valid UTF-8: {e}")))
}

/// An optional string argument (NULL means absent).
///
/// # Safety
/// As [`string`].
pub(crate) unsafe fn opt_string<'a>(ptr: *const c_char, name: &str) -> Result<Option<&'a str>> {
    if ptr.is_null() {
        Ok(None)
    } else {
        // SAFETY: as the caller's.
        unsafe { string(ptr, name) }.map(Some)
    }
}

/// `len` elements at `ptr` (NULL is allowed when `len` is 0).
///
/// # Safety
/// `ptr` is NULL or points at `len` initialised `T`s.
pub(crate) unsafe fn slice<'a, T>(ptr: *const T, len: usize, name: &str) -> Result<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(Error::null(name));
    }
    // What no memory can hold (and `from_raw_parts` must not be given): a
    // length of more than `isize::MAX` bytes, or a misaligned pointer.
    let fits = len
        .checked_mul(std::mem::size_of::<T>())
        .is_some_and(|bytes| bytes <= isize::MAX as usize);
    if !fits {
        return Err(Error::invalid(format!(
            "`{name}` cannot hold {len} elements (more than the address space)"
        )));
    }
    if !ptr.is_aligned() {
        return Err(Error::invalid(format!(
            "`{name}` is not aligned for its element type ({} bytes)",
            std::mem::align_of::<T>()
        )));
    }
    // SAFETY: non-NULL, aligned, and a size that fits in memory; that it
    // points at `len` initialised `T`s is the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// An out-parameter, checked for NULL before any work is done and written
/// only at the end.
pub(crate) struct Out<T>(*mut T);

impl<T> Out<T> {
    /// Checks `ptr`.
    pub(crate) fn new(ptr: *mut T, name: &str) -> Result<Out<T>> {
        if ptr.is_null() {
            Err(Error::null(name))
        } else {
            Ok(Out(ptr))
        }
    }

    /// Stores `value`.
    pub(crate) fn write(self, value: T) {
        // SAFETY: checked non-NULL in `new`; the caller's contract says it
        // is writable. `write` does not drop the (uninitialised) old value.
        unsafe { self.0.write(value) }
    }
}

/// An out-parameter that receives a new handle: set to NULL at once (so a
/// failed call leaves NULL behind), then to the handle on success.
pub(crate) struct OutHandle<T>(*mut *mut T);

impl<T> OutHandle<T> {
    /// Checks `ptr` and stores NULL through it.
    pub(crate) fn new(ptr: *mut *mut T, name: &str) -> Result<OutHandle<T>> {
        if ptr.is_null() {
            return Err(Error::null(name));
        }
        // SAFETY: non-NULL and writable by the caller's contract.
        unsafe { ptr.write(std::ptr::null_mut()) };
        Ok(OutHandle(ptr))
    }

    /// Moves `value` to the heap and hands it to the caller, who frees it
    /// with the matching `_free` function.
    pub(crate) fn give(self, value: T) {
        // SAFETY: as in `new`.
        unsafe { self.0.write(Box::into_raw(Box::new(value))) }
    }
}

/// Drops a handle made by [`OutHandle::give`] (NULL is ignored).
///
/// # Safety
/// `ptr` is NULL or a handle of type `T` from this library, not yet freed.
pub(crate) unsafe fn free_handle<T>(ptr: *mut T) {
    if !ptr.is_null() {
        // SAFETY: the caller's contract: it came from `Box::into_raw`.
        drop(unsafe { Box::from_raw(ptr) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_status_and_a_message() {
        let s = guard("kc_test", || panic!("boom"));
        assert_eq!(s, kc_status::KC_ERROR_PANIC);
        let m = unsafe { CStr::from_ptr(crate::error::kc_last_error_message()) };
        let m = m.to_str().unwrap();
        assert!(
            m.starts_with("kc_test: internal error") && m.ends_with("boom"),
            "{m}"
        );
    }

    #[test]
    fn impossible_lengths_and_misaligned_arrays_are_errors() {
        // `kc_launch(..., args, SIZE_MAX)` aborted the process in a debug
        // build (`from_raw_parts` precondition) and was UB in release.
        let args = [0u64; 2];
        let s = guard("kc_test", || {
            unsafe { slice(args.as_ptr(), usize::MAX, "args") }?;
            Ok(())
        });
        assert_eq!(s, kc_status::KC_ERROR_INVALID_ARGUMENT);
        let m = unsafe { CStr::from_ptr(crate::error::kc_last_error_message()) };
        assert_eq!(
            m.to_str().unwrap(),
            "kc_test: `args` cannot hold 18446744073709551615 elements (more than the address space)"
        );
        let misaligned = unsafe { args.as_ptr().cast::<u8>().add(1).cast::<u64>() };
        let s = guard("kc_test", || {
            unsafe { slice(misaligned, 1, "args") }?;
            Ok(())
        });
        assert_eq!(s, kc_status::KC_ERROR_INVALID_ARGUMENT);
    }

    #[test]
    fn null_arguments_are_named() {
        let s = guard("kc_test", || {
            unsafe { string(std::ptr::null(), "source") }?;
            Ok(())
        });
        assert_eq!(s, kc_status::KC_ERROR_NULL_POINTER);
        let m = unsafe { CStr::from_ptr(crate::error::kc_last_error_message()) };
        assert_eq!(m.to_str().unwrap(), "kc_test: `source` is NULL");
    }
}
