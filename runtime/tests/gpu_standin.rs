//! The GPU runtime against stand-in drivers: small libraries built from
//! `gpu_standin.c` by `gcc` at test time, so discovery, error reporting,
//! device properties and the device API are proved without a GPU.

use kernelc_runtime::gpu::{
    DevicePtr, DriverSearch, Failure, GpuDevice, GpuError, LaunchConfig, Source,
};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

/// Builds the stand-in with `defines` into `dir/name` and returns its path.
fn build(dir: &Path, name: &str, defines: &[&str]) -> PathBuf {
    let out = dir.join(name);
    if let Some(parent) = out.parent() {
        std::fs::create_dir_all(parent).expect("create the library's directory");
    }
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gpu_standin.c");
    let mut gcc = Command::new("gcc");
    gcc.args(["-shared", "-fPIC", "-O1", "-o"])
        .arg(&out)
        .arg(&source);
    for d in defines {
        gcc.arg(format!("-D{d}"));
    }
    let status = gcc.status().expect("run gcc");
    assert!(status.success(), "gcc failed for {name} {defines:?}");
    out
}

/// A search with these variables, compat dirs and system names.
fn search(vars: &[(&str, &Path)], compat: &[PathBuf], system: &[&Path]) -> DriverSearch {
    let vars: Vec<(String, OsString)> = vars
        .iter()
        .map(|(k, v)| (k.to_string(), v.as_os_str().to_owned()))
        .collect();
    let system: Vec<OsString> = system.iter().map(|p| p.as_os_str().to_owned()).collect();
    DriverSearch::new(
        move |k| vars.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()),
        compat,
        &system,
    )
}

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().expect("temporary directory")
}

fn version_of(s: &DriverSearch) -> (Source, String) {
    let driver = s.load().expect("a stand-in loads");
    (driver.place().source.clone(), driver.version().to_string())
}

#[test]
fn discovery_order_kernelc_then_numba_then_system_then_compat() {
    let dir = tmp();
    let kernelc = build(dir.path(), "k/libcuda.so.1", &["DRIVER_VERSION=12010"]);
    let numba = build(dir.path(), "n/libcuda.so.1", &["DRIVER_VERSION=12020"]);
    build(
        dir.path(),
        "home/compat/libcuda.so.1",
        &["DRIVER_VERSION=12030"],
    );
    build(
        dir.path(),
        "default/compat/libcuda.so.1",
        &["DRIVER_VERSION=12050"],
    );
    let system = build(dir.path(), "sys/libcuda.so.1", &["DRIVER_VERSION=12040"]);
    let no_system = Path::new("libkernelc-no-such-driver.so.1");
    let home = dir.path().join("home");
    let default_compat = vec![dir.path().join("default/compat")];

    let all = search(
        &[
            ("KERNELC_CUDA_DRIVER", &kernelc),
            ("NUMBA_CUDA_DRIVER", &numba),
            ("CUDA_HOME", &home),
        ],
        &default_compat,
        &[&system],
    );
    assert_eq!(
        version_of(&all),
        (Source::Env("KERNELC_CUDA_DRIVER"), "12.1".into())
    );

    let no_kernelc = search(
        &[("NUMBA_CUDA_DRIVER", &numba), ("CUDA_HOME", &home)],
        &default_compat,
        &[&system],
    );
    assert_eq!(
        version_of(&no_kernelc),
        (Source::Env("NUMBA_CUDA_DRIVER"), "12.2".into())
    );

    // A working system driver wins over every forward-compatibility one.
    let system_first = search(&[("CUDA_HOME", &home)], &default_compat, &[&system]);
    assert_eq!(version_of(&system_first), (Source::System, "12.4".into()));

    let compat_var = search(&[("CUDA_HOME", &home)], &default_compat, &[no_system]);
    assert_eq!(
        version_of(&compat_var),
        (Source::Compat(Some("CUDA_HOME")), "12.3".into())
    );

    let compat_default = search(&[], &default_compat, &[no_system]);
    assert_eq!(
        version_of(&compat_default),
        (Source::Compat(None), "12.5".into())
    );
}

