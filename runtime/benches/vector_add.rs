//! Vector add (f32, kernelc's PTX) over 2^20 threads on the CPU device:
//! nanoseconds per thread with one worker, two workers and all cores.
//!
//! Then the tiled matmul and the block reduce (shared memory, barriers)
//! beside vector add, per thread and per warp-instruction ([`kernels`]).
//!
//! `cargo bench -p kernelc-runtime --bench vector_add`

use kernelc_runtime::{CpuDevice, CpuOptions, LaunchConfig};
use std::time::Duration;

mod kernels;

const PTX: &str = include_str!("../tests/ptx/vector_add.ptx");

fn array(p: u64, n: usize) -> [Vec<u8>; 3] {
    [
        p.to_le_bytes().to_vec(),
        (n as i64).to_le_bytes().to_vec(),
        4i64.to_le_bytes().to_vec(),
    ]
}

fn main() {
    let n = 1usize << 20;
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let mut configs = vec![1, 2];
    if cores > 2 {
        configs.push(cores);
    }
    for workers in configs {
        let d = CpuDevice::new(CpuOptions {
            workers,
            ..CpuOptions::default()
        });
        let m = d.load_module(PTX).expect("PTX loads");
        let a: Vec<u8> = (0..n).flat_map(|i| (i as f32).to_le_bytes()).collect();
        let pa = d.alloc(4 * n).unwrap();
        let pb = d.alloc(4 * n).unwrap();
        let pc = d.alloc(4 * n).unwrap();
        d.copy_to_device(pa, &a).unwrap();
        d.copy_to_device(pb, &a).unwrap();
        let params: Vec<Vec<u8>> = [pa, pb, pc].iter().flat_map(|p| array(p.0, n)).collect();
        let refs: Vec<&[u8]> = params.iter().map(|p| p.as_slice()).collect();
        let cfg = LaunchConfig::linear((n / 256) as u32, 256);
        let mut best = Duration::MAX;
        let mut instructions = 0;
        for _ in 0..7 {
            let s = d.launch(&m, "vector_add", &cfg, &refs).expect("launch");
            best = best.min(s.elapsed);
            instructions = s.instructions;
        }
        let mut out = vec![0u8; 4 * n];
        d.copy_from_device(&mut out, pc).unwrap();
        assert_eq!(
            f32::from_le_bytes(out[4 * 1000..4 * 1001].try_into().unwrap()),
            2000.0
        );
        println!(
            "vector_add f32, 2^20 threads, {workers} worker(s): {:.1} ns/thread ({:.2} ms, {} warp-instructions)",
            best.as_nanos() as f64 / n as f64,
            best.as_secs_f64() * 1e3,
            instructions
        );
    }
    kernels::main();
}
