//! Statements: simple statements on logical lines, and compound statements
//! (`if`, `while`, `for`, `def` with decorators) with their blocks.
//!
//! Unsupported statements (`class`, `try`, `with`, `async`, `raise`) are
//! reported once, at their keyword, and skipped with their whole block.
//! A compound statement whose header has an error is kept, with what could
//! be parsed, and its body is still parsed so errors inside it are found.

use super::expr::can_start_expr;
use super::targets::TargetCtx;
use super::{PResult, Parser};
use crate::front::ast::{
    BinOp, ClassDef, DottedName, ExprId, ExprKind, FunctionDef, Ident, ImportAlias, Param, Seq,
    Stmt, StmtKind,
};
use crate::front::token::{Keyword, Punct, TokenKind};
use crate::span::Span;

/// The `op` of an augmented assignment token `op=`.
fn aug_op(p: Punct) -> Option<BinOp> {
    Some(match p {
        Punct::PlusEq => BinOp::Add,
        Punct::MinusEq => BinOp::Sub,
        Punct::StarEq => BinOp::Mul,
        Punct::SlashEq => BinOp::Div,
        Punct::DoubleSlashEq => BinOp::FloorDiv,
        Punct::PercentEq => BinOp::Mod,
        Punct::DoubleStarEq => BinOp::Pow,
        Punct::LShiftEq => BinOp::LShift,
        Punct::RShiftEq => BinOp::RShift,
        Punct::AmpEq => BinOp::BitAnd,
        Punct::PipeEq => BinOp::BitOr,
        Punct::CaretEq => BinOp::BitXor,
        Punct::AtEq => BinOp::MatMul,
        _ => return None,
    })
}

