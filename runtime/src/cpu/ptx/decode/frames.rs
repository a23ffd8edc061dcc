//! Recursive calls: which functions call each other in a cycle, the
//! [`Frame`] a call inside a cycle saves and restores, and the local call
//! stack of the functions in cycles.
//!
//! Each function has static register slots, so a call that can reach its
//! caller again (the two are in one cycle of the call graph: a strongly
//! connected component, or a function that calls itself) saves the
//! caller's registers on the lane's call stack before the arguments are
//! written and restores them right after the return, before the results
//! are read (`Op::Save`, `Op::Restore`). The `.local` variables of a
//! function in a cycle are not static: each call of it takes its bytes
//! from the thread's local call stack, after the static `.local`
//! variables (`Op::Alloc`, `Op::Free`), so each activation's arrays have
//! their own addresses (a pointer to a caller's array, passed down, still
//! reaches the caller's). Calls outside cycles cost nothing more.

use std::collections::HashMap;
use std::ops::Range;

use super::{callees, Dec};
use crate::cpu::ptx::ast::Function;
use crate::cpu::ptx::program::{BinOp, Frame, Init, Op, Slot, NONE};

/// The bytes of local call stack a thread has when a function in a cycle
/// has `.local` variables.
pub const LOCAL_STACK_BYTES: usize = 16 * 1024;

/// The slots a function's body took while it was decoded, and the
/// `.local` bytes of one activation (a function in a cycle).
pub(super) struct Extent {
    pub slots: Range<Slot>,
    pub local_size: usize,
}

/// By function name: the number of its cycle, for the functions that are
/// in one (Tarjan's strongly connected components; a function alone in
/// its component is in a cycle when it calls itself).
pub(super) fn cycles(funcs: &[&Function]) -> HashMap<String, usize> {
    let index: HashMap<&str, usize> = funcs
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name.as_str(), i))
        .collect();
    let edges: Vec<Vec<usize>> = funcs
        .iter()
        .map(|f| {
            callees(f)
                .iter()
                .filter_map(|c| index.get(c.as_str()).copied())
                .collect()
        })
        .collect();
    let n = funcs.len();
    let mut order = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut next = 0;
    let mut out = HashMap::new();
    let mut components = 0;
    // Iterative: (function, next edge to follow).
    for root in 0..n {
        if order[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        order[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut e)) = work.last_mut() {
            if let Some(&w) = edges[v].get(*e) {
                *e += 1;
                if order[w] == usize::MAX {
                    order[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == order[v] {
                let mut members = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    members.push(w);
                    if w == v {
                        break;
                    }
                }
                if members.len() > 1 || edges[v].contains(&v) {
                    for m in members {
                        out.insert(funcs[m].name.clone(), components);
                    }
                    components += 1;
                }
            }
        }
    }
    out
}

impl Dec<'_> {
    /// The function being decoded is in a cycle.
    pub(super) fn in_cycle(&self) -> bool {
        (self.cur_func.as_ref()).is_some_and(|f| self.cycle_of.contains_key(f))
    }

    /// The address of a `.local` variable of the function being decoded
    /// (in a cycle) at offset `o` of its activation: its base plus `o`.
    pub(super) fn stack_local_addr(&mut self, o: u64) -> Slot {
        let name = self.cur_func.as_ref().expect("a .func is being decoded");
        let base = self.funcs[name].lbase;
        let b = self.konst(o);
        let d = self.new_slot(64);
        self.emit(
            Op::Bin {
                op: BinOp::Add(64),
                d,
                a: base,
                b,
            },
            (NONE, false),
        );
        d
    }

    /// Once every function is decoded: the sizes of the `Op::Alloc` and
    /// `Op::Free` instructions, and the thread's local memory with its
    /// local call stack; returns where the stack starts.
    pub(super) fn finish_local_stack(&mut self, extents: &HashMap<String, Extent>) -> usize {
        let start = self.local_frame.next_multiple_of(16);
        let fixups = std::mem::take(&mut self.alloc_fixups);
        if fixups.is_empty() {
            return start;
        }
        let mut any = false;
        for (idx, callee) in fixups {
            let n = extents[&callee].local_size as u32;
            any |= n > 0;
            match &mut self.insts[idx].op {
                Op::Alloc { size, .. } | Op::Free { size, .. } => *size = n,
                _ => unreachable!("an alloc fixup names an Alloc or a Free"),
            }
        }
        // The stack starts inside the thread's local memory even when it
        // is empty (every `Op::Alloc` takes 0 bytes).
        self.local_frame = start + if any { LOCAL_STACK_BYTES } else { 0 };
        self.init_launch.push((self.sp, Init::Const(start as u64)));
        start
    }

    /// The frame a call of `callee` from the function being decoded saves,
    /// if the two are in one cycle (its number in `Program::frames`).
    pub(super) fn cycle_frame(&mut self, callee: &str) -> Option<u32> {
        let caller = self.cur_func.as_deref()?;
        let a = self.cycle_of.get(caller)?;
        (self.cycle_of.get(callee) == Some(a)).then(|| {
            self.frame_calls
                .push((caller.to_string(), callee.to_string()));
            (self.frame_calls.len() - 1) as u32
        })
    }

    /// The frames of the calls [`Self::cycle_frame`] numbered, once every
    /// function is decoded: the caller's parameter, result, return-address
    /// and local-base slots and the slots of its body, less the callee's
    /// result slots.
    pub(super) fn frames(&mut self, extents: &HashMap<String, Extent>) -> Vec<Frame> {
        let calls = std::mem::take(&mut self.frame_calls);
        calls
            .iter()
            .map(|(caller, callee)| {
                let info = &self.funcs[caller];
                let results: Vec<Slot> = self.funcs[callee]
                    .rets
                    .iter()
                    .flat_map(|p| p.slot..p.slot + p.chunks)
                    .collect();
                let ext = &extents[caller];
                let mut slots: Vec<Slot> = (info.params.iter().chain(&info.rets))
                    .flat_map(|p| p.slot..p.slot + p.chunks)
                    .chain([info.ret, info.lbase])
                    .chain(ext.slots.clone())
                    .filter(|s| !results.contains(s))
                    .collect();
                slots.sort_unstable();
                slots.dedup();
                Frame { slots }
            })
            .collect()
    }
}
