//! The mid-level IR: typed SSA in Cranelift's style.
//!
//! - [`entities`]: `u32` handles (`v7`, `block3`, `fn1`, ...);
//! - [`types`]: `i1`..`i64`, `f16`..`f64`, pointers tagged with an address space;
//! - [`instructions`]: opcodes, operand formats, condition codes;
//! - [`dfg`]: what each value and instruction is (results, block parameters,
//!   aliases) — block parameters replace phi nodes;
//! - [`layout`]: block order and instruction order;
//! - [`function`]: functions (kernel or device, signature, shared/local
//!   arrays) and the module (functions, constant arrays, strings);
//! - [`builder`]: a cursor for appending instructions;
//! - [`srcloc`]: the source position each instruction came from;
//! - [`access`]: which pointer parameters a function may read or write;
//! - [`mod@cfg`]: predecessors, successors, reverse post-order, dominators;
//! - [`formats`]: the operand format each opcode uses;
//! - [`mod@write`]: the text form printer (its module doc holds the grammar);
//! - [`parse`]: the text form parser (print, parse, print is the identity);
//! - [`verifier`]: the IR invariants, checked, with errors shown inline;
//! - [`interp`]: an interpreter, the test oracle for passes and the math library.

pub mod access;
pub mod builder;
pub mod cfg;
pub mod dfg;
pub mod entities;
pub mod formats;
pub mod function;
pub mod instructions;
pub mod interp;
pub mod layout;
pub mod library;
pub mod parse;
pub mod srcloc;
pub mod types;
pub mod verifier;
pub mod write;

pub use builder::FuncBuilder;
pub use cfg::{ControlFlowGraph, DfsScratch, DominatorTree};
pub use dfg::{DataFlowGraph, ValueDef};
pub use entities::{Block, ConstVar, FuncRef, Inst, LocalSlot, SharedVar, StringId, Value};
pub use formats::InstFormat;
pub use function::{
    ConstDecl, ExcSite, Export, ExternAbi, FuncKind, Function, LaunchBounds, MemDecl, Module,
    Signature,
};
pub use instructions::{
    AtomicRmwOp, BlockCall, FloatCC, InstructionData, IntCC, Opcode, Rounding, ShuffleMode,
    SpecialReg, ValueList, VoteMode,
};
pub use layout::Layout;
pub use parse::{parse_module, ParseError};
pub use srcloc::{InlineSite, SrcLocs};
pub use types::{AddrSpace, Type};
pub use verifier::{verify_function, verify_module, VerifierError, VerifierErrors};
pub use write::{write_function, write_module, DisplayFunction};
