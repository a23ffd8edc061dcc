//! Hostile inputs, each compiled on a thread with a 256 KiB stack: every
//! one must give a result or an error diagnostic, never a panic, an abort
//! or a stack overflow (which would take this test process down).
//!
//! The inputs are the files of `robustness/` and the generated ones of
//! `robustness/generate.rs` (deep nesting and long chains); `README.md`
//! there says what the name of each tells. Each is type checked (and its
//! typed program dumped, as `kernelc check --emit types` does), then
//! compiled to PTX at `-O0` and at `-O2`.

#[path = "robustness/generate.rs"]
mod generate;

use kernelc_compiler::driver::{compile, CompileOptions};
use kernelc_compiler::opt::OptLevel;
use kernelc_compiler::sema::dump::dump_program;
use kernelc_compiler::{check, CheckOptions};

/// The stack of a host program's thread that calls the compiler.
const STACK: usize = 256 * 1024;

/// What compiling one input gave.
#[derive(Debug, PartialEq)]
enum Outcome {
    /// PTX at both levels.
    Compiled,
    /// An error diagnostic (or a compile error); the first message.
    Rejected(String),
}

/// Checks and compiles `source` on a thread with a [`STACK`]-byte stack.
fn run(name: &str, source: String) -> Outcome {
    let file = format!("{name}.py");
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let checked = check(&file, &source, &CheckOptions::default());
            let dump = dump_program(&checked.program);
            let first_error = checked
                .diagnostics
                .iter()
                .find(|d| d.severity == kernelc_compiler::Severity::Error)
                .map(|d| d.message.clone());
            let mut outcome = match first_error {
                Some(m) => Outcome::Rejected(m),
                None => Outcome::Compiled,
            };
            for opt in [OptLevel::O0, OptLevel::O2] {
                let options = CompileOptions {
                    opt,
                    ..CompileOptions::default()
                };
                match compile(&file, &source, &options) {
                    Ok(c) if c.checked.has_errors() => {
                        assert!(
                            matches!(outcome, Outcome::Rejected(_)),
                            "{file}: check accepts it but compile rejects it"
                        );
                    }
                    Ok(c) => {
                        assert_eq!(outcome, Outcome::Compiled, "{file}: {dump}");
                        let kernels = c.checked.program.kernels.len();
                        assert!(c.ptx.is_some(), "{file}: no PTX");
                        assert!(
                            kernels == 0 || c.ptx.as_deref().is_some_and(|p| p.contains(".entry")),
                            "{file}: {kernels} kernels but no .entry in the PTX"
                        );
                    }
                    Err(e) => outcome = Outcome::Rejected(e.0),
                }
            }
            outcome
        })
        .expect("spawning a thread")
        .join()
        .unwrap_or_else(|_| panic!("{name}: the compiler panicked"))
}

/// Checks the outcome of `name` against its prefix.
fn expect(name: &str, outcome: &Outcome) {
    let ok = match name.split('_').next() {
        Some("ok") => *outcome == Outcome::Compiled,
        Some("err") => matches!(outcome, Outcome::Rejected(m) if !m.is_empty()),
        Some("any") => true,
        _ => panic!("{name}: a corpus name starts with ok_, err_, any_ or utf8_"),
    };
    assert!(ok, "{name}: {outcome:?}");
}

#[test]
fn corpus_files_give_a_result_or_a_diagnostic() {
    for (name, bytes) in generate::files() {
        if name.starts_with("utf8_") {
            // The compiler takes text; the CLI and the C API turn bytes
            // into text (and reject these: see their tests).
            assert!(String::from_utf8(bytes).is_err(), "{name} is valid UTF-8");
            continue;
        }
        let source = String::from_utf8(bytes).expect("corpus files other than utf8_* are UTF-8");
        let outcome = run(&name, source);
        expect(&name, &outcome);
    }
}

#[test]
fn generated_deep_inputs_give_a_result_or_a_diagnostic() {
    for (name, source) in generate::inputs() {
        let outcome = run(&name, source);
        expect(&name, &outcome);
    }
}

#[test]
fn a_call_chain_past_the_limit_is_an_error_at_the_call() {
    let (_, source) = generate::inputs()
        .into_iter()
        .find(|(n, _)| n == "err_call_chain_10000")
        .expect("the input");
    let outcome = run("chain", source);
    let Outcome::Rejected(message) = outcome else {
        panic!("accepted");
    };
    assert!(
        message.starts_with("device function call chain deeper than 100"),
        "{message}"
    );
}
