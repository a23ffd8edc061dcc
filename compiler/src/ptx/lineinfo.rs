//! Line information in the PTX: a `.file 1 "name.py"` directive for the
//! kernel's source and `.loc 1 LINE COLUMN` before the first instruction of
//! each source line, as Numba writes with `lineinfo=True`. NVIDIA's tools
//! show it on a GPU; kernelc's CPU device reads it to name the Python line
//! of a fault beside the PTX line.
//!
//! kernelc writes it always: it costs one directive per source line in the
//! text and nothing in the code ptxas makes, and the CPU device needs it for
//! every fault message.

use super::emit::push_decimal;

/// The kernel's source file: its name (as the PTX names it) and where its
/// lines start, to turn byte offsets into lines and columns.
#[derive(Clone, Debug)]
pub struct SourceLines<'a> {
    /// The file name.
    name: &'a str,
    /// The text (for columns in characters).
    text: &'a str,
    /// Byte offset of every line's first byte (line 1 starts at 0).
    starts: Vec<u32>,
}

impl<'a> SourceLines<'a> {
    /// The lines of `text`, a file called `name`.
    pub fn new(name: &'a str, text: &'a str) -> Self {
        let mut starts = Vec::with_capacity(text.len() / 32 + 1);
        starts.push(0);
        // `match_indices` of a char searches with memchr.
        starts.extend(text.match_indices('\n').map(|(i, _)| i as u32 + 1));
        SourceLines { name, text, starts }
    }

    /// The file name.
    pub fn name(&self) -> &str {
        self.name
    }

    /// 1-based line and column (in characters) of byte `offset`.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let line = self.line(offset);
        (line, self.column(line, offset))
    }

    /// 1-based line of byte `offset`.
    fn line(&self, offset: u32) -> u32 {
        self.starts.partition_point(|&s| s <= offset).max(1) as u32
    }

    /// 1-based column (in characters) of byte `offset` on `line`.
    fn column(&self, line: u32, offset: u32) -> u32 {
        let start = self.starts[line as usize - 1] as usize;
        let end = (offset as usize).min(self.text.len()).max(start);
        let col = match self.text.get(start..end) {
            Some(s) => s.chars().count(),
            None => end - start,
        };
        col as u32 + 1
    }

    /// Writes the `.file` directive (a name's `"` and `\` and control
    /// characters, which a PTX string cannot hold as they are, become `_`).
    pub fn write_file_directive(&self, out: &mut String) {
        out.push_str(".file\t1 \"");
        out.extend((self.name.chars()).map(|c| {
            if c == '"' || c == '\\' || c.is_control() {
                '_'
            } else {
                c
            }
        }));
        out.push_str("\"\n\n");
    }
}

/// Writes `.loc` directives into a function body: one before an
/// instruction whose source line differs from the last one written.
#[derive(Debug)]
pub struct LocWriter<'s, 'a> {
    lines: &'s SourceLines<'a>,
    /// The line of the last `.loc` written (0: none yet).
    last: u32,
    /// The last offset seen (most instructions share their neighbour's
    /// statement, which then costs one compare).
    last_offset: Option<u32>,
}

impl<'s, 'a> LocWriter<'s, 'a> {
    /// A writer for one function of `lines`' file.
    pub fn new(lines: &'s SourceLines<'a>) -> Self {
        LocWriter {
            lines,
            last: 0,
            last_offset: None,
        }
    }

    /// Before an instruction from byte `offset` of the source (None:
    /// unknown, which keeps the last line).
    pub fn before(&mut self, out: &mut String, offset: Option<u32>) {
        let Some(offset) = offset else { return };
        if self.last_offset == Some(offset) {
            return;
        }
        self.last_offset = Some(offset);
        let line = self.lines.line(offset);
        if line != self.last {
            self.last = line;
            let col = self.lines.column(line, offset);
            out.push_str("\t.loc\t1 ");
            push_decimal(out, line as usize);
            out.push(' ');
            push_decimal(out, col as usize);
            out.push('\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let l = SourceLines::new("k.py", "ab\n  cé d\n\nx");
        assert_eq!(l.line_col(0), (1, 1));
        assert_eq!(l.line_col(1), (1, 2));
        assert_eq!(l.line_col(3), (2, 1));
        assert_eq!(l.line_col(5), (2, 3));
        // After the two-byte é: the 5th character.
        assert_eq!(l.line_col(8), (2, 5));
        assert_eq!(l.line_col(11), (3, 1));
        assert_eq!(l.line_col(12), (4, 1));
        assert_eq!(l.line_col(99), (4, 2));
    }

    #[test]
    fn directives() {
        let l = SourceLines::new("dir/\"odd\"\\name.py", "a\nb\n");
        let mut out = String::new();
        l.write_file_directive(&mut out);
        assert_eq!(out, ".file\t1 \"dir/_odd__name.py\"\n\n");
        let mut w = LocWriter::new(&l);
        out.clear();
        w.before(&mut out, Some(0));
        w.before(&mut out, Some(1));
        w.before(&mut out, None);
        w.before(&mut out, Some(2));
        assert_eq!(out, "\t.loc\t1 1 1\n\t.loc\t1 2 1\n");
    }

    /// The kernel's statements and an inlined device function's keep their
    /// own lines; nothing else in the PTX changes.
    #[test]
    fn compiled_kernels_carry_their_lines() {
        use crate::driver::{compile, CompileOptions};
        let source = "from numba import cuda

@cuda.jit(device=True)
def twice(x):
    return x * 2

@cuda.jit(\"void(float32[::1])\")
def k(a):
    i = cuda.grid(1)
    a[i] = twice(a[i])
";
        let ptx = compile("dir/k.py", source, &CompileOptions::default())
            .unwrap()
            .ptx
            .unwrap();
        assert!(
            ptx.contains("\n.address_size 64\n\n.file\t1 \"dir/k.py\"\n\n"),
            "{ptx}"
        );
        let locs: Vec<&str> = (ptx.lines()).filter(|l| l.starts_with("\t.loc")).collect();
        assert_eq!(
            locs,
            [
                "\t.loc\t1 9 5",
                "\t.loc\t1 10 5",
                "\t.loc\t1 5 5",
                "\t.loc\t1 10 5"
            ],
            "{ptx}"
        );
    }
}
