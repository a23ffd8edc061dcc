//! `kc_stream`: an ordered queue of copies and launches on one device.
//! Work on one stream runs in the order it was queued; `NULL` wherever a
//! stream is taken means the device's default stream. On a GPU a stream is
//! a driver stream ordered with the default stream (as Numba's are): a
//! launch on it returns once queued, and work on the default stream waits
//! for it. On the CPU device every operation is finished when its call
//! returns, so streams are trivially ordered and synchronising them
//! returns at once.
//!
//! `kc_stream_wrap` makes a `kc_stream` of a stream another library
//! created (a foreign `CUstream`, as Numba's `cuda.external_stream`):
//! kernelc queues work on it and synchronises it, never destroys it. The
//! CPU device has no driver streams: there a wrapped handle is only the
//! stream's name (`kc_stream_handle` gives it back), and work on it is
//! done when each call returns, as on any stream there.

use crate::device::{kc_device, DeviceShared};
use crate::error::{Error, Result};
use crate::ffi::{deref, free_handle, guard, guard_void, Out, OutHandle};
use crate::status::kc_status;
use kernelc_runtime::{gpu, Device};
use std::sync::Arc;

/// A stream (opaque). Create with `kc_stream_new`, free with
/// `kc_stream_free` (which waits for its work first). It keeps its device
/// alive. Safe to use from many threads.
pub struct kc_stream {
    pub(crate) device: Arc<DeviceShared>,
    /// The driver's stream on a GPU; none on the CPU device.
    pub(crate) gpu: Option<gpu::Stream>,
    /// The foreign handle a wrapped stream stands for (`kc_stream_wrap`);
    /// 0 for a stream made by `kc_stream_new`.
    pub(crate) foreign: u64,
}

/// Checks that `stream` (NULL: the default stream) belongs to `device`;
/// returns the driver stream it stands for (`None`: the default stream, or
/// the CPU device).
pub(crate) unsafe fn on_device<'a>(
    stream: *const kc_stream,
    device: &Arc<DeviceShared>,
) -> Result<Option<&'a gpu::Stream>> {
    // SAFETY: the caller's contract: NULL or a live stream.
    match unsafe { stream.as_ref() } {
        Some(s) if !s.device.same(device) => Err(Error::invalid(
            "the stream belongs to another device than the buffer or module",
        )),
        Some(s) => Ok(s.gpu.as_ref()),
        None => Ok(None),
    }
}

/// Creates a stream on `device`; `*stream` receives it (NULL on failure).
#[no_mangle]
pub unsafe extern "C" fn kc_stream_new(
    device: *const kc_device,
    stream: *mut *mut kc_stream,
) -> kc_status {
    guard("kc_stream_new", || {
        let out = OutHandle::new(stream, "stream")?;
        let d = unsafe { deref(device, "device") }?;
        let gpu = match &d.shared.device {
            Device::Gpu(g) => Some(g.stream()?),
            Device::Cpu(_) => None,
        };
        out.give(kc_stream {
            device: d.shared.clone(),
            gpu,
            foreign: 0,
        });
        Ok(())
    })
}

/// Makes a stream of `handle`, a stream another library created on
/// `device` (a `CUstream` of the device's primary context, as from CuPy,
/// PyTorch or the driver API; the special handles `CU_STREAM_LEGACY` = 1
/// and `CU_STREAM_PER_THREAD` = 2 too): `*stream` receives it (NULL on
/// failure). kernelc queues copies and launches on it and synchronises
/// it, but does not own it: `kc_stream_free` neither waits for it nor
/// destroys it, and the caller keeps it alive as long as the `kc_stream`.
/// kernelc cannot check a foreign handle on a GPU: one that is not a live
/// stream of the device's context makes the calls that use it fail (the
/// driver's error), or worse with a real driver. On the CPU device
/// (which has no driver streams) `handle` is only the stream's name,
/// given back by `kc_stream_handle`; work on it is done when each call
/// returns, as on every stream there. A `handle` of 0 (the default
/// stream: pass NULL as the stream instead) is `KC_ERROR_INVALID_ARGUMENT`.
#[no_mangle]
pub unsafe extern "C" fn kc_stream_wrap(
    device: *const kc_device,
    handle: u64,
    stream: *mut *mut kc_stream,
) -> kc_status {
    guard("kc_stream_wrap", || {
        let out = OutHandle::new(stream, "stream")?;
        let d = unsafe { deref(device, "device") }?;
        if handle == 0 {
            return Err(Error::invalid(
                "handle 0 is the default stream: pass NULL wherever a stream is taken",
            ));
        }
        let gpu = match &d.shared.device {
            // SAFETY: the caller's contract, stated above: a live stream
            // of the device's context that outlives this `kc_stream`.
            Device::Gpu(g) => Some(unsafe { g.wrap_stream(handle as usize as *mut _) }),
            Device::Cpu(_) => None,
        };
        out.give(kc_stream {
            device: d.shared.clone(),
            gpu,
            foreign: handle,
        });
        Ok(())
    })
}

/// `*handle` receives the number that names `stream` outside kernelc: on
/// a GPU the driver's `CUstream` (for another library to wrap, e.g.
/// CuPy's `ExternalStream`, or for `__cuda_array_interface__`); on the CPU
/// device the handle it was wrapped from (`kc_stream_wrap`), else the
/// stream's own address. Never 0.
#[no_mangle]
pub unsafe extern "C" fn kc_stream_handle(stream: *const kc_stream, handle: *mut u64) -> kc_status {
    guard("kc_stream_handle", || {
        let out = Out::new(handle, "handle")?;
        let s = unsafe { deref(stream, "stream") }?;
        out.write(match &s.gpu {
            Some(g) => g.raw() as usize as u64,
            None if s.foreign != 0 => s.foreign,
            None => stream as usize as u64,
        });
        Ok(())
    })
}

/// Waits for the stream's work, then frees it. NULL is ignored. Never
/// fails. A wrapped stream (`kc_stream_wrap`) is neither waited for nor
/// destroyed: only kernelc's handle of it is freed.
#[no_mangle]
pub unsafe extern "C" fn kc_stream_free(stream: *mut kc_stream) {
    guard_void("kc_stream_free", || {
        // SAFETY: the caller passes NULL or a live handle.
        let owned = unsafe { stream.as_ref() }
            .and_then(|s| s.gpu.as_ref())
            .filter(|g| g.is_owned());
        if let Some(g) = owned {
            // Its work finishes either way; a failure is the device's, and
            // the next call on it reports it.
            let _ = g.synchronize();
        }
        // SAFETY: as above.
        unsafe { free_handle(stream) }
    })
}

/// Waits until all work queued on `stream` is done.
#[no_mangle]
pub unsafe extern "C" fn kc_stream_synchronize(stream: *const kc_stream) -> kc_status {
    guard("kc_stream_synchronize", || {
        let s = unsafe { deref(stream, "stream") }?;
        if let Some(g) = &s.gpu {
            g.synchronize()?;
        }
        Ok(())
    })
}
