//! `kc_buffer`: device memory — allocation, its device address, copies to
//! and from the host and between buffers, filling — and memory the host
//! reaches too (mapped and managed, `kc_buffer_alloc_host_visible`).

use crate::device::{kc_device, DeviceShared};
use crate::error::{Error, Result};
use crate::ffi::{deref, free_handle, guard, guard_void, slice, Out, OutHandle};
use crate::status::kc_status;
use crate::stream::{kc_stream, on_device};
use kernelc_runtime::{DevicePtr, HostVisible, HostVisibleAlloc};
use std::ffi::c_void;
use std::sync::Arc;

/// A block of device memory (opaque). Allocate with `kc_buffer_alloc`,
/// free with `kc_buffer_free`. It keeps its device alive. Copies into one
/// buffer from two threads at once are safe but unordered.
pub struct kc_buffer {
    pub(crate) device: Arc<DeviceShared>,
    pub(crate) ptr: DevicePtr,
    pub(crate) size: usize,
    /// Memory the host reaches too (`kc_buffer_alloc_host_visible`).
    pub(crate) host_visible: Option<HostVisibleAlloc>,
}

impl kc_buffer {
    /// The buffer of `size` bytes at `ptr` on `device`, entered in the
    /// device's table of live buffers (which `Drop` leaves).
    fn registered(
        device: &Arc<DeviceShared>,
        ptr: DevicePtr,
        size: usize,
        host_visible: Option<HostVisibleAlloc>,
    ) -> kc_buffer {
        device.add_buffer(ptr.0, size);
        kc_buffer {
            device: device.clone(),
            ptr,
            size,
            host_visible,
        }
    }

    /// Checks that `bytes` at `offset` lie inside the buffer.
    pub(crate) fn range(&self, offset: usize, bytes: usize) -> Result<DevicePtr> {
        match offset.checked_add(bytes) {
            Some(end) if end <= self.size => Ok(self.ptr.offset(offset as u64)),
            _ => Err(Error::invalid(format!(
                "{bytes} bytes at offset {offset} overrun the {}-byte buffer",
                self.size
            ))),
        }
    }
}

impl Drop for kc_buffer {
    fn drop(&mut self) {
        self.device.remove_buffer(self.ptr.0);
        let _ = match self.host_visible {
            Some(a) => self.device.device.free_host_visible(a),
            None => self.device.device.free(self.ptr),
        };
    }
}

/// The kind of memory `kc_buffer_alloc_host_visible` allocates
/// (`KC_HOST_MEMORY_*`).
#[allow(non_camel_case_types)]
pub type kc_host_memory = u32;

/// Page-locked host memory mapped into the device, Numba's mapped array
/// (on a GPU, `cuMemHostAlloc` with `CU_MEMHOSTALLOC_DEVICEMAP`).
pub const KC_HOST_MEMORY_MAPPED: kc_host_memory = 1;

/// Managed memory, one address for the host and the device, Numba's
/// managed array (on a GPU, `cuMemAllocManaged`, attached globally).
pub const KC_HOST_MEMORY_MANAGED: kc_host_memory = 2;

/// Allocates `bytes` of zeroed memory on `device`; `*buffer` receives it
/// (NULL on failure).
#[no_mangle]
pub unsafe extern "C" fn kc_buffer_alloc(
    device: *const kc_device,
    bytes: usize,
    buffer: *mut *mut kc_buffer,
) -> kc_status {
    guard("kc_buffer_alloc", || {
        let out = OutHandle::new(buffer, "buffer")?;
        let d = &unsafe { deref(device, "device") }?.shared;
        let ptr = d.device.alloc(bytes.max(1))?;
        out.give(kc_buffer::registered(d, ptr, bytes, None));
        Ok(())
    })
}

