//! Decoding of calls (`vprintf` included) and barriers.

use super::mods::Mods;
use super::*;
use crate::cpu::error::CpuError;
use crate::cpu::ptx::ast::{Inst as AInst, Operand};
use crate::cpu::ptx::program::*;

impl Dec<'_> {
    pub(super) fn call(&mut self, i: &AInst, g: (Slot, bool)) -> Result<(), CpuError> {
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
        let (ret, lbase) = (info.ret, info.lbase);
        let frame = self.cycle_frame(callee);
        if let Some(frame) = frame {
            self.emit(Op::Save { frame }, g);
        }
        for (d, a) in pairs {
            self.emit(Op::Mov { d, a }, g);
        }
        let stack = self.cycle_of.contains_key(callee);
        if stack {
            self.alloc_fixups
                .push((self.insts.len(), callee.to_string()));
            let sp = self.sp;
            self.emit(
                Op::Alloc {
                    base: lbase,
                    sp,
                    size: 0,
                },
                g,
            );
        }
        self.call_fixups
            .push((self.insts.len(), callee.to_string()));
        self.emit(Op::Call { target: 0, ret }, g);
        if stack {
            self.alloc_fixups
                .push((self.insts.len(), callee.to_string()));
            let sp = self.sp;
            self.emit(Op::Free { sp, size: 0 }, g);
        }
        if let Some(frame) = frame {
            self.emit(Op::Restore { frame }, g);
        }
        for (d, a) in back {
            self.emit(Op::Mov { d, a }, g);
        }
        Ok(())
    }

    pub(super) fn barrier(
        &mut self,
        i: &AInst,
        md: &Mods,
        g: (Slot, bool),
    ) -> Result<(), CpuError> {
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
