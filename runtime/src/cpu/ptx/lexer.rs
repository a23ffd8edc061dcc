//! PTX lexer: text to tokens, each with its 1-based line.
//!
//! Identifiers keep their dots (`ld.global.f32`, `.reg`, `%tid.x` as a
//! register), hex floats `0fXXXXXXXX` / `0dXXXXXXXXXXXXXXXX` become raw bits,
//! and comments (`//`, `/* */`) are dropped.

use crate::cpu::error::CpuError;

/// One token.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// An identifier, opcode or directive (may contain and start with dots).
    Ident(String),
    /// A `%`-register (`%r12`, `%tid.x`).
    Reg(String),
    /// An integer literal (the sign is a separate `-`).
    Int(u64),
    /// `0f` literal: f32 bits.
    F32(u32),
    /// `0d` literal: f64 bits.
    F64(u64),
    /// A decimal float literal.
    Float(f64),
    /// A string literal.
    Str(String),
    /// Punctuation.
    Punct(char),
}

/// A token and its line.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// The token.
    pub tok: Tok,
    /// 1-based line.
    pub line: u32,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c == b'.'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.'
}

/// Splits PTX text into tokens.
pub fn lex(text: &str) -> Result<Vec<Token>, CpuError> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1u32;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => {
                line += 1;
                i += 1;
            }
            c if c.is_ascii_whitespace() => i += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    if b[i] == b'\n' {
                        line += 1;
                    }
                    i += 1;
                }
                i += 2;
            }
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                let s = String::from_utf8_lossy(&b[start..i.min(b.len())]).into_owned();
                i += 1;
                out.push(Token {
                    tok: Tok::Str(s),
                    line,
                });
            }
            b'%' => {
                let start = i;
                i += 1;
                while i < b.len() && is_ident_char(b[i]) {
                    i += 1;
                }
                out.push(Token {
                    tok: Tok::Reg(text[start..i].to_string()),
                    line,
                });
            }
            c if c.is_ascii_digit() => {
                let start = i;
                while i < b.len() && (is_ident_char(b[i]) && b[i] != b'$') {
                    // a decimal exponent may carry a sign: 1e-5
                    i += 1;
                    if (b[i - 1] == b'e' || b[i - 1] == b'E')
                        && i < b.len()
                        && (b[i] == b'-' || b[i] == b'+')
                        && !text[start..i].starts_with("0x")
                        && !text[start..i].starts_with("0X")
                        && !text[start..i].starts_with("0f")
                        && !text[start..i].starts_with("0d")
                    {
                        i += 1;
                    }
                }
                let tok = number(&text[start..i]).ok_or_else(|| CpuError::Parse {
                    line,
                    message: format!("bad number `{}`", &text[start..i]),
                })?;
                out.push(Token { tok, line });
            }
            c if is_ident_start(c) => {
                let start = i;
                while i < b.len() {
                    if is_ident_char(b[i]) {
                        i += 1;
                    } else if b[i] == b':' && b.get(i + 1) == Some(&b':') {
                        // cache-policy modifiers such as `.L1::no_allocate`
                        i += 2;
                    } else {
                        break;
                    }
                }
                out.push(Token {
                    tok: Tok::Ident(text[start..i].to_string()),
                    line,
                });
            }
            b'{' | b'}' | b'(' | b')' | b'[' | b']' | b',' | b';' | b':' | b'+' | b'-' | b'<'
            | b'>' | b'=' | b'@' | b'!' | b'|' | b'*' => {
                out.push(Token {
                    tok: Tok::Punct(c as char),
                    line,
                });
                i += 1;
            }
            _ => {
                return Err(CpuError::Parse {
                    line,
                    message: format!("unexpected character `{}`", c as char),
                })
            }
        }
    }
    Ok(out)
}

/// Parses one numeric literal.
fn number(s: &str) -> Option<Tok> {
    let lower = s.to_ascii_lowercase();
    if let Some(h) = lower.strip_prefix("0f") {
        if h.len() == 8 {
            return u32::from_str_radix(h, 16).ok().map(Tok::F32);
        }
    }
    if let Some(h) = lower.strip_prefix("0d") {
        if h.len() == 16 {
            return u64::from_str_radix(h, 16).ok().map(Tok::F64);
        }
    }
    let t = lower.trim_end_matches('u');
    if let Some(h) = t.strip_prefix("0x") {
        return u64::from_str_radix(h, 16).ok().map(Tok::Int);
    }
    if let Some(bits) = t.strip_prefix("0b") {
        return u64::from_str_radix(bits, 2).ok().map(Tok::Int);
    }
    if t.contains('.') || t.contains('e') {
        return t.parse::<f64>().ok().map(Tok::Float);
    }
    if t.len() > 1 && t.starts_with('0') && t.bytes().all(|c| c.is_ascii_digit()) {
        return u64::from_str_radix(&t[1..], 8).ok().map(Tok::Int);
    }
    t.parse::<u64>().ok().map(Tok::Int)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        lex(s).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn opcodes_registers_and_literals() {
        assert_eq!(
            toks("@!%p1 add.f32 %r1, %tid.x, 0f3F800000; // hi\n"),
            vec![
                Tok::Punct('@'),
                Tok::Punct('!'),
                Tok::Reg("%p1".into()),
                Tok::Ident("add.f32".into()),
                Tok::Reg("%r1".into()),
                Tok::Punct(','),
                Tok::Reg("%tid.x".into()),
                Tok::Punct(','),
                Tok::F32(0x3F80_0000),
                Tok::Punct(';'),
            ]
        );
        assert_eq!(
            toks("0d3FF0000000000000 0x1F 17 1.5e-3 $L__BB0_2:"),
            vec![
                Tok::F64(0x3FF0_0000_0000_0000),
                Tok::Int(31),
                Tok::Int(17),
                Tok::Float(1.5e-3),
                Tok::Ident("$L__BB0_2".into()),
                Tok::Punct(':'),
            ]
        );
    }

    #[test]
    fn lines_are_counted_through_comments() {
        let t = lex("a\n/* x\ny */ b\n\"s\" c").unwrap();
        assert_eq!(
            t.iter().map(|t| t.line).collect::<Vec<_>>(),
            vec![1, 3, 4, 4]
        );
    }

    #[test]
    fn bad_characters_are_errors() {
        assert!(matches!(lex("add ~"), Err(CpuError::Parse { line: 1, .. })));
        assert!(matches!(lex("0fZZ"), Err(CpuError::Parse { .. })));
    }
}
