//! One GPU as a kernelc device: memory, modules and launches, with the
//! same methods as the CPU device so that a device enum can wrap both.

use crate::gpu::context::{Context, CurrentGuard};
use crate::gpu::driver::Driver;
use crate::gpu::error::GpuError;
use crate::gpu::launch::{self, LaunchConfig, LaunchStats};
use crate::gpu::memory::{DevicePtr, PinnedBuffer};
use crate::gpu::module::GpuModule;
use crate::gpu::module_cache::ModuleCache;
use crate::gpu::props::DeviceProps;
use crate::gpu::stream::{Event, Stream};
use cudarc::driver::sys::{CUdeviceptr, CUstream};
use kernelc_abi::Target;
use std::sync::Arc;
use std::time::Instant;

/// An open GPU: its primary context, properties and module cache.
pub struct GpuDevice {
    ctx: Arc<Context>,
    props: DeviceProps,
    target: Target,
    modules: ModuleCache,
}

impl GpuDevice {
    /// Opens GPU `ordinal` with the driver the environment asks for.
    pub fn open(ordinal: usize) -> Result<GpuDevice, GpuError> {
        GpuDevice::with_driver(Driver::load()?, ordinal)
    }

    /// Opens GPU `ordinal` of an already loaded driver.
    pub fn with_driver(driver: Arc<Driver>, ordinal: usize) -> Result<GpuDevice, GpuError> {
        let props = DeviceProps::query(&driver, ordinal)?;
        let target = props.ptx_target()?;
        let ctx = Context::retain(driver, ordinal)?;
        Ok(GpuDevice {
            ctx,
            props,
            target,
            modules: ModuleCache::default(),
        })
    }

    /// The device's properties.
    pub fn props(&self) -> &DeviceProps {
        &self.props
    }

    /// The driver it runs under.
    pub fn driver(&self) -> &Arc<Driver> {
        self.ctx.driver()
    }

    /// A name for messages: `GPU 0 (NVIDIA H100 80GB HBM3)`.
    pub fn name(&self) -> String {
        format!("GPU {} ({})", self.props.ordinal, self.props.name)
    }

    /// The PTX target to compile for (see [`crate::gpu::target`]).
    pub fn ptx_target(&self) -> Target {
        self.target
    }

    /// Allocates `bytes` of zeroed device memory (`DevicePtr::NULL` for
    /// zero bytes).
    pub fn alloc(&self, bytes: usize) -> Result<DevicePtr, GpuError> {
        if bytes == 0 {
            return Ok(DevicePtr::NULL);
        }
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        let mut ptr: CUdeviceptr = 0;
        // SAFETY: out-pointer to a live value; a context is current.
        self.ctx.check("cuMemAlloc_v2", unsafe {
            (driver.api().mem_alloc)(&mut ptr, bytes)
        })?;
        // SAFETY: `bytes` bytes were just allocated at `ptr`.
        let zeroed = self.ctx.check("cuMemsetD8_v2", unsafe {
            (driver.api().memset_d8)(ptr, 0, bytes)
        });
        if let Err(e) = zeroed {
            // SAFETY: freeing the allocation just made.
            let _ = unsafe { (driver.api().mem_free)(ptr) };
            return Err(e);
        }
        Ok(DevicePtr(ptr))
    }

    /// Frees an allocation (`DevicePtr::NULL` is ignored).
    pub fn free(&self, ptr: DevicePtr) -> Result<(), GpuError> {
        if ptr == DevicePtr::NULL {
            return Ok(());
        }
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        // SAFETY: the driver validates the address.
        self.ctx
            .check("cuMemFree_v2", unsafe { (driver.api().mem_free)(ptr.0) })
    }

