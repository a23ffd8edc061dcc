//! Numba's result types, entry by entry: `tests/differential/numba_types.json`
//! holds what Numba CUDA's own typing context answers for every operator,
//! unary operator, `min`/`max`/`abs`, `math` function and unification over
//! every scalar type (and the complex types: their operators, joins, `abs`
//! and `cmath` functions) (written by `tests/differential/make_type_table.py`).
//! This test types one small kernel per entry with kernelc and compares the
//! result's type (or, where Numba has none, expects an error).

use kernelc_compiler::sema::typed::VarKind;
use kernelc_compiler::{check, CheckOptions};
use serde_json::Value;

fn table() -> serde_json::Map<String, Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/differential/numba_types.json"
    );
    let text = std::fs::read_to_string(path).expect("the Numba type table");
    match serde_json::from_str(&text).expect("valid JSON") {
        Value::Object(m) => m,
        _ => panic!("the table is an object"),
    }
}

/// The type kernelc gives variable `r` of the only kernel of `body`, whose
/// parameters are 1-element arrays `a` and `b` of the given element types
/// (`None`: the program is rejected).
fn result_type(a: &str, b: &str, body: &str) -> Option<String> {
    let source = format!(
        "import cmath\nimport math\nfrom numba import cuda\n\n\
         @cuda.jit(\"void({a}[::1], {b}[::1], int64[::1])\")\n\
         def k(a, b, c):\n{body}"
    );
    let checked = check("table.py", &source, &CheckOptions::default());
    if checked.has_errors() {
        return None;
    }
    let f = &checked.program.functions[0];
    // `r` is assigned once.
    let r = f
        .vars
        .iter()
        .find(|v| v.kind != VarKind::Temp && f.name_of(v) == "r")
        .expect("a variable r");
    Some(r.ty.to_string())
}

#[test]
fn result_types_are_numba_s() {
    let table = table();
    let mut failures = Vec::new();
    let mut compared = 0;
    for (section, entries) in &table {
        let Value::Object(entries) = entries else {
            continue;
        };
        for (key, want) in entries {
            let want = want.as_str().map(str::to_string);
            let words: Vec<&str> = key.split(' ').collect();
            let (a, b, body) = match (section.as_str(), words.as_slice()) {
                ("binop", [a, op, b]) => (*a, *b, format!("    r = a[0] {op} b[0]\n")),
                ("binop_lit", [a, op, "lit"]) => (*a, "int64", format!("    r = a[0] {op} 2\n")),
                ("unop", [one]) => {
                    let (op, a) = one.split_at(1);
                    (a, "int64", format!("    r = {op}a[0]\n"))
                }
                ("unify", [a, b]) => (
                    *a,
                    *b,
                    "    t = a[0]\n    if c[0] > 0:\n        t = b[0]\n    r = t\n".to_string(),
                ),
                ("builtin", ["abs", a]) => (*a, "int64", "    r = abs(a[0])\n".to_string()),
                ("builtin", [f, a, b]) => (*a, *b, format!("    r = {f}(a[0], b[0])\n")),
                ("math", [f, a]) => (*a, "int64", format!("    r = math.{f}(a[0])\n")),
                ("math", [f, a, b]) => (*a, *b, format!("    r = math.{f}(a[0], b[0])\n")),
                ("cmath", [f, a]) => (*a, "int64", format!("    r = cmath.{f}(a[0])\n")),
                _ => panic!("unknown entry {section}: {key}"),
            };
            compared += 1;
            let got = result_type(a, b, &body);
            if got != want {
                failures.push(format!(
                    "{section} `{key}`: kernelc {}, Numba {}",
                    got.as_deref().unwrap_or("(error)"),
                    want.as_deref().unwrap_or("(error)")
                ));
            }
        }
    }
    assert!(compared > 2000, "only {compared} entries");
    assert!(
        failures.is_empty(),
        "{} of {compared} result types differ from Numba's:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The `math` functions of `numba_math_types.json` (written by
/// `numba_math_types.py` through numba-cuda's own pipeline): `exp2`,
/// `frexp`, `modf`, `ldexp`, `remainder`, `nextafter` and the functions
/// with a float16 form, over every scalar type, float16 included.
#[test]
fn math_result_types_are_numba_s() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/numba_math_types.json");
    let text = std::fs::read_to_string(path).expect("the math type table");
    let Value::Object(table) = serde_json::from_str(&text).expect("valid JSON") else {
        panic!("the table is an object");
    };
    let mut failures = Vec::new();
    for (key, want) in &table {
        let want = want.as_str().map(str::to_string);
        let words: Vec<&str> = key.split(' ').collect();
        let (a, b, body) = match words.as_slice() {
            [f, a] => (*a, "int64", format!("    r = math.{f}(a[0])\n")),
            [f, a, b] => (*a, *b, format!("    r = math.{f}(a[0], b[0])\n")),
            _ => panic!("unknown entry {key}"),
        };
        let got = result_type(a, b, &body);
        if got != want {
            failures.push(format!(
                "`{key}`: kernelc {}, Numba {}",
                got.as_deref().unwrap_or("(error)"),
                want.as_deref().unwrap_or("(error)")
            ));
        }
    }
    assert_eq!(table.len(), 18 * 12 + 3 * 144);
    assert!(
        failures.is_empty(),
        "{} of {} result types differ from Numba's:\n{}",
        failures.len(),
        table.len(),
        failures.join("\n")
    );
}
