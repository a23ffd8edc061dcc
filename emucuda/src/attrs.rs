//! What the emulated device reports: its name, memory, driver version,
//! device attributes (a compute capability 8.0 device, with the CPU
//! device's limits where they are lower than an A100's) and function
//! attributes.

use crate::state::TOTAL_MEMORY;
use crate::status::{self, Failure, Outcome};
use cudarc::driver::sys::{CUdevice_attribute as A, CUfunction_attribute as F};
use kernelc_runtime::cpu::device::{MAX_SHARED_BYTES, MAX_THREADS_PER_BLOCK};
use kernelc_runtime::cpu::KernelResources;
use std::ffi::CStr;

/// `cuDriverGetVersion`: CUDA 12.0, the header the attribute tables follow.
pub const DRIVER_VERSION: i32 = 12000;

/// `cuDeviceGetName`.
pub const DEVICE_NAME: &CStr = c"kernelc emulated GPU (CPU device)";

/// `cuDeviceTotalMem`.
pub const DEVICE_MEMORY: u64 = TOTAL_MEMORY;

/// Attributes with a nonzero value; every other attribute of the CUDA 12.0
/// header (textures, surfaces, managed memory, interop, ...) is 0: the
/// feature is absent.
fn nonzero_attributes() -> Vec<(A, i32)> {
    let shared = MAX_SHARED_BYTES as i32;
    vec![
        (
            A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
            MAX_THREADS_PER_BLOCK as i32,
        ),
        (A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, 1024),
        (A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, 1024),
        (A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, 64),
        (A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, i32::MAX),
        (A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, 65535),
        (A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, 65535),
        (A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, shared),
        (A::CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY, 65536),
        (A::CU_DEVICE_ATTRIBUTE_WARP_SIZE, 32),
        (A::CU_DEVICE_ATTRIBUTE_MAX_PITCH, i32::MAX),
        (A::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, 65536),
        (A::CU_DEVICE_ATTRIBUTE_CLOCK_RATE, 1_410_000),
        (A::CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT, 512),
        (A::CU_DEVICE_ATTRIBUTE_GPU_OVERLAP, 1),
        (A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, MULTIPROCESSORS),
        (A::CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY, 0),
        (A::CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, 1),
        (A::CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT, 512),
        (A::CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS, 1),
        (A::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, 1_215_000),
        (A::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, 5120),
        (A::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, 40 << 20),
        (A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, 2048),
        (A::CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT, 1),
        (A::CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, 1),
        (A::CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT, 32),
        (A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 8),
        (A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0),
        (A::CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED, 0),
        (A::CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED, 1),
        (A::CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED, 1),
        (
            A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
            167_936,
        ),
        (
            A::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR,
            65536,
        ),
        (A::CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID, 0),
        (
            A::CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO,
            2,
        ),
        (
            A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
            shared,
        ),
        (A::CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR, 32),
        (
            A::CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE,
            30 << 20,
        ),
        (
            A::CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE,
            134_213_632,
        ),
        (
            A::CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK,
            1024,
        ),
        (A::CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, 0),
        (A::CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, 0),
        (A::CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID, 0),
        (A::CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, 0),
    ]
}

/// `cuDeviceGetAttribute`: the value of `attribute`, or
/// `CUDA_ERROR_INVALID_VALUE` outside the CUDA 12.0 header's list.
pub fn device_attribute(attribute: i32) -> Outcome<i32> {
    if attribute < 1 || attribute >= A::CU_DEVICE_ATTRIBUTE_MAX as i32 {
        return Err(Failure::new(
            status::INVALID_VALUE,
            format!("device attribute {attribute} is not in the CUDA 12.0 header"),
        ));
    }
    Ok(nonzero_attributes()
        .iter()
        .find(|(a, _)| *a as i32 == attribute)
        .map_or(0, |&(_, v)| v))
}

/// The device's multiprocessors (`CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT`).
pub const MULTIPROCESSORS: i32 = 108;

/// `cuOccupancyMaxActiveBlocksPerMultiprocessor`: how many blocks of
/// `block_threads` threads with `dynamic_shared` bytes of dynamic shared
/// memory fit on one multiprocessor of the device this driver describes
/// (2,048 threads, 32 blocks and 164 KiB of shared memory, 1 KiB of it
/// reserved per block). Registers do not limit it: the kernel's register
/// count here is the simulator's, not a hardware allocation.
pub fn max_active_blocks(
    resources: KernelResources,
    block_threads: i32,
    dynamic_shared: usize,
) -> Outcome<i32> {
    if block_threads < 1 || block_threads as u32 > MAX_THREADS_PER_BLOCK {
        return Err(Failure::new(
            status::INVALID_VALUE,
            format!("block size {block_threads}: it must be 1..={MAX_THREADS_PER_BLOCK}"),
        ));
    }
    if block_threads as u32 > resources.max_threads_per_block {
        return Ok(0); // beyond the kernel's launch bounds: none run
    }
    let warps = (block_threads + 31) / 32;
    let by_threads = 2048 / (warps * 32);
    let shared = resources.shared_bytes + dynamic_shared;
    if shared > MAX_SHARED_BYTES {
        return Ok(0);
    }
    let by_shared = if shared == 0 {
        i32::MAX
    } else {
        i32::try_from(167_936 / (shared + 1024)).unwrap_or(i32::MAX)
    };
    Ok(by_threads.min(32).min(by_shared))
}

