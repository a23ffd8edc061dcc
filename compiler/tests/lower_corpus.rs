//! Lowers every program of the type-checker corpus to IR, runs the IR
//! verifier on the result, checks that the text form round-trips, and
//! compares the printed IR with its snapshot (`NN_name.ir` beside the
//! program; `KERNELC_BLESS=1` rewrites them after an intended change).

use kernelc_compiler::ir::parse::parse_module;
use kernelc_compiler::ir::verifier::verify_module;
use kernelc_compiler::ir::write::write_module;
use kernelc_compiler::ir::{self, ControlFlowGraph, DominatorTree};
use kernelc_compiler::lower::lower_program;
use kernelc_compiler::sema::typed::ConstArrayDecl;
use kernelc_compiler::types::Scalar;
use kernelc_compiler::{check, CheckOptions};
use std::path::Path;

fn options_of(source: &str) -> Vec<CheckOptions> {
    let mut common = CheckOptions::default();
    let mut runs = Vec::new();
    for line in source
        .lines()
        .take_while(|l| l.starts_with('#') || l.trim().is_empty())
    {
        let Some(rest) = line.strip_prefix("# kernelc:") else {
            continue;
        };
        let words: Vec<String> = shell_words(rest);
        let mut o = CheckOptions::default();
        let mut it = words.iter();
        while let Some(w) = it.next() {
            let v = it.next().unwrap().clone();
            match w.as_str() {
                "--kernel" => o.kernel = Some(v),
                "--sig" => o.signature = Some(v),
                "--const" => {
                    let (name, spec) = v.split_once('=').unwrap();
                    let (dtype, dims) = spec.split_once('[').unwrap();
                    common.const_arrays.push(ConstArrayDecl {
                        name: name.into(),
                        elem: Scalar::from_name(dtype).unwrap(),
                        shape: dims
                            .trim_end_matches(']')
                            .split(',')
                            .map(|d| d.trim().parse().unwrap())
                            .collect(),
                    });
                }
                _ => panic!("unknown option {w}"),
            }
        }
        if o.kernel.is_some() {
            runs.push(o);
        }
    }
    if runs.is_empty() {
        runs.push(CheckOptions::default());
    }
    for r in &mut runs {
        r.const_arrays = common.const_arrays.clone();
    }
    runs
}

fn shell_words(s: &str) -> Vec<String> {
    let mut words = Vec::new();
    let (mut cur, mut quoted, mut has) = (String::new(), false, false);
    for c in s.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                has = true;
            }
            c if c.is_whitespace() && !quoted => {
                if has {
                    words.push(std::mem::take(&mut cur));
                    has = false;
                }
            }
            c => {
                cur.push(c);
                has = true;
            }
        }
    }
    if has {
        words.push(cur);
    }
    words
}

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
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/check/accept");
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut kernels = 0;
    let bless = std::env::var_os("KERNELC_BLESS").is_some();
    for path in files {
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
                failures.push(format!("{}: {e}", path.display()));
            }
            if let Err(e) = verify_module(&module) {
                failures.push(format!(
                    "{}: the verifier rejects the lowered IR:\n{e}",
                    path.display()
                ));
            }
            let printed = write_module(&module);
            match parse_module(&printed) {
                Ok(parsed) if write_module(&parsed) == printed => {}
                Ok(_) => failures.push(format!(
                    "{}: the IR text does not round-trip",
                    path.display()
                )),
                Err(e) => failures.push(format!(
                    "{}: the printed IR does not parse: {e}",
                    path.display()
                )),
            }
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&printed);
        }
        let snap = path.with_extension("ir");
        if bless {
            std::fs::write(&snap, &text).unwrap();
        } else {
            match std::fs::read_to_string(&snap) {
                Ok(expected) if expected == text => {}
                Ok(_) => failures.push(format!(
                    "{} differs from the lowered IR (KERNELC_BLESS=1 to update)",
                    snap.display()
                )),
                Err(_) => failures.push(format!(
                    "{} is missing (KERNELC_BLESS=1 to create)",
                    snap.display()
                )),
            }
        }
    }
    assert!(kernels >= 90, "only {kernels} kernels lowered");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
