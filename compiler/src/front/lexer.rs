//! The lexer: source text to [`Token`]s, with Python's layout rules.
//!
//! This module owns the line structure (logical lines, `Indent`/`Dedent`
//! from an indentation stack, implicit joining inside brackets, backslash
//! continuation), identifiers, keywords and operators, and bracket matching.
//! Number and string literals are scanned by the `literals` submodule.
//!
//! The lexer never stops early: every problem becomes a [`Diagnostic`] and
//! lexing goes on, so the parser always gets a token stream that ends in
//! `Newline` (when the last line has tokens), all pending `Dedent`s and `Eof`.

mod literals;
#[cfg(test)]
mod tests;

use super::arena::Arena;
use super::interner::Interner;
use super::token::{Keyword, Lexed, Punct, StrLit, Token, TokenKind};
use crate::diagnostics::Diagnostic;
use crate::span::Span;

/// Splits `src` into tokens, interning identifiers into `interner` and
/// appending lexical errors to `diags`.
///
/// The tokens always end with [`TokenKind::Eof`]; before it come a
/// `Newline` for an unfinished last line and a `Dedent` for every open block.
/// Allocates its vectors anew (the parser lexes with the vectors of
/// earlier files, kept in its [`FrontContext`](crate::front::FrontContext)).
pub fn tokenize(src: &str, interner: &mut Interner, diags: &mut Vec<Diagnostic>) -> Lexed {
    tokenize_with(&mut Buffers::default(), src, interner, diags)
}

/// [`tokenize`], filling the vectors kept in `buffers` (those given back
/// with [`Buffers::recycle`], and the lexer's stacks) instead of new ones.
// Not inlined: it runs once per file, and profiles show it apart.
#[inline(never)]
pub(crate) fn tokenize_with(
    buffers: &mut Buffers,
    src: &str,
    interner: &mut Interner,
    diags: &mut Vec<Diagnostic>,
) -> Lexed {
    Lexer::new(src, interner, diags, buffers).run(buffers)
}

/// The lexer's vectors kept from file to file by a
/// [`FrontContext`](crate::front::FrontContext): the token and string
/// vectors of a [`Lexed`] given back with [`Buffers::recycle`], and the
/// lexer's own stacks. Every vector is empty between files.
#[derive(Default)]
pub(crate) struct Buffers {
    tokens: Vec<Token>,
    strings: Arena<StrLit>,
    stacks: Stacks,
}

impl Buffers {
    /// Keeps the vectors of `lexed`, which is no longer needed, for the
    /// next [`tokenize_with`] (the parser gives them back when it is done
    /// with the tokens). Those of a huge file are freed instead.
    pub(crate) fn recycle(&mut self, lexed: Lexed) {
        let Lexed {
            mut tokens,
            mut strings,
            ..
        } = lexed;
        if tokens.capacity() <= MAX_KEPT_TOKENS {
            tokens.clear();
            strings.clear();
            self.tokens = tokens;
            self.strings = strings;
        }
    }
}

/// The most tokens a recycled token vector may have room for: a larger
/// one (from a huge file) is freed rather than kept.
const MAX_KEPT_TOKENS: usize = 1 << 16;

/// The lexer's stacks, empty between files.
#[derive(Default)]
struct Stacks {
    /// For the indentation levels of the open blocks.
    levels: Vec<Level>,
    /// For the open brackets.
    brackets: Vec<(u8, Span)>,
}

/// One level of the indentation stack, measured two ways (CPython's rule for
/// detecting inconsistent tabs: tab size 8 and tab size 1 must agree).
#[derive(Clone, Copy)]
struct Level {
    /// Column with tabs to multiples of 8.
    col: u32,
    /// Column with every tab counted as 1.
    alt: u32,
    /// Another column that counts as this level, set when a dedent matched
    /// no level (an error, reported once): the bad column or the block's
    /// former one (see `recover_bad_dedent`). It keeps one mistake from
    /// making every later line of the block an error.
    alias: Option<u32>,
}

