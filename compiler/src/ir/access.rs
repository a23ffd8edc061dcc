//! Which pointer parameters a function may read or write.
//!
//! The kernel ABI promises, per parameter, whether the kernel may read
//! and/or write it, so a runtime can skip copying back arrays a kernel never
//! writes. A pointer parameter is followed through everything that derives
//! another pointer from it (`ptr_add`, `select`, block parameters, bit
//! casts, calls); a load through a derived pointer reads the parameter, a
//! store writes it, an atomic does both, and storing the pointer itself
//! into memory makes it escape (read and written, conservatively). Calls
//! use the callee's own summary. The answer is "may": a `written` of false
//! is a guarantee, a `true` is not.

use super::entities::{FuncRef, Inst, Value};
use super::function::{Function, Module};
use super::instructions::{InstructionData, Opcode};
use cranelift_entity::{EntityRef, SecondaryMap};

/// May-access summary of one parameter.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Access {
    /// Memory behind the parameter may be read.
    pub read: bool,
    /// Memory behind the parameter may be written.
    pub written: bool,
}

/// The access summary of every parameter of every function of `module`
/// (non-pointer parameters are never read or written through).
pub fn module_param_access(module: &Module) -> SecondaryMap<FuncRef, Vec<Access>> {
    let mut out: SecondaryMap<FuncRef, Vec<Access>> = SecondaryMap::new();
    // Functions are summarised in module order. A call to a function not
    // summarised yet (a later one, like the math library, appended last)
    // assumes the worst until the next round; iterate until nothing
    // changes. When every call goes to an earlier function (kernelc puts
    // callees before callers), each summary was computed from its callees'
    // final ones: one round.
    for _ in 0..module.functions.len() + 1 {
        let mut changed = false;
        let mut forward_calls = false;
        for (f, func) in module.functions.iter() {
            let (summary, calls_forward) = function_access(f, func, &out);
            forward_calls |= calls_forward;
            if out[f] != summary {
                out[f] = summary;
                changed = true;
            }
        }
        if !changed || !forward_calls {
            break;
        }
    }
    out
}

/// For every value, the pointer parameters it may be derived from: one row
/// of bits per value in one flat array (no set allocated per value).
struct Origins {
    words: usize,
    bits: Vec<u64>,
}

impl Origins {
    fn new(values: usize, params: usize) -> Origins {
        let words = params.div_ceil(64).max(1);
        Origins {
            words,
            bits: vec![0; values * words],
        }
    }

    fn add_param(&mut self, v: Value, param: usize) {
        self.bits[v.index() * self.words + param / 64] |= 1 << (param % 64);
    }

    /// Adds the origins of `src` to those of `dst`; true when `dst` grew.
    fn merge(&mut self, dst: Value, src: Value) -> bool {
        let (d, s) = (dst.index() * self.words, src.index() * self.words);
        let mut grew = false;
        for k in 0..self.words {
            let merged = self.bits[d + k] | self.bits[s + k];
            grew |= merged != self.bits[d + k];
            self.bits[d + k] = merged;
        }
        grew
    }

    /// The parameters `v` may be derived from, in increasing order.
    fn params(&self, v: Value) -> impl Iterator<Item = usize> + '_ {
        let row = &self.bits[v.index() * self.words..(v.index() + 1) * self.words];
        row.iter().enumerate().flat_map(|(k, &w)| {
            // The set bits, lowest first, each cleared once visited.
            std::iter::successors((w != 0).then_some(w), |&rest| {
                let rest = rest & (rest - 1);
                (rest != 0).then_some(rest)
            })
            .map(move |rest| k * 64 + rest.trailing_zeros() as usize)
        })
    }
}

