//! Number and string literals: scanning, validation and values.
//!
//! Numbers follow Python's grammar (bases 2/8/10/16, `_` separators between
//! digits, floats with fraction and exponent); imaginary literals and values
//! that do not fit in 64 bits are reported. Strings accept the `r`, `b`, `u`
//! and `f` prefixes, single and triple quotes, and Python's escapes.

use super::{byte_at, ident_end, is_ident_continue, Lexer};
use crate::front::token::{Keyword, StrLit, TokenKind};
use crate::span::Span;

/// The prefix letters of a string literal.
#[derive(Clone, Copy, Default)]
pub(super) struct Prefix {
    raw: bool,
    bytes: bool,
    formatted: bool,
}

impl Prefix {
    /// The prefix spelled by `word` (`r`, `b`, `u`, `f`, `rb`, `fr`, ... in
    /// any case), or `None` when `word` is not a string prefix.
    pub(super) fn parse(word: &str) -> Option<Prefix> {
        if word.len() > 2 {
            return None;
        }
        let mut p = Prefix::default();
        let mut unicode = false;
        for b in word.bytes() {
            let flag = match b.to_ascii_lowercase() {
                b'r' => &mut p.raw,
                b'b' => &mut p.bytes,
                b'f' => &mut p.formatted,
                b'u' => &mut unicode,
                _ => return None,
            };
            if *flag {
                return None;
            }
            *flag = true;
        }
        let invalid = (unicode && word.len() > 1) || (p.bytes && p.formatted);
        (!invalid).then_some(p)
    }
}

/// Bytes that, after the digits of a decimal integer, make it something
/// else or an error: `.`, identifier bytes (`_`, an exponent, a suffix, a
/// base letter after `0`, more digits) and non-ASCII bytes.
static NUMBER_GOES_ON: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = byte >= 0x80 || byte == b'.' || byte == b'_' || byte.is_ascii_alphanumeric();
        b += 1;
    }
    table
};

/// Bytes that may end or change the scan of a string literal's content:
/// quotes, backslashes and line breaks (every other byte is plain content).
static STRING_SPECIAL: [bool; 256] = {
    let mut table = [false; 256];
    table[b'"' as usize] = true;
    table[b'\'' as usize] = true;
    table[b'\\' as usize] = true;
    table[b'\n' as usize] = true;
    table[b'\r' as usize] = true;
    table
};

