//! Kernels with loops, shared memory and barriers on the CPU device, one
//! worker, beside vector add: nanoseconds per thread and per
//! warp-instruction (the simulator's per-instruction overhead).
//!
//! * tiled matmul: kernelc's PTX of the corpus `fast_matmul`
//!   (`compiler/tests/check/accept/08_tiled_matmul.py`), 256x256 f32,
//!   blocks 16x16, grid 16x16;
//! * block reduce: the corpus `block_sum` (`10_block_reduce_sum.py`), 2^20
//!   f32, 256 threads per block (shared-memory tree, barriers, one atomic
//!   per block);
//! * vector add, 2^20 threads (the baseline).
//!
//! Run by the `vector_add` bench:
//! `cargo bench -p kernelc-runtime --bench vector_add`

use kernelc_runtime::{CpuDevice, CpuModule, CpuOptions, DevicePtr, LaunchConfig};
use std::time::Duration;

const MATMUL: &str = include_str!("ptx/tiled_matmul.ptx");
const BLOCK_SUM: &str = include_str!("ptx/block_sum.ptx");
const VECTOR_ADD: &str = include_str!("../../tests/ptx/vector_add.ptx");

/// kernelc's parameters for an array: pointer, shape, byte strides.
fn array(p: DevicePtr, shape: &[usize]) -> Vec<Vec<u8>> {
    let mut out = vec![p.0.to_le_bytes().to_vec()];
    out.extend(shape.iter().map(|&n| (n as i64).to_le_bytes().to_vec()));
    let mut stride = 4i64;
    let mut strides = Vec::new();
    for &n in shape.iter().rev() {
        strides.push(stride.to_le_bytes().to_vec());
        stride *= n as i64;
    }
    out.extend(strides.into_iter().rev());
    out
}

fn f32s(d: &CpuDevice, v: &[f32]) -> DevicePtr {
    let p = d.alloc(4 * v.len()).unwrap();
    let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    d.copy_to_device(p, &bytes).unwrap();
    p
}

fn read_f32s(d: &CpuDevice, p: DevicePtr, n: usize) -> Vec<f32> {
    let mut b = vec![0u8; 4 * n];
    d.copy_from_device(&mut b, p).unwrap();
    b.chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Best of `runs` launches: (time, warp-instructions, threads).
fn best(
    d: &CpuDevice,
    m: &CpuModule,
    kernel: &str,
    cfg: &LaunchConfig,
    params: &[Vec<u8>],
    runs: usize,
    before: &mut dyn FnMut(),
) -> (Duration, u64, u64) {
    let refs: Vec<&[u8]> = params.iter().map(|p| p.as_slice()).collect();
    let mut out = (Duration::MAX, 0, 0);
    for _ in 0..runs {
        before();
        let s = d.launch(m, kernel, cfg, &refs).expect("launch");
        if s.elapsed < out.0 {
            out = (s.elapsed, s.instructions, s.threads);
        }
    }
    out
}

fn report(name: &str, (t, insts, threads): (Duration, u64, u64)) {
    println!(
        "{name}: {:.1} ns/thread, {:.1} ns/warp-instruction ({:.2} ms, {insts} warp-instructions, {threads} threads)",
        t.as_nanos() as f64 / threads as f64,
        t.as_nanos() as f64 / insts as f64,
        t.as_secs_f64() * 1e3,
    );
}

/// Runs the three kernels and prints one line each.
pub fn main() {
    let d = CpuDevice::new(CpuOptions {
        workers: 1,
        ..CpuOptions::default()
    });
    let runs = 5;

    // Tiled matmul, 256x256.
    let n = 256usize;
    let a: Vec<f32> = (0..n * n).map(|i| ((i * 7 % 13) as f32) - 6.0).collect();
    let b: Vec<f32> = (0..n * n).map(|i| ((i * 5 % 11) as f32) - 5.0).collect();
    let (pa, pb, pc) = (f32s(&d, &a), f32s(&d, &b), f32s(&d, &vec![0.0; n * n]));
    let m = d.load_module(MATMUL).expect("PTX loads");
    let params: Vec<Vec<u8>> = [pa, pb, pc]
        .iter()
        .flat_map(|&p| array(p, &[n, n]))
        .collect();
    let cfg = LaunchConfig {
        grid: [16, 16, 1],
        block: [16, 16, 1],
        shared_bytes: 0,
    };
    let r = best(&d, &m, "fast_matmul", &cfg, &params, runs, &mut || {});
    let c = read_f32s(&d, pc, n * n);
    for &(i, j) in &[(0, 0), (17, 200), (255, 255)] {
        let want: f32 = (0..n).map(|k| a[i * n + k] * b[k * n + j]).sum();
        assert_eq!(c[i * n + j], want, "C[{i}][{j}]");
    }
    report("tiled matmul 256x256 (16x16 blocks), 1 worker", r);

    // Block reduce, 2^20 elements.
    let n = 1usize << 20;
    let x: Vec<f32> = (0..n).map(|i| (i % 8) as f32).collect();
    let (px, ps) = (f32s(&d, &x), f32s(&d, &[0.0]));
    let m = d.load_module(BLOCK_SUM).expect("PTX loads");
    let params: Vec<Vec<u8>> = array(px, &[n]).into_iter().chain(array(ps, &[1])).collect();
    let cfg = LaunchConfig::linear((n / 256) as u32, 256);
    let zero = |d: &CpuDevice| d.copy_to_device(ps, &0f32.to_le_bytes()).unwrap();
    let r = best(&d, &m, "block_sum", &cfg, &params, runs, &mut || zero(&d));
    assert_eq!(read_f32s(&d, ps, 1)[0], 3.5 * n as f32);
    report("block reduce 2^20 (256 per block), 1 worker", r);

    // Vector add, 2^20 elements.
    let (pa, pb, pc) = (f32s(&d, &x), f32s(&d, &x), f32s(&d, &vec![0.0; n]));
    let m = d.load_module(VECTOR_ADD).expect("PTX loads");
    let params: Vec<Vec<u8>> = [pa, pb, pc].iter().flat_map(|&p| array(p, &[n])).collect();
    let cfg = LaunchConfig::linear((n / 256) as u32, 256);
    let r = best(&d, &m, "vector_add", &cfg, &params, runs, &mut || {});
    assert_eq!(read_f32s(&d, pc, n)[1001], 2.0);
    report("vector add 2^20, 1 worker", r);
}
