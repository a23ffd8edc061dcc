//! The opcode dispatch: one PTX instruction to one or more [`Op`]s.

use super::mods::{parse_mods, TyM};
use super::*;
use crate::cpu::error::CpuError;
use crate::cpu::ptx::ast::{Inst as AInst, Operand};
use crate::cpu::ptx::program::*;

impl Dec<'_> {
    /// Decodes one instruction; returns a label to patch when it branches.
    pub(super) fn inst<'a>(&mut self, i: &'a AInst) -> Result<Option<&'a str>, CpuError> {
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
                // f16 arithmetic (sm_53 on): round to nearest only.
                let f16t = t == TyM::F(16) && plain_f16(&md);
                let signed = matches!(t, TyM::S(_));
                let w = &md.words;
                let has = |s: &str| w.contains(&s);
                let op = match name {
                    "add" if f16t => BinOp::AddF16,
                    "sub" if f16t => BinOp::SubF16,
                    "mul" if f16t => BinOp::MulF16,
                    "min" if f16t && has("NaN") => BinOp::MinNanF16,
                    "max" if f16t && has("NaN") => BinOp::MaxNanF16,
                    "min" if f16t => BinOp::MinF16,
                    "max" if f16t => BinOp::MaxF16,
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
                let f16t = t == TyM::F(16) && plain_f16(&md);
                let op = match name {
                    "neg" if f16t => UnOp::NegF16,
                    "abs" if f16t => UnOp::AbsF16,
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
            "fma" | "mad" | "selp" | "bfe" | "sad" => {
                self.nops(i, 4)?;
                let Some(t) = ty else { return unsup(self) };
                let bits = t.bits();
                let signed = matches!(t, TyM::S(_));
                let has = |s: &str| md.words.contains(&s);
                let op = match name {
                    "fma" if t == TyM::F(16) && plain_f16(&md) => TernOp::FmaF16,
                    "fma" | "mad" if t == TyM::F(32) => TernOp::FmaF32,
                    "fma" | "mad" if t == TyM::F(64) => TernOp::FmaF64,
                    "selp" => TernOp::Selp,
                    _ if t.is_float() => return unsup(self),
                    "mad" if has("lo") => TernOp::MadLo(bits),
                    "mad" if has("hi") && signed => TernOp::MadHiS(bits),
                    "mad" if has("hi") => TernOp::MadHiU(bits),
                    "mad" if has("wide") && signed && bits <= 32 => TernOp::MadWideS(bits),
                    "mad" if has("wide") && bits <= 32 => TernOp::MadWideU(bits),
                    "sad" if signed => TernOp::SadS(bits),
                    "sad" => TernOp::SadU(bits),
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
            "trap" | "brkpt" => {
                let (fmt, args) = self.printed_before(g);
                self.emit(Op::Trap { fmt, args }, g)
            }
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
            "membar" | "fence" => self.emit(Op::Fence, g),
            "nanosleep" => self.emit(Op::Yield, g),
            "prefetch" | "prefetchu" | "pmevent" => self.emit(Op::Nop, g),
            _ => return unsup(self),
        }
        Ok(None)
    }
}

/// An `.f16` instruction the CPU device runs: round to nearest (the
/// default), no `.ftz` or `.sat` (those stay unsupported, an error).
fn plain_f16(md: &super::mods::Mods) -> bool {
    matches!(md.rnd, None | Some(Rnd::Rn)) && !md.ftz && !md.sat
}
