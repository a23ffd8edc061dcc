//! The boundary between C and Rust: every exported entry point runs its
//! body through [`guard`] (no panic unwinds into C: it becomes
//! `CUDA_ERROR_UNKNOWN`; a failure leaves its message as this thread's last
//! error), and reads its pointer arguments through the helpers here, which
//! turn NULL into `CUDA_ERROR_INVALID_VALUE` before any work is done.
//!
//! What cannot be checked — that a non-NULL host pointer points at live
//! memory of the size the call says — is the driver API's own contract, as
//! with the real driver. Device pointers are numbers and are always
//! checked (see [`crate::state`]).

use crate::status::{self, Code, Failure, Outcome};
use std::any::Any;
use std::cell::RefCell;
use std::ffi::{c_char, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::NonNull;

thread_local! {
    /// The message of this thread's last failed call.
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Runs `body` for the entry point `function`: `CUDA_SUCCESS`, or the
/// failure's code with `function: message` left as the last error.
pub fn guard(function: &str, body: impl FnOnce() -> Outcome<()>) -> Code {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => status::SUCCESS,
        Ok(Err(f)) => {
            set_last_error(format!("{function}: {}", f.message));
            f.code
        }
        Err(payload) => {
            set_last_error(format!(
                "{function}: internal error (a bug in kernelc's emulated driver): {}",
                panic_message(&*payload)
            ));
            status::UNKNOWN
        }
    }
}

fn set_last_error(message: String) {
    LAST_ERROR.with(|e| *e.borrow_mut() = message);
}

/// This thread's last error message.
pub fn last_error() -> String {
    LAST_ERROR.with(|e| e.borrow().clone())
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

/// `CUDA_ERROR_INVALID_VALUE` naming a NULL parameter.
pub fn null(name: &str) -> Failure {
    Failure::new(status::INVALID_VALUE, format!("{name} is NULL"))
}

/// A non-NULL out-parameter, checked before the call does anything.
pub fn out<T>(ptr: *mut T, name: &str) -> Outcome<NonNull<T>> {
    NonNull::new(ptr).ok_or_else(|| null(name))
}

/// Writes `value` through a checked out-parameter.
///
/// # Safety
/// `ptr` points at writable memory for a `T` (the caller's contract).
pub unsafe fn write<T>(ptr: NonNull<T>, value: T) {
    // SAFETY: the caller's contract; `write` drops nothing old.
    unsafe { ptr.as_ptr().write(value) }
}

/// `len` host bytes at `ptr` (NULL only when `len` is 0).
///
/// # Safety
/// When `len > 0`, `ptr` points at `len` readable bytes that nothing writes
/// during the call.
pub unsafe fn host_bytes<'a>(ptr: *const c_void, len: usize, name: &str) -> Outcome<&'a [u8]> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(null(name));
    }
    if len > isize::MAX as usize {
        return Err(Failure::new(status::INVALID_VALUE, format!("{len} bytes")));
    }
    // SAFETY: non-NULL, `len` readable bytes by the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) })
}

/// `len` writable host bytes at `ptr` (NULL only when `len` is 0).
///
/// # Safety
/// When `len > 0`, `ptr` points at `len` writable bytes nothing else uses
/// during the call.
pub unsafe fn host_bytes_mut<'a>(
    ptr: *mut c_void,
    len: usize,
    name: &str,
) -> Outcome<&'a mut [u8]> {
    if len == 0 {
        return Ok(&mut []);
    }
    if ptr.is_null() {
        return Err(null(name));
    }
    if len > isize::MAX as usize {
        return Err(Failure::new(status::INVALID_VALUE, format!("{len} bytes")));
    }
    // SAFETY: non-NULL, `len` writable bytes by the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr.cast::<u8>(), len) })
}

/// A NUL-terminated string argument, as bytes without the NUL.
///
/// # Safety
/// `ptr` is NULL or points at a NUL-terminated string.
pub unsafe fn c_str<'a>(ptr: *const c_char, name: &str) -> Outcome<&'a [u8]> {
    if ptr.is_null() {
        return Err(null(name));
    }
    // SAFETY: non-NULL and NUL-terminated by the caller's contract.
    Ok(unsafe { CStr::from_ptr(ptr) }.to_bytes())
}

/// Copies `text` into a C buffer of `len` bytes, truncated and always
/// NUL-terminated; returns the bytes written before the NUL.
///
/// # Safety
/// `buf` is NULL or points at `len` writable bytes.
pub unsafe fn copy_c_string(text: &[u8], buf: *mut c_char, len: usize) -> usize {
    if buf.is_null() || len == 0 {
        return 0;
    }
    let n = text.len().min(len - 1);
    // SAFETY: `n + 1 <= len` writable bytes at `buf`; `text` is a separate
    // Rust slice, so the ranges do not overlap.
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), n);
        buf.add(n).write(0);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guard_turns_failures_and_panics_into_codes() {
        assert_eq!(guard("cuX", || Ok(())), status::SUCCESS);
        let code = guard("cuX", || Err(Failure::new(status::INVALID_VALUE, "bad")));
        assert_eq!(code, status::INVALID_VALUE);
        assert_eq!(last_error(), "cuX: bad");
        let code = guard("cuY", || panic!("boom"));
        assert_eq!(code, status::UNKNOWN);
        assert!(last_error().contains("boom"));
    }

    #[test]
    fn null_pointers_are_invalid_values() {
        assert_eq!(
            out::<u32>(std::ptr::null_mut(), "p").unwrap_err().code,
            status::INVALID_VALUE
        );
        // SAFETY: NULL with a length is refused before any read.
        let e = unsafe { host_bytes(std::ptr::null(), 4, "src") }.unwrap_err();
        assert_eq!(e.message, "src is NULL");
        // SAFETY: zero bytes are never read.
        assert_eq!(
            unsafe { host_bytes(std::ptr::null(), 0, "src") },
            Ok(&[][..])
        );
    }

    #[test]
    fn c_strings_are_truncated_and_terminated() {
        let mut buf = [0x55 as c_char; 4];
        // SAFETY: a 4-byte buffer.
        let n = unsafe { copy_c_string(b"hello", buf.as_mut_ptr(), buf.len()) };
        assert_eq!(n, 3);
        assert_eq!(buf.map(|c| c as u8), *b"hel\0");
    }
}
