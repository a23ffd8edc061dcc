//! The checkers catch deliberate bugs (with kernel, block, thread, line,
//! address and space in the report) and stay quiet on correct kernels;
//! invalid launches, pointers and PTX are errors, never panics.

mod common;
use common::*;
use kernelc_runtime::{CpuDevice, CpuError, CpuOptions, LaunchConfig};

const REDUCE: &str = include_str!("ptx/reduce.ptx");

fn wrap(body: &str) -> String {
    format!(
        ".version 7.0\n.target sm_80\n.address_size 64\n\
         .visible .entry k(.param .u64 p)\n{{\n\
         .reg .b32 %r<16>;\n.reg .b64 %rd<16>;\n.reg .pred %p<4>;\n\
         .shared .align 4 .b8 sh[1024];\n\
         ld.param.u64 %rd0, [p];\nmov.u32 %r0, %tid.x;\n{body}\nret;\n}}\n"
    )
}

fn run_k(body: &str, check: bool, threads: u32) -> Result<(), CpuError> {
    let (d, _) = device(2, check);
    let p = d.alloc(64).unwrap();
    launch(
        &d,
        &wrap(body),
        "k",
        LaunchConfig::linear(2, threads),
        &[p.0.to_le_bytes().to_vec()],
    )
    .map(|_| ())
}

#[test]
fn out_of_bounds_global_access_is_always_an_error() {
    for check in [false, true] {
        // thread t stores at p + 4*t; the buffer has 64 bytes (16 threads)
        let e = run_k(
            "mul.wide.u32 %rd1, %r0, 4;\nadd.s64 %rd2, %rd0, %rd1;\nst.global.u32 [%rd2], %r0;",
            check,
            32,
        )
        .unwrap_err();
        let CpuError::MemoryFault {
            at,
            space,
            size,
            address,
            ..
        } = &e
        else {
            panic!("{e}");
        };
        assert_eq!(*space, "global");
        assert_eq!(*size, 4);
        assert_eq!(at.thread, [16, 0, 0]);
        assert_eq!(at.line, 14);
        assert_eq!(at.kernel, "k");
        assert_eq!(at.block, [0, 0, 0]);
        assert!(e.to_string().contains(&format!("{address:#x}")), "{e}");
    }
}

#[test]
fn misaligned_and_out_of_bounds_shared_and_local_accesses_are_errors() {
    let e = run_k(
        "mov.u64 %rd1, sh;\nst.shared.u32 [%rd1+1024], %r0;",
        false,
        32,
    )
    .unwrap_err();
    assert!(
        matches!(
            &e,
            CpuError::MemoryFault {
                space: "shared",
                address: 1024,
                ..
            }
        ),
        "{e}"
    );
    let e = run_k("mov.u64 %rd1, sh;\nld.shared.u32 %r1, [%rd1+2];", false, 32).unwrap_err();
    assert!(e.to_string().contains("misaligned"), "{e}");
    let e = run_k(
        ".local .align 4 .b8 l[8];\nst.local.u32 [l+8], %r0;",
        false,
        32,
    )
    .unwrap_err();
    assert!(
        matches!(&e, CpuError::MemoryFault { space: "local", .. }),
        "{e}"
    );
    let e = run_k("mov.u64 %rd1, 8;\nld.u32 %r1, [%rd1];", false, 32).unwrap_err();
    assert!(e.to_string().contains("outside every allocation"), "{e}");
}

