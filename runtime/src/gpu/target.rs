//! Choosing what to compile for a device: the `sm_XX` target from its
//! compute capability and the driver's newest PTX ISA from its version.
//!
//! The compiler targets `sm_50` to `sm_90` and writes the oldest `.version`
//! each target needs (7.0 and up for `sm_80`+, see
//! [`kernelc_abi::Target::ptx_version`]). A newer device runs PTX
//! for an older target, so the choice is the newest supported target that
//! the device can run and the driver's JIT can read.

use crate::gpu::error::GpuError;
use kernelc_abi::{Target, SUPPORTED};
use std::fmt;

/// A driver's CUDA version, as `cuDriverGetVersion` reports it
/// (`1000 * major + 10 * minor`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct DriverVersion {
    /// Major version (12 for CUDA 12.4).
    pub major: u32,
    /// Minor version (4 for CUDA 12.4).
    pub minor: u32,
}

impl DriverVersion {
    /// Decodes `cuDriverGetVersion`'s integer.
    pub fn from_raw(raw: i32) -> DriverVersion {
        let raw = u32::try_from(raw).unwrap_or(0);
        DriverVersion {
            major: raw / 1000,
            minor: (raw % 1000) / 10,
        }
    }
}

impl fmt::Display for DriverVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// The newest PTX ISA version a driver of this CUDA version accepts, from
/// the PTX ISA release history (CUDA 11.0 shipped PTX 7.0, 12.0 shipped
/// 8.0, 12.8 shipped 8.7, 13.0 shipped 9.0). A version newer than the
/// table gets the table's newest entry, which it accepts too.
pub fn max_ptx_isa(driver: DriverVersion) -> (u32, u32) {
    /// `(major, minor)` of a CUDA or PTX ISA version.
    type Version = (u32, u32);
    const TABLE: &[(Version, Version)] = &[
        ((9, 0), (6, 0)),
        ((9, 1), (6, 1)),
        ((9, 2), (6, 2)),
        ((10, 0), (6, 3)),
        ((10, 1), (6, 4)),
        ((10, 2), (6, 5)),
        ((11, 0), (7, 0)),
        ((11, 1), (7, 1)),
        ((11, 2), (7, 2)),
        ((11, 3), (7, 3)),
        ((11, 4), (7, 4)),
        ((11, 5), (7, 5)),
        ((11, 6), (7, 6)),
        ((11, 7), (7, 7)),
        ((11, 8), (7, 8)),
        ((12, 0), (8, 0)),
        ((12, 1), (8, 1)),
        ((12, 2), (8, 2)),
        ((12, 3), (8, 3)),
        ((12, 4), (8, 4)),
        ((12, 5), (8, 5)),
        ((12, 6), (8, 5)),
        ((12, 7), (8, 6)),
        ((12, 8), (8, 7)),
        ((12, 9), (8, 8)),
        ((13, 0), (9, 0)),
        ((13, 1), (9, 1)),
    ];
    let key = (driver.major, driver.minor);
    TABLE
        .iter()
        .rev()
        .find(|(cuda, _)| *cuda <= key)
        .map_or((0, 0), |(_, isa)| *isa)
}

/// The target to compile for on a device of compute capability
/// `(major, minor)` under a driver whose JIT reads up to `max_isa`: the
/// newest supported `sm_XX` not above the device (so capped at `sm_90`)
/// whose `.version` the driver accepts.
pub fn choose_target(capability: (u32, u32), max_isa: (u32, u32)) -> Result<Target, GpuError> {
    let device_sm = capability.0 * 10 + capability.1;
    SUPPORTED
        .iter()
        .rev()
        .map(|&sm| Target::sm(sm))
        .find(|t| t.sm <= device_sm && t.ptx_version() <= max_isa)
        .ok_or_else(|| {
            GpuError::InvalidArgument(format!(
                "no PTX target for a device of compute capability {}.{} under a driver \
                 whose JIT reads PTX ISA {}.{} at most (kernelc targets sm_{} to sm_{})",
                capability.0,
                capability.1,
                max_isa.0,
                max_isa.1,
                SUPPORTED.first().copied().unwrap_or(0),
                SUPPORTED.last().copied().unwrap_or(0),
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(major: u32, minor: u32) -> DriverVersion {
        DriverVersion { major, minor }
    }

    #[test]
    fn decodes_driver_versions() {
        assert_eq!(DriverVersion::from_raw(12040), v(12, 4));
        assert_eq!(DriverVersion::from_raw(11080), v(11, 8));
        assert_eq!(DriverVersion::from_raw(-1), v(0, 0));
        assert_eq!(v(12, 4).to_string(), "12.4");
    }

    #[test]
    fn maps_driver_versions_to_ptx_isa() {
        assert_eq!(max_ptx_isa(v(12, 0)), (8, 0));
        assert_eq!(max_ptx_isa(v(12, 1)), (8, 1));
        assert_eq!(max_ptx_isa(v(12, 4)), (8, 4));
        assert_eq!(max_ptx_isa(v(12, 8)), (8, 7));
        assert_eq!(max_ptx_isa(v(11, 0)), (7, 0));
        assert_eq!(max_ptx_isa(v(11, 8)), (7, 8));
        assert_eq!(max_ptx_isa(v(13, 0)), (9, 0));
        assert_eq!(max_ptx_isa(v(15, 2)), (9, 1));
        assert_eq!(max_ptx_isa(v(8, 0)), (0, 0));
    }

    #[test]
    fn target_follows_the_device_capped_at_sm_90() {
        let new = (8, 4);
        assert_eq!(choose_target((8, 0), new).unwrap().sm, 80);
        assert_eq!(choose_target((8, 6), new).unwrap().sm, 86);
        assert_eq!(choose_target((9, 0), new).unwrap().sm, 90);
        assert_eq!(choose_target((10, 0), new).unwrap().sm, 90);
        assert_eq!(choose_target((12, 0), new).unwrap().sm, 90);
        assert_eq!(choose_target((7, 5), new).unwrap().sm, 75);
    }

    #[test]
    fn target_steps_down_to_what_an_old_driver_reads() {
        // sm_90 needs PTX 7.8; a CUDA 11.0 driver reads 7.0: sm_80 PTX.
        assert_eq!(choose_target((9, 0), (7, 0)).unwrap().sm, 80);
        assert!(choose_target((3, 5), (8, 0)).is_err());
        assert!(choose_target((8, 0), (6, 0)).is_err());
    }
}
