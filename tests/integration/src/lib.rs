//! Tests across the compiler and the runtime (test-only, not published).
//!
//! `kernelc-runtime` takes PTX and never depends on the compiler, not even
//! in its own tests; the tests that compile kernels with
//! `kernelc-compiler` and run them on the runtime's CPU device live in this
//! crate's `tests/` folder instead:
//!
//! - `corpus.rs`: every kernel of the compiler's accept corpus
//!   (`compiler/tests/check/accept/`) compiled at `-O0` and `-O2` and run
//!   on the CPU device, the two runs leaving the same bytes;
//! - `interp_vs_device.rs`: the same corpus run by the compiler's IR
//!   interpreter and, as PTX, by the CPU device, with the results compared;
//! - `source_lines.rs`: faults on the CPU device name the Python line.
//!
//! The library holds what those tests share: the corpus's file list.

use std::path::{Path, PathBuf};

/// The `.py` programs of the compiler's accept corpus, sorted by name.
pub fn accept_corpus() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../compiler/tests/check/accept");
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", root.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    files.sort();
    files
}
