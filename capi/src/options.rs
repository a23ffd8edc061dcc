//! `kc_options`: what to compile and how (target, optimisation, the
//! `fastmath`/`debug`/`boundscheck` switches, which kernel with which
//! signature, host-supplied constant arrays).

use crate::error::{Error, Result};
use crate::ffi::{deref_mut, free_handle, guard, guard_void, opt_string, slice, string, OutHandle};
use crate::launch::KC_MAX_NDIM;
use crate::status::kc_status;
use crate::types::{complex_of, kc_dtype, require_scalar};
use kernelc_compiler::driver::{CompileOptions, Export};
use kernelc_compiler::ir::{ExternAbi, LaunchBounds};
use kernelc_compiler::opt::OptLevel;
use kernelc_compiler::ptx::Target;
use kernelc_compiler::sema::signature::parse_type;
use kernelc_compiler::sema::typed::{ConstArrayDecl, GlobalArrayDecl, JitFlags};
use kernelc_compiler::types::{Elem, Type};
use std::ffi::{c_char, c_int, c_void};

/// Compile options (opaque). Create with `kc_options_new`, free with
/// `kc_options_free`. Defaults: `sm_80`, optimisation level 2, every kernel
/// that has a decorator signature, decorator flags only. Not safe to modify
/// from two threads at once; once set up it can be read by any number of
/// concurrent `kc_compile` calls.
#[derive(Clone, Default)]
pub struct kc_options {
    pub(crate) compile: CompileOptions,
    pub(crate) force: JitFlags,
    /// Each host-supplied constant array's contents (None: zeros).
    pub(crate) const_data: Vec<(String, Option<Vec<u8>>)>,
    /// Render the typed program and the IR as text for
    /// `kc_module_types_text` / `kc_module_ir_text`.
    pub(crate) keep_texts: bool,
}

/// Creates compile options with the defaults; `*out` receives the handle
/// (NULL on failure). Free it with `kc_options_free`.
#[no_mangle]
pub unsafe extern "C" fn kc_options_new(out: *mut *mut kc_options) -> kc_status {
    guard("kc_options_new", || {
        OutHandle::new(out, "out")?.give(kc_options::default());
        Ok(())
    })
}

/// Frees options made by `kc_options_new`. NULL is ignored. Modules compiled
/// with them do not depend on them. Never fails.
#[no_mangle]
pub unsafe extern "C" fn kc_options_free(options: *mut kc_options) {
    // SAFETY: the caller passes NULL or a live handle.
    guard_void("kc_options_free", || unsafe { free_handle(options) })
}

/// Runs `f` on the options behind `options`.
unsafe fn with_options(
    function: &str,
    options: *mut kc_options,
    f: impl FnOnce(&mut kc_options) -> Result<()>,
) -> kc_status {
    // SAFETY: the caller passes NULL or a live handle.
    guard(function, || f(unsafe { deref_mut(options, "options") }?))
}

/// Sets the target architecture: `"sm_80"` (or `"80"`); kernelc accepts
/// sm_50 … sm_90, and the architecture-specific `"sm_90a"` (PTX ISA 8.0).
/// `KC_ERROR_INVALID_ARGUMENT` lists the supported ones.
#[no_mangle]
pub unsafe extern "C" fn kc_options_set_arch(
    options: *mut kc_options,
    arch: *const c_char,
) -> kc_status {
    // SAFETY: `arch` is NULL or a NUL-terminated string.
    unsafe {
        with_options("kc_options_set_arch", options, |o| {
            let arch = string(arch, "arch")?;
            o.compile.target = Target::parse(arch).map_err(Error::invalid)?;
            Ok(())
        })
    }
}

/// Sets the optimisation level: 0 (none: the IR exactly as lowered) or 1–3
/// (kernelc's one full pipeline, the default).
#[no_mangle]
pub unsafe extern "C" fn kc_options_set_opt_level(
    options: *mut kc_options,
    level: c_int,
) -> kc_status {
    unsafe {
        with_options("kc_options_set_opt_level", options, |o| {
            o.compile.opt = match level {
                0 => OptLevel::O0,
                1..=3 => OptLevel::O2,
                _ => {
                    return Err(Error::invalid(format!(
                        "optimisation level {level} (use 0 to 3)"
                    )))
                }
            };
            Ok(())
        })
    }
}

