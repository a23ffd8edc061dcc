//! What the emulated driver's test binaries share: finding the built
//! library, loading it as the CUDA driver, and reading what it reports.
#![allow(dead_code)] // each test binary uses its own part

use kernelc_runtime::gpu::{Driver, DriverSearch, GpuDevice, GpuError};
use std::ffi::{c_char, OsString};
use std::path::PathBuf;
use std::sync::Arc;

const LIB: &str = "libkernelc_emucuda.so";

/// The built library: `KERNELC_EMUCUDA_LIB`, else the target directory of
/// this test binary (`target/<profile>/deps/..`).
pub fn library() -> PathBuf {
    if let Some(p) = std::env::var_os("KERNELC_EMUCUDA_LIB") {
        return PathBuf::from(p);
    }
    let exe = std::env::current_exe().expect("the test's path");
    let deps = exe.parent().expect("deps directory");
    [
        deps.join(LIB),
        deps.parent().expect("profile directory").join(LIB),
    ]
    .into_iter()
    .find(|p| p.exists())
    .unwrap_or_else(|| panic!("{LIB} is not built next to {}", exe.display()))
}

/// The emulated driver, loaded as `KERNELC_CUDA_DRIVER` would load it.
pub fn driver() -> Arc<Driver> {
    let lib: OsString = library().into_os_string();
    DriverSearch::new(
        move |var| (var == "KERNELC_CUDA_DRIVER").then(|| lib.clone()),
        &[],
        &[],
    )
    .load()
    .expect("the emulated driver loads")
}

pub fn device() -> GpuDevice {
    GpuDevice::with_driver(driver(), 0).expect("device 0 opens")
}

/// An entry point the runtime's table does not hold, from the same library.
pub fn raw<F: Copy>(name: &str) -> F {
    // SAFETY: the library is already loaded (same handle, same state); the
    // caller names the symbol's true signature.
    unsafe {
        let lib = libloading::Library::new(library()).expect("reopen");
        let f = *lib.get::<F>(name.as_bytes()).expect(name);
        std::mem::forget(lib); // keep it loaded for the pointer's lifetime
        f
    }
}

/// This thread's last error message from the driver.
pub fn last_error() -> String {
    let f: unsafe extern "C" fn(*mut c_char, usize) -> usize = raw("kernelc_emucuda_last_error");
    let mut buf = vec![0 as c_char; 4096];
    // SAFETY: a buffer of its length.
    let n = unsafe { f(buf.as_mut_ptr(), buf.len()) }.min(buf.len() - 1);
    buf[..n].iter().map(|&c| c as u8 as char).collect()
}

pub fn driver_code(err: &GpuError) -> u32 {
    match err {
        GpuError::Driver { status, .. } | GpuError::KernelFault { status, .. } => status.code,
        other => panic!("expected a driver error, got {other:?}"),
    }
}
