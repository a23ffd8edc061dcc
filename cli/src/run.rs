//! `kernelc run`: compile a kernel (or take a PTX file) and run it on a
//! device with arrays from `.npy` files and typed scalars, saving the
//! arrays the kernel may write.

use crate::args::{Args, UsageError};
use crate::npy;
use kernelc_compiler::driver::{compile, CompileOptions, KernelInfo, Stage};
use kernelc_compiler::opt::OptLevel;
use kernelc_compiler::ptx::emit::const_array_symbol;
use kernelc_compiler::ptx::Target;
use kernelc_compiler::sema::typed::ConstArrayDecl;
use kernelc_compiler::types::Scalar;
use kernelc_compiler::CheckOptions;
use kernelc_runtime::args::{
    encode_scalar, signature_for, ArgShape, ArrayShape, Number, ScalarArg,
};
use kernelc_runtime::device::{Device, DeviceKind, LaunchConfig, LaunchStats, Module};
use kernelc_runtime::launch::{launch, launch_untyped, KernelArg, RawArg};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// One command-line argument of the kernel.
enum RunArg {
    Array { path: String, array: npy::NpyArray },
    Scalar(ScalarArg),
}

/// Runs the subcommand.
pub fn run(argv: &[String]) -> Result<ExitCode, UsageError> {
    let mut opt = OptLevel::O2;
    let mut timings = false;
    let mut check = None;
    let mut rest = Vec::new();
    for a in argv {
        match a.as_str() {
            "-O0" => opt = OptLevel::O0,
            "-O2" => opt = OptLevel::O2,
            "--timings" => timings = true,
            "--check" => check = Some(true),
            "--no-check" => check = Some(false),
            _ => rest.push(a.clone()),
        }
    }
    let args = Args::parse(
        &rest,
        &[
            "kernel", "sig", "grid", "block", "shared", "device", "const", "out", "arch",
            "workers", "timeout",
        ],
    )?;
    let Some((file, kernel_args)) = args.positional.split_first() else {
        return Err(UsageError("missing input file".into()));
    };
    let kernel = args
        .get("kernel")
        .ok_or_else(|| UsageError("--kernel NAME is required".into()))?;
    let config = LaunchConfig {
        grid: parse_dims("--grid", args.get("grid"))?,
        block: parse_dims("--block", args.get("block"))?,
        shared_bytes: match args.get("shared") {
            Some(s) => s
                .parse()
                .map_err(|_| UsageError(format!("--shared expects a byte count, got '{s}'")))?,
            None => 0,
        },
    };
    let kind = match args.get("device").unwrap_or("auto") {
        "cpu" => DeviceKind::Cpu,
        "gpu" => DeviceKind::Gpu,
        "auto" => DeviceKind::Auto,
        other => {
            return Err(UsageError(format!(
                "--device expects cpu, gpu or auto, got '{other}'"
            )))
        }
    };
    let workers = match args.get("workers") {
        Some(w) => w
            .parse()
            .map_err(|_| UsageError(format!("--workers expects a number, got '{w}'")))?,
        None => 0,
    };
    let timeout = match args.get("timeout") {
        Some(t) => Some(parse_timeout(t)?),
        None => None,
    };
    let mut run_args = Vec::new();
    for a in kernel_args {
        run_args.push(parse_arg(a)?);
    }
    let mut consts = Vec::new();
    for spec in args.all("const") {
        let (name, path) = spec
            .split_once('=')
            .filter(|(n, p)| !n.is_empty() && p.ends_with(".npy"))
            .ok_or_else(|| UsageError(format!("--const expects NAME=FILE.npy, got '{spec}'")))?;
        let array = npy::read(path).map_err(UsageError)?;
        if array.fortran && array.shape.shape.len() > 1 {
            return Err(UsageError(format!(
                "'{path}' is Fortran-ordered; save it C-ordered"
            )));
        }
        consts.push((name.to_string(), array));
    }

    // The PTX target comes from the device, and whether the CPU device
    // checks from the kernel (`debug=True`/`boundscheck=True`) unless
    // `--check`/`--no-check` says: open a device to learn the target, and
    // reopen the CPU device if the kernel asks for checking.
    let mut device = match Device::open(kind, workers, check.unwrap_or(false)) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("kernelc: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    if let Err(e) = device.set_launch_timeout(timeout) {
        eprintln!("kernelc: --timeout: {e}");
        return Ok(ExitCode::from(1));
    }
    let target = match args.get("arch") {
        Some(a) => Target::parse(a).map_err(UsageError)?,
        None => device.ptx_target(),
    };

    // The PTX and, for a Python kernel, its ABI description.
    let t_compile = Instant::now();
    let (ptx, info) = if file.ends_with(".ptx") {
        let text = std::fs::read_to_string(file)
            .map_err(|e| UsageError(format!("cannot read '{file}': {e}")))?;
        (text, None)
    } else {
        let source = std::fs::read_to_string(file)
            .map_err(|e| UsageError(format!("cannot read '{file}': {e}")))?;
        let decls: Vec<ConstArrayDecl> = consts
            .iter()
            .map(|(name, a)| ConstArrayDecl {
                name: name.clone(),
                elem: a.shape.elem,
                shape: a.shape.shape.iter().map(|&d| d as u64).collect(),
            })
            .collect();
        let shapes: Vec<ArgShape> = run_args.iter().map(arg_shape).collect();
        match compile_kernel(
            file,
            &source,
            kernel,
            args.get("sig"),
            &shapes,
            decls,
            opt,
            target,
        )? {
            Ok((ptx, info, wants_check)) => {
                if wants_check && check.is_none() && matches!(device, Device::Cpu(_)) {
                    device = Device::open(DeviceKind::Cpu, workers, true)
                        .map_err(|e| UsageError(e.to_string()))?;
                    device
                        .set_launch_timeout(timeout)
                        .map_err(|e| UsageError(e.to_string()))?;
                }
                (ptx, Some(info))
            }
            Err(code) => return Ok(code),
        }
    };
    let compile_time = t_compile.elapsed();

    let module = match device.load_module(&ptx) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("kernelc: {file}: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    for (name, array) in &consts {
        // A Python kernel's constant array has a mangled symbol; a PTX
        // file's `__constant__` variable is named as is.
        let symbol = if info.is_some() {
            const_array_symbol(name)
        } else {
            name.clone()
        };
        let Some((ptr, size)) = module.global(&symbol) else {
            if info.is_some() {
                continue; // the kernel does not use this array
            }
            eprintln!("kernelc: the module has no global variable '{name}'");
            return Ok(ExitCode::from(1));
        };
        if size != array.data.len() {
            eprintln!(
                "kernelc: --const {name}: the module's '{symbol}' has {size} bytes, the array {}",
                array.data.len()
            );
            return Ok(ExitCode::from(1));
        }
        if let Err(e) = device.copy_to_device(ptr, &array.data) {
            eprintln!("kernelc: {e}");
            return Ok(ExitCode::from(1));
        }
    }

    let t_run = Instant::now();
    let result = match &info {
        Some(info) => launch_python(&device, &module, info, &config, &mut run_args),
        None => launch_ptx(&device, &module, kernel, &config, &mut run_args),
    };
    let run_time = t_run.elapsed();
    let (written, stats) = match result {
        Ok(w) => w,
        Err(e) => {
            eprintln!("kernelc: {e}");
            return Ok(ExitCode::from(1));
        }
    };

    let threads: u64 = config
        .grid
        .iter()
        .chain(&config.block)
        .map(|&d| d as u64)
        .product();
    eprintln!(
        "{kernel}: {} x {} threads on {}: {}",
        dims_text(config.grid),
        dims_text(config.block),
        device.name(),
        human(run_time)
    );
    let out_dir = args.get("out").map(PathBuf::from);
    if let Some(dir) = &out_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| UsageError(format!("cannot create '{}': {e}", dir.display())))?;
    }
    for (pos, a) in run_args.iter().enumerate() {
        let RunArg::Array { path, array } = a else {
            continue;
        };
        if !written.get(pos).copied().unwrap_or(false) {
            continue;
        }
        let name = match &info {
            Some(info) => format!("{} (argument {pos})", info.params[pos].name),
            None => format!("argument {pos}"),
        };
        let mut line = format!("  {name}: {}", preview(&array.shape, &array.data));
        if let Some(dir) = &out_dir {
            let dest = dir.join(format!("{pos}.npy"));
            npy::write(&dest, &array.shape, array.fortran, &array.data)
                .map_err(|e| UsageError(format!("cannot write '{}': {e}", dest.display())))?;
            line.push_str(&format!(" -> {}", dest.display()));
        } else {
            line.push_str(&format!(" (from {path})"));
        }
        eprintln!("{line}");
    }
    if timings {
        eprintln!("compile: {}", human(compile_time));
        eprintln!("run: {}", human(run_time));
        eprintln!("kernel: {}", human(stats.elapsed));
        eprintln!("total: {}", human(compile_time + run_time));
        eprintln!("threads: {threads}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `--timeout SECONDS`: a positive, finite number of seconds.
fn parse_timeout(text: &str) -> Result<Duration, UsageError> {
    text.parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0)
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| {
            UsageError(format!(
                "--timeout expects a positive number of seconds, got '{text}'"
            ))
        })
}

