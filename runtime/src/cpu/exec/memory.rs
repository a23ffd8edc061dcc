//! Device memory: the global heap, the generic-address windows, and the
//! atomic view of global memory that running blocks use.
//!
//! Global allocations get fresh addresses from a bump pointer (never
//! reused, so a use after `free` is caught), 256-byte aligned and separated
//! by a 256-byte gap, so an access just past the end of one allocation never
//! lands in the next. Every access is bounds-checked against the allocation
//! it falls in. During a launch, blocks on different threads touch global
//! memory only through relaxed atomic loads and stores of the access width
//! (and real atomic read-modify-writes for `atom`), so racing blocks are
//! never undefined behaviour in Rust. (Accesses of different widths racing
//! on the same bytes are mixed-size atomics: fine on the hardware we run
//! on, and a data race in the kernel itself.)
//!
//! A host-visible allocation ([`Heap::alloc_host_visible`]: Numba's mapped
//! and managed arrays) lies at the address of its own storage in host
//! memory, page-aligned, so that the host reads and writes it through that
//! address as kernels do (as unified addressing gives on a GPU); the bump
//! pointer steps over such ranges.
//!
//! Generic addresses: shared memory appears at [`SHARED_WINDOW`] + offset,
//! the thread's local memory at [`LOCAL_WINDOW`] + offset; anything else is
//! a global address.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed};

use crate::cpu::error::CpuError;

/// The first global address.
pub const GLOBAL_BASE: u64 = 0x0000_0010_0000_0000;
/// Generic address of shared offset 0.
pub const SHARED_WINDOW: u64 = 0x0001_0000_0000_0000;
/// Generic address of local offset 0.
pub const LOCAL_WINDOW: u64 = 0x0002_0000_0000_0000;
/// Size of each window.
pub const WINDOW_SIZE: u64 = 1 << 40;
/// Alignment of dynamic shared memory after the static variables.
pub const DYN_SHARED_ALIGN: u64 = 16;
const ALLOC_ALIGN: u64 = 256;
const ALLOC_GAP: u64 = 256;
const GLOBAL_END: u64 = SHARED_WINDOW;

/// One global allocation: `len` bytes from byte `start` of `data`.
struct Allocation {
    len: usize,
    start: usize,
    data: Vec<u64>,
}

impl Allocation {
    /// Its bytes.
    fn bytes_mut(&mut self) -> &mut [u8] {
        let (start, len) = (self.start, self.len);
        &mut words_as_bytes(&mut self.data)[start..start + len]
    }

    /// Its first byte.
    fn ptr(&mut self) -> *mut u8 {
        let start = self.start;
        // SAFETY: `start` is inside `data` (at most `len` bytes before its end).
        unsafe { (self.data.as_mut_ptr() as *mut u8).add(start) }
    }
}

/// The alignment of a host-visible allocation (a page, as a driver's).
pub const HOST_VISIBLE_ALIGN: usize = 4096;

/// `bytes` zeroed bytes as words, `extra` more bytes of room, or an error.
fn zeroed_words(bytes: usize, extra: usize) -> Result<Vec<u64>, CpuError> {
    let words = bytes
        .checked_add(extra)
        .ok_or(CpuError::OutOfMemory { bytes })?
        .div_ceil(8)
        .max(1);
    let mut data = Vec::new();
    data.try_reserve_exact(words)
        .map_err(|_| CpuError::OutOfMemory { bytes })?;
    data.resize(words, 0u64);
    Ok(data)
}

/// All global allocations of a device.
pub struct Heap {
    allocs: BTreeMap<u64, Allocation>,
    next: u64,
}

impl Default for Heap {
    fn default() -> Self {
        Heap {
            allocs: BTreeMap::new(),
            next: GLOBAL_BASE,
        }
    }
}

