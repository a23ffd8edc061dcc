//! Unit tests of the lexer: layout, literals, operators and error recovery.

use super::tokenize;
use crate::diagnostics::Diagnostic;
use crate::front::arena::Handle;
use crate::front::interner::Interner;
use crate::front::token::{Keyword, Lexed, Punct, StrLit, TokenKind};
use crate::span::Span;

/// Tokens of `src` as short strings, plus the error messages.
fn lex(src: &str) -> (Vec<String>, Vec<String>) {
    let mut interner = Interner::new();
    let mut diags = Vec::new();
    let lexed = tokenize(src, &mut interner, &mut diags);
    let shown = lexed
        .tokens
        .iter()
        .map(|t| match &t.kind {
            TokenKind::Name(s) => interner.resolve(*s).to_string(),
            TokenKind::Keyword(k) => k.as_str().to_string(),
            TokenKind::Int(v) => format!("int:{v}"),
            TokenKind::Float(v) => format!("float:{v:?}"),
            TokenKind::Imag(v) => format!("imag:{v:?}"),
            TokenKind::Str(i) => {
                let s = &lexed.strings[*i];
                format!("{}str:{:?}", if s.formatted { "f" } else { "" }, s.value)
            }
            TokenKind::Punct(Punct::RParen) => ")".to_string(),
            TokenKind::Punct(Punct::RBracket) => "]".to_string(),
            TokenKind::Punct(Punct::RBrace) => "}".to_string(),
            TokenKind::Punct(_) => src[t.span.range()].to_string(),
            TokenKind::Newline => "NL".to_string(),
            TokenKind::Indent => "INDENT".to_string(),
            TokenKind::Dedent => "DEDENT".to_string(),
            TokenKind::Eof => "EOF".to_string(),
        })
        .collect();
    (shown, messages(&diags))
}

fn messages(diags: &[Diagnostic]) -> Vec<String> {
    diags.iter().map(|d| d.message.clone()).collect()
}

fn tokens(src: &str) -> String {
    let (toks, errs) = lex(src);
    assert!(errs.is_empty(), "unexpected errors for {src:?}: {errs:?}");
    toks.join(" ")
}

fn first_error(src: &str) -> String {
    let (_, errs) = lex(src);
    assert!(!errs.is_empty(), "expected an error for {src:?}");
    errs[0].clone()
}

fn single(src: &str) -> TokenKind {
    single_lexed(src).tokens[0].kind
}

/// The value of the string literal `src`, which must be one token.
fn single_string(src: &str) -> StrLit {
    let lexed = single_lexed(src);
    assert_eq!(
        lexed.tokens[0].kind,
        TokenKind::Str(Handle::new(0)),
        "{src:?}"
    );
    lexed.strings[Handle::new(0)].clone()
}

fn single_lexed(src: &str) -> Lexed {
    let mut interner = Interner::new();
    let mut diags = Vec::new();
    let lexed = tokenize(src, &mut interner, &mut diags);
    assert!(diags.is_empty(), "{src:?}: {:?}", messages(&diags));
    let toks = &lexed.tokens;
    assert_eq!(toks.len(), 3, "{src:?} should be one token: {toks:?}");
    lexed
}

// ----- layout ---------------------------------------------------------

#[test]
fn empty_and_blank_inputs() {
    assert_eq!(tokens(""), "EOF");
    assert_eq!(tokens("\n\n   \n# only a comment\n"), "EOF");
    assert_eq!(tokens("   "), "EOF");
}

#[test]
fn final_newline_is_added() {
    assert_eq!(tokens("x"), "x NL EOF");
    assert_eq!(tokens("x\n"), "x NL EOF");
    assert_eq!(tokens("x # c"), "x NL EOF");
}

#[test]
fn indent_and_dedent() {
    let src = "if a:\n    b\n    if c:\n        d\ne\n";
    assert_eq!(
        tokens(src),
        "if a : NL INDENT b NL if c : NL INDENT d NL DEDENT DEDENT e NL EOF"
    );
}

