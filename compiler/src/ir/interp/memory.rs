//! The interpreter's memory: byte arrays ("regions") per address space.
//!
//! A pointer is a `u64` that encodes `(space, region, offset)`:
//! bits 61..64 hold the address space plus one (so 0 is the null pointer),
//! bits 40..61 the region number and bits 0..40 the byte offset. Pointer
//! arithmetic is plain wrapping addition; every access decodes the pointer
//! and checks it against its region, so stray pointers give
//! [`InterpError::OutOfBounds`] instead of a panic.

use super::value::InterpError;
use crate::ir::types::AddrSpace;

const OFFSET_BITS: u32 = 40;
const REGION_BITS: u32 = 21;
const OFFSET_MASK: u64 = (1 << OFFSET_BITS) - 1;
const REGION_MASK: u64 = (1 << REGION_BITS) - 1;

fn space_index(space: AddrSpace) -> usize {
    match space {
        AddrSpace::Global => 0,
        AddrSpace::Shared => 1,
        AddrSpace::Local => 2,
        AddrSpace::Const => 3,
        AddrSpace::Param => 4,
    }
}

/// Encodes a pointer to `offset` bytes into `region` of `space`.
pub fn encode(space: AddrSpace, region: usize, offset: u64) -> u64 {
    ((space_index(space) as u64 + 1) << (OFFSET_BITS + REGION_BITS))
        | ((region as u64 & REGION_MASK) << OFFSET_BITS)
        | (offset & OFFSET_MASK)
}

/// Decodes a pointer into `(space, region, offset)`; `None` for the null
/// pointer and for garbage.
pub fn decode(ptr: u64) -> Option<(AddrSpace, usize, u64)> {
    let tag = (ptr >> (OFFSET_BITS + REGION_BITS)) as usize;
    let space = *AddrSpace::ALL.get(tag.checked_sub(1)?)?;
    let region = ((ptr >> OFFSET_BITS) & REGION_MASK) as usize;
    Some((space, region, ptr & OFFSET_MASK))
}

/// Every region of every address space.
#[derive(Clone, Default, Debug)]
pub struct Memory {
    spaces: [Vec<Vec<u8>>; 5],
}

impl Memory {
    /// Adds a zeroed region to `space` and returns a pointer to its start.
    pub fn alloc(&mut self, space: AddrSpace, bytes: usize) -> u64 {
        self.alloc_with(space, vec![0; bytes])
    }

    /// Adds a region holding `data` to `space`.
    pub fn alloc_with(&mut self, space: AddrSpace, data: Vec<u8>) -> u64 {
        let regions = &mut self.spaces[space_index(space)];
        regions.push(data);
        encode(space, regions.len() - 1, 0)
    }

    /// Number of regions of a space.
    pub fn region_count(&self, space: AddrSpace) -> usize {
        self.spaces[space_index(space)].len()
    }

    /// Drops the regions of `space` from number `keep` on (call frames
    /// release their local arrays this way).
    pub fn truncate(&mut self, space: AddrSpace, keep: usize) {
        self.spaces[space_index(space)].truncate(keep);
    }

    /// Zeroes and drops every region of `space` (shared memory between
    /// blocks).
    pub fn clear(&mut self, space: AddrSpace) {
        self.spaces[space_index(space)].clear();
    }

    fn locate(&self, ptr: u64, size: u64) -> Result<(usize, usize, usize), InterpError> {
        let oob = InterpError::OutOfBounds { addr: ptr, size };
        let (space, region, offset) = decode(ptr).ok_or(oob.clone())?;
        let s = space_index(space);
        let len = self.spaces[s].get(region).ok_or(oob.clone())?.len() as u64;
        if offset.checked_add(size).is_none_or(|end| end > len) {
            return Err(oob);
        }
        Ok((s, region, offset as usize))
    }

    /// Reads `size` bytes at `ptr`.
    pub fn read(&self, ptr: u64, size: usize) -> Result<&[u8], InterpError> {
        let (s, r, o) = self.locate(ptr, size as u64)?;
        Ok(&self.spaces[s][r][o..o + size])
    }

    /// Writes `data` at `ptr` (any space: the host may fill const memory).
    pub fn write(&mut self, ptr: u64, data: &[u8]) -> Result<(), InterpError> {
        let (s, r, o) = self.locate(ptr, data.len() as u64)?;
        self.spaces[s][r][o..o + data.len()].copy_from_slice(data);
        Ok(())
    }

    /// Writes as a kernel would: const and param memory are read-only.
    pub fn store(&mut self, ptr: u64, data: &[u8]) -> Result<(), InterpError> {
        match decode(ptr) {
            Some((space, _, _)) if !space.is_writable() => Err(InterpError::ReadOnly(ptr)),
            _ => self.write(ptr, data),
        }
    }

    /// Loads a little-endian scalar of `size` bytes (1..=8).
    pub fn load_bits(&self, ptr: u64, size: usize) -> Result<u64, InterpError> {
        let bytes = self.read(ptr, size)?;
        let mut buf = [0u8; 8];
        buf[..size].copy_from_slice(bytes);
        Ok(u64::from_le_bytes(buf))
    }

    /// Stores the low `size` bytes of `bits`, little-endian.
    pub fn store_bits(&mut self, ptr: u64, size: usize, bits: u64) -> Result<(), InterpError> {
        self.store(ptr, &bits.to_le_bytes()[..size])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_round_trip_and_bounds_are_checked() {
        let mut m = Memory::default();
        let p = m.alloc(AddrSpace::Global, 8);
        assert_eq!(decode(p), Some((AddrSpace::Global, 0, 0)));
        m.store_bits(p + 4, 4, 0xdead_beef).unwrap();
        assert_eq!(m.load_bits(p + 4, 4).unwrap(), 0xdead_beef);
        assert!(m.load_bits(p + 5, 4).is_err());
        assert!(m.load_bits(p.wrapping_sub(1), 1).is_err());
        assert!(m.load_bits(0, 1).is_err());
        let c = m.alloc_with(AddrSpace::Const, vec![1, 2]);
        assert_eq!(m.store_bits(c, 1, 0), Err(InterpError::ReadOnly(c)));
        assert_eq!(m.load_bits(c + 1, 1).unwrap(), 2);
    }
}
