//! Expressions, with Python's precedence.
//!
//! From loosest to tightest: `lambda` and `x if c else y`; `or`; `and`;
//! `not`; comparisons (chained); `|`; `^`; `&`; `<<` `>>`; `+` `-`;
//! `*` `/` `//` `%` `@`; unary `+` `-` `~`; `**` (right-associative, and
//! tighter than a unary operator on its left); then calls, attributes and
//! subscripts. Binary levels are parsed by precedence climbing, so the
//! recursion depth does not grow with the length of an operator chain.
//!
//! Constructs kernels cannot use (lambdas, comprehensions, dict and set
//! displays, starred expressions, `yield`, `await`, `:=`, f-strings) are
//! parsed far enough to be skipped, reported, and returned as
//! [`ExprKind::Error`].

use super::{PResult, Parser};
use crate::diagnostics::Diagnostic;
use crate::front::ast::{BinOp, BoolOp, CmpOp, Expr, ExprKind, Ident, KeywordArg, UnaryOp};
use crate::front::token::{Keyword, Punct, TokenKind};
use crate::span::Span;

const PREC_OR: u8 = 1;
const PREC_AND: u8 = 2;
const PREC_NOT: u8 = 3;
const PREC_CMP: u8 = 4;
/// The level of `|`: for-loop targets and starred operands start here.
pub(super) const PREC_BITOR: u8 = 5;
const PREC_XOR: u8 = 6;
const PREC_BITAND: u8 = 7;
const PREC_SHIFT: u8 = 8;
const PREC_ARITH: u8 = 9;
const PREC_TERM: u8 = 10;

/// A binary operator found after an operand.
#[derive(Clone, Copy)]
enum Infix {
    Bool(BoolOp),
    Cmp,
    Bin(BinOp),
}

/// True when a token can begin an expression.
pub(super) fn can_start_expr(kind: &TokenKind) -> bool {
    match kind {
        TokenKind::Name(_) | TokenKind::Int(_) | TokenKind::Float(_) | TokenKind::Str { .. } => {
            true
        }
        TokenKind::Keyword(k) => matches!(
            k,
            Keyword::True
                | Keyword::False
                | Keyword::None
                | Keyword::Not
                | Keyword::Lambda
                | Keyword::Await
                | Keyword::Yield
        ),
        TokenKind::Punct(p) => matches!(
            p,
            Punct::LParen
                | Punct::LBracket
                | Punct::LBrace
                | Punct::Minus
                | Punct::Plus
                | Punct::Tilde
                | Punct::Ellipsis
                | Punct::Star
        ),
        _ => false,
    }
}

/// True for a token that cannot continue an expression (so a name or
/// literal before it is a whole expression).
fn ends_expression(kind: &TokenKind) -> bool {
    match kind {
        TokenKind::Newline | TokenKind::Eof => true,
        TokenKind::Punct(p) => matches!(
            p,
            Punct::Comma
                | Punct::RParen
                | Punct::RBracket
                | Punct::RBrace
                | Punct::Colon
                | Punct::Eq
                | Punct::Semi
                | Punct::PlusEq
                | Punct::MinusEq
                | Punct::StarEq
                | Punct::SlashEq
                | Punct::DoubleSlashEq
                | Punct::PercentEq
                | Punct::DoubleStarEq
                | Punct::AmpEq
                | Punct::PipeEq
                | Punct::CaretEq
                | Punct::LShiftEq
                | Punct::RShiftEq
                | Punct::AtEq
        ),
        _ => false,
    }
}

