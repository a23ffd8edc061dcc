//! `kc_loaded_module`: a compiled module loaded on a device, with its
//! host-supplied constant arrays written to the device's constant memory.

use crate::device::{kc_device, DeviceShared};
use crate::error::{Error, Result};
use crate::ffi::{deref, free_handle, guard, guard_void, slice, string, Out, OutHandle};
use crate::module::kc_module;
use crate::status::kc_status;
use kernelc_compiler::driver::KernelInfo;
use kernelc_compiler::ptx::emit::const_array_symbol;
use kernelc_runtime::Module;
use std::ffi::{c_char, c_void};
use std::sync::Arc;

/// A module loaded on a device (opaque). Made by `kc_module_load`, freed
/// with `kc_loaded_module_free`. It keeps its device alive and does not
/// depend on the `kc_module` it was loaded from. Safe to launch from many
/// threads at once.
pub struct kc_loaded_module {
    pub(crate) device: Arc<DeviceShared>,
    pub(crate) module: Module,
    pub(crate) kernels: Vec<KernelInfo>,
}

impl kc_loaded_module {
    /// The kernel called `name`.
    pub(crate) fn kernel(&self, name: &str) -> Result<&KernelInfo> {
        self.kernels.iter().find(|k| k.name == name).ok_or_else(|| {
            let names: Vec<&str> = self.kernels.iter().map(|k| k.name.as_str()).collect();
            Error::not_found(format!(
                "no kernel '{name}' in the module (it has: {})",
                names.join(", ")
            ))
        })
    }

    /// Writes `data` (None: zeros) to the constant array `name`.
    fn set_const(&self, name: &str, data: Option<&[u8]>) -> Result<()> {
        let Some((ptr, size)) = self.module.global(&const_array_symbol(name)) else {
            return Err(Error::not_found(format!(
                "the module has no constant array '{name}' (declare it with \
                 kc_options_add_const_array and read it with cuda.const.array_like)"
            )));
        };
        match data {
            Some(d) if d.len() != size => Err(Error::invalid(format!(
                "{} bytes for the constant array '{name}', which has {size}",
                d.len()
            ))),
            Some(d) => Ok(self.device.device.copy_to_device(ptr, d)?),
            None => Ok(self.device.device.copy_to_device(ptr, &vec![0; size])?),
        }
    }
}

/// Loads `module` on `device` and writes the constant arrays given to
/// `kc_options_add_const_array` into it; `*loaded` receives the handle
/// (NULL on failure). A module compiled for any architecture loads on the
/// CPU device.
#[no_mangle]
pub unsafe extern "C" fn kc_module_load(
    module: *const kc_module,
    device: *const kc_device,
    loaded: *mut *mut kc_loaded_module,
) -> kc_status {
    guard("kc_module_load", || {
        let out = OutHandle::new(loaded, "loaded")?;
        let m = unsafe { deref(module, "module") }?;
        let d = &unsafe { deref(device, "device") }?.shared;
        out.give(load(m, d, &[])?);
        Ok(())
    })
}

/// Loads `module` on `device` linked with the PTX texts `ptx[0]` ...
/// `ptx[num_ptx - 1]` (each NUL-terminated; `ptx` may be NULL when
/// `num_ptx` is 0), as numba-cuda links the files of `link=`: they define
/// the functions the module's kernels declare with `cuda.declare_device`
/// (each `.extern .func` resolves to the `.visible .func` of that name, as
/// nvcc writes an `extern "C" __device__` function). On a GPU the driver's
/// linker links them (`cuLinkCreate`, `cuLinkAddData`, `cuLinkComplete`);
/// the CPU device links the texts. Otherwise as `kc_module_load`. Two
/// definitions of one name, or a called function that no text defines, is
/// an error naming it (`KC_ERROR_DEVICE` on the CPU device, the driver's
/// JIT error with its log on a GPU). The texts are not kept.
#[no_mangle]
pub unsafe extern "C" fn kc_module_load_linked(
    module: *const kc_module,
    device: *const kc_device,
    ptx: *const *const c_char,
    num_ptx: usize,
    loaded: *mut *mut kc_loaded_module,
) -> kc_status {
    guard("kc_module_load_linked", || {
        let out = OutHandle::new(loaded, "loaded")?;
        let m = unsafe { deref(module, "module") }?;
        let d = &unsafe { deref(device, "device") }?.shared;
        let texts = unsafe { slice(ptx, num_ptx, "ptx") }?;
        let mut linked = Vec::with_capacity(texts.len());
        for (i, &p) in texts.iter().enumerate() {
            linked.push(unsafe { string(p, &format!("ptx[{i}]")) }?);
        }
        out.give(load(m, d, &linked)?);
        Ok(())
    })
}

