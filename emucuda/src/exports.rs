//! The exported driver API entry points: C ABI, the names `cuda.h` maps to
//! (`cuMemAlloc` is `cuMemAlloc_v2`, ...), the header's parameter types
//! (enums taken as plain integers, since C may pass any value) and
//! `CUresult` return values.
//!
//! Each entry point checks its out-parameters for NULL first, does its work
//! through [`crate::state`] (safe Rust) inside [`guard`], and touches raw
//! memory only through the helpers of [`crate::ffi`]. The `# Safety` of
//! every function is the driver API's contract for that call: non-NULL
//! pointers point at memory of the size and type the call describes.

use crate::attrs;
use crate::ffi::{self, guard};
use crate::host;
use crate::state::{self, AllocKind, Handle};
use crate::status::{self, Failure, Outcome};
use cudarc::driver::sys::{
    CUcontext, CUdevice, CUdeviceptr, CUevent, CUfunction, CUjit_option, CUmodule, CUstream,
    CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT, CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT,
    CU_LAUNCH_PARAM_END_AS_INT, CU_MEMHOSTALLOC_DEVICEMAP, CU_MEMHOSTALLOC_PORTABLE,
    CU_MEMHOSTALLOC_WRITECOMBINED,
};
use kernelc_runtime::{DevicePtr, LaunchConfig};
use std::ffi::{c_char, c_int, c_uint, c_void};
use std::time::Instant;

/// A handle's value as a C pointer.
fn to_ptr<T>(h: Handle) -> *mut T {
    std::ptr::without_provenance_mut(h as usize)
}

/// A C pointer's value as a handle.
fn handle<T>(p: *mut T) -> Handle {
    p.addr() as Handle
}

fn invalid(message: impl Into<String>) -> Failure {
    Failure::new(status::INVALID_VALUE, message)
}

// ---------------------------------------------------------------- init, errors

/// `cuInit`.
#[no_mangle]
pub extern "C" fn cuInit(flags: c_uint) -> u32 {
    guard("cuInit", || state::init(flags))
}

/// `cuGetExportTable`: NVIDIA's private tables, which the emulated driver
/// does not have: NULL and `CUDA_ERROR_NOT_SUPPORTED`. Exported because
/// NVRTC calls it through the `libcuda.so.1` it finds (and crashes on a
/// driver without the symbol); with this answer it compiles as usual.
///
/// # Safety
/// `table` is NULL or points at a writable `const void *`.
#[no_mangle]
pub unsafe extern "C" fn cuGetExportTable(table: *mut *const c_void, _id: *const c_void) -> u32 {
    guard("cuGetExportTable", || {
        let out = ffi::out(table, "ppExportTable")?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, std::ptr::null()) };
        Err(Failure::new(
            status::NOT_SUPPORTED,
            "the driver's private export tables are not emulated",
        ))
    })
}

/// `cuDriverGetVersion`.
///
/// # Safety
/// `version` is NULL or points at a writable `int`.
#[no_mangle]
pub unsafe extern "C" fn cuDriverGetVersion(version: *mut c_int) -> u32 {
    guard("cuDriverGetVersion", || {
        let out = ffi::out(version, "driverVersion")?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, attrs::DRIVER_VERSION) };
        Ok(())
    })
}

/// `cuGetErrorName`: a static string, or `CUDA_ERROR_INVALID_VALUE` (and
/// NULL) for a code the driver does not know.
///
/// # Safety
/// `text` is NULL or points at a writable `const char *`.
#[no_mangle]
pub unsafe extern "C" fn cuGetErrorName(error: u32, text: *mut *const c_char) -> u32 {
    guard("cuGetErrorName", || {
        let out = ffi::out(text, "pStr")?;
        let name = status::name(error);
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, name.map_or(std::ptr::null(), |s| s.as_ptr())) };
        name.map(|_| ())
            .ok_or_else(|| invalid(format!("unknown CUresult {error}")))
    })
}

/// `cuGetErrorString`: as [`cuGetErrorName`], with the description.
///
/// # Safety
/// `text` is NULL or points at a writable `const char *`.
#[no_mangle]
pub unsafe extern "C" fn cuGetErrorString(error: u32, text: *mut *const c_char) -> u32 {
    guard("cuGetErrorString", || {
        let out = ffi::out(text, "pStr")?;
        let description = status::description(error);
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, description.map_or(std::ptr::null(), |s| s.as_ptr())) };
        description
            .map(|_| ())
            .ok_or_else(|| invalid(format!("unknown CUresult {error}")))
    })
}

/// Not a driver entry point: copies the message of this thread's last
/// failed call (for a failed launch, the CPU device's account of the fault:
/// kernel, block, thread, PTX line) into `buf` (truncated, NUL-terminated)
/// and returns its full length in bytes.
///
/// # Safety
/// `buf` is NULL or points at `len` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn kernelc_emucuda_last_error(buf: *mut c_char, len: usize) -> usize {
    let text = ffi::last_error();
    // SAFETY: the caller's contract.
    unsafe { ffi::copy_c_string(text.as_bytes(), buf, len) };
    text.len()
}

// ---------------------------------------------------------------- devices

/// `cuDeviceGetCount`: one device.
///
/// # Safety
/// `count` is NULL or points at a writable `int`.
#[no_mangle]
pub unsafe extern "C" fn cuDeviceGetCount(count: *mut c_int) -> u32 {
    guard("cuDeviceGetCount", || {
        let out = ffi::out(count, "count")?;
        state::lock()?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, 1) };
        Ok(())
    })
}

/// `cuDeviceGet`.
///
/// # Safety
/// `device` is NULL or points at a writable `CUdevice`.
#[no_mangle]
pub unsafe extern "C" fn cuDeviceGet(device: *mut CUdevice, ordinal: c_int) -> u32 {
    guard("cuDeviceGet", || {
        let out = ffi::out(device, "device")?;
        state::lock()?;
        state::check_device(ordinal)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, ordinal) };
        Ok(())
    })
}

/// `cuDeviceGetName`: at most `len - 1` bytes and a NUL.
///
/// # Safety
/// `name` is NULL or points at `len` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn cuDeviceGetName(name: *mut c_char, len: c_int, dev: CUdevice) -> u32 {
    guard("cuDeviceGetName", || {
        if name.is_null() {
            return Err(ffi::null("name"));
        }
        let len = usize::try_from(len)
            .ok()
            .filter(|&l| l > 0)
            .ok_or_else(|| invalid(format!("name length {len}")))?;
        state::lock()?;
        state::check_device(dev)?;
        // SAFETY: `len` writable bytes at `name`, the caller's contract.
        unsafe { ffi::copy_c_string(attrs::DEVICE_NAME.to_bytes(), name, len) };
        Ok(())
    })
}

/// `cuDeviceGetUuid` and `cuDeviceGetUuid_v2`: the emulated device's
/// fixed UUID ([`attrs::DEVICE_UUID`]).
///
/// # Safety
/// `uuid` is NULL or points at 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn cuDeviceGetUuid_v2(uuid: *mut [u8; 16], dev: CUdevice) -> u32 {
    guard("cuDeviceGetUuid_v2", || {
        let out = ffi::out(uuid, "uuid")?;
        state::lock()?;
        state::check_device(dev)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, attrs::DEVICE_UUID) };
        Ok(())
    })
}

/// `cuDeviceGetUuid` (the CUDA 9.2 variant; the same answer here).
///
/// # Safety
/// As [`cuDeviceGetUuid_v2`].
#[no_mangle]
pub unsafe extern "C" fn cuDeviceGetUuid(uuid: *mut [u8; 16], dev: CUdevice) -> u32 {
    // SAFETY: the same contract.
    unsafe { cuDeviceGetUuid_v2(uuid, dev) }
}

/// `cuDeviceGetAttribute`.
///
/// # Safety
/// `value` is NULL or points at a writable `int`.
#[no_mangle]
pub unsafe extern "C" fn cuDeviceGetAttribute(
    value: *mut c_int,
    attribute: c_int,
    dev: CUdevice,
) -> u32 {
    guard("cuDeviceGetAttribute", || {
        let out = ffi::out(value, "pi")?;
        state::lock()?;
        state::check_device(dev)?;
        let v = attrs::device_attribute(attribute)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, v) };
        Ok(())
    })
}

/// `cuDeviceTotalMem` (`_v2`).
///
/// # Safety
/// `bytes` is NULL or points at a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn cuDeviceTotalMem_v2(bytes: *mut usize, dev: CUdevice) -> u32 {
    guard("cuDeviceTotalMem_v2", || {
        let out = ffi::out(bytes, "bytes")?;
        state::lock()?;
        state::check_device(dev)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, attrs::DEVICE_MEMORY as usize) };
        Ok(())
    })
}

