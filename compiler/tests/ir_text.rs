//! The IR text form end to end: the sample files round-trip and verify,
//! every opcode is covered, the verifier rejects malformed IR with the
//! expected message, and bad text gives positioned parse errors.

use kernelc_compiler::ir::{parse_module, verify_module, write_module, Opcode};
use std::path::PathBuf;

fn samples() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ir/samples");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("samples folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "kcir"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable sample");
            (p.display().to_string(), text)
        })
        .collect();
    out.sort();
    assert!(
        out.len() >= 3,
        "expected the sample files in {}",
        dir.display()
    );
    out
}

/// Parses, prints, parses and prints again; both prints must agree.
fn round_trip(name: &str, text: &str) -> String {
    let m = parse_module(text).unwrap_or_else(|e| panic!("{name}:{e}"));
    let printed = write_module(&m);
    let again =
        parse_module(&printed).unwrap_or_else(|e| panic!("{name} (printed):{e}\n{printed}"));
    assert_eq!(write_module(&again), printed, "{name} does not round-trip");
    printed
}

#[test]
fn samples_round_trip_and_verify() {
    for (name, text) in samples() {
        let printed = round_trip(&name, &text);
        let m = parse_module(&printed).expect("parses");
        if let Err(e) = verify_module(&m) {
            panic!("{name} does not verify:\n{e}");
        }
    }
}

#[test]
fn samples_print_as_written_without_comments() {
    for (name, text) in samples() {
        let stripped: Vec<&str> = text
            .lines()
            .map(|l| l.split(';').next().unwrap_or("").trim_end())
            .filter(|l| !l.trim().is_empty())
            .collect();
        let printed = round_trip(&name, &text);
        let printed: Vec<&str> = printed.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(printed, stripped, "{name} is not in printed form");
    }
}

#[test]
fn every_opcode_appears_in_a_round_tripped_sample() {
    let texts: Vec<String> = samples().iter().map(|(n, t)| round_trip(n, t)).collect();
    let words: std::collections::HashSet<&str> = texts
        .iter()
        .flat_map(|t| t.split_whitespace())
        .map(|w| w.split('.').next().unwrap_or(w))
        .collect();
    let missing: Vec<&str> = Opcode::ALL
        .iter()
        .map(|op| op.name())
        .filter(|name| !words.contains(name))
        .collect();
    assert!(
        missing.is_empty(),
        "opcodes never round-tripped: {missing:?}"
    );
}

/// A kernel whose entry block takes `(v0: ptr.global, v1: i32, v2: f32)`.
fn kernel(body: &str) -> String {
    format!(
        "str0 = \"%d\"\nconst0 = \"C\" f32[4]\n\
         kernel fn0 \"k\"(ptr.global, i32, f32) {{\n    shared0 = f32[8]\n\
         block0(v0: ptr.global, v1: i32, v2: f32):\n{body}\n}}\n\
         device fn1 \"d\"(f32) -> f32 {{\nblock0(v0: f32):\n    return v0\n}}\n"
    )
}