impl Parser<'_> {
    /// An expression: a conditional expression, `lambda`, or anything
    /// tighter (Python's `expression`, plus a reported `:=`).
    pub(super) fn parse_test(&mut self) -> PResult<Expr> {
        if ends_expression(self.peek_nth(1)) {
            if let Some(atom) = self.simple_operand() {
                return Ok(atom);
            }
        }
        self.enter()?;
        let result = self.parse_test_inner();
        self.leave();
        result
    }

    #[inline]
    fn parse_test_inner(&mut self) -> PResult<Expr> {
        let body = self.parse_binary(PREC_OR)?;
        if self.at_kw(Keyword::If) {
            self.bump();
            let test = self.parse_binary(PREC_OR)?;
            if self.eat_kw(Keyword::Else).is_none() {
                return Err(self.error_here("expected 'else' after 'if' expression"));
            }
            let orelse = self.parse_test()?;
            let span = body.span.to(orelse.span);
            let kind = ExprKind::IfExp {
                test: Box::new(test),
                body: Box::new(body),
                orelse: Box::new(orelse),
            };
            return Ok(self.mk(kind, span));
        }
        if self.eat(Punct::ColonEq).is_some() {
            let value = self.parse_test()?;
            let span = body.span.to(value.span);
            self.unsupported(
                "assignment expressions (':=') are not supported in kernels",
                span,
            );
            return Ok(self.mk(ExprKind::Error, span));
        }
        Ok(body)
    }

    /// One or more expressions separated by commas (a trailing comma is
    /// allowed); two or more, or a trailing comma, make a [`ExprKind::Tuple`].
    pub(super) fn parse_testlist(&mut self) -> PResult<Expr> {
        self.parse_tuple_of(Self::parse_test)
    }

    /// The target of a `for` loop: like [`Self::parse_testlist`] but each
    /// element stops before `in`.
    pub(super) fn parse_target_list(&mut self) -> PResult<Expr> {
        self.parse_tuple_of(|p| p.parse_binary(PREC_BITOR))
    }

    fn parse_tuple_of(&mut self, item: impl Fn(&mut Self) -> PResult<Expr>) -> PResult<Expr> {
        let first = item(self)?;
        if !self.at(Punct::Comma) {
            return Ok(first);
        }
        let lo = first.span.lo;
        let mut elems = vec![first];
        while self.eat(Punct::Comma).is_some() {
            if !can_start_expr(self.peek()) {
                break;
            }
            elems.push(item(self)?);
        }
        let span = Span::new(lo, self.prev_hi);
        Ok(self.mk(ExprKind::Tuple(elems), span))
    }

    // ----- binary operators ---------------------------------------------

    fn infix(&self) -> Option<(Infix, u8)> {
        Some(match self.peek() {
            TokenKind::Keyword(Keyword::Or) => (Infix::Bool(BoolOp::Or), PREC_OR),
            TokenKind::Keyword(Keyword::And) => (Infix::Bool(BoolOp::And), PREC_AND),
            TokenKind::Punct(p) => match p {
                Punct::Pipe => (Infix::Bin(BinOp::BitOr), PREC_BITOR),
                Punct::Caret => (Infix::Bin(BinOp::BitXor), PREC_XOR),
                Punct::Amp => (Infix::Bin(BinOp::BitAnd), PREC_BITAND),
                Punct::LShift => (Infix::Bin(BinOp::LShift), PREC_SHIFT),
                Punct::RShift => (Infix::Bin(BinOp::RShift), PREC_SHIFT),
                Punct::Plus => (Infix::Bin(BinOp::Add), PREC_ARITH),
                Punct::Minus => (Infix::Bin(BinOp::Sub), PREC_ARITH),
                Punct::Star => (Infix::Bin(BinOp::Mul), PREC_TERM),
                Punct::Slash => (Infix::Bin(BinOp::Div), PREC_TERM),
                Punct::DoubleSlash => (Infix::Bin(BinOp::FloorDiv), PREC_TERM),
                Punct::Percent => (Infix::Bin(BinOp::Mod), PREC_TERM),
                Punct::At => (Infix::Bin(BinOp::MatMul), PREC_TERM),
                _ => {
                    self.cmp_op()?;
                    (Infix::Cmp, PREC_CMP)
                }
            },
            _ => {
                self.cmp_op()?;
                (Infix::Cmp, PREC_CMP)
            }
        })
    }

    /// The comparison operator at the current token and how many tokens it
    /// takes (`not in` and `is not` take two).
    fn cmp_op(&self) -> Option<(CmpOp, usize)> {
        Some(match self.peek() {
            TokenKind::Punct(p) => match p {
                Punct::Lt => (CmpOp::Lt, 1),
                Punct::Gt => (CmpOp::Gt, 1),
                Punct::LtEq => (CmpOp::LtE, 1),
                Punct::GtEq => (CmpOp::GtE, 1),
                Punct::EqEq => (CmpOp::Eq, 1),
                Punct::NotEq => (CmpOp::NotEq, 1),
                _ => return None,
            },
            TokenKind::Keyword(Keyword::In) => (CmpOp::In, 1),
            TokenKind::Keyword(Keyword::Is) => {
                if matches!(self.peek_nth(1), TokenKind::Keyword(Keyword::Not)) {
                    (CmpOp::IsNot, 2)
                } else {
                    (CmpOp::Is, 1)
                }
            }
            TokenKind::Keyword(Keyword::Not)
                if matches!(self.peek_nth(1), TokenKind::Keyword(Keyword::In)) =>
            {
                (CmpOp::NotIn, 2)
            }
            _ => return None,
        })
    }

    /// Operators binding at least as tightly as `min`, by precedence climbing.
    pub(super) fn parse_binary(&mut self, min: u8) -> PResult<Expr> {
        let mut left = if let Some(atom) = self.simple_operand() {
            atom
        } else if min <= PREC_NOT && self.at_kw(Keyword::Not) {
            self.parse_not()?
        } else {
            self.parse_unary()?
        };
        while let Some((infix, prec)) = self.infix() {
            if prec < min {
                break;
            }
            left = match infix {
                Infix::Bool(op) => self.parse_bool_chain(left, op, prec)?,
                Infix::Cmp => self.parse_compare(left)?,
                Infix::Bin(op) => {
                    self.bump();
                    let right = self.parse_operand(prec + 1)?;
                    let span = left.span.to(right.span);
                    let kind = ExprKind::BinOp {
                        op,
                        left: Box::new(left),
                        right: Box::new(right),
                    };
                    self.mk(kind, span)
                }
            };
        }
        Ok(left)
    }

    /// The right operand of a binary operator. It counts as one level of
    /// nesting, which bounds the stack used by `a + (b * (c - ...))`.
    fn parse_operand(&mut self, min: u8) -> PResult<Expr> {
        self.enter()?;
        let operand = self.parse_binary(min);
        self.leave();
        operand
    }

    /// Fast path for the most common operand: a name or literal that no
    /// postfix operator or `**` follows. It skips the unary, power, primary
    /// and atom layers (each of which would move the node once more).
    fn simple_operand(&mut self) -> Option<Expr> {
        let kind = match self.peek() {
            TokenKind::Name(name) => ExprKind::Name(*name),
            TokenKind::Int(v) => ExprKind::Int(*v),
            TokenKind::Float(v) => ExprKind::Float(*v),
            TokenKind::Keyword(Keyword::True) => ExprKind::Bool(true),
            TokenKind::Keyword(Keyword::False) => ExprKind::Bool(false),
            TokenKind::Keyword(Keyword::None) => ExprKind::NoneLit,
            _ => return None,
        };
        if matches!(
            self.peek_nth(1),
            TokenKind::Punct(Punct::Dot | Punct::LParen | Punct::LBracket | Punct::DoubleStar)
        ) {
            return None;
        }
        let span = self.bump();
        Some(self.mk(kind, span))
    }

    fn parse_bool_chain(&mut self, first: Expr, op: BoolOp, prec: u8) -> PResult<Expr> {
        let mut values = vec![first];
        while matches!(self.infix(), Some((Infix::Bool(o), _)) if o == op) {
            self.bump();
            values.push(self.parse_operand(prec + 1)?);
        }
        let span = values[0].span.to(values[values.len() - 1].span);
        Ok(self.mk(ExprKind::BoolOp { op, values }, span))
    }

    fn parse_compare(&mut self, left: Expr) -> PResult<Expr> {
        let mut ops = Vec::new();
        while let Some((op, len)) = self.cmp_op() {
            for _ in 0..len {
                self.bump();
            }
            ops.push((op, self.parse_operand(PREC_CMP + 1)?));
        }
        let hi = ops.last().map_or(left.span.hi, |(_, e)| e.span.hi);
        let span = Span::new(left.span.lo, hi);
        let kind = ExprKind::Compare {
            left: Box::new(left),
            ops,
        };
        Ok(self.mk(kind, span))
    }

    /// `not x`, whose operand may be a comparison or another `not`.
    fn parse_not(&mut self) -> PResult<Expr> {
        let lo = self.bump().lo;
        self.enter()?;
        let operand = self.parse_binary(PREC_NOT);
        self.leave();
        self.unary(UnaryOp::Not, lo, operand?)
    }

    fn unary(&mut self, op: UnaryOp, lo: u32, operand: Expr) -> PResult<Expr> {
        let span = Span::new(lo, operand.span.hi);
        let kind = ExprKind::UnaryOp {
            op,
            operand: Box::new(operand),
        };
        Ok(self.mk(kind, span))
    }

    // ----- unary, power, primary ----------------------------------------

    fn parse_unary(&mut self) -> PResult<Expr> {
        let op = match self.peek() {
            TokenKind::Punct(Punct::Minus) => UnaryOp::Neg,
            TokenKind::Punct(Punct::Plus) => UnaryOp::Pos,
            TokenKind::Punct(Punct::Tilde) => UnaryOp::Invert,
            TokenKind::Keyword(Keyword::Await) => return self.parse_await(),
            _ => return self.parse_power(),
        };
        let lo = self.bump().lo;
        self.enter()?;
        let operand = self.parse_unary();
        self.leave();
        self.unary(op, lo, operand?)
    }

    fn parse_await(&mut self) -> PResult<Expr> {
        let lo = self.bump().lo;
        self.enter()?;
        let operand = self.parse_unary();
        self.leave();
        let span = Span::new(lo, operand?.span.hi);
        self.unsupported("'await' expressions are not supported in kernels", span);
        Ok(self.mk(ExprKind::Error, span))
    }

    /// `primary ['**' unary]`: `-2**2` is `-(2**2)` and `2**-1` is `2**(-1)`.
    fn parse_power(&mut self) -> PResult<Expr> {
        let base = self.parse_primary()?;
        if self.eat(Punct::DoubleStar).is_none() {
            return Ok(base);
        }
        self.enter()?;
        let exponent = self.parse_unary();
        self.leave();
        let exponent = exponent?;
        let span = base.span.to(exponent.span);
        let kind = ExprKind::BinOp {
            op: BinOp::Pow,
            left: Box::new(base),
            right: Box::new(exponent),
        };
        Ok(self.mk(kind, span))
    }

    /// An atom followed by any number of `.name`, `(args)` and `[index]`.
    fn parse_primary(&mut self) -> PResult<Expr> {
        let mut value = self.parse_atom()?;
        loop {
            value = match self.peek() {
                TokenKind::Punct(Punct::Dot) => {
                    self.bump();
                    let attr = self.expect_ident("expected an attribute name after '.'")?;
                    let span = value.span.to(attr.span);
                    let kind = ExprKind::Attribute {
                        value: Box::new(value),
                        attr,
                    };
                    self.mk(kind, span)
                }
                TokenKind::Punct(Punct::LParen) => self.parse_call(value)?,
                TokenKind::Punct(Punct::LBracket) => self.parse_subscript(value)?,
                _ => return Ok(value),
            };
        }
    }

    /// An identifier, or an error with `message`.
    pub(super) fn expect_ident(&mut self, message: &str) -> PResult<Ident> {
        match *self.peek() {
            TokenKind::Name(name) => {
                let span = self.bump();
                Ok(Ident { name, span })
            }
            _ => Err(self.error_here(message)),
        }
    }

    // ----- calls and subscripts -----------------------------------------

    fn parse_call(&mut self, func: Expr) -> PResult<Expr> {
        self.bump();
        let mut args = Vec::new();
        let mut keywords: Vec<KeywordArg> = Vec::new();
        while !self.at(Punct::RParen) {
            self.parse_argument(&mut args, &mut keywords)?;
            if self.eat(Punct::Comma).is_none() && !self.at(Punct::RParen) {
                return Err(self.error_here("expected ',' or ')' after a call argument"));
            }
        }
        let close = self.bump();
        let span = func.span.to(close);
        let kind = ExprKind::Call {
            func: Box::new(func),
            args,
            keywords,
        };
        Ok(self.mk(kind, span))
    }

    fn parse_argument(
        &mut self,
        args: &mut Vec<Expr>,
        keywords: &mut Vec<KeywordArg>,
    ) -> PResult<()> {
        if self.at(Punct::DoubleStar) {
            let lo = self.bump().lo;
            let value = self.parse_test()?;
            let span = Span::new(lo, value.span.hi);
            self.unsupported("'**' argument unpacking is not supported in kernels", span);
            let error = self.mk(ExprKind::Error, span);
            args.push(error);
            return Ok(());
        }
        if let (TokenKind::Name(name), TokenKind::Punct(Punct::Eq)) =
            (self.peek(), self.peek_nth(1))
        {
            let name = Ident {
                name: *name,
                span: self.span(),
            };
            self.bump();
            self.bump();
            let value = self.parse_test()?;
            if keywords.iter().any(|k| k.name.name == name.name) {
                let text = self.interner.resolve(name.name).to_string();
                self.error(format!("keyword argument repeated: '{text}'"), name.span);
            }
            let span = name.span.to(value.span);
            keywords.push(KeywordArg { name, value, span });
            return Ok(());
        }
        let mut arg = self.parse_test()?;
        if self.at_kw(Keyword::For) {
            arg = self.skip_comprehension(arg.span.lo, "generator expressions")?;
        } else if self.at(Punct::Eq) {
            let span = self.span();
            return Err(self.error(
                "expression cannot contain assignment, perhaps you meant '=='?",
                span,
            ));
        }
        if let Some(kw) = keywords.first() {
            if !matches!(arg.kind, ExprKind::Error) {
                let diag =
                    Diagnostic::error("positional argument follows keyword argument", arg.span)
                        .with_secondary(kw.span, "first keyword argument here");
                self.error_diag(diag);
            }
        }
        args.push(arg);
        Ok(())
    }

    /// Reports a comprehension whose first element started at `lo` and
    /// skips it up to the enclosing closing bracket (not consumed).
    fn skip_comprehension(&mut self, lo: u32, what: &str) -> PResult<Expr> {
        self.skip_to_closer();
        let span = Span::new(lo, self.prev_hi);
        self.unsupported(format!("{what} are not supported in kernels"), span);
        Ok(self.mk(ExprKind::Error, span))
    }

    fn parse_subscript(&mut self, value: Expr) -> PResult<Expr> {
        self.bump();
        let first = self.parse_slice_item()?;
        let index = if self.at(Punct::Comma) {
            let lo = first.span.lo;
            let mut elems = vec![first];
            while self.eat(Punct::Comma).is_some() && !self.at(Punct::RBracket) {
                elems.push(self.parse_slice_item()?);
            }
            let span = Span::new(lo, self.prev_hi);
            self.mk(ExprKind::Tuple(elems), span)
        } else {
            first
        };
        let close = self.expect(Punct::RBracket, "]")?;
        let span = value.span.to(close);
        let kind = ExprKind::Subscript {
            value: Box::new(value),
            index: Box::new(index),
        };
        Ok(self.mk(kind, span))
    }

    /// An index or a slice `[lower]:[upper][:[step]]`.
    fn parse_slice_item(&mut self) -> PResult<Expr> {
        let lo = self.span().lo;
        let lower = if self.at(Punct::Colon) {
            None
        } else {
            let e = self.parse_test()?;
            if !self.at(Punct::Colon) {
                return Ok(e);
            }
            Some(Box::new(e))
        };
        self.bump();
        let upper = self.parse_slice_bound()?;
        let step = if self.eat(Punct::Colon).is_some() {
            self.parse_slice_bound()?
        } else {
            None
        };
        let span = Span::new(lo, self.prev_hi);
        Ok(self.mk(ExprKind::Slice { lower, upper, step }, span))
    }

    fn parse_slice_bound(&mut self) -> PResult<Option<Box<Expr>>> {
        if matches!(
            self.peek(),
            TokenKind::Punct(Punct::Colon | Punct::Comma | Punct::RBracket)
        ) {
            return Ok(None);
        }
        Ok(Some(Box::new(self.parse_test()?)))
    }
}
