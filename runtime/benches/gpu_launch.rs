//! GPU launch benchmark: host cost per launch through the runtime against
//! raw `cuLaunchKernel`, and vector-add bandwidth as a fraction of the
//! device's peak. Prints "no GPU: ..." and exits cleanly without one.

use kernelc_runtime::gpu::sample::{array_params, vector_add_ptx};
use kernelc_runtime::gpu::{GpuDevice, GpuError, LaunchConfig};
use std::ffi::c_void;
use std::time::Instant;

const LAUNCHES: u32 = 20_000;

fn main() {
    let dev = match GpuDevice::open(0) {
        Ok(dev) => dev,
        Err(reason) => {
            println!("no GPU: {}", reason.one_line());
            return;
        }
    };
    if let Err(e) = run(&dev) {
        eprintln!("gpu_launch: {e}");
        std::process::exit(1);
    }
}

fn run(dev: &GpuDevice) -> Result<(), GpuError> {
    println!("{}", dev.props().describe());
    let module = dev.load_module(&vector_add_ptx(dev.ptx_target()))?;
    let stream = dev.stream()?;
    let one = LaunchConfig {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        shared_bytes: 0,
    };

    // Warm up, then the runtime's path.
    for _ in 0..100 {
        dev.launch_async(&module, "empty", &one, &[], Some(&stream))?;
    }
    stream.synchronize()?;
    let t = Instant::now();
    for _ in 0..LAUNCHES {
        dev.launch_async(&module, "empty", &one, &[], Some(&stream))?;
    }
    let runtime_ns = t.elapsed().as_nanos() as f64 / f64::from(LAUNCHES);
    stream.synchronize()?;

    // Raw cuLaunchKernel with the context current once.
    let function = module.raw_function("empty")?;
    let api = dev.driver().api();
    let raw_ns = {
        let _current = dev.enter()?;
        let t = Instant::now();
        for _ in 0..LAUNCHES {
            // SAFETY: a live function taking no parameters, on a live
            // stream of the current context.
            let code = unsafe {
                (api.launch_kernel)(
                    function,
                    1,
                    1,
                    1,
                    32,
                    1,
                    1,
                    0,
                    stream.raw(),
                    std::ptr::null_mut::<*mut c_void>(),
                    std::ptr::null_mut(),
                )
            };
            if code != 0 {
                return Err(GpuError::Driver {
                    call: "cuLaunchKernel",
                    status: dev.driver().status(code),
                });
            }
        }
        t.elapsed().as_nanos() as f64 / f64::from(LAUNCHES)
    };
    stream.synchronize()?;
    println!(
        "host cost per launch: runtime {runtime_ns:.0} ns, raw cuLaunchKernel {raw_ns:.0} ns ({:+.0} ns)",
        runtime_ns - raw_ns
    );

    // Vector add over 64 Mi floats: 3 arrays of 256 MiB.
    let n = 64usize << 20;
    let bytes = n * 4;
    let (a, b, out) = (dev.alloc(bytes)?, dev.alloc(bytes)?, dev.alloc(bytes)?);
    let [pa, na, sa] = array_params(a.0, n, 4);
    let [pb, nb, sb] = array_params(b.0, n, 4);
    let [po, no, so] = array_params(out.0, n, 4);
    let params: [&[u8]; 9] = [&pa, &na, &sa, &pb, &nb, &sb, &po, &no, &so];
    let config = LaunchConfig {
        grid: [(n / 256) as u32, 1, 1],
        block: [256, 1, 1],
        shared_bytes: 0,
    };
    let mut best = f64::MAX;
    for _ in 0..10 {
        let stats = dev.launch(&module, "vadd", &config, &params)?;
        best = best.min(stats.kernel_time.as_secs_f64());
    }
    let bandwidth = 3.0 * bytes as f64 / best;
    match dev.props().peak_bandwidth() {
        Some(peak) => println!(
            "vector add: {:.0} GB/s, {:.1}% of the {:.0} GB/s peak",
            bandwidth / 1e9,
            100.0 * bandwidth / peak,
            peak / 1e9
        ),
        None => println!(
            "vector add: {:.0} GB/s (the driver reports no peak)",
            bandwidth / 1e9
        ),
    }
    for p in [a, b, out] {
        dev.free(p)?;
    }
    Ok(())
}
