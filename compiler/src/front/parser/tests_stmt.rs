//! Unit tests of statement parsing: every statement form, unsupported
//! statements, syntax errors, error recovery and spans.

use super::parse_module;
use super::tests_expr::{parse, sexpr};
use crate::front::ast::{BinOp, ExprId, ExprKind, Module, Stmt, StmtKind};
use crate::span::Span;

/// Parses `src`, which must have no errors.
fn ok(src: &str) -> Module {
    let (module, errors) = parse(src);
    assert!(errors.is_empty(), "{src:?}: {errors:?}");
    module
}

/// The messages of parsing `src`.
fn errors(src: &str) -> Vec<String> {
    parse(src).1
}

/// A one-line outline of each statement (recursively for blocks).
fn outline(module: &Module) -> String {
    fn walk(body: &[Stmt], m: &Module, out: &mut Vec<String>) {
        for s in body {
            let e = |x: &ExprId| sexpr(m, *x);
            let line = match &s.kind {
                StmtKind::Expr(x) => format!("expr {}", e(x)),
                StmtKind::Assign { targets, value } => {
                    let t: Vec<String> = m.exprs(*targets).iter().map(e).collect();
                    format!("{} = {}", t.join(" = "), e(value))
                }
                StmtKind::AugAssign { target, op, value } => {
                    format!("{} {}= {}", e(target), op.symbol(), e(value))
                }
                StmtKind::AnnAssign {
                    target,
                    annotation,
                    value,
                } => format!(
                    "{}: {} = {}",
                    e(target),
                    e(annotation),
                    value.as_ref().map_or("_".into(), e)
                ),
                StmtKind::If { test, body, orelse } => {
                    let mut inner = Vec::new();
                    walk(m.block(*body), m, &mut inner);
                    let mut other = Vec::new();
                    walk(m.block(*orelse), m, &mut other);
                    format!(
                        "if {} {{{}}} else {{{}}}",
                        e(test),
                        inner.join("; "),
                        other.join("; ")
                    )
                }
                StmtKind::While { test, body, orelse } => {
                    let mut inner = Vec::new();
                    walk(m.block(*body), m, &mut inner);
                    let mut other = Vec::new();
                    walk(m.block(*orelse), m, &mut other);
                    format!(
                        "while {} {{{}}} else {{{}}}",
                        e(test),
                        inner.join("; "),
                        other.join("; ")
                    )
                }
                StmtKind::For {
                    target,
                    iter,
                    body,
                    orelse,
                } => {
                    let mut inner = Vec::new();
                    walk(m.block(*body), m, &mut inner);
                    let mut other = Vec::new();
                    walk(m.block(*orelse), m, &mut other);
                    format!(
                        "for {} in {} {{{}}} else {{{}}}",
                        e(target),
                        e(iter),
                        inner.join("; "),
                        other.join("; ")
                    )
                }
                StmtKind::Break => "break".into(),
                StmtKind::Continue => "continue".into(),
                StmtKind::Pass => "pass".into(),
                StmtKind::Return(v) => format!("return {}", v.as_ref().map_or("_".into(), e)),
                StmtKind::ClassDef(class) => {
                    let mut inner = Vec::new();
                    walk(m.block(class.body), m, &mut inner);
                    let bases: Vec<String> = m.exprs(class.bases).iter().map(e).collect();
                    let decorators: Vec<String> = (m.exprs(class.decorators).iter())
                        .map(|d| format!("@{} ", e(d)))
                        .collect();
                    format!(
                        "{}class {}({}) {{{}}}",
                        decorators.concat(),
                        m.interner.resolve(class.name.name),
                        bases.join(", "),
                        inner.join("; ")
                    )
                }
                StmtKind::FunctionDef(def) => {
                    let mut inner = Vec::new();
                    walk(m.block(def.body), m, &mut inner);
                    let params: Vec<String> = m
                        .params(def.params)
                        .iter()
                        .map(|p| {
                            let mut s = m.interner.resolve(p.name.name).to_string();
                            if let Some(a) = &p.annotation {
                                s += &format!(":{}", e(a));
                            }
                            if let Some(d) = &p.default {
                                s += &format!("={}", e(d));
                            }
                            s
                        })
                        .collect();
                    let decorators: Vec<String> = (m.exprs(def.decorators).iter())
                        .map(|d| format!("@{} ", e(d)))
                        .collect();
                    format!(
                        "{}def {}({}) -> {} {{{}}}",
                        decorators.concat(),
                        m.interner.resolve(def.name.name),
                        params.join(", "),
                        def.returns.as_ref().map_or("_".into(), e),
                        inner.join("; ")
                    )
                }
                StmtKind::Import(names) => format!("import {}", aliases(m.aliases(*names), m)),
                StmtKind::ImportFrom {
                    module,
                    names,
                    level,
                } => {
                    let module = module.as_ref().map_or(String::new(), |d| dotted(d, m));
                    format!(
                        "from {}{module} import {}",
                        ".".repeat(*level as usize),
                        aliases(m.aliases(*names), m)
                    )
                }
                StmtKind::Assert { test, msg } => {
                    format!("assert {} {}", e(test), msg.as_ref().map_or("_".into(), e))
                }
                StmtKind::Raise(exc) => format!("raise {}", exc.as_ref().map_or("_".into(), e)),
                StmtKind::Global(names) | StmtKind::Nonlocal(names) => {
                    let kw = if matches!(s.kind, StmtKind::Global(_)) {
                        "global"
                    } else {
                        "nonlocal"
                    };
                    let names: Vec<&str> = (m.idents(*names).iter())
                        .map(|n| m.interner.resolve(n.name))
                        .collect();
                    format!("{kw} {}", names.join(" "))
                }
                StmtKind::Del(targets) => {
                    let t: Vec<String> = m.exprs(*targets).iter().map(e).collect();
                    format!("del {}", t.join(" "))
                }
            };
            out.push(line);
        }
    }
    fn dotted(d: &crate::front::ast::DottedName, m: &Module) -> String {
        let parts = m.idents(d.parts);
        let parts: Vec<&str> = parts.iter().map(|p| m.interner.resolve(p.name)).collect();
        parts.join(".")
    }
    fn aliases(names: &[crate::front::ast::ImportAlias], m: &Module) -> String {
        let shown: Vec<String> = names
            .iter()
            .map(|a| match a.asname {
                Some(n) => format!("{} as {}", dotted(&a.name, m), m.interner.resolve(n.name)),
                None => dotted(&a.name, m),
            })
            .collect();
        shown.join(", ")
    }
    let mut out = Vec::new();
    walk(&module.body, module, &mut out);
    out.join("\n")
}

