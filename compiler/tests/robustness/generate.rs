//! The robustness corpus: its files ([`files`]), and generated hostile
//! inputs ([`inputs`]): nesting and chains too large to keep as files.
//! Each is `(name, source)`; the name's prefix says what must come out
//! (see `README.md`). Shared by `compiler/tests/robustness.rs` and
//! `capi/tests/robustness.rs`.

/// The corpus files (`compiler/tests/robustness/*.py`), sorted by name, as
/// `(name without extension, bytes)`.
pub fn files() -> Vec<(String, Vec<u8>)> {
    // Both crates that include this file sit beside `compiler/`.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../compiler/tests/robustness");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("the robustness corpus")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 80, "{} files", paths.len());
    paths
        .into_iter()
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).expect("reading a corpus file");
            (name, bytes)
        })
        .collect()
}

/// A kernel header over one float32 array `a`.
const HEAD: &str = "from numba import cuda\n\n@cuda.jit('void(float32[:])')\ndef k(a):\n";

/// `f{n-1}` calling `f{n-2}` ... down to `f0`, called by the kernel (a
/// chain of `n + 1` functions, the kernel included).
fn call_chain(n: usize) -> String {
    let mut s = String::from(
        "from numba import cuda\n\n@cuda.jit(device=True)\ndef f0(x):\n    return x + 1\n\n",
    );
    for i in 1..n {
        s += &format!(
            "@cuda.jit(device=True)\ndef f{i}(x):\n    return f{}(x) + 1\n\n",
            i - 1
        );
    }
    s += &format!(
        "@cuda.jit('void(float32[:])')\ndef k(a):\n    a[0] = f{}(a[0])\n",
        n - 1
    );
    s
}

/// `a[0] = <open>^n a[1] <close>^n`.
fn nested(n: usize, open: &str, close: &str) -> String {
    format!(
        "{HEAD}    a[0] = {}a[1]{}\n",
        open.repeat(n),
        close.repeat(n)
    )
}

/// A kernel taking a record nested `n` deep in its signature (Numba's
/// spelling: `Record(r[type=Record(...);offset=0];4;False)`), reading its
/// innermost field.
fn nested_record_sig(n: usize) -> String {
    let mut rec = String::from("Record(x[type=float32;offset=0];4;False)");
    for _ in 0..n {
        rec = format!("Record(r[type={rec};offset=0];4;False)");
    }
    let path = ".r".repeat(n);
    format!("from numba import cuda\n\n@cuda.jit('void({rec}[::1], float32[:])')\ndef k(p, a):\n    a[0] = p[0]{path}.x\n")
}

/// Record dtypes at the top level, each the one field of the next, `n`
/// deep, as the dtype of a local array.
fn nested_record_dtypes(n: usize) -> String {
    let mut s = String::from(
        "import numpy as np\nfrom numba import cuda\n\nR0 = np.dtype([('x', np.float32)])\n",
    );
    for i in 1..=n {
        s += &format!("R{i} = np.dtype([('r', R{})])\n", i - 1);
    }
    s += &format!("\n@cuda.jit('void(float32[:])')\ndef k(a):\n    t = cuda.local.array(1, R{n})\n    a[0] = 1.0\n");
    s
}

/// `a[0] = a[1] <op> a[1] <op> ...` with `n` operands.
fn chain(n: usize, op: &str) -> String {
    format!("{HEAD}    a[0] = {}\n", vec!["a[1]"; n].join(op))
}

/// `n` nested blocks, each opened by `header(level)`.
fn blocks(n: usize, header: impl Fn(usize) -> String) -> String {
    let mut s = String::from(HEAD);
    for i in 0..n {
        s += &"    ".repeat(i + 1);
        s += &header(i);
        s += "\n";
    }
    s += &"    ".repeat(n + 1);
    s += "a[0] += 1.0\n";
    s
}

/// An `if` with `n` `elif` branches.
fn elif_chain(n: usize) -> String {
    let mut s = format!("{HEAD}    if a[1] > 0:\n        a[0] = 0.0\n");
    for i in 1..=n {
        s += &format!("    elif a[1] > {i}:\n        a[0] = {i}.0\n");
    }
    s + "    else:\n        a[0] = 5.0\n"
}

