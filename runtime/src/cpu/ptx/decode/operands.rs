//! Operand resolution: registers, special registers, immediates, symbols
//! and addresses to register slots.

use super::*;
use crate::cpu::error::CpuError;
use crate::cpu::ptx::ast::{Inst as AInst, Operand};
use crate::cpu::ptx::program::*;

impl Dec<'_> {
    /// A register operand as a slot (declared register or special).
    pub(super) fn reg(&mut self, name: &str) -> Result<(Slot, u8), CpuError> {
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
                "%dynamic_smem_size" => Special::DynamicSmemSize,
                "%total_smem_size" => Special::TotalSmemSize,
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
    pub(super) fn sym_addr(&mut self, name: &str, off: i64) -> Result<Slot, CpuError> {
        match self.lookup(name) {
            Some(Sym::Local(o)) | Some(Sym::Shared(o)) => {
                Ok(self.konst(o.wrapping_add(off as u64)))
            }
            Some(Sym::Global(a)) => Ok(self.konst(a.wrapping_add(off as u64))),
            Some(Sym::StackLocal(o)) => Ok(self.stack_local_addr(o.wrapping_add(off as u64))),
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
    pub(super) fn src(&mut self, o: &Operand, bits: u8, float: bool) -> Result<Slot, CpuError> {
        let named = self.named_reg(o);
        let o = named.as_ref().unwrap_or(o);
        // A predicate register where a value is read, or a value register
        // where a predicate is, is an error (as in ptxas), not a
        // reinterpretation of its bits.
        if let Operand::Reg(r, _) = o {
            let (_, b) = self.reg(r)?;
            if (b == 1) != (bits == 1) {
                let what = if bits == 1 { "a predicate" } else { "a value" };
                return self.bad(format!("`{r}` is read as {what}: wrong register class"));
            }
        }
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
    pub(super) fn dst(&mut self, o: &Operand) -> Result<(Slot, u8), CpuError> {
        let named = self.named_reg(o);
        let o = named.as_ref().unwrap_or(o);
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

    /// A register declared with a name without `%` (as libdevice's inline
    /// PTX does in a scoped block: `.reg .u32 alo, ahi;`), which the
    /// parser reads as a symbol: the register operand it stands for.
    fn named_reg(&mut self, o: &Operand) -> Option<Operand> {
        match o {
            Operand::Sym(n, 0) if matches!(self.lookup(n), Some(Sym::Reg(..))) => {
                Some(Operand::Reg(n.clone(), false))
            }
            _ => None,
        }
    }

    pub(super) fn init_slot(&self, s: Slot) -> bool {
        self.specials.values().any(|&x| x == s)
    }

    /// `[base+off]` as (slot, offset).
    pub(super) fn addr(&mut self, o: &Operand) -> Result<(Slot, i32), CpuError> {
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

    pub(super) fn guard(&mut self, i: &AInst) -> Result<(Slot, bool), CpuError> {
        match &i.guard {
            None => Ok((NONE, false)),
            Some((r, neg)) => match self.reg(r)? {
                (s, 1) => Ok((s, *neg)),
                _ => self.bad(format!("the guard `{r}` is not a predicate register")),
            },
        }
    }

    pub(super) fn nops(&self, i: &AInst, n: usize) -> Result<(), CpuError> {
        if i.operands.len() != n {
            return self.bad(format!(
                "`{}` takes {n} operands, found {}",
                i.opcode,
                i.operands.len()
            ));
        }
        Ok(())
    }
}
