//! PTX modules linked on the CPU device: a kernel that calls an `.extern
//! .func` in Numba's ABI (a pointer to the result in local memory, an int32
//! status), with the definition in another module written as nvcc writes
//! it (`tests/link/functions.ptx`).

mod common;
use common::*;
use kernelc_runtime::{CpuError, LaunchConfig};

const FUNCTIONS: &str = include_str!("../../tests/link/functions.ptx");

/// `out[i] = mul_f32(a[i], b[i])` for `i < n`, calling the definition in
/// `FUNCTIONS` as Numba calls a declared device function.
const CALLER: &str = include_str!("../../tests/link/caller.ptx");

#[test]
fn a_kernel_calls_a_function_defined_in_another_module() {
    let (d, _) = device(1, true);
    let module = d.load_module_linked(&[CALLER, FUNCTIONS]).expect("link");
    let n = 40;
    let a: Vec<f32> = (0..n).map(|i| i as f32 - 7.5).collect();
    let b: Vec<f32> = (0..n).map(|i| 0.25 * i as f32).collect();
    let (pa, pb) = (upload(&d, &f32s(&a)), upload(&d, &f32s(&b)));
    let out = upload(&d, &f32s(&vec![-1.0; n]));
    let params = [
        out.0.to_le_bytes().to_vec(),
        pa.0.to_le_bytes().to_vec(),
        pb.0.to_le_bytes().to_vec(),
        (n as u32 - 2).to_le_bytes().to_vec(),
    ];
    let params: Vec<&[u8]> = params.iter().map(|p| &p[..]).collect();
    d.launch(&module, "k", &LaunchConfig::linear(1, 64), &params)
        .expect("launch");
    let got = to_f32(&download(&d, out, 4 * n));
    for i in 0..n {
        let want = if i < n - 2 { a[i] * b[i] } else { -1.0 };
        assert_eq!(got[i], want, "element {i}");
    }
}

#[test]
fn an_unresolved_extern_or_a_bad_link_is_an_error_not_a_crash() {
    let (d, _) = device(1, true);
    // Without the definition, the kernel cannot be decoded.
    let err = d.load_module_linked(&[CALLER]).err().expect("an error");
    assert!(err.to_string().contains("mul_f32"), "{err}");
    // The definitions twice: two strong definitions of one name.
    let err = d
        .load_module_linked(&[CALLER, FUNCTIONS, FUNCTIONS])
        .err()
        .expect("an error");
    assert!(matches!(err, CpuError::Link(_)), "{err}");
    assert!(
        err.to_string()
            .contains("`mul_f32` is defined in PTX input 1 and again in input 2"),
        "{err}"
    );
    assert!(matches!(d.load_module_linked(&[]), Err(CpuError::Link(_))));
}
