//! Python exceptions raised by `debug` kernels ([`kernelc_runtime::raised`]):
//! PTX that records an exception as kernelc's compiler writes it (the
//! `__kc_exc` record, the `__kc_exc_sites` table), launched on the CPU
//! device and, when one is usable, on a GPU (CI: the emulated driver,
//! `KERNELC_CUDA_DRIVER=target/debug/libkernelc_emucuda.so`, with
//! `KERNELC_REQUIRE_GPU=1`). The launch fails with the exception, the
//! record is cleared, and the device stays usable: no trap.

use kernelc_runtime::raised::{KernelRaised, RECORD};
use kernelc_runtime::{Device, DeviceKind, Error, LaunchConfig};

/// A kernel whose thread `which` raises site 2 (`IndexError: second`,
/// line 9 of `k.py`) and whose other threads store 1 at `out[tid.x]`.
fn raising_ptx(target: kernelc_abi::Target) -> String {
    let (major, minor) = target.ptx_version();
    let table = b"k.py\x007\x00ValueError: first\x009\x00IndexError: second\x00";
    let bytes: Vec<String> = table.iter().map(u8::to_string).collect();
    format!(
        ".version {major}.{minor}
.target {target}
.address_size 64

.visible .global .align 4 .u32 __kc_exc[8];
.visible .global .align 1 .b8 __kc_exc_sites[{}] = {{{}}};

.visible .entry maybe_raise(.param .u32 which, .param .u64 out)
{{
    .reg .pred %p<2>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<4>;
    ld.param.u32 %r0, [which];
    ld.param.u64 %rd0, [out];
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p0, %r1, %r0;
    @%p0 bra STORE;
    mov.u64 %rd1, __kc_exc;
    mov.u32 %r4, 0;
    mov.u32 %r5, 2;
    atom.global.cas.b32 %r2, [%rd1], %r4, %r5;
    setp.ne.u32 %p1, %r2, 0;
    @%p1 bra DONE;
    st.global.u32 [%rd1+4], %r1;
    mov.u32 %r6, %tid.y;
    st.global.u32 [%rd1+8], %r6;
    mov.u32 %r7, %tid.z;
    st.global.u32 [%rd1+12], %r7;
    mov.u32 %r8, %ctaid.x;
    st.global.u32 [%rd1+16], %r8;
    mov.u32 %r9, %ctaid.y;
    st.global.u32 [%rd1+20], %r9;
    mov.u32 %r10, %ctaid.z;
    st.global.u32 [%rd1+24], %r10;
DONE:
    exit;
STORE:
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd0, %rd2;
    mov.u32 %r11, 1;
    st.global.u32 [%rd3], %r11;
    ret;
}}
",
        table.len(),
        bytes.join(", ")
    )
}

fn check_device(dev: &Device) {
    let module = dev
        .load_module(&raising_ptx(dev.ptx_target()))
        .expect("the module loads");
    let out = dev.alloc(4 * 8).expect("alloc");
    dev.memset(out, 0, 4 * 8).expect("memset");
    let config = LaunchConfig {
        grid: [1, 1, 1],
        block: [8, 1, 1],
        shared_bytes: 0,
    };
    let launch = |which: u32| {
        let w = which.to_le_bytes();
        let o = out.0.to_le_bytes();
        dev.launch(&module, "maybe_raise", &config, &[&w, &o])
    };
    // Thread 3 raises; the others store.
    let e = launch(3).expect_err("the launch fails with the exception");
    let Error::Raised(raised) = &e else {
        panic!("not a raised exception: {e}")
    };
    assert_eq!(
        *raised,
        KernelRaised {
            kernel: "maybe_raise".into(),
            text: "IndexError: second".into(),
            file: "k.py".into(),
            line: 9,
            tid: [3, 0, 0],
            ctaid: [0, 0, 0],
        }
    );
    assert_eq!(
        e.to_string(),
        "exception raised: IndexError: second (kernel `maybe_raise`, block (0,0,0), \
         thread (3,0,0), k.py:9)"
    );
    // The record is cleared: a launch where no thread raises succeeds, and
    // the device (a GPU's context) stays usable.
    let (rec, _) = module.global(RECORD).expect("the record");
    let mut bytes = [1u8; 32];
    dev.copy_from_device(&mut bytes, rec)
        .expect("read the record");
    assert_eq!(bytes, [0u8; 32]);
    launch(100).expect("no thread raises");
    let mut got = [0u8; 32];
    dev.copy_from_device(&mut got, out).expect("copy back");
    let words: Vec<u32> = (got.chunks(4))
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(words, [1; 8]);
    // Queued launches are waited for and checked too.
    let w = 5u32.to_le_bytes();
    let o = out.0.to_le_bytes();
    let e = (dev.enqueue(&module, "maybe_raise", &config, &[&w, &o], None))
        .expect_err("the queued launch fails with the exception");
    assert!(matches!(&e, Error::Raised(r) if r.tid == [5, 0, 0]), "{e}");
    dev.free(out).expect("free");
}

#[test]
fn a_raise_fails_the_launch_on_the_cpu_device() {
    let dev = Device::open(DeviceKind::Cpu, 1, true).expect("the CPU device");
    check_device(&dev);
}

#[test]
fn a_raise_fails_the_launch_on_a_gpu_and_keeps_the_context() {
    let dev = match Device::open(DeviceKind::Gpu, 0, false) {
        Ok(dev) => dev,
        Err(reason) if std::env::var_os("KERNELC_REQUIRE_GPU").is_some_and(|v| v == "1") => {
            panic!("KERNELC_REQUIRE_GPU=1 but no usable GPU: {reason}")
        }
        Err(reason) => {
            eprintln!("skipped: no usable GPU: {reason}");
            return;
        }
    };
    check_device(&dev);
}
