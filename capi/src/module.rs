//! `kc_module`: a compiled module — its PTX text and, for each kernel, the
//! parameters with their types and whether the kernel reads or writes them.
//! Device-independent; load it on a device to run it.

use crate::error::{Error, Result};
use crate::ffi::{deref, free_handle, guard, guard_void, string, Out};
use crate::status::kc_status;
use crate::types::{
    dtype_of, elem_dtype_of, kc_dtype, kc_layout, kc_param_kind, layout_of, KC_DTYPE_NONE,
    KC_LAYOUT_NONE, KC_PARAM_ARRAY, KC_PARAM_SCALAR, KC_PARAM_TUPLE,
};
use kernelc_abi::ElemType;
use kernelc_compiler::driver::{KernelInfo, ParamKind};
use std::ffi::{c_char, CString};

// A module is read from many threads at once.
const _: () = {
    const fn shared<T: Send + Sync>() {}
    shared::<kc_module>();
};

/// A C string of `text` (a NUL inside becomes `?`).
pub(crate) fn c_text(text: String) -> CString {
    CString::new(text.replace('\0', "?")).unwrap_or_default()
}

/// Hands out `text` (and its length) through the out-parameters.
fn give_text(text: &Option<CString>, out: *mut *const c_char, length: *mut usize) -> Result<()> {
    let out = Out::new(out, "text")?;
    let text = text.as_ref().ok_or_else(|| {
        Error::new(
            kc_status::KC_ERROR_NOT_FOUND,
            "the module kept no text: compile with kc_options_set_keep_texts(options, true)",
        )
    })?;
    if !length.is_null() {
        Out::new(length, "length")?.write(text.as_bytes().len());
    }
    out.write(text.as_ptr());
    Ok(())
}

/// A compiled module (opaque). Made by `kc_compile`, freed with
/// `kc_module_free`; every string read from it is owned by it and lives
/// until it is freed. Immutable: safe to read, and to load on devices, from
/// many threads at once. Devices that loaded it do not depend on it.
pub struct kc_module {
    pub(crate) ptx: CString,
    /// The typed program (`kc_module_types_text`), rendered by
    /// `kc_compile` (the typed program itself is not thread-safe, so it
    /// cannot be kept for later).
    pub(crate) types_text: Option<CString>,
    /// The optimised IR (`kc_module_ir_text`).
    pub(crate) ir_text: Option<CString>,
    pub(crate) kernels: Vec<Kernel>,
    /// Host-supplied constant arrays: name and contents (None: zeros),
    /// written to constant memory when the module is loaded.
    pub(crate) const_data: Vec<(String, Option<Vec<u8>>)>,
    /// The exported device function's symbol and signature
    /// (`kc_options_set_export`).
    pub(crate) export: Option<(CString, CString)>,
}

/// One kernel's metadata, with C strings ready to hand out.
pub(crate) struct Kernel {
    pub(crate) info: KernelInfo,
    name: CString,
    params: Vec<(CString, CString)>,
}

impl Kernel {
    pub(crate) fn new(info: KernelInfo) -> Kernel {
        let c = |s: &str| CString::new(s.replace('\0', "?")).unwrap_or_default();
        Kernel {
            name: c(&info.name),
            params: info.params.iter().map(|p| (c(&p.name), c(&p.ty))).collect(),
            info,
        }
    }
}

/// One kernel parameter, filled in by `kc_module_param_info`. Its strings
/// belong to the `kc_module` it came from.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct kc_param_info {
    /// The parameter's name in the source.
    pub name: *const c_char,
    /// Its type in Numba's spelling: `"array(float32, 1d, C)"`, `"int64"`.
    pub type_name: *const c_char,
    /// `KC_PARAM_SCALAR`, `KC_PARAM_ARRAY` or `KC_PARAM_TUPLE`.
    pub kind: kc_param_kind,
    /// The scalar's type or the array's element type (`KC_DTYPE_NONE` for
    /// a tuple).
    pub dtype: kc_dtype,
    /// An array's number of dimensions (0 to `KC_MAX_NDIM`); 0 for a scalar
    /// or tuple.
    pub ndim: u32,
    /// An array's layout; `KC_LAYOUT_NONE` for a scalar or tuple.
    pub layout: kc_layout,
    /// The kernel may read it (scalars: always).
    pub read: bool,
    /// The kernel may write the array behind it (scalars: never); a host
    /// array passed for it is copied back after a launch only when true.
    pub written: bool,
}