    /// Sets `bytes` bytes at `dst` to `value`.
    pub fn memset(&self, dst: DevicePtr, value: u8, bytes: usize) -> Result<(), GpuError> {
        if bytes == 0 {
            return Ok(());
        }
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        // SAFETY: the driver validates the range.
        self.ctx.check("cuMemsetD8_v2", unsafe {
            (driver.api().memset_d8)(dst.0, value, bytes)
        })
    }

    /// Copies host bytes to device memory at `dst`.
    pub fn copy_to_device(&self, dst: DevicePtr, src: &[u8]) -> Result<(), GpuError> {
        if src.is_empty() {
            return Ok(());
        }
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        // SAFETY: `src` is readable for its length; the driver validates
        // the device range.
        self.ctx.check("cuMemcpyHtoD_v2", unsafe {
            (driver.api().memcpy_htod)(dst.0, src.as_ptr().cast(), src.len())
        })
    }

    /// Copies device memory at `src` to host bytes.
    pub fn copy_from_device(&self, dst: &mut [u8], src: DevicePtr) -> Result<(), GpuError> {
        if dst.is_empty() {
            return Ok(());
        }
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        // SAFETY: `dst` is writable for its length; the driver validates
        // the device range.
        self.ctx.check("cuMemcpyDtoH_v2", unsafe {
            (driver.api().memcpy_dtoh)(dst.as_mut_ptr().cast(), src.0, dst.len())
        })
    }

    /// Copies `bytes` bytes of device memory from `src` to `dst`
    /// (`cuMemcpyDtoD`; the ranges must not overlap).
    pub fn copy_device_to_device(
        &self,
        dst: DevicePtr,
        src: DevicePtr,
        bytes: usize,
    ) -> Result<(), GpuError> {
        if bytes == 0 {
            return Ok(());
        }
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        // SAFETY: plain values; the driver validates both device ranges.
        self.ctx.check("cuMemcpyDtoD_v2", unsafe {
            (driver.api().memcpy_dtod)(dst.0, src.0, bytes)
        })
    }

    /// The device's free and total memory in bytes (`cuMemGetInfo`).
    pub fn memory_info(&self) -> Result<(u64, u64), GpuError> {
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        let (mut free, mut total) = (0usize, 0usize);
        // SAFETY: out-pointers to live values; a context is current.
        self.ctx.check("cuMemGetInfo_v2", unsafe {
            (driver.api().mem_get_info)(&mut free, &mut total)
        })?;
        Ok((free as u64, total as u64))
    }

    /// Queues a copy of host bytes to `dst` on `stream`.
    ///
    /// # Safety
    /// `src` must stay alive and unchanged until the stream is
    /// synchronised (with pinned memory the copy runs after this returns).
    pub unsafe fn copy_to_device_async(
        &self,
        dst: DevicePtr,
        src: &[u8],
        stream: &Stream,
    ) -> Result<(), GpuError> {
        self.same_device(stream.context(), "stream")?;
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        // SAFETY: the caller keeps `src` alive until the stream is done.
        self.ctx.check("cuMemcpyHtoDAsync_v2", unsafe {
            (driver.api().memcpy_htod_async)(dst.0, src.as_ptr().cast(), src.len(), stream.raw())
        })
    }

    /// Queues a copy of device memory at `src` into host bytes on `stream`.
    ///
    /// # Safety
    /// `dst` must stay alive and untouched until the stream is
    /// synchronised.
    pub unsafe fn copy_from_device_async(
        &self,
        dst: &mut [u8],
        src: DevicePtr,
        stream: &Stream,
    ) -> Result<(), GpuError> {
        self.same_device(stream.context(), "stream")?;
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        // SAFETY: the caller keeps `dst` alive until the stream is done.
        self.ctx.check("cuMemcpyDtoHAsync_v2", unsafe {
            (driver.api().memcpy_dtoh_async)(
                dst.as_mut_ptr().cast(),
                src.0,
                dst.len(),
                stream.raw(),
            )
        })
    }

