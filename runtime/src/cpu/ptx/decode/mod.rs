//! Decoder: one kernel of a parsed module to an executable [`Program`].
//!
//! The kernel's body comes first, then the body of every `.func` it can
//! reach; each function has its own static register slots, which a call
//! inside a recursive cycle saves and restores (`frames`). A call copies its `.param` arguments into the
//! callee's parameter slots, stores the return address in the callee's
//! return slot, and jumps; `ret` jumps back. `.param` variables of calls and
//! functions are register slots; kernel parameters become slots filled at
//! launch. `vprintf` is built in.
//!
//! This module drives the decoding (functions, scopes, labels, slots);
//! `operands` resolves operands to slots, `inst` dispatches opcodes,
//! `arith`, `memory` and `control` decode the families that need
//! more than a table entry, and `mods` parses opcode modifiers.

mod arith;
mod control;
mod frames;
mod inst;
mod memory;
mod mods;
mod operands;

use std::collections::HashMap;

use super::ast::{Function, Module, Operand, Stmt, VarDecl, VarSpace};
use super::parser::imm_bits;
use super::program::*;
use super::source::SourceMap;
use crate::cpu::error::CpuError;
use crate::cpu::exec::memory::DYN_SHARED_ALIGN;

/// Register slots a kernel may use (each costs 256 bytes per warp).
const MAX_SLOTS: u32 = 1 << 16;
/// Local memory a thread may use (CUDA's limit).
const MAX_LOCAL: usize = 512 * 1024;
/// Parameter bytes a kernel may take (CUDA's limit).
const MAX_PARAMS: usize = 32764;

/// What a name means inside a function.
#[derive(Clone, Copy, Debug)]
enum Sym {
    /// A register and its width.
    Reg(Slot, u8),
    /// A `.param` of a call or `.func`: consecutive slots, one per 8 bytes.
    Param(PSlot),
    /// A kernel parameter at this buffer offset, of this size.
    KParam(usize, usize),
    /// A `.local` variable at this frame offset.
    Local(u64),
    /// A `.local` variable of a function in a recursive cycle: at this
    /// offset from its activation's base (see `frames`).
    StackLocal(u64),
    /// A `.shared` variable at this offset.
    Shared(u64),
    /// The dynamic shared memory (its offset is known at the end).
    DynShared,
    /// A `.global`/`.const` variable at this device address.
    Global(u64),
}

/// The slots of a `.param` variable: `chunks` slots from `slot`, one per
/// 8 bytes; a scalar has one chunk of `bits`.
#[derive(Clone, Copy, Debug)]
struct PSlot {
    slot: Slot,
    bits: u8,
    chunks: u32,
    scalar: bool,
}

struct FuncInfo {
    entry: u32,
    params: Vec<PSlot>,
    rets: Vec<PSlot>,
    ret: Slot,
    /// The base of the activation's `.local` variables (a function in a
    /// recursive cycle).
    lbase: Slot,
}

