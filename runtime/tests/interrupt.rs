//! Stopping a running launch on the CPU device: an interrupt from another
//! thread and a time limit end a kernel that loops forever with their own
//! errors, quickly, and the device runs the next launch right.

use kernelc_runtime::{CpuDevice, CpuError, CpuOptions, Device, DeviceKind, LaunchConfig};
use std::time::{Duration, Instant};

/// `k(p)`: thread 0 loops forever when `*p` is non-zero; otherwise every
/// thread stores `tid * 2` at `p[tid]`.
const PTX: &str = r#"
.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 p)
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd0, [p];
    ld.global.u32 %r2, [%rd0];
    setp.ne.u32 %p1, %r2, 0;
    @%p1 bra SPIN;
    mov.u32 %r0, %tid.x;
    mul.wide.u32 %rd1, %r0, 4;
    add.s64 %rd2, %rd0, %rd1;
    shl.b32 %r1, %r0, 1;
    st.global.u32 [%rd2], %r1;
    ret;
SPIN:
    add.u32 %r2, %r2, 1;
    bra.uni SPIN;
}
"#;

const THREADS: u32 = 64;

/// Launches `k` with the flag at `p[0]` set to `spin`, over `blocks`
/// blocks.
fn launch(d: &CpuDevice, spin: bool, blocks: u32) -> Result<Vec<u32>, CpuError> {
    let m = d.load_module(PTX)?;
    let p = d.alloc(4 * THREADS as usize)?;
    d.copy_to_device(p, &u32::from(spin).to_le_bytes())?;
    let r = d.launch(
        &m,
        "k",
        &LaunchConfig::linear(blocks, THREADS),
        &[&p.0.to_le_bytes()],
    );
    let mut out = vec![0u8; 4 * THREADS as usize];
    d.copy_from_device(&mut out, p)?;
    d.free(p)?;
    r?;
    Ok(out
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect())
}

fn expected() -> Vec<u32> {
    (0..THREADS).map(|t| t * 2).collect()
}

fn devices() -> Vec<CpuDevice> {
    [1, 2]
        .into_iter()
        .map(|workers| {
            CpuDevice::new(CpuOptions {
                workers,
                ..CpuOptions::default()
            })
        })
        .collect()
}

#[test]
fn an_interrupt_from_another_thread_stops_an_endless_kernel() {
    for d in devices() {
        let start = Instant::now();
        let e = std::thread::scope(|s| {
            let running = s.spawn(|| launch(&d, true, 4));
            std::thread::sleep(Duration::from_millis(200));
            d.interrupt();
            running.join().unwrap()
        })
        .unwrap_err();
        assert!(start.elapsed() < Duration::from_secs(10), "{e}");
        let CpuError::Interrupted { at } = &e else {
            panic!("{e}")
        };
        assert_eq!(at.kernel, "k");
        assert!(e.to_string().starts_with("launch interrupted"), "{e}");
        // The device runs the next launch, and an interrupt made with no
        // launch running does not stop a later one.
        assert_eq!(launch(&d, false, 1).unwrap(), expected());
        d.interrupt();
        assert_eq!(launch(&d, false, 1).unwrap(), expected());
    }
}

#[test]
fn a_time_limit_stops_an_endless_kernel() {
    for d in devices() {
        d.set_timeout(Some(Duration::from_millis(300)));
        assert_eq!(d.timeout(), Some(Duration::from_millis(300)));
        let start = Instant::now();
        let e = launch(&d, true, 4).unwrap_err();
        let took = start.elapsed();
        assert!(matches!(e, CpuError::Timeout { .. }), "{e}");
        assert!(
            took >= Duration::from_millis(300) && took < Duration::from_secs(10),
            "{took:?}"
        );
        assert!(e.to_string().contains("longer than 300ms"), "{e}");
        // Within the limit, a launch runs right; without a limit too.
        assert_eq!(launch(&d, false, 1).unwrap(), expected());
        d.set_timeout(None);
        assert_eq!(launch(&d, false, 1).unwrap(), expected());
    }
}

#[test]
fn many_short_blocks_see_the_time_limit_between_blocks() {
    // A grid of blocks too short to poll on their own: the limit is still
    // checked between blocks.
    let d = CpuDevice::new(CpuOptions {
        workers: 1,
        ..CpuOptions::default()
    });
    d.set_timeout(Some(Duration::from_nanos(1)));
    let e = launch(&d, false, 1000).unwrap_err();
    assert!(matches!(e, CpuError::Timeout { .. }), "{e}");
}

#[test]
fn the_device_type_forwards_interrupts_and_limits() {
    let d = Device::open(DeviceKind::Cpu, 1, false).unwrap();
    d.set_launch_timeout(Some(Duration::from_millis(50)))
        .unwrap();
    let Device::Cpu(cpu) = &d else {
        panic!("not the CPU device")
    };
    assert!(matches!(
        launch(cpu, true, 1),
        Err(CpuError::Timeout { .. })
    ));
    d.set_launch_timeout(None).unwrap();
    let e = std::thread::scope(|s| {
        let running = s.spawn(|| launch(cpu, true, 1));
        std::thread::sleep(Duration::from_millis(100));
        d.interrupt().unwrap();
        running.join().unwrap()
    });
    assert!(matches!(e, Err(CpuError::Interrupted { .. })));
}