/// The lexer state for one source file.
struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    /// The position of the literal scanners and error paths. The main loop
    /// keeps its position in a local variable (a register) and hands it
    /// over, see [`Lexer::scan_at`].
    pos: usize,
    interner: &'a mut Interner,
    /// Where the interner's copy of the source starts in its text: the
    /// name at `lo..end` is at `source_base + lo..source_base + end` there.
    source_base: usize,
    diags: &'a mut Vec<Diagnostic>,
    tokens: Vec<Token>,
    /// The values of the string literals, by [`TokenKind::Str`] index.
    strings: Arena<StrLit>,
    /// The indentation levels of the open blocks, innermost last.
    levels: Vec<Level>,
    /// Open brackets: the opening byte and where it is.
    brackets: Vec<(u8, Span)>,
    /// Where the current logical line's tokens start in `tokens`.
    line_first_token: usize,
    /// Where the current logical line's real tokens start in `tokens`
    /// (after its `Indent`s or `Dedent`s): the line has real tokens when
    /// `tokens` is longer.
    line_real_tokens: usize,
    /// See [`Lexed::longest_line`].
    longest_line: usize,
    /// Reused buffer for number text without underscores.
    scratch: String,
    /// True once inconsistent tabs were reported (once per file is enough:
    /// every later line of the block would repeat it).
    tab_error_reported: bool,
}

impl<'a> Lexer<'a> {
    /// A lexer for `src` that fills the vectors of `buffers` (moved out:
    /// [`Lexer::run`] gives the stacks back, the parser the output).
    fn new(
        src: &'a str,
        interner: &'a mut Interner,
        diags: &'a mut Vec<Diagnostic>,
        buffers: &mut Buffers,
    ) -> Self {
        let pos = if src.starts_with('\u{feff}') { 3 } else { 0 };
        let mut tokens = std::mem::take(&mut buffers.tokens);
        let strings = std::mem::take(&mut buffers.strings);
        // Room for every token the file can have: the token vector never
        // regrows.
        tokens.reserve(max_tokens(src.len()));
        let Stacks {
            mut levels,
            mut brackets,
        } = std::mem::take(&mut buffers.stacks);
        // Room for the usual nesting without regrowing.
        levels.reserve(8);
        brackets.reserve(8);
        levels.push(Level {
            col: 0,
            alt: 0,
            alias: None,
        });
        let source_base = interner.add_source(src);
        Lexer {
            src,
            bytes: src.as_bytes(),
            pos,
            interner,
            source_base,
            diags,
            tokens,
            strings,
            levels,
            brackets,
            line_first_token: 0,
            line_real_tokens: 0,
            longest_line: 0,
            scratch: String::new(),
            tab_error_reported: false,
        }
    }

    /// The main loop: one token (or run of layout) per turn, chosen by the
    /// current byte. Indentation is measured when a line starts, that is at
    /// the beginning and after every line break outside brackets.
    ///
    /// The position lives in a local variable: each token routine takes the
    /// position of its first byte and returns the position after the token
    /// (or after the layout it handled).
    ///
    /// Gives the emptied stacks back to `buffers`.
    fn run(mut self, buffers: &mut Buffers) -> Lexed {
        // A local copy of the slice stays in registers across the calls.
        let bytes = self.bytes;
        let mut pos = self.line_indentation(self.pos);
        while let Some(&(mut b)) = bytes.get(pos) {
            // Tokens are separated by one space or none: one space is
            // stepped over here, longer runs go through the dispatch.
            if b == b' ' {
                pos += 1;
                match bytes.get(pos) {
                    Some(&next) => b = next,
                    None => break,
                }
            }
            // One jump on the byte's class: the class table's values are
            // known to be in range, so no bounds test comes before it.
            pos = match START[b as usize] {
                Start::Word => self.word(pos),
                Start::Space => skip_spaces(bytes, pos + 1),
                Start::Comma => self.token(TokenKind::Punct(Punct::Comma), pos, pos + 1),
                // One class per bracket, so that each gets its own constants.
                Start::OpenParen => self.open_bracket(b'(', pos),
                Start::OpenBracket => self.open_bracket(b'[', pos),
                Start::OpenBrace => self.open_bracket(b'{', pos),
                Start::CloseParen => self.close_bracket(b')', pos),
                Start::CloseBracket => self.close_bracket(b']', pos),
                Start::CloseBrace => self.close_bracket(b'}', pos),
                Start::LineBreak => self.newline(b, pos),
                Start::Digit => self.number_at(pos),
                Start::Dot => match byte_at(bytes, pos + 1) {
                    b'0'..=b'9' => self.scan_at(pos, Self::number),
                    b'.' => self.operator(b'.', pos),
                    _ => self.token(TokenKind::Punct(Punct::Dot), pos, pos + 1),
                },
                Start::Quote => self.scan_at(pos, |l| l.string(pos, literals::Prefix::default())),
                Start::Blank => pos + 1,
                Start::Comment => skip_comment(bytes, pos),
                Start::Backslash => self.continuation(pos),
                Start::NonAscii => self.non_ascii(pos),
                Start::Other => self.operator(b, pos),
            };
        }
        self.finish(buffers)
    }