#[test]
fn pending_dedents_at_eof() {
    assert_eq!(
        tokens("def f():\n  if x:\n    y"),
        "def f ( ) : NL INDENT if x : NL INDENT y NL DEDENT DEDENT EOF"
    );
}

#[test]
fn blank_and_comment_lines_do_not_change_indentation() {
    let src = "if a:\n    b\n\n  # odd comment\n\t\n    c\n";
    assert_eq!(tokens(src), "if a : NL INDENT b NL c NL DEDENT EOF");
}

#[test]
fn brackets_join_lines() {
    let src = "x = (1,\n  2,\n        3)\ny = [\n]\n";
    assert_eq!(
        tokens(src),
        "x = ( int:1 , int:2 , int:3 ) NL y = [ ] NL EOF"
    );
}

#[test]
fn backslash_continuation() {
    assert_eq!(tokens("x = 1 + \\\n    2\n"), "x = int:1 + int:2 NL EOF");
    assert_eq!(tokens("x = 1 + \\\r\n2\n"), "x = int:1 + int:2 NL EOF");
}

#[test]
fn crlf_and_lone_cr_end_lines() {
    assert_eq!(tokens("a\r\nb\rc"), "a NL b NL c NL EOF");
}

#[test]
fn leading_indent_is_an_indent_token() {
    assert_eq!(tokens("  x\n"), "INDENT x NL DEDENT EOF");
}

#[test]
fn tabs_count_to_multiples_of_eight() {
    // A tab then the same tab: consistent.
    assert_eq!(
        tokens("if a:\n\tb\n\tc\n"),
        "if a : NL INDENT b NL c NL DEDENT EOF"
    );
}

#[test]
fn inconsistent_tabs_and_spaces() {
    // 8 spaces vs one tab: equal with tab size 8, different with tab size 1.
    let msg = first_error("if a:\n        b\n\tc\n");
    assert_eq!(msg, "inconsistent use of tabs and spaces in indentation");
    let msg = first_error("if a:\n    \tb\n\t    c\n");
    assert_eq!(msg, "inconsistent use of tabs and spaces in indentation");
}

#[test]
fn bad_dedent() {
    let (toks, errs) = lex("if a:\n    b\n  c\n  d\n    e\nf\n");
    assert_eq!(
        errs,
        ["unindent does not match any outer indentation level"]
    );
    // The odd column joins the current block, once and for all: no cascade.
    assert_eq!(
        toks.join(" "),
        "if a : NL INDENT b NL c NL d NL e NL DEDENT f NL EOF"
    );
    let (toks, errs) = lex("if a:\n  if b:\n    c\n x\ny\n");
    assert_eq!(errs.len(), 1);
    assert_eq!(
        toks.join(" "),
        "if a : NL INDENT if b : NL INDENT c NL x NL DEDENT DEDENT y NL EOF"
    );
}

#[test]
fn tab_error_is_reported_once() {
    let (_, errs) = lex("if a:\n        b\n\tc\n        d\n\te\n");
    assert_eq!(errs, ["inconsistent use of tabs and spaces in indentation"]);
}

#[test]
fn token_spans() {
    let mut interner = Interner::new();
    let mut diags = Vec::new();
    let toks = tokenize("ab  = 'x'\n", &mut interner, &mut diags).tokens;
    assert_eq!(toks[0].span, Span::new(0, 2));
    assert_eq!(toks[1].span, Span::new(4, 5));
    assert_eq!(toks[2].span, Span::new(6, 9));
    assert_eq!(toks[3].span, Span::new(9, 10));
}

// ----- numbers --------------------------------------------------------

