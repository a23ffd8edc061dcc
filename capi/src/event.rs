//! `kc_event`: a marker recorded on a stream, to wait for or to time work
//! with (`kc_event_elapsed_ms` between two events, like CUDA's events).
//! On a GPU it is a driver event: reached when the work queued before it
//! is done, timed by the device. On the CPU device an event is reached when
//! it is recorded, and records the wall-clock time of that moment.

use crate::device::{kc_device, DeviceShared};
use crate::error::{Error, Result};
use crate::ffi::{deref, free_handle, guard, guard_void, Out, OutHandle};
use crate::status::kc_status;
use crate::stream::{kc_stream, on_device};
use kernelc_runtime::{gpu, Device};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// An event (opaque). Create with `kc_event_new`, free with
/// `kc_event_free`. It keeps its device alive. Safe to use from many
/// threads.
pub struct kc_event {
    device: Arc<DeviceShared>,
    /// When it was last recorded (the CPU device's time; on a GPU only
    /// whether it was recorded).
    recorded: Mutex<Option<Instant>>,
    /// The driver's event on a GPU; none on the CPU device.
    gpu: Option<gpu::Event>,
}

impl kc_event {
    fn time(&self, which: &str) -> Result<Instant> {
        self.recorded
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .ok_or_else(|| Error::invalid(format!("the {which} event was never recorded")))
    }
}

/// Creates an event on `device`; `*event` receives it (NULL on failure).
#[no_mangle]
pub unsafe extern "C" fn kc_event_new(
    device: *const kc_device,
    event: *mut *mut kc_event,
) -> kc_status {
    guard("kc_event_new", || {
        let out = OutHandle::new(event, "event")?;
        let d = unsafe { deref(device, "device") }?;
        let gpu = match &d.shared.device {
            Device::Gpu(g) => Some(g.event()?),
            Device::Cpu(_) => None,
        };
        out.give(kc_event {
            device: d.shared.clone(),
            recorded: Mutex::new(None),
            gpu,
        });
        Ok(())
    })
}

/// Frees an event. NULL is ignored. Never fails.
#[no_mangle]
pub unsafe extern "C" fn kc_event_free(event: *mut kc_event) {
    // SAFETY: the caller passes NULL or a live handle.
    guard_void("kc_event_free", || unsafe { free_handle(event) })
}

/// Records the event on `stream` (NULL: the default stream): it is reached
/// when all work queued on the stream before it is done. Recording again
/// moves the event.
#[no_mangle]
pub unsafe extern "C" fn kc_event_record(
    event: *const kc_event,
    stream: *const kc_stream,
) -> kc_status {
    guard("kc_event_record", || {
        let e = unsafe { deref(event, "event") }?;
        let on = unsafe { on_device(stream, &e.device) }?;
        if let Some(g) = &e.gpu {
            g.record(on)?;
        }
        *e.recorded.lock().unwrap_or_else(|p| p.into_inner()) = Some(Instant::now());
        Ok(())
    })
}

/// Waits until the event is reached (at once for an event never recorded).
#[no_mangle]
pub unsafe extern "C" fn kc_event_synchronize(event: *const kc_event) -> kc_status {
    guard("kc_event_synchronize", || {
        let e = unsafe { deref(event, "event") }?;
        if let Some(g) = &e.gpu {
            g.synchronize()?;
        }
        Ok(())
    })
}

/// `*done` receives whether the event has been reached (true for an event
/// never recorded), without waiting.
#[no_mangle]
pub unsafe extern "C" fn kc_event_query(event: *const kc_event, done: *mut bool) -> kc_status {
    guard("kc_event_query", || {
        let e = unsafe { deref(event, "event") }?;
        let out = Out::new(done, "done")?;
        let reached = match &e.gpu {
            Some(g) => g.query()?,
            None => true,
        };
        out.write(reached);
        Ok(())
    })
}

/// `*milliseconds` receives the time from `start` to `end`, both recorded
/// and reached, on the same device (`KC_ERROR_INVALID_ARGUMENT` otherwise).
#[no_mangle]
pub unsafe extern "C" fn kc_event_elapsed_ms(
    start: *const kc_event,
    end: *const kc_event,
    milliseconds: *mut f32,
) -> kc_status {
    guard("kc_event_elapsed_ms", || {
        let s = unsafe { deref(start, "start") }?;
        let e = unsafe { deref(end, "end") }?;
        let out = Out::new(milliseconds, "milliseconds")?;
        if !s.device.same(&e.device) {
            return Err(Error::invalid("the two events belong to different devices"));
        }
        let (t0, t1) = (s.time("start")?, e.time("end")?);
        if let (Some(g0), Some(g1)) = (&s.gpu, &e.gpu) {
            let ms = if t1 >= t0 {
                g1.elapsed_since(g0)?.as_secs_f64() * 1e3
            } else {
                -(g0.elapsed_since(g1)?.as_secs_f64() * 1e3)
            };
            out.write(ms as f32);
            return Ok(());
        }
        let ms = if t1 >= t0 {
            (t1 - t0).as_secs_f64() * 1e3
        } else {
            -((t0 - t1).as_secs_f64() * 1e3)
        };
        out.write(ms as f32);
        Ok(())
    })
}
