//! The whole pipeline for one source file: type checking, lowering to the
//! mid-IR, optimisation, math-library expansion and PTX emission, with the
//! time each phase took (measured in-process, for `--timings`).

use crate::ir::{self, verifier::verify_module};
use crate::lower::lower_program;
use crate::mathlib::expand_math;
use crate::opt::{optimize, OptLevel};
use crate::ptx::{self, Target};
use crate::sema::{check, CheckOptions, Checked};
use std::time::{Duration, Instant};

/// How far to take a compilation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// Stop after lowering and optimisation (the IR).
    Ir,
    /// Go all the way to PTX text.
    Ptx,
}

/// Options of a compilation.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// Which kernel(s), signature and constant arrays (as for `check`).
    pub check: CheckOptions,
    /// `-O0` or `-O2`.
    pub opt: OptLevel,
    /// The `sm_XX` target.
    pub target: Target,
    /// Where to stop.
    pub stage: Stage,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            check: CheckOptions::default(),
            opt: OptLevel::O2,
            target: Target::default(),
            stage: Stage::Ptx,
        }
    }
}

/// The result of a compilation.
pub struct Compiled {
    /// The front end's result (with its diagnostics).
    pub checked: Checked,
    /// The IR module (absent when the program has errors).
    pub ir: Option<ir::Module>,
    /// The PTX text (when asked for and the program has no errors).
    pub ptx: Option<String>,
    /// Time per phase, in pipeline order.
    pub timings: Vec<(&'static str, Duration)>,
}

/// A failure after type checking (a compiler limitation, never a user
/// error: those are diagnostics in [`Compiled::checked`]).
#[derive(Clone, Debug, PartialEq)]
pub struct CompileError(pub String);

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Compiles `source` (named `file_name` in diagnostics).
pub fn compile(
    file_name: &str,
    source: &str,
    options: &CompileOptions,
) -> Result<Compiled, CompileError> {
    let mut timings = Vec::new();
    let t = Instant::now();
    let checked = check(file_name, source, &options.check);
    timings.push(("parse+types", t.elapsed()));
    let mut out = Compiled {
        checked,
        ir: None,
        ptx: None,
        timings,
    };
    if out.checked.has_errors() {
        return Ok(out);
    }
    let t = Instant::now();
    let mut module = lower_program(&out.checked.program);
    out.timings.push(("lowering", t.elapsed()));
    let t = Instant::now();
    optimize(&mut module, options.opt);
    out.timings.push(("passes", t.elapsed()));
    if cfg!(debug_assertions) {
        if let Err(e) = verify_module(&module) {
            return Err(CompileError(format!(
                "internal error: the optimised IR does not verify:\n{e}"
            )));
        }
    }
    if options.stage == Stage::Ptx {
        let t = Instant::now();
        let fastmath = module.functions.iter().any(|(_, f)| f.fastmath);
        expand_math(&mut module, fastmath);
        out.timings.push(("math library", t.elapsed()));
        if ptx::has_math_library_ops(&module) {
            return Err(CompileError(
                "this kernel uses a math function the math library does not implement yet".into(),
            ));
        }
        let t = Instant::now();
        let text = ptx::emit_module(&module, options.target).map_err(|e| CompileError(e.0))?;
        out.timings.push(("isel+regalloc+emission", t.elapsed()));
        out.ptx = Some(text);
    }
    out.ir = Some(module);
    Ok(out)
}
