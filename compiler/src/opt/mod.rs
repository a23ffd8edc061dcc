//! Mid-IR optimisation passes and the pipeline that runs them.
//!
//! One file per pass, each with its transformation and safety conditions
//! in its module doc:
//! - [`copyprop`]: resolve aliases, fold block parameters that always
//!   receive the same value;
//! - [`constfold`]: fold operations on constants, branches on constants;
//! - [`simplify_cfg`]: drop unreachable blocks, merge straight-line blocks,
//!   thread jumps through empty blocks;
//! - [`inline`]: inline small device functions (module-wide);
//! - [`gvn`]: dominator-based value numbering of pure instructions;
//! - [`licm`]: hoist loop-invariant pure instructions into preheaders;
//! - [`strength`]: pointer induction variables for array addressing, and
//!   `sextend` of provably non-negative values turned into `uextend`;
//! - [`dce`]: remove unused pure instructions and block parameters.
//!
//! Passes keep the function in SSA form: a value replaced by another is
//! turned into an alias (`DataFlowGraph::change_to_alias`), and
//! [`copyprop`] rewrites the operands to the originals.

pub mod constfold;
pub mod copyprop;
pub mod dce;
pub mod gvn;
pub mod inline;
pub mod licm;
pub mod simplify_cfg;
pub mod strength;
#[cfg(test)]
pub(crate) mod testutil;
pub(crate) mod util;

use crate::ir::{verify_function, verify_module, Function, Module};

/// How hard to optimise.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum OptLevel {
    /// No optimisation: the IR is left exactly as lowered.
    O0,
    /// The full pipeline.
    #[default]
    O2,
}

/// A function pass, by name (for the verifier's messages and for tests).
pub type FunctionPass = (&'static str, fn(&mut Function));

/// The function passes of one O2 round, in order.
pub const O2_FUNCTION_PASSES: &[FunctionPass] = &[
    ("copyprop", copyprop::run),
    ("constfold", constfold::run),
    ("simplify_cfg", simplify_cfg::run),
    ("copyprop", copyprop::run),
    ("gvn", gvn::run),
    ("licm", licm::run),
    ("strength", strength::run),
    ("copyprop", copyprop::run),
    ("dce", dce::run),
];

/// Number of rounds of the O2 function pipeline (later rounds pick up what
/// the earlier ones exposed: folded branches, hoisted values, inlined code).
const O2_ROUNDS: usize = 2;

/// Every pass by name: the function passes, and `inline` (module-wide).
pub const PASS_NAMES: &[&str] = &[
    "constfold",
    "copyprop",
    "dce",
    "gvn",
    "inline",
    "licm",
    "simplify_cfg",
    "strength",
];

/// Runs one pass, by name, on `module` (a function pass on every function).
/// Returns `false` for an unknown name.
pub fn run_pass(module: &mut Module, name: &str) -> bool {
    let pass: fn(&mut Function) = match name {
        "inline" => {
            inline::run(module);
            return true;
        }
        "constfold" => constfold::run,
        "copyprop" => copyprop::run,
        "dce" => dce::run,
        "gvn" => gvn::run,
        "licm" => licm::run,
        "simplify_cfg" => simplify_cfg::run,
        "strength" => strength::run,
        _ => return false,
    };
    for (_, func) in module.functions.iter_mut() {
        pass(func);
    }
    true
}

/// Optimises every function of `module` at `level`.
pub fn optimize(module: &mut Module, level: OptLevel) {
    if level == OptLevel::O0 {
        return;
    }
    run_function_pipeline(module);
    inline::run(module);
    check_module(module, "inline");
    for _ in 0..O2_ROUNDS {
        run_function_pipeline(module);
    }
    check_module(module, "the O2 pipeline");
}

fn run_function_pipeline(module: &mut Module) {
    for (_, func) in module.functions.iter_mut() {
        for &(name, pass) in O2_FUNCTION_PASSES {
            pass(func);
            check_function(func, name);
        }
    }
}

/// Runs the IR verifier on a function after pass `pass`, in debug builds
/// (tests included): a pass that breaks an invariant fails loudly there.
fn check_function(func: &Function, pass: &str) {
    if cfg!(debug_assertions) {
        if let Err(e) = verify_function(func, None) {
            panic!("the IR does not verify after {pass}:\n{e}");
        }
    }
}

fn check_module(module: &Module, pass: &str) {
    if cfg!(debug_assertions) {
        if let Err(e) = verify_module(module) {
            panic!("the IR does not verify after {pass}:\n{e}");
        }
    }
}
