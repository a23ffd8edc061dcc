//! Compilation targets: the `sm_XX` architecture kernelc compiles for and
//! the PTX ISA version written in its `.version` (which a runtime checks
//! against what the driver accepts).

use std::fmt;

/// A GPU architecture to compile for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Target {
    /// The compute capability as `major * 10 + minor` (80 for `sm_80`).
    pub sm: u32,
    /// An architecture-specific target (`sm_90a`): PTX for that
    /// architecture alone, which no later one runs (PTX ISA 8.0).
    pub arch_specific: bool,
}

impl Default for Target {
    fn default() -> Self {
        Target::sm(80)
    }
}

/// Architectures kernelc accepts.
pub const SUPPORTED: &[u32] = &[50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90];

/// Architectures kernelc also accepts as architecture-specific targets
/// (`sm_90a`).
pub const SUPPORTED_ARCH_SPECIFIC: &[u32] = &[90];

impl Target {
    /// The portable target `sm_XX` of compute capability `sm`.
    pub const fn sm(sm: u32) -> Target {
        Target {
            sm,
            arch_specific: false,
        }
    }

    /// Parses `sm_80` (or `80`), or an architecture-specific `sm_90a`.
    pub fn parse(s: &str) -> Result<Target, String> {
        let name = s.strip_prefix("sm_").unwrap_or(s);
        let (digits, arch_specific) = match name.strip_suffix('a') {
            Some(d) => (d, true),
            None => (name, false),
        };
        let sm: u32 = digits
            .parse()
            .map_err(|_| format!("'{s}' is not an architecture like sm_80"))?;
        let supported = if arch_specific {
            SUPPORTED_ARCH_SPECIFIC
        } else {
            SUPPORTED
        };
        if !supported.contains(&sm) {
            let list: Vec<String> = (SUPPORTED.iter().map(|s| format!("sm_{s}")))
                .chain(SUPPORTED_ARCH_SPECIFIC.iter().map(|s| format!("sm_{s}a")))
                .collect();
            let a = if arch_specific { "a" } else { "" };
            return Err(format!(
                "unsupported architecture sm_{sm}{a}; supported: {}",
                list.join(", ")
            ));
        }
        Ok(Target { sm, arch_specific })
    }

    /// The PTX ISA version written in `.version`: the oldest one that knows
    /// the target and every instruction kernelc emits (`shfl.sync`,
    /// `activemask` need 6.2).
    pub fn ptx_version(self) -> (u32, u32) {
        if self.arch_specific {
            // sm_90a came with PTX ISA 8.0.
            return (8, 0);
        }
        match self.sm {
            90 => (7, 8),
            89 => (7, 8),
            87 => (7, 4),
            86 => (7, 1),
            80 => (7, 0),
            _ => (6, 4),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = if self.arch_specific { "a" } else { "" };
        write!(f, "sm_{}{a}", self.sm)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_targets() {
        assert_eq!(Target::parse("sm_90").unwrap().ptx_version(), (7, 8));
        assert_eq!(Target::parse("52").unwrap().sm, 52);
        assert!(Target::parse("sm_12").is_err());
        assert!(Target::parse("gfx90a").is_err());
        let a = Target::parse("sm_90a").unwrap();
        assert!(a.arch_specific && a.sm == 90);
        assert_eq!(
            (a.to_string(), a.ptx_version()),
            ("sm_90a".to_string(), (8, 0))
        );
        assert_eq!(Target::parse("90").unwrap(), Target::sm(90));
        assert!(Target::parse("sm_80a").unwrap_err().contains("sm_80a"));
    }
}
