//! A device's properties (name, compute capability, memory, SMs, clocks)
//! and the one-line description `kernelc devices` prints.

use crate::gpu::driver::Driver;
use crate::gpu::error::GpuError;
use crate::gpu::target::choose_target;
use cudarc::driver::sys::{CUdevice, CUdevice_attribute};
use kernelc_abi::Target;
use std::ffi::{c_char, c_int, CStr};

/// What the driver reports about one device.
#[derive(Clone, Debug, PartialEq)]
pub struct DeviceProps {
    /// The device's ordinal.
    pub ordinal: usize,
    /// Its name (`NVIDIA H100 80GB HBM3`).
    pub name: String,
    /// Compute capability `(major, minor)`.
    pub capability: (u32, u32),
    /// Global memory in bytes.
    pub total_memory: u64,
    /// Streaming multiprocessors.
    pub sm_count: u32,
    /// Peak SM clock in kHz (0 when the driver does not say).
    pub clock_khz: u32,
    /// Peak memory clock in kHz (0 when the driver does not say).
    pub memory_clock_khz: u32,
    /// Memory bus width in bits (0 when the driver does not say).
    pub memory_bus_bits: u32,
    /// Most threads in one block.
    pub max_threads_per_block: u32,
    /// Most static + dynamic shared memory one block may use by default.
    pub max_shared_per_block: u32,
    /// The newest PTX ISA the driver's JIT reads.
    pub max_ptx_isa: (u32, u32),
}

impl DeviceProps {
    /// Asks the driver about device `ordinal`.
    pub fn query(driver: &Driver, ordinal: usize) -> Result<DeviceProps, GpuError> {
        let api = driver.api();
        let count = driver.device_count()?;
        let index = c_int::try_from(ordinal)
            .ok()
            .filter(|_| ordinal < count)
            .ok_or(GpuError::NoDevice { ordinal, count })?;
        let mut device: CUdevice = 0;
        // SAFETY: out-pointer to a live CUdevice; the ordinal is in range.
        driver.check("cuDeviceGet", unsafe {
            (api.device_get)(&mut device, index)
        })?;

        let mut name = [0 as c_char; 256];
        // SAFETY: the driver writes at most `len` bytes, NUL-terminated.
        driver.check("cuDeviceGetName", unsafe {
            (api.device_get_name)(name.as_mut_ptr(), name.len() as c_int - 1, device)
        })?;
        // SAFETY: the buffer's last byte is never written, so stays NUL.
        let name = unsafe { CStr::from_ptr(name.as_ptr()) }
            .to_string_lossy()
            .into_owned();

        let mut total: usize = 0;
        // SAFETY: out-pointer to a live usize.
        driver.check("cuDeviceTotalMem_v2", unsafe {
            (api.device_total_mem)(&mut total, device)
        })?;

        let attr = |a: CUdevice_attribute| attribute(driver, device, a);
        use CUdevice_attribute as A;
        Ok(DeviceProps {
            ordinal,
            name,
            capability: (
                attr(A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?,
                attr(A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?,
            ),
            total_memory: total as u64,
            sm_count: attr(A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?,
            clock_khz: attr(A::CU_DEVICE_ATTRIBUTE_CLOCK_RATE).unwrap_or(0),
            memory_clock_khz: attr(A::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE).unwrap_or(0),
            memory_bus_bits: attr(A::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH).unwrap_or(0),
            max_threads_per_block: attr(A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?,
            max_shared_per_block: attr(A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK)?,
            max_ptx_isa: driver.max_ptx_isa(),
        })
    }

    /// The target to compile for on this device (see
    /// [`crate::gpu::target::choose_target`]).
    pub fn ptx_target(&self) -> Result<Target, GpuError> {
        choose_target(self.capability, self.max_ptx_isa)
    }

    /// Peak memory bandwidth in bytes per second (double data rate: two
    /// transfers per memory clock), when the driver reports the clock and
    /// bus width.
    pub fn peak_bandwidth(&self) -> Option<f64> {
        if self.memory_clock_khz == 0 || self.memory_bus_bits == 0 {
            return None;
        }
        Some(2.0 * self.memory_clock_khz as f64 * 1e3 * self.memory_bus_bits as f64 / 8.0)
    }

    /// One line for `kernelc devices`:
    /// `gpu 0: NVIDIA H100 80GB HBM3, sm_90 (compute 9.0), 132 SMs at 1980 MHz, 79.1 GiB, 3352 GB/s peak`.
    pub fn describe(&self) -> String {
        let (major, minor) = self.capability;
        let target = self
            .ptx_target()
            .map_or_else(|_| "no kernelc target".to_string(), |t| t.to_string());
        let mut line = format!(
            "gpu {}: {}, {target} (compute {major}.{minor}), {} SMs",
            self.ordinal, self.name, self.sm_count
        );
        if self.clock_khz > 0 {
            line += &format!(" at {} MHz", self.clock_khz / 1000);
        }
        line += &format!(
            ", {:.1} GiB",
            self.total_memory as f64 / (1u64 << 30) as f64
        );
        if let Some(peak) = self.peak_bandwidth() {
            line += &format!(", {:.0} GB/s peak", peak / 1e9);
        }
        line
    }
}

/// One integer attribute of a device.
fn attribute(driver: &Driver, device: CUdevice, attr: CUdevice_attribute) -> Result<u32, GpuError> {
    let mut value: c_int = 0;
    // SAFETY: out-pointer to a live c_int; `attr` is a header value.
    driver.check("cuDeviceGetAttribute", unsafe {
        (driver.api().device_get_attribute)(&mut value, attr, device)
    })?;
    Ok(u32::try_from(value).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h100() -> DeviceProps {
        DeviceProps {
            ordinal: 0,
            name: "NVIDIA H100 80GB HBM3".into(),
            capability: (9, 0),
            total_memory: 85_045_510_144,
            sm_count: 132,
            clock_khz: 1_980_000,
            memory_clock_khz: 2_619_000,
            memory_bus_bits: 5120,
            max_threads_per_block: 1024,
            max_shared_per_block: 49152,
            max_ptx_isa: (8, 4),
        }
    }

    #[test]
    fn peak_bandwidth_is_double_data_rate_times_bus_width() {
        let peak = h100().peak_bandwidth().unwrap();
        assert!((peak - 3.352_32e12).abs() < 1e6, "{peak}");
        let unknown = DeviceProps {
            memory_clock_khz: 0,
            ..h100()
        };
        assert_eq!(unknown.peak_bandwidth(), None);
    }

    #[test]
    fn describes_a_device_in_one_line() {
        assert_eq!(
            h100().describe(),
            "gpu 0: NVIDIA H100 80GB HBM3, sm_90 (compute 9.0), 132 SMs at 1980 MHz, 79.2 GiB, 3352 GB/s peak"
        );
    }
}
