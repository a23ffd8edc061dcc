//! The command line's grammar: the subcommands and their options (with
//! `clap`'s derive), and the parsers of option values that have a syntax of
//! their own (launch dimensions, architectures, `--const` specs). A value
//! that does not parse is a malformed command line (exit 2, from clap);
//! files named on the command line are read later, by the subcommands
//! (a missing or bad file is exit 1).

use clap::{Args, Parser, Subcommand, ValueEnum};
use kernelc_compiler::ir::LaunchBounds;
use kernelc_compiler::opt::OptLevel;
use kernelc_compiler::ptx::Target;
use kernelc_compiler::sema::signature::parse_type;
use kernelc_compiler::sema::typed::GlobalArrayDecl;
use kernelc_compiler::types::{complex_from_name, Elem, Scalar, Type};
use kernelc_runtime::device::DeviceKind;
use std::time::Duration;

/// kernelc: compile Numba CUDA Python kernels to PTX and run them.
#[derive(Parser, Debug)]
#[command(
    name = "kernelc",
    version,
    propagate_version = true,
    arg_required_else_help = true,
    after_help = "Exit status: 0 success, 1 the program or an input file has errors, 2 a malformed command line."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Parse and type-check a kernel file; print `ok` or the requested dump.
    Check(CheckArgs),
    /// Compile to PTX (default), to the mid-IR, or print each kernel's
    /// parameters with read/write metadata as JSON.
    Compile(CompileArgs),
    /// Compile a kernel (or take a PTX file) and run it on a device.
    Run(RunArgs),
    /// List the devices that can run kernels.
    Devices,
    /// Print a shell completion script (e.g. `kernelc completions bash >
    /// /etc/bash_completion.d/kernelc`).
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
}

/// The options `check` and `compile` share: which kernel, with which
/// signature, and the host's constant arrays.
#[derive(Args, Debug)]
pub struct SourceArgs {
    /// The kernel file (Python).
    #[arg(value_name = "FILE.py")]
    pub file: String,
    /// Only this function (a kernel or a device function).
    #[arg(long, value_name = "NAME")]
    pub kernel: Option<String>,
    /// A signature such as "void(float32[:], int32)", instead of the
    /// decorator's.
    #[arg(long, value_name = "SIG")]
    pub sig: Option<String>,
    /// A constant array for `cuda.const.array_like(NAME)` or read by NAME
    /// (a frozen NumPy array): from a `.npy` file or declared as
    /// DTYPE[SHAPE] (e.g. float32[4, 4]). Repeatable.
    #[arg(long = "const", value_name = "NAME=FILE.npy|NAME=DTYPE[SHAPE]", value_parser = parse_const_spec)]
    pub consts: Vec<ConstSpec>,
    /// A device array the kernels read and write by its module-level NAME
    /// (a captured `cuda.to_device` array): a hidden parameter of every
    /// kernel, after its own, of the array TYPE (e.g. "float32[:, ::1]").
    /// Repeatable.
    #[arg(long = "global", value_name = "NAME=TYPE", value_parser = parse_global_spec)]
    pub globals: Vec<GlobalArrayDecl>,
}

/// `kernelc check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub source: SourceArgs,
    /// Print the syntax tree or the typed program instead of `ok`.
    #[arg(long, value_name = "WHAT")]
    pub emit: Option<CheckEmit>,
}

/// What `check --emit` prints.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckEmit {
    /// The syntax tree.
    Ast,
    /// Each specialisation's signature, every variable's type and every
    /// implicit conversion.
    Types,
}

