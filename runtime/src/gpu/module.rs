//! Modules: PTX compiled by the driver's JIT (`cuModuleLoadDataEx`, with
//! its error and info logs captured), their kernels and their globals.

use crate::gpu::context::Context;
use crate::gpu::error::GpuError;
use crate::gpu::memory::DevicePtr;
use crate::gpu::ptx_scan;
use crate::gpu::result;
use cudarc::driver::sys::{CUdeviceptr, CUfunction, CUfunction_attribute, CUjit_option, CUmodule};
use std::ffi::{c_int, c_void, CString};
use std::sync::Arc;

/// Bytes reserved for each JIT log.
const LOG_BYTES: usize = 16 * 1024;

/// A kernel of a loaded module.
#[derive(Debug)]
pub(crate) struct Kernel {
    pub name: String,
    pub function: CUfunction,
    pub param_sizes: Vec<usize>,
}

/// A PTX module loaded on one device; unloaded on drop.
pub struct GpuModule {
    ctx: Arc<Context>,
    raw: CUmodule,
    ptx: String,
    kernels: Vec<Kernel>,
    info_log: String,
}

// SAFETY: driver modules and functions may be used from any thread.
unsafe impl Send for GpuModule {}
// SAFETY: as above; nothing is mutated after loading.
unsafe impl Sync for GpuModule {}

impl std::fmt::Debug for GpuModule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpuModule")
            .field("kernels", &self.kernels())
            .finish_non_exhaustive()
    }
}

impl GpuModule {
    /// JIT-compiles `ptx` in `ctx` and looks up every `.entry` it declares.
    pub(crate) fn load(ctx: Arc<Context>, ptx: &str) -> Result<GpuModule, GpuError> {
        let image = CString::new(ptx)
            .map_err(|_| GpuError::InvalidArgument("PTX text contains a NUL byte".into()))?;
        let _current = ctx.enter()?;
        let driver = ctx.driver();
        let mut error_log = vec![0u8; LOG_BYTES];
        let mut info_log = vec![0u8; LOG_BYTES];
        let mut options = [
            CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
            CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
            CUjit_option::CU_JIT_INFO_LOG_BUFFER,
            CUjit_option::CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
        ];
        // Sizes travel as pointer-sized integers in the value slots.
        let mut values: [*mut c_void; 4] = [
            error_log.as_mut_ptr().cast(),
            LOG_BYTES as *mut c_void,
            info_log.as_mut_ptr().cast(),
            LOG_BYTES as *mut c_void,
        ];
        let mut raw: CUmodule = std::ptr::null_mut();
        // SAFETY: a NUL-terminated image; option and value arrays of equal
        // length; log buffers of the sizes given, alive for the call.
        let code = unsafe {
            (driver.api().module_load_data_ex)(
                &mut raw,
                image.as_ptr().cast(),
                options.len() as u32,
                options.as_mut_ptr(),
                values.as_mut_ptr(),
            )
        };
        let error_log = log_text(&error_log);
        let info_log = log_text(&info_log);
        if result::is_kernel_fault(code) {
            // Not the JIT: an earlier kernel's fault lost the context.
            ctx.check("cuModuleLoadDataEx", code)?;
        }
        if code != result::SUCCESS {
            return Err(GpuError::Jit {
                status: driver.status(code),
                error_log,
                info_log,
            });
        }
        let mut module = GpuModule {
            ctx: Arc::clone(&ctx),
            raw,
            ptx: ptx.to_string(),
            kernels: Vec::new(),
            info_log,
        };
        for entry in ptx_scan::entries(ptx) {
            let name = CString::new(entry.name.as_str()).map_err(|_| {
                GpuError::InvalidArgument(format!("kernel name {:?} contains a NUL", entry.name))
            })?;
            let mut function: CUfunction = std::ptr::null_mut();
            // SAFETY: out-pointer to a live handle; a live module.
            ctx.check("cuModuleGetFunction", unsafe {
                (driver.api().module_get_function)(&mut function, raw, name.as_ptr())
            })?;
            module.kernels.push(Kernel {
                name: entry.name,
                function,
                param_sizes: entry.param_sizes,
            });
        }
        Ok(module)
    }

