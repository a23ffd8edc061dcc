//! Kernel faults on the emulated driver, which makes them sticky as a GPU
//! does: the faulting launch names its kernel, every later call on the
//! context is refused as lost (never run on a stale pointer), and opening
//! the device again resets the primary context. In a test binary of its
//! own: the fault poisons the process's one primary context, which the
//! other tests share.

mod common;
use common::*;
use kernelc_runtime::gpu::{GpuError, LaunchConfig, Lost};

const FAULTS_PTX: &str = r#"
.version 7.0
.target sm_80
.address_size 64

// Writes one float a megabyte past `p`.
.visible .entry out_of_bounds(.param .u64 p)
{
    .reg .b64 %rd<2>;
    .reg .f32 %f<1>;
    ld.param.u64 %rd0, [p];
    add.s64 %rd1, %rd0, 1048576;
    mov.f32 %f0, 0f3F800000;
    st.global.f32 [%rd1], %f0;
    ret;
}

.visible .entry traps()
{
    trap;
    ret;
}
"#;

fn lost_to(err: &GpuError) -> Option<&str> {
    match err {
        GpuError::ContextLost(Lost { kernel, .. }) => kernel.as_deref(),
        other => panic!("expected ContextLost, got {other:?}"),
    }
}

#[test]
fn a_fault_loses_the_context_and_a_new_open_starts_afresh() {
    let config = LaunchConfig {
        grid: [2, 1, 1],
        block: [32, 1, 1],
        shared_bytes: 0,
    };
    let dev = device();
    let module = dev.load_module(FAULTS_PTX).unwrap();
    let buf = dev.alloc(64).unwrap();
    let err = dev
        .launch(&module, "out_of_bounds", &config, &[&buf.0.to_le_bytes()])
        .unwrap_err();
    assert_eq!(driver_code(&err), 700, "{err}");
    // The runtime names the kernel that faulted.
    assert!(
        matches!(&err, GpuError::KernelFault { kernel, .. } if kernel == "out_of_bounds"),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("CUDA_ERROR_ILLEGAL_ADDRESS"),
        "{err}"
    );
    let detail = last_error();
    assert!(
        detail.starts_with("cuLaunchKernel: memory fault") && detail.contains("out_of_bounds"),
        "{detail}"
    );

    // From now on the context is lost: every call says so, naming the
    // kernel, before it reaches the driver.
    let err = dev.memset(buf, 3, 64).unwrap_err();
    assert_eq!(lost_to(&err), Some("out_of_bounds"));
    assert!(
        err.to_string()
            .starts_with("the GPU context was lost to a fault in kernel 'out_of_bounds'"),
        "{err}"
    );
    assert!(lost_to(&dev.alloc(16).unwrap_err()).is_some());
    assert!(lost_to(&dev.load_module(FAULTS_PTX).unwrap_err()).is_some());
    assert!(lost_to(&dev.launch(&module, "traps", &config, &[]).unwrap_err()).is_some());

    // A new open finds the primary context faulted and resets it.
    let fresh = device();
    let b2 = fresh.alloc(64).unwrap();
    fresh.memset(b2, 3, 64).unwrap();
    let mut back = [0u8; 64];
    fresh.copy_from_device(&mut back, b2).unwrap();
    assert_eq!(back, [3; 64]);
    // The old handle stays refused: its buffers died with its context.
    assert!(lost_to(&dev.memset(buf, 1, 64).unwrap_err()).is_some());
    drop((module, dev));

    // A trap is a fault too (CUDA_ERROR_LAUNCH_FAILED), and sticky.
    let m2 = fresh.load_module(FAULTS_PTX).unwrap();
    let err = fresh.launch(&m2, "traps", &config, &[]).unwrap_err();
    assert_eq!(driver_code(&err), 719, "{err}");
    assert!(
        err.to_string().starts_with("kernel 'traps' faulted"),
        "{err}"
    );
    assert_eq!(lost_to(&fresh.synchronize().unwrap_err()), Some("traps"));
    drop((m2, fresh));
    let again = device();
    again.synchronize().unwrap();
}
