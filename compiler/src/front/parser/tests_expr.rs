//! Unit tests of expression parsing: precedence, literals, calls,
//! subscripts, spans, ids, unsupported constructs and nesting limits.

use super::parse_module;
use crate::front::ast::{ExprId, ExprKind, Module, Stmt, StmtKind};
use crate::span::Span;

/// Parses `src` and returns the module and the error messages.
pub(super) fn parse(src: &str) -> (Module, Vec<String>) {
    let mut diags = Vec::new();
    let module = parse_module(src, &mut diags);
    let messages = diags.iter().map(|d| d.message.clone()).collect();
    (module, messages)
}

/// A compact prefix form of an expression, e.g. `(+ a (* b c))`.
pub(super) fn sexpr(module: &Module, e: ExprId) -> String {
    let names = &module.interner;
    let s = |e: &ExprId| sexpr(module, *e);
    let list = |items| {
        module
            .exprs(items)
            .iter()
            .map(s)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let opt = |e: &Option<ExprId>| e.as_ref().map_or("_".to_string(), s);
    match &module.expr(e).kind {
        ExprKind::Name(n) => names.resolve(*n).to_string(),
        ExprKind::Int(v) => v.to_string(),
        ExprKind::Float(v) => format!("{v:?}"),
        ExprKind::Imag(v) => format!("{v:?}j"),
        ExprKind::Bool(b) => if *b { "True" } else { "False" }.to_string(),
        ExprKind::NoneLit => "None".to_string(),
        ExprKind::Str(v) => format!("{:?}", module.string(*v)),
        ExprKind::Ellipsis => "...".to_string(),
        ExprKind::Attribute { value, attr } => {
            format!("(. {} {})", s(value), names.resolve(attr.name))
        }
        ExprKind::Subscript { value, index } => format!("([] {} {})", s(value), s(index)),
        ExprKind::Call {
            func,
            args,
            keywords,
        } => {
            let mut out = format!("(call {}", s(func));
            for a in module.exprs(*args) {
                out += &format!(" {}", s(a));
            }
            for k in module.keywords(*keywords) {
                out += &format!(" {}={}", names.resolve(k.name.name), s(&k.value));
            }
            out + ")"
        }
        ExprKind::BinOp { op, left, right } => {
            format!("({} {} {})", op.symbol(), s(left), s(right))
        }
        ExprKind::UnaryOp { op, operand } => format!("({} {})", op.symbol(), s(operand)),
        ExprKind::BoolOp { op, values } => {
            let op = if matches!(op, crate::front::ast::BoolOp::And) {
                "and"
            } else {
                "or"
            };
            format!("({op} {})", list(*values))
        }
        ExprKind::Compare { left, ops } => {
            let mut out = format!("(cmp {}", s(left));
            for (op, e) in module.comparisons(*ops) {
                out += &format!(" {} {}", op.symbol(), s(e));
            }
            out + ")"
        }
        ExprKind::IfExp { test, body, orelse } => {
            format!("(if {} {} {})", s(test), s(body), s(orelse))
        }
        ExprKind::Tuple(items) => format!("(tuple {})", list(*items)).replace(" )", ")"),
        ExprKind::List(items) => format!("(list {})", list(*items)).replace(" )", ")"),
        ExprKind::Slice { lower, upper, step } => {
            format!("(slice {} {} {})", opt(lower), opt(upper), opt(step))
        }
        ExprKind::Starred(value) => format!("(* {})", s(value)),
        ExprKind::Error => "ERR".to_string(),
    }
}

/// The expression of a one-line expression statement.
fn expr_stmt(src: &str) -> (ExprId, Module) {
    let (module, errors) = parse(src);
    assert!(errors.is_empty(), "{src:?}: {errors:?}");
    assert_eq!(module.body.len(), 1, "{src:?}");
    match &module.body[0].kind {
        &StmtKind::Expr(e) => (e, module),
        other => panic!("{src:?} is not an expression statement: {other:?}"),
    }
}

/// The prefix form of the expression `src`.
fn sx(src: &str) -> String {
    let (e, module) = expr_stmt(src);
    sexpr(&module, e)
}

/// The messages of parsing `src`, which must have errors.
fn errors(src: &str) -> Vec<String> {
    let (_, errors) = parse(src);
    assert!(!errors.is_empty(), "expected errors for {src:?}");
    errors
}

/// The text of `span` in `src`.
fn text(src: &str, span: Span) -> &str {
    &src[span.range()]
}

// ----- precedence -------------------------------------------------------

#[test]
fn boolean_operators() {
    assert_eq!(sx("a or b and c"), "(or a (and b c))");
    assert_eq!(sx("a or b or c"), "(or a b c)");
    assert_eq!(sx("a and b and c or d"), "(or (and a b c) d)");
    assert_eq!(sx("not a and b"), "(and (not a) b)");
    assert_eq!(sx("a and not b or c"), "(or (and a (not b)) c)");
    assert_eq!(sx("not not a"), "(not (not a))");
}

#[test]
fn not_binds_looser_than_comparison() {
    assert_eq!(sx("not a == b"), "(not (cmp a == b))");
}

#[test]
fn comparisons_chain() {
    assert_eq!(sx("0 <= i < n"), "(cmp 0 <= i < n)");
    assert_eq!(sx("a == b != c > d >= e"), "(cmp a == b != c > d >= e)");
    assert_eq!(sx("a in b"), "(cmp a in b)");
    assert_eq!(sx("a not in b"), "(cmp a not in b)");
    assert_eq!(sx("a is b"), "(cmp a is b)");
    assert_eq!(sx("a is not b"), "(cmp a is not b)");
    assert_eq!(sx("a < b | c"), "(cmp a < (| b c))");
}

#[test]
fn bitwise_levels() {
    assert_eq!(sx("a | b ^ c"), "(| a (^ b c))");
    assert_eq!(sx("a ^ b & c"), "(^ a (& b c))");
    assert_eq!(sx("a & b << c"), "(& a (<< b c))");
    assert_eq!(sx("a | b | c"), "(| (| a b) c)");
    assert_eq!(sx("a >> b"), "(>> a b)");
}

#[test]
fn arithmetic_levels() {
    assert_eq!(sx("a << b + c"), "(<< a (+ b c))");
    assert_eq!(sx("a + b * c"), "(+ a (* b c))");
    assert_eq!(sx("a - b - c"), "(- (- a b) c)");
    assert_eq!(sx("a // b % c @ d / e"), "(/ (@ (% (// a b) c) d) e)");
    assert_eq!(sx("(a + b) * c"), "(* (+ a b) c)");
}

#[test]
fn unary_and_power() {
    assert_eq!(sx("-2 ** 2"), "(- (** 2 2))");
    assert_eq!(sx("2 ** -1"), "(** 2 (- 1))");
    assert_eq!(sx("a ** b ** c"), "(** a (** b c))");
    assert_eq!(sx("a * -b"), "(* a (- b))");
    assert_eq!(sx("~a + +b"), "(+ (~ a) (+ b))");
    assert_eq!(sx("-a.b ** 2"), "(- (** (. a b) 2))");
}

#[test]
fn postfix_operators() {
    assert_eq!(sx("a.b(c)[d]"), "([] (call (. a b) c) d)");
    assert_eq!(sx("f(x)(y)"), "(call (call f x) y)");
    assert_eq!(sx("cuda.threadIdx.x"), "(. (. cuda threadIdx) x)");
}

#[test]
fn conditional_expression() {
    assert_eq!(sx("x if c else y"), "(if c x y)");
    assert_eq!(sx("x if c else y if d else z"), "(if c x (if d y z))");
    assert_eq!(sx("a or b if c and d else e"), "(if (and c d) (or a b) e)");
    assert_eq!(
        errors("x = a if b"),
        ["expected 'else' after 'if' expression"]
    );
}

// ----- atoms ---------------------------------------------------------------

#[test]
fn literals() {
    assert_eq!(sx("1"), "1");
    assert_eq!(sx("0x10"), "16");
    assert_eq!(sx("1.5"), "1.5");
    assert_eq!(sx("1e-6"), "1e-6");
    assert_eq!(sx("True"), "True");
    assert_eq!(sx("False"), "False");
    assert_eq!(sx("None"), "None");
    assert_eq!(sx("..."), "...");
    assert_eq!(sx("'a' \"b\" '''c'''"), "\"abc\"");
}

#[test]
fn tuples_and_lists() {
    assert_eq!(sx("a, b"), "(tuple a b)");
    assert_eq!(sx("a,"), "(tuple a)");
    assert_eq!(sx("(a, b)"), "(tuple a b)");
    assert_eq!(sx("(a,)"), "(tuple a)");
    assert_eq!(sx("()"), "(tuple)");
    assert_eq!(sx("(a)"), "a");
    assert_eq!(sx("[a, b]"), "(list a b)");
    assert_eq!(sx("[a, b,]"), "(list a b)");
    assert_eq!(sx("[]"), "(list)");
}

#[test]
fn subscripts_and_slices() {
    assert_eq!(sx("a[i]"), "([] a i)");
    assert_eq!(sx("a[i, j]"), "([] a (tuple i j))");
    assert_eq!(sx("a[i,]"), "([] a (tuple i))");
    assert_eq!(
        sx("float32[:, ::1]"),
        "([] float32 (tuple (slice _ _ _) (slice _ _ 1)))"
    );
    assert_eq!(
        sx("float32[::1, :]"),
        "([] float32 (tuple (slice _ _ 1) (slice _ _ _)))"
    );
    assert_eq!(sx("a[1:2]"), "([] a (slice 1 2 _))");
    assert_eq!(sx("a[x:]"), "([] a (slice x _ _))");
    assert_eq!(sx("a[::-1]"), "([] a (slice _ _ (- 1)))");
    assert_eq!(sx("a[1:n:2]"), "([] a (slice 1 n 2))");
    assert_eq!(errors("a[]"), ["expected an expression"]);
}

#[test]
fn calls() {
    assert_eq!(sx("f()"), "(call f)");
    assert_eq!(sx("f(a, b,)"), "(call f a b)");
    assert_eq!(
        sx("cuda.jit(device=True, fastmath=1)"),
        "(call (. cuda jit) device=True fastmath=1)"
    );
    assert_eq!(sx("f(a, k=b)"), "(call f a k=b)");
    // A starred argument: the items of a tuple, where the call is typed.
    assert_eq!(sx("f(a, *t, *g(b))"), "(call f a (* t) (* (call g b)))");
    assert_eq!(
        errors("f(a=1, 2)"),
        ["positional argument follows keyword argument"]
    );
    assert_eq!(errors("f(a=1, a=2)"), ["keyword argument repeated: 'a'"]);
    assert_eq!(
        errors("f(a + 1 = 2)"),
        ["expression cannot contain assignment, perhaps you meant '=='?"]
    );
    assert_eq!(
        errors("f(a b)"),
        ["expected ',' or ')' after a call argument"]
    );
}

// ----- spans and ids ----------------------------------------------------

#[test]
fn expression_spans() {
    let src = "cuda.grid(1) + a[i, j] * (b - 1)";
    let (e, m) = expr_stmt(src);
    let span = |e: ExprId| m.expr(e).span;
    assert_eq!(text(src, span(e)), src);
    let ExprKind::BinOp { left, right, .. } = m.expr(e).kind else {
        panic!()
    };
    assert_eq!(text(src, span(left)), "cuda.grid(1)");
    let ExprKind::Call { func, .. } = m.expr(left).kind else {
        panic!()
    };
    assert_eq!(text(src, span(func)), "cuda.grid");
    let ExprKind::BinOp {
        left: sub,
        right: paren,
        ..
    } = m.expr(right).kind
    else {
        panic!()
    };
    assert_eq!(text(src, span(sub)), "a[i, j]");
    let ExprKind::Subscript { index, .. } = m.expr(sub).kind else {
        panic!()
    };
    assert_eq!(text(src, span(index)), "i, j");
    assert_eq!(text(src, span(paren)), "(b - 1)");
}

#[test]
fn tuple_and_compare_spans() {
    let src = "(a, b) == c < d";
    let (e, m) = expr_stmt(src);
    assert_eq!(text(src, m.expr(e).span), src);
    let ExprKind::Compare { left, .. } = m.expr(e).kind else {
        panic!()
    };
    assert_eq!(text(src, m.expr(left).span), "(a, b)");
    let src = "x, y";
    let (e, m) = expr_stmt(src);
    assert_eq!(text(src, m.expr(e).span), "x, y");
}

/// Every id in the tree of expression `e`, in any order.
fn collect_ids(m: &Module, e: ExprId, out: &mut Vec<u32>) {
    out.push(e.index() as u32);
    let mut visit = |c: &ExprId| collect_ids(m, *c, out);
    match m.expr(e).kind {
        ExprKind::Attribute { value, .. } => visit(&value),
        ExprKind::Subscript { value, index } => {
            visit(&value);
            visit(&index);
        }
        ExprKind::Call {
            func,
            args,
            keywords,
        } => {
            visit(&func);
            m.exprs(args).iter().for_each(&mut visit);
            m.keywords(keywords).iter().for_each(|k| visit(&k.value));
        }
        ExprKind::BinOp { left, right, .. } => {
            visit(&left);
            visit(&right);
        }
        ExprKind::UnaryOp { operand, .. } => visit(&operand),
        ExprKind::BoolOp { values, .. } | ExprKind::Tuple(values) | ExprKind::List(values) => {
            m.exprs(values).iter().for_each(visit)
        }
        ExprKind::Compare { left, ops } => {
            visit(&left);
            m.comparisons(ops).iter().for_each(|(_, e)| visit(e));
        }
        ExprKind::IfExp { test, body, orelse } => {
            visit(&test);
            visit(&body);
            visit(&orelse);
        }
        ExprKind::Slice { lower, upper, step } => {
            for part in [lower, upper, step].iter().flatten() {
                visit(part);
            }
        }
        _ => {}
    }
}

/// Every expression id in a statement list.
pub(super) fn stmt_ids(m: &Module, body: &[Stmt], out: &mut Vec<u32>) {
    for stmt in body {
        match &stmt.kind {
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => collect_ids(m, *e, out),
            StmtKind::Assign { targets, value } => {
                m.exprs(*targets)
                    .iter()
                    .for_each(|&t| collect_ids(m, t, out));
                collect_ids(m, *value, out);
            }
            StmtKind::AugAssign { target, value, .. } => {
                collect_ids(m, *target, out);
                collect_ids(m, *value, out);
            }
            StmtKind::If { test, body, orelse } | StmtKind::While { test, body, orelse } => {
                collect_ids(m, *test, out);
                stmt_ids(m, m.block(*body), out);
                stmt_ids(m, m.block(*orelse), out);
            }
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
            } => {
                collect_ids(m, *target, out);
                collect_ids(m, *iter, out);
                stmt_ids(m, m.block(*body), out);
                stmt_ids(m, m.block(*orelse), out);
            }
            StmtKind::FunctionDef(def) => {
                (m.exprs(def.decorators).iter()).for_each(|&d| collect_ids(m, d, out));
                for p in m.params(def.params) {
                    p.annotation
                        .iter()
                        .chain(&p.default)
                        .for_each(|&e| collect_ids(m, e, out));
                }
                def.returns.iter().for_each(|&e| collect_ids(m, e, out));
                stmt_ids(m, m.block(def.body), out);
            }
            _ => {}
        }
    }
}