fn show(src: &str) -> String {
    outline(&ok(src))
}

// ----- statement forms --------------------------------------------------

#[test]
fn assignments() {
    assert_eq!(show("x = 1"), "x = 1");
    assert_eq!(show("a = b = c"), "a = b = c");
    assert_eq!(
        show("x, y = cuda.grid(2)"),
        "(tuple x y) = (call (. cuda grid) 2)"
    );
    assert_eq!(show("(x, y) = 1, 2"), "(tuple x y) = (tuple 1 2)");
    assert_eq!(show("[x, y] = t"), "(list x y) = t");
    assert_eq!(show("a[i, j] = v"), "([] a (tuple i j)) = v");
    assert_eq!(show("a.b = v"), "(. a b) = v");
    assert_eq!(show("x: int32 = 1"), "x: int32 = 1");
    assert_eq!(show("x: int32"), "x: int32 = _");
}

#[test]
fn augmented_assignments() {
    let ops = [
        ("+=", BinOp::Add),
        ("-=", BinOp::Sub),
        ("*=", BinOp::Mul),
        ("/=", BinOp::Div),
        ("//=", BinOp::FloorDiv),
        ("%=", BinOp::Mod),
        ("**=", BinOp::Pow),
        ("&=", BinOp::BitAnd),
        ("|=", BinOp::BitOr),
        ("^=", BinOp::BitXor),
        ("<<=", BinOp::LShift),
        (">>=", BinOp::RShift),
        ("@=", BinOp::MatMul),
    ];
    for (text, want) in ops {
        let module = ok(&format!("a[i] {text} 2"));
        let StmtKind::AugAssign { op, .. } = &module.body[0].kind else {
            panic!("{text}")
        };
        assert_eq!(*op, want, "{text}");
    }
}

#[test]
fn simple_statements() {
    assert_eq!(show("pass; break; continue"), "pass\nbreak\ncontinue");
    assert_eq!(show("return"), "return _");
    assert_eq!(show("return a, b"), "return (tuple a b)");
    assert_eq!(show("assert x > 0, 'msg'"), "assert (cmp x > 0) \"msg\"");
    assert_eq!(show("assert x"), "assert x _");
    assert_eq!(show("global a, b"), "global a b");
    assert_eq!(show("nonlocal a"), "nonlocal a");
    assert_eq!(show("del a, b[i]"), "del a ([] b i)");
    assert_eq!(show("f(x);"), "expr (call f x)");
    assert_eq!(show("'docstring'"), "expr \"docstring\"");
}

