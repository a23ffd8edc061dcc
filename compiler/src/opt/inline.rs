//! Not yet implemented: runs nothing.

/// Runs the pass (nothing yet).
pub fn run(_module: &mut crate::ir::Module) {}