/// Decodes kernel `kernel` of `m`; `globals` maps module `.global`/`.const`
/// variables to their device addresses.
pub fn decode_kernel(
    m: &Module,
    kernel: &str,
    globals: &HashMap<String, u64>,
) -> Result<Program, CpuError> {
    let Some(kf) = m
        .functions
        .iter()
        .find(|f| f.is_entry && f.name == kernel && f.body.is_some())
    else {
        return Err(CpuError::InvalidLaunch(format!(
            "the module has no kernel `{kernel}`"
        )));
    };
    let mut d = Dec::new(m, globals);
    // Kernel parameters: a packed buffer.
    let mut params = Vec::new();
    let mut offsets = Vec::new();
    let mut off = 0usize;
    for p in &kf.params {
        off = off.next_multiple_of(p.align.max(1));
        offsets.push(off);
        params.push(ParamDecl {
            name: p.name.clone(),
            size: p.size,
            align: p.align,
        });
        off += p.size;
        if off > MAX_PARAMS {
            return Err(CpuError::Unsupported {
                line: kf.line,
                what: format!("more than {MAX_PARAMS} bytes of kernel parameters"),
            });
        }
    }
    // Reachable functions, in discovery order.
    let mut order: Vec<&Function> = Vec::new();
    let mut queue = vec![kf];
    while let Some(f) = queue.pop() {
        for callee in callees(f) {
            if callee == "vprintf" {
                continue;
            }
            if callee == kf.name || order.iter().any(|g| g.name == callee) {
                if callee == kf.name {
                    return Err(CpuError::Unsupported {
                        line: f.line,
                        what: format!("call of kernel `{callee}`"),
                    });
                }
                continue;
            }
            let Some(g) = m
                .functions
                .iter()
                .find(|g| !g.is_entry && g.name == callee && g.body.is_some())
            else {
                return Err(CpuError::Unsupported {
                    line: f.line,
                    what: format!("call of undefined function `{callee}`"),
                });
            };
            order.push(g);
            queue.push(g);
        }
    }
    for f in &order {
        let params = f
            .params
            .iter()
            .map(|p| d.param_slot(p.bits, p.size))
            .collect();
        let rets = f
            .rets
            .iter()
            .map(|p| d.param_slot(p.bits, p.size))
            .collect();
        let ret = d.new_slot(64);
        let lbase = d.new_slot(64);
        d.funcs.insert(
            f.name.clone(),
            FuncInfo {
                entry: 0,
                params,
                rets,
                ret,
                lbase,
            },
        );
    }
    d.cycle_of = frames::cycles(&order);
    let mut extents = HashMap::new();
    let mut base = HashMap::new();
    for (p, &o) in kf.params.iter().zip(&offsets) {
        base.insert(p.name.clone(), Sym::KParam(o, p.size));
    }
    d.function(kf, base, true)?;
    for f in &order {
        let entry = d.insts.len() as u32;
        let info = &d.funcs[&f.name];
        let mut base = HashMap::new();
        // A `.reg` parameter is a register of the body; a `.param` one
        // is read and written with `ld.param`/`st.param`.
        let sym = |p: &super::ast::Param, ps: PSlot| {
            if p.is_reg && ps.scalar {
                Sym::Reg(ps.slot, ps.bits)
            } else {
                Sym::Param(ps)
            }
        };
        for (p, &ps) in f.params.iter().zip(&info.params) {
            base.insert(p.name.clone(), sym(p, ps));
        }
        for (p, &ps) in f.rets.iter().zip(&info.rets) {
            base.insert(p.name.clone(), sym(p, ps));
        }
        let ret = info.ret;
        d.funcs.get_mut(&f.name).expect("declared above").entry = entry;
        d.cur_ret = ret;
        d.cur_func = Some(f.name.clone());
        let slots = d.nslots;
        d.stack_local = 0;
        d.function(f, base, false)?;
        extents.insert(
            f.name.clone(),
            frames::Extent {
                slots: slots..d.nslots,
                local_size: d.stack_local.next_multiple_of(16),
            },
        );
    }
    let frames = d.frames(&extents);
    let local_stack = d.finish_local_stack(&extents);
    if d.nslots >= MAX_SLOTS {
        return Err(CpuError::Unsupported {
            line: kf.line,
            what: format!("more than {MAX_SLOTS} registers, immediates and parameters"),
        });
    }
    if d.local_frame > MAX_LOCAL {
        return Err(CpuError::Unsupported {
            line: kf.line,
            what: format!("{} bytes of local memory per thread", d.local_frame),
        });
    }
    for (idx, name) in std::mem::take(&mut d.call_fixups) {
        let target = d.funcs[&name].entry;
        if let Op::Call { target: t, .. } = &mut d.insts[idx].op {
            *t = target;
        }
    }
    let dyn_base = (d.shared_static as u64).next_multiple_of(DYN_SHARED_ALIGN);
    for (slot, off) in std::mem::take(&mut d.dyn_slots) {
        d.init_launch
            .push((slot, Init::Const(dyn_base.wrapping_add(off))));
    }
    Ok(Program {
        name: kf.name.clone(),
        insts: d.insts,
        nslots: d.nslots,
        init_launch: d.init_launch,
        init_block: d.init_block,
        init_warp: d.init_warp,
        params,
        param_offsets: offsets,
        param_bytes: off,
        shared_static: d.shared_static,
        local_frame: d.local_frame,
        local_stack,
        frames,
        source: SourceMap::new(m, std::iter::once(kf).chain(order)),
        block_limit: kf.block_limit,
    })
}

