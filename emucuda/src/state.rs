//! The emulated driver's state, in safe Rust: one device (a [`CpuDevice`]),
//! its contexts, allocations, modules, functions, streams and events, and
//! each thread's stack of current contexts.
//!
//! Handles (`CUcontext`, `CUmodule`, `CUfunction`, `CUstream`, `CUevent`)
//! are numbers, never addresses of Rust objects: a kind tag in the high
//! bits and a serial number below, looked up in this state's tables. A
//! handle of the wrong kind, destroyed, or made up is not found, and the
//! call fails with `CUDA_ERROR_INVALID_HANDLE` (or `INVALID_CONTEXT`).
//!
//! Device pointers are the CPU device's global addresses (a separate
//! address space starting at 64 GiB, never reused after a free), except
//! that mapped host memory (`cuMemHostAlloc` with `DEVICEMAP`) and managed
//! memory (`cuMemAllocManaged`) lie at their host addresses, as unified
//! addressing places them on a GPU. The CPU
//! device checks every copy and memset against its live allocations; this
//! state also records which allocations `cuMemAlloc` made (so `cuMemFree`
//! of a module variable, an interior pointer or a freed one is refused) and
//! in which context (so destroying a context frees them).
//!
//! Work runs synchronously: a launch or copy has finished when its call
//! returns, so streams only order what is already ordered, and an event
//! records the host time at which it was recorded.

use crate::status::{self, Failure, Outcome};
use kernelc_runtime::cpu::{KernelResources, ParamDecl};
use kernelc_runtime::{CpuDevice, CpuModule, CpuOptions, DevicePtr, LaunchConfig};
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// The memory the device reports (`cuDeviceTotalMem`); allocations beyond
/// it fail with `CUDA_ERROR_OUT_OF_MEMORY`.
pub const TOTAL_MEMORY: u64 = 16 << 30;

/// The kinds of handle, as the tag in a handle's high bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `CUcontext`.
    Context = 0x11,
    /// `CUmodule`.
    Module = 0x22,
    /// `CUfunction`.
    Function = 0x33,
    /// `CUstream`.
    Stream = 0x44,
    /// `CUevent`.
    Event = 0x55,
    /// `CUlinkState`.
    Link = 0x66,
}

/// Where a handle's tag starts.
const TAG_SHIFT: u32 = 40;

/// A handle's value (what the C side holds as a pointer).
pub type Handle = u64;

/// `CU_STREAM_LEGACY`, the legacy default stream's handle.
pub const STREAM_LEGACY: Handle = 1;
/// `CU_STREAM_PER_THREAD`, the per-thread default stream's handle.
pub const STREAM_PER_THREAD: Handle = 2;

/// `CU_EVENT_DISABLE_TIMING`.
pub const EVENT_DISABLE_TIMING: u32 = 2;
/// The event flags this driver accepts (`DEFAULT`, `BLOCKING_SYNC`,
/// `DISABLE_TIMING`; not `INTERPROCESS`).
const EVENT_FLAGS: u32 = 1 | EVENT_DISABLE_TIMING;
/// The stream flags this driver accepts (`DEFAULT`, `NON_BLOCKING`).
const STREAM_FLAGS: u32 = 1;

struct Context {
    primary: bool,
}

struct Allocation {
    bytes: u64,
    context: Handle,
    kind: AllocKind,
}

/// How an allocation was made, which says how it is freed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum AllocKind {
    /// `cuMemAlloc`: device memory, freed by `cuMemFree`.
    Device,
    /// `cuMemHostAlloc` with `CU_MEMHOSTALLOC_DEVICEMAP`: host memory the
    /// device maps, at the same address (unified addressing), freed by
    /// `cuMemFreeHost`.
    Mapped,
    /// `cuMemAllocManaged`: one address for the host and the device,
    /// freed by `cuMemFree`.
    Managed,
}

struct Module {
    context: Handle,
    cpu: Arc<CpuModule>,
    ptx_version: i32,
    functions: HashMap<String, Handle>,
}

struct Function {
    module: Handle,
    name: String,
    params: Vec<ParamDecl>,
    resources: KernelResources,
    /// `CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT` as last set
    /// (-1: the default). The CPU device has no L1 to split: it is kept
    /// to be read back, as the driver keeps it.
    carveout: i32,
}

