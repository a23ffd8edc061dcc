//! Modules: PTX compiled by the driver's JIT (`cuModuleLoadDataEx`, with
//! its error and info logs captured), or several PTX modules linked by the
//! driver's linker (`cuLink*`), their kernels and their globals.

use crate::gpu::context::Context;
use crate::gpu::error::GpuError;
use crate::gpu::memory::DevicePtr;
use crate::gpu::ptx_scan;
use crate::gpu::result;
use cudarc::driver::sys::{
    CUdeviceptr, CUfunction, CUfunction_attribute, CUjitInputType, CUjit_option, CUlinkState,
    CUmodule,
};
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
    /// The exception record of a kernel compiled with `debug`
    /// ([`crate::raised::RECORD`]), looked up once at load.
    exc_record: Option<(DevicePtr, usize)>,
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
        GpuModule::load_linked(ctx, &[ptx])
    }

    /// JIT-compiles the PTX modules `inputs` in `ctx` as one module and
    /// looks up every `.entry` they declare. One input is loaded by
    /// `cuModuleLoadDataEx`; several are linked by the driver's linker
    /// (`cuLinkCreate`, `cuLinkAddData` of each, `cuLinkComplete`), which
    /// resolves an `.extern .func` of one to its definition in another,
    /// and the image it makes is loaded.
    pub(crate) fn load_linked(ctx: Arc<Context>, inputs: &[&str]) -> Result<GpuModule, GpuError> {
        let images = inputs
            .iter()
            .map(|ptx| {
                CString::new(*ptx)
                    .map_err(|_| GpuError::InvalidArgument("PTX text contains a NUL byte".into()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if images.is_empty() {
            return Err(GpuError::InvalidArgument("no PTX module to load".into()));
        }
        let _current = ctx.enter()?;
        let mut logs = JitLogs::new();
        let raw = if let [image] = &images[..] {
            let mut options = logs.options();
            let mut values = logs.values();
            let mut raw: CUmodule = std::ptr::null_mut();
            // SAFETY: a NUL-terminated image; option and value arrays of
            // equal length; log buffers of the sizes given, alive for the call.
            let code = unsafe {
                (ctx.driver().api().module_load_data_ex)(
                    &mut raw,
                    image.as_ptr().cast(),
                    options.len() as u32,
                    options.as_mut_ptr(),
                    values.as_mut_ptr(),
                )
            };
            logs.check(&ctx, "cuModuleLoadDataEx", code)?;
            raw
        } else {
            link_and_load(&ctx, &images, &mut logs)?
        };
        let mut module = GpuModule {
            ctx: Arc::clone(&ctx),
            raw,
            ptx: cache_key(inputs),
            kernels: Vec::new(),
            info_log: log_text(&logs.info),
            exc_record: None,
        };
        // A driver call per launch is spared for the modules without one.
        if inputs.iter().any(|ptx| ptx.contains(crate::raised::RECORD)) {
            module.exc_record = module.global(crate::raised::RECORD);
        }
        let driver = ctx.driver();
        for entry in inputs.iter().flat_map(|ptx| ptx_scan::entries(ptx)) {
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

    /// The address and size of the exception record of a kernel compiled
    /// with `debug` ([`crate::raised::RECORD`]), if the module has one.
    pub fn exception_record(&self) -> Option<(DevicePtr, usize)> {
        self.exc_record
    }

    /// The JIT's info log (register use and the like), possibly empty.
    pub fn info_log(&self) -> &str {
        &self.info_log
    }

    /// Registers per thread the JIT gave `kernel`.
    pub fn registers(&self, kernel: &str) -> Result<u32, GpuError> {
        let regs = self.attribute(kernel, CUfunction_attribute::CU_FUNC_ATTRIBUTE_NUM_REGS)?;
        Ok(u32::try_from(regs).unwrap_or(0))
    }

    /// One of `kernel`'s attributes (`cuFuncGetAttribute`).
    pub fn attribute(
        &self,
        kernel: &str,
        attribute: CUfunction_attribute,
    ) -> Result<i32, GpuError> {
        let k = self.kernel(kernel)?;
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        let mut value: c_int = 0;
        // SAFETY: out-pointer to a live c_int; a live function.
        self.ctx.check("cuFuncGetAttribute", unsafe {
            (driver.api().func_get_attribute)(&mut value, attribute, k.function)
        })?;
        Ok(value)
    }

    /// Sets one of `kernel`'s attributes (`cuFuncSetAttribute`).
    pub fn set_attribute(
        &self,
        kernel: &str,
        attribute: CUfunction_attribute,
        value: i32,
    ) -> Result<(), GpuError> {
        let k = self.kernel(kernel)?;
        let _current = self.ctx.enter()?;
        let driver = self.ctx.driver();
        // SAFETY: a live function; the attribute and value are plain ints.
        self.ctx.check("cuFuncSetAttribute", unsafe {
            (driver.api().func_set_attribute)(k.function, attribute, value)
        })
    }

    /// The driver's handle (`CUfunction`) of `kernel`, for interop.
    pub fn raw_function(&self, kernel: &str) -> Result<CUfunction, GpuError> {
        Ok(self.kernel(kernel)?.function)
    }

    /// The PTX it was loaded from (the inputs joined by NUL bytes for a
    /// linked module: its cache key, see [`cache_key`]).
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

/// The key a module of several linked inputs has in a device's module
/// cache ([`GpuModule::ptx`]): the inputs joined by NUL bytes, which PTX
/// text never holds, so that no other list of inputs has the same key.
pub(crate) fn cache_key(inputs: &[&str]) -> String {
    inputs.join("\0")
}

/// The JIT's error and info logs, as options of a load or a link.
struct JitLogs {
    error: Vec<u8>,
    info: Vec<u8>,
}

impl JitLogs {
    fn new() -> JitLogs {
        JitLogs {
            error: vec![0u8; LOG_BYTES],
            info: vec![0u8; LOG_BYTES],
        }
    }

    fn options(&self) -> [CUjit_option; 4] {
        [
            CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
            CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
            CUjit_option::CU_JIT_INFO_LOG_BUFFER,
            CUjit_option::CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
        ]
    }

    /// The option values for [`JitLogs::options`]; sizes travel as
    /// pointer-sized integers in the value slots. The pointers stay valid
    /// while `self` lives and is not moved.
    fn values(&mut self) -> [*mut c_void; 4] {
        [
            self.error.as_mut_ptr().cast(),
            LOG_BYTES as *mut c_void,
            self.info.as_mut_ptr().cast(),
            LOG_BYTES as *mut c_void,
        ]
    }

    /// `Ok` for success; a kernel fault of an earlier launch as the
    /// context's loss; any other failure as a JIT error with the logs.
    fn check(&self, ctx: &Context, call: &'static str, code: u32) -> Result<(), GpuError> {
        if result::is_kernel_fault(code) {
            // Not the JIT: an earlier kernel's fault lost the context.
            ctx.check(call, code)?;
        }
        if code != result::SUCCESS {
            return Err(GpuError::Jit {
                status: ctx.driver().status(code),
                error_log: log_text(&self.error),
                info_log: log_text(&self.info),
            });
        }
        Ok(())
    }
}

/// Links the PTX `images` with the driver's linker and loads the image it
/// makes. The link state is destroyed on every path.
fn link_and_load(
    ctx: &Context,
    images: &[CString],
    logs: &mut JitLogs,
) -> Result<CUmodule, GpuError> {
    let api = ctx.driver().api();
    let mut options = logs.options();
    let mut values = logs.values();
    let mut state: CUlinkState = std::ptr::null_mut();
    // SAFETY: option and value arrays of equal length; log buffers of the
    // sizes given, alive until the link state is destroyed below.
    let code = unsafe {
        (api.link_create)(
            options.len() as u32,
            options.as_mut_ptr(),
            values.as_mut_ptr(),
            &mut state,
        )
    };
    logs.check(ctx, "cuLinkCreate", code)?;
    let linked = (|| {
        for (i, image) in images.iter().enumerate() {
            let name = CString::new(format!("input{i}.ptx")).expect("no NUL");
            // SAFETY: a live link state; a NUL-terminated PTX text whose
            // size counts the NUL (as the driver wants for PTX); no options.
            let code = unsafe {
                (api.link_add_data)(
                    state,
                    CUjitInputType::CU_JIT_INPUT_PTX,
                    image.as_ptr() as *mut c_void,
                    image.as_bytes_with_nul().len(),
                    name.as_ptr(),
                    0,
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                )
            };
            logs.check(ctx, "cuLinkAddData", code)?;
        }
        let mut cubin: *mut c_void = std::ptr::null_mut();
        let mut size: usize = 0;
        // SAFETY: a live link state; out-pointers to live values.
        let code = unsafe { (api.link_complete)(state, &mut cubin, &mut size) };
        logs.check(ctx, "cuLinkComplete", code)?;
        let mut raw: CUmodule = std::ptr::null_mut();
        let mut options = logs.options();
        let mut values = logs.values();
        // SAFETY: the image the linker made, owned by the link state,
        // which lives until after this call; option and value arrays of
        // equal length; log buffers of the sizes given.
        let code = unsafe {
            (api.module_load_data_ex)(
                &mut raw,
                cubin,
                options.len() as u32,
                options.as_mut_ptr(),
                values.as_mut_ptr(),
            )
        };
        logs.check(ctx, "cuModuleLoadDataEx", code)?;
        Ok(raw)
    })();
    // SAFETY: destroyed once; the module loaded from its image does not
    // need it any more. A failure to destroy cannot be acted on.
    let _ = unsafe { (api.link_destroy)(state) };
    linked
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
