//! kernelc's compiler: Numba CUDA Python kernels to a typed program (and,
//! in later stages, to PTX).
//!
//! The pipeline, one module per stage:
//! - [`front`]: lexer, parser and AST, with spans on every node;
//! - [`sema`]: name resolution, signatures, type inference and the typed tree;
//! - [`diagnostics`]: errors with spans, rendered with the source line;
//! - [`ir`]: the mid-level IR, its analyses and its interpreter;
//! - [`mathlib`]: accurate math functions built as IR device functions.
//!
//! The entry point for a whole file is [`check`].
#![deny(missing_docs)]

pub mod diagnostics;
pub mod front;
pub mod ir;
pub mod mathlib;
pub mod sema;
pub mod span;
pub mod types;

pub use diagnostics::{Diagnostic, Severity, SourceFiles};
pub use span::{FileId, Span};

pub use sema::{check, CheckOptions, Checked};
