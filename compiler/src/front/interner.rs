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
/// All names live back to back in one string and are found through a small
/// open-addressing hash table of symbol numbers, so interning a new name
/// allocates nothing in the common case (the lexer calls [`Interner::intern`]
/// for every identifier it reads).
#[derive(Clone, Default)]
pub struct Interner {
    /// Every name, concatenated in symbol order.
    text: String,
    /// End offset in `text` of each symbol's name.
    ends: Vec<u32>,
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
        self.ends.clear();
        self.slots.fill(0);
    }

    /// The symbol for `name`, adding it when it is new.
    pub fn intern(&mut self, name: &str) -> Symbol {
        self.intern_hashed(name, hash(name))
    }

    /// [`Self::intern`] for a name of at most 8 bytes whose [`pack`]ed
    /// bytes the caller already has (the lexer does), which makes the hash
    /// one multiplication.
    pub(crate) fn intern_packed(&mut self, name: &str, packed: u64) -> Symbol {
        debug_assert!(name.len() <= 8 && pack(name.as_bytes()) == packed);
        self.intern_hashed(name, hash_packed(packed))
    }

    /// [`Self::intern`] with the name's hash. Inlined into its two callers:
    /// the call would cost about a third of interning a new short name.
    #[inline(always)]
    fn intern_hashed(&mut self, name: &str, h: u32) -> Symbol {
        if self.slots.is_empty() {
            self.allocate();
        }
        let mask = self.slots.len() - 1;
        let mut slot = h as usize & mask;
        loop {
            let e = self.slots[slot];
            if e == 0 {
                return self.add(name, h, slot);
            }
            if (e >> 32) as u32 == h {
                let symbol = Symbol(e as u32 - 1);
                if self.spells(symbol, name) {
                    return symbol;
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
        self.text.reserve(512);
        self.ends.reserve(64);
    }

    /// True when `symbol` is spelled `name` (the text comparison after a
    /// hash match, apart so that the probe loop stays small).
    #[inline(never)]
    fn spells(&self, symbol: Symbol, name: &str) -> bool {
        self.text.as_bytes().get(self.range(symbol)) == Some(name.as_bytes())
    }

    /// Adds `name`, whose hash is `h`, as a new symbol in the empty `slot`.
    #[inline(always)]
    fn add(&mut self, name: &str, h: u32, slot: usize) -> Symbol {
        let symbol = Symbol(self.ends.len() as u32);
        self.text.push_str(name);
        self.ends.push(self.text.len() as u32);
        self.slots[slot] = entry(h, symbol);
        if self.ends.len() * 2 > self.slots.len() {
            self.grow();
        }
        symbol
    }

    /// The symbol for `name` if it was interned.
    pub fn get(&self, name: &str) -> Option<Symbol> {
        if self.slots.is_empty() {
            return None;
        }
        self.find(name, hash(name)).ok()
    }

    /// The text of a symbol.
    #[inline]
    pub fn resolve(&self, s: Symbol) -> &str {
        &self.text[self.range(s)]
    }

    /// Where a symbol's name is in `text`.
    #[inline]
    fn range(&self, s: Symbol) -> std::ops::Range<usize> {
        let i = s.0 as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        start..self.ends[i] as usize
    }

    /// Number of distinct identifiers.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when nothing is interned.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The symbol of `name` (whose hash is `h`), or the empty slot where it
    /// would go. The table must not be empty.
    #[inline]
    fn find(&self, name: &str, h: u32) -> Result<Symbol, usize> {
        let mask = self.slots.len() - 1;
        let mut slot = h as usize & mask;
        loop {
            let e = self.slots[slot];
            if e == 0 {
                return Err(slot);
            }
            if (e >> 32) as u32 == h {
                let symbol = Symbol(e as u32 - 1);
                if self.text.as_bytes().get(self.range(symbol)) == Some(name.as_bytes()) {
                    return Ok(symbol);
                }
            }
            slot = (slot + 1) & mask;
        }
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

/// Packs a word of at most 8 bytes into an integer (little-endian), which
/// identifies it uniquely since identifiers contain no zero bytes.
pub(crate) const fn pack(word: &[u8]) -> u64 {
    let mut value = 0u64;
    let mut i = 0;
    while i < word.len() && i < 8 {
        value |= (word[i] as u64) << (8 * i);
        i += 1;
    }
    value
}

/// The 32-bit hash of a name: names of at most 8 bytes are hashed by their
/// [`pack`]ed bytes (see [`hash_packed`]), longer ones with FxHash.
#[inline]
fn hash(name: &str) -> u32 {
    if name.len() <= 8 {
        return hash_packed(pack(name.as_bytes()));
    }
    let mut hasher = FxHasher::default();
    hasher.write(name.as_bytes());
    let h = hasher.finish();
    (h ^ (h >> 32)) as u32
}

/// The hash of a name of at most 8 bytes from its packed bytes: the halves
/// are folded first so that every byte reaches the low bits that pick the
/// slot.
#[inline]
fn hash_packed(packed: u64) -> u32 {
    let h = (packed ^ (packed >> 32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
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