    // ----- helpers -------------------------------------------------------

    /// Runs `scan`, which works on `self.pos` (the literal scanners and the
    /// error paths), from `pos`; returns where it stopped.
    #[inline]
    fn scan_at(&mut self, pos: usize, scan: impl FnOnce(&mut Self)) -> usize {
        self.pos = pos;
        scan(self);
        self.pos
    }

    fn peek_at(&self, offset: usize) -> u8 {
        byte_at(self.bytes, self.pos + offset)
    }

    /// The character at the current position (which is always a char boundary).
    fn current_char(&self) -> Option<char> {
        self.src.get(self.pos..).and_then(|s| s.chars().next())
    }

    fn span_from(&self, lo: usize) -> Span {
        Span::new(lo as u32, self.pos as u32)
    }

    /// Adds a real token (not layout) from `lo` to `hi` and returns `hi`
    /// (where the main loop goes on).
    #[inline]
    fn token(&mut self, kind: TokenKind, lo: usize, hi: usize) -> usize {
        self.push_at(kind, Span::new(lo as u32, hi as u32));
        hi
    }

    /// [`Self::token`] from `lo` to the current position, for the literal
    /// scanners.
    fn push(&mut self, kind: TokenKind, lo: usize) {
        self.token(kind, lo, self.pos);
    }

    /// Adds a token with the given span. (The vector never regrows: `new`
    /// reserved [`max_tokens`] of the source's length.)
    #[inline]
    fn push_at(&mut self, kind: TokenKind, span: Span) {
        self.tokens.push(Token { kind, span });
    }