/// `module` loaded on `device`, linked with the PTX texts `linked` (none:
/// loaded alone), with its constant arrays written.
fn load(m: &kc_module, d: &Arc<DeviceShared>, linked: &[&str]) -> Result<kc_loaded_module> {
    let ptx = m
        .ptx
        .to_str()
        .map_err(|_| Error::invalid("PTX is not UTF-8"))?;
    let module = if linked.is_empty() {
        d.device.load_module(ptx)?
    } else {
        let inputs: Vec<&str> = std::iter::once(ptx).chain(linked.iter().copied()).collect();
        d.device.load_module_linked(&inputs)?
    };
    let lm = kc_loaded_module {
        device: d.clone(),
        module,
        kernels: m.kernels.iter().map(|k| k.info.clone()).collect(),
    };
    for (name, data) in &m.const_data {
        // An array declared but not used by any kernel has no symbol.
        if lm.module.global(&const_array_symbol(name)).is_some() {
            lm.set_const(name, data.as_deref())?;
        }
    }
    Ok(lm)
}

/// Frees a loaded module. NULL is ignored. Never fails.
#[no_mangle]
pub unsafe extern "C" fn kc_loaded_module_free(loaded: *mut kc_loaded_module) {
    // SAFETY: the caller passes NULL or a live handle.
    guard_void("kc_loaded_module_free", || unsafe { free_handle(loaded) })
}

/// Replaces the contents of the constant array `name` (the module-level
/// name, e.g. `"WEIGHTS"`) with `bytes` bytes from `data` (exactly the
/// array's size, C order). Launches after this call see the new values.
#[no_mangle]
pub unsafe extern "C" fn kc_loaded_module_set_const_array(
    loaded: *const kc_loaded_module,
    name: *const c_char,
    data: *const c_void,
    bytes: usize,
) -> kc_status {
    guard("kc_loaded_module_set_const_array", || {
        let lm = unsafe { deref(loaded, "loaded") }?;
        let name = unsafe { string(name, "name") }?;
        let data = unsafe { slice(data.cast::<u8>(), bytes, "data") }?;
        lm.set_const(name, Some(data))
    })
}

/// `*cooperative` receives whether kernel `name` needs a cooperative launch
/// (it uses `cuda.cg.this_grid()`): `kc_launch` then launches it so, every
/// block of the grid resident at once (`cuLaunchCooperativeKernel` on a
/// GPU), and refuses a grid larger than `kc_loaded_module_max_cooperative_blocks`.
#[no_mangle]
pub unsafe extern "C" fn kc_loaded_module_kernel_cooperative(
    loaded: *const kc_loaded_module,
    name: *const c_char,
    cooperative: *mut bool,
) -> kc_status {
    guard("kc_loaded_module_kernel_cooperative", || {
        let lm = unsafe { deref(loaded, "loaded") }?;
        let name = unsafe { string(name, "name") }?;
        let out = Out::new(cooperative, "cooperative")?;
        out.write(lm.kernel(name)?.cooperative);
        Ok(())
    })
}

