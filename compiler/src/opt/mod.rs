//! Mid-IR optimisation passes and the pipeline that runs them.
//!
//! One file per pass, each with its transformation and safety conditions
//! in its module doc:
//! - [`copyprop`]: resolve aliases, fold block parameters that always
//!   receive the same value;
//! - [`constfold`]: fold operations on constants, branches on constants;
//! - [`ifconv`]: turn a branch around a few pure instructions (`a and b`)
//!   into straight-line code and selects;
//! - [`simplify_cfg`]: drop unreachable blocks, merge straight-line blocks,
//!   thread jumps through empty blocks;
//! - [`inline`]: inline small device functions (module-wide);
//! - [`gvn`]: dominator-based value numbering of pure instructions;
//! - [`licm`]: hoist loop-invariant pure instructions into preheaders;
//! - [`strength`]: pointer induction variables for array addressing, and
//!   `sextend` of provably non-negative values turned into `uextend`;
//! - [`dce`]: remove unused pure instructions and block parameters;
//! - [`contract`]: fuse `a * b + c` into one multiply-add where Numba's
//!   compiler does. Not part of the pipeline, which preserves results: the
//!   driver runs it after the pipeline at `-O2` ([`contract_in`]).
//!
//! The pipeline hands each pass the function's control-flow analyses as
//! far as they are still valid ([`Analyses`]), so that passes which do not
//! change the CFG share one computation of it.
//!
//! The optimiser has a work budget, [`FUEL`]: an input that would exceed
//! it is left less optimised (see [`optimize_with_fuel`]) rather than
//! compiling for minutes.
//!
//! Passes keep the function in SSA form: a value replaced by another is
//! turned into an alias (`DataFlowGraph::change_to_alias`), and
//! [`copyprop`] rewrites the operands to the originals.

pub mod analyses;
pub mod constfold;
pub mod contract;
pub mod copyprop;
pub mod dce;
pub mod gvn;
pub mod ifconv;
pub mod inline;
pub mod licm;
pub mod simplify_cfg;
pub mod strength;
#[cfg(test)]
pub(crate) mod testutil;
pub(crate) mod util;

pub use analyses::{Analyses, AnalysesPool};

use crate::ir::{verify_function, verify_module, write_function, Function, Module, Value};

/// How hard to optimise.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum OptLevel {
    /// No optimisation: the IR is left exactly as lowered.
    O0,
    /// The full pipeline.
    #[default]
    O2,
}

/// A function pass, by name (for the verifier's messages and for tests),
/// given the analyses of the function still valid from earlier passes.
pub type FunctionPass = (&'static str, fn(&mut Function, &mut Analyses));

// Every function pass, named once; the lists below are made of these.
const CONSTFOLD: FunctionPass = ("constfold", constfold::run_with);
const COPYPROP: FunctionPass = ("copyprop", copyprop::run_with);
const DCE: FunctionPass = ("dce", dce::run_with);
const GVN: FunctionPass = ("gvn", gvn::run_with);
const IFCONV: FunctionPass = ("ifconv", ifconv::run_with);
const LICM: FunctionPass = ("licm", licm::run_with);
const SIMPLIFY_CFG: FunctionPass = ("simplify_cfg", simplify_cfg::run_with);
const STRENGTH: FunctionPass = ("strength", strength::run_with);

/// Every function pass, in name order (see [`run_pass`]).
pub const FUNCTION_PASSES: &[FunctionPass] = &[
    CONSTFOLD,
    COPYPROP,
    DCE,
    GVN,
    IFCONV,
    LICM,
    SIMPLIFY_CFG,
    STRENGTH,
];

/// The module pass's name (see [`run_pass`]).
pub const INLINE: &str = "inline";

/// The function passes of one O2 round, in order.
pub const O2_FUNCTION_PASSES: &[FunctionPass] = &[
    COPYPROP,
    CONSTFOLD,
    IFCONV,
    SIMPLIFY_CFG,
    // No copyprop here: gvn keys on operands with aliases resolved, and
    // the copyprop after strength folds what block merging made uniform.
    GVN,
    LICM,
    STRENGTH,
    COPYPROP,
    DCE,
];

/// The last round, after a function's last full round (the second on
/// functions inlining changed, the first on the others): what that round's
/// closing `dce` exposed. Removing dead instructions can
/// leave blocks that only jump (threaded or merged by `simplify_cfg`), and
/// merged blocks can make block parameters uniform (`copyprop`), leaving
/// dead code again (`dce`). Constants and aliases are as the round's own
/// `constfold` and `copyprop` left them, so those do not run first. A
/// third full round found nothing more for `gvn`, `licm` and `strength` on
/// any corpus kernel, at about 9% of the compile time.
///
/// `copyprop` and `dce` run only when `simplify_cfg` changed the function:
/// otherwise it is as the round's closing `copyprop` and `dce` left it,
/// where they would change nothing (see [`optimize`]).
pub const O2_CLEANUP_PASSES: &[FunctionPass] = &[SIMPLIFY_CFG, COPYPROP, DCE];

/// The contraction pass's name (see [`run_pass`]); not among
/// [`pass_names`], as it changes results (see [`contract_in`]).
pub const CONTRACT: &str = "contract";

/// Every pass that preserves behaviour, by name: the function passes, then
/// `inline` (module-wide).
pub fn pass_names() -> impl Iterator<Item = &'static str> {
    FUNCTION_PASSES
        .iter()
        .map(|&(name, _)| name)
        .chain([INLINE])
}