    #[cold]
    #[inline(never)]
    fn error(&mut self, message: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::error(message, span));
    }

    // ----- layout --------------------------------------------------------

    /// Measures the indentation of the line that starts at `lo` and emits
    /// `Indent`/`Dedent`; returns the position after the indentation.
    /// Blank and comment-only lines are ignored. (Lines inside brackets
    /// never get here.)
    #[inline(always)]
    fn line_indentation(&mut self, lo: usize) -> usize {
        debug_assert!(self.brackets.is_empty());
        let bytes = self.bytes;
        let pos = skip_spaces(bytes, lo);
        // Leading spaces count the same in both measures.
        let spaces = (pos - lo) as u32;
        match bytes.get(pos) {
            Some(b'\t' | b'\x0c') => return self.mixed_indentation(lo, pos, spaces),
            None | Some(b'#' | b'\n' | b'\r') => {}
            Some(_) => {
                // Most lines stay in the current block.
                let same = self
                    .levels
                    .last()
                    .is_some_and(|top| top.col == spaces && top.alt == spaces);
                if !same {
                    self.apply_indentation(spaces, spaces, Span::new(lo as u32, pos as u32));
                }
            }
        }
        self.line_real_tokens = self.tokens.len();
        pos
    }

    /// [`Self::line_indentation`] for a line whose indentation has tabs or
    /// form feeds after `spaces` spaces (from `lo` to `pos`).
    #[cold]
    #[inline(never)]
    fn mixed_indentation(&mut self, lo: usize, mut pos: usize, spaces: u32) -> usize {
        let bytes = self.bytes;
        let (mut col, mut alt) = (spaces, spaces);
        loop {
            match byte_at(bytes, pos) {
                b' ' => {
                    col = col.saturating_add(1);
                    alt = alt.saturating_add(1);
                }
                b'\t' => {
                    col = (col / 8).saturating_add(1).saturating_mul(8);
                    alt = alt.saturating_add(1);
                }
                b'\x0c' => {
                    col = 0;
                    alt = 0;
                }
                _ => break,
            }
            pos += 1;
        }
        let blank = matches!(bytes.get(pos), None | Some(b'#' | b'\n' | b'\r'));
        if !blank {
            self.apply_indentation(col, alt, Span::new(lo as u32, pos as u32));
        }
        self.line_real_tokens = self.tokens.len();
        pos
    }

    /// Opens or closes blocks for a line indented to `col` (`alt` with tabs
    /// counted as 1), with the span of its indentation.
    #[inline(never)]
    fn apply_indentation(&mut self, col: u32, alt: u32, indent_span: Span) {
        let Some(&top) = self.levels.last() else {
            return;
        };
        // A deeper line after a block header always opens a block, even at
        // the column of an alias left by a bad dedent.
        let opens_block = col > top.col && self.line_ends_with_colon();
        if col == top.col || (top.alias == Some(col) && !opens_block) {
            if col == top.col && alt != top.alt {
                self.tab_error(indent_span);
            }
            return;
        }
        if col > top.col {
            if alt <= top.alt {
                self.tab_error(indent_span);
            }
            self.levels.push(Level {
                col,
                alt,
                alias: None,
            });
            self.push_at(TokenKind::Indent, indent_span);
            return;
        }
        let target = self
            .levels
            .iter()
            .rposition(|l| l.col == col || l.alias == Some(col));
        let Some(target) = target else {
            self.error(
                "unindent does not match any outer indentation level",
                indent_span,
            );
            self.recover_bad_dedent(col, alt);
            return;
        };
        let here = Span::new(indent_span.hi, indent_span.hi);
        while self.levels.len() > target + 1 {
            self.levels.pop();
            self.push_at(TokenKind::Dedent, here);
        }
        let level = self.levels[target];
        if level.col == col && alt != level.alt {
            self.tab_error(indent_span);
        }
    }

    /// True when the last logical line ended with `:` (a block header).
    fn line_ends_with_colon(&self) -> bool {
        let n = self.tokens.len();
        n >= 2
            && matches!(self.tokens[n - 1].kind, TokenKind::Newline)
            && matches!(self.tokens[n - 2].kind, TokenKind::Punct(Punct::Colon))
    }

    /// After a dedent to column `col` that matches no level, the line stays
    /// in the current block, and so do later lines at either column. When
    /// `col` is still deeper than the enclosing block, it becomes the
    /// block's column (so lines indented further open blocks as expected);
    /// otherwise it is remembered as an alias.
    fn recover_bad_dedent(&mut self, col: u32, alt: u32) {
        let n = self.levels.len();
        if n < 2 {
            return;
        }
        let outer = self.levels[n - 2].col;
        let top = &mut self.levels[n - 1];
        if col > outer {
            top.alias = Some(top.col);
            top.col = col;
            top.alt = alt;
        } else {
            top.alias = Some(col);
        }
    }

    fn tab_error(&mut self, span: Span) {
        if !self.tab_error_reported {
            self.tab_error_reported = true;
            self.error("inconsistent use of tabs and spaces in indentation", span);
        }
    }

    /// The line break `b` (`\n` or `\r`) at `lo`: ends the logical line
    /// unless inside brackets. Returns the position after the break and,
    /// when a line starts, after its indentation.
    fn newline(&mut self, b: u8, lo: usize) -> usize {
        // The main loop has read `b`: only `\r\n` needs another look.
        let pos = if b == b'\r' && byte_at(self.bytes, lo + 1) == b'\n' {
            lo + 2
        } else {
            lo + 1
        };
        if !self.brackets.is_empty() {
            return pos;
        }
        if self.tokens.len() > self.line_real_tokens {
            self.push_at(TokenKind::Newline, Span::new(lo as u32, pos as u32));
            self.end_logical_line();
        }
        self.line_indentation(pos)
    }

    /// Notes the length of the logical line that ends with the last token.
    fn end_logical_line(&mut self) {
        let len = self.tokens.len() - self.line_first_token;
        self.longest_line = self.longest_line.max(len);
        self.line_first_token = self.tokens.len();
    }

    /// The backslash at `lo`: joins the next physical line to this one.
    fn continuation(&mut self, lo: usize) -> usize {
        let pos = lo + 1;
        let len = line_break_len(self.bytes, pos);
        if len > 0 {
            return pos + len;
        }
        let message = if pos >= self.bytes.len() {
            "unexpected end of file after line continuation character"
        } else {
            "unexpected character after line continuation character"
        };
        self.error(message, Span::new(lo as u32, pos as u32));
        pos
    }

    /// End of input: close the last line, the open brackets and the blocks;
    /// gives the emptied stacks back to `buffers`.
    fn finish(mut self, buffers: &mut Buffers) -> Lexed {
        if let Some(&(open, span)) = self.brackets.last() {
            self.error(format!("'{}' was never closed", open as char), span);
        }
        let end = Span::new(self.bytes.len() as u32, self.bytes.len() as u32);
        if self.tokens.len() > self.line_real_tokens {
            self.push_at(TokenKind::Newline, end);
        }
        while self.levels.len() > 1 {
            self.levels.pop();
            self.push_at(TokenKind::Dedent, end);
        }
        self.push_at(TokenKind::Eof, end);
        self.end_logical_line();
        // Emptied for the next file.
        self.levels.clear();
        self.brackets.clear();
        buffers.stacks = Stacks {
            levels: self.levels,
            brackets: self.brackets,
        };
        Lexed {
            tokens: self.tokens,
            strings: self.strings,
            longest_line: self.longest_line,
        }
    }

    // ----- tokens --------------------------------------------------------

    /// The operator or delimiter (other than a bracket) at `lo`, whose first
    /// byte `b` the main loop has read, or invalid characters.
    #[inline(always)]
    fn operator(&mut self, b: u8, lo: usize) -> usize {
        let bytes = self.bytes;
        match punct_starting(b, |i| byte_at(bytes, lo + i)) {
            Some((punct, len)) => self.token(TokenKind::Punct(punct), lo, lo + len),
            None => self.scan_at(lo, Self::invalid_chars),
        }
    }

    /// An identifier, a keyword, or the prefix of a string literal, whose
    /// first byte (at `lo`) is an ASCII letter or `_`.
    fn word(&mut self, lo: usize) -> usize {
        let bytes = self.bytes;
        let mut end = lo + 1;
        while end < bytes.len() && IDENT_BYTE[bytes[end] as usize] {
            end += 1;
        }
        match bytes.get(end) {
            // A non-ASCII character may continue the word.
            Some(&b) if b >= 0x80 => {
                let end = ident_end(self.src, end);
                self.word_to(lo, end)
            }
            // A quote after a string prefix (`r`, `b`, `f`, ...) starts a
            // string literal.
            Some(b'"' | b'\'') => match literals::Prefix::parse(&self.src[lo..end]) {
                Some(prefix) => self.scan_at(end, |l| l.string(lo, prefix)),
                None => self.word_to(lo, end),
            },
            _ => self.word_to(lo, end),
        }
    }

    /// A byte of 0x80 or more at `lo`: the start of a non-ASCII word or
    /// invalid characters.
    #[cold]
    #[inline(never)]
    fn non_ascii(&mut self, lo: usize) -> usize {
        match self.src[lo..].chars().next() {
            Some(c) if c.is_alphabetic() => {
                let end = ident_end(self.src, lo);
                self.word_to(lo, end)
            }
            _ => self.scan_at(lo, Self::invalid_chars),
        }
    }

    /// The word (a name or a keyword, not a string prefix) from `lo` to
    /// `end`.
    fn word_to(&mut self, lo: usize, end: usize) -> usize {
        let kind = match Keyword::from_bytes(&self.bytes[lo..end]) {
            Some(keyword) => TokenKind::Keyword(keyword),
            None => {
                let base = self.source_base;
                TokenKind::Name(self.interner.intern_source(base + lo..base + end))
            }
        };
        self.token(kind, lo, end)
    }

    /// The opening bracket `b` at `lo`.
    #[inline(always)]
    fn open_bracket(&mut self, b: u8, lo: usize) -> usize {
        let span = Span::new(lo as u32, lo as u32 + 1);
        self.brackets.push((b, span));
        self.token(TokenKind::Punct(bracket_punct(b)), lo, lo + 1)
    }

    /// The closing bracket `b` at `lo`. An unmatched one is reported and
    /// dropped; a mismatched one is reported and replaced by the expected
    /// closer, so a single mistake gives a single error.
    #[inline(always)]
    fn close_bracket(&mut self, b: u8, lo: usize) -> usize {
        let hi = lo + 1;
        let span = Span::new(lo as u32, hi as u32);
        match self.brackets.pop() {
            // `b` is a constant here: `opener_of(b)` is too.
            Some((open, _)) if open == opener_of(b) => {
                self.token(TokenKind::Punct(bracket_punct(b)), lo, hi)
            }
            Some((open, _)) => {
                self.mismatched_bracket(b, open, span);
                hi
            }
            None => {
                self.error(format!("unmatched '{}'", b as char), span);
                hi
            }
        }
    }

    /// The closing bracket `b` at `span`, which does not close the
    /// innermost open bracket `open` (already popped).
    #[cold]
    #[inline(never)]
    fn mismatched_bracket(&mut self, b: u8, open: u8, span: Span) {
        let expected = closer_of(open);
        self.error(
            format!(
                "closing parenthesis '{}' does not match opening parenthesis '{}'",
                b as char, open as char
            ),
            span,
        );
        // When an outer bracket matches (`f(a{b)`), the inner ones are
        // closed here (with empty tokens) and this one closes the outer;
        // otherwise this one stands for the expected closer.
        let here = Span::new(span.lo, span.lo);
        if self.brackets.iter().any(|&(o, _)| closer_of(o) == b) {
            self.push_at(TokenKind::Punct(bracket_punct(expected)), here);
            while let Some((o, _)) = self.brackets.pop() {
                if closer_of(o) == b {
                    break;
                }
                self.push_at(TokenKind::Punct(bracket_punct(closer_of(o))), here);
            }
            self.push_at(TokenKind::Punct(bracket_punct(b)), span);
        } else {
            self.push_at(TokenKind::Punct(bracket_punct(expected)), span);
        }
    }

    /// A run of characters that cannot start a token: one error for the run.
    fn invalid_chars(&mut self) {
        let lo = self.pos;
        let first = self.current_char().unwrap_or('\u{fffd}');
        self.pos += first.len_utf8();
        while let Some(c) = self.current_char() {
            if c.is_ascii_whitespace() || starts_token(c) {
                break;
            }
            self.pos += c.len_utf8();
        }
        let message = if first == '\0' {
            "source code cannot contain null bytes".to_string()
        } else {
            format!(
                "invalid character '{}' (U+{:04X})",
                first.escape_debug(),
                first as u32
            )
        };
        self.error(message, self.span_from(lo));
    }
}