#[test]
fn expression_ids_are_dense_and_unique() {
    let src = "@cuda.jit('void(f4[:])')\ndef k(a, n: int = 2) -> None:\n    \
               i = cuda.grid(1)\n    if 0 <= i < n and (a, b)[0]:\n        \
               a[i, ::2] = -a[i] ** 2 if x else [1, 2]\n    return f(y=1)\n";
    let (module, errors) = parse(src);
    assert!(errors.is_empty(), "{errors:?}");
    let mut ids = Vec::new();
    stmt_ids(&module, &module.body, &mut ids);
    ids.sort_unstable();
    let want: Vec<u32> = (0..module.expr_count() as u32).collect();
    assert_eq!(ids, want);
}

// ----- unsupported expressions ------------------------------------------

#[test]
fn unsupported_expressions_are_reported_as_error_nodes() {
    let cases = [
        (
            "x = lambda a: a + 1",
            "lambda expressions are not supported in kernels",
        ),
        (
            "x = [i for i in r]",
            "list comprehensions are not supported in kernels",
        ),
        (
            "x = {i for i in r}",
            "set comprehensions are not supported in kernels",
        ),
        (
            "x = {i: 1 for i in r}",
            "dict comprehensions are not supported in kernels",
        ),
        (
            "x = (i for i in r)",
            "generator expressions are not supported in kernels",
        ),
        (
            "x = sum(i for i in r)",
            "generator expressions are not supported in kernels",
        ),
        ("x = {1: 2}", "dict displays are not supported in kernels"),
        ("x = {}", "dict displays are not supported in kernels"),
        ("x = {1, 2}", "set displays are not supported in kernels"),
        (
            "f(**kw)",
            "'**' argument unpacking is not supported in kernels",
        ),
        (
            "x = (y := 1)",
            "assignment expressions (':=') are not supported in kernels",
        ),
        ("x = yield 1", "'yield' is not supported in kernels"),
        (
            "x = await y",
            "'await' expressions are not supported in kernels",
        ),
        ("x = f'{a}'", "f-strings are not supported in kernels"),
    ];
    for (src, message) in cases {
        let (module, errors) = parse(src);
        assert_eq!(errors, [message], "{src}");
        let mut ids = Vec::new();
        stmt_ids(&module, &module.body, &mut ids);
        assert!(
            ids.iter().all(|&id| (id as usize) < module.expr_count()),
            "{src}"
        );
        let shown = match &module.body[0].kind {
            &StmtKind::Assign { value, .. } => sexpr(&module, value),
            &StmtKind::Expr(e) => sexpr(&module, e),
            other => panic!("{other:?}"),
        };
        assert!(shown.contains("ERR"), "{src}: {shown}");
    }
}