/// Runs one pass, by name, on `module` (a function pass on every function,
/// each from fresh analyses). Returns `false` for an unknown name.
pub fn run_pass(module: &mut Module, name: &str) -> bool {
    if name == INLINE {
        inline::run(module);
        return true;
    }
    if name == CONTRACT {
        for (_, func) in module.functions.iter_mut() {
            if !func.is_declaration() {
                contract::run_with(func, &mut Analyses::new());
            }
        }
        return true;
    }
    let Some(&(_, pass)) = FUNCTION_PASSES.iter().find(|(n, _)| *n == name) else {
        return false;
    };
    for (_, func) in module.functions.iter_mut() {
        if !func.is_declaration() {
            pass(func, &mut Analyses::new());
        }
    }
    true
}

/// Optimises every function of `module` at `level`: at `-O2` the full
/// function pipeline, inlining, the full pipeline again on the functions
/// inlining changed, then the cleanup round. Function passes see only their
/// own function, so each function goes through the second round and the
/// cleanup back to back, keeping its [`Analyses`] from pass to pass (and
/// from the first round, when inlining left the function alone).
///
/// A function inlining left alone (every kernel without device-function
/// calls) does not go through the full pipeline again, only through the
/// cleanup round. The second round exists for the code inlining brought in;
/// on the rest it is a second iteration the pipeline does not make anywhere
/// else. Measured when this was decided, on the 88 compilable kernels of
/// `tests/check/accept` at sm_80: SASS the same on 85, `max_abs_reduction`
/// 81 -> 69 instructions, `softmax_rows` 564 -> 570, `power` 1416 -> 1420;
/// and 6% of the compile time (the second round was a quarter of the
/// optimiser's cost).
///
/// The cleanup round's `copyprop` and `dce` are skipped when its
/// `simplify_cfg` changed nothing: on a function as `copyprop` followed by
/// `dce` left it, `copyprop` finds nothing (its operands are resolved and
/// `dce` makes no aliases; a parameter that was not uniform keeps the same
/// incoming values, `dce` only removing other parameters with their
/// arguments) and neither does `dce` (what it left is live). Debug builds
/// check it.
// Not inlined, so that profiles show the optimiser's cost as one figure.
#[inline(never)]
pub fn optimize(module: &mut Module, level: OptLevel) -> OptReport {
    optimize_with_fuel(module, level, FUEL)
}

