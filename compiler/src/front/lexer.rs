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

use super::interner::{pack, Interner, Symbol};
use super::token::{Keyword, Lexed, Punct, StrLit, Token, TokenKind};
use crate::diagnostics::Diagnostic;
use crate::span::Span;

/// Splits `src` into tokens, interning identifiers into `interner` and
/// appending lexical errors to `diags`.
///
/// The tokens always end with [`TokenKind::Eof`]; before it come a
/// `Newline` for an unfinished last line and a `Dedent` for every open block.
pub fn tokenize(src: &str, interner: &mut Interner, diags: &mut Vec<Diagnostic>) -> Lexed {
    Lexer::new(src, interner, diags).run()
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

/// What a short word is, as remembered by [`Lexer::short_word`].
#[derive(Clone, Copy)]
enum Word {
    Keyword(Keyword),
    Name(Symbol),
}

/// The lexer state for one source file.
struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    interner: &'a mut Interner,
    diags: &'a mut Vec<Diagnostic>,
    tokens: Vec<Token>,
    /// The values of the string literals, by [`TokenKind::Str`] index.
    strings: Vec<StrLit>,
    levels: Vec<Level>,
    /// Open brackets: the opening byte and where it is.
    brackets: Vec<(u8, Span)>,
    /// True once the current logical line has a real token.
    line_has_tokens: bool,
    /// Where the current logical line's tokens start in `tokens`.
    line_first_token: usize,
    /// See [`Lexed::longest_line`].
    longest_line: usize,
    /// Reused buffer for number text without underscores.
    scratch: String,
    /// Recently seen short words (packed bytes, meaning); see `short_word`.
    short_words: [(u64, Word); 64],
    /// True once inconsistent tabs were reported (once per file is enough:
    /// every later line of the block would repeat it).
    tab_error_reported: bool,
}

impl<'a> Lexer<'a> {
    fn new(src: &'a str, interner: &'a mut Interner, diags: &'a mut Vec<Diagnostic>) -> Self {
        let pos = if src.starts_with('\u{feff}') { 3 } else { 0 };
        Lexer {
            src,
            bytes: src.as_bytes(),
            pos,
            interner,
            diags,
            // Kernels have about one token for every three bytes: this
            // leaves room to spare without regrowing.
            tokens: Vec::with_capacity(src.len() / 2 + 16),
            strings: Vec::new(),
            levels: {
                // Room for the usual nesting without regrowing.
                let mut levels = Vec::with_capacity(8);
                levels.push(Level {
                    col: 0,
                    alt: 0,
                    alias: None,
                });
                levels
            },
            brackets: Vec::new(),
            line_has_tokens: false,
            line_first_token: 0,
            longest_line: 0,
            scratch: String::new(),
            tab_error_reported: false,
            short_words: [(0, Word::Name(Symbol(0))); 64],
        }
    }

    /// The main loop: one token (or run of layout) per turn, chosen by the
    /// current byte. Indentation is measured when a line starts, that is at
    /// the beginning and after every line break outside brackets.
    fn run(mut self) -> Lexed {
        self.line_indentation();
        // A local copy of the slice stays in registers across the calls.
        let bytes = self.bytes;
        while let Some(&b) = bytes.get(self.pos) {
            // Words are the commonest tokens: tested before the dispatch.
            if IDENT_START[b as usize] {
                self.word();
                continue;
            }
            match b {
                b' ' => self.pos = skip_spaces(bytes, self.pos + 1),
                b'\t' | b'\x0c' => self.pos += 1,
                b'0'..=b'9' => self.number(),
                b'.' if self.peek_at(1).is_ascii_digit() => self.number(),
                b'"' | b'\'' => self.string(self.pos, literals::Prefix::default()),
                b'(' | b'[' | b'{' => self.open_bracket(b),
                b')' | b']' | b'}' => self.close_bracket(b),
                // The most frequent one-byte operators, without `punct_at`.
                b',' => self.one_byte(Punct::Comma),
                b'.' if self.peek_at(1) != b'.' => self.one_byte(Punct::Dot),
                b'\n' | b'\r' => self.newline(),
                b'#' => self.skip_comment(),
                b'\\' => self.continuation(),
                0x80.. => match self.current_char() {
                    Some(c) if c.is_alphabetic() => {
                        let end = ident_end(self.src, self.pos);
                        self.word_to(end);
                    }
                    _ => self.invalid_chars(),
                },
                _ => self.operator(),
            }
        }
        self.finish()
    }

