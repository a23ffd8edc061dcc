//! `kernelc compile`: compile a kernel file to the mid-IR or to PTX.

use crate::args::{CompileArgs, CompileEmit, ExportAbi};
use crate::consts::declare_all;
use crate::source::read_text;
use kernelc_compiler::driver::{compile, kernels_json, CompileOptions, Export, Stage};
use kernelc_compiler::ir::write::write_module;
use kernelc_compiler::ir::ExternAbi;
use kernelc_compiler::CheckOptions;
use std::process::ExitCode;
use std::time::Duration;

/// Runs the subcommand. `Err` is a message for an input that cannot be
/// read or an output that cannot be written (exit 1); a program with
/// errors prints its diagnostics and exits 1.
pub fn run(args: &CompileArgs) -> Result<ExitCode, String> {
    let file = args.source.file.as_str();
    let source = read_text(file)?;
    let stage = match args.emit {
        CompileEmit::Ptx => Stage::Ptx,
        CompileEmit::Ir | CompileEmit::Meta => Stage::Ir,
    };
    let options = CompileOptions {
        check: CheckOptions {
            kernel: args.source.kernel.clone(),
            signature: args.source.sig.clone(),
            const_arrays: declare_all(&args.source.consts)?,
            global_arrays: args.source.globals.clone(),
        },
        opt: args.opt.level(),
        fma: true,
        target: args.arch,
        stage,
        export: args.export.map(|abi| Export {
            abi: match abi {
                ExportAbi::Numba => ExternAbi::Numba,
                ExportAbi::C => ExternAbi::C,
            },
            name: args.export_name.clone(),
        }),
        launch_bounds: args.launch_bounds,
        lineinfo: args.lineinfo,
    };
    let compiled = match compile(file, &source, &options) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("kernelc: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    if !compiled.checked.diagnostics.is_empty() {
        eprint!("{}", compiled.checked.render_diagnostics());
    }
    if compiled.checked.has_errors() {
        let n = compiled
            .checked
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .count();
        eprintln!(
            "kernelc: {n} error{} in {file}",
            if n == 1 { "" } else { "s" }
        );
        return Ok(ExitCode::from(1));
    }
    if compiled.checked.program.kernels.is_empty() && args.export.is_none() {
        eprintln!("kernelc: nothing to compile: no kernel has a signature (give one with --kernel NAME --sig \"SIG\")");
        return Ok(ExitCode::from(1));
    }
    let text = match args.emit {
        CompileEmit::Meta => kernels_json(&compiled.kernels),
        CompileEmit::Ir => write_module(compiled.ir.as_ref().expect("IR was built")),
        CompileEmit::Ptx => compiled.ptx.clone().expect("PTX was built"),
    };
    match args.output.as_deref() {
        Some(path) => {
            std::fs::write(path, &text).map_err(|e| format!("cannot write '{path}': {e}"))?
        }
        None => print!("{text}"),
    }
    if args.timings {
        let mut total = Duration::ZERO;
        for (phase, d) in &compiled.timings {
            eprintln!("{phase}: {}", human(*d));
            total += *d;
        }
        eprintln!("total: {}", human(total));
    }
    Ok(ExitCode::SUCCESS)
}

/// `12.3 us`-style durations.
pub fn human(d: Duration) -> String {
    let ns = d.as_nanos();
    if ns < 10_000 {
        format!("{ns} ns")
    } else if ns < 10_000_000 {
        format!("{:.1} us", ns as f64 / 1e3)
    } else if ns < 10_000_000_000 {
        format!("{:.1} ms", ns as f64 / 1e6)
    } else {
        format!("{:.1} s", ns as f64 / 1e9)
    }
}
