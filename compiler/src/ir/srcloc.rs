//! Where each instruction came from: the byte offset in the kernel's source
//! file (file 0) of the statement it was lowered from, as a side table of
//! the function ([`SrcLocs`]).
//!
//! Lowering fills it statement by statement ([`SrcLocs::fill_to`]); the
//! inliner copies a callee's entries with its instructions. Instructions a
//! pass makes have no entry: the PTX back end then keeps the position of
//! the instruction written before them. The back end turns positions into
//! `.loc` directives, which the CPU device reads to name the Python line
//! of a fault.
//!
//! An instruction the inliner copied from a device function also records
//! its *inline site* ([`InlineSite`]: the function inlined, the position of
//! the call, and the site of the call itself when it was inlined too), so
//! that `lineinfo=True` can write where inlined code came from (`.loc`'s
//! `inlined_at`, as NVVM writes it).

use super::entities::Inst;
use cranelift_entity::EntityRef;

/// Per instruction: its source position, or none.
#[derive(Clone, Debug, Default)]
pub struct SrcLocs {
    /// Indexed by instruction: byte offset + 1, 0 for none. Instructions
    /// past the end have none.
    locs: Vec<u32>,
    /// Indexed by instruction: its inline site's index + 1, 0 for the
    /// function's own code. Empty until something is inlined.
    site_of: Vec<u32>,
    /// The inline sites of the function's inlined code.
    sites: Vec<InlineSite>,
}

/// Where inlined code came from: a call of `callee`, inlined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineSite {
    /// The name of the function inlined (its IR name).
    pub callee: String,
    /// The source byte offset of the call, if known.
    pub call: Option<u32>,
    /// The inline site of the call itself (index + 1; 0: the function's
    /// own code).
    pub parent: u32,
}

impl SrcLocs {
    /// An empty table with room for `insts` instructions.
    pub fn with_capacity(insts: usize) -> Self {
        SrcLocs {
            locs: Vec::with_capacity(insts),
            site_of: Vec::new(),
            sites: Vec::new(),
        }
    }

    /// The inline site of `inst` (index + 1 into [`SrcLocs::sites`]; 0
    /// for the function's own code).
    pub fn site(&self, inst: Inst) -> u32 {
        self.site_of.get(inst.index()).copied().unwrap_or(0)
    }

    /// Records that `inst` is inlined code of `site` (index + 1; 0: the
    /// function's own code).
    pub fn set_site(&mut self, inst: Inst, site: u32) {
        let i = inst.index();
        if site == 0 && i >= self.site_of.len() {
            return;
        }
        if i >= self.site_of.len() {
            self.site_of.resize(i + 1, 0);
        }
        self.site_of[i] = site;
    }

    /// The inline sites, indexed by site - 1.
    pub fn sites(&self) -> &[InlineSite] {
        &self.sites
    }

    /// Adds an inline site; its number (index + 1) is returned.
    pub fn add_site(&mut self, site: InlineSite) -> u32 {
        self.sites.push(site);
        self.sites.len() as u32
    }

    /// The source byte offset `inst` came from, if known.
    pub fn get(&self, inst: Inst) -> Option<u32> {
        Self::decode(self.raw(inst))
    }

    /// The stored form of `inst`'s position: byte offset + 1, 0 for none
    /// (what the back end carries per machine instruction).
    pub fn raw(&self, inst: Inst) -> u32 {
        self.locs.get(inst.index()).copied().unwrap_or(0)
    }

    /// The byte offset of a stored position ([`SrcLocs::raw`]).
    pub fn decode(raw: u32) -> Option<u32> {
        raw.checked_sub(1)
    }

    /// Records that `inst` came from byte `offset` (or from nowhere known).
    pub fn set(&mut self, inst: Inst, offset: Option<u32>) {
        let i = inst.index();
        if i >= self.locs.len() {
            self.locs.resize(i + 1, 0);
        }
        self.locs[i] = Self::encode(offset);
    }

    /// Gives every instruction numbered below `count` that has no entry
    /// yet the position `offset`: lowering calls it when it enters and
    /// leaves a statement, so the instructions made in between are the
    /// statement's.
    pub fn fill_to(&mut self, count: usize, offset: Option<u32>) {
        if count > self.locs.len() {
            self.locs.resize(count, Self::encode(offset));
        }
    }

    fn encode(offset: Option<u32>) -> u32 {
        offset.map_or(0, |o| o.saturating_add(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_statement_by_statement() {
        let mut s = SrcLocs::default();
        s.fill_to(2, Some(10));
        s.fill_to(2, Some(99)); // nothing new
        s.fill_to(3, None);
        s.fill_to(5, Some(0));
        let got: Vec<_> = (0..6).map(|i| s.get(Inst::new(i))).collect();
        assert_eq!(got, [Some(10), Some(10), None, Some(0), Some(0), None]);
        s.set(Inst::new(7), Some(4));
        assert_eq!(s.get(Inst::new(7)), Some(4));
        assert_eq!(s.get(Inst::new(6)), None);
        assert_eq!(s.raw(Inst::new(7)), 5);
        assert_eq!(SrcLocs::decode(5), Some(4));
    }

    #[test]
    fn inline_sites() {
        let mut s = SrcLocs::default();
        assert_eq!(s.site(Inst::new(3)), 0);
        s.set_site(Inst::new(3), 0);
        assert!(s.site_of.is_empty(), "own code needs no entry");
        let site = s.add_site(InlineSite {
            callee: "f".into(),
            call: Some(7),
            parent: 0,
        });
        assert_eq!(site, 1);
        s.set_site(Inst::new(2), site);
        assert_eq!(s.site(Inst::new(2)), 1);
        assert_eq!(s.site(Inst::new(1)), 0);
        assert_eq!(s.sites()[0].callee, "f");
    }
}
