//! Lowers every program of the type-checker corpus to IR, runs the IR
//! verifier on the result, checks that the text form round-trips, and
//! compares the printed IR with its snapshot (`NN_name.ir` beside the
//! program; `KERNELC_BLESS=1` rewrites them after an intended change).

use kernelc_compiler::check;
use kernelc_compiler::ir::parse::parse_module;
use kernelc_compiler::ir::verifier::verify_module;
use kernelc_compiler::ir::write::write_module;
use kernelc_compiler::ir::{self, ControlFlowGraph, DominatorTree};
use kernelc_compiler::lower::lower_program;

mod common;
use common::options_of;
use common::snapshots::Snapshots;

/// Block terminators, branch arities and dominance of uses.
fn check_structure(m: &ir::Module) -> Result<(), String> {
    for (_, f) in m.functions.iter() {
        let cfg = ControlFlowGraph::compute(f);
        let dt = DominatorTree::compute(f, &cfg);
        for &b in f.layout.blocks() {
            let insts = f.layout.block_insts(b);
            let Some(&last) = insts.last() else {
                return Err(format!("{}: {b} is empty", f.name));
            };
            if !f.dfg.inst(last).opcode().is_terminator() {
                return Err(format!("{}: {b} does not end in a terminator", f.name));
            }
            for &i in &insts[..insts.len() - 1] {
                if f.dfg.inst(i).opcode().is_terminator() {
                    return Err(format!("{}: terminator in the middle of {b}", f.name));
                }
            }
            for &i in insts {
                for dest in f.dfg.inst(i).branch_destinations() {
                    let args = f.dfg.block_call_args(dest);
                    let params = f.dfg.block_params(dest.block);
                    if args.len() != params.len() {
                        return Err(format!(
                            "{}: {i} passes {} args to {} with {} params",
                            f.name,
                            args.len(),
                            dest.block,
                            params.len()
                        ));
                    }
                    for (a, p) in args.iter().zip(params) {
                        if f.dfg.value_type(*a) != f.dfg.value_type(*p) {
                            return Err(format!("{}: {i}: arg {a} type differs from {p}", f.name));
                        }
                    }
                }
                if !dt.is_reachable(b) {
                    continue;
                }
                for a in f.dfg.inst_args(i) {
                    let def_block = match f.dfg.value_def(a) {
                        ir::ValueDef::Result(d, _) => f.layout.inst_block(d),
                        ir::ValueDef::Param(pb, _) => Some(pb),
                    };
                    let Some(db) = def_block else {
                        return Err(format!(
                            "{}: {i} uses {a} whose definition is not laid out",
                            f.name
                        ));
                    };
                    if !dt.dominates(db, b) {
                        return Err(format!(
                            "{}: {i} in {b} uses {a} defined in {db}, which does not dominate it",
                            f.name
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

#[test]
fn every_corpus_program_lowers_to_well_formed_ir() {
    let mut snapshots = Snapshots::new();
    let mut kernels = 0;
    for path in common::accept_corpus() {
        let source = std::fs::read_to_string(&path).unwrap();
        let mut text = String::new();
        for o in options_of(&source) {
            let checked = check("k.py", &source, &o);
            assert!(!checked.has_errors(), "{}", checked.render_diagnostics());
            let module = lower_program(&checked.program);
            kernels += module
                .functions
                .iter()
                .filter(|(_, f)| f.kind == ir::FuncKind::Kernel)
                .count();
            if let Err(e) = check_structure(&module) {
                snapshots.fail(format!("{}: {e}", path.display()));
            }
            if let Err(e) = verify_module(&module) {
                snapshots.fail(format!(
                    "{}: the verifier rejects the lowered IR:\n{e}",
                    path.display()
                ));
            }
            let printed = write_module(&module);
            match parse_module(&printed) {
                Ok(parsed) if write_module(&parsed) == printed => {}
                Ok(_) => snapshots.fail(format!(
                    "{}: the IR text does not round-trip",
                    path.display()
                )),
                Err(e) => snapshots.fail(format!(
                    "{}: the printed IR does not parse: {e}",
                    path.display()
                )),
            }
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&printed);
        }
        snapshots.check(&path.with_extension("ir"), &text);
    }
    assert!(kernels >= 90, "only {kernels} kernels lowered");
    snapshots.finish();
}