    /// Allocates `bytes` of zeroed pinned host memory.
    pub fn alloc_pinned(&self, bytes: usize) -> Result<PinnedBuffer, GpuError> {
        PinnedBuffer::new(Arc::clone(&self.ctx), bytes)
    }

    /// Allocates `bytes` (at least 1) of zeroed page-locked host memory
    /// mapped into the device's address space (`cuMemHostAlloc` with
    /// `DEVICEMAP | PORTABLE`, then `cuMemHostGetDevicePointer`): kernels
    /// reach it at the device address, the host at the host pointer. Free
    /// it with [`free_mapped`](Self::free_mapped).
    pub fn alloc_mapped(&self, bytes: usize) -> Result<(DevicePtr, *mut u8), GpuError> {
        use cudarc::driver::sys::{CU_MEMHOSTALLOC_DEVICEMAP, CU_MEMHOSTALLOC_PORTABLE};
        let bytes = bytes.max(1);
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        let mut host: *mut std::ffi::c_void = std::ptr::null_mut();
        let flags = CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE;
        // SAFETY: out-pointer to a live pointer; a context is current.
        self.ctx.check("cuMemHostAlloc", unsafe {
            (driver.api().mem_host_alloc)(&mut host, bytes, flags)
        })?;
        if host.is_null() {
            return Err(GpuError::InvalidArgument(
                "cuMemHostAlloc succeeded but returned a null pointer".into(),
            ));
        }
        // SAFETY: the driver returned `bytes` writable bytes.
        unsafe { std::ptr::write_bytes(host.cast::<u8>(), 0, bytes) };
        let mut dev: CUdeviceptr = 0;
        // SAFETY: out-pointer to a live value; `host` is a mapped allocation.
        let mapped = self.ctx.check("cuMemHostGetDevicePointer_v2", unsafe {
            (driver.api().mem_host_get_device_pointer)(&mut dev, host, 0)
        });
        if let Err(e) = mapped {
            // SAFETY: freeing the allocation just made.
            let _ = unsafe { (driver.api().mem_free_host)(host) };
            return Err(e);
        }
        Ok((DevicePtr(dev), host.cast()))
    }

    /// Frees memory from [`alloc_mapped`](Self::alloc_mapped), by its host
    /// pointer.
    pub fn free_mapped(&self, host: *mut u8) -> Result<(), GpuError> {
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        // SAFETY: the driver validates the pointer.
        self.ctx.check("cuMemFreeHost", unsafe {
            (driver.api().mem_free_host)(host.cast())
        })
    }

    /// Allocates `bytes` (at least 1) of zeroed managed memory
    /// (`cuMemAllocManaged`, attached globally): one address for the host
    /// and every device. Free it with [`free`](Self::free).
    pub fn alloc_managed(&self, bytes: usize) -> Result<DevicePtr, GpuError> {
        let bytes = bytes.max(1);
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        let mut ptr: CUdeviceptr = 0;
        let global = cudarc::driver::sys::CUmemAttach_flags::CU_MEM_ATTACH_GLOBAL as u32;
        // SAFETY: out-pointer to a live value; a context is current.
        self.ctx.check("cuMemAllocManaged", unsafe {
            (driver.api().mem_alloc_managed)(&mut ptr, bytes, global)
        })?;
        // SAFETY: `bytes` bytes were just allocated at `ptr`.
        let zeroed = self.ctx.check("cuMemsetD8_v2", unsafe {
            (driver.api().memset_d8)(ptr, 0, bytes)
        });
        if let Err(e) = zeroed {
            // SAFETY: freeing the allocation just made.
            let _ = unsafe { (driver.api().mem_free)(ptr) };
            return Err(e);
        }
        Ok(DevicePtr(ptr))
    }

    /// Loads a PTX module, or returns the one already loaded from the same
    /// text.
    pub fn load_module(&self, ptx: &str) -> Result<Arc<GpuModule>, GpuError> {
        // A cached module of a lost context is gone with it.
        self.ctx.usable()?;
        self.modules
            .get_or_load(ptx, || GpuModule::load(Arc::clone(&self.ctx), ptx))
    }