#[test]
fn imports() {
    assert_eq!(show("import numba"), "import numba");
    assert_eq!(
        show("import numba.cuda as nc, math"),
        "import numba.cuda as nc, math"
    );
    assert_eq!(show("from numba import cuda"), "from numba import cuda");
    assert_eq!(
        show("from numba import (cuda,\n    float32 as f4,)"),
        "from numba import cuda, float32 as f4"
    );
    assert_eq!(show("from . import x"), "from . import x");
    assert_eq!(show("from ..a.b import c"), "from ..a.b import c");
    assert_eq!(show("from ... import c"), "from ... import c");
}

#[test]
fn if_elif_else() {
    let src = "if a:\n    x = 1\nelif b:\n    x = 2\nelif c: x = 3\nelse:\n    x = 4\n";
    assert_eq!(
        show(src),
        "if a {x = 1} else {if b {x = 2} else {if c {x = 3} else {x = 4}}}"
    );
    assert_eq!(show("if a: x = 1; y = 2"), "if a {x = 1; y = 2} else {}");
}

#[test]
fn loops() {
    assert_eq!(
        show("while i < n:\n    i += 1\nelse:\n    pass\n"),
        "while (cmp i < n) {i += 1} else {pass}"
    );
    assert_eq!(
        show("for i in range(0, n, -1):\n    continue\n"),
        "for i in (call range 0 n (- 1)) {continue} else {}"
    );
    assert_eq!(
        show("for i, j in pairs:\n    break\nelse:\n    pass"),
        "for (tuple i j) in pairs {break} else {pass}"
    );
    assert_eq!(
        show("for x in a, b: pass"),
        "for x in (tuple a b) {pass} else {}"
    );
}

#[test]
fn function_definitions() {
    let src = "@cuda.jit(device=True)\n@other\ndef f(a, b: float32, c=1, d: int = 2) -> float32:\n    return a\n";
    assert_eq!(
        show(src),
        "@(call (. cuda jit) device=True) @other def f(a, b:float32, c=1, d:int=2) -> float32 {return a}"
    );
    assert_eq!(show("def g(): pass"), "def g() -> _ {pass}");
    assert_eq!(show("def g(a,): pass"), "def g(a) -> _ {pass}");
}

#[test]
fn nested_blocks_and_comments() {
    let src =
        "def k(a):\n    # comment\n    for i in range(3):\n\n        if a:\n            pass\n    \
               # dedented comment\n        x = 1\n    return\n";
    assert_eq!(
        show(src),
        "def k(a) -> _ {for i in (call range 3) {if a {pass} else {}; x = 1} else {}; return _}"
    );
}

// ----- spans --------------------------------------------------------------

fn text(src: &str, span: Span) -> &str {
    &src[span.range()]
}

#[test]
fn statement_spans() {
    let src = "@cuda.jit\ndef f(a, b) -> int:\n    x = a + b\n    if x:\n        y = 1\n    else:\n        y = 2\n\nz = 3\n";
    let module = ok(src);
    let def_stmt = &module.body[0];
    assert!(text(src, def_stmt.span).starts_with("@cuda.jit\ndef f"));
    assert!(text(src, def_stmt.span).ends_with("y = 2"));
    let StmtKind::FunctionDef(def) = &def_stmt.kind else {
        panic!()
    };
    assert_eq!(text(src, def.header_span), "def f(a, b) -> int");
    assert_eq!(text(src, module.params(def.params)[1].span), "b");
    assert_eq!(text(src, module.block(def.body)[0].span), "x = a + b");
    assert_eq!(
        text(src, module.block(def.body)[1].span),
        "if x:\n        y = 1\n    else:\n        y = 2"
    );
    assert_eq!(text(src, module.body[1].span), "z = 3");
    let src = "def g(n: int = 3):\n    pass\n";
    let module = ok(src);
    let StmtKind::FunctionDef(def) = &module.body[0].kind else {
        panic!()
    };
    assert_eq!(text(src, def.header_span), "def g(n: int = 3)");
    assert_eq!(text(src, module.params(def.params)[0].span), "n: int = 3");
    assert!(!def.vararg);
}

