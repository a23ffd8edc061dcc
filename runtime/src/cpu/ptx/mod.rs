//! PTX front end of the CPU device: [`lexer`] and [`parser`] turn text into
//! the [`ast`]; [`decode`] turns one kernel of it into an executable
//! [`program::Program`], with the source lines its `.loc` directives give
//! ([`source`]).

pub mod ast;
pub mod decode;
pub mod lexer;
pub mod parser;
pub mod program;
pub mod source;
