//! The driver entry points the runtime calls, resolved by name from the
//! loaded library.
//!
//! Each is declared with the driver API header's signature (the `_v2`
//! names where the header maps the plain name to one) except that every
//! entry point returns a raw `u32` `CUresult` (see [`crate::gpu::result`]).
//! Resolution never panics: a missing entry point is reported by name.

use cudarc::driver::sys::{
    CUcontext, CUdevice, CUdevice_attribute, CUdeviceptr, CUevent, CUfunction,
    CUfunction_attribute, CUjitInputType, CUjit_option, CUlinkState, CUmodule, CUstream,
};
use libloading::Library;
use std::ffi::{c_char, c_int, c_uint, c_void};

/// `cuInit`, resolved before anything else so that a stub or a driver
/// without devices is named as such even when it lacks other entry points.
pub type InitFn = unsafe extern "C" fn(c_uint) -> u32;
/// `cuGetErrorName` / `cuGetErrorString`.
pub type ErrorTextFn = unsafe extern "C" fn(u32, *mut *const c_char) -> u32;

/// Resolves one symbol as a function pointer of type `F`.
///
/// # Safety
/// `F` must be the symbol's true signature.
pub unsafe fn symbol<F: Copy>(lib: &Library, name: &str) -> Option<F> {
    // SAFETY: the caller guarantees the signature; the pointer is copied
    // out and used only while `lib` is alive (the `Driver` owns both).
    unsafe { lib.get::<F>(name.as_bytes()).ok().map(|s| *s) }
}

macro_rules! entry_points {
    ($( $field:ident = $sym:literal : fn($($arg:ty),*); )*) => {
        /// Every entry point the runtime uses after `cuInit`.
        #[allow(non_snake_case)]
        pub struct Api {
            $(
                #[doc = concat!("`", $sym, "`")]
                pub $field: unsafe extern "C" fn($($arg),*) -> u32,
            )*
        }

        impl Api {
            /// The names of every entry point in the table.
            pub const NAMES: &'static [&'static str] = &[$($sym),*];

            /// Resolves every entry point, or lists the missing ones.
            pub fn resolve(lib: &Library) -> Result<Api, Vec<&'static str>> {
                let mut missing = Vec::new();
                $(
                    // SAFETY: the signature is the driver header's.
                    let $field = unsafe {
                        symbol::<unsafe extern "C" fn($($arg),*) -> u32>(lib, $sym)
                    };
                    if $field.is_none() {
                        missing.push($sym);
                    }
                )*
                Ok(Api {
                    $(
                        $field: match $field {
                            Some(f) => f,
                            None => return Err(missing),
                        },
                    )*
                })
            }
        }
    };
}

