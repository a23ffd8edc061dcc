//! The front end: source text to an abstract syntax tree.
//!
//! [`lexer`] turns text into tokens with Python's indentation rules,
//! [`parser`] builds the [`ast`] (every node with a span), and [`ast_dump`]
//! prints the tree for `kernelc check --emit ast` and snapshot tests.
//! Errors are collected as diagnostics; parsing always returns a tree, with
//! erroneous parts skipped or replaced by [`ast::ExprKind::Error`].

pub mod ast;
pub mod ast_dump;
pub mod interner;
pub mod lexer;
pub mod parser;
pub mod token;

use crate::diagnostics::Diagnostic;

/// Parses a source file, appending any syntax errors to `diags`.
pub fn parse(src: &str, diags: &mut Vec<Diagnostic>) -> ast::Module {
    parser::parse_module(src, diags)
}
