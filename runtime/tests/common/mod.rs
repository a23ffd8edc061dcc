//! Helpers for the CPU-device tests: devices with captured printf, buffers
//! of typed values, and kernelc's array ABI (pointer, extents, strides).

#![allow(dead_code)]

use kernelc_runtime::{CpuDevice, CpuError, CpuOptions, DevicePtr, LaunchConfig, PrintfSink};
use std::sync::{Arc, Mutex};

/// A device with `workers` threads, checking as asked, printf captured.
pub fn device(workers: usize, check: bool) -> (CpuDevice, Arc<Mutex<Vec<u8>>>) {
    let out = Arc::new(Mutex::new(Vec::new()));
    let d = CpuDevice::new(CpuOptions {
        workers,
        check,
        step_limit: 10_000_000,
        printf: PrintfSink::Capture(out.clone()),
    });
    (d, out)
}

/// Uploads raw bytes.
pub fn upload(d: &CpuDevice, bytes: &[u8]) -> DevicePtr {
    let p = d.alloc(bytes.len()).unwrap();
    d.copy_to_device(p, bytes).unwrap();
    p
}

pub fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn f64s(v: &[f64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn u32s(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn u64s(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn download(d: &CpuDevice, p: DevicePtr, n: usize) -> Vec<u8> {
    let mut b = vec![0u8; n];
    d.copy_from_device(&mut b, p).unwrap();
    b
}

pub fn to_f32(b: &[u8]) -> Vec<f32> {
    b.chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

pub fn to_f64(b: &[u8]) -> Vec<f64> {
    b.chunks(8)
        .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

pub fn to_u32(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

pub fn to_u64(b: &[u8]) -> Vec<u64> {
    b.chunks(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The `.param` byte strings of a 1-D kernelc array argument.
pub fn array1(p: DevicePtr, n: usize, elem: usize) -> Vec<Vec<u8>> {
    vec![
        p.0.to_le_bytes().to_vec(),
        (n as i64).to_le_bytes().to_vec(),
        (elem as i64).to_le_bytes().to_vec(),
    ]
}

/// Loads `ptx` and launches `kernel`.
pub fn launch(
    d: &CpuDevice,
    ptx: &str,
    kernel: &str,
    cfg: LaunchConfig,
    params: &[Vec<u8>],
) -> Result<kernelc_runtime::LaunchStats, CpuError> {
    let m = d.load_module(ptx)?;
    let refs: Vec<&[u8]> = params.iter().map(|p| p.as_slice()).collect();
    d.launch(&m, kernel, &cfg, &refs)
}