/// Compiles `kernel`: with `--sig`, else with its decorator's signature,
/// else specialised on the arguments' types (as `@cuda.jit` does lazily).
/// Also says whether the kernel asks for run-time checking (`debug=True`
/// or `boundscheck=True` in its decorator).
/// `Ok(Err(code))` means the program had errors (already printed).
#[allow(clippy::too_many_arguments)]
fn compile_kernel(
    file: &str,
    source: &str,
    kernel: &str,
    sig: Option<&str>,
    shapes: &[ArgShape],
    const_arrays: Vec<ConstArrayDecl>,
    opt: OptLevel,
    target: Target,
) -> Result<Result<(String, KernelInfo, bool), ExitCode>, UsageError> {
    let attempt = |signature: Option<String>| {
        let options = CompileOptions {
            check: CheckOptions {
                kernel: Some(kernel.to_string()),
                signature,
                const_arrays: const_arrays.clone(),
            },
            opt,
            target,
            stage: Stage::Ptx,
        };
        compile(file, source, &options)
    };
    let mut compiled = attempt(sig.map(str::to_string));
    let untyped = |c: &kernelc_compiler::driver::Compiled| {
        !c.checked.has_errors() && !c.kernels.iter().any(|k| k.name == kernel)
    };
    if sig.is_none() && matches!(&compiled, Ok(c) if untyped(c)) {
        compiled = attempt(Some(signature_for(shapes)));
    }
    let compiled = match compiled {
        Ok(c) => c,
        Err(e) => {
            eprintln!("kernelc: {e}");
            return Ok(Err(ExitCode::from(1)));
        }
    };
    if !compiled.checked.diagnostics.is_empty() {
        eprint!("{}", compiled.checked.render_diagnostics());
    }
    if compiled.checked.has_errors() {
        return Ok(Err(ExitCode::from(1)));
    }
    let Some(info) = compiled.kernels.iter().find(|k| k.name == kernel).cloned() else {
        eprintln!("kernelc: '{kernel}' is not a kernel in {file}");
        return Ok(Err(ExitCode::from(1)));
    };
    let wants_check = compiled
        .checked
        .program
        .functions
        .iter()
        .any(|f| f.is_kernel && f.name == kernel && (f.flags.debug || f.flags.boundscheck));
    let ptx = compiled.ptx.expect("PTX was asked for");
    Ok(Ok((ptx, info, wants_check)))
}

