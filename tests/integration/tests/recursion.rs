//! Recursive device functions on the CPU device: self-recursion with
//! lanes that recurse to different depths, mutual recursion, a `.local`
//! array per call (a pointer to the caller's, passed down, still reaches
//! the caller's), and a recursion that never reaches its base case, which
//! ends the launch with a call-stack overflow instead of exhausting the
//! host.

use kernelc_abi::Scalar;
use kernelc_compiler::driver::{compile, CompileOptions, KernelInfo};
use kernelc_runtime::args::ArrayShape;
use kernelc_runtime::launch::{launch, KernelArg};
use kernelc_runtime::{CpuOptions, Device, LaunchConfig, Module};

const SOURCE: &str = "\
from numba import cuda
import numpy as np

@cuda.jit(device=True)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

@cuda.jit(device=True)
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)

@cuda.jit(device=True)
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)

@cuda.jit(device=True)
def nested(parent, n):
    mine = cuda.local.array(2, np.int64)
    mine[0] = n
    mine[1] = 0
    if n > 0:
        nested(mine, n - 1)
    parent[1] = mine[0] + mine[1]
    return 0

@cuda.jit(device=True)
def down(n):
    if n == 0:
        return 0
    return down(n - 1) + 1

@cuda.jit('void(int64[::1], int64[::1])')
def recurse(x, out):
    i = cuda.grid(1)
    if i < x.size:
        top = cuda.local.array(2, np.int64)
        top[1] = 0
        nested(top, x[i] % 8)
        out[i] = fib(x[i] % 16) * 1000 + top[1] * 10 + is_even(x[i])

@cuda.jit('void(int64[::1], int64[::1])')
def runaway(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = down(x[i])
";

fn setup() -> (Device, Module, Vec<KernelInfo>) {
    let c = compile("recursion.py", SOURCE, &CompileOptions::default()).expect("compiles");
    assert!(
        !c.checked.has_errors(),
        "{}",
        c.checked.render_diagnostics()
    );
    let device = Device::Cpu(kernelc_runtime::CpuDevice::new(CpuOptions::default()));
    let module = device
        .load_module(c.ptx.as_deref().expect("PTX"))
        .expect("loads");
    (device, module, c.kernels)
}

fn run(name: &str, x: &[i64]) -> Result<Vec<i64>, kernelc_runtime::Error> {
    let (device, module, kernels) = setup();
    let kernel = kernels.iter().find(|k| k.name == name).expect("kernel");
    let n = x.len();
    let mut xb: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut ob = vec![0u8; n * 8];
    let shape = ArrayShape::c_contiguous(Scalar::I64, &[n as i64]);
    launch(
        &device,
        &module,
        kernel,
        &LaunchConfig::linear(1, n as u32),
        &mut [
            KernelArg::Host {
                shape: shape.clone(),
                data: &mut xb,
            },
            KernelArg::Host {
                shape,
                data: &mut ob,
            },
        ],
    )?;
    Ok(ob
        .chunks_exact(8)
        .map(|b| i64::from_le_bytes(b.try_into().unwrap()))
        .collect())
}

fn fib(n: i64) -> i64 {
    if n < 2 {
        n
    } else {
        fib(n - 1) + fib(n - 2)
    }
}

#[test]
fn each_lane_recurses_to_its_own_depth() {
    let x: Vec<i64> = (0..40).map(|i| (i * 37) % 101).collect();
    let got = run("recurse", &x).expect("runs");
    for (i, &v) in x.iter().enumerate() {
        // `nested(top, k)` leaves top[1] = k + (k - 1) + ... + 0.
        let k = v % 8;
        let want = fib(v % 16) * 1000 + k * (k + 1) / 2 * 10 + i64::from(v % 2 == 0);
        assert_eq!(got[i], want, "out[{i}] for x = {v}");
    }
}

#[test]
fn a_recursion_without_end_overflows_the_call_stack() {
    let shallow = run("runaway", &[3, 50, 7]).expect("runs");
    assert_eq!(shallow, vec![3, 50, 7]);
    let err = run("runaway", &[3, 1 << 40, 7]).expect_err("overflows");
    let msg = err.to_string();
    assert!(msg.contains("call stack overflow"), "{msg}");
    assert!(msg.contains("thread (1,0,0)"), "{msg}");
}