#[test]
fn lambda_inside_a_header() {
    let (module, errors) = parse("if f(lambda x=(1): x, y): pass\n");
    assert_eq!(errors, ["lambda expressions are not supported in kernels"]);
    assert_eq!(module.body.len(), 1);
}

#[test]
fn unsupported_expression_spans() {
    let src = "y = f(lambda q: q, [i for i in r])";
    let mut diags = Vec::new();
    parse_module(src, &mut diags);
    let spans: Vec<&str> = diags.iter().map(|d| text(src, d.primary().span)).collect();
    assert_eq!(spans, ["lambda q: q", "[i for i in r]"]);
}

// ----- nesting limits ----------------------------------------------------

#[test]
fn deep_nesting_within_the_limit_is_fine() {
    let src = format!("x = {}1{}", "(".repeat(95), ")".repeat(95));
    let (_, errors) = parse(&src);
    assert!(errors.is_empty(), "{errors:?}");
    let src = format!("x = {}1", "-".repeat(95));
    let (_, errors) = parse(&src);
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = [
        format!("x = {}1{}", "(".repeat(250), ")".repeat(250)),
        format!("x = {}1{}", "[".repeat(100_000), "]".repeat(100_000)),
        format!("x = {}1", "-".repeat(100_000)),
        format!("x = {}1", "not ".repeat(100_000)),
        format!("x = {}1", "a ** ".repeat(100_000)),
        format!("x = {}1", "f(".repeat(100_000)),
        format!("x = 1{}", " if a else 1".repeat(100_000)),
        format!(
            "x = {}1{}",
            "(a or b and c | d ^ e & f << g + h * ".repeat(99),
            ")".repeat(99)
        ),
    ];
    for src in &deep {
        let (_, errors) = parse(src);
        assert!(
            errors
                .iter()
                .any(|e| e == "expression is nested too deeply"),
            "{}: {errors:?}",
            &src[..20]
        );
    }
}