/// Allocates `bytes` of zeroed memory that both the host and kernels of
/// `device` read and write, of kind `kind` (`KC_HOST_MEMORY_MAPPED` or
/// `KC_HOST_MEMORY_MANAGED`); `*buffer` receives it (NULL on failure).
/// `kc_buffer_host_pointer` gives its host address, `kc_buffer_address`
/// its device address (the same on the CPU device and for managed
/// memory); it is otherwise a buffer like any other (copies, launches with
/// `KC_ARG_BUFFER` or `KC_ARG_DEVICE_PTR`), freed by `kc_buffer_free`.
/// The host sees a kernel's writes once the launch has finished (after
/// `kc_stream_synchronize` for a launch on a stream); host accesses while
/// a kernel runs race with it, as on a GPU.
#[no_mangle]
pub unsafe extern "C" fn kc_buffer_alloc_host_visible(
    device: *const kc_device,
    bytes: usize,
    kind: kc_host_memory,
    buffer: *mut *mut kc_buffer,
) -> kc_status {
    guard("kc_buffer_alloc_host_visible", || {
        let out = OutHandle::new(buffer, "buffer")?;
        let d = &unsafe { deref(device, "device") }?.shared;
        let kind = match kind {
            KC_HOST_MEMORY_MAPPED => HostVisible::Mapped,
            KC_HOST_MEMORY_MANAGED => HostVisible::Managed,
            other => {
                return Err(Error::invalid(format!(
                    "host memory kind {other} is neither KC_HOST_MEMORY_MAPPED (1) nor KC_HOST_MEMORY_MANAGED (2)"
                )))
            }
        };
        let a = d.device.alloc_host_visible(bytes.max(1), kind)?;
        out.give(kc_buffer::registered(d, a.device, bytes, Some(a)));
        Ok(())
    })
}

/// `*host` receives the host address of the first byte of a buffer from
/// `kc_buffer_alloc_host_visible`, valid until `kc_buffer_free`. Other
/// buffers are device memory the host cannot reach:
/// `KC_ERROR_INVALID_ARGUMENT`.
#[no_mangle]
pub unsafe extern "C" fn kc_buffer_host_pointer(
    buffer: *const kc_buffer,
    host: *mut *mut c_void,
) -> kc_status {
    guard("kc_buffer_host_pointer", || {
        let b = unsafe { deref(buffer, "buffer") }?;
        let out = Out::new(host, "host")?;
        let a = b.host_visible.ok_or_else(|| {
            Error::invalid(
                "the buffer is device memory, which the host cannot reach: allocate it with kc_buffer_alloc_host_visible",
            )
        })?;
        out.write(a.host as *mut c_void);
        Ok(())
    })
}

/// Frees a buffer and its device memory. NULL is ignored. Never fails.
#[no_mangle]
pub unsafe extern "C" fn kc_buffer_free(buffer: *mut kc_buffer) {
    // SAFETY: the caller passes NULL or a live handle.
    guard_void("kc_buffer_free", || unsafe { free_handle(buffer) })
}

/// `*bytes` receives the buffer's size.
#[no_mangle]
pub unsafe extern "C" fn kc_buffer_size(buffer: *const kc_buffer, bytes: *mut usize) -> kc_status {
    guard("kc_buffer_size", || {
        let b = unsafe { deref(buffer, "buffer") }?;
        Out::new(bytes, "bytes")?.write(b.size);
        Ok(())
    })
}

/// `*address` receives the device address of the buffer's first byte: on a
/// GPU, the CUDA device pointer (a `CUdeviceptr`, what other CUDA libraries
/// and `__cuda_array_interface__` expect); on the CPU device, an address in
/// the CPU device's own address space (not a host pointer: never
/// dereference it on the host), except for a buffer from
/// `kc_buffer_alloc_host_visible`, which lies at its host address (see
/// `kc_buffer_host_pointer`). It stays the same for the buffer's life,
/// and `address + offset` may be passed to a kernel as `KC_ARG_DEVICE_PTR`.
#[no_mangle]
pub unsafe extern "C" fn kc_buffer_address(
    buffer: *const kc_buffer,
    address: *mut u64,
) -> kc_status {
    guard("kc_buffer_address", || {
        let b = unsafe { deref(buffer, "buffer") }?;
        Out::new(address, "address")?.write(b.ptr.0);
        Ok(())
    })
}