/// `x if c else (x if c else (...))`, `n` deep.
fn ternaries(n: usize) -> String {
    let mut e = String::from("a[2]");
    for i in 0..n {
        e = format!("a[{}] if a[1] > {i} else ({e})", i % 5);
    }
    format!("{HEAD}    a[0] = {e}\n")
}

/// `if c0 and c1 and ...:` with `n` comparisons joined by `op`.
fn bool_chain(n: usize, op: &str) -> String {
    let terms: Vec<String> = (0..n).map(|i| format!("a[{}] > {i}", i % 5)).collect();
    format!("{HEAD}    if {}:\n        a[0] = 1.0\n", terms.join(op))
}

/// Every generated input.
pub fn inputs() -> Vec<(String, String)> {
    let mut v: Vec<(&str, String)> = vec![
        // Call chains: the limit is 100 functions, the kernel included.
        ("ok_call_chain_99", call_chain(99)),
        ("err_call_chain_100", call_chain(100)),
        ("err_call_chain_2000", call_chain(2000)),
        ("err_call_chain_10000", call_chain(10_000)),
        // Expression nesting: the parser's limit is 100.
        ("ok_parens_95", nested(95, "(", ")")),
        ("err_parens_150", nested(150, "(", ")")),
        ("err_parens_100000", nested(100_000, "(", ")")),
        ("ok_unary_minus_95", nested(95, "-", "")),
        ("err_unary_minus_5000", nested(5000, "-", "")),
        ("ok_not_95", nested(95, "not ", "")),
        ("ok_right_nested_add_45", nested(45, "(a[2] + ", ")")),
        ("err_right_nested_add_500", nested(500, "(a[2] + ", ")")),
        ("ok_abs_calls_95", nested(95, "abs(", ")")),
        ("ok_max_calls_60", nested(60, "max(a[2], ", ")")),
        ("err_max_calls_300", nested(300, "max(a[2], ", ")")),
        ("ok_subscripts_40", nested(40, "a[int(", ")]")),
        ("ok_ternaries_40", ternaries(40)),
        ("err_ternaries_300", ternaries(300)),
        // Records nest at most 32 deep (in a signature and in dtypes).
        ("ok_nested_record_sig_31", nested_record_sig(31)),
        ("err_nested_record_sig_33", nested_record_sig(33)),
        ("err_nested_record_sig_5000", nested_record_sig(5000)),
        ("ok_nested_record_dtypes_31", nested_record_dtypes(31)),
        ("err_nested_record_dtypes_40", nested_record_dtypes(40)),
        // Operator chains: the tree height limit is 400.
        ("ok_add_chain_399", chain(399, " + ")),
        ("err_add_chain_5000", chain(5000, " + ")),
        ("ok_mul_chain_300", chain(300, " * ")),
        ("ok_and_chain_150", bool_chain(150, " and ")),
        ("ok_or_chain_150", bool_chain(150, " or ")),
        (
            "ok_compare_chain_150",
            format!(
                "{HEAD}    if {}:\n        a[0] = 1.0\n",
                vec!["a[1]"; 150].join(" < ")
            ),
        ),
        // Block nesting: the limit is 100.
        (
            "ok_if_nesting_95",
            blocks(95, |i| format!("if a[{}] > {i}:", i % 5)),
        ),
        (
            "err_if_nesting_150",
            blocks(150, |i| format!("if a[{}] > {i}:", i % 5)),
        ),
        (
            "ok_for_nesting_12",
            blocks(12, |i| format!("for i{i} in range(2):")),
        ),
        (
            "ok_while_nesting_30",
            blocks(30, |i| format!("while a[{}] > {i}:", i % 5)),
        ),
        (
            "err_for_nesting_1000",
            blocks(1000, |i| format!("for i{i} in range(2):")),
        ),
        ("ok_elif_chain_90", elif_chain(90)),
        ("err_elif_chain_2000", elif_chain(2000)),
    ];
    v.drain(..).map(|(n, s)| (n.to_string(), s)).collect()
}
