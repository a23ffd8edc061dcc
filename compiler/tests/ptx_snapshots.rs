//! PTX snapshots, two kinds:
//! - the PTX of the first 30 corpus programs (the tutorial kernels: vector
//!   add, matrix add, grid-stride loops, tiled matmul, reductions, atomics,
//!   stencils, scans, ...) at `-O2` for sm_80, compared with `NN_name.ptx`
//!   beside each program;
//! - IR-to-PTX file tests of the back end alone: each `tests/ir/ptx/*.kcir`
//!   is parsed, verified, has its math operations turned into library calls
//!   as the driver does, and is selected, allocated and written for sm_80,
//!   without optimisation; the text must equal `NAME.ptx` beside it (a new
//!   test is a `.kcir` file dropped in that folder, then blessed).
//!
//! `KERNELC_BLESS=1` rewrites the snapshots after an intended change; review
//! the diff like code. `tests/ptx_corpus.rs` assembles the file tests' PTX
//! with `ptxas`.

use kernelc_compiler::driver::{compile, CompileOptions, Stage};
use kernelc_compiler::ir::{parse_module, verify_module};
use kernelc_compiler::mathlib::{expand_math, Bodies, BuiltFunctions};
use kernelc_compiler::ptx::{emit_module, BackendBuffers, LibraryTexts, Target};

mod common;
use common::snapshots::{files, Snapshots};

#[test]
fn tutorial_kernels_match_their_ptx_snapshots() {
    let files: Vec<_> = (files("tests/check/accept", "py").into_iter())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            // The number before the first `_` (`7_…`, `30_…`, not `119_…`).
            let number = name.split('_').next().unwrap_or("");
            number.parse::<u32>().is_ok_and(|n| n <= 30)
        })
        .collect();
    assert!(files.len() >= 20, "only {} snapshot programs", files.len());
    let mut snapshots = Snapshots::new();
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        let compiled = compile(
            "k.py",
            &source,
            &CompileOptions {
                stage: Stage::Ptx,
                ..Default::default()
            },
        )
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            !compiled.checked.has_errors(),
            "{}",
            compiled.checked.render_diagnostics()
        );
        let ptx = compiled.ptx.expect("PTX was produced");
        snapshots.check(&path.with_extension("ptx"), &ptx);
    }
    snapshots.finish();
}

#[test]
fn ir_file_tests_match_their_ptx() {
    let files = files("tests/ir/ptx", "kcir");
    assert!(
        files.len() >= 5,
        "only {} IR-to-PTX file tests",
        files.len()
    );
    let mut snapshots = Snapshots::new();
    let mut texts = LibraryTexts::new();
    let mut built = BuiltFunctions::default();
    let mut buffers = BackendBuffers::default();
    for path in files {
        let name = path.display();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut module = parse_module(&text).unwrap_or_else(|e| panic!("{name}:{e}"));
        if let Err(e) = verify_module(&module) {
            panic!("{name}: the input does not verify:\n{e}");
        }
        let fastmath = module.functions.iter().any(|(_, f)| f.fastmath);
        expand_math(&mut module, fastmath, Bodies::Declared);
        let target = Target::default();
        let written = (texts.bodies_for(&module, target, &mut built, &mut buffers))
            .and_then(|library| emit_module(&module, target, None, &library));
        match written {
            Ok(ptx) => snapshots.check(&path.with_extension("ptx"), &ptx),
            Err(e) => snapshots.fail(format!("{name}: {e}")),
        }
    }
    snapshots.finish();
}

/// The PTX of a `debug` kernel that raises (`tests/ptx/raise_debug.py`,
/// sm_80): the exception record, the table of raise sites, and each raise
/// a compare-and-swap of its code then stores of `tid` and `ctaid` before
/// `exit`, never a `trap` (which would lose a GPU's context).
#[test]
fn a_raise_in_a_debug_kernel_records_the_exception() {
    let path = std::path::Path::new("tests/ptx/raise_debug.py");
    let source = std::fs::read_to_string(path).unwrap();
    let compiled = compile(
        "k.py",
        &source,
        &CompileOptions {
            stage: Stage::Ptx,
            ..Default::default()
        },
    )
    .unwrap();
    assert!(
        !compiled.checked.has_errors(),
        "{}",
        compiled.checked.render_diagnostics()
    );
    let ptx = compiled.ptx.expect("PTX was produced");
    assert!(ptx.contains(".visible .global .align 4 .u32 __kc_exc[8];"));
    assert!(ptx.contains("atom.global.cas.b32"));
    // File, then (line, text) per site, each ended by a NUL.
    let table: Vec<u8> = b"k.py\x0011\x00ValueError: bad value\x0013\x00IndexError\x00".to_vec();
    let list = table
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    assert!(
        ptx.contains(&format!("__kc_exc_sites[{}] = {{{list}}};", table.len())),
        "{ptx}"
    );
    let mut snapshots = Snapshots::new();
    snapshots.check(&path.with_extension("ptx"), &ptx);
    snapshots.finish();
}