/// `cuDeviceComputeCapability` (deprecated in the header, still exported).
///
/// # Safety
/// `major` and `minor` are NULL or point at writable `int`s.
#[no_mangle]
pub unsafe extern "C" fn cuDeviceComputeCapability(
    major: *mut c_int,
    minor: *mut c_int,
    dev: CUdevice,
) -> u32 {
    guard("cuDeviceComputeCapability", || {
        let (out_major, out_minor) = (ffi::out(major, "major")?, ffi::out(minor, "minor")?);
        state::lock()?;
        state::check_device(dev)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe {
            ffi::write(out_major, 8);
            ffi::write(out_minor, 0);
        }
        Ok(())
    })
}

// ---------------------------------------------------------------- contexts

/// `cuDevicePrimaryCtxRetain`.
///
/// # Safety
/// `ctx` is NULL or points at a writable `CUcontext`.
#[no_mangle]
pub unsafe extern "C" fn cuDevicePrimaryCtxRetain(ctx: *mut CUcontext, dev: CUdevice) -> u32 {
    guard("cuDevicePrimaryCtxRetain", || {
        let out = ffi::out(ctx, "pctx")?;
        let mut s = state::lock()?;
        state::check_device(dev)?;
        let h = s.primary_retain()?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, to_ptr(h)) };
        Ok(())
    })
}

/// `cuDevicePrimaryCtxRelease` (`_v2`).
#[no_mangle]
pub extern "C" fn cuDevicePrimaryCtxRelease_v2(dev: CUdevice) -> u32 {
    guard("cuDevicePrimaryCtxRelease_v2", || {
        let mut s = state::lock()?;
        state::check_device(dev)?;
        s.primary_release()
    })
}

/// `cuDevicePrimaryCtxReset` (`_v2`): frees everything made in the
/// primary context (a kernel's sticky fault stays, as with NVIDIA's
/// driver).
#[no_mangle]
pub extern "C" fn cuDevicePrimaryCtxReset_v2(dev: CUdevice) -> u32 {
    guard("cuDevicePrimaryCtxReset_v2", || {
        let mut s = state::lock()?;
        state::check_device(dev)?;
        s.primary_reset();
        Ok(())
    })
}

/// `cuDevicePrimaryCtxGetState`.
///
/// # Safety
/// `flags` and `active` are NULL or point at a writable `unsigned` and `int`.
#[no_mangle]
pub unsafe extern "C" fn cuDevicePrimaryCtxGetState(
    dev: CUdevice,
    flags: *mut c_uint,
    active: *mut c_int,
) -> u32 {
    guard("cuDevicePrimaryCtxGetState", || {
        let (out_flags, out_active) = (ffi::out(flags, "flags")?, ffi::out(active, "active")?);
        let s = state::lock()?;
        state::check_device(dev)?;
        let (f, a) = s.primary_state();
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe {
            ffi::write(out_flags, f);
            ffi::write(out_active, c_int::from(a));
        }
        Ok(())
    })
}

/// `cuCtxCreate` (`_v2`): a new context, made current. Scheduling flags
/// are accepted and have no effect (work runs synchronously).
///
/// # Safety
/// `ctx` is NULL or points at a writable `CUcontext`.
#[no_mangle]
pub unsafe extern "C" fn cuCtxCreate_v2(ctx: *mut CUcontext, flags: c_uint, dev: CUdevice) -> u32 {
    guard("cuCtxCreate_v2", || {
        let out = ffi::out(ctx, "pctx")?;
        let mut s = state::lock()?;
        state::check_device(dev)?;
        if flags > 0x1f {
            return Err(invalid(format!("context flags {flags:#x}")));
        }
        let h = s.ctx_create()?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, to_ptr(h)) };
        Ok(())
    })
}

/// `cuCtxDestroy` (`_v2`): frees the context's memory, modules, streams
/// and events.
#[no_mangle]
pub extern "C" fn cuCtxDestroy_v2(ctx: CUcontext) -> u32 {
    guard("cuCtxDestroy_v2", || {
        state::lock()?.ctx_destroy(handle(ctx))
    })
}

/// `cuCtxPushCurrent` (`_v2`).
#[no_mangle]
pub extern "C" fn cuCtxPushCurrent_v2(ctx: CUcontext) -> u32 {
    guard("cuCtxPushCurrent_v2", || {
        state::lock()?.ctx_push(handle(ctx))
    })
}

/// `cuCtxPopCurrent` (`_v2`): `ctx` may be NULL (the popped context is
/// then not returned).
///
/// # Safety
/// `ctx` is NULL or points at a writable `CUcontext`.
#[no_mangle]
pub unsafe extern "C" fn cuCtxPopCurrent_v2(ctx: *mut CUcontext) -> u32 {
    guard("cuCtxPopCurrent_v2", || {
        let s = state::lock()?;
        let top = state::current_handle().ok_or_else(|| {
            Failure::new(
                status::INVALID_CONTEXT,
                "no context is current on this thread",
            )
        })?;
        s.ctx_set(0)?;
        if let Some(out) = std::ptr::NonNull::new(ctx) {
            // SAFETY: non-NULL; the caller's contract.
            unsafe { ffi::write(out, to_ptr(top)) };
        }
        Ok(())
    })
}

/// `cuCtxSetCurrent`: replaces the top of this thread's stack (NULL pops).
#[no_mangle]
pub extern "C" fn cuCtxSetCurrent(ctx: CUcontext) -> u32 {
    guard("cuCtxSetCurrent", || state::lock()?.ctx_set(handle(ctx)))
}

/// `cuCtxGetCurrent`: NULL when no context is current.
///
/// # Safety
/// `ctx` is NULL or points at a writable `CUcontext`.
#[no_mangle]
pub unsafe extern "C" fn cuCtxGetCurrent(ctx: *mut CUcontext) -> u32 {
    guard("cuCtxGetCurrent", || {
        let out = ffi::out(ctx, "pctx")?;
        state::lock()?;
        let h = state::current_handle().unwrap_or(0);
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, to_ptr(h)) };
        Ok(())
    })
}

/// `cuCtxGetDevice`.
///
/// # Safety
/// `device` is NULL or points at a writable `CUdevice`.
#[no_mangle]
pub unsafe extern "C" fn cuCtxGetDevice(device: *mut CUdevice) -> u32 {
    guard("cuCtxGetDevice", || {
        let out = ffi::out(device, "device")?;
        state::lock()?.current()?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, 0) };
        Ok(())
    })
}

/// `cuCtxSynchronize`: work ran when it was queued.
#[no_mangle]
pub extern "C" fn cuCtxSynchronize() -> u32 {
    guard("cuCtxSynchronize", || state::lock()?.current().map(|_| ()))
}

// ---------------------------------------------------------------- memory

/// `cuMemAlloc` (`_v2`).
///
/// # Safety
/// `ptr` is NULL or points at a writable `CUdeviceptr`.
#[no_mangle]
pub unsafe extern "C" fn cuMemAlloc_v2(ptr: *mut CUdeviceptr, bytes: usize) -> u32 {
    guard("cuMemAlloc_v2", || {
        let out = ffi::out(ptr, "dptr")?;
        let p = state::lock()?.mem_alloc(bytes as u64)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, p) };
        Ok(())
    })
}

/// `cuMemFree` (`_v2`): only a pointer `cuMemAlloc` returned, once.
#[no_mangle]
pub extern "C" fn cuMemFree_v2(ptr: CUdeviceptr) -> u32 {
    guard("cuMemFree_v2", || state::lock()?.mem_free(ptr))
}

/// `cuMemGetInfo` (`_v2`).
///
/// # Safety
/// `free` and `total` are NULL or point at writable `size_t`s.
#[no_mangle]
pub unsafe extern "C" fn cuMemGetInfo_v2(free: *mut usize, total: *mut usize) -> u32 {
    guard("cuMemGetInfo_v2", || {
        let (out_free, out_total) = (ffi::out(free, "free")?, ffi::out(total, "total")?);
        let (f, t) = state::lock()?.mem_info()?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe {
            ffi::write(out_free, f as usize);
            ffi::write(out_total, t as usize);
        }
        Ok(())
    })
}

/// Host to device, checked against the device's live allocations.
fn htod(dst: CUdeviceptr, src: &[u8]) -> Outcome<()> {
    let device = state::lock()?.device_for_memory()?;
    if src.is_empty() {
        return Ok(());
    }
    device
        .copy_to_device(DevicePtr(dst), src)
        .map_err(|e| status::of_cpu_error(&e))
}

