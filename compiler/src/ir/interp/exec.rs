//! The instruction loop of one call frame.

use super::{directed, invalid, ops, print, InterpError, Interpreter, Val};
use crate::ir::entities::{Block, FuncRef, Inst};
use crate::ir::function::Function;
use crate::ir::instructions::{BlockCall, InstructionData as D, Opcode, SpecialReg, VoteMode};
use crate::ir::types::{AddrSpace, Type};
use cranelift_entity::EntityRef;

use super::AtomicRmwOp;

/// Where control goes after an instruction.
enum Flow {
    Next,
    Branch(BlockCall),
    Return(Vec<Val>),
}

/// A call frame: the function, its registers and its local arrays.
struct Frame<'a> {
    fref: FuncRef,
    func: &'a Function,
    resolve: &'a [u32],
    results: &'a [Option<(u32, Type)>],
    regs: Vec<Val>,
    locals: &'a [u64],
    scratch: Vec<Val>,
}

impl Frame<'_> {
    fn get(&self, v: crate::ir::entities::Value) -> Val {
        self.regs[self.resolve[v.index()] as usize]
    }

    fn set_result(&mut self, inst: Inst, val: Val) {
        if let Some((r, _)) = self.results[inst.index()] {
            self.regs[r as usize] = val;
        }
    }

    fn result_type(&self, inst: Inst) -> Type {
        self.results[inst.index()].map_or(Type::I32, |(_, t)| t)
    }

    /// Passes a branch's arguments to its destination's parameters (all
    /// read before any is written, as a parallel copy).
    fn bind(&mut self, call: &BlockCall) {
        let dfg = &self.func.dfg;
        self.scratch.clear();
        for &v in dfg.block_call_args(call) {
            self.scratch
                .push(self.regs[self.resolve[v.index()] as usize]);
        }
        for (i, &p) in dfg.block_params(call.block).iter().enumerate() {
            if let Some(&v) = self.scratch.get(i) {
                self.regs[p.index()] = v;
            }
        }
    }
}

