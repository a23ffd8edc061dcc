//! `kc_launch`: runs a kernel of a loaded module on a grid, with an array
//! of tagged arguments (`kc_arg`): scalars of every dtype, device buffers
//! with a shape and strides, raw device addresses (memory another library
//! allocated), and host arrays that are copied to the device and, when the
//! kernel may write them, back.

use crate::buffer::kc_buffer;
use crate::device::KC_DEVICE_CPU;
use crate::error::{Error, Result};
use crate::ffi::{deref, guard, slice, string};
use crate::loaded::kc_loaded_module;
use crate::status::kc_status;
use crate::stream::{kc_stream, on_device};
use crate::types::{complex_of, kc_dtype, require_scalar, scalar_of, KC_DTYPE_RECORD};

/// The most dimensions an array argument has (the length of `kc_arg`'s
/// `shape` and `strides`): 8. Numba sets no limit; kernelc's compiler
/// refuses arrays of more with a located error.
pub const KC_MAX_NDIM: usize = 8;
const _: () = assert!(KC_MAX_NDIM == kernelc_compiler::types::MAX_NDIM);
use kernelc_abi::ElemType;
use kernelc_compiler::types::Scalar;
use kernelc_runtime::args::{ArrayShape, Number, ScalarArg};
use kernelc_runtime::launch::{enqueue, launch, KernelArg};
use kernelc_runtime::{DevicePtr, LaunchConfig};
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
/// An array at a raw device address, in memory kernelc may not have
/// allocated (CuPy, PyTorch, `cuMemAlloc`): `dtype`, `address`, `ndim`,
/// `shape`, `strides`. On the CPU device the address must lie inside a
/// live `kc_buffer` of the launch's device (`kc_buffer_address` + an
/// offset), and the whole array must fit in that buffer: anything else is
/// `KC_ERROR_INVALID_ARGUMENT`. On a GPU the address cannot be checked: it
/// must be device memory of the launch's context spanning the whole array,
/// or the kernel faults (`KC_ERROR_DEVICE`/`KC_ERROR_LAUNCH`) or corrupts
/// other memory, as in CUDA.
pub const KC_ARG_DEVICE_PTR: kc_arg_kind = 4;

/// Flags of an array `kc_arg` (`KC_ARG_*CONTIGUOUS`, or-ed together). Both
/// flags may be given when both are true of the array, as NumPy sets both
/// for a 1-D contiguous array: when at most one extent exceeds 1 (or an
/// extent is 0), C and Fortran order lay the elements out alike. Both
/// flags on an array with two extents above 1 contradict each other and
/// are `KC_ERROR_INVALID_ARGUMENT`.
pub type kc_arg_flags = u32;
/// The array is C-contiguous (row-major): `strides` is ignored and
/// computed from `shape` and the dtype. Without it `strides` is used as
/// given, so all-zero strides are a real broadcast (every element the same
/// one). The `kc_arg_host`/`kc_arg_buffer`/`kc_arg_device_ptr` helpers set it.
pub const KC_ARG_C_CONTIGUOUS: kc_arg_flags = 1;
/// The array is Fortran-contiguous (column-major): `strides` is ignored
/// and computed from `shape` and the dtype.
pub const KC_ARG_F_CONTIGUOUS: kc_arg_flags = 2;

/// A scalar argument's value; which member is read depends on the
/// argument's dtype: `i` for `KC_DTYPE_BOOL` (non-zero is true) and signed
/// integers, `u` for unsigned integers, `f` for floats (`KC_DTYPE_FLOAT16`
/// too, rounded to half precision), `c` for complex numbers. The value is
/// converted to the parameter's type as Numba converts a Python scalar (a
/// real number converts to complex; a complex number never converts to a
/// real type).
#[repr(C)]
#[derive(Clone, Copy)]
pub union kc_scalar {
    /// Signed integers and bool.
    pub i: i64,
    /// Unsigned integers.
    pub u: u64,
    /// Floating point.
    pub f: f64,
    /// Complex numbers: the real part, then the imaginary part.
    pub c: [f64; 2],
}