/// Device to host, checked likewise.
fn dtoh(dst: &mut [u8], src: CUdeviceptr) -> Outcome<()> {
    let device = state::lock()?.device_for_memory()?;
    if dst.is_empty() {
        return Ok(());
    }
    device
        .copy_from_device(dst, DevicePtr(src))
        .map_err(|e| status::of_cpu_error(&e))
}

/// Device to device (through a host buffer, so overlap is harmless).
fn dtod(dst: CUdeviceptr, src: CUdeviceptr, bytes: usize) -> Outcome<()> {
    let device = state::lock()?.device_for_memory()?;
    if bytes == 0 {
        return Ok(());
    }
    let mut buf = Vec::new();
    buf.try_reserve_exact(bytes)
        .map_err(|_| Failure::new(status::OUT_OF_MEMORY, format!("{bytes} bytes")))?;
    buf.resize(bytes, 0);
    device
        .copy_from_device(&mut buf, DevicePtr(src))
        .and_then(|()| device.copy_to_device(DevicePtr(dst), &buf))
        .map_err(|e| status::of_cpu_error(&e))
}

/// Fills `count` elements of `pattern` at `dst` (aligned to its size).
fn memset(dst: CUdeviceptr, pattern: &[u8], count: usize) -> Outcome<()> {
    let device = state::lock()?.device_for_memory()?;
    if !dst.is_multiple_of(pattern.len() as u64) {
        return Err(invalid(format!(
            "{dst:#x} is not aligned to {} bytes",
            pattern.len()
        )));
    }
    if count == 0 {
        return Ok(());
    }
    if let [byte] = pattern {
        return device
            .memset(DevicePtr(dst), *byte, count)
            .map_err(|e| status::of_cpu_error(&e));
    }
    let bytes = count
        .checked_mul(pattern.len())
        .ok_or_else(|| invalid(format!("{count} elements")))?;
    let mut buf = Vec::new();
    buf.try_reserve_exact(bytes)
        .map_err(|_| Failure::new(status::OUT_OF_MEMORY, format!("{bytes} bytes")))?;
    for _ in 0..count {
        buf.extend_from_slice(pattern);
    }
    device
        .copy_to_device(DevicePtr(dst), &buf)
        .map_err(|e| status::of_cpu_error(&e))
}

/// A stream argument of an async call: live, or a default stream.
fn check_stream(stream: CUstream) -> Outcome<()> {
    state::lock()?.stream_check(handle(stream))
}

/// `cuMemcpyHtoD` (`_v2`).
///
/// # Safety
/// `src` points at `bytes` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn cuMemcpyHtoD_v2(
    dst: CUdeviceptr,
    src: *const c_void,
    bytes: usize,
) -> u32 {
    guard("cuMemcpyHtoD_v2", || {
        // SAFETY: the caller's contract.
        htod(dst, unsafe { ffi::host_bytes(src, bytes, "srcHost") }?)
    })
}

/// `cuMemcpyDtoH` (`_v2`).
///
/// # Safety
/// `dst` points at `bytes` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn cuMemcpyDtoH_v2(dst: *mut c_void, src: CUdeviceptr, bytes: usize) -> u32 {
    guard("cuMemcpyDtoH_v2", || {
        // SAFETY: the caller's contract.
        dtoh(unsafe { ffi::host_bytes_mut(dst, bytes, "dstHost") }?, src)
    })
}

/// `cuMemcpyDtoD` (`_v2`).
#[no_mangle]
pub extern "C" fn cuMemcpyDtoD_v2(dst: CUdeviceptr, src: CUdeviceptr, bytes: usize) -> u32 {
    guard("cuMemcpyDtoD_v2", || dtod(dst, src, bytes))
}

/// `cuMemcpyHtoDAsync` (`_v2`): done when it returns.
///
/// # Safety
/// `src` points at `bytes` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn cuMemcpyHtoDAsync_v2(
    dst: CUdeviceptr,
    src: *const c_void,
    bytes: usize,
    stream: CUstream,
) -> u32 {
    guard("cuMemcpyHtoDAsync_v2", || {
        check_stream(stream)?;
        // SAFETY: the caller's contract.
        htod(dst, unsafe { ffi::host_bytes(src, bytes, "srcHost") }?)
    })
}

/// `cuMemcpyDtoHAsync` (`_v2`): done when it returns.
///
/// # Safety
/// `dst` points at `bytes` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn cuMemcpyDtoHAsync_v2(
    dst: *mut c_void,
    src: CUdeviceptr,
    bytes: usize,
    stream: CUstream,
) -> u32 {
    guard("cuMemcpyDtoHAsync_v2", || {
        check_stream(stream)?;
        // SAFETY: the caller's contract.
        dtoh(unsafe { ffi::host_bytes_mut(dst, bytes, "dstHost") }?, src)
    })
}

/// `cuMemcpyDtoDAsync` (`_v2`): done when it returns.
#[no_mangle]
pub extern "C" fn cuMemcpyDtoDAsync_v2(
    dst: CUdeviceptr,
    src: CUdeviceptr,
    bytes: usize,
    stream: CUstream,
) -> u32 {
    guard("cuMemcpyDtoDAsync_v2", || {
        check_stream(stream)?;
        dtod(dst, src, bytes)
    })
}

/// `cuMemsetD8` (`_v2`).
#[no_mangle]
pub extern "C" fn cuMemsetD8_v2(dst: CUdeviceptr, value: u8, count: usize) -> u32 {
    guard("cuMemsetD8_v2", || memset(dst, &[value], count))
}

/// `cuMemsetD16` (`_v2`).
#[no_mangle]
pub extern "C" fn cuMemsetD16_v2(dst: CUdeviceptr, value: u16, count: usize) -> u32 {
    guard("cuMemsetD16_v2", || {
        memset(dst, &value.to_le_bytes(), count)
    })
}

/// `cuMemsetD32` (`_v2`).
#[no_mangle]
pub extern "C" fn cuMemsetD32_v2(dst: CUdeviceptr, value: c_uint, count: usize) -> u32 {
    guard("cuMemsetD32_v2", || {
        memset(dst, &value.to_le_bytes(), count)
    })
}

/// `cuMemsetD8Async`: done when it returns.
#[no_mangle]
pub extern "C" fn cuMemsetD8Async(
    dst: CUdeviceptr,
    value: u8,
    count: usize,
    stream: CUstream,
) -> u32 {
    guard("cuMemsetD8Async", || {
        check_stream(stream)?;
        memset(dst, &[value], count)
    })
}

/// `cuMemsetD32Async`: done when it returns.
#[no_mangle]
pub extern "C" fn cuMemsetD32Async(
    dst: CUdeviceptr,
    value: c_uint,
    count: usize,
    stream: CUstream,
) -> u32 {
    guard("cuMemsetD32Async", || {
        check_stream(stream)?;
        memset(dst, &value.to_le_bytes(), count)
    })
}

/// `cuMemHostAlloc`: `CU_MEMHOSTALLOC_PORTABLE`, `WRITECOMBINED` and
/// `DEVICEMAP` are accepted; mapped memory (`DEVICEMAP`) lies at the same
/// address for the host and kernels, as with unified addressing
/// (`cuMemHostGetDevicePointer` returns it).
///
/// # Safety
/// `ptr` is NULL or points at a writable `void *`.
#[no_mangle]
pub unsafe extern "C" fn cuMemHostAlloc(ptr: *mut *mut c_void, bytes: usize, flags: c_uint) -> u32 {
    guard("cuMemHostAlloc", || {
        let out = ffi::out(ptr, "pp")?;
        let known =
            CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_WRITECOMBINED | CU_MEMHOSTALLOC_DEVICEMAP;
        if flags & !known != 0 {
            return Err(invalid(format!("host allocation flags {flags:#x}")));
        }
        let mut state = state::lock()?;
        state.current()?;
        let p = if flags & CU_MEMHOSTALLOC_DEVICEMAP != 0 {
            state.mem_alloc_host_visible(bytes as u64, AllocKind::Mapped)? as usize as *mut u8
        } else {
            host::alloc(bytes)?
        };
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, p.cast()) };
        Ok(())
    })
}