impl kc_module {
    pub(crate) fn kernel(&self, index: usize) -> Result<&Kernel> {
        self.kernels.get(index).ok_or_else(|| {
            Error::not_found(format!(
                "kernel {index}: the module has {} kernel{} (indices start at 0)",
                self.kernels.len(),
                if self.kernels.len() == 1 { "" } else { "s" }
            ))
        })
    }

    pub(crate) fn find(&self, name: &str) -> Result<usize> {
        self.kernels
            .iter()
            .position(|k| k.info.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = self.kernels.iter().map(|k| k.info.name.as_str()).collect();
                Error::not_found(format!(
                    "no kernel '{name}' in the module (it has: {})",
                    names.join(", ")
                ))
            })
    }
}

/// Frees a module. NULL is ignored. Never fails.
#[no_mangle]
pub unsafe extern "C" fn kc_module_free(module: *mut kc_module) {
    // SAFETY: the caller passes NULL or a live handle.
    guard_void("kc_module_free", || unsafe { free_handle(module) })
}

/// `*ptx` receives the module's PTX text (NUL-terminated, owned by
/// `module`); `*length` (if `length` is not NULL) its length in bytes
/// without the NUL.
#[no_mangle]
pub unsafe extern "C" fn kc_module_ptx(
    module: *const kc_module,
    ptx: *mut *const c_char,
    length: *mut usize,
) -> kc_status {
    guard("kc_module_ptx", || {
        let m = unsafe { deref(module, "module") }?;
        let out = Out::new(ptx, "ptx")?;
        if !length.is_null() {
            Out::new(length, "length")?.write(m.ptx.as_bytes().len());
        }
        out.write(m.ptx.as_ptr());
        Ok(())
    })
}

/// For a module compiled with `kc_options_set_export`: `*name` receives
/// the exported device function's symbol (its `.visible .func`) and
/// `*signature` (if not NULL) its signature in Numba's spelling, e.g.
/// `"int64(uint32, float64)"` (`none` for no result), what another
/// program declares it with (`cuda.declare_device(name, signature)`); both
/// NUL-terminated and owned by `module`. NULL for a module of kernels.
#[no_mangle]
pub unsafe extern "C" fn kc_module_export(
    module: *const kc_module,
    name: *mut *const c_char,
    signature: *mut *const c_char,
) -> kc_status {
    guard("kc_module_export", || {
        let m = unsafe { deref(module, "module") }?;
        let out = Out::new(name, "name")?;
        let sig_out = if signature.is_null() {
            None
        } else {
            Some(Out::new(signature, "signature")?)
        };
        let (n, s) = match &m.export {
            Some((n, s)) => (n.as_ptr(), s.as_ptr()),
            None => (std::ptr::null(), std::ptr::null()),
        };
        out.write(n);
        if let Some(o) = sig_out {
            o.write(s);
        }
        Ok(())
    })
}

/// `*text` receives the module's typed program (NUL-terminated, owned by
/// `module`; the module must be compiled with `kc_options_set_keep_texts`,
/// else `KC_ERROR_NOT_FOUND`): every function with each variable's type and every implicit
/// conversion, as `kernelc check --emit types` prints it (what Numba's
/// `inspect_types` shows). `*length` (if `length` is not NULL) receives its
/// length in bytes without the NUL.
#[no_mangle]
pub unsafe extern "C" fn kc_module_types_text(
    module: *const kc_module,
    text: *mut *const c_char,
    length: *mut usize,
) -> kc_status {
    guard("kc_module_types_text", || {
        let m = unsafe { deref(module, "module") }?;
        give_text(&m.types_text, text, length)
    })
}

/// `*text` receives the module's optimised intermediate representation
/// (NUL-terminated, owned by `module`; compiled with
/// `kc_options_set_keep_texts`, else `KC_ERROR_NOT_FOUND`), as `kernelc compile --emit ir`
/// prints it at the module's optimisation level (kernelc's counterpart of
/// Numba's `inspect_llvm`). `*length` (if `length` is not NULL) receives
/// its length in bytes without the NUL.
#[no_mangle]
pub unsafe extern "C" fn kc_module_ir_text(
    module: *const kc_module,
    text: *mut *const c_char,
    length: *mut usize,
) -> kc_status {
    guard("kc_module_ir_text", || {
        let m = unsafe { deref(module, "module") }?;
        give_text(&m.ir_text, text, length)
    })
}