/// One kernel argument: a tagged value. Zero-initialise it and set the
/// members its kind uses (`kc_arg a = {0}; a.kind = KC_ARG_HOST; …`), or
/// use the `kc_arg_*` helpers at the end of this header.
///
/// Arrays follow NumPy: the data pointer (`buffer` + `offset`, `host` or
/// `address`) is the address of element `[0, ..., 0]`, and element
/// `[i, j, k, ...]` lies `i*strides[0] + j*strides[1] + k*strides[2] + ...`
/// bytes from it. Strides may be negative (reversed views: then elements lie below
/// the data pointer) or zero (broadcasts). An array's *span* runs from its
/// lowest-addressed element to the end of its highest.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct kc_arg {
    /// `KC_ARG_SCALAR`, `KC_ARG_BUFFER`, `KC_ARG_HOST` or `KC_ARG_DEVICE_PTR`.
    pub kind: kc_arg_kind,
    /// The scalar's type or the array's element type.
    pub dtype: kc_dtype,
    /// `KC_ARG_SCALAR`: the value.
    pub value: kc_scalar,
    /// `KC_ARG_BUFFER`: the buffer holding the array, on the launch's device.
    pub buffer: *const kc_buffer,
    /// `KC_ARG_BUFFER`: byte offset of the array's element `[0, ..., 0]` in
    /// the buffer; the whole span must lie inside the buffer.
    pub offset: usize,
    /// `KC_ARG_HOST`: the array's element `[0, ..., 0]` in host memory.
    /// Written (during the call) only when the kernel may write the
    /// parameter.
    pub host: *mut c_void,
    /// `KC_ARG_HOST`: bytes available from the array's lowest-addressed
    /// element (`host` itself unless a stride is negative): at least the
    /// array's span.
    pub host_bytes: usize,
    /// `KC_ARG_DEVICE_PTR`: the device address of the array's element
    /// `[0, ..., 0]`.
    pub address: u64,
    /// Arrays: number of dimensions, 0 to `KC_MAX_NDIM` (0: one element, a 0-D array,
    /// or one record passed by reference, a `KC_DTYPE_RECORD` argument of
    /// a `Record` parameter).
    pub ndim: u32,
    /// Arrays: `KC_ARG_C_CONTIGUOUS`, `KC_ARG_F_CONTIGUOUS`, or both where
    /// both are true (strides computed), or 0 (`strides` as given).
    pub flags: kc_arg_flags,
    /// Arrays: extent of each of the first `ndim` dimensions.
    pub shape: [i64; KC_MAX_NDIM],
    /// Arrays: distance in bytes between neighbours along each of the first
    /// `ndim` dimensions (NumPy's strides; negative and zero allowed). Read
    /// only when `flags` has neither contiguity flag.
    pub strides: [i64; KC_MAX_NDIM],
}

fn array_shape(i: usize, a: &kc_arg, elem: impl Into<ElemType>) -> Result<ArrayShape> {
    let elem = elem.into();
    let ndim = a.ndim as usize;
    // A 0-D array holds one element (a record argument, Numba's `Record`,
    // is one too).
    if ndim > KC_MAX_NDIM {
        return Err(Error::invalid(format!(
            "argument {i}: ndim is {}, must be 0 to {KC_MAX_NDIM}",
            a.ndim
        )));
    }
    let shape = &a.shape[..ndim];
    if let Some(d) = shape.iter().find(|&&d| d < 0) {
        return Err(Error::invalid(format!("argument {i}: negative extent {d}")));
    }
    let known = KC_ARG_C_CONTIGUOUS | KC_ARG_F_CONTIGUOUS;
    if a.flags & !known != 0 {
        return Err(Error::invalid(format!(
            "argument {i}: flags is {:#x} (use 0, KC_ARG_C_CONTIGUOUS, KC_ARG_F_CONTIGUOUS or both)",
            a.flags
        )));
    }
    let c = a.flags & KC_ARG_C_CONTIGUOUS != 0;
    let f = a.flags & KC_ARG_F_CONTIGUOUS != 0;
    let shape = match (c, f) {
        (true, true) => {
            let (c_order, f_order) = (
                ArrayShape::c_contiguous(elem, shape),
                ArrayShape::f_contiguous(elem, shape),
            );
            if !same_layout(&c_order, &f_order) {
                return Err(Error::invalid(format!(
                    "argument {i}: flags say the array is both C- and Fortran-contiguous, \
                     but a {shape:?} array can be only one of them (both hold only when at most \
                     one extent exceeds 1); pass one of KC_ARG_C_CONTIGUOUS and KC_ARG_F_CONTIGUOUS"
                )));
            }
            c_order
        }
        (true, false) => ArrayShape::c_contiguous(elem, shape),
        (false, true) => ArrayShape::f_contiguous(elem, shape),
        (false, false) => ArrayShape {
            elem,
            shape: shape.to_vec(),
            strides: a.strides[..ndim].to_vec(),
        },
    };
    // The span must be representable: |stride| * extent summed within i64.
    let fits = shape.shape.iter().zip(&shape.strides).try_fold(
        elem.size() as i64,
        |acc: i64, (&n, &s)| {
            s.checked_abs()
                .and_then(|s| s.checked_mul((n - 1).max(0)))
                .and_then(|x| acc.checked_add(x))
        },
    );
    if fits.is_none_or(|v| v as u64 > isize::MAX as u64) {
        return Err(Error::invalid(format!(
            "argument {i}: the array's extents and strides overflow the address space"
        )));
    }
    Ok(shape)
}