/// The summary of function `f` given its callees' summaries, and whether
/// it calls a function at or after `f` in the module (whose summary may
/// still change).
fn function_access(
    f: FuncRef,
    func: &Function,
    callees: &SecondaryMap<FuncRef, Vec<Access>>,
) -> (Vec<Access>, bool) {
    let n = func.signature.params.len();
    let mut access = vec![Access::default(); n];
    let Some(entry) = func.layout.entry_block() else {
        // A declaration (a `cuda.declare_device` function, a library
        // function whose body the back end supplies): its body is not
        // known, so every pointer it takes may be read and written.
        for (a, t) in access.iter_mut().zip(&func.signature.params) {
            if t.is_ptr() {
                *a = Access {
                    read: true,
                    written: true,
                };
            }
        }
        return (access, false);
    };
    let entry_params = func.dfg.block_params(entry);
    if !entry_params
        .iter()
        .any(|&p| func.dfg.value_type(p).is_ptr())
    {
        // Nothing to attribute, whatever the callees do.
        return (access, false);
    }
    let mut from = Origins::new(func.dfg.num_values(), n);
    for (i, &p) in entry_params.iter().enumerate() {
        if func.dfg.value_type(p).is_ptr() {
            from.add_param(p, i);
        }
    }
    let r = |v: Value| func.dfg.resolve_aliases(v);
    // One walk over the instructions collects the edges along which
    // pointers flow (`(to, from)`: a derived pointer from its base, a block
    // parameter from each incoming argument) and the instructions that
    // access memory; the propagation then iterates over the edges alone.
    // Sized for about one flow per instruction and at most one access.
    let mut flows: Vec<(Value, Value)> = Vec::with_capacity(func.dfg.num_insts());
    let mut accesses: Vec<Inst> = Vec::with_capacity(func.dfg.num_insts());
    for &block in func.layout.blocks() {
        for &inst in func.layout.block_insts(block) {
            let data = func.dfg.inst(inst);
            match data {
                InstructionData::Binary {
                    opcode: Opcode::PtrAdd,
                    args,
                } => flows.push((result(func, inst), r(args[0]))),
                InstructionData::Ternary {
                    opcode: Opcode::Select,
                    args,
                } => {
                    let to = result(func, inst);
                    flows.extend(args[1..].iter().map(|a| (to, r(*a))));
                }
                InstructionData::Unary {
                    opcode: Opcode::Bitcast,
                    arg,
                } => flows.push((result(func, inst), r(*arg))),
                InstructionData::Load { .. }
                | InstructionData::Store { .. }
                | InstructionData::AtomicRmw { .. }
                | InstructionData::AtomicCas { .. }
                | InstructionData::Call { .. } => accesses.push(inst),
                _ => {}
            }
            for dest in data.branch_destinations() {
                let args = func.dfg.block_call_args(dest);
                let params = func.dfg.block_params(dest.block);
                flows.extend(params.iter().zip(args).map(|(p, a)| (*p, r(*a))));
            }
        }
    }
    loop {
        let mut grew = false;
        for &(to, from_value) in &flows {
            grew |= from.merge(to, from_value);
        }
        if !grew {
            break;
        }
    }
    let mark = |access: &mut Vec<Access>, v: Value, read: bool, written: bool| {
        for p in from.params(r(v)) {
            access[p].read |= read;
            access[p].written |= written;
        }
    };
    let mut calls_forward = false;
    for &inst in &accesses {
        match func.dfg.inst(inst) {
            InstructionData::Load { addr, .. } => mark(&mut access, *addr, true, false),
            InstructionData::Store { args, .. } => {
                mark(&mut access, args[0], false, true);
                mark(&mut access, args[1], true, true);
            }
            InstructionData::AtomicRmw { args, .. } => mark(&mut access, args[0], true, true),
            InstructionData::AtomicCas { args, .. } => mark(&mut access, args[0], true, true),
            InstructionData::Call {
                func: callee, args, ..
            } => {
                calls_forward |= *callee >= f;
                let summary = callees.get(*callee);
                for (k, a) in func.dfg.list(args).iter().enumerate() {
                    let acc = summary.and_then(|s| s.get(k)).copied().unwrap_or(Access {
                        read: true,
                        written: true,
                    });
                    mark(&mut access, *a, acc.read, acc.written);
                }
            }
            _ => {}
        }
    }
    (access, calls_forward)
}

/// The result of a pointer-deriving instruction.
fn result(func: &Function, inst: Inst) -> Value {
    func.dfg.first_result(inst).expect("result")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::parse::parse_module;

    #[test]
    fn loads_stores_and_calls_are_attributed_to_parameters() {
        let m = parse_module(
            "device fn0 \"touch\"(ptr.global) {\nblock0(v0: ptr.global):\n    v1 = iconst.i32 1\n    store v0, v1\n    return\n}\n\nkernel fn1 \"k\"(ptr.global, ptr.global, ptr.global, i64) {\nblock0(v0: ptr.global, v1: ptr.global, v2: ptr.global, v3: i64):\n    v4 = ptr_add.ptr.global v0, v3\n    v5 = load.f32 v4\n    v6 = ptr_add.ptr.global v1, v3\n    store v6, v5\n    call fn0(v2)\n    return\n}\n",
        )
        .expect("parses");
        let acc = module_param_access(&m);
        let k = m.function_named("k").unwrap();
        assert_eq!(
            acc[k][0],
            Access {
                read: true,
                written: false
            }
        );
        assert_eq!(
            acc[k][1],
            Access {
                read: false,
                written: true
            }
        );
        assert_eq!(
            acc[k][2],
            Access {
                read: false,
                written: true
            }
        );
        assert_eq!(acc[k][3], Access::default());
    }

    #[test]
    fn a_declaration_may_read_and_write_every_pointer_it_takes() {
        let m = parse_module(
            "device fn0 \"ext\"(ptr.global, i32) extern c {\n}\n\nkernel fn1 \"k\"(ptr.global, ptr.global) {\nblock0(v0: ptr.global, v1: ptr.global):\n    v2 = iconst.i32 1\n    call fn0(v1, v2)\n    return\n}\n",
        )
        .expect("parses");
        let acc = module_param_access(&m);
        let k = m.function_named("k").unwrap();
        assert_eq!(acc[k][0], Access::default());
        let both = Access {
            read: true,
            written: true,
        };
        assert_eq!(acc[k][1], both);
        let ext = m.function_named("ext").unwrap();
        assert_eq!(acc[ext], vec![both, Access::default()]);
    }
}