entry_points! {
    driver_get_version = "cuDriverGetVersion": fn(*mut c_int);
    device_get_count = "cuDeviceGetCount": fn(*mut c_int);
    device_get = "cuDeviceGet": fn(*mut CUdevice, c_int);
    device_get_name = "cuDeviceGetName": fn(*mut c_char, c_int, CUdevice);
    device_get_attribute = "cuDeviceGetAttribute": fn(*mut c_int, CUdevice_attribute, CUdevice);
    device_total_mem = "cuDeviceTotalMem_v2": fn(*mut usize, CUdevice);
    primary_ctx_retain = "cuDevicePrimaryCtxRetain": fn(*mut CUcontext, CUdevice);
    primary_ctx_release = "cuDevicePrimaryCtxRelease_v2": fn(CUdevice);
    ctx_push_current = "cuCtxPushCurrent_v2": fn(CUcontext);
    ctx_pop_current = "cuCtxPopCurrent_v2": fn(*mut CUcontext);
    ctx_set_current = "cuCtxSetCurrent": fn(CUcontext);
    ctx_synchronize = "cuCtxSynchronize": fn();
    mem_alloc = "cuMemAlloc_v2": fn(*mut CUdeviceptr, usize);
    mem_free = "cuMemFree_v2": fn(CUdeviceptr);
    memcpy_htod = "cuMemcpyHtoD_v2": fn(CUdeviceptr, *const c_void, usize);
    memcpy_dtoh = "cuMemcpyDtoH_v2": fn(*mut c_void, CUdeviceptr, usize);
    memcpy_htod_async = "cuMemcpyHtoDAsync_v2": fn(CUdeviceptr, *const c_void, usize, CUstream);
    memcpy_dtoh_async = "cuMemcpyDtoHAsync_v2": fn(*mut c_void, CUdeviceptr, usize, CUstream);
    memcpy_dtod = "cuMemcpyDtoD_v2": fn(CUdeviceptr, CUdeviceptr, usize);
    memset_d8 = "cuMemsetD8_v2": fn(CUdeviceptr, u8, usize);
    mem_get_info = "cuMemGetInfo_v2": fn(*mut usize, *mut usize);
    mem_host_alloc = "cuMemHostAlloc": fn(*mut *mut c_void, usize, c_uint);
    mem_free_host = "cuMemFreeHost": fn(*mut c_void);
    mem_host_get_device_pointer = "cuMemHostGetDevicePointer_v2":
        fn(*mut CUdeviceptr, *mut c_void, c_uint);
    mem_alloc_managed = "cuMemAllocManaged": fn(*mut CUdeviceptr, usize, c_uint);
    module_load_data_ex = "cuModuleLoadDataEx":
        fn(*mut CUmodule, *const c_void, c_uint, *mut CUjit_option, *mut *mut c_void);
    module_unload = "cuModuleUnload": fn(CUmodule);
    link_create = "cuLinkCreate_v2":
        fn(c_uint, *mut CUjit_option, *mut *mut c_void, *mut CUlinkState);
    link_add_data = "cuLinkAddData_v2": fn(
        CUlinkState, CUjitInputType, *mut c_void, usize, *const c_char,
        c_uint, *mut CUjit_option, *mut *mut c_void
    );
    link_complete = "cuLinkComplete": fn(CUlinkState, *mut *mut c_void, *mut usize);
    link_destroy = "cuLinkDestroy": fn(CUlinkState);
    module_get_function = "cuModuleGetFunction": fn(*mut CUfunction, CUmodule, *const c_char);
    module_get_global = "cuModuleGetGlobal_v2":
        fn(*mut CUdeviceptr, *mut usize, CUmodule, *const c_char);
    func_get_attribute = "cuFuncGetAttribute": fn(*mut c_int, CUfunction_attribute, CUfunction);
    func_set_attribute = "cuFuncSetAttribute": fn(CUfunction, CUfunction_attribute, c_int);
    launch_kernel = "cuLaunchKernel": fn(
        CUfunction, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint,
        CUstream, *mut *mut c_void, *mut *mut c_void
    );
    launch_cooperative_kernel = "cuLaunchCooperativeKernel": fn(
        CUfunction, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint,
        CUstream, *mut *mut c_void
    );
    occupancy_max_active_blocks = "cuOccupancyMaxActiveBlocksPerMultiprocessor":
        fn(*mut c_int, CUfunction, c_int, usize);
    stream_create = "cuStreamCreate": fn(*mut CUstream, c_uint);
    stream_synchronize = "cuStreamSynchronize": fn(CUstream);
    stream_destroy = "cuStreamDestroy_v2": fn(CUstream);
    event_create = "cuEventCreate": fn(*mut CUevent, c_uint);
    event_record = "cuEventRecord": fn(CUevent, CUstream);
    event_synchronize = "cuEventSynchronize": fn(CUevent);
    event_query = "cuEventQuery": fn(CUevent);
    event_elapsed_time = "cuEventElapsedTime": fn(*mut f32, CUevent, CUevent);
    event_destroy = "cuEventDestroy_v2": fn(CUevent);
}

#[cfg(test)]
mod tests {
    use super::Api;

    #[test]
    fn table_uses_the_v2_names_the_header_maps_to() {
        for name in [
            "cuMemAlloc_v2",
            "cuMemFree_v2",
            "cuMemcpyHtoD_v2",
            "cuMemcpyDtoH_v2",
            "cuMemcpyHtoDAsync_v2",
            "cuMemcpyDtoD_v2",
            "cuMemsetD8_v2",
            "cuMemGetInfo_v2",
            "cuCtxPushCurrent_v2",
            "cuCtxPopCurrent_v2",
            "cuDevicePrimaryCtxRelease_v2",
            "cuDeviceTotalMem_v2",
            "cuModuleGetGlobal_v2",
            "cuStreamDestroy_v2",
            "cuEventDestroy_v2",
            "cuLinkCreate_v2",
            "cuLinkAddData_v2",
            "cuMemHostGetDevicePointer_v2",
        ] {
            assert!(Api::NAMES.contains(&name), "{name}");
        }
        assert!(!Api::NAMES.contains(&"cuMemAlloc"));
    }
}
