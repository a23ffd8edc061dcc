//! File tests of the optimisation passes.
//!
//! `tests/ir/<pass>/<name>.kcir` is parsed and verified, the one pass
//! `<pass>` runs on it, the result must verify, and its printed form must
//! equal `<name>.expected` beside it. `KERNELC_BLESS=1` rewrites the
//! expected files instead (review every diff: an expected file states what
//! the pass must do, it is not a recording).

use kernelc_compiler::ir::{parse_module, verify_module, write_module};
use kernelc_compiler::opt::{optimize, pass_names, run_pass, OptLevel, CONTRACT};
use std::path::{Path, PathBuf};

mod common;
use common::snapshots::{files, Snapshots};

fn cases(pass: &str) -> Vec<PathBuf> {
    files(&format!("tests/ir/{pass}"), "kcir")
}

/// Runs `pass` on the file; returns the printed result.
fn run_case(pass: &str, path: &Path) -> String {
    let name = path.display();
    let text = std::fs::read_to_string(path).expect("readable");
    let mut m = parse_module(&text).unwrap_or_else(|e| panic!("{name}:{e}"));
    if let Err(e) = verify_module(&m) {
        panic!("{name}: the input does not verify:\n{e}");
    }
    assert!(run_pass(&mut m, pass), "unknown pass {pass}");
    if let Err(e) = verify_module(&m) {
        panic!("{name}: the output of {pass} does not verify:\n{e}");
    }
    let printed = write_module(&m);
    let again = parse_module(&printed).unwrap_or_else(|e| panic!("{name} (output):{e}"));
    assert_eq!(
        write_module(&again),
        printed,
        "{name}: output does not round-trip"
    );
    printed
}

#[test]
fn every_pass_output_matches_its_expected_file() {
    let mut snapshots = Snapshots::new();
    let mut count = 0;
    for pass in pass_names().chain([CONTRACT]) {
        let files = cases(pass);
        assert!(files.len() >= 5, "{pass}: expected at least 5 file tests");
        for path in files {
            count += 1;
            let got = run_case(pass, &path);
            snapshots.check(&path.with_extension("expected"), &got);
        }
    }
    assert!(count > 0);
    snapshots.finish();
}

/// The whole O2 pipeline on every sample and every pass input: the result
/// verifies (the pipeline also verifies after each pass in debug builds) and
/// prints and parses back.
#[test]
fn o2_pipeline_keeps_every_input_valid() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ir");
    let mut inputs: Vec<PathBuf> = cases("samples");
    for pass in pass_names() {
        inputs.extend(cases(pass));
    }
    assert!(root.exists());
    for path in inputs {
        let name = path.display();
        let text = std::fs::read_to_string(&path).expect("readable");
        let mut m = parse_module(&text).unwrap_or_else(|e| panic!("{name}:{e}"));
        optimize(&mut m, OptLevel::O2);
        if let Err(e) = verify_module(&m) {
            panic!("{name}: O2 output does not verify:\n{e}");
        }
        let printed = write_module(&m);
        parse_module(&printed).unwrap_or_else(|e| panic!("{name} (O2 output):{e}\n{printed}"));
    }
}

/// O2 on the vector-add sample: the bounds check and the three address
/// computations survive, nothing is duplicated, and O0 changes nothing.
#[test]
fn o2_on_vector_add() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ir/samples/vector_add.kcir");
    let text = std::fs::read_to_string(path).expect("readable");
    let mut m = parse_module(&text).expect("parses");
    let before = write_module(&m);
    optimize(&mut m, OptLevel::O0);
    assert_eq!(write_module(&m), before);
    optimize(&mut m, OptLevel::O2);
    let after = write_module(&m);
    assert_eq!(after.matches("ptr_add").count(), 3, "{after}");
    assert_eq!(after.matches("load.f32").count(), 2, "{after}");
    assert_eq!(after.matches("brif").count(), 1, "{after}");
}

/// Prints the O2 output of a file named by `KERNELC_O2_DUMP` (a debugging
/// aid; does nothing when the variable is unset).
#[test]
fn dump_o2_output_on_request() {
    let Some(path) = std::env::var_os("KERNELC_O2_DUMP") else {
        return;
    };
    let text = std::fs::read_to_string(&path).expect("readable");
    let mut m = parse_module(&text).expect("parses");
    optimize(&mut m, OptLevel::O2);
    println!("{}", write_module(&m));
}
