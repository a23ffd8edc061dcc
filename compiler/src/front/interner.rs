//! Identifier interning.
//!
//! Every identifier in a source file is stored once and referred to by a
//! [`Symbol`], a `u32` that is cheap to copy, compare and hash. The
//! [`Interner`] that owns the strings travels with the parsed module.

use rustc_hash::FxHasher;
use std::fmt;
use std::hash::Hasher;

/// An interned identifier.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(pub u32);

impl fmt::Debug for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sym{}", self.0)
    }
}

/// The table of interned identifiers of one module.
///
/// The names live in one string and are found through a small
/// open-addressing hash table of symbol numbers, so interning a new name
/// allocates nothing in the common case. The lexer copies the whole source
/// into the string first (`Interner::add_source`): a name read from it is
/// then only a range of that copy, and interning it copies nothing.
#[derive(Clone, Default)]
pub struct Interner {
    /// The sources given to [`Interner::add_source`] and the names
    /// interned from elsewhere, back to back.
    text: String,
    /// Where each symbol's name is in `text`: start and end offsets.
    ranges: Vec<(u32, u32)>,
    /// Hash table slots: the name's 32-bit hash in the high half and its
    /// symbol number + 1 in the low half, or 0 for an empty slot. The length
    /// is 0 or a power of two at least twice the number of symbols.
    slots: Vec<u64>,
}

impl Interner {
    /// An empty table.
    pub fn new() -> Self {
        Interner::default()
    }

    /// Forgets every name, keeping the room of the table and the text.
    pub(crate) fn clear(&mut self) {
        self.text.clear();
        self.ranges.clear();
        self.slots.fill(0);
    }

    /// The symbol for `name`, adding it when it is new.
    pub fn intern(&mut self, name: &str) -> Symbol {
        self.allocate_once();
        match self.probe(name.as_bytes(), hash(name)) {
            Ok(symbol) => symbol,
            Err((h, slot)) => {
                let start = self.text.len() as u32;
                self.text.push_str(name);
                self.add((start, self.text.len() as u32), h, slot)
            }
        }
    }

    /// Appends a copy of the source text `src`, whose names can then be
    /// interned by position (see [`Self::intern_source`]); returns where
    /// the copy starts.
    pub(crate) fn add_source(&mut self, src: &str) -> usize {
        let base = self.text.len();
        self.text.push_str(src);
        base
    }

    /// [`Self::intern`] for the name at `range` of the text (within a copy
    /// made by [`Self::add_source`]): the name is not copied again.
    pub(crate) fn intern_source(&mut self, range: std::ops::Range<usize>) -> Symbol {
        self.allocate_once();
        let h = hash_bytes(&self.text.as_bytes()[range.clone()]);
        // The name is compared with the candidates' text (rarely needed:
        // only on a hash match) in `spells_at`.
        match self.probe_by(h, |interner, symbol| {
            interner.spells_at(symbol, range.clone())
        }) {
            Ok(symbol) => symbol,
            Err((h, slot)) => self.add((range.start as u32, range.end as u32), h, slot),
        }
    }

    /// Allocates the table on the first use.
    #[inline(always)]
    fn allocate_once(&mut self) {
        if self.slots.is_empty() {
            self.allocate();
        }
    }

    /// The symbol spelled `name`, whose hash is `h`, or the hash and the
    /// empty slot where it goes. The table must not be empty. Inlined into
    /// its callers: the call would cost about a third of interning a new
    /// short name.
    #[inline(always)]
    fn probe(&self, name: &[u8], h: u32) -> Result<Symbol, (u32, usize)> {
        self.probe_by(h, |interner, symbol| interner.spells(symbol, name))
    }