/// `*blocks` receives how many blocks of `block_threads` threads with
/// `dynamic_shared` bytes of dynamic shared memory a cooperative launch of
/// kernel `name` may have on the module's device (numba-cuda's
/// `max_cooperative_grid_blocks`): the driver's occupancy per
/// multiprocessor times the multiprocessors on a GPU, the same model over
/// 16 multiprocessors on the CPU device; 0 for a block the device cannot
/// run.
#[no_mangle]
pub unsafe extern "C" fn kc_loaded_module_max_cooperative_blocks(
    loaded: *const kc_loaded_module,
    name: *const c_char,
    block_threads: u32,
    dynamic_shared: u32,
    blocks: *mut u64,
) -> kc_status {
    guard("kc_loaded_module_max_cooperative_blocks", || {
        let lm = unsafe { deref(loaded, "loaded") }?;
        let name = unsafe { string(name, "name") }?;
        let out = Out::new(blocks, "blocks")?;
        let kernel = &lm.kernel(name)?.name;
        let n = lm.device.device.max_cooperative_blocks(
            &lm.module,
            kernel,
            block_threads,
            dynamic_shared,
        )?;
        out.write(n);
        Ok(())
    })
}

/// A loaded kernel's resources, filled in by
/// `kc_loaded_module_kernel_attributes`: on a GPU the driver's function
/// attributes; on the CPU device the decoded kernel's (its registers are
/// the simulator's register slots, not a hardware allocation).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct kc_kernel_attributes {
    /// Registers per thread (numba-cuda's `get_regs_per_thread`).
    pub registers_per_thread: u32,
    /// The largest block it may be launched with: the device's limit, or
    /// less by its launch bounds (`get_max_threads_per_block`).
    pub max_threads_per_block: u32,
    /// Static shared memory per block, in bytes (`get_shared_mem_per_block`).
    pub shared_bytes: u64,
    /// Constant memory it uses, in bytes (`get_const_mem_size`).
    pub const_bytes: u64,
    /// Local memory per thread, in bytes (`get_local_mem_per_thread`).
    pub local_bytes_per_thread: u64,
}

/// `*attributes` receives kernel `name`'s resources on the module's device
/// (see `kc_kernel_attributes`).
#[no_mangle]
pub unsafe extern "C" fn kc_loaded_module_kernel_attributes(
    loaded: *const kc_loaded_module,
    name: *const c_char,
    attributes: *mut kc_kernel_attributes,
) -> kc_status {
    guard("kc_loaded_module_kernel_attributes", || {
        let lm = unsafe { deref(loaded, "loaded") }?;
        let name = unsafe { string(name, "name") }?;
        let out = Out::new(attributes, "attributes")?;
        let a = lm.module.kernel_attributes(&lm.kernel(name)?.name)?;
        out.write(kc_kernel_attributes {
            registers_per_thread: a.registers_per_thread,
            max_threads_per_block: a.max_threads_per_block,
            shared_bytes: a.shared_bytes,
            const_bytes: a.const_bytes,
            local_bytes_per_thread: a.local_bytes_per_thread,
        });
        Ok(())
    })
}

/// Sets kernel `name`'s preferred split of on-chip memory between shared
/// memory and L1, as numba-cuda's `cuda.jit(shared_memory_carveout=...)`:
/// `percent` of the most shared memory, -1 for the driver's default
/// (`KC_ERROR_INVALID_ARGUMENT` outside -1 to 100). A hint to the driver
/// on a GPU; the CPU device, which has no L1, checks it and has nothing
/// to set.
#[no_mangle]
pub unsafe extern "C" fn kc_loaded_module_set_shared_memory_carveout(
    loaded: *const kc_loaded_module,
    name: *const c_char,
    percent: i32,
) -> kc_status {
    guard("kc_loaded_module_set_shared_memory_carveout", || {
        let lm = unsafe { deref(loaded, "loaded") }?;
        let name = unsafe { string(name, "name") }?;
        let kernel = &lm.kernel(name)?.name;
        Ok(lm.module.set_shared_memory_carveout(kernel, percent)?)
    })
}
