//! The front end: source text to an abstract syntax tree.
//!
//! [`lexer`] turns text into tokens with Python's indentation rules,
//! [`parser`] builds the [`ast`] (every node with a span), and [`ast_dump`]
//! prints the tree for `kernelc check --emit ast` and snapshot tests.
//! Errors are collected as diagnostics; parsing always returns a tree, with
//! erroneous parts skipped or replaced by [`ast::ExprKind::Error`].
//! A [`FrontContext`] keeps the buffers of a parse for the next one.

pub mod arena;
pub mod ast;
pub mod ast_dump;
mod context;
pub mod interner;
pub mod lexer;
pub mod parser;
pub mod token;

pub use context::FrontContext;

use crate::diagnostics::Diagnostic;

/// Parses a source file, appending any syntax errors to `diags`.
pub fn parse(src: &str, diags: &mut Vec<Diagnostic>) -> ast::Module {
    parser::parse_module(src, diags)
}

/// [`parse`], reusing the buffers `ctx` keeps (give the module back with
/// [`FrontContext::recycle`] once done with it).
pub fn parse_with(ctx: &mut FrontContext, src: &str, diags: &mut Vec<Diagnostic>) -> ast::Module {
    parser::parse_module_with(ctx, src, diags)
}