struct Stream {
    context: Handle,
}

struct Event {
    context: Handle,
    timing: bool,
    recorded: Option<Instant>,
}

/// Everything the driver knows, behind one lock.
#[derive(Default)]
pub struct State {
    device: Option<Arc<CpuDevice>>,
    primary_refs: u32,
    primary: Option<Handle>,
    next_serial: u64,
    contexts: HashMap<Handle, Context>,
    allocations: BTreeMap<u64, Allocation>,
    allocated: u64,
    modules: HashMap<Handle, Module>,
    functions: HashMap<Handle, Function>,
    streams: HashMap<Handle, Stream>,
    events: HashMap<Handle, Event>,
    links: HashMap<Handle, Link>,
    /// The sticky error a kernel fault left: as with NVIDIA's driver, every
    /// later call that needs a context answers it, for the rest of the
    /// process (neither a reset nor a new context clears it).
    fault: Option<u32>,
}

/// A link in progress (`cuLinkCreate`): the PTX added so far, and the image
/// `cuLinkComplete` made, alive until `cuLinkDestroy`.
#[derive(Default)]
struct Link {
    ptx: Vec<Vec<u8>>,
    image: Option<Vec<u8>>,
}

static STATE: Mutex<Option<State>> = Mutex::new(None);

thread_local! {
    /// This thread's context stack; the top is the current context.
    static CURRENT: RefCell<Vec<Handle>> = const { RefCell::new(Vec::new()) };
}

/// The state, locked; `CUDA_ERROR_NOT_INITIALIZED` before `cuInit`.
pub fn lock() -> Outcome<StateGuard> {
    let guard = STATE.lock().unwrap_or_else(|e| e.into_inner());
    if guard.is_none() {
        return Err(Failure::new(
            status::NOT_INITIALIZED,
            "cuInit has not been called",
        ));
    }
    Ok(StateGuard(guard))
}