#[test]
fn a_compat_driver_is_not_loaded_while_the_system_one_works() {
    // On an H200 with driver 580 the toolkit's compat driver answers
    // CUDA_ERROR_SYSTEM_DRIVER_MISMATCH; tried first, it also took the name
    // libcuda.so.1 in the process. The system driver must be tried first.
    let dir = tmp();
    build(
        dir.path(),
        "cuda/compat/libcuda.so.1",
        &["INIT_RESULT=803"], // CUDA_ERROR_SYSTEM_DRIVER_MISMATCH
    );
    let system = build(dir.path(), "sys/libcuda.so.1", &[]);
    let s = search(&[("CUDA_PATH", &dir.path().join("cuda"))], &[], &[&system]);
    for _ in 0..3 {
        // Opened again and again in one process, as tests and bindings do.
        assert_eq!(version_of(&s).0, Source::System);
    }
}

#[test]
fn a_failing_system_driver_falls_back_to_the_compat_one() {
    let dir = tmp();
    build(dir.path(), "cuda/compat/libcuda.so.1", &[]);
    let system = build(
        dir.path(),
        "sys/libcuda.so.1",
        &["INIT_RESULT=804"], // CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE
    );
    let s = search(&[("CUDA_PATH", &dir.path().join("cuda"))], &[], &[&system]);
    assert_eq!(version_of(&s).0, Source::Compat(Some("CUDA_PATH")));
}

#[test]
fn numba_driver_zero_means_no_gpu() {
    let dir = tmp();
    let system = build(dir.path(), "sys/libcuda.so.1", &[]);
    let err = search(&[("NUMBA_CUDA_DRIVER", Path::new("0"))], &[], &[&system])
        .load()
        .unwrap_err();
    assert_eq!(
        err,
        GpuError::Disabled {
            var: "NUMBA_CUDA_DRIVER"
        }
    );
    assert!(err.is_no_gpu());
    assert_eq!(
        err.to_string(),
        "no GPU: NUMBA_CUDA_DRIVER=0 turns the GPU off"
    );
}

#[test]
fn a_variable_naming_a_missing_file_is_an_error_naming_it_without_fallback() {
    let dir = tmp();
    let system = build(dir.path(), "sys/libcuda.so.1", &[]);
    let missing = dir.path().join("nowhere/libcuda.so.1");
    for var in ["KERNELC_CUDA_DRIVER", "NUMBA_CUDA_DRIVER"] {
        let err = search(&[(var, &missing)], &[], &[&system])
            .load()
            .unwrap_err();
        assert_eq!(
            err,
            GpuError::MissingDriverFile {
                var,
                path: missing.clone()
            }
        );
        let text = err.to_string();
        assert!(
            text.contains(var) && text.contains(&*missing.to_string_lossy()),
            "{text}"
        );
        assert!(text.contains("does not exist"), "{text}");
    }
}

#[test]
fn the_toolkit_stub_is_named_as_a_stub() {
    let dir = tmp();
    let stub = build(
        dir.path(),
        "cuda/lib64/stubs/libcuda.so",
        &["INIT_RESULT=34"],
    );
    let err = search(&[("KERNELC_CUDA_DRIVER", &stub)], &[], &[])
        .load()
        .unwrap_err();
    let GpuError::NoDriver { attempts } = &err else {
        panic!("expected NoDriver, got {err:?}");
    };
    assert_eq!(attempts.len(), 1);
    assert_eq!(attempts[0].failure, Failure::Stub);
    let text = err.to_string();
    assert!(text.contains("stub library"), "{text}");
    assert!(text.contains("stubs/libcuda.so"), "{text}");
    assert!(err.is_no_gpu());

    // As a fall-back candidate it is passed over for the real driver.
    let real = build(dir.path(), "sys/libcuda.so.1", &[]);
    let s = search(&[], &[], &[&stub, &real]);
    assert_eq!(
        s.load().expect("real driver").place().spec,
        real.as_os_str()
    );
}

