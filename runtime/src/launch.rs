//! Launching a compiled kernel with host-side arguments on any device.
//!
//! [`launch`] does what `kernel[grid, block](args)` does in Numba: it
//! checks the arguments against the kernel's parameters, copies host
//! arrays to fresh device buffers, encodes the `.param` values, launches,
//! and copies back only the host arrays the kernel may write (from the
//! compiler's per-parameter metadata), freeing the buffers on every path.
//! [`launch_untyped`] does the same for a kernel with no compiler metadata
//! (a PTX file): arguments are checked against the `.param` sizes only.

use crate::args::{check_args, encode_params, ArgShape, ArrayShape, ScalarArg};
use crate::device::{Device, DevicePtr, LaunchConfig, LaunchStats, Module};
use crate::error::Error;
use kernelc_abi::KernelInfo;

/// One argument of [`launch`].
pub enum KernelArg<'a> {
    /// A scalar, passed by value.
    Scalar(ScalarArg),
    /// An array in host memory: `data` holds its bytes from the
    /// lowest-addressed element to the highest (`shape.span_bytes()` of
    /// them; with non-negative strides, from the first element on; with
    /// negative strides element `[0, 0, 0]` is `-shape.low_offset()` bytes
    /// into it).
    Host {
        /// Element type, extents and byte strides.
        shape: ArrayShape,
        /// The elements; written back if the kernel may write them.
        data: &'a mut [u8],
    },
    /// An array already in the device's memory.
    Device {
        /// Element type, extents and byte strides.
        shape: ArrayShape,
        /// Address of its first element (`[0, 0, 0]`; with negative strides
        /// others lie below it). The caller checks that the span is valid
        /// device memory.
        ptr: DevicePtr,
    },
}

impl KernelArg<'_> {
    /// The argument's type and shape, as the checker sees it.
    pub fn shape(&self) -> ArgShape {
        match self {
            KernelArg::Scalar(s) => ArgShape::Scalar(*s),
            KernelArg::Host { shape, .. } | KernelArg::Device { shape, .. } => {
                ArgShape::Array(shape.clone())
            }
        }
    }
}

/// Launches `kernel` of `module` on `device` and waits for it.
pub fn launch(
    device: &Device,
    module: &Module,
    kernel: &KernelInfo,
    config: &LaunchConfig,
    args: &mut [KernelArg<'_>],
) -> Result<LaunchStats, Error> {
    let shapes: Vec<ArgShape> = args.iter().map(KernelArg::shape).collect();
    check_args(kernel, &shapes)?;
    for (i, a) in args.iter().enumerate() {
        if let KernelArg::Host { shape, data } = a {
            if data.len() < shape.span_bytes() {
                return Err(Error::Argument(format!(
                    "argument {i}: {} bytes of data for an array spanning {} bytes",
                    data.len(),
                    shape.span_bytes()
                )));
            }
        }
    }
    let mut buffers = Buffers {
        device,
        owned: Vec::new(),
    };
    let mut ptrs = vec![0u64; args.len()];
    for (i, a) in args.iter().enumerate() {
        match a {
            KernelArg::Host { shape, data } => {
                let bytes = shape.span_bytes();
                let ptr = device.alloc(bytes.max(1))?;
                buffers.owned.push(ptr);
                device.copy_to_device(ptr, &data[..bytes])?;
                ptrs[i] = ptr.0.wrapping_add(shape.low_offset().unsigned_abs());
            }
            KernelArg::Device { ptr, .. } => ptrs[i] = ptr.0,
            KernelArg::Scalar(_) => {}
        }
    }
    let params = encode_params(kernel, &shapes, &ptrs);
    let refs: Vec<&[u8]> = params.iter().map(Vec::as_slice).collect();
    let stats = if kernel.cooperative {
        device.launch_cooperative(module, &kernel.name, config, &refs)?
    } else {
        device.launch(module, &kernel.name, config, &refs)?
    };
    for ((a, param), ptr) in args.iter_mut().zip(&kernel.params).zip(&ptrs) {
        if let KernelArg::Host { shape, data } = a {
            if param.written {
                let bytes = shape.span_bytes();
                let low = DevicePtr(ptr.wrapping_sub(shape.low_offset().unsigned_abs()));
                device.copy_from_device(&mut data[..bytes], low)?;
            }
        }
    }
    buffers.release()?;
    Ok(stats)
}

/// Queues `kernel` of `module` on `stream` (`None`: the default stream)
/// without waiting for it on a GPU: every array argument must already be
/// in device memory (a host array needs [`launch`], which copies it back
/// after the kernel). The arguments are checked as [`launch`] checks them.
pub fn enqueue(
    device: &Device,
    module: &Module,
    kernel: &KernelInfo,
    config: &LaunchConfig,
    args: &[KernelArg<'_>],
    stream: Option<&crate::gpu::Stream>,
) -> Result<(), Error> {
    let shapes: Vec<ArgShape> = args.iter().map(KernelArg::shape).collect();
    check_args(kernel, &shapes)?;
    let mut ptrs = vec![0u64; args.len()];
    for (i, a) in args.iter().enumerate() {
        match a {
            KernelArg::Device { ptr, .. } => ptrs[i] = ptr.0,
            KernelArg::Scalar(_) => {}
            KernelArg::Host { .. } => {
                return Err(Error::Argument(format!(
                    "argument {i} is a host array: a launch that copies it waits for the \
                     kernel (launch, not enqueue)"
                )))
            }
        }
    }
    let params = encode_params(kernel, &shapes, &ptrs);
    let refs: Vec<&[u8]> = params.iter().map(Vec::as_slice).collect();
    if kernel.cooperative {
        device.enqueue_cooperative(module, &kernel.name, config, &refs, stream)
    } else {
        device.enqueue(module, &kernel.name, config, &refs, stream)
    }
}

/// Device buffers owned by one launch: freed on success by [`Buffers::release`]
/// (reporting errors), and on any early return by `Drop`.
struct Buffers<'d> {
    device: &'d Device,
    owned: Vec<DevicePtr>,
}

impl Buffers<'_> {
    fn release(mut self) -> Result<(), Error> {
        for ptr in std::mem::take(&mut self.owned) {
            self.device.free(ptr)?;
        }
        Ok(())
    }
}

