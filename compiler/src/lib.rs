//! kernelc's compiler: Numba CUDA Python kernels to PTX.
//!
//! The pipeline, one module per stage:
//! - [`front`]: lexer, parser and AST, with spans on every node;
//! - [`sema`]: name resolution, signatures, type inference and the typed tree;
//! - [`lower`]: the typed tree to the mid-IR;
//! - [`ir`]: the typed SSA mid-IR (text form, verifier, interpreter);
//! - [`opt`]: its optimisation passes; [`mathlib`]: the math library;
//! - [`ptx`]: the PTX back end (instruction selection, regalloc2, emission);
//! - [`driver`]: the whole pipeline for one source file;
//! - [`diagnostics`]: errors with spans, rendered with the source line.
//!
//! The entry points are [`check`] (front end only) and [`driver::compile`];
//! [`check_with`] and [`driver::compile_with`] reuse the buffers of a
//! caller-owned [`CheckContext`] or [`driver::CompileContext`] from file to
//! file.
#![deny(missing_docs)]

pub mod diagnostics;
pub mod driver;
pub mod enums;
pub mod front;
pub mod ir;
pub mod lower;
pub mod mathlib;
pub mod namedtuples;
pub mod opt;
pub(crate) mod pool;
pub mod ptx;
pub mod records;
pub mod sema;
pub mod span;
pub(crate) mod stack;
pub mod types;

pub use diagnostics::{Diagnostic, Severity, SourceFiles};
pub use span::{FileId, Span};

pub use sema::{check, check_with, CheckContext, CheckOptions, Checked};
