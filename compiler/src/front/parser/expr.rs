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
use crate::front::ast::Seq;
use crate::front::ast::{BinOp, BoolOp, CmpOp, ExprId, ExprKind, Ident, KeywordArg, UnaryOp};
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

/// The binding power of each punctuation token as a binary operator
/// (comparisons included), by [`Punct`] discriminant; 0 for a token that
/// is not one. A single lookup tells whether an operand is followed by an
/// operator at all (usually it is not: `)`, `,`, `]`, `:`, a newline).
const PUNCT_PREC: [u8; Punct::Ellipsis as usize + 1] = {
    let mut table = [0; Punct::Ellipsis as usize + 1];
    table[Punct::Pipe as usize] = PREC_BITOR;
    table[Punct::Caret as usize] = PREC_XOR;
    table[Punct::Amp as usize] = PREC_BITAND;
    table[Punct::LShift as usize] = PREC_SHIFT;
    table[Punct::RShift as usize] = PREC_SHIFT;
    table[Punct::Plus as usize] = PREC_ARITH;
    table[Punct::Minus as usize] = PREC_ARITH;
    table[Punct::Star as usize] = PREC_TERM;
    table[Punct::Slash as usize] = PREC_TERM;
    table[Punct::DoubleSlash as usize] = PREC_TERM;
    table[Punct::Percent as usize] = PREC_TERM;
    table[Punct::At as usize] = PREC_TERM;
    table[Punct::Lt as usize] = PREC_CMP;
    table[Punct::Gt as usize] = PREC_CMP;
    table[Punct::LtEq as usize] = PREC_CMP;
    table[Punct::GtEq as usize] = PREC_CMP;
    table[Punct::EqEq as usize] = PREC_CMP;
    table[Punct::NotEq as usize] = PREC_CMP;
    table
};

/// The arithmetic or bitwise operator of a punctuation token whose
/// [`PUNCT_PREC`] is above [`PREC_CMP`].
fn bin_op(p: Punct) -> BinOp {
    match p {
        Punct::Pipe => BinOp::BitOr,
        Punct::Caret => BinOp::BitXor,
        Punct::Amp => BinOp::BitAnd,
        Punct::LShift => BinOp::LShift,
        Punct::RShift => BinOp::RShift,
        Punct::Plus => BinOp::Add,
        Punct::Minus => BinOp::Sub,
        Punct::Star => BinOp::Mul,
        Punct::Slash => BinOp::Div,
        Punct::DoubleSlash => BinOp::FloorDiv,
        Punct::Percent => BinOp::Mod,
        _ => BinOp::MatMul,
    }
}