#[test]
fn star_parameter_is_the_last_parameter() {
    let src = "def f(a, b=2, *rest):\n    pass\n";
    let module = ok(src);
    let StmtKind::FunctionDef(def) = &module.body[0].kind else {
        panic!()
    };
    assert!(def.vararg);
    let params = module.params(def.params);
    assert_eq!(params.len(), 3);
    assert_eq!(text(src, params[2].span), "*rest");
    assert!(params[2].default.is_none());
}

#[test]
fn import_spans() {
    let src = "from numba import cuda as c\n";
    let module = ok(src);
    let StmtKind::ImportFrom { names, .. } = &module.body[0].kind else {
        panic!()
    };
    assert_eq!(text(src, module.aliases(*names)[0].span), "cuda as c");
    assert_eq!(
        text(src, module.body[0].span),
        "from numba import cuda as c"
    );
}

// ----- unsupported statements ---------------------------------------------

#[test]
fn unsupported_statements() {
    let cases = [
        (
            "try:\n    x = 1\nexcept E:\n    pass\nelse:\n    pass\nfinally:\n    pass\n",
            "'try' statements are not supported in kernels",
        ),
        (
            "with a as b:\n    pass\n",
            "'with' statements are not supported in kernels",
        ),
        (
            "async def f():\n    pass\n",
            "'async' functions and statements are not supported in kernels",
        ),
        (
            "raise ValueError('x') from e\n",
            "'raise ... from' is not supported in kernels",
        ),
        (
            "@dec\nx = 1\n",
            "decorators are only supported on function definitions",
        ),
        (
            "from m import *\n",
            "'from ... import *' is not supported in kernels",
        ),
        (
            "def f(*args, *more): pass\n",
            "'*' argument may appear only once",
        ),
        (
            "def f(*args, k): pass\n",
            "keyword-only parameters (after '*args') are not supported in kernels",
        ),
        (
            "def f(**kw): pass\n",
            "'**kwargs' parameters are not supported in kernels",
        ),
        (
            "def f(a, *, b): pass\n",
            "keyword-only parameters ('*') are not supported in kernels",
        ),
        (
            "def f(a, /, b): pass\n",
            "positional-only parameters ('/') are not supported in kernels",
        ),
        ("yield x\n", "'yield' is not supported in kernels"),
    ];
    for (src, message) in cases {
        let with_tail = format!("{src}y = 2\n");
        let (module, errors) = parse(&with_tail);
        assert_eq!(errors, [message], "{src}");
        // The statement after the unsupported one is still parsed.
        assert!(
            outline(&module).ends_with("y = 2"),
            "{src}: {}",
            outline(&module)
        );
    }
}

#[test]
fn unsupported_statement_spans() {
    let src = "def f(a, *rest, **kw): pass\n";
    let mut diags = Vec::new();
    parse_module(src, &mut diags);
    assert_eq!(text(src, diags[0].primary().span), "**kw");
}

#[test]
fn class_definitions_parse() {
    // Which classes a kernel file may define is for name resolution.
    let (module, found) = parse(
        "class A:\n    x = 1\n    def f(self): pass\n@enum.unique\nclass C(enum.IntEnum, B):\n    \"doc\"\n    R = 1\ny = 2\n",
    );
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(
        outline(&module),
        "class A() {x = 1; def f(self) -> _ {pass}}\n@(. enum unique) class C((. enum IntEnum), B) {expr \"doc\"; R = 1}\ny = 2"
    );
    assert_eq!(
        errors("class A(metaclass=M):\n    pass\n"),
        ["expected ',' or ')' after a base class"]
    );
}

// ----- syntax errors ------------------------------------------------------

