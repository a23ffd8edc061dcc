//! Finding the CUDA driver library.
//!
//! The order, first usable wins:
//!
//! 1. `KERNELC_CUDA_DRIVER`: the path of the library file;
//! 2. `NUMBA_CUDA_DRIVER`: the same, as older Numba documented it; the
//!    value `0` means "no GPU";
//! 3. the system loader's `libcuda.so.1`, then `libcuda.so`;
//! 4. the forward-compatibility driver, `compat/libcuda.so.1` under
//!    `$CUDA_HOME`, `$CUDA_PATH` and `/usr/local/cuda`, when the system's
//!    driver is missing or does not work.
//!
//! The system driver comes first, as NVIDIA's own loaders do: a toolkit's
//! forward-compatibility driver works only beside the kernel module it was
//! made for, and where it does not (a newer kernel module; seen on an H200
//! with driver 580: `CUDA_ERROR_SYSTEM_DRIVER_MISMATCH`), loading it first
//! would also take the name `libcuda.so.1` in the process, so that the
//! loader hands it back again instead of the system's driver.
//!
//! A variable that is set is the only place tried: a file it names that is
//! missing, or that does not work, is an error (no silent fall-back). The
//! fall-back places are tried in turn, and when none works the error lists
//! each with the reason it failed. [`DriverSearch`] takes the environment
//! as a closure and the fall-back places as lists, so tests need not touch
//! the process environment.

use crate::gpu::driver::Driver;
use crate::gpu::error::{DriverStatus, GpuError};
use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The variable that names the driver for kernelc.
pub const KERNELC_VAR: &str = "KERNELC_CUDA_DRIVER";
/// The variable older Numba documented for the same purpose.
pub const NUMBA_VAR: &str = "NUMBA_CUDA_DRIVER";
/// The variables whose `compat/` directory may hold a forward-compatibility
/// driver, in the order they are tried.
pub const TOOLKIT_VARS: [&str; 2] = ["CUDA_HOME", "CUDA_PATH"];
/// The default toolkit's compat directory, tried after the variables'.
pub const DEFAULT_COMPAT_DIR: &str = "/usr/local/cuda/compat";

/// The library's file name inside a compat directory.
const COMPAT_FILE: &str = "libcuda.so.1";

/// Where a candidate library came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A variable (`KERNELC_CUDA_DRIVER` or `NUMBA_CUDA_DRIVER`).
    Env(&'static str),
    /// A toolkit's `compat/` directory (from the variable, or the default).
    Compat(Option<&'static str>),
    /// A name handed to the system loader.
    System,
}

/// One candidate library: where it came from and what is opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// Where it came from.
    pub source: Source,
    /// The path (or, for [`Source::System`], the name) handed to the loader.
    pub spec: OsString,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let spec = Path::new(&self.spec).display();
        match &self.source {
            Source::Env(var) => write!(f, "{var}={spec}"),
            Source::Compat(Some(var)) => {
                write!(f, "{spec} (forward-compatibility driver under ${var})")
            }
            Source::Compat(None) => write!(f, "{spec} (forward-compatibility driver)"),
            Source::System => write!(f, "{spec} (system loader)"),
        }
    }
}

/// Why one candidate could not be used.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// No file there.
    NotFound,
    /// The loader refused it (its message).
    Unloadable(String),
    /// The CUDA toolkit's stub library (`cuInit` answered
    /// `CUDA_ERROR_STUB_LIBRARY`).
    Stub,
    /// A driver call made while opening it failed (`cuInit` answering
    /// `CUDA_ERROR_NO_DEVICE`, say).
    Call {
        /// The entry point.
        call: &'static str,
        /// What it returned.
        status: DriverStatus,
    },
    /// It lacks entry points the runtime needs.
    MissingSymbols(Vec<&'static str>),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::NotFound => f.write_str("no such file"),
            Failure::Unloadable(msg) => write!(f, "cannot be loaded: {msg}"),
            Failure::Stub => f.write_str(
                "is the CUDA toolkit's stub library (cuInit answered CUDA_ERROR_STUB_LIBRARY): \
                 it only lets programs link; install the NVIDIA driver or point \
                 KERNELC_CUDA_DRIVER at its libcuda.so.1",
            ),
            Failure::Call { call, status } => write!(f, "{call} failed: {status}"),
            Failure::MissingSymbols(names) => write!(
                f,
                "lacks the driver entry point{} {} (not a CUDA driver, or one too old)",
                if names.len() == 1 { "" } else { "s" },
                names.join(", ")
            ),
        }
    }
}

/// A candidate tried and the reason it failed.
#[derive(Clone, Debug, PartialEq)]
pub struct Attempt {
    /// The candidate.
    pub place: Place,
    /// Why it failed.
    pub failure: Failure,
}

impl fmt::Display for Attempt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.failure)
    }
}

/// The places to look for the driver, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DriverSearch {
    kernelc: Option<OsString>,
    numba: Option<OsString>,
    compat: Vec<(Option<&'static str>, PathBuf)>,
    system_names: Vec<OsString>,
}

