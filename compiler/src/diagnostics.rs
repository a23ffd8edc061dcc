//! Diagnostics: what went wrong, where, and how to fix it.
//!
//! Every stage reports problems as [`Diagnostic`] values and keeps going, so a
//! user sees all independent errors of a file at once. A diagnostic holds
//! plain data (severity, message, labelled spans, notes, help); rendering to
//! the familiar `file:line:col` form with the source line and an underline is
//! done on demand by [`render`], through the `codespan-reporting` crate.

use crate::span::{FileId, Span};
use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term;

/// How serious a diagnostic is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Severity {
    /// The program is rejected.
    Error,
    /// The program is accepted but probably not what was meant.
    Warning,
}

/// A span with a short message, shown underlined in the rendered output.
#[derive(Clone, PartialEq, Debug)]
pub struct Label {
    /// The file the span is in.
    pub file: FileId,
    /// The text the label points at.
    pub span: Span,
    /// Text shown beside the underline (may be empty).
    pub message: String,
}

/// One problem found in a program.
#[derive(Clone, PartialEq, Debug)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The one-line cause, e.g. `cannot index an int64 value`.
    pub message: String,
    /// Where the problem is; the first label is the primary location.
    pub labels: Vec<Label>,
    /// Extra facts, e.g. `note: 'x' was first assigned an array here`.
    pub notes: Vec<String>,
    /// A suggested fix, e.g. "did you mean `cuda.syncthreads()`?".
    pub help: Option<String>,
}

/// The constructors are marked cold: a diagnostic is made only on an
/// error path, and the mark keeps those paths out of the way of the code
/// that checks correct programs.
impl Diagnostic {
    /// An error at `span` in the main source file.
    #[cold]
    #[inline(never)]
    pub fn error(message: impl Into<String>, span: Span) -> Self {
        Self::error_in(FileId::MAIN, message, span)
    }

    /// An error at `span` in `file`.
    #[cold]
    #[inline(never)]
    pub fn error_in(file: FileId, message: impl Into<String>, span: Span) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            labels: vec![Label {
                file,
                span,
                message: String::new(),
            }],
            notes: Vec::new(),
            help: None,
        }
    }

    /// A warning at `span` in the main source file.
    #[cold]
    #[inline(never)]
    pub fn warning(message: impl Into<String>, span: Span) -> Self {
        let mut d = Self::error(message, span);
        d.severity = Severity::Warning;
        d
    }

    /// Sets the text beside the primary underline.
    #[cold]
    #[inline(never)]
    pub fn with_label_message(mut self, message: impl Into<String>) -> Self {
        self.labels[0].message = message.into();
        self
    }

    /// Adds a secondary label in the main source file.
    #[cold]
    #[inline(never)]
    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            file: FileId::MAIN,
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a note line.
    #[cold]
    #[inline(never)]
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Sets the help line.
    #[cold]
    #[inline(never)]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The primary location.
    pub fn primary(&self) -> &Label {
        &self.labels[0]
    }

    /// True when this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The source texts that diagnostics point into, by [`FileId`]: file `i`
/// is `files[i]`.
#[derive(Clone, Debug, Default)]
pub struct SourceFiles {
    files: Vec<SourceFile>,
}

/// One file: its text followed by its name in one buffer (one allocation
/// per file instead of two).
#[derive(Clone, Debug)]
struct SourceFile {
    text_and_name: String,
    /// Where the name starts in `text_and_name`.
    name_start: usize,
}

impl SourceFile {
    fn text(&self) -> &str {
        &self.text_and_name[..self.name_start]
    }

    fn name(&self) -> &str {
        &self.text_and_name[self.name_start..]
    }
}

impl SourceFiles {
    /// An empty set.
    pub fn new() -> Self {
        SourceFiles::default()
    }

    /// Removes every file, keeping the vector's room (see
    /// [`CheckContext::recycle`](crate::sema::CheckContext::recycle)).
    pub(crate) fn clear(&mut self) {
        self.files.clear()
    }

    /// Adds a file and returns its id (the first one added is [`FileId::MAIN`]).
    pub fn add(&mut self, name: impl AsRef<str>, text: impl AsRef<str>) -> FileId {
        let (name, text) = (name.as_ref(), text.as_ref());
        let mut text_and_name = String::with_capacity(text.len() + name.len());
        text_and_name.push_str(text);
        text_and_name.push_str(name);
        let file = SourceFile {
            text_and_name,
            name_start: text.len(),
        };
        self.files.push(file);
        FileId(self.files.len() as u32 - 1)
    }

