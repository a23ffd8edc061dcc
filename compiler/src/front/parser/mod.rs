//! The parser: tokens to the [`ast`](crate::front::ast), by recursive descent.
//!
//! This module owns the parser state, token access, the expression arena
//! being filled, error reporting and recovery, and the block structure;
//! statements are in `stmt`, expressions in `expr` and `atoms`,
//! assignment-target checks in `targets`.
//!
//! Parse functions return the [`ExprId`] of the expression they made (its
//! node is already in the arena). A list of children is collected on a
//! scratch stack and then moved into its pool as one [`Seq`] (see
//! `ListPool`), so building a list allocates nothing once the vectors
//! have grown.
//!
//! Error handling: a syntax error is reported once and the parser skips to
//! the end of the logical line (for a compound statement's header, to its
//! last `:`, so the body is still parsed), then goes on, so independent
//! errors in a file are all reported. To avoid cascades, nothing is
//! reported on a logical line where the lexer already reported an error,
//! and an indented block after a line with an error is parsed without an
//! "unexpected indent". Unsupported Python constructs are reported with
//! their own message and replaced by [`ExprKind::Error`] (expressions) or
//! skipped (statements).
//!
//! Limits keep every input within the stack, here and in later stages that
//! walk the tree recursively: [`MAX_DEPTH`] for nested expressions,
//! [`MAX_BLOCK_DEPTH`] for nested blocks, [`MAX_HEIGHT`] for the height of
//! an expression tree.

mod atoms;
mod expr;
mod stmt;
mod targets;
#[cfg(test)]
mod tests_expr;
#[cfg(test)]
mod tests_robust;
#[cfg(test)]
mod tests_stmt;

use super::arena::Arena;
use super::ast::{
    CmpOp, Expr, ExprId, ExprKind, Ident, ImportAlias, KeywordArg, Module, Param, Seq, Stmt,
};
use super::interner::Interner;
use super::lexer;
use super::token::{Keyword, Lexed, Punct, StrLit, Token, TokenKind};
use super::FrontContext;
use crate::diagnostics::Diagnostic;
use crate::span::Span;
use std::mem::take;

/// How deeply expressions may nest: brackets, unary operators, right
/// operands. Half of CPython's parenthesis limit, so that even an
/// unoptimised build parses the deepest accepted input on a 2 MiB stack.
pub const MAX_DEPTH: u32 = 100;

/// How deeply blocks (and `elif` chains) may nest: CPython's indentation limit.
pub const MAX_BLOCK_DEPTH: u32 = 100;

/// The greatest height of an expression tree (a long operator chain such as
/// `a + b + ...` is deep without being nested), so that later stages, which
/// walk trees recursively, stay within their stack.
pub const MAX_HEIGHT: u32 = 400;

/// Parses a whole source file into a [`Module`], appending lexical and
/// syntax errors to `diags` (in source order).
///
/// Always returns a module: statements with errors are left out and
/// unsupported expressions become [`ExprKind::Error`]. Allocates its
/// vectors anew: [`parse_module_with`] reuses those of earlier parses.
pub fn parse_module(src: &str, diags: &mut Vec<Diagnostic>) -> Module {
    parse_module_with(&mut FrontContext::default(), src, diags)
}

