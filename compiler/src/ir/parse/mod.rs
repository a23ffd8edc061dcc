//! The text form of the IR: the parser.
//!
//! [`parse_module`] reads what [`crate::ir::write`] prints (the grammar is
//! documented there) and rebuilds the module with every entity keeping its
//! number, so printing the result gives the same text. Reading happens in
//! two steps: the grammar reads the text into pending records, then the
//! builder creates values, instructions and blocks in number order. Bad
//! input gives a [`ParseError`] with a line and column, never a panic.
//! Values used but never defined become placeholders (results of
//! instructions outside the layout), so that even IR the verifier rejects
//! can be printed and read back. Entity numbers above 2^20 are refused, so
//! a typo cannot make the parser create millions of placeholders.

mod build;
mod cursor;
mod grammar;

use super::function::Module;
use std::fmt;

/// Why the text could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub col: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Reads a module from its text form.
pub fn parse_module(text: &str) -> Result<Module, ParseError> {
    let mut c = cursor::Cursor::new(text);
    let pending = grammar::parse_items(&mut c)?;
    build::build_module(pending)
}

#[cfg(test)]
mod tests;
