//! An interpreter for IR functions: the test oracle for passes and for the
//! math library until the CPU device exists.
//!
//! It runs one thread at a time over a [`Module`]: values live in a
//! register file indexed by [`Value`] (aliases are resolved once per
//! function, so an instruction costs a `match` and a few array accesses,
//! no allocation), memory is the byte-addressed model of [`memory`], and
//! the thread's indices come from a [`ThreadCtx`]. Barriers, fences and
//! warp operations only make sense for a one-thread block (a one-thread
//! launch for fences); anywhere else they fail with
//! [`InterpError::NeedsSimt`], since running threads one after another
//! cannot honour them. Everything else — arithmetic, conversions, memory,
//! sequential atomics, calls, `print`, `trap` — is executed exactly as
//! [`crate::ir::instructions`] documents.

pub mod directed;
pub mod memory;
pub mod ops;
pub mod print;
pub mod value;

#[cfg(test)]
mod tests;

pub use memory::Memory;
pub use value::{InterpError, ThreadCtx, Val};

use crate::ir::entities::{FuncRef, Inst, Value};
use crate::ir::function::Module;
use crate::ir::instructions::AtomicRmwOp;
use crate::ir::types::{AddrSpace, Type};
use cranelift_entity::EntityRef;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Default number of instructions one [`Interpreter::run`] may execute.
pub const DEFAULT_STEP_LIMIT: u64 = 100_000_000;
/// Default call nesting limit.
pub const DEFAULT_MAX_DEPTH: usize = 256;

/// Per-function facts computed once: each value's alias-free original,
/// and each instruction's first result with its type.
struct Decoded {
    resolve: Vec<u32>,
    results: Vec<Option<(u32, Type)>>,
}

/// Runs IR functions of one module.
pub struct Interpreter<'m> {
    module: &'m Module,
    /// The memory, for the caller to fill and read back.
    pub mem: Memory,
    decoded: Vec<Option<Rc<Decoded>>>,
    consts: Vec<u64>,
    /// The module's strings, NUL-terminated, for `str_addr`.
    strings: Vec<u64>,
    shared: FxHashMap<(FuncRef, u32), u64>,
    dyn_shared_bytes: usize,
    dyn_shared: Option<u64>,
    thread: ThreadCtx,
    output: String,
    steps: u64,
    /// Most instructions one `run` may execute.
    pub step_limit: u64,
    /// Deepest call nesting allowed.
    pub max_depth: usize,
}

impl<'m> Interpreter<'m> {
    /// An interpreter over `module`, with its constant arrays in memory.
    pub fn new(module: &'m Module) -> Self {
        let mut mem = Memory::default();
        let consts = module
            .consts
            .values()
            .map(|c| {
                let mut data = c.data.clone();
                data.resize((c.count * c.elem.bytes() as u64) as usize, 0);
                mem.alloc_with(AddrSpace::Const, data)
            })
            .collect();
        // Kept with the constants, which no caller clears.
        let strings = (module.strings.values())
            .map(|s| mem.alloc_with(AddrSpace::Const, s.bytes().chain([0]).collect()))
            .collect();
        Interpreter {
            module,
            mem,
            decoded: vec![None; module.functions.len()],
            consts,
            strings,
            shared: FxHashMap::default(),
            dyn_shared_bytes: 0,
            dyn_shared: None,
            thread: ThreadCtx::single(),
            output: String::new(),
            steps: 0,
            step_limit: DEFAULT_STEP_LIMIT,
            max_depth: DEFAULT_MAX_DEPTH,
        }
    }

    /// Allocates a zeroed global buffer and returns a pointer to it.
    pub fn alloc_global(&mut self, bytes: usize) -> u64 {
        self.mem.alloc(AddrSpace::Global, bytes)
    }

    /// Writes bytes at a pointer (any space).
    pub fn write(&mut self, ptr: u64, data: &[u8]) -> Result<(), InterpError> {
        self.mem.write(ptr, data)
    }

