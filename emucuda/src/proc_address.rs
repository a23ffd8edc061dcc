//! `cuGetProcAddress`: an entry point by its base name and the CUDA version
//! the caller was written for, as the real driver answers it. Clients such
//! as `cuda-bindings` resolve every entry point this way rather than by
//! `dlsym`, asking for each variant of a call (`cuCtxCreate` at 3020 for
//! `cuCtxCreate_v2`, at 11040 for `_v3`, ...) with the version that
//! introduced it.
//!
//! The table lists, per exported variant, the base name, the first CUDA
//! version that variant answers and the version a newer variant (which
//! this library does not export) takes over from. A request outside those
//! bounds, or for a call not exported, finds nothing: the caller gets NULL
//! and `CUDA_ERROR_NOT_FOUND`, never a function of another signature.

use crate::exports::*;
use std::ffi::c_void;

/// One exported variant: base name, symbol address, first version it
/// answers, first version it no longer answers.
struct Variant {
    base: &'static str,
    address: *const c_void,
    since: i32,
    until: i32,
}

/// Every exported variant (a function, so the addresses need no `static`
/// of raw pointers).
fn variants() -> [Variant; 81] {
    macro_rules! v {
        ($base:literal, $f:ident, $since:literal) => {
            v!($base, $f, $since, i32::MAX)
        };
        ($base:literal, $f:ident, $since:literal, $until:expr) => {
            Variant {
                base: $base,
                address: $f as *const c_void,
                since: $since,
                until: $until,
            }
        };
    }
    [
        v!("cuInit", cuInit, 2000),
        v!("cuDriverGetVersion", cuDriverGetVersion, 2020),
        v!("cuGetErrorName", cuGetErrorName, 6000),
        v!("cuGetErrorString", cuGetErrorString, 6000),
        v!("cuGetExportTable", cuGetExportTable, 3000),
        v!("cuDeviceGetCount", cuDeviceGetCount, 2000),
        v!("cuDeviceGet", cuDeviceGet, 2000),
        v!("cuDeviceGetName", cuDeviceGetName, 2000),
        v!("cuDeviceGetAttribute", cuDeviceGetAttribute, 2000),
        v!("cuDeviceGetUuid", cuDeviceGetUuid, 9020, 11040),
        v!("cuDeviceGetUuid", cuDeviceGetUuid_v2, 11040),
        v!("cuDeviceTotalMem", cuDeviceTotalMem_v2, 3020),
        v!("cuDeviceComputeCapability", cuDeviceComputeCapability, 2000),
        v!("cuDevicePrimaryCtxRetain", cuDevicePrimaryCtxRetain, 7000),
        v!(
            "cuDevicePrimaryCtxRelease",
            cuDevicePrimaryCtxRelease_v2,
            11000
        ),
        v!("cuDevicePrimaryCtxReset", cuDevicePrimaryCtxReset_v2, 11000),
        v!(
            "cuDevicePrimaryCtxGetState",
            cuDevicePrimaryCtxGetState,
            7000
        ),
        v!("cuCtxCreate", cuCtxCreate_v2, 3020, 11040),
        v!("cuCtxDestroy", cuCtxDestroy_v2, 4000),
        v!("cuCtxPushCurrent", cuCtxPushCurrent_v2, 4000),
        v!("cuCtxPopCurrent", cuCtxPopCurrent_v2, 4000),
        v!("cuCtxSetCurrent", cuCtxSetCurrent, 4000),
        v!("cuCtxGetCurrent", cuCtxGetCurrent, 4000),
        v!("cuCtxGetDevice", cuCtxGetDevice, 2000),
        v!("cuCtxSynchronize", cuCtxSynchronize, 2000),
        v!("cuMemAlloc", cuMemAlloc_v2, 3020),
        v!("cuMemFree", cuMemFree_v2, 3020),
        v!("cuMemGetInfo", cuMemGetInfo_v2, 3020),
        v!("cuMemcpyHtoD", cuMemcpyHtoD_v2, 3020),
        v!("cuMemcpyDtoH", cuMemcpyDtoH_v2, 3020),
        v!("cuMemcpyDtoD", cuMemcpyDtoD_v2, 3020),
        v!("cuMemcpyHtoDAsync", cuMemcpyHtoDAsync_v2, 3020),
        v!("cuMemcpyDtoHAsync", cuMemcpyDtoHAsync_v2, 3020),
        v!("cuMemcpyDtoDAsync", cuMemcpyDtoDAsync_v2, 3020),
        v!("cuMemsetD8", cuMemsetD8_v2, 3020),
        v!("cuMemsetD16", cuMemsetD16_v2, 3020),
        v!("cuMemsetD32", cuMemsetD32_v2, 3020),
        v!("cuMemsetD8Async", cuMemsetD8Async, 3020),
        v!("cuMemsetD32Async", cuMemsetD32Async, 3020),
        v!("cuMemHostAlloc", cuMemHostAlloc, 2020),
        v!(
            "cuMemHostGetDevicePointer",
            cuMemHostGetDevicePointer_v2,
            3020
        ),
        v!("cuMemAllocManaged", cuMemAllocManaged, 6000),
        v!("cuMemAllocHost", cuMemAllocHost_v2, 3020),
        v!("cuMemFreeHost", cuMemFreeHost, 2000),
        v!("cuMemHostRegister", cuMemHostRegister_v2, 6050),
        v!("cuMemHostUnregister", cuMemHostUnregister, 4000),
        v!("cuModuleLoadData", cuModuleLoadData, 2000),
        v!("cuModuleLoadDataEx", cuModuleLoadDataEx, 2010),
        v!("cuModuleUnload", cuModuleUnload, 2000),
        v!("cuLibraryLoadData", cuLibraryLoadData, 12000),
        v!("cuLibraryUnload", cuLibraryUnload, 12000),
        v!("cuLibraryGetKernel", cuLibraryGetKernel, 12000),
        v!("cuLibraryGetModule", cuLibraryGetModule, 12000),
        v!("cuLibraryGetGlobal", cuLibraryGetGlobal, 12000),
        v!("cuKernelGetFunction", cuKernelGetFunction, 12000),
        v!("cuKernelGetAttribute", cuKernelGetAttribute, 12000),
        v!("cuLinkCreate", cuLinkCreate_v2, 6050),
        v!("cuLinkAddData", cuLinkAddData_v2, 6050),
        v!("cuLinkComplete", cuLinkComplete, 5050),
        v!("cuLinkDestroy", cuLinkDestroy, 5050),
        v!("cuModuleGetFunction", cuModuleGetFunction, 2000),
        v!("cuModuleGetGlobal", cuModuleGetGlobal_v2, 3020),
        v!("cuFuncGetAttribute", cuFuncGetAttribute, 2020),
        v!("cuFuncSetAttribute", cuFuncSetAttribute, 9000),
        v!("cuLaunchKernel", cuLaunchKernel, 4000),
        v!("cuLaunchKernelEx", cuLaunchKernelEx, 11060),
        v!("cuLaunchCooperativeKernel", cuLaunchCooperativeKernel, 9000),
        v!(
            "cuOccupancyMaxActiveBlocksPerMultiprocessor",
            cuOccupancyMaxActiveBlocksPerMultiprocessor,
            6050
        ),
        v!(
            "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
            cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags,
            7000
        ),
        v!("cuStreamWaitEvent", cuStreamWaitEvent, 3020),
        v!("cuStreamCreate", cuStreamCreate, 2000),
        v!("cuStreamSynchronize", cuStreamSynchronize, 2000),
        v!("cuStreamQuery", cuStreamQuery, 2000),
        v!("cuStreamDestroy", cuStreamDestroy_v2, 4000),
        v!("cuEventCreate", cuEventCreate, 2000),
        v!("cuEventRecord", cuEventRecord, 2000),
        v!("cuEventQuery", cuEventQuery, 2000),
        v!("cuEventSynchronize", cuEventSynchronize, 2000),
        v!("cuEventElapsedTime", cuEventElapsedTime, 2000),
        v!("cuEventDestroy", cuEventDestroy_v2, 4000),
        v!("cuGetProcAddress", cuGetProcAddress_v2, 12000),
    ]
}

