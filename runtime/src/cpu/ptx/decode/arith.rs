//! Decoding of the arithmetic that needs more than a table entry: directed
//! rounding, carry chains, `.ftz`/`.sat`, `setp` and `cvt`.

use super::mods::{Mods, TyM};
use super::*;
use crate::cpu::error::CpuError;
use crate::cpu::ptx::ast::{Inst as AInst, Operand};
use crate::cpu::ptx::program::*;

impl Dec<'_> {
    /// `add/sub/mul/fma.{rz,rm,rp}.f32`.
    pub(super) fn directed(
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
        if !md.words.is_empty() {
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
                let op = if wide {
                    TernOp::FmaF64Rnd(rnd)
                } else {
                    TernOp::FmaF32Rnd(rnd)
                };
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
    pub(super) fn carry(
        &mut self,
        i: &AInst,
        md: &Mods,
        g: (Slot, bool),
        name: &str,
    ) -> Result<(), CpuError> {
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
    pub(super) fn flushed(&mut self, a: Slot, g: (Slot, bool)) -> Slot {
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
    pub(super) fn post_f32(&mut self, md: &Mods, t: TyM, d: Slot, g: (Slot, bool)) {
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

    pub(super) fn setp(&mut self, i: &AInst, md: &Mods, g: (Slot, bool)) -> Result<(), CpuError> {
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

    pub(super) fn cvt(&mut self, i: &AInst, md: &Mods, g: (Slot, bool)) -> Result<(), CpuError> {
        self.nops(i, 2)?;
        if md.tys.len() != 2 || !md.words.is_empty() {
            return self.unsupported(i.opcode.clone());
        }
        let (dt, st) = (md.tys[0], md.tys[1]);
        let a = self.src(&i.operands[1], st.bits(), st.is_float())?;
        let (d, _) = self.dst(&i.operands[0])?;
        if dt == TyM::Bf16 || st == TyM::Bf16 {
            // `cvt.rn.bf16.f32` (sm_80) and `cvt.f32.bf16` (exact), the
            // forms kernelc emits.
            let op = match (dt, st, md.rnd) {
                (TyM::Bf16, TyM::F(32), Some(Rnd::Rn)) if !md.sat && !md.ftz => UnOp::F32ToBf16,
                (TyM::F(32), TyM::Bf16, None) => UnOp::Bf16ToF32,
                _ => return self.unsupported(i.opcode.clone()),
            };
            self.emit(Op::Un { op, d, a }, g);
            return Ok(());
        }
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
}
