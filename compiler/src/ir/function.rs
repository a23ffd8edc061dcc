//! Functions and modules of the IR.
//!
//! A [`Function`] joins the data-flow graph and the layout with what the
//! function is (a kernel or a device function), its signature and its
//! memory declarations. A [`Module`] is what one compilation produces: the
//! functions plus module-wide constant arrays and strings.
//!
//! The kernel ABI is already explicit here: a kernel's parameters are the
//! flattened ABI list (an array argument is a `ptr.global` data pointer,
//! then one `i64` extent per dimension, then one `i64` byte stride per
//! dimension; a `bool` is an `i8`), and the entry block's parameters are
//! those values.

use super::dfg::DataFlowGraph;
use super::entities::{ConstVar, FuncRef, Inst, LocalSlot, SharedVar, StringId};
use super::instructions::{InstructionData, Opcode};
use super::layout::Layout;
use super::srcloc::SrcLocs;
use super::types::Type;
use cranelift_entity::PrimaryMap;

/// What kind of function this is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FuncKind {
    /// An entry point (`.entry`).
    Kernel,
    /// A device function (`.func`), callable from kernels.
    Device,
}

/// Parameter and return types.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Signature {
    /// Parameter types (the ABI list for kernels).
    pub params: Vec<Type>,
    /// Return types (a device function returning a tuple has several).
    pub returns: Vec<Type>,
}

/// How a declared function is called (numba-cuda's `abi=`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ExternAbi {
    /// Numba's: `int name(T *result, args...)`; the caller passes the
    /// address of a local slot for the result and reads an int32 status
    /// (0 and -2 are success; any other value ends the calling thread, as
    /// a Python exception raised in a device function does).
    Numba,
    /// CUDA C's: `T name(args...)`.
    C,
}

/// A statically declared shared or local array.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MemDecl {
    /// Element type.
    pub elem: Type,
    /// Number of elements (0 for dynamic shared memory).
    pub count: u64,
}

impl MemDecl {
    /// Size in bytes.
    pub fn bytes(&self) -> u64 {
        self.count * self.elem.bytes() as u64
    }
}

/// A constant-memory array supplied by the host.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConstDecl {
    /// The module-level name in the source.
    pub name: String,
    /// Element type.
    pub elem: Type,
    /// Number of elements.
    pub count: u64,
    /// Contents (little-endian), when known; empty when only the type is.
    pub data: Vec<u8>,
}

/// One IR function.
#[derive(Clone)]
pub struct Function {
    /// The function's name (kernels keep the Python name).
    pub name: String,
    /// Kernel or device function.
    pub kind: FuncKind,
    /// Parameter and return types.
    pub signature: Signature,
    /// What every value and instruction is.
    pub dfg: DataFlowGraph,
    /// Where blocks and instructions sit.
    pub layout: Layout,
    /// The source position each instruction came from (for `.loc`).
    pub srclocs: SrcLocs,
    /// Shared arrays.
    pub shared: PrimaryMap<SharedVar, MemDecl>,
    /// Local arrays.
    pub locals: PrimaryMap<LocalSlot, MemDecl>,
    /// `fastmath=True`: approximate math and flush-to-zero are allowed.
    pub fastmath: bool,
    /// It uses cooperative groups (`cuda.cg.this_grid()`): a kernel that
    /// is, or calls a function that is, needs a cooperative launch.
    /// Inlining carries it to the caller.
    pub cooperative: bool,
    /// The math-library function this is (its opcode and float type),
    /// set by [`crate::mathlib`]. A library function may be a declaration,
    /// with no blocks: the back end then supplies the body, reusing the
    /// text it wrote for an earlier module (see
    /// [`Function::is_declaration`]).
    pub library: Option<(Opcode, Type)>,
    /// A function defined outside the module (`cuda.declare_device`),
    /// declared without blocks and called with this ABI; the PTX back end
    /// writes an `.extern .func` for it. Its IR signature is the Python
    /// one: the arguments, then the result (if not `void`) and, for
    /// [`ExternAbi::Numba`], the int32 status as the last result.
    pub external: Option<ExternAbi>,
    /// A device function other code links against
    /// (`cuda.compile_ptx(..., device=True)`): the PTX back end also writes
    /// a `.visible .func` of this name and ABI that calls it.
    pub export: Option<Export>,
    /// A kernel's launch bounds (`cuda.jit(launch_bounds=...)`): the PTX
    /// back end writes them as performance directives.
    pub launch_bounds: Option<LaunchBounds>,
}

