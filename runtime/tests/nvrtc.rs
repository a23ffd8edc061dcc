//! PTX from NVIDIA's NVRTC (ordinary CUDA C kernels, committed under
//! `tests/ptx/nvrtc/`) loads on the CPU device: every instruction NVRTC
//! emits for them is parsed and decoded.

use kernelc_runtime::{CpuDevice, CpuOptions};
use std::path::Path;

#[test]
fn every_nvrtc_module_loads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ptx/nvrtc");
    let extra = std::env::var_os("KERNELC_NVRTC_PTX_DIR");
    let mut files: Vec<_> = [Some(dir.into_os_string()), extra]
        .into_iter()
        .flatten()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ptx"))
        .collect();
    files.sort();
    let d = CpuDevice::new(CpuOptions::default());
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        match d.load_module(&text) {
            Ok(m) => assert!(!m.kernels().is_empty(), "{}", f.display()),
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    eprintln!("{} NVRTC modules", files.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

mod common;
use common::*;
use kernelc_runtime::LaunchConfig;

fn nvrtc(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/ptx/nvrtc/{name}.ptx"));
    std::fs::read_to_string(p).unwrap()
}

#[test]
fn nvrtc_saxpy_grid_stride() {
    let (d, _) = device(2, true);
    let n = 10_000usize;
    let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.25).collect();
    let y: Vec<f32> = (0..n).map(|i| 1.0 - i as f32).collect();
    let px = upload(&d, &f32s(&x));
    let py = upload(&d, &f32s(&y));
    let params = vec![
        (n as u32).to_le_bytes().to_vec(),
        3.0f32.to_le_bytes().to_vec(),
        px.0.to_le_bytes().to_vec(),
        py.0.to_le_bytes().to_vec(),
    ];
    launch(
        &d,
        &nvrtc("saxpy"),
        "saxpy",
        LaunchConfig::linear(7, 128),
        &params,
    )
    .unwrap();
    let out = to_f32(&download(&d, py, 4 * n));
    for i in 0..n {
        assert_eq!(out[i], x[i].mul_add(3.0, y[i]), "{i}");
    }
}

#[test]
fn nvrtc_block_sum_with_warp_synchronous_tail_is_race_free() {
    let (d, _) = device(2, true);
    let n = 5000usize;
    let v: Vec<u32> = (0..n as u32).map(|i| i % 97).collect();
    let pin = upload(&d, &u32s(&v));
    let blocks = 4;
    let pout = d.alloc(4 * blocks).unwrap();
    let params = vec![
        pin.0.to_le_bytes().to_vec(),
        pout.0.to_le_bytes().to_vec(),
        (n as u32).to_le_bytes().to_vec(),
    ];
    launch(
        &d,
        &nvrtc("block_sum"),
        "block_sum",
        LaunchConfig::linear(blocks as u32, 256),
        &params,
    )
    .unwrap();
    let sums = to_u32(&download(&d, pout, 4 * blocks));
    assert_eq!(sums.iter().sum::<u32>(), v.iter().sum::<u32>());
    let expect0: u32 = (0..n)
        .filter(|i| (i / 256) % blocks == 0)
        .map(|i| v[i])
        .sum();
    assert_eq!(sums[0], expect0);
}

/// Every kernel of every NVRTC module runs on generic inputs: pointer
/// parameters get a zeroed 1 MiB buffer each, integers 200, floats 1.5;
/// two blocks of 128, 16x16 or 32x8 threads, 4 KiB of dynamic shared memory.
/// This exercises every decoded instruction at least on the taken paths.
#[test]
fn every_nvrtc_kernel_runs_on_generic_inputs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ptx/nvrtc");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ptx"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut ran = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let (d, _) = device(2, false);
        let m = d.load_module(&text).unwrap();
        for k in m.kernels() {
            let params: Vec<Vec<u8>> = m
                .kernel_params(k)
                .unwrap()
                .iter()
                .map(|p| match p.size {
                    8 => d.alloc(1 << 20).unwrap().0.to_le_bytes().to_vec(),
                    4 if text.contains(&format!(".f32 {}", p.name)) => {
                        1.5f32.to_le_bytes().to_vec()
                    }
                    n => {
                        let mut b = 200u64.to_le_bytes().to_vec();
                        b.resize(n, 0);
                        b
                    }
                })
                .collect();
            let refs: Vec<&[u8]> = params.iter().map(|p| p.as_slice()).collect();
            // 2-D tiled kernels assume square or 32x8 blocks: the first
            // shape that runs counts.
            let mut errors = Vec::new();
            for block in [[128, 1, 1], [16, 16, 1], [32, 8, 1]] {
                let cfg = LaunchConfig {
                    grid: [2, 1, 1],
                    block,
                    shared_bytes: 4096,
                };
                match d.launch(&m, k, &cfg, &refs) {
                    Ok(_) => break,
                    Err(e) => errors.push(e.to_string()),
                }
            }
            if errors.len() == 3 {
                failures.push(format!("{} {k}: {}", f.display(), errors.join("; ")));
            } else {
                ran += 1;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 27, "only {ran} kernels ran");
}