/// The address of base name `name`'s variant for `version`, if exported.
pub(crate) fn lookup(name: &[u8], version: i32) -> Option<*const c_void> {
    (variants().into_iter())
        .find(|v| v.base.as_bytes() == name && v.since <= version && version < v.until)
        .map(|v| v.address)
}

/// True when some variant of `name` is exported (for the status a failed
/// lookup reports: an old version asked for, or no such call).
pub(crate) fn knows(name: &[u8]) -> bool {
    variants().iter().any(|v| v.base.as_bytes() == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_exported_variant_is_in_the_table_once() {
        let table = variants();
        // Every export is a variant of the table.
        assert_eq!(table.len(), crate::EXPORTED.len());
        for v in &table {
            let n = table
                .iter()
                .filter(|w| w.base == v.base && w.since == v.since)
                .count();
            assert_eq!(n, 1, "{} twice", v.base);
        }
    }

    #[test]
    fn variants_answer_only_their_versions() {
        assert!(lookup(b"cuMemAlloc", 3020).is_some());
        assert!(lookup(b"cuMemAlloc", 12080).is_some());
        // cuMemAlloc before 3.2 took 32-bit sizes: not this library's.
        assert!(lookup(b"cuMemAlloc", 2000).is_none());
        // cuCtxCreate_v3 (11.4) has another signature.
        assert!(lookup(b"cuCtxCreate", 3020).is_some());
        assert!(lookup(b"cuCtxCreate", 11040).is_none());
        assert!(lookup(b"cuTexRefCreate", 12000).is_none());
        assert!(knows(b"cuCtxCreate") && !knows(b"cuTexRefCreate"));
    }
}