impl Heap {
    /// Allocates `bytes` zeroed bytes.
    pub fn alloc(&mut self, bytes: usize) -> Result<u64, CpuError> {
        let data = zeroed_words(bytes, 0)?;
        let mut base = self.next;
        let end = loop {
            let end = base
                .checked_add(bytes as u64 + ALLOC_GAP)
                .map(|e| e.next_multiple_of(ALLOC_ALIGN))
                .filter(|&e| e < GLOBAL_END)
                .ok_or(CpuError::OutOfMemory { bytes })?;
            // Bump allocations never overlap one another; step over a
            // host-visible one in the way.
            match self.allocs.range(..end).next_back() {
                Some((&b, a)) if b + a.len as u64 + ALLOC_GAP > base => {
                    base = (b + a.len as u64 + ALLOC_GAP).next_multiple_of(ALLOC_ALIGN);
                }
                _ => break end,
            }
        };
        self.next = end;
        let a = Allocation {
            len: bytes,
            start: 0,
            data,
        };
        self.allocs.insert(base, a);
        Ok(base)
    }

    /// Allocates `bytes` zeroed bytes that the host may read and write
    /// too: the allocation's address is the host address of its memory
    /// (page-aligned), valid until [`free`](Self::free). Host accesses
    /// while a kernel runs race with it as on a GPU's mapped memory.
    pub fn alloc_host_visible(&mut self, bytes: usize) -> Result<u64, CpuError> {
        let mut data = zeroed_words(bytes.max(1), HOST_VISIBLE_ALIGN)?;
        let start = (data.as_mut_ptr() as *mut u8).align_offset(HOST_VISIBLE_ALIGN);
        let mut a = Allocation {
            len: bytes,
            start,
            data,
        };
        let base = a.ptr() as u64;
        // A host address never reaches the windows (user space ends far
        // below them), nor overlaps another allocation's storage.
        if base == 0 || base.saturating_add(bytes as u64) >= GLOBAL_END {
            return Err(CpuError::OutOfMemory { bytes });
        }
        self.allocs.insert(base, a);
        Ok(base)
    }

    /// Frees the allocation that starts at `base`.
    pub fn free(&mut self, base: u64) -> Result<(), CpuError> {
        self.allocs.remove(&base).map(|_| ()).ok_or_else(|| {
            CpuError::InvalidPointer(format!(
                "{base:#x} is not the start of a live allocation (double free?)"
            ))
        })
    }

    /// The bytes `[addr, addr+len)`, which must lie in one allocation.
    fn range_mut(&mut self, addr: u64, len: usize, what: &str) -> Result<&mut [u8], CpuError> {
        let bad = || {
            CpuError::InvalidPointer(format!(
                "{what} of {len} bytes at {addr:#x} is outside every allocation"
            ))
        };
        let (&base, a) = self.allocs.range_mut(..=addr).next_back().ok_or_else(bad)?;
        let off = (addr - base) as usize;
        if off.checked_add(len).is_none_or(|e| e > a.len) {
            return Err(bad());
        }
        Ok(&mut a.bytes_mut()[off..off + len])
    }

    /// Copies `src` to device address `dst`.
    pub fn write(&mut self, dst: u64, src: &[u8]) -> Result<(), CpuError> {
        self.range_mut(dst, src.len(), "copy to device")?
            .copy_from_slice(src);
        Ok(())
    }

    /// Copies device bytes at `src` into `dst`.
    pub fn read(&mut self, dst: &mut [u8], src: u64) -> Result<(), CpuError> {
        dst.copy_from_slice(self.range_mut(src, dst.len(), "copy from device")?);
        Ok(())
    }

    /// Fills `len` bytes at `dst` with `byte`.
    pub fn fill(&mut self, dst: u64, byte: u8, len: usize) -> Result<(), CpuError> {
        self.range_mut(dst, len, "memset")?.fill(byte);
        Ok(())
    }

    /// A view for one launch; the heap must stay borrowed while it lives.
    pub fn view(&mut self) -> GlobalView<'_> {
        let regions = self
            .allocs
            .iter_mut()
            .map(|(&base, a)| Region {
                base,
                end: base + a.len as u64,
                ptr: a.ptr(),
            })
            .collect();
        GlobalView {
            regions,
            _heap: std::marker::PhantomData,
        }
    }
}

