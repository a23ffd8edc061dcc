//! Decoding of loads, stores and atomics (`.param` accesses become slot
//! moves).

use super::mods::{Mods, TyM};
use super::*;
use crate::cpu::error::CpuError;
use crate::cpu::ptx::ast::{Inst as AInst, Operand};
use crate::cpu::ptx::program::*;

impl Dec<'_> {
    pub(super) fn ld_st(
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
            // `.const` is read-only: ptxas rejects `st.const` ("state space
            // incorrect for instruction 'st'").
            Some("const") if store => {
                return self.bad(format!(
                    "`{}`: the .const state space is read-only; st cannot write it",
                    i.opcode
                ))
            }
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
        if vals.len() > 1 {
            // The elements are accessed one by one below; the vector as a
            // whole must be aligned to its size.
            let bytes =
                u8::try_from(vals.len() * size as usize).map_err(|_| CpuError::Unsupported {
                    line: i.line,
                    what: i.opcode.clone(),
                })?;
            self.emit(
                Op::AlignCheck {
                    space,
                    bytes,
                    a,
                    off,
                },
                g,
            );
        }
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

    pub(super) fn param_access(
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

    pub(super) fn atom(
        &mut self,
        i: &AInst,
        md: &Mods,
        g: (Slot, bool),
        red: bool,
    ) -> Result<(), CpuError> {
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
}
