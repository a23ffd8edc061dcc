//! `kernelc run`: compile a kernel (or take a PTX file) and run it on a
//! device with arrays from `.npy` files and typed scalars, saving the
//! arrays the kernel may write.

use crate::args::{RunArgSpec, RunArgs};
use crate::npy;
use crate::source::read_text;
use crate::Stop;
use kernelc_abi::ElemType;
use kernelc_compiler::driver::{
    compile_forcing_with, CompileContext, CompileOptions, Compiled, KernelInfo, Stage,
};
use kernelc_compiler::opt::OptLevel;
use kernelc_compiler::ptx::emit::const_array_symbol;
use kernelc_compiler::ptx::Target;
use kernelc_compiler::records::RecordType;
use kernelc_compiler::sema::resolve::{ModuleEnv, Scratch};
use kernelc_compiler::sema::signature::parse_type;
use kernelc_compiler::sema::typed::{ConstArrayDecl, GlobalArrayDecl, JitFlags};
use kernelc_compiler::types::{Elem, Scalar, Type, MAX_NDIM};
use kernelc_compiler::{check_with, CheckOptions};
use kernelc_runtime::args::{encode_scalar, signature_for, ArgShape, ArrayShape, ScalarArg};
use kernelc_runtime::device::{Device, DeviceKind, LaunchConfig, LaunchStats, Module};
use kernelc_runtime::launch::{launch, launch_untyped, KernelArg, RawArg};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// One command-line argument of the kernel.
enum RunArg {
    Array { path: String, array: npy::NpyArray },
    Scalar(ScalarArg),
}