const BAD: &[(&str, &str)] = &[
    ("    v3 = iadd.i32 v1, v2\n    return", "operands have different types"),
    ("    v3 = fadd.f32 v1, v1\n    return", "operand 0 must be a float"),
    ("    v3 = iconst.i32 1", "block does not end with a terminator"),
    ("    return\n    v3 = iconst.i32 1\n    return", "terminator in the middle"),
    ("    jump block1(v1)\nblock1:\n    return", "block1 takes 0 arguments, 1 given"),
    ("    jump block1(v2)\nblock1(v3: i32):\n    return", "argument v2 is f32 but block1's parameter v3 is i32"),
    ("    brif v1, block1, block1\nblock1:\n    return", "the condition must be i1"),
    ("    jump block1\nblock1:\n    v4 = iadd.i32 v3, v1\n    jump block2\nblock2:\n    v3 = iconst.i32 1\n    return", "use of v3 is not dominated"),
    ("    v4 = iadd.i32 v3, v1\n    v3 = iconst.i32 1\n    return", "use of v3 is not dominated"),
    ("    v3 = iadd.i32 v9, v1\n    return", "v9 is the result of a removed instruction"),
    ("    v3 = sextend.i32 v1\n    return", "`sextend` cannot convert i32 to i32"),
    ("    v3 = ireduce.i64 v1\n    return", "`ireduce` cannot convert i32 to i64"),
    ("    v3 = const_addr.ptr.const const0\n    store v3, v2\n    return", "cannot store into const memory"),
    ("    v3 = local_addr.ptr.local local0\n    return", "`local_addr` names array 0, but there are 0"),
    ("    v3 = shared_addr.ptr.local shared0\n    return", "result must be ptr.shared"),
    ("    v3 = atomic_rmw.f32 and v0, v2\n    return", "`atomic_rmw` does not support f32"),
    ("    v3 = iconst.i64 0\n    v4 = bitcast.ptr.local v3\n    v5 = atomic_rmw.i32 add v4, v1\n    return", "atomics are not allowed on local memory"),
    ("    return v1", "returns (i32), but the signature returns ()"),
    ("    v3 = call.f32 fn1(v1)\n    return", "fn1 takes (f32), given (i32)"),
    ("    v3 = call.f32 fn7(v2)\n    return", "fn7 does not exist"),
    ("    print str3(v1)\n    return", "str3 does not exist"),
    ("    v3 = special.i64 tid.x\n    return", "result must be i32"),
    ("    v3 = shuffle.f32 down v1, v2, v2\n    return", "the lane must be i32"),
    ("    v3 = vote.i1 ballot v1, v1\n    return", "the predicate must be i1"),
    ("    v3 = icmp.i32 eq v1, v1\n    return", "result must be i1"),
    ("    v3 = icmp.i1 eq v1, v0\n    return", "must be integers or pointers of one type, not i32 and ptr.global"),
    ("    v3 = select.f32 v1, v2, v2\n    return", "the condition must be i1"),
    ("    v3 = ptr_add.ptr.global v0, v1\n    return", "the offset must be i64"),
    ("    v3 = load.f32 v1\n    return", "the address must be a pointer"),
    ("    jump block5\nblock1:\n    return", "branch target block5 is not in the layout"),
    ("    v3 = fcmp.i1 lt v1, v1\n    return", "must be floats of one type, not i32 and i32"),
    ("    v3 = fpromote.f16 v2\n    return", "`fpromote` cannot convert f32 to f16"),
    ("    v3 = fcvt_from_sint.f32 v2\n    return", "`fcvt_from_sint` cannot convert f32 to f32"),
    ("    v3 = bitcast.i64 v2\n    return", "`bitcast` cannot convert f32 to i64"),
    ("    v3 = atomic_cas.i32 v0, v1, v2\n    return", "expected and new values differ: i32 and f32"),
    ("    v3 = syncthreads_count.i32 v1\n    return", "the predicate must be i1"),
    ("    v3 = iconst.i1 1\n    v4 = vote.i1 ballot v1, v3\n    return", "result must be i32"),
    ("    v3 = dyn_shared_addr.ptr.global\n    return", "result must be ptr.shared"),
    ("    v3 = fpromote.f64 v2\n    v4 = sin_approx.f64 v3\n    return", "the operand must be f32"),
    ("    v3 = powi.f32 v2, v1\n    return", "the exponent must be i64"),
    ("    v3 = fma.f32 v2, v2, v1\n    return", "operands have different types: f32 and i32"),
    ("    syncwarp v2\n    return", "the mask must be i32"),
];

#[test]
fn verifier_rejects_malformed_ir() {
    for (body, expected) in BAD {
        let text = kernel(body);
        let m = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let Err(errors) = verify_module(&m) else {
            panic!("accepted:\n{text}");
        };
        assert!(
            errors.mentions(expected),
            "expected `{expected}` for:\n{text}\ngot:\n{errors}"
        );
        assert!(errors.to_string().contains("; error: "), "{errors}");
        // Malformed IR still prints and parses back exactly.
        round_trip(expected, &text);
    }
    assert!(BAD.len() >= 12);
}

