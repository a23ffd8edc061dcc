//! `kc_device`: opening a device (the CPU device, a GPU, or whichever is
//! usable), its properties, and waiting for it. Devices are reference
//! counted: every buffer, loaded module, stream and event made on a device
//! keeps it alive, so handles can be freed in any order.

use crate::error::{Error, Result};
use crate::ffi::{deref, free_handle, guard, guard_void, Out, OutHandle};
use crate::status::kc_status;
use kernelc_runtime::cpu::device::{MAX_SHARED_BYTES, MAX_THREADS_PER_BLOCK};
use kernelc_runtime::{Device, DeviceKind};
use std::ffi::{c_char, CString};
use std::sync::Arc;

/// Which device to open (`KC_DEVICE_*`).
pub type kc_device_kind = u32;
/// A GPU when one is usable, else the CPU device.
pub const KC_DEVICE_AUTO: kc_device_kind = 0;
/// The CPU device: a SIMT simulator that runs PTX on the host's cores.
/// Always available. Launches and copies on it complete before the call
/// returns.
pub const KC_DEVICE_CPU: kc_device_kind = 1;
/// An NVIDIA GPU through the CUDA driver.
pub const KC_DEVICE_GPU: kc_device_kind = 2;

/// A device (opaque). Open with `kc_device_open`, release with
/// `kc_device_free`. Safe to use from many threads at once (the CPU device
/// serialises launches and copies).
pub struct kc_device {
    pub(crate) shared: Arc<DeviceShared>,
}

/// What every handle made on a device holds on to.
pub(crate) struct DeviceShared {
    pub(crate) device: Device,
    pub(crate) kind: kc_device_kind,
    name: CString,
    workers: u32,
}

impl DeviceShared {
    /// Whether `other` is this device.
    pub(crate) fn same(self: &Arc<Self>, other: &Arc<DeviceShared>) -> bool {
        Arc::ptr_eq(self, other)
    }
}

/// Options for `kc_device_open` (opaque): worker threads and run-time
/// checking for the CPU device, the ordinal of a GPU. Create with
/// `kc_device_options_new`, free with `kc_device_options_free`.
#[derive(Clone, Debug, Default)]
pub struct kc_device_options {
    workers: usize,
    check: bool,
    ordinal: u32,
}

/// A device's properties, filled in by `kc_device_get_properties`. `name`
/// belongs to the device.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct kc_device_properties {
    /// `KC_DEVICE_CPU` or `KC_DEVICE_GPU` (what `KC_DEVICE_AUTO` opened).
    pub kind: kc_device_kind,
    /// A name for messages, e.g. `"the CPU device (8 workers)"`.
    pub name: *const c_char,
    /// The architecture to compile for, as `major * 10 + minor` (80 for
    /// sm_80); pass `"sm_<arch>"` to `kc_options_set_arch`.
    pub arch: u32,
    /// Most threads in one block.
    pub max_threads_per_block: u32,
    /// Largest block extent in x, y, z.
    pub max_block_dim: [u32; 3],
    /// Largest grid extent in x, y, z.
    pub max_grid_dim: [u32; 3],
    /// Most shared memory (static + dynamic) one block may use, in bytes.
    pub max_shared_bytes_per_block: u32,
    /// Threads per warp.
    pub warp_size: u32,
    /// Host threads that run a launch (CPU device); 0 for a GPU.
    pub workers: u32,
}

fn kind_of(kind: kc_device_kind) -> Result<DeviceKind> {
    match kind {
        KC_DEVICE_AUTO => Ok(DeviceKind::Auto),
        KC_DEVICE_CPU => Ok(DeviceKind::Cpu),
        KC_DEVICE_GPU => Ok(DeviceKind::Gpu),
        other => Err(Error::invalid(format!(
            "device kind {other} (use KC_DEVICE_AUTO, KC_DEVICE_CPU or KC_DEVICE_GPU)"
        ))),
    }
}

/// Creates device options with the defaults (all cores, no checking,
/// ordinal 0); free them with `kc_device_options_free`.
#[no_mangle]
pub unsafe extern "C" fn kc_device_options_new(out: *mut *mut kc_device_options) -> kc_status {
    guard("kc_device_options_new", || {
        OutHandle::new(out, "out")?.give(kc_device_options::default());
        Ok(())
    })
}

/// Frees device options. NULL is ignored. Never fails.
#[no_mangle]
pub unsafe extern "C" fn kc_device_options_free(options: *mut kc_device_options) {
    // SAFETY: the caller passes NULL or a live handle.
    guard_void("kc_device_options_free", || unsafe { free_handle(options) })
}

/// CPU device: the number of host threads that run a launch (0, the
/// default, means one per core).
#[no_mangle]
pub unsafe extern "C" fn kc_device_options_set_workers(
    options: *mut kc_device_options,
    workers: usize,
) -> kc_status {
    guard("kc_device_options_set_workers", || {
        unsafe { crate::ffi::deref_mut(options, "options") }?.workers = workers;
        Ok(())
    })
}