/// The most tokens a source of `len` bytes can give: `2 * len + 2`.
///
/// Every token but the final `Newline` and `Eof` is charged to bytes of the
/// source, at most two tokens to a byte:
/// - a real token (name, keyword, number, string, operator, bracket, and
///   the `Int(0)` of a bad literal) spans at least one byte, and no two
///   real tokens share a byte;
/// - a `Newline` before the end spans a line break;
/// - an `Indent` comes with a line indented deeper than the block, so its
///   indentation has at least one byte; a line gets one `Indent` at most;
/// - a `Dedent` pops a level of the indentation stack, which only an
///   `Indent` pushes: it is charged to that `Indent`'s bytes, so those
///   bytes carry two tokens;
/// - an empty closer made up after a mismatched bracket pops an open
///   bracket from the bracket stack: it is charged to that bracket's byte
///   (which carries its own token too). Brackets never closed get none.
///
/// The lexer's tests check the bound on adversarial sources.
const fn max_tokens(len: usize) -> usize {
    len.saturating_mul(2).saturating_add(2)
}

/// True for characters that begin some token (so they end a run of invalid ones).
fn starts_token(c: char) -> bool {
    if c.is_ascii() {
        let b = c as u8;
        b.is_ascii_alphanumeric()
            || b == b'_'
            || b"\"'#\\()[]{}".contains(&b)
            || punct_at(&[b]).is_some()
    } else {
        c.is_alphabetic()
    }
}