/// Launches a compiled Python kernel; returns which arguments it may write.
fn launch_python(
    device: &Device,
    module: &Module,
    info: &KernelInfo,
    config: &LaunchConfig,
    run_args: &mut [RunArg],
) -> Result<(Vec<bool>, LaunchStats), kernelc_runtime::Error> {
    let mut args: Vec<KernelArg> = run_args
        .iter_mut()
        .map(|a| match a {
            RunArg::Scalar(s) => KernelArg::Scalar(*s),
            RunArg::Array { array, .. } => KernelArg::Host {
                shape: array.shape.clone(),
                data: &mut array.data,
            },
        })
        .collect();
    let stats = launch(device, module, info, config, &mut args)?;
    Ok((info.params.iter().map(|p| p.written).collect(), stats))
}

/// Launches a kernel of a PTX file: each array becomes a device buffer
/// whose address is passed as a `.u64`, each scalar its own bytes (which
/// must match the parameter's size). Every array is copied back.
fn launch_ptx(
    device: &Device,
    module: &Module,
    kernel: &str,
    config: &LaunchConfig,
    run_args: &mut [RunArg],
) -> Result<(Vec<bool>, LaunchStats), kernelc_runtime::Error> {
    let written = run_args
        .iter()
        .map(|a| matches!(a, RunArg::Array { .. }))
        .collect();
    let mut args: Vec<RawArg> = run_args
        .iter_mut()
        .map(|a| match a {
            RunArg::Scalar(s) => RawArg::Bytes(encode_scalar(s.ty, s.value)),
            RunArg::Array { array, .. } => RawArg::Host(&mut array.data),
        })
        .collect();
    let stats = launch_untyped(device, module, kernel, config, &mut args)?;
    Ok((written, stats))
}