/// The smallest and one-past-largest byte of `size`-byte accesses at the
/// lanes `m` of `addrs`, and whether all are aligned.
#[inline(always)]
pub fn lane_bounds(addrs: &[u64; 32], m: u32, size: u8) -> (u64, u64, bool) {
    let (mut lo, mut hi, mut bits) = (u64::MAX, 0u64, 0u64);
    for (l, &a) in addrs.iter().enumerate() {
        let on = (m >> l) & 1 != 0;
        lo = lo.min(if on { a } else { u64::MAX });
        hi = hi.max(if on { a } else { 0 });
        bits |= if on { a } else { 0 };
    }
    (
        lo,
        hi.saturating_add(size as u64),
        bits & (size as u64 - 1) == 0,
    )
}

/// Whether every lane `l` of `m` accesses `size` bytes at `ra[l] + off`
/// that are aligned and inside `[lo, lo + lim + size)`. Branch-free and
/// vectorisable for a full warp: `lim - rel` or `rel` has its top bit set
/// exactly when `rel = addr - lo` is past `lim` (`lim < 2^63`).
#[inline(always)]
pub fn lanes_within(ra: &[u64; 32], off: u64, m: u32, size: u8, lo: u64, lim: u64) -> bool {
    let (mut acc, mut orr) = (0u64, 0u64);
    let mut one = |a: u64| {
        let rel = a.wrapping_sub(lo);
        acc |= lim.wrapping_sub(rel) | rel;
        orr |= a;
    };
    if m == u32::MAX {
        for &x in ra {
            one(x.wrapping_add(off));
        }
    } else {
        let mut mm = m;
        while mm != 0 {
            one(ra[mm.trailing_zeros() as usize].wrapping_add(off));
            mm &= mm - 1;
        }
    }
    lim >> 63 == 0 && acc >> 63 == 0 && orr & (size as u64 - 1) == 0
}

fn words_as_bytes(w: &mut [u64]) -> &mut [u8] {
    // SAFETY: u8 has no alignment or validity requirements; the length is
    // the same memory measured in bytes.
    unsafe { std::slice::from_raw_parts_mut(w.as_mut_ptr() as *mut u8, w.len() * 8) }
}

#[derive(Clone, Copy)]
struct Region {
    base: u64,
    end: u64,
    ptr: *mut u8,
}

/// The global memory of a device as seen by one launch.
pub struct GlobalView<'h> {
    regions: Vec<Region>,
    _heap: std::marker::PhantomData<&'h mut Heap>,
}

// SAFETY: the view exclusively borrows the heap for its lifetime, and every
// access through it is an atomic operation on naturally aligned memory
// inside a live allocation (checked by `find`), so sharing it between the
// worker threads of a launch is data-race free.
unsafe impl Sync for GlobalView<'_> {}
// SAFETY: as above.
unsafe impl Send for GlobalView<'_> {}

/// Why a global access failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlobalFault {
    /// Not inside any allocation.
    OutOfBounds,
    /// Not aligned to its size.
    Misaligned,
}

impl GlobalFault {
    /// A message for the error.
    pub fn reason(self) -> &'static str {
        match self {
            GlobalFault::OutOfBounds => "outside every allocation",
            GlobalFault::Misaligned => "misaligned (not a multiple of the access size)",
        }
    }
}

/// A checked pointer into global memory, valid for `size` bytes.
#[derive(Clone, Copy)]
pub struct GPtr(*mut u8);