/// CPU device: run-time checking of every launch (shared-memory races,
/// divergent barriers, out-of-bounds shared and local accesses are
/// reported as `KC_ERROR_LAUNCH`). Slower; off by default.
#[no_mangle]
pub unsafe extern "C" fn kc_device_options_set_check(
    options: *mut kc_device_options,
    on: bool,
) -> kc_status {
    guard("kc_device_options_set_check", || {
        unsafe { crate::ffi::deref_mut(options, "options") }?.check = on;
        Ok(())
    })
}

/// Which device of its kind to open, from 0 (`kc_device_count` says how
/// many there are). The CPU device has only ordinal 0.
#[no_mangle]
pub unsafe extern "C" fn kc_device_options_set_ordinal(
    options: *mut kc_device_options,
    ordinal: u32,
) -> kc_status {
    guard("kc_device_options_set_ordinal", || {
        unsafe { crate::ffi::deref_mut(options, "options") }?.ordinal = ordinal;
        Ok(())
    })
}

/// `*count` receives how many devices of `kind` can be opened:
/// `KC_DEVICE_CPU` 1, `KC_DEVICE_GPU` the usable GPUs (0 without one),
/// `KC_DEVICE_AUTO` both together.
#[no_mangle]
pub unsafe extern "C" fn kc_device_count(kind: kc_device_kind, count: *mut usize) -> kc_status {
    guard("kc_device_count", || {
        let kind = kind_of(kind)?;
        let out = Out::new(count, "count")?;
        let gpus = usize::from(Device::open(DeviceKind::Gpu, 1, false).is_ok());
        out.write(match kind {
            DeviceKind::Cpu => 1,
            DeviceKind::Gpu => gpus,
            DeviceKind::Auto => 1 + gpus,
        });
        Ok(())
    })
}

/// Opens a device: `KC_DEVICE_CPU`, `KC_DEVICE_GPU` (`KC_ERROR_NO_GPU`,
/// saying why, when none is usable) or `KC_DEVICE_AUTO` (a GPU if one is
/// usable, else the CPU device). `options` may be NULL for the defaults.
/// `*device` receives the handle (NULL on failure); release it with
/// `kc_device_free`.
#[no_mangle]
pub unsafe extern "C" fn kc_device_open(
    kind: kc_device_kind,
    options: *const kc_device_options,
    device: *mut *mut kc_device,
) -> kc_status {
    guard("kc_device_open", || {
        let out = OutHandle::new(device, "device")?;
        let wanted = kind_of(kind)?;
        let defaults = kc_device_options::default();
        let options = if options.is_null() {
            &defaults
        } else {
            unsafe { deref(options, "options") }?
        };
        let opened = Device::open(wanted, options.workers, options.check)?;
        let kind = match &opened {
            Device::Cpu(_) => KC_DEVICE_CPU,
        };
        if kind == KC_DEVICE_CPU && options.ordinal != 0 {
            return Err(Error::invalid(format!(
                "ordinal {}: there is one CPU device, ordinal 0",
                options.ordinal
            )));
        }
        let workers = match options.workers {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let name = CString::new(opened.name().replace('\0', "?")).unwrap_or_default();
        out.give(kc_device {
            shared: Arc::new(DeviceShared {
                device: opened,
                kind,
                name,
                workers: u32::try_from(workers).unwrap_or(u32::MAX),
            }),
        });
        Ok(())
    })
}

/// Releases the caller's reference to a device. The device itself goes
/// away when its buffers, loaded modules, streams and events are freed
/// too. NULL is ignored. Never fails.
#[no_mangle]
pub unsafe extern "C" fn kc_device_free(device: *mut kc_device) {
    // SAFETY: the caller passes NULL or a live handle.
    guard_void("kc_device_free", || unsafe { free_handle(device) })
}

/// Fills `*properties` with the device's properties.
#[no_mangle]
pub unsafe extern "C" fn kc_device_get_properties(
    device: *const kc_device,
    properties: *mut kc_device_properties,
) -> kc_status {
    guard("kc_device_get_properties", || {
        let d = &unsafe { deref(device, "device") }?.shared;
        let out = Out::new(properties, "properties")?;
        out.write(kc_device_properties {
            kind: d.kind,
            name: d.name.as_ptr(),
            arch: d.device.ptx_target().sm,
            max_threads_per_block: MAX_THREADS_PER_BLOCK,
            max_block_dim: [MAX_THREADS_PER_BLOCK, MAX_THREADS_PER_BLOCK, 64],
            max_grid_dim: [i32::MAX as u32, 65535, 65535],
            max_shared_bytes_per_block: MAX_SHARED_BYTES as u32,
            warp_size: 32,
            workers: d.workers,
        });
        Ok(())
    })
}

/// Waits until everything queued on every stream of the device is done.
/// (On the CPU device every operation is done when its call returns.)
#[no_mangle]
pub unsafe extern "C" fn kc_device_synchronize(device: *const kc_device) -> kc_status {
    guard("kc_device_synchronize", || {
        unsafe { deref(device, "device") }?;
        Ok(())
    })
}