/// `cuMemHostGetDevicePointer` (`_v2`): the device address of mapped host
/// memory (the same address). `flags` must be 0.
///
/// # Safety
/// `pdptr` is NULL or points at a writable `CUdeviceptr`.
#[no_mangle]
pub unsafe extern "C" fn cuMemHostGetDevicePointer_v2(
    pdptr: *mut CUdeviceptr,
    p: *mut c_void,
    flags: c_uint,
) -> u32 {
    guard("cuMemHostGetDevicePointer_v2", || {
        let out = ffi::out(pdptr, "pdptr")?;
        if flags != 0 {
            return Err(invalid(format!("flags {flags:#x} (must be 0)")));
        }
        let d = state::lock()?.mapped_device_pointer(p.addr() as u64)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, d) };
        Ok(())
    })
}

/// `cuMemAllocManaged`: `bytes` zeroed bytes at one address for the host
/// and kernels; `flags` is `CU_MEM_ATTACH_GLOBAL` or `CU_MEM_ATTACH_HOST`
/// (the same here: work runs synchronously). Freed by `cuMemFree`.
///
/// # Safety
/// `dptr` is NULL or points at a writable `CUdeviceptr`.
#[no_mangle]
pub unsafe extern "C" fn cuMemAllocManaged(
    dptr: *mut CUdeviceptr,
    bytes: usize,
    flags: c_uint,
) -> u32 {
    guard("cuMemAllocManaged", || {
        let out = ffi::out(dptr, "dptr")?;
        const ATTACH_GLOBAL: c_uint = 1;
        const ATTACH_HOST: c_uint = 2;
        if flags != ATTACH_GLOBAL && flags != ATTACH_HOST {
            return Err(invalid(format!(
                "flags {flags:#x} (CU_MEM_ATTACH_GLOBAL or CU_MEM_ATTACH_HOST)"
            )));
        }
        let p = state::lock()?.mem_alloc_host_visible(bytes as u64, AllocKind::Managed)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, p) };
        Ok(())
    })
}

/// `cuMemHostRegister` (`_v2`): page-locks host memory the program owns
/// (numba-cuda's `cuda.pinned`). Copies here run synchronously from any
/// host memory, so the range is only recorded; `CU_MEMHOSTREGISTER_PORTABLE`
/// is accepted. Mapping it for kernels (`DEVICEMAP`) is
/// `CUDA_ERROR_NOT_SUPPORTED`: the CPU device addresses only memory it
/// allocated (use `cuMemHostAlloc` with `DEVICEMAP`).
#[no_mangle]
pub extern "C" fn cuMemHostRegister_v2(p: *mut c_void, bytes: usize, flags: c_uint) -> u32 {
    guard("cuMemHostRegister_v2", || {
        const PORTABLE: c_uint = 1;
        const DEVICEMAP: c_uint = 2;
        const IOMEMORY: c_uint = 4;
        const READ_ONLY: c_uint = 8;
        if flags & !(PORTABLE | DEVICEMAP | IOMEMORY | READ_ONLY) != 0 {
            return Err(invalid(format!("host registration flags {flags:#x}")));
        }
        if flags & (DEVICEMAP | IOMEMORY) != 0 {
            return Err(Failure::new(
                status::NOT_SUPPORTED,
                "the emulated driver cannot map registered host memory for kernels \
                 (CU_MEMHOSTREGISTER_DEVICEMAP / IOMEMORY): allocate it with cuMemHostAlloc",
            ));
        }
        state::lock()?.current()?;
        host::register(p.addr(), bytes)
    })
}

/// `cuMemHostUnregister`: the range `cuMemHostRegister` recorded at `p`.
#[no_mangle]
pub extern "C" fn cuMemHostUnregister(p: *mut c_void) -> u32 {
    guard("cuMemHostUnregister", || host::unregister(p.addr()))
}

/// `cuMemAllocHost` (`_v2`).
///
/// # Safety
/// `ptr` is NULL or points at a writable `void *`.
#[no_mangle]
pub unsafe extern "C" fn cuMemAllocHost_v2(ptr: *mut *mut c_void, bytes: usize) -> u32 {
    guard("cuMemAllocHost_v2", || {
        let out = ffi::out(ptr, "pp")?;
        state::lock()?.current()?;
        let p = host::alloc(bytes)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, p.cast()) };
        Ok(())
    })
}

/// `cuMemFreeHost`: only a pointer this driver's host allocation returned.
#[no_mangle]
pub extern "C" fn cuMemFreeHost(ptr: *mut c_void) -> u32 {
    guard("cuMemFreeHost", || {
        if state::lock()?.mem_free_mapped(ptr.addr() as u64)? {
            return Ok(());
        }
        host::free(ptr.addr())
    })
}

// ---------------------------------------------------------------- modules

/// The JIT options this driver reads or fills.
#[derive(Default)]
struct JitLogs {
    info: Option<(*mut c_char, usize)>,
    error: Option<(*mut c_char, usize)>,
    /// Slots that receive the size written (the `_SIZE_BYTES` options).
    info_size_slot: Option<*mut *mut c_void>,
    error_size_slot: Option<*mut *mut c_void>,
    wall_time_slot: Option<*mut *mut c_void>,
}

/// Reads the option and value arrays of `cuModuleLoadDataEx`. Options that
/// only tune code generation (registers, optimisation level, target, ...)
/// are accepted and have no effect on the CPU device.
///
/// # Safety
/// When `count > 0`, `options` and `values` point at `count` elements.
unsafe fn read_jit_options(
    count: c_uint,
    options: *mut c_uint,
    values: *mut *mut c_void,
) -> Outcome<JitLogs> {
    let mut logs = JitLogs::default();
    if count == 0 {
        return Ok(logs);
    }
    if options.is_null() || values.is_null() {
        return Err(ffi::null("options or optionValues"));
    }
    let mut info_size = 0usize;
    let mut error_size = 0usize;
    let mut info_buf: *mut c_char = std::ptr::null_mut();
    let mut error_buf: *mut c_char = std::ptr::null_mut();
    for i in 0..count as usize {
        // SAFETY: `i < count` elements of each array, the caller's contract.
        let (option, slot) = unsafe { (*options.add(i), values.add(i)) };
        // SAFETY: as above; the value is a pointer-sized slot.
        let value = unsafe { *slot };
        use CUjit_option as J;
        match option {
            o if o == J::CU_JIT_INFO_LOG_BUFFER as c_uint => info_buf = value.cast(),
            o if o == J::CU_JIT_ERROR_LOG_BUFFER as c_uint => error_buf = value.cast(),
            o if o == J::CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES as c_uint => {
                info_size = value.addr();
                logs.info_size_slot = Some(slot);
            }
            o if o == J::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES as c_uint => {
                error_size = value.addr();
                logs.error_size_slot = Some(slot);
            }
            o if o == J::CU_JIT_WALL_TIME as c_uint => logs.wall_time_slot = Some(slot),
            o if o < J::CU_JIT_NUM_OPTIONS as c_uint => {}
            o => return Err(invalid(format!("JIT option {o}"))),
        }
    }
    if !info_buf.is_null() && info_size > 0 {
        logs.info = Some((info_buf, info_size));
    }
    if !error_buf.is_null() && error_size > 0 {
        logs.error = Some((error_buf, error_size));
    }
    Ok(logs)
}

impl JitLogs {
    /// Fills the logs and the out-values the caller asked for.
    ///
    /// # Safety
    /// The buffers and slots came from [`read_jit_options`] of a call whose
    /// arrays and buffers are still live.
    unsafe fn fill(&self, info: &str, error: &str, started: Instant) {
        for (buf, size_slot, text) in [
            (self.info, self.info_size_slot, info),
            (self.error, self.error_size_slot, error),
        ] {
            let written = match buf {
                // SAFETY: `len` writable bytes, the caller's contract.
                Some((p, len)) => unsafe { ffi::copy_c_string(text.as_bytes(), p, len) },
                None => 0,
            };
            if let Some(slot) = size_slot {
                // SAFETY: a live value slot of the options array.
                unsafe { *slot = std::ptr::without_provenance_mut(written) };
            }
        }
        if let Some(slot) = self.wall_time_slot {
            let ms = started.elapsed().as_secs_f32() * 1e3;
            // SAFETY: a live value slot; the header stores a float in it.
            unsafe { *slot = std::ptr::without_provenance_mut(ms.to_bits() as usize) };
        }
    }
}