impl Parser<'_> {
    /// One statement (a compound statement, or a line of simple ones),
    /// added to the block being parsed.
    pub(super) fn parse_statement(&mut self) {
        self.line_start = self.span().lo;
        let stmt = match self.peek() {
            TokenKind::Keyword(k) => match k {
                Keyword::If => return self.parse_if(),
                Keyword::While => return self.parse_while(),
                Keyword::For => return self.parse_for(),
                Keyword::Def => {
                    let lo = self.span().lo;
                    match self.parse_def(Seq::EMPTY, lo) {
                        Some(stmt) => stmt,
                        None => return,
                    }
                }
                Keyword::Class => {
                    let lo = self.span().lo;
                    match self.parse_class(Seq::EMPTY, lo) {
                        Some(stmt) => stmt,
                        None => return,
                    }
                }
                Keyword::Try | Keyword::With | Keyword::Async => {
                    return self.skip_unsupported_compound();
                }
                Keyword::Elif | Keyword::Else | Keyword::Except | Keyword::Finally => {
                    return self.stray_clause();
                }
                _ => return self.parse_simple_line(),
            },
            TokenKind::Punct(Punct::At) => match self.parse_decorated() {
                Some(stmt) => stmt,
                None => return,
            },
            // Simple statements add themselves to the block.
            _ => return self.parse_simple_line(),
        };
        self.stmts.push(stmt);
    }

    /// True at a keyword that starts a compound statement.
    pub(super) fn at_compound_keyword(&self) -> bool {
        matches!(
            self.peek(),
            TokenKind::Keyword(
                Keyword::If
                    | Keyword::While
                    | Keyword::For
                    | Keyword::Def
                    | Keyword::Class
                    | Keyword::Try
                    | Keyword::With
                    | Keyword::Async
            ) | TokenKind::Punct(Punct::At)
        )
    }

    // ----- simple statements --------------------------------------------

    /// Simple statements separated by `;`, through the end of the line.
    pub(super) fn parse_simple_line(&mut self) {
        let errors_before = self.errors_seen;
        loop {
            self.line_start = self.span().lo;
            if self.parse_small_stmt().is_err() {
                self.skip_broken_line();
                return;
            }
            if self.eat(Punct::Semi).is_none() || self.at_newline() {
                break;
            }
        }
        match self.peek() {
            TokenKind::Newline => {
                self.bump();
                if self.errors_seen > errors_before && matches!(self.peek(), TokenKind::Indent) {
                    self.nested_block();
                }
            }
            TokenKind::Eof => {}
            _ => {
                self.junk_after_statement();
                self.skip_broken_line();
            }
        }
    }

    /// Skips the rest of a line that had an error. An indented block after
    /// it most likely belongs to it (a mangled compound statement): that
    /// block is parsed for its own errors and dropped, without an
    /// "unexpected indent".
    fn skip_broken_line(&mut self) {
        self.skip_line();
        if matches!(self.peek(), TokenKind::Indent) {
            self.nested_block();
        }
    }

    /// Reports tokens left over after a complete simple statement (the
    /// block's last statement so far, if any).
    fn junk_after_statement(&mut self) {
        let last = self.stmts[self.block_start..].last();
        let print_stmt = last.is_some_and(|s| match &s.kind {
            StmtKind::Expr(e) => {
                matches!(self.expr(*e).kind, ExprKind::Name(n) if self.interner.resolve(n) == "print")
            }
            _ => false,
        });
        let message = if print_stmt && can_start_expr(self.peek()) {
            "missing parentheses in call to 'print'; did you mean print(...)?".to_string()
        } else if can_start_expr(self.peek()) {
            "invalid syntax: perhaps you forgot a comma or an operator?".to_string()
        } else {
            format!("invalid syntax: unexpected {}", self.describe_current())
        };
        let span = self.span();
        self.error(message, span);
    }

    /// One simple statement, added to the block being parsed (unless it is
    /// one that is reported and dropped).
    fn parse_small_stmt(&mut self) -> PResult<()> {
        let lo = self.span().lo;
        let kind = match self.peek() {
            TokenKind::Keyword(k) => match k {
                Keyword::Pass => self.keyword_stmt(StmtKind::Pass),
                Keyword::Break => self.keyword_stmt(StmtKind::Break),
                Keyword::Continue => self.keyword_stmt(StmtKind::Continue),
                Keyword::Return => self.parse_return()?,
                Keyword::Del => self.parse_del()?,
                Keyword::Global => StmtKind::Global(self.parse_name_list()?),
                Keyword::Nonlocal => StmtKind::Nonlocal(self.parse_name_list()?),
                Keyword::Assert => self.parse_assert()?,
                Keyword::Import => self.parse_import()?,
                Keyword::From => self.parse_from_import()?,
                Keyword::Raise => self.parse_raise()?,
                _ if self.at_compound_keyword() => {
                    return Err(
                        self.error_here("a compound statement cannot follow ';' on the same line")
                    );
                }
                _ => return self.parse_expr_stmt(lo),
            },
            _ => return self.parse_expr_stmt(lo),
        };
        self.push_simple(lo, kind)
    }

    /// Adds the simple statement that started at `lo` and ends with the
    /// last consumed token to the block being parsed. Assignments and
    /// expression statements call it where their kind is made, so that
    /// kind is written once instead of being returned up first.
    #[inline]
    fn push_simple(&mut self, lo: u32, kind: StmtKind) -> PResult<()> {
        let span = Span::new(lo, self.prev_hi());
        self.stmts.push(Stmt { kind, span });
        Ok(())
    }

    fn keyword_stmt(&mut self, kind: StmtKind) -> StmtKind {
        self.bump();
        kind
    }

    /// True at the end of a simple statement.
    fn at_stmt_end(&self) -> bool {
        self.at_newline() || self.at(Punct::Semi)
    }

    fn parse_return(&mut self) -> PResult<StmtKind> {
        self.bump();
        if self.at_stmt_end() {
            return Ok(StmtKind::Return(None));
        }
        Ok(StmtKind::Return(Some(self.parse_testlist()?)))
    }

    fn parse_del(&mut self) -> PResult<StmtKind> {
        self.bump();
        let targets = self.expr_list(|p| loop {
            let target = p.parse_binary(super::expr::PREC_BITOR)?;
            p.check_target(target, TargetCtx::Del);
            p.expr_lists.push(target);
            if p.eat(Punct::Comma).is_none() || p.at_stmt_end() {
                return Ok(());
            }
        })?;
        Ok(StmtKind::Del(targets))
    }

    fn parse_name_list(&mut self) -> PResult<Seq<Ident>> {
        self.bump();
        let start = self.idents.len();
        let name = self.expect_ident("expected a name")?;
        self.idents.push(name);
        while self.eat(Punct::Comma).is_some() {
            let name = self.expect_ident("expected a name")?;
            self.idents.push(name);
        }
        Ok(pool_list(&self.idents, start))
    }

    fn parse_assert(&mut self) -> PResult<StmtKind> {
        self.bump();
        let test = self.parse_test()?;
        let msg = match self.eat(Punct::Comma) {
            Some(_) => Some(self.parse_test()?),
            None => None,
        };
        Ok(StmtKind::Assert { test, msg })
    }

    /// `raise [exc]`; `raise exc from cause` is parsed and reported.
    fn parse_raise(&mut self) -> PResult<StmtKind> {
        self.bump();
        if self.at_stmt_end() {
            return Ok(StmtKind::Raise(None));
        }
        let exc = self.parse_test()?;
        if let Some(from) = self.eat_kw(Keyword::From) {
            let lo = from.lo;
            self.parse_test()?;
            let span = Span::new(lo, self.prev_hi());
            self.unsupported("'raise ... from' is not supported in kernels", span);
        }
        Ok(StmtKind::Raise(Some(exc)))
    }

    /// An expression statement, or an assignment of any kind, that starts
    /// at `lo`, added to the block being parsed.
    fn parse_expr_stmt(&mut self, lo: u32) -> PResult<()> {
        let first = self.parse_testlist()?;
        if self.at(Punct::Eq) {
            return self.parse_assign(lo, first);
        }
        if let TokenKind::Punct(p) = self.peek() {
            if let Some(op) = aug_op(*p) {
                self.bump();
                self.check_target(first, TargetCtx::AugAssign);
                let value = self.parse_testlist()?;
                let kind = StmtKind::AugAssign {
                    target: first,
                    op,
                    value,
                };
                return self.push_simple(lo, kind);
            }
        }
        if self.eat(Punct::Colon).is_some() {
            self.check_target(first, TargetCtx::Annotated);
            let annotation = self.parse_test()?;
            let value = match self.eat(Punct::Eq) {
                Some(_) => Some(self.parse_testlist()?),
                None => None,
            };
            let kind = StmtKind::AnnAssign {
                target: first,
                annotation,
                value,
            };
            return self.push_simple(lo, kind);
        }
        self.push_simple(lo, StmtKind::Expr(first))
    }

    /// `t1 = t2 = ... = value`, after the first target (the statement
    /// started at `lo`), added to the block being parsed.
    fn parse_assign(&mut self, lo: u32, first: ExprId) -> PResult<()> {
        self.bump();
        let mut value = self.parse_testlist()?;
        let targets = self.expr_list(|p| {
            p.expr_lists.push(first);
            while p.eat(Punct::Eq).is_some() {
                p.expr_lists.push(value);
                value = p.parse_testlist()?;
            }
            Ok(())
        })?;
        for i in targets.range() {
            let target = self.expr_lists.items[i];
            self.check_target(target, TargetCtx::Assign);
        }
        self.push_simple(lo, StmtKind::Assign { targets, value })
    }

    // ----- imports -------------------------------------------------------

    fn parse_import(&mut self) -> PResult<StmtKind> {
        self.bump();
        let start = self.aliases.len();
        let alias = self.parse_import_alias(true)?;
        self.aliases.push(alias);
        while self.eat(Punct::Comma).is_some() {
            let alias = self.parse_import_alias(true)?;
            self.aliases.push(alias);
        }
        Ok(StmtKind::Import(pool_list(&self.aliases, start)))
    }

    /// `name [as alias]`, where `name` may be dotted when `dotted`.
    fn parse_import_alias(&mut self, dotted: bool) -> PResult<ImportAlias> {
        let name = if dotted {
            self.parse_dotted_name()?
        } else {
            let part = self.expect_ident("expected a name to import")?;
            self.idents.push(part);
            DottedName {
                span: part.span,
                parts: pool_list(&self.idents, self.idents.len() - 1),
            }
        };
        let asname = match self.eat_kw(Keyword::As) {
            Some(_) => Some(self.expect_ident("expected a name after 'as'")?),
            None => None,
        };
        let hi = asname.map_or(name.span.hi, |a| a.span.hi);
        let span = Span::new(name.span.lo, hi);
        Ok(ImportAlias { name, asname, span })
    }

    fn parse_dotted_name(&mut self) -> PResult<DottedName> {
        let start = self.idents.len();
        let first = self.expect_ident("expected a module name")?;
        self.idents.push(first);
        let mut last = first;
        while self.eat(Punct::Dot).is_some() {
            last = self.expect_ident("expected a name after '.'")?;
            self.idents.push(last);
        }
        Ok(DottedName {
            parts: pool_list(&self.idents, start),
            span: first.span.to(last.span),
        })
    }

    fn parse_from_import(&mut self) -> PResult<StmtKind> {
        self.bump();
        let mut level = 0u32;
        loop {
            if self.eat(Punct::Dot).is_some() {
                level = level.saturating_add(1);
            } else if self.eat(Punct::Ellipsis).is_some() {
                level = level.saturating_add(3);
            } else {
                break;
            }
        }
        let module = if level == 0 || matches!(self.peek(), TokenKind::Name(_)) {
            Some(self.parse_dotted_name()?)
        } else {
            None
        };
        if self.eat_kw(Keyword::Import).is_none() {
            return Err(self.error_here("expected 'import'"));
        }
        let start = self.aliases.len();
        if let Some(star) = self.eat(Punct::Star) {
            self.unsupported("'from ... import *' is not supported in kernels", star);
        } else if self.eat(Punct::LParen).is_some() {
            loop {
                let alias = self.parse_import_alias(false)?;
                self.aliases.push(alias);
                if self.eat(Punct::Comma).is_none() || self.at(Punct::RParen) {
                    break;
                }
            }
            self.expect(Punct::RParen, ")")?;
        } else {
            let alias = self.parse_import_alias(false)?;
            self.aliases.push(alias);
            while self.eat(Punct::Comma).is_some() {
                let alias = self.parse_import_alias(false)?;
                self.aliases.push(alias);
            }
        }
        Ok(StmtKind::ImportFrom {
            module,
            names: pool_list(&self.aliases, start),
            level,
        })
    }

    // ----- compound statements ------------------------------------------

    /// Ends a compound statement's header at its `:`. On error, reports and
    /// skips to the `:` if the line has one. Returns whether it was clean.
    fn header_colon(&mut self, eq_hint: bool) -> bool {
        if self.eat(Punct::Colon).is_some() {
            return true;
        }
        if eq_hint && self.at(Punct::Eq) {
            let span = self.span();
            self.error(
                "invalid syntax: '=' is not allowed here, did you mean '=='?",
                span,
            );
        } else {
            self.error_here("expected ':'");
        }
        self.skip_to_colon();
        false
    }

    /// A header's condition and `:`; an unparsable condition becomes an
    /// error node. Returns the condition and whether the header was clean.
    fn header_test(&mut self, eq_hint: bool) -> (ExprId, bool) {
        let lo = self.span().lo;
        match self.parse_test() {
            Ok(test) => {
                let ok = self.header_colon(eq_hint);
                (test, ok)
            }
            Err(_) => {
                let span = Span::new(lo, self.prev_hi().max(lo));
                self.skip_to_colon();
                (self.mk(ExprKind::Error, span), false)
            }
        }
    }

    /// `if` (or `elif`) with its `elif`/`else` chain, added to the block
    /// being parsed.
    fn parse_if(&mut self) {
        let kw = self.bump();
        let (test, ok) = self.header_test(true);
        let header_hi = self.prev_hi();
        let body = self.parse_body(ok, "'if' statement", kw.lo);
        let end = self.block_end(body, header_hi);
        let orelse = self.parse_else(true);
        let span = Span::new(kw.lo, self.block_end(orelse, end));
        self.stmts.push(Stmt {
            kind: StmtKind::If { test, body, orelse },
            span,
        });
    }

    /// An optional `else:` clause (or, when `elif` is allowed, an `elif`
    /// chain, which becomes a nested `If`).
    fn parse_else(&mut self, elif: bool) -> Seq<Stmt> {
        self.line_start = self.span().lo;
        if elif && self.at_kw(Keyword::Elif) {
            if self.enter_block().is_err() {
                while self.at_kw(Keyword::Elif) || self.at_kw(Keyword::Else) {
                    self.skip_statement();
                }
                return Seq::EMPTY;
            }
            let nested = self.collect_block(Self::parse_if);
            self.leave_block();
            return nested;
        }
        let Some(kw) = self.eat_kw(Keyword::Else) else {
            return Seq::EMPTY;
        };
        let ok = self.header_colon(false);
        self.parse_body(ok, "'else' statement", kw.lo)
    }

    /// `while` with its `else`, added to the block being parsed.
    fn parse_while(&mut self) {
        let kw = self.bump();
        let (test, ok) = self.header_test(true);
        let header_hi = self.prev_hi();
        let body = self.parse_body(ok, "'while' statement", kw.lo);
        let end = self.block_end(body, header_hi);
        let orelse = self.parse_else(false);
        let span = Span::new(kw.lo, self.block_end(orelse, end));
        self.stmts.push(Stmt {
            kind: StmtKind::While { test, body, orelse },
            span,
        });
    }

    /// `for` with its `else`, added to the block being parsed.
    fn parse_for(&mut self) {
        let kw = self.bump();
        let header_lo = self.span().lo;
        let (target, iter, ok) = match self.parse_for_header() {
            Ok((target, iter)) => {
                let ok = self.header_colon(false);
                (target, iter, ok)
            }
            Err(_) => {
                let span = Span::new(header_lo, self.prev_hi().max(header_lo));
                self.skip_to_colon();
                let target = self.mk(ExprKind::Error, span);
                let iter = self.mk(ExprKind::Error, span);
                (target, iter, false)
            }
        };
        let header_hi = self.prev_hi();
        let body = self.parse_body(ok, "'for' statement", kw.lo);
        let end = self.block_end(body, header_hi);
        let orelse = self.parse_else(false);
        let span = Span::new(kw.lo, self.block_end(orelse, end));
        let kind = StmtKind::For {
            target,
            iter,
            body,
            orelse,
        };
        self.stmts.push(Stmt { kind, span });
    }

    fn parse_for_header(&mut self) -> PResult<(ExprId, ExprId)> {
        let target = self.parse_target_list()?;
        self.check_target(target, TargetCtx::Assign);
        if self.eat_kw(Keyword::In).is_none() {
            return Err(self.error_here("expected 'in'"));
        }
        let iter = self.parse_testlist()?;
        Ok((target, iter))
    }

    /// Decorators and what they decorate (which must be a `def`).
    fn parse_decorated(&mut self) -> Option<Stmt> {
        let lo = self.span().lo;
        let mark = self.expr_lists.start();
        let mut broken = false;
        while self.at(Punct::At) {
            self.line_start = self.span().lo;
            self.bump();
            let errors_before = self.errors_seen;
            match self.parse_test() {
                Ok(decorator) if self.at_newline() => self.expr_lists.push(decorator),
                Ok(_) => {
                    self.error_here("expected a newline after the decorator");
                }
                Err(_) => {}
            }
            if self.errors_seen > errors_before || !self.at_newline() {
                broken = true;
                self.skip_broken_line();
            } else {
                self.skip_line();
            }
        }
        let decorators = self.expr_lists.finish(mark);
        self.line_start = self.span().lo;
        match self.peek() {
            TokenKind::Keyword(Keyword::Def) => self.parse_def(decorators, lo),
            TokenKind::Keyword(Keyword::Class) => self.parse_class(decorators, lo),
            TokenKind::Keyword(Keyword::Async) => {
                self.skip_unsupported_compound();
                None
            }
            _ if broken => None,
            _ => {
                let last = self.expr_lists.get(decorators).last();
                let hi = last.map_or(lo + 1, |&d| self.span_of(d).hi);
                self.unsupported(
                    "decorators are only supported on function definitions",
                    Span::new(lo, hi),
                );
                None
            }
        }
    }

    /// `def name(params) [-> returns]: body`; `lo` is where the statement
    /// starts (its first decorator, or `def`).
    fn parse_def(&mut self, decorators: Seq<ExprId>, lo: u32) -> Option<Stmt> {
        let kw = self.bump();
        let name = match self.expect_ident("expected a function name after 'def'") {
            Ok(name) => name,
            Err(_) => {
                self.skip_to_colon();
                self.parse_body(false, "function definition", kw.lo);
                return None;
            }
        };
        let params_start = self.params.len();
        let mut vararg = false;
        let mut ok = self.parse_params(params_start, &mut vararg).is_ok();
        let params = pool_list(&self.params, params_start);
        let mut header_hi = self.prev_hi();
        let mut returns = None;
        if ok && self.eat(Punct::Arrow).is_some() {
            match self.parse_test() {
                Ok(ret) => {
                    header_hi = self.span_of(ret).hi;
                    returns = Some(ret);
                }
                Err(_) => ok = false,
            }
        }
        let ok = if ok {
            self.header_colon(false)
        } else {
            self.skip_to_colon();
            false
        };
        let first_body_expr = self.exprs.len() as u32;
        let body = self.parse_body(ok, "function definition", kw.lo);
        let span = Span::new(lo, self.block_end(body, header_hi));
        let def = FunctionDef {
            name,
            params,
            vararg,
            decorators,
            returns,
            body,
            body_exprs: first_body_expr..self.exprs.len() as u32,
            header_span: Span::new(kw.lo, header_hi),
        };
        Some(Stmt {
            kind: StmtKind::FunctionDef(def),
            span,
        })
    }

    /// `[@decorators] class name[(bases)]: body`. Which classes a kernel file may define
    /// (enums, at the top level) is name resolution's business.
    /// `lo` is where the statement starts (its first decorator, or
    /// `class`).
    fn parse_class(&mut self, decorators: Seq<ExprId>, lo: u32) -> Option<Stmt> {
        let kw = self.bump();
        let name = match self.expect_ident("expected a class name after 'class'") {
            Ok(name) => name,
            Err(_) => {
                self.skip_to_colon();
                self.parse_body(false, "class definition", kw.lo);
                return None;
            }
        };
        let mark = self.expr_lists.start();
        let mut ok = true;
        if self.eat(Punct::LParen).is_some() {
            while self.eat(Punct::RParen).is_none() {
                match self.parse_test() {
                    Ok(base) => self.expr_lists.push(base),
                    Err(_) => {
                        ok = false;
                        break;
                    }
                }
                if self.eat(Punct::Comma).is_none() && !self.at(Punct::RParen) {
                    self.error_here("expected ',' or ')' after a base class");
                    ok = false;
                    break;
                }
            }
        }
        let bases = self.expr_lists.finish(mark);
        let header_hi = self.prev_hi();
        let ok = if ok {
            self.header_colon(false)
        } else {
            self.skip_to_colon();
            false
        };
        let body = self.parse_body(ok, "class definition", kw.lo);
        let span = Span::new(lo, self.block_end(body, header_hi));
        Some(Stmt {
            kind: StmtKind::ClassDef(ClassDef {
                name,
                decorators,
                bases,
                body,
                header_span: Span::new(kw.lo, header_hi),
            }),
            span,
        })
    }

    /// `(p1, p2: ann, p3=default, *rest)`, pushing each parameter on the
    /// pool (the function's start at `start`) as it is parsed; a `*rest`
    /// comes last and sets `vararg`.
    fn parse_params(&mut self, start: usize, vararg: &mut bool) -> PResult<()> {
        if self.eat(Punct::LParen).is_none() {
            return Err(self.error_here("expected '(' after the function name"));
        }
        let mut default_seen = false;
        while self.eat(Punct::RParen).is_none() {
            match (self.peek(), self.peek_nth(1)) {
                (TokenKind::Name(_), _) if *vararg => {
                    let param = self.parse_param()?;
                    self.unsupported(
                        "keyword-only parameters (after '*args') are not supported in kernels",
                        param.span,
                    );
                }
                (TokenKind::Name(_), _) => {
                    let param = self.parse_param()?;
                    self.check_param(&param, start, &mut default_seen);
                    self.params.push(param);
                }
                (TokenKind::Punct(Punct::Star), TokenKind::Name(_)) if !*vararg => {
                    let star = self.bump();
                    let mut param = self.parse_param()?;
                    param.span = star.to(param.span);
                    if let Some(d) = param.default.take() {
                        let span = self.span_of(d);
                        self.error("a '*args' parameter cannot have a default value", span);
                    }
                    // A default before it does not require one of it.
                    let mut no_default = false;
                    self.check_param(&param, start, &mut no_default);
                    self.params.push(param);
                    *vararg = true;
                }
                (TokenKind::Punct(Punct::Star | Punct::DoubleStar | Punct::Slash), _) => {
                    self.unsupported_param()?;
                }
                _ => return Err(self.error_here("expected a parameter name")),
            }
            if self.eat(Punct::Comma).is_none() && !self.at(Punct::RParen) {
                return Err(self.error_here("expected ',' or ')' after a parameter"));
            }
        }
        Ok(())
    }

    fn parse_param(&mut self) -> PResult<Param> {
        let name = self.expect_ident("expected a parameter name")?;
        let annotation = match self.eat(Punct::Colon) {
            Some(_) => Some(self.parse_test()?),
            None => None,
        };
        let default = match self.eat(Punct::Eq) {
            Some(_) => Some(self.parse_test()?),
            None => None,
        };
        let span = Span::new(name.span.lo, self.prev_hi());
        Ok(Param {
            name,
            annotation,
            default,
            span,
        })
    }

    /// Reports a duplicate name (among the parameters from `start` in the
    /// pool) or a missing default after a default.
    fn check_param(&mut self, param: &Param, start: usize, default_seen: &mut bool) {
        if self.params[start..]
            .iter()
            .any(|p| p.name.name == param.name.name)
        {
            let text = self.interner.resolve(param.name.name).to_string();
            self.error(
                format!("duplicate parameter '{text}' in function definition"),
                param.name.span,
            );
        }
        if param.default.is_some() {
            *default_seen = true;
        } else if *default_seen {
            self.error(
                "parameter without a default follows parameter with a default",
                param.span,
            );
        }
    }

    /// `*args`, `**kwargs`, a bare `*` or `/`: reported and skipped.
    fn unsupported_param(&mut self) -> PResult<()> {
        let kind = *self.peek();
        let star = self.bump();
        let name = match self.peek() {
            TokenKind::Name(_) => Some(self.parse_param()?),
            _ => None,
        };
        let span = name.as_ref().map_or(star, |p| star.to(p.span));
        let message = match (kind, name.is_some()) {
            (TokenKind::Punct(Punct::DoubleStar), _) => {
                "'**kwargs' parameters are not supported in kernels"
            }
            (TokenKind::Punct(Punct::Star), true) => "'*' argument may appear only once",
            (TokenKind::Punct(Punct::Star), false) => {
                "keyword-only parameters ('*') are not supported in kernels"
            }
            _ => "positional-only parameters ('/') are not supported in kernels",
        };
        self.unsupported(message, span);
        Ok(())
    }

    /// `class`, `try`, `with`, `async ...`: reported and skipped, with
    /// their blocks (and `except`/`else`/`finally` clauses).
    fn skip_unsupported_compound(&mut self) {
        let kw = self.span();
        let has_clauses = self.at_kw(Keyword::Try) || self.at_kw(Keyword::Async);
        let (message, span) = match self.peek() {
            TokenKind::Keyword(Keyword::Class) => {
                let span = match self.peek_nth(1) {
                    TokenKind::Name(_) => kw.to(self.tokens[self.pos + 1].span),
                    _ => kw,
                };
                ("'class' definitions are not supported in kernels", span)
            }
            TokenKind::Keyword(Keyword::Try) => {
                ("'try' statements are not supported in kernels", kw)
            }
            TokenKind::Keyword(Keyword::With) => {
                ("'with' statements are not supported in kernels", kw)
            }
            _ => (
                "'async' functions and statements are not supported in kernels",
                kw,
            ),
        };
        self.unsupported(message, span);
        self.skip_statement();
        while has_clauses
            && matches!(
                self.peek(),
                TokenKind::Keyword(Keyword::Except | Keyword::Finally | Keyword::Else)
            )
        {
            self.skip_statement();
        }
    }

    /// `elif`, `else`, `except` or `finally` with nothing to continue.
    fn stray_clause(&mut self) {
        let span = self.span();
        let message = match self.peek() {
            TokenKind::Keyword(Keyword::Elif) => "invalid syntax: 'elif' without a matching 'if'",
            TokenKind::Keyword(Keyword::Else) => {
                "invalid syntax: 'else' without a matching 'if', 'for' or 'while'"
            }
            _ => "invalid syntax: exception handler without a matching 'try'",
        };
        self.error(message, span);
        self.skip_statement();
    }
}

/// The items of `pool` from `start` to its end, as a list.
fn pool_list<T>(pool: &[T], start: usize) -> Seq<T> {
    Seq::new(start as u32, (pool.len() - start) as u32)
}