/// Whether two layouts of one shape put every element at the same place:
/// the array is empty, or the strides agree along every dimension with
/// more than one element (a stride along an extent of 1 is never used).
fn same_layout(a: &ArrayShape, b: &ArrayShape) -> bool {
    a.is_empty()
        || a.shape
            .iter()
            .zip(a.strides.iter().zip(&b.strides))
            .all(|(&n, (x, y))| n <= 1 || x == y)
}

/// The offset of an array's lowest element below its data pointer.
fn below(shape: &ArrayShape) -> u64 {
    shape.low_offset().unsigned_abs()
}

/// The runtime's argument for `a`.
///
/// # Safety
/// `a`'s pointers are valid as `kc_arg` documents.
unsafe fn kernel_arg<'a>(i: usize, a: &kc_arg, lm: &kc_loaded_module) -> Result<KernelArg<'a>> {
    if a.dtype == KC_DTYPE_RECORD {
        return record_array_arg(i, a, lm);
    }
    if let Some(part) = complex_of(a.dtype) {
        if a.kind == KC_ARG_SCALAR {
            // SAFETY: every member of the union is plain floats or
            // integers, so any bits are a valid value.
            let [re, im] = unsafe { a.value.c };
            return Ok(KernelArg::Scalar(ScalarArg {
                ty: part,
                value: Number::Complex(re, im),
            }));
        }
        // SAFETY: as this function's.
        return unsafe { array_or_scalar_arg(i, a, lm, ElemType::Complex(part)) };
    }
    // The argument's name is formatted only for the error (a launch
    // checks every argument: no allocation on the way that succeeds).
    let elem = match scalar_of(a.dtype) {
        Some(elem) => elem,
        None => require_scalar(a.dtype, &format!("args[{i}].dtype"))?,
    };
    array_or_scalar_arg(i, a, lm, elem.into())
}

/// The runtime's argument for an array of records: its size in bytes is
/// in `value.u`.
///
/// # Safety
/// As [`kernel_arg`].
unsafe fn record_array_arg<'a>(
    i: usize,
    a: &kc_arg,
    lm: &kc_loaded_module,
) -> Result<KernelArg<'a>> {
    if a.kind == KC_ARG_SCALAR {
        return Err(Error::invalid(format!(
            "argument {i}: KC_DTYPE_RECORD is for arrays of records, not scalars"
        )));
    }
    // SAFETY: every member of the union is a plain 64-bit value.
    let size = unsafe { a.value.u };
    let size = u32::try_from(size).ok().filter(|s| *s > 0).ok_or_else(|| {
        Error::invalid(format!(
            "argument {i}: a record array needs its record size in bytes in value.u, not {size}"
        ))
    })?;
    // SAFETY: as this function's.
    unsafe { array_or_scalar_arg(i, a, lm, ElemType::Record { size }) }
}