/// Turns on `fastmath` for every function, as `@cuda.jit(fastmath=True)`
/// does (false leaves each decorator's own setting).
#[no_mangle]
pub unsafe extern "C" fn kc_options_set_fastmath(options: *mut kc_options, on: bool) -> kc_status {
    unsafe {
        with_options("kc_options_set_fastmath", options, |o| {
            o.force.fastmath = on;
            Ok(())
        })
    }
}

/// Keeps the typed program and the optimised IR as text in the compiled
/// module, for `kc_module_types_text` and `kc_module_ir_text` (Numba's
/// `inspect_types` / `inspect_llvm`). Off by default: rendering them costs
/// compile time that most callers do not want to pay.
#[no_mangle]
pub unsafe extern "C" fn kc_options_set_keep_texts(
    options: *mut kc_options,
    on: bool,
) -> kc_status {
    unsafe {
        with_options("kc_options_set_keep_texts", options, |o| {
            o.keep_texts = on;
            Ok(())
        })
    }
}

/// Turns on `debug` for every function (`assert` is checked, and so are
/// array bounds), as `@cuda.jit(debug=True)` does; the PTX also carries a
/// DWARF compile unit (`.section .debug_info`) and `lineinfo`'s `.loc`s.
#[no_mangle]
pub unsafe extern "C" fn kc_options_set_debug(options: *mut kc_options, on: bool) -> kc_status {
    unsafe {
        with_options("kc_options_set_debug", options, |o| {
            o.force.debug = on;
            Ok(())
        })
    }
}

/// Turns on `lineinfo` for every function, as `@cuda.jit(lineinfo=True)`
/// does: the `.loc` directives of a device function's inlined code name
/// the function and the call it was inlined at (`inlined_at`), as NVVM
/// writes them. (The `.file`/`.loc` line information itself is always
/// written; `kc_options_set_debug` also adds a DWARF compile unit.)
#[no_mangle]
pub unsafe extern "C" fn kc_options_set_lineinfo(options: *mut kc_options, on: bool) -> kc_status {
    unsafe {
        with_options("kc_options_set_lineinfo", options, |o| {
            o.compile.lineinfo = on;
            Ok(())
        })
    }
}

/// Turns on `boundscheck` for every function (an out-of-bounds index
/// traps), as `@cuda.jit(boundscheck=True)` does.
#[no_mangle]
pub unsafe extern "C" fn kc_options_set_boundscheck(
    options: *mut kc_options,
    on: bool,
) -> kc_status {
    unsafe {
        with_options("kc_options_set_boundscheck", options, |o| {
            o.force.boundscheck = on;
            Ok(())
        })
    }
}

/// Compiles only the function `name` (NULL: every kernel that has a
/// signature). With no signature set, the function's decorator must give
/// one. The string is copied.
#[no_mangle]
pub unsafe extern "C" fn kc_options_set_kernel(
    options: *mut kc_options,
    name: *const c_char,
) -> kc_status {
    unsafe {
        with_options("kc_options_set_kernel", options, |o| {
            o.compile.check.kernel = opt_string(name, "name")?.map(str::to_string);
            Ok(())
        })
    }
}

/// How `kc_options_set_export` exports a device function (`KC_EXPORT_*`).
#[allow(non_camel_case_types)]
pub type kc_export_abi = u32;

/// Compile kernels, export nothing (the default).
pub const KC_EXPORT_NONE: kc_export_abi = 0;

/// Numba's ABI: `int name(T *result, args...)`, status 0, as
/// `cuda.compile_ptx(..., device=True)` gives by default.
pub const KC_EXPORT_NUMBA: kc_export_abi = 1;

/// C's ABI: `T name(args...)` (`abi="c"`), for CUDA C's
/// `extern "C" __device__` declarations.
pub const KC_EXPORT_C: kc_export_abi = 2;

/// Compiles, instead of kernels, the device function named with
/// `kc_options_set_kernel` (typed with `kc_options_set_signature`'s
/// argument types, a return type there being what the result converts to)
/// and exports it for other code to link: the PTX gets a `.visible .func`
/// in `abi`, named `name` (NULL: the function's own name), as Numba's
/// `cuda.compile_ptx(..., device=True, abi=..., abi_info={"abi_name": ...})`
/// gives; `kc_module_export` tells its signature. Its arguments and result
/// must be numbers or booleans (else a compile diagnostic). `KC_EXPORT_NONE`
/// goes back to compiling kernels. The name is copied.
#[no_mangle]
pub unsafe extern "C" fn kc_options_set_export(
    options: *mut kc_options,
    abi: kc_export_abi,
    name: *const c_char,
) -> kc_status {
    unsafe {
        with_options("kc_options_set_export", options, |o| {
            let name = opt_string(name, "name")?.map(str::to_string);
            o.compile.export = match abi {
                KC_EXPORT_NONE => None,
                KC_EXPORT_NUMBA | KC_EXPORT_C => Some(Export {
                    abi: if abi == KC_EXPORT_C {
                        ExternAbi::C
                    } else {
                        ExternAbi::Numba
                    },
                    name,
                }),
                other => {
                    return Err(Error::invalid(format!(
                        "export ABI {other} is not KC_EXPORT_NONE (0), KC_EXPORT_NUMBA (1) or KC_EXPORT_C (2)"
                    )))
                }
            };
            Ok(())
        })
    }
}