/// `kernelc compile`.
#[derive(Args, Debug)]
pub struct CompileArgs {
    #[command(flatten)]
    pub source: SourceArgs,
    /// What to produce.
    #[arg(long, value_name = "WHAT", default_value = "ptx")]
    pub emit: CompileEmit,
    /// The optimisation level (-O0 or -O2).
    #[arg(short = 'O', value_name = "LEVEL", default_value = "2")]
    pub opt: Opt,
    /// The GPU architecture.
    #[arg(long, value_name = "sm_XX", default_value = "sm_80", value_parser = parse_target)]
    pub arch: Target,
    /// Print each phase's time and a `total:` line to stderr.
    #[arg(long)]
    pub timings: bool,
    /// Write to this file instead of stdout.
    #[arg(short = 'o', value_name = "OUT")]
    pub output: Option<String>,
    /// Export the device function named with --kernel (and --sig) as a
    /// `.visible .func` in this ABI, for other code to link, as
    /// `cuda.compile_ptx(..., device=True, abi=...)` does.
    #[arg(long, value_name = "ABI")]
    pub export: Option<ExportAbi>,
    /// The exported symbol's name (default: the function's).
    #[arg(long, value_name = "NAME", requires = "export")]
    pub export_name: Option<String>,
    /// Every kernel's launch bounds, as numba-cuda's
    /// `cuda.jit(launch_bounds=...)`: the most threads per block (1 to
    /// 1024), then optionally the fewest blocks per multiprocessor and the
    /// most blocks per cluster (sm_90).
    #[arg(long, value_name = "MAX[,MIN_BLOCKS[,CLUSTER]]", value_parser = parse_launch_bounds)]
    pub launch_bounds: Option<LaunchBounds>,
    /// Compile every function as `@cuda.jit(lineinfo=True)`: the `.loc`
    /// directives of inlined device functions name the function and the
    /// call it was inlined at (`inlined_at`), as NVVM writes them.
    #[arg(long)]
    pub lineinfo: bool,
}

/// `--launch-bounds 128` or `128,2` or `128,2,4`.
fn parse_launch_bounds(s: &str) -> Result<LaunchBounds, String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    if parts.len() > 3 {
        return Err(format!(
            "got {} launch bounds: at most three (max threads, min blocks, max cluster rank)",
            parts.len()
        ));
    }
    let mut nums = Vec::with_capacity(3);
    for p in &parts {
        match p.parse::<u32>() {
            Ok(n) if n > 0 => nums.push(n),
            _ => return Err(format!("'{p}' is not a positive integer")),
        }
    }
    if nums[0] > 1024 {
        return Err(format!("{} threads per block: at most 1024", nums[0]));
    }
    Ok(LaunchBounds {
        max_threads: nums[0],
        min_blocks_per_sm: nums.get(1).copied(),
        max_cluster_rank: nums.get(2).copied(),
    })
}

/// The calling convention of an exported device function.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportAbi {
    /// Numba's: `int name(T *result, args...)`, status 0.
    Numba,
    /// C's: `T name(args...)`.
    C,
}

/// What `compile --emit` produces.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompileEmit {
    /// PTX.
    Ptx,
    /// The mid-IR, in its text form.
    Ir,
    /// Each kernel's parameters, with whether it may read or write them (JSON).
    Meta,
}

/// An optimisation level.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opt {
    /// No optimisation.
    #[value(name = "0")]
    O0,
    /// The optimisation passes.
    #[value(name = "2")]
    O2,
}

impl Opt {
    /// The compiler's level.
    pub fn level(self) -> OptLevel {
        match self {
            Opt::O0 => OptLevel::O0,
            Opt::O2 => OptLevel::O2,
        }
    }
}