impl Drop for Buffers<'_> {
    fn drop(&mut self) {
        for ptr in self.owned.drain(..) {
            let _ = self.device.free(ptr);
        }
    }
}

/// One argument of [`launch_untyped`]: a kernel with no compiler metadata
/// (a PTX file), whose `.param`s are filled one per argument.
pub enum RawArg<'a> {
    /// A `.param`'s bytes (a scalar; its size must match the parameter).
    Bytes(Vec<u8>),
    /// Host memory copied to a fresh device buffer whose address is the
    /// `.u64` parameter, and copied back after the launch.
    Host(&'a mut [u8]),
}

/// Launches `kernel` of a module with no ABI description: each argument is
/// checked against its `.param`'s size. Every host buffer is copied back,
/// as nothing says which the kernel writes.
pub fn launch_untyped(
    device: &Device,
    module: &Module,
    kernel: &str,
    config: &LaunchConfig,
    args: &mut [RawArg<'_>],
) -> Result<LaunchStats, Error> {
    let sizes = module
        .kernel_params(kernel)
        .ok_or_else(|| Error::Argument(format!("the module has no kernel '{kernel}'")))?;
    if sizes.len() != args.len() {
        return Err(Error::Argument(format!(
            "kernel '{kernel}' has {} parameters, {} arguments given",
            sizes.len(),
            args.len()
        )));
    }
    let mut buffers = Buffers {
        device,
        owned: Vec::new(),
    };
    let mut params = Vec::with_capacity(args.len());
    for (i, (a, &size)) in args.iter().zip(&sizes).enumerate() {
        let bytes = match a {
            RawArg::Bytes(b) => b.clone(),
            RawArg::Host(data) => {
                let ptr = device.alloc(data.len().max(1))?;
                buffers.owned.push(ptr);
                device.copy_to_device(ptr, data)?;
                ptr.0.to_le_bytes().to_vec()
            }
        };
        if bytes.len() != size {
            return Err(Error::Argument(format!(
                "argument {i}: the parameter has {size} bytes, the argument {}",
                bytes.len()
            )));
        }
        params.push(bytes);
    }
    let refs: Vec<&[u8]> = params.iter().map(Vec::as_slice).collect();
    let stats = device.launch(module, kernel, config, &refs)?;
    let mut owned = buffers.owned.iter();
    for a in args.iter_mut() {
        if let RawArg::Host(data) = a {
            if let Some(ptr) = owned.next() {
                device.copy_from_device(data, *ptr)?;
            }
        }
    }
    buffers.release()?;
    Ok(stats)
}
