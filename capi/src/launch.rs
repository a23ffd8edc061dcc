//! `kc_launch`: runs a kernel of a loaded module on a grid, with an array
//! of tagged arguments (`kc_arg`): scalars of every dtype, device buffers
//! with a shape and strides, and host arrays that are copied to the device
//! and, when the kernel may write them, back.

use crate::buffer::kc_buffer;
use crate::error::{Error, Result};
use crate::ffi::{deref, guard, slice, string};
use crate::loaded::kc_loaded_module;
use crate::status::kc_status;
use crate::stream::{kc_stream, on_device};
use crate::types::{kc_dtype, require_scalar};
use kernelc_compiler::types::Scalar;
use kernelc_runtime::args::{ArrayShape, Number, ScalarArg};
use kernelc_runtime::launch::{launch, KernelArg};
use kernelc_runtime::LaunchConfig;
use std::ffi::{c_char, c_void};

/// Grid or block extents.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct kc_dim3 {
    /// Extent in x.
    pub x: u32,
    /// Extent in y (1 for a 1-D launch).
    pub y: u32,
    /// Extent in z (1 for a 1-D or 2-D launch).
    pub z: u32,
}

/// What a `kc_arg` holds (`KC_ARG_*`).
pub type kc_arg_kind = u32;
/// A scalar: `dtype` and `value`.
pub const KC_ARG_SCALAR: kc_arg_kind = 1;
/// An array in a device buffer: `dtype`, `buffer`, `offset`, `ndim`,
/// `shape`, `strides`.
pub const KC_ARG_BUFFER: kc_arg_kind = 2;
/// An array in host memory, copied to the device for the launch and back
/// after it when the kernel may write it: `dtype`, `host`, `host_bytes`,
/// `ndim`, `shape`, `strides`.
pub const KC_ARG_HOST: kc_arg_kind = 3;

/// A scalar argument's value; which member is read depends on the
/// argument's dtype: `i` for `KC_DTYPE_BOOL` (non-zero is true) and signed
/// integers, `u` for unsigned integers, `f` for floats (`KC_DTYPE_FLOAT16`
/// too, rounded to half precision). The value is converted to the
/// parameter's type as Numba converts a Python scalar.
#[repr(C)]
#[derive(Clone, Copy)]
pub union kc_scalar {
    /// Signed integers and bool.
    pub i: i64,
    /// Unsigned integers.
    pub u: u64,
    /// Floating point.
    pub f: f64,
}

/// One kernel argument: a tagged value. Zero-initialise it and set the
/// members its kind uses (`kc_arg a = {0}; a.kind = KC_ARG_HOST; …`).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct kc_arg {
    /// `KC_ARG_SCALAR`, `KC_ARG_BUFFER` or `KC_ARG_HOST`.
    pub kind: kc_arg_kind,
    /// The scalar's type or the array's element type.
    pub dtype: kc_dtype,
    /// `KC_ARG_SCALAR`: the value.
    pub value: kc_scalar,
    /// `KC_ARG_BUFFER`: the buffer holding the array, on the launch's device.
    pub buffer: *const kc_buffer,
    /// `KC_ARG_BUFFER`: byte offset of the array's first element in it.
    pub offset: usize,
    /// `KC_ARG_HOST`: the array's first element in host memory. Written
    /// (during the call) only when the kernel may write the parameter.
    pub host: *mut c_void,
    /// `KC_ARG_HOST`: bytes available at `host` (at least the array's span).
    pub host_bytes: usize,
    /// Arrays: number of dimensions, 1 to 3.
    pub ndim: u32,
    /// Arrays: extent of each of the first `ndim` dimensions.
    pub shape: [i64; 3],
    /// Arrays: distance in bytes between neighbours along each of the first
    /// `ndim` dimensions (NumPy's strides); all zero means C-contiguous.
    pub strides: [i64; 3],
}

fn array_shape(i: usize, a: &kc_arg, elem: Scalar) -> Result<ArrayShape> {
    let ndim = a.ndim as usize;
    if !(1..=3).contains(&ndim) {
        return Err(Error::invalid(format!(
            "argument {i}: ndim is {}, must be 1 to 3",
            a.ndim
        )));
    }
    let shape = &a.shape[..ndim];
    if let Some(d) = shape.iter().find(|&&d| d < 0) {
        return Err(Error::invalid(format!("argument {i}: negative extent {d}")));
    }
    let strides = &a.strides[..ndim];
    Ok(if strides.iter().all(|&s| s == 0) {
        ArrayShape::c_contiguous(elem, shape)
    } else {
        ArrayShape {
            elem,
            shape: shape.to_vec(),
            strides: strides.to_vec(),
        }
    })
}