impl DriverSearch {
    /// A search that reads variables through `env`, then hands
    /// `system_names` to the loader, then tries the `compat/` directories of
    /// `$CUDA_HOME`/`$CUDA_PATH` followed by `default_compat_dirs`.
    pub fn new(
        env: impl Fn(&str) -> Option<OsString>,
        default_compat_dirs: &[PathBuf],
        system_names: &[OsString],
    ) -> DriverSearch {
        let set = |var: &str| env(var).filter(|v| !v.is_empty());
        let mut compat: Vec<(Option<&'static str>, PathBuf)> = Vec::new();
        for var in TOOLKIT_VARS {
            if let Some(root) = set(var) {
                compat.push((Some(var), PathBuf::from(root).join("compat")));
            }
        }
        compat.extend(default_compat_dirs.iter().map(|d| (None, d.clone())));
        let mut seen = Vec::new();
        compat.retain(|(_, dir)| {
            let fresh = !seen.contains(dir);
            seen.push(dir.clone());
            fresh
        });
        DriverSearch {
            kernelc: set(KERNELC_VAR),
            numba: set(NUMBA_VAR),
            compat,
            system_names: system_names.to_vec(),
        }
    }

    /// The search the process environment asks for, with the standard
    /// fall-back places.
    pub fn from_env() -> DriverSearch {
        DriverSearch::new(
            |var| std::env::var_os(var),
            &[PathBuf::from(DEFAULT_COMPAT_DIR)],
            &default_system_names(),
        )
    }

    /// The candidates in the order they will be tried, or the error that
    /// the environment alone decides (GPU turned off, a named file
    /// missing).
    pub fn places(&self) -> Result<Vec<Place>, GpuError> {
        for (var, value) in [(KERNELC_VAR, &self.kernelc), (NUMBA_VAR, &self.numba)] {
            let Some(value) = value else { continue };
            if var == NUMBA_VAR && value == OsStr::new("0") {
                return Err(GpuError::Disabled { var });
            }
            let path = PathBuf::from(value);
            if !path.exists() {
                return Err(GpuError::MissingDriverFile { var, path });
            }
            return Ok(vec![Place {
                source: Source::Env(var),
                spec: value.clone(),
            }]);
        }
        let compat = self.compat.iter().map(|(var, dir)| Place {
            source: Source::Compat(*var),
            spec: dir.join(COMPAT_FILE).into_os_string(),
        });
        let system = self.system_names.iter().map(|name| Place {
            source: Source::System,
            spec: name.clone(),
        });
        Ok(system.chain(compat).collect())
    }

    /// Opens the first usable driver, or says why none is.
    pub fn load(&self) -> Result<Arc<Driver>, GpuError> {
        let mut attempts = Vec::new();
        for place in self.places()? {
            let tried = if place.source != Source::System && !Path::new(&place.spec).exists() {
                Err(Failure::NotFound)
            } else {
                Driver::open(&place)
            };
            match tried {
                Ok(driver) => return Ok(Arc::new(driver)),
                Err(failure) => attempts.push(Attempt { place, failure }),
            }
        }
        Err(GpuError::NoDriver { attempts })
    }
}

/// The names the system loader is asked for.
pub fn default_system_names() -> Vec<OsString> {
    let names: &[&str] = if cfg!(windows) {
        &["nvcuda.dll"]
    } else {
        &["libcuda.so.1", "libcuda.so"]
    };
    names.iter().map(OsString::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(vars: &[(&str, &str)]) -> DriverSearch {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        DriverSearch::new(
            move |k| vars.iter().find(|(n, _)| n == k).map(|(_, v)| v.into()),
            &[PathBuf::from("/opt/cuda/compat")],
            &[OsString::from("libcuda.so.1"), OsString::from("libcuda.so")],
        )
    }

    #[test]
    fn fallback_order_is_system_names_then_compat_dirs() {
        let places = search(&[("CUDA_HOME", "/h"), ("CUDA_PATH", "/p")])
            .places()
            .unwrap();
        let specs: Vec<String> = places
            .iter()
            .map(|p| p.spec.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            specs,
            [
                "libcuda.so.1",
                "libcuda.so",
                "/h/compat/libcuda.so.1",
                "/p/compat/libcuda.so.1",
                "/opt/cuda/compat/libcuda.so.1",
            ]
        );
        assert_eq!(places[0].source, Source::System);
        assert_eq!(places[2].source, Source::Compat(Some("CUDA_HOME")));
    }

    #[test]
    fn the_same_compat_dir_is_tried_once() {
        let places = search(&[("CUDA_HOME", "/opt/cuda")]).places().unwrap();
        assert_eq!(places.len(), 3);
    }

    #[test]
    fn numba_zero_turns_the_gpu_off() {
        let err = search(&[("NUMBA_CUDA_DRIVER", "0")]).places().unwrap_err();
        assert_eq!(err, GpuError::Disabled { var: NUMBA_VAR });
        assert!(err.is_no_gpu());
    }

    #[test]
    fn empty_variables_count_as_unset() {
        let places = search(&[("KERNELC_CUDA_DRIVER", ""), ("CUDA_HOME", "")])
            .places()
            .unwrap();
        assert_eq!(places.len(), 3);
    }

    #[test]
    fn a_variable_naming_a_missing_file_is_an_error_naming_it() {
        let err = search(&[("KERNELC_CUDA_DRIVER", "/nowhere/libcuda.so.1")])
            .places()
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "KERNELC_CUDA_DRIVER=/nowhere/libcuda.so.1 names a CUDA driver library that does not exist"
        );
    }
}
