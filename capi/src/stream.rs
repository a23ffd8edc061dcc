//! `kc_stream`: an ordered queue of copies and launches on one device.
//! Work on one stream runs in the order it was queued; `NULL` wherever a
//! stream is taken means the device's default stream. On the CPU device
//! every operation is finished when its call returns, so streams are
//! trivially ordered and synchronising them returns at once.

use crate::device::{kc_device, DeviceShared};
use crate::error::{Error, Result};
use crate::ffi::{deref, free_handle, guard, guard_void, OutHandle};
use crate::status::kc_status;
use std::sync::Arc;

/// A stream (opaque). Create with `kc_stream_new`, free with
/// `kc_stream_free` (which waits for its work first). It keeps its device
/// alive. Safe to use from many threads.
pub struct kc_stream {
    pub(crate) device: Arc<DeviceShared>,
}

/// Checks that `stream` (NULL: the default stream) belongs to `device`.
pub(crate) unsafe fn on_device(stream: *const kc_stream, device: &Arc<DeviceShared>) -> Result<()> {
    // SAFETY: the caller's contract: NULL or a live stream.
    match unsafe { stream.as_ref() } {
        Some(s) if !s.device.same(device) => Err(Error::invalid(
            "the stream belongs to another device than the buffer or module",
        )),
        _ => Ok(()),
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
        out.give(kc_stream {
            device: d.shared.clone(),
        });
        Ok(())
    })
}

/// Waits for the stream's work, then frees it. NULL is ignored. Never
/// fails.
#[no_mangle]
pub unsafe extern "C" fn kc_stream_free(stream: *mut kc_stream) {
    // SAFETY: the caller passes NULL or a live handle.
    guard_void("kc_stream_free", || unsafe { free_handle(stream) })
}

/// Waits until all work queued on `stream` is done.
#[no_mangle]
pub unsafe extern "C" fn kc_stream_synchronize(stream: *const kc_stream) -> kc_status {
    guard("kc_stream_synchronize", || {
        unsafe { deref(stream, "stream") }?;
        Ok(())
    })
}