/// Sets every kernel's launch bounds, as numba-cuda's
/// `cuda.jit(launch_bounds=(max_threads, min_blocks_per_sm,
/// max_cluster_rank))`: the PTX gets `.maxntid max_threads, 1, 1` (a launch
/// of larger blocks fails), `.minnctapersm min_blocks_per_sm` and
/// `.maxclusterrank max_cluster_rank` (sm_90 and later; else the compile
/// fails). `max_threads` is 1 to 1024, or 0 to remove the bounds; a 0 for
/// either of the others leaves that bound out.
#[no_mangle]
pub unsafe extern "C" fn kc_options_set_launch_bounds(
    options: *mut kc_options,
    max_threads: u32,
    min_blocks_per_sm: u32,
    max_cluster_rank: u32,
) -> kc_status {
    unsafe {
        with_options("kc_options_set_launch_bounds", options, |o| {
            o.compile.launch_bounds = match max_threads {
                0 => None,
                1..=1024 => Some(LaunchBounds {
                    max_threads,
                    min_blocks_per_sm: (min_blocks_per_sm > 0).then_some(min_blocks_per_sm),
                    max_cluster_rank: (max_cluster_rank > 0).then_some(max_cluster_rank),
                }),
                n => {
                    return Err(Error::invalid(format!(
                        "a launch bound of {n} threads per block: it must be 1 to 1024 (0 removes the bounds)"
                    )))
                }
            };
            Ok(())
        })
    }
}

/// Sets the Numba signature to compile the kernel with, e.g.
/// `"void(float32[::1], int64)"`, overriding its decorator's (NULL: the
/// decorator's). Use with `kc_options_set_kernel` when the source has more
/// than one function. The string is copied; a malformed signature is
/// reported as a compile diagnostic.
#[no_mangle]
pub unsafe extern "C" fn kc_options_set_signature(
    options: *mut kc_options,
    signature: *const c_char,
) -> kc_status {
    unsafe {
        with_options("kc_options_set_signature", options, |o| {
            o.compile.check.signature = opt_string(signature, "signature")?.map(str::to_string);
            Ok(())
        })
    }
}

/// Declares a host-supplied constant array: the module-level name `name`
/// that the kernel reads with `cuda.const.array_like(name)`, or by the
/// name itself (a NumPy array held in a global or closure variable, which
/// Numba freezes into the module as a read-only constant array), its element
/// type and its `ndim` extents (0 to `KC_MAX_NDIM`, each ≥ 0). `data` (`data_bytes`
/// bytes, C order, exactly the array's size) is copied into the options and
/// written to the module's constant memory whenever the module is loaded on
/// a device; NULL `data` with `data_bytes` 0 means zeros. Declaring a name
/// again replaces the earlier declaration. (An array of records:
/// `kc_options_add_const_record_array`.)
#[no_mangle]
pub unsafe extern "C" fn kc_options_add_const_array(
    options: *mut kc_options,
    name: *const c_char,
    dtype: kc_dtype,
    shape: *const i64,
    ndim: usize,
    data: *const c_void,
    data_bytes: usize,
) -> kc_status {
    unsafe {
        with_options("kc_options_add_const_array", options, |o| {
            let elem = match complex_of(dtype) {
                Some(part) => Elem::Complex(part),
                None => Elem::Scalar(require_scalar(dtype, "dtype")?),
            };
            add_const_array(o, name, elem, (shape, ndim), (data, data_bytes))
        })
    }
}