/// Runs the subcommand: reads every input (exit 1 for one that cannot be
/// read), checks `--out`, compiles, runs, and saves what the kernel may
/// have written.
pub fn run(args: &RunArgs) -> Result<ExitCode, Stop> {
    let file = args.file.as_str();
    let is_ptx = file.ends_with(".ptx");
    let source = read_text(file)?;
    // The buffers of every parse and compile below.
    let mut ctx = CompileContext::new();
    let mut run_args = Vec::new();
    for a in &args.args {
        run_args.push(match a {
            RunArgSpec::Npy(path) => {
                let array = npy::read(path)?;
                // Said here, with the file's name: past this point it is a
                // signature the user never wrote.
                let ndim = array.shape.shape.len();
                // A 0-D array holds one element (a 0-D array of records is
                // one record: Numba's `Record` argument, by reference).
                if ndim > MAX_NDIM {
                    return Err(format!(
                        "'{path}' holds a {ndim}-dimensional array; kernel arguments have 0 to {MAX_NDIM} dimensions"
                    )
                    .into());
                }
                RunArg::Array {
                    path: path.clone(),
                    array,
                }
            }
            RunArgSpec::Scalar(s) => RunArg::Scalar(*s),
        });
    }
    let mut consts = Vec::new();
    for (name, path) in &args.consts {
        let array = npy::read(path)?;
        if array.fortran && array.shape.shape.len() > 1 {
            return Err(format!("'{path}' is Fortran-ordered; save it C-ordered").into());
        }
        consts.push((name.clone(), array));
    }
    let out_dir = args.out.as_deref().map(PathBuf::from);
    if let Some(dir) = &out_dir {
        prepare_out_dir(dir)?;
    }
    // A Python file's kernel is known before compiling; a PTX file's once
    // it is loaded.
    let python_kernel = match (&args.kernel, is_ptx) {
        (_, true) => None,
        (Some(k), false) => Some(k.clone()),
        (None, false) => match the_one_kernel(&mut ctx, file, &source)? {
            Ok(k) => Some(k),
            Err(code) => return Ok(code),
        },
    };
    let config = LaunchConfig {
        grid: args.grid,
        block: args.block,
        shared_bytes: args.shared,
    };
    let check = args.check_choice();

    // The PTX target comes from the device, and whether the CPU device
    // checks from the kernel (`debug=True`/`boundscheck=True`) unless
    // `--check`/`--no-check` says: open a device to learn the target, and
    // reopen the CPU device if the kernel asks for checking.
    let kind = args.device.kind();
    let mut device =
        Device::open(kind, args.workers, check.unwrap_or(false)).map_err(|e| e.to_string())?;
    device
        .set_launch_timeout(args.timeout)
        .map_err(|e| format!("--timeout: {e}"))?;
    let target = args.arch.unwrap_or_else(|| device.ptx_target());

    // The PTX and, for a Python kernel, its ABI description.
    let t_compile = Instant::now();
    let (ptx, info) = match &python_kernel {
        None => (source, None),
        Some(kernel) => {
            let decls: Vec<ConstArrayDecl> = consts
                .iter()
                .map(|(name, a)| ConstArrayDecl {
                    name: name.clone(),
                    elem: match (a.record, a.shape.elem) {
                        (Some(r), _) => Elem::Record(r),
                        (None, ElemType::Complex(part)) => Elem::Complex(part),
                        (None, other) => {
                            Elem::Scalar(other.scalar().expect("a record has its record type"))
                        }
                    },
                    shape: a.shape.shape.iter().map(|&d| d as u64).collect(),
                })
                .collect();
            // The global arrays' arguments come after the kernel's own.
            let own = run_args.len().saturating_sub(args.globals.len());
            let shapes: Vec<ArgShape> = run_args[..own].iter().map(arg_shape).collect();
            let records: Vec<Option<RecordType>> = (run_args[..own].iter())
                .map(|a| match a {
                    RunArg::Array { array, .. } => array.record,
                    RunArg::Scalar(_) => None,
                })
                .collect();
            match compile_kernel(
                &mut ctx,
                file,
                &source,
                kernel,
                args.sig.as_deref(),
                (&shapes, &records),
                (decls, &args.globals),
                args.opt.level(),
                target,
                check == Some(true),
            ) {
                Ok((ptx, info, wants_check)) => {
                    if wants_check && check.is_none() && matches!(device, Device::Cpu(_)) {
                        device = Device::open(DeviceKind::Cpu, args.workers, true)
                            .map_err(|e| e.to_string())?;
                        device
                            .set_launch_timeout(args.timeout)
                            .map_err(|e| format!("--timeout: {e}"))?;
                    }
                    (ptx, Some(info))
                }
                Err(code) => return Ok(code),
            }
        }
    };
    let compile_time = t_compile.elapsed();

    let mut linked = Vec::with_capacity(args.link.len());
    for path in &args.link {
        let text = std::fs::read_to_string(path).map_err(|e| format!("--link {path}: {e}"))?;
        linked.push(text);
    }
    let module = if linked.is_empty() {
        device.load_module(&ptx)
    } else {
        let inputs: Vec<&str> = std::iter::once(ptx.as_str())
            .chain(linked.iter().map(String::as_str))
            .collect();
        device.load_module_linked(&inputs)
    }
    .map_err(|e| format!("{file}: {e}"))?;
    let kernel = match python_kernel.as_ref().or(args.kernel.as_ref()) {
        Some(k) => k.clone(),
        None => match module.kernels().as_slice() {
            [one] => one.clone(),
            [] => return Err(format!("'{file}' has no .entry kernel").into()),
            several => {
                return Err(Stop::Usage(format!(
                    "'{file}' has several kernels ({}); choose one with --kernel NAME",
                    several.join(", ")
                )))
            }
        },
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
            return Err(format!("the module has no global variable '{name}'").into());
        };
        if size != array.data.len() {
            return Err(format!(
                "--const {name}: the module's '{symbol}' has {size} bytes, the array {}",
                array.data.len()
            )
            .into());
        }
        device
            .copy_to_device(ptr, &array.data)
            .map_err(|e| e.to_string())?;
    }

    // Which arrays come back: those a Python kernel may write, every
    // array of a PTX kernel. Their files must be writable before the run.
    let written: Vec<bool> = match &info {
        Some(info) => info.params.iter().map(|p| p.written).collect(),
        None => run_args
            .iter()
            .map(|a| matches!(a, RunArg::Array { .. }))
            .collect(),
    };
    if let Some(dir) = &out_dir {
        for (pos, a) in run_args.iter().enumerate() {
            if matches!(a, RunArg::Array { .. }) && written.get(pos).copied().unwrap_or(false) {
                check_destination(&dir.join(format!("{pos}.npy")))?;
            }
        }
    }

    if let Some(info) = &info {
        check_records(info, &run_args)?;
    }
    let t_run = Instant::now();
    let result = match &info {
        Some(info) => launch_python(&device, &module, info, &config, &mut run_args),
        None => launch_ptx(&device, &module, &kernel, &config, &mut run_args),
    };
    let run_time = t_run.elapsed();
    let stats = result.map_err(|e| e.to_string())?;

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
        let mut line = format!(
            "  {name}: {}",
            preview(&array.shape, array.record, &array.data)
        );
        if let Some(dir) = &out_dir {
            let dest = dir.join(format!("{pos}.npy"));
            npy::write(
                &dest,
                &array.shape,
                array.record,
                array.fortran,
                &array.data,
            )
            .map_err(|e| format!("cannot write '{}': {e}", dest.display()))?;
            line.push_str(&format!(" -> {}", dest.display()));
        } else {
            line.push_str(&format!(" (from {path})"));
        }
        eprintln!("{line}");
    }
    if args.timings {
        eprintln!("compile: {}", human(compile_time));
        eprintln!("run: {}", human(run_time));
        eprintln!("kernel: {}", human(stats.elapsed));
        eprintln!("total: {}", human(compile_time + run_time));
        eprintln!("threads: {threads}");
    }
    Ok(ExitCode::SUCCESS)
}

