//! `kc_compile` on a host thread with a 256 KiB stack, for every hostile
//! input of the compiler's robustness corpus (`compiler/tests/robustness/`,
//! whose `README.md` says what each name's prefix promises): each call
//! returns `KC_OK` or an error status, never `KC_ERROR_PANIC`, an abort or
//! a stack overflow (which would end this test process).

#[path = "../../compiler/tests/robustness/generate.rs"]
mod generate;

use kernelc::compile::kc_compile;
use kernelc::diagnostics::{kc_diagnostics, kc_diagnostics_free};
use kernelc::kc_status;
use kernelc::module::{kc_module, kc_module_free};
use kernelc::options::{kc_options, kc_options_free, kc_options_new, kc_options_set_opt_level};
use std::ffi::CString;
use std::ptr;

/// A host program's thread.
const STACK: usize = 256 * 1024;

/// `kc_compile` of `source` (cut at its first NUL byte, as a C string is)
/// at `-O0` and `-O2`, on a thread with a [`STACK`]-byte stack; the two
/// statuses.
fn compile(source: Vec<u8>) -> [kc_status; 2] {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let mut source = source;
            if let Some(nul) = source.iter().position(|&b| b == 0) {
                source.truncate(nul);
            }
            let source = CString::new(source).expect("no NUL byte left");
            [0, 2].map(|level| {
                let mut options: *mut kc_options = ptr::null_mut();
                let mut module: *mut kc_module = ptr::null_mut();
                let mut diags: *mut kc_diagnostics = ptr::null_mut();
                // SAFETY: valid out-pointers, a NUL-terminated source, and
                // each handle freed once.
                unsafe {
                    assert_eq!(kc_options_new(&mut options), kc_status::KC_OK);
                    assert_eq!(kc_options_set_opt_level(options, level), kc_status::KC_OK);
                    let status = kc_compile(
                        source.as_ptr(),
                        c"robust.py".as_ptr(),
                        options,
                        &mut module,
                        &mut diags,
                    );
                    kc_module_free(module);
                    kc_diagnostics_free(diags);
                    kc_options_free(options);
                    status
                }
            })
        })
        .expect("spawning a thread")
        .join()
        .expect("kc_compile unwound into the caller")
}

/// Checks the statuses of input `name` against its prefix.
fn expect(name: &str, has_nul: bool, statuses: [kc_status; 2]) {
    for status in statuses {
        assert_ne!(status, kc_status::KC_ERROR_PANIC, "{name}");
        let ok = match name.split('_').next() {
            // What follows a NUL byte is not seen: any outcome is right.
            _ if has_nul => true,
            // A file without a kernel is "nothing to compile".
            Some("ok") if name.contains("empty_file") || name.contains("only_comment") => {
                status == kc_status::KC_ERROR_COMPILE
            }
            Some("ok") => status == kc_status::KC_OK,
            Some("err") => status == kc_status::KC_ERROR_COMPILE,
            Some("any") => matches!(status, kc_status::KC_OK | kc_status::KC_ERROR_COMPILE),
            Some("utf8") => status == kc_status::KC_ERROR_INVALID_ARGUMENT,
            _ => panic!("{name}: unknown prefix"),
        };
        assert!(ok, "{name}: {status:?}");
    }
}

#[test]
fn kc_compile_returns_for_every_corpus_file_on_a_small_stack() {
    for (name, bytes) in generate::files() {
        let has_nul = bytes.contains(&0);
        expect(&name, has_nul, compile(bytes));
    }
}

#[test]
fn kc_compile_returns_for_deep_generated_inputs_on_a_small_stack() {
    for (name, source) in generate::inputs() {
        expect(&name, false, compile(source.into_bytes()));
    }
}