    /// Loads the PTX modules `inputs` linked by the driver's linker into
    /// one (see [`GpuModule`]), or returns the one already loaded from
    /// the same inputs. One input is [`load_module`](Self::load_module).
    pub fn load_module_linked(&self, inputs: &[&str]) -> Result<Arc<GpuModule>, GpuError> {
        if let [one] = inputs {
            return self.load_module(one);
        }
        self.ctx.usable()?;
        let key = crate::gpu::module::cache_key(inputs);
        self.modules.get_or_load(&key, || {
            GpuModule::load_linked(Arc::clone(&self.ctx), inputs)
        })
    }

    /// How many modules the cache holds.
    pub fn cached_modules(&self) -> usize {
        self.modules.len()
    }

    /// Launches `kernel` with one byte vector per `.param` and waits for
    /// it; reports host and device time.
    pub fn launch(
        &self,
        module: &GpuModule,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
    ) -> Result<LaunchStats, GpuError> {
        self.launch_with(module, kernel, config, params, false)
    }

    /// [`launch`](Self::launch) as a cooperative launch
    /// (`cuLaunchCooperativeKernel`): every block resident at once, as a
    /// kernel that syncs its grid (`cuda.cg.this_grid().sync()`) needs. A
    /// grid larger than [`max_cooperative_blocks`](Self::max_cooperative_blocks)
    /// is refused before the driver is called.
    pub fn launch_cooperative(
        &self,
        module: &GpuModule,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
    ) -> Result<LaunchStats, GpuError> {
        self.launch_with(module, kernel, config, params, true)
    }

    /// How many blocks of `block_threads` threads with `dynamic_shared`
    /// bytes of dynamic shared memory a cooperative launch of `kernel` may
    /// have: the driver's occupancy per multiprocessor times the
    /// multiprocessors (numba-cuda's `max_cooperative_grid_blocks`).
    pub fn max_cooperative_blocks(
        &self,
        module: &GpuModule,
        kernel: &str,
        block_threads: u32,
        dynamic_shared: u32,
    ) -> Result<u64, GpuError> {
        self.same_device(module.context(), "module")?;
        let k = module.kernel(kernel)?;
        launch::max_cooperative_blocks(
            &self.ctx,
            k,
            self.props.sm_count,
            block_threads,
            dynamic_shared,
        )
    }

    fn launch_with(
        &self,
        module: &GpuModule,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
        cooperative: bool,
    ) -> Result<LaunchStats, GpuError> {
        self.same_device(module.context(), "module")?;
        let k = module.kernel(kernel)?;
        let start = self.event()?;
        let end = self.event()?;
        let host_start = Instant::now();
        start.record(None)?;
        self.ctx.launched(kernel);
        let coop = cooperative.then_some(self.props.sm_count);
        let ran = launch::enqueue(&self.ctx, k, config, params, std::ptr::null_mut(), coop)
            .and_then(|()| end.record(None))
            .and_then(|()| end.synchronize());
        // A fault reaches the launch (the emulated driver) or the wait (a
        // GPU): either way it was this kernel's, the context was usable
        // when `start` was recorded.
        ran.map_err(|e| self.fault_of(kernel, e))?;
        let host_time = host_start.elapsed();
        Ok(LaunchStats {
            host_time,
            kernel_time: end.elapsed_since(&start)?,
        })
    }

    /// Queues `kernel` on `stream` (`None`: the default stream) without
    /// waiting. The parameter bytes are copied by the driver before this
    /// returns. A fault inside the kernel surfaces later, in whichever call
    /// waits for it, as [`GpuError::ContextLost`] naming the kernel last
    /// launched on the context.
    pub fn launch_async(
        &self,
        module: &GpuModule,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
        stream: Option<&Stream>,
    ) -> Result<(), GpuError> {
        self.launch_async_with(module, kernel, config, params, stream, false)
    }

