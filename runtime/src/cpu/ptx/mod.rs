//! PTX front end of the CPU device: [`lexer`] and [`parser`] turn text into
//! the [`ast`]; [`decode`] turns one kernel of it into an executable
//! [`program::Program`].

pub mod ast;
pub mod decode;
pub mod lexer;
pub mod parser;
pub mod program;
