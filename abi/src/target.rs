//! Compilation targets: the `sm_XX` architecture kernelc compiles for and
//! the PTX ISA version written in its `.version` (which a runtime checks
//! against what the driver accepts).

use std::fmt;

/// A GPU architecture to compile for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Target {
    /// The compute capability as `major * 10 + minor` (80 for `sm_80`).
    pub sm: u32,
}

impl Default for Target {
    fn default() -> Self {
        Target { sm: 80 }
    }
}

/// Architectures kernelc accepts.
pub const SUPPORTED: &[u32] = &[50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90];

impl Target {
    /// Parses `sm_80` (or `80`).
    pub fn parse(s: &str) -> Result<Target, String> {
        let digits = s.strip_prefix("sm_").unwrap_or(s);
        let sm: u32 = digits
            .parse()
            .map_err(|_| format!("'{s}' is not an architecture like sm_80"))?;
        if !SUPPORTED.contains(&sm) {
            let list: Vec<String> = SUPPORTED.iter().map(|s| format!("sm_{s}")).collect();
            return Err(format!(
                "unsupported architecture sm_{sm}; supported: {}",
                list.join(", ")
            ));
        }
        Ok(Target { sm })
    }

    /// The PTX ISA version written in `.version`: the oldest one that knows
    /// the target and every instruction kernelc emits (`shfl.sync`,
    /// `activemask` need 6.2).
    pub fn ptx_version(self) -> (u32, u32) {
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
        write!(f, "sm_{}", self.sm)
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
    }
}