/// Loads PTX text: the image as a C string, refused when it is a cubin or
/// fatbin (this driver runs PTX only).
fn load_ptx(image: &[u8]) -> Outcome<(Handle, String)> {
    if image.starts_with(b"\x7fELF") || image.starts_with(&[0x50, 0xED, 0x55, 0xBA]) {
        return Err(Failure::new(
            status::NOT_SUPPORTED,
            "cubin and fatbin images: the emulated driver loads PTX text only",
        ));
    }
    let ptx = std::str::from_utf8(image)
        .map_err(|_| Failure::new(status::INVALID_IMAGE, "the image is not PTX text (UTF-8)"))?;
    state::lock()?.module_load(ptx)
}

/// `cuModuleLoadDataEx`: PTX text with JIT options; the info and error log
/// buffers are filled (truncated, NUL-terminated) and their size slots set
/// to the bytes written.
///
/// # Safety
/// `module` is NULL or writable; `image` is NULL or a NUL-terminated
/// string; `options` and `values` hold `count` elements; log buffers have
/// the sizes given.
#[no_mangle]
pub unsafe extern "C" fn cuModuleLoadDataEx(
    module: *mut CUmodule,
    image: *const c_void,
    count: c_uint,
    options: *mut c_uint,
    values: *mut *mut c_void,
) -> u32 {
    guard("cuModuleLoadDataEx", || {
        let started = Instant::now();
        let out = ffi::out(module, "module")?;
        // SAFETY: the caller's contract.
        let image = unsafe { ffi::c_str(image.cast(), "image") }?;
        // SAFETY: the caller's contract.
        let logs = unsafe { read_jit_options(count, options, values) }?;
        let loaded = load_ptx(image);
        let (info, error) = match &loaded {
            Ok((_, info)) => (info.as_str(), String::new()),
            Err(f) => ("", format!("kernelc emulated driver: {}\n", f.message)),
        };
        // SAFETY: the same call's live arrays and buffers.
        unsafe { logs.fill(info, &error, started) };
        let (h, _) = loaded?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, to_ptr(h)) };
        Ok(())
    })
}

/// `cuModuleLoadData`: PTX text.
///
/// # Safety
/// `module` is NULL or writable; `image` is NULL or a NUL-terminated
/// string.
#[no_mangle]
pub unsafe extern "C" fn cuModuleLoadData(module: *mut CUmodule, image: *const c_void) -> u32 {
    guard("cuModuleLoadData", || {
        let out = ffi::out(module, "module")?;
        // SAFETY: the caller's contract.
        let image = unsafe { ffi::c_str(image.cast(), "image") }?;
        let (h, _) = load_ptx(image)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, to_ptr(h)) };
        Ok(())
    })
}

// ---------------------------------------------------------------- libraries
//
// CUDA 12's context-independent libraries and kernels, as clients such as
// `cuda.core` (under Numba CUDA) load code. Here a `CUlibrary` is a module
// of the current context and a `CUkernel` its function: the same handles,
// so `cuLaunchKernel` takes a `CUkernel` as the real driver does.

/// `cuLibraryLoadData`: PTX text, as `cuModuleLoadData`. JIT and library
/// options are accepted and not acted on.
///
/// # Safety
/// `library` is NULL or writable; `code` is NULL or NUL-terminated PTX.
#[no_mangle]
pub unsafe extern "C" fn cuLibraryLoadData(
    library: *mut CUmodule,
    code: *const c_void,
    _jit_options: *mut CUjit_option,
    _jit_option_values: *mut *mut c_void,
    _num_jit_options: c_uint,
    _library_options: *mut c_int,
    _library_option_values: *mut *mut c_void,
    _num_library_options: c_uint,
) -> u32 {
    guard("cuLibraryLoadData", || {
        let out = ffi::out(library, "library")?;
        // SAFETY: the caller's contract.
        let image = unsafe { ffi::c_str(code.cast(), "code") }?;
        let (h, _) = load_ptx(image)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, to_ptr(h)) };
        Ok(())
    })
}

/// `cuLibraryUnload`.
#[no_mangle]
pub extern "C" fn cuLibraryUnload(library: CUmodule) -> u32 {
    guard("cuLibraryUnload", || {
        state::lock()?.module_unload(handle(library))
    })
}

/// `cuLibraryGetKernel`: as `cuModuleGetFunction`.
///
/// # Safety
/// As [`cuModuleGetFunction`].
#[no_mangle]
pub unsafe extern "C" fn cuLibraryGetKernel(
    kernel: *mut CUfunction,
    library: CUmodule,
    name: *const c_char,
) -> u32 {
    // SAFETY: the same contract.
    unsafe { cuModuleGetFunction(kernel, library, name) }
}

/// `cuLibraryGetModule`: the library is its module.
///
/// # Safety
/// `module` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn cuLibraryGetModule(module: *mut CUmodule, library: CUmodule) -> u32 {
    guard("cuLibraryGetModule", || {
        let out = ffi::out(module, "pMod")?;
        state::lock()?.module_check(handle(library))?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, library) };
        Ok(())
    })
}

/// `cuLibraryGetGlobal`: as `cuModuleGetGlobal`.
///
/// # Safety
/// As [`cuModuleGetGlobal_v2`].
#[no_mangle]
pub unsafe extern "C" fn cuLibraryGetGlobal(
    ptr: *mut CUdeviceptr,
    bytes: *mut usize,
    library: CUmodule,
    name: *const c_char,
) -> u32 {
    // SAFETY: the same contract.
    unsafe { cuModuleGetGlobal_v2(ptr, bytes, library, name) }
}

/// `cuKernelGetFunction`: the kernel is its function.
///
/// # Safety
/// `function` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn cuKernelGetFunction(function: *mut CUfunction, kernel: CUfunction) -> u32 {
    guard("cuKernelGetFunction", || {
        let out = ffi::out(function, "pFunc")?;
        state::lock()?.function_params(handle(kernel))?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, kernel) };
        Ok(())
    })
}

/// `cuKernelGetAttribute`: as `cuFuncGetAttribute` (one device).
///
/// # Safety
/// As [`cuFuncGetAttribute`].
#[no_mangle]
pub unsafe extern "C" fn cuKernelGetAttribute(
    value: *mut c_int,
    attribute: c_int,
    kernel: CUfunction,
    dev: CUdevice,
) -> u32 {
    match guard("cuKernelGetAttribute", || state::check_device(dev)) {
        // SAFETY: the same contract.
        status::SUCCESS => unsafe { cuFuncGetAttribute(value, attribute, kernel) },
        failed => failed,
    }
}

/// `cuLinkCreate_v2`. JIT options are accepted and not acted on (the
/// emulated JIT writes no logs into the caller's buffers).
///
/// # Safety
/// `state_out` is NULL or points at a writable `CUlinkState`.
#[no_mangle]
pub unsafe extern "C" fn cuLinkCreate_v2(
    _num_options: c_uint,
    _options: *mut CUjit_option,
    _option_values: *mut *mut c_void,
    state_out: *mut *mut c_void,
) -> u32 {
    guard("cuLinkCreate_v2", || {
        let out = ffi::out(state_out, "stateOut")?;
        let h = state::lock()?.link_create()?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, to_ptr(h)) };
        Ok(())
    })
}

/// `CU_JIT_INPUT_PTX`, the only input kind the emulated linker takes.
const JIT_INPUT_PTX: c_int = 1;

/// `cuLinkAddData_v2`: PTX text (`CU_JIT_INPUT_PTX`) of `size` bytes; other
/// kinds (cubin, fatbin, objects, libraries, NVVM IR) are
/// `CUDA_ERROR_NOT_SUPPORTED`.
///
/// # Safety
/// `data` is NULL or points at `size` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn cuLinkAddData_v2(
    state: *mut c_void,
    kind: c_int,
    data: *mut c_void,
    size: usize,
    _name: *const c_char,
    _num_options: c_uint,
    _options: *mut CUjit_option,
    _option_values: *mut *mut c_void,
) -> u32 {
    guard("cuLinkAddData_v2", || {
        if kind != JIT_INPUT_PTX {
            return Err(Failure::new(
                status::NOT_SUPPORTED,
                format!("link input kind {kind}: the emulated driver links PTX text only"),
            ));
        }
        // SAFETY: `size` readable bytes at `data`, the caller's contract.
        let bytes = unsafe { ffi::host_bytes(data.cast_const(), size, "data") }?;
        // PTX may come with its NUL.
        let text = bytes.split(|&b| b == 0).next().unwrap_or_default();
        state::lock()?.link_add_ptx(handle(state), text)
    })
}