/// `kernelc run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The kernel file: Python, or PTX (`.ptx`, run as is).
    #[arg(value_name = "FILE.py|FILE.ptx")]
    pub file: String,
    /// The kernels' arguments, in order: arrays (FILE.npy) and typed
    /// scalars (f32:0.5, i32:7, i64:-3, u8:1, f64:2.5, bool:true).
    #[arg(value_name = "ARG", value_parser = parse_run_arg)]
    pub args: Vec<RunArgSpec>,
    /// The kernel to run; needed only when the file has several.
    #[arg(long, value_name = "NAME")]
    pub kernel: Option<String>,
    /// A signature such as "void(float32[:], int32)", instead of the
    /// decorator's or the one the arguments give.
    #[arg(long, value_name = "SIG")]
    pub sig: Option<String>,
    /// Blocks in the grid.
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dims, required = true)]
    pub grid: [u32; 3],
    /// Threads per block.
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dims, required = true)]
    pub block: [u32; 3],
    /// Dynamic shared memory per block, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 0)]
    pub shared: u32,
    /// The device: the GPU when one is usable, else the CPU device (auto).
    #[arg(long, value_name = "DEVICE", default_value = "auto")]
    pub device: DeviceChoice,
    /// A constant array for `cuda.const.array_like(NAME)` (or a PTX
    /// file's `.const` variable NAME). Repeatable.
    #[arg(long = "const", value_name = "NAME=FILE.npy", value_parser = parse_npy_const)]
    pub consts: Vec<(String, String)>,
    /// A device array the kernel reads and writes by its module-level NAME,
    /// of the array TYPE (e.g. "float32[::1]"): a hidden parameter after
    /// the kernel's own, so its FILE.npy comes after the kernel's
    /// arguments (in `--global` order). Repeatable.
    #[arg(long = "global", value_name = "NAME=TYPE", value_parser = parse_global_spec)]
    pub globals: Vec<GlobalArrayDecl>,
    /// A PTX file linked with the kernel: the definitions of the functions
    /// it declares with `cuda.declare_device`. Repeatable.
    #[arg(long = "link", value_name = "FILE.ptx")]
    pub link: Vec<String>,
    /// Save the arrays the kernel may write as DIR/<position>.npy.
    #[arg(long, value_name = "DIR")]
    pub out: Option<String>,
    /// The optimisation level (-O0 or -O2).
    #[arg(short = 'O', value_name = "LEVEL", default_value = "2")]
    pub opt: Opt,
    /// The GPU architecture (default: the device's).
    #[arg(long, value_name = "sm_XX", value_parser = parse_target)]
    pub arch: Option<Target>,
    /// Have the CPU device report races, shared/local overruns and
    /// divergent barriers (the default for debug=True or boundscheck=True
    /// kernels).
    #[arg(long, overrides_with = "no_check")]
    pub check: bool,
    /// Do not check, even for a debug=True or boundscheck=True kernel.
    #[arg(long = "no-check", overrides_with = "check")]
    pub no_check: bool,
    /// Threads of the CPU device (default: one per core).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub workers: usize,
    /// Stop a CPU-device launch that runs longer than this (exit 1).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
    /// Print the compile, run and kernel times to stderr.
    #[arg(long)]
    pub timings: bool,
}

impl RunArgs {
    /// `--check` or `--no-check`, whichever came last, if any.
    pub fn check_choice(&self) -> Option<bool> {
        match (self.check, self.no_check) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        }
    }
}

/// `--device`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceChoice {
    /// The CPU device (a SIMT simulator of the PTX).
    Cpu,
    /// An NVIDIA GPU.
    Gpu,
    /// The GPU when one is usable, else the CPU device.
    Auto,
}

impl DeviceChoice {
    /// The runtime's kind.
    pub fn kind(self) -> DeviceKind {
        match self {
            DeviceChoice::Cpu => DeviceKind::Cpu,
            DeviceChoice::Gpu => DeviceKind::Gpu,
            DeviceChoice::Auto => DeviceKind::Auto,
        }
    }
}

/// One argument of `kernelc run`'s kernel, as written.
#[derive(Clone, Debug, PartialEq)]
pub enum RunArgSpec {
    /// An array, from a `.npy` file (read later).
    Npy(String),
    /// A typed scalar.
    Scalar(kernelc_runtime::args::ScalarArg),
}

/// A `--const` of `check`/`compile`, as written.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstSpec {
    /// The array's name in the source.
    pub name: String,
    /// Where its type and shape come from.
    pub source: ConstSource,
}

/// Where a `--const` array's type and shape come from.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstSource {
    /// A `.npy` file's header (read later).
    Npy(String),
    /// `DTYPE[SHAPE]`.
    Declared(Elem, Vec<u64>),
}

/// `sm_80` or `80`.
fn parse_target(s: &str) -> Result<Target, String> {
    Target::parse(s)
}