#[test]
fn no_device_is_a_clean_error() {
    let dir = tmp();
    let lib = build(dir.path(), "nodev/libcuda.so.1", &["INIT_RESULT=100"]);
    let err = search(&[("KERNELC_CUDA_DRIVER", &lib)], &[], &[])
        .load()
        .unwrap_err();
    let GpuError::NoDriver { attempts } = &err else {
        panic!("expected NoDriver, got {err:?}");
    };
    let Failure::Call { call, status } = &attempts[0].failure else {
        panic!("expected a failed call, got {:?}", attempts[0].failure);
    };
    assert_eq!(*call, "cuInit");
    assert_eq!(status.code, 100);
    assert_eq!(status.name, "CUDA_ERROR_NO_DEVICE");
    assert_eq!(
        status.message,
        "standin: no CUDA-capable device is detected"
    );
    assert!(err.is_no_gpu());

    // A driver that initialises but counts no devices.
    let zero = build(dir.path(), "zero/libcuda.so.1", &["DEVICE_COUNT=0"]);
    let driver = search(&[("KERNELC_CUDA_DRIVER", &zero)], &[], &[])
        .load()
        .expect("loads");
    assert_eq!(driver.device_count(), Ok(0));
    let err = GpuDevice::with_driver(driver, 0)
        .err()
        .expect("no device 0");
    assert_eq!(
        err,
        GpuError::NoDevice {
            ordinal: 0,
            count: 0
        }
    );
    assert_eq!(err.to_string(), "no GPU 0: the driver sees 0 devices");
}

#[test]
fn a_missing_entry_point_is_an_error_naming_it() {
    let dir = tmp();
    let lib = build(dir.path(), "nolaunch/libcuda.so.1", &["OMIT_LAUNCH"]);
    let err = search(&[("KERNELC_CUDA_DRIVER", &lib)], &[], &[])
        .load()
        .unwrap_err();
    let GpuError::NoDriver { attempts } = &err else {
        panic!("expected NoDriver, got {err:?}");
    };
    assert_eq!(
        attempts[0].failure,
        Failure::MissingSymbols(vec!["cuLaunchKernel"])
    );
    assert!(err
        .to_string()
        .contains("lacks the driver entry point cuLaunchKernel"));

    // A library without even cuInit.
    let empty_src = dir.path().join("empty.c");
    std::fs::write(&empty_src, "int not_a_driver;\n").expect("write");
    let empty = dir.path().join("libempty.so");
    let ok = Command::new("gcc")
        .args(["-shared", "-fPIC", "-o"])
        .arg(&empty)
        .arg(&empty_src)
        .status()
        .expect("gcc");
    assert!(ok.success());
    let err = search(&[("KERNELC_CUDA_DRIVER", &empty)], &[], &[])
        .load()
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("lacks the driver entry point cuInit"),
        "{err}"
    );

    // Only cuInit: every other entry point is listed.
    let only_init = build(dir.path(), "onlyinit/libcuda.so.1", &["ONLY_INIT"]);
    let err = search(&[("KERNELC_CUDA_DRIVER", &only_init)], &[], &[])
        .load()
        .unwrap_err();
    let text = err.to_string();
    for name in ["cuMemAlloc_v2", "cuModuleLoadDataEx", "cuEventDestroy_v2"] {
        assert!(text.contains(name), "{text}");
    }
}

