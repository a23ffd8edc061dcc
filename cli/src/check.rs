//! `kernelc check`: parse and type-check a kernel file.

use crate::args::{Args, UsageError};
use crate::consts::parse_const;
use kernelc_compiler::front::ast_dump::dump_module;
use kernelc_compiler::sema::dump::dump_program;
use kernelc_compiler::{check, CheckOptions};
use std::process::ExitCode;

/// Runs the subcommand.
pub fn run(argv: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(argv, &["kernel", "sig", "emit", "const"])?;
    let file = args.one_file()?;
    let source = std::fs::read_to_string(file)
        .map_err(|e| UsageError(format!("cannot read '{file}': {e}")))?;
    let emit = args.get("emit");
    if let Some(e) = emit {
        if e != "ast" && e != "types" {
            return Err(UsageError(format!(
                "--emit expects 'ast' or 'types', got '{e}'"
            )));
        }
    }
    let options = CheckOptions {
        kernel: args.get("kernel").map(str::to_string),
        signature: args.get("sig").map(str::to_string),
        const_arrays: args
            .all("const")
            .into_iter()
            .map(parse_const)
            .collect::<Result<_, _>>()?,
    };
    let checked = check(file, &source, &options);
    if !checked.diagnostics.is_empty() {
        eprint!("{}", checked.render_diagnostics());
    }
    if checked.has_errors() {
        let n = checked.diagnostics.iter().filter(|d| d.is_error()).count();
        eprintln!(
            "kernelc: {n} error{} in {file}",
            if n == 1 { "" } else { "s" }
        );
        return Ok(ExitCode::from(1));
    }
    match emit {
        Some("ast") => print!("{}", dump_module(&checked.module, &checked.files)),
        Some(_) => print!("{}", dump_program(&checked.program)),
        None => {
            for name in &checked.unsigned {
                eprintln!("note: '{name}' has no signature: parsed and name-checked only");
            }
            println!("ok");
        }
    }
    Ok(ExitCode::SUCCESS)
}
