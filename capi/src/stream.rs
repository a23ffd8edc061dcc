//! `kc_stream`: an ordered queue of copies and launches on one device.
//! Work on one stream runs in the order it was queued; `NULL` wherever a
//! stream is taken means the device's default stream. On a GPU a stream is
//! a driver stream ordered with the default stream (as Numba's are): a
//! launch on it returns once queued, and work on the default stream waits
//! for it. On the CPU device every operation is finished when its call
//! returns, so streams are trivially ordered and synchronising them
//! returns at once.

use crate::device::{kc_device, DeviceShared};
use crate::error::{Error, Result};
use crate::ffi::{deref, free_handle, guard, guard_void, OutHandle};
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
        });
        Ok(())
    })
}

/// Waits for the stream's work, then frees it. NULL is ignored. Never
/// fails.
#[no_mangle]
pub unsafe extern "C" fn kc_stream_free(stream: *mut kc_stream) {
    guard_void("kc_stream_free", || {
        // SAFETY: the caller passes NULL or a live handle.
        if let Some(g) = unsafe { stream.as_ref() }.and_then(|s| s.gpu.as_ref()) {
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