#[test]
fn when_nothing_loads_the_error_lists_every_place_tried() {
    let dir = tmp();
    let home = dir.path().join("home");
    let garbage_dir = dir.path().join("garbage/compat");
    std::fs::create_dir_all(&garbage_dir).expect("mkdir");
    std::fs::write(garbage_dir.join("libcuda.so.1"), "not a library").expect("write");
    let stub = build(dir.path(), "stubs/libcuda.so", &["INIT_RESULT=34"]);
    let nodev = build(dir.path(), "nodev/libcuda.so.1", &["INIT_RESULT=100"]);
    let no_such = Path::new("libkernelc-no-such-driver.so.1");
    let err = search(
        &[("CUDA_HOME", &home)],
        std::slice::from_ref(&garbage_dir),
        &[no_such, &stub, &nodev],
    )
    .load()
    .unwrap_err();
    let GpuError::NoDriver { attempts } = &err else {
        panic!("expected NoDriver, got {err:?}");
    };
    assert_eq!(attempts.len(), 5);
    assert!(matches!(attempts[0].failure, Failure::Unloadable(_)));
    assert_eq!(attempts[0].place.source, Source::System);
    assert_eq!(attempts[1].failure, Failure::Stub);
    assert!(matches!(
        attempts[2].failure,
        Failure::Call { call: "cuInit", .. }
    ));
    assert_eq!(attempts[3].failure, Failure::NotFound);
    assert_eq!(attempts[3].place.source, Source::Compat(Some("CUDA_HOME")));
    assert!(matches!(attempts[4].failure, Failure::Unloadable(_)));
    let text = err.to_string();
    assert_eq!(text.lines().count(), 6, "{text}");
    assert!(text.starts_with("no usable CUDA driver; tried:"), "{text}");
    for needle in [
        "home/compat/libcuda.so.1 (forward-compatibility driver under $CUDA_HOME): no such file",
        "garbage/compat/libcuda.so.1 (forward-compatibility driver): cannot be loaded",
        "libkernelc-no-such-driver.so.1 (system loader): cannot be loaded",
        "stubs/libcuda.so (system loader): is the CUDA toolkit's stub library",
        "CUDA_ERROR_NO_DEVICE (100): standin: no CUDA-capable device is detected",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
}

/// The stand-in's record of the last launch's grid, block and shared
/// bytes, read through the library `dev` was opened from.
fn last_launch(dev: &GpuDevice) -> [u32; 7] {
    let spec = &dev.driver().place().spec;
    // SAFETY: reopening the stand-in already loaded (same handle).
    let lib = unsafe { libloading::Library::new(spec) }.expect("reopen");
    // SAFETY: the stand-in exports `const unsigned *standin_last_launch(void)`.
    let f = unsafe { lib.get::<unsafe extern "C" fn() -> *const u32>(b"standin_last_launch") }
        .map(|s| *s)
        .expect("symbol");
    // SAFETY: it points at a static array of 7 unsigned ints.
    unsafe { *f().cast::<[u32; 7]>() }
}

/// The one-device stand-in, opened as GPU 0.
fn standin_device(dir: &Path, defines: &[&str]) -> GpuDevice {
    let lib = build(dir, "dev/libcuda.so.1", defines);
    let driver = search(&[("KERNELC_CUDA_DRIVER", &lib)], &[], &[])
        .load()
        .expect("stand-in loads");
    GpuDevice::with_driver(driver, 0).expect("stand-in device opens")
}

#[test]
fn device_properties_and_target_choice() {
    let dir = tmp();
    let dev = standin_device(dir.path(), &[]);
    let p = dev.props();
    assert_eq!(p.name, "Kernelc Standin GPU");
    assert_eq!(p.capability, (8, 6));
    assert_eq!(p.total_memory, 8 << 30);
    assert_eq!(p.sm_count, 10);
    assert_eq!(p.clock_khz, 1_500_000);
    assert_eq!(p.max_threads_per_block, 1024);
    assert_eq!(p.max_ptx_isa, (8, 4));
    assert_eq!(p.peak_bandwidth(), Some(64e9));
    assert_eq!(dev.ptx_target().sm, 86);
    assert_eq!(dev.driver().device_count(), Ok(1));
    assert_eq!(
        p.describe(),
        "gpu 0: Kernelc Standin GPU, sm_86 (compute 8.6), 10 SMs at 1500 MHz, 8.0 GiB, 64 GB/s peak"
    );
    assert_eq!(dev.name(), "GPU 0 (Kernelc Standin GPU)");
    let err = GpuDevice::with_driver(Arc::clone(dev.driver()), 1)
        .err()
        .expect("no GPU 1");
    assert_eq!(
        err,
        GpuError::NoDevice {
            ordinal: 1,
            count: 1
        }
    );
}

#[test]
fn newer_devices_get_sm_90_and_old_drivers_older_ptx() {
    let dir = tmp();
    let blackwell = standin_device(&dir.path().join("a"), &["CC_MAJOR=10", "CC_MINOR=0"]);
    assert_eq!(blackwell.ptx_target().sm, 90);
    let old = standin_device(
        &dir.path().join("b"),
        &["CC_MAJOR=9", "CC_MINOR=0", "DRIVER_VERSION=11000"],
    );
    assert_eq!(old.props().max_ptx_isa, (7, 0));
    assert_eq!(old.ptx_target().sm, 80);
}

#[test]
fn memory_round_trips_and_allocations_are_zeroed() {
    let dir = tmp();
    let dev = standin_device(dir.path(), &[]);
    let p = dev.alloc(16).expect("alloc");
    let mut back = [0xFFu8; 16];
    dev.copy_from_device(&mut back, p).expect("copy back");
    assert_eq!(back, [0; 16], "alloc must zero");
    dev.copy_to_device(p, &[1, 2, 3, 4]).expect("copy in");
    dev.memset(p.offset(8), 9, 4).expect("memset");
    dev.copy_from_device(&mut back, p).expect("copy back");
    assert_eq!(back, [1, 2, 3, 4, 0, 0, 0, 0, 9, 9, 9, 9, 0, 0, 0, 0]);
    let r = dev.alloc(16).expect("alloc");
    dev.copy_device_to_device(r, p, 16)
        .expect("device to device");
    let mut copied = [0u8; 16];
    dev.copy_from_device(&mut copied, r).expect("copy back");
    assert_eq!(copied, back);
    dev.copy_device_to_device(r, p, 0).expect("empty copy");
    dev.free(r).expect("free");
    assert_eq!(dev.memory_info(), Ok((3 << 30, 8 << 30)));
    dev.free(p).expect("free");
    assert_eq!(dev.alloc(0), Ok(DevicePtr::NULL));
    dev.free(DevicePtr::NULL).expect("free null");

    let stream = dev.stream().expect("stream");
    let q = dev.alloc(8).expect("alloc");
    let mut pinned = dev.alloc_pinned(8).expect("pinned");
    assert_eq!(pinned.as_slice(), [0; 8]);
    pinned.as_mut_slice().copy_from_slice(&[5; 8]);
    let mut out = [0u8; 8];
    // SAFETY: both buffers outlive the stream synchronisation below.
    unsafe {
        dev.copy_to_device_async(q, pinned.as_slice(), &stream)
            .expect("async in");
        dev.copy_from_device_async(&mut out, q, &stream)
            .expect("async out");
    }
    stream.synchronize().expect("sync");
    assert_eq!(out, [5; 8]);

    let (a, b) = (dev.event().expect("event"), dev.event().expect("event"));
    a.record(Some(&stream)).expect("record");
    b.record(Some(&stream)).expect("record");
    b.synchronize().expect("sync");
    assert_eq!(b.elapsed_since(&a).expect("elapsed").as_micros(), 500);
    dev.synchronize().expect("device sync");
}

const FILL_PTX: &str = "
.version 8.0
.target sm_86
.address_size 64
.global .align 4 .b8 standin_global[64];
.visible .entry fill(
\t.param .u64 fill_param_0,
\t.param .u32 fill_param_1,
\t.param .u8 fill_param_2
)
{ ret; }
.visible .entry other()
{ ret; }
";

#[test]
fn modules_load_are_cached_and_launch_with_one_byte_vector_per_param() {
    let dir = tmp();
    let dev = standin_device(dir.path(), &[]);
    let module = dev.load_module(FILL_PTX).expect("load");
    assert_eq!(module.kernels(), ["fill", "other"]);
    assert_eq!(module.info_log(), "standin: 0 registers");
    assert_eq!(module.registers("fill"), Ok(12));
    let again = dev.load_module(FILL_PTX).expect("load again");
    assert!(Arc::ptr_eq(&module, &again));
    assert_eq!(dev.cached_modules(), 1);
    let (_, size) = module.global("standin_global").expect("global");
    assert_eq!(size, 64);
    assert_eq!(module.global("no_such_global"), None);

    let buf = dev.alloc(16).expect("alloc");
    let config = LaunchConfig {
        grid: [2, 3, 4],
        block: [32, 2, 1],
        shared_bytes: 256,
    };
    let stats = dev
        .launch(
            &module,
            "fill",
            &config,
            &[&buf.0.to_le_bytes(), &10u32.to_le_bytes(), &[7u8]],
        )
        .expect("launch");
    assert_eq!(stats.kernel_time.as_micros(), 500);
    assert_eq!(last_launch(&dev), [2, 3, 4, 32, 2, 1, 256]);
    let mut back = [0u8; 16];
    dev.copy_from_device(&mut back, buf).expect("copy back");
    assert_eq!(back, [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 0, 0, 0, 0]);

    let stream = dev.stream().expect("stream");
    dev.launch_async(&module, "other", &config, &[], Some(&stream))
        .expect("async launch");
    stream.synchronize().expect("sync");

    let err = dev.launch(&module, "fill", &config, &[]).unwrap_err();
    assert_eq!(err.to_string(), "kernel 'fill' takes 3 parameters, 0 given");
    let err = dev
        .launch(&module, "fill", &config, &[&[0; 4], &[0; 4], &[0]])
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "parameter 0 of kernel 'fill' is 8 bytes, 4 given"
    );
    let err = dev.launch(&module, "nope", &config, &[]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the module has no kernel 'nope' (kernels: fill, other)"
    );
}

