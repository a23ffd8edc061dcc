//! The contract between kernelc's compiler output and whoever runs it (the
//! runtime, the CLI's `run`, the C API and its bindings): which kernels a
//! PTX module holds and what their parameters are ([`KernelInfo`],
//! [`ParamInfo`], [`ParamKind`]), the scalar types and array layouts those
//! parameters are made of ([`Scalar`], [`Layout`]), and the `sm_XX`
//! targets with the PTX ISA version each is written for ([`Target`],
//! [`SUPPORTED`]).
//!
//! The compiler produces these types and re-exports them from their old
//! paths (`kernelc_compiler::driver::KernelInfo`,
//! `kernelc_compiler::types::Scalar`, `kernelc_compiler::ptx::Target`); the
//! runtime consumes them and depends on this crate only, never on the
//! compiler. Compiler-only rules over these types (Numba's type promotion,
//! instruction-selection feature checks) stay in the compiler.

#![deny(missing_docs)]

pub mod elem;
pub mod kernel;
pub mod scalar;
pub mod target;

pub use elem::ElemType;
pub use kernel::{KernelInfo, ParamInfo, ParamKind};
pub use scalar::{Layout, Scalar};
pub use target::{Target, SUPPORTED, SUPPORTED_ARCH_SPECIFIC};
