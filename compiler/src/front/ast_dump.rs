//! A readable, stable text form of the AST, for `kernelc check --emit ast`
//! and snapshot tests.
//!
//! One node per line, children indented by two spaces, each line ending in
//! the node's start position `@line:col` (1-based, columns in characters).
//! A child that fills a field is prefixed with the field's name
//! (`test:`, `value:`, `arg:`); statement lists are introduced by a
//! `body:` or `orelse:` line. For example:
//!
//! ```text
//! Module
//!   ImportFrom numba @1:1
//!     alias cuda @1:19
//!   FunctionDef add (header @3:1) @2:1
//!     decorator: Attribute .jit @2:2
//!       value: Name cuda @2:2
//!     param a @3:9
//!     body:
//!       Assign @4:5
//!         target: Name i @4:5
//!         value: Call @4:9
//!           func: Attribute .grid @4:9
//!             value: Name cuda @4:9
//!           arg: Int 1 @4:19
//! ```
//!
//! A function's line gives the position of its first decorator (where the
//! statement starts) and, in parentheses, of its `def` header. Literals are
//! shown with Rust's `Debug` formatting (`Float 1.0`, `Str "a\n"`).

use super::ast::{BoolOp, DottedName, ExprId, ExprKind, FunctionDef, Module, Seq, Stmt, StmtKind};
use crate::diagnostics::SourceFiles;
use crate::span::{FileId, Span};
use std::fmt::Write;

/// Renders `module` as an indented tree; positions are computed from the
/// text of [`FileId::MAIN`] in `files`.
pub fn dump_module(module: &Module, files: &SourceFiles) -> String {
    let mut dumper = Dumper {
        out: String::from("Module\n"),
        files,
        module,
        depth: 1,
    };
    for stmt in &module.body {
        dumper.stmt(stmt);
    }
    dumper.out
}

struct Dumper<'a> {
    out: String,
    files: &'a SourceFiles,
    module: &'a Module,
    depth: usize,
}