    /// The names of its kernels.
    pub fn kernels(&self) -> Vec<&str> {
        self.kernels.iter().map(|k| k.name.as_str()).collect()
    }

    /// The byte size of each `.param` of `kernel`, in order.
    pub fn kernel_params(&self, kernel: &str) -> Option<Vec<usize>> {
        self.kernels
            .iter()
            .find(|k| k.name == kernel)
            .map(|k| k.param_sizes.clone())
    }

    /// The address and size of a module-scope variable, if it has one of
    /// this name.
    pub fn global(&self, name: &str) -> Option<(DevicePtr, usize)> {
        let name = CString::new(name).ok()?;
        let _current = self.ctx.enter().ok()?;
        let driver = self.ctx.driver();
        let mut ptr: CUdeviceptr = 0;
        let mut bytes: usize = 0;
        // SAFETY: out-pointers to live values; a live module.
        let code = unsafe {
            (driver.api().module_get_global)(&mut ptr, &mut bytes, self.raw, name.as_ptr())
        };
        (code == result::SUCCESS).then_some((DevicePtr(ptr), bytes))
    }

    /// The JIT's info log (register use and the like), possibly empty.
    pub fn info_log(&self) -> &str {
        &self.info_log
    }

    /// Registers per thread the JIT gave `kernel`.
    pub fn registers(&self, kernel: &str) -> Result<u32, GpuError> {
        let k = self.kernel(kernel)?;
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        let mut value: c_int = 0;
        // SAFETY: out-pointer to a live c_int; a live function.
        self.ctx.check("cuFuncGetAttribute", unsafe {
            (driver.api().func_get_attribute)(
                &mut value,
                CUfunction_attribute::CU_FUNC_ATTRIBUTE_NUM_REGS,
                k.function,
            )
        })?;
        Ok(u32::try_from(value).unwrap_or(0))
    }

    /// The driver's handle (`CUfunction`) of `kernel`, for interop.
    pub fn raw_function(&self, kernel: &str) -> Result<CUfunction, GpuError> {
        Ok(self.kernel(kernel)?.function)
    }

    /// The PTX it was loaded from.
    pub(crate) fn ptx(&self) -> &str {
        &self.ptx
    }

    /// The context it lives in.
    pub(crate) fn context(&self) -> &Arc<Context> {
        &self.ctx
    }

    /// A kernel by name.
    pub(crate) fn kernel(&self, name: &str) -> Result<&Kernel, GpuError> {
        self.kernels
            .iter()
            .find(|k| k.name == name)
            .ok_or_else(|| GpuError::UnknownKernel {
                name: name.to_string(),
                available: self.kernels.iter().map(|k| k.name.clone()).collect(),
            })
    }
}

impl Drop for GpuModule {
    fn drop(&mut self) {
        let Ok(_current) = self.ctx.enter() else {
            // A lost context took it with it (see `gpu::context`).
            return;
        };
        let driver = self.ctx.driver();
        // SAFETY: unloaded once. A failure cannot be reported from `drop`.
        let _ = unsafe { (driver.api().module_unload)(self.raw) };
    }
}

/// A log buffer's text, up to its first NUL.
fn log_text(buffer: &[u8]) -> String {
    let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
    String::from_utf8_lossy(&buffer[..end]).into_owned()
}

#[cfg(test)]
mod tests {
    use super::log_text;

    #[test]
    fn log_text_stops_at_the_nul() {
        assert_eq!(log_text(b"ptxas error\0garbage"), "ptxas error");
        assert_eq!(log_text(b"\0"), "");
        assert_eq!(log_text(b"no nul"), "no nul");
    }
}
