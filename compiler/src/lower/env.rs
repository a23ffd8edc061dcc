//! The lowering's environment: the IR value each slot holds at the point
//! being lowered, with an undo trail.
//!
//! Lowering an `if` lowers the then-branch, then the else-branch from the
//! state before the `if`; a loop's `else` clause starts from the loop
//! header's state. Copying the whole environment for that costs every
//! slot of the function per branch, quadratic in a long function with many
//! variables and branches. Instead, while a [`Mark`] is open every change
//! records the slot's previous value, and [`Env::rollback`] undoes the
//! changes made since the mark: the cost is the changes, not the slots.

use super::Slot;
use crate::ir::Value;

/// The value of every slot (`None`: unassigned), and the changes made since
/// the oldest open mark.
pub(super) struct Env {
    values: Vec<Option<Value>>,
    /// `(slot, value before the change)`, oldest first; kept only while a
    /// mark is open.
    trail: Vec<(Slot, Option<Value>)>,
    /// How many marks are open.
    open: usize,
}

/// A point to roll the environment back to (see [`Env::mark`]); closed
/// with [`Env::close`].
#[must_use = "a mark must be closed with Env::close"]
pub(super) struct Mark(usize);

impl Env {
    /// An environment of `num_slots` unassigned slots (slots past the end
    /// are unassigned too).
    pub fn new(num_slots: usize) -> Self {
        Env {
            values: vec![None; num_slots],
            trail: Vec::new(),
            open: 0,
        }
    }

    /// The value of `slot`, if it has one.
    pub fn get(&self, slot: Slot) -> Option<Value> {
        self.values.get(slot as usize).copied().flatten()
    }

    /// Sets the value of `slot`.
    pub fn set(&mut self, slot: Slot, value: Value) {
        self.change(slot, Some(value));
    }

    /// Forgets the value of `slot`.
    pub fn unset(&mut self, slot: Slot) {
        if self.get(slot).is_some() {
            self.change(slot, None);
        }
    }

    fn change(&mut self, slot: Slot, value: Option<Value>) {
        let i = slot as usize;
        if i >= self.values.len() {
            self.values.resize(i + 1, None);
        }
        if self.open > 0 {
            self.trail.push((slot, self.values[i]));
        }
        self.values[i] = value;
    }

    /// Opens a mark at the current state.
    pub fn mark(&mut self) -> Mark {
        self.open += 1;
        Mark(self.trail.len())
    }

    /// Puts every slot back to its value when `mark` was opened (the mark
    /// stays open).
    pub fn rollback(&mut self, mark: &Mark) {
        while self.trail.len() > mark.0 {
            let (slot, value) = self.trail.pop().expect("the trail is longer than the mark");
            self.values[slot as usize] = value;
        }
    }

    /// Closes `mark`; the changes since stay (and stay undoable by an outer
    /// mark still open).
    pub fn close(&mut self, mark: Mark) {
        debug_assert!(self.open > 0 && mark.0 <= self.trail.len());
        self.open -= 1;
        if self.open == 0 {
            self.trail.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cranelift_entity::EntityRef;

    #[test]
    fn rollback_undoes_the_changes_since_the_mark() {
        let v = |n| Value::new(n);
        let mut env = Env::new(2);
        env.set(0, v(1));
        let outer = env.mark();
        env.set(0, v(2));
        env.set(5, v(3));
        let inner = env.mark();
        env.unset(0);
        env.set(1, v(4));
        env.rollback(&inner);
        assert_eq!(
            (env.get(0), env.get(1), env.get(5)),
            (Some(v(2)), None, Some(v(3)))
        );
        env.set(1, v(5));
        env.close(inner);
        env.rollback(&outer);
        assert_eq!(
            (env.get(0), env.get(1), env.get(5)),
            (Some(v(1)), None, None)
        );
        env.close(outer);
        // No mark open: nothing is recorded.
        env.set(1, v(6));
        assert!(env.trail.is_empty());
        assert_eq!(env.get(1), Some(v(6)));
    }
}