#[test]
fn misaligned_vector_accesses_are_located_faults() {
    // Each element of a v4.u32 at p+4 is 4-byte aligned, but the vector
    // needs 16 (a GPU faults: "misaligned address"); the CPU device used
    // to split it into four aligned loads and carry on.
    for check in [false, true] {
        let e = run_k(
            "ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd0+4];",
            check,
            32,
        )
        .unwrap_err();
        let CpuError::MemoryFault {
            at,
            space,
            size,
            reason,
            ..
        } = &e
        else {
            panic!("{e}");
        };
        assert_eq!((*space, *size, at.line), ("global", 16, 12), "{e}");
        assert!(reason.contains("misaligned"), "{e}");
    }
    run_k(
        "ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd0+16];",
        false,
        32,
    )
    .unwrap();
    run_k("st.global.v2.u32 [%rd0+8], {%r0, %r0};", false, 32).unwrap();
    let e = run_k("st.global.v2.u32 [%rd0+4], {%r0, %r0};", false, 32).unwrap_err();
    assert!(
        matches!(
            &e,
            CpuError::MemoryFault {
                space: "global",
                size: 8,
                ..
            }
        ),
        "{e}"
    );
    // Shared memory, directly and through a generic address.
    let e = run_k(
        "mov.u64 %rd1, sh;\nst.shared.v2.u32 [%rd1+4], {%r0, %r0};",
        false,
        32,
    )
    .unwrap_err();
    assert!(
        matches!(
            &e,
            CpuError::MemoryFault {
                space: "shared",
                address: 4,
                size: 8,
                ..
            }
        ),
        "{e}"
    );
    let e = run_k(
        "mov.u64 %rd1, sh;\ncvta.shared.u64 %rd2, %rd1;\nld.v2.u32 {%r1, %r2}, [%rd2+12];",
        false,
        32,
    )
    .unwrap_err();
    assert!(
        matches!(
            &e,
            CpuError::MemoryFault {
                space: "shared",
                address: 12,
                ..
            }
        ),
        "{e}"
    );
    // Only active lanes are checked: a guarded-off vector access is fine.
    run_k(
        "setp.eq.u32 %p1, %r0, 99;\n@%p1 ld.global.v2.u32 {%r1, %r2}, [%rd0+4];",
        false,
        32,
    )
    .unwrap();
}

#[test]
fn what_ptxas_rejects_the_cpu_device_rejects() {
    let (d, _) = device(1, false);
    // `st.const`: .const is read-only.
    let st_const = ".version 7.0\n.target sm_80\n.address_size 64\n.const .u32 c;\n\
                    .visible .entry k()\n{\n.reg .b32 %r<2>;\nmov.u32 %r1, 1;\n\
                    st.const.u32 [c], %r1;\nret;\n}\n";
    let e = d.load_module(st_const).err().unwrap();
    assert!(
        matches!(&e, CpuError::Parse { line: 9, message } if message.contains(".const state space is read-only")),
        "{e}"
    );
    // Two `.entry` of one name.
    let twice = format!("{}.visible .entry k()\n{{\nret;\n}}\n", wrap(""));
    let e = d.load_module(&twice).err().unwrap();
    assert!(
        e.to_string().contains("duplicate definition of .entry `k`"),
        "{e}"
    );
    // A label defined twice in one block.
    let e = d.load_module(&wrap("A:\nA:")).err().unwrap();
    assert!(
        matches!(&e, CpuError::Parse { line: 13, message } if message.contains("label `A`")),
        "{e}"
    );
}

#[test]
fn shared_memory_race_is_reported_with_checking_only() {
    // every thread writes sh[0] and then reads sh[4*tid] written by its neighbour
    let racy = "mov.u64 %rd1, sh;\nmul.wide.u32 %rd2, %r0, 4;\nadd.s64 %rd3, %rd1, %rd2;\n\
                st.shared.u32 [%rd3], %r0;\nld.shared.u32 %r1, [%rd3+4];";
    run_k(racy, false, 64).unwrap();
    let e = run_k(racy, true, 64).unwrap_err();
    let CpuError::SharedRace {
        at,
        other_thread,
        address,
        kind,
    } = &e
    else {
        panic!("{e}");
    };
    assert_eq!(*kind, "read-after-write");
    assert_eq!(*address, 4);
    assert_eq!(at.thread, [0, 0, 0]);
    assert_eq!(*other_thread, [1, 0, 0]);
    assert_eq!(at.line, 16);
    // with a barrier between the write and the read it is correct
    let fixed = racy.replace("ld.shared", "bar.sync 0;\nld.shared");
    run_k(&fixed, true, 64).unwrap();
}

