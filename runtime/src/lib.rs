//! kernelc's runtime: what runs a compiled kernel.
//!
//! - [`args`]: kernel arguments and their marshalling into the kernel ABI.

pub mod args;
pub mod gpu;
