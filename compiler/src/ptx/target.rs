//! Compilation targets: the `sm_XX` architecture and the PTX ISA version
//! written in `.version` live in the kernel-ABI crate (`kernelc_abi`, so
//! the runtime can pick a target without the compiler) and are re-exported
//! here; this module adds the few feature checks instruction selection
//! needs.

pub use kernelc_abi::target::{Target, SUPPORTED};

/// Features of a target that instruction selection asks about.
pub trait TargetFeatures {
    /// Native `atom.add.f64` (sm_60 and later).
    fn has_atomic_add_f64(self) -> bool;
    /// `tanh.approx.f32` (sm_75 and later).
    fn has_tanh_approx(self) -> bool;
}

impl TargetFeatures for Target {
    fn has_atomic_add_f64(self) -> bool {
        self.sm >= 60
    }

    fn has_tanh_approx(self) -> bool {
        self.sm >= 75
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_add_f64_from_sm_60() {
        assert!(!Target::parse("sm_52").unwrap().has_atomic_add_f64());
        assert!(Target::parse("sm_60").unwrap().has_atomic_add_f64());
        assert!(Target::default().has_atomic_add_f64());
    }

    #[test]
    fn tanh_approx_from_sm_75() {
        assert!(!Target::parse("sm_70").unwrap().has_tanh_approx());
        assert!(Target::parse("sm_75").unwrap().has_tanh_approx());
    }
}