#[test]
fn removing_a_barrier_from_the_reduction_is_a_race() {
    let buggy = REDUCE.replace("SKIP:\n    bar.sync 0;", "SKIP:");
    assert_ne!(buggy, REDUCE);
    let (d, _) = device(2, true);
    let pin = upload(&d, &f32s(&[1.0; 512]));
    let pout = d.alloc(4).unwrap();
    let params = [pin.0.to_le_bytes().to_vec(), pout.0.to_le_bytes().to_vec()];
    let e = launch(&d, &buggy, "reduce", LaunchConfig::linear(2, 256), &params).unwrap_err();
    assert!(matches!(e, CpuError::SharedRace { .. }), "{e}");
}

#[test]
fn divergent_barriers_are_reported_never_hang() {
    let two_barriers =
        "setp.lt.u32 %p1, %r0, 16;\n@%p1 bra A;\nbar.sync 0;\nbra.uni E;\nA:\nbar.sync 0;\nE:";
    let e = run_k(two_barriers, true, 64).unwrap_err();
    assert!(matches!(e, CpuError::BarrierDivergence { .. }), "{e}");
    assert!(
        e.to_string().contains("line 14") && e.to_string().contains("line 17"),
        "{e}"
    );
    // hardware semantics without checking: any barrier counts
    run_k(two_barriers, false, 64).unwrap();

    let early_exit = "setp.lt.u32 %p1, %r0, 16;\n@%p1 bra E;\nbar.sync 0;\nE:";
    let e = run_k(early_exit, true, 64).unwrap_err();
    assert!(e.to_string().contains("exited"), "{e}");
    run_k(early_exit, false, 64).unwrap();
}

#[test]
fn warp_sync_waiting_on_a_barrier_is_a_deadlock() {
    let body = "setp.lt.u32 %p1, %r0, 16;\n@%p1 bra A;\nbar.sync 0;\nbra.uni E;\n\
                A:\nshfl.sync.idx.b32 %r1, %r0, 0, 31, -1;\nE:";
    for check in [false, true] {
        let e = run_k(body, check, 32).unwrap_err();
        assert!(matches!(e, CpuError::Deadlock { .. }), "{e}");
    }
    // lanes that exit do not hold a full-mask shuffle up
    let exits = "setp.lt.u32 %p1, %r0, 16;\n@%p1 bra A;\nbra.uni E;\n\
                 A:\nshfl.sync.idx.b32 %r1, %r0, 0, 31, -1;\nE:";
    run_k(exits, true, 32).unwrap();
}

#[test]
fn trap_and_step_limit() {
    let e = run_k("setp.eq.u32 %p1, %r0, 5;\n@%p1 trap;", false, 32).unwrap_err();
    let CpuError::Trap { at, .. } = &e else {
        panic!("{e}")
    };
    assert_eq!(at.thread, [5, 0, 0]);
    let (d, _) = device(1, false);
    let p = d.alloc(8).unwrap();
    let e = launch(
        &d,
        &wrap("L:\nbra.uni L;"),
        "k",
        LaunchConfig::linear(1, 32),
        &[p.0.to_le_bytes().to_vec()],
    )
    .unwrap_err();
    assert!(matches!(e, CpuError::StepLimit { .. }), "{e}");
}

#[test]
fn invalid_launches_are_errors() {
    let d = CpuDevice::new(CpuOptions::default());
    let m = d.load_module(&wrap("")).unwrap();
    let p = 0u64.to_le_bytes();
    let ok = LaunchConfig::linear(1, 32);
    let cases: Vec<(LaunchConfig, Vec<&[u8]>, &str, &str)> = vec![
        (LaunchConfig::linear(0, 32), vec![&p], "k", "zero"),
        (LaunchConfig::linear(1, 1025), vec![&p], "k", "1025 threads"),
        (ok, vec![], "k", "takes 1 parameters, 0 given"),
        (ok, vec![&p[..4]], "k", "is 8 bytes, 4 given"),
        (ok, vec![&p], "nope", "no kernel `nope`"),
        (
            LaunchConfig {
                shared_bytes: 1 << 20,
                ..ok
            },
            vec![&p],
            "k",
            "shared memory",
        ),
    ];
    for (cfg, params, k, msg) in cases {
        let e = d.launch(&m, k, &cfg, &params).unwrap_err();
        assert!(matches!(e, CpuError::InvalidLaunch(_)), "{e}");
        assert!(e.to_string().contains(msg), "{e} (expected `{msg}`)");
    }
    assert_eq!(m.kernels(), vec!["k"]);
    assert_eq!(m.kernel_params("k").unwrap()[0].size, 8);
    assert!(m.kernel_params("x").is_none());
    // a module from another device
    let d2 = CpuDevice::new(CpuOptions::default());
    assert!(d2.launch(&m, "k", &ok, &[&p]).is_err());
}

