//! Barriers, shared memory, atomics under contention from many blocks on
//! two workers, dynamic shared memory, and printf.

mod common;
use common::*;
use kernelc_runtime::{CpuError, LaunchConfig};

/// A tiled shared-memory sum: each block reduces 256 floats in shared
/// memory, thread 0 adds the block's sum to `out[0]` atomically.
const REDUCE: &str = include_str!("ptx/reduce.ptx");

#[test]
fn tiled_reduction_is_exact_and_race_free_with_checking() {
    let (d, _) = device(2, true);
    let blocks = 64;
    let n = 256 * blocks;
    let input: Vec<f32> = (0..n).map(|i| (i % 7) as f32).collect();
    let pin = upload(&d, &f32s(&input));
    let pout = d.alloc(4).unwrap();
    let stats = launch(
        &d,
        REDUCE,
        "reduce",
        LaunchConfig::linear(blocks as u32, 256),
        &[pin.0.to_le_bytes().to_vec(), pout.0.to_le_bytes().to_vec()],
    )
    .unwrap();
    let total: f32 = input.iter().sum();
    assert_eq!(to_f32(&download(&d, pout, 4))[0], total);
    assert_eq!(stats.threads, n as u64);
    assert!(stats.instructions > 0);
}

const ATOMICS: &str = r#"
.version 7.0
.target sm_80
.address_size 64
.visible .entry atomics(.param .u64 p)
{
    .reg .b32 %r<20>;
    .reg .b64 %rd<20>;
    .reg .pred %p<4>;
    .reg .f32 %f<4>;
    .shared .align 4 .u32 count;
    ld.param.u64 %rd0, [p];
    mov.u32 %r0, %tid.x;
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ntid.x;
    mad.lo.u32 %r3, %r1, %r2, %r0;
    atom.global.add.u32 %r4, [%rd0], 1;
    atom.global.add.f32 %f1, [%rd0+4], 0f3F800000;
    atom.global.max.s32 %r5, [%rd0+8], %r3;
    atom.global.min.s32 %r5, [%rd0+12], %r3;
    atom.global.inc.u32 %r6, [%rd0+16], 99;
    red.global.add.u64 [%rd0+24], 1;
RETRY:
    ld.volatile.global.u32 %r7, [%rd0+32];
    add.u32 %r8, %r7, 2;
    atom.global.cas.b32 %r9, [%rd0+32], %r7, %r8;
    setp.ne.u32 %p1, %r9, %r7;
    @%p1 bra RETRY;
    setp.ne.u32 %p2, %r0, 0;
    @%p2 bra S;
    st.shared.u32 [count], 0;
S:
    bar.sync 0;
    atom.shared.add.u32 %r10, [count], 1;
    bar.sync 0;
    @%p2 bra END;
    ld.shared.u32 %r11, [count];
    atom.global.add.u32 %r12, [%rd0+40], %r11;
    atom.global.exch.b32 %r13, [%rd0+44], %r1;
    atom.global.or.b32 %r13, [%rd0+48], 1;
    shl.b32 %r14, 1, %r1;
    atom.global.or.b32 %r13, [%rd0+52], %r14;
END:
    ret;
}
"#;

#[test]
fn atomics_from_many_blocks_on_two_workers_give_exact_totals() {
    let (d, _) = device(2, true);
    let p = d.alloc(64).unwrap();
    d.copy_to_device(p.offset(12), &i32::MAX.to_le_bytes())
        .unwrap();
    let blocks = 32u32;
    launch(
        &d,
        ATOMICS,
        "atomics",
        LaunchConfig::linear(blocks, 256),
        &[p.0.to_le_bytes().to_vec()],
    )
    .unwrap();
    let b = download(&d, p, 64);
    let u = to_u32(&b);
    let n = blocks * 256;
    assert_eq!(u[0], n);
    assert_eq!(f32::from_bits(u[1]), n as f32);
    assert_eq!(u[2], n - 1);
    assert_eq!(u[3], 0);
    assert_eq!(u[4], n % 100);
    assert_eq!(to_u64(&b[24..32])[0], n as u64);
    assert_eq!(u[8], 2 * n);
    assert_eq!(u[10], n);
    assert!(u[11] < blocks);
    assert_eq!(u[12], 1);
    assert_eq!(u[13], u32::MAX);
}

