//! Opcode modifiers (`.global`, `.rn`, `.ftz`, `.v4`, types) parsed once
//! per instruction.

use crate::cpu::ptx::program::{Rnd, Ty};

/// Parsed opcode modifiers.
#[derive(Default)]
pub(super) struct Mods<'a> {
    /// Types in order (`cvt.f32.s32` has two).
    pub(super) tys: Vec<TyM>,
    pub(super) space: Option<&'a str>,
    pub(super) rnd: Option<Rnd>,
    pub(super) ftz: bool,
    pub(super) sat: bool,
    pub(super) vec: u8,
    /// The other modifiers, in order.
    pub(super) words: Vec<&'a str>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum TyM {
    U(u8),
    S(u8),
    B(u8),
    F(u8),
    /// `.bf16` (only `cvt` takes it).
    Bf16,
    Pred,
}

impl TyM {
    pub(super) fn bits(self) -> u8 {
        match self {
            TyM::U(b) | TyM::S(b) | TyM::B(b) | TyM::F(b) => b,
            TyM::Bf16 => 16,
            TyM::Pred => 1,
        }
    }
    pub(super) fn is_float(self) -> bool {
        matches!(self, TyM::F(_))
    }
    pub(super) fn to_ty(self) -> Ty {
        match self {
            TyM::S(b) => Ty::S(b),
            TyM::F(b) => Ty::F(b),
            TyM::U(b) | TyM::B(b) => Ty::U(b),
            TyM::Bf16 => Ty::U(16),
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

pub(super) fn parse_mods<'a>(parts: &[&'a str]) -> Mods<'a> {
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
            "bf16" => m.tys.push(TyM::Bf16),
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
