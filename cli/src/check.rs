//! `kernelc check`: parse and type-check a kernel file.

use crate::args::{CheckArgs, CheckEmit};
use crate::consts::declare_all;
use crate::source::read_text;
use kernelc_compiler::front::ast_dump::dump_module;
use kernelc_compiler::sema::dump::dump_program;
use kernelc_compiler::{check, CheckOptions};
use std::process::ExitCode;

/// Runs the subcommand. `Err` is a message for an input that cannot be
/// read (exit 1); a program with errors prints its diagnostics and exits 1.
pub fn run(args: &CheckArgs) -> Result<ExitCode, String> {
    let file = args.source.file.as_str();
    let source = read_text(file)?;
    let options = CheckOptions {
        kernel: args.source.kernel.clone(),
        signature: args.source.sig.clone(),
        const_arrays: declare_all(&args.source.consts)?,
        global_arrays: args.source.globals.clone(),
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
    match args.emit {
        Some(CheckEmit::Ast) => print!("{}", dump_module(&checked.module, &checked.files)),
        Some(CheckEmit::Types) => print!("{}", dump_program(&checked.program)),
        None => {
            for name in &checked.unsigned {
                eprintln!("note: '{name}' has no signature: parsed and name-checked only");
            }
            println!("ok");
        }
    }
    Ok(ExitCode::SUCCESS)
}
