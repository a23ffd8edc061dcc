//! `kernelc`: the command-line face of the compiler.
//!
//! Subcommands:
//! - `kernelc check FILE.py [--kernel NAME] [--sig SIG] [--emit ast|types]
//!   [--const NAME=FILE.npy|NAME=DTYPE[SHAPE] ...]`: parse and type-check
//!   a kernel file; prints `ok` (or the requested dump) and exits 0, or
//!   prints diagnostics on stderr and exits 1.
//! - `kernelc compile FILE.py [--kernel NAME] [--sig SIG] [--emit ptx|ir|meta]
//!   [-O0|-O2] [--arch sm_80] [--const ...] [--timings] [-o OUT]`: compile
//!   to the mid-IR or to PTX (all kernels with a decorator signature, or the
//!   one named).
//!
//! - `kernelc run FILE.py|FILE.ptx --kernel NAME [--sig SIG] --grid X[,Y[,Z]]
//!   --block X[,Y[,Z]] [--shared BYTES] [--device cpu|gpu|auto] [--const
//!   NAME=FILE.npy ...] [--out DIR] [-O0|-O2] [--check|--no-check]
//!   [--workers N] [--timeout SECONDS] [--timings] ARG...`: compile and run
//!   a kernel (stopped with an error after SECONDS on the CPU device); each ARG
//!   is a `.npy` file or a typed scalar (`f32:0.5`, `i64:-3`, `bool:true`);
//!   the arrays it may write are saved as `DIR/<position>.npy`.
//! - `kernelc devices`: list the devices that can run kernels.
//!
//! Exit codes: 0 success, 1 the program has errors, 2 bad command line or
//! unreadable input.

mod args;
mod check;
mod compile;
mod consts;
mod devices;
mod npy;
mod run;

use std::process::ExitCode;

const USAGE: &str = "usage: kernelc <command> [options]

commands:
  check FILE.py [--kernel NAME] [--sig \"SIG\"] [--emit ast|types]
                [--const NAME=FILE.npy | --const NAME=DTYPE[SHAPE] ...]
      parse and type-check a kernel file; print `ok` or the requested dump
  compile FILE.py [--kernel NAME] [--sig \"SIG\"] [--emit ptx|ir|meta] [-O0|-O2]
                  [--arch sm_80] [--const ...] [--timings] [-o OUT]
      compile to PTX (default), to the mid-IR, or print each kernel's
      parameters with read/write metadata as JSON; stdout without -o
  run FILE.py|FILE.ptx --kernel NAME [--sig \"SIG\"] --grid X[,Y[,Z]] --block X[,Y[,Z]]
                  [--shared BYTES] [--device cpu|gpu|auto] [--const NAME=FILE.npy ...]
                  [--out DIR] [-O0|-O2] [--check|--no-check] [--workers N]
                  [--timeout SECONDS] [--timings] ARG...
      compile and run a kernel; each ARG is an array (FILE.npy) or a typed
      scalar (f32:0.5, i32:7, i64:-3, u8:1, f64:2.5, bool:true); the arrays
      the kernel may write are saved as DIR/<position>.npy; --check makes
      the CPU device report races, shared/local overruns and divergent
      barriers (the default for debug=True or boundscheck=True kernels);
      --timeout stops a launch on the CPU device that runs longer (exit 1)
  devices
      list the devices that can run kernels

options for every command:
  -h, --help    show this help
  -V, --version show the version";

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
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some(command) = argv.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &argv[1..];
    let result = match command.as_str() {
        "check" => check::run(rest),
        "compile" => compile::run(rest),
        "run" => run::run(rest),
        "devices" => devices::run(rest),
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        "-V" | "--version" => {
            println!("kernelc {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        other => Err(args::UsageError(format!("unknown command '{other}'"))),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("kernelc: {}\n\n{USAGE}", e.0);
            ExitCode::from(2)
        }
    }
}