/// True when a token can begin an expression.
pub(super) fn can_start_expr(kind: &TokenKind) -> bool {
    match kind {
        TokenKind::Name(_)
        | TokenKind::Int(_)
        | TokenKind::Float(_)
        | TokenKind::Imag(_)
        | TokenKind::Str(_) => true,
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
    /// An expression (Python's `expression`): `body if test else orelse`,
    /// or an operator expression, plus a reported `:=`.
    ///
    /// An expression nests one level deeper than where it is, except a lone
    /// name or literal, which is accepted even at the nesting limit.
    pub(super) fn parse_test(&mut self) -> PResult<ExprId> {
        if let Some(kind) = self.leaf_kind() {
            if ends_expression(self.peek_nth(1)) {
                let span = self.bump();
                return Ok(self.mk(kind, span));
            }
        }
        self.enter()?;
        let result = self.parse_conditional();
        self.leave();
        result
    }

    /// The body of [`Self::parse_test`]: an operator expression, then
    /// `if ... else ...` or a (reported) `:=`.
    fn parse_conditional(&mut self) -> PResult<ExprId> {
        let body = self.parse_binary(PREC_OR)?;
        if self.eat_kw(Keyword::If).is_some() {
            let test = self.parse_binary(PREC_OR)?;
            if self.eat_kw(Keyword::Else).is_none() {
                return Err(self.error_here("expected 'else' after 'if' expression"));
            }
            let orelse = self.parse_test()?;
            let span = self.span_of(body).to(self.span_of(orelse));
            return Ok(self.mk(ExprKind::IfExp { test, body, orelse }, span));
        }
        if self.eat(Punct::ColonEq).is_some() {
            let value = self.parse_test()?;
            let span = self.span_of(body).to(self.span_of(value));
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
    pub(super) fn parse_testlist(&mut self) -> PResult<ExprId> {
        let first = self.parse_test()?;
        if !self.at(Punct::Comma) {
            return Ok(first);
        }
        self.tuple_rest(first, Self::parse_test)
    }

    /// The target of a `for` loop: like [`Self::parse_testlist`] but each
    /// element stops before `in`.
    pub(super) fn parse_target_list(&mut self) -> PResult<ExprId> {
        let first = self.parse_binary(PREC_BITOR)?;
        if !self.at(Punct::Comma) {
            return Ok(first);
        }
        self.tuple_rest(first, |p| p.parse_binary(PREC_BITOR))
    }

    /// The tuple whose first element `first` was parsed with `item`, from
    /// the comma after it.
    fn tuple_rest(
        &mut self,
        first: ExprId,
        item: impl Fn(&mut Self) -> PResult<ExprId>,
    ) -> PResult<ExprId> {
        let lo = self.span_of(first).lo;
        let elems = self.expr_list(|p| {
            p.expr_lists.push(first);
            while p.eat(Punct::Comma).is_some() {
                if !can_start_expr(p.peek()) {
                    break;
                }
                let elem = item(p)?;
                p.expr_lists.push(elem);
            }
            Ok(())
        })?;
        let span = Span::new(lo, self.prev_hi());
        Ok(self.mk(ExprKind::Tuple(elems), span))
    }

    /// A list of the expressions that `items` pushes on `self.expr_lists`
    /// (nothing is left on the scratch stack when `items` fails).
    pub(super) fn expr_list(
        &mut self,
        items: impl FnOnce(&mut Self) -> PResult<()>,
    ) -> PResult<Seq<ExprId>> {
        let mark = self.expr_lists.start();
        match items(self) {
            Ok(()) => Ok(self.expr_lists.finish(mark)),
            Err(e) => {
                self.expr_lists.discard(mark);
                Err(e)
            }
        }
    }

    // ----- binary operators ---------------------------------------------

    /// The binding power of the binary operator at the current token
    /// (`or`, `and`, a comparison, or an arithmetic or bitwise operator),
    /// or 0 when the token is not one.
    #[inline]
    fn infix_prec(&self) -> u8 {
        match self.cur.kind {
            TokenKind::Punct(p) => PUNCT_PREC[p as usize],
            TokenKind::Keyword(k) => match k {
                Keyword::Or => PREC_OR,
                Keyword::And => PREC_AND,
                Keyword::In | Keyword::Is => PREC_CMP,
                Keyword::Not if matches!(self.peek_nth(1), TokenKind::Keyword(Keyword::In)) => {
                    PREC_CMP
                }
                _ => 0,
            },
            _ => 0,
        }
    }

    /// The comparison operator at the current token and how many tokens it
    /// takes (`not in` and `is not` take two).
    #[inline]
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
    pub(super) fn parse_binary(&mut self, min: u8) -> PResult<ExprId> {
        let left = if let Some(kind) = self.leaf_kind() {
            self.leaf_operand(kind)?
        } else if min <= PREC_NOT && self.at_kw(Keyword::Not) {
            self.parse_not()?
        } else {
            self.parse_unary()?
        };
        self.parse_infix(left, min)
    }

    /// The binary operators binding at least as tightly as `min` that
    /// follow the operand `left`, by precedence climbing.
    #[inline(always)]
    fn parse_infix(&mut self, mut left: ExprId, min: u8) -> PResult<ExprId> {
        loop {
            // `min` is at least 1, so a token that is no operator (0) stops.
            let prec = self.infix_prec();
            if prec < min {
                return Ok(left);
            }
            left = match self.cur.kind {
                TokenKind::Punct(p) if prec > PREC_CMP => {
                    self.bump();
                    let right = self.parse_operand(prec + 1)?;
                    let span = self.span_of(left).to(self.span_of(right));
                    let op = bin_op(p);
                    self.mk(ExprKind::BinOp { op, left, right }, span)
                }
                _ if prec == PREC_OR => {
                    self.parse_bool_chain(left, BoolOp::Or, Keyword::Or, prec)?
                }
                _ if prec == PREC_AND => {
                    self.parse_bool_chain(left, BoolOp::And, Keyword::And, prec)?
                }
                _ => self.parse_compare(left)?,
            };
        }
    }

    /// The right operand of a binary operator. It counts as one level of
    /// nesting, which bounds the stack used by `a + (b * (c - ...))`.
    fn parse_operand(&mut self, min: u8) -> PResult<ExprId> {
        self.enter()?;
        let operand = self.parse_binary(min);
        self.leave();
        operand
    }

    /// The expression kind of a name or literal token (the operands that
    /// [`Self::leaf_operand`] handles).
    #[inline]
    fn leaf_kind(&self) -> Option<ExprKind> {
        Some(match self.cur.kind {
            TokenKind::Name(name) => ExprKind::Name(name),
            TokenKind::Int(v) => ExprKind::Int(v),
            TokenKind::Float(v) => ExprKind::Float(v),
            TokenKind::Imag(v) => ExprKind::Imag(v),
            TokenKind::Keyword(Keyword::True) => ExprKind::Bool(true),
            TokenKind::Keyword(Keyword::False) => ExprKind::Bool(false),
            TokenKind::Keyword(Keyword::None) => ExprKind::NoneLit,
            _ => return None,
        })
    }

    /// The most common operand, a name or literal (the current token, of
    /// kind `kind`), with its postfix operators and `**`: what
    /// [`Self::parse_unary`] would give, without the unary and atom layers.
    fn leaf_operand(&mut self, kind: ExprKind) -> PResult<ExprId> {
        let span = self.bump();
        let leaf = self.mk(kind, span);
        let value = self.parse_postfix(leaf)?;
        self.parse_power_of(value)
    }

    /// `first op b op c ...`, where `kw` is the keyword spelling `op`.
    fn parse_bool_chain(
        &mut self,
        first: ExprId,
        op: BoolOp,
        kw: Keyword,
        prec: u8,
    ) -> PResult<ExprId> {
        let mut last = first;
        let values = self.expr_list(|p| {
            p.expr_lists.push(first);
            while p.at_kw(kw) {
                p.bump();
                last = p.parse_operand(prec + 1)?;
                p.expr_lists.push(last);
            }
            Ok(())
        })?;
        let span = self.span_of(first).to(self.span_of(last));
        Ok(self.mk(ExprKind::BoolOp { op, values }, span))
    }

    /// `left op1 b op2 c ...`: a chain of comparisons.
    fn parse_compare(&mut self, left: ExprId) -> PResult<ExprId> {
        let mark = self.comparisons.start();
        let mut last = left;
        loop {
            match self.comparison() {
                Ok(Some(pair)) => {
                    last = pair.1;
                    self.comparisons.push(pair);
                }
                Ok(None) => break,
                Err(e) => {
                    self.comparisons.discard(mark);
                    return Err(e);
                }
            }
        }
        let ops = self.comparisons.finish(mark);
        let span = Span::new(self.span_of(left).lo, self.span_of(last).hi);
        Ok(self.mk(ExprKind::Compare { left, ops }, span))
    }

    /// The comparison operator at the current token and its right operand,
    /// or `None` at a token that is no comparison operator.
    fn comparison(&mut self) -> PResult<Option<(CmpOp, ExprId)>> {
        let Some((op, len)) = self.cmp_op() else {
            return Ok(None);
        };
        for _ in 0..len {
            self.bump();
        }
        let right = self.parse_operand(PREC_CMP + 1)?;
        Ok(Some((op, right)))
    }

    /// `not x`, whose operand may be a comparison or another `not`.
    fn parse_not(&mut self) -> PResult<ExprId> {
        let lo = self.bump().lo;
        self.enter()?;
        let operand = self.parse_binary(PREC_NOT);
        self.leave();
        self.unary(UnaryOp::Not, lo, operand?)
    }

    fn unary(&mut self, op: UnaryOp, lo: u32, operand: ExprId) -> PResult<ExprId> {
        let span = Span::new(lo, self.span_of(operand).hi);
        Ok(self.mk(ExprKind::UnaryOp { op, operand }, span))
    }

    // ----- unary, power, primary ----------------------------------------

    fn parse_unary(&mut self) -> PResult<ExprId> {
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

    fn parse_await(&mut self) -> PResult<ExprId> {
        let lo = self.bump().lo;
        self.enter()?;
        let operand = self.parse_unary();
        self.leave();
        let span = Span::new(lo, self.span_of(operand?).hi);
        self.unsupported("'await' expressions are not supported in kernels", span);
        Ok(self.mk(ExprKind::Error, span))
    }

    /// `primary ['**' unary]`: `-2**2` is `-(2**2)` and `2**-1` is `2**(-1)`.
    #[inline]
    fn parse_power(&mut self) -> PResult<ExprId> {
        let base = self.parse_primary()?;
        self.parse_power_of(base)
    }

    /// `['**' unary]` after the primary `base`.
    #[inline(always)]
    fn parse_power_of(&mut self, base: ExprId) -> PResult<ExprId> {
        if !self.at(Punct::DoubleStar) {
            return Ok(base);
        }
        self.bump();
        self.enter()?;
        let exponent = self.parse_unary();
        self.leave();
        let exponent = exponent?;
        let span = self.span_of(base).to(self.span_of(exponent));
        let kind = ExprKind::BinOp {
            op: BinOp::Pow,
            left: base,
            right: exponent,
        };
        Ok(self.mk(kind, span))
    }

    /// An atom followed by any number of `.name`, `(args)` and `[index]`.
    #[inline]
    fn parse_primary(&mut self) -> PResult<ExprId> {
        let value = self.parse_atom()?;
        self.parse_postfix(value)
    }

    /// Any number of `.name`, `(args)` and `[index]` after `value`.
    fn parse_postfix(&mut self, mut value: ExprId) -> PResult<ExprId> {
        loop {
            value = match self.peek() {
                TokenKind::Punct(Punct::Dot) => {
                    self.bump();
                    let attr = self.expect_ident("expected an attribute name after '.'")?;
                    let span = self.span_of(value).to(attr.span);
                    self.mk(ExprKind::Attribute { value, attr }, span)
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

    fn parse_call(&mut self, func: ExprId) -> PResult<ExprId> {
        self.bump();
        let (arg_mark, kw_mark) = (self.expr_lists.start(), self.keywords.start());
        if let Err(e) = self.parse_arguments(kw_mark) {
            self.expr_lists.discard(arg_mark);
            self.keywords.discard(kw_mark);
            return Err(e);
        }
        let close = self.bump();
        let span = self.span_of(func).to(close);
        let kind = ExprKind::Call {
            func,
            args: self.expr_lists.finish(arg_mark),
            keywords: self.keywords.finish(kw_mark),
        };
        Ok(self.mk(kind, span))
    }

    /// A call's arguments up to (not including) its `)`, pushed on the
    /// expression and keyword lists; the call's keywords start at `kw_mark`.
    fn parse_arguments(&mut self, kw_mark: usize) -> PResult<()> {
        loop {
            if self.at(Punct::RParen) {
                return Ok(());
            }
            self.parse_argument(kw_mark)?;
            match self.cur.kind {
                TokenKind::Punct(Punct::Comma) => {
                    self.bump();
                }
                TokenKind::Punct(Punct::RParen) => return Ok(()),
                _ => return Err(self.error_here("expected ',' or ')' after a call argument")),
            }
        }
    }

    fn parse_argument(&mut self, kw_mark: usize) -> PResult<()> {
        if self.at(Punct::Star) {
            return self.parse_starred_argument();
        }
        if self.at(Punct::DoubleStar) {
            let lo = self.bump().lo;
            let value = self.parse_test()?;
            let span = Span::new(lo, self.span_of(value).hi);
            self.unsupported("'**' argument unpacking is not supported in kernels", span);
            let error = self.mk(ExprKind::Error, span);
            self.expr_lists.push(error);
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
            let earlier = self.keywords.pending(kw_mark);
            if earlier.iter().any(|k| k.name.name == name.name) {
                let text = self.interner.resolve(name.name).to_string();
                self.error(format!("keyword argument repeated: '{text}'"), name.span);
            }
            let span = name.span.to(self.span_of(value));
            self.keywords.push(KeywordArg { name, value, span });
            return Ok(());
        }
        let mut arg = self.parse_test()?;
        match self.cur.kind {
            TokenKind::Punct(Punct::Comma | Punct::RParen) => {}
            TokenKind::Keyword(Keyword::For) => {
                arg = self.skip_comprehension(self.span_of(arg).lo, "generator expressions")?;
            }
            TokenKind::Punct(Punct::Eq) => {
                let span = self.span();
                return Err(self.error(
                    "expression cannot contain assignment, perhaps you meant '=='?",
                    span,
                ));
            }
            _ => {}
        }
        if let Some(first_kw) = self.keywords.pending(kw_mark).first() {
            let arg = self.expr(arg);
            if !matches!(arg.kind, ExprKind::Error) {
                let diag =
                    Diagnostic::error("positional argument follows keyword argument", arg.span)
                        .with_secondary(first_kw.span, "first keyword argument here");
                self.error_diag(diag);
            }
        }
        self.expr_lists.push(arg);
        Ok(())
    }

    /// `*value`, a starred argument. Out of line: `parse_argument` is on
    /// the parser's recursion, whose frames the nesting limit is sized for.
    #[inline(never)]
    fn parse_starred_argument(&mut self) -> PResult<()> {
        let lo = self.bump().lo;
        let value = self.parse_test()?;
        let span = Span::new(lo, self.span_of(value).hi);
        let starred = self.mk(ExprKind::Starred(value), span);
        self.expr_lists.push(starred);
        Ok(())
    }

    /// Reports a comprehension whose first element started at `lo` and
    /// skips it up to the enclosing closing bracket (not consumed).
    fn skip_comprehension(&mut self, lo: u32, what: &str) -> PResult<ExprId> {
        self.skip_to_closer();
        let span = Span::new(lo, self.prev_hi());
        self.unsupported(format!("{what} are not supported in kernels"), span);
        Ok(self.mk(ExprKind::Error, span))
    }

    fn parse_subscript(&mut self, value: ExprId) -> PResult<ExprId> {
        self.bump();
        let first = self.parse_slice_item()?;
        let index = if self.at(Punct::Comma) {
            let lo = self.span_of(first).lo;
            let elems = self.expr_list(|p| {
                p.expr_lists.push(first);
                while p.eat(Punct::Comma).is_some() && !p.at(Punct::RBracket) {
                    let elem = p.parse_slice_item()?;
                    p.expr_lists.push(elem);
                }
                Ok(())
            })?;
            let span = Span::new(lo, self.prev_hi());
            self.mk(ExprKind::Tuple(elems), span)
        } else {
            first
        };
        let close = self.expect(Punct::RBracket, "]")?;
        let span = self.span_of(value).to(close);
        Ok(self.mk(ExprKind::Subscript { value, index }, span))
    }

    /// An index or a slice `[lower]:[upper][:[step]]` (a slice is made by
    /// [`Self::parse_slice`]).
    fn parse_slice_item(&mut self) -> PResult<ExprId> {
        let lo = self.span().lo;
        let lower = if self.at(Punct::Colon) {
            None
        } else {
            let e = self.parse_test()?;
            if !self.at(Punct::Colon) {
                return Ok(e);
            }
            Some(e)
        };
        self.parse_slice(lo, lower)
    }

    /// The slice that starts at `lo` with `lower`, from its first `:`.
    #[inline(never)]
    fn parse_slice(&mut self, lo: u32, lower: Option<ExprId>) -> PResult<ExprId> {
        self.bump();
        let upper = self.parse_slice_bound()?;
        let step = if self.eat(Punct::Colon).is_some() {
            self.parse_slice_bound()?
        } else {
            None
        };
        let span = Span::new(lo, self.prev_hi());
        Ok(self.mk(ExprKind::Slice { lower, upper, step }, span))
    }

    fn parse_slice_bound(&mut self) -> PResult<Option<ExprId>> {
        if matches!(
            self.peek(),
            TokenKind::Punct(Punct::Colon | Punct::Comma | Punct::RBracket)
        ) {
            return Ok(None);
        }
        Ok(Some(self.parse_test()?))
    }
}