/// The names of the functions `f` calls.
fn callees(f: &Function) -> Vec<String> {
    let mut out = Vec::new();
    for s in f.body.iter().flatten() {
        if let Stmt::Inst(i) = s {
            if i.opcode == "call" || i.opcode.starts_with("call.") {
                if let Some(Operand::Sym(n, _)) =
                    i.operands.iter().find(|o| matches!(o, Operand::Sym(..)))
                {
                    out.push(n.clone());
                }
            }
        }
    }
    out
}

struct Dec<'m> {
    m: &'m Module,
    globals: &'m HashMap<String, u64>,
    insts: Vec<Inst>,
    nslots: u32,
    slot_bits: Vec<u8>,
    consts: HashMap<u64, Slot>,
    specials: HashMap<Special, Slot>,
    kparam_loads: HashMap<(usize, u8, bool, u8), Slot>,
    init_launch: Vec<(Slot, Init)>,
    init_block: Vec<(Slot, Init)>,
    init_warp: Vec<(Slot, Init)>,
    shared_static: usize,
    module_shared: HashMap<String, u64>,
    dyn_slots: Vec<(Slot, u64)>,
    local_frame: usize,
    funcs: HashMap<String, FuncInfo>,
    call_fixups: Vec<(usize, String)>,
    scopes: Vec<HashMap<String, Sym>>,
    cur_ret: Slot,
    /// The `.func` being decoded (`None`: the kernel).
    cur_func: Option<String>,
    /// See [`frames::cycles`].
    cycle_of: HashMap<String, usize>,
    /// The (caller, callee) of each call that saves a frame.
    frame_calls: Vec<(String, String)>,
    /// The stack pointer of the thread's local call stack.
    sp: Slot,
    /// The `.local` bytes of the function in a cycle being decoded.
    stack_local: usize,
    /// The `Op::Alloc`/`Op::Free` instructions of calls of functions in
    /// cycles, and their callees (the size is known at the end).
    alloc_fixups: Vec<(usize, String)>,
    cc: Slot,
    is_kernel: bool,
    line: u32,
    sink: Slot,
    /// Where the last label points (an instruction index).
    label_at: Option<usize>,
}

impl<'m> Dec<'m> {
    fn new(m: &'m Module, globals: &'m HashMap<String, u64>) -> Self {
        let mut d = Dec {
            m,
            globals,
            insts: Vec::new(),
            nslots: 0,
            slot_bits: Vec::new(),
            consts: HashMap::new(),
            specials: HashMap::new(),
            kparam_loads: HashMap::new(),
            init_launch: Vec::new(),
            init_block: Vec::new(),
            init_warp: Vec::new(),
            shared_static: 0,
            module_shared: HashMap::new(),
            dyn_slots: Vec::new(),
            local_frame: 0,
            funcs: HashMap::new(),
            call_fixups: Vec::new(),
            scopes: Vec::new(),
            cur_ret: NONE,
            cur_func: None,
            cycle_of: HashMap::new(),
            frame_calls: Vec::new(),
            sp: NONE,
            stack_local: 0,
            alloc_fixups: Vec::new(),
            cc: NONE,
            is_kernel: true,
            line: 0,
            sink: 0,
            label_at: None,
        };
        d.sink = d.new_slot(64);
        d.sp = d.new_slot(64);
        d
    }

    fn unsupported<T>(&self, what: impl Into<String>) -> Result<T, CpuError> {
        Err(CpuError::Unsupported {
            line: self.line,
            what: what.into(),
        })
    }

    fn bad<T>(&self, message: impl Into<String>) -> Result<T, CpuError> {
        Err(CpuError::Parse {
            line: self.line,
            message: message.into(),
        })
    }

    fn new_slot(&mut self, bits: u8) -> Slot {
        let s = self.nslots.min(MAX_SLOTS);
        self.nslots += 1;
        self.slot_bits.push(bits);
        s
    }

