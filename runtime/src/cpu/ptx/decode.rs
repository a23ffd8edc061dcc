//! Decoder: one kernel of a parsed module to an executable [`Program`].
//!
//! The kernel's body comes first, then the body of every `.func` it can
//! reach; each function has its own static register slots (PTX forbids
//! nothing here, but kernelc and NVRTC never emit recursion: a recursive
//! call is rejected). A call copies its `.param` arguments into the
//! callee's parameter slots, stores the return address in the callee's
//! return slot, and jumps; `ret` jumps back. `.param` variables of calls and
//! functions are register slots; kernel parameters become slots filled at
//! launch. `vprintf` is built in.

use std::collections::HashMap;

use super::ast::{Function, Inst as AInst, Module, Operand, Stmt, VarDecl, VarSpace};
use super::parser::imm_bits;
use super::program::*;
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
}

/// Parsed opcode modifiers.
#[derive(Default)]
struct Mods<'a> {
    /// Types in order (`cvt.f32.s32` has two).
    tys: Vec<TyM>,
    space: Option<&'a str>,
    rnd: Option<Rnd>,
    ftz: bool,
    sat: bool,
    vec: u8,
    /// The other modifiers, in order.
    words: Vec<&'a str>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TyM {
    U(u8),
    S(u8),
    B(u8),
    F(u8),
    Pred,
}

impl TyM {
    fn bits(self) -> u8 {
        match self {
            TyM::U(b) | TyM::S(b) | TyM::B(b) | TyM::F(b) => b,
            TyM::Pred => 1,
        }
    }
    fn is_float(self) -> bool {
        matches!(self, TyM::F(_))
    }
    fn to_ty(self) -> Ty {
        match self {
            TyM::S(b) => Ty::S(b),
            TyM::F(b) => Ty::F(b),
            TyM::U(b) | TyM::B(b) => Ty::U(b),
            TyM::Pred => Ty::U(1),
        }
    }
}

/// Modifiers that do not change what the simulator computes.
const IGNORED: &[&str] = &[
    "uni", "nc", "ca", "cg", "cs", "lu", "cv", "wb", "wt", "volatile", "relaxed", "acquire",
    "release", "acq_rel", "sc", "weak", "sys", "gpu", "cta", "cluster", "aligned", "approx",
    "full", "sync", "noftz",
];

fn parse_mods<'a>(parts: &[&'a str]) -> Mods<'a> {
    let mut m = Mods::default();
    for &p in parts {
        match p {
            "u8" => m.tys.push(TyM::U(8)),
            "u16" => m.tys.push(TyM::U(16)),
            "u32" => m.tys.push(TyM::U(32)),
            "u64" => m.tys.push(TyM::U(64)),
            "s8" => m.tys.push(TyM::S(8)),
            "s16" => m.tys.push(TyM::S(16)),
            "s32" => m.tys.push(TyM::S(32)),
            "s64" => m.tys.push(TyM::S(64)),
            "b8" => m.tys.push(TyM::B(8)),
            "b16" => m.tys.push(TyM::B(16)),
            "b32" => m.tys.push(TyM::B(32)),
            "b64" => m.tys.push(TyM::B(64)),
            "f16" => m.tys.push(TyM::F(16)),
            "f32" => m.tys.push(TyM::F(32)),
            "f64" => m.tys.push(TyM::F(64)),
            "pred" => m.tys.push(TyM::Pred),
            "global" | "shared" | "local" | "const" | "param" | "shared::cta" => m.space = Some(p),
            "rn" => m.rnd = Some(Rnd::Rn),
            "rz" => m.rnd = Some(Rnd::Rz),
            "rm" => m.rnd = Some(Rnd::Rm),
            "rp" => m.rnd = Some(Rnd::Rp),
            "rni" => m.rnd = Some(Rnd::Rni),
            "rzi" => m.rnd = Some(Rnd::Rzi),
            "rmi" => m.rnd = Some(Rnd::Rmi),
            "rpi" => m.rnd = Some(Rnd::Rpi),
            "ftz" => m.ftz = true,
            "sat" => m.sat = true,
            "v2" => m.vec = 2,
            "v4" => m.vec = 4,
            p if IGNORED.contains(&p) || p.starts_with("L1::") || p.starts_with("L2::") => {}
            p => m.words.push(p),
        }
    }
    m
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
        d.funcs.insert(
            f.name.clone(),
            FuncInfo {
                entry: 0,
                params,
                rets,
                ret,
            },
        );
    }
    check_recursion(&order)?;
    let mut base = HashMap::new();
    for (p, &o) in kf.params.iter().zip(&offsets) {
        base.insert(p.name.clone(), Sym::KParam(o, p.size));
    }
    d.function(kf, base, true)?;
    for f in &order {
        let entry = d.insts.len() as u32;
        let info = &d.funcs[&f.name];
        let mut base = HashMap::new();
        for (p, &ps) in f.params.iter().zip(&info.params) {
            base.insert(p.name.clone(), Sym::Param(ps));
        }
        for (p, &ps) in f.rets.iter().zip(&info.rets) {
            base.insert(p.name.clone(), Sym::Param(ps));
        }
        let ret = info.ret;
        d.funcs.get_mut(&f.name).expect("declared above").entry = entry;
        d.cur_ret = ret;
        d.function(f, base, false)?;
    }
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