fn arg_shape(a: &RunArg) -> ArgShape {
    match a {
        RunArg::Scalar(s) => ArgShape::Scalar(*s),
        RunArg::Array { array, .. } => ArgShape::Array(array.shape.clone()),
    }
}

/// `FILE.npy` or `TYPE:VALUE` (`f32:0.5`, `i64:-3`, `bool:true`).
fn parse_arg(a: &str) -> Result<RunArg, UsageError> {
    if a.ends_with(".npy") {
        let array = npy::read(a).map_err(UsageError)?;
        return Ok(RunArg::Array {
            path: a.to_string(),
            array,
        });
    }
    let bad = |why: &str| UsageError(format!("argument '{a}': {why}"));
    let (ty, value) = a
        .split_once(':')
        .ok_or_else(|| bad("expected FILE.npy or TYPE:VALUE such as f32:0.5, i64:-3, bool:true"))?;
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
        "f32" => Scalar::F32,
        "f64" => Scalar::F64,
        other => Scalar::from_name(other)
            .ok_or_else(|| bad("unknown type (use bool, i8..i64, u8..u64, f16, f32 or f64)"))?,
    };
    let value = match ty {
        Scalar::Bool => match value {
            "true" | "True" | "1" => Number::Bool(true),
            "false" | "False" | "0" => Number::Bool(false),
            _ => return Err(bad("a bool is true or false")),
        },
        _ if ty.is_float() => Number::Float(
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
    Ok(RunArg::Scalar(ScalarArg { ty, value }))
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

/// `X[,Y[,Z]]`, each at least 1.
fn parse_dims(option: &str, value: Option<&str>) -> Result<[u32; 3], UsageError> {
    let value = value.ok_or_else(|| UsageError(format!("{option} X[,Y[,Z]] is required")))?;
    let bad = || {
        UsageError(format!(
            "{option} expects X[,Y[,Z]] (positive integers), got '{value}'"
        ))
    };
    let parts: Vec<&str> = value.split(',').map(str::trim).collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(bad());
    }
    let mut dims = [1u32; 3];
    for (d, p) in dims.iter_mut().zip(&parts) {
        *d = p.parse().ok().filter(|&v: &u32| v > 0).ok_or_else(bad)?;
    }
    Ok(dims)
}

fn dims_text(d: [u32; 3]) -> String {
    match d {
        [x, 1, 1] => format!("{x}"),
        [x, y, 1] => format!("({x}, {y})"),
        [x, y, z] => format!("({x}, {y}, {z})"),
    }
}

/// `float32[1000] = [0, 3, 6, ..., 2997]`: the first and last elements.
fn preview(shape: &ArrayShape, data: &[u8]) -> String {
    let size = shape.elem.size() as usize;
    let n = data.len() / size.max(1);
    let show = |i: usize| format_elem(shape.elem, &data[i * size..(i + 1) * size]);
    let items: Vec<String> = if n <= 6 {
        (0..n).map(show).collect()
    } else {
        let mut v: Vec<String> = (0..3).map(show).collect();
        v.push("...".into());
        v.extend((n - 2..n).map(show));
        v
    };
    let dims: Vec<String> = shape.shape.iter().map(|d| d.to_string()).collect();
    format!(
        "{}[{}] = [{}]",
        shape.elem.name(),
        dims.join(", "),
        items.join(", ")
    )
}

fn format_elem(elem: Scalar, b: &[u8]) -> String {
    let mut raw = [0u8; 8];
    raw[..b.len()].copy_from_slice(b);
    let bits = u64::from_le_bytes(raw);
    let sext = |width: u32| ((bits << (64 - width)) as i64) >> (64 - width);
    match elem {
        Scalar::Bool => (bits != 0).to_string(),
        Scalar::I8 => sext(8).to_string(),
        Scalar::I16 => sext(16).to_string(),
        Scalar::I32 => sext(32).to_string(),
        Scalar::I64 => (bits as i64).to_string(),
        Scalar::U8 | Scalar::U16 | Scalar::U32 | Scalar::U64 => bits.to_string(),
        Scalar::F16 => format!("0x{bits:04x}"),
        Scalar::F32 => format!("{}", f32::from_bits(bits as u32)),
        Scalar::F64 => format!("{}", f64::from_bits(bits)),
    }
}

/// `12.3 us`-style durations.
fn human(d: Duration) -> String {
    crate::compile::human(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_typed_scalars() {
        let RunArg::Scalar(s) = parse_arg("i64:-3").unwrap() else {
            panic!()
        };
        assert_eq!((s.ty, s.value), (Scalar::I64, Number::Int(-3)));
        let RunArg::Scalar(s) = parse_arg("u8:0xff").unwrap() else {
            panic!()
        };
        assert_eq!(s.value, Number::Uint(255));
        let RunArg::Scalar(s) = parse_arg("bool:true").unwrap() else {
            panic!()
        };
        assert_eq!(s.value, Number::Bool(true));
        let RunArg::Scalar(s) = parse_arg("f32:0.5").unwrap() else {
            panic!()
        };
        assert_eq!(s.value, Number::Float(0.5));
        assert!(parse_arg("u8:256").is_err());
        assert!(parse_arg("i8:-129").is_err());
        assert!(parse_arg("q7:1").is_err());
        assert!(parse_arg("7").is_err());
    }

    #[test]
    fn parses_launch_dimensions() {
        assert_eq!(parse_timeout("1.5").unwrap(), Duration::from_millis(1500));
        for bad in ["0", "-1", "nan", "inf", "1e300", "soon"] {
            assert!(parse_timeout(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_dims("--grid", Some("4")).unwrap(), [4, 1, 1]);
        assert_eq!(parse_dims("--grid", Some("4,2,3")).unwrap(), [4, 2, 3]);
        assert!(parse_dims("--grid", Some("0")).is_err());
        assert!(parse_dims("--grid", Some("1,2,3,4")).is_err());
        assert!(parse_dims("--grid", None).is_err());
    }

    #[test]
    fn previews_long_arrays() {
        let shape = ArrayShape::c_contiguous(Scalar::I32, &[10]);
        let data: Vec<u8> = (0..10i32).flat_map(|v| (v * 3).to_le_bytes()).collect();
        assert_eq!(preview(&shape, &data), "int32[10] = [0, 3, 6, ..., 24, 27]");
    }
}