/// A kernel's launch bounds, as numba-cuda takes them
/// (`launch_bounds=(max_threads, min_blocks, max_cluster_rank)`) and
/// writes them: `.maxntid max_threads, 1, 1`, `.minnctapersm min_blocks`,
/// `.maxclusterrank max_cluster_rank` (sm_90 and later).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LaunchBounds {
    /// The most threads a block of the kernel has (1 to 1024).
    pub max_threads: u32,
    /// The fewest blocks that should fit on a multiprocessor at once.
    pub min_blocks_per_sm: Option<u32>,
    /// The most blocks of a thread-block cluster.
    pub max_cluster_rank: Option<u32>,
}

/// How a device function is exported (see [`Function::export`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    /// The visible symbol.
    pub name: String,
    /// Its calling convention, as `cuda.declare_device` calls it.
    pub abi: ExternAbi,
}

impl Function {
    /// An empty function.
    pub fn new(name: impl Into<String>, kind: FuncKind, signature: Signature) -> Self {
        Function {
            name: name.into(),
            kind,
            signature,
            dfg: DataFlowGraph::new(),
            layout: Layout::new(),
            srclocs: SrcLocs::default(),
            shared: PrimaryMap::new(),
            locals: PrimaryMap::new(),
            fastmath: false,
            cooperative: false,
            library: None,
            external: None,
            export: None,
            launch_bounds: None,
        }
    }

    /// True for a function declared without a body: a math-library
    /// function whose body the PTX back end writes (the driver declares
    /// the library this way, see [`crate::mathlib::Bodies`]), or an
    /// external one ([`Function::external`]), defined in linked code.
    pub fn is_declaration(&self) -> bool {
        (self.library.is_some() || self.external.is_some()) && self.layout.entry_block().is_none()
    }

    /// The laid-out calls of the function, with their callees, in layout
    /// order.
    pub fn calls(&self) -> impl Iterator<Item = (Inst, FuncRef)> + '_ {
        (self.layout.blocks().iter())
            .flat_map(|&b| self.layout.block_insts(b))
            .filter_map(|&i| match self.dfg.inst(i) {
                InstructionData::Call { func, .. } => Some((i, *func)),
                _ => None,
            })
    }

    /// Number of instructions in the layout.
    pub fn inst_count(&self) -> usize {
        self.layout
            .blocks()
            .iter()
            .map(|b| self.layout.block_insts(*b).len())
            .sum()
    }
}

/// The result of compiling one source file.
#[derive(Clone, Default)]
pub struct Module {
    /// Kernels and device functions.
    pub functions: PrimaryMap<FuncRef, Function>,
    /// Constant-memory arrays.
    pub consts: PrimaryMap<ConstVar, ConstDecl>,
    /// Strings (print formats).
    pub strings: PrimaryMap<StringId, String>,
    /// The places a kernel compiled with `debug` raises a Python exception:
    /// site `i` writes code `i + 1` into the exception record
    /// ([`super::Opcode::ExcAddr`]), and the PTX carries this table for the
    /// runtime (`__kc_exc_sites`).
    pub exc_sites: Vec<ExcSite>,
}

/// A raise site of a `debug` kernel: what it raises and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExcSite {
    /// The exception as a line, `Name` or `Name: message`.
    pub text: String,
    /// The byte offset in the source of the statement that raises.
    pub at: Option<u32>,
}

impl Module {
    /// An empty module.
    pub fn new() -> Self {
        Module::default()
    }

    /// Finds a function by name.
    pub fn function_named(&self, name: &str) -> Option<FuncRef> {
        self.functions
            .iter()
            .find(|(_, f)| f.name == name)
            .map(|(r, _)| r)
    }

    /// Adds a string, reusing an equal one.
    pub fn intern_string(&mut self, s: &str) -> StringId {
        match self.strings.iter().find(|(_, t)| t.as_str() == s) {
            Some((id, _)) => id,
            None => self.strings.push(s.to_string()),
        }
    }
}