fn check_recursion(funcs: &[&Function]) -> Result<(), CpuError> {
    // Depth-first search for a cycle among the reachable functions.
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
    let mut state = vec![0u8; funcs.len()];
    fn visit(
        i: usize,
        edges: &[Vec<usize>],
        state: &mut [u8],
        funcs: &[&Function],
    ) -> Result<(), CpuError> {
        state[i] = 1;
        for &j in &edges[i] {
            if state[j] == 1 {
                return Err(CpuError::Unsupported {
                    line: funcs[j].line,
                    what: format!("recursive call of `{}`", funcs[j].name),
                });
            }
            if state[j] == 0 {
                visit(j, edges, state, funcs)?;
            }
        }
        state[i] = 2;
        Ok(())
    }
    for i in 0..funcs.len() {
        if state[i] == 0 {
            visit(i, &edges, &mut state, funcs)?;
        }
    }
    Ok(())
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
    cc: Slot,
    is_kernel: bool,
    line: u32,
    sink: Slot,
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
            cc: NONE,
            is_kernel: true,
            line: 0,
            sink: 0,
        };
        d.sink = d.new_slot(64);
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
        let mut labels: HashMap<&str, u32> = HashMap::new();
        let mut fixups: Vec<(usize, &str, u32)> = Vec::new();
        let body = f.body.as_deref().unwrap_or(&[]);
        for s in body {
            match s {
                Stmt::Reg { bits, names } => {
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
                                    self.scopes
                                        .last_mut()
                                        .expect("scope")
                                        .insert(format!("{name}{k}"), Sym::Reg(slot, b));
                                }
                            }
                            None => {
                                let slot = self.new_slot(b);
                                self.scopes
                                    .last_mut()
                                    .expect("scope")
                                    .insert(name.clone(), Sym::Reg(slot, b));
                            }
                        }
                    }
                }
                Stmt::Var(v) => {
                    self.line = v.line;
                    let sym = match v.space {
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
                    labels.insert(l.as_str(), self.insts.len() as u32);
                }
                Stmt::Open => self.scopes.push(HashMap::new()),
                Stmt::Close => {
                    if self.scopes.len() > 1 {
                        self.scopes.pop();
                    }
                }
                Stmt::Inst(i) => {
                    self.line = i.line;
                    if let Some(label) = self.inst(i)? {
                        fixups.push((self.insts.len() - 1, label, i.line));
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
        for (idx, label, line) in fixups {
            let Some(&t) = labels.get(label) else {
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

    /// A register operand as a slot (declared register or special).
    fn reg(&mut self, name: &str) -> Result<(Slot, u8), CpuError> {
        match self.lookup(name) {
            Some(Sym::Reg(s, b)) => return Ok((s, b)),
            Some(Sym::Param(p)) if p.chunks == 1 => return Ok((p.slot, p.bits)),
            Some(_) => return self.bad(format!("`{name}` is not a register")),
            None => {}
        }
        let dim = |c: &str| match c {
            "x" => Some(0u8),
            "y" => Some(1),
            "z" => Some(2),
            _ => None,
        };
        let sp = if let Some((base, c)) = name.split_once('.') {
            let Some(k) = dim(c) else {
                return self.bad(format!("unknown register `{name}`"));
            };
            match base {
                "%tid" => Special::Tid(k),
                "%ntid" => Special::Ntid(k),
                "%ctaid" => Special::Ctaid(k),
                "%nctaid" => Special::Nctaid(k),
                _ => return self.bad(format!("unknown register `{name}`")),
            }
        } else {
            match name {
                "%laneid" => Special::LaneId,
                "%warpid" => Special::WarpId,
                "%nwarpid" => Special::NWarpId,
                "%lanemask_eq" => Special::LaneMaskEq,
                "%lanemask_lt" => Special::LaneMaskLt,
                "%lanemask_le" => Special::LaneMaskLe,
                "%lanemask_gt" => Special::LaneMaskGt,
                "%lanemask_ge" => Special::LaneMaskGe,
                "%smid" | "%gridid" | "%clock" | "%clock64" | "%globaltimer"
                | "%globaltimer_lo" | "%globaltimer_hi" => return Ok((self.konst(0), 64)),
                "%nsmid" => return Ok((self.konst(1), 32)),
                _ => return self.bad(format!("unknown register `{name}`")),
            }
        };
        Ok((self.special(sp), 32))
    }

    /// The address of a symbol (in its own state space) plus `off`.
    fn sym_addr(&mut self, name: &str, off: i64) -> Result<Slot, CpuError> {
        match self.lookup(name) {
            Some(Sym::Local(o)) | Some(Sym::Shared(o)) => {
                Ok(self.konst(o.wrapping_add(off as u64)))
            }
            Some(Sym::Global(a)) => Ok(self.konst(a.wrapping_add(off as u64))),
            Some(Sym::DynShared) => {
                let s = self.new_slot(64);
                self.dyn_slots.push((s, off as u64));
                Ok(s)
            }
            Some(Sym::KParam(..)) => {
                self.unsupported(format!("address of kernel parameter `{name}`"))
            }
            Some(Sym::Reg(..)) | Some(Sym::Param(..)) => {
                self.unsupported(format!("address of `{name}` (a register or .param)"))
            }
            None => self.bad(format!("unknown symbol `{name}`")),
        }
    }

    /// A source operand of `bits` width (float-typed when `float`).
    fn src(&mut self, o: &Operand, bits: u8, float: bool) -> Result<Slot, CpuError> {
        match o {
            Operand::Reg(r, false) => Ok(self.reg(r)?.0),
            Operand::Reg(r, true) => {
                // `!%p` as a plain source: materialise the negation.
                let (s, _) = self.reg(r)?;
                let t = self.new_slot(1);
                self.emit(
                    Op::Un {
                        op: UnOp::NotPred,
                        d: t,
                        a: s,
                    },
                    (NONE, false),
                );
                Ok(t)
            }
            Operand::Imm(i) => Ok(self.konst(imm_bits(*i, bits as u32, float))),
            Operand::Sym(n, 0) if n == "WARP_SZ" => Ok(self.konst(32)),
            Operand::Sym(n, off) => self.sym_addr(n, *off),
            _ => self.bad("expected a register or an immediate"),
        }
    }

    /// A destination register.
    fn dst(&mut self, o: &Operand) -> Result<(Slot, u8), CpuError> {
        match o {
            Operand::Reg(r, false) => {
                let (s, b) = self.reg(r)?;
                if self.init_slot(s) {
                    return self.bad(format!("`{r}` cannot be written"));
                }
                Ok((s, b))
            }
            Operand::Sink => Ok((self.sink, 64)),
            _ => self.bad("expected a destination register"),
        }
    }

    fn init_slot(&self, s: Slot) -> bool {
        self.specials.values().any(|&x| x == s)
    }

    /// `[base+off]` as (slot, offset).
    fn addr(&mut self, o: &Operand) -> Result<(Slot, i32), CpuError> {
        let Operand::Addr(base, off) = o else {
            return self.bad("expected an address `[...]`");
        };
        let off32 = |d: &Self, v: i64| -> Result<i32, CpuError> {
            i32::try_from(v).or_else(|_| d.unsupported(format!("address offset {v}")))
        };
        match base.as_deref() {
            Some(Operand::Reg(r, _)) => {
                let s = self.reg(r)?.0;
                Ok((s, off32(self, *off)?))
            }
            Some(Operand::Sym(n, _)) => Ok((self.sym_addr(n, *off)?, 0)),
            _ => Ok((self.konst(*off as u64), 0)),
        }
    }

    fn guard(&mut self, i: &AInst) -> Result<(Slot, bool), CpuError> {
        match &i.guard {
            None => Ok((NONE, false)),
            Some((r, neg)) => Ok((self.reg(r)?.0, *neg)),
        }
    }

    fn nops(&self, i: &AInst, n: usize) -> Result<(), CpuError> {
        if i.operands.len() != n {
            return self.bad(format!(
                "`{}` takes {n} operands, found {}",
                i.opcode,
                i.operands.len()
            ));
        }
        Ok(())
    }

    /// Decodes one instruction; returns a label to patch when it branches.
    fn inst<'a>(&mut self, i: &'a AInst) -> Result<Option<&'a str>, CpuError> {
        let parts: Vec<&str> = i.opcode.split('.').collect();
        let name = parts[0];
        let md = parse_mods(&parts[1..]);
        let g = self.guard(i)?;
        let unsup = |d: &Self| d.unsupported(i.opcode.clone());
        let ty = md.tys.last().copied();
        let carry = matches!(name, "addc" | "subc" | "madc")
            || (matches!(name, "add" | "sub" | "mad") && md.words.contains(&"cc"));
        if carry {
            return self.carry(i, &md, g, name).map(|_| None);
        }
        let directed = matches!(md.rnd, Some(Rnd::Rz | Rnd::Rm | Rnd::Rp));
        let float_ty = matches!(ty, Some(TyM::F(32 | 64)));
        if directed
            && float_ty
            && matches!(
                name,
                "add" | "sub" | "mul" | "fma" | "mad" | "div" | "sqrt" | "rcp"
            )
        {
            let wide = ty == Some(TyM::F(64));
            let name = if name == "mad" { "fma" } else { name };
            return self.directed(i, &md, g, name, wide).map(|_| None);
        }
        match name {
            "mov" => {
                self.nops(i, 2)?;
                let t = ty.unwrap_or(TyM::B(64));
                match (&i.operands[0], &i.operands[1]) {
                    (Operand::Vec(parts), src) => {
                        // unpack
                        let a = self.src(src, t.bits(), false)?;
                        let w = t.bits() / parts.len() as u8;
                        for (k, p) in parts.iter().enumerate() {
                            let (d, _) = self.dst(p)?;
                            self.emit(
                                Op::Un {
                                    op: UnOp::Extract(w * k as u8, w),
                                    d,
                                    a,
                                },
                                g,
                            );
                        }
                    }
                    (dst, Operand::Vec(parts)) => {
                        if parts.len() != 2 {
                            return unsup(self);
                        }
                        let w = t.bits() / 2;
                        let a = self.src(&parts[0], w, false)?;
                        let b = self.src(&parts[1], w, false)?;
                        let (d, _) = self.dst(dst)?;
                        self.emit(
                            Op::Bin {
                                op: BinOp::Pack(w),
                                d,
                                a,
                                b,
                            },
                            g,
                        );
                    }
                    (dst, src) => {
                        let a = self.src(src, t.bits(), t.is_float())?;
                        let (d, _) = self.dst(dst)?;
                        self.emit(Op::Mov { d, a }, g);
                    }
                }
            }
            "add" | "sub" | "mul" | "div" | "rem" | "min" | "max" | "and" | "or" | "xor"
            | "shl" | "shr" | "copysign" => {
                self.nops(i, 3)?;
                let Some(t) = ty else { return unsup(self) };
                let bits = t.bits();
                let f32t = t == TyM::F(32);
                let f64t = t == TyM::F(64);
                let signed = matches!(t, TyM::S(_));
                let w = &md.words;
                let has = |s: &str| w.contains(&s);
                let op = match name {
                    "add" if f32t => BinOp::AddF32,
                    "add" if f64t => BinOp::AddF64,
                    "sub" if f32t => BinOp::SubF32,
                    "sub" if f64t => BinOp::SubF64,
                    "mul" if f32t => BinOp::MulF32,
                    "mul" if f64t => BinOp::MulF64,
                    "div" if f32t => BinOp::DivF32,
                    "div" if f64t => BinOp::DivF64,
                    "min" if f32t && has("NaN") => BinOp::MinNanF32,
                    "max" if f32t && has("NaN") => BinOp::MaxNanF32,
                    "min" if f32t => BinOp::MinF32,
                    "max" if f32t => BinOp::MaxF32,
                    "min" if f64t => BinOp::MinF64,
                    "max" if f64t => BinOp::MaxF64,
                    "copysign" if f32t => BinOp::CopysignF32,
                    "copysign" if f64t => BinOp::CopysignF64,
                    _ if t.is_float() => return unsup(self),
                    "add" if !md.sat => BinOp::Add(bits),
                    "sub" if !md.sat => BinOp::Sub(bits),
                    "mul" if has("lo") => BinOp::MulLo(bits),
                    "mul" if has("hi") && signed => BinOp::MulHiS(bits),
                    "mul" if has("hi") => BinOp::MulHiU(bits),
                    "mul" if has("wide") && signed && bits <= 32 => BinOp::MulWideS(bits),
                    "mul" if has("wide") && bits <= 32 => BinOp::MulWideU(bits),
                    "div" if signed => BinOp::DivS(bits),
                    "div" => BinOp::DivU(bits),
                    "rem" if signed => BinOp::RemS(bits),
                    "rem" => BinOp::RemU(bits),
                    "min" if signed => BinOp::MinS(bits),
                    "min" => BinOp::MinU(bits),
                    "max" if signed => BinOp::MaxS(bits),
                    "max" => BinOp::MaxU(bits),
                    "and" => BinOp::And,
                    "or" => BinOp::Or,
                    "xor" => BinOp::Xor,
                    "shl" => BinOp::Shl(bits),
                    "shr" if signed => BinOp::ShrS(bits),
                    "shr" => BinOp::ShrU(bits),
                    _ => return unsup(self),
                };
                let known = ["lo", "hi", "wide", "NaN"];
                if w.iter().any(|x| !known.contains(x)) {
                    return unsup(self);
                }
                let shift = matches!(name, "shl" | "shr");
                let bbits = if shift { 32 } else { bits };
                let mut a = self.src(&i.operands[1], bits, t.is_float())?;
                let mut b = self.src(&i.operands[2], bbits, t.is_float())?;
                let (d, _) = self.dst(&i.operands[0])?;
                if md.ftz && f32t {
                    a = self.flushed(a, g);
                    b = self.flushed(b, g);
                }
                self.emit(Op::Bin { op, d, a, b }, g);
                self.post_f32(&md, t, d, g);
            }
            "neg" | "not" | "abs" | "clz" | "popc" | "brev" | "sqrt" | "rcp" | "rsqrt" | "sin"
            | "cos" | "ex2" | "lg2" | "tanh" => {
                self.nops(i, 2)?;
                let Some(t) = ty else { return unsup(self) };
                let bits = t.bits();
                let f32t = t == TyM::F(32);
                let f64t = t == TyM::F(64);
                let op = match name {
                    "neg" if f32t => UnOp::NegF32,
                    "neg" if f64t => UnOp::NegF64,
                    "abs" if f32t => UnOp::AbsF32,
                    "abs" if f64t => UnOp::AbsF64,
                    "sqrt" if f32t => UnOp::SqrtF32,
                    "sqrt" if f64t => UnOp::SqrtF64,
                    "rcp" if f32t => UnOp::RcpF32,
                    "rcp" if f64t => UnOp::RcpF64,
                    "rsqrt" if f32t => UnOp::RsqrtF32,
                    "rsqrt" if f64t => UnOp::RsqrtF64,
                    "sin" if f32t => UnOp::SinF32,
                    "cos" if f32t => UnOp::CosF32,
                    "ex2" if f32t => UnOp::Ex2F32,
                    "lg2" if f32t => UnOp::Lg2F32,
                    "tanh" if f32t => UnOp::TanhF32,
                    _ if t.is_float() => return unsup(self),
                    "not" if t == TyM::Pred => UnOp::NotPred,
                    "neg" => UnOp::Neg(bits),
                    "not" => UnOp::Not(bits),
                    "abs" => UnOp::Abs(bits),
                    "clz" => UnOp::Clz(bits),
                    "popc" => UnOp::Popc(bits),
                    "brev" => UnOp::Brev(bits),
                    _ => return unsup(self),
                };
                if !md.words.is_empty() {
                    return unsup(self);
                }
                let mut a = self.src(&i.operands[1], bits, t.is_float())?;
                let (d, _) = self.dst(&i.operands[0])?;
                if md.ftz && f32t {
                    a = self.flushed(a, g);
                }
                self.emit(Op::Un { op, d, a }, g);
                self.post_f32(&md, t, d, g);
            }
            "fma" | "mad" | "selp" | "bfe" => {
                self.nops(i, 4)?;
                let Some(t) = ty else { return unsup(self) };
                let bits = t.bits();
                let signed = matches!(t, TyM::S(_));
                let has = |s: &str| md.words.contains(&s);
                let op = match name {
                    "fma" | "mad" if t == TyM::F(32) => TernOp::FmaF32,
                    "fma" | "mad" if t == TyM::F(64) => TernOp::FmaF64,
                    "selp" => TernOp::Selp,
                    _ if t.is_float() => return unsup(self),
                    "mad" if has("lo") => TernOp::MadLo(bits),
                    "mad" if has("hi") && signed => TernOp::MadHiS(bits),
                    "mad" if has("hi") => TernOp::MadHiU(bits),
                    "mad" if has("wide") && signed && bits <= 32 => TernOp::MadWideS(bits),
                    "mad" if has("wide") && bits <= 32 => TernOp::MadWideU(bits),
                    "bfe" if signed => TernOp::BfeS(bits),
                    "bfe" => TernOp::BfeU(bits),
                    _ => return unsup(self),
                };
                let wide = matches!(op, TernOp::MadWideS(_) | TernOp::MadWideU(_));
                let (bb, cb) = match op {
                    TernOp::Selp => (bits, 1),
                    TernOp::BfeS(_) | TernOp::BfeU(_) => (32, 32),
                    _ if wide => (bits, bits * 2),
                    _ => (bits, bits),
                };
                let f = t.is_float();
                let mut a = self.src(&i.operands[1], bits, f)?;
                let mut b = self.src(&i.operands[2], bb, f)?;
                let mut c = self.src(&i.operands[3], cb, f)?;
                let (d, _) = self.dst(&i.operands[0])?;
                if md.ftz && t == TyM::F(32) {
                    a = self.flushed(a, g);
                    b = self.flushed(b, g);
                    c = self.flushed(c, g);
                }
                self.emit(Op::Tern { op, d, a, b, c }, g);
                self.post_f32(&md, t, d, g);
            }
            "bfi" => {
                self.nops(i, 5)?;
                let Some(t) = ty else { return unsup(self) };
                let bits = t.bits();
                let a = self.src(&i.operands[1], bits, false)?;
                let b = self.src(&i.operands[2], bits, false)?;
                let c = self.src(&i.operands[3], 32, false)?;
                let e = self.src(&i.operands[4], 32, false)?;
                let (d, _) = self.dst(&i.operands[0])?;
                self.emit(
                    Op::Bfi {
                        bits,
                        d,
                        a,
                        b,
                        c,
                        e,
                    },
                    g,
                );
            }
            "bfind" => {
                self.nops(i, 2)?;
                let Some(t) = ty else { return unsup(self) };
                let shiftamt = md.words.contains(&"shiftamt");
                if md.words.iter().any(|w| *w != "shiftamt") {
                    return unsup(self);
                }
                let op = UnOp::Bfind {
                    bits: t.bits(),
                    signed: matches!(t, TyM::S(_)),
                    shiftamt,
                };
                let a = self.src(&i.operands[1], t.bits(), false)?;
                let (d, _) = self.dst(&i.operands[0])?;
                self.emit(Op::Un { op, d, a }, g);
            }
            "shf" => {
                self.nops(i, 4)?;
                let clamp = md.words.contains(&"clamp");
                let op = match (md.words.first().copied(), md.words.get(1).copied()) {
                    (Some("l"), Some("wrap" | "clamp")) => TernOp::ShfL(clamp),
                    (Some("r"), Some("wrap" | "clamp")) => TernOp::ShfR(clamp),
                    _ => return unsup(self),
                };
                let a = self.src(&i.operands[1], 32, false)?;
                let b = self.src(&i.operands[2], 32, false)?;
                let c = self.src(&i.operands[3], 32, false)?;
                let (d, _) = self.dst(&i.operands[0])?;
                self.emit(Op::Tern { op, d, a, b, c }, g);
            }
            "cnot" => {
                self.nops(i, 2)?;
                let Some(t) = ty else { return unsup(self) };
                let a = self.src(&i.operands[1], t.bits(), false)?;
                let (d, _) = self.dst(&i.operands[0])?;
                let op = UnOp::Cnot(t.bits());
                self.emit(Op::Un { op, d, a }, g);
            }
            "testp" => {
                self.nops(i, 2)?;
                let kind = match md.words.first().copied() {
                    Some("finite") => TestpKind::Finite,
                    Some("infinite") => TestpKind::Infinite,
                    Some("number") => TestpKind::Number,
                    Some("notanumber") => TestpKind::NotANumber,
                    Some("normal") => TestpKind::Normal,
                    Some("subnormal") => TestpKind::Subnormal,
                    _ => return unsup(self),
                };
                let wide = match ty {
                    Some(TyM::F(32)) => false,
                    Some(TyM::F(64)) => true,
                    _ => return unsup(self),
                };
                let a = self.src(&i.operands[1], if wide { 64 } else { 32 }, true)?;
                let (d, _) = self.dst(&i.operands[0])?;
                let op = UnOp::Testp(kind, wide);
                self.emit(Op::Un { op, d, a }, g);
            }
            "prmt" => {
                self.nops(i, 4)?;
                if !md.words.is_empty() {
                    return unsup(self);
                }
                let a = self.src(&i.operands[1], 32, false)?;
                let b = self.src(&i.operands[2], 32, false)?;
                let c = self.src(&i.operands[3], 32, false)?;
                let (d, _) = self.dst(&i.operands[0])?;
                let op = TernOp::Prmt;
                self.emit(Op::Tern { op, d, a, b, c }, g);
            }
            "redux" => {
                self.nops(i, 3)?;
                let signed = matches!(ty, Some(TyM::S(_)));
                let op = match md.words.first().copied() {
                    Some("add") => ReduxOp::Add,
                    Some("min") if signed => ReduxOp::MinS,
                    Some("max") if signed => ReduxOp::MaxS,
                    Some("min") => ReduxOp::MinU,
                    Some("max") => ReduxOp::MaxU,
                    Some("and") => ReduxOp::And,
                    Some("or") => ReduxOp::Or,
                    Some("xor") => ReduxOp::Xor,
                    _ => return unsup(self),
                };
                if ty.map(|t| t.bits()) != Some(32) || md.words.len() != 1 {
                    return unsup(self);
                }
                let a = self.src(&i.operands[1], 32, false)?;
                let mask = self.src(&i.operands[2], 32, false)?;
                let (d, _) = self.dst(&i.operands[0])?;
                self.emit(Op::Redux { op, d, a, mask }, g);
            }
            "match" => {
                self.nops(i, 3)?;
                let all = match md.words.first().copied() {
                    Some("any") => false,
                    Some("all") => true,
                    _ => return unsup(self),
                };
                let Some(t) = ty else { return unsup(self) };
                let (d, dp) = match &i.operands[0] {
                    Operand::Pair(r, p) if all => (self.reg(r)?.0, self.reg(p)?.0),
                    o => (self.dst(o)?.0, NONE),
                };
                let a = self.src(&i.operands[1], t.bits(), false)?;
                let mask = self.src(&i.operands[2], 32, false)?;
                let bits = t.bits();
                self.emit(
                    Op::Match {
                        all,
                        bits,
                        d,
                        dp,
                        a,
                        mask,
                    },
                    g,
                );
            }
            "setp" => self.setp(i, &md, g)?,
            "cvt" => self.cvt(i, &md, g)?,
            "cvta" => {
                self.nops(i, 2)?;
                let to_generic = !md.words.contains(&"to");
                let space = match md.space {
                    Some("global") | Some("const") | Some("param") => None,
                    Some("shared") | Some("shared::cta") => Some(Space::Shared),
                    Some("local") => Some(Space::Local),
                    _ => return unsup(self),
                };
                let a = self.src(&i.operands[1], 64, false)?;
                let (d, _) = self.dst(&i.operands[0])?;
                match space {
                    None => self.emit(Op::Mov { d, a }, g),
                    Some(space) => self.emit(
                        Op::Cvta {
                            space,
                            to_generic,
                            d,
                            a,
                        },
                        g,
                    ),
                }
            }
            "ld" | "ldu" | "st" => self.ld_st(i, &md, g, name == "st")?,
            "atom" | "red" => self.atom(i, &md, g, name == "red")?,
            "bra" | "brx" => {
                if name == "brx" {
                    return unsup(self);
                }
                self.nops(i, 1)?;
                let Operand::Sym(label, 0) = &i.operands[0] else {
                    return self.bad("`bra` needs a label");
                };
                self.emit(Op::Bra { target: 0 }, g);
                return Ok(Some(label.as_str()));
            }
            "call" => self.call(i, g)?,
            "ret" => {
                let op = if self.is_kernel {
                    Op::Exit
                } else {
                    Op::Ret { ret: self.cur_ret }
                };
                self.emit(op, g);
            }
            "exit" => self.emit(Op::Exit, g),
            "trap" | "brkpt" => self.emit(Op::Trap, g),
            "bar" | "barrier" => self.barrier(i, &md, g)?,
            "shfl" => {
                let mode = match md.words.first().copied() {
                    Some("idx") => ShflMode::Idx,
                    Some("up") => ShflMode::Up,
                    Some("down") => ShflMode::Down,
                    Some("bfly") => ShflMode::Bfly,
                    _ => return unsup(self),
                };
                if md.words.len() != 1 {
                    return unsup(self);
                }
                let n = i.operands.len();
                if n != 4 && n != 5 {
                    return self.bad("`shfl` takes 4 or 5 operands");
                }
                let (d, dp) = match &i.operands[0] {
                    Operand::Pair(r, p) => (self.reg(r)?.0, self.reg(p)?.0),
                    o => (self.dst(o)?.0, NONE),
                };
                let a = self.src(&i.operands[1], 32, false)?;
                let b = self.src(&i.operands[2], 32, false)?;
                let c = self.src(&i.operands[3], 32, false)?;
                let mask = if n == 5 {
                    self.src(&i.operands[4], 32, false)?
                } else {
                    NONE
                };
                self.emit(
                    Op::Shfl {
                        mode,
                        d,
                        dp,
                        a,
                        b,
                        c,
                        mask,
                    },
                    g,
                );
            }
            "vote" => {
                // `uni` is also an ignored modifier (`bra.uni`): look at the raw parts.
                let mode = match parts
                    .get(1..)
                    .unwrap_or(&[])
                    .iter()
                    .copied()
                    .find(|p| *p != "sync")
                {
                    Some("all") => VoteMode::All,
                    Some("any") => VoteMode::Any,
                    Some("uni") => VoteMode::Uni,
                    Some("ballot") => VoteMode::Ballot,
                    _ => return unsup(self),
                };
                let n = i.operands.len();
                if n != 2 && n != 3 {
                    return self.bad("`vote` takes 2 or 3 operands");
                }
                let (d, _) = self.dst(&i.operands[0])?;
                let (a, aneg) = match &i.operands[1] {
                    Operand::Reg(r, neg) => (self.reg(r)?.0, *neg),
                    o => (self.src(o, 1, false)?, false),
                };
                let mask = if n == 3 {
                    self.src(&i.operands[2], 32, false)?
                } else {
                    NONE
                };
                self.emit(
                    Op::Vote {
                        mode,
                        d,
                        a,
                        aneg,
                        mask,
                    },
                    g,
                );
            }
            "activemask" => {
                self.nops(i, 1)?;
                let (d, _) = self.dst(&i.operands[0])?;
                self.emit(Op::Activemask { d }, g);
            }
            "membar" | "fence" | "prefetch" | "prefetchu" | "nanosleep" | "pmevent" => {
                self.emit(Op::Nop, g)
            }
            _ => return unsup(self),
        }
        Ok(None)
    }

    /// `add/sub/mul/fma.{rz,rm,rp}.f32`.
    fn directed(
        &mut self,
        i: &AInst,
        md: &Mods,
        g: (Slot, bool),
        name: &str,
        wide: bool,
    ) -> Result<(), CpuError> {
        let rnd = md.rnd.unwrap_or(Rnd::Rn);
        let n = match name {
            "fma" => 4,
            "sqrt" | "rcp" => 2,
            _ => 3,
        };
        self.nops(i, n)?;
        if !md.words.is_empty() || (wide && name == "fma") {
            return self.unsupported(i.opcode.clone());
        }
        let bits = if wide { 64 } else { 32 };
        let mut srcs = Vec::new();
        if name == "rcp" {
            let one = if wide {
                1f64.to_bits()
            } else {
                1f32.to_bits() as u64
            };
            srcs.push(self.konst(one));
        }
        for o in &i.operands[1..] {
            let s = self.src(o, bits, true)?;
            srcs.push(if md.ftz && !wide {
                self.flushed(s, g)
            } else {
                s
            });
        }
        let (d, _) = self.dst(&i.operands[0])?;
        let op = match (name, wide) {
            ("fma", _) => {
                let op = TernOp::FmaF32Rnd(rnd);
                let [a, b, c] = [srcs[0], srcs[1], srcs[2]];
                self.emit(Op::Tern { op, d, a, b, c }, g);
                None
            }
            ("sqrt", false) => Some(Op::Un {
                op: UnOp::SqrtF32Rnd(rnd),
                d,
                a: srcs[0],
            }),
            ("sqrt", true) => Some(Op::Un {
                op: UnOp::SqrtF64Rnd(rnd),
                d,
                a: srcs[0],
            }),
            (_, _) => {
                let mut b = srcs[1];
                if name == "sub" {
                    let t = self.new_slot(bits);
                    let neg = if wide { UnOp::NegF64 } else { UnOp::NegF32 };
                    self.emit(
                        Op::Un {
                            op: neg,
                            d: t,
                            a: b,
                        },
                        g,
                    );
                    b = t;
                }
                let op = match (name, wide) {
                    ("mul", false) => BinOp::MulF32Rnd(rnd),
                    ("mul", true) => BinOp::MulF64Rnd(rnd),
                    ("div" | "rcp", false) => BinOp::DivF32Rnd(rnd),
                    ("div" | "rcp", true) => BinOp::DivF64Rnd(rnd),
                    (_, false) => BinOp::AddF32Rnd(rnd),
                    (_, true) => BinOp::AddF64Rnd(rnd),
                };
                Some(Op::Bin {
                    op,
                    d,
                    a: srcs[0],
                    b,
                })
            }
        };
        if let Some(op) = op {
            self.emit(op, g);
        }
        self.post_f32(md, if wide { TyM::F(64) } else { TyM::F(32) }, d, g);
        Ok(())
    }

    /// Carry-chain arithmetic (`add.cc`, `addc`, `sub.cc`, `subc`,
    /// `mad{,c}.{lo,hi}{,.cc}`).
    fn carry(&mut self, i: &AInst, md: &Mods, g: (Slot, bool), name: &str) -> Result<(), CpuError> {
        let Some(t) = md.tys.last().copied() else {
            return self.unsupported(i.opcode.clone());
        };
        let bits = t.bits();
        if (bits != 32 && bits != 64) || t.is_float() {
            return self.unsupported(i.opcode.clone());
        }
        let has = |w: &str| md.words.contains(&w);
        if md.words.iter().any(|w| !matches!(*w, "cc" | "lo" | "hi")) {
            return self.unsupported(i.opcode.clone());
        }
        let kind = match name {
            "add" | "addc" => CarryKind::Add,
            "sub" | "subc" => CarryKind::Sub,
            _ if has("hi") => CarryKind::MadHi,
            _ if has("lo") => CarryKind::MadLo,
            _ => return self.unsupported(i.opcode.clone()),
        };
        let mad = matches!(kind, CarryKind::MadLo | CarryKind::MadHi);
        self.nops(i, if mad { 4 } else { 3 })?;
        let op = CarryOp {
            kind,
            cin: name.ends_with('c'),
            cout: has("cc"),
            bits,
        };
        let a = self.src(&i.operands[1], bits, false)?;
        let b = self.src(&i.operands[2], bits, false)?;
        let c = if mad {
            self.src(&i.operands[3], bits, false)?
        } else {
            b
        };
        let (d, _) = self.dst(&i.operands[0])?;
        if self.cc == NONE {
            self.cc = self.new_slot(1);
        }
        let cc = self.cc;
        self.emit(Op::Carry { op, d, a, b, c, cc }, g);
        Ok(())
    }

    /// A flushed copy of an f32 slot (for `.ftz`).
    fn flushed(&mut self, a: Slot, g: (Slot, bool)) -> Slot {
        let t = self.new_slot(32);
        self.emit(
            Op::Un {
                op: UnOp::FtzF32,
                d: t,
                a,
            },
            g,
        );
        t
    }

    /// `.ftz` / `.sat` on a float result.
    fn post_f32(&mut self, md: &Mods, t: TyM, d: Slot, g: (Slot, bool)) {
        if md.ftz && t == TyM::F(32) {
            self.emit(
                Op::Un {
                    op: UnOp::FtzF32,
                    d,
                    a: d,
                },
                g,
            );
        }
        if md.sat && t.is_float() {
            let op = if t == TyM::F(64) {
                UnOp::SatF64
            } else {
                UnOp::SatF32
            };
            self.emit(Op::Un { op, d, a: d }, g);
        }
    }

    fn setp(&mut self, i: &AInst, md: &Mods, g: (Slot, bool)) -> Result<(), CpuError> {
        let n = i.operands.len();
        if n != 3 && n != 4 {
            return self.bad("`setp` takes 3 or 4 operands");
        }
        let Some(t) = md.tys.last().copied() else {
            return self.unsupported(i.opcode.clone());
        };
        let mut op = None;
        let mut comb = Combine::None;
        for w in &md.words {
            match *w {
                "eq" => op = Some(CmpOp::Eq),
                "ne" => op = Some(CmpOp::Ne),
                "lt" | "lo" => op = Some(CmpOp::Lt),
                "le" | "ls" => op = Some(CmpOp::Le),
                "gt" | "hi" => op = Some(CmpOp::Gt),
                "ge" | "hs" => op = Some(CmpOp::Ge),
                "equ" => op = Some(CmpOp::Equ),
                "neu" => op = Some(CmpOp::Neu),
                "ltu" => op = Some(CmpOp::Ltu),
                "leu" => op = Some(CmpOp::Leu),
                "gtu" => op = Some(CmpOp::Gtu),
                "geu" => op = Some(CmpOp::Geu),
                "num" => op = Some(CmpOp::Num),
                "nan" => op = Some(CmpOp::Nan),
                "and" => comb = Combine::And,
                "or" => comb = Combine::Or,
                "xor" => comb = Combine::Xor,
                _ => return self.unsupported(i.opcode.clone()),
            }
        }
        let Some(op) = op else {
            return self.unsupported(i.opcode.clone());
        };
        let mut ty = match t {
            TyM::S(b) => CmpTy::S(b),
            TyM::U(b) | TyM::B(b) => CmpTy::U(b),
            TyM::F(32) => CmpTy::F32,
            TyM::F(64) => CmpTy::F64,
            TyM::F(16) => CmpTy::F16,
            _ => return self.unsupported(i.opcode.clone()),
        };
        // `lo/ls/hi/hs` are unsigned comparisons.
        if md
            .words
            .iter()
            .any(|w| matches!(*w, "lo" | "ls" | "hi" | "hs"))
        {
            if let CmpTy::S(b) = ty {
                ty = CmpTy::U(b);
            }
        }
        if (n == 4) != (comb != Combine::None) {
            return self.bad("`setp` with a combining operation takes a fourth operand");
        }
        let f = t.is_float();
        let a = self.src(&i.operands[1], t.bits(), f)?;
        let b = self.src(&i.operands[2], t.bits(), f)?;
        let (c, cneg) = if n == 4 {
            match &i.operands[3] {
                Operand::Reg(r, neg) => (self.reg(r)?.0, *neg),
                o => (self.src(o, 1, false)?, false),
            }
        } else {
            (NONE, false)
        };
        let (d, dn) = match &i.operands[0] {
            Operand::Pair(p, q) => (self.reg(p)?.0, self.reg(q)?.0),
            o => (self.dst(o)?.0, NONE),
        };
        self.emit(
            Op::Setp {
                cmp: Cmp { op, ty },
                comb,
                cneg,
                d,
                dn,
                a,
                b,
                c,
            },
            g,
        );
        Ok(())
    }

    fn cvt(&mut self, i: &AInst, md: &Mods, g: (Slot, bool)) -> Result<(), CpuError> {
        self.nops(i, 2)?;
        if md.tys.len() != 2 || !md.words.is_empty() {
            return self.unsupported(i.opcode.clone());
        }
        let (dt, st) = (md.tys[0], md.tys[1]);
        let a = self.src(&i.operands[1], st.bits(), st.is_float())?;
        let (d, _) = self.dst(&i.operands[0])?;
        let ints = !dt.is_float() && !st.is_float();
        if ints && !md.sat {
            let (db, sb) = (dt.bits(), st.bits());
            let op = if db > sb && matches!(st, TyM::S(_)) {
                UnOp::Sext(sb, db)
            } else if db > sb {
                UnOp::Zext(sb)
            } else if matches!(dt, TyM::S(_)) && db < 32 {
                // a narrow signed destination is sign-extended in its register
                UnOp::Sext(db, db)
            } else {
                UnOp::Zext(db)
            };
            self.emit(Op::Un { op, d, a }, g);
            return Ok(());
        }
        let cvt = Cvt {
            dst: dt.to_ty(),
            src: st.to_ty(),
            rnd: md.rnd.unwrap_or(Rnd::Default),
            sat: md.sat,
            ftz: md.ftz,
        };
        self.emit(Op::Cvt { cvt, d, a }, g);
        Ok(())
    }

    fn ld_st(
        &mut self,
        i: &AInst,
        md: &Mods,
        g: (Slot, bool),
        store: bool,
    ) -> Result<(), CpuError> {
        self.nops(i, 2)?;
        if !md.words.is_empty() || md.tys.len() != 1 {
            return self.unsupported(i.opcode.clone());
        }
        let t = md.tys[0];
        let size = t.bits().div_ceil(8).max(1);
        let (val, addr) = if store {
            (&i.operands[1], &i.operands[0])
        } else {
            (&i.operands[0], &i.operands[1])
        };
        let sext = matches!(t, TyM::S(_));
        if md.space == Some("param") {
            let Operand::Addr(base, off) = addr else {
                return self.bad("expected an address `[...]`");
            };
            return match (md.vec, val) {
                (0, v) => self.param_access(i, t, v, addr, store, g),
                (n, Operand::Vec(items)) if items.len() == n as usize => {
                    for (k, v) in items.iter().enumerate() {
                        let a = Operand::Addr(base.clone(), off + (k * size as usize) as i64);
                        self.param_access(i, t, v, &a, store, g)?;
                    }
                    Ok(())
                }
                _ => self.bad("vector access needs a `{...}` operand of matching length"),
            };
        }
        let space = match md.space {
            None => Space::Generic,
            Some("global") | Some("const") => Space::Global,
            Some("shared") | Some("shared::cta") => Space::Shared,
            Some("local") => Space::Local,
            _ => return self.unsupported(i.opcode.clone()),
        };
        let (a, off) = self.addr(addr)?;
        let vals: Vec<&Operand> = match (md.vec, val) {
            (0, v) => vec![v],
            (_, Operand::Vec(items)) if items.len() == md.vec as usize => items.iter().collect(),
            _ => return self.bad("vector access needs a `{...}` operand of matching length"),
        };
        for (k, v) in vals.into_iter().enumerate() {
            let off = off.wrapping_add((k * size as usize) as i32);
            if store {
                let v = self.src(v, t.bits(), t.is_float())?;
                self.emit(
                    Op::St {
                        space,
                        size,
                        a,
                        off,
                        v,
                    },
                    g,
                );
            } else {
                let (d, dbits) = self.dst(v)?;
                self.emit(
                    Op::Ld {
                        space,
                        size,
                        sext,
                        dbits,
                        d,
                        a,
                        off,
                    },
                    g,
                );
            }
        }
        Ok(())
    }

    fn param_access(
        &mut self,
        i: &AInst,
        t: TyM,
        val: &Operand,
        addr: &Operand,
        store: bool,
        g: (Slot, bool),
    ) -> Result<(), CpuError> {
        let Operand::Addr(Some(base), off) = addr else {
            return self.unsupported(format!("{} through a register", i.opcode));
        };
        let Operand::Sym(name, _) = base.as_ref() else {
            return self.unsupported(format!("{} through a register", i.opcode));
        };
        let bits = t.bits();
        let size = bits.div_ceil(8).max(1);
        let sext = matches!(t, TyM::S(_));
        match self.lookup(name) {
            Some(Sym::KParam(o, psize)) if !store => {
                if *off < 0 || *off as usize + size as usize > psize {
                    return self.bad(format!(
                        "parameter access at offset {off} outside `{name}` ({psize} bytes)"
                    ));
                }
                let (d, dbits) = self.dst(val)?;
                let key = (o + *off as usize, size, sext, dbits);
                let s = match self.kparam_loads.get(&key) {
                    Some(&s) => s,
                    None => {
                        let s = self.new_slot(dbits);
                        self.kparam_loads.insert(key, s);
                        self.init_launch.push((
                            s,
                            Init::Param {
                                offset: key.0 as u32,
                                size,
                                sext,
                                dbits,
                            },
                        ));
                        s
                    }
                };
                self.emit(Op::Mov { d, a: s }, g);
                Ok(())
            }
            Some(Sym::Param(ps)) => {
                let chunk = (*off / 8) as u32;
                let shift = (*off % 8) as u8;
                if *off < 0 || chunk >= ps.chunks || shift as u32 * 8 + bits as u32 > 64 {
                    return self.unsupported(format!("{} at `{name}+{off}`", i.opcode));
                }
                let p = ps.slot + chunk;
                let shift = shift * 8;
                if store {
                    let a = self.src(val, bits, t.is_float())?;
                    let op = if ps.scalar {
                        Op::Un {
                            op: UnOp::Zext(bits),
                            d: p,
                            a,
                        }
                    } else {
                        Op::Bin {
                            op: BinOp::Insert(shift, bits),
                            d: p,
                            a: p,
                            b: a,
                        }
                    };
                    self.emit(op, g);
                } else {
                    let (d, dbits) = self.dst(val)?;
                    self.emit(
                        Op::Un {
                            op: UnOp::Extract(shift, bits),
                            d,
                            a: p,
                        },
                        g,
                    );
                    if sext && bits < dbits {
                        self.emit(
                            Op::Un {
                                op: UnOp::Sext(bits, dbits),
                                d,
                                a: d,
                            },
                            g,
                        );
                    }
                }
                Ok(())
            }
            Some(Sym::KParam(..)) => {
                self.unsupported(format!("store to kernel parameter `{name}`"))
            }
            Some(_) => self.unsupported(format!("{} at `{name}+{off}`", i.opcode)),
            None => self.bad(format!("unknown parameter `{name}`")),
        }
    }

    fn atom(&mut self, i: &AInst, md: &Mods, g: (Slot, bool), red: bool) -> Result<(), CpuError> {
        let Some(t) = md.tys.last().copied() else {
            return self.unsupported(i.opcode.clone());
        };
        if md.words.len() != 1 || md.tys.len() != 1 || md.vec != 0 {
            return self.unsupported(i.opcode.clone());
        }
        let signed = matches!(t, TyM::S(_));
        let op = match (md.words[0], t) {
            ("add", TyM::F(32)) => AtomOp::AddF32,
            ("add", TyM::F(64)) => AtomOp::AddF64,
            ("min", TyM::F(32)) => AtomOp::MinF32,
            ("max", TyM::F(32)) => AtomOp::MaxF32,
            (_, TyM::F(_)) => return self.unsupported(i.opcode.clone()),
            ("add", _) => AtomOp::Add,
            ("and", _) => AtomOp::And,
            ("or", _) => AtomOp::Or,
            ("xor", _) => AtomOp::Xor,
            ("exch", _) => AtomOp::Exch,
            ("cas", _) => AtomOp::Cas,
            ("min", _) if signed => AtomOp::MinS,
            ("min", _) => AtomOp::MinU,
            ("max", _) if signed => AtomOp::MaxS,
            ("max", _) => AtomOp::MaxU,
            ("inc", TyM::U(32)) => AtomOp::Inc,
            ("dec", TyM::U(32)) => AtomOp::Dec,
            _ => return self.unsupported(i.opcode.clone()),
        };
        let bits = t.bits();
        if bits != 32 && bits != 64 {
            return self.unsupported(i.opcode.clone());
        }
        let space = match md.space {
            None => Space::Generic,
            Some("global") => Space::Global,
            Some("shared") | Some("shared::cta") => Space::Shared,
            _ => return self.unsupported(i.opcode.clone()),
        };
        let want = if red { 2 } else { 3 } + usize::from(op == AtomOp::Cas);
        self.nops(i, want)?;
        let k = usize::from(!red);
        let (a, off) = self.addr(&i.operands[k])?;
        let f = t.is_float();
        let b = self.src(&i.operands[k + 1], bits, f)?;
        let c = if op == AtomOp::Cas {
            self.src(&i.operands[k + 2], bits, f)?
        } else {
            NONE
        };
        let d = if red {
            NONE
        } else {
            self.dst(&i.operands[0])?.0
        };
        self.emit(
            Op::Atom {
                space,
                op,
                size: bits / 8,
                d,
                a,
                off,
                b,
                c,
            },
            g,
        );
        Ok(())
    }

    fn call(&mut self, i: &AInst, g: (Slot, bool)) -> Result<(), CpuError> {
        let mut rets: &[String] = &[];
        let mut args: &[String] = &[];
        let mut callee = None;
        for o in &i.operands {
            match o {
                Operand::List(l) if callee.is_none() => rets = l,
                Operand::List(l) => args = l,
                Operand::Sym(n, 0) if callee.is_none() => callee = Some(n.as_str()),
                _ => return self.unsupported(format!("{} (indirect call)", i.opcode)),
            }
        }
        let Some(callee) = callee else {
            return self.bad("`call` without a function");
        };
        let slots = |d: &mut Self, names: &[String]| -> Result<Vec<(Slot, u32)>, CpuError> {
            names
                .iter()
                .map(|n| match d.lookup(n) {
                    Some(Sym::Param(p)) => Ok((p.slot, p.chunks)),
                    _ => d.reg(n).map(|r| (r.0, 1)),
                })
                .collect()
        };
        let rets = slots(self, rets)?;
        let args = slots(self, args)?;
        if callee == "vprintf" {
            if args.len() != 2 || rets.len() > 1 {
                return self.bad("`vprintf` takes two arguments and returns one value");
            }
            let status = rets.first().map_or(self.sink, |r| r.0);
            self.emit(
                Op::Printf {
                    fmt: args[0].0,
                    args: args[1].0,
                    status,
                },
                g,
            );
            return Ok(());
        }
        let Some(info) = self.funcs.get(callee) else {
            return self.unsupported(format!("call of `{callee}`"));
        };
        if info.params.len() != args.len() || info.rets.len() < rets.len() {
            return self.bad(format!(
                "wrong number of arguments in the call of `{callee}`"
            ));
        }
        let mut pairs: Vec<(Slot, Slot)> = Vec::new();
        for (p, &(a, n)) in info.params.iter().zip(&args) {
            if n != p.chunks {
                return self.bad(format!("argument size mismatch in the call of `{callee}`"));
            }
            pairs.extend((0..n).map(|k| (p.slot + k, a + k)));
        }
        let mut back: Vec<(Slot, Slot)> = Vec::new();
        for (&(r, n), p) in rets.iter().zip(&info.rets) {
            back.extend((0..n.min(p.chunks)).map(|k| (r + k, p.slot + k)));
        }
        let ret = info.ret;
        for (d, a) in pairs {
            self.emit(Op::Mov { d, a }, g);
        }
        self.call_fixups
            .push((self.insts.len(), callee.to_string()));
        self.emit(Op::Call { target: 0, ret }, g);
        for (d, a) in back {
            self.emit(Op::Mov { d, a }, g);
        }
        Ok(())
    }

    fn barrier(&mut self, i: &AInst, md: &Mods, g: (Slot, bool)) -> Result<(), CpuError> {
        let w = &md.words;
        if w.first() == Some(&"warp") {
            let mask = match i.operands.first() {
                Some(o) => self.src(o, 32, false)?,
                None => NONE,
            };
            self.emit(Op::WarpSync { mask }, g);
            return Ok(());
        }
        if w.first() == Some(&"red") {
            let kind = match w.get(1).copied() {
                Some("popc") => BarKind::RedPopc,
                Some("and") => BarKind::RedAnd,
                Some("or") => BarKind::RedOr,
                _ => return self.unsupported(i.opcode.clone()),
            };
            let n = i.operands.len();
            if n != 3 && n != 4 {
                return self.bad("`bar.red` takes 3 or 4 operands");
            }
            let (d, _) = self.dst(&i.operands[0])?;
            let (p, pneg) = match &i.operands[n - 1] {
                Operand::Reg(r, neg) => (self.reg(r)?.0, *neg),
                o => (self.src(o, 1, false)?, false),
            };
            self.emit(Op::Bar { kind, d, p, pneg }, g);
            return Ok(());
        }
        if w.iter().any(|x| *x != "arrive" && *x != "red") && !w.is_empty() {
            return self.unsupported(i.opcode.clone());
        }
        if w.contains(&"arrive") {
            return self.unsupported(i.opcode.clone());
        }
        // bar.sync / barrier.sync / bar.cta.sync (id and count ignored).
        self.emit(
            Op::Bar {
                kind: BarKind::Sync,
                d: NONE,
                p: NONE,
                pneg: false,
            },
            g,
        );
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
    fn recursion_is_rejected() {
        let e = decode(
            ".func f()\n{\ncall.uni f, ();\nret;\n}\n.entry k()\n{\ncall.uni f, ();\nret;\n}",
        )
        .unwrap_err();
        assert!(e.to_string().contains("recursive"), "{e}");
    }
}