#[test]
fn integer_literals() {
    assert_eq!(single("0"), TokenKind::Int(0));
    assert_eq!(single("00"), TokenKind::Int(0));
    assert_eq!(single("42"), TokenKind::Int(42));
    assert_eq!(single("1_000"), TokenKind::Int(1000));
    assert_eq!(single("0x1F"), TokenKind::Int(31));
    assert_eq!(single("0X_ff"), TokenKind::Int(255));
    assert_eq!(single("0o17"), TokenKind::Int(15));
    assert_eq!(single("0b101"), TokenKind::Int(5));
    assert_eq!(single("0b_1_0"), TokenKind::Int(2));
    assert_eq!(single("18446744073709551615"), TokenKind::Int(u64::MAX));
}

#[test]
fn float_literals() {
    assert_eq!(single("1.0"), TokenKind::Float(1.0));
    assert_eq!(single("1."), TokenKind::Float(1.0));
    assert_eq!(single(".5"), TokenKind::Float(0.5));
    assert_eq!(single("1e-6"), TokenKind::Float(1e-6));
    assert_eq!(single("1E+3"), TokenKind::Float(1000.0));
    assert_eq!(single("1_0.5e1_0"), TokenKind::Float(10.5e10));
    assert_eq!(single("09.5"), TokenKind::Float(9.5));
    assert_eq!(single("1.e2"), TokenKind::Float(100.0));
    assert_eq!(single("1e400"), TokenKind::Float(f64::INFINITY));
}

#[test]
fn bad_numbers() {
    assert_eq!(first_error("1__0"), "invalid decimal literal");
    assert_eq!(first_error("1_"), "invalid decimal literal");
    assert_eq!(first_error("12abc"), "invalid decimal literal");
    assert_eq!(first_error("1e"), "invalid decimal literal");
    assert!(first_error("09").starts_with("leading zeros in decimal integer literals"));
    assert_eq!(first_error("0x"), "invalid hexadecimal literal");
    assert_eq!(first_error("0xg"), "invalid hexadecimal literal");
    assert_eq!(first_error("0b102"), "invalid digit '2' in binary literal");
    assert_eq!(first_error("0o8"), "invalid digit '8' in octal literal");
    assert_eq!(first_error("1jx"), "invalid imaginary literal");
    assert_eq!(first_error("1.5Jj"), "invalid imaginary literal");
}

#[test]
fn imaginary_literals() {
    let (toks, errs) = lex("1j 2.5J 1_0j 1e3j .5j 0j\n");
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(
        toks.join(" "),
        "imag:1.0 imag:2.5 imag:10.0 imag:1000.0 imag:0.5 imag:0.0 NL EOF"
    );
}

#[test]
fn bad_numbers_become_one_token() {
    let (toks, errs) = lex("x = 1__0 + 2\n");
    assert_eq!(errs.len(), 1);
    assert_eq!(toks.join(" "), "x = int:0 + int:2 NL EOF");
}

#[test]
fn too_large_integer_is_zero() {
    let (toks, errs) = lex("18446744073709551616");
    assert_eq!(errs, ["integer literal is too large for 64 bits"]);
    assert_eq!(toks[0], "int:0");
    let (_, errs) = lex("0xffffffffffffffffff");
    assert_eq!(errs.len(), 1);
}

#[test]
fn keyword_glued_to_number_is_allowed() {
    assert_eq!(tokens("1if x else 2"), "int:1 if x else int:2 NL EOF");
}

#[test]
fn dot_after_name_is_attribute() {
    assert_eq!(tokens("a.b"), "a . b NL EOF");
    assert_eq!(tokens("x[...]"), "x [ ... ] NL EOF");
}

// ----- strings --------------------------------------------------------

#[test]
fn string_literals() {
    assert_eq!(tokens("'a' \"b\""), "str:\"a\" str:\"b\" NL EOF");
    assert_eq!(tokens("'''x\ny'''"), "str:\"x\\ny\" NL EOF");
    assert_eq!(tokens("\"\"\"a\"b\"\"\""), "str:\"a\\\"b\" NL EOF");
    assert_eq!(tokens("''"), "str:\"\" NL EOF");
}