/// [`parse_module`], filling the vectors kept in `ctx` (those of the
/// module last given back to it, the tokens' and the stacks') instead of
/// new ones.
pub fn parse_module_with(ctx: &mut FrontContext, src: &str, diags: &mut Vec<Diagnostic>) -> Module {
    let first = diags.len();
    // The emptied vectors of the module given back last, or new ones.
    let Module {
        body: mut stmts,
        mut blocks,
        mut interner,
        mut exprs,
        expr_lists,
        keywords,
        comparisons,
        params,
        idents,
        aliases,
        strings: str_values,
    } = ctx.module.take().unwrap_or_default();
    let Lexed {
        tokens,
        strings,
        longest_line,
    } = lexer::tokenize_with(&mut ctx.lexer, src, &mut interner, diags);
    let mut lex_errors: Vec<u32> = diags[first..]
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.primary().span.lo)
        .collect();
    lex_errors.sort_unstable();
    // A kernel has about one expression for every two tokens, rarely
    // more than two for three: room for that avoids regrowing.
    let expected_exprs = tokens.len() * 2 / 3;
    // A statement takes about ten tokens.
    let expected_stmts = tokens.len() / 8;
    exprs.reserve(expected_exprs);
    blocks.reserve(expected_stmts);
    stmts.reserve(expected_stmts);
    // The list stacks of an earlier parse, or new ones.
    let stacks = take(&mut ctx.parser);
    let mut parser = Parser {
        src,
        cur: tokens[0],
        tokens,
        strings,
        pos: 0,
        diags,
        interner,
        exprs,
        // A node spans at least one token more than each of its children,
        // so a tree is never taller than the tokens of its logical line:
        // heights need tracking only in a file with a line that long.
        track_heights: longest_line > MAX_HEIGHT as usize,
        heights: stacks.heights,
        expr_lists: ListPool::new(expr_lists, expected_exprs / 2, stacks.expr_lists),
        keywords: ListPool::new(keywords, 0, stacks.keywords),
        comparisons: ListPool::new(comparisons, expected_exprs / 16, stacks.comparisons),
        str_values,
        params,
        idents,
        aliases,
        blocks,
        stmts,
        spare_blocks: stacks.blocks,
        block_start: 0,
        depth: 0,
        block_depth: 0,
        lex_errors,
        line_start: 0,
        too_deep_at: None,
        errors_seen: 0,
    };
    let body = parser.parse_file();
    parser.diags[first..].sort_by_key(|d| d.primary().span.lo);
    ctx.lexer.recycle(Lexed {
        tokens: parser.tokens,
        strings: parser.strings,
        longest_line: 0,
    });
    let mut stacks = ListStacks {
        expr_lists: parser.expr_lists.scratch,
        keywords: parser.keywords.scratch,
        comparisons: parser.comparisons.scratch,
        blocks: parser.spare_blocks,
        heights: parser.heights,
    };
    // Every list was finished or discarded, which leaves the stacks empty,
    // and every nested block was moved out of its vector; cleared anyway,
    // as the next parse starts from empty ones.
    stacks.expr_lists.clear();
    stacks.keywords.clear();
    stacks.comparisons.clear();
    stacks.heights.clear();
    stacks.blocks.iter_mut().for_each(Vec::clear);
    ctx.parser = stacks;
    // Made last, in the place of the result rather than moved there.
    Module {
        body,
        blocks: parser.blocks,
        interner: parser.interner,
        exprs: parser.exprs,
        expr_lists: parser.expr_lists.items,
        keywords: parser.keywords.items,
        comparisons: parser.comparisons.items,
        params: parser.params,
        idents: parser.idents,
        aliases: parser.aliases,
        strings: parser.str_values,
    }
}

/// The scratch stacks of the [`ListPool`]s and the spare statement
/// vectors of nested blocks, kept from parse to parse by a
/// [`FrontContext`] so that a parse does not allocate them anew.
#[derive(Default)]
pub(crate) struct ListStacks {
    expr_lists: Vec<ExprId>,
    keywords: Vec<KeywordArg>,
    comparisons: Vec<(CmpOp, ExprId)>,
    /// Empty vectors for the statements of nested blocks.
    blocks: Vec<Vec<Stmt>>,
    /// For the heights of the expression trees.
    heights: Vec<u32>,
}

/// Marks a failed parse whose error has already been reported (or was
/// deliberately not reported, being a consequence of an earlier one).
#[derive(Debug)]
struct Reported;

/// The result of a parse step.
type PResult<T> = Result<T, Reported>;

/// One of the module's list pools while it is being filled.
///
/// Lists nest (`f(a, g(b, c))`: the inner list is finished while the outer
/// one is still growing), so items are first pushed on a scratch stack; a
/// finished list is moved from the top of the stack to the pool, where its
/// items end up contiguous. A list whose parse fails is discarded, which
/// leaves the stack as it was when the list started.
struct ListPool<T> {
    /// Finished lists, back to back.
    items: Vec<T>,
    /// Items of the lists being built, innermost last.
    scratch: Vec<T>,
}

