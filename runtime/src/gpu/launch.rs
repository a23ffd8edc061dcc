//! Kernel launches: the launch shape, the checks made before the driver is
//! called, and the `void**` parameter array `cuLaunchKernel` reads, built
//! from one byte vector per `.param`.

use crate::gpu::context::Context;
use crate::gpu::error::GpuError;
use crate::gpu::module::Kernel;
use cudarc::driver::sys::CUstream;
use std::ffi::c_void;
use std::time::Duration;

/// A launch's shape (the same as the CPU device's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchConfig {
    /// Blocks in the grid, x/y/z.
    pub grid: [u32; 3],
    /// Threads in a block, x/y/z.
    pub block: [u32; 3],
    /// Dynamic shared memory per block, in bytes.
    pub shared_bytes: u32,
}

/// What one synchronous launch cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LaunchStats {
    /// Host time from the launch call to the kernel's completion.
    pub host_time: Duration,
    /// Device time of the kernel alone, measured with events.
    pub kernel_time: Duration,
}

/// Parameters passed inline up to this count; more use the heap.
const INLINE_PARAMS: usize = 32;

/// Refuses a launch the driver would reject or, worse, accept with
/// garbage arguments: an empty grid or block, or parameters whose count or
/// sizes differ from the kernel's `.param` list.
pub(crate) fn check(
    kernel: &Kernel,
    config: &LaunchConfig,
    params: &[&[u8]],
) -> Result<(), GpuError> {
    if config.grid.contains(&0) || config.block.contains(&0) {
        return Err(GpuError::InvalidArgument(format!(
            "launch of '{}' with grid {:?} and block {:?}: every dimension must be at least 1",
            kernel.name, config.grid, config.block
        )));
    }
    if params.len() != kernel.param_sizes.len() {
        return Err(GpuError::InvalidArgument(format!(
            "kernel '{}' takes {} parameters, {} given",
            kernel.name,
            kernel.param_sizes.len(),
            params.len()
        )));
    }
    for (i, (p, &size)) in params.iter().zip(&kernel.param_sizes).enumerate() {
        if p.len() != size {
            return Err(GpuError::InvalidArgument(format!(
                "parameter {i} of kernel '{}' is {size} bytes, {} given",
                kernel.name,
                p.len()
            )));
        }
    }
    Ok(())
}

/// How many blocks of `block_threads` threads and `dynamic_shared` bytes of
/// dynamic shared memory can be resident on the device at once, for a
/// cooperative launch of `kernel`: the driver's occupancy per
/// multiprocessor (`cuOccupancyMaxActiveBlocksPerMultiprocessor`) times
/// the multiprocessors, as numba-cuda's `max_cooperative_grid_blocks`
/// computes it.
pub(crate) fn max_cooperative_blocks(
    ctx: &Context,
    kernel: &Kernel,
    sm_count: u32,
    block_threads: u32,
    dynamic_shared: u32,
) -> Result<u64, GpuError> {
    let threads = std::ffi::c_int::try_from(block_threads).map_err(|_| {
        GpuError::InvalidArgument(format!("a block of {block_threads} threads is too large"))
    })?;
    let mut per_sm: std::ffi::c_int = 0;
    let _current = ctx.enter()?;
    // SAFETY: a live function of this context; the out-pointer is a local.
    ctx.check("cuOccupancyMaxActiveBlocksPerMultiprocessor", unsafe {
        (ctx.driver().api().occupancy_max_active_blocks)(
            &mut per_sm,
            kernel.function,
            threads,
            dynamic_shared as usize,
        )
    })?;
    Ok(u64::try_from(per_sm).unwrap_or(0) * u64::from(sm_count))
}