/// `*count` receives the number of kernels in the module.
#[no_mangle]
pub unsafe extern "C" fn kc_module_kernel_count(
    module: *const kc_module,
    count: *mut usize,
) -> kc_status {
    guard("kc_module_kernel_count", || {
        let m = unsafe { deref(module, "module") }?;
        Out::new(count, "count")?.write(m.kernels.len());
        Ok(())
    })
}

/// `*name` receives the name of kernel `kernel` (0-based, source order;
/// owned by `module`); `KC_ERROR_NOT_FOUND` past the end.
#[no_mangle]
pub unsafe extern "C" fn kc_module_kernel_name(
    module: *const kc_module,
    kernel: usize,
    name: *mut *const c_char,
) -> kc_status {
    guard("kc_module_kernel_name", || {
        let m = unsafe { deref(module, "module") }?;
        let out = Out::new(name, "name")?;
        out.write(m.kernel(kernel)?.name.as_ptr());
        Ok(())
    })
}

/// `*kernel` receives the index of the kernel called `name`;
/// `KC_ERROR_NOT_FOUND` (listing the module's kernels) if there is none.
#[no_mangle]
pub unsafe extern "C" fn kc_module_find_kernel(
    module: *const kc_module,
    name: *const c_char,
    kernel: *mut usize,
) -> kc_status {
    guard("kc_module_find_kernel", || {
        let m = unsafe { deref(module, "module") }?;
        let name = unsafe { string(name, "name") }?;
        let out = Out::new(kernel, "kernel")?;
        out.write(m.find(name)?);
        Ok(())
    })
}

/// `*count` receives the number of parameters of kernel `kernel`.
#[no_mangle]
pub unsafe extern "C" fn kc_module_param_count(
    module: *const kc_module,
    kernel: usize,
    count: *mut usize,
) -> kc_status {
    guard("kc_module_param_count", || {
        let m = unsafe { deref(module, "module") }?;
        let out = Out::new(count, "count")?;
        out.write(m.kernel(kernel)?.info.params.len());
        Ok(())
    })
}

/// Fills `*info` with parameter `param` of kernel `kernel` (both 0-based);
/// `KC_ERROR_NOT_FOUND` past the end. The strings are owned by `module`.
#[no_mangle]
pub unsafe extern "C" fn kc_module_param_info(
    module: *const kc_module,
    kernel: usize,
    param: usize,
    info: *mut kc_param_info,
) -> kc_status {
    guard("kc_module_param_info", || {
        let m = unsafe { deref(module, "module") }?;
        let out = Out::new(info, "info")?;
        let k = m.kernel(kernel)?;
        let p = k.info.params.get(param).ok_or_else(|| {
            Error::not_found(format!(
                "parameter {param}: kernel '{}' has {}",
                k.info.name,
                k.info.params.len()
            ))
        })?;
        let (kind, dtype, ndim, layout) = match &p.kind {
            ParamKind::Scalar(s) => (KC_PARAM_SCALAR, dtype_of(*s), 0, KC_LAYOUT_NONE),
            ParamKind::Complex(part) => (
                KC_PARAM_SCALAR,
                elem_dtype_of(ElemType::Complex(*part)),
                0,
                KC_LAYOUT_NONE,
            ),
            ParamKind::Array { elem, ndim, layout } => (
                KC_PARAM_ARRAY,
                elem_dtype_of(*elem),
                u32::from(*ndim),
                layout_of(*layout),
            ),
            ParamKind::Tuple(_) => (KC_PARAM_TUPLE, KC_DTYPE_NONE, 0, KC_LAYOUT_NONE),
        };
        let (name, type_name) = &k.params[param];
        out.write(kc_param_info {
            name: name.as_ptr(),
            type_name: type_name.as_ptr(),
            kind,
            dtype,
            ndim,
            layout,
            read: p.read,
            written: p.written,
        });
        Ok(())
    })
}

/// `*cooperative` receives whether kernel `kernel` (0-based) needs a
/// cooperative launch: it uses `cuda.cg.this_grid()`, itself or through a
/// device function, so every block of its grid must be resident at once
/// (`kc_launch` launches it so; numba-cuda's `overload.cooperative`).
#[no_mangle]
pub unsafe extern "C" fn kc_module_kernel_cooperative(
    module: *const kc_module,
    kernel: usize,
    cooperative: *mut bool,
) -> kc_status {
    guard("kc_module_kernel_cooperative", || {
        let m = unsafe { deref(module, "module") }?;
        let out = Out::new(cooperative, "cooperative")?;
        out.write(m.kernel(kernel)?.info.cooperative);
        Ok(())
    })
}