/// `cuLinkComplete`: the image (here the PTX text, NUL-terminated, valid
/// until `cuLinkDestroy`) for `cuModuleLoadData`.
///
/// # Safety
/// `cubin_out` and `size_out` are NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn cuLinkComplete(
    state: *mut c_void,
    cubin_out: *mut *mut c_void,
    size_out: *mut usize,
) -> u32 {
    guard("cuLinkComplete", || {
        let image_out = ffi::out(cubin_out, "cubinOut")?;
        let len_out = ffi::out(size_out, "sizeOut")?;
        let (image, len) = state::lock()?.link_complete(handle(state))?;
        // SAFETY: both checked non-NULL; the caller's contract.
        unsafe {
            ffi::write(image_out, image.cast_mut().cast());
            ffi::write(len_out, len);
        }
        Ok(())
    })
}

/// `cuLinkDestroy`.
#[no_mangle]
pub extern "C" fn cuLinkDestroy(state: *mut c_void) -> u32 {
    guard("cuLinkDestroy", || {
        state::lock()?.link_destroy(handle(state))
    })
}

/// `cuModuleUnload`.
#[no_mangle]
pub extern "C" fn cuModuleUnload(module: CUmodule) -> u32 {
    guard("cuModuleUnload", || {
        state::lock()?.module_unload(handle(module))
    })
}

/// `cuModuleGetFunction`.
///
/// # Safety
/// `function` is NULL or writable; `name` is NULL or a NUL-terminated
/// string.
#[no_mangle]
pub unsafe extern "C" fn cuModuleGetFunction(
    function: *mut CUfunction,
    module: CUmodule,
    name: *const c_char,
) -> u32 {
    guard("cuModuleGetFunction", || {
        let out = ffi::out(function, "hfunc")?;
        // SAFETY: the caller's contract.
        let name = unsafe { ffi::c_str(name, "name") }?;
        let name = String::from_utf8_lossy(name);
        let h = state::lock()?.module_function(handle(module), &name)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, to_ptr(h)) };
        Ok(())
    })
}

/// `cuModuleGetGlobal` (`_v2`): `ptr` and `bytes` are each optional
/// (NULL), as the header says.
///
/// # Safety
/// `ptr` and `bytes` are NULL or writable; `name` is NULL or a
/// NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn cuModuleGetGlobal_v2(
    ptr: *mut CUdeviceptr,
    bytes: *mut usize,
    module: CUmodule,
    name: *const c_char,
) -> u32 {
    guard("cuModuleGetGlobal_v2", || {
        // SAFETY: the caller's contract.
        let name = unsafe { ffi::c_str(name, "name") }?;
        let name = String::from_utf8_lossy(name);
        let (p, size) = state::lock()?.module_global(handle(module), &name)?;
        if let Some(out) = std::ptr::NonNull::new(ptr) {
            // SAFETY: non-NULL; the caller's contract.
            unsafe { ffi::write(out, p) };
        }
        if let Some(out) = std::ptr::NonNull::new(bytes) {
            // SAFETY: non-NULL; the caller's contract.
            unsafe { ffi::write(out, size) };
        }
        Ok(())
    })
}

/// `cuFuncGetAttribute`.
///
/// # Safety
/// `value` is NULL or points at a writable `int`.
#[no_mangle]
pub unsafe extern "C" fn cuFuncGetAttribute(
    value: *mut c_int,
    attribute: c_int,
    function: CUfunction,
) -> u32 {
    guard("cuFuncGetAttribute", || {
        let out = ffi::out(value, "pi")?;
        let (resources, version, carveout) = state::lock()?.function_info(handle(function))?;
        let v = attrs::function_attribute(attribute, resources, version, carveout)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, v) };
        Ok(())
    })
}

/// `cuFuncSetAttribute` (see `State::set_function_attribute`).
#[no_mangle]
pub extern "C" fn cuFuncSetAttribute(function: CUfunction, attribute: c_int, value: c_int) -> u32 {
    guard("cuFuncSetAttribute", || {
        state::lock()?.set_function_attribute(handle(function), attribute, value)
    })
}

// ---------------------------------------------------------------- launches

