//! PTX snapshots: the PTX of the first 30 corpus programs (the tutorial
//! kernels: vector add, matrix add, grid-stride loops, tiled matmul,
//! reductions, atomics, stencils, scans, ...) at `-O2` for sm_80, compared
//! with `NN_name.ptx` beside each program. `KERNELC_BLESS=1` rewrites them
//! after an intended change; review the diff like code.

use kernelc_compiler::driver::{compile, CompileOptions, Stage};
use std::path::Path;

#[test]
fn tutorial_kernels_match_their_ptx_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/check/accept");
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name[..2].parse::<u32>().is_ok_and(|n| n <= 30)
        })
        .collect();
    files.sort();
    assert!(files.len() >= 20, "only {} snapshot programs", files.len());
    let bless = std::env::var_os("KERNELC_BLESS").is_some();
    let mut failures = Vec::new();
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
        let snap = path.with_extension("ptx");
        if bless {
            std::fs::write(&snap, &ptx).unwrap();
            continue;
        }
        match std::fs::read_to_string(&snap) {
            Ok(expected) if expected == ptx => {}
            Ok(_) => failures.push(format!(
                "{} differs (KERNELC_BLESS=1 to update)",
                snap.display()
            )),
            Err(_) => failures.push(format!(
                "{} is missing (KERNELC_BLESS=1 to create)",
                snap.display()
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
