//! `kernelc devices`: the devices that can run kernels (like Numba's
//! `cuda.detect()`).

use kernelc_runtime::device::{describe_gpus, Device, DeviceKind};
use std::process::ExitCode;

/// Runs the subcommand.
pub fn run() -> Result<ExitCode, String> {
    match describe_gpus() {
        Ok(lines) if lines.is_empty() => println!("gpu: none (the driver reports no device)"),
        Ok(lines) => lines.iter().for_each(|l| println!("{l}")),
        Err(e) => println!("gpu: {e}"),
    }
    let cpu = Device::open(DeviceKind::Cpu, 0, true).map_err(|e| e.to_string())?;
    println!("cpu: {}", cpu.name());
    Ok(ExitCode::SUCCESS)
}
