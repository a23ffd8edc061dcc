//! Line information in the PTX: a `.file 1 "name.py"` directive for the
//! kernel's source and `.loc 1 LINE COLUMN` before the first instruction of
//! each source line, as Numba writes with `lineinfo=True`. NVIDIA's tools
//! show it on a GPU; kernelc's CPU device reads it to name the Python line
//! of a fault beside the PTX line.
//!
//! kernelc writes it always: it costs one directive per source line in the
//! text and nothing in the code ptxas makes, and the CPU device needs it for
//! every fault message.
//!
//! More is written as numba-cuda's NVVM writes it ([`LineInfo`]): with
//! `lineinfo=True`, each `.loc` of a device function's inlined code names
//! the function and the call it was inlined at (`function_name`,
//! `inlined_at`, the names in a `.section .debug_str`); with `debug=True`,
//! also a DWARF compile unit (`.section .debug_abbrev`, `.debug_info`).

use super::emit::push_decimal;
use crate::ir::{InlineSite, Module};
use std::collections::HashMap;

/// How much source information the PTX carries.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub enum LineInfo {
    /// `.file` and a `.loc` per source line: always written.
    #[default]
    Lines,
    /// `lineinfo=True`: a `.loc` of inlined code also names the function
    /// inlined and where it was inlined (PTX ISA 7.2).
    Inlining,
    /// `debug=True`: [`LineInfo::Inlining`] and a DWARF compile unit.
    Dwarf,
}

impl LineInfo {
    /// The oldest PTX ISA version that holds this information.
    pub fn min_ptx_version(self) -> (u32, u32) {
        match self {
            LineInfo::Lines => (0, 0),
            LineInfo::Inlining | LineInfo::Dwarf => (7, 2),
        }
    }
}

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
    /// What is written beyond `.file` and `.loc`.
    level: LineInfo,
}

impl<'a> SourceLines<'a> {
    /// The lines of `text`, a file called `name`.
    pub fn new(name: &'a str, text: &'a str) -> Self {
        let mut starts = Vec::with_capacity(text.len() / 32 + 1);
        starts.push(0);
        // `match_indices` of a char searches with memchr.
        starts.extend(text.match_indices('\n').map(|(i, _)| i as u32 + 1));
        SourceLines {
            name,
            text,
            starts,
            level: LineInfo::Lines,
        }
    }

    /// These lines, written at `level`.
    pub fn with_level(mut self, level: LineInfo) -> Self {
        self.level = level;
        self
    }

    /// What is written beyond `.file` and `.loc`.
    pub fn level(&self) -> LineInfo {
        self.level
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
        out.push_str(&file_name_text(self.name));
        out.push_str("\"\n\n");
    }
}

/// The source information of one module: its file's lines and, from
/// [`LineInfo::Inlining`] up, the names of the functions inlined anywhere
/// in it, each a label of `.section .debug_str` (`$L__info_stringN`).
#[derive(Debug)]
pub struct ModuleLines<'s, 'a> {
    lines: &'s SourceLines<'a>,
    /// The names, in label order.
    names: Vec<&'s str>,
    /// Label number by name.
    labels: HashMap<&'s str, u32>,
}

impl<'s, 'a> ModuleLines<'s, 'a> {
    /// The information `lines` gives `module` (whose functions' inline
    /// sites name the functions).
    pub fn new(lines: &'s SourceLines<'a>, module: &'s Module) -> Self {
        let mut table = ModuleLines {
            lines,
            names: Vec::new(),
            labels: HashMap::new(),
        };
        if lines.level >= LineInfo::Inlining {
            for (_, f) in module.functions.iter() {
                for site in f.srclocs.sites() {
                    let next = table.names.len() as u32;
                    let name = site.callee.as_str();
                    if let std::collections::hash_map::Entry::Vacant(e) = table.labels.entry(name) {
                        e.insert(next);
                        table.names.push(name);
                    }
                }
            }
        }
        table
    }

    /// The file's lines.
    pub fn lines(&self) -> &SourceLines<'a> {
        self.lines
    }

    /// Writes the sections the level asks for, after the module's
    /// functions: `.debug_str` (the inlined functions' names), and with
    /// [`LineInfo::Dwarf`] a DWARF (version 2) compile unit naming the
    /// file, its line table the one ptxas makes of the `.loc`s.
    pub fn write_sections(&self, out: &mut String) {
        if self.lines.level >= LineInfo::Dwarf {
            write_dwarf_unit(out, self.lines.name);
        }
        if self.names.is_empty() {
            return;
        }
        out.push_str("\t.section\t.debug_str\n\t{\n");
        for (i, name) in self.names.iter().enumerate() {
            out.push_str("$L__info_string");
            push_decimal(out, i);
            out.push_str(":\n");
            write_b8(out, name.bytes().chain([0]));
        }
        out.push_str("\t}\n");
    }
}

