//! Cooperative launches on the CPU device: kernels that use
//! `cuda.cg.this_grid()` are launched with every block at once, so that
//! blocks exchange data through global memory across `g.sync()`; a grid
//! larger than the device advertises is refused with a clear error.

use kernelc_abi::Scalar;
use kernelc_compiler::driver::{compile, CompileOptions, KernelInfo};
use kernelc_runtime::args::ArrayShape;
use kernelc_runtime::launch::{launch, KernelArg};
use kernelc_runtime::{CpuOptions, Device, LaunchConfig, Module};

const SOURCE: &str = "\
from numba import cuda, int32

@cuda.jit('void(int32[:, ::1])')
def sequential_rows(M):
    col = cuda.grid(1)
    g = cuda.cg.this_grid()
    rows = M.shape[0]
    cols = M.shape[1]
    for row in range(1, rows):
        opposite = cols - col - 1
        M[row, col] = M[row - 1, opposite] + 1
        g.sync()

@cuda.jit('void(int64[::1], int64[::1])')
def prefix_of_blocks(x, out):
    # Each block sums its slice into out[block]; after the grid barrier
    # every block adds the sums of the blocks before it to its elements.
    g = cuda.cg.this_grid()
    i = cuda.grid(1)
    b = cuda.blockIdx.x
    if cuda.threadIdx.x == 0:
        s = 0
        for k in range(cuda.blockDim.x):
            s += x[b * cuda.blockDim.x + k]
        out[x.shape[0] + b] = s
    g.sync()
    base = 0
    for k in range(b):
        base += out[x.shape[0] + k]
    out[i] = base + x[i]

@cuda.jit('void(int32[::1])')
def plain(a):
    a[cuda.grid(1)] = 7
";

fn setup() -> (Device, Module, Vec<KernelInfo>) {
    let c = compile("coop.py", SOURCE, &CompileOptions::default()).expect("compiles");
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

fn kernel<'a>(kernels: &'a [KernelInfo], name: &str) -> &'a KernelInfo {
    kernels.iter().find(|k| k.name == name).expect("kernel")
}

fn bytes_i32(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[test]
fn metadata_says_which_kernels_are_cooperative() {
    let (_, _, kernels) = setup();
    assert!(kernel(&kernels, "sequential_rows").cooperative);
    assert!(kernel(&kernels, "prefix_of_blocks").cooperative);
    assert!(!kernel(&kernels, "plain").cooperative);
}

#[test]
fn rows_written_by_the_whole_grid_one_at_a_time() {
    let (device, module, kernels) = setup();
    let (rows, cols) = (24usize, 256usize);
    let mut data = bytes_i32(&vec![0; rows * cols]);
    let shape = ArrayShape::c_contiguous(Scalar::I32, &[rows as i64, cols as i64]);
    let config = LaunchConfig::linear((cols / 32) as u32, 32);
    launch(
        &device,
        &module,
        kernel(&kernels, "sequential_rows"),
        &config,
        &mut [KernelArg::Host {
            shape,
            data: &mut data,
        }],
    )
    .expect("runs");
    for r in 0..rows {
        for c in 0..cols {
            let at = (r * cols + c) * 4;
            let v = i32::from_le_bytes(data[at..at + 4].try_into().unwrap());
            assert_eq!(v, r as i32, "M[{r}, {c}]");
        }
    }
}

#[test]
fn blocks_read_each_others_sums_after_the_barrier() {
    let (device, module, kernels) = setup();
    let (blocks, threads) = (16usize, 64usize);
    let n = blocks * threads;
    let x: Vec<i64> = (0..n as i64).map(|i| (i * 7919) % 1000 - 300).collect();
    let mut xb: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut ob = vec![0u8; (n + blocks) * 8];
    let config = LaunchConfig::linear(blocks as u32, threads as u32);
    for _ in 0..3 {
        launch(
            &device,
            &module,
            kernel(&kernels, "prefix_of_blocks"),
            &config,
            &mut [
                KernelArg::Host {
                    shape: ArrayShape::c_contiguous(Scalar::I64, &[n as i64]),
                    data: &mut xb,
                },
                KernelArg::Host {
                    shape: ArrayShape::c_contiguous(Scalar::I64, &[(n + blocks) as i64]),
                    data: &mut ob,
                },
            ],
        )
        .expect("runs");
        for (i, v) in x.iter().enumerate() {
            let b = i / threads;
            let base: i64 = x[..b * threads].iter().sum();
            let got = i64::from_le_bytes(ob[i * 8..i * 8 + 8].try_into().unwrap());
            assert_eq!(got, base + v, "out[{i}]");
        }
    }
}

#[test]
fn the_grid_is_checked_against_the_cooperative_limit() {
    let (device, module, kernels) = setup();
    let per_256 = device
        .max_cooperative_blocks(&module, "sequential_rows", 256, 0)
        .expect("a number");
    // 8 blocks of 256 threads per multiprocessor, 16 multiprocessors.
    assert_eq!(per_256, 8 * 16);
    assert_eq!(
        device
            .max_cooperative_blocks(&module, "sequential_rows", 32, 0)
            .unwrap(),
        32 * 16
    );
    assert_eq!(
        device
            .max_cooperative_blocks(&module, "sequential_rows", 2048, 0)
            .unwrap(),
        0
    );
    let too_many = (per_256 + 1) as u32;
    let mut data = bytes_i32(&vec![0; 2 * 256 * too_many as usize]);
    let shape = ArrayShape::c_contiguous(Scalar::I32, &[2, 256 * too_many as i64]);
    let err = launch(
        &device,
        &module,
        kernel(&kernels, "sequential_rows"),
        &LaunchConfig::linear(too_many, 256),
        &mut [KernelArg::Host {
            shape,
            data: &mut data,
        }],
    )
    .expect_err("too large");
    let msg = err.to_string();
    assert!(
        msg.contains("cooperative launch of 'sequential_rows'") && msg.contains("at most 128"),
        "{msg}"
    );
    // A kernel that does not use a grid group is not limited.
    let mut a = bytes_i32(&vec![0; 32 * 1000]);
    launch(
        &device,
        &module,
        kernel(&kernels, "plain"),
        &LaunchConfig::linear(1000, 32),
        &mut [KernelArg::Host {
            shape: ArrayShape::c_contiguous(Scalar::I32, &[32 * 1000]),
            data: &mut a,
        }],
    )
    .expect("runs");
}