#[test]
fn string_prefixes() {
    assert_eq!(tokens(r"r'\n'"), r#"str:"\\n" NL EOF"#);
    assert_eq!(tokens(r"Rb'\x'"), r#"str:"\\x" NL EOF"#);
    assert_eq!(
        tokens("b'x' u'y' B'z'"),
        "str:\"x\" str:\"y\" str:\"z\" NL EOF"
    );
    assert_eq!(tokens("f'{x}' rF'a'"), "fstr:\"{x}\" fstr:\"a\" NL EOF");
    // Not prefixes: ordinary names followed by a string.
    assert_eq!(tokens("ub'x'"), "ub str:\"x\" NL EOF");
}

#[test]
fn string_escapes() {
    let cases = [
        (r#"'\n\t\\\'\"'"#, "\n\t\\'\""),
        (r"'\x41\101\u00e9\U0001F600'", "AAé😀"),
        (r"'\q\N{DASH}'", r"\q\N{DASH}"),
        (r"'\a\b\f\v\r\0'", "\x07\x08\x0c\x0b\r\0"),
        ("'a\\\nb'", "ab"),
        (r"b'\u00e9'", r"\u00e9"),
    ];
    for (src, want) in cases {
        assert_eq!(
            single_string(src),
            StrLit {
                value: want.to_string(),
                formatted: false
            },
            "{src}"
        );
    }
}

#[test]
fn bad_escapes() {
    assert_eq!(first_error(r"'\x4'"), r"truncated \xXX escape");
    assert_eq!(first_error(r"'\u12'"), r"truncated \uXXXX escape");
    assert!(first_error(r"'\U00110000'").starts_with(r"invalid \U escape"));
}

#[test]
fn unterminated_strings() {
    let (toks, errs) = lex("x = 'abc\ny = 1\n");
    assert_eq!(errs, ["unterminated string literal"]);
    assert_eq!(toks.join(" "), "x = str:\"abc\" NL y = int:1 NL EOF");
    assert_eq!(
        first_error("'''abc"),
        "unterminated triple-quoted string literal"
    );
    assert_eq!(first_error("'abc\\"), "unterminated string literal");
}

// ----- names, operators, errors ----------------------------------------

#[test]
fn keywords_and_unicode_names() {
    let mut interner = Interner::new();
    let mut diags = Vec::new();
    let toks = tokenize("for été in _x1", &mut interner, &mut diags).tokens;
    assert!(diags.is_empty());
    assert_eq!(toks[0].kind, TokenKind::Keyword(Keyword::For));
    assert!(matches!(toks[1].kind, TokenKind::Name(s) if interner.resolve(s) == "été"));
    assert_eq!(toks[2].kind, TokenKind::Keyword(Keyword::In));
}

#[test]
fn operators_longest_match() {
    let src = "+ += - -= -> * *= ** **= / /= // //= % %= @ @= & &= | |= ^ ^= ~ \
               < <= << <<= > >= >> >>= = == != : := . ... , ;";
    let (toks, errs) = lex(src);
    assert!(errs.is_empty());
    let want: Vec<&str> = src.split_whitespace().collect();
    assert_eq!(&toks[..want.len()], &want[..]);
}

#[test]
fn every_punct_kind_is_produced() {
    let mut interner = Interner::new();
    let mut diags = Vec::new();
    let toks = tokenize("a **= b", &mut interner, &mut diags).tokens;
    assert_eq!(toks[1].kind, TokenKind::Punct(Punct::DoubleStarEq));
}

#[test]
fn invalid_characters_are_reported_and_skipped() {
    let (toks, errs) = lex("a $ b ? c ! d\n");
    assert_eq!(
        errs,
        [
            "invalid character '$' (U+0024)",
            "invalid character '?' (U+003F)",
            "invalid character '!' (U+0021)"
        ]
    );
    assert_eq!(toks.join(" "), "a b c d NL EOF");
    let (_, errs) = lex("x = €€€ + 1");
    assert_eq!(errs, ["invalid character '€' (U+20AC)"]);
    assert_eq!(first_error("a\0b"), "source code cannot contain null bytes");
}

#[test]
fn bracket_errors() {
    let (toks, errs) = lex("x = 1)\n");
    assert_eq!(errs, ["unmatched ')'"]);
    assert_eq!(toks.join(" "), "x = int:1 NL EOF");
    let (toks, errs) = lex("a[1)\n");
    assert_eq!(
        errs,
        ["closing parenthesis ')' does not match opening parenthesis '['"]
    );
    assert_eq!(toks.join(" "), "a [ int:1 ] NL EOF");
    let (toks, errs) = lex("f(a,\n  b\n");
    assert_eq!(errs, ["'(' was never closed"]);
    assert_eq!(toks.join(" "), "f ( a , b NL EOF");
}

#[test]
fn continuation_errors() {
    assert_eq!(
        first_error("x = 1 \\ 2"),
        "unexpected character after line continuation character"
    );
    assert_eq!(
        first_error("x = \\"),
        "unexpected end of file after line continuation character"
    );
}

#[test]
fn byte_order_mark_is_skipped() {
    assert_eq!(tokens("\u{feff}x"), "x NL EOF");
}

#[test]
fn many_distinct_short_words_keep_their_meaning() {
    // Hundreds of distinct short words, each used twice, and keywords
    // among them: every one keeps its meaning.
    let mut src = String::new();
    for round in 0..2 {
        for n in 0..300 {
            src.push_str(&format!("w{n} = v{n} if x{round} else None\n"));
        }
    }
    let mut interner = Interner::new();
    let mut diags = Vec::new();
    let lexed = tokenize(&src, &mut interner, &mut diags);
    assert!(diags.is_empty());
    let mut lines = lexed.tokens.split(|t| t.kind == TokenKind::Newline);
    for round in 0..2 {
        for n in 0..300 {
            let line: Vec<String> = lines
                .next()
                .unwrap()
                .iter()
                .map(|t| match t.kind {
                    TokenKind::Name(s) => interner.resolve(s).to_string(),
                    TokenKind::Keyword(k) => k.as_str().to_string(),
                    _ => "=".to_string(),
                })
                .collect();
            assert_eq!(line.join(" "), format!("w{n} = v{n} if x{round} else None"));
        }
    }
    assert_eq!(interner.len(), 602);
}

#[test]
fn words_of_every_length_near_the_end_of_input() {
    // A word ends where it should, whatever its length and however close
    // it is to the end.
    for len in 1..=12 {
        let word: String = "abcdefghijkl"[..len].to_string();
        for tail in ["", "\n", " ", "(x)", "é", "_1"] {
            let src = format!("{word}{tail}");
            let mut interner = Interner::new();
            let mut diags = Vec::new();
            let lexed = tokenize(&src, &mut interner, &mut diags);
            let TokenKind::Name(first) = lexed.tokens[0].kind else {
                panic!("{src:?}: {:?}", lexed.tokens[0]);
            };
            let expected = match tail {
                "é" | "_1" => format!("{word}{tail}"),
                _ => word.clone(),
            };
            assert_eq!(interner.resolve(first), expected, "{src:?}");
            assert_eq!(lexed.tokens[0].span.range(), 0..expected.len(), "{src:?}");
        }
    }
}

#[test]
fn recycled_vectors_start_empty() {
    // A file that leaves blocks and a bracket open and has strings, lexed
    // again after its vectors were recycled, and another file after it:
    // each gives what it gives with new vectors.
    let first = "def f(x:\n    if x:\n        y = ('a', [1,\n";
    let second = "s = 'b'\nif s:\n  t = s\n";
    let fresh = |src: &str| {
        let mut diags = Vec::new();
        let lexed = tokenize(src, &mut Interner::new(), &mut diags);
        (lexed.tokens, lexed.strings, lexed.longest_line, diags.len())
    };
    let expected = [fresh(first), fresh(second)];
    let mut buffers = super::Buffers::default();
    for _ in 0..2 {
        for (src, want) in [first, second].into_iter().zip(&expected) {
            let mut diags = Vec::new();
            let lexed = super::tokenize_with(&mut buffers, src, &mut Interner::new(), &mut diags);
            let got = (
                lexed.tokens.clone(),
                lexed.strings.clone(),
                lexed.longest_line,
                diags.len(),
            );
            assert_eq!(&got, want, "{src:?}");
            buffers.recycle(lexed);
        }
    }
}

// ----- token bound -------------------------------------------------------

/// Checks that `src` gives no more tokens than `max_tokens` allows (the
/// lexer reserves that many, so that its token vector never regrows), and
/// returns how many it gives.
fn checked_token_count(src: &str) -> usize {
    let mut interner = Interner::new();
    let mut diags = Vec::new();
    let lexed = tokenize(src, &mut interner, &mut diags);
    let n = lexed.tokens.len();
    assert!(
        n <= super::max_tokens(src.len()),
        "{n} tokens for {} bytes: {src:?}",
        src.len()
    );
    n
}

#[test]
fn token_count_bound_holds_on_adversarial_sources() {
    let mut sources: Vec<String> = vec![
        String::new(),
        "\n".repeat(50),
        "\r\n".repeat(50),
        "\r".repeat(50),
        "(".repeat(200),
        ")".repeat(200),
        "([{".repeat(70),
        // Every inner bracket closed by an empty token, then the outer.
        format!("{{{}}}", "(".repeat(100)),
        format!("{{{}}}", "([".repeat(50)),
        format!("x{}]", "(".repeat(100)),
        "a\n".to_string() + &(1..60).map(|i| " ".repeat(i) + "a\n").collect::<String>(),
        (0..60).map(|i| " ".repeat(i) + "a\n").collect::<String>() + "b\n",
        (0..30).map(|i| "\t".repeat(i) + "a\n").collect::<String>(),
        (0..30).map(|i| " ".repeat(i) + "\ta\n").collect::<String>(),
        (0..30)
            .map(|i| "\x0c".repeat(i % 3) + &" ".repeat(i) + "a\n")
            .collect(),
        // Bad dedents and their recovery.
        "if a:\n    b\n  c\n   d\n    e\n b\n".repeat(10),
        "a:\n  b:\n    c\n   d\n  e\n".repeat(10),
        "x = (1,\n 2,\n   3\n".repeat(10),
        "a\\\n".repeat(30),
        "1 2. .3 1e5 0x1f 0b2 09 1j 1__0 \"a\" 'b' r'c' f\"d\" \"\"\"e\n\"\"\"".to_string(),
        "'\n\"\n'''\n".repeat(10),
        "é ü 𝔘 $ ? ! \0 `".repeat(5),
    ];
    // Short sources over an alphabet of layout, brackets and odd bytes,
    // from a fixed pseudo-random sequence.
    let alphabet = [
        " ", " ", "\t", "\x0c", "\n", "\r", "\\", "(", ")", "[", "]", "{", "}", "a", "1", ":",
        "\"", "'", "#", ".", "é", "=", "\0",
    ];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..20_000 {
        let mut src = String::new();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let len = (state % 24) as usize;
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            src.push_str(alphabet[(state % alphabet.len() as u64) as usize]);
        }
        sources.push(src);
    }
    let mut densest = 0.0f64;
    for src in &sources {
        let n = checked_token_count(src);
        densest = densest.max(n as f64 / (src.len() + 1) as f64);
    }
    // The bracket cases come close to the bound: it is not loose.
    assert!(densest > 1.9, "densest source: {densest} tokens per byte");
}
