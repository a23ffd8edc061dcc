//! The SIMT executor: warps of 32 lanes run decoded PTX a group of lanes at
//! a time ([`warp`]), blocks schedule their warps around barriers
//! ([`block`]), and grids spread blocks over worker threads ([`launch`]).
//!
//! Design: registers are lane-major (`[u64; 32]` per slot, raw bits), so an
//! instruction is dispatched once per warp and applied to all active lanes
//! in a tight, vectorisable loop ([`alu`]).

pub mod alu;
pub mod block;
pub mod float;
pub mod launch;
pub mod memory;
pub mod printf;
pub mod race;
pub mod warp;
