//! PTX modules linked on the CPU device: a kernel that calls an `.extern
//! .func` in Numba's ABI (a pointer to the result in local memory, an int32
//! status), with the definition in another module written as nvcc writes
//! it (`tests/link/functions.ptx`).

mod common;
use common::*;
use kernelc_runtime::{CpuError, LaunchConfig};

const FUNCTIONS: &str = include_str!("../../tests/link/functions.ptx");

/// `out[i] = mul_f32(a[i], b[i])` for `i < n`, in the shape Numba gives a
/// call of a declared device function (the result slot zeroed, its
/// generic address passed, the status tested: 0 or -2 go on, anything else
/// ends the thread).
const CALLER: &str = "
.version 7.0
.target sm_52
.address_size 64
.extern .func  (.param .b32 func_retval0) mul_f32
(
	.param .b64 mul_f32_param_0,
	.param .b32 mul_f32_param_1,
	.param .b32 mul_f32_param_2
)
;
.visible .entry k(.param .u64 out, .param .u64 a, .param .u64 b, .param .u32 n)
{
	.local .align 4 .b8 __local_depot0[4];
	.reg .pred %p<4>;
	.reg .f32 %f<4>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<10>;
	mov.u32 %r1, %tid.x;
	ld.param.u32 %r2, [n];
	setp.ge.u32 %p1, %r1, %r2;
	@%p1 bra DONE;
	mov.u64 %rd1, __local_depot0;
	cvta.local.u64 %rd2, %rd1;
	mov.u32 %r3, 0;
	st.local.u32 [%rd1], %r3;
	mul.wide.u32 %rd3, %r1, 4;
	ld.param.u64 %rd4, [a];
	add.s64 %rd5, %rd4, %rd3;
	ld.global.f32 %f1, [%rd5];
	ld.param.u64 %rd6, [b];
	add.s64 %rd7, %rd6, %rd3;
	ld.global.f32 %f2, [%rd7];
	{
	.param .b64 param0;
	st.param.b64 [param0+0], %rd2;
	.param .b32 param1;
	st.param.f32 [param1+0], %f1;
	.param .b32 param2;
	st.param.f32 [param2+0], %f2;
	.param .b32 retval0;
	call.uni (retval0), mul_f32, (param0, param1, param2);
	ld.param.b32 %r3, [retval0+0];
	}
	setp.eq.s32 %p2, %r3, 0;
	@%p2 bra OK;
	setp.ne.s32 %p3, %r3, -2;
	@%p3 bra DONE;
OK:
	ld.local.f32 %f3, [%rd1];
	ld.param.u64 %rd8, [out];
	add.s64 %rd9, %rd8, %rd3;
	st.global.f32 [%rd9], %f3;
DONE:
	ret;
}
";

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
