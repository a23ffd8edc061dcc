//! Kernel faults on the emulated driver, which makes them sticky for the
//! process as NVIDIA's driver does: the faulting launch names its kernel,
//! and every later call on the context, and every new open, is refused as
//! lost (never run on a stale pointer). In a test binary of its own: the
//! fault poisons the process, which the other tests would share.

mod common;
use common::*;
use kernelc_runtime::gpu::{GpuDevice, GpuError, LaunchConfig, Lost};

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
fn a_fault_makes_the_gpu_unusable_for_the_rest_of_the_process() {
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

    // As with NVIDIA's driver, the GPU stays unusable for the rest of the
    // process: a new open is refused the same way, saying so.
    let Err(err) = GpuDevice::with_driver(driver(), 0) else {
        panic!("a GPU that faulted opened again");
    };
    assert!(lost_to(&err).is_none(), "{err:?}");
    assert!(
        err.to_string()
            .contains("gives the GPU back only to a new process"),
        "{err}"
    );
    // The old handle stays refused; dropping it and its objects is safe.
    assert!(lost_to(&dev.memset(buf, 1, 64).unwrap_err()).is_some());
    drop((module, dev));
    assert!(GpuDevice::with_driver(driver(), 0).is_err());
}
