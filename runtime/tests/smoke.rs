//! End-to-end smoke test: kernelc's vector add PTX on the CPU device.

mod common;
use common::*;
use kernelc_runtime::LaunchConfig;

const VECTOR_ADD: &str = include_str!("ptx/vector_add.ptx");

#[test]
fn vector_add_runs_on_many_blocks() {
    for workers in [1, 2] {
        let (d, _) = device(workers, true);
        let n = 1000;
        let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
        let b: Vec<f32> = (0..n).map(|i| 0.5 * i as f32).collect();
        let pa = upload(&d, &f32s(&a));
        let pb = upload(&d, &f32s(&b));
        let pc = d.alloc(4 * n).unwrap();
        let mut params = array1(pa, n, 4);
        params.extend(array1(pb, n, 4));
        params.extend(array1(pc, n, 4));
        let stats = launch(
            &d,
            VECTOR_ADD,
            "vector_add",
            LaunchConfig::linear(8, 128),
            &params,
        )
        .unwrap();
        assert_eq!(stats.threads, 1024);
        let c = to_f32(&download(&d, pc, 4 * n));
        for i in 0..n {
            assert_eq!(c[i], a[i] + b[i], "element {i}");
        }
    }
}
