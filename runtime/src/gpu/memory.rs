//! Memory: device addresses and page-locked (pinned) host buffers.
//!
//! Device allocations themselves are made through
//! [`crate::gpu::GpuDevice`], which hands out plain [`DevicePtr`]s (the
//! same shape as the CPU device's), so that a kernel's pointer parameters
//! are just the address's bytes.

use crate::gpu::context::Context;
use crate::gpu::error::GpuError;
use std::ffi::c_void;
use std::sync::Arc;

/// An address in device memory (`CUdeviceptr`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DevicePtr(pub u64);

impl DevicePtr {
    /// The null address (what a zero-byte allocation returns).
    pub const NULL: DevicePtr = DevicePtr(0);

    /// The address `bytes` further on.
    pub fn offset(self, bytes: u64) -> DevicePtr {
        DevicePtr(self.0.wrapping_add(bytes))
    }
}

/// Page-locked host memory (`cuMemHostAlloc`), which the device reads and
/// writes directly, making asynchronous copies truly asynchronous. Zeroed
/// when allocated; freed on drop.
pub struct PinnedBuffer {
    ctx: Arc<Context>,
    ptr: *mut u8,
    len: usize,
}

// SAFETY: the buffer is plain memory owned by this value; access goes
// through `&`/`&mut` like a `Vec<u8>`.
unsafe impl Send for PinnedBuffer {}
// SAFETY: as above.
unsafe impl Sync for PinnedBuffer {}

impl PinnedBuffer {
    /// `CU_MEMHOSTALLOC_PORTABLE`: usable from every context.
    const FLAGS: u32 = cudarc::driver::sys::CU_MEMHOSTALLOC_PORTABLE;

    /// Allocates `len` zeroed bytes of pinned memory.
    pub(crate) fn new(ctx: Arc<Context>, len: usize) -> Result<PinnedBuffer, GpuError> {
        if len == 0 {
            return Ok(PinnedBuffer {
                ctx,
                ptr: std::ptr::NonNull::dangling().as_ptr(),
                len,
            });
        }
        let mut raw: *mut c_void = std::ptr::null_mut();
        {
            let _current = ctx.enter()?;
            let driver = ctx.driver();
            // SAFETY: out-pointer to a live pointer; a context is current.
            ctx.check("cuMemHostAlloc", unsafe {
                (driver.api().mem_host_alloc)(&mut raw, len, Self::FLAGS)
            })?;
        }
        if raw.is_null() {
            return Err(GpuError::InvalidArgument(
                "cuMemHostAlloc succeeded but returned a null pointer".into(),
            ));
        }
        // SAFETY: the driver returned `len` writable bytes.
        unsafe { std::ptr::write_bytes(raw.cast::<u8>(), 0, len) };
        Ok(PinnedBuffer {
            ctx,
            ptr: raw.cast(),
            len,
        })
    }

    /// Its length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it has no bytes.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Its bytes.
    pub fn as_slice(&self) -> &[u8] {
        // SAFETY: `len` initialised bytes owned by `self`.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    /// Its bytes, writable.
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: `len` initialised bytes owned exclusively by `self`.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for PinnedBuffer {
    fn drop(&mut self) {
        if self.len == 0 {
            return;
        }
        let Ok(_current) = self.ctx.enter() else {
            // A lost context took it with it (see `gpu::context`).
            return;
        };
        let driver = self.ctx.driver();
        // SAFETY: the pointer came from cuMemHostAlloc and is freed once.
        // A failure cannot be reported from `drop`.
        let _ = unsafe { (driver.api().mem_free_host)(self.ptr.cast()) };
    }
}

#[cfg(test)]
mod tests {
    use super::DevicePtr;

    #[test]
    fn offsets_addresses() {
        assert_eq!(DevicePtr(0x1000).offset(16), DevicePtr(0x1010));
        assert_eq!(DevicePtr::NULL.0, 0);
    }
}