#[test]
fn deep_blocks_are_an_error_not_a_crash() {
    let mut src = String::new();
    for depth in 0..300 {
        src += &" ".repeat(depth);
        src += "if x:\n";
    }
    src += &" ".repeat(300);
    src += "pass\n";
    let (_, errors) = parse(&src);
    assert_eq!(errors, ["blocks are nested too deeply"]);
    let src = format!("if x: pass\n{}", "elif y: pass\n".repeat(10_000));
    let (_, errors) = parse(&src);
    assert_eq!(errors, ["blocks are nested too deeply"]);
}

#[test]
fn long_flat_chains_are_fine() {
    let src = format!("x = 1{}", " + 1".repeat(350));
    let (_, errors) = parse(&src);
    assert!(errors.is_empty());
    let src = format!("x = ({})", "a, ".repeat(50_000));
    let (_, errors) = parse(&src);
    assert!(errors.is_empty());
}

#[test]
fn long_chains_are_capped_in_height() {
    let src = format!("x = 1{}", " + 1".repeat(5_000));
    let (_, errors) = parse(&src);
    assert_eq!(errors, ["expression is nested too deeply"]);
    let src = format!("x = a{}", ".b".repeat(5_000));
    let (_, errors) = parse(&src);
    assert_eq!(errors, ["expression is nested too deeply"]);
}