/// `X[,Y[,Z]]`, each at least 1.
pub fn parse_dims(value: &str) -> Result<[u32; 3], String> {
    let bad = || format!("expected X[,Y[,Z]] (positive integers), got '{value}'");
    let parts: Vec<&str> = value.split(',').map(str::trim).collect();
    if parts.len() > 3 {
        return Err(bad());
    }
    let mut dims = [1u32; 3];
    for (d, p) in dims.iter_mut().zip(&parts) {
        *d = p.parse().ok().filter(|&v: &u32| v > 0).ok_or_else(bad)?;
    }
    Ok(dims)
}

/// `NAME=FILE.npy` (run's `--const`).
fn parse_npy_const(spec: &str) -> Result<(String, String), String> {
    spec.split_once('=')
        .filter(|(n, p)| !n.is_empty() && p.ends_with(".npy"))
        .map(|(n, p)| (n.to_string(), p.to_string()))
        .ok_or_else(|| format!("expected NAME=FILE.npy, got '{spec}'"))
}

/// `NAME=TYPE` (check's and compile's `--global`).
pub fn parse_global_spec(spec: &str) -> Result<GlobalArrayDecl, String> {
    let (name, ty) = spec
        .split_once('=')
        .ok_or_else(|| format!("expected NAME=TYPE such as A=float32[::1], got '{spec}'"))?;
    GlobalArrayDecl::parse(name, ty)
}

/// `NAME=FILE.npy` or `NAME=DTYPE[SHAPE]` (check's and compile's `--const`).
pub fn parse_const_spec(spec: &str) -> Result<ConstSpec, String> {
    let (name, source) = spec
        .split_once('=')
        .ok_or_else(|| format!("expected NAME=FILE.npy or NAME=DTYPE[SHAPE], got '{spec}'"))?;
    if name.is_empty() {
        return Err(format!("'{spec}' has no name"));
    }
    let source = if source.ends_with(".npy") {
        ConstSource::Npy(source.to_string())
    } else {
        let (elem, shape) = parse_dtype_shape(source)?;
        ConstSource::Declared(elem, shape)
    };
    Ok(ConstSpec {
        name: name.to_string(),
        source,
    })
}

