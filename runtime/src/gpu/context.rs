//! A device's primary context, retained for as long as anything of the
//! device (memory, modules, streams) lives, and made current around each
//! driver call by a push/pop guard so that threads and devices never see
//! each other's context.
//!
//! A kernel fault (an illegal address, a trap) is sticky on a GPU: every
//! later call on the context answers it, what was made on the context is
//! gone, and NVIDIA's driver gives the GPU back only to a new process (a
//! retain answers the fault too, even after a reset). The first call that
//! reports one marks the [`Context`] lost; from then on [`Context::enter`]
//! refuses with [`GpuError::ContextLost`] before calling the driver, the
//! objects' drops skip their driver calls, and opening the device again
//! ([`Context::retain`]) is refused the same way.

use crate::gpu::driver::Driver;
use crate::gpu::error::{GpuError, Lost};
use crate::gpu::result;
use cudarc::driver::sys::{CUcontext, CUdevice};
use std::ffi::c_int;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A retained primary context. Shared (`Arc`) by everything made on the
/// device; released when the last owner drops it.
#[derive(Debug)]
pub struct Context {
    driver: Arc<Driver>,
    device: CUdevice,
    raw: CUcontext,
    /// Set once a call reported a kernel fault (checked on every `enter`).
    is_lost: AtomicBool,
    /// How it was lost (the first report; a launch adds its kernel).
    lost: Mutex<Option<Lost>>,
    /// The kernel launched last, blamed for a fault that surfaces after
    /// its launch returned.
    last_launched: Mutex<Option<String>>,
}

// SAFETY: driver contexts may be used from any thread; the runtime makes
// one current only inside a guard on the calling thread.
unsafe impl Send for Context {}
// SAFETY: as above; the handle itself is never mutated.
unsafe impl Sync for Context {}

impl Context {
    /// Retains the primary context of device `ordinal` (already checked to
    /// be in range); [`GpuError::ContextLost`] when an earlier kernel
    /// fault in this process left it unusable.
    pub fn retain(driver: Arc<Driver>, ordinal: usize) -> Result<Arc<Context>, GpuError> {
        let api = driver.api();
        let index =
            c_int::try_from(ordinal).map_err(|_| GpuError::NoDevice { ordinal, count: 0 })?;
        let mut device: CUdevice = 0;
        // SAFETY: out-pointer to a live CUdevice.
        driver.check("cuDeviceGet", unsafe {
            (api.device_get)(&mut device, index)
        })?;
        // After a kernel fault NVIDIA's driver answers the fault to the
        // retain itself, for the rest of the process (seen on an H200,
        // driver 580, also after cuDevicePrimaryCtxReset). A driver that
        // retained the context anyway would answer the fault to its first
        // call, which `Context::check` turns into the same error.
        let raw = match retain_primary(&driver, device) {
            Ok(raw) => raw,
            Err(GpuError::Driver { call, status }) if result::is_kernel_fault(status.code) => {
                return Err(lost_at_open(call, status));
            }
            Err(e) => return Err(e),
        };
        Ok(Arc::new(Context {
            driver,
            device,
            raw,
            is_lost: AtomicBool::new(false),
            lost: Mutex::new(None),
            last_launched: Mutex::new(None),
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

    /// Makes the context current on this thread until the guard drops;
    /// [`GpuError::ContextLost`] once a kernel fault lost it.
    pub fn enter(&self) -> Result<CurrentGuard<'_>, GpuError> {
        self.usable()?;
        // SAFETY: a live, retained context.
        self.driver.check("cuCtxPushCurrent_v2", unsafe {
            (self.driver.api().ctx_push_current)(self.raw)
        })?;
        Ok(CurrentGuard {
            ctx: self,
            _thread_bound: PhantomData,
        })
    }

    /// [`Driver::check`] for a call on this context: a kernel fault it
    /// reports marks the context lost and is [`GpuError::ContextLost`].
    pub fn check(&self, call: &'static str, code: u32) -> Result<(), GpuError> {
        self.driver.check(call, code).map_err(|e| match e {
            GpuError::Driver { call, status } if result::is_kernel_fault(status.code) => {
                self.mark_lost(Lost {
                    kernel: None,
                    last_launched: None,
                    call,
                    status,
                });
                self.lost_error()
            }
            e => e,
        })
    }

    /// Whether a kernel fault lost the context.
    pub fn is_lost(&self) -> bool {
        self.is_lost.load(Ordering::Acquire)
    }

    /// [`GpuError::ContextLost`] once a kernel fault lost the context.
    pub fn usable(&self) -> Result<(), GpuError> {
        if self.is_lost() {
            Err(self.lost_error())
        } else {
            Ok(())
        }
    }

    /// Names the kernel that lost the context, when a launch of it was
    /// the first to hear of the fault.
    pub(crate) fn blame(&self, kernel: &str) {
        let mut lost = self.lost.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(l) = lost.as_mut() {
            l.kernel = Some(kernel.to_string());
            l.last_launched = None;
        }
    }

    /// Records the kernel about to be launched (see [`Lost::last_launched`]).
    pub(crate) fn launched(&self, kernel: &str) {
        let mut last = self.last_launched.lock().unwrap_or_else(|e| e.into_inner());
        if last.as_deref() != Some(kernel) {
            *last = Some(kernel.to_string());
        }
    }

    fn mark_lost(&self, mut reason: Lost) {
        reason.last_launched = self
            .last_launched
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let mut lost = self.lost.lock().unwrap_or_else(|e| e.into_inner());
        lost.get_or_insert(reason);
        self.is_lost.store(true, Ordering::Release);
    }

    fn lost_error(&self) -> GpuError {
        let lost = self.lost.lock().unwrap_or_else(|e| e.into_inner());
        GpuError::ContextLost(lost.clone().expect("set before is_lost"))
    }

    /// Waits for all work on the device.
    pub fn synchronize(&self) -> Result<(), GpuError> {
        let _current = self.enter()?;
        // SAFETY: no arguments; a context is current.
        self.check("cuCtxSynchronize", unsafe {
            (self.driver.api().ctx_synchronize)()
        })
    }
}

/// The error for opening a GPU an earlier kernel fault made unusable.
fn lost_at_open(call: &'static str, status: crate::gpu::error::DriverStatus) -> GpuError {
    GpuError::ContextLost(Lost {
        kernel: None,
        last_launched: None,
        call,
        status,
    })
}

/// `cuDevicePrimaryCtxRetain`: the primary context's handle.
fn retain_primary(driver: &Driver, device: CUdevice) -> Result<CUcontext, GpuError> {
    let mut raw: CUcontext = std::ptr::null_mut();
    // SAFETY: out-pointer to a live CUcontext.
    driver.check("cuDevicePrimaryCtxRetain", unsafe {
        (driver.api().primary_ctx_retain)(&mut raw, device)
    })?;
    if raw.is_null() {
        release_primary(driver, device);
        return Err(GpuError::InvalidArgument(
            "cuDevicePrimaryCtxRetain succeeded but returned no context".into(),
        ));
    }
    Ok(raw)
}

/// `cuDevicePrimaryCtxRelease`, balancing one retain.
fn release_primary(driver: &Driver, device: CUdevice) {
    // SAFETY: balances one retain of this device's primary context; a
    // failure leaves it retained until the process exits.
    let _ = unsafe { (driver.api().primary_ctx_release)(device) };
}

impl Drop for Context {
    fn drop(&mut self) {
        // Balances the retain in `Context::retain`.
        release_primary(&self.driver, self.device);
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
