//! `kernelc compile`: compile a kernel file to the mid-IR or to PTX.

use crate::args::{Args, UsageError};
use crate::consts::parse_const;
use kernelc_compiler::driver::{compile, kernels_json, CompileOptions, Stage};
use kernelc_compiler::ir::write::write_module;
use kernelc_compiler::opt::OptLevel;
use kernelc_compiler::ptx::Target;
use kernelc_compiler::CheckOptions;
use std::process::ExitCode;
use std::time::Duration;

/// Runs the subcommand.
pub fn run(argv: &[String]) -> Result<ExitCode, UsageError> {
    let mut opt = OptLevel::O2;
    let mut timings = false;
    let mut output = None;
    let mut rest = Vec::new();
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-O0" => opt = OptLevel::O0,
            "-O2" => opt = OptLevel::O2,
            "--timings" => timings = true,
            "-o" => {
                let path = it
                    .next()
                    .ok_or_else(|| UsageError("option '-o' needs a file name".into()))?;
                output = Some(path.clone());
            }
            _ => rest.push(a.clone()),
        }
    }
    let args = Args::parse(&rest, &["kernel", "sig", "emit", "const", "arch"])?;
    let file = args.one_file()?;
    let source = std::fs::read_to_string(file)
        .map_err(|e| UsageError(format!("cannot read '{file}': {e}")))?;
    let emit = args.get("emit").unwrap_or("ptx");
    let stage = match emit {
        "ptx" => Stage::Ptx,
        "ir" | "meta" => Stage::Ir,
        other => {
            return Err(UsageError(format!(
                "--emit expects 'ptx', 'ir' or 'meta', got '{other}'"
            )))
        }
    };
    let target = match args.get("arch") {
        Some(a) => Target::parse(a).map_err(UsageError)?,
        None => Target::default(),
    };
    let options = CompileOptions {
        check: CheckOptions {
            kernel: args.get("kernel").map(str::to_string),
            signature: args.get("sig").map(str::to_string),
            const_arrays: args
                .all("const")
                .into_iter()
                .map(parse_const)
                .collect::<Result<_, _>>()?,
        },
        opt,
        target,
        stage,
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
    if compiled.checked.program.kernels.is_empty() {
        eprintln!("kernelc: nothing to compile: no kernel has a signature (give one with --kernel NAME --sig \"SIG\")");
        return Ok(ExitCode::from(1));
    }
    let text = match (emit, stage) {
        ("meta", _) => kernels_json(&compiled.kernels),
        (_, Stage::Ir) => write_module(compiled.ir.as_ref().expect("IR was built")),
        (_, Stage::Ptx) => compiled.ptx.clone().expect("PTX was built"),
    };
    match output.as_deref() {
        Some(path) => std::fs::write(path, &text)
            .map_err(|e| UsageError(format!("cannot write '{path}': {e}")))?,
        None => print!("{text}"),
    }
    if timings {
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