/// `float32[16]`, `int32[4, 4]`, `complex128[8]`, or records in Numba's
/// spelling: `Record(x[type=float32;offset=0];4;False)[8]`.
fn parse_dtype_shape(s: &str) -> Result<(Elem, Vec<u64>), String> {
    let bad = || format!("expected FILE.npy or DTYPE[SHAPE] such as float32[16], got '{s}'");
    let (dtype, rest) = s.rsplit_once('[').ok_or_else(bad)?;
    let dims = rest.strip_suffix(']').ok_or_else(bad)?;
    let dtype = dtype.trim();
    let elem = match (Scalar::from_name(dtype), complex_from_name(dtype)) {
        (Some(s), _) => Elem::Scalar(s),
        (None, Some(part)) => Elem::Complex(part),
        (None, None) if dtype.starts_with("Record(") => match parse_type(dtype) {
            Ok(Type::Record(r)) => Elem::Record(r.record),
            Ok(_) => return Err(format!("unknown dtype '{dtype}'")),
            Err(e) => return Err(format!("dtype '{dtype}': {}", e.message)),
        },
        (None, None) => return Err(format!("unknown dtype '{dtype}'")),
    };
    let shape = dims
        .split(',')
        .map(|d| d.trim().parse::<u64>().map_err(|_| bad()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((elem, shape))
}

/// `FILE.npy` or `TYPE:VALUE` (`f32:0.5`, `i64:-3`, `bool:true`,
/// `c64:1.5-2j`).
pub fn parse_run_arg(a: &str) -> Result<RunArgSpec, String> {
    use kernelc_runtime::args::{Number, ScalarArg};
    if a.ends_with(".npy") {
        return Ok(RunArgSpec::Npy(a.to_string()));
    }
    let bad = |why: &str| format!("argument '{a}': {why}");
    let (ty, value) = a
        .split_once(':')
        .ok_or_else(|| bad("expected FILE.npy or TYPE:VALUE such as f32:0.5, i64:-3, bool:true"))?;
    let complex_part = match ty {
        "c64" | "complex64" => Some(Scalar::F32),
        "c128" | "complex128" => Some(Scalar::F64),
        _ => None,
    };
    if let Some(part) = complex_part {
        let (re, im) = parse_complex(value).ok_or_else(|| {
            bad("not a complex number (write it as Python does: 1.5-2j, (0.5+1j), 3j)")
        })?;
        return Ok(RunArgSpec::Scalar(ScalarArg {
            ty: part,
            value: Number::Complex(re, im),
        }));
    }
    let ty = match ty {
        "bool" => Scalar::Bool,
        "i8" => Scalar::I8,
        "i16" => Scalar::I16,
        "i32" => Scalar::I32,
        "i64" => Scalar::I64,
        "u8" => Scalar::U8,
        "u16" => Scalar::U16,
        "u32" => Scalar::U32,
        "u64" => Scalar::U64,
        "f16" => Scalar::F16,
        "bf16" => Scalar::BF16,
        "f32" => Scalar::F32,
        "f64" => Scalar::F64,
        other => Scalar::from_name(other).ok_or_else(|| {
            bad("unknown type (use bool, i8..i64, u8..u64, f16, bf16, f32, f64, c64 or c128)")
        })?,
    };
    let value = match ty {
        Scalar::Bool => match value {
            "true" | "True" | "1" => Number::Bool(true),
            "false" | "False" | "0" => Number::Bool(false),
            _ => return Err(bad("a bool is true or false")),
        },
        _ if ty.is_float() || ty == Scalar::BF16 => Number::Float(
            value
                .parse::<f64>()
                .map_err(|_| bad("not a floating-point number"))?,
        ),
        _ => {
            let v = parse_int(value).ok_or_else(|| bad("not an integer"))?;
            let fits = if ty.is_signed() {
                let bits = ty.bits();
                let (lo, hi) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
                (lo..=hi).contains(&v)
            } else {
                v >= 0 && v < (1i128 << ty.bits())
            };
            if !fits {
                return Err(bad(&format!("{v} does not fit in {}", ty.name())));
            }
            if ty.is_signed() {
                Number::Int(v as i64)
            } else {
                Number::Uint(v as u64)
            }
        }
    };
    Ok(RunArgSpec::Scalar(ScalarArg { ty, value }))
}

/// A decimal or `0x` hexadecimal integer, with an optional sign.
fn parse_int(s: &str) -> Option<i128> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let v = match body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        Some(hex) => i128::from_str_radix(hex, 16).ok()?,
        None => body.parse::<i128>().ok()?,
    };
    Some(if neg { -v } else { v })
}

/// A complex number as Python writes one (`1.5-2j`, `(0.5+1e-3j)`, `3j`,
/// `-1`, `inf+nanj`): its real and imaginary parts.
fn parse_complex(text: &str) -> Option<(f64, f64)> {
    let t = text.trim();
    let t = t
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or(t)
        .trim();
    let Some(body) = t.strip_suffix(['j', 'J']) else {
        return Some((t.parse().ok()?, 0.0));
    };
    // The imaginary part starts at the last sign that is not the first
    // character and does not follow an exponent's `e`.
    let bytes = body.as_bytes();
    let split = (1..bytes.len())
        .rev()
        .find(|&k| matches!(bytes[k], b'+' | b'-') && !matches!(bytes[k - 1], b'e' | b'E'));
    let imag = |s: &str| match s {
        "" | "+" => Some(1.0),
        "-" => Some(-1.0),
        s => s.parse().ok(),
    };
    match split {
        Some(k) => Some((body[..k].parse().ok()?, imag(&body[k..])?)),
        None => Some((0.0, imag(body)?)),
    }
}

