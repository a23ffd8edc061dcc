//! `kernelc run`: a fault on the CPU device names the kernel's Python line
//! (`file.py:LINE`) beside the PTX line.

use std::process::Command;

const OOB: &str = "from numba import cuda

@cuda.jit(\"void(float32[::1])\")
def oob(a):
    i = cuda.grid(1)
    x = a[i] * 2
    a[i + 1000] = x
";

#[test]
fn an_out_of_bounds_access_names_the_python_line() {
    let d = tempfile::tempdir().unwrap();
    let src = d.path().join("oob.py");
    std::fs::write(&src, OOB).unwrap();
    // A float32 array of 32 zeros.
    let mut npy = b"\x93NUMPY\x01\x00".to_vec();
    let mut header = "{'descr': '<f4', 'fortran_order': False, 'shape': (32,), }".to_string();
    header.push_str(&" ".repeat(64 - (10 + header.len() + 1) % 64));
    header.push('\n');
    npy.extend_from_slice(&(header.len() as u16).to_le_bytes());
    npy.extend_from_slice(header.as_bytes());
    npy.extend_from_slice(&[0; 128]);
    let a = d.path().join("a.npy");
    std::fs::write(&a, npy).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kernelc"))
        .args(["run", src.to_str().unwrap(), "--kernel", "oob"])
        .args(["--device", "cpu", "--grid", "1", "--block", "32"])
        .arg(&a)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let want = format!("thread (0,0,0), {}:7 (PTX line ", src.display());
    assert!(err.contains("memory fault") && err.contains(&want), "{err}");
}