/// The locked, initialised state.
pub struct StateGuard(MutexGuard<'static, Option<State>>);

impl std::ops::Deref for StateGuard {
    type Target = State;
    fn deref(&self) -> &State {
        self.0.as_ref().expect("checked in lock()")
    }
}

impl std::ops::DerefMut for StateGuard {
    fn deref_mut(&mut self) -> &mut State {
        self.0.as_mut().expect("checked in lock()")
    }
}

/// `cuInit`: creates the device on the first call. `KERNELC_EMUCUDA_CHECK=1`
/// turns on the CPU device's checking (shared-memory races, barrier
/// divergence), which fails a launch a GPU would run.
pub fn init(flags: u32) -> Outcome<()> {
    if flags != 0 {
        return Err(Failure::new(
            status::INVALID_VALUE,
            "cuInit flags must be 0",
        ));
    }
    let mut guard = STATE.lock().unwrap_or_else(|e| e.into_inner());
    if guard.is_none() {
        let check = std::env::var_os("KERNELC_EMUCUDA_CHECK").is_some_and(|v| v == "1");
        *guard = Some(State {
            device: Some(Arc::new(CpuDevice::new(CpuOptions {
                check,
                ..CpuOptions::default()
            }))),
            ..State::default()
        });
    }
    Ok(())
}

/// Whether `ordinal` names the one device.
pub fn check_device(ordinal: i32) -> Outcome<()> {
    if ordinal == 0 {
        Ok(())
    } else {
        Err(Failure::new(
            status::INVALID_DEVICE,
            format!("device {ordinal}: the emulated driver has one device, 0"),
        ))
    }
}

fn invalid_handle(what: &str, h: Handle) -> Failure {
    Failure::new(
        status::INVALID_HANDLE,
        format!("{h:#x} is not a live {what}"),
    )
}

fn invalid_value(message: impl Into<String>) -> Failure {
    Failure::new(status::INVALID_VALUE, message)
}

/// This thread's current context handle, if any (not checked to be live).
pub fn current_handle() -> Option<Handle> {
    CURRENT.with(|s| s.borrow().last().copied())
}

impl State {
    fn device(&self) -> Arc<CpuDevice> {
        Arc::clone(self.device.as_ref().expect("made by cuInit"))
    }

    fn handle(&mut self, kind: Kind) -> Handle {
        self.next_serial += 1;
        ((kind as u64) << TAG_SHIFT) | self.next_serial
    }

    /// The current context, live and not faulted; `CUDA_ERROR_INVALID_CONTEXT`
    /// or its sticky fault otherwise.
    pub fn current(&self) -> Outcome<Handle> {
        match current_handle() {
            Some(h) if self.contexts.contains_key(&h) => self.usable().map(|()| h),
            Some(h) => Err(Failure::new(
                status::INVALID_CONTEXT,
                format!("the current context {h:#x} was destroyed"),
            )),
            None => Err(Failure::new(
                status::INVALID_CONTEXT,
                "no context is current on this thread",
            )),
        }
    }

    /// The sticky fault a kernel left, if any (see [`State::poison`]).
    fn usable(&self) -> Outcome<()> {
        match self.fault {
            None => Ok(()),
            Some(code) => Err(Failure::new(
                code,
                "an earlier kernel fault left the GPU unusable for the rest of the \
                 process (a sticky error, as with NVIDIA's driver)",
            )),
        }
    }

    /// A kernel faulted: like NVIDIA's driver, every later call that needs
    /// a context answers the fault, for the rest of the process.
    pub fn poison(&mut self, code: u32) {
        self.fault.get_or_insert(code);
    }

    fn live_context(&self, ctx: Handle) -> Outcome<()> {
        if self.contexts.contains_key(&ctx) {
            Ok(())
        } else {
            Err(Failure::new(
                status::INVALID_CONTEXT,
                format!("{ctx:#x} is not a live context"),
            ))
        }
    }

    // ---- contexts ----

    /// `cuCtxCreate`: a new context, pushed on this thread's stack.
    pub fn ctx_create(&mut self) -> Outcome<Handle> {
        self.usable()?;
        let h = self.handle(Kind::Context);
        self.contexts.insert(h, Context { primary: false });
        CURRENT.with(|s| s.borrow_mut().push(h));
        Ok(h)
    }

    /// `cuCtxDestroy`: frees everything made in the context and pops it if
    /// it is current on this thread.
    pub fn ctx_destroy(&mut self, ctx: Handle) -> Outcome<()> {
        self.live_context(ctx)?;
        if self.contexts[&ctx].primary {
            return Err(Failure::new(
                status::INVALID_CONTEXT,
                "a primary context is released with cuDevicePrimaryCtxRelease, not destroyed",
            ));
        }
        self.teardown(ctx);
        CURRENT.with(|s| {
            let mut s = s.borrow_mut();
            if s.last() == Some(&ctx) {
                s.pop();
            }
        });
        Ok(())
    }

    /// Drops a context and everything made in it.
    fn teardown(&mut self, ctx: Handle) {
        self.contexts.remove(&ctx);
        let freed: Vec<u64> = self
            .allocations
            .iter()
            .filter(|(_, a)| a.context == ctx)
            .map(|(&p, _)| p)
            .collect();
        for p in freed {
            let _ = self.release(p);
        }
        let modules: Vec<Handle> = self
            .modules
            .iter()
            .filter(|(_, m)| m.context == ctx)
            .map(|(&h, _)| h)
            .collect();
        for m in modules {
            self.drop_module(m);
        }
        self.streams.retain(|_, s| s.context != ctx);
        self.events.retain(|_, e| e.context != ctx);
    }

    /// `cuDevicePrimaryCtxRetain`: like NVIDIA's driver, it answers a
    /// kernel's sticky fault.
    pub fn primary_retain(&mut self) -> Outcome<Handle> {
        self.usable()?;
        let h = match self.primary {
            Some(h) => h,
            None => {
                let h = self.handle(Kind::Context);
                self.primary = Some(h);
                h
            }
        };
        if self.primary_refs == 0 {
            self.contexts.insert(h, Context { primary: true });
        }
        self.primary_refs += 1;
        Ok(h)
    }

    /// `cuDevicePrimaryCtxRelease`: the last release frees what was made in
    /// the primary context (a later retain starts it afresh, same handle).
    pub fn primary_release(&mut self) -> Outcome<()> {
        if self.primary_refs == 0 {
            return Err(Failure::new(
                status::INVALID_CONTEXT,
                "the primary context is not retained",
            ));
        }
        self.primary_refs -= 1;
        if self.primary_refs == 0 {
            if let Some(h) = self.primary {
                self.teardown(h);
            }
        }
        Ok(())
    }

    /// `cuDevicePrimaryCtxReset`: frees everything made in the primary
    /// context; it stays retained (same handle). A kernel's sticky fault
    /// stays too, as with NVIDIA's driver.
    pub fn primary_reset(&mut self) {
        if let Some(h) = self.primary {
            if self.contexts.contains_key(&h) {
                self.teardown(h);
                self.contexts.insert(h, Context { primary: true });
            }
        }
    }

    /// `cuDevicePrimaryCtxGetState`: (flags, active).
    pub fn primary_state(&self) -> (u32, bool) {
        (0, self.primary_refs > 0)
    }

    /// `cuCtxPushCurrent`.
    pub fn ctx_push(&self, ctx: Handle) -> Outcome<()> {
        self.live_context(ctx)?;
        CURRENT.with(|s| s.borrow_mut().push(ctx));
        Ok(())
    }

    /// `cuCtxSetCurrent`: replaces the top of the stack (0 pops it).
    pub fn ctx_set(&self, ctx: Handle) -> Outcome<()> {
        if ctx != 0 {
            self.live_context(ctx)?;
        }
        CURRENT.with(|s| {
            let mut s = s.borrow_mut();
            s.pop();
            if ctx != 0 {
                s.push(ctx);
            }
        });
        Ok(())
    }

    // ---- memory ----

    /// Free and total memory.
    pub fn mem_info(&self) -> Outcome<(u64, u64)> {
        self.current()?;
        Ok((TOTAL_MEMORY - self.allocated, TOTAL_MEMORY))
    }

    /// `cuMemAlloc`: `bytes` zeroed bytes in the current context.
    pub fn mem_alloc(&mut self, bytes: u64) -> Outcome<u64> {
        self.allocate(bytes, AllocKind::Device)
    }

    /// `cuMemHostAlloc` with `DEVICEMAP` ([`AllocKind::Mapped`]) or
    /// `cuMemAllocManaged` ([`AllocKind::Managed`]): `bytes` zeroed bytes
    /// in the current context that the host reaches at the address
    /// returned, as kernels do (the CPU device's host-visible memory).
    pub fn mem_alloc_host_visible(&mut self, bytes: u64, kind: AllocKind) -> Outcome<u64> {
        self.allocate(bytes, kind)
    }

    /// `bytes` zeroed bytes of `kind` in the current context, recorded.
    /// Device and managed memory count against the device's memory;
    /// mapped host memory does not.
    fn allocate(&mut self, bytes: u64, kind: AllocKind) -> Outcome<u64> {
        let ctx = self.current()?;
        if bytes == 0 {
            return Err(invalid_value("an allocation of 0 bytes"));
        }
        let counted = if kind == AllocKind::Mapped { 0 } else { bytes };
        if counted > TOTAL_MEMORY - self.allocated {
            return Err(Failure::new(
                status::OUT_OF_MEMORY,
                format!(
                    "{bytes} bytes asked for, {} free",
                    TOTAL_MEMORY - self.allocated
                ),
            ));
        }
        let size = usize::try_from(bytes)
            .map_err(|_| Failure::new(status::OUT_OF_MEMORY, "too large for the host"))?;
        let device = self.device();
        let p = match kind {
            AllocKind::Device => device.alloc(size),
            AllocKind::Mapped | AllocKind::Managed => device.alloc_host_visible(size),
        }
        .map_err(|e| status::of_cpu_error(&e))?;
        self.allocations.insert(
            p.0,
            Allocation {
                bytes,
                context: ctx,
                kind,
            },
        );
        self.allocated += counted;
        Ok(p.0)
    }

    /// `cuMemHostGetDevicePointer`: the device address of host address
    /// `host` inside live mapped memory (the same number: unified
    /// addressing).
    pub fn mapped_device_pointer(&self, host: u64) -> Outcome<u64> {
        self.current()?;
        match self.allocations.range(..=host).next_back() {
            Some((&base, a)) if a.kind == AllocKind::Mapped && host < base + a.bytes => Ok(host),
            _ => Err(invalid_value(format!(
                "{host:#x} is not inside host memory allocated with CU_MEMHOSTALLOC_DEVICEMAP"
            ))),
        }
    }

    /// `cuMemFree`: only the start of a live `cuMemAlloc` or
    /// `cuMemAllocManaged` allocation.
    pub fn mem_free(&mut self, ptr: u64) -> Outcome<()> {
        self.current()?;
        match self.allocations.get(&ptr) {
            Some(a) if a.kind != AllocKind::Mapped => {}
            Some(_) => {
                return Err(invalid_value(format!(
                    "{ptr:#x} is mapped host memory: free it with cuMemFreeHost"
                )))
            }
            None => {
                return Err(invalid_value(format!(
                    "{ptr:#x} is not the start of a live cuMemAlloc allocation"
                )))
            }
        }
        self.release(ptr)
    }

    /// `cuMemFreeHost` of mapped memory: true when `ptr` starts a live
    /// mapped allocation (then freed), false when it is not one (other
    /// host memory is the caller's to free).
    pub fn mem_free_mapped(&mut self, ptr: u64) -> Outcome<bool> {
        match self.allocations.get(&ptr) {
            Some(a) if a.kind == AllocKind::Mapped => self.release(ptr).map(|()| true),
            _ => Ok(false),
        }
    }

    /// Frees the live allocation that starts at `ptr`.
    fn release(&mut self, ptr: u64) -> Outcome<()> {
        let a = self
            .allocations
            .remove(&ptr)
            .ok_or_else(|| invalid_value(format!("{ptr:#x} is not a live allocation")))?;
        if a.kind != AllocKind::Mapped {
            self.allocated -= a.bytes;
        }
        self.device()
            .free(DevicePtr(ptr))
            .map_err(|e| status::of_cpu_error(&e))
    }

    /// The device, with a current context (what copies and memsets need).
    pub fn device_for_memory(&self) -> Outcome<Arc<CpuDevice>> {
        self.current()?;
        Ok(self.device())
    }

    // ---- linking ----

    /// `cuLinkCreate`.
    pub fn link_create(&mut self) -> Outcome<Handle> {
        self.current()?;
        let h = self.handle(Kind::Link);
        self.links.insert(h, Link::default());
        Ok(h)
    }

    fn link(&mut self, h: Handle) -> Outcome<&mut Link> {
        self.links
            .get_mut(&h)
            .ok_or_else(|| invalid_handle("link state", h))
    }

    /// `cuLinkAddData` of PTX text (without its NUL, if it had one).
    pub fn link_add_ptx(&mut self, h: Handle, ptx: &[u8]) -> Outcome<()> {
        let link = self.link(h)?;
        if link.image.is_some() {
            return Err(Failure::new(status::INVALID_VALUE, "the link is complete"));
        }
        link.ptx.push(ptx.to_vec());
        Ok(())
    }

    /// `cuLinkComplete`: the image, which `cuModuleLoadData` loads: PTX
    /// text (NUL-terminated), the one input as it is, or several linked
    /// into one module (`kernelc_runtime::link`).
    pub fn link_complete(&mut self, h: Handle) -> Outcome<(*const u8, usize)> {
        let link = self.link(h)?;
        if link.image.is_none() {
            let mut image = match &link.ptx[..] {
                [] => return Err(invalid_value("cuLinkComplete: no input was added")),
                [ptx] => ptx.clone(),
                several => {
                    let texts = several
                        .iter()
                        .enumerate()
                        .map(|(i, b)| {
                            std::str::from_utf8(b).map_err(|e| {
                                let msg = format!("linking: PTX input {i} is not UTF-8 text: {e}");
                                Failure::new(status::INVALID_PTX, msg)
                            })
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    kernelc_runtime::link::link_ptx(&texts)
                        .map_err(|e| Failure::new(status::INVALID_PTX, format!("linking: {e}")))?
                        .into_bytes()
                }
            };
            image.push(0);
            link.image = Some(image);
        }
        let image = link.image.as_ref().expect("made above");
        Ok((image.as_ptr(), image.len()))
    }

    /// `cuLinkDestroy`: frees the state and its image.
    pub fn link_destroy(&mut self, h: Handle) -> Outcome<()> {
        self.links
            .remove(&h)
            .map(|_| ())
            .ok_or_else(|| invalid_handle("link state", h))
    }

    // ---- modules ----

    /// `cuModuleLoadData`: parses and decodes the PTX in the current context.
    /// Returns the handle and the info log.
    pub fn module_load(&mut self, ptx: &str) -> Outcome<(Handle, String)> {
        let ctx = self.current()?;
        let cpu = self
            .device()
            .load_module(ptx)
            .map_err(|e| status::of_cpu_error(&e))?;
        let mut info = String::new();
        for k in cpu.kernels() {
            if let Some(r) = cpu.kernel_resources(k) {
                info.push_str(&format!(
                    "info    : kernelc emulated driver: function '{k}': {} register slots, \
                     {} bytes shared, {} bytes local (runs on the CPU device)\n",
                    r.register_slots, r.shared_bytes, r.local_bytes
                ));
            }
        }
        let h = self.handle(Kind::Module);
        self.modules.insert(
            h,
            Module {
                context: ctx,
                cpu,
                ptx_version: ptx_version(ptx),
                functions: HashMap::new(),
            },
        );
        Ok((h, info))
    }

    fn drop_module(&mut self, module: Handle) {
        if let Some(m) = self.modules.remove(&module) {
            for f in m.functions.values() {
                self.functions.remove(f);
            }
        }
    }

    /// Refuses a handle that is not a loaded module.
    pub fn module_check(&self, module: Handle) -> Outcome<()> {
        match self.modules.contains_key(&module) {
            true => Ok(()),
            false => Err(invalid_handle("module", module)),
        }
    }

    /// `cuModuleUnload`.
    pub fn module_unload(&mut self, module: Handle) -> Outcome<()> {
        if !self.modules.contains_key(&module) {
            return Err(invalid_handle("module", module));
        }
        self.drop_module(module);
        Ok(())
    }

    /// `cuModuleGetFunction`: the same handle for the same kernel.
    pub fn module_function(&mut self, module: Handle, name: &str) -> Outcome<Handle> {
        let m = self
            .modules
            .get(&module)
            .ok_or_else(|| invalid_handle("module", module))?;
        if let Some(&f) = m.functions.get(name) {
            return Ok(f);
        }
        let (params, resources) = match (m.cpu.kernel_params(name), m.cpu.kernel_resources(name)) {
            (Some(p), Some(r)) => (p, r),
            _ => {
                return Err(Failure::new(
                    status::NOT_FOUND,
                    format!(
                        "no kernel '{name}' in the module (kernels: {})",
                        m.cpu.kernels().join(", ")
                    ),
                ))
            }
        };
        let h = self.handle(Kind::Function);
        self.functions.insert(
            h,
            Function {
                module,
                name: name.to_string(),
                params,
                resources,
                carveout: -1,
            },
        );
        if let Some(m) = self.modules.get_mut(&module) {
            m.functions.insert(name.to_string(), h);
        }
        Ok(h)
    }

    /// `cuModuleGetGlobal`: address and size of a `.global`/`.const`.
    pub fn module_global(&self, module: Handle, name: &str) -> Outcome<(u64, usize)> {
        let m = self
            .modules
            .get(&module)
            .ok_or_else(|| invalid_handle("module", module))?;
        m.cpu
            .global(name)
            .map(|(p, s)| (p.0, s))
            .ok_or_else(|| Failure::new(status::NOT_FOUND, format!("no module variable '{name}'")))
    }

    // ---- functions and launches ----

    fn function(&self, f: Handle) -> Outcome<&Function> {
        self.functions
            .get(&f)
            .ok_or_else(|| invalid_handle("function", f))
    }

    /// A function's `.param` declarations (sizes and alignments, in order).
    pub fn function_params(&self, f: Handle) -> Outcome<Vec<ParamDecl>> {
        Ok(self.function(f)?.params.clone())
    }

    /// A function's resources, its module's PTX version (`major*10+minor`)
    /// and its shared-memory carveout.
    pub fn function_info(&self, f: Handle) -> Outcome<(KernelResources, i32, i32)> {
        let func = self.function(f)?;
        let version = self.modules.get(&func.module).map_or(0, |m| m.ptx_version);
        Ok((func.resources, version, func.carveout))
    }

    /// `cuFuncSetAttribute`: the carveout (-1 to 100 percent) is kept; the
    /// dynamic shared memory limit may be set up to what the device gives
    /// (the emulated device has no opt-in beyond it); the other
    /// attributes are read-only.
    pub fn set_function_attribute(&mut self, f: Handle, attribute: i32, value: i32) -> Outcome<()> {
        use cudarc::driver::sys::CUfunction_attribute as F;
        let func = self
            .functions
            .get_mut(&f)
            .ok_or_else(|| invalid_handle("function", f))?;
        if attribute == F::CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT as i32 {
            if !(-1..=100).contains(&value) {
                return Err(invalid_value(format!(
                    "a shared memory carveout of {value}: it must be -1 to 100 (percent)"
                )));
            }
            func.carveout = value;
            return Ok(());
        }
        if attribute == F::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES as i32 {
            let (resources, version, carveout) = (func.resources, 0, func.carveout);
            let limit = crate::attrs::function_attribute(attribute, resources, version, carveout)?;
            if value < 0 || value > limit {
                return Err(invalid_value(format!(
                    "{value} bytes of dynamic shared memory: the emulated device allows {limit}"
                )));
            }
            return Ok(());
        }
        Err(invalid_value(format!(
            "function attribute {attribute} cannot be set"
        )))
    }

    /// What a launch of `f` on `stream` needs, checked: the function lives
    /// in the current context and the stream is live (or a default one).
    pub fn launch_target(&self, f: Handle, stream: Handle) -> Outcome<Launch> {
        let ctx = self.current()?;
        let func = self.function(f)?;
        let module = self
            .modules
            .get(&func.module)
            .ok_or_else(|| invalid_handle("function", f))?;
        if module.context != ctx {
            return Err(Failure::new(
                status::INVALID_HANDLE,
                "the function's module belongs to another context than the current one",
            ));
        }
        self.stream_context(stream)?;
        Ok(Launch {
            device: self.device(),
            module: Arc::clone(&module.cpu),
            kernel: func.name.clone(),
        })
    }

    // ---- streams and events ----

    /// `cuStreamCreate`.
    pub fn stream_create(&mut self, flags: u32) -> Outcome<Handle> {
        let ctx = self.current()?;
        if flags & !STREAM_FLAGS != 0 {
            return Err(invalid_value(format!("stream flags {flags:#x}")));
        }
        let h = self.handle(Kind::Stream);
        self.streams.insert(h, Stream { context: ctx });
        Ok(h)
    }

    /// The context of `stream` (`None` for a default stream).
    fn stream_context(&self, stream: Handle) -> Outcome<Option<Handle>> {
        if matches!(stream, 0 | STREAM_LEGACY | STREAM_PER_THREAD) {
            return Ok(None);
        }
        let ctx = self
            .streams
            .get(&stream)
            .map(|s| s.context)
            .ok_or_else(|| invalid_handle("stream", stream))?;
        self.usable()?;
        Ok(Some(ctx))
    }

    /// `cuStreamSynchronize`/`cuStreamQuery`: the stream is live; its work
    /// is done (it ran when it was queued).
    pub fn stream_check(&self, stream: Handle) -> Outcome<()> {
        match self.stream_context(stream)? {
            Some(_) => Ok(()),
            None => self.current().map(|_| ()),
        }
    }

    /// `cuStreamDestroy`.
    pub fn stream_destroy(&mut self, stream: Handle) -> Outcome<()> {
        self.streams
            .remove(&stream)
            .map(|_| ())
            .ok_or_else(|| invalid_handle("stream", stream))
    }

    /// `cuEventCreate`.
    pub fn event_create(&mut self, flags: u32) -> Outcome<Handle> {
        let ctx = self.current()?;
        if flags & !EVENT_FLAGS != 0 {
            return Err(invalid_value(format!(
                "event flags {flags:#x} (CU_EVENT_INTERPROCESS is not supported)"
            )));
        }
        let h = self.handle(Kind::Event);
        self.events.insert(
            h,
            Event {
                context: ctx,
                timing: flags & EVENT_DISABLE_TIMING == 0,
                recorded: None,
            },
        );
        Ok(h)
    }

    fn event(&self, e: Handle) -> Outcome<&Event> {
        self.events
            .get(&e)
            .ok_or_else(|| invalid_handle("event", e))
    }

    /// `cuEventRecord`: the event's time is now (all earlier work is done).
    pub fn event_record(&mut self, e: Handle, stream: Handle) -> Outcome<()> {
        let event_ctx = self.event(e)?.context;
        self.usable()?;
        match self.stream_context(stream)? {
            Some(ctx) if ctx != event_ctx => {
                return Err(Failure::new(
                    status::INVALID_HANDLE,
                    "the event and the stream belong to different contexts",
                ))
            }
            Some(_) => {}
            // The default stream is the current context's: NVIDIA's driver
            // answers CUDA_ERROR_INVALID_CONTEXT when none is current.
            None => {
                if self.current()? != event_ctx {
                    return Err(Failure::new(
                        status::INVALID_CONTEXT,
                        "the event belongs to another context than the current one \
                         (whose default stream was named)",
                    ));
                }
            }
        }
        if let Some(ev) = self.events.get_mut(&e) {
            ev.recorded = Some(Instant::now());
        }
        Ok(())
    }

    /// `cuEventSynchronize`/`cuEventQuery`: the event is live.
    pub fn event_check(&self, e: Handle) -> Outcome<()> {
        self.event(e)?;
        self.usable()
    }

    /// `cuEventElapsedTime`: milliseconds from `start` to `end`.
    pub fn event_elapsed(&self, start: Handle, end: Handle) -> Outcome<f32> {
        let (s, e) = (self.event(start)?, self.event(end)?);
        self.usable()?;
        if !s.timing || !e.timing {
            return Err(invalid_handle(
                "event with timing",
                if s.timing { end } else { start },
            ));
        }
        match (s.recorded, e.recorded) {
            (Some(a), Some(b)) => {
                let ms = if b >= a {
                    (b - a).as_secs_f64() * 1e3
                } else {
                    -((a - b).as_secs_f64() * 1e3)
                };
                Ok(ms as f32)
            }
            _ => Err(Failure::new(
                status::INVALID_HANDLE,
                "both events must have been recorded",
            )),
        }
    }

    /// `cuEventDestroy`.
    pub fn event_destroy(&mut self, e: Handle) -> Outcome<()> {
        self.events
            .remove(&e)
            .map(|_| ())
            .ok_or_else(|| invalid_handle("event", e))
    }
}

/// A checked launch, run after the state's lock is released.
pub struct Launch {
    /// The device.
    pub device: Arc<CpuDevice>,
    /// The module.
    pub module: Arc<CpuModule>,
    /// The kernel's name.
    pub kernel: String,
}

impl Launch {
    /// Runs the kernel with one byte vector per `.param`; a fault inside it
    /// is the launch's error.
    pub fn run(&self, config: &LaunchConfig, params: &[&[u8]]) -> Outcome<()> {
        self.device
            .launch(&self.module, &self.kernel, config, params)
            .map(|_| ())
            .map_err(|e| status::of_cpu_error(&e))
    }

    /// Runs the launch cooperatively: every block at once (see
    /// `CpuDevice::launch_cooperative`), so that blocks may wait for one
    /// another at a grid barrier.
    pub fn run_cooperative(&self, config: &LaunchConfig, params: &[&[u8]]) -> Outcome<()> {
        self.device
            .launch_cooperative(&self.module, &self.kernel, config, params)
            .map(|_| ())
            .map_err(|e| status::of_cpu_error(&e))
    }
}

/// The `.version` of PTX text as `major*10+minor` (0 if absent).
fn ptx_version(ptx: &str) -> i32 {
    ptx.lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix(".version"))
        .and_then(|v| {
            let (major, minor) = v.trim().split_once('.')?;
            Some(major.trim().parse::<i32>().ok()? * 10 + minor.trim().parse::<i32>().ok()?)
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_ptx_version() {
        assert_eq!(ptx_version(".version 8.4\n.target sm_80\n"), 84);
        assert_eq!(ptx_version("// x\n  .version 7.0\n"), 70);
        assert_eq!(ptx_version(".target sm_80\n"), 0);
    }

    #[test]
    fn handles_carry_their_kind() {
        let mut s = State::default();
        let a = s.handle(Kind::Stream);
        let b = s.handle(Kind::Event);
        assert_eq!(a >> TAG_SHIFT, Kind::Stream as u64);
        assert_eq!(b >> TAG_SHIFT, Kind::Event as u64);
        assert_ne!(a & 0xFF_FFFF_FFFF, b & 0xFF_FFFF_FFFF);
    }
}