#[test]
fn syntax_error_messages() {
    let cases = [
        ("if x\n    y = 1\n", "expected ':'"),
        ("x = \n", "expected an expression"),
        ("x = (1 +)\n", "expected an expression"),
        ("x = 1\n    y = 2\n", "unexpected indent"),
        (
            "if x:\ny = 1\n",
            "expected an indented block after 'if' statement on line 1",
        ),
        (
            "def f():\n",
            "expected an indented block after function definition on line 1",
        ),
        (
            "if x = 1:\n    pass\n",
            "invalid syntax: '=' is not allowed here, did you mean '=='?",
        ),
        (
            "while x = 1: pass\n",
            "invalid syntax: '=' is not allowed here, did you mean '=='?",
        ),
        ("f() = 1\n", "cannot assign to a function call"),
        ("1 = x\n", "cannot assign to a literal"),
        ("a + b = c\n", "cannot assign to an operator expression"),
        ("-a = c\n", "cannot assign to an operator expression"),
        ("x, f() = 1, 2\n", "cannot assign to a function call"),
        ("for f() in x: pass\n", "cannot assign to a function call"),
        ("a < b = c\n", "cannot assign to a comparison"),
        ("f() += 1\n", "cannot assign to a function call"),
        (
            "a, b += 1\n",
            "a tuple cannot be the target of an augmented assignment",
        ),
        (
            "a, b: int\n",
            "only a single target (not a tuple) can be annotated",
        ),
        ("del f()\n", "cannot delete a function call"),
        ("x = 1)\n", "unmatched ')'"),
        ("x = (1\n", "'(' was never closed"),
        ("x = [1\ny = 2\n", "'[' was never closed"),
        ("for in x: pass\n", "expected an expression"),
        ("for x y: pass\n", "expected 'in'"),
        (
            "else:\n    pass\n",
            "invalid syntax: 'else' without a matching 'if', 'for' or 'while'",
        ),
        (
            "x = 1 2\n",
            "invalid syntax: perhaps you forgot a comma or an operator?",
        ),
        (
            "print 'hi'\n",
            "missing parentheses in call to 'print'; did you mean print(...)?",
        ),
        ("x = 1 :\n", "invalid syntax: unexpected ':'"),
        ("def (a): pass\n", "expected a function name after 'def'"),
        (
            "def f(a b): pass\n",
            "expected ',' or ')' after a parameter",
        ),
        (
            "def f(a=1, b): pass\n",
            "parameter without a default follows parameter with a default",
        ),
        (
            "def f(a, a): pass\n",
            "duplicate parameter 'a' in function definition",
        ),
        ("import\n", "expected a module name"),
        ("from x\n", "expected 'import'"),
        ("x.if\n", "expected an attribute name after '.'"),
        (
            "if x: for y in z: pass\n",
            "a compound statement cannot follow ':' on the same line",
        ),
        (
            "x = 1; if y: pass\n",
            "a compound statement cannot follow ';' on the same line",
        ),
        (
            "@dec x\ndef f(): pass\n",
            "expected a newline after the decorator",
        ),
    ];
    for (src, message) in cases {
        assert_eq!(errors(src), [message], "{src:?}");
    }
}

#[test]
fn syntax_error_spans() {
    let cases = [
        ("if x = 1:\n    pass\n", "="),
        ("f(a) = 1\n", "f(a)"),
        ("x = 1)\n", ")"),
        ("x = (1\n", "("),
        ("x = 1\n    y = 2\n", "    "),
        ("if x:\ny = 1\n", "y"),
    ];
    for (src, want) in cases {
        let mut diags = Vec::new();
        parse_module(src, &mut diags);
        assert_eq!(text(src, diags[0].primary().span), want, "{src:?}");
    }
}

#[test]
fn one_root_cause_gives_one_error() {
    // Lexer errors suppress the parser errors they cause on the same line.
    assert_eq!(errors("x = (1 + $)\n"), ["invalid character '$' (U+0024)"]);
    assert_eq!(errors("x = 'abc\n"), ["unterminated string literal"]);
    assert_eq!(
        errors("f(a,\n  b\ndef g():\n    pass\n"),
        ["'(' was never closed"]
    );
    assert_eq!(errors("x = 1__0 2\n"), ["invalid decimal literal"]);
    // A bad header does not also report its block.
    assert_eq!(errors("if x y:\n    pass\n"), ["expected ':'"]);
    assert_eq!(
        errors("def f(, a):\n    pass\n"),
        ["expected a parameter name"]
    );
    assert_eq!(errors("def f(:\n    pass\n"), ["'(' was never closed"]);
    // An unparsable body line is reported once; the rest of the block is fine.
    assert_eq!(
        errors("def f():\n    x = = 1\n    y = 2\n"),
        ["expected an expression"]
    );
}

#[test]
fn messages_see_the_statements_of_their_own_block() {
    // Each nested block has its own statement vector: the statement before
    // junk is found in it, at any depth and after a nested block closes.
    let print = "missing parentheses in call to 'print'; did you mean print(...)?";
    assert_eq!(errors("def f():\n    print 'x'\n"), [print]);
    assert_eq!(
        errors("def f():\n    if x:\n        pass\n    print 'x'\n"),
        [print]
    );
    assert_eq!(
        errors("if x: pass\n    print 'x'\n"),
        ["unexpected indent", print]
    );
    // The same source parsed twice (the second time with the recycled
    // vectors of the first) gives the same blocks.
    let src =
        "def f():\n    for i in x:\n        if i:\n            a = 1\n        b = 2\n    c = 3\n";
    let mut ctx = crate::front::FrontContext::new();
    let mut diags = Vec::new();
    let module = super::parse_module_with(&mut ctx, src, &mut diags);
    let first = outline(&module);
    ctx.recycle(module);
    let again = super::parse_module_with(&mut ctx, src, &mut diags);
    assert_eq!(outline(&again), first);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(
        first,
        "def f() -> _ {for i in x {if i {a = 1} else {}; b = 2} else {}; c = 3}"
    );
}