    // ----- helpers -------------------------------------------------------

    fn peek_at(&self, offset: usize) -> u8 {
        self.bytes.get(self.pos + offset).copied().unwrap_or(0)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    /// The character at the current position (which is always a char boundary).
    fn current_char(&self) -> Option<char> {
        self.src.get(self.pos..).and_then(|s| s.chars().next())
    }

    fn span_from(&self, lo: usize) -> Span {
        Span::new(lo as u32, self.pos as u32)
    }

    /// Adds a real token (not layout) from `lo` to the current position,
    /// then skips the spaces after it (which saves the main loop a turn for
    /// most spaces: they follow tokens).
    fn push(&mut self, kind: TokenKind, lo: usize) {
        let span = self.span_from(lo);
        self.push_at(kind, span);
        self.pos = skip_spaces(self.bytes, self.pos);
    }

    /// Adds a real token (not layout) with the given span.
    fn push_at(&mut self, kind: TokenKind, span: Span) {
        self.line_has_tokens = true;
        self.tokens.push(Token { kind, span });
    }

    /// Adds a `Newline`, `Indent` or `Dedent`.
    fn push_layout(&mut self, kind: TokenKind, span: Span) {
        self.tokens.push(Token { kind, span });
    }

    #[cold]
    #[inline(never)]
    fn error(&mut self, message: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::error(message, span));
    }

    fn skip_comment(&mut self) {
        while !self.at_end() && !matches!(self.bytes[self.pos], b'\n' | b'\r') {
            self.pos += 1;
        }
    }

    /// Length of the line break at the current position (0 when none).
    fn line_break_len(&self) -> usize {
        match self.peek_at(0) {
            b'\r' if self.peek_at(1) == b'\n' => 2,
            b'\n' | b'\r' => 1,
            _ => 0,
        }
    }

    // ----- layout --------------------------------------------------------

