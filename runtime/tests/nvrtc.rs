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
