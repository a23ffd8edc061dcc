//! `kc_device`: opening a device (the CPU device, a GPU, or whichever is
//! usable), its properties, and waiting for it. Devices are reference
//! counted: every buffer, loaded module, stream and event made on a device
//! keeps it alive, so handles can be freed in any order.

use crate::error::{Error, Result};
use crate::ffi::{deref, free_handle, guard, guard_void, Out, OutHandle};
use crate::status::kc_status;
use kernelc_runtime::cpu::device::{MAX_SHARED_BYTES, MAX_THREADS_PER_BLOCK};
use kernelc_runtime::{Device, DeviceKind};
use std::collections::BTreeMap;
use std::ffi::{c_char, CString};
use std::sync::{Arc, Mutex, MutexGuard};

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
    /// The live `kc_buffer`s of the device: start address → size, to check
    /// raw device addresses (`KC_ARG_DEVICE_PTR`) on the CPU device.
    buffers: Mutex<BTreeMap<u64, usize>>,
}

impl DeviceShared {
    /// Whether `other` is this device.
    pub(crate) fn same(self: &Arc<Self>, other: &Arc<DeviceShared>) -> bool {
        Arc::ptr_eq(self, other)
    }

    fn buffers(&self) -> MutexGuard<'_, BTreeMap<u64, usize>> {
        self.buffers.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Records a buffer made on the device.
    pub(crate) fn add_buffer(&self, start: u64, size: usize) {
        self.buffers().insert(start, size);
    }

    /// Forgets a freed buffer.
    pub(crate) fn remove_buffer(&self, start: u64) {
        self.buffers().remove(&start);
    }

    /// Whether `bytes` bytes from address `start` lie inside one live
    /// `kc_buffer` of the device (a zero-byte range: `start` inside or at
    /// the end of one).
    pub(crate) fn in_buffer(&self, start: u64, bytes: u64) -> bool {
        let buffers = self.buffers();
        match buffers.range(..=start).next_back() {
            Some((&base, &size)) => start
                .checked_add(bytes)
                .is_some_and(|end| end <= base + size as u64),
            None => false,
        }
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
        let opened = Device::open_ordinal(
            wanted,
            options.ordinal as usize,
            options.workers,
            options.check,
        )?;
        let kind = match &opened {
            Device::Cpu(_) => KC_DEVICE_CPU,
            Device::Gpu(_) => KC_DEVICE_GPU,
        };
        if kind == KC_DEVICE_CPU && options.ordinal != 0 {
            return Err(Error::invalid(format!(
                "ordinal {}: there is one CPU device, ordinal 0",
                options.ordinal
            )));
        }
        let workers = match options.workers {
            0 => kernelc_runtime::cpu::host_cores(),
            n => n,
        };
        let name = CString::new(opened.name().replace('\0', "?")).unwrap_or_default();
        out.give(kc_device {
            shared: Arc::new(DeviceShared {
                device: opened,
                kind,
                name,
                workers: u32::try_from(workers).unwrap_or(u32::MAX),
                buffers: Mutex::new(BTreeMap::new()),
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
        let (max_threads, max_shared, workers) = match &d.device {
            Device::Cpu(_) => (MAX_THREADS_PER_BLOCK, MAX_SHARED_BYTES as u32, d.workers),
            Device::Gpu(g) => (
                g.props().max_threads_per_block,
                g.props().max_shared_per_block,
                0,
            ),
        };
        out.write(kc_device_properties {
            kind: d.kind,
            name: d.name.as_ptr(),
            arch: d.device.ptx_target().sm,
            max_threads_per_block: max_threads,
            max_block_dim: [max_threads, max_threads, 64],
            max_grid_dim: [i32::MAX as u32, 65535, 65535],
            max_shared_bytes_per_block: max_shared,
            warp_size: 32,
            workers,
        });
        Ok(())
    })
}

/// `*free` and `*total` receive the device's free and total memory in
/// bytes (either pointer may be NULL when not wanted).
///
/// - CPU device: its memory is the host's, so these are the host's
///   available and total memory (`MemAvailable` and `MemTotal` of
///   `/proc/meminfo`; `KC_ERROR_DEVICE` where the host has no
///   `/proc/meminfo`). Other processes change `free` at any time.
/// - GPU: the driver's `cuMemGetInfo`.
#[no_mangle]
pub unsafe extern "C" fn kc_device_memory_info(
    device: *const kc_device,
    free: *mut u64,
    total: *mut u64,
) -> kc_status {
    guard("kc_device_memory_info", || {
        let d = &unsafe { deref(device, "device") }?.shared;
        let (f, t) = d.device.memory_info().map_err(|e| match e {
            kernelc_runtime::Error::Argument(m) => Error::new(kc_status::KC_ERROR_DEVICE, m),
            other => other.into(),
        })?;
        if !free.is_null() {
            Out::new(free, "free")?.write(f);
        }
        if !total.is_null() {
            Out::new(total, "total")?.write(t);
        }
        Ok(())
    })
}

/// Stops every launch running on the CPU device `device` now: each
/// `kc_launch` running on it returns `KC_ERROR_INTERRUPTED` within
/// milliseconds (the message names the thread and the Python and PTX lines
/// that were running). Meant to be called from another thread than the
/// launch's (a signal handler's thread, a watchdog, a UI); safe from any
/// thread at any time. A launch that starts after the call is not
/// affected, so calling it when nothing runs is harmless. The device stays
/// usable.
///
/// A GPU kernel cannot be stopped: on a GPU this is
/// `KC_ERROR_INVALID_ARGUMENT`.
#[no_mangle]
pub unsafe extern "C" fn kc_device_interrupt(device: *const kc_device) -> kc_status {
    guard("kc_device_interrupt", || {
        let d = &unsafe { deref(device, "device") }?.shared;
        d.device.interrupt()?;
        Ok(())
    })
}

/// Limits how long each launch on the CPU device `device` may run, in
/// seconds, from the moment it starts running (0, the default: no limit).
/// A launch that runs longer stops with `KC_ERROR_TIMEOUT`. Applies to
/// launches that start after the call; safe from any thread.
///
/// `seconds` must be finite and not negative (`KC_ERROR_INVALID_ARGUMENT`
/// otherwise). On a GPU only 0 is accepted: a GPU kernel cannot be
/// stopped.
#[no_mangle]
pub unsafe extern "C" fn kc_device_set_timeout(
    device: *const kc_device,
    seconds: f64,
) -> kc_status {
    guard("kc_device_set_timeout", || {
        let d = &unsafe { deref(device, "device") }?.shared;
        let limit = std::time::Duration::try_from_secs_f64(seconds).map_err(|_| {
            Error::invalid(format!(
                "a time limit of {seconds} seconds (use a finite number of seconds >= 0; 0 \
                 means no limit)"
            ))
        })?;
        d.device.set_launch_timeout(Some(limit))?;
        Ok(())
    })
}

/// Waits until everything queued on every stream of the device is done.
/// (On the CPU device every operation is done when its call returns.)
#[no_mangle]
pub unsafe extern "C" fn kc_device_synchronize(device: *const kc_device) -> kc_status {
    guard("kc_device_synchronize", || {
        let d = &unsafe { deref(device, "device") }?.shared;
        d.device.synchronize()?;
        Ok(())
    })
}