/// The DWARF tag and attribute codes the compile unit uses.
mod dwarf {
    pub const TAG_COMPILE_UNIT: u8 = 0x11;
    pub const CHILDREN_NO: u8 = 0;
    pub const AT_NAME: u8 = 0x03;
    pub const AT_STMT_LIST: u8 = 0x10;
    pub const AT_LANGUAGE: u8 = 0x13;
    pub const AT_PRODUCER: u8 = 0x25;
    pub const FORM_DATA2: u8 = 0x05;
    pub const FORM_DATA4: u8 = 0x06;
    pub const FORM_STRING: u8 = 0x08;
    /// `DW_LANG_Python`.
    pub const LANG_PYTHON: u16 = 0x14;
}

/// Writes `.debug_abbrev` and `.debug_info`: one compile unit with the
/// producer, the language (Python), the file's name and its line table
/// (`.debug_line`, which ptxas writes from the `.loc` directives).
fn write_dwarf_unit(out: &mut String, file: &str) {
    use dwarf::*;
    let producer = concat!("kernelc ", env!("CARGO_PKG_VERSION"));
    out.push_str("\t.section\t.debug_abbrev\n\t{\n");
    write_b8(
        out,
        [
            1,
            TAG_COMPILE_UNIT,
            CHILDREN_NO,
            AT_PRODUCER,
            FORM_STRING,
            AT_LANGUAGE,
            FORM_DATA2,
            AT_NAME,
            FORM_STRING,
            AT_STMT_LIST,
            FORM_DATA4,
            0,
            0,
            0,
        ],
    );
    out.push_str("\t}\n\t.section\t.debug_info\n\t{\n");
    let name = file_name_text(file);
    // After the length: version (2), abbreviation offset (4), address
    // size (1), then the unit's entry: its code (1), the producer and the
    // name (each NUL-ended), the language (2), the line table offset (4).
    let length = 2 + 4 + 1 + 1 + (producer.len() + 1) + 2 + (name.len() + 1) + 4;
    out.push_str(".b32 ");
    push_decimal(out, length);
    out.push('\n');
    write_b8(out, [2, 0]);
    out.push_str(".b32 .debug_abbrev\n");
    write_b8(out, [8, 1]);
    write_b8(out, producer.bytes().chain([0]));
    write_b8(out, LANG_PYTHON.to_le_bytes());
    write_b8(out, name.bytes().chain([0]));
    out.push_str(".b32 .debug_line\n\t}\n");
}

/// Writes `.b8 b0,b1,...` (one line).
fn write_b8(out: &mut String, bytes: impl IntoIterator<Item = u8>) {
    out.push_str(".b8 ");
    for (i, b) in bytes.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_decimal(out, b as usize);
    }
    out.push('\n');
}