/// What the main loop does with the byte at the start of a token.
#[derive(Clone, Copy)]
#[repr(u8)]
enum Start {
    /// An ASCII letter or `_`: a word (or a string prefix).
    Word,
    /// A space (the first of two or more: the main loop steps over one).
    Space,
    Comma,
    OpenParen,
    OpenBracket,
    OpenBrace,
    CloseParen,
    CloseBracket,
    CloseBrace,
    /// `\n` or `\r`.
    LineBreak,
    Digit,
    Dot,
    /// `"` or `'`.
    Quote,
    /// A tab or a form feed (outside indentation).
    Blank,
    /// `#`.
    Comment,
    /// A backslash: a line continuation.
    Backslash,
    /// 0x80 or more: a non-ASCII word or invalid characters.
    NonAscii,
    /// Operators, delimiters and invalid characters: see [`punct_at`].
    Other,
}

/// The [`Start`] class of every byte.
static START: [Start; 256] = {
    let mut table = [Start::Other; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => Start::Word,
            b' ' => Start::Space,
            b',' => Start::Comma,
            b'(' => Start::OpenParen,
            b'[' => Start::OpenBracket,
            b'{' => Start::OpenBrace,
            b')' => Start::CloseParen,
            b']' => Start::CloseBracket,
            b'}' => Start::CloseBrace,
            b'\n' | b'\r' => Start::LineBreak,
            b'0'..=b'9' => Start::Digit,
            b'.' => Start::Dot,
            b'"' | b'\'' => Start::Quote,
            b'\t' | b'\x0c' => Start::Blank,
            b'#' => Start::Comment,
            b'\\' => Start::Backslash,
            0x80.. => Start::NonAscii,
            _ => Start::Other,
        };
        b += 1;
    }
    table
};

