//! Atoms: names, literals, parenthesised expressions and displays.
//!
//! Also the atoms kernels cannot use, each reported with its own message and
//! returned as [`ExprKind::Error`]: `lambda`, `yield`, starred expressions,
//! comprehensions and generator expressions, dict and set displays, and
//! f-strings.

use super::expr::PREC_BITOR;
use super::{PResult, Parser};
use crate::front::ast::{ExprId, ExprKind, Seq};
use crate::front::token::{Keyword, Punct, TokenKind};
use crate::span::Span;

impl Parser<'_> {
    /// A single atom.
    pub(super) fn parse_atom(&mut self) -> PResult<ExprId> {
        let span = self.span();
        let kind = match self.peek() {
            TokenKind::Name(name) => ExprKind::Name(*name),
            TokenKind::Int(v) => ExprKind::Int(*v),
            TokenKind::Float(v) => ExprKind::Float(*v),
            TokenKind::Imag(v) => ExprKind::Imag(*v),
            TokenKind::Str(_) => return Ok(self.parse_strings()),
            TokenKind::Keyword(k) => match k {
                Keyword::True => ExprKind::Bool(true),
                Keyword::False => ExprKind::Bool(false),
                Keyword::None => ExprKind::NoneLit,
                Keyword::Lambda => return self.parse_lambda(),
                Keyword::Yield => return self.parse_yield(),
                _ => return Err(self.expected_expression()),
            },
            TokenKind::Punct(p) => match p {
                Punct::Ellipsis => ExprKind::Ellipsis,
                Punct::LParen => return self.parse_paren(),
                Punct::LBracket => return self.parse_list(),
                Punct::LBrace => return self.parse_brace(),
                Punct::Star => return self.parse_starred(),
                _ => return Err(self.expected_expression()),
            },
            _ => return Err(self.expected_expression()),
        };
        self.bump();
        Ok(self.mk(kind, span))
    }

    fn expected_expression(&mut self) -> super::Reported {
        self.error_here("expected an expression")
    }

    /// One or more adjacent string literals, joined.
    fn parse_strings(&mut self) -> ExprId {
        let lo = self.span().lo;
        let mut value = String::new();
        let mut formatted = false;
        while let TokenKind::Str(index) = self.cur.kind {
            let part = &mut self.strings[index];
            if value.is_empty() {
                value = std::mem::take(&mut part.value);
            } else {
                value.push_str(&part.value);
            }
            formatted |= part.formatted;
            self.bump();
        }
        let span = Span::new(lo, self.prev_hi());
        if formatted {
            self.unsupported("f-strings are not supported in kernels", span);
            return self.mk(ExprKind::Error, span);
        }
        let id = self.str_values.append(value);
        self.mk(ExprKind::Str(id), span)
    }

    /// `( )`, `(expr)` (its span then includes the parentheses), a tuple,
    /// or a generator expression.
    fn parse_paren(&mut self) -> PResult<ExprId> {
        let lo = self.bump().lo;
        if let Some(close) = self.eat(Punct::RParen) {
            return Ok(self.mk(ExprKind::Tuple(Seq::EMPTY), Span::new(lo, close.hi)));
        }
        let first = self.parse_test()?;
        if self.at_kw(Keyword::For) {
            return self.bracketed_comprehension(lo, Punct::RParen, "generator expressions");
        }
        if let Some(close) = self.eat(Punct::RParen) {
            self.exprs[first].span = Span::new(lo, close.hi);
            return Ok(first);
        }
        if !self.at(Punct::Comma) {
            return Err(self.error_here("expected ',' or ')'"));
        }
        let elems = self.expr_list(|p| {
            p.expr_lists.push(first);
            while p.eat(Punct::Comma).is_some() && !p.at(Punct::RParen) {
                let elem = p.parse_test()?;
                p.expr_lists.push(elem);
            }
            Ok(())
        })?;
        let close = self.expect(Punct::RParen, ")")?;
        Ok(self.mk(ExprKind::Tuple(elems), Span::new(lo, close.hi)))
    }

    /// `[a, b]` or a list comprehension.
    fn parse_list(&mut self) -> PResult<ExprId> {
        let lo = self.bump().lo;
        let mut elems = Seq::EMPTY;
        if !self.at(Punct::RBracket) {
            let first = self.parse_test()?;
            if self.at_kw(Keyword::For) {
                return self.bracketed_comprehension(lo, Punct::RBracket, "list comprehensions");
            }
            elems = self.expr_list(|p| {
                p.expr_lists.push(first);
                while p.eat(Punct::Comma).is_some() && !p.at(Punct::RBracket) {
                    let elem = p.parse_test()?;
                    p.expr_lists.push(elem);
                }
                Ok(())
            })?;
        }
        if !self.at(Punct::RBracket) {
            return Err(self.error_here("expected ',' or ']'"));
        }
        let close = self.bump();
        Ok(self.mk(ExprKind::List(elems), Span::new(lo, close.hi)))
    }

    /// `{...}`: every form (dict, set, comprehension) is unsupported; the
    /// message names the form.
    fn parse_brace(&mut self) -> PResult<ExprId> {
        let lo = self.bump().lo;
        let what = self.brace_kind();
        self.skip_to_closer();
        let close = self.expect(Punct::RBrace, "}")?;
        let span = Span::new(lo, close.hi);
        self.unsupported(format!("{what} are not supported in kernels"), span);
        Ok(self.mk(ExprKind::Error, span))
    }

    /// Looks ahead (without consuming) to classify a `{` display.
    fn brace_kind(&self) -> &'static str {
        let mut depth = 0u32;
        let (mut colon, mut comprehension) = (false, false);
        let mut i = self.pos;
        if matches!(
            self.tokens[i].kind,
            TokenKind::Punct(Punct::RBrace | Punct::DoubleStar)
        ) {
            return "dict displays";
        }
        while i < self.tokens.len() {
            match &self.tokens[i].kind {
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    if depth == 0 {
                        break;
                    }
                    depth -= 1;
                }
                TokenKind::Punct(Punct::Colon) if depth == 0 => colon = true,
                TokenKind::Keyword(Keyword::For) if depth == 0 => comprehension = true,
                TokenKind::Newline | TokenKind::Eof => break,
                _ => {}
            }
            i += 1;
        }
        match (colon, comprehension) {
            (true, true) => "dict comprehensions",
            (true, false) => "dict displays",
            (false, true) => "set comprehensions",
            (false, false) => "set displays",
        }
    }

    /// `lambda params: body`.
    fn parse_lambda(&mut self) -> PResult<ExprId> {
        let lo = self.bump().lo;
        if !self.skip_lambda_params() {
            return Err(self.error_here("expected ':'"));
        }
        let body = self.parse_test()?;
        let span = Span::new(lo, self.span_of(body).hi);
        self.unsupported("lambda expressions are not supported in kernels", span);
        Ok(self.mk(ExprKind::Error, span))
    }

    /// Skips a lambda's parameters through its `:` (the first one outside
    /// brackets); false at the end of the enclosing bracket or line.
    fn skip_lambda_params(&mut self) -> bool {
        let mut depth = 0u32;
        loop {
            match self.peek() {
                TokenKind::Punct(Punct::Colon) if depth == 0 => {
                    self.bump();
                    return true;
                }
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    if depth == 0 {
                        return false;
                    }
                    depth -= 1;
                }
                TokenKind::Newline | TokenKind::Eof => return false,
                _ => {}
            }
            self.bump();
        }
    }

    /// `yield [values]` or `yield from value`.
    fn parse_yield(&mut self) -> PResult<ExprId> {
        let lo = self.bump().lo;
        if self.eat_kw(Keyword::From).is_some() {
            self.parse_test()?;
        } else if super::expr::can_start_expr(self.peek()) {
            self.parse_testlist()?;
        }
        let span = Span::new(lo, self.prev_hi());
        self.unsupported("'yield' is not supported in kernels", span);
        Ok(self.mk(ExprKind::Error, span))
    }

    /// `*value`: the type checker takes it as an item of a tuple display
    /// (`(*idx, 0)`) and refuses it elsewhere.
    fn parse_starred(&mut self) -> PResult<ExprId> {
        let lo = self.bump().lo;
        self.enter()?;
        let value = self.parse_binary(PREC_BITOR);
        self.leave();
        let value = value?;
        let span = Span::new(lo, self.span_of(value).hi);
        Ok(self.mk(ExprKind::Starred(value), span))
    }

    /// Reports and skips a comprehension whose bracket opened at `lo`,
    /// through its closing bracket.
    fn bracketed_comprehension(&mut self, lo: u32, closer: Punct, what: &str) -> PResult<ExprId> {
        self.skip_to_closer();
        if !self.at(closer) {
            return Err(self.error_here("expected a closing bracket"));
        }
        let span = Span::new(lo, self.bump().hi);
        self.unsupported(format!("{what} are not supported in kernels"), span);
        Ok(self.mk(ExprKind::Error, span))
    }
}