/// A file name as a PTX string holds it: `"`, `\` and control characters,
/// which it cannot hold as they are, become `_`.
fn file_name_text(name: &str) -> String {
    (name.chars())
        .map(|c| {
            if c == '"' || c == '\\' || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .collect()
}

/// Writes `.loc` directives into a function body: one before an
/// instruction whose source line (or inline site) differs from the last
/// one written.
#[derive(Debug)]
pub struct LocWriter<'s, 'a> {
    module: &'s ModuleLines<'s, 'a>,
    /// The function's inline sites (empty below [`LineInfo::Inlining`]).
    sites: &'s [InlineSite],
    /// The line of the last `.loc` written (0: none yet).
    last: u32,
    /// The inline site of the last `.loc` written.
    last_site: u32,
    /// The last offset seen (most instructions share their neighbour's
    /// statement, which then costs one compare).
    last_offset: Option<(u32, u32)>,
    /// The (line, column, inline site) a `.loc` has named, with inline
    /// sites (an `inlined_at` may name only those).
    written: std::collections::HashSet<(u32, u32, u32)>,
}

impl<'s, 'a> LocWriter<'s, 'a> {
    /// A writer for one function of `module`'s file, whose inline sites
    /// are `sites`.
    pub fn new(module: &'s ModuleLines<'s, 'a>, sites: &'s [InlineSite]) -> Self {
        let inlining = module.lines.level >= LineInfo::Inlining;
        LocWriter {
            module,
            sites: if inlining { sites } else { &[] },
            last: 0,
            last_site: 0,
            last_offset: None,
            written: std::collections::HashSet::new(),
        }
    }

    /// Before an instruction from byte `offset` of the source (None:
    /// unknown, which keeps the last line), inlined at `site` (see
    /// [`crate::ir::SrcLocs::site`]).
    pub fn before(&mut self, out: &mut String, offset: Option<u32>, site: u32) {
        let Some(offset) = offset else { return };
        let site = if (site as usize) <= self.sites.len() {
            site
        } else {
            0
        };
        if self.last_offset == Some((offset, site)) {
            return;
        }
        self.last_offset = Some((offset, site));
        let line = self.module.lines.line(offset);
        if line != self.last || site != self.last_site {
            self.write_chain(out, site);
            self.last = line;
            self.last_site = site;
            self.write_loc(out, offset, site);
        }
    }

    /// Writes a `.loc` for each call `site`'s code was inlined through
    /// that has none yet, outermost first: ptxas takes an `inlined_at`
    /// position only once a `.loc` has named it.
    fn write_chain(&mut self, out: &mut String, site: u32) {
        let Some(s) = self.site(site) else { return };
        let (parent, Some(call)) = (s.parent, s.call) else {
            return;
        };
        let (line, col) = self.module.lines.line_col(call);
        if self.written.contains(&(line, col, parent)) {
            return;
        }
        // As deep as the calls inlined into each other.
        crate::stack::deeper(|| self.write_chain(out, parent));
        self.write_loc(out, call, parent);
    }

    /// The inline site numbered `site` (None for the function's own code).
    fn site(&self, site: u32) -> Option<&'s InlineSite> {
        site.checked_sub(1).and_then(|i| self.sites.get(i as usize))
    }

    /// Writes `.loc 1 LINE COL` for byte `offset`, with the inline site's
    /// function and call.
    fn write_loc(&mut self, out: &mut String, offset: u32, site: u32) {
        let lines = self.module.lines;
        let (line, col) = lines.line_col(offset);
        if !self.sites.is_empty() {
            self.written.insert((line, col, site));
        }
        out.push_str("\t.loc\t1 ");
        push_decimal(out, line as usize);
        out.push(' ');
        push_decimal(out, col as usize);
        self.write_inlined_at(out, site);
        out.push('\n');
    }

    /// `, function_name $L__info_stringN, inlined_at 1 LINE COL` for code
    /// of inline site `site` whose call's position is known.
    fn write_inlined_at(&self, out: &mut String, site: u32) {
        let Some(s) = self.site(site) else { return };
        let (Some(call), Some(&label)) = (s.call, self.module.labels.get(s.callee.as_str())) else {
            return;
        };
        let (line, col) = self.module.lines.line_col(call);
        out.push_str(", function_name $L__info_string");
        push_decimal(out, label as usize);
        out.push_str(", inlined_at 1 ");
        push_decimal(out, line as usize);
        out.push(' ');
        push_decimal(out, col as usize);
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
        let module = Module::new();
        let table = ModuleLines::new(&l, &module);
        let mut w = LocWriter::new(&table, &[]);
        out.clear();
        w.before(&mut out, Some(0), 0);
        w.before(&mut out, Some(1), 0);
        w.before(&mut out, None, 0);
        w.before(&mut out, Some(2), 0);
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

    /// With `lineinfo`, a `.loc` of inlined code names the function and
    /// its call; a call inlined inside inlined code gets its own `.loc`
    /// first (ptxas takes an `inlined_at` position only once named).
    #[test]
    fn lineinfo_names_inlined_functions_and_their_calls() {
        use crate::driver::{compile, CompileOptions};
        let source = "from numba import cuda

@cuda.jit(device=True)
def inner(x):
    return x * 3

@cuda.jit(device=True)
def twice(x):
    return inner(x) * 2

@cuda.jit(\"void(float32[::1])\")
def k(a):
    i = cuda.grid(1)
    a[i] = twice(a[i])
";
        let options = CompileOptions {
            lineinfo: true,
            ..CompileOptions::default()
        };
        let ptx = compile("k.py", source, &options).unwrap().ptx.unwrap();
        assert!(ptx.contains(".version 7.2\n"), "{ptx}");
        let locs: Vec<&str> = (ptx.lines()).filter(|l| l.starts_with("\t.loc")).collect();
        assert_eq!(
            locs,
            [
                "\t.loc\t1 13 5",
                "\t.loc\t1 14 5",
                "\t.loc\t1 9 5, function_name $L__info_string1, inlined_at 1 14 5",
                "\t.loc\t1 5 5, function_name $L__info_string0, inlined_at 1 9 5",
                "\t.loc\t1 9 5, function_name $L__info_string1, inlined_at 1 14 5",
                "\t.loc\t1 14 5",
            ],
            "{ptx}"
        );
        assert!(ptx.ends_with(
            "\t.section\t.debug_str\n\t{\n$L__info_string0:\n.b8 105,110,110,101,114,0\n\
             $L__info_string1:\n.b8 116,119,105,99,101,0\n\t}\n"
        ));
        assert!(!ptx.contains(".debug_info"));
        // debug=True adds the DWARF unit; its length counts what follows it.
        let debug = source.replace("\")\ndef k", "\", debug=True)\ndef k");
        assert_ne!(debug, source);
        let ptx = compile("k.py", &debug, &CompileOptions::default())
            .unwrap()
            .ptx
            .unwrap();
        let info = ptx.split("\t.section\t.debug_info\n\t{\n").nth(1).unwrap();
        let producer = concat!("kernelc ", env!("CARGO_PKG_VERSION")).len();
        let length = 2 + 4 + 1 + 1 + producer + 1 + 2 + "k.py".len() + 1 + 4;
        assert!(info.starts_with(&format!(".b32 {length}\n.b8 2,0\n.b32 .debug_abbrev\n")));
        assert!(ptx.contains("\t.section\t.debug_abbrev\n"));
    }
}