    /// Reads bytes at a pointer.
    pub fn read(&self, ptr: u64, len: usize) -> Result<Vec<u8>, InterpError> {
        self.mem.read(ptr, len).map(<[u8]>::to_vec)
    }

    /// Sets the size of the dynamic shared memory of later blocks.
    pub fn set_dynamic_shared(&mut self, bytes: usize) {
        self.dyn_shared_bytes = bytes;
    }

    /// Forgets shared memory: the next block starts with zeroed arrays.
    pub fn reset_shared(&mut self) {
        self.mem.clear(AddrSpace::Shared);
        self.shared.clear();
        self.dyn_shared = None;
    }

    /// What `print` instructions wrote so far.
    pub fn output(&self) -> &str {
        &self.output
    }

    /// Takes the printed output, leaving it empty.
    pub fn take_output(&mut self) -> String {
        std::mem::take(&mut self.output)
    }

    /// Runs `func` on `args` as thread `thread` and returns its results.
    pub fn run(
        &mut self,
        func: FuncRef,
        args: &[Val],
        thread: ThreadCtx,
    ) -> Result<Vec<Val>, InterpError> {
        self.thread = thread;
        self.steps = 0;
        match self.call(func, args, 0) {
            // `exit` ends the thread with no results.
            Err(InterpError::Exited) => Ok(Vec::new()),
            other => other,
        }
    }

    /// Runs a kernel for every thread of a `grid` of `block`s, one thread
    /// after another (blocks in order, fresh shared memory per block).
    /// Kernels that synchronise fail with [`InterpError::NeedsSimt`] unless
    /// blocks have one thread.
    pub fn run_kernel_serial(
        &mut self,
        func: FuncRef,
        args: &[Val],
        grid: [u32; 3],
        block: [u32; 3],
    ) -> Result<(), InterpError> {
        for ctaid in indices(grid) {
            self.reset_shared();
            for tid in indices(block) {
                let ctx = ThreadCtx {
                    tid,
                    ctaid,
                    ntid: block,
                    nctaid: grid,
                };
                self.run(func, args, ctx)?;
            }
        }
        Ok(())
    }

    fn decoded(&mut self, f: FuncRef) -> Rc<Decoded> {
        if let Some(d) = &self.decoded[f.index()] {
            return d.clone();
        }
        let dfg = &self.module.functions[f].dfg;
        let resolve = (0..dfg.num_values())
            .map(|i| dfg.resolve_aliases(Value::new(i)).index() as u32)
            .collect();
        let results = (0..dfg.num_insts())
            .map(|i| {
                let r = dfg.first_result(Inst::new(i))?;
                Some((r.index() as u32, dfg.value_type(r)))
            })
            .collect();
        let d = Rc::new(Decoded { resolve, results });
        self.decoded[f.index()] = Some(d.clone());
        d
    }

    fn call(&mut self, f: FuncRef, args: &[Val], depth: usize) -> Result<Vec<Val>, InterpError> {
        if depth >= self.max_depth {
            return Err(InterpError::RecursionLimit(self.max_depth));
        }
        let func = self
            .module
            .functions
            .get(f)
            .ok_or_else(|| invalid(format!("no function {f}")))?;
        if func.is_declaration() {
            return Err(invalid(format!(
                "{} is declared without a body (the PTX back end supplies it; \
                 expand the math library with its bodies copied to run it here)",
                func.name
            )));
        }
        let local_mark = self.mem.region_count(AddrSpace::Local);
        let locals: Vec<u64> = func
            .locals
            .values()
            .map(|d| self.mem.alloc(AddrSpace::Local, d.bytes() as usize))
            .collect();
        let result = self.exec(f, args, &locals, depth);
        self.mem.truncate(AddrSpace::Local, local_mark);
        result
    }
}

fn indices(dims: [u32; 3]) -> impl Iterator<Item = [u32; 3]> {
    (0..dims[2])
        .flat_map(move |z| (0..dims[1]).flat_map(move |y| (0..dims[0]).map(move |x| [x, y, z])))
}

fn invalid(m: impl Into<String>) -> InterpError {
    InterpError::Invalid(m.into())
}

mod exec;