/// A module with a kernel that calls a function another module defines.
const CALLER_PTX: &str = "
.version 8.0
.target sm_86
.address_size 64
.extern .func (.param .b32 func_retval0) helper(.param .b64 helper_param_0);
.visible .entry caller()
{ ret; }
";

#[test]
fn linked_modules_go_through_the_drivers_linker_and_are_cached_by_their_inputs() {
    let dir = tmp();
    let dev = standin_device(dir.path(), &[]);
    let module = dev
        .load_module_linked(&[CALLER_PTX, FILL_PTX])
        .expect("link and load");
    // The kernels of every input, in order.
    assert_eq!(module.kernels(), ["caller", "fill", "other"]);
    let again = dev
        .load_module_linked(&[CALLER_PTX, FILL_PTX])
        .expect("load again");
    assert!(Arc::ptr_eq(&module, &again));
    // Other inputs, or the inputs in another order, are another module.
    let other = dev
        .load_module_linked(&[FILL_PTX, CALLER_PTX])
        .expect("link and load");
    assert!(!Arc::ptr_eq(&module, &other));
    assert_eq!(dev.cached_modules(), 2);
    // One input is an ordinary load, and shares its cache entry.
    let one = dev.load_module_linked(&[FILL_PTX]).expect("load");
    assert!(Arc::ptr_eq(&one, &dev.load_module(FILL_PTX).expect("load")));
    let err = dev
        .load_module_linked(&[CALLER_PTX, ".version 8.0\nBAD_PTX\n"])
        .unwrap_err();
    assert!(matches!(err, GpuError::Jit { .. }), "{err:?}");
    let err = dev.load_module_linked(&[]).unwrap_err();
    assert!(err.to_string().contains("no PTX module"), "{err}");
}

