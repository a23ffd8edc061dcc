//! `kernelc devices`: the devices that can run kernels (like Numba's
//! `cuda.detect()`).

use crate::args::UsageError;
use kernelc_runtime::device::{Device, DeviceKind};
use std::process::ExitCode;

/// Runs the subcommand.
pub fn run(argv: &[String]) -> Result<ExitCode, UsageError> {
    if let Some(a) = argv.first() {
        return Err(UsageError(format!(
            "'devices' takes no arguments, got '{a}'"
        )));
    }
    match Device::open(DeviceKind::Gpu, 0, false) {
        Ok(d) => println!("gpu: {}", d.name()),
        Err(e) => println!("gpu: none ({e})"),
    }
    let cpu = Device::open(DeviceKind::Cpu, 0, true).map_err(|e| UsageError(e.to_string()))?;
    println!("cpu: {}", cpu.name());
    Ok(ExitCode::SUCCESS)
}
