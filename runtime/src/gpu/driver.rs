//! A loaded, initialised CUDA driver: the library, its entry points, its
//! version, and the translation of its `CUresult`s into [`GpuError`]s.

use crate::gpu::api::{self, Api, ErrorTextFn, InitFn};
use crate::gpu::discovery::{DriverSearch, Failure, Place};
use crate::gpu::error::{DriverStatus, GpuError};
use crate::gpu::props::DeviceProps;
use crate::gpu::result;
use crate::gpu::target::{max_ptx_isa, DriverVersion};
use libloading::Library;
use std::ffi::{c_char, c_int, CStr};
use std::sync::Arc;

/// The CUDA driver, loaded and initialised (`cuInit` succeeded).
pub struct Driver {
    api: Api,
    error_name: Option<ErrorTextFn>,
    error_string: Option<ErrorTextFn>,
    version: DriverVersion,
    place: Place,
    // Declared last: the entry points above point into it.
    _library: Library,
}

impl std::fmt::Debug for Driver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Driver")
            .field("place", &self.place)
            .field("version", &self.version)
            .finish_non_exhaustive()
    }
}

impl Driver {
    /// Finds and opens the driver the environment asks for (see
    /// [`crate::gpu::discovery`]).
    pub fn load() -> Result<Arc<Driver>, GpuError> {
        DriverSearch::from_env().load()
    }

    /// Opens one candidate library: loads it, calls `cuInit(0)`, resolves
    /// every entry point and reads the driver's version.
    pub fn open(place: &Place) -> Result<Driver, Failure> {
        let library =
            load_library(&place.spec).map_err(|e| Failure::Unloadable(loader_message(&e)))?;
        // SAFETY: the signatures are the driver header's.
        let (init, error_name, error_string) = unsafe {
            (
                api::symbol::<InitFn>(&library, "cuInit"),
                api::symbol::<ErrorTextFn>(&library, "cuGetErrorName"),
                api::symbol::<ErrorTextFn>(&library, "cuGetErrorString"),
            )
        };
        let init = init.ok_or(Failure::MissingSymbols(vec!["cuInit"]))?;
        // SAFETY: cuInit takes flags, which must be 0.
        let code = unsafe { init(0) };
        if code == result::STUB_LIBRARY {
            return Err(Failure::Stub);
        }
        if code != result::SUCCESS {
            return Err(Failure::Call {
                call: "cuInit",
                status: status_of(error_name, error_string, code),
            });
        }
        let api = Api::resolve(&library).map_err(Failure::MissingSymbols)?;
        let mut raw: c_int = 0;
        // SAFETY: one out-pointer to a live c_int.
        let code = unsafe { (api.driver_get_version)(&mut raw) };
        if code != result::SUCCESS {
            return Err(Failure::Call {
                call: "cuDriverGetVersion",
                status: status_of(error_name, error_string, code),
            });
        }
        Ok(Driver {
            api,
            error_name,
            error_string,
            version: DriverVersion::from_raw(raw),
            place: place.clone(),
            _library: library,
        })
    }

    /// The resolved entry points: the runtime's own calls, and an escape
    /// hatch for interop and for measuring the raw driver (calling them is
    /// `unsafe`, with the driver API's contracts).
    pub fn api(&self) -> &Api {
        &self.api
    }

    /// Where the library was found.
    pub fn place(&self) -> &Place {
        &self.place
    }

    /// The driver's CUDA version (`cuDriverGetVersion`).
    pub fn version(&self) -> DriverVersion {
        self.version
    }

    /// The newest PTX ISA this driver's JIT accepts.
    pub fn max_ptx_isa(&self) -> (u32, u32) {
        max_ptx_isa(self.version)
    }

    /// The driver's name and description of a `CUresult`.
    pub fn status(&self, code: u32) -> DriverStatus {
        status_of(self.error_name, self.error_string, code)
    }

    /// `Ok` for `CUDA_SUCCESS`, else the typed error for `call`.
    pub(crate) fn check(&self, call: &'static str, code: u32) -> Result<(), GpuError> {
        if code == result::SUCCESS {
            Ok(())
        } else {
            Err(GpuError::Driver {
                call,
                status: self.status(code),
            })
        }
    }

    /// How many devices the driver sees.
    pub fn device_count(&self) -> Result<usize, GpuError> {
        let mut count: c_int = 0;
        // SAFETY: one out-pointer to a live c_int.
        self.check("cuDeviceGetCount", unsafe {
            (self.api.device_get_count)(&mut count)
        })?;
        Ok(usize::try_from(count).unwrap_or(0))
    }

    /// The properties of every device.
    pub fn devices(&self) -> Result<Vec<DeviceProps>, GpuError> {
        (0..self.device_count()?)
            .map(|ordinal| DeviceProps::query(self, ordinal))
            .collect()
    }
}

/// Loads the library at `spec` (a path, or a name for the system loader)
/// so that it stays loaded for the rest of the process, however often it is
/// opened and closed again: a CUDA driver keeps per-process state and
/// threads, and does not survive being unloaded and loaded again (a second
/// `cuInit` after that fails). Dropping the [`Library`] then only drops our
/// reference.
#[cfg(unix)]
fn load_library(spec: &std::ffi::OsStr) -> Result<Library, libloading::Error> {
    use libloading::os::unix::{Library as UnixLibrary, RTLD_LOCAL, RTLD_NOW};
    // SAFETY: loading a library runs its initialisers; a CUDA driver's are
    // safe to run, and so are the test stand-ins'.
    unsafe { UnixLibrary::open(Some(spec), RTLD_NOW | RTLD_LOCAL | libc::RTLD_NODELETE) }
        .map(Library::from)
}

/// Loads the library at `spec` (see the Unix variant).
#[cfg(not(unix))]
fn load_library(spec: &std::ffi::OsStr) -> Result<Library, libloading::Error> {
    // SAFETY: as in the Unix variant.
    unsafe { Library::new(spec) }
}

/// The loader's message: libloading's error says only "dlopen failed";
/// the system's reason (`cannot open shared object file`, `invalid ELF
/// header`) is its source.
fn loader_message(e: &libloading::Error) -> String {
    use std::error::Error as _;
    match e.source() {
        Some(reason) => reason.to_string(),
        None => e.to_string(),
    }
}

/// Builds a [`DriverStatus`], asking the driver for the name and string
/// when it exports `cuGetErrorName`/`cuGetErrorString`.
fn status_of(name: Option<ErrorTextFn>, string: Option<ErrorTextFn>, code: u32) -> DriverStatus {
    let ask = |f: Option<ErrorTextFn>| -> Option<String> {
        let f = f?;
        let mut text: *const c_char = std::ptr::null();
        // SAFETY: the driver writes a pointer to a static string or fails.
        let rc = unsafe { f(code, &mut text) };
        if rc != result::SUCCESS || text.is_null() {
            return None;
        }
        // SAFETY: non-null, NUL-terminated, static in the driver.
        Some(
            unsafe { CStr::from_ptr(text) }
                .to_string_lossy()
                .into_owned(),
        )
    };
    DriverStatus {
        code,
        name: ask(name).unwrap_or_else(|| result::fallback_name(code).to_string()),
        message: ask(string).unwrap_or_default(),
    }
}