impl Lexer<'_> {
    // ----- numbers -------------------------------------------------------

    /// A number literal starting at `lo` (a digit); returns the position
    /// after it. Plain decimal integers, nearly
    /// all the numbers of a kernel, take a fast path; the rest goes through
    /// [`Self::number`].
    #[inline]
    pub(super) fn number_at(&mut self, lo: usize) -> usize {
        let bytes = self.bytes;
        let mut end = lo;
        let mut value: u64 = 0;
        // Up to 19 digits always fit in 64 bits.
        while end - lo < 19 {
            match bytes.get(end) {
                Some(&d @ b'0'..=b'9') => {
                    value = value * 10 + u64::from(d - b'0');
                    end += 1;
                }
                _ => break,
            }
        }
        let plain = end > lo
            && !NUMBER_GOES_ON[byte_at(bytes, end) as usize]
            && (bytes[lo] != b'0' || end == lo + 1);
        if plain {
            return self.token(TokenKind::Int(value), lo, end);
        }
        self.scan_at(lo, Self::number)
    }

    /// A number literal starting at the current position (a digit, or `.`
    /// followed by a digit).
    pub(super) fn number(&mut self) {
        let lo = self.pos;
        if self.peek_at(0) == b'0' && matches!(self.peek_at(1) | 0x20, b'x' | b'o' | b'b') {
            self.radix_number(lo);
        } else {
            self.decimal_number(lo);
        }
    }

    /// Scans `digit ('_'? digit)*` and returns whether at least one digit
    /// was read. A `_` not followed by a digit is left unconsumed.
    fn digit_part(&mut self, is_digit: impl Fn(u8) -> bool) -> bool {
        if !is_digit(self.peek_at(0)) {
            return false;
        }
        loop {
            self.pos += 1;
            let next = self.peek_at(0);
            if is_digit(next) {
                continue;
            }
            if next == b'_' && is_digit(self.peek_at(1)) {
                self.pos += 1;
                continue;
            }
            return true;
        }
    }

    fn radix_number(&mut self, lo: usize) {
        let (radix, name) = match self.peek_at(1) | 0x20 {
            b'x' => (16, "hexadecimal"),
            b'o' => (8, "octal"),
            _ => (2, "binary"),
        };
        self.pos += 2;
        if self.peek_at(0) == b'_' {
            self.pos += 1;
        }
        let digits_lo = self.pos;
        let is_digit = |b: u8| (b as char).is_digit(radix);
        let ok = self.digit_part(is_digit);
        let digits_hi = self.pos;
        let next = self.peek_at(0);
        if !ok || self.trailing_ident_char() {
            let message = if next.is_ascii_digit() {
                format!("invalid digit '{}' in {name} literal", next as char)
            } else {
                format!("invalid {name} literal")
            };
            self.bad_literal(lo, message);
            return;
        }
        let value = self.int_value(lo, digits_lo, digits_hi, radix);
        self.push(TokenKind::Int(value), lo);
    }

    fn decimal_number(&mut self, lo: usize) {
        let has_int = self.digit_part(|b| b.is_ascii_digit());
        let int_hi = self.pos;
        let mut is_float = false;
        if self.peek_at(0) == b'.' {
            self.pos += 1;
            is_float = true;
            self.digit_part(|b| b.is_ascii_digit());
        }
        let sign = usize::from(matches!(self.peek_at(1), b'+' | b'-'));
        if (self.peek_at(0) | 0x20) == b'e' && self.peek_at(1 + sign).is_ascii_digit() {
            self.pos += 1 + sign;
            self.digit_part(|b| b.is_ascii_digit());
            is_float = true;
        }
        if (self.peek_at(0) | 0x20) == b'j' {
            self.pos += 1;
            if self.trailing_ident_char() {
                self.bad_literal(lo, "invalid imaginary literal".to_string());
                return;
            }
            let value = self.float_value(lo);
            self.push(TokenKind::Imag(value), lo);
            return;
        }
        if self.trailing_ident_char() {
            self.bad_literal(lo, "invalid decimal literal".to_string());
            return;
        }
        if !is_float && has_int {
            let text = &self.bytes[lo..int_hi];
            if text[0] == b'0' && text.iter().any(|&b| b != b'0' && b != b'_') {
                self.error(
                    "leading zeros in decimal integer literals are not permitted; \
                     use an 0o prefix for octal integers",
                    self.span_from(lo),
                );
                self.push(TokenKind::Int(0), lo);
                return;
            }
        }
        self.push_number_token(lo, int_hi, is_float);
    }

    fn push_number_token(&mut self, lo: usize, int_hi: usize, is_float: bool) {
        let kind = if is_float {
            TokenKind::Float(self.float_value(lo))
        } else {
            TokenKind::Int(self.int_value(lo, lo, int_hi, 10))
        };
        self.push(kind, lo);
    }

    /// True when an identifier character follows a number directly (`1abc`,
    /// `1_`, `0b12`); a keyword such as `1if` is allowed, as in Python.
    fn trailing_ident_char(&self) -> bool {
        let Some(c) = self.current_char() else {
            return false;
        };
        if !is_ident_continue(c) {
            return false;
        }
        let end = ident_end(self.src, self.pos);
        let word = &self.src[self.pos..end];
        !(c.is_ascii_alphabetic() && Keyword::from_word(word).is_some())
    }

    /// Reports a malformed number and emits `Int(0)` for the whole run.
    #[cold]
    #[inline(never)]
    fn bad_literal(&mut self, lo: usize, message: String) {
        self.pos = ident_end(self.src, self.pos);
        let span = self.span_from(lo);
        self.error(message, span);
        self.push(TokenKind::Int(0), lo);
    }

    /// The value of the digits in `digits_lo..digits_hi`; 0 with an error
    /// when it does not fit in 64 bits.
    fn int_value(&mut self, lo: usize, digits_lo: usize, digits_hi: usize, radix: u32) -> u64 {
        let mut value: u64 = 0;
        for &b in &self.bytes[digits_lo..digits_hi] {
            let Some(d) = (b as char).to_digit(radix) else {
                continue;
            };
            match value
                .checked_mul(u64::from(radix))
                .and_then(|v| v.checked_add(u64::from(d)))
            {
                Some(v) => value = v,
                None => {
                    let span = Span::new(lo as u32, digits_hi as u32);
                    self.error("integer literal is too large for 64 bits", span);
                    return 0;
                }
            }
        }
        value
    }

    /// The value of the float literal from `lo` to the current position
    /// (underscores and any imaginary suffix removed).
    fn float_value(&mut self, lo: usize) -> f64 {
        let text = &self.src[lo..self.pos];
        if !text.bytes().any(|b| b == b'_' || (b | 0x20) == b'j') {
            // The usual case: the text as written, without a copy.
            return text.parse().unwrap_or(0.0);
        }
        self.scratch.clear();
        for &b in &self.bytes[lo..self.pos] {
            if b != b'_' && (b | 0x20) != b'j' {
                self.scratch.push(b as char);
            }
        }
        self.scratch.parse().unwrap_or(0.0)
    }

    // ----- strings -------------------------------------------------------

    /// A string literal whose prefix starts at `lo`; the current position is
    /// at the opening quote.
    pub(super) fn string(&mut self, lo: usize, prefix: Prefix) {
        let quote = self.peek_at(0);
        let triple = self.peek_at(1) == quote && self.peek_at(2) == quote;
        let quote_len = if triple { 3 } else { 1 };
        self.pos += quote_len;
        let content_lo = self.pos;
        let mut has_escape = false;
        let bytes = self.bytes;
        let mut pos = self.pos;
        let terminated = loop {
            // Plain content up to the next byte that needs a look.
            while pos < bytes.len() && !STRING_SPECIAL[bytes[pos] as usize] {
                pos += 1;
            }
            let Some(&b) = bytes.get(pos) else {
                break false;
            };
            if b == quote
                && (!triple
                    || (byte_at(bytes, pos + 1) == quote && byte_at(bytes, pos + 2) == quote))
            {
                break true;
            }
            if !triple && matches!(b, b'\n' | b'\r') {
                break false;
            }
            if b == b'\\' && pos + 1 < bytes.len() {
                has_escape = true;
                pos += 1 + self.line_break_len_at(pos + 1).max(1);
            } else {
                pos += 1;
            }
        };
        self.pos = pos;
        let content_hi = self.pos.min(self.bytes.len());
        if terminated {
            self.pos += quote_len;
        } else {
            self.unterminated(lo, triple);
        }
        let content = &self.src[content_lo..content_hi];
        let value = if has_escape && !prefix.raw {
            self.unescape(content, content_lo, prefix.bytes)
        } else {
            content.to_string()
        };
        let kind = TokenKind::Str(self.strings.append(StrLit {
            value,
            formatted: prefix.formatted,
        }));
        self.push(kind, lo);
    }

    fn line_break_len_at(&self, i: usize) -> usize {
        match self.bytes.get(i) {
            Some(b'\r') if self.bytes.get(i + 1) == Some(&b'\n') => 2,
            _ => 0,
        }
    }

    fn unterminated(&mut self, lo: usize, triple: bool) {
        let message = if triple {
            "unterminated triple-quoted string literal"
        } else {
            "unterminated string literal"
        };
        let span = self.span_from(lo);
        self.error(message, span);
    }

    /// Processes the escapes of a non-raw literal's `content` (which starts
    /// at byte `base` of the source).
    fn unescape(&mut self, content: &str, base: usize, bytes_mode: bool) -> String {
        let mut out = String::with_capacity(content.len());
        let mut rest = content;
        while let Some(i) = rest.find('\\') {
            out.push_str(&rest[..i]);
            let esc_pos = base + (content.len() - rest.len()) + i;
            let after = &rest[i + 1..];
            let used = self.escape(after, esc_pos, bytes_mode, &mut out);
            rest = &after[used..];
        }
        out.push_str(rest);
        out
    }

    /// Decodes one escape; `after` is the text after the backslash at byte
    /// `at`. Returns how many bytes of `after` the escape used.
    fn escape(&mut self, after: &str, at: usize, bytes_mode: bool, out: &mut String) -> usize {
        let Some(c) = after.chars().next() else {
            out.push('\\');
            return 0;
        };
        let simple = match c {
            '\n' => Some(None),
            '\r' => {
                let len = if after.as_bytes().get(1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                return len;
            }
            '\\' => Some(Some('\\')),
            '\'' => Some(Some('\'')),
            '"' => Some(Some('"')),
            'a' => Some(Some('\x07')),
            'b' => Some(Some('\x08')),
            'f' => Some(Some('\x0c')),
            'n' => Some(Some('\n')),
            'r' => Some(Some('\r')),
            't' => Some(Some('\t')),
            'v' => Some(Some('\x0b')),
            _ => None,
        };
        if let Some(ch) = simple {
            out.extend(ch);
            return 1;
        }
        match c {
            '0'..='7' => {
                let n = after
                    .bytes()
                    .take(3)
                    .take_while(|b| (b'0'..=b'7').contains(b))
                    .count();
                let value = u32::from_str_radix(&after[..n], 8).unwrap_or(0);
                out.push(char::from_u32(value).unwrap_or('\u{fffd}'));
                n
            }
            'x' => self.hex_escape(after, at, 2, out),
            'u' if !bytes_mode => self.hex_escape(after, at, 4, out),
            'U' if !bytes_mode => self.hex_escape(after, at, 8, out),
            _ => {
                // Unknown escapes (and `\N{...}`) are kept as written.
                out.push('\\');
                out.push(c);
                c.len_utf8()
            }
        }
    }

    /// `\xHH`, `\uHHHH` or `\UHHHHHHHH`: `after` starts at the letter.
    fn hex_escape(&mut self, after: &str, at: usize, digits: usize, out: &mut String) -> usize {
        let hex = after
            .bytes()
            .skip(1)
            .take(digits)
            .take_while(u8::is_ascii_hexdigit)
            .count();
        let letter = after.as_bytes()[0] as char;
        let span = Span::new(at as u32, (at + 2 + hex) as u32);
        if hex < digits {
            let shape = "X".repeat(digits);
            self.error(format!("truncated \\{letter}{shape} escape"), span);
            out.push('\\');
            return 0;
        }
        let value = u32::from_str_radix(&after[1..=digits], 16).unwrap_or(0);
        match char::from_u32(value) {
            Some(ch) => out.push(ch),
            None if value > 0x10ffff => {
                self.error(
                    format!("invalid \\{letter} escape: not a Unicode character"),
                    span,
                );
            }
            None => out.push('\u{fffd}'),
        }
        1 + digits
    }
}
