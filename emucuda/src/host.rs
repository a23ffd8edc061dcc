//! Page-locked host memory (`cuMemHostAlloc`, `cuMemAllocHost`,
//! `cuMemFreeHost`): plain zeroed, page-aligned host allocations, recorded
//! by address so that only a pointer this driver returned is freed, once.
//! Copies run synchronously, so "pinned" memory needs nothing more; host
//! memory the program registers (`cuMemHostRegister`, numba-cuda's
//! `cuda.pinned`) is recorded by range so that overlapping registrations
//! and unregistering what was not registered fail as the driver's do.

use crate::status::{self, Failure, Outcome};
use std::alloc::Layout;
use std::collections::HashMap;
use std::sync::Mutex;

/// The alignment of every host allocation (a page).
const PAGE: usize = 4096;

/// One live host allocation: the pointer `alloc_zeroed` returned and its
/// layout.
struct Block(*mut u8, Layout);

// SAFETY: the block is plain memory owned by the table; the table only
// hands the pointer back to `dealloc`.
unsafe impl Send for Block {}

/// Live host allocations by address.
static LIVE: Mutex<Option<HashMap<usize, Block>>> = Mutex::new(None);

/// Allocates `bytes` zeroed bytes, page-aligned.
pub fn alloc(bytes: usize) -> Outcome<*mut u8> {
    if bytes == 0 {
        return Err(Failure::new(
            status::INVALID_VALUE,
            "0 bytes of host memory",
        ));
    }
    let layout = Layout::from_size_align(bytes, PAGE)
        .map_err(|_| Failure::new(status::OUT_OF_MEMORY, format!("{bytes} bytes")))?;
    // SAFETY: the layout has a nonzero size.
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
    if ptr.is_null() {
        return Err(Failure::new(
            status::OUT_OF_MEMORY,
            format!("{bytes} bytes of host memory"),
        ));
    }
    let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    live.get_or_insert_with(HashMap::new)
        .insert(ptr as usize, Block(ptr, layout));
    Ok(ptr)
}

/// Frees the allocation made by [`alloc`] at address `addr`; any other
/// address is `CUDA_ERROR_INVALID_VALUE`.
pub fn free(addr: usize) -> Outcome<()> {
    let Block(ptr, layout) = {
        let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        live.get_or_insert_with(HashMap::new)
            .remove(&addr)
            .ok_or_else(|| {
                Failure::new(
                    status::INVALID_VALUE,
                    format!("{addr:#x} is not live host memory of this driver"),
                )
            })?
    };
    // SAFETY: `ptr` was returned by `alloc_zeroed` with this layout and is
    // removed from the table, so it is freed once.
    unsafe { std::alloc::dealloc(ptr, layout) };
    Ok(())
}

/// Registered host ranges: start address -> length in bytes.
static REGISTERED: Mutex<Option<std::collections::BTreeMap<usize, usize>>> = Mutex::new(None);

/// `cuMemHostRegister` of `bytes` bytes at `addr`: refused for a null or
/// empty range (`CUDA_ERROR_INVALID_VALUE`) and for one overlapping a
/// registered range (`CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED`).
pub fn register(addr: usize, bytes: usize) -> Outcome<()> {
    let end = addr.checked_add(bytes).filter(|_| addr != 0 && bytes != 0);
    let Some(end) = end else {
        return Err(Failure::new(
            status::INVALID_VALUE,
            format!("{bytes} bytes at {addr:#x} cannot be registered"),
        ));
    };
    let mut table = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
    let table = table.get_or_insert_with(Default::default);
    let before = table.range(..end).next_back();
    if let Some((&start, &len)) = before {
        if start + len > addr {
            return Err(Failure::new(
                status::HOST_MEMORY_ALREADY_REGISTERED,
                format!(
                    "{addr:#x}..{end:#x} overlaps the registered {start:#x}..{:#x}",
                    start + len
                ),
            ));
        }
    }
    table.insert(addr, bytes);
    Ok(())
}

/// `cuMemHostUnregister` of the range registered at `addr`; any other
/// address is `CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED`.
pub fn unregister(addr: usize) -> Outcome<()> {
    let mut table = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
    match table.get_or_insert_with(Default::default).remove(&addr) {
        Some(_) => Ok(()),
        None => Err(Failure::new(
            status::HOST_MEMORY_NOT_REGISTERED,
            format!("{addr:#x} does not start a registered host range"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocates_zeroed_pages_and_frees_once() {
        let p = alloc(100).unwrap();
        assert_eq!(p as usize % PAGE, 0);
        // SAFETY: 100 bytes were just allocated at `p`.
        assert!(unsafe { std::slice::from_raw_parts(p, 100) }
            .iter()
            .all(|&b| b == 0));
        free(p as usize).unwrap();
        assert_eq!(free(p as usize).unwrap_err().code, status::INVALID_VALUE);
        assert_eq!(alloc(0).unwrap_err().code, status::INVALID_VALUE);
    }

    #[test]
    fn registers_ranges_once_and_unregisters_them() {
        let buf = [0u8; 64];
        let a = buf.as_ptr() as usize;
        register(a, 32).unwrap();
        register(a + 32, 32).unwrap();
        let again = register(a + 16, 8).unwrap_err();
        assert_eq!(again.code, status::HOST_MEMORY_ALREADY_REGISTERED);
        assert_eq!(register(0, 8).unwrap_err().code, status::INVALID_VALUE);
        assert_eq!(register(a, 0).unwrap_err().code, status::INVALID_VALUE);
        let inner = unregister(a + 8).unwrap_err();
        assert_eq!(inner.code, status::HOST_MEMORY_NOT_REGISTERED);
        unregister(a).unwrap();
        unregister(a + 32).unwrap();
        assert!(unregister(a).is_err());
    }
}