#[test]
fn block_reductions_and_barrier_predicates() {
    let ptx = r#"
.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 p)
{
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    .reg .pred %p<6>;
    ld.param.u64 %rd0, [p];
    mov.u32 %r0, %tid.x;
    setp.lt.u32 %p1, %r0, 50;
    bar.red.popc.u32 %r1, 0, %p1;
    bar.red.and.pred %p2, 0, %p1;
    setp.lt.u32 %p3, %r0, 1000;
    bar.red.and.pred %p4, 0, %p3;
    bar.red.or.pred %p5, 0, !%p3;
    setp.ne.u32 %p1, %r0, 77;
    @%p1 bra END;
    st.global.u32 [%rd0], %r1;
    selp.u32 %r2, 1, 0, %p2;
    st.global.u32 [%rd0+4], %r2;
    selp.u32 %r3, 1, 0, %p4;
    st.global.u32 [%rd0+8], %r3;
    selp.u32 %r4, 1, 0, %p5;
    st.global.u32 [%rd0+12], %r4;
END:
    ret;
}
"#;
    let (d, _) = device(1, true);
    let p = d.alloc(16).unwrap();
    launch(
        &d,
        ptx,
        "k",
        LaunchConfig::linear(1, 100),
        &[p.0.to_le_bytes().to_vec()],
    )
    .unwrap();
    assert_eq!(to_u32(&download(&d, p, 16)), vec![50, 0, 1, 0]);
}

#[test]
fn dynamic_shared_memory_follows_static() {
    let ptx = r#"
.version 7.0
.target sm_80
.address_size 64
.extern .shared .align 16 .b8 dyn[];
.visible .entry k(.param .u64 p)
{
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    .reg .pred %p<2>;
    .shared .align 4 .b8 stat[12];
    ld.param.u64 %rd0, [p];
    mov.u32 %r0, %tid.x;
    mov.u64 %rd1, dyn;
    mul.wide.u32 %rd2, %r0, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.shared.u32 [%rd3], %r0;
    st.shared.u32 [stat], 5;
    bar.sync 0;
    sub.u32 %r1, 63, %r0;
    mul.wide.u32 %rd4, %r1, 4;
    add.s64 %rd5, %rd1, %rd4;
    ld.shared.u32 %r2, [%rd5];
    add.s64 %rd6, %rd0, %rd2;
    st.global.u32 [%rd6], %r2;
    cvta.shared.u64 %rd7, %rd1;
    st.global.u64 [%rd0+256], %rd1;
    ret;
}
"#;
    let (d, _) = device(1, false);
    let p = d.alloc(264).unwrap();
    let cfg = LaunchConfig {
        grid: [1, 1, 1],
        block: [64, 1, 1],
        shared_bytes: 256,
    };
    launch(&d, ptx, "k", cfg, &[p.0.to_le_bytes().to_vec()]).unwrap();
    let b = download(&d, p, 264);
    let v = to_u32(&b[..256]);
    assert_eq!(v, (0..64).rev().collect::<Vec<u32>>());
    assert_eq!(
        to_u64(&b[256..])[0],
        16,
        "dynamic shared memory starts after the static"
    );
    // too little dynamic shared memory is a fault, not UB
    let cfg = LaunchConfig {
        shared_bytes: 128,
        ..cfg
    };
    let e = launch(&d, ptx, "k", cfg, &[p.0.to_le_bytes().to_vec()]).unwrap_err();
    assert!(e.to_string().contains("shared"), "{e}");
}