impl Interpreter<'_> {
    pub(super) fn exec(
        &mut self,
        f: FuncRef,
        args: &[Val],
        locals: &[u64],
        depth: usize,
    ) -> Result<Vec<Val>, InterpError> {
        let module = self.module;
        let func = &module.functions[f];
        let decoded = self.decoded(f);
        let mut frame = Frame {
            fref: f,
            func,
            resolve: &decoded.resolve,
            results: &decoded.results,
            regs: vec![Val::I64(0); func.dfg.num_values()],
            locals,
            scratch: Vec::new(),
        };
        let entry = func
            .layout
            .entry_block()
            .ok_or_else(|| invalid(format!("{} has no blocks", func.name)))?;
        let params = func.dfg.block_params(entry);
        if params.len() != args.len() {
            return Err(invalid(format!(
                "{} takes {} arguments, got {}",
                func.name,
                params.len(),
                args.len()
            )));
        }
        for (&p, &a) in params.iter().zip(args) {
            frame.regs[p.index()] = a;
        }
        let mut block: Block = entry;
        loop {
            let insts = func.layout.block_insts(block);
            let mut next = None;
            for &inst in insts {
                self.steps += 1;
                if self.steps > self.step_limit {
                    return Err(InterpError::StepLimit(self.step_limit));
                }
                match self.step(&mut frame, inst, depth)? {
                    Flow::Next => {}
                    Flow::Branch(call) => {
                        frame.bind(&call);
                        next = Some(call.block);
                        break;
                    }
                    Flow::Return(vals) => return Ok(vals),
                }
            }
            block = next.ok_or_else(|| invalid(format!("{block} falls off its end")))?;
        }
    }

    fn step(&mut self, fr: &mut Frame<'_>, inst: Inst, depth: usize) -> Result<Flow, InterpError> {
        let dfg = &fr.func.dfg;
        if let Some((base, r)) = dfg.inst(inst).opcode().directed() {
            let vals: Vec<Val> = dfg.inst_args(inst).iter().map(|&v| fr.get(v)).collect();
            let val = directed::eval(base, r, fr.result_type(inst), &vals).map_err(invalid)?;
            fr.set_result(inst, val);
            return Ok(Flow::Next);
        }
        let val = match *dfg.inst(inst) {
            D::UnaryImm { imm, .. } => Val::int(fr.result_type(inst), imm as u64),
            D::UnaryIeee { bits, .. } => Val::from_bits(fr.result_type(inst), bits),
            D::Unary { opcode, arg } => match opcode {
                Opcode::SyncthreadsCount | Opcode::SyncthreadsAnd | Opcode::SyncthreadsOr => {
                    self.need_one_thread(opcode, false)?;
                    Val::I32(fr.get(arg).is_true() as u64)
                }
                Opcode::Syncwarp => {
                    self.need_one_thread(opcode, false)?;
                    return Ok(Flow::Next);
                }
                // A sleep has no effect on values.
                Opcode::Nanosleep => return Ok(Flow::Next),
                _ => ops::unary(opcode, fr.result_type(inst), fr.get(arg)).map_err(invalid)?,
            },
            D::Binary { opcode, args } => {
                ops::binary(opcode, fr.get(args[0]), fr.get(args[1])).map_err(invalid)?
            }
            D::Ternary { opcode, args } => {
                let [a, b, c] = args.map(|v| fr.get(v));
                match opcode {
                    Opcode::Select if a.is_true() => b,
                    Opcode::Select => c,
                    _ => ops::fma(a, b, c),
                }
            }
            D::IntCompare { cond, args, .. } => {
                Val::I1(ops::icmp(cond, fr.get(args[0]), fr.get(args[1])) as u64)
            }
            D::FloatCompare { cond, args, .. } => {
                Val::I1(ops::fcmp(cond, fr.get(args[0]), fr.get(args[1])) as u64)
            }
            D::Load { addr, offset, .. } => {
                let ty = fr.result_type(inst);
                let ptr = fr.get(addr).bits().wrapping_add(offset as i64 as u64);
                Val::from_bits(ty, self.mem.load_bits(ptr, ty.bytes() as usize)?)
            }
            D::Store { args, offset, .. } => {
                let ptr = fr.get(args[0]).bits().wrapping_add(offset as i64 as u64);
                let v = fr.get(args[1]);
                self.mem
                    .store_bits(ptr, v.ty().bytes() as usize, v.bits())?;
                return Ok(Flow::Next);
            }
            D::AtomicRmw { op, args, .. } => {
                self.atomic_rmw(op, fr.get(args[0]), fr.get(args[1]))?
            }
            D::AtomicCas { args, .. } => {
                let [p, expected, new] = args.map(|v| fr.get(v));
                let size = expected.ty().bytes() as usize;
                let old = self.mem.load_bits(p.bits(), size)?;
                if old == expected.bits() {
                    self.mem.store_bits(p.bits(), size, new.bits())?;
                }
                Val::from_bits(expected.ty(), old)
            }
            D::AddrOf { opcode, index } => self.addr_of(fr, opcode, index)?,
            D::Special { reg, .. } => Val::I32(self.special(reg) as u64),
            D::Nullary { opcode } => match self.nullary(opcode)? {
                Some(v) => v,
                None => return Ok(Flow::Next),
            },
            D::Shuffle { args, .. } => {
                self.need_one_thread(Opcode::Shuffle, false)?;
                fr.get(args[1])
            }
            D::Vote { mode, args, .. } => {
                self.need_one_thread(Opcode::Vote, false)?;
                let p = fr.get(args[1]).is_true() as u64;
                match mode {
                    VoteMode::Ballot => Val::I32(p),
                    VoteMode::Uni => Val::I1(1),
                    VoteMode::All | VoteMode::Any => Val::I1(p),
                    // One thread: its value matches itself.
                    VoteMode::MatchAny | VoteMode::MatchAll => Val::I32(1),
                }
            }
            D::Call { func, ref args, .. } => {
                let argv: Vec<Val> = dfg.list(args).iter().map(|&v| fr.get(v)).collect();
                let results = self.call(func, &argv, depth + 1)?;
                for (&r, v) in dfg.inst_results(inst).iter().zip(results) {
                    fr.regs[r.index()] = v;
                }
                return Ok(Flow::Next);
            }
            D::Print {
                format, ref args, ..
            } => {
                let argv: Vec<Val> = dfg.list(args).iter().map(|&v| fr.get(v)).collect();
                let fmt = self.module.strings.get(format).map_or("", String::as_str);
                let text = print::format(fmt, &argv, &|p| self.c_string(p));
                self.output.push_str(&text);
                return Ok(Flow::Next);
            }
            D::Jump { dest, .. } => return Ok(Flow::Branch(dest)),
            D::Brif { cond, blocks, .. } => {
                let taken = if fr.get(cond).is_true() { 0 } else { 1 };
                return Ok(Flow::Branch(blocks[taken]));
            }
            D::Return { ref args, .. } => {
                return Ok(Flow::Return(
                    dfg.list(args).iter().map(|&v| fr.get(v)).collect(),
                ))
            }
        };
        fr.set_result(inst, val);
        Ok(Flow::Next)
    }

    /// Barriers and warp operations are no-ops for a one-thread block;
    /// fences (`launch`) for a one-thread launch.
    fn need_one_thread(&self, op: Opcode, launch: bool) -> Result<(), InterpError> {
        let n = if launch {
            self.thread.launch_threads()
        } else {
            self.thread.block_threads()
        };
        if n == 1 {
            Ok(())
        } else {
            Err(InterpError::NeedsSimt(op.name()))
        }
    }

    fn nullary(&mut self, op: Opcode) -> Result<Option<Val>, InterpError> {
        Ok(match op {
            Opcode::Syncthreads => {
                self.need_one_thread(op, false)?;
                None
            }
            // A grid barrier is a no-op for a one-thread grid (as a fence).
            Opcode::GridSync
            | Opcode::Threadfence
            | Opcode::ThreadfenceBlock
            | Opcode::ThreadfenceSystem => {
                self.need_one_thread(op, true)?;
                None
            }
            Opcode::Activemask => {
                self.need_one_thread(op, false)?;
                Some(Val::I32(1))
            }
            Opcode::LanemaskLt => {
                self.need_one_thread(op, false)?;
                Some(Val::I32(0))
            }
            Opcode::DynSharedAddr => Some(Val::Ptr(self.dyn_shared_ptr())),
            // The record a raise writes before its thread ends: a fresh
            // one each time (nothing reads it back).
            Opcode::ExcAddr => Some(Val::Ptr(self.mem.alloc(AddrSpace::Global, 32))),
            Opcode::Trap => return Err(InterpError::Trap),
            // Unwinds every call to `run`, which ends the thread.
            Opcode::Exit => return Err(InterpError::Exited),
            _ => return Err(invalid(format!("{op} is not a nullary instruction"))),
        })
    }

    fn dyn_shared_ptr(&mut self) -> u64 {
        if let Some(p) = self.dyn_shared {
            return p;
        }
        let p = self.mem.alloc(AddrSpace::Shared, self.dyn_shared_bytes);
        self.dyn_shared = Some(p);
        p
    }

    fn special(&self, reg: SpecialReg) -> u32 {
        let t = &self.thread;
        match reg {
            SpecialReg::TidX => t.tid[0],
            SpecialReg::TidY => t.tid[1],
            SpecialReg::TidZ => t.tid[2],
            SpecialReg::CtaidX => t.ctaid[0],
            SpecialReg::CtaidY => t.ctaid[1],
            SpecialReg::CtaidZ => t.ctaid[2],
            SpecialReg::NtidX => t.ntid[0],
            SpecialReg::NtidY => t.ntid[1],
            SpecialReg::NtidZ => t.ntid[2],
            SpecialReg::NctaidX => t.nctaid[0],
            SpecialReg::NctaidY => t.nctaid[1],
            SpecialReg::NctaidZ => t.nctaid[2],
            SpecialReg::Laneid => (t.linear_tid() % 32) as u32,
            SpecialReg::Warpsize => 32,
            SpecialReg::DynamicSmemSize => u32::try_from(self.dyn_shared_bytes).unwrap_or(u32::MAX),
        }
    }

    /// The NUL-terminated string at `ptr` (a `%s` argument of `print`),
    /// or `(null)` where there is none.
    fn c_string(&self, ptr: u64) -> String {
        let mut bytes = Vec::new();
        while let Ok(&[b]) = self.mem.read(ptr + bytes.len() as u64, 1) {
            if b == 0 {
                return String::from_utf8_lossy(&bytes).into_owned();
            }
            bytes.push(b);
        }
        "(null)".to_string()
    }

    fn addr_of(&mut self, fr: &Frame<'_>, op: Opcode, index: u32) -> Result<Val, InterpError> {
        let missing = || invalid(format!("{op} {index}: no such array"));
        let ptr = match op {
            Opcode::LocalAddr => *fr.locals.get(index as usize).ok_or_else(missing)?,
            Opcode::ConstAddr => *self.consts.get(index as usize).ok_or_else(missing)?,
            Opcode::StrAddr => *self.strings.get(index as usize).ok_or_else(missing)?,
            _ => {
                let decl = fr
                    .func
                    .shared
                    .get(crate::ir::entities::SharedVar::new(index as usize))
                    .ok_or_else(missing)?;
                let key = (fr.fref, index);
                match self.shared.get(&key) {
                    Some(&p) => p,
                    None => {
                        let p = self.mem.alloc(AddrSpace::Shared, decl.bytes() as usize);
                        self.shared.insert(key, p);
                        p
                    }
                }
            }
        };
        Ok(Val::Ptr(ptr))
    }

    fn atomic_rmw(&mut self, op: AtomicRmwOp, p: Val, v: Val) -> Result<Val, InterpError> {
        let ty = v.ty();
        let size = ty.bytes() as usize;
        let old = Val::from_bits(ty, self.mem.load_bits(p.bits(), size)?);
        let new = if ty.is_float() {
            // Numba's float atomic min/max: store only when the value is
            // strictly smaller/greater (comparisons with NaN are false).
            let (o, x) = (old.as_f64(), v.as_f64());
            let bin = match op {
                AtomicRmwOp::Add => Opcode::Fadd,
                AtomicRmwOp::Sub => Opcode::Fsub,
                AtomicRmwOp::Smin | AtomicRmwOp::Umin => {
                    return self.swap(p, old, if x < o { v } else { old });
                }
                AtomicRmwOp::Smax | AtomicRmwOp::Umax => {
                    return self.swap(p, old, if x > o { v } else { old });
                }
                // Numba's nanmax/nanmin: a NaN value changes nothing, a
                // stored NaN gives way to the value.
                AtomicRmwOp::NanMax => {
                    let replace = !x.is_nan() && (o.is_nan() || x > o);
                    return self.swap(p, old, if replace { v } else { old });
                }
                AtomicRmwOp::NanMin => {
                    let replace = !x.is_nan() && (o.is_nan() || x < o);
                    return self.swap(p, old, if replace { v } else { old });
                }
                AtomicRmwOp::Xchg => return self.swap(p, old, v),
                _ => return Err(invalid(format!("atomic {op} on {ty}"))),
            };
            ops::binary(bin, old, v).map_err(invalid)?
        } else {
            let (o, x) = (old.bits(), v.bits());
            let bits = match op {
                AtomicRmwOp::Inc if o >= x => 0,
                AtomicRmwOp::Inc => o + 1,
                AtomicRmwOp::Dec if o == 0 || o > x => x,
                AtomicRmwOp::Dec => o - 1,
                AtomicRmwOp::Xchg => x,
                AtomicRmwOp::NanMax | AtomicRmwOp::NanMin => {
                    return Err(invalid(format!("atomic {op} on {ty}")))
                }
                _ => {
                    let bin = match op {
                        AtomicRmwOp::Add => Opcode::Iadd,
                        AtomicRmwOp::Sub => Opcode::Isub,
                        AtomicRmwOp::And => Opcode::Band,
                        AtomicRmwOp::Or => Opcode::Bor,
                        AtomicRmwOp::Xor => Opcode::Bxor,
                        AtomicRmwOp::Smin => Opcode::Smin,
                        AtomicRmwOp::Smax => Opcode::Smax,
                        AtomicRmwOp::Umin => Opcode::Umin,
                        _ => Opcode::Umax,
                    };
                    ops::binary(bin, old, v).map_err(invalid)?.bits()
                }
            };
            Val::int(ty, bits)
        };
        self.swap(p, old, new)
    }

    fn swap(&mut self, p: Val, old: Val, new: Val) -> Result<Val, InterpError> {
        self.mem
            .store_bits(p.bits(), new.ty().bytes() as usize, new.bits())?;
        Ok(old)
    }
}