/// Queues `kernel` on `stream` (null: the default stream) after
/// [`check`]ing the launch. The driver copies the parameter bytes before
/// returning, so `params` need only live for the call. A cooperative
/// launch (`cooperative` holds the device's multiprocessor count) goes
/// through `cuLaunchCooperativeKernel` after its grid is checked against
/// what fits on the device at once.
pub(crate) fn enqueue(
    ctx: &Context,
    kernel: &Kernel,
    config: &LaunchConfig,
    params: &[&[u8]],
    stream: CUstream,
    cooperative: Option<u32>,
) -> Result<(), GpuError> {
    check(kernel, config, params)?;
    if let Some(sm_count) = cooperative {
        let threads = config.block.iter().map(|&b| u64::from(b)).product::<u64>();
        let blocks = config.grid.iter().map(|&g| u64::from(g)).product::<u64>();
        let most = max_cooperative_blocks(
            ctx,
            kernel,
            sm_count,
            u32::try_from(threads).unwrap_or(u32::MAX),
            config.shared_bytes,
        )?;
        if blocks > most {
            return Err(GpuError::InvalidArgument(format!(
                "cooperative launch of '{}': a grid of {blocks} blocks, but at most {most} blocks \
                 of {threads} threads with {} bytes of dynamic shared memory fit on the device \
                 at once ({sm_count} multiprocessors); launch at most \
                 max_cooperative_grid_blocks blocks",
                kernel.name, config.shared_bytes
            )));
        }
    }
    let mut inline = [std::ptr::null_mut::<c_void>(); INLINE_PARAMS];
    let mut heap = Vec::new();
    let slots: &mut [*mut c_void] = if params.len() <= INLINE_PARAMS {
        &mut inline[..params.len()]
    } else {
        heap.resize(params.len(), std::ptr::null_mut());
        &mut heap
    };
    for (slot, p) in slots.iter_mut().zip(params) {
        // The driver only reads through these pointers.
        *slot = p.as_ptr().cast_mut().cast();
    }
    let [gx, gy, gz] = config.grid;
    let [bx, by, bz] = config.block;
    let _current = ctx.enter()?;
    let driver = ctx.driver();
    if cooperative.is_some() {
        // SAFETY: as for cuLaunchKernel below (which takes no `extra`).
        return ctx.check("cuLaunchCooperativeKernel", unsafe {
            (driver.api().launch_cooperative_kernel)(
                kernel.function,
                gx,
                gy,
                gz,
                bx,
                by,
                bz,
                config.shared_bytes,
                stream,
                slots.as_mut_ptr(),
            )
        });
    }
    // SAFETY: a live function of this context; one pointer per `.param`,
    // each to exactly the parameter's size in bytes (checked above); no
    // `extra` array.
    ctx.check("cuLaunchKernel", unsafe {
        (driver.api().launch_kernel)(
            kernel.function,
            gx,
            gy,
            gz,
            bx,
            by,
            bz,
            config.shared_bytes,
            stream,
            slots.as_mut_ptr(),
            std::ptr::null_mut(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kernel(sizes: &[usize]) -> Kernel {
        Kernel {
            name: "k".into(),
            function: std::ptr::null_mut(),
            param_sizes: sizes.to_vec(),
        }
    }

    const ONE: LaunchConfig = LaunchConfig {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        shared_bytes: 0,
    };

    #[test]
    fn accepts_matching_parameters() {
        assert!(check(&kernel(&[8, 4]), &ONE, &[&[0; 8], &[0; 4]]).is_ok());
    }

    #[test]
    fn refuses_empty_dimensions() {
        let config = LaunchConfig {
            grid: [0, 1, 1],
            ..ONE
        };
        let err = check(&kernel(&[]), &config, &[]).unwrap_err();
        assert!(err.to_string().contains("at least 1"), "{err}");
    }

    #[test]
    fn refuses_wrong_parameter_count_and_size() {
        let err = check(&kernel(&[8]), &ONE, &[]).unwrap_err();
        assert_eq!(err.to_string(), "kernel 'k' takes 1 parameters, 0 given");
        let err = check(&kernel(&[8]), &ONE, &[&[0; 4]]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "parameter 0 of kernel 'k' is 8 bytes, 4 given"
        );
    }
}