#[test]
fn verifier_rejects_a_bad_entry_block() {
    let text = "kernel fn0 \"k\"(i32) {\nblock0(v0: i64):\n    return\n}\n";
    let errors = verify_module(&parse_module(text).unwrap()).unwrap_err();
    assert!(errors.mentions("entry block parameters (i64) do not match the signature (i32)"));
    let returns = "kernel fn0 \"k\"() -> i32 {\nblock0:\n    v0 = iconst.i32 0\n    return v0\n}\n";
    let errors = verify_module(&parse_module(returns).unwrap()).unwrap_err();
    assert!(errors.mentions("a kernel cannot return values"));
    let empty = "kernel fn0 \"k\"() {\n}\n";
    let errors = verify_module(&parse_module(empty).unwrap()).unwrap_err();
    assert!(errors.mentions("no entry block"));
}

#[test]
fn verifier_accepts_well_formed_ir() {
    let good = [
        "    v3 = iadd.i32 v1, v1\n    return",
        "    jump block2\nblock1:\n    v3 = iadd.i32 v4, v1\n    return\nblock2:\n    v4 = iconst.i32 0\n    return",
        "    v3 = call.f32 fn1(v2)\n    print str0(v3)\n    return",
        "    v3 = const_addr.ptr.const const0\n    v4 = load.f32 v3+4\n    store v0-8, v4\n    return",
    ];
    for body in good {
        let m = parse_module(&kernel(body)).unwrap();
        if let Err(e) = verify_module(&m) {
            panic!("rejected:\n{e}");
        }
    }
}

#[test]
fn verifier_errors_print_inline_after_the_instruction() {
    let m = parse_module(&kernel("    v3 = iadd.i32 v1, v2\n    return")).unwrap();
    let text = verify_module(&m).unwrap_err().to_string();
    assert!(
        text.contains("    v3 = iadd.i32 v1, v2\n    ; error: operands have different types: i32 and f32\n    return"),
        "{text}"
    );
}

#[test]
fn parse_errors_have_positions() {
    let cases: &[(&str, &str)] = &[
        ("kernel fn1 \"k\"() {\n}", "1:8: expected `fn0`"),
        ("kernel fn0 \"k\"() {\nblock0:\n    v1 = frob.i32 v0\n}", "3:10: unknown opcode `frob`"),
        ("kernel fn0 \"k\"() {\nblock0:\n    v1 = iadd.i99 v0\n}", "3:10: unknown type `i99`"),
        ("kernel fn0 \"k\"() {\nblock0:\n    return\n", "4:1: expected `}`"),
        ("kernel fn0 \"k\"() {\n    v1 = iconst.i32 1\n}", "2:5: expected a block header"),
        ("kernel fn0 \"k\"() {\nblock0:\n    v1 = iconst.i32 1\n    v1 = iconst.i32 2\n    return\n}", "4:5: v1 is defined twice"),
        ("kernel fn0 \"k\"() {\nblock0:\n    v1 = fconst.f32 zero\n    return\n}", "3:21: bad f32 constant `zero`"),
        ("str0 = \"abc", "1:12: unterminated string"),
        ("kernel fn0 \"k\"() {\nblock0(v0: i32):\n    return v0, }", "3:16: expected `vN`, found `}`"),
        ("str1 = \"x\"", "1:1: unexpected `str1`"),
        ("kernel fn0 \"k\"() {\nblock0:\nblock0:\n    return\n}", "3:1: block0 is defined twice"),
        ("kernel fn0 \"k\"() {\nblock0:\n    v1 = icmp.i1 less v0, v0\n    return\n}", "3:18: unknown integer condition `less`"),
        ("kernel fn0 \"k\"() {\nblock0:\n    v1, v2 = call fn3()\n    return\n}", "3:5: fn3 does not exist"),
        ("kernel fn0 \"k\"() {\nblock0:\n    v1, v2 = iadd v0, v0\n    return\n}", "3:14: the results need types"),
        ("const0 = \"c\" f32[2] data 0x123", "1:26: expected `0x` and hex bytes"),
        ("kernel fn0 \"k\"() {\nblock0:\n    v1 = load.f32 v0+99999999999\n    return\n}", "3:22: offset 99999999999 is out of range"),
    ];
    for (text, expected) in cases {
        match parse_module(text) {
            Ok(_) => panic!("parsed: {text}"),
            Err(e) => assert!(
                e.to_string().starts_with(expected),
                "{text}\nexpected {expected}\ngot {e}"
            ),
        }
    }
}
