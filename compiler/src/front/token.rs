//! Tokens produced by the lexer.
//!
//! Python's layout is made explicit: `Newline` ends a logical line, `Indent`
//! and `Dedent` open and close blocks, exactly as CPython's tokenizer does.

use super::arena::{Arena, Handle};
use super::interner::Symbol;
use crate::span::Span;

/// One token with its source span.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Where it is.
    pub span: Span,
}

/// Python keywords the lexer recognises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Keyword {
    False,
    None,
    True,
    And,
    As,
    Assert,
    Async,
    Await,
    Break,
    Class,
    Continue,
    Def,
    Del,
    Elif,
    Else,
    Except,
    Finally,
    For,
    From,
    Global,
    If,
    Import,
    In,
    Is,
    Lambda,
    Nonlocal,
    Not,
    Or,
    Pass,
    Raise,
    Return,
    Try,
    While,
    With,
    Yield,
}

impl Keyword {
    /// The keyword for an identifier-shaped word, if it is one.
    pub fn from_word(word: &str) -> Option<Keyword> {
        Keyword::from_bytes(word.as_bytes())
    }

    /// [`Keyword::from_word`] for the word's bytes (the lexer's view of
    /// the source).
    pub fn from_bytes(word: &[u8]) -> Option<Keyword> {
        use Keyword::*;
        Some(match word {
            b"False" => False,
            b"None" => None,
            b"True" => True,
            b"and" => And,
            b"as" => As,
            b"assert" => Assert,
            b"async" => Async,
            b"await" => Await,
            b"break" => Break,
            b"class" => Class,
            b"continue" => Continue,
            b"def" => Def,
            b"del" => Del,
            b"elif" => Elif,
            b"else" => Else,
            b"except" => Except,
            b"finally" => Finally,
            b"for" => For,
            b"from" => From,
            b"global" => Global,
            b"if" => If,
            b"import" => Import,
            b"in" => In,
            b"is" => Is,
            b"lambda" => Lambda,
            b"nonlocal" => Nonlocal,
            b"not" => Not,
            b"or" => Or,
            b"pass" => Pass,
            b"raise" => Raise,
            b"return" => Return,
            b"try" => Try,
            b"while" => While,
            b"with" => With,
            b"yield" => Yield,
            _ => return Option::None,
        })
    }

    /// The keyword's spelling.
    pub fn as_str(self) -> &'static str {
        use Keyword::*;
        match self {
            False => "False",
            None => "None",
            True => "True",
            And => "and",
            As => "as",
            Assert => "assert",
            Async => "async",
            Await => "await",
            Break => "break",
            Class => "class",
            Continue => "continue",
            Def => "def",
            Del => "del",
            Elif => "elif",
            Else => "else",
            Except => "except",
            Finally => "finally",
            For => "for",
            From => "from",
            Global => "global",
            If => "if",
            Import => "import",
            In => "in",
            Is => "is",
            Lambda => "lambda",
            Nonlocal => "nonlocal",
            Not => "not",
            Or => "or",
            Pass => "pass",
            Raise => "raise",
            Return => "return",
            Try => "try",
            While => "while",
            With => "with",
            Yield => "yield",
        }
    }
}

/// Operators and delimiters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Punct {
    Plus,          // +
    Minus,         // -
    Star,          // *
    Slash,         // /
    DoubleSlash,   // //
    Percent,       // %
    DoubleStar,    // **
    At,            // @
    LShift,        // <<
    RShift,        // >>
    Amp,           // &
    Pipe,          // |
    Caret,         // ^
    Tilde,         // ~
    ColonEq,       // :=
    Lt,            // <
    Gt,            // >
    LtEq,          // <=
    GtEq,          // >=
    EqEq,          // ==
    NotEq,         // !=
    LParen,        // (
    RParen,        // )
    LBracket,      // [
    RBracket,      // ]
    LBrace,        // {
    RBrace,        // }
    Comma,         // ,
    Colon,         // :
    Dot,           // .
    Semi,          // ;
    Eq,            // =
    Arrow,         // ->
    PlusEq,        // +=
    MinusEq,       // -=
    StarEq,        // *=
    SlashEq,       // /=
    DoubleSlashEq, // //=
    PercentEq,     // %=
    AtEq,          // @=
    AmpEq,         // &=
    PipeEq,        // |=
    CaretEq,       // ^=
    RShiftEq,      // >>=
    LShiftEq,      // <<=
    DoubleStarEq,  // **=
    Ellipsis,      // ...
}

/// The tokens of a source file and the values of its string literals.
#[derive(Clone, Debug, Default)]
pub struct Lexed {
    /// The tokens; the last one is [`TokenKind::Eof`].
    pub tokens: Vec<Token>,
    /// The string literals, indexed by [`TokenKind::Str`].
    pub strings: Arena<StrLit>,
    /// The most tokens in one logical line (layout tokens included), a
    /// bound on the height of any expression tree of the file.
    pub longest_line: usize,
}

/// A string literal with escapes processed (prefixes `r`, `b`, `u`, `f`
/// are recognised; `f`-strings are reported as unsupported by the parser).
#[derive(Clone, Debug, PartialEq)]
pub struct StrLit {
    /// The string's value.
    pub value: String,
    /// True for an f-string.
    pub formatted: bool,
}

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TokenKind {
    /// An identifier.
    Name(Symbol),
    /// A keyword.
    Keyword(Keyword),
    /// An integer literal (any base, underscores removed). Literals that do
    /// not fit in 64 bits are reported by the lexer and become 0.
    Int(u64),
    /// A float literal (`1.0`, `1e-6`, `.5`, `1_000.5`).
    Float(f64),
    /// An imaginary literal (`1j`, `2.5j`): the value of its imaginary part.
    Imag(f64),
    /// A string literal: its handle in [`Lexed::strings`] (strings live
    /// there, so that tokens are small plain values).
    Str(Handle<StrLit>),
    /// An operator or delimiter.
    Punct(Punct),
    /// End of a logical line.
    Newline,
    /// Start of an indented block.
    Indent,
    /// End of an indented block.
    Dedent,
    /// End of input (always the last token).
    Eof,
}
