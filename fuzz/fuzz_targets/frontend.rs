//! Fuzz target: lexer + parser + name resolution + type inference +
//! diagnostic rendering on arbitrary bytes. Run with
//! `cargo +nightly fuzz run frontend fuzz/seeds` from the repository root
//! (seeds: the files of `compiler/tests/check/`).
#![no_main]

use kernelc_compiler::{check, CheckOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    let checked = check("fuzz.py", &src, &CheckOptions::default());
    let _ = checked.render_diagnostics();
    if !checked.has_errors() {
        let _ = kernelc_compiler::sema::dump::dump_program(&checked.program);
    }
});