    /// Measures the indentation of a new line and emits `Indent`/`Dedent`.
    /// Blank and comment-only lines, and lines inside brackets, are ignored.
    fn line_indentation(&mut self) {
        let lo = self.pos;
        self.pos = skip_indentation_spaces(self.bytes, lo);
        // Leading spaces count the same in both measures; tabs and form
        // feeds (rare) need the loop.
        let spaces = (self.pos - lo) as u32;
        let (mut col, mut alt) = (spaces, spaces);
        loop {
            match self.peek_at(0) {
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
            self.pos += 1;
        }
        let blank = self.at_end() || matches!(self.bytes[self.pos], b'#' | b'\n' | b'\r');
        if blank || !self.brackets.is_empty() {
            return;
        }
        let indent_span = self.span_from(lo);
        self.apply_indentation(col, alt, indent_span);
    }

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
            self.push_layout(TokenKind::Indent, indent_span);
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
            self.push_layout(TokenKind::Dedent, here);
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

    /// A line break: ends the logical line unless inside brackets.
    fn newline(&mut self) {
        let lo = self.pos;
        self.pos += self.line_break_len();
        if self.brackets.is_empty() {
            if self.line_has_tokens {
                let span = self.span_from(lo);
                self.push_layout(TokenKind::Newline, span);
                self.line_has_tokens = false;
                self.end_logical_line();
            }
            self.line_indentation();
        }
    }

    /// Notes the length of the logical line that ends with the last token.
    fn end_logical_line(&mut self) {
        let len = self.tokens.len() - self.line_first_token;
        self.longest_line = self.longest_line.max(len);
        self.line_first_token = self.tokens.len();
    }

    /// A backslash: joins the next physical line to this one.
    fn continuation(&mut self) {
        let lo = self.pos;
        self.pos += 1;
        let len = self.line_break_len();
        if len > 0 {
            self.pos += len;
        } else if self.at_end() {
            self.error(
                "unexpected end of file after line continuation character",
                self.span_from(lo),
            );
        } else {
            self.error(
                "unexpected character after line continuation character",
                self.span_from(lo),
            );
        }
    }

    /// End of input: close the last line, the open brackets and the blocks.
    fn finish(mut self) -> Lexed {
        if let Some(&(open, span)) = self.brackets.last() {
            self.error(format!("'{}' was never closed", open as char), span);
        }
        let end = Span::new(self.bytes.len() as u32, self.bytes.len() as u32);
        if self.line_has_tokens {
            self.push_layout(TokenKind::Newline, end);
        }
        while self.levels.len() > 1 {
            self.levels.pop();
            self.push_layout(TokenKind::Dedent, end);
        }
        self.push_layout(TokenKind::Eof, end);
        self.end_logical_line();
        Lexed {
            tokens: self.tokens,
            strings: self.strings,
            longest_line: self.longest_line,
        }
    }

    // ----- tokens --------------------------------------------------------

    /// An operator or delimiter other than a bracket, or invalid characters.
    fn operator(&mut self) {
        match punct_at(&self.bytes[self.pos..]) {
            Some((punct, len)) => {
                let lo = self.pos;
                self.pos += len;
                self.push(TokenKind::Punct(punct), lo);
            }
            None => self.invalid_chars(),
        }
    }

    /// An operator of one byte.
    fn one_byte(&mut self, punct: Punct) {
        let lo = self.pos;
        self.pos += 1;
        self.push(TokenKind::Punct(punct), lo);
    }

    /// An identifier, a keyword, or the prefix of a string literal, whose
    /// first byte is an ASCII letter or `_`.
    fn word(&mut self) {
        let lo = self.pos;
        let bytes = self.bytes;
        // Fast path for ASCII; a non-ASCII character goes through `ident_end`.
        let rest = &bytes[lo + 1..];
        let mut end = lo + 1 + rest.iter().take_while(|&&b| IDENT_BYTE[b as usize]).count();
        if end < bytes.len() && bytes[end] >= 0x80 {
            end = ident_end(self.src, lo);
        }
        self.word_to(end);
    }

    /// The word from the current position to `end`.
    fn word_to(&mut self, end: usize) {
        let lo = self.pos;
        self.pos = end;
        let len = end - lo;
        if len <= 2 && matches!(self.peek_at(0), b'"' | b'\'') {
            if let Some(prefix) = literals::Prefix::parse(&self.src[lo..self.pos]) {
                self.string(lo, prefix);
                return;
            }
        }
        let kind = if len <= 8 {
            match self.short_word(lo, pack_at(self.bytes, lo, len)) {
                Word::Keyword(k) => TokenKind::Keyword(k),
                Word::Name(name) => TokenKind::Name(name),
            }
        } else {
            TokenKind::Name(self.interner.intern(&self.src[lo..self.pos]))
        };
        self.push(kind, lo);
    }

    /// The keyword or interned name spelled by the word of at most 8 bytes
    /// from `lo` to the current position, whose packed bytes are `packed`.
    /// Kernels use a few short words many times, so the answer goes through
    /// a small direct-mapped cache keyed by the packed bytes.
    fn short_word(&mut self, lo: usize, packed: u64) -> Word {
        let slot = (packed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as usize;
        let (key, word) = self.short_words[slot];
        if key == packed {
            return word;
        }
        let word = match keyword_packed(self.pos - lo, packed) {
            Some(k) => Word::Keyword(k),
            None => Word::Name(self.interner.intern_packed(&self.src[lo..self.pos], packed)),
        };
        self.short_words[slot] = (packed, word);
        word
    }

    fn open_bracket(&mut self, b: u8) {
        let lo = self.pos;
        self.pos += 1;
        self.brackets.push((b, self.span_from(lo)));
        self.push(TokenKind::Punct(bracket_punct(b)), lo);
    }

    /// A closing bracket. An unmatched one is reported and dropped; a
    /// mismatched one is reported and replaced by the expected closer, so a
    /// single mistake gives a single error.
    fn close_bracket(&mut self, b: u8) {
        let lo = self.pos;
        self.pos += 1;
        let span = self.span_from(lo);
        let Some((open, _)) = self.brackets.pop() else {
            self.error(format!("unmatched '{}'", b as char), span);
            return;
        };
        let expected = closer_of(open);
        if expected == b {
            self.push_at(TokenKind::Punct(bracket_punct(b)), span);
            self.pos = skip_spaces(self.bytes, self.pos);
            return;
        }
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

/// [`pack`] of the `len` (at most 8) bytes at `start`, with one load when
/// 8 bytes are available.
fn pack_at(bytes: &[u8], start: usize, len: usize) -> u64 {
    let Some(chunk) = bytes.get(start..start + 8) else {
        return pack(bytes.get(start..start + len).unwrap_or(&[]));
    };
    let value = <[u8; 8]>::try_from(chunk).map_or(0, u64::from_le_bytes);
    if len >= 8 {
        value
    } else {
        value & ((1u64 << (8 * len)) - 1)
    }
}

/// Keywords grouped by length (index = length), as packed words.
static KEYWORDS_BY_LEN: [&[(u64, Keyword)]; 9] = {
    use Keyword::*;
    macro_rules! kw {
        ($($text:literal => $k:ident),*) => {
            &[$((pack($text), $k)),*]
        };
    }
    [
        &[],
        &[],
        kw!(b"as" => As, b"if" => If, b"in" => In, b"is" => Is, b"or" => Or),
        kw!(b"and" => And, b"def" => Def, b"del" => Del, b"for" => For, b"not" => Not,
            b"try" => Try),
        kw!(b"None" => None, b"True" => True, b"elif" => Elif, b"else" => Else,
            b"from" => From, b"pass" => Pass, b"with" => With),
        kw!(b"False" => False, b"async" => Async, b"await" => Await, b"break" => Break,
            b"class" => Class, b"raise" => Raise, b"while" => While, b"yield" => Yield),
        kw!(b"assert" => Assert, b"except" => Except, b"global" => Global,
            b"import" => Import, b"lambda" => Lambda, b"return" => Return),
        kw!(b"finally" => Finally),
        kw!(b"continue" => Continue, b"nonlocal" => Nonlocal),
    ]
};

/// The keyword spelled by `word`, if any. Equivalent to
/// [`Keyword::from_word`], without string comparisons: it runs for every
/// identifier in the source.
#[cfg(test)]
fn keyword(word: &str) -> Option<Keyword> {
    if word.len() > 8 {
        return None;
    }
    keyword_packed(word.len(), pack(word.as_bytes()))
}

/// The keyword of length `len` whose packed bytes are `packed`, if any.
fn keyword_packed(len: usize, packed: u64) -> Option<Keyword> {
    let group = KEYWORDS_BY_LEN.get(len)?;
    group.iter().find(|(p, _)| *p == packed).map(|&(_, k)| k)
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

/// ASCII bytes that may start an identifier: letters and `_`.
static IDENT_START: [bool; 256] = identifier_bytes(false);

/// ASCII bytes that may continue an identifier: letters, digits, `_`.
static IDENT_BYTE: [bool; 256] = identifier_bytes(true);

/// A table of the ASCII letters and `_`, and the digits when `digits`.
const fn identifier_bytes(digits: bool) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let byte = b as u8;
        table[b] = byte.is_ascii_alphabetic() || byte == b'_' || (digits && byte.is_ascii_digit());
        b += 1;
    }
    table
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

/// [`skip_spaces`] for indentation, which comes in runs of four spaces.
fn skip_indentation_spaces(bytes: &[u8], mut pos: usize) -> usize {
    while bytes.get(pos..pos + 4) == Some(b"    ") {
        pos += 4;
    }
    skip_spaces(bytes, pos)
}

/// The first position from `pos` that is not a space.
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
    use Punct::*;
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    let with_eq = |plain: Punct, eq: Punct| {
        if at(1) == b'=' {
            (eq, 2)
        } else {
            (plain, 1)
        }
    };
    Some(match at(0) {
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