impl GlobalView<'_> {
    /// Resolves `[addr, addr+size)`; `hint` caches the last region hit.
    #[inline(always)]
    pub fn find(&self, addr: u64, size: u64, hint: &mut usize) -> Result<GPtr, GlobalFault> {
        if addr & (size - 1) != 0 {
            return Err(GlobalFault::Misaligned);
        }
        if let Some(r) = self.regions.get(*hint) {
            if addr >= r.base && addr.wrapping_add(size) <= r.end {
                // SAFETY: inside the region's live allocation.
                return Ok(GPtr(unsafe { r.ptr.add((addr - r.base) as usize) }));
            }
        }
        let i = self.regions.partition_point(|r| r.base <= addr);
        if i == 0 {
            return Err(GlobalFault::OutOfBounds);
        }
        let r = self.regions[i - 1];
        if addr.checked_add(size).is_some_and(|e| e <= r.end) {
            *hint = i - 1;
            // SAFETY: inside the region's live allocation.
            Ok(GPtr(unsafe { r.ptr.add((addr - r.base) as usize) }))
        } else {
            Err(GlobalFault::OutOfBounds)
        }
    }

    /// The region holding all of `[lo, hi)`, if one does.
    #[inline(always)]
    fn span(&self, lo: u64, hi: u64, hint: &mut usize) -> Option<Region> {
        let ok = |r: &Region| lo >= r.base && hi <= r.end && lo <= hi;
        if let Some(r) = self.regions.get(*hint).filter(|r| ok(r)) {
            return Some(*r);
        }
        let i = self
            .regions
            .partition_point(|r| r.base <= lo)
            .checked_sub(1)?;
        let r = self.regions[i];
        ok(&r).then(|| {
            *hint = i;
            r
        })
    }

    #[inline(always)]
    fn bounds(addrs: &[u64; 32], m: u32, size: u8) -> (u64, u64, bool) {
        lane_bounds(addrs, m, size)
    }

    /// The region at `hint` if every lane's access `ra[l] + off` of `m` is
    /// aligned and inside it.
    #[inline(always)]
    fn hinted(&self, ra: &[u64; 32], off: u64, m: u32, size: u8, hint: usize) -> Option<Region> {
        let r = *self.regions.get(hint)?;
        let lim = (r.end - r.base).checked_sub(size as u64)?;
        lanes_within(ra, off, m, size, r.base, lim).then_some(r)
    }

    /// [`load_lanes`](Self::load_lanes) of the addresses `ra[l] + off`:
    /// first tries the last region hit with one branch-free check.
    #[inline(always)]
    pub fn load_row(
        &self,
        ra: &[u64; 32],
        off: u64,
        m: u32,
        size: u8,
        hint: &mut usize,
        out: &mut [u64; 32],
    ) -> bool {
        let Some(r) = self.hinted(ra, off, m, size, *hint) else {
            let mut addrs = [0u64; 32];
            for l in 0..32 {
                addrs[l] = ra[l].wrapping_add(off);
            }
            return self.load_lanes(&addrs, m, size, hint, out);
        };
        macro_rules! get {
            ($l:expr) => {{
                let l = $l;
                // SAFETY: `hinted` checked that the lane's access is aligned
                // and inside the region.
                let p = GPtr(unsafe { r.ptr.add((ra[l].wrapping_add(off) - r.base) as usize) });
                out[l] = self.load(p, size);
            }};
        }
        if m == u32::MAX {
            for l in 0..32 {
                get!(l);
            }
        } else {
            let mut mm = m;
            while mm != 0 {
                get!(mm.trailing_zeros() as usize);
                mm &= mm - 1;
            }
        }
        true
    }

    /// [`store_lanes`](Self::store_lanes) at the addresses `ra[l] + off`.
    #[inline(always)]
    pub fn store_row(
        &self,
        ra: &[u64; 32],
        off: u64,
        vals: &[u64; 32],
        m: u32,
        size: u8,
        hint: &mut usize,
    ) -> bool {
        let Some(r) = self.hinted(ra, off, m, size, *hint) else {
            let mut addrs = [0u64; 32];
            for l in 0..32 {
                addrs[l] = ra[l].wrapping_add(off);
            }
            return self.store_lanes(&addrs, vals, m, size, hint);
        };
        let mut mm = m;
        while mm != 0 {
            let l = mm.trailing_zeros() as usize;
            mm &= mm - 1;
            // SAFETY: as in `load_row`.
            let p = GPtr(unsafe { r.ptr.add((ra[l].wrapping_add(off) - r.base) as usize) });
            self.store(p, size, vals[l]);
        }
        true
    }

    /// Loads `size` bytes for the lanes `m` when every access is aligned and
    /// all fall in one allocation (the common case); `None` otherwise (the
    /// caller then checks lane by lane to report the fault).
    #[inline(always)]
    pub fn load_lanes(
        &self,
        addrs: &[u64; 32],
        m: u32,
        size: u8,
        hint: &mut usize,
        out: &mut [u64; 32],
    ) -> bool {
        let (lo, hi, aligned) = Self::bounds(addrs, m, size);
        let Some(r) = self.span(lo, hi, hint).filter(|_| aligned) else {
            return false;
        };
        let mut mm = m;
        while mm != 0 {
            let l = mm.trailing_zeros() as usize;
            mm &= mm - 1;
            // SAFETY: `span` checked that every lane's access lies inside
            // the region, and `bounds` that it is aligned.
            let p = GPtr(unsafe { r.ptr.add((addrs[l] - r.base) as usize) });
            out[l] = self.load(p, size);
        }
        true
    }

    /// Stores for the lanes `m` (in lane order) under the same conditions
    /// as [`load_lanes`](Self::load_lanes); `false` if they do not hold.
    #[inline(always)]
    pub fn store_lanes(
        &self,
        addrs: &[u64; 32],
        vals: &[u64; 32],
        m: u32,
        size: u8,
        hint: &mut usize,
    ) -> bool {
        let (lo, hi, aligned) = Self::bounds(addrs, m, size);
        let Some(r) = self.span(lo, hi, hint).filter(|_| aligned) else {
            return false;
        };
        let mut mm = m;
        while mm != 0 {
            let l = mm.trailing_zeros() as usize;
            mm &= mm - 1;
            // SAFETY: as in `load_lanes`.
            let p = GPtr(unsafe { r.ptr.add((addrs[l] - r.base) as usize) });
            self.store(p, size, vals[l]);
        }
        true
    }

    /// Loads `size` bytes (zero-extended).
    #[inline(always)]
    pub fn load(&self, p: GPtr, size: u8) -> u64 {
        // SAFETY: `p` came from `find` with this size: aligned and in bounds.
        unsafe {
            match size {
                1 => AtomicU8::from_ptr(p.0).load(Relaxed) as u64,
                2 => AtomicU16::from_ptr(p.0 as *mut u16).load(Relaxed) as u64,
                4 => AtomicU32::from_ptr(p.0 as *mut u32).load(Relaxed) as u64,
                _ => AtomicU64::from_ptr(p.0 as *mut u64).load(Relaxed),
            }
        }
    }

    /// Stores the low `size` bytes of `v`.
    #[inline(always)]
    pub fn store(&self, p: GPtr, size: u8, v: u64) {
        // SAFETY: as in `load`.
        unsafe {
            match size {
                1 => AtomicU8::from_ptr(p.0).store(v as u8, Relaxed),
                2 => AtomicU16::from_ptr(p.0 as *mut u16).store(v as u16, Relaxed),
                4 => AtomicU32::from_ptr(p.0 as *mut u32).store(v as u32, Relaxed),
                _ => AtomicU64::from_ptr(p.0 as *mut u64).store(v, Relaxed),
            }
        }
    }

    /// Atomically replaces the value `old` by `f(old)` (a CAS loop);
    /// returns `old`. `size` is 4 or 8.
    #[inline]
    pub fn rmw(&self, p: GPtr, size: u8, f: impl Fn(u64) -> Option<u64>) -> u64 {
        // SAFETY: as in `load`.
        unsafe {
            if size == 4 {
                let a = AtomicU32::from_ptr(p.0 as *mut u32);
                let r = a.fetch_update(Relaxed, Relaxed, |o| f(o as u64).map(|n| n as u32));
                r.unwrap_or_else(|o| o) as u64
            } else {
                let a = AtomicU64::from_ptr(p.0 as *mut u64);
                let r = a.fetch_update(Relaxed, Relaxed, f);
                r.unwrap_or_else(|o| o)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocations_are_aligned_zeroed_and_separated() {
        let mut h = Heap::default();
        let a = h.alloc(10).unwrap();
        let b = h.alloc(8).unwrap();
        assert_eq!(a % 256, 0);
        assert!(b >= a + 10 + 256);
        let mut buf = [1u8; 10];
        h.read(&mut buf, a).unwrap();
        assert_eq!(buf, [0; 10]);
        h.write(a + 2, &[7, 8]).unwrap();
        h.read(&mut buf[..4], a).unwrap();
        assert_eq!(&buf[..4], &[0, 0, 7, 8]);
        assert!(h.write(a + 9, &[1, 2]).is_err());
        assert!(h.free(a + 1).is_err());
        h.free(a).unwrap();
        assert!(h.free(a).is_err());
        assert!(h.write(a, &[1]).is_err());
    }

    #[test]
    fn view_checks_bounds_and_alignment() {
        let mut h = Heap::default();
        let a = h.alloc(16).unwrap();
        let v = h.view();
        let mut hint = 0;
        let p = v.find(a + 8, 8, &mut hint).unwrap();
        v.store(p, 8, 0x1122);
        assert_eq!(v.load(p, 8), 0x1122);
        assert_eq!(
            v.find(a + 16, 4, &mut hint).err(),
            Some(GlobalFault::OutOfBounds)
        );
        assert_eq!(
            v.find(a + 2, 4, &mut hint).err(),
            Some(GlobalFault::Misaligned)
        );
        assert_eq!(
            v.find(8, 8, &mut hint).err(),
            Some(GlobalFault::OutOfBounds)
        );
        let old = v.rmw(p, 4, |o| Some(o + 1));
        assert_eq!(old, 0x1122);
        assert_eq!(v.load(p, 4), 0x1123);
    }

    #[test]
    fn host_visible_allocations_lie_at_their_host_address() {
        let mut h = Heap::default();
        let a = h.alloc_host_visible(100).unwrap();
        assert_eq!(a % HOST_VISIBLE_ALIGN as u64, 0);
        // SAFETY: 100 bytes at `a` are the allocation's storage, alive
        // until `free`, and nothing else accesses them here.
        let host = unsafe { std::slice::from_raw_parts_mut(a as *mut u8, 100) };
        assert!(host.iter().all(|&b| b == 0));
        host[3] = 9;
        let mut buf = [0u8; 4];
        h.read(&mut buf, a).unwrap();
        assert_eq!(buf, [0, 0, 0, 9]);
        h.write(a + 99, &[5]).unwrap();
        assert_eq!(host[99], 5);
        assert!(h.write(a + 100, &[1]).is_err());
        {
            let v = h.view();
            let mut hint = 0;
            let p = v.find(a + 96, 4, &mut hint).unwrap();
            assert_eq!(v.load(p, 4), 5 << 24);
        }
        // The bump pointer steps over a host-visible range in its way.
        let mut h2 = Heap {
            next: a - 512,
            ..Heap::default()
        };
        let b = h2.alloc_host_visible(64).unwrap();
        h2.next = b - 256;
        let c = h2.alloc(1000).unwrap();
        assert!(c >= b + 64, "{c:#x} overlaps {b:#x}");
        h2.free(b).unwrap();
        h.free(a).unwrap();
        assert!(h.read(&mut buf, a).is_err());
    }

    #[test]
    fn huge_allocations_fail_cleanly() {
        let mut h = Heap::default();
        assert!(matches!(
            h.alloc(usize::MAX / 2),
            Err(CpuError::OutOfMemory { .. })
        ));
        assert!(matches!(
            h.alloc_host_visible(usize::MAX - 8),
            Err(CpuError::OutOfMemory { .. })
        ));
    }
}