#[test]
fn height_limit_is_exact_with_leaves_between_nodes() {
    // `a + t + t ...` with `k` operators, where `t` is `h` high, is `k + h`
    // high: accepted up to MAX_HEIGHT, whether the operands are leaves or
    // trees of their own (whose leaves get their height only when their
    // parent is made).
    for (operand, h) in [("1", 1), ("g(c, 2)[d]", 3), ("(e)", 1), ("-f.g", 3)] {
        let chain = |k: usize| format!("x = a{}\n", format!(" + {operand}").repeat(k));
        let k = super::MAX_HEIGHT as usize - h;
        let (_, errors) = parse(&chain(k));
        assert!(errors.is_empty(), "{operand}: {errors:?}");
        let (_, errors) = parse(&chain(k + 1));
        assert_eq!(errors, ["expression is nested too deeply"], "{operand}");
    }
}

#[test]
fn at_the_nesting_limit_only_a_lone_name_is_accepted() {
    // The deepest call nesting whose innermost argument may still be a
    // lone name, found by growing it until `a.b` there is too deep.
    let nested = |n: usize, inner: &str| format!("f{}{inner}{}", "(".repeat(n), ")".repeat(n));
    let n = (1..200)
        .find(|&n| !parse(&nested(n, "a.b")).1.is_empty())
        .expect("a nesting limit");
    assert!(parse(&nested(n, "a")).1.is_empty());
    let src = nested(n, "a.b");
    let mut diags = Vec::new();
    parse_module(&src, &mut diags);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].message, "expression is nested too deeply");
    // The error points at the name that cannot take more.
    assert_eq!(text(&src, diags[0].primary().span), "a");
}

#[test]
fn comparison_lists_keep_their_pool_order() {
    // The pool of comparisons keeps the order in which lists are finished:
    // those nested in an operand before the one around it.
    for (src, expected) in [
        (
            "a < f(b == c)",
            ["== c", "< (call f (cmp b == c))"].as_slice(),
        ),
        (
            "a < b > f(c != d)",
            ["!= d", "< b", "> (call f (cmp c != d))"].as_slice(),
        ),
    ] {
        let (_, module) = expr_stmt(src);
        let items: Vec<String> = module
            .comparisons
            .iter()
            .map(|(op, e)| format!("{} {}", op.symbol(), sexpr(&module, *e)))
            .collect();
        assert_eq!(items, expected, "{src}");
    }
}
