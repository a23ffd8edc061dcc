//! The character cursor of the text-form parser: positions, comments and
//! the handful of token shapes the grammar uses (words, integers, string
//! literals, punctuation).

use super::ParseError;

/// A line and column (both from 1; columns count characters).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub(super) struct Pos {
    pub line: usize,
    pub col: usize,
}

/// Reads the text from left to right.
#[derive(Clone)]
pub(super) struct Cursor<'a> {
    src: &'a str,
    offset: usize,
    pos: Pos,
}

/// Largest entity number accepted (keeps placeholder creation bounded).
pub(super) const MAX_ENTITY: u32 = 1 << 20;

impl<'a> Cursor<'a> {
    pub fn new(src: &'a str) -> Self {
        Cursor {
            src,
            offset: 0,
            pos: Pos { line: 1, col: 1 },
        }
    }

    fn rest(&self) -> &'a str {
        &self.src[self.offset..]
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.rest().chars().next()?;
        self.offset += c.len_utf8();
        if c == '\n' {
            self.pos.line += 1;
            self.pos.col = 1;
        } else {
            self.pos.col += 1;
        }
        Some(c)
    }

    /// Skips whitespace and comments.
    pub fn skip_trivia(&mut self) {
        while let Some(c) = self.rest().chars().next() {
            if c == ';' {
                while self.rest().chars().next().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else if c.is_whitespace() {
                self.bump();
            } else {
                break;
            }
        }
    }

    /// The position of the next token.
    pub fn pos(&mut self) -> Pos {
        self.skip_trivia();
        self.pos
    }

    /// An error at the next token.
    pub fn error<T>(&mut self, message: impl Into<String>) -> Result<T, ParseError> {
        let p = self.pos();
        Err(error_at(p, message))
    }

    /// The next character, after trivia.
    pub fn peek(&mut self) -> Option<char> {
        self.skip_trivia();
        self.rest().chars().next()
    }

    /// True at the end of the text.
    pub fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// Consumes `c` when it comes next.
    pub fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes `s` when it comes next (no trivia inside).
    pub fn eat_str(&mut self, s: &str) -> bool {
        self.skip_trivia();
        if self.rest().starts_with(s) {
            s.chars().for_each(|_| {
                self.bump();
            });
            true
        } else {
            false
        }
    }

    /// Consumes `c` or fails.
    pub fn expect(&mut self, c: char) -> Result<(), ParseError> {
        if self.eat(c) {
            Ok(())
        } else {
            let found = self.describe_next();
            self.error(format!("expected `{c}`, found {found}"))
        }
    }

    /// What comes next, for messages.
    pub fn describe_next(&mut self) -> String {
        match self.peek() {
            None => "end of input".to_string(),
            Some(_) => {
                let t: String = self
                    .rest()
                    .chars()
                    .take_while(|c| !c.is_whitespace())
                    .take(16)
                    .collect();
                format!("`{t}`")
            }
        }
    }

    /// Reads a word `[A-Za-z_][A-Za-z0-9_.]*`, if one comes next.
    pub fn word(&mut self) -> Option<&'a str> {
        self.skip_trivia();
        let rest = self.rest();
        let first = rest.chars().next()?;
        if !(first.is_ascii_alphabetic() || first == '_') {
            return None;
        }
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
            .unwrap_or(rest.len());
        let w = &rest[..len];
        w.chars().for_each(|_| {
            self.bump();
        });
        Some(w)
    }

    /// Reads a word or fails with "expected WHAT".
    pub fn expect_word(&mut self, what: &str) -> Result<&'a str, ParseError> {
        match self.word() {
            Some(w) => Ok(w),
            None => {
                let found = self.describe_next();
                self.error(format!("expected {what}, found {found}"))
            }
        }
    }

    /// Reads a raw token of number-like characters (`-1.5e-7`, `nan:0x7f`).
    pub fn number_token(&mut self) -> &'a str {
        self.skip_trivia();
        let rest = self.rest();
        let len = rest
            .char_indices()
            .find(|&(i, c)| {
                let sign_ok = (c == '-' || c == '+') && (i == 0 || rest[..i].ends_with(['e', 'E']));
                !(c.is_ascii_alphanumeric() || c == '.' || c == ':' || c == '_' || sign_ok)
            })
            .map_or(rest.len(), |(i, _)| i);
        let t = &rest[..len];
        t.chars().for_each(|_| {
            self.bump();
        });
        t
    }

    /// Reads a decimal or `0x` integer, optionally negative.
    pub fn integer(&mut self) -> Result<i128, ParseError> {
        let p = self.pos();
        let t = self.number_token();
        parse_int(t).ok_or_else(|| {
            let shown = if t.is_empty() { "nothing" } else { t };
            error_at(p, format!("expected an integer, found {shown}"))
        })
    }

    /// Reads an integer in `lo..=hi`.
    pub fn int_in(&mut self, lo: i128, hi: i128, what: &str) -> Result<i128, ParseError> {
        let p = self.pos();
        let n = self.integer()?;
        if n < lo || n > hi {
            return Err(error_at(p, format!("{what} {n} is out of range")));
        }
        Ok(n)
    }

    /// Reads a word `PREFIX N` (an entity such as `v3` or `block1`).
    pub fn entity(&mut self, prefix: &str) -> Result<u32, ParseError> {
        let p = self.pos();
        let w = self.expect_word(&format!("`{prefix}N`"))?;
        entity_number(w, prefix)
            .ok_or_else(|| error_at(p, format!("expected `{prefix}N`, found `{w}`")))
    }

    /// Reads a string literal.
    pub fn string(&mut self) -> Result<String, ParseError> {
        if self.peek() != Some('"') {
            let found = self.describe_next();
            return self.error(format!("expected a string, found {found}"));
        }
        self.bump();
        let mut out = String::new();
        loop {
            let p = self.pos;
            match self.bump() {
                None | Some('\n') => return Err(error_at(p, "unterminated string")),
                Some('"') => return Ok(out),
                Some('\\') => out.push(self.escape(p)?),
                Some(c) => out.push(c),
            }
        }
    }

    fn escape(&mut self, p: Pos) -> Result<char, ParseError> {
        Ok(match self.bump() {
            Some('n') => '\n',
            Some('t') => '\t',
            Some('r') => '\r',
            Some('0') => '\0',
            Some('\\') => '\\',
            Some('"') => '"',
            Some('u') if self.rest().starts_with('{') => {
                let end = self.rest().find('}').unwrap_or(0);
                let hex = &self.rest()[1..end.max(1)];
                let c = u32::from_str_radix(hex, 16).ok().and_then(char::from_u32);
                let c = c.ok_or_else(|| error_at(p, "bad `\\u{...}` escape"))?;
                (0..=end).for_each(|_| {
                    self.bump();
                });
                c
            }
            _ => return Err(error_at(p, "unknown escape")),
        })
    }
}

/// A parse error at `p`.
pub(super) fn error_at(p: Pos, message: impl Into<String>) -> ParseError {
    ParseError {
        line: p.line,
        col: p.col,
        message: message.into(),
    }
}

/// The number of an entity word (`v12` with prefix `v` gives 12).
pub(super) fn entity_number(word: &str, prefix: &str) -> Option<u32> {
    let digits = word.strip_prefix(prefix)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return None;
    }
    digits.parse().ok().filter(|&n| n <= MAX_ENTITY)
}

/// Parses a decimal or `0x` hex integer with an optional `-`.
pub(super) fn parse_int(t: &str) -> Option<i128> {
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t),
    };
    let n = match body.strip_prefix("0x") {
        Some(hex) if !hex.is_empty() => i128::from_str_radix(hex, 16).ok()?,
        Some(_) => return None,
        None if !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit()) => {
            body.parse::<i128>().ok()?
        }
        None => return None,
    };
    Some(if neg { -n } else { n })
}