/// Copies `bytes` bytes from buffer `src` at byte `src_offset` to buffer
/// `dst` at byte `dst_offset`, in order on `stream` (NULL: the default
/// stream). Both buffers (and the stream) must be on the same device; the
/// ranges must lie inside the buffers and may overlap (the result is as if
/// the source were copied to a temporary first). On the CPU device the
/// copy is done when the call returns; on a GPU it is `cuMemcpyDtoD`
/// (overlapping ranges are staged through host memory), blocking.
#[no_mangle]
pub unsafe extern "C" fn kc_buffer_copy(
    dst: *const kc_buffer,
    dst_offset: usize,
    src: *const kc_buffer,
    src_offset: usize,
    bytes: usize,
    stream: *const kc_stream,
) -> kc_status {
    guard("kc_buffer_copy", || {
        let d = unsafe { deref(dst, "dst") }?;
        let s = unsafe { deref(src, "src") }?;
        if !d.device.same(&s.device) {
            return Err(Error::invalid(
                "`dst` and `src` are buffers of different devices (copy through the host)",
            ));
        }
        unsafe { on_device(stream, &d.device) }?;
        let to = d
            .range(dst_offset, bytes)
            .map_err(|e| Error::invalid(format!("dst: {}", e.message)))?;
        let from = s
            .range(src_offset, bytes)
            .map_err(|e| Error::invalid(format!("src: {}", e.message)))?;
        d.device.device.copy_device_to_device(to, from, bytes)?;
        Ok(())
    })
}

/// Copies `bytes` bytes from host memory `src` into the buffer at byte
/// `offset`, in order on `stream` (NULL: the default stream). `src` must
/// stay valid until the copy is done (`kc_stream_synchronize`); on the CPU
/// device it is done when this call returns.
#[no_mangle]
pub unsafe extern "C" fn kc_buffer_write(
    buffer: *const kc_buffer,
    offset: usize,
    src: *const c_void,
    bytes: usize,
    stream: *const kc_stream,
) -> kc_status {
    guard("kc_buffer_write", || {
        let b = unsafe { deref(buffer, "buffer") }?;
        unsafe { on_device(stream, &b.device) }?;
        let dst = b.range(offset, bytes)?;
        let src = unsafe { slice(src.cast::<u8>(), bytes, "src") }?;
        b.device.device.copy_to_device(dst, src)?;
        Ok(())
    })
}

/// Copies `bytes` bytes of the buffer from byte `offset` into host memory
/// `dst`, in order on `stream` (NULL: the default stream). `dst` must stay
/// valid until the copy is done (`kc_stream_synchronize`); on the CPU
/// device it is done when this call returns.
#[no_mangle]
pub unsafe extern "C" fn kc_buffer_read(
    buffer: *const kc_buffer,
    offset: usize,
    dst: *mut c_void,
    bytes: usize,
    stream: *const kc_stream,
) -> kc_status {
    guard("kc_buffer_read", || {
        let b = unsafe { deref(buffer, "buffer") }?;
        unsafe { on_device(stream, &b.device) }?;
        let src = b.range(offset, bytes)?;
        if bytes == 0 {
            return Ok(());
        }
        if dst.is_null() {
            return Err(Error::null("dst"));
        }
        // SAFETY: `dst` points at `bytes` writable bytes (the contract).
        let dst = unsafe { std::slice::from_raw_parts_mut(dst.cast::<u8>(), bytes) };
        b.device.device.copy_from_device(dst, src)?;
        Ok(())
    })
}

/// Sets `bytes` bytes of the buffer from byte `offset` to `value`, in order
/// on `stream` (NULL: the default stream).
#[no_mangle]
pub unsafe extern "C" fn kc_buffer_fill(
    buffer: *const kc_buffer,
    offset: usize,
    value: u8,
    bytes: usize,
    stream: *const kc_stream,
) -> kc_status {
    guard("kc_buffer_fill", || {
        let b = unsafe { deref(buffer, "buffer") }?;
        unsafe { on_device(stream, &b.device) }?;
        let dst = b.range(offset, bytes)?;
        b.device.device.copy_to_device(dst, &vec![value; bytes])?;
        Ok(())
    })
}
