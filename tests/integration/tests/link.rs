//! Kernels that call functions declared with `cuda.declare_device`,
//! compiled by kernelc and run on the CPU device linked with the
//! definitions (`tests/link/functions.ptx`, written as nvcc compiles
//! `functions.cu`): every argument and result type the ABI passes, both
//! ABIs, and a status that ends the calling thread.

use kernelc_abi::Scalar;
use kernelc_compiler::driver::{compile, CompileOptions, KernelInfo};
use kernelc_runtime::args::ArrayShape;
use kernelc_runtime::launch::{launch, KernelArg};
use kernelc_runtime::{CpuOptions, Device, LaunchConfig};

const FUNCTIONS: &str = include_str!("../../link/functions.ptx");

const SOURCE: &str = "\
from numba import cuda, types

mul = cuda.declare_device('mul_f32', 'float32(float32, float32)')
fma = cuda.declare_device('fma_f64', types.float64(types.float64, types.float64, types.float64))
scale = cuda.declare_device('scale_i16', 'int32(int16, uint8)')
is_neg = cuda.declare_device('is_neg', 'boolean(int64)')
cube = cuda.declare_device('cube_f32', 'float32(float32)', abi='c')
check = cuda.declare_device('fail_if_neg', 'float32(float32)', link=['functions.ptx'])

@cuda.jit(device=True)
def twice_product(x, y):
    return mul(x, y) * 2

@cuda.jit('void(float32[::1], float64[::1], int32[::1], boolean[::1], float32[::1], float32[::1])', link=['functions.ptx'])
def k(out, d, n, flags, a, b):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = twice_product(a[i], b[i]) + cube(a[i])
        d[i] = fma(a[i], b[i], 0.5)
        n[i] = scale(i - 3, 3)
        flags[i] = is_neg(i - 5)
        b[i] = check(a[i])
        # Not reached where `check` failed: the thread ended.
        d[i] = d[i] + 1000.0
";

fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn host<'a>(elem: Scalar, n: usize, data: &'a mut Vec<u8>) -> KernelArg<'a> {
    KernelArg::Host {
        shape: ArrayShape::c_contiguous(elem, &[n as i64]),
        data,
    }
}

#[test]
fn declared_functions_run_linked_with_their_definitions() {
    let c = compile("link.py", SOURCE, &CompileOptions::default()).expect("compiles");
    assert!(
        !c.checked.has_errors(),
        "{}",
        c.checked.render_diagnostics()
    );
    let ptx = c.ptx.as_deref().expect("PTX");
    let info: &KernelInfo = &c.kernels[0];
    let device = Device::Cpu(kernelc_runtime::CpuDevice::new(CpuOptions {
        check: true,
        ..CpuOptions::default()
    }));
    let module = device
        .load_module_linked(&[ptx, FUNCTIONS])
        .expect("links and loads");
    let n = 50usize;
    let a: Vec<f32> = (0..n).map(|i| (i as f32 - 10.0) * 0.75).collect();
    let b: Vec<f32> = (0..n).map(|i| 1.0 + 0.125 * i as f32).collect();
    let (mut out, mut d) = (vec![0u8; 4 * n], vec![0u8; 8 * n]);
    let (mut ns, mut flags) = (vec![0u8; 4 * n], vec![7u8; n]);
    let (mut ab, mut bb) = (f32_bytes(&a), f32_bytes(&b));
    let mut args = [
        host(Scalar::F32, n, &mut out),
        host(Scalar::F64, n, &mut d),
        host(Scalar::I32, n, &mut ns),
        host(Scalar::Bool, n, &mut flags),
        host(Scalar::F32, n, &mut ab),
        host(Scalar::F32, n, &mut bb),
    ];
    launch(
        &device,
        &module,
        info,
        &LaunchConfig::linear(2, 32),
        &mut args,
    )
    .expect("runs");
    for i in 0..n {
        let at = |v: &[u8], w: usize| v[w * i..w * (i + 1)].to_vec();
        let got = f32::from_le_bytes(at(&out, 4).try_into().unwrap());
        let want = (a[i] * b[i]) * 2.0 + a[i] * a[i] * a[i];
        assert_eq!(got, want, "out[{i}]");
        let got = f64::from_le_bytes(at(&d, 8).try_into().unwrap());
        let fma = f64::from(a[i]).mul_add(f64::from(b[i]), 0.5);
        // `check` (fail_if_neg) ends the threads whose a[i] is negative.
        let want = if a[i] < 0.0 { fma } else { fma + 1000.0 };
        assert_eq!(got, want, "d[{i}]");
        let got = i32::from_le_bytes(at(&ns, 4).try_into().unwrap());
        // int16(i - 3) times uint8(3).
        assert_eq!(got, (i as i32 - 3) * 3, "n[{i}]");
        assert_eq!(flags[i], u8::from(i < 5), "flags[{i}]");
        let got = f32::from_le_bytes(at(&bb, 4).try_into().unwrap());
        let want = if a[i] < 0.0 { b[i] } else { a[i] };
        assert_eq!(got, want, "b[{i}]");
    }
}
