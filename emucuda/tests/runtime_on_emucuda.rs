//! kernelc's GPU path (`kernelc_runtime::gpu`) on the emulated driver: the
//! library this package builds (`libkernelc_emucuda.so`, next to this test
//! in the target directory: cargo builds the package's library, cdylib
//! included, before its tests) is loaded as the CUDA driver, and real
//! kernels run on it; results are compared with values computed here.

use kernelc_runtime::gpu::api::Api;
use kernelc_runtime::gpu::sample::{array_params, vector_add_ptx};
use kernelc_runtime::gpu::{DevicePtr, GpuDevice, GpuError, LaunchConfig};
use std::ffi::{c_char, c_int, c_uint, c_void};
use std::sync::Arc;

mod common;
use common::*;

fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn from_f32s(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn exports_every_entry_point_the_runtime_needs() {
    let lib = library();
    // SAFETY: loading the library runs no foreign initialisers.
    let lib = unsafe { libloading::Library::new(lib) }.expect("load");
    let extra = [
        "cuInit",
        "cuGetErrorName",
        "cuGetErrorString",
        "cuCtxCreate_v2",
        "cuCtxDestroy_v2",
        "cuCtxGetCurrent",
        "cuMemcpyDtoD_v2",
        "cuMemsetD32_v2",
        "cuModuleLoadData",
    ];
    for name in Api::NAMES.iter().chain(&extra) {
        // SAFETY: only the address is looked up.
        let found = unsafe { lib.get::<*const c_void>(name.as_bytes()) }.is_ok();
        assert!(found, "{name} is not exported");
    }
}

#[test]
fn a_compute_capability_8_0_device() {
    let dev = device();
    let p = dev.props();
    assert_eq!(p.name, "kernelc emulated GPU (CPU device)");
    assert_eq!(p.capability, (8, 0));
    assert_eq!(p.max_threads_per_block, 1024);
    assert_eq!(p.max_shared_per_block, 48 * 1024);
    assert_eq!(p.total_memory, 16 << 30);
    assert_eq!(dev.ptx_target().sm, 80);
    assert_eq!(dev.driver().version().to_string(), "12.0");
    assert_eq!(dev.driver().device_count(), Ok(1));
    assert!(matches!(
        GpuDevice::with_driver(Arc::clone(dev.driver()), 1),
        Err(GpuError::NoDevice { .. })
    ));
}

#[test]
fn vector_add() {
    let dev = device();
    let n = 10_007usize;
    let a: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
    let b: Vec<f32> = (0..n).map(|i| 3.0 - i as f32).collect();
    let (da, db, dout) = (
        dev.alloc(n * 4).unwrap(),
        dev.alloc(n * 4).unwrap(),
        dev.alloc(n * 4).unwrap(),
    );
    dev.copy_to_device(da, &f32s(&a)).unwrap();
    dev.copy_to_device(db, &f32s(&b)).unwrap();
    let module = dev.load_module(&vector_add_ptx(dev.ptx_target())).unwrap();
    assert_eq!(module.kernels(), ["empty", "vadd"]);
    assert!(
        module.info_log().contains("function 'vadd'"),
        "{}",
        module.info_log()
    );
    assert!(module.registers("vadd").unwrap() > 0);
    let [pa, na, sa] = array_params(da.0, n, 4);
    let [pb, nb, sb] = array_params(db.0, n, 4);
    let [po, no, so] = array_params(dout.0, n, 4);
    let params: [&[u8]; 9] = [&pa, &na, &sa, &pb, &nb, &sb, &po, &no, &so];
    let config = LaunchConfig {
        grid: [n.div_ceil(128) as u32, 1, 1],
        block: [128, 1, 1],
        shared_bytes: 0,
    };
    let stats = dev.launch(&module, "vadd", &config, &params).unwrap();
    assert!(stats.kernel_time <= stats.host_time);
    let mut out = vec![0u8; n * 4];
    dev.copy_from_device(&mut out, dout).unwrap();
    let expected: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
    assert_eq!(from_f32s(&out), expected);

    // Asynchronously, on a stream, with pinned memory and a copy on the
    // device.
    let stream = dev.stream().unwrap();
    dev.launch_async(&module, "vadd", &config, &params, Some(&stream))
        .unwrap();
    let copy = dev.alloc(n * 4).unwrap();
    dev.copy_device_to_device(copy, dout, n * 4).unwrap();
    let mut pinned = dev.alloc_pinned(n * 4).unwrap();
    // SAFETY: `pinned` outlives the synchronisation below.
    unsafe { dev.copy_from_device_async(pinned.as_mut_slice(), copy, &stream) }.unwrap();
    stream.synchronize().unwrap();
    assert_eq!(from_f32s(pinned.as_slice()), expected);
    for p in [da, db, dout, copy] {
        dev.free(p).unwrap();
    }
}

/// A kernel reversing each block of `in` into `out` through shared array
/// `array` (static or the launch's dynamic shared memory), with a barrier
/// between the writes and the reads: out[g] = in[block start + (ntid - 1 - tid)].
fn reverse_kernel(entry: &str, array: &str) -> String {
    format!(
        r#"
.visible .entry {entry}(.param .u64 in, .param .u64 out)
{{
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    .reg .f32 %f<2>;
    ld.param.u64 %rd0, [in];
    ld.param.u64 %rd1, [out];
    mov.u32 %r0, %tid.x;
    mov.u32 %r1, %ntid.x;
    mov.u32 %r2, %ctaid.x;
    mad.lo.u32 %r3, %r2, %r1, %r0;
    mul.wide.u32 %rd2, %r3, 4;
    add.s64 %rd3, %rd0, %rd2;
    ld.global.f32 %f0, [%rd3];
    shl.b32 %r4, %r0, 2;
    mov.u32 %r5, {array};
    add.u32 %r6, %r5, %r4;
    st.shared.f32 [%r6], %f0;
    bar.sync 0;
    sub.u32 %r7, %r1, 1;
    sub.u32 %r7, %r7, %r0;
    shl.b32 %r7, %r7, 2;
    add.u32 %r7, %r5, %r7;
    ld.shared.f32 %f1, [%r7];
    add.s64 %rd4, %rd1, %rd2;
    st.global.f32 [%rd4], %f1;
    ret;
}}
"#
    )
}

/// The reversal through static shared memory (`reverse_static`) and
/// through dynamic shared memory (`reverse_dynamic`).
fn shared_ptx() -> String {
    format!(
        ".version 7.0\n.target sm_80\n.address_size 64\n\
         .shared .align 4 .b8 tile[1024];\n\
         .extern .shared .align 4 .b8 dyn[];\n{}{}",
        reverse_kernel("reverse_static", "tile"),
        reverse_kernel("reverse_dynamic", "dyn")
    )
}

#[test]
fn shared_memory_and_a_barrier() {
    let dev = device();
    let (blocks, threads) = (7usize, 256usize);
    let n = blocks * threads;
    let input: Vec<f32> = (0..n).map(|i| (i * i % 1013) as f32).collect();
    let din = dev.alloc(n * 4).unwrap();
    let dout = dev.alloc(n * 4).unwrap();
    dev.copy_to_device(din, &f32s(&input)).unwrap();
    let module = dev.load_module(&shared_ptx()).unwrap();
    let expected: Vec<f32> = (0..n)
        .map(|g| {
            let (b, t) = (g / threads, g % threads);
            input[b * threads + threads - 1 - t]
        })
        .collect();
    for (kernel, shared) in [("reverse_static", 0), ("reverse_dynamic", threads * 4)] {
        dev.memset(dout, 0, n * 4).unwrap();
        let config = LaunchConfig {
            grid: [blocks as u32, 1, 1],
            block: [threads as u32, 1, 1],
            shared_bytes: shared as u32,
        };
        dev.launch(
            &module,
            kernel,
            &config,
            &[&din.0.to_le_bytes(), &dout.0.to_le_bytes()],
        )
        .unwrap();
        let mut out = vec![0u8; n * 4];
        dev.copy_from_device(&mut out, dout).unwrap();
        assert_eq!(from_f32s(&out), expected, "{kernel}");
    }
    // Function attributes of the static kernel: its shared memory.
    let f = module.raw_function("reverse_static").unwrap();
    let mut value: c_int = 0;
    // SAFETY: an out-pointer to a live int; a live function.
    let code = unsafe {
        (dev.driver().api().func_get_attribute)(&mut value, cudarc_attr_shared_size_bytes(), f)
    };
    assert_eq!((code, value), (0, 1024));
}

/// `CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES` in the runtime's signature.
fn cudarc_attr_shared_size_bytes() -> cudarc::driver::sys::CUfunction_attribute {
    cudarc::driver::sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES
}

const SCALARS_PTX: &str = r#"
.version 7.0
.target sm_80
.address_size 64

// Stores each scalar parameter at a fixed offset of `out`.
.visible .entry scalars(
    .param .u64 out,
    .param .s8 a,
    .param .s16 b,
    .param .u8 c,
    .param .s32 d,
    .param .s64 e,
    .param .f32 f,
    .param .u16 g,
    .param .f64 h
)
{
    .reg .b16 %h<4>;
    .reg .b32 %r<2>;
    .reg .b64 %rd<3>;
    .reg .f32 %f<1>;
    .reg .f64 %fd<1>;
    ld.param.u64 %rd0, [out];
    ld.param.s8 %h0, [a];
    st.global.b8 [%rd0], %h0;
    ld.param.s16 %h1, [b];
    st.global.b16 [%rd0+2], %h1;
    ld.param.u8 %h2, [c];
    st.global.b8 [%rd0+4], %h2;
    ld.param.s32 %r0, [d];
    st.global.b32 [%rd0+8], %r0;
    ld.param.s64 %rd1, [e];
    st.global.b64 [%rd0+16], %rd1;
    ld.param.f32 %f0, [f];
    st.global.f32 [%rd0+24], %f0;
    ld.param.u16 %h3, [g];
    st.global.b16 [%rd0+28], %h3;
    ld.param.f64 %fd0, [h];
    st.global.f64 [%rd0+32], %fd0;
    ret;
}
"#;

/// The expected `out` bytes of `scalars`.
/// The parameters of `scalars` after `out`.
type Scalars = (i8, i16, u8, i32, i64, f32, u16, f64);

fn scalars_expected((a, b, c, d, e, f, g, h): Scalars) -> Vec<u8> {
    let mut out = vec![0u8; 40];
    out[0] = a as u8;
    out[2..4].copy_from_slice(&b.to_le_bytes());
    out[4] = c;
    out[8..12].copy_from_slice(&d.to_le_bytes());
    out[16..24].copy_from_slice(&e.to_le_bytes());
    out[24..28].copy_from_slice(&f.to_le_bytes());
    out[28..30].copy_from_slice(&g.to_le_bytes());
    out[32..40].copy_from_slice(&h.to_le_bytes());
    out
}

#[test]
fn scalars_of_every_size() {
    let dev = device();
    let module = dev.load_module(SCALARS_PTX).unwrap();
    assert_eq!(
        module.kernel_params("scalars").unwrap(),
        [8, 1, 2, 1, 4, 8, 4, 2, 8]
    );
    let out = dev.alloc(40).unwrap();
    let (a, b, c, d, e, f, g, h) = (
        -7i8,
        -12345i16,
        0xF0u8,
        -2_000_000_000i32,
        -(1i64 << 60) - 3,
        3.25f32,
        0xBEEFu16,
        -1.0e300f64,
    );
    let one = LaunchConfig {
        grid: [1, 1, 1],
        block: [1, 1, 1],
        shared_bytes: 0,
    };
    dev.launch(
        &module,
        "scalars",
        &one,
        &[
            &out.0.to_le_bytes(),
            &a.to_le_bytes(),
            &b.to_le_bytes(),
            &c.to_le_bytes(),
            &d.to_le_bytes(),
            &e.to_le_bytes(),
            &f.to_le_bytes(),
            &g.to_le_bytes(),
            &h.to_le_bytes(),
        ],
    )
    .unwrap();
    let mut back = vec![0u8; 40];
    dev.copy_from_device(&mut back, out).unwrap();
    assert_eq!(back, scalars_expected((a, b, c, d, e, f, g, h)));

    // The same through `extra`: one buffer with each parameter at its
    // alignment (out 0, a 8, b 10, c 12, d 16, e 24, f 32, g 36, h 40).
    dev.memset(out, 0, 40).unwrap();
    let mut buffer = vec![0u8; 48];
    buffer[0..8].copy_from_slice(&out.0.to_le_bytes());
    buffer[8] = 5i8 as u8;
    buffer[10..12].copy_from_slice(&7i16.to_le_bytes());
    buffer[12] = 9;
    buffer[16..20].copy_from_slice(&11i32.to_le_bytes());
    buffer[24..32].copy_from_slice(&13i64.to_le_bytes());
    buffer[32..36].copy_from_slice(&1.5f32.to_le_bytes());
    buffer[36..38].copy_from_slice(&17u16.to_le_bytes());
    buffer[40..48].copy_from_slice(&2.5f64.to_le_bytes());
    let mut size = buffer.len();
    let mut extra: [*mut c_void; 5] = [
        std::ptr::without_provenance_mut(1), // CU_LAUNCH_PARAM_BUFFER_POINTER
        buffer.as_mut_ptr().cast(),
        std::ptr::without_provenance_mut(2), // CU_LAUNCH_PARAM_BUFFER_SIZE
        (&mut size as *mut usize).cast(),
        std::ptr::null_mut(), // CU_LAUNCH_PARAM_END
    ];
    let function = module.raw_function("scalars").unwrap();
    let api = dev.driver().api();
    let _current = dev.enter().unwrap();
    // SAFETY: a live function; `extra` is terminated and its buffer and
    // size outlive the (synchronous) call.
    let code = unsafe {
        (api.launch_kernel)(
            function,
            1,
            1,
            1,
            1,
            1,
            1,
            0,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            extra.as_mut_ptr(),
        )
    };
    assert_eq!(code, 0, "{}", last_error());
    dev.copy_from_device(&mut back, out).unwrap();
    assert_eq!(back, scalars_expected((5, 7, 9, 11, 13, 1.5, 17, 2.5)));

    // A NULL parameter pointer, or no parameters at all, is refused.
    let mut slots = [std::ptr::null_mut::<c_void>(); 9];
    // SAFETY: nine slots, the first NULL: the driver must refuse it
    // without reading through it.
    let code = unsafe {
        (api.launch_kernel)(
            function,
            1,
            1,
            1,
            1,
            1,
            1,
            0,
            std::ptr::null_mut(),
            slots.as_mut_ptr(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!(code, 1, "CUDA_ERROR_INVALID_VALUE");
    // SAFETY: no parameters at all.
    let code = unsafe {
        (api.launch_kernel)(
            function,
            1,
            1,
            1,
            1,
            1,
            1,
            0,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!(code, 1, "CUDA_ERROR_INVALID_VALUE");
}

#[test]
fn bad_device_pointers_are_invalid_values() {
    let dev = device();
    let buf = dev.alloc(64).unwrap();
    let invalid = |r: Result<(), GpuError>| assert_eq!(driver_code(&r.unwrap_err()), 1);
    // Never allocated, past the end, straddling the end.
    invalid(dev.copy_to_device(DevicePtr(0xdead_beef), &[1, 2, 3]));
    invalid(dev.copy_to_device(DevicePtr(8), &[1]));
    invalid(dev.copy_to_device(buf.offset(60), &[0; 8]));
    invalid(dev.copy_from_device(&mut [0; 65], buf));
    invalid(dev.memset(buf.offset(64), 0, 1));
    invalid(dev.copy_device_to_device(buf, DevicePtr(0x42), 4));
    // Inside the allocation is fine.
    dev.copy_to_device(buf.offset(56), &[9; 8]).unwrap();
    // An interior pointer is not freed; a freed one is gone.
    invalid(dev.free(buf.offset(8)));
    dev.free(buf).unwrap();
    invalid(dev.free(buf));
    invalid(dev.copy_to_device(buf, &[1]));
    invalid(dev.copy_from_device(&mut [0; 4], buf));
    assert!(
        last_error().contains("outside every allocation"),
        "{}",
        last_error()
    );

    // NULL host pointers and out-parameters.
    let api = dev.driver().api();
    let _current = dev.enter().unwrap();
    let ok = dev.alloc(16).unwrap();
    // SAFETY: NULL pointers, which the driver must refuse without use.
    unsafe {
        assert_eq!((api.memcpy_htod)(ok.0, std::ptr::null(), 4), 1);
        assert_eq!((api.memcpy_dtoh)(std::ptr::null_mut(), ok.0, 4), 1);
        assert_eq!((api.mem_alloc)(std::ptr::null_mut(), 16), 1);
        assert_eq!((api.device_get)(std::ptr::null_mut(), 0), 1);
        assert_eq!(
            (api.mem_get_info)(std::ptr::null_mut(), std::ptr::null_mut()),
            1
        );
        assert_eq!((api.stream_create)(std::ptr::null_mut(), 0), 1);
        assert_eq!(
            (api.module_load_data_ex)(
                std::ptr::null_mut(),
                c"".as_ptr().cast(),
                0,
                std::ptr::null_mut(),
                std::ptr::null_mut()
            ),
            1
        );
        // Handles that were never made are invalid handles (400).
        assert_eq!(
            (api.stream_destroy)(std::ptr::without_provenance_mut(0x1234)),
            400
        );
        assert_eq!(
            (api.event_destroy)(std::ptr::without_provenance_mut(0x1234)),
            400
        );
        assert_eq!(
            (api.module_unload)(std::ptr::without_provenance_mut(0x1234)),
            400
        );
    }
    dev.free(ok).unwrap();
}

#[test]
fn jit_errors_fill_the_error_log() {
    let dev = device();
    let err = dev
        .load_module(".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k() { not_an_instruction; }\n")
        .unwrap_err();
    let GpuError::Jit {
        status, error_log, ..
    } = &err
    else {
        panic!("expected a JIT error, got {err:?}");
    };
    assert!(
        status.code == 218 || status.code == 801,
        "INVALID_PTX or NOT_SUPPORTED: {err}"
    );
    assert!(error_log.contains("not_an_instruction"), "{error_log}");
    assert_eq!(dev.cached_modules(), 0);
}

#[test]
fn module_globals_are_device_memory() {
    let dev = device();
    let ptx = ".version 7.0\n.target sm_80\n.address_size 64\n\
               .global .align 4 .u32 counter[4] = {1, 2, 3, 4};\n\
               .visible .entry bump()\n{\n .reg .b32 %r<2>;\n .reg .b64 %rd<1>;\n\
               mov.u64 %rd0, counter;\n ld.global.u32 %r0, [%rd0+4];\n\
               add.u32 %r1, %r0, 40;\n st.global.u32 [%rd0+4], %r1;\n ret;\n}\n";
    let module = dev.load_module(ptx).unwrap();
    let (p, size) = module.global("counter").expect("global");
    assert_eq!(size, 16);
    let one = LaunchConfig {
        grid: [1, 1, 1],
        block: [1, 1, 1],
        shared_bytes: 0,
    };
    dev.launch(&module, "bump", &one, &[]).unwrap();
    let mut back = [0u8; 16];
    dev.copy_from_device(&mut back, p).unwrap();
    let words: Vec<u32> = back
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(words, [1, 42, 3, 4]);
    // A module variable is not cuMemAlloc's to free.
    assert_eq!(driver_code(&dev.free(p).unwrap_err()), 1);
    assert_eq!(module.global("nothing"), None);
}

type CtxCreate = unsafe extern "C" fn(*mut *mut c_void, c_uint, c_int) -> u32;
type CtxOne = unsafe extern "C" fn(*mut c_void) -> u32;
type CtxGet = unsafe extern "C" fn(*mut *mut c_void) -> u32;
type ErrorText = unsafe extern "C" fn(u32, *mut *const c_char) -> u32;

#[test]
fn contexts_own_their_memory() {
    let dev = device(); // initialises the driver
    let create: CtxCreate = raw("cuCtxCreate_v2");
    let destroy: CtxOne = raw("cuCtxDestroy_v2");
    let get: CtxGet = raw("cuCtxGetCurrent");
    let api = dev.driver().api();
    let mut ctx = std::ptr::null_mut();
    let mut current = std::ptr::null_mut();
    // SAFETY: out-pointers to live values; handles from the driver.
    unsafe {
        assert_eq!(get(&mut current), 0);
        assert!(current.is_null(), "nothing current on a fresh thread");
        assert_eq!(create(&mut ctx, 0, 0), 0);
        assert_eq!(get(&mut current), 0);
        assert_eq!(current, ctx);
        let mut p = 0u64;
        assert_eq!((api.mem_alloc)(&mut p, 256), 0);
        assert_eq!((api.memset_d8)(p, 7, 256), 0);
        assert_eq!(destroy(ctx), 0);
        assert_eq!(get(&mut current), 0);
        assert!(current.is_null(), "destroy pops the context");
        let pop: CtxGet = raw("cuCtxPopCurrent_v2");
        assert_eq!(pop(&mut current), 201, "nothing to pop");
        // Its memory went with it; with no context, memory calls fail.
        assert_eq!((api.memset_d8)(p, 7, 256), 201, "INVALID_CONTEXT");
        let _in_primary = dev.enter().unwrap();
        assert_eq!((api.memset_d8)(p, 7, 256), 1, "freed with its context");
        assert_eq!(destroy(ctx), 201, "destroyed twice");
    }
}

/// NVIDIA's driver finds the default stream (`NULL`) through the current
/// context: recording an event there with none current is
/// `CUDA_ERROR_INVALID_CONTEXT`, as kernelc's runtime met on an H200 (its
/// launches recorded their timing events outside the context).
#[test]
fn the_default_stream_needs_a_current_context() {
    let dev = device();
    let api = dev.driver().api();
    let event = dev.event().expect("an event");
    use cudarc::driver::sys::{CUevent, CUstream};
    let record: unsafe extern "C" fn(CUevent, CUstream) -> u32 = raw("cuEventRecord");
    let get: CtxGet = raw("cuCtxGetCurrent");
    let mut current = std::ptr::null_mut();
    let mut raw_event: CUevent = std::ptr::null_mut();
    // SAFETY: out-pointers to live values; handles from the driver.
    unsafe {
        assert_eq!(get(&mut current), 0);
        assert!(current.is_null(), "nothing current on a fresh thread");
        {
            let _in = dev.enter().unwrap();
            assert_eq!((api.event_create)(&mut raw_event, 0), 0);
        }
        assert_eq!(
            record(raw_event, std::ptr::null_mut()),
            201,
            "INVALID_CONTEXT"
        );
        assert!(
            last_error().contains("no context is current"),
            "{}",
            last_error()
        );
        {
            let _in = dev.enter().unwrap();
            assert_eq!(record(raw_event, std::ptr::null_mut()), 0);
            assert_eq!((api.event_destroy)(raw_event), 0);
        }
    }
    // The runtime's own events make their context current around each call.
    event.record(None).expect("recorded on the default stream");
    event.synchronize().expect("synchronized");
}

#[test]
fn error_names_and_strings() {
    let name: ErrorText = raw("cuGetErrorName");
    let string: ErrorText = raw("cuGetErrorString");
    let text = |f: ErrorText, code: u32| {
        let mut p: *const c_char = std::ptr::null();
        // SAFETY: an out-pointer; the driver returns a static string.
        let rc = unsafe { f(code, &mut p) };
        // SAFETY: non-NULL strings are static and NUL-terminated.
        (
            rc,
            (!p.is_null()).then(|| {
                unsafe { std::ffi::CStr::from_ptr(p) }
                    .to_str()
                    .unwrap()
                    .to_string()
            }),
        )
    };
    assert_eq!(
        text(name, 700),
        (0, Some("CUDA_ERROR_ILLEGAL_ADDRESS".into()))
    );
    assert_eq!(text(string, 1), (0, Some("invalid argument".into())));
    assert_eq!(text(name, 99_999), (1, None));
    // SAFETY: a NULL out-pointer is refused.
    assert_eq!(unsafe { name(0, std::ptr::null_mut()) }, 1);
}

type MemsetD32 = unsafe extern "C" fn(u64, c_uint, usize) -> u32;

#[test]
fn memset_of_32_bit_words() {
    let dev = device();
    let memset_d32: MemsetD32 = raw("cuMemsetD32_v2");
    let p = dev.alloc(16).unwrap();
    {
        let _current = dev.enter().unwrap();
        // SAFETY: plain values; the driver checks the range.
        unsafe {
            assert_eq!(memset_d32(p.0 + 4, 0xDEAD_BEEF, 2), 0);
            assert_eq!(memset_d32(p.0 + 2, 1, 1), 1, "misaligned");
            assert_eq!(memset_d32(p.0 + 8, 1, 3), 1, "past the end");
        }
    }
    let mut back = [0u8; 16];
    dev.copy_from_device(&mut back, p).unwrap();
    let mut expected = [0u8; 16];
    expected[4..8].copy_from_slice(&0xDEAD_BEEFu32.to_le_bytes());
    expected[8..12].copy_from_slice(&0xDEAD_BEEFu32.to_le_bytes());
    assert_eq!(back, expected);
    dev.free(p).unwrap();
}

type StreamCreate = unsafe extern "C" fn(*mut *mut c_void, c_uint) -> u32;
type StreamDestroy = unsafe extern "C" fn(*mut c_void) -> u32;

#[test]
fn a_wrapped_foreign_stream_is_used_and_never_destroyed() {
    let dev = device();
    let create: StreamCreate = raw("cuStreamCreate");
    let destroy: StreamDestroy = raw("cuStreamDestroy_v2");
    // A stream another library made, straight through the driver API.
    let mut foreign: *mut c_void = std::ptr::null_mut();
    {
        let _current = dev.enter().unwrap();
        // SAFETY: an out-pointer to a live handle; a context is current.
        assert_eq!(unsafe { create(&mut foreign, 0) }, 0);
    }
    let n = 64;
    let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let (da, dout) = (dev.alloc(n * 4).unwrap(), dev.alloc(n * 4).unwrap());
    dev.copy_to_device(da, &f32s(&a)).unwrap();
    let module = dev.load_module(&vector_add_ptx(dev.ptx_target())).unwrap();
    let [pa, na, sa] = array_params(da.0, n, 4);
    let [po, no, so] = array_params(dout.0, n, 4);
    let params: [&[u8]; 9] = [&pa, &na, &sa, &pa, &na, &sa, &po, &no, &so];
    let config = LaunchConfig {
        grid: [1, 1, 1],
        block: [n as u32, 1, 1],
        shared_bytes: 0,
    };
    for _ in 0..2 {
        // SAFETY: `foreign` is a live stream of the device's context and
        // outlives the wrapper (destroyed below, after it).
        let wrapped = unsafe { dev.wrap_stream(foreign.cast()) };
        assert!(!wrapped.is_owned());
        assert_eq!(wrapped.raw().cast::<c_void>(), foreign);
        dev.launch_async(&module, "vadd", &config, &params, Some(&wrapped))
            .unwrap();
        wrapped.synchronize().unwrap();
        let mut out = vec![0u8; n * 4];
        dev.copy_from_device(&mut out, dout).unwrap();
        let doubled: Vec<f32> = a.iter().map(|x| 2.0 * x).collect();
        assert_eq!(from_f32s(&out), doubled);
        // Dropping the wrapper leaves the stream alive: the second round
        // wraps it again.
        drop(wrapped);
    }
    {
        let _current = dev.enter().unwrap();
        // SAFETY: the owner destroys its stream once; it was live, so the
        // driver says success (a stream kernelc had destroyed would be an
        // invalid handle here).
        assert_eq!(unsafe { destroy(foreign) }, 0);
    }
    // kernelc's own streams are still destroyed on drop.
    let own = dev.stream().unwrap();
    assert!(own.is_owned());
    let raw = own.raw();
    drop(own);
    let _current = dev.enter().unwrap();
    // SAFETY: a stale handle: the driver refuses it (non-zero status).
    assert_ne!(unsafe { destroy(raw.cast()) }, 0);
}

#[test]
fn modules_linked_by_the_drivers_linker() {
    // The runtime's `cuLinkCreate`/`cuLinkAddData`/`cuLinkComplete` path:
    // a kernel calling `mul_f32`, which another PTX module defines.
    let caller = include_str!("../../tests/link/caller.ptx");
    let functions = include_str!("../../tests/link/functions.ptx");
    let dev = device();
    let module = dev.load_module_linked(&[caller, functions]).expect("link");
    assert_eq!(module.kernels(), ["k"]);
    let n = 100usize;
    let a: Vec<f32> = (0..n).map(|i| i as f32 * 0.25 - 4.0).collect();
    let b: Vec<f32> = (0..n).map(|i| 2.0 - i as f32 * 0.5).collect();
    let (da, db, dout) = (
        dev.alloc(n * 4).unwrap(),
        dev.alloc(n * 4).unwrap(),
        dev.alloc(n * 4).unwrap(),
    );
    dev.copy_to_device(da, &f32s(&a)).unwrap();
    dev.copy_to_device(db, &f32s(&b)).unwrap();
    let config = LaunchConfig {
        grid: [1, 1, 1],
        block: [128, 1, 1],
        shared_bytes: 0,
    };
    let params = [
        dout.0.to_le_bytes().to_vec(),
        da.0.to_le_bytes().to_vec(),
        db.0.to_le_bytes().to_vec(),
        (n as u32).to_le_bytes().to_vec(),
    ];
    let params: Vec<&[u8]> = params.iter().map(|p| &p[..]).collect();
    dev.launch(&module, "k", &config, &params).expect("launch");
    let mut out = vec![0u8; n * 4];
    dev.copy_from_device(&mut out, dout).unwrap();
    let want: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x * y).collect();
    assert_eq!(from_f32s(&out), want);
    // The same inputs are the cached module; two definitions of one name
    // fail to link with the driver's error (the emulated linker writes no
    // log into the caller's buffers).
    let again = dev.load_module_linked(&[caller, functions]).expect("link");
    assert!(Arc::ptr_eq(&module, &again));
    let err = dev
        .load_module_linked(&[caller, functions, functions])
        .unwrap_err();
    let GpuError::Jit { status, .. } = &err else {
        panic!("expected a JIT error, got {err:?}");
    };
    assert_eq!(status.name, "CUDA_ERROR_INVALID_PTX");
}