#[test]
fn recovery_keeps_structure() {
    // An indented block after an inline body stays with it; `else` fits.
    let src = "if x: a = 1\n    b = 2\nelse:\n    c = 3\n";
    let (module, messages) = parse(src);
    assert_eq!(messages, ["unexpected indent"]);
    assert_eq!(outline(&module), "if x {a = 1; b = 2} else {c = 3}");
    // A mismatched bracket inside a matched pair is one error.
    assert_eq!(
        errors("def f(a, b{c):\n    pass\n"),
        ["closing parenthesis ')' does not match opening parenthesis '{'"]
    );
    // A broken decorator is reported once, and its function is not lost.
    let (module, messages) = parse("@cuda.jit(\ndef f():\n    pass\n");
    assert_eq!(messages, ["'(' was never closed"]);
    assert!(module.body.is_empty());
    // A broken line followed by an indented block: one error.
    assert_eq!(errors("if x y z\n    a = 1\n    b = 2\n"), ["expected ':'"]);
    assert_eq!(errors("x = = 1\n    a = 1\n"), ["expected an expression"]);
    // An over-indented first line of a block does not make every later
    // line an error.
    let src = "def f():\n        a = 1\n    b = 2\n    if b:\n        c = 3\n";
    assert_eq!(
        errors(src),
        ["unindent does not match any outer indentation level"]
    );
}

#[test]
fn several_independent_errors_are_all_reported() {
    let src = "\
def k(a):
    x = = 1
    class C: pass
    y = (2 +)
    a[0] = lambda: 0
    if a = 1:
        z = ]
    f() = 3
    return x
w = 1
";
    let (module, errors) = parse(src);
    assert_eq!(
        errors,
        [
            "expected an expression",
            "expected an expression",
            "lambda expressions are not supported in kernels",
            "invalid syntax: '=' is not allowed here, did you mean '=='?",
            "unmatched ']'",
            "cannot assign to a function call",
        ]
    );
    // The function and what follows it survive.
    let shown = outline(&module);
    assert!(shown.starts_with("def k(a)"), "{shown}");
    assert!(shown.contains("return x"), "{shown}");
    assert!(shown.ends_with("w = 1"), "{shown}");
}

#[test]
fn diagnostics_are_in_source_order() {
    let mut diags = Vec::new();
    parse_module("x = = 1\ny = $\nz = (\n", &mut diags);
    let starts: Vec<u32> = diags.iter().map(|d| d.primary().span.lo).collect();
    let mut sorted = starts.clone();
    sorted.sort_unstable();
    assert_eq!(starts, sorted);
}

#[test]
fn error_nodes_stand_in_for_bad_targets() {
    let (module, _) = parse("f() = 1\n");
    let StmtKind::Assign { targets, .. } = &module.body[0].kind else {
        panic!()
    };
    assert_eq!(module.expr(module.exprs(*targets)[0]).kind, ExprKind::Error);
}

#[test]
fn assignment_targets_are_listed_after_the_value_lists() {
    // The pool of expression lists keeps the order in which lists are
    // finished: the value's lists first, then the targets.
    for (src, targets) in [("x = f(a, g(b))", 1), ("x = y = f(a, g(b))", 2)] {
        let module = ok(src);
        let StmtKind::Assign {
            targets: list,
            value,
        } = &module.body[0].kind
        else {
            panic!("{src}: not an assignment");
        };
        assert_eq!(list.len(), targets);
        let pool = &module.expr_lists;
        assert_eq!(list.range().end, pool.len(), "{src}");
        assert_eq!(sexpr(&module, *value), "(call f a (call g b))");
        let items: Vec<String> = pool.iter().map(|&e| sexpr(&module, e)).collect();
        let mut expected = vec!["b".to_string(), "a".to_string(), "(call g b)".to_string()];
        expected.extend(["x", "y"][..targets].iter().map(|s| s.to_string()));
        assert_eq!(items, expected, "{src}");
    }
}