/// `cuFuncGetAttribute` for a kernel with `resources` from PTX of
/// `ptx_version` (`major*10+minor`). Register counts are the CPU device's
/// register slots (capped at 255), not a hardware allocation.
pub fn function_attribute(
    attribute: i32,
    resources: KernelResources,
    ptx_version: i32,
    carveout: i32,
) -> Outcome<i32> {
    let int = |v: usize| i32::try_from(v).unwrap_or(i32::MAX);
    let known = [
        (
            F::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
            resources.max_threads_per_block as i32,
        ),
        (
            F::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
            int(resources.shared_bytes),
        ),
        (
            F::CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES,
            int(resources.const_bytes),
        ),
        (
            F::CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
            int(resources.local_bytes),
        ),
        (
            F::CU_FUNC_ATTRIBUTE_NUM_REGS,
            resources.register_slots.min(255) as i32,
        ),
        (F::CU_FUNC_ATTRIBUTE_PTX_VERSION, ptx_version),
        (F::CU_FUNC_ATTRIBUTE_BINARY_VERSION, 80),
        (F::CU_FUNC_ATTRIBUTE_CACHE_MODE_CA, 0),
        (
            F::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            int(MAX_SHARED_BYTES.saturating_sub(resources.shared_bytes.next_multiple_of(16))),
        ),
        (
            F::CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
            carveout,
        ),
    ];
    if let Some(&(_, v)) = known.iter().find(|(a, _)| *a as i32 == attribute) {
        return Ok(v);
    }
    if attribute >= 0 && attribute < F::CU_FUNC_ATTRIBUTE_MAX as i32 {
        return Err(Failure::new(
            status::NOT_SUPPORTED,
            format!("function attribute {attribute} (cluster launches) is not supported"),
        ));
    }
    Err(Failure::new(
        status::INVALID_VALUE,
        format!("function attribute {attribute} is not in the CUDA 12.0 header"),
    ))
}

/// The emulated device's UUID (`cuDeviceGetUuid`): fixed, so tools that
/// name a device by it see the same one in every process.
pub const DEVICE_UUID: [u8; 16] = *b"kernelc-emucuda0";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_compute_capability_8_0_device() {
        let a = |x: A| device_attribute(x as i32).unwrap();
        assert_eq!(a(A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR), 8);
        assert_eq!(a(A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR), 0);
        assert_eq!(a(A::CU_DEVICE_ATTRIBUTE_WARP_SIZE), 32);
        assert_eq!(a(A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK), 1024);
        assert_eq!(
            a(A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK),
            48 * 1024
        );
        assert_eq!(a(A::CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY), 0);
        assert_eq!(device_attribute(0).unwrap_err().code, status::INVALID_VALUE);
        assert_eq!(
            device_attribute(9999).unwrap_err().code,
            status::INVALID_VALUE
        );
    }

    #[test]
    fn function_attributes() {
        let r = KernelResources {
            shared_bytes: 1000,
            local_bytes: 16,
            register_slots: 400,
            max_threads_per_block: 256,
            const_bytes: 64,
        };
        let f = |x: F| function_attribute(x as i32, r, 80, -1);
        assert_eq!(f(F::CU_FUNC_ATTRIBUTE_NUM_REGS), Ok(255));
        assert_eq!(f(F::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK), Ok(256));
        assert_eq!(f(F::CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES), Ok(64));
        let bounded = KernelResources {
            max_threads_per_block: 128,
            ..r
        };
        assert_eq!(max_active_blocks(bounded, 256, 0), Ok(0));
        assert_eq!(max_active_blocks(bounded, 128, 0), Ok(16));
        assert_eq!(f(F::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES), Ok(1000));
        assert_eq!(f(F::CU_FUNC_ATTRIBUTE_PTX_VERSION), Ok(80));
        assert_eq!(
            f(F::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES),
            Ok(48 * 1024 - 1008)
        );
        assert_eq!(
            function_attribute(-1, r, 80, -1).unwrap_err().code,
            status::INVALID_VALUE
        );
    }

    #[test]
    fn occupancy_is_limited_by_threads_blocks_and_shared_memory() {
        let res = |shared_bytes| KernelResources {
            shared_bytes,
            local_bytes: 0,
            register_slots: 40,
            max_threads_per_block: MAX_THREADS_PER_BLOCK,
            const_bytes: 0,
        };
        assert_eq!(max_active_blocks(res(0), 256, 0), Ok(8));
        assert_eq!(max_active_blocks(res(0), 1024, 0), Ok(2));
        assert_eq!(max_active_blocks(res(0), 32, 0), Ok(32));
        assert_eq!(max_active_blocks(res(0), 33, 0), Ok(32)); // two warps: 32 blocks
                                                              // 48 KiB + 1 KiB reserved per block: 3 fit in 164 KiB.
        assert_eq!(max_active_blocks(res(16 << 10), 64, 32 << 10), Ok(3));
        assert_eq!(max_active_blocks(res(0), 64, MAX_SHARED_BYTES + 1), Ok(0));
        assert!(max_active_blocks(res(0), 0, 0).is_err());
        assert!(max_active_blocks(res(0), 1025, 0).is_err());
    }
}
