//! Hand-written PTX for each instruction family, with exact expected
//! results (NaN, rounding and overflow corner cases included).
//!
//! Each test body runs in a kernel `t(.param .u64 out)`; `%rd1` points at
//! the thread's 8 result slots (`out + tid*64`), `%r0` is `%tid.x`.

mod common;
use common::*;
use kernelc_runtime::LaunchConfig;

fn kernel(body: &str) -> String {
    format!(
        ".version 7.8\n.target sm_80\n.address_size 64\n\
         .visible .entry t(.param .u64 out)\n{{\n\
         .reg .b32 %r<40>;\n.reg .b64 %rd<40>;\n.reg .pred %p<10>;\n\
         .reg .f32 %f<10>;\n.reg .f64 %fd<10>;\n.reg .b16 %h<4>;\n\
         ld.param.u64 %rd0, [out];\nmov.u32 %r0, %tid.x;\n\
         mul.wide.u32 %rd1, %r0, 64;\nadd.s64 %rd1, %rd0, %rd1;\n{body}\nret;\n}}\n"
    )
}

/// Runs `body` on `threads` threads (one block); returns 8 u64 per thread.
fn run(body: &str, threads: u32) -> Vec<[u64; 8]> {
    let (d, _) = device(1, true);
    let out = d.alloc(64 * threads as usize).unwrap();
    launch(
        &d,
        &kernel(body),
        "t",
        LaunchConfig::linear(1, threads),
        &[out.0.to_le_bytes().to_vec()],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    to_u64(&download(&d, out, 64 * threads as usize))
        .chunks(8)
        .map(|c| c.try_into().unwrap())
        .collect()
}

fn f32v(x: u64) -> f32 {
    f32::from_bits(x as u32)
}

#[test]
fn integer_arithmetic() {
    let r = run(
        "mov.u32 %r1, -7;\n\
         div.s32 %r2, %r1, 2;\n\
         rem.s32 %r3, %r1, 2;\n\
         div.u32 %r4, %r1, 0;\n\
         mul.hi.s32 %r5, %r1, 3;\n\
         mul.wide.s32 %rd2, %r1, 3;\n\
         mad.lo.s32 %r6, %r1, %r1, 1;\n\
         abs.s32 %r7, %r1;\n\
         st.global.u32 [%rd1], %r2;\n st.global.u32 [%rd1+4], %r3;\n\
         st.global.u32 [%rd1+8], %r4;\n st.global.u32 [%rd1+12], %r5;\n\
         st.global.u64 [%rd1+16], %rd2;\n st.global.u32 [%rd1+24], %r6;\n\
         st.global.u32 [%rd1+28], %r7;\n\
         shl.b32 %r8, 1, 31;\n shr.s32 %r9, %r8, 40;\n shr.u32 %r10, %r8, 31;\n\
         st.global.u32 [%rd1+32], %r9;\n st.global.u32 [%rd1+36], %r10;\n\
         mov.b64 %rd3, 0xF0F0;\n bfe.u64 %rd4, %rd3, 4, 8;\n clz.b64 %r11, %rd3;\n\
         popc.b64 %r12, %rd3;\n brev.b32 %r13, 1;\n\
         st.global.u64 [%rd1+40], %rd4;\n st.global.u32 [%rd1+48], %r11;\n\
         st.global.u32 [%rd1+52], %r12;\n st.global.u32 [%rd1+56], %r13;\n\
         min.u32 %r14, %r1, 5;\n st.global.u32 [%rd1+60], %r14;",
        1,
    );
    let w = &r[0];
    let lo = |x: u64| x as u32;
    let hi = |x: u64| (x >> 32) as u32;
    assert_eq!(lo(w[0]) as i32, -3);
    assert_eq!(hi(w[0]) as i32, -1);
    assert_eq!(lo(w[1]), u32::MAX);
    assert_eq!(hi(w[1]) as i32, -1); // high half of -21
    assert_eq!(w[2] as i64, -21);
    assert_eq!(lo(w[3]), 50);
    assert_eq!(hi(w[3]), 7);
    assert_eq!(lo(w[4]), u32::MAX);
    assert_eq!(hi(w[4]), 1);
    assert_eq!(w[5], 0x0F);
    assert_eq!(lo(w[6]), 48);
    assert_eq!(hi(w[6]), 8);
    assert_eq!(lo(w[7]), 0x8000_0000);
    assert_eq!(hi(w[7]), 5);
}

#[test]
fn predicates_and_selects() {
    let r = run(
        "setp.lt.s32 %p1, %r0, 2;\n\
         setp.gt.u32 %p2, %r0, 0;\n\
         setp.ne.and.s32 %p3|%p4, %r0, 1, %p1;\n\
         and.pred %p5, %p1, %p2;\n\
         or.pred %p6, %p1, %p2;\n\
         not.pred %p7, %p1;\n\
         selp.u64 %rd2, 1, 0, %p3;\n selp.u64 %rd3, 1, 0, %p4;\n\
         selp.u64 %rd4, 1, 0, %p5;\n selp.u64 %rd5, 1, 0, %p6;\n\
         selp.u64 %rd6, 1, 0, %p7;\n\
         st.global.u64 [%rd1], %rd2;\n st.global.u64 [%rd1+8], %rd3;\n\
         st.global.u64 [%rd1+16], %rd4;\n st.global.u64 [%rd1+24], %rd5;\n\
         st.global.u64 [%rd1+32], %rd6;",
        3,
    );
    let got: Vec<[u64; 5]> = r.iter().map(|w| [w[0], w[1], w[2], w[3], w[4]]).collect();
    // tid: p1 = tid<2, p2 = tid>0, p3 = (tid!=1)&p1, p4 = (tid==1)&p1
    assert_eq!(got, vec![[1, 0, 0, 1, 0], [0, 1, 1, 1, 0], [0, 0, 0, 1, 1]]);
}

#[test]
fn float_arithmetic_and_nan_rules() {
    let r = run(
        "mov.f32 %f1, 0f3F800000;\n mov.f32 %f2, 0f7FC00000;\n mov.f32 %f3, 0f40400000;\n\
         min.f32 %f4, %f2, %f1;\n max.f32 %f5, %f1, %f2;\n\
         div.rn.f32 %f6, %f1, %f3;\n fma.rn.f32 %f7, %f3, %f3, %f1;\n\
         sqrt.rn.f32 %f8, %f3;\n\
         st.global.f32 [%rd1], %f4;\n st.global.f32 [%rd1+4], %f5;\n\
         st.global.f32 [%rd1+8], %f6;\n st.global.f32 [%rd1+12], %f7;\n\
         st.global.f32 [%rd1+16], %f8;\n\
         setp.nan.f32 %p1, %f2, %f1;\n setp.neu.f32 %p2, %f2, %f2;\n setp.ne.f32 %p3, %f2, %f1;\n\
         selp.u32 %r1, 1, 0, %p1;\n selp.u32 %r2, 1, 0, %p2;\n selp.u32 %r3, 1, 0, %p3;\n\
         st.global.u32 [%rd1+20], %r1;\n st.global.u32 [%rd1+24], %r2;\n st.global.u32 [%rd1+28], %r3;\n\
         mov.f64 %fd1, 0d3FF0000000000000;\n mov.f64 %fd2, 0d4008000000000000;\n\
         div.rn.f64 %fd3, %fd1, %fd2;\n neg.f64 %fd4, %fd3;\n abs.f64 %fd5, %fd4;\n\
         copysign.f64 %fd6, %fd4, %fd2;\n\
         st.global.f64 [%rd1+32], %fd3;\n st.global.f64 [%rd1+40], %fd5;\n\
         st.global.f64 [%rd1+48], %fd6;",
        1,
    );
    let w = &r[0];
    assert_eq!(f32v(w[0]), 1.0);
    assert_eq!(f32v(w[0] >> 32), 1.0);
    assert_eq!(f32v(w[1]), 1.0 / 3.0);
    assert_eq!(f32v(w[1] >> 32), 10.0);
    assert_eq!(f32v(w[2]), 3f32.sqrt());
    assert_eq!(w[2] >> 32, 1);
    assert_eq!(w[3] & 0xffff_ffff, 1);
    assert_eq!(w[3] >> 32, 0);
    assert_eq!(f64::from_bits(w[4]), 1.0 / 3.0);
    assert_eq!(f64::from_bits(w[5]), 1.0 / 3.0);
    assert_eq!(f64::from_bits(w[6]), -3.0);
}

#[test]
fn conversions_round_and_saturate() {
    let r = run(
        "mov.f32 %f1, 0fC0300000;\n\
         cvt.rzi.s32.f32 %r1, %f1;\n cvt.rni.s32.f32 %r2, %f1;\n\
         cvt.rmi.s32.f32 %r3, %f1;\n cvt.rpi.s32.f32 %r4, %f1;\n\
         mov.f32 %f2, 0f7FC00000;\n cvt.rzi.s32.f32 %r5, %f2;\n\
         mov.f32 %f3, 0f4F800000;\n cvt.rzi.s32.f32 %r6, %f3;\n cvt.rzi.u32.f32 %r7, %f1;\n\
         st.global.u32 [%rd1], %r1;\n st.global.u32 [%rd1+4], %r2;\n\
         st.global.u32 [%rd1+8], %r3;\n st.global.u32 [%rd1+12], %r4;\n\
         st.global.u32 [%rd1+16], %r5;\n st.global.u32 [%rd1+20], %r6;\n\
         st.global.u32 [%rd1+24], %r7;\n\
         mov.f32 %f4, 0f3F8CCCCD;\n cvt.rn.f16.f32 %h1, %f4;\n cvt.f32.f16 %f5, %h1;\n\
         st.global.b16 [%rd1+28], %h1;\n st.global.f32 [%rd1+32], %f5;\n\
         cvt.rn.f32.s32 %f6, %r1;\n cvt.f64.f32 %fd1, %f4;\n cvt.rn.f32.f64 %f7, %fd1;\n\
         st.global.f32 [%rd1+36], %f6;\n st.global.f64 [%rd1+40], %fd1;\n st.global.f32 [%rd1+48], %f7;\n\
         mov.u32 %r8, -1;\n cvt.s64.s32 %rd2, %r8;\n cvt.u64.u32 %rd3, %r8;\n\
         cvt.s32.s8 %r9, %r8;\n\
         st.global.u32 [%rd1+52], %r9;\n st.global.u64 [%rd1+56], %rd2;",
        1,
    );
    let w = &r[0];
    let lo = |x: u64| x as u32 as i32;
    let hi = |x: u64| (x >> 32) as u32 as i32;
    // -2.75
    assert_eq!((lo(w[0]), hi(w[0])), (-2, -3));
    assert_eq!((lo(w[1]), hi(w[1])), (-3, -2));
    assert_eq!((lo(w[2]), hi(w[2])), (0, i32::MAX));
    assert_eq!(lo(w[3]), 0); // negative to unsigned saturates to 0
    assert_eq!(hi(w[3]) as u32 & 0xffff, 0x3c66); // 1.1 as f16
    assert!((f32v(w[4]) - 1.0996094).abs() < 1e-6);
    assert_eq!(f32v(w[4] >> 32), -2.0);
    assert_eq!(f64::from_bits(w[5]), 1.1f32 as f64);
    assert_eq!(f32v(w[6]), 1.1);
    assert_eq!(hi(w[6]), -1);
    assert_eq!(w[7] as i64, -1);
}

#[test]
fn divergent_branches_and_loops_reconverge() {
    // Each thread sums 0..tid in a loop (divergent trip counts), odd
    // threads then add 1000 on their own path; after reconverging, a
    // full-mask shuffle reads the neighbour's value.
    let r = run(
        "mov.u32 %r1, 0;\n mov.u32 %r2, 0;\n\
         L_loop:\n setp.ge.u32 %p1, %r2, %r0;\n @%p1 bra L_done;\n\
         add.u32 %r1, %r1, %r2;\n add.u32 %r2, %r2, 1;\n bra.uni L_loop;\n\
         L_done:\n and.b32 %r3, %r0, 1;\n setp.eq.u32 %p2, %r3, 1;\n @!%p2 bra L_join;\n\
         add.u32 %r1, %r1, 1000;\n\
         L_join:\n shfl.sync.down.b32 %r4|%p3, %r1, 1, 31, -1;\n\
         selp.u32 %r5, 1, 0, %p3;\n activemask.b32 %r6;\n\
         st.global.u32 [%rd1], %r1;\n st.global.u32 [%rd1+4], %r4;\n\
         st.global.u32 [%rd1+8], %r5;\n st.global.u32 [%rd1+12], %r6;",
        32,
    );
    let v = |t: u32| t * t.saturating_sub(1) / 2 + if t % 2 == 1 { 1000 } else { 0 };
    for t in 0..32u32 {
        let w = r[t as usize];
        assert_eq!(w[0] as u32, v(t), "thread {t}");
        let (expect, ok) = if t < 31 { (v(t + 1), 1) } else { (v(t), 0) };
        assert_eq!((w[0] >> 32) as u32, expect, "shfl thread {t}");
        assert_eq!(w[1] as u32, ok);
        assert_eq!(
            (w[1] >> 32) as u32,
            u32::MAX,
            "activemask after reconvergence"
        );
    }
}

#[test]
fn shuffle_modes_and_segments() {
    let r = run(
        "mul.lo.u32 %r1, %r0, 10;\n\
         shfl.sync.idx.b32 %r2, %r1, 3, 31, -1;\n\
         shfl.sync.up.b32 %r3|%p1, %r1, 2, 0, -1;\n\
         shfl.sync.bfly.b32 %r4, %r1, 1, 31, -1;\n\
         shfl.sync.idx.b32 %r5, %r1, 1, 0x181f, -1;\n\
         shfl.sync.down.b32 %r6|%p2, %r1, 4, 0x181f, -1;\n\
         selp.u32 %r7, 1, 0, %p1;\n selp.u32 %r8, 1, 0, %p2;\n\
         st.global.u32 [%rd1], %r2;\n st.global.u32 [%rd1+4], %r3;\n\
         st.global.u32 [%rd1+8], %r4;\n st.global.u32 [%rd1+12], %r5;\n\
         st.global.u32 [%rd1+16], %r6;\n st.global.u32 [%rd1+20], %r7;\n\
         st.global.u32 [%rd1+24], %r8;",
        32,
    );
    for t in 0..32u64 {
        let w = r[t as usize];
        assert_eq!(w[0] as u32, 30);
        let up = if t >= 2 { (t - 2) * 10 } else { t * 10 };
        assert_eq!((w[0] >> 32), up, "up {t}");
        assert_eq!(w[1] as u32 as u64, (t ^ 1) * 10);
        // c = 0x181f: segments of 8 lanes; idx 1 reads lane 1 of the segment
        assert_eq!((w[1] >> 32), ((t & !7) + 1) * 10, "seg idx {t}");
        let down_ok = (t & 7) + 4 <= 7;
        let down = if down_ok { (t + 4) * 10 } else { t * 10 };
        assert_eq!(w[2] as u32 as u64, down, "seg down {t}");
        assert_eq!(w[2] >> 32, (t >= 2) as u64);
        assert_eq!(w[3] as u32 as u64, down_ok as u64);
    }
}

#[test]
fn votes() {
    let r = run(
        "setp.lt.u32 %p1, %r0, 5;\n\
         vote.sync.any.pred %p2, %p1, -1;\n vote.sync.all.pred %p3, %p1, -1;\n\
         vote.sync.uni.pred %p4, %p1, -1;\n vote.sync.ballot.b32 %r1, %p1, -1;\n\
         vote.sync.all.pred %p5, !%p1, -1;\n\
         selp.u32 %r2, 1, 0, %p2;\n selp.u32 %r3, 1, 0, %p3;\n\
         selp.u32 %r4, 1, 0, %p4;\n selp.u32 %r5, 1, 0, %p5;\n\
         st.global.u32 [%rd1], %r1;\n st.global.u32 [%rd1+4], %r2;\n\
         st.global.u32 [%rd1+8], %r3;\n st.global.u32 [%rd1+12], %r4;\n\
         st.global.u32 [%rd1+16], %r5;",
        32,
    );
    for w in &r {
        assert_eq!(w[0] as u32, 0x1f);
        assert_eq!(w[0] >> 32, 1);
        assert_eq!(w[1], 0);
        assert_eq!(w[2] as u32, 0);
    }
}

#[test]
fn device_functions_with_params_from_divergent_lanes() {
    let ptx = ".version 7.0\n.target sm_80\n.address_size 64\n\
        .func (.param .b32 func_retval0) twice(.param .b32 twice_param_0)\n{\n\
        .reg .b32 %r<3>;\n ld.param.b32 %r1, [twice_param_0];\n add.s32 %r2, %r1, %r1;\n\
        st.param.b32 [func_retval0], %r2;\n ret;\n}\n\
        .visible .entry k(.param .u64 out)\n{\n\
        .reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n.reg .pred %p<2>;\n\
        ld.param.u64 %rd0, [out];\n mov.u32 %r0, %tid.x;\n mov.u32 %r1, %r0;\n\
        setp.lt.u32 %p1, %r0, 3;\n @%p1 bra SKIP;\n\
        {\n .param .b32 param0;\n .param .b32 retval0;\n st.param.b32 [param0], %r0;\n\
        call.uni (retval0), twice, (param0);\n ld.param.b32 %r1, [retval0];\n }\n\
        SKIP:\n mul.wide.u32 %rd1, %r0, 4;\n add.s64 %rd2, %rd0, %rd1;\n\
        st.global.u32 [%rd2], %r1;\n ret;\n}\n";
    let (d, _) = device(1, true);
    let out = d.alloc(4 * 8).unwrap();
    launch(
        &d,
        ptx,
        "k",
        LaunchConfig::linear(1, 8),
        &[out.0.to_le_bytes().to_vec()],
    )
    .unwrap();
    assert_eq!(
        to_u32(&download(&d, out, 32)),
        vec![0, 1, 2, 6, 8, 10, 12, 14]
    );
}

#[test]
fn local_memory_generic_addressing_and_vectors() {
    let r = run(
        ".local .align 16 .b8 buf[16];\n\
         mov.u64 %rd2, buf;\n cvta.local.u64 %rd3, %rd2;\n\
         mov.u32 %r1, 7;\n mov.u32 %r2, 9;\n\
         st.v2.u32 [%rd3+8], {%r1, %r2};\n\
         ld.local.v2.u32 {%r3, %r4}, [%rd2+8];\n add.u32 %r5, %r3, %r4;\n\
         add.u32 %r5, %r5, %r0;\n st.local.u32 [buf], %r5;\n ld.u32 %r6, [%rd3];\n\
         st.global.u32 [%rd1], %r6;",
        4,
    );
    for (t, w) in r.iter().enumerate() {
        assert_eq!(w[0] as u32, 16 + t as u32);
    }
}

#[test]
fn warp_reductions_matches_and_bit_tricks() {
    let r = run(
        "and.b32 %r1, %r0, 3;\n\
         redux.sync.add.u32 %r2, %r0, -1;\n\
         redux.sync.max.s32 %r3, %r1, -1;\n\
         match.any.sync.b32 %r4, %r1, -1;\n\
         match.all.sync.b32 %r5|%p1, %r1, -1;\n\
         selp.u32 %r6, 1, 0, %p1;\n\
         st.global.u32 [%rd1], %r2;\n st.global.u32 [%rd1+4], %r3;\n\
         st.global.u32 [%rd1+8], %r4;\n st.global.u32 [%rd1+12], %r5;\n\
         st.global.u32 [%rd1+16], %r6;\n\
         prmt.b32 %r7, 0x44332211, 0x88776655, 0x7531;\n\
         prmt.b32 %r8, 0x000000F0, 0, 0x8888;\n\
         cnot.b32 %r9, %r1;\n\
         mov.f32 %f1, 0f7F800000;\n testp.infinite.f32 %p2, %f1;\n testp.finite.f32 %p3, %f1;\n\
         selp.u32 %r10, 1, 0, %p2;\n selp.u32 %r11, 1, 0, %p3;\n\
         shf.l.wrap.b32 %r12, 0x80000001, 0x00000003, 4;\n shf.r.clamp.b32 %r13, 0x80000001, 0x00000003, 40;\n\
         bfind.u32 %r14, 0x00010000;\n bfind.shiftamt.u32 %r15, 0x00010000;\n\
         st.global.u32 [%rd1+20], %r7;\n st.global.u32 [%rd1+24], %r8;\n\
         st.global.u32 [%rd1+28], %r9;\n st.global.u32 [%rd1+32], %r10;\n\
         st.global.u32 [%rd1+36], %r11;\n st.global.u32 [%rd1+40], %r12;\n\
         st.global.u32 [%rd1+44], %r13;\n st.global.u32 [%rd1+48], %r14;\n\
         st.global.u32 [%rd1+52], %r15;",
        32,
    );
    for (t, w) in r.iter().enumerate() {
        let u = |k: usize| (w[k / 2] >> (32 * (k % 2))) as u32;
        assert_eq!(u(0), 496);
        assert_eq!(u(1), 3);
        assert_eq!(u(2), 0x1111_1111 << (t & 3));
        assert_eq!(u(3), 0);
        assert_eq!(u(4), 0);
        assert_eq!(u(5), 0x8866_4422);
        assert_eq!(u(6), 0xffff_ffff);
        assert_eq!(u(7), (t & 3 == 0) as u32);
        assert_eq!((u(8), u(9)), (1, 0));
        assert_eq!(u(10), 0x0000_0038);
        assert_eq!(u(11), 3);
        assert_eq!((u(12), u(13)), (16, 15));
    }
}

#[test]
fn carry_chains_give_wide_arithmetic() {
    // (2^32 - 1) + 1 with carry into the high word; 0 - 1 with borrow;
    // the high half of (2^32 - 1)^2 plus a carry.
    let r = run(
        "mov.u32 %r1, -1;\n\
         add.cc.u32 %r2, %r1, 1;\n addc.u32 %r3, 0, 0;\n\
         sub.cc.u32 %r4, 0, 1;\n subc.u32 %r5, 5, 0;\n\
         mad.lo.cc.u32 %r6, %r1, %r1, %r1;\n madc.hi.u32 %r7, %r1, %r1, 0;\n\
         st.global.u32 [%rd1], %r2;\n st.global.u32 [%rd1+4], %r3;\n\
         st.global.u32 [%rd1+8], %r4;\n st.global.u32 [%rd1+12], %r5;\n\
         st.global.u32 [%rd1+16], %r6;\n st.global.u32 [%rd1+20], %r7;",
        1,
    );
    let w = &r[0];
    assert_eq!((w[0] as u32, (w[0] >> 32) as u32), (0, 1));
    assert_eq!((w[1] as u32, (w[1] >> 32) as u32), (u32::MAX, 4));
    // (2^32-1)^2 + (2^32-1) = 2^64 - 2^32: low word 0, high word 2^32-1
    assert_eq!((w[2] as u32, (w[2] >> 32) as u32), (0, u32::MAX));
}

#[test]
fn directed_rounding_arithmetic() {
    // 0f30800000 = 2^-30, 0d3C30000000000000 = 2^-60, 0d3CB0000000000000 = 2^-52
    let r = run(
        "mov.f32 %f1, 0f3F800000;\n mov.f32 %f2, 0f30800000;\n mov.f32 %f3, 0f40400000;\n\
         add.rp.f32 %f4, %f1, %f2;\n add.rm.f32 %f5, %f1, %f2;\n sub.rz.f32 %f6, %f1, %f2;\n\
         div.rp.f32 %f7, %f1, %f3;\n div.rm.f32 %f8, %f1, %f3;\n\
         st.global.f32 [%rd1], %f4;\n st.global.f32 [%rd1+4], %f5;\n\
         st.global.f32 [%rd1+8], %f6;\n st.global.f32 [%rd1+12], %f7;\n\
         st.global.f32 [%rd1+16], %f8;\n\
         mov.f64 %fd1, 0d3FF0000000000000;\n mov.f64 %fd2, 0d3C30000000000000;\n\
         add.rp.f64 %fd3, %fd1, %fd2;\n\
         add.f64 %fd4, %fd1, 0d3CB0000000000000;\n\
         mul.rz.f64 %fd5, %fd4, %fd4;\n mul.rp.f64 %fd6, %fd4, %fd4;\n\
         sqrt.rp.f32 %f9, 0f40000000;\n st.global.f32 [%rd1+20], %f9;\n\
         st.global.f64 [%rd1+24], %fd3;\n st.global.f64 [%rd1+32], %fd5;\n\
         st.global.f64 [%rd1+40], %fd6;",
        1,
    );
    let w = &r[0];
    let f = |x: u64| f32::from_bits(x as u32);
    assert_eq!(f(w[0]), 1.0f32.next_up());
    assert_eq!(f(w[0] >> 32), 1.0);
    assert_eq!(f(w[1]), 1.0f32.next_down());
    assert_eq!(f(w[1] >> 32), f(w[2]).next_up());
    assert!(f(w[1] >> 32) as f64 > 1.0 / 3.0 && (f(w[2]) as f64) < 1.0 / 3.0);
    assert_eq!(f(w[2] >> 32), 2f32.sqrt().next_up());
    assert_eq!(f64::from_bits(w[3]), 1.0f64.next_up());
    let e = 2f64.powi(-52);
    assert_eq!(f64::from_bits(w[4]), 1.0 + 2.0 * e);
    assert_eq!(f64::from_bits(w[5]), 1.0 + 3.0 * e);
}

/// `fma.r{z,m,p}.f64` (libdevice's `__nv_fma_rd` ...) and directed integer
/// to float conversions (`__nv_ll2double_ru`, `__nv_int2float_rd`), rounded
/// from the exact value.
#[test]
fn directed_fma_f64_and_integer_conversions() {
    // (1 + 2^-52)^2 + 2^-200 = 1 + 2^-51 + 2^-104 + 2^-200: just above
    // 1 + 2^-51, whose rounding down it is.
    let r = run(
        "mov.f64 %fd1, 0d3FF0000000000001;
 mov.f64 %fd2, 0d3370000000000000;
         fma.rm.f64 %fd3, %fd1, %fd1, %fd2;
 fma.rp.f64 %fd4, %fd1, %fd1, %fd2;
         neg.f64 %fd5, %fd2;
 fma.rz.f64 %fd6, %fd1, %fd1, %fd5;
         st.global.f64 [%rd1], %fd3;
 st.global.f64 [%rd1+8], %fd4;
         st.global.f64 [%rd1+16], %fd6;
         mov.u64 %rd2, 9007199254740993;
         cvt.rp.f64.s64 %fd7, %rd2;
 cvt.rm.f64.u64 %fd8, %rd2;
         st.global.f64 [%rd1+24], %fd7;
 st.global.f64 [%rd1+32], %fd8;
         mov.u32 %r2, 16777217;
 cvt.rp.f32.s32 %f1, %r2;
 cvt.rz.f32.u32 %f2, %r2;
         st.global.f32 [%rd1+40], %f1;
 st.global.f32 [%rd1+44], %f2;",
        1,
    );
    let w = &r[0];
    let e = 2f64.powi(-52);
    let f = |x: u64| f64::from_bits(x);
    assert_eq!(f(w[0]), 1.0 + 2.0 * e);
    assert_eq!(f(w[1]), 1.0 + 3.0 * e);
    // 1 + 2^-51 + 2^-104 - 2^-200 is still above 1 + 2^-51.
    assert_eq!(f(w[2]), 1.0 + 2.0 * e);
    assert_eq!(f(w[3]), 9007199254740994.0);
    assert_eq!(f(w[4]), 9007199254740992.0);
    assert_eq!(f32v(w[5]), 16777218.0);
    assert_eq!(f32v(w[5] >> 32), 16777216.0);
}

/// libdevice's inline PTX (NVVM emits it for float64 `sin`/`cos`/`tan`):
/// a braced scope declaring registers without `%`, 64-bit values unpacked
/// into and packed from 32-bit halves with vector operands, and a carry
/// chain. Here a 64 x 64 -> 128-bit multiply's low and high words.
#[test]
fn named_scoped_registers_and_vector_moves() {
    let r = run(
        "mov.u64 %rd2, 0xFFFFFFFF00000003;\n\
         mov.u64 %rd3, 0x0000000200000005;\n\
         {\n\
         .reg .u32 r0, r1, r2, r3, alo, ahi, blo, bhi;\n\
         mov.b64 {alo,ahi}, %rd2;\n\
         mov.b64 {blo,bhi}, %rd3;\n\
         mul.lo.u32 r0, alo, blo;\n\
         mul.hi.u32 r1, alo, blo;\n\
         mad.lo.cc.u32 r1, alo, bhi, r1;\n\
         madc.hi.u32 r2, alo, bhi, 0;\n\
         mad.lo.cc.u32 r1, ahi, blo, r1;\n\
         madc.hi.cc.u32 r2, ahi, blo, r2;\n\
         madc.hi.u32 r3, ahi, bhi, 0;\n\
         mad.lo.cc.u32 r2, ahi, bhi, r2;\n\
         addc.u32 r3, r3, 0;\n\
         mov.b64 %rd4, {r0,r1};\n\
         mov.b64 %rd5, {r2,r3};\n\
         }\n\
         st.global.u64 [%rd1], %rd4;\n st.global.u64 [%rd1+8], %rd5;",
        1,
    );
    let (a, b) = (0xFFFF_FFFF_0000_0003u128, 0x0000_0002_0000_0005u128);
    let p = a * b;
    assert_eq!(r[0][0], p as u64, "low word");
    assert_eq!(r[0][1], (p >> 64) as u64, "high word");
}

#[test]
fn shared_memory_size_registers() {
    // Numba's PTX reads %dynamic_smem_size for `cuda.shared.array(0, ...)`.
    let ptx = kernel(
        ".shared .align 4 .b8 fixed[40];\n\
         st.shared.u32 [fixed], %r0;\n\
         mov.u32 %r1, %dynamic_smem_size;\n\
         mov.u32 %r2, %total_smem_size;\n\
         st.global.u32 [%rd1], %r1;\n st.global.u32 [%rd1+4], %r2;",
    );
    let (d, _) = device(1, true);
    let out = d.alloc(64).unwrap();
    let cfg = LaunchConfig {
        shared_bytes: 96,
        ..LaunchConfig::linear(1, 1)
    };
    launch(&d, &ptx, "t", cfg, &[out.0.to_le_bytes().to_vec()]).unwrap_or_else(|e| panic!("{e}"));
    let r = to_u64(&download(&d, out, 64));
    assert_eq!(r[0] as u32, 96, "dynamic");
    assert_eq!((r[0] >> 32) as u32, 40 + 96, "static + dynamic");
}

#[test]
fn half_precision_arithmetic() {
    // Native .f16 arithmetic (Numba's float16 helpers use it): one rounding
    // to f16, ties to even; min/max lose or carry NaN; neg/abs on the bits.
    let ops = [
        ("add.f16", 0x3c00, 0x3c01, Some(0x1000), 0x4000), // 1 + 1.00098 = 2.00098 -> 2 (tie to even)
        ("sub.f16", 0x3c00, 0x4000, None, 0xbc00),         // 1 - 2
        ("mul.f16", 0x3c01, 0x1000, None, 0x1001),         // (1+2^-10) * 2^-11
        ("min.f16", 0x7e00, 0x3c00, None, 0x3c00),         // NaN loses
        ("max.NaN.f16", 0x7e00, 0x3c00, None, 0x7fff),     // NaN wins, canonical
        ("fma.rn.f16", 0x3c01, 0x1000, Some(0x3c00), 0x3c01), // 1 + 2^-11 + 2^-21 rounds up
        ("fma.rn.f16", 0x0001, 0x0001, Some(0x7800), 0x7800), // 32768 + 2^-48: inexact in f64
        ("mul.f16", 0x7bff, 0x4000, None, 0x7c00),         // overflow to infinity
    ];
    let mut body = String::new();
    for (k, (op, a, b, c, _)) in ops.iter().enumerate() {
        body += &format!("mov.b16 %h0, {a:#x};\nmov.b16 %h1, {b:#x};\n");
        match c {
            Some(c) if op.starts_with("fma") => {
                body += &format!("mov.b16 %h2, {c:#x};\n{op} %h3, %h0, %h1, %h2;\n")
            }
            _ => body += &format!("{op} %h3, %h0, %h1;\n"),
        }
        body += &format!("st.global.u16 [%rd1+{}], %h3;\n", 2 * k);
    }
    body += "mov.b16 %h0, 0x3c00;\nneg.f16 %h1, %h0;\nabs.f16 %h2, %h1;\n\
             st.global.u16 [%rd1+16], %h1;\nst.global.u16 [%rd1+18], %h2;\n";
    let r = run(&body, 1);
    let halves: Vec<u16> = r[0]
        .iter()
        .flat_map(|w| (0..4).map(move |i| (w >> (16 * i)) as u16))
        .collect();
    for (k, (op, a, b, c, want)) in ops.iter().enumerate() {
        assert_eq!(
            halves[k], *want,
            "{op} {a:#x} {b:#x} {c:?}: got {:#x}",
            halves[k]
        );
    }
    assert_eq!((halves[8], halves[9]), (0xbc00, 0x3c00), "neg, abs");
}

#[test]
fn half_precision_modifiers_the_device_does_not_run_are_errors() {
    let (d, _) = device(1, true);
    for op in ["add.rz.f16", "add.ftz.f16", "add.sat.f16", "add.f16x2"] {
        let body = format!("mov.b16 %h0, 0x3c00;\n{op} %h1, %h0, %h0;\n");
        let err = d.load_module(&kernel(&body)).err();
        assert!(err.is_some(), "{op} was accepted");
    }
}

#[test]
fn bfloat16_conversions_round_to_nearest_even() {
    // `cvt.rn.bf16.f32` (sm_80) and back (`cvt.f32.bf16`, exact): each
    // input's bfloat16 bits in a 16-bit slot.
    let cases: [(u32, u16); 8] = [
        (0x3F80_8000, 0x3F80), // 1 + 2^-8: halfway, to even (down)
        (0x3F81_8000, 0x3F82), // 1 + 3 * 2^-8: halfway, to even (up)
        (0x3F80_8001, 0x3F81), // above halfway: up
        (0x7F7F_FFFF, 0x7F80), // the largest float32 rounds to infinity
        (0xFF80_0000, 0xFF80), // -inf
        (0x7FC0_1234, 0x7FFF), // a NaN is canonical
        (0x0000_8001, 0x0001), // a subnormal rounds up to the least bfloat16
        (0x8000_0000, 0x8000), // -0
    ];
    let mut body = String::new();
    for (k, (bits, _)) in cases.iter().enumerate() {
        body += &format!(
            "mov.b32 %f1, 0x{bits:08x};\n cvt.rn.bf16.f32 %h1, %f1;\n st.global.b16 [%rd1+{}], %h1;\n",
            2 * k
        );
    }
    body += "mov.b16 %h2, 0xBFC0;\n cvt.f32.bf16 %f2, %h2;\n st.global.f32 [%rd1+16], %f2;";
    let r = run(&body, 1);
    let w = &r[0];
    for (k, (bits, want)) in cases.iter().enumerate() {
        let got = (w[k / 4] >> (16 * (k % 4))) as u16;
        assert_eq!(got, *want, "{bits:#010x}");
    }
    assert_eq!(f32v(w[2]), -1.5);
}