/// The runtime's argument for `a`.
///
/// # Safety
/// `a`'s pointers are valid as `kc_arg` documents.
unsafe fn kernel_arg<'a>(i: usize, a: &kc_arg, lm: &kc_loaded_module) -> Result<KernelArg<'a>> {
    let elem = require_scalar(a.dtype, &format!("args[{i}].dtype"))?;
    match a.kind {
        KC_ARG_SCALAR => {
            // SAFETY (the reads below): every member of the union is a
            // plain 64-bit integer or float, so any bits are a valid value.
            let v = a.value;
            let value = match elem {
                Scalar::Bool => Number::Bool(unsafe { v.i } != 0),
                Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64 => Number::Int(unsafe { v.i }),
                Scalar::U8 | Scalar::U16 | Scalar::U32 | Scalar::U64 => {
                    Number::Uint(unsafe { v.u })
                }
                Scalar::F16 | Scalar::F32 | Scalar::F64 => Number::Float(unsafe { v.f }),
            };
            Ok(KernelArg::Scalar(ScalarArg { ty: elem, value }))
        }
        KC_ARG_BUFFER => {
            let shape = array_shape(i, a, elem)?;
            let b = unsafe { deref(a.buffer, &format!("args[{i}].buffer")) }?;
            if !b.device.same(&lm.device) {
                return Err(Error::invalid(format!(
                    "argument {i}: the buffer belongs to another device than the module"
                )));
            }
            let ptr = b
                .range(a.offset, shape.span_bytes())
                .map_err(|e| Error::invalid(format!("argument {i}: {}", e.message)))?;
            Ok(KernelArg::Device { shape, ptr })
        }
        KC_ARG_HOST => {
            let shape = array_shape(i, a, elem)?;
            if a.host_bytes < shape.span_bytes() {
                return Err(Error::invalid(format!(
                    "argument {i}: host_bytes is {}, the array spans {} bytes",
                    a.host_bytes,
                    shape.span_bytes()
                )));
            }
            let data: &mut [u8] = if a.host_bytes == 0 {
                &mut []
            } else if a.host.is_null() {
                return Err(Error::null(&format!("args[{i}].host")));
            } else {
                // SAFETY: `host` points at `host_bytes` bytes (the contract).
                unsafe { std::slice::from_raw_parts_mut(a.host.cast::<u8>(), a.host_bytes) }
            };
            Ok(KernelArg::Host { shape, data })
        }
        other => Err(Error::invalid(format!(
            "argument {i}: kind is {other} (use KC_ARG_SCALAR, KC_ARG_BUFFER or KC_ARG_HOST)"
        ))),
    }
}

/// Launches kernel `kernel` of `loaded` on a `grid` of blocks of `block`
/// threads with `shared_bytes` of dynamic shared memory per block, on
/// `stream` (NULL: the default stream), with `num_args` arguments.
///
/// Arguments are checked against the kernel's parameters first (count,
/// kinds, dtypes, dimensions, layouts): a mismatch is `KC_ERROR_LAUNCH`
/// and says which argument. Host arrays (`KC_ARG_HOST`) are copied to the
/// device and, when the kernel may write them, back before the call
/// returns; they must not be touched until then. On the CPU device the
/// whole launch is done when the call returns; a fault inside the kernel
/// (an out-of-bounds access, a failed assertion) is `KC_ERROR_LAUNCH` with
/// the kernel, block, thread and PTX line.
#[no_mangle]
pub unsafe extern "C" fn kc_launch(
    loaded: *const kc_loaded_module,
    kernel: *const c_char,
    grid: kc_dim3,
    block: kc_dim3,
    shared_bytes: u32,
    stream: *const kc_stream,
    args: *const kc_arg,
    num_args: usize,
) -> kc_status {
    guard("kc_launch", || {
        let lm = unsafe { deref(loaded, "loaded") }?;
        let name = unsafe { string(kernel, "kernel") }?;
        unsafe { on_device(stream, &lm.device) }?;
        let args = unsafe { slice(args, num_args, "args") }?;
        let info = lm.kernel(name)?;
        let mut kernel_args = args
            .iter()
            .enumerate()
            .map(|(i, a)| unsafe { kernel_arg(i, a, lm) })
            .collect::<Result<Vec<_>>>()?;
        let config = LaunchConfig {
            grid: [grid.x, grid.y, grid.z],
            block: [block.x, block.y, block.z],
            shared_bytes,
        };
        launch(
            &lm.device.device,
            &lm.module,
            info,
            &config,
            &mut kernel_args,
        )?;
        Ok(())
    })
}
