//! libkernelc: kernelc's C ABI.
//!
//! Compile Numba CUDA Python kernels to PTX and inspect the result from C
//! (or any language with a C FFI). The header `include/kernelc.h` is
//! generated from this crate by cbindgen; the doc comments here are its
//! documentation.
//!
//! Conventions, the same for every function:
//! - Every name starts with `kc_`; handles are opaque and come in
//!   `kc_X_new`/`kc_X_free` pairs (or are made by another call, such as
//!   `kc_compile`, and freed with their own `kc_X_free`). A `_free`
//!   function accepts NULL and never fails.
//! - Every fallible function returns a [`status::kc_status`]; on failure
//!   `kc_last_error_message()` says why, on the calling thread.
//! - Inputs come before outputs. A NULL pointer where a value is required
//!   is `KC_ERROR_NULL_POINTER`, never a crash. A handle out-parameter is
//!   set to NULL first, so it is NULL after any failure.
//! - Strings are NUL-terminated UTF-8. A string the library returns is
//!   owned by the handle it came from and lives as long as that handle;
//!   never free it.
//! - No panic crosses the boundary: it becomes `KC_ERROR_PANIC`.
//!
//! Modules, one job each: [`status`] and [`error`] (results and the last
//! error), `ffi` (the boundary checks), [`version`], [`types`] (dtypes and
//! other small enumerations); the compile side: [`options`], [`compile`],
//! [`diagnostics`], [`module`], [`serialize`] (modules as bytes, for
//! caches); the device side: [`device`], [`buffer`], [`loaded`] (modules
//! on a device), [`launch`], [`launch_packed`] (the same in one struct, with
//! an optional signal wakeup-fd route), [`stream`], [`event`], `runtime_error`
//! (runtime failures as statuses).
// C names for C callers: `kc_status`, `KC_OK`.
#![allow(non_camel_case_types)]
// Each function's pointer contract is stated in its doc comment, which is
// what C callers read in the header; a Rust `# Safety` heading would say it
// twice.
#![allow(clippy::missing_safety_doc)]

pub mod buffer;
pub mod compile;
pub mod device;
pub mod diagnostics;
pub mod error;
pub mod event;
mod ffi;
pub mod launch;
pub mod launch_packed;
pub mod loaded;
pub mod module;
pub mod options;
mod runtime_error;
pub mod serialize;
pub mod status;
pub mod stream;
pub mod types;
pub mod version;

pub use status::kc_status;
