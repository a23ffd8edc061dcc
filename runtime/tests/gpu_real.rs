//! The GPU runtime on real hardware: a hand-written vector add in the
//! kernelc ABI, run when a GPU is usable and skipped with one line
//! elsewhere. CI also runs these against the emulated driver
//! (`KERNELC_CUDA_DRIVER=target/debug/libkernelc_emucuda.so`), with
//! `KERNELC_REQUIRE_GPU=1` so that a driver that fails to open fails the
//! tests instead of skipping them.

use kernelc_runtime::gpu::sample::{array_params, vector_add_ptx};
use kernelc_runtime::gpu::{GpuDevice, GpuError, LaunchConfig};

/// GPU 0, or `None` after printing why the test is skipped (a failure when
/// `KERNELC_REQUIRE_GPU=1`).
fn gpu() -> Option<GpuDevice> {
    match GpuDevice::open(0) {
        Ok(dev) => Some(dev),
        Err(reason) if std::env::var_os("KERNELC_REQUIRE_GPU").is_some_and(|v| v == "1") => {
            panic!("KERNELC_REQUIRE_GPU=1 but no usable GPU: {reason}")
        }
        Err(reason) => {
            eprintln!("skipped: no usable GPU: {}", reason.one_line());
            None
        }
    }
}

fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[test]
fn vector_add_runs_on_the_gpu() {
    let Some(dev) = gpu() else { return };
    eprintln!("{}", dev.props().describe());
    let n = 1_000_003usize;
    let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let b: Vec<f32> = (0..n).map(|i| 2.0 * i as f32 + 0.5).collect();
    let bytes = n * 4;
    let (da, db, dout) = (
        dev.alloc(bytes).expect("alloc a"),
        dev.alloc(bytes).expect("alloc b"),
        dev.alloc(bytes).expect("alloc out"),
    );
    dev.copy_to_device(da, &f32_bytes(&a)).expect("copy a");
    dev.copy_to_device(db, &f32_bytes(&b)).expect("copy b");

    let module = dev
        .load_module(&vector_add_ptx(dev.ptx_target()))
        .expect("the JIT accepts the vector add");
    assert_eq!(module.kernels(), ["empty", "vadd"]);
    let [pa, na, sa] = array_params(da.0, n, 4);
    let [pb, nb, sb] = array_params(db.0, n, 4);
    let [po, no, so] = array_params(dout.0, n, 4);
    let params: [&[u8]; 9] = [&pa, &na, &sa, &pb, &nb, &sb, &po, &no, &so];
    let block = 256u32;
    let config = LaunchConfig {
        grid: [n.div_ceil(block as usize) as u32, 1, 1],
        block: [block, 1, 1],
        shared_bytes: 0,
    };
    let stats = dev
        .launch(&module, "vadd", &config, &params)
        .expect("launch");
    assert!(stats.kernel_time <= stats.host_time);

    let mut out = vec![0u8; bytes];
    dev.copy_from_device(&mut out, dout).expect("copy back");
    for (i, chunk) in out.chunks_exact(4).enumerate() {
        let got = f32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        assert_eq!(got, a[i] + b[i], "element {i}");
    }
    for p in [da, db, dout] {
        dev.free(p).expect("free");
    }
}

#[test]
fn streams_pinned_memory_and_events_on_the_gpu() {
    let Some(dev) = gpu() else { return };
    let stream = dev.stream().expect("stream");
    let d = dev.alloc(1 << 20).expect("alloc");
    let mut pinned = dev.alloc_pinned(1 << 20).expect("pinned");
    pinned.as_mut_slice().fill(0x5A);
    let mut back = dev.alloc_pinned(1 << 20).expect("pinned");
    let (start, end) = (dev.event().expect("event"), dev.event().expect("event"));
    start.record(Some(&stream)).expect("record");
    // SAFETY: both pinned buffers outlive the synchronisation below.
    unsafe {
        dev.copy_to_device_async(d, pinned.as_slice(), &stream)
            .expect("async in");
        dev.copy_from_device_async(back.as_mut_slice(), d, &stream)
            .expect("async out");
    }
    end.record(Some(&stream)).expect("record");
    stream.synchronize().expect("sync");
    end.elapsed_since(&start).expect("elapsed");
    assert!(back.as_slice().iter().all(|&x| x == 0x5A));
    dev.memset(d, 1, 16).expect("memset");
    let mut head = [0u8; 16];
    dev.copy_from_device(&mut head, d).expect("copy back");
    assert_eq!(head, [1; 16]);
    dev.free(d).expect("free");
}

#[test]
fn the_real_jit_reports_its_log() {
    let Some(dev) = gpu() else { return };
    let bad = format!(
        "{}\n.visible .entry broken() {{ not_an_instruction; }}\n",
        vector_add_ptx(dev.ptx_target())
    );
    match dev.load_module(&bad) {
        Err(GpuError::Jit { error_log, .. }) => {
            assert!(!error_log.is_empty(), "the JIT gave no error log");
        }
        other => panic!("expected a JIT error, got {other:?}"),
    }
}

#[test]
fn mapped_and_managed_memory_are_used_in_place_on_the_gpu() {
    let Some(dev) = gpu() else { return };
    let module = dev
        .load_module(&vector_add_ptx(dev.ptx_target()))
        .expect("the JIT accepts the vector add");
    let n = 4097usize;
    let bytes = n * 4;
    let mapped = [
        dev.alloc_mapped(bytes).expect("mapped a"),
        dev.alloc_mapped(bytes).expect("mapped b"),
    ];
    let managed = dev.alloc_managed(bytes).expect("managed out");
    // SAFETY: each host pointer is `bytes` bytes of live host-visible
    // memory, 4-aligned, that nothing else touches while these slices live.
    let (a, b, out) = unsafe {
        (
            std::slice::from_raw_parts_mut(mapped[0].1.cast::<f32>(), n),
            std::slice::from_raw_parts_mut(mapped[1].1.cast::<f32>(), n),
            std::slice::from_raw_parts_mut(managed.0 as usize as *mut f32, n),
        )
    };
    assert!(out.iter().all(|&x| x == 0.0), "zeroed");
    for (i, (x, y)) in a.iter_mut().zip(b.iter_mut()).enumerate() {
        *x = i as f32;
        *y = 0.25 * i as f32;
    }
    let [pa, na, sa] = array_params(mapped[0].0 .0, n, 4);
    let [pb, nb, sb] = array_params(mapped[1].0 .0, n, 4);
    let [po, no, so] = array_params(managed.0, n, 4);
    let params: [&[u8]; 9] = [&pa, &na, &sa, &pb, &nb, &sb, &po, &no, &so];
    let config = LaunchConfig {
        grid: [n.div_ceil(128) as u32, 1, 1],
        block: [128, 1, 1],
        shared_bytes: 0,
    };
    dev.launch(&module, "vadd", &config, &params)
        .expect("launch");
    for (i, &got) in out.iter().enumerate() {
        assert_eq!(got, 1.25 * i as f32, "element {i}");
    }
    for (_, host) in mapped {
        dev.free_mapped(host).expect("free mapped");
    }
    dev.free(managed).expect("free managed");
}