/// The optimiser's work budget, in instructions visited: a round of
/// passes over a function costs its instruction count times the number of
/// passes, inlining per round the instruction count of each caller plus
/// the largest inlined callee's per call. At about 25 ns a unit in
/// a release build, a few seconds; kernels of a few MB of source stay
/// within it.
pub const FUEL: u64 = 100_000_000;

/// What the optimiser did not do.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptReport {
    /// The function whose optimisation would have exceeded the work
    /// budget; it and the work after it (inlining, later rounds) were
    /// skipped, leaving correct but less optimised code.
    pub out_of_fuel: Option<String>,
}

/// [`optimize`] with a work budget of `fuel` (see [`FUEL`]). The budget is
/// checked before each round of passes on a function and before inlining;
/// a step that would exceed it is skipped with everything after it, so the
/// functions are each as a whole round left them (or as lowered).
pub fn optimize_with_fuel(module: &mut Module, level: OptLevel, fuel: u64) -> OptReport {
    optimize_in(module, level, fuel, &mut AnalysesPool::default())
}

/// [`optimize_with_fuel`], with the analyses' buffers from (and given back
/// to) `pool`.
pub fn optimize_in(
    module: &mut Module,
    level: OptLevel,
    fuel: u64,
    pool: &mut AnalysesPool,
) -> OptReport {
    let mut report = OptReport::default();
    if level == OptLevel::O0 {
        return report;
    }
    let mut fuel = fuel;
    let mut take = |cost: u64, name: &str, report: &mut OptReport| {
        if report.out_of_fuel.is_some() {
            return false;
        }
        match fuel.checked_sub(cost) {
            Some(left) => {
                fuel = left;
                true
            }
            None => {
                report.out_of_fuel = Some(name.to_string());
                false
            }
        }
    };
    let round_cost = |func: &Function, passes: usize| func.inst_count() as u64 * passes as u64;
    // Each function's analyses as the first round left them: still valid
    // for the second round where inlining did not change the function.
    let mut kept: Vec<Analyses> = Vec::with_capacity(module.functions.len());
    for (_, func) in module.functions.iter_mut() {
        if func.is_declaration() {
            // Defined elsewhere (linked code): nothing to optimise.
            kept.push(Analyses::pooled(pool));
            continue;
        }
        if !take(
            round_cost(func, O2_FUNCTION_PASSES.len()),
            &func.name,
            &mut report,
        ) {
            break;
        }
        let mut analyses = Analyses::pooled(pool);
        run_passes(func, &mut analyses, O2_FUNCTION_PASSES);
        kept.push(analyses);
    }
    // A round of inlining visits each caller once and copies at most
    // `INLINE_THRESHOLD` instructions per call; the budget's function is
    // the one with the most of that work.
    let inline_cost = |f: &Function| {
        let calls = f.calls().count() as u64;
        if calls == 0 {
            return 0;
        }
        inline::MAX_ROUNDS as u64
            * (f.inst_count() as u64 + calls * inline::INLINE_THRESHOLD as u64)
    };
    let costs: Vec<(u64, &str)> = (module.functions.values())
        .map(|f| (inline_cost(f), f.name.as_str()))
        .collect();
    let total: u64 = costs.iter().map(|c| c.0).sum();
    let costliest = costs
        .iter()
        .max_by_key(|c| c.0)
        .map_or("", |c| c.1)
        .to_string();
    if report.out_of_fuel.is_some() || !take(total, &costliest, &mut report) {
        for analyses in kept {
            analyses.recycle(pool);
        }
        return report;
    }
    let inlined_into = inline::run(module);
    check_module(module, "inline");
    let [("simplify_cfg", _), cleanup_after_simplify_cfg @ ..] = O2_CLEANUP_PASSES else {
        unreachable!("the cleanup starts with simplify_cfg");
    };
    for ((f, func), mut analyses) in module.functions.iter_mut().zip(kept) {
        if func.is_declaration() {
            analyses.recycle(pool);
            continue;
        }
        let passes = O2_CLEANUP_PASSES.len()
            + if inlined_into[f] {
                O2_FUNCTION_PASSES.len()
            } else {
                0
            };
        if !take(round_cost(func, passes), &func.name, &mut report) {
            analyses.recycle(pool);
            continue;
        }
        if inlined_into[f] {
            analyses.invalidate();
            run_passes(func, &mut analyses, O2_FUNCTION_PASSES);
        } else {
            check_function(func, &analyses, "inline");
        }
        let changed = simplify_cfg::simplify(func, &mut analyses);
        check_function(func, &analyses, "simplify_cfg");
        if changed {
            run_passes(func, &mut analyses, cleanup_after_simplify_cfg);
        } else {
            check_no_change(func, cleanup_after_simplify_cfg);
        }
        analyses.recycle(pool);
    }
    check_module(module, "the O2 pipeline");
    report
}