    /// The file with id `id`.
    fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// The name of a file.
    pub fn name(&self, id: FileId) -> &str {
        self.file(id).name()
    }

    /// The text of a file.
    pub fn text(&self, id: FileId) -> &str {
        self.file(id).text()
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, id: FileId, offset: u32) -> (u32, u32) {
        let text = self.text(id);
        let offset = (offset as usize).min(text.len());
        let before = &text[..floor_char_boundary(text, offset)];
        let line = before.matches('\n').count() as u32 + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() as u32 + 1;
        (line, col)
    }
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Renders diagnostics the way a compiler user expects:
/// `error: cause`, then `--> file:line:col`, the source line and an underline,
/// notes and help. No colours, so the output is stable for snapshots.
pub fn render(files: &SourceFiles, diagnostics: &[Diagnostic]) -> String {
    let mut set = SimpleFiles::new();
    for f in &files.files {
        set.add(f.name(), f.text());
    }
    let config = term::Config::default();
    let mut out = String::new();
    for d in diagnostics {
        let cs_diag = to_codespan(files, d);
        if term::emit_to_string(&mut out, &config, &set, &cs_diag).is_err() {
            // A span outside its file is a compiler bug; still say something useful.
            out.push_str(&format!("error: {}\n", d.message));
        }
    }
    out
}

fn to_codespan(files: &SourceFiles, d: &Diagnostic) -> cs::Diagnostic<usize> {
    let base = match d.severity {
        Severity::Error => cs::Diagnostic::error(),
        Severity::Warning => cs::Diagnostic::warning(),
    };
    let labels = d
        .labels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let text = files.text(l.file);
            let lo = (l.span.lo as usize).min(text.len());
            let hi = (l.span.hi as usize).clamp(lo, text.len());
            let style = if i == 0 {
                cs::LabelStyle::Primary
            } else {
                cs::LabelStyle::Secondary
            };
            cs::Label::new(style, l.file.0 as usize, lo..hi).with_message(l.message.clone())
        })
        .collect();
    let mut notes: Vec<String> = d.notes.iter().map(|n| format!("note: {n}")).collect();
    if let Some(help) = &d.help {
        notes.push(format!("help: {help}"));
    }
    base.with_message(d.message.clone())
        .with_labels(labels)
        .with_notes(notes)
}

/// Edit distance used for "did you mean" suggestions.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The closest candidate to `name`, if it is close enough to be a likely typo.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .filter(|c| *c != name)
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, c)| *d <= limit || c.starts_with(name) && name.len() >= 4)
        .min_by_key(|(d, c)| (*d, c.len()))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Files get ids in the order they are added (the first inline, the
    /// others in a vector), and a message renders in the file it names.
    #[test]
    fn files_are_numbered_in_order() {
        let mut files = SourceFiles::new();
        assert_eq!(files.add("k.py", "x = 1\n"), FileId::MAIN);
        assert_eq!(files.add("<signature>", "void(int32)"), FileId(1));
        assert_eq!(files.add("third", "z"), FileId(2));
        assert_eq!(
            (files.name(FileId::MAIN), files.text(FileId::MAIN)),
            ("k.py", "x = 1\n")
        );
        assert_eq!(
            (files.name(FileId(1)), files.text(FileId(1))),
            ("<signature>", "void(int32)")
        );
        assert_eq!(
            (files.name(FileId(2)), files.text(FileId(2))),
            ("third", "z")
        );
        let d = Diagnostic::error_in(FileId(1), "unknown type", Span::new(5, 10));
        let text = render(&files, &[d]);
        assert!(text.contains("<signature>:1:6"), "{text}");
    }

    #[test]
    fn renders_file_line_and_underline() {
        let mut files = SourceFiles::new();
        files.add("k.py", "x = 1\ny = x +* 2\n");
        let d = Diagnostic::error("expected an expression", Span::new(13, 14))
            .with_help("remove the '*'");
        let text = render(&files, &[d]);
        assert!(text.contains("error: expected an expression"), "{text}");
        assert!(text.contains("k.py:2:8"), "{text}");
        assert!(text.contains("y = x +* 2"), "{text}");
        assert!(text.contains("help: remove the '*'"), "{text}");
    }

    #[test]
    fn line_col_counts_characters() {
        let mut files = SourceFiles::new();
        files.add("k.py", "a\nbé c\n");
        assert_eq!(files.line_col(FileId::MAIN, 5), (2, 3));
    }

    #[test]
    fn suggests_close_names() {
        let c = ["syncthreads", "syncwarp", "threadfence"];
        assert_eq!(closest("syncthread", c), Some("syncthreads"));
        assert_eq!(closest("banana", c), None);
    }
}
