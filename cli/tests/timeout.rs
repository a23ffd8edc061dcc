//! `kernelc run --timeout SECONDS`: a kernel that loops forever on the CPU
//! device is stopped with a clear error and exit code 1; a kernel that
//! finishes in time runs as without the option.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

const SPIN: &str = "from numba import cuda

@cuda.jit(\"void(int64, int64[::1])\")
def spin(forever, out):
    i = cuda.grid(1)
    if forever != 0:
        while out[0] >= 0:
            out[0] += 1
    elif i < out.size:
        out[i] = i
";

fn run(dir: &std::path::Path, forever: &str, timeout: &str) -> Output {
    let src = dir.join("spin.py");
    std::fs::write(&src, SPIN).unwrap();
    Command::new(env!("CARGO_BIN_EXE_kernelc"))
        .args(["run", src.to_str().unwrap(), "--kernel", "spin"])
        .args(["--device", "cpu", "--grid", "1", "--block", "32"])
        .args(["--timeout", timeout, forever])
        .arg(dir.join("out.npy").to_str().unwrap())
        .output()
        .expect("kernelc runs")
}

#[test]
fn a_kernel_that_runs_too_long_is_stopped() {
    let d = tempfile::tempdir().unwrap();
    // An all-zero int64 array of 4 elements.
    let mut npy = b"\x93NUMPY\x01\x00".to_vec();
    let mut header = "{'descr': '<i8', 'fortran_order': False, 'shape': (4,), }".to_string();
    header.push_str(&" ".repeat(64 - (10 + header.len() + 1) % 64));
    header.push('\n');
    npy.extend_from_slice(&(header.len() as u16).to_le_bytes());
    npy.extend_from_slice(header.as_bytes());
    npy.extend_from_slice(&[0; 32]);
    std::fs::write(d.path().join("out.npy"), npy).unwrap();

    let start = Instant::now();
    let out = run(d.path(), "i64:1", "0.3");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("time limit: the launch ran longer than 300ms"),
        "{err}"
    );
    assert!(start.elapsed() < Duration::from_secs(60));

    let out = run(d.path(), "i64:0", "30");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("out (argument 1): int64[4] = [0, 1, 2, 3]"),
        "{err}"
    );

    for bad in ["0", "nan", "soon"] {
        let out = run(d.path(), "i64:0", bad);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains("--timeout") && err.contains("expected a positive number of seconds"),
            "{err}"
        );
    }
}