    /// [`Self::probe`] with `spells` telling whether a symbol is the
    /// name looked for.
    #[inline(always)]
    fn probe_by(
        &self,
        h: u32,
        spells: impl Fn(&Self, Symbol) -> bool,
    ) -> Result<Symbol, (u32, usize)> {
        let mask = self.slots.len() - 1;
        let mut slot = h as usize & mask;
        loop {
            let e = self.slots[slot];
            if e == 0 {
                return Err((h, slot));
            }
            if (e >> 32) as u32 == h {
                let symbol = Symbol(e as u32 - 1);
                if spells(self, symbol) {
                    return Ok(symbol);
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Allocates the table and room for the names of a typical kernel file
    /// without regrowing, on the first use.
    #[cold]
    #[inline(never)]
    fn allocate(&mut self) {
        self.slots = vec![0; 128];
        self.ranges.reserve(64);
    }

    /// True when `symbol` is spelled `name` (the text comparison after a
    /// hash match, apart so that the probe loop stays small).
    #[inline(never)]
    fn spells(&self, symbol: Symbol, name: &[u8]) -> bool {
        self.text.as_bytes().get(self.range(symbol)) == Some(name)
    }

    /// True when `symbol` is spelled like the text at `range`.
    fn spells_at(&self, symbol: Symbol, range: std::ops::Range<usize>) -> bool {
        let text = self.text.as_bytes();
        text.get(self.range(symbol)) == text.get(range)
    }

    /// Adds the name at `range` of the text, whose hash is `h`, as a new
    /// symbol in the empty `slot`.
    #[inline(always)]
    fn add(&mut self, range: (u32, u32), h: u32, slot: usize) -> Symbol {
        let symbol = Symbol(self.ranges.len() as u32);
        self.ranges.push(range);
        self.slots[slot] = entry(h, symbol);
        if self.ranges.len() * 2 > self.slots.len() {
            self.grow();
        }
        symbol
    }

    /// The symbol for `name` if it was interned.
    pub fn get(&self, name: &str) -> Option<Symbol> {
        if self.slots.is_empty() {
            return None;
        }
        self.probe(name.as_bytes(), hash(name)).ok()
    }

    /// The text of a symbol.
    #[inline]
    pub fn resolve(&self, s: Symbol) -> &str {
        &self.text[self.range(s)]
    }

    /// All the interned text: a symbol's name is the range
    /// [`Self::text_range`] of it.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// Where a symbol's name is in [`Self::text`]: start and end offsets.
    #[inline]
    pub(crate) fn text_range(&self, s: Symbol) -> (u32, u32) {
        self.ranges[s.0 as usize]
    }

    /// Where a symbol's name is in `text`.
    #[inline]
    fn range(&self, s: Symbol) -> std::ops::Range<usize> {
        let (start, end) = self.ranges[s.0 as usize];
        start as usize..end as usize
    }

    /// Number of distinct identifiers.
    pub fn len(&self) -> usize {
        self.ranges.len()
    }

    /// True when nothing is interned.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// Doubles the hash table and re-inserts every symbol.
    fn grow(&mut self) {
        let mut slots = vec![0u64; self.slots.len() * 2];
        let mask = slots.len() - 1;
        for e in self.slots.iter().copied().filter(|&e| e != 0) {
            let mut slot = (e >> 32) as usize & mask;
            while slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            slots[slot] = e;
        }
        self.slots = slots;
    }
}

/// A slot entry: hash and symbol.
fn entry(h: u32, s: Symbol) -> u64 {
    (u64::from(h) << 32) | u64::from(s.0 + 1)
}

/// The 32-bit hash of a name: names of at most 8 bytes are hashed by
/// their bytes read as one integer (see [`hash_short`]), longer ones with
/// FxHash.
fn hash(name: &str) -> u32 {
    hash_bytes(name.as_bytes())
}

/// [`hash`] of a name's bytes.
fn hash_bytes(name: &[u8]) -> u32 {
    if name.len() <= 8 {
        let mut word = 0u64;
        for (i, &b) in name.iter().enumerate() {
            word |= u64::from(b) << (8 * i);
        }
        return hash_short(word);
    }
    let mut hasher = FxHasher::default();
    hasher.write(name);
    let h = hasher.finish();
    (h ^ (h >> 32)) as u32
}

/// The hash of a name of at most 8 bytes from its bytes read as a
/// little-endian integer: the halves are folded first so that every byte
/// reaches the low bits that pick the slot.
fn hash_short(word: u64) -> u32 {
    let h = (word ^ (word >> 32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 32) as u32
}

impl fmt::Debug for Interner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = (0..self.len() as u32).map(|i| self.resolve(Symbol(i)));
        f.debug_list().entries(names).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_is_idempotent() {
        let mut i = Interner::new();
        let a = i.intern("cuda");
        let b = i.intern("grid");
        assert_eq!(i.intern("cuda"), a);
        assert_ne!(a, b);
        assert_eq!(i.resolve(b), "grid");
    }

    #[test]
    fn names_from_sources_and_elsewhere_are_one_table() {
        let mut i = Interner::new();
        let a = i.intern("grid");
        let src = "x = cuda.grid(1) + threadIdx_long_name";
        let base = i.add_source(src);
        let at = |word: &str| {
            let lo = base + src.find(word).unwrap();
            lo..lo + word.len()
        };
        let grid = i.intern_source(at("grid"));
        let cuda = i.intern_source(at("cuda"));
        let long = i.intern_source(at("threadIdx_long_name"));
        assert_eq!(grid, a);
        assert_eq!(i.intern("cuda"), cuda);
        assert_eq!(i.get("threadIdx_long_name"), Some(long));
        assert_eq!(i.resolve(long), "threadIdx_long_name");
        // A second source goes after the first.
        let base2 = i.add_source("cuda x");
        assert_eq!(i.intern_source(base2..base2 + 4), cuda);
        let x = i.intern_source(base2 + 5..base2 + 6);
        assert_eq!((i.resolve(x), i.len()), ("x", 4));
        i.clear();
        assert!(i.is_empty());
        assert_eq!(i.get("cuda"), None);
        let y = i.intern("y");
        assert_eq!(i.resolve(y), "y");
    }

    #[test]
    fn many_names_survive_growth() {
        let mut i = Interner::new();
        assert_eq!(i.get("x"), None);
        let symbols: Vec<Symbol> = (0..1000).map(|n| i.intern(&format!("n{n}"))).collect();
        assert_eq!(i.len(), 1000);
        for (n, &s) in symbols.iter().enumerate() {
            let name = format!("n{n}");
            assert_eq!(i.resolve(s), name);
            assert_eq!(i.get(&name), Some(s));
            assert_eq!(i.intern(&name), s);
        }
        assert_eq!(i.get("missing"), None);
        assert!(!i.is_empty());
        assert!(format!("{:?}", i.clone()).starts_with("[\"n0\", \"n1\""));
    }
}