#[test]
fn invalid_pointers_and_copies_are_errors() {
    let d = CpuDevice::new(CpuOptions::default());
    let a = d.alloc(16).unwrap();
    let mut buf = [0u8; 8];
    assert!(d.copy_to_device(a.offset(12), &[0; 8]).is_err());
    assert!(d.copy_from_device(&mut buf, a.offset(9)).is_err());
    assert!(d.memset(a, 1, 17).is_err());
    d.memset(a.offset(8), 1, 8).unwrap();
    d.copy_from_device(&mut buf, a.offset(8)).unwrap();
    assert_eq!(buf, [1; 8]);
    assert!(d.free(a.offset(1)).is_err());
    d.free(a).unwrap();
    assert!(d.free(a).is_err());
    assert!(d.copy_to_device(a, &[1]).is_err());
    assert!(matches!(
        d.alloc(usize::MAX),
        Err(CpuError::OutOfMemory { .. })
    ));
}

#[test]
fn bad_ptx_is_an_error_with_a_line() {
    let d = CpuDevice::new(CpuOptions::default());
    let e = d
        .load_module(&wrap("tex.2d.v4.f32.f32 %r1, [%rd0];"))
        .err()
        .unwrap();
    assert_eq!(
        e.to_string(),
        "unsupported PTX instruction `tex.2d.v4.f32.f32` at line 12"
    );
    let e = d.load_module(&wrap("add.s32 %r1, %r2;")).err().unwrap();
    assert!(matches!(e, CpuError::Parse { line: 12, .. }), "{e}");
    let e = d
        .load_module(&wrap("add.s32 %r1, %r2, %zz;"))
        .err()
        .unwrap();
    assert!(matches!(e, CpuError::Parse { line: 12, .. }), "{e}");
    for garbage in [
        "",
        "}",
        ".entry",
        ".entry k(",
        "\u{0}",
        ".visible .entry k() { bra; }",
    ] {
        let _ = d.load_module(garbage);
    }
}

#[test]
fn module_globals_are_initialised_and_writable() {
    let ptx = ".version 7.0\n.target sm_80\n.address_size 64\n\
        .const .align 4 .b8 __kc_const_LUT[8];\n\
        .global .align 4 .u32 g[2] = {7, 9};\n\
        .visible .entry k(.param .u64 p)\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n\
        ld.param.u64 %rd0, [p];\nld.const.u32 %r1, [__kc_const_LUT+4];\nld.global.u32 %r2, [g+4];\n\
        add.u32 %r3, %r1, %r2;\nst.global.u32 [%rd0], %r3;\nret;\n}\n";
    let d = CpuDevice::new(CpuOptions::default());
    let m = d.load_module(ptx).unwrap();
    let (lut, size) = m.global("__kc_const_LUT").unwrap();
    assert_eq!(size, 8);
    d.copy_to_device(lut, &u32s(&[1, 100])).unwrap();
    let (g, _) = m.global("g").unwrap();
    assert_eq!(to_u32(&download(&d, g, 8)), vec![7, 9]);
    let out = d.alloc(4).unwrap();
    d.launch(
        &m,
        "k",
        &LaunchConfig::linear(1, 1),
        &[&out.0.to_le_bytes()],
    )
    .unwrap();
    assert_eq!(to_u32(&download(&d, out, 4)), vec![109]);
}