/// Declares a device array that kernels read and write by the module-level
/// name `name` (a device array captured from a global or closure
/// variable, as numba-cuda kernels capture one): `type` is its array type
/// in Numba's spelling, e.g. `"float32[:, ::1]"` or
/// `"array(int64, 1d, A)"` (0 to `KC_MAX_NDIM` dimensions). Every kernel then takes
/// the array as a hidden parameter after its own, named `"global NAME"`
/// in its parameter list (`kc_module_param_info`); pass the array there
/// when launching. Declaring a name again replaces the earlier
/// declaration. Both strings are copied.
#[no_mangle]
pub unsafe extern "C" fn kc_options_add_global_array(
    options: *mut kc_options,
    name: *const c_char,
    type_name: *const c_char,
) -> kc_status {
    unsafe {
        with_options("kc_options_add_global_array", options, |o| {
            let name = string(name, "name")?;
            let text = string(type_name, "type")?;
            let decl = GlobalArrayDecl::parse(name, text).map_err(Error::invalid)?;
            if o.compile.check.const_arrays.iter().any(|c| c.name == name) {
                return Err(Error::invalid(format!(
                    "'{name}' is already declared as a constant array"
                )));
            }
            let decls = &mut o.compile.check.global_arrays;
            decls.retain(|d| d.name != name);
            decls.push(decl);
            Ok(())
        })
    }
}

/// `kc_options_add_const_array` for an array of records (a NumPy
/// structured dtype): `record` is the record type in Numba's spelling,
/// e.g. `"Record(x[type=float64;offset=0],y[type=int64;offset=8];16;False)"`
/// (a parameter's `type_name` spells records the same way); `data` holds
/// the records as NumPy lays them out, padding included.
#[no_mangle]
pub unsafe extern "C" fn kc_options_add_const_record_array(
    options: *mut kc_options,
    name: *const c_char,
    record: *const c_char,
    shape: *const i64,
    ndim: usize,
    data: *const c_void,
    data_bytes: usize,
) -> kc_status {
    unsafe {
        with_options("kc_options_add_const_record_array", options, |o| {
            let text = string(record, "record")?;
            let elem = match parse_type(text) {
                Ok(Type::Record(r)) => Elem::Record(r.record),
                Ok(other) => {
                    return Err(Error::invalid(format!(
                        "`record` names {other}, not a record type Record(...)"
                    )))
                }
                Err(e) => return Err(Error::invalid(format!("`record`: {}", e.message))),
            };
            add_const_array(o, name, elem, (shape, ndim), (data, data_bytes))
        })
    }
}

/// The common part of the two: checks the name, shape and data and
/// declares the array.
///
/// # Safety
/// The pointers are valid as `kc_options_add_const_array` documents.
unsafe fn add_const_array(
    o: &mut kc_options,
    name: *const c_char,
    elem: Elem,
    (shape, ndim): (*const i64, usize),
    (data, data_bytes): (*const c_void, usize),
) -> Result<()> {
    // SAFETY: as this function's.
    let name = unsafe { string(name, "name")? };
    if !is_identifier(name) {
        return Err(Error::invalid(format!(
            "`name` '{name}' is not a Python identifier"
        )));
    }
    if ndim > KC_MAX_NDIM {
        return Err(Error::invalid(format!(
            "ndim is {ndim}, must be 0 to {KC_MAX_NDIM}"
        )));
    }
    // SAFETY: as this function's.
    let shape = unsafe { slice(shape, ndim, "shape")? };
    if let Some(d) = shape.iter().find(|&&d| d < 0) {
        return Err(Error::invalid(format!("negative extent {d} in `shape`")));
    }
    let shape: Vec<u64> = shape.iter().map(|&d| d as u64).collect();
    let size = shape
        .iter()
        .try_fold(elem.size() as u64, |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| Error::invalid("the constant array's size overflows"))?;
    let contents = if data.is_null() && data_bytes == 0 {
        None
    } else {
        if data_bytes as u64 != size {
            return Err(Error::invalid(format!(
                "`data_bytes` is {data_bytes}, the array '{name}' has {size} bytes"
            )));
        }
        // SAFETY: as this function's.
        Some(unsafe { slice(data.cast::<u8>(), data_bytes, "data")? }.to_vec())
    };
    if o.compile.check.global_arrays.iter().any(|g| g.name == name) {
        return Err(Error::invalid(format!(
            "'{name}' is already declared as a global device array"
        )));
    }
    let decls = &mut o.compile.check.const_arrays;
    decls.retain(|d| d.name != name);
    decls.push(ConstArrayDecl {
        name: name.to_string(),
        elem,
        shape,
    });
    o.const_data.retain(|(n, _)| n != name);
    o.const_data.push((name.to_string(), contents));
    Ok(())
}

/// A Python identifier: a letter or `_`, then letters, digits or `_` (a
/// constant array is found by this name in the source).
fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}