/// ASCII bytes that may continue an identifier: letters, digits, `_`.
static IDENT_BYTE: [bool; 256] = identifier_bytes();

/// A table of the ASCII letters, digits and `_`.
const fn identifier_bytes() -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let byte = b as u8;
        table[b] = byte.is_ascii_alphanumeric() || byte == b'_';
        b += 1;
    }
    table
}

/// The byte at `pos`, or 0 past the end.
#[inline]
fn byte_at(bytes: &[u8], pos: usize) -> u8 {
    bytes.get(pos).copied().unwrap_or(0)
}

/// Length of the line break at `pos` (0 when none).
fn line_break_len(bytes: &[u8], pos: usize) -> usize {
    match byte_at(bytes, pos) {
        b'\r' if byte_at(bytes, pos + 1) == b'\n' => 2,
        b'\n' | b'\r' => 1,
        _ => 0,
    }
}

/// The end of the comment that starts at `pos`: the next line break or the
/// end of input.
fn skip_comment(bytes: &[u8], pos: usize) -> usize {
    bytes[pos..]
        .iter()
        .position(|&b| matches!(b, b'\n' | b'\r'))
        .map_or(bytes.len(), |n| pos + n)
}

/// True for characters that may continue an identifier.
pub(super) fn is_ident_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// The end of the identifier that continues at byte `pos`.
pub(super) fn ident_end(src: &str, mut pos: usize) -> usize {
    let bytes = src.as_bytes();
    loop {
        // ASCII letters, digits and `_`: nearly every identifier.
        while pos < bytes.len() && IDENT_BYTE[bytes[pos] as usize] {
            pos += 1;
        }
        if pos == bytes.len() || bytes[pos] < 0x80 {
            return pos;
        }
        match src[pos..].chars().next() {
            Some(c) if is_ident_continue(c) => pos += c.len_utf8(),
            _ => return pos,
        }
    }
}

