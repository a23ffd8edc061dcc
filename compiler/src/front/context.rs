//! The front end's reusable buffers: a [`FrontContext`].
//!
//! Parsing a file fills a few growing vectors (tokens, the tree's node
//! vectors, the parser's stacks); allocating them afresh for every file
//! costs about as much as the parse. A caller that parses file after file
//! keeps one `FrontContext`, passes it to
//! [`parse_with`](crate::front::parse_with) and gives each module back
//! with [`FrontContext::recycle`] once it is done with it, as a Cranelift
//! `Context` is reused from function to function. Nothing is kept
//! anywhere else: dropping the context frees everything.

use super::ast::Module;
use super::{lexer, parser};

/// Buffers lent from one parse to the next (see the module's
/// documentation). Every buffer in it is empty between parses.
#[derive(Default)]
pub struct FrontContext {
    /// The lexer's token and string vectors and stacks.
    pub(crate) lexer: lexer::Buffers,
    /// The parser's list stacks.
    pub(crate) parser: parser::ListStacks,
    /// The emptied module given back last, whose vectors the next parse
    /// fills.
    pub(crate) module: Option<Module>,
}

impl FrontContext {
    /// A context with no buffers yet (they grow with the files parsed).
    pub fn new() -> Self {
        FrontContext::default()
    }

    /// Keeps the vectors of `module`, which is no longer needed, for the
    /// next parse with this context. Those of a huge file are freed
    /// instead, so that one such file does not pin their memory.
    pub fn recycle(&mut self, mut module: Module) {
        let room = module.exprs.capacity();
        if room == 0 || room > MAX_KEPT_EXPRS {
            return;
        }
        module.clear();
        self.module = Some(module);
    }
}

/// The most expressions a kept module may have room for.
const MAX_KEPT_EXPRS: usize = 1 << 16;