/// Fuses the multiplies and additions of every function of `module` that
/// Numba's compiler fuses ([`contract`]), and removes the products left
/// dead ([`dce`]). Unlike the optimiser's passes, this changes results (one
/// rounding instead of two), so it is not part of [`optimize`], which
/// preserves them: the driver runs it after [`optimize_in`] at `-O2`, as
/// Numba's NVVM fuses at its default optimisation level and not at
/// `opt=False`.
pub fn contract_in(module: &mut Module, pool: &mut AnalysesPool) {
    for (_, func) in module.functions.iter_mut() {
        if func.is_declaration() {
            continue;
        }
        let mut analyses = Analyses::pooled(pool);
        if contract::run_with(func, &mut analyses) {
            check_function(func, &analyses, "contract");
            run_passes(func, &mut analyses, &[DCE]);
        }
        analyses.recycle(pool);
    }
    check_module(module, "contract");
}

/// Runs `passes`, in order, on `func`, keeping its analyses from pass to
/// pass.
fn run_passes(func: &mut Function, analyses: &mut Analyses, passes: &[FunctionPass]) {
    for &(name, pass) in passes {
        pass(func, analyses);
        check_function(func, analyses, name);
    }
}

/// In debug builds, panics unless `passes` leave `func` as it is (for the
/// runs the pipeline skips).
fn check_no_change(func: &Function, passes: &[FunctionPass]) {
    if cfg!(debug_assertions) {
        let mut copy = func.clone();
        run_passes(&mut copy, &mut Analyses::new(), passes);
        // The text, and the operands as they are (the text resolves aliases).
        let state = |f: &Function| {
            let operands: Vec<Vec<Value>> = f
                .layout
                .blocks()
                .iter()
                .flat_map(|&b| f.layout.block_insts(b))
                .map(|&i| f.dfg.inst_args(i))
                .collect();
            (write_function(f, None), operands)
        };
        let (before, after) = (state(func), state(&copy));
        assert!(
            before == after,
            "skipped passes would change:\n{}\n{}",
            before.0,
            after.0
        );
    }
}

/// Runs the IR verifier on a function after pass `pass`, and checks the
/// analyses it kept against fresh ones, in debug builds (tests included):
/// a pass that breaks an invariant fails loudly there.
fn check_function(func: &Function, analyses: &Analyses, pass: &str) {
    if cfg!(debug_assertions) {
        if let Err(e) = verify_function(func, None) {
            panic!("the IR does not verify after {pass}:\n{e}");
        }
        analyses.check(func, pass);
    }
}

