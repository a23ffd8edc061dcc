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
//! The library itself is empty.
