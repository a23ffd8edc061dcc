//! Hand-written PTX in the kernelc ABI, for smoke tests and benchmarks on
//! real GPUs: `vadd` (`out[i] = a[i] + b[i]` over `float32` arrays) and
//! `empty` (does nothing; measures launch cost).
//!
//! Each 1-D array is three `.param`s, as the compiler passes it: a `.u64`
//! data pointer, a `.s64` extent and a `.s64` byte stride.

use kernelc_abi::Target;

/// The module's text for `target`, with the `.version` the compiler would
/// write for it.
pub fn vector_add_ptx(target: Target) -> String {
    let (major, minor) = target.ptx_version();
    format!(
        ".version {major}.{minor}\n.target {target}\n.address_size 64\n{}",
        BODY
    )
}

/// The `.param` bytes of a 1-D array argument.
pub fn array_params(ptr: u64, len: usize, elem_bytes: usize) -> [[u8; 8]; 3] {
    [
        ptr.to_le_bytes(),
        (len as i64).to_le_bytes(),
        (elem_bytes as i64).to_le_bytes(),
    ]
}

const BODY: &str = r#"
.visible .entry empty()
{
	ret;
}

.visible .entry vadd(
	.param .u64 a,
	.param .s64 a_n,
	.param .s64 a_s,
	.param .u64 b,
	.param .s64 b_n,
	.param .s64 b_s,
	.param .u64 o,
	.param .s64 o_n,
	.param .s64 o_s
)
{
	.reg .pred %p<1>;
	.reg .b32 %r<3>;
	.reg .b64 %rd<12>;
	.reg .f32 %f<3>;
	mov.u32 %r0, %ctaid.x;
	mov.u32 %r1, %ntid.x;
	mov.u32 %r2, %tid.x;
	mul.wide.u32 %rd0, %r0, %r1;
	cvt.u64.u32 %rd1, %r2;
	add.s64 %rd0, %rd0, %rd1;
	ld.param.s64 %rd1, [o_n];
	setp.ge.s64 %p0, %rd0, %rd1;
	@%p0 bra DONE;
	ld.param.u64 %rd2, [a];
	ld.param.s64 %rd3, [a_s];
	mad.lo.s64 %rd4, %rd0, %rd3, %rd2;
	ld.global.f32 %f0, [%rd4];
	ld.param.u64 %rd5, [b];
	ld.param.s64 %rd6, [b_s];
	mad.lo.s64 %rd7, %rd0, %rd6, %rd5;
	ld.global.f32 %f1, [%rd7];
	add.f32 %f2, %f0, %f1;
	ld.param.u64 %rd8, [o];
	ld.param.s64 %rd9, [o_s];
	mad.lo.s64 %rd10, %rd0, %rd9, %rd8;
	st.global.f32 [%rd10], %f2;
DONE:
	ret;
}
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gpu::ptx_scan::entries;

    #[test]
    fn declares_both_kernels_with_the_array_abi() {
        let ptx = vector_add_ptx(Target::sm(90));
        assert!(ptx.starts_with(".version 7.8\n.target sm_90\n"));
        let e = entries(&ptx);
        assert_eq!(e[0].name, "empty");
        assert!(e[0].param_sizes.is_empty());
        assert_eq!(e[1].name, "vadd");
        assert_eq!(e[1].param_sizes, vec![8; 9]);
    }

    #[test]
    fn array_params_are_pointer_extent_stride() {
        let [p, n, s] = array_params(0x10, 3, 4);
        assert_eq!(u64::from_le_bytes(p), 0x10);
        assert_eq!(i64::from_le_bytes(n), 3);
        assert_eq!(i64::from_le_bytes(s), 4);
    }
}