#[test]
fn jit_errors_carry_the_drivers_log() {
    let dir = tmp();
    let dev = standin_device(dir.path(), &[]);
    let err = dev.load_module(".version 8.0\nBAD_PTX\n").unwrap_err();
    let GpuError::Jit {
        status, error_log, ..
    } = &err
    else {
        panic!("expected a JIT error, got {err:?}");
    };
    assert_eq!(status.name, "CUDA_ERROR_INVALID_PTX");
    assert!(error_log.contains("standin rejects BAD_PTX"), "{error_log}");
    let text = err.to_string();
    assert!(text.contains("CUDA_ERROR_INVALID_PTX (218)"), "{text}");
    assert!(
        text.contains("error log:\nptxas application ptx input"),
        "{text}"
    );
    assert_eq!(dev.cached_modules(), 0, "failures are not cached");
}

#[test]
fn primary_context_is_released_when_the_last_owner_drops() {
    let dir = tmp();
    let lib = build(dir.path(), "dev/libcuda.so.1", &[]);
    let driver = search(&[("KERNELC_CUDA_DRIVER", &lib)], &[], &[])
        .load()
        .expect("loads");
    let refs = {
        let lib = unsafe { libloading::Library::new(&lib) }.expect("reopen");
        // SAFETY: the stand-in exports `int standin_primary_refs(void)`.
        let f = unsafe { lib.get::<unsafe extern "C" fn() -> i32>(b"standin_primary_refs") }
            .map(|s| *s)
            .expect("symbol");
        (lib, f)
    };
    let count = || unsafe { (refs.1)() };
    let dev = GpuDevice::with_driver(driver, 0).expect("open");
    let module = dev.load_module(FILL_PTX).expect("load");
    assert_eq!(count(), 1);
    drop(dev);
    assert_eq!(count(), 1, "the module still holds the context");
    drop(module);
    assert_eq!(count(), 0);
}