/// The runtime's argument for `a`, whose element or scalar type is `elem`.
///
/// # Safety
/// As [`kernel_arg`].
unsafe fn array_or_scalar_arg<'a>(
    i: usize,
    a: &kc_arg,
    lm: &kc_loaded_module,
    elem: ElemType,
) -> Result<KernelArg<'a>> {
    match a.kind {
        KC_ARG_SCALAR => {
            let elem = elem
                .scalar()
                .expect("records and complex numbers are handled above");
            // SAFETY (the reads below): every member of the union is a
            // plain 64-bit integer or float, so any bits are a valid value.
            let v = a.value;
            let value = match elem {
                Scalar::Bool => Number::Bool(unsafe { v.i } != 0),
                Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64 => Number::Int(unsafe { v.i }),
                Scalar::U8 | Scalar::U16 | Scalar::U32 | Scalar::U64 => {
                    Number::Uint(unsafe { v.u })
                }
                Scalar::F16 | Scalar::F32 | Scalar::F64 | Scalar::BF16 => {
                    Number::Float(unsafe { v.f })
                }
            };
            Ok(KernelArg::Scalar(ScalarArg { ty: elem, value }))
        }
        KC_ARG_BUFFER => {
            let shape = array_shape(i, a, elem)?;
            // SAFETY: `buffer` is NULL or a live buffer (the contract).
            let b = unsafe { a.buffer.as_ref() }
                .ok_or_else(|| Error::null(&format!("args[{i}].buffer")))?;
            if !b.device.same(&lm.device) {
                return Err(Error::invalid(format!(
                    "argument {i}: the buffer belongs to another device than the module"
                )));
            }
            let low = below(&shape);
            let start = (a.offset as u64).checked_sub(low).ok_or_else(|| {
                Error::invalid(format!(
                    "argument {i}: with its negative strides the array starts {low} bytes \
                     before offset {}, before the buffer",
                    a.offset
                ))
            })?;
            b.range(start as usize, shape.span_bytes())
                .map_err(|e| Error::invalid(format!("argument {i}: {}", e.message)))?;
            let ptr = b.ptr.offset(a.offset as u64);
            Ok(KernelArg::Device { shape, ptr })
        }
        KC_ARG_DEVICE_PTR => {
            let shape = array_shape(i, a, elem)?;
            let low = below(&shape);
            let span = shape.span_bytes() as u64;
            let start = a.address.checked_sub(low);
            let ok = match start {
                None => false,
                Some(_) if span == 0 => true,
                Some(start) if lm.device.kind == KC_DEVICE_CPU => lm.device.in_buffer(start, span),
                Some(start) => a.address != 0 && start.checked_add(span).is_some(),
            };
            if !ok {
                let place = if lm.device.kind == KC_DEVICE_CPU {
                    "one live kc_buffer of the launch's device"
                } else {
                    "the device's address space"
                };
                return Err(Error::invalid(format!(
                    "argument {i}: device address {:#x} with a span of {span} bytes{} is not \
                     inside {place}",
                    a.address,
                    if low > 0 {
                        format!(" starting {low} bytes below it")
                    } else {
                        String::new()
                    }
                )));
            }
            Ok(KernelArg::Device {
                shape,
                ptr: DevicePtr(a.address),
            })
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
            } else if a.host_bytes > isize::MAX as usize {
                return Err(Error::invalid(format!(
                    "argument {i}: host_bytes is {}, more than the address space",
                    a.host_bytes
                )));
            } else if a.host.is_null() {
                return Err(Error::null(&format!("args[{i}].host")));
            } else {
                // The span starts at the lowest element, `below` bytes
                // before `host` when strides are negative.
                let lowest = a.host.cast::<u8>().wrapping_sub(below(&shape) as usize);
                // SAFETY: `host_bytes` bytes from the lowest element are
                // valid (the contract).
                unsafe { std::slice::from_raw_parts_mut(lowest, a.host_bytes) }
            };
            Ok(KernelArg::Host { shape, data })
        }
        other => Err(Error::invalid(format!(
            "argument {i}: kind is {other} (use KC_ARG_SCALAR, KC_ARG_BUFFER, KC_ARG_HOST or \
             KC_ARG_DEVICE_PTR)"
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
/// the kernel, block, thread, Python line (`file.py:LINE`, from the line
/// information kernelc writes into the PTX) and PTX line. An exception a
/// kernel compiled with `debug` raised (a `raise`, a failed `assert`, a
/// division by zero), on either device, is `KC_ERROR_LAUNCH` reading
/// `exception raised: ZeroDivisionError: division by zero (kernel `k`,
/// block (x,y,z), thread (x,y,z), file.py:LINE)`: the exception's class
/// and message and the first thread that raised it (the kernel records
/// it and the launch, which waits for such a kernel, reads it; no trap,
/// so a GPU's context stays usable). A launch stopped by
/// `kc_device_interrupt` from another thread is `KC_ERROR_INTERRUPTED`, one
/// that ran past the device's time limit (`kc_device_set_timeout`)
/// `KC_ERROR_TIMEOUT`.
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
    guard("kc_launch", || unsafe {
        launch_checked(
            loaded,
            kernel,
            grid,
            block,
            shared_bytes,
            stream,
            args,
            num_args,
        )
    })
}

/// `kc_launch`'s body, shared with `kc_launch_packed`: checks every
/// pointer and argument, then launches.
///
/// # Safety
/// The pointers are NULL or valid as `kc_launch` documents.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn launch_checked(
    loaded: *const kc_loaded_module,
    kernel: *const c_char,
    grid: kc_dim3,
    block: kc_dim3,
    shared_bytes: u32,
    stream: *const kc_stream,
    args: *const kc_arg,
    num_args: usize,
) -> Result<()> {
    let lm = unsafe { deref(loaded, "loaded") }?;
    let name = unsafe { string(kernel, "kernel") }?;
    let on = unsafe { on_device(stream, &lm.device) }?;
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
    let device = &lm.device.device;
    if kernel_args
        .iter()
        .any(|a| matches!(a, KernelArg::Host { .. }))
    {
        // Host arrays are copied in and back around the kernel, on the
        // default stream (ordered after the stream's earlier work).
        if let Some(s) = on {
            s.synchronize()?;
        }
        launch(device, &lm.module, info, &config, &mut kernel_args)?;
    } else {
        // Only device memory: on a GPU queued without waiting, as Numba
        // launches (a fault surfaces in the next call that waits).
        enqueue(device, &lm.module, info, &config, &kernel_args, on)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn array(shape: &[i64], flags: kc_arg_flags) -> kc_arg {
        let mut s = [0; KC_MAX_NDIM];
        s[..shape.len()].copy_from_slice(shape);
        kc_arg {
            kind: KC_ARG_HOST,
            dtype: crate::types::KC_DTYPE_FLOAT32,
            value: kc_scalar { i: 0 },
            buffer: std::ptr::null(),
            offset: 0,
            host: std::ptr::null_mut(),
            host_bytes: 0,
            address: 0,
            ndim: shape.len() as u32,
            flags,
            shape: s,
            strides: [0; KC_MAX_NDIM],
        }
    }

    const BOTH: kc_arg_flags = KC_ARG_C_CONTIGUOUS | KC_ARG_F_CONTIGUOUS;

    #[test]
    fn both_contiguity_flags_where_both_hold() {
        // NumPy sets both flags on 1-D contiguous arrays, on arrays with
        // one extent above 1, and on empty arrays.
        for shape in [&[5][..], &[1, 7], &[4, 1, 1], &[1, 1, 1], &[0, 3, 2]] {
            let got = array_shape(0, &array(shape, BOTH), Scalar::F32).unwrap();
            assert_eq!(
                got,
                ArrayShape::c_contiguous(Scalar::F32, shape),
                "{shape:?}"
            );
        }
        let e = array_shape(0, &array(&[3, 8], BOTH), Scalar::F32).unwrap_err();
        assert!(
            e.message.contains("both C- and Fortran-contiguous") && e.message.contains("[3, 8]"),
            "{}",
            e.message
        );
        let e = array_shape(0, &array(&[5], 8), Scalar::F32).unwrap_err();
        assert!(e.message.contains("flags is 0x8"), "{}", e.message);
    }
}