    /// [`launch_async`](Self::launch_async) as a cooperative launch (see
    /// [`launch_cooperative`](Self::launch_cooperative)).
    pub fn launch_cooperative_async(
        &self,
        module: &GpuModule,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
        stream: Option<&Stream>,
    ) -> Result<(), GpuError> {
        self.launch_async_with(module, kernel, config, params, stream, true)
    }

    fn launch_async_with(
        &self,
        module: &GpuModule,
        kernel: &str,
        config: &LaunchConfig,
        params: &[&[u8]],
        stream: Option<&Stream>,
        cooperative: bool,
    ) -> Result<(), GpuError> {
        self.same_device(module.context(), "module")?;
        if let Some(s) = stream {
            self.same_device(s.context(), "stream")?;
        }
        let k = module.kernel(kernel)?;
        self.ctx.launched(kernel);
        let raw = stream.map_or(std::ptr::null_mut(), Stream::raw);
        // A driver that runs the kernel inside the call (the emulated one)
        // reports its fault here: then it is this kernel's.
        let coop = cooperative.then_some(self.props.sm_count);
        launch::enqueue(&self.ctx, k, config, params, raw, coop)
            .map_err(|e| self.fault_of(kernel, e))
    }

    /// The error of a launch of `kernel` that met `e`: the context lost
    /// during the launch is this kernel's fault (which the context then
    /// names); any other error as it is.
    fn fault_of(&self, kernel: &str, e: GpuError) -> GpuError {
        match e {
            GpuError::ContextLost(lost) => {
                self.ctx.blame(kernel);
                GpuError::KernelFault {
                    kernel: kernel.to_string(),
                    call: lost.call,
                    status: lost.status,
                }
            }
            e => e,
        }
    }

    /// Creates a stream.
    pub fn stream(&self) -> Result<Stream, GpuError> {
        Stream::new(Arc::clone(&self.ctx))
    }

    /// Uses a stream another library created on this device's context
    /// (its `CUstream`, e.g. from CuPy), without owning it: kernelc queues
    /// work on it and synchronises it, and never destroys it.
    ///
    /// # Safety
    /// `raw` is a live stream of this device's primary context (or a
    /// special handle, `CU_STREAM_LEGACY` = 1, `CU_STREAM_PER_THREAD` =
    /// 2) and outlives the returned `Stream`.
    pub unsafe fn wrap_stream(&self, raw: CUstream) -> Stream {
        // SAFETY: the caller's contract.
        unsafe { Stream::wrap(Arc::clone(&self.ctx), raw) }
    }

    /// Creates a timing event.
    pub fn event(&self) -> Result<Event, GpuError> {
        Event::new(Arc::clone(&self.ctx))
    }

    /// Makes the device's context current on this thread until the guard
    /// drops, for calls made straight to [`Driver::api`].
    pub fn enter(&self) -> Result<CurrentGuard<'_>, GpuError> {
        self.ctx.enter()
    }

    /// Waits for all work on the device.
    pub fn synchronize(&self) -> Result<(), GpuError> {
        self.ctx.synchronize()
    }

    /// Refuses an object made on another device.
    fn same_device(&self, ctx: &Arc<Context>, what: &str) -> Result<(), GpuError> {
        if ctx.same_as(&self.ctx) {
            Ok(())
        } else {
            Err(GpuError::InvalidArgument(format!(
                "the {what} belongs to another device than {}",
                self.name()
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gpu::stream::{Event, Stream};

    fn shareable<T: Send + Sync>() {}

    #[test]
    fn gpu_objects_cross_threads() {
        shareable::<Driver>();
        shareable::<GpuDevice>();
        shareable::<GpuModule>();
        shareable::<Stream>();
        shareable::<Event>();
        shareable::<PinnedBuffer>();
    }
}