impl<T> ListPool<T> {
    /// A pool in `items` whose lists are built on `scratch` (both empty
    /// vectors, recycled from an earlier parse when there was one), with
    /// room for `n` items and for lists being built up to that many items
    /// (at most 16): one allocation each up front is cheaper than growing
    /// from empty on the first push.
    fn new(mut items: Vec<T>, n: usize, mut scratch: Vec<T>) -> Self {
        items.reserve(n);
        scratch.reserve(n.min(16));
        ListPool { items, scratch }
    }

    /// Starts a list: returns the mark to give to `finish` or `discard`.
    fn start(&self) -> usize {
        self.scratch.len()
    }

    /// Adds an item to the innermost list being built.
    fn push(&mut self, item: T) {
        self.scratch.push(item);
    }

    /// The items pushed since `mark`, as a list of the pool.
    fn finish(&mut self, mark: usize) -> Seq<T>
    where
        T: Copy,
    {
        let start = self.items.len() as u32;
        for i in mark..self.scratch.len() {
            self.items.push(self.scratch[i]);
        }
        self.scratch.truncate(mark);
        Seq::new(start, self.items.len() as u32 - start)
    }

    /// Drops the items pushed since `mark` (the list's parse failed).
    fn discard(&mut self, mark: usize) {
        self.scratch.truncate(mark);
    }

    /// The items of a finished list.
    fn get(&self, list: Seq<T>) -> &[T] {
        &self.items[list.range()]
    }

    /// The items pushed since `mark`.
    fn pending(&self, mark: usize) -> &[T] {
        &self.scratch[mark..]
    }
}

/// The parser state for one file.
struct Parser<'a> {
    src: &'a str,
    tokens: Vec<Token>,
    /// The string literals, by [`TokenKind::Str`] index.
    strings: Arena<StrLit>,
    /// Index of the current token (never past the final `Eof`).
    pos: usize,
    /// A copy of `tokens[pos]`: the parser looks at the current token
    /// several times per token, and this spares each look a bounds check.
    cur: Token,
    diags: &'a mut Vec<Diagnostic>,
    interner: Interner,
    /// The expression arena: node `i` has id `i`.
    exprs: Arena<Expr>,
    /// True when some logical line has enough tokens for an expression
    /// tree taller than [`MAX_HEIGHT`]; otherwise heights are not tracked.
    track_heights: bool,
    /// The height of each expression tree made so far, by id (a name or
    /// literal has height 1), when `track_heights`.
    heights: Vec<u32>,
    /// Lists of expressions (arguments, items, operands, targets).
    expr_lists: ListPool<ExprId>,
    /// Keyword arguments of calls.
    keywords: ListPool<KeywordArg>,
    /// Operators and right operands of comparison chains.
    comparisons: ListPool<(CmpOp, ExprId)>,
    /// The values of the string literal expressions, by [`StrId`].
    str_values: Arena<String>,
    /// Parameters of functions. Like the two pools below, filled directly
    /// (its lists do not nest); the items of a list whose parse fails stay
    /// unused.
    params: Vec<Param>,
    /// Parts of dotted names, names of `global` and `nonlocal`.
    idents: Vec<Ident>,
    /// Names of imports.
    aliases: Vec<ImportAlias>,
    /// Statements of the innermost block being parsed (those of the
    /// blocks around it wait in [`Self::collect_block`]'s frames).
    stmts: Vec<Stmt>,
    /// Empty vectors (with their room kept) for the statements of nested
    /// blocks.
    spare_blocks: Vec<Vec<Stmt>>,
    /// Finished nested blocks, back to back (see [`Module::block`]).
    blocks: Vec<Stmt>,
    /// Where the statements that messages see as the innermost block's
    /// start in `stmts` (0, except after an unexpected indent that joins
    /// the block of a one-line body: see [`Self::parse_body`]).
    block_start: usize,
    /// Current nesting of expressions.
    depth: u32,
    /// Current nesting of blocks (and `elif` chains).
    block_depth: u32,
    /// Start offsets of the lexer's errors, sorted.
    lex_errors: Vec<u32>,
    /// Start of the statement being parsed (for cascade suppression).
    line_start: u32,
    /// The statement where "nested too deeply" was last reported.
    too_deep_at: Option<u32>,
    /// Errors found so far, reported or suppressed as cascades.
    errors_seen: u32,
}