/// `--timeout SECONDS`: a positive, finite number of seconds.
fn parse_timeout(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0)
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("expected a positive number of seconds, got '{text}'"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use kernelc_runtime::args::Number;

    #[test]
    fn the_grammar_is_consistent() {
        Cli::command().debug_assert();
    }

    fn scalar(a: &str) -> kernelc_runtime::args::ScalarArg {
        match parse_run_arg(a).unwrap() {
            RunArgSpec::Scalar(s) => s,
            RunArgSpec::Npy(_) => panic!("{a} is not a scalar"),
        }
    }

    #[test]
    fn parses_typed_scalars() {
        let s = scalar("i64:-3");
        assert_eq!((s.ty, s.value), (Scalar::I64, Number::Int(-3)));
        assert_eq!(scalar("u8:0xff").value, Number::Uint(255));
        assert_eq!(scalar("bool:true").value, Number::Bool(true));
        assert_eq!(scalar("f32:0.5").value, Number::Float(0.5));
        assert!(parse_run_arg("u8:256").is_err());
        assert!(parse_run_arg("i8:-129").is_err());
        assert!(parse_run_arg("q7:1").is_err());
        assert!(parse_run_arg("7").is_err());
        assert_eq!(
            parse_run_arg("a.npy").unwrap(),
            RunArgSpec::Npy("a.npy".into())
        );
    }

    #[test]
    fn parses_complex_scalars_as_python_writes_them() {
        let s = scalar("c64:1.5-2j");
        assert_eq!((s.ty, s.value), (Scalar::F32, Number::Complex(1.5, -2.0)));
        let c = |a: &str| scalar(a).value;
        assert_eq!(c("c128:(0.5+1e-3j)"), Number::Complex(0.5, 1e-3));
        assert_eq!(c("c128:3j"), Number::Complex(0.0, 3.0));
        assert_eq!(c("c128:-j"), Number::Complex(0.0, -1.0));
        assert_eq!(c("c128:-1"), Number::Complex(-1.0, 0.0));
        assert_eq!(c("c128:1e-5-2.5e+3j"), Number::Complex(1e-5, -2.5e3));
        assert_eq!(c("complex64:-0-0j"), Number::Complex(-0.0, -0.0));
        let Number::Complex(re, im) = c("c128:inf+nanj") else {
            panic!("complex")
        };
        assert!(re.is_infinite() && im.is_nan());
        assert!(parse_run_arg("c64:1+").is_err());
        assert!(parse_run_arg("c64:abc").is_err());
        assert!(parse_run_arg("c64:1+2i").is_err());
    }

    #[test]
    fn parses_launch_dimensions() {
        assert_eq!(parse_dims("4").unwrap(), [4, 1, 1]);
        assert_eq!(parse_dims("4,2,3").unwrap(), [4, 2, 3]);
        assert!(parse_dims("0").is_err());
        assert!(parse_dims("1,2,3,4").is_err());
        assert!(parse_dims("").is_err());
    }

    #[test]
    fn parses_const_specs() {
        let c = parse_const_spec("G=float32[4, 4]").unwrap();
        assert_eq!(c.name, "G");
        assert_eq!(
            c.source,
            ConstSource::Declared(Elem::Scalar(Scalar::F32), vec![4, 4])
        );
        assert_eq!(
            parse_const_spec("W=w.npy").unwrap().source,
            ConstSource::Npy("w.npy".into())
        );
        assert!(parse_const_spec("G").is_err());
        let g = parse_global_spec("D=float32[:, ::1]").unwrap();
        assert_eq!((g.name.as_str(), g.ndim), ("D", 2));
        assert!(parse_global_spec("D").is_err());
        assert!(parse_global_spec("1D=float32[:]").is_err());
        assert!(parse_global_spec("D=float32").is_err());
        assert!(parse_const_spec("=float32[4]").is_err());
        assert!(parse_const_spec("G=float33[4]").is_err());
        assert!(parse_npy_const("G=float32[4]").is_err());
        assert_eq!(
            parse_npy_const("G=g.npy").unwrap(),
            ("G".into(), "g.npy".into())
        );
    }

    #[test]
    fn optimisation_levels_and_check_flags() {
        let cli = Cli::try_parse_from([
            "kernelc",
            "run",
            "k.py",
            "--grid",
            "1",
            "--block",
            "1",
            "-O0",
            "--check",
            "--no-check",
        ])
        .unwrap();
        let Command::Run(r) = cli.command else {
            panic!()
        };
        assert_eq!(r.opt, Opt::O0);
        assert_eq!(r.check_choice(), Some(false));
        assert!(Cli::try_parse_from(["kernelc", "compile", "k.py", "-O1"]).is_err());
    }
}
