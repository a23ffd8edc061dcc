//! `kernelc`: the command-line face of the compiler.
//!
//! Subcommands (`kernelc help` and `kernelc <command> --help` list every
//! option; [`args`] defines them):
//! - `check FILE.py`: parse and type-check a kernel file; prints `ok` (or
//!   the requested dump), or diagnostics on stderr.
//! - `compile FILE.py`: compile to PTX, to the mid-IR, or print each
//!   kernel's parameters as JSON.
//! - `run FILE.py|FILE.ptx --grid X --block X ARG...`: compile and run a
//!   kernel; each ARG is a `.npy` file or a typed scalar (`f32:0.5`); the
//!   arrays it may write are saved as `DIR/<position>.npy` with `--out`.
//! - `devices`: list the devices that can run kernels.
//! - `completions SHELL`: print a shell completion script.
//!
//! Exit codes: 0 success, 1 the program or an input file has errors (one
//! line, `kernelc: ...`, or the program's diagnostics), 2 a malformed
//! command line (clap's message and usage).

mod args;
mod check;
mod compile;
mod consts;
mod devices;
mod npy;
mod run;
mod source;

use args::{Cli, Command};
use clap::{CommandFactory, Parser};
use std::process::ExitCode;

/// Why a subcommand stopped early.
#[derive(Debug)]
pub enum Stop {
    /// An input cannot be read or an output written, a device cannot be
    /// opened, a launch failed: exit 1.
    Failed(String),
    /// The command line does not say enough (e.g. which of several kernels
    /// to run): exit 2.
    Usage(String),
}

impl From<String> for Stop {
    fn from(message: String) -> Stop {
        Stop::Failed(message)
    }
}

/// Rust ignores SIGPIPE, so printing into a closed pipe
/// (`kernelc compile k.py | head`) would panic; like every Unix tool,
/// `kernelc` should just end quietly instead.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: resetting a signal's disposition to its default at start-up,
    // before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    restore_sigpipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with exit 0, mistakes to
            // stderr with exit 2.
            let _ = e.print();
            return ExitCode::from(e.exit_code().clamp(0, 255) as u8);
        }
    };
    let result = match &cli.command {
        Command::Check(a) => check::run(a).map_err(Stop::Failed),
        Command::Compile(a) => compile::run(a).map_err(Stop::Failed),
        Command::Run(a) => run::run(a),
        Command::Devices => devices::run().map_err(Stop::Failed),
        Command::Completions { shell } => {
            clap_complete::generate(
                *shell,
                &mut Cli::command(),
                "kernelc",
                &mut std::io::stdout(),
            );
            Ok(ExitCode::SUCCESS)
        }
    };
    match result {
        Ok(code) => code,
        Err(Stop::Failed(message)) => {
            eprintln!("kernelc: {message}");
            ExitCode::from(1)
        }
        Err(Stop::Usage(message)) => {
            eprintln!("kernelc: error: {message}");
            ExitCode::from(2)
        }
    }
}
