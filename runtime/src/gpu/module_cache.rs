//! A device's module cache: loading the same PTX text twice returns the
//! module already loaded, keyed by a hash of the text (and confirmed
//! against the text itself, so a hash collision cannot mix modules up).

use crate::gpu::module::GpuModule;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

/// Loaded modules by PTX hash.
#[derive(Default)]
pub struct ModuleCache {
    by_hash: Mutex<HashMap<u64, Vec<Arc<GpuModule>>>>,
}

impl ModuleCache {
    /// The cached module for `ptx`, or the one `load` makes (cached when
    /// it succeeds).
    pub fn get_or_load<E>(
        &self,
        ptx: &str,
        load: impl FnOnce() -> Result<GpuModule, E>,
    ) -> Result<Arc<GpuModule>, E> {
        let key = ptx_hash(ptx);
        if let Some(hit) = self.lookup(key, ptx) {
            return Ok(hit);
        }
        // Loaded outside the lock: the JIT can take a while.
        let module = Arc::new(load()?);
        let mut map = self.by_hash.lock().unwrap_or_else(|p| p.into_inner());
        let slot = map.entry(key).or_default();
        if let Some(raced) = slot.iter().find(|m| m.ptx() == ptx) {
            return Ok(Arc::clone(raced));
        }
        slot.push(Arc::clone(&module));
        Ok(module)
    }

    /// How many modules are cached.
    pub fn len(&self) -> usize {
        let map = self.by_hash.lock().unwrap_or_else(|p| p.into_inner());
        map.values().map(Vec::len).sum()
    }

    /// Whether nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops every cached module (modules still held elsewhere live on).
    pub fn clear(&self) {
        self.by_hash
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }

    fn lookup(&self, key: u64, ptx: &str) -> Option<Arc<GpuModule>> {
        let map = self.by_hash.lock().unwrap_or_else(|p| p.into_inner());
        map.get(&key)?.iter().find(|m| m.ptx() == ptx).cloned()
    }
}

/// The cache key of a PTX text.
pub fn ptx_hash(ptx: &str) -> u64 {
    let mut h = DefaultHasher::new();
    ptx.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::ptx_hash;

    #[test]
    fn hash_is_stable_and_discriminating() {
        assert_eq!(ptx_hash(".entry a()"), ptx_hash(".entry a()"));
        assert_ne!(ptx_hash(".entry a()"), ptx_hash(".entry b()"));
    }
}