    fn param_slot(&mut self, bits: u32, size: usize) -> PSlot {
        let b = bits.min(64) as u8;
        let chunks = size.div_ceil(8).max(1) as u32;
        let slot = self.new_slot(b);
        for _ in 1..chunks {
            self.new_slot(64);
        }
        PSlot {
            slot,
            bits: b,
            chunks,
            scalar: size <= 8 && size * 8 == bits as usize,
        }
    }

    fn konst(&mut self, v: u64) -> Slot {
        if let Some(&s) = self.consts.get(&v) {
            return s;
        }
        let s = self.new_slot(64);
        self.consts.insert(v, s);
        self.init_launch.push((s, Init::Const(v)));
        s
    }

    fn special(&mut self, sp: Special) -> Slot {
        if let Some(&s) = self.specials.get(&sp) {
            return s;
        }
        let s = self.new_slot(32);
        self.specials.insert(sp, s);
        match sp {
            Special::Ctaid(_) => self.init_block.push((s, Init::Special(sp))),
            Special::Ntid(_) | Special::Nctaid(_) | Special::NWarpId => {
                self.init_launch.push((s, Init::Special(sp)))
            }
            _ => self.init_warp.push((s, Init::Special(sp))),
        }
        s
    }

    /// Declares a register in the innermost scope; a name declared twice
    /// in one scope is an error, as in ptxas (an inner scope may shadow).
    fn declare_reg(&mut self, name: String, sym: Sym) -> Result<(), CpuError> {
        let scope = self.scopes.last_mut().expect("scope");
        if scope.contains_key(&name) {
            return self.bad(format!("register `{name}` is declared twice"));
        }
        scope.insert(name, sym);
        Ok(())
    }

    /// The format and arguments of a `vprintf` that runs right before the
    /// next instruction whenever the latter runs (the last instruction,
    /// with the same guard, and no label since); `NONE` otherwise.
    fn printed_before(&self, guard: (Slot, bool)) -> (Slot, Slot) {
        match self.insts.last() {
            Some(&Inst {
                op: Op::Printf { fmt, args, .. },
                guard: g,
                guard_neg,
                ..
            }) if (g, guard_neg) == guard && self.label_at != Some(self.insts.len()) => (fmt, args),
            _ => (NONE, NONE),
        }
    }

    fn emit(&mut self, op: Op, guard: (Slot, bool)) {
        self.insts.push(Inst {
            op,
            guard: guard.0,
            guard_neg: guard.1,
            line: self.line,
        });
    }

    fn lookup(&mut self, name: &str) -> Option<Sym> {
        for s in self.scopes.iter().rev() {
            if let Some(&sym) = s.get(name) {
                return Some(sym);
            }
        }
        if let Some(&a) = self.globals.get(name) {
            return Some(Sym::Global(a));
        }
        if let Some(&o) = self.module_shared.get(name) {
            return Some(Sym::Shared(o));
        }
        let v = self
            .m
            .vars
            .iter()
            .find(|v| v.name == name && v.space == VarSpace::Shared)?;
        if v.count.is_none() || (v.is_extern && v.size() == 0) {
            return Some(Sym::DynShared);
        }
        let o = self.alloc_shared(v);
        self.module_shared.insert(name.to_string(), o);
        Some(Sym::Shared(o))
    }

    fn alloc_shared(&mut self, v: &VarDecl) -> u64 {
        let o = self.shared_static.next_multiple_of(v.align.max(1));
        self.shared_static = o + v.size();
        o as u64
    }