/// Reads the parameter bytes of a launch: one pointer per `.param` in
/// `params` (each to exactly the parameter's size), or one buffer in
/// `extra` (`CU_LAUNCH_PARAM_BUFFER_POINTER` / `_SIZE` / `_END`) holding
/// the parameters at their declared alignments, as the real driver reads
/// them.
///
/// # Safety
/// The driver API's contract for `kernelParams` and `extra`.
unsafe fn read_params(
    decls: &[kernelc_runtime::ParamDecl],
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> Outcome<Vec<Vec<u8>>> {
    match (params.is_null(), extra.is_null()) {
        (false, false) => Err(invalid("both kernelParams and extra are given")),
        (true, true) if decls.is_empty() => Ok(Vec::new()),
        (true, true) => Err(invalid(format!(
            "the kernel takes {} parameters and kernelParams is NULL",
            decls.len()
        ))),
        (false, true) => decls
            .iter()
            .enumerate()
            .map(|(i, d)| {
                // SAFETY: one pointer per `.param`, the caller's contract.
                let p = unsafe { *params.add(i) };
                // SAFETY: `d.size` readable bytes at `p`, likewise.
                let bytes = unsafe { ffi::host_bytes(p, d.size, "kernelParams[i]") }
                    .map_err(|_| invalid(format!("kernelParams[{i}] is NULL")))?;
                Ok(bytes.to_vec())
            })
            .collect(),
        (true, false) => {
            let mut buffer: *mut c_void = std::ptr::null_mut();
            let mut size: Option<usize> = None;
            let mut i = 0;
            loop {
                if i >= 64 {
                    return Err(invalid("extra has no CU_LAUNCH_PARAM_END"));
                }
                // SAFETY: an `extra` array ends with CU_LAUNCH_PARAM_END,
                // the caller's contract.
                let key = unsafe { *extra.add(i) }.addr() as u32;
                if key == CU_LAUNCH_PARAM_END_AS_INT {
                    break;
                }
                // SAFETY: each key is followed by its value.
                let value = unsafe { *extra.add(i + 1) };
                match key {
                    CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT => buffer = value,
                    CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT => {
                        let at = value.cast::<usize>();
                        if at.is_null() {
                            return Err(ffi::null("CU_LAUNCH_PARAM_BUFFER_SIZE's value"));
                        }
                        // SAFETY: points at a `size_t`, the caller's contract.
                        size = Some(unsafe { *at });
                    }
                    k => return Err(invalid(format!("extra key {k:#x}"))),
                }
                i += 2;
            }
            let mut offsets = Vec::with_capacity(decls.len());
            let mut end = 0usize;
            for d in decls {
                let at = end.next_multiple_of(d.align.max(1));
                offsets.push(at);
                end = at + d.size;
            }
            let size = size.ok_or_else(|| invalid("extra has no CU_LAUNCH_PARAM_BUFFER_SIZE"))?;
            if size < end {
                return Err(invalid(format!(
                    "the parameter buffer is {size} bytes; the kernel's parameters need {end}"
                )));
            }
            // SAFETY: `size` readable bytes at `buffer`, the caller's contract.
            let all = unsafe { ffi::host_bytes(buffer, end, "CU_LAUNCH_PARAM_BUFFER_POINTER") }?;
            Ok(decls
                .iter()
                .zip(offsets)
                .map(|(d, at)| all[at..at + d.size].to_vec())
                .collect())
        }
    }
}

/// `CUlaunchConfig`, read field by field (its attribute ids are a C enum
/// the caller may fill with any value).
#[repr(C)]
pub struct LaunchConfigC {
    grid: [c_uint; 3],
    block: [c_uint; 3],
    shared_bytes: c_uint,
    stream: CUstream,
    attrs: *const u8,
    num_attrs: c_uint,
}

/// The size of one `CUlaunchAttribute`: its id, 4 bytes of padding and a
/// 64-byte value.
const LAUNCH_ATTRIBUTE_BYTES: usize = 72;
/// `CU_LAUNCH_ATTRIBUTE_COOPERATIVE`.
const LAUNCH_ATTRIBUTE_COOPERATIVE: u32 = 2;

/// `cuLaunchKernelEx`: [`cuLaunchKernel`] with its configuration in a
/// struct. The only attribute taken is `CU_LAUNCH_ATTRIBUTE_COOPERATIVE`
/// set to 0; any other is `CUDA_ERROR_NOT_SUPPORTED` rather than ignored.
///
/// # Safety
/// `config` is NULL or points at a `CUlaunchConfig` whose `attrs` holds
/// `numAttrs` attributes; `params` and `extra` as for [`cuLaunchKernel`].
#[no_mangle]
pub unsafe extern "C" fn cuLaunchKernelEx(
    config: *const LaunchConfigC,
    function: CUfunction,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> u32 {
    let checked = guard("cuLaunchKernelEx", || {
        if config.is_null() {
            return Err(ffi::null("config"));
        }
        // SAFETY: non-NULL; the caller's contract.
        let c = unsafe { &*config };
        let n = c.num_attrs as usize;
        // SAFETY: `numAttrs` attributes at `attrs`, the caller's contract.
        let attrs = unsafe { ffi::host_bytes(c.attrs.cast(), n * LAUNCH_ATTRIBUTE_BYTES, "attrs") };
        let attrs = if n == 0 { &[][..] } else { attrs? };
        for a in attrs.chunks_exact(LAUNCH_ATTRIBUTE_BYTES) {
            let id = u32::from_ne_bytes(a[0..4].try_into().expect("4 bytes"));
            let value = i32::from_ne_bytes(a[8..12].try_into().expect("4 bytes"));
            if id != LAUNCH_ATTRIBUTE_COOPERATIVE || value != 0 {
                return Err(Failure::new(
                    status::NOT_SUPPORTED,
                    format!("launch attribute {id} (value {value}): not emulated"),
                ));
            }
        }
        Ok(())
    });
    if checked != status::SUCCESS {
        return checked;
    }
    // SAFETY: checked non-NULL above; the caller's contract.
    let c = unsafe { &*config };
    let ([gx, gy, gz], [bx, by, bz]) = (c.grid, c.block);
    // SAFETY: the same contract as `cuLaunchKernel`'s.
    unsafe {
        cuLaunchKernel(
            function,
            gx,
            gy,
            gz,
            bx,
            by,
            bz,
            c.shared_bytes,
            c.stream,
            params,
            extra,
        )
    }
}

/// `cuLaunchKernel`: runs the kernel on the CPU device before returning. A
/// fault inside the kernel is this call's error (`CUDA_ERROR_ILLEGAL_ADDRESS`
/// for a bad memory access, `CUDA_ERROR_LAUNCH_FAILED` for a trap) and, as
/// with NVIDIA's driver, poisons the process: every later call that needs
/// a context answers the fault.
///
/// # Safety
/// `params` holds one pointer per `.param` of the kernel, each to the
/// parameter's bytes; or `extra` is a `CU_LAUNCH_PARAM_END`-terminated
/// list.
#[no_mangle]
pub unsafe extern "C" fn cuLaunchKernel(
    function: CUfunction,
    grid_x: c_uint,
    grid_y: c_uint,
    grid_z: c_uint,
    block_x: c_uint,
    block_y: c_uint,
    block_z: c_uint,
    shared_bytes: c_uint,
    stream: CUstream,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> u32 {
    guard("cuLaunchKernel", || {
        let config = LaunchConfig {
            grid: [grid_x, grid_y, grid_z],
            block: [block_x, block_y, block_z],
            shared_bytes,
        };
        // SAFETY: the caller's contract.
        unsafe { launch_with(function, &config, stream, params, extra, false) }
    })
}

/// Reads a launch's parameters and runs it, cooperatively (every block at
/// once) or not.
///
/// # Safety
/// As [`cuLaunchKernel`].
unsafe fn launch_with(
    function: CUfunction,
    config: &LaunchConfig,
    stream: CUstream,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
    cooperative: bool,
) -> Outcome<()> {
    let (launch, decls) = {
        let s = state::lock()?;
        let launch = s.launch_target(handle(function), handle(stream))?;
        (launch, s.function_params(handle(function))?)
    };
    // SAFETY: the caller's contract.
    let bytes = unsafe { read_params(&decls, params, extra) }?;
    let slices: Vec<&[u8]> = bytes.iter().map(Vec::as_slice).collect();
    run_and_poison(&launch, config, &slices, cooperative)
}

/// Runs a launch; a fault inside the kernel is its error and, as with
/// NVIDIA's driver, sticks (every later call that needs a context answers
/// it, for the rest of the process).
fn run_and_poison(
    launch: &state::Launch,
    config: &LaunchConfig,
    params: &[&[u8]],
    cooperative: bool,
) -> Outcome<()> {
    let ran = if cooperative {
        launch.run_cooperative(config, params)
    } else {
        launch.run(config, params)
    };
    if let Err(failure) = &ran {
        if status::is_sticky(failure.code) {
            state::lock()?.poison(failure.code);
        }
    }
    ran
}

/// `cuLaunchCooperativeKernel`: a launch whose blocks must all be resident
/// at once, so the grid may be at most what fits on the device
/// (`CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE` otherwise, as on a GPU); it
/// then runs with every block at once on the CPU device (a host thread
/// each), so that blocks may wait for one another at a grid barrier.
///
/// # Safety
/// As [`cuLaunchKernel`], with `kernelParams` only.
#[no_mangle]
pub unsafe extern "C" fn cuLaunchCooperativeKernel(
    function: CUfunction,
    grid_x: c_uint,
    grid_y: c_uint,
    grid_z: c_uint,
    block_x: c_uint,
    block_y: c_uint,
    block_z: c_uint,
    shared_bytes: c_uint,
    stream: CUstream,
    params: *mut *mut c_void,
) -> u32 {
    let fits = guard("cuLaunchCooperativeKernel", || {
        let (resources, _, _) = state::lock()?.function_info(handle(function))?;
        let threads = u64::from(block_x) * u64::from(block_y) * u64::from(block_z);
        let per_sm = attrs::max_active_blocks(
            resources,
            i32::try_from(threads).unwrap_or(i32::MAX),
            shared_bytes as usize,
        )?;
        let blocks = u64::from(grid_x) * u64::from(grid_y) * u64::from(grid_z);
        let most = u64::try_from(per_sm).unwrap_or(0) * attrs::MULTIPROCESSORS as u64;
        if blocks > most {
            return Err(Failure::new(
                status::COOPERATIVE_LAUNCH_TOO_LARGE,
                format!(
                    "a cooperative grid of {blocks} blocks: at most {most} fit at once \
                     ({per_sm} per multiprocessor, {} multiprocessors)",
                    attrs::MULTIPROCESSORS
                ),
            ));
        }
        Ok(())
    });
    if fits != status::SUCCESS {
        return fits;
    }
    guard("cuLaunchCooperativeKernel", || {
        let config = LaunchConfig {
            grid: [grid_x, grid_y, grid_z],
            block: [block_x, block_y, block_z],
            shared_bytes,
        };
        // SAFETY: the caller's contract, as for cuLaunchKernel (no `extra`).
        unsafe {
            launch_with(
                function,
                &config,
                stream,
                params,
                std::ptr::null_mut(),
                true,
            )
        }
    })
}

/// `cuOccupancyMaxActiveBlocksPerMultiprocessor` (see
/// [`attrs::max_active_blocks`]).
///
/// # Safety
/// `blocks` is NULL or points at a writable `int`.
#[no_mangle]
pub unsafe extern "C" fn cuOccupancyMaxActiveBlocksPerMultiprocessor(
    blocks: *mut c_int,
    function: CUfunction,
    block_size: c_int,
    dynamic_shared: usize,
) -> u32 {
    // SAFETY: the caller's contract.
    unsafe {
        cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            blocks,
            function,
            block_size,
            dynamic_shared,
            0,
        )
    }
}

/// `cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags`: flags 0 or
/// `CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE` (1), which change nothing here.
///
/// # Safety
/// `blocks` is NULL or points at a writable `int`.
#[no_mangle]
pub unsafe extern "C" fn cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    blocks: *mut c_int,
    function: CUfunction,
    block_size: c_int,
    dynamic_shared: usize,
    flags: c_uint,
) -> u32 {
    guard("cuOccupancyMaxActiveBlocksPerMultiprocessor", || {
        let out = ffi::out(blocks, "numBlocks")?;
        if flags > 1 {
            return Err(invalid(format!("occupancy flags {flags:#x}")));
        }
        let (resources, _, _) = state::lock()?.function_info(handle(function))?;
        let n = attrs::max_active_blocks(resources, block_size, dynamic_shared)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, n) };
        Ok(())
    })
}

// ---------------------------------------------------------------- streams, events

/// `cuStreamWaitEvent`: work queued on `stream` after this waits for the
/// event. Here every operation is done when its call returns, so this
/// checks the handles (a live or default stream, a live event, flags 0).
#[no_mangle]
pub extern "C" fn cuStreamWaitEvent(stream: CUstream, event: CUevent, flags: c_uint) -> u32 {
    guard("cuStreamWaitEvent", || {
        if flags != 0 {
            return Err(invalid(format!(
                "cuStreamWaitEvent flags {flags:#x}: must be 0"
            )));
        }
        let s = state::lock()?;
        s.stream_check(handle(stream))?;
        s.event_check(handle(event))
    })
}

