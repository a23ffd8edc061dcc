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
//! - [`cfg`]: predecessors, successors, reverse post-order, dominators;
//! - [`interp`]: an interpreter, the reference semantics for tests.

pub mod builder;
pub mod cfg;
pub mod dfg;
pub mod entities;
pub mod function;
pub mod instructions;
pub mod interp;
pub mod layout;
pub mod types;

pub use builder::FuncBuilder;
pub use cfg::{ControlFlowGraph, DominatorTree};
pub use dfg::{DataFlowGraph, ValueDef};
pub use entities::{Block, ConstVar, FuncRef, Inst, LocalSlot, SharedVar, StringId, Value};
pub use function::{ConstDecl, FuncKind, Function, MemDecl, Module, Signature};
pub use instructions::{
    AtomicRmwOp, BlockCall, FloatCC, InstructionData, IntCC, Opcode, ShuffleMode, SpecialReg,
    ValueList, VoteMode,
};
pub use layout::Layout;
pub use types::{AddrSpace, Type};