impl Dumper<'_> {
    /// Writes one line: indentation, optional `label: `, `head`, position.
    fn line(&mut self, label: Option<&str>, head: &str, span: Option<Span>) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        if let Some(label) = label {
            self.out.push_str(label);
            self.out.push_str(": ");
        }
        self.out.push_str(head);
        if let Some(span) = span {
            let (line, col) = self.files.line_col(FileId::MAIN, span.lo);
            let _ = write!(self.out, " @{line}:{col}");
        }
        self.out.push('\n');
    }

    /// Runs `children` one level deeper.
    fn nested(&mut self, children: impl FnOnce(&mut Self)) {
        self.depth += 1;
        // The recursive step (see `crate::stack`).
        crate::stack::deeper(|| children(self));
        self.depth -= 1;
    }

    fn name(&self, sym: crate::front::interner::Symbol) -> &str {
        self.module.interner.resolve(sym)
    }

    fn dotted(&self, name: &DottedName) -> String {
        let parts = self.module.idents(name.parts);
        let parts: Vec<&str> = parts.iter().map(|p| self.name(p.name)).collect();
        parts.join(".")
    }

    fn block(&mut self, label: &str, body: Seq<Stmt>) {
        let stmts = self.module.block(body);
        self.line(None, &format!("{label}:"), None);
        self.nested(|d| stmts.iter().for_each(|s| d.stmt(s)));
    }

    fn opt_expr(&mut self, label: &str, e: Option<ExprId>) {
        if let Some(e) = e {
            self.expr(Some(label), e);
        }
    }

    fn exprs(&mut self, label: &str, list: &[ExprId]) {
        for &e in list {
            self.expr(Some(label), e);
        }
    }

    // ----- statements ----------------------------------------------------

    fn stmt(&mut self, stmt: &Stmt) {
        let span = Some(stmt.span);
        let module = self.module;
        match stmt.kind {
            StmtKind::Expr(e) => {
                self.line(None, "Expr", span);
                self.nested(|d| d.expr(Some("value"), e));
            }
            StmtKind::Assign { targets, value } => {
                self.line(None, "Assign", span);
                self.nested(|d| {
                    d.exprs("target", module.exprs(targets));
                    d.expr(Some("value"), value);
                });
            }
            StmtKind::AugAssign { target, op, value } => {
                self.line(None, &format!("AugAssign {}=", op.symbol()), span);
                self.nested(|d| {
                    d.expr(Some("target"), target);
                    d.expr(Some("value"), value);
                });
            }
            StmtKind::AnnAssign {
                target,
                annotation,
                value,
            } => {
                self.line(None, "AnnAssign", span);
                self.nested(|d| {
                    d.expr(Some("target"), target);
                    d.expr(Some("annotation"), annotation);
                    d.opt_expr("value", value);
                });
            }
            StmtKind::If { test, body, orelse } => self.conditional("If", span, test, body, orelse),
            StmtKind::While { test, body, orelse } => {
                self.conditional("While", span, test, body, orelse)
            }
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
            } => {
                self.line(None, "For", span);
                self.nested(|d| {
                    d.expr(Some("target"), target);
                    d.expr(Some("iter"), iter);
                    d.block("body", body);
                    if !orelse.is_empty() {
                        d.block("orelse", orelse);
                    }
                });
            }
            StmtKind::Break => self.line(None, "Break", span),
            StmtKind::Continue => self.line(None, "Continue", span),
            StmtKind::Pass => self.line(None, "Pass", span),
            StmtKind::Return(value) => {
                self.line(None, "Return", span);
                self.nested(|d| d.opt_expr("value", value));
            }
            StmtKind::FunctionDef(ref def) => self.function(def, stmt.span),
            StmtKind::ClassDef(ref class) => {
                let (line, col) = self.files.line_col(FileId::MAIN, class.header_span.lo);
                let head = format!(
                    "ClassDef {} (header @{line}:{col})",
                    self.name(class.name.name)
                );
                self.line(None, &head, span);
                self.nested(|d| {
                    d.exprs("decorator", d.module.exprs(class.decorators));
                    d.exprs("base", d.module.exprs(class.bases));
                    d.block("body", class.body);
                });
            }
            StmtKind::Import(aliases) => {
                self.line(None, "Import", span);
                let aliases = self.module.aliases(aliases);
                self.nested(|d| aliases.iter().for_each(|a| d.alias(a)));
            }
            StmtKind::ImportFrom {
                ref module,
                names,
                level,
            } => {
                let names = self.module.aliases(names);
                let module = module.as_ref().map(|m| self.dotted(m)).unwrap_or_default();
                let dots = ".".repeat(level as usize);
                let star = if names.is_empty() { " *" } else { "" };
                self.line(None, &format!("ImportFrom {dots}{module}{star}"), span);
                self.nested(|d| names.iter().for_each(|a| d.alias(a)));
            }
            StmtKind::Raise(exc) => {
                self.line(None, "Raise", span);
                self.nested(|d| d.opt_expr("exc", exc));
            }
            StmtKind::Assert { test, msg } => {
                self.line(None, "Assert", span);
                self.nested(|d| {
                    d.expr(Some("test"), test);
                    d.opt_expr("msg", msg);
                });
            }
            StmtKind::Global(names) | StmtKind::Nonlocal(names) => {
                let names = self.module.idents(names);
                let kind = if matches!(stmt.kind, StmtKind::Global(_)) {
                    "Global"
                } else {
                    "Nonlocal"
                };
                let list: Vec<&str> = names.iter().map(|n| self.name(n.name)).collect();
                self.line(None, &format!("{kind} {}", list.join(", ")), span);
            }
            StmtKind::Del(targets) => {
                self.line(None, "Del", span);
                self.nested(|d| d.exprs("target", module.exprs(targets)));
            }
        }
    }

    fn conditional(
        &mut self,
        kind: &str,
        span: Option<Span>,
        test: ExprId,
        body: Seq<Stmt>,
        orelse: Seq<Stmt>,
    ) {
        self.line(None, kind, span);
        self.nested(|d| {
            d.expr(Some("test"), test);
            d.block("body", body);
            if !orelse.is_empty() {
                d.block("orelse", orelse);
            }
        });
    }

    fn alias(&mut self, alias: &crate::front::ast::ImportAlias) {
        let mut head = format!("alias {}", self.dotted(&alias.name));
        if let Some(asname) = alias.asname {
            let _ = write!(head, " as {}", self.name(asname.name));
        }
        self.line(None, &head, Some(alias.span));
    }

    fn function(&mut self, def: &FunctionDef, span: Span) {
        let (line, col) = self.files.line_col(FileId::MAIN, def.header_span.lo);
        let head = format!(
            "FunctionDef {} (header @{line}:{col})",
            self.name(def.name.name)
        );
        self.line(None, &head, Some(span));
        self.nested(|d| {
            d.exprs("decorator", d.module.exprs(def.decorators));
            for param in d.module.params(def.params) {
                let head = format!("param {}", d.name(param.name.name));
                d.line(None, &head, Some(param.span));
                d.nested(|d| {
                    d.opt_expr("annotation", param.annotation);
                    d.opt_expr("default", param.default);
                });
            }
            d.opt_expr("returns", def.returns);
            d.block("body", def.body);
        });
    }

    // ----- expressions ---------------------------------------------------

    fn expr(&mut self, label: Option<&str>, id: ExprId) {
        let e = self.module.expr(id);
        let head = self.expr_head(&e.kind);
        self.line(label, &head, Some(e.span));
        self.nested(|d| d.expr_children(&e.kind));
    }

    fn expr_head(&self, kind: &ExprKind) -> String {
        match kind {
            ExprKind::Name(s) => format!("Name {}", self.name(*s)),
            ExprKind::Int(v) => format!("Int {v}"),
            ExprKind::Float(v) => format!("Float {v:?}"),
            ExprKind::Imag(v) => format!("Imag {v:?}"),
            ExprKind::Bool(true) => "Bool True".into(),
            ExprKind::Bool(false) => "Bool False".into(),
            ExprKind::NoneLit => "None".into(),
            ExprKind::Str(s) => format!("Str {:?}", self.module.string(*s)),
            ExprKind::Ellipsis => "Ellipsis".into(),
            ExprKind::Attribute { attr, .. } => format!("Attribute .{}", self.name(attr.name)),
            ExprKind::Subscript { .. } => "Subscript".into(),
            ExprKind::Call { .. } => "Call".into(),
            ExprKind::BinOp { op, .. } => format!("BinOp {}", op.symbol()),
            ExprKind::UnaryOp { op, .. } => format!("UnaryOp {}", op.symbol()),
            ExprKind::BoolOp { op, .. } => match op {
                BoolOp::And => "BoolOp and".into(),
                BoolOp::Or => "BoolOp or".into(),
            },
            ExprKind::Compare { ops, .. } => {
                let ops: Vec<&str> = (self.module.comparisons(*ops).iter())
                    .map(|(op, _)| op.symbol())
                    .collect();
                format!("Compare {}", ops.join(" "))
            }
            ExprKind::IfExp { .. } => "IfExp".into(),
            ExprKind::Tuple(_) => "Tuple".into(),
            ExprKind::List(_) => "List".into(),
            ExprKind::Slice { .. } => "Slice".into(),
            ExprKind::Starred(_) => "Starred".into(),
            ExprKind::Error => "Error".into(),
        }
    }

    fn expr_children(&mut self, kind: &ExprKind) {
        let module = self.module;
        match *kind {
            ExprKind::Attribute { value, .. } | ExprKind::Starred(value) => {
                self.expr(Some("value"), value)
            }
            ExprKind::Subscript { value, index } => {
                self.expr(Some("value"), value);
                self.expr(Some("index"), index);
            }
            ExprKind::Call {
                func,
                args,
                keywords,
            } => {
                self.expr(Some("func"), func);
                self.exprs("arg", module.exprs(args));
                for kw in module.keywords(keywords) {
                    let head = format!("keyword {}", self.name(kw.name.name));
                    self.line(None, &head, Some(kw.span));
                    self.nested(|d| d.expr(Some("value"), kw.value));
                }
            }
            ExprKind::BinOp { left, right, .. } => {
                self.expr(Some("left"), left);
                self.expr(Some("right"), right);
            }
            ExprKind::UnaryOp { operand, .. } => self.expr(Some("operand"), operand),
            ExprKind::BoolOp { values, .. } => self.exprs("value", module.exprs(values)),
            ExprKind::Compare { left, ops } => {
                self.expr(Some("left"), left);
                for &(_, e) in module.comparisons(ops) {
                    self.expr(Some("comparator"), e);
                }
            }
            ExprKind::IfExp { test, body, orelse } => {
                self.expr(Some("test"), test);
                self.expr(Some("body"), body);
                self.expr(Some("orelse"), orelse);
            }
            ExprKind::Tuple(elems) | ExprKind::List(elems) => {
                self.exprs("elt", module.exprs(elems));
            }
            ExprKind::Slice { lower, upper, step } => {
                self.opt_expr("lower", lower);
                self.opt_expr("upper", upper);
                self.opt_expr("step", step);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::dump_module;
    use crate::diagnostics::SourceFiles;
    use crate::front::parser::parse_module;

    const KERNEL: &str = r#"from numba import cuda

@cuda.jit("void(float32[:, ::1], int32)")
def scale(a, n: int = 4):
    i, j = cuda.grid(2)
    if 0 <= i < n and not j:
        a[i, j] *= -2.5 ** 2
    elif i == n:
        a[i, :] = (1, 2) if a[i, 0] else [3]
    for k in range(n):
        continue
    print("hi", sep=None)
"#;

    const EXPECTED: &str = r#"Module
  ImportFrom numba @1:1
    alias cuda @1:19
  FunctionDef scale (header @4:1) @3:1
    decorator: Call @3:2
      func: Attribute .jit @3:2
        value: Name cuda @3:2
      arg: Str "void(float32[:, ::1], int32)" @3:11
    param a @4:11
    param n @4:14
      annotation: Name int @4:17
      default: Int 4 @4:23
    body:
      Assign @5:5
        target: Tuple @5:5
          elt: Name i @5:5
          elt: Name j @5:8
        value: Call @5:12
          func: Attribute .grid @5:12
            value: Name cuda @5:12
          arg: Int 2 @5:22
      If @6:5
        test: BoolOp and @6:8
          value: Compare <= < @6:8
            left: Int 0 @6:8
            comparator: Name i @6:13
            comparator: Name n @6:17
          value: UnaryOp not @6:23
            operand: Name j @6:27
        body:
          AugAssign *= @7:9
            target: Subscript @7:9
              value: Name a @7:9
              index: Tuple @7:11
                elt: Name i @7:11
                elt: Name j @7:14
            value: UnaryOp - @7:20
              operand: BinOp ** @7:21
                left: Float 2.5 @7:21
                right: Int 2 @7:28
        orelse:
          If @8:5
            test: Compare == @8:10
              left: Name i @8:10
              comparator: Name n @8:15
            body:
              Assign @9:9
                target: Subscript @9:9
                  value: Name a @9:9
                  index: Tuple @9:11
                    elt: Name i @9:11
                    elt: Slice @9:14
                value: IfExp @9:19
                  test: Subscript @9:29
                    value: Name a @9:29
                    index: Tuple @9:31
                      elt: Name i @9:31
                      elt: Int 0 @9:34
                  body: Tuple @9:19
                    elt: Int 1 @9:20
                    elt: Int 2 @9:23
                  orelse: List @9:42
                    elt: Int 3 @9:43
      For @10:5
        target: Name k @10:9
        iter: Call @10:14
          func: Name range @10:14
          arg: Name n @10:20
        body:
          Continue @11:9
      Expr @12:5
        value: Call @12:5
          func: Name print @12:5
          arg: Str "hi" @12:11
          keyword sep @12:17
            value: None @12:21
"#;

    fn dump(src: &str) -> String {
        let mut diags = Vec::new();
        let module = parse_module(src, &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        let mut files = SourceFiles::new();
        files.add("k.py", src);
        dump_module(&module, &files)
    }

    #[test]
    fn snapshot_of_a_small_kernel() {
        let got = dump(KERNEL);
        if got != EXPECTED {
            panic!("AST dump changed; got:\n{got}");
        }
    }

    #[test]
    fn remaining_node_kinds() {
        let src = "import numba.cuda as nc\nfrom .. import x\nfrom m import *\n\
                   x: f4 = 1\nwhile a: pass\nelse: return\nglobal p, q\nnonlocal r\n\
                   del a[0]\nassert a, 'm'\nx = b'\\n' or ... or a.b[1:2:3]\n";
        let mut diags = Vec::new();
        let module = parse_module(src, &mut diags);
        let mut files = SourceFiles::new();
        files.add("k.py", src);
        let got = dump_module(&module, &files);
        for line in [
            "  Import @1:1\n    alias numba.cuda as nc @1:8",
            "  ImportFrom .. @2:1\n    alias x @2:16",
            "  ImportFrom m * @3:1",
            "  AnnAssign @4:1\n    target: Name x @4:1\n    annotation: Name f4 @4:4\n    value: Int 1 @4:9",
            "  While @5:1\n    test: Name a @5:7\n    body:\n      Pass @5:10\n    orelse:\n      Return @6:7",
            "  Global p, q @7:1",
            "  Nonlocal r @8:1",
            "  Del @9:1\n    target: Subscript @9:5",
            "  Assert @10:1\n    test: Name a @10:8\n    msg: Str \"m\" @10:11",
            "value: BoolOp or @11:5\n      value: Str \"\\n\" @11:5\n      value: Ellipsis @11:14",
            "index: Slice @11:25\n          lower: Int 1 @11:25\n          upper: Int 2 @11:27\n          step: Int 3 @11:29",
        ] {
            assert!(got.contains(line), "missing {line:?} in:\n{got}");
        }
    }
}