impl<'a> Parser<'a> {
    // ----- tokens --------------------------------------------------------

    fn peek(&self) -> &TokenKind {
        &self.cur.kind
    }

    /// The token `n` places ahead (`Eof` past the end).
    fn peek_nth(&self, n: usize) -> &TokenKind {
        self.tokens
            .get(self.pos + n)
            .map_or(&TokenKind::Eof, |t| &t.kind)
    }

    /// The current token's span.
    fn span(&self) -> Span {
        self.cur.span
    }

    /// Consumes the current token (never moves past `Eof`) and returns its span.
    #[inline]
    fn bump(&mut self) -> Span {
        let span = self.cur.span;
        if let Some(next) = self.tokens.get(self.pos + 1) {
            // Field by field: copying the whole token goes through the
            // stack, as the compiler cannot tell that it does not overlap.
            self.cur.kind = next.kind;
            self.cur.span = next.span;
            self.pos += 1;
        }
        span
    }

    /// End of the last consumed token (0 before the first one). Only
    /// looked up where needed: `bump` does not keep it up to date.
    fn prev_hi(&self) -> u32 {
        match self.pos.checked_sub(1) {
            Some(i) => self.tokens[i].span.hi,
            None => 0,
        }
    }

    fn at(&self, p: Punct) -> bool {
        matches!(self.peek(), TokenKind::Punct(q) if *q == p)
    }

    fn at_kw(&self, k: Keyword) -> bool {
        matches!(self.peek(), TokenKind::Keyword(q) if *q == k)
    }

    fn at_newline(&self) -> bool {
        matches!(self.peek(), TokenKind::Newline | TokenKind::Eof)
    }

    fn eat(&mut self, p: Punct) -> Option<Span> {
        self.at(p).then(|| self.bump())
    }

    fn eat_kw(&mut self, k: Keyword) -> Option<Span> {
        self.at_kw(k).then(|| self.bump())
    }

    /// Consumes `p` or reports `expected '<p>'`.
    fn expect(&mut self, p: Punct, spelling: &str) -> PResult<Span> {
        match self.eat(p) {
            Some(span) => Ok(span),
            None => Err(self.error_here(format!("expected '{spelling}'"))),
        }
    }

    /// The span to point at for "expected X" at the current token: the
    /// token itself, or the end of the previous one at a line end.
    fn here(&self) -> Span {
        match self.peek() {
            TokenKind::Newline | TokenKind::Eof | TokenKind::Dedent | TokenKind::Indent => {
                let hi = self.prev_hi();
                Span::new(hi, hi)
            }
            _ => self.span(),
        }
    }

    /// A short description of the current token for messages.
    #[cold]
    #[inline(never)]
    fn describe_current(&self) -> String {
        match self.peek() {
            TokenKind::Newline => "end of line".to_string(),
            TokenKind::Eof => "end of file".to_string(),
            TokenKind::Indent => "indent".to_string(),
            TokenKind::Dedent => "dedent".to_string(),
            _ => {
                let text = self.src.get(self.span().range()).unwrap_or("");
                let short: String = text.chars().take(20).collect();
                format!("'{short}'")
            }
        }
    }

    // ----- nodes ---------------------------------------------------------

    /// Adds an expression node to the arena and returns its id (the next
    /// dense one). A node that would make the tree taller than
    /// [`MAX_HEIGHT`] is reported and becomes an error.
    fn mk(&mut self, kind: ExprKind, span: Span) -> ExprId {
        let mut kind = kind;
        if self.track_heights {
            self.record_height(&mut kind, span);
        }
        self.exprs.append(Expr { kind, span })
    }

    /// Records the height of the node being made, of kind `kind` at
    /// `span`; one too tall is reported and becomes an error. (Rare: only
    /// in files with a logical line longer than [`MAX_HEIGHT`] tokens.)
    #[cold]
    #[inline(never)]
    fn record_height(&mut self, kind: &mut ExprKind, span: Span) {
        let mut height = 1 + self.children_height(kind);
        if height > MAX_HEIGHT {
            self.too_deep(span);
            (*kind, height) = (ExprKind::Error, 1);
        }
        self.heights.push(height);
    }