/// The kernel of a Python file that has exactly one (a `@cuda.jit`
/// function without `device=True`). `Ok(Err(code))`: the file has errors,
/// already printed.
fn the_one_kernel(
    ctx: &mut CompileContext,
    file: &str,
    source: &str,
) -> Result<Result<String, ExitCode>, Stop> {
    let mut diags = Vec::new();
    let module = kernelc_compiler::front::parse_with(ctx.check().front(), source, &mut diags);
    let env = ModuleEnv::build(&module, &[], &mut diags, Scratch::default());
    let kernels: Vec<String> = env
        .functions
        .iter()
        .filter(|f| f.is_kernel())
        .map(|f| env.name(f.name).to_string())
        .collect();
    drop(env);
    ctx.check().front().recycle(module);
    match kernels.as_slice() {
        [one] => Ok(Ok(one.clone())),
        [] => {
            // Perhaps the kernel is there but does not parse: show why.
            let checked = check_with(ctx.check(), file, source, &CheckOptions::default());
            if checked.has_errors() {
                eprint!("{}", checked.render_diagnostics());
                return Ok(Err(ExitCode::from(1)));
            }
            Err(format!("'{file}' has no kernel (a @cuda.jit function without device=True)").into())
        }
        several => Err(Stop::Usage(format!(
            "'{file}' has several kernels ({}); choose one with --kernel NAME",
            several.join(", ")
        ))),
    }
}