fn c_bytes(s: &str) -> String {
    s.bytes()
        .chain([0])
        .map(|b| b.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn printf_output_is_formatted_and_in_block_order() {
    let fmt = "block %d half %.2f %s|%5x|\n";
    let ptx = format!(
        r#"
.version 7.0
.target sm_80
.address_size 64
.extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.global .align 1 .b8 fmtstr[{n}] = {{{bytes}}};
.global .align 1 .b8 word[3] = {{104, 105, 0}};
.visible .entry p()
{{
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    .reg .pred %p<2>;
    .reg .f64 %fd<2>;
    .local .align 8 .b8 buf[32];
    mov.u32 %r0, %tid.x;
    setp.ne.u32 %p1, %r0, 0;
    @%p1 bra END;
    mov.u32 %r1, %ctaid.x;
    st.local.u32 [buf], %r1;
    cvt.rn.f64.u32 %fd1, %r1;
    mul.f64 %fd1, %fd1, 0d3FE0000000000000;
    st.local.f64 [buf+8], %fd1;
    cvta.global.u64 %rd3, word;
    st.local.u64 [buf+16], %rd3;
    st.local.u32 [buf+24], 255;
    mov.u64 %rd1, buf;
    cvta.local.u64 %rd1, %rd1;
    cvta.global.u64 %rd2, fmtstr;
    {{
    .param .b64 fmt;
    .param .b64 vargs;
    .param .b32 status;
    st.param.b64 [fmt], %rd2;
    st.param.b64 [vargs], %rd1;
    call.uni (status), vprintf, (fmt, vargs);
    }}
END:
    ret;
}}
"#,
        n = fmt.len() + 1,
        bytes = c_bytes(fmt)
    );
    let (d, out) = device(2, true);
    launch(&d, &ptx, "p", LaunchConfig::linear(4, 64), &[]).unwrap();
    let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
    assert_eq!(
        text,
        "block 0 half 0.00 hi|   ff|\nblock 1 half 0.50 hi|   ff|\n\
         block 2 half 1.00 hi|   ff|\nblock 3 half 1.50 hi|   ff|\n"
    );
}

/// A kernel whose threads print `fmt` (a `%d` of the thread index) then
/// trap (only thread 3), with `between` between the two.
fn print_then_trap(fmt: &str, between: &str) -> String {
    format!(
        r#"
.version 7.0
.target sm_80
.address_size 64
.extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.global .align 1 .b8 fmtstr[{n}] = {{{bytes}}};
.visible .entry p()
{{
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    .reg .pred %p<2>;
    .local .align 8 .b8 buf[8];
    mov.u32 %r0, %tid.x;
    setp.ne.u32 %p1, %r0, 3;
    @%p1 bra END;
    st.local.u32 [buf], %r0;
    mov.u64 %rd1, buf;
    cvta.local.u64 %rd1, %rd1;
    cvta.global.u64 %rd2, fmtstr;
    {{
    .param .b64 fmt;
    .param .b64 vargs;
    .param .b32 status;
    st.param.b64 [fmt], %rd2;
    st.param.b64 [vargs], %rd1;
    call.uni (status), vprintf, (fmt, vargs);
    }}
{between}
    trap;
END:
    ret;
}}
"#,
        n = fmt.len() + 1,
        bytes = c_bytes(fmt)
    )
}

#[test]
fn a_trap_right_after_a_printf_carries_the_printed_line() {
    let (d, out) = device(2, false);
    let ptx = print_then_trap("ValueError: thread %d\n", "");
    let e = launch(&d, &ptx, "p", LaunchConfig::linear(1, 32), &[]).unwrap_err();
    let CpuError::Trap { at, message } = &e else {
        panic!("{e}")
    };
    assert_eq!(at.thread, [3, 0, 0]);
    assert_eq!(message.as_deref(), Some("ValueError: thread 3"));
    assert!(
        e.to_string()
            .starts_with("trap executed: ValueError: thread 3 (kernel `p`"),
        "{e}"
    );
    // the line is still printed, once
    let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
    assert_eq!(text, "ValueError: thread 3\n");
    // a label between them (a branch may reach the trap without the
    // printf): the trap carries nothing
    let ptx = print_then_trap("ValueError: thread %d\n", "L:");
    let e = launch(&d, &ptx, "p", LaunchConfig::linear(1, 32), &[]).unwrap_err();
    assert!(matches!(e, CpuError::Trap { message: None, .. }), "{e}");
    assert!(
        e.to_string().starts_with("trap executed (kernel `p`"),
        "{e}"
    );
    // nor with an instruction between
    let ptx = print_then_trap("ValueError: thread %d\n", "mov.u32 %r1, 0;");
    let e = launch(&d, &ptx, "p", LaunchConfig::linear(1, 32), &[]).unwrap_err();
    assert!(matches!(e, CpuError::Trap { message: None, .. }), "{e}");
}
