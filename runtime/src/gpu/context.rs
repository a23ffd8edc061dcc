//! A device's primary context, retained for as long as anything of the
//! device (memory, modules, streams) lives, and made current around each
//! driver call by a push/pop guard so that threads and devices never see
//! each other's context.

use crate::gpu::driver::Driver;
use crate::gpu::error::GpuError;
use cudarc::driver::sys::{CUcontext, CUdevice};
use std::ffi::c_int;
use std::marker::PhantomData;
use std::sync::Arc;

/// A retained primary context. Shared (`Arc`) by everything made on the
/// device; released when the last owner drops it.
#[derive(Debug)]
pub struct Context {
    driver: Arc<Driver>,
    device: CUdevice,
    raw: CUcontext,
}

// SAFETY: driver contexts may be used from any thread; the runtime makes
// one current only inside a guard on the calling thread.
unsafe impl Send for Context {}
// SAFETY: as above; the handle itself is never mutated.
unsafe impl Sync for Context {}

impl Context {
    /// Retains the primary context of device `ordinal` (already checked to
    /// be in range).
    pub fn retain(driver: Arc<Driver>, ordinal: usize) -> Result<Arc<Context>, GpuError> {
        let api = driver.api();
        let index =
            c_int::try_from(ordinal).map_err(|_| GpuError::NoDevice { ordinal, count: 0 })?;
        let mut device: CUdevice = 0;
        // SAFETY: out-pointer to a live CUdevice.
        driver.check("cuDeviceGet", unsafe {
            (api.device_get)(&mut device, index)
        })?;
        let mut raw: CUcontext = std::ptr::null_mut();
        // SAFETY: out-pointer to a live CUcontext.
        driver.check("cuDevicePrimaryCtxRetain", unsafe {
            (api.primary_ctx_retain)(&mut raw, device)
        })?;
        if raw.is_null() {
            return Err(GpuError::InvalidArgument(
                "cuDevicePrimaryCtxRetain succeeded but returned no context".into(),
            ));
        }
        Ok(Arc::new(Context {
            driver,
            device,
            raw,
        }))
    }

    /// Whether `other` is the same driver context.
    pub fn same_as(&self, other: &Context) -> bool {
        self.raw == other.raw
    }

    /// The driver.
    pub fn driver(&self) -> &Arc<Driver> {
        &self.driver
    }

    /// Makes the context current on this thread until the guard drops.
    pub fn enter(&self) -> Result<CurrentGuard<'_>, GpuError> {
        // SAFETY: a live, retained context.
        self.driver.check("cuCtxPushCurrent_v2", unsafe {
            (self.driver.api().ctx_push_current)(self.raw)
        })?;
        Ok(CurrentGuard {
            ctx: self,
            _thread_bound: PhantomData,
        })
    }

    /// Waits for all work on the device.
    pub fn synchronize(&self) -> Result<(), GpuError> {
        let _current = self.enter()?;
        // SAFETY: no arguments; a context is current.
        self.driver.check("cuCtxSynchronize", unsafe {
            (self.driver.api().ctx_synchronize)()
        })
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: balances the retain in `Context::retain`. A failure here
        // cannot be reported from `drop`; the driver reclaims the context
        // when the process exits.
        let _ = unsafe { (self.driver.api().primary_ctx_release)(self.device) };
    }
}

/// Proof that a context is current on this thread; pops it on drop.
pub struct CurrentGuard<'a> {
    ctx: &'a Context,
    // Not `Send`: the pop must happen on the thread that pushed.
    _thread_bound: PhantomData<*const ()>,
}

impl Drop for CurrentGuard<'_> {
    fn drop(&mut self) {
        let mut popped: CUcontext = std::ptr::null_mut();
        // SAFETY: balances the push in `Context::enter` on this thread.
        let _ = unsafe { (self.ctx.driver.api().ctx_pop_current)(&mut popped) };
    }
}