fn check_module(module: &Module, pass: &str) {
    if cfg!(debug_assertions) {
        if let Err(e) = verify_module(module) {
            panic!("the IR does not verify after {pass}:\n{e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{AddrSpace, FuncBuilder, FuncKind, IntCC, Opcode, Signature, Type};

    /// `for i in range(n): a[i] = x * y` with a dead value and a branch on
    /// a constant in front of the loop.
    fn kernel() -> Module {
        let g = Type::Ptr(AddrSpace::Global);
        let mut f = Function::new(
            "k",
            FuncKind::Kernel,
            Signature {
                params: vec![g, Type::I64, Type::I32, Type::I32],
                returns: vec![],
            },
        );
        let mut b = FuncBuilder::new(&mut f);
        let (e, skip, pre, h, exit) = (
            b.create_block(),
            b.create_block(),
            b.create_block(),
            b.create_block(),
            b.create_block(),
        );
        let a = b.append_param(e, g);
        let n = b.append_param(e, Type::I64);
        let x = b.append_param(e, Type::I32);
        let y = b.append_param(e, Type::I32);
        let i = b.append_param(h, Type::I64);
        b.switch_to(e);
        let _dead = b.binary(Opcode::Imul, x, x);
        let t = b.iconst(Type::I1, 1);
        b.brif(t, pre, &[], skip, &[]);
        b.switch_to(skip);
        b.ret(&[]);
        b.switch_to(pre);
        let zero = b.iconst(Type::I64, 0);
        b.jump(h, &[zero]);
        b.switch_to(h);
        let v = b.binary(Opcode::Imul, x, y);
        let four = b.iconst(Type::I64, 4);
        let off = b.binary(Opcode::Imul, i, four);
        let p = b.ptr_add(a, off);
        b.store(p, v, 0);
        let one = b.iconst(Type::I64, 1);
        let next = b.binary(Opcode::Iadd, i, one);
        let c = b.icmp(IntCC::Slt, next, n);
        b.brif(c, h, &[next], exit, &[]);
        b.switch_to(exit);
        b.ret(&[]);
        let mut m = Module::new();
        m.functions.push(f);
        m
    }

    fn ops_of(m: &Module) -> Vec<Vec<Opcode>> {
        let f = m.functions.values().next().expect("one function");
        f.layout
            .blocks()
            .iter()
            .map(|&b| {
                f.layout
                    .block_insts(b)
                    .iter()
                    .map(|&i| f.dfg.inst(i).opcode())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn out_of_fuel_skips_the_rest_and_leaves_valid_code() {
        let lowered = ops_of(&kernel());
        // Not enough for the first round: the function stays as lowered.
        let mut m = kernel();
        let report = optimize_with_fuel(&mut m, OptLevel::O2, 10);
        assert_eq!(
            report.out_of_fuel.as_deref(),
            Some(m.functions.values().next().unwrap().name.as_str())
        );
        assert_eq!(ops_of(&m), lowered);
        // Enough for the first round only: optimised, and still valid.
        let n = kernel().functions.values().next().unwrap().inst_count() as u64;
        let mut m = kernel();
        let report = optimize_with_fuel(&mut m, OptLevel::O2, n * O2_FUNCTION_PASSES.len() as u64);
        assert!(report.out_of_fuel.is_some());
        assert_ne!(ops_of(&m), lowered);
        verify_module(&m).expect("the IR verifies");
        // The default budget is ample for it.
        let mut m = kernel();
        assert_eq!(optimize(&mut m, OptLevel::O2), OptReport::default());
    }

    #[test]
    fn o0_leaves_the_module_alone() {
        let mut m = kernel();
        let before = ops_of(&m);
        optimize(&mut m, OptLevel::O0);
        assert_eq!(ops_of(&m), before);
    }

    #[test]
    fn o2_folds_hoists_and_strength_reduces() {
        let mut m = kernel();
        optimize(&mut m, OptLevel::O2);
        let ops = ops_of(&m);
        eprintln!(
            "{}",
            write_function(m.functions.values().next().unwrap(), None)
        );
        // Entry (merged with the taken branch) and loop and exit remain.
        assert_eq!(ops.len(), 3, "{ops:?}");
        // x * y is computed once, before the loop; the dead x * x is gone.
        assert_eq!(ops[0].iter().filter(|&&o| o == Opcode::Imul).count(), 1);
        // The loop body: store through the pointer induction variable, the
        // counter update and its test, the pointer bump, the branch.
        assert_eq!(
            ops[1],
            vec![
                Opcode::Store,
                Opcode::Iadd,
                Opcode::Icmp,
                Opcode::PtrAdd,
                Opcode::Brif
            ]
        );
    }
}