/// Creates the `--out` directory if needed and makes sure files can be
/// created in it, before anything runs.
fn prepare_out_dir(dir: &Path) -> Result<(), String> {
    let shown = dir.display();
    if dir.exists() && !dir.is_dir() {
        return Err(format!("--out '{shown}' is not a directory"));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("--out: cannot create '{shown}': {e}"))?;
    // Try creating a file: permissions alone do not tell (a read-only
    // file system, ACLs, running as root).
    let probe = dir.join(format!(".kernelc-probe-{}", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|e| format!("--out: cannot write in '{shown}': {e}"))?;
    std::fs::remove_file(&probe).map_err(|e| format!("--out: cannot write in '{shown}': {e}"))
}

/// An output file that exists must be a regular file that can be written
/// (opened for writing without truncating or creating it).
fn check_destination(dest: &Path) -> Result<(), String> {
    let shown = dest.display();
    match std::fs::metadata(dest) {
        Ok(m) if !m.is_file() => Err(format!("--out: '{shown}' exists and is not a regular file")),
        Ok(_) => std::fs::OpenOptions::new()
            .write(true)
            .open(dest)
            .map(drop)
            .map_err(|e| format!("--out: cannot write '{shown}': {e}")),
        Err(_) => Ok(()),
    }
}

/// Compiles `kernel`: with `--sig`, else with its decorator's signature,
/// else specialised on the arguments' types (as `@cuda.jit` does lazily).
/// Also says whether the kernel asks for run-time checking (`debug=True`
/// or `boundscheck=True` in its decorator).
/// `Err(code)` means the program had errors (already printed).
#[allow(clippy::too_many_arguments)]
fn compile_kernel(
    ctx: &mut CompileContext,
    file: &str,
    source: &str,
    kernel: &str,
    sig: Option<&str>,
    (shapes, records): (&[ArgShape], &[Option<RecordType>]),
    (const_arrays, global_arrays): (Vec<ConstArrayDecl>, &[GlobalArrayDecl]),
    opt: OptLevel,
    target: Target,
    checked: bool,
) -> Result<(String, KernelInfo, bool), ExitCode> {
    // `--check` compiles the kernel as `boundscheck=True` would: indices
    // and integer division by zero are checked too.
    let force = JitFlags {
        boundscheck: checked,
        ..JitFlags::default()
    };
    let attempt = |ctx: &mut CompileContext, signature: Option<String>| {
        let options = CompileOptions {
            check: CheckOptions {
                kernel: Some(kernel.to_string()),
                signature,
                const_arrays: const_arrays.clone(),
                global_arrays: global_arrays.to_vec(),
            },
            opt,
            fma: true,
            target,
            stage: Stage::Ptx,
            export: None,
            launch_bounds: None,
            lineinfo: false,
        };
        compile_forcing_with(ctx, file, source, &options, force)
    };
    let mut compiled = attempt(ctx, sig.map(str::to_string));
    let untyped =
        |c: &Compiled| !c.checked.has_errors() && !c.kernels.iter().any(|k| k.name == kernel);
    if sig.is_none() && matches!(&compiled, Ok(c) if untyped(c)) {
        if let Ok(first) = compiled {
            ctx.recycle(first);
        }
        compiled = attempt(ctx, Some(lazy_signature(shapes, records)));
    }
    let compiled = match compiled {
        Ok(c) => c,
        Err(e) => {
            eprintln!("kernelc: {e}");
            return Err(ExitCode::from(1));
        }
    };
    if !compiled.checked.diagnostics.is_empty() {
        eprint!("{}", compiled.checked.render_diagnostics());
    }
    if compiled.checked.has_errors() {
        return Err(ExitCode::from(1));
    }
    let Some(info) = compiled.kernels.iter().find(|k| k.name == kernel).cloned() else {
        eprintln!("kernelc: '{kernel}' is not a kernel in {file}");
        return Err(ExitCode::from(1));
    };
    let wants_check = compiled
        .checked
        .program
        .functions
        .iter()
        .any(|f| f.is_kernel && f.name == kernel && (f.flags.debug || f.flags.boundscheck));
    let ptx = compiled.ptx.expect("PTX was asked for");
    Ok((ptx, info, wants_check))
}

/// Launches a compiled Python kernel.
/// A structured `.npy` array must hold the records its parameter was
/// compiled for, field by field: past this point only their size is
/// checked (the runtime knows records by their size alone).
fn check_records(info: &KernelInfo, run_args: &[RunArg]) -> Result<(), String> {
    for (pos, (param, arg)) in info.params.iter().zip(run_args).enumerate() {
        let RunArg::Array { path, array } = arg else {
            continue;
        };
        let Some(file_record) = array.record else {
            continue;
        };
        let kernel_record = match parse_type(&param.ty) {
            Ok(Type::Array(a)) => match a.elem {
                Elem::Record(r) => r,
                _ => continue,
            },
            // A record argument: a 0-D array of records.
            Ok(Type::Record(r)) => r.record,
            _ => continue,
        };
        if !file_record.same_fields(kernel_record) {
            return Err(format!(
                "argument {pos} ('{}'): '{path}' holds {file_record}, but the kernel takes {kernel_record}",
                param.name
            ));
        }
    }
    Ok(())
}

fn launch_python(
    device: &Device,
    module: &Module,
    info: &KernelInfo,
    config: &LaunchConfig,
    run_args: &mut [RunArg],
) -> Result<LaunchStats, kernelc_runtime::Error> {
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
    launch(device, module, info, config, &mut args)
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
) -> Result<LaunchStats, kernelc_runtime::Error> {
    let mut args: Vec<RawArg> = run_args
        .iter_mut()
        .map(|a| match a {
            RunArg::Scalar(s) => RawArg::Bytes(encode_scalar(s.ty, s.value)),
            RunArg::Array { array, .. } => RawArg::Host(&mut array.data),
        })
        .collect();
    launch_untyped(device, module, kernel, config, &mut args)
}

fn arg_shape(a: &RunArg) -> ArgShape {
    match a {
        RunArg::Scalar(s) => ArgShape::Scalar(*s),
        RunArg::Array { array, .. } => ArgShape::Array(array.shape.clone()),
    }
}

fn dims_text(d: [u32; 3]) -> String {
    match d {
        [x, 1, 1] => format!("{x}"),
        [x, y, 1] => format!("({x}, {y})"),
        [x, y, z] => format!("({x}, {y}, {z})"),
    }
}

/// The signature a lazily compiled kernel gets for these arguments, as
/// [`signature_for`] gives it, with each record array's record spelled out
/// (`Record(x[type=float32;offset=0];4;False)[::1]`).
fn lazy_signature(shapes: &[ArgShape], records: &[Option<RecordType>]) -> String {
    if records.iter().all(Option::is_none) {
        return signature_for(shapes);
    }
    let parts: Vec<String> = (shapes.iter().zip(records))
        .map(|(shape, record)| match (shape, record) {
            (ArgShape::Array(a), Some(r)) => a.numba_type_of(&r.to_string()),
            (ArgShape::Array(a), None) => a.numba_type(),
            (ArgShape::Scalar(s), _) => s.ty.name().to_string(),
        })
        .collect();
    format!("void({})", parts.join(", "))
}

/// `float32[1000] = [0, 3, 6, ..., 2997]`: the first and last elements.
fn preview(shape: &ArrayShape, record: Option<RecordType>, data: &[u8]) -> String {
    let size = shape.elem.size() as usize;
    let n = data.len() / size.max(1);
    let show = |i: usize| {
        let item = &data[i * size..(i + 1) * size];
        match (record, shape.elem) {
            (_, ElemType::Scalar(s)) => format_elem(s, item),
            (Some(r), _) => {
                let fields: Vec<String> = (r.layout().fields.iter())
                    .map(|f| {
                        let at = f.offset as usize;
                        match f.ty.scalar() {
                            Some(s) => format_elem(s, &item[at..at + s.size() as usize]),
                            None => "...".to_string(),
                        }
                    })
                    .collect();
                format!("({})", fields.join(", "))
            }
            (None, _) => "(...)".to_string(),
        }
    };
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
        shape.elem,
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
        Scalar::F16 | Scalar::BF16 => format!("0x{bits:04x}"),
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
    fn previews_long_arrays() {
        let shape = ArrayShape::c_contiguous(Scalar::I32, &[10]);
        let data: Vec<u8> = (0..10i32).flat_map(|v| (v * 3).to_le_bytes()).collect();
        assert_eq!(
            preview(&shape, None, &data),
            "int32[10] = [0, 3, 6, ..., 24, 27]"
        );
    }
}