    /// The node of an expression made earlier.
    fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id]
    }

    /// The span of an expression made earlier.
    fn span_of(&self, id: ExprId) -> Span {
        self.exprs[id].span
    }

    /// The height of the tallest child of a node being made.
    fn children_height(&self, kind: &ExprKind) -> u32 {
        let h = |e: ExprId| self.heights[e.index()];
        let max_of = |items: Seq<ExprId>| {
            let items = self.expr_lists.get(items);
            items.iter().map(|&e| h(e)).max().unwrap_or(0)
        };
        match *kind {
            ExprKind::Attribute { value, .. } | ExprKind::UnaryOp { operand: value, .. } => {
                h(value)
            }
            ExprKind::Subscript { value, index } => h(value).max(h(index)),
            ExprKind::Call {
                func,
                args,
                keywords,
            } => {
                let kw = self
                    .keywords
                    .get(keywords)
                    .iter()
                    .map(|k| h(k.value))
                    .max()
                    .unwrap_or(0);
                h(func).max(max_of(args)).max(kw)
            }
            ExprKind::BinOp { left, right, .. } => h(left).max(h(right)),
            ExprKind::BoolOp { values, .. } | ExprKind::Tuple(values) | ExprKind::List(values) => {
                max_of(values)
            }
            ExprKind::Compare { left, ops } => {
                let rest = self
                    .comparisons
                    .get(ops)
                    .iter()
                    .map(|&(_, e)| h(e))
                    .max()
                    .unwrap_or(0);
                h(left).max(rest)
            }
            ExprKind::IfExp { test, body, orelse } => h(test).max(h(body)).max(h(orelse)),
            ExprKind::Slice { lower, upper, step } => [lower, upper, step]
                .into_iter()
                .flatten()
                .map(h)
                .max()
                .unwrap_or(0),
            _ => 0,
        }
    }

    /// Reports "nested too deeply", once per statement.
    #[cold]
    #[inline(never)]
    fn too_deep(&mut self, span: Span) -> Reported {
        self.errors_seen += 1;
        if self.too_deep_at != Some(self.line_start) {
            self.too_deep_at = Some(self.line_start);
            self.push_diag(Diagnostic::error("expression is nested too deeply", span));
        }
        Reported
    }

    // ----- errors --------------------------------------------------------

    /// Reports a syntax error, unless the lexer reported an error on the
    /// same logical line (of which this one is then likely a consequence).
    #[cold]
    #[inline(never)]
    fn error(&mut self, message: impl Into<String>, span: Span) -> Reported {
        self.error_diag(Diagnostic::error(message, span))
    }

    /// [`Self::error`] for a prepared diagnostic (with extra labels or help).
    #[cold]
    #[inline(never)]
    fn error_diag(&mut self, diag: Diagnostic) -> Reported {
        self.errors_seen += 1;
        if !self.lexer_error_on_line() {
            self.push_diag(diag);
        }
        Reported
    }

    /// True when the lexer reported an error on the logical line being
    /// parsed: from the start of the physical line where the statement
    /// starts (its indentation included) to the next `Newline`.
    fn lexer_error_on_line(&self) -> bool {
        if self.lex_errors.is_empty() {
            return false;
        }
        let start = (self.line_start as usize).min(self.src.len());
        let start = self.src.as_bytes()[..start]
            .iter()
            .rposition(|&b| b == b'\n' || b == b'\r')
            .map_or(0, |i| i + 1);
        let end = self.tokens[self.pos..]
            .iter()
            .find(|t| matches!(t.kind, TokenKind::Newline | TokenKind::Eof))
            .map_or(u32::MAX, |t| t.span.hi);
        self.lexer_error_between(start as u32, end)
    }

    #[cold]
    #[inline(never)]
    fn error_here(&mut self, message: impl Into<String>) -> Reported {
        let span = self.here();
        self.error(message, span)
    }

    /// Reports an unsupported construct (unless the lexer already reported
    /// an error on the line, which makes its tokens suspect).
    #[cold]
    #[inline(never)]
    fn unsupported(&mut self, message: impl Into<String>, span: Span) -> Reported {
        self.errors_seen += 1;
        if !self.lexer_error_on_line() {
            self.push_diag(Diagnostic::error(message, span));
        }
        Reported
    }

    /// Adds a diagnostic unless it repeats the previous one exactly.
    fn push_diag(&mut self, diag: Diagnostic) {
        let duplicate = self
            .diags
            .last()
            .is_some_and(|d| d.message == diag.message && d.primary().span == diag.primary().span);
        if !duplicate {
            self.diags.push(diag);
        }
    }

    fn lexer_error_between(&self, lo: u32, hi: u32) -> bool {
        let i = self.lex_errors.partition_point(|&e| e < lo);
        self.lex_errors.get(i).is_some_and(|&e| e <= hi)
    }

    /// Enters one level of expression nesting, failing past [`MAX_DEPTH`].
    fn enter(&mut self) -> PResult<()> {
        if self.depth >= MAX_DEPTH {
            let span = self.span();
            return Err(self.too_deep(span));
        }
        self.depth += 1;
        Ok(())
    }

    /// Leaves a level entered with [`Self::enter`] (called only after a
    /// successful `enter`, so `depth` is positive).
    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Enters one level of block nesting, failing past [`MAX_BLOCK_DEPTH`].
    fn enter_block(&mut self) -> PResult<()> {
        if self.block_depth >= MAX_BLOCK_DEPTH {
            let span = self.span();
            return Err(self.unsupported("blocks are nested too deeply", span));
        }
        self.block_depth += 1;
        Ok(())
    }

    fn leave_block(&mut self) {
        self.block_depth = self.block_depth.saturating_sub(1);
    }

    // ----- recovery ------------------------------------------------------

    /// Skips to the end of the logical line and consumes its `Newline`.
    fn skip_line(&mut self) {
        while !self.at_newline() {
            self.bump();
        }
        if matches!(self.peek(), TokenKind::Newline) {
            self.bump();
        }
    }

    /// Skips an indented block (with nested blocks) if one starts here.
    fn skip_indented_block(&mut self) {
        if !matches!(self.peek(), TokenKind::Indent) {
            return;
        }
        let mut depth = 0u32;
        loop {
            match self.peek() {
                TokenKind::Indent => depth += 1,
                TokenKind::Dedent => depth = depth.saturating_sub(1),
                TokenKind::Eof => return,
                _ => {}
            }
            self.bump();
            if depth == 0 {
                return;
            }
        }
    }

    /// Skips a whole statement: its line and its indented block.
    fn skip_statement(&mut self) {
        self.skip_line();
        self.skip_indented_block();
    }

    /// Skips tokens up to (not including) the closing bracket that matches
    /// an already consumed opener, or to the end of the line.
    fn skip_to_closer(&mut self) {
        let mut depth = 0u32;
        loop {
            match self.peek() {
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    if depth == 0 {
                        return;
                    }
                    depth -= 1;
                }
                TokenKind::Newline | TokenKind::Eof => return,
                _ => {}
            }
            self.bump();
        }
    }

    /// Skips to the last `:` outside brackets on this line (a compound
    /// statement's header ends there) and consumes it; returns false, at
    /// the end of the line, when there is none.
    fn skip_to_colon(&mut self) -> bool {
        let mut depth = 0u32;
        let mut colon = None;
        let mut i = self.pos;
        loop {
            match self.tokens[i].kind {
                TokenKind::Punct(Punct::Colon) if depth == 0 => colon = Some(i),
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    depth = depth.saturating_sub(1);
                }
                TokenKind::Newline | TokenKind::Eof => break,
                _ => {}
            }
            i += 1;
        }
        let stop = colon.map_or(i, |c| c + 1);
        while self.pos < stop {
            self.bump();
        }
        colon.is_some()
    }

    // ----- file and blocks -----------------------------------------------

    /// Runs `parse`, which pushes statements on `self.stmts`, and moves
    /// them to the module's block pool as one block. Blocks nest: each
    /// block being parsed has its own vector (the outer ones wait here),
    /// and a block goes to the pool when it is finished, after the blocks
    /// nested in it, in one copy (`append`), which leaves its vector empty
    /// for the next block.
    fn collect_block(&mut self, parse: impl FnOnce(&mut Self)) -> Seq<Stmt> {
        let inner = self.spare_blocks.pop().unwrap_or_default();
        let outer = std::mem::replace(&mut self.stmts, inner);
        let outer_start = std::mem::replace(&mut self.block_start, 0);
        parse(self);
        let start = self.blocks.len() as u32;
        self.blocks.append(&mut self.stmts);
        let inner = std::mem::replace(&mut self.stmts, outer);
        self.spare_blocks.push(inner);
        self.block_start = outer_start;
        Seq::new(start, self.blocks.len() as u32 - start)
    }

    /// The top-level statements: those of the outermost block, the one
    /// whose vector is `self.stmts` when no nested block is being parsed.
    fn parse_file(&mut self) -> Vec<Stmt> {
        loop {
            match self.peek() {
                TokenKind::Eof => break,
                TokenKind::Newline | TokenKind::Dedent => {
                    self.bump();
                }
                TokenKind::Indent => self.unexpected_indent(),
                _ => self.parse_statement(),
            }
        }
        std::mem::take(&mut self.stmts)
    }

    /// The statements of an indented block, after its `Indent`, through the
    /// matching `Dedent`, pushed on the statement stack.
    fn parse_block_statements(&mut self) {
        loop {
            match self.peek() {
                TokenKind::Dedent => {
                    self.bump();
                    break;
                }
                TokenKind::Eof => break,
                TokenKind::Newline => {
                    self.bump();
                }
                TokenKind::Indent => self.unexpected_indent(),
                _ => self.parse_statement(),
            }
        }
    }

    /// An indented block where none belongs: reported, then parsed (for
    /// its own errors) and dropped (its statements stay unused in the pool).
    fn unexpected_indent(&mut self) {
        let span = self.span();
        let span = if span.is_empty() {
            self.tokens[(self.pos + 1).min(self.tokens.len() - 1)].span
        } else {
            span
        };
        self.line_start = span.lo;
        self.error("unexpected indent", span);
        self.nested_block();
    }

    /// Parses the indented block starting at the current `Indent` token.
    fn nested_block(&mut self) -> Seq<Stmt> {
        self.collect_block(Self::nested_block_statements)
    }

    /// The statements of the indented block starting at the current
    /// `Indent` token, pushed on the statement stack.
    fn nested_block_statements(&mut self) {
        if self.enter_block().is_err() {
            self.skip_indented_block();
            return;
        }
        self.bump();
        self.parse_block_statements();
        self.leave_block();
    }

    /// The body after a compound statement's `:`: an indented block, or
    /// simple statements on the same line. `header_ok` is false when the
    /// header had an error; then a missing block is not reported again.
    fn parse_body(&mut self, header_ok: bool, what: &str, header_lo: u32) -> Seq<Stmt> {
        if matches!(self.peek(), TokenKind::Newline) {
            self.bump();
            if matches!(self.peek(), TokenKind::Indent) {
                return self.nested_block();
            }
            if header_ok {
                let span = self.span();
                let line = self.line_of(header_lo);
                self.line_start = span.lo;
                self.error(
                    format!("expected an indented block after {what} on line {line}"),
                    span,
                );
            }
            return Seq::EMPTY;
        }
        if matches!(self.peek(), TokenKind::Eof) {
            return Seq::EMPTY;
        }
        self.collect_block(|p| {
            p.line_start = p.span().lo;
            if p.at_compound_keyword() {
                p.error_here("a compound statement cannot follow ':' on the same line");
                p.skip_statement();
            } else {
                p.parse_simple_line();
            }
            if matches!(p.peek(), TokenKind::Indent) {
                // `if x: a` followed by an indented line: report it, but keep
                // the block with the statement so a following `else` still fits.
                let span = p.span();
                p.line_start = span.lo;
                p.error("unexpected indent", span);
                // Its statements join this block, but messages about them
                // see only the statements of the indented block so far.
                let outer = std::mem::replace(&mut p.block_start, p.stmts.len());
                p.nested_block_statements();
                p.block_start = outer;
            }
        })
    }

    /// The end of a block, or `fallback` when it is empty.
    fn block_end(&self, block: Seq<Stmt>, fallback: u32) -> u32 {
        let stmts = &self.blocks[block.range()];
        stmts.last().map_or(fallback, |s| s.span.hi)
    }

    fn line_of(&self, offset: u32) -> usize {
        let end = (offset as usize).min(self.src.len());
        self.src.as_bytes()[..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1
    }
}
