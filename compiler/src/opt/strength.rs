//! Not yet implemented: runs nothing.

/// Runs the pass (nothing yet).
pub fn run(_func: &mut crate::ir::Function) {}
