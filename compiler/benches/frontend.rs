//! Front-end latency: parse + resolve + type-check a 30-line kernel.
//!
//! Run with `cargo bench -p kernelc-compiler --bench frontend`. The kernel
//! is a shared-memory tiled matrix multiply with a device function, the
//! size the front-end target (under 20 µs) is stated for. The file is
//! checked with one [`CheckContext`] given each result back, as a caller
//! checking file after file does; a second bench checks it with a new
//! context every time ([`check`]), which shows what the reuse saves.

use criterion::{criterion_group, criterion_main, Criterion};
use kernelc_compiler::{check, check_with, CheckContext, CheckOptions};
use std::hint::black_box;

/// A realistic 30-line kernel file.
pub const MATMUL: &str = r#"from numba import cuda, float32
import math

TPB = 16

@cuda.jit(device=True)
def clamp(x, lo, hi):
    return min(max(x, lo), hi)

@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32[:, ::1], float32)")
def matmul(A, B, C, alpha):
    sA = cuda.shared.array((TPB, TPB), float32)
    sB = cuda.shared.array((TPB, TPB), float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bpg = cuda.gridDim.x
    tmp = float32(0.0)
    for i in range(bpg):
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and (tx + i * TPB) < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TPB]
        if x < B.shape[1] and (ty + i * TPB) < B.shape[0]:
            sB[ty, tx] = B[ty + i * TPB, x]
        cuda.syncthreads()
        for j in range(TPB):
            tmp += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = clamp(alpha * tmp, -1e30, math.inf)
"#;

fn frontend(c: &mut Criterion) {
    let options = CheckOptions::default();
    let checked = check("matmul.py", MATMUL, &options);
    assert!(!checked.has_errors(), "{}", checked.render_diagnostics());
    let mut ctx = CheckContext::new();
    c.bench_function("parse+typecheck 30-line matmul", |b| {
        b.iter(|| {
            let checked = check_with(&mut ctx, "matmul.py", black_box(MATMUL), &options);
            ctx.recycle(black_box(checked));
        })
    });
    c.bench_function("parse+typecheck 30-line matmul, new context", |b| {
        b.iter(|| check("matmul.py", black_box(MATMUL), &options))
    });
}

criterion_group!(benches, frontend);
criterion_main!(benches);