/// `cuStreamCreate`: `CU_STREAM_DEFAULT` or `CU_STREAM_NON_BLOCKING`.
///
/// # Safety
/// `stream` is NULL or points at a writable `CUstream`.
#[no_mangle]
pub unsafe extern "C" fn cuStreamCreate(stream: *mut CUstream, flags: c_uint) -> u32 {
    guard("cuStreamCreate", || {
        let out = ffi::out(stream, "phStream")?;
        let h = state::lock()?.stream_create(flags)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, to_ptr(h)) };
        Ok(())
    })
}

/// `cuStreamSynchronize`.
#[no_mangle]
pub extern "C" fn cuStreamSynchronize(stream: CUstream) -> u32 {
    guard("cuStreamSynchronize", || check_stream(stream))
}

/// `cuStreamQuery`: always done.
#[no_mangle]
pub extern "C" fn cuStreamQuery(stream: CUstream) -> u32 {
    guard("cuStreamQuery", || check_stream(stream))
}

/// `cuStreamDestroy` (`_v2`).
#[no_mangle]
pub extern "C" fn cuStreamDestroy_v2(stream: CUstream) -> u32 {
    guard("cuStreamDestroy_v2", || {
        state::lock()?.stream_destroy(handle(stream))
    })
}

/// `cuEventCreate`.
///
/// # Safety
/// `event` is NULL or points at a writable `CUevent`.
#[no_mangle]
pub unsafe extern "C" fn cuEventCreate(event: *mut CUevent, flags: c_uint) -> u32 {
    guard("cuEventCreate", || {
        let out = ffi::out(event, "phEvent")?;
        let h = state::lock()?.event_create(flags)?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, to_ptr(h)) };
        Ok(())
    })
}

/// `cuEventRecord`: the event's time is the host time of the call.
#[no_mangle]
pub extern "C" fn cuEventRecord(event: CUevent, stream: CUstream) -> u32 {
    guard("cuEventRecord", || {
        state::lock()?.event_record(handle(event), handle(stream))
    })
}

/// `cuEventQuery`: always complete.
#[no_mangle]
pub extern "C" fn cuEventQuery(event: CUevent) -> u32 {
    guard("cuEventQuery", || state::lock()?.event_check(handle(event)))
}

/// `cuEventSynchronize`.
#[no_mangle]
pub extern "C" fn cuEventSynchronize(event: CUevent) -> u32 {
    guard("cuEventSynchronize", || {
        state::lock()?.event_check(handle(event))
    })
}

/// `cuEventElapsedTime`: milliseconds of host time between the recordings.
///
/// # Safety
/// `ms` is NULL or points at a writable `float`.
#[no_mangle]
pub unsafe extern "C" fn cuEventElapsedTime(ms: *mut f32, start: CUevent, end: CUevent) -> u32 {
    guard("cuEventElapsedTime", || {
        let out = ffi::out(ms, "pMilliseconds")?;
        let v = state::lock()?.event_elapsed(handle(start), handle(end))?;
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, v) };
        Ok(())
    })
}

/// `cuEventDestroy` (`_v2`).
#[no_mangle]
pub extern "C" fn cuEventDestroy_v2(event: CUevent) -> u32 {
    guard("cuEventDestroy_v2", || {
        state::lock()?.event_destroy(handle(event))
    })
}

/// `cuGetProcAddress_v2`: the entry point `symbol` in the variant the CUDA
/// version `cuda_version` calls by that name (see [`crate::proc_address`]);
/// `flags` (the per-thread default stream) change nothing here, where work
/// runs synchronously. A call not exported, or not in that version's
/// variant, is NULL and `CUDA_ERROR_NOT_FOUND`, with `symbol_status` saying
/// which (1: no such symbol, 2: the version asked for is not exported).
///
/// # Safety
/// `symbol` is NULL or a NUL-terminated string; `pfn` is NULL or points at
/// a writable `void *`; `symbol_status` is NULL or points at a writable
/// `int`.
#[no_mangle]
pub unsafe extern "C" fn cuGetProcAddress_v2(
    symbol: *const c_char,
    pfn: *mut *mut c_void,
    cuda_version: c_int,
    _flags: u64,
    symbol_status: *mut c_int,
) -> u32 {
    guard("cuGetProcAddress_v2", || {
        let out = ffi::out(pfn, "pfn")?;
        // SAFETY: the caller's contract (NULL is refused).
        let name = unsafe { ffi::c_str(symbol, "symbol") }?;
        let found = crate::proc_address::lookup(name, cuda_version);
        // SAFETY: checked non-NULL; the caller's contract.
        unsafe { ffi::write(out, found.map_or(std::ptr::null_mut(), |p| p.cast_mut())) };
        if !symbol_status.is_null() {
            let status = match found {
                Some(_) => 0,
                None if crate::proc_address::knows(name) => 2,
                None => 1,
            };
            // SAFETY: non-NULL; the caller's contract.
            unsafe { symbol_status.write_unaligned(status) };
        }
        match found {
            Some(_) => Ok(()),
            None => Err(Failure::new(
                status::NOT_FOUND,
                format!(
                    "{} (CUDA {cuda_version}) is not an entry point of the emulated driver",
                    String::from_utf8_lossy(name)
                ),
            )),
        }
    })
}

/// The names this library exports (for tests and documentation).
pub const EXPORTED: &[&str] = &[
    "cuInit",
    "cuDriverGetVersion",
    "cuGetErrorName",
    "cuGetErrorString",
    "cuGetExportTable",
    "cuDeviceGetCount",
    "cuDeviceGet",
    "cuDeviceGetName",
    "cuDeviceGetAttribute",
    "cuDeviceGetUuid",
    "cuDeviceGetUuid_v2",
    "cuDeviceTotalMem_v2",
    "cuDeviceComputeCapability",
    "cuDevicePrimaryCtxRetain",
    "cuDevicePrimaryCtxRelease_v2",
    "cuDevicePrimaryCtxReset_v2",
    "cuDevicePrimaryCtxGetState",
    "cuCtxCreate_v2",
    "cuCtxDestroy_v2",
    "cuCtxPushCurrent_v2",
    "cuCtxPopCurrent_v2",
    "cuCtxSetCurrent",
    "cuCtxGetCurrent",
    "cuCtxGetDevice",
    "cuCtxSynchronize",
    "cuMemAlloc_v2",
    "cuMemFree_v2",
    "cuMemGetInfo_v2",
    "cuMemcpyHtoD_v2",
    "cuMemcpyDtoH_v2",
    "cuMemcpyDtoD_v2",
    "cuMemcpyHtoDAsync_v2",
    "cuMemcpyDtoHAsync_v2",
    "cuMemcpyDtoDAsync_v2",
    "cuMemsetD8_v2",
    "cuMemsetD16_v2",
    "cuMemsetD32_v2",
    "cuMemsetD8Async",
    "cuMemsetD32Async",
    "cuMemHostAlloc",
    "cuMemHostGetDevicePointer_v2",
    "cuMemAllocManaged",
    "cuMemAllocHost_v2",
    "cuMemFreeHost",
    "cuMemHostRegister_v2",
    "cuMemHostUnregister",
    "cuModuleLoadData",
    "cuModuleLoadDataEx",
    "cuModuleUnload",
    "cuLibraryLoadData",
    "cuLibraryUnload",
    "cuLibraryGetKernel",
    "cuLibraryGetModule",
    "cuLibraryGetGlobal",
    "cuKernelGetFunction",
    "cuKernelGetAttribute",
    "cuLinkCreate_v2",
    "cuLinkAddData_v2",
    "cuLinkComplete",
    "cuLinkDestroy",
    "cuModuleGetFunction",
    "cuModuleGetGlobal_v2",
    "cuFuncGetAttribute",
    "cuFuncSetAttribute",
    "cuLaunchKernel",
    "cuLaunchKernelEx",
    "cuLaunchCooperativeKernel",
    "cuOccupancyMaxActiveBlocksPerMultiprocessor",
    "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
    "cuStreamWaitEvent",
    "cuStreamCreate",
    "cuStreamSynchronize",
    "cuStreamQuery",
    "cuStreamDestroy_v2",
    "cuEventCreate",
    "cuEventRecord",
    "cuEventQuery",
    "cuEventSynchronize",
    "cuEventElapsedTime",
    "cuEventDestroy_v2",
    "cuGetProcAddress_v2",
];