    fn function(
        &mut self,
        f: &Function,
        base: HashMap<String, Sym>,
        is_kernel: bool,
    ) -> Result<(), CpuError> {
        self.is_kernel = is_kernel;
        self.scopes = vec![base];
        // Labels are block-scoped, like variables: a branch sees the labels
        // of its block and of the blocks around it (the innermost first).
        // Blocks are numbered as they open; `parent[b]` encloses block `b`
        // (block 0 is the body). The parser rejected a label defined twice
        // in one block.
        let mut labels: HashMap<(u32, &str), u32> = HashMap::new();
        let mut parent: Vec<u32> = vec![0];
        let mut block = 0u32;
        let mut fixups: Vec<(usize, &str, u32, u32)> = Vec::new();
        let body = f.body.as_deref().unwrap_or(&[]);
        for s in body {
            match s {
                Stmt::Reg { bits, names, line } => {
                    self.line = *line;
                    let b = (*bits).min(64) as u8;
                    for (name, count) in names {
                        if count.unwrap_or(1) as u64 + self.nslots as u64 > MAX_SLOTS as u64 {
                            return self.unsupported(format!(
                                "more than {MAX_SLOTS} registers (`{name}`)"
                            ));
                        }
                        match count {
                            Some(n) => {
                                for k in 0..*n {
                                    let slot = self.new_slot(b);
                                    self.declare_reg(format!("{name}{k}"), Sym::Reg(slot, b))?;
                                }
                            }
                            None => {
                                let slot = self.new_slot(b);
                                self.declare_reg(name.clone(), Sym::Reg(slot, b))?;
                            }
                        }
                    }
                }
                Stmt::Var(v) => {
                    self.line = v.line;
                    let sym = match v.space {
                        VarSpace::Local if self.in_cycle() => {
                            let o = self.stack_local.next_multiple_of(v.align.max(1));
                            self.stack_local = o + v.size();
                            Sym::StackLocal(o as u64)
                        }
                        VarSpace::Local => {
                            let o = self.local_frame.next_multiple_of(v.align.max(1));
                            self.local_frame = o + v.size();
                            Sym::Local(o as u64)
                        }
                        VarSpace::Shared => {
                            if v.count.is_none() {
                                Sym::DynShared
                            } else {
                                Sym::Shared(self.alloc_shared(v))
                            }
                        }
                        VarSpace::Param => {
                            Sym::Param(self.param_slot((v.elem_size * 8) as u32, v.size()))
                        }
                        VarSpace::Global | VarSpace::Const => {
                            return self.unsupported(format!(
                                "function-scope .global/.const variable `{}`",
                                v.name
                            ))
                        }
                    };
                    self.scopes
                        .last_mut()
                        .expect("scope")
                        .insert(v.name.clone(), sym);
                }
                Stmt::Label(l) => {
                    labels.insert((block, l.as_str()), self.insts.len() as u32);
                    self.label_at = Some(self.insts.len());
                }
                Stmt::Open => {
                    self.scopes.push(HashMap::new());
                    parent.push(block);
                    block = parent.len() as u32 - 1;
                }
                Stmt::Close => {
                    if self.scopes.len() > 1 {
                        self.scopes.pop();
                    }
                    block = parent[block as usize];
                }
                Stmt::Inst(i) => {
                    self.line = i.line;
                    if let Some(label) = self.inst(i)? {
                        fixups.push((self.insts.len() - 1, label, i.line, block));
                    }
                }
            }
        }
        // Falling off the end returns.
        self.line = f.line;
        let end = if is_kernel {
            Op::Exit
        } else {
            Op::Ret { ret: self.cur_ret }
        };
        self.emit(end, (NONE, false));
        for (idx, label, line, mut b) in fixups {
            let target = loop {
                if let Some(&t) = labels.get(&(b, label)) {
                    break Some(t);
                }
                if b == 0 {
                    break None;
                }
                b = parent[b as usize];
            };
            let Some(t) = target else {
                return Err(CpuError::Parse {
                    line,
                    message: format!("unknown label `{label}`"),
                });
            };
            if let Op::Bra { target } = &mut self.insts[idx].op {
                *target = t;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::parser::parse;
    use super::*;

    fn decode(src: &str) -> Result<Program, CpuError> {
        let m = parse(src)?;
        decode_kernel(&m, "k", &HashMap::new())
    }

    #[test]
    fn branches_resolve_to_indices() {
        let p = decode(
            ".entry k(.param .u64 a)\n{\n.reg .b64 %rd<3>;\n.reg .pred %p<2>;\n\
             ld.param.u64 %rd0, [a];\nL1:\nsetp.eq.u64 %p0, %rd0, 0;\n@%p0 bra L1;\nret;\n}",
        )
        .unwrap();
        assert_eq!(p.insts[2].op, Op::Bra { target: 1 });
        assert_eq!(p.insts[3].op, Op::Exit);
        assert_eq!(p.param_bytes, 8);
        assert_eq!(p.insts[0].line, 5);
    }

    #[test]
    fn unknown_instructions_are_reported_with_their_line() {
        let e = decode(".entry k()\n{\n.reg .b32 %r<2>;\ntex.1d.v4.f32.s32 %r0, [%r1];\n}")
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "unsupported PTX instruction `tex.1d.v4.f32.s32` at line 4"
        );
        let e = decode(".entry k()\n{\nbra NOWHERE;\n}").unwrap_err();
        assert!(matches!(e, CpuError::Parse { line: 3, .. }), "{e}");
    }

    #[test]
    fn labels_resolve_in_their_block() {
        // Two blocks each with its own `A`: each branch goes to its own
        // block's label (the flat table sent both to the second one).
        let p = decode(
            ".entry k()\n{\n.reg .pred %p<2>;\n{\n@%p0 bra A;\nA:\nmov.pred %p1, %p0;\n}\n\
             {\n@%p1 bra A;\nmov.pred %p0, %p1;\nA:\nret;\n}\n}",
        )
        .unwrap();
        assert_eq!(p.insts[0].op, Op::Bra { target: 1 });
        assert_eq!(p.insts[2].op, Op::Bra { target: 4 });
        // An inner block's label is not visible outside it (ptxas:
        // "Unknown symbol"); an outer one is visible inside, and an inner
        // label shadows it.
        let e = decode(".entry k()\n{\nbra B;\n{\nB:\n}\nret;\n}").unwrap_err();
        assert!(matches!(e, CpuError::Parse { line: 3, .. }), "{e}");
        let p = decode(".entry k()\n{\nB:\n{\nbra B;\nB:\nbra B;\n}\n}").unwrap();
        assert_eq!(p.insts[0].op, Op::Bra { target: 1 });
        let p = decode(".entry k()\n{\nB:\nret;\n{\nbra B;\n}\n}").unwrap();
        assert_eq!(p.insts[1].op, Op::Bra { target: 0 });
    }

    #[test]
    fn calls_inside_a_cycle_save_the_callers_frame() {
        let p = decode(
            ".func f()\n{\n.local .b32 x;\ncall.uni f, ();\nret;\n}\n\
             .entry k()\n{\ncall.uni f, ();\nret;\n}",
        )
        .unwrap();
        let kinds: Vec<&str> = p
            .insts
            .iter()
            .map(|i| match i.op {
                Op::Save { .. } => "save",
                Op::Restore { .. } => "restore",
                Op::Alloc { size: 16, .. } => "alloc16",
                Op::Free { size: 16, .. } => "free16",
                Op::Call { .. } => "call",
                Op::Ret { .. } => "ret",
                Op::Exit => "exit",
                _ => "other",
            })
            .collect();
        // The kernel's call of `f` gives `f` its local bytes; `f`'s own
        // call also saves and restores `f`'s registers around it. (Each
        // body ends with an implicit `exit` or `ret`.)
        assert_eq!(
            kinds,
            [
                "alloc16", "call", "free16", "exit", "exit", "save", "alloc16", "call", "free16",
                "restore", "ret", "ret"
            ]
        );
        assert_eq!(p.frames.len(), 1);
        // The static frame is empty; the local call stack follows it.
        assert_eq!(p.local_stack, 0);
        assert_eq!(p.local_frame, frames::LOCAL_STACK_BYTES);
        // Without `.local` variables in the cycle the stack is empty, and
        // it starts inside the thread's memory after the static 8 bytes
        // (its start was once past their end, which every call overflowed).
        let p = decode(
            ".func f()\n{\ncall.uni f, ();\nret;\n}\n\
             .entry k()\n{\n.local .b8 x[8];\ncall.uni f, ();\nret;\n}",
        )
        .unwrap();
        assert_eq!((p.local_stack, p.local_frame), (16, 16));
    }
}
