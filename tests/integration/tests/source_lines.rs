//! Faults on the CPU device name the Python line beside the PTX line:
//! kernelc's PTX carries `.file`/`.loc`, and the device reports
//! `file.py:LINE (PTX line N)` for an out-of-bounds access, a shared-memory
//! race or a divergent barrier, and for the place an interrupted launch
//! was running. An exception a `debug=True` kernel raises (a failed
//! `assert`) names its line too (recorded, not a trap).

use kernelc_compiler::driver::{compile, CompileOptions};
use kernelc_compiler::types::Scalar;
use kernelc_runtime::args::ArrayShape;
use kernelc_runtime::launch::{launch, KernelArg};
use kernelc_runtime::{CpuError, Device, DeviceKind, LaunchConfig};

const SOURCE: &str = "import numpy as np
from numba import cuda

@cuda.jit(\"void(float32[::1])\")
def out_of_bounds(a):
    i = cuda.grid(1)
    x = a[i] * 2
    a[i + 1000] = x

@cuda.jit(\"void(float32[::1])\")
def race(a):
    s = cuda.shared.array(32, dtype=np.float32)
    i = cuda.threadIdx.x
    s[i] = a[i]
    a[i] = s[(i + 1) % 32]

@cuda.jit(\"void(float32[::1])\")
def divergent(a):
    i = cuda.threadIdx.x
    if i < 16:
        cuda.syncthreads()
    a[i] = 1.0

@cuda.jit(\"void(float32[::1])\", debug=True)
def fails(a):
    i = cuda.threadIdx.x
    assert a[i] == 0.0, \"not zero\"

@cuda.jit(\"void(float32[::1])\")
def endless(a):
    while a[0] >= 0.0:
        a[0] += 1.0
";

/// Runs `kernel` of `SOURCE` on 32 threads over `a`, with checking: the
/// CPU device's fault.
fn run(kernel: &str, a: &mut [f32]) -> CpuError {
    match run_err(kernel, a) {
        kernelc_runtime::Error::Cpu(e) => e,
        other => panic!("{other}"),
    }
}

/// Runs `kernel` of `SOURCE` on 32 threads over `a`, with checking: the
/// launch's error.
fn run_err(kernel: &str, a: &mut [f32]) -> kernelc_runtime::Error {
    let compiled = compile("faults.py", SOURCE, &CompileOptions::default()).unwrap();
    assert!(!compiled.checked.has_errors());
    let ptx = compiled.ptx.unwrap();
    assert!(ptx.contains(".file\t1 \"faults.py\""), "{ptx}");
    assert!(ptx.contains("\t.loc\t1 8 5\n"), "{ptx}");
    let info = compiled.kernels.iter().find(|k| k.name == kernel).unwrap();
    let device = Device::open(DeviceKind::Cpu, 1, true).unwrap();
    let module = device.load_module(&ptx).unwrap();
    let mut bytes: Vec<u8> = a.iter().flat_map(|x| x.to_le_bytes()).collect();
    let mut args = [KernelArg::Host {
        shape: ArrayShape::c_contiguous(Scalar::F32, &[a.len() as i64]),
        data: &mut bytes,
    }];
    launch(
        &device,
        &module,
        info,
        &LaunchConfig::linear(1, 32),
        &mut args,
    )
    .unwrap_err()
}

fn source_of(e: &CpuError) -> String {
    let at = match e {
        CpuError::MemoryFault { at, .. }
        | CpuError::SharedRace { at, .. }
        | CpuError::BarrierDivergence { at, .. }
        | CpuError::Trap { at, .. }
        | CpuError::Interrupted { at } => at,
        other => panic!("{other}"),
    };
    at.source
        .as_ref()
        .map(|s| s.to_string())
        .unwrap_or_default()
}

#[test]
fn an_out_of_bounds_access_names_its_line() {
    let e = run("out_of_bounds", &mut [0.0; 32]);
    assert!(matches!(e, CpuError::MemoryFault { .. }), "{e}");
    assert_eq!(source_of(&e), "faults.py:8");
    let text = e.to_string();
    assert!(
        text.contains("thread (0,0,0), faults.py:8 (PTX line "),
        "{text}"
    );
}

#[test]
fn a_race_names_its_line() {
    let e = run("race", &mut [0.0; 32]);
    assert!(matches!(e, CpuError::SharedRace { .. }), "{e}");
    assert_eq!(source_of(&e), "faults.py:15");
}

#[test]
fn a_divergent_barrier_names_its_line() {
    let e = run("divergent", &mut [0.0; 32]);
    assert!(matches!(e, CpuError::BarrierDivergence { .. }), "{e}");
    assert_eq!(source_of(&e), "faults.py:21");
}

#[test]
fn a_failed_assertion_names_its_line() {
    let mut a = [0.0; 32];
    a[3] = 1.0;
    let e = run_err("fails", &mut a);
    let kernelc_runtime::Error::Raised(raised) = &e else {
        panic!("{e}")
    };
    // the exception the thread recorded, and where
    assert_eq!(raised.text, "AssertionError: not zero", "{e}");
    assert_eq!((raised.file.as_str(), raised.line), ("faults.py", 27));
    assert_eq!(raised.tid, [3, 0, 0]);
}

#[test]
fn an_interrupted_launch_names_the_line_it_was_running() {
    let compiled = compile("faults.py", SOURCE, &CompileOptions::default()).unwrap();
    let info = compiled
        .kernels
        .iter()
        .find(|k| k.name == "endless")
        .unwrap();
    let device = Device::open(DeviceKind::Cpu, 1, false).unwrap();
    let module = device.load_module(compiled.ptx.as_ref().unwrap()).unwrap();
    let e = std::thread::scope(|s| {
        let running = s.spawn(|| {
            let mut bytes = vec![0u8; 128];
            let mut args = [KernelArg::Host {
                shape: ArrayShape::c_contiguous(Scalar::F32, &[32]),
                data: &mut bytes,
            }];
            launch(
                &device,
                &module,
                info,
                &LaunchConfig::linear(1, 32),
                &mut args,
            )
        });
        std::thread::sleep(std::time::Duration::from_millis(100));
        device.interrupt().unwrap();
        running.join().unwrap()
    })
    .unwrap_err();
    let kernelc_runtime::Error::Cpu(e) = e else {
        panic!("{e}")
    };
    let line = source_of(&e);
    assert!(line == "faults.py:31" || line == "faults.py:32", "{e}");
}

#[test]
fn ptx_without_line_information_names_the_ptx_line_only() {
    let compiled = compile("faults.py", SOURCE, &CompileOptions::default()).unwrap();
    let ptx: String = (compiled.ptx.unwrap().lines())
        .filter(|l| !l.trim_start().starts_with(".loc") && !l.starts_with(".file"))
        .map(|l| format!("{l}\n"))
        .collect();
    let device = Device::open(DeviceKind::Cpu, 1, false).unwrap();
    let module = device.load_module(&ptx).unwrap();
    let info = compiled
        .kernels
        .iter()
        .find(|k| k.name == "out_of_bounds")
        .unwrap();
    let mut bytes = vec![0u8; 128];
    let mut args = [KernelArg::Host {
        shape: ArrayShape::c_contiguous(Scalar::F32, &[32]),
        data: &mut bytes,
    }];
    let e = launch(
        &device,
        &module,
        info,
        &LaunchConfig::linear(1, 32),
        &mut args,
    )
    .unwrap_err();
    let text = e.to_string();
    assert!(text.contains("thread (0,0,0), PTX line "), "{text}");
    assert!(!text.contains("faults.py"), "{text}");
}