/// The first position from `pos` that is not a space.
#[inline]
fn skip_spaces(bytes: &[u8], mut pos: usize) -> usize {
    while bytes.get(pos) == Some(&b' ') {
        pos += 1;
    }
    pos
}

fn bracket_punct(b: u8) -> Punct {
    match b {
        b'(' => Punct::LParen,
        b'[' => Punct::LBracket,
        b'{' => Punct::LBrace,
        b')' => Punct::RParen,
        b']' => Punct::RBracket,
        _ => Punct::RBrace,
    }
}

/// The opening bracket that the closing bracket `close` closes.
#[inline(always)]
fn opener_of(close: u8) -> u8 {
    match close {
        b')' => b'(',
        b']' => b'[',
        _ => b'{',
    }
}

fn closer_of(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'[' => b']',
        _ => b'}',
    }
}

/// The operator or delimiter (not a bracket) at the start of `s`, longest
/// match first, with its length in bytes.
fn punct_at(s: &[u8]) -> Option<(Punct, usize)> {
    punct_starting(byte_at(s, 0), |i| byte_at(s, i))
}

/// [`punct_at`] for a text whose first byte is `first` and whose byte `i`
/// (for `i` of 1 and 2, read only when needed) is `at(i)`.
#[inline(always)]
fn punct_starting(first: u8, at: impl Fn(usize) -> u8) -> Option<(Punct, usize)> {
    use Punct::*;
    let with_eq = |plain: Punct, eq: Punct| {
        if at(1) == b'=' {
            (eq, 2)
        } else {
            (plain, 1)
        }
    };
    Some(match first {
        b'+' => with_eq(Plus, PlusEq),
        b'-' if at(1) == b'>' => (Arrow, 2),
        b'-' => with_eq(Minus, MinusEq),
        b'*' if at(1) == b'*' => {
            if at(2) == b'=' {
                (DoubleStarEq, 3)
            } else {
                (DoubleStar, 2)
            }
        }
        b'*' => with_eq(Star, StarEq),
        b'/' if at(1) == b'/' => {
            if at(2) == b'=' {
                (DoubleSlashEq, 3)
            } else {
                (DoubleSlash, 2)
            }
        }
        b'/' => with_eq(Slash, SlashEq),
        b'%' => with_eq(Percent, PercentEq),
        b'@' => with_eq(At, AtEq),
        b'&' => with_eq(Amp, AmpEq),
        b'|' => with_eq(Pipe, PipeEq),
        b'^' => with_eq(Caret, CaretEq),
        b'~' => (Tilde, 1),
        b'<' if at(1) == b'<' => {
            if at(2) == b'=' {
                (LShiftEq, 3)
            } else {
                (LShift, 2)
            }
        }
        b'<' => with_eq(Lt, LtEq),
        b'>' if at(1) == b'>' => {
            if at(2) == b'=' {
                (RShiftEq, 3)
            } else {
                (RShift, 2)
            }
        }
        b'>' => with_eq(Gt, GtEq),
        b'=' => with_eq(Eq, EqEq),
        b'!' if at(1) == b'=' => (NotEq, 2),
        b':' => with_eq(Colon, ColonEq),
        b'.' if at(1) == b'.' && at(2) == b'.' => (Ellipsis, 3),
        b'.' => (Dot, 1),
        b',' => (Comma, 1),
        b';' => (Semi, 1),
        _ => return None,
    })
}
