//! The source lines of PTX lines: what the module's `.file` and `.loc`
//! directives say (kernelc writes them for every kernel, as Numba does with
//! `lineinfo=True`), so a fault names `file.py:LINE` beside the PTX line.

use super::ast::{Function, Module, Stmt};
use std::fmt;

/// A line of a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceLine {
    /// The file, as its `.file` directive names it (`file N` when no
    /// `.file` declares index N).
    pub file: String,
    /// 1-based line.
    pub line: u32,
}

impl fmt::Display for SourceLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// Per PTX instruction line of a kernel (and the functions it calls): its
/// source file and line.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    /// `.file` index and name.
    files: Vec<(u32, String)>,
    /// (PTX line, file index, source line), sorted by PTX line.
    lines: Vec<(u32, u32, u32)>,
}

impl SourceMap {
    /// The positions of the instructions of `functions` of `m`.
    pub fn new<'m>(m: &Module, functions: impl IntoIterator<Item = &'m Function>) -> SourceMap {
        let mut lines = Vec::new();
        for f in functions {
            for s in f.body.iter().flatten() {
                if let Stmt::Inst(i) = s {
                    if let Some((file, line)) = i.loc {
                        lines.push((i.line, file, line));
                    }
                }
            }
        }
        lines.sort_unstable();
        SourceMap {
            files: if lines.is_empty() {
                Vec::new()
            } else {
                m.files.clone()
            },
            lines,
        }
    }

    /// The source line of the instruction on PTX line `ptx_line`, if a
    /// `.loc` gave one.
    pub fn lookup(&self, ptx_line: u32) -> Option<SourceLine> {
        let i = self
            .lines
            .binary_search_by_key(&ptx_line, |&(l, _, _)| l)
            .ok()?;
        let (_, file, line) = self.lines[i];
        let file = match self.files.iter().find(|(k, _)| *k == file) {
            Some((_, name)) => name.clone(),
            None => format!("file {file}"),
        };
        Some(SourceLine { file, line })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::ptx::parser::parse;

    #[test]
    fn instructions_take_the_last_loc_of_their_function() {
        let m = parse(
            ".version 7.0\n.target sm_80\n.address_size 64\n.file 1 \"k.py\", 0, 0\n\
             .visible .entry k()\n{\n\tmov.u32 %r0, 1;\n\t.loc 1 7 5\n\tmov.u32 %r0, 2;\n\
             \tmov.u32 %r0, 3;\n\t.loc 2 9 1\n\tret;\n}\n",
        )
        .unwrap();
        let map = SourceMap::new(&m, &m.functions);
        assert_eq!(map.lookup(7), None);
        let at = |l| map.lookup(l).map(|s| s.to_string());
        assert_eq!(at(9).as_deref(), Some("k.py:7"));
        assert_eq!(at(10).as_deref(), Some("k.py:7"));
        assert_eq!(at(12).as_deref(), Some("file 2:9"));
        assert_eq!(at(11), None);
    }

    #[test]
    fn malformed_directives_are_errors() {
        for bad in [".file \"k.py\"\n", ".file 1 2\n"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let body = |d: &str| format!(".visible .entry k()\n{{\n{d}\nret;\n}}\n");
        assert!(parse(&body(".loc 1")).is_err());
        assert!(parse(&body(".loc 1 99999999999 0")).is_err());
        assert!(parse(&body(".loc 1 3 0")).is_ok());
    }
}
