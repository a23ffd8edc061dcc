//! IR entity references.
//!
//! Every entity of the IR is a `u32` index newtype declared here with
//! `entity_impl!`; the prefix given there is also how the entity is spelled
//! in the text form (`v7`, `block3`, `fn1`), so `Display` and the text IR
//! agree.

use cranelift_entity::{entity_impl, EntityRef, SecondaryMap};

/// Makes room for `key` in `map`: up to the map's capacity while it has
/// room, else at least doubling it (writing through an index past the end
/// grows a map to just that index, which costs a resize per new entity when
/// they come one by one; doubling past a capacity that still had room would
/// move the map for nothing).
pub(crate) fn reserve_key<K: EntityRef, V: Clone>(map: &mut SecondaryMap<K, V>, key: K) {
    let len = map.as_values_slice().len();
    if key.index() >= len {
        let capacity = map.capacity();
        map.resize(if key.index() < capacity {
            capacity
        } else {
            (key.index() + 1).max(2 * len)
        });
    }
}

/// An SSA value: an instruction result or a block parameter.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(u32);
entity_impl!(Value, "v");

/// A basic block.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block(u32);
entity_impl!(Block, "block");

/// An instruction.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Inst(u32);
entity_impl!(Inst, "inst");

/// A function of the module (a call target).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncRef(u32);
entity_impl!(FuncRef, "fn");

/// A statically allocated shared-memory array of a function.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SharedVar(u32);
entity_impl!(SharedVar, "shared");

/// A per-thread local-memory array of a function.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalSlot(u32);
entity_impl!(LocalSlot, "local");

/// A constant-memory array of the module (host-supplied data).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstVar(u32);
entity_impl!(ConstVar, "const");

/// A string of the module (a `print` format).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StringId(u32);
entity_impl!(StringId, "str");
