//! The front end's and the checker's reusable buffers: a [`CheckContext`].
//!
//! A check fills tables and vectors sized by the file (the tree, name
//! resolution's tables, the checker's instances, the typed functions);
//! allocating them afresh for every file costs about as much as the work
//! done in them. A caller that checks file after file keeps one
//! `CheckContext`, passes it to [`check_with`](crate::sema::check_with)
//! and gives each [`Checked`] back with [`CheckContext::recycle`] once
//! done with it, as a Cranelift `Context` is reused from function to
//! function. Nothing is kept anywhere else: dropping the context frees
//! everything.
//!
//! Name resolution's and the checker's tables keep the size of the largest
//! file checked; the tree's, the tokens' and the typed functions' vectors
//! are freed rather than kept when a file was huge.

use super::{resolve, typeck, Checked};
use crate::diagnostics::SourceFiles;
use crate::front::FrontContext;

/// Buffers lent from one check to the next (see the module's
/// documentation). A check moves each one out while it works and puts it
/// back emptied, so a check that panics leaves the context usable (with
/// fewer buffers).
#[derive(Default)]
pub struct CheckContext {
    /// The lexer's and the parser's buffers, and a module to parse into.
    pub(crate) front: FrontContext,
    /// Name resolution's tables.
    pub(crate) resolve: resolve::Scratch,
    /// The checker's buffers, with the typed functions to fill.
    pub(crate) typeck: typeck::Scratch,
    /// The instances checked for the entry points.
    pub(crate) roots: Vec<typeck::InstanceId>,
    /// An emptied set of source files, whose vector the next check fills.
    pub(crate) files: SourceFiles,
}

impl CheckContext {
    /// A context with no buffers yet (they grow with the files checked).
    pub fn new() -> Self {
        CheckContext::default()
    }

    /// The front end's part, for a caller that only parses.
    pub fn front(&mut self) -> &mut FrontContext {
        &mut self.front
    }

    /// Keeps the buffers of `checked`, which is no longer needed (its
    /// module and typed program), for the next check with this context.
    pub fn recycle(&mut self, checked: Checked) {
        self.front.recycle(checked.module);
        let mut files = checked.files;
        files.clear();
        self.files = files;
        self.typeck.typed.recycle(checked.program);
    }
}
