//! Streams (ordered queues of device work) and events (markers in a
//! stream, for waiting and timing).

use crate::gpu::context::Context;
use crate::gpu::error::GpuError;
use cudarc::driver::sys::{CUevent, CUstream};
use std::sync::Arc;
use std::time::Duration;

/// A stream of the device's primary context: one kernelc created
/// (destroyed on drop), or a foreign one it only uses ([`Stream::wrap`]:
/// never destroyed by kernelc).
pub struct Stream {
    ctx: Arc<Context>,
    raw: CUstream,
    /// kernelc created it, and destroys it on drop.
    owned: bool,
}

// SAFETY: driver streams may be used from any thread.
unsafe impl Send for Stream {}
// SAFETY: as above; the handle is never mutated.
unsafe impl Sync for Stream {}

impl Stream {
    /// `CU_STREAM_DEFAULT`: work on the stream and on the legacy default
    /// stream is ordered (each waits for the other's earlier work), as with
    /// Numba's `cuda.stream()`; so a copy or launch on the default stream
    /// sees what a stream's earlier launches wrote.
    const BLOCKING: u32 = 0;

    /// Creates a stream ordered with the default stream.
    pub(crate) fn new(ctx: Arc<Context>) -> Result<Stream, GpuError> {
        let mut raw: CUstream = std::ptr::null_mut();
        {
            let _current = ctx.enter()?;
            let driver = ctx.driver();
            // SAFETY: out-pointer to a live handle; a context is current.
            ctx.check("cuStreamCreate", unsafe {
                (driver.api().stream_create)(&mut raw, Self::BLOCKING)
            })?;
        }
        Ok(Stream {
            ctx,
            raw,
            owned: true,
        })
    }

    /// A stream another library created (a `CUstream` of the same
    /// context, such as CuPy's or PyTorch's), used by kernelc without
    /// being owned: dropping it leaves the driver's stream alone.
    ///
    /// # Safety
    /// `raw` is a live stream of `ctx`'s context (or one of the driver's
    /// special handles, `CU_STREAM_LEGACY`/`CU_STREAM_PER_THREAD`), and
    /// stays alive as long as the returned `Stream`: the driver cannot
    /// check a foreign handle, and one destroyed or of another context
    /// makes later calls on it fail (or worse, with a real driver).
    pub(crate) unsafe fn wrap(ctx: Arc<Context>, raw: CUstream) -> Stream {
        Stream {
            ctx,
            raw,
            owned: false,
        }
    }

    /// Whether kernelc created the stream (and destroys it on drop).
    pub fn is_owned(&self) -> bool {
        self.owned
    }

    /// The driver's handle (`CUstream`), for interop.
    pub fn raw(&self) -> CUstream {
        self.raw
    }

    /// The context it belongs to.
    pub(crate) fn context(&self) -> &Arc<Context> {
        &self.ctx
    }

    /// Waits for everything queued on the stream.
    pub fn synchronize(&self) -> Result<(), GpuError> {
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        // SAFETY: a live stream.
        self.ctx.check("cuStreamSynchronize", unsafe {
            (driver.api().stream_synchronize)(self.raw)
        })
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        if !self.owned {
            // A foreign stream: its owner destroys it.
            return;
        }
        let Ok(_current) = self.ctx.enter() else {
            // A lost context took it with it (see `gpu::context`).
            return;
        };
        let driver = self.ctx.driver();
        // SAFETY: destroyed once; queued work still completes. A failure
        // cannot be reported from `drop`.
        let _ = unsafe { (driver.api().stream_destroy)(self.raw) };
    }
}

/// An event; destroyed on drop.
pub struct Event {
    ctx: Arc<Context>,
    raw: CUevent,
}

// SAFETY: driver events may be used from any thread.
unsafe impl Send for Event {}
// SAFETY: as above; the handle is never mutated.
unsafe impl Sync for Event {}

impl Event {
    /// `CU_EVENT_DEFAULT`: timing enabled, busy-wait synchronisation.
    const DEFAULT: u32 = 0;

    /// Creates an event that records time.
    pub(crate) fn new(ctx: Arc<Context>) -> Result<Event, GpuError> {
        let mut raw: CUevent = std::ptr::null_mut();
        {
            let _current = ctx.enter()?;
            let driver = ctx.driver();
            // SAFETY: out-pointer to a live handle; a context is current.
            ctx.check("cuEventCreate", unsafe {
                (driver.api().event_create)(&mut raw, Self::DEFAULT)
            })?;
        }
        Ok(Event { ctx, raw })
    }

    /// Records the event on `stream` (`None`: the context's default
    /// stream, which the driver finds through the current context: a real
    /// driver answers `CUDA_ERROR_INVALID_CONTEXT` without one).
    pub fn record(&self, stream: Option<&Stream>) -> Result<(), GpuError> {
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        let raw_stream = stream.map_or(std::ptr::null_mut(), Stream::raw);
        // SAFETY: a live event and stream of the same context.
        self.ctx.check("cuEventRecord", unsafe {
            (driver.api().event_record)(self.raw, raw_stream)
        })
    }

    /// Whether the work before the event's last recording is done (true
    /// for an event never recorded), without waiting.
    pub fn query(&self) -> Result<bool, GpuError> {
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        // SAFETY: a live event.
        let code = unsafe { (driver.api().event_query)(self.raw) };
        if code == crate::gpu::result::NOT_READY {
            return Ok(false);
        }
        self.ctx.check("cuEventQuery", code).map(|()| true)
    }

    /// Waits for the work before the event's last recording.
    pub fn synchronize(&self) -> Result<(), GpuError> {
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        // SAFETY: a live event.
        self.ctx.check("cuEventSynchronize", unsafe {
            (driver.api().event_synchronize)(self.raw)
        })
    }

    /// The device time from `start` to this event (both recorded and
    /// complete).
    pub fn elapsed_since(&self, start: &Event) -> Result<Duration, GpuError> {
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        let mut ms: f32 = 0.0;
        // SAFETY: out-pointer to a live f32; two live events.
        self.ctx.check("cuEventElapsedTime", unsafe {
            (driver.api().event_elapsed_time)(&mut ms, start.raw, self.raw)
        })?;
        Ok(Duration::from_secs_f64(f64::from(ms.max(0.0)) / 1e3))
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        let Ok(_current) = self.ctx.enter() else {
            // A lost context took it with it (see `gpu::context`).
            return;
        };
        let driver = self.ctx.driver();
        // SAFETY: destroyed once. A failure cannot be reported from `drop`.
        let _ = unsafe { (driver.api().event_destroy)(self.raw) };
    }
}
