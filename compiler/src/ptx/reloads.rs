//! Reload forwarding: reads of a reloaded register name the spill slot the
//! value was reloaded from, and the reload `mov` is not written.
//!
//! regalloc2's fast allocator keeps every value that lives across blocks in
//! its spill slot and reloads it into a register before a use. Spill slots
//! are PTX registers here (see `emit`), so a reload `mov.b64 %rd5, %rds2` is
//! only a copy: instead of writing it, emission prints `%rds2` wherever the
//! block reads `%rd5`. The copy is written after all ("materialised") when
//! the slot is about to be overwritten while `%rd5` still stands for it and
//! is read again.
//!
//! A pending reload never crosses a block boundary: forwarding is only used
//! for a function where no register is read in a block before the block
//! writes it ([`LocalRegisters`]), which the fast allocator
//! guarantees by construction and which is checked, not assumed.

use super::vcode::{Op, VCode};
use regalloc2::{self as ra, Allocation, InstOrEdit};

/// The reloads of the current block that were not written.
#[derive(Default)]
pub struct Reloads {
    /// `(register, slot)`: the register holds the slot's value.
    pending: Vec<(Allocation, Allocation)>,
}

impl Reloads {
    /// Forgets everything (at the start of a block).
    pub fn clear(&mut self) {
        self.pending.clear();
    }

    /// The allocation a read of `a` should name.
    pub fn resolve(&self, a: Allocation) -> Allocation {
        self.pending
            .iter()
            .find(|(reg, _)| *reg == a)
            .map_or(a, |(_, slot)| *slot)
    }

    /// Records the reload of `slot` into `reg` instead of writing it.
    pub fn record(&mut self, reg: Allocation, slot: Allocation) {
        self.pending.retain(|&(r, _)| r != reg);
        self.pending.push((reg, slot));
    }

    /// Notes that `a` is about to be written. Appends to `due` the reloads
    /// of `a` (if it is a slot) that must be written first, as
    /// `(register, slot)`.
    pub fn overwritten(&mut self, a: Allocation, due: &mut Vec<(Allocation, Allocation)>) {
        // Most writes touch no pending reload.
        if !self
            .pending
            .iter()
            .any(|&(reg, slot)| reg == a || slot == a)
        {
            return;
        }
        self.pending.retain(|&(reg, slot)| {
            if reg == a {
                false
            } else if slot == a {
                due.push((reg, slot));
                false
            } else {
                true
            }
        });
    }
}

/// Whether a move is a reload (from a spill slot into a register).
pub fn is_reload(from: Allocation, to: Allocation) -> bool {
    from.is_stack() && to.is_reg()
}

/// Whether `items` (the rest of a block) read `a` before writing it; a
/// register is dead at the end of its block (see [`LocalRegisters`]).
pub fn read_later(
    vcode: &VCode,
    alloc: &ra::Output,
    items: &[InstOrEdit<'_>],
    a: Allocation,
) -> bool {
    for item in items {
        match item {
            InstOrEdit::Edit(ra::Edit::Move { from, to }) => {
                if *from == a {
                    return true;
                }
                if *to == a {
                    return false;
                }
            }
            InstOrEdit::Inst(inst) => {
                let ops = vcode.operands(&vcode.insts[inst.index()]);
                let allocs = alloc.inst_allocs(*inst);
                let mut written = false;
                for (op, x) in ops.iter().zip(allocs) {
                    match op {
                        Op::Use(_) if *x == a => return true,
                        Op::Def(_) if *x == a => written = true,
                        _ => {}
                    }
                }
                if written {
                    return false;
                }
            }
        }
    }
    false
}

/// The registers a block has written so far: the check that no register
/// is read in a block before the block writes it (no register value flows
/// from one block into another), made while the block is written.
#[derive(Default)]
pub struct LocalRegisters {
    /// Per register class, a bit per register.
    written: [u64; 3],
}

impl LocalRegisters {
    /// Forgets everything (at the start of a block).
    pub fn clear(&mut self) {
        self.written = [0; 3];
    }

    /// Notes that `a` is written.
    pub fn write(&mut self, a: Allocation) {
        if let Some(r) = a.as_reg() {
            self.written[r.class() as usize] |= 1 << r.hw_enc();
        }
    }

    /// Whether reading `a` is local to the block: `a` is a spill slot, or a
    /// register the block wrote.
    pub fn written(&self, a: Allocation) -> bool {
        a.as_reg()
            .is_none_or(|r| self.written[r.class() as usize] & (1 << r.hw_enc()) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use regalloc2::{PReg, RegClass, SpillSlot};

    fn reg(i: usize) -> Allocation {
        Allocation::reg(PReg::new(i, RegClass::Float))
    }

    fn slot(i: usize) -> Allocation {
        Allocation::stack(SpillSlot::new(i))
    }

    #[test]
    fn reads_name_the_slot_until_the_register_is_written() {
        let mut r = Reloads::default();
        r.record(reg(1), slot(4));
        assert_eq!(r.resolve(reg(1)), slot(4));
        assert_eq!(r.resolve(reg(2)), reg(2));
        let mut due = Vec::new();
        r.overwritten(reg(1), &mut due);
        assert!(due.is_empty());
        assert_eq!(r.resolve(reg(1)), reg(1));
    }

    #[test]
    fn writing_the_slot_makes_the_copy_due() {
        let mut r = Reloads::default();
        r.record(reg(1), slot(4));
        r.record(reg(2), slot(4));
        r.record(reg(3), slot(5));
        let mut due = Vec::new();
        r.overwritten(slot(4), &mut due);
        assert_eq!(due, vec![(reg(1), slot(4)), (reg(2), slot(4))]);
        assert_eq!(r.resolve(reg(1)), reg(1));
        assert_eq!(r.resolve(reg(3)), slot(5));
    }

    #[test]
    fn a_new_reload_replaces_the_old_one() {
        let mut r = Reloads::default();
        r.record(reg(1), slot(4));
        r.record(reg(1), slot(6));
        assert_eq!(r.resolve(reg(1)), slot(6));
        let mut due = Vec::new();
        r.overwritten(slot(4), &mut due);
        assert!(due.is_empty());
    }

    #[test]
    fn a_register_is_local_once_the_block_wrote_it() {
        let mut local = LocalRegisters::default();
        assert!(!local.written(reg(3)));
        assert!(local.written(slot(3)), "slots may be read anywhere");
        local.write(reg(3));
        assert!(local.written(reg(3)));
        assert!(!local.written(Allocation::reg(PReg::new(3, RegClass::Int))));
        local.clear();
        assert!(!local.written(reg(3)));
    }
}
