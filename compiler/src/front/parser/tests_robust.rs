//! Robustness tests: a sample kernel parses cleanly, and neither hundreds
//! of byte-level mutations of it nor a list of odd inputs make the front end
//! panic, produce out-of-range spans or ids, or break the dump.

use super::parse_module;
use super::tests_expr::{parse, stmt_ids};

const SAMPLE: &str = "\
from numba import cuda, float32
import math

TPB = 16

@cuda.jit(\"void(float32[:, ::1], float32[:, ::1], float32[:, ::1])\")
def matmul(A, B, C):
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x; ty = cuda.threadIdx.y
    if x >= C.shape[0] and y >= C.shape[1]:
        return
    tmp = 0.
    for i in range(int(B.shape[1] / TPB)):
        sA[tx, ty] = A[x, ty + i * TPB]
        cuda.syncthreads()
        for j in range(TPB):
            tmp += sA[tx, j] * 2 ** -1 if j % 2 else -math.sqrt(1e-6)
        cuda.syncthreads()
    C[x, y] = tmp  # done
    while not (tmp < 0 or tmp is None):
        tmp -= 1_000; break
    print('done\\n', x)
";

/// A deterministic linear congruential generator.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
}

/// One random byte-level edit of `bytes`.
fn mutate(bytes: &mut Vec<u8>, rng: &mut Lcg) {
    const INTERESTING: &[u8] =
        b"()[]{}:;,.=+-*/\\#'\"\n\r\t \0$?!@~<>|&^%0123456789_xe\x80\xc3\xa9\xff";
    let len = bytes.len().max(1);
    let at = rng.next() % len;
    match rng.next() % 6 {
        0 if !bytes.is_empty() => {
            bytes.remove(at.min(bytes.len() - 1));
        }
        1 => bytes.insert(
            at.min(bytes.len()),
            INTERESTING[rng.next() % INTERESTING.len()],
        ),
        2 if !bytes.is_empty() => {
            let i = at.min(bytes.len() - 1);
            bytes[i] = INTERESTING[rng.next() % INTERESTING.len()];
        }
        3 => {
            let end = (at + rng.next() % 40).min(bytes.len());
            let chunk: Vec<u8> = bytes[at.min(end)..end].to_vec();
            let to = rng.next() % (bytes.len() + 1);
            bytes.splice(to..to, chunk);
        }
        4 => {
            let end = (at + rng.next() % 40).min(bytes.len());
            bytes.drain(at.min(end)..end);
        }
        _ => bytes.truncate(at),
    }
}

#[test]
fn sample_parses_cleanly() {
    let (module, errors) = parse(SAMPLE);
    assert!(errors.is_empty(), "{errors:?}");
    let mut ids = Vec::new();
    stmt_ids(&module, &module.body, &mut ids);
    assert_eq!(ids.len(), module.expr_count());
}

#[test]
fn mutated_sources_never_panic() {
    let mut rng = Lcg(0x5eed);
    for round in 0..600 {
        let mut bytes = SAMPLE.as_bytes().to_vec();
        for _ in 0..1 + round % 8 {
            mutate(&mut bytes, &mut rng);
        }
        let src = String::from_utf8_lossy(&bytes).into_owned();
        let mut diags = Vec::new();
        let module = parse_module(&src, &mut diags);
        for d in &diags {
            let span = d.primary().span;
            assert!(
                span.lo <= span.hi && span.hi as usize <= src.len(),
                "{src:?}: {d:?}"
            );
        }
        let mut ids = Vec::new();
        stmt_ids(&module, &module.body, &mut ids);
        assert!(
            ids.iter().all(|&id| (id as usize) < module.expr_count()),
            "{src:?}"
        );
        let mut files = crate::diagnostics::SourceFiles::new();
        files.add("k.py", src.clone());
        let _ = crate::front::ast_dump::dump_module(&module, &files);
        let _ = crate::diagnostics::render(&files, &diags);
    }
}

#[test]
fn odd_inputs_never_panic() {
    let inputs = [
        "",
        "\n",
        "\r",
        "\0",
        "\u{feff}",
        "\\",
        "(",
        ")",
        "[[[",
        "'''",
        "\"",
        "@",
        "def",
        "if",
        "if:",
        "else",
        "\t\tx\n  y",
        "x = \u{fffd}",
        "é = 1",
        "def f(",
        "from",
        "import .",
        "class",
        "lambda",
        "lambda:",
        "{",
        "{1:",
        "a[",
        "a[:",
        "f(**",
        "x if",
        "not",
        "- - -",
        "x = yield",
        "for",
        "for x in",
        "while",
        "return return",
        "@@",
        "del",
        "global",
        "assert",
        "1 if 2 else",
        "a.",
        "0x",
        "1e",
        "b'",
        "f'",
        "r'\\",
        "u'''\\",
        "x = 1;;",
    ];
    for src in inputs {
        let mut diags = Vec::new();
        let module = parse_module(src, &mut diags);
        let mut ids = Vec::new();
        stmt_ids(&module, &module.body, &mut ids);
        assert!(
            ids.iter().all(|&id| (id as usize) < module.expr_count()),
            "{src:?}"
        );
    }
}

#[test]
fn recycled_storage_parses_like_new() {
    // The dump and diagnostics of a file, parsed with a new context or
    // with one that parsed other files before and got their modules back
    // (with their tokens and stacks), are the same.
    fn dump(ctx: &mut crate::front::FrontContext, src: &str) -> (String, Vec<String>) {
        let mut diags = Vec::new();
        let module = super::parse_module_with(ctx, src, &mut diags);
        let mut files = crate::diagnostics::SourceFiles::new();
        files.add("k.py", src);
        let dump = crate::front::ast_dump::dump_module(&module, &files);
        ctx.recycle(module);
        (dump, diags.iter().map(|d| format!("{d:?}")).collect())
    }
    let mut rng = Lcg(0xfeed);
    let mut sources = vec![SAMPLE.to_string(), "x = 'a' 'b'\n".to_string()];
    for round in 0..40 {
        let mut bytes = SAMPLE.as_bytes().to_vec();
        for _ in 0..1 + round % 4 {
            mutate(&mut bytes, &mut rng);
        }
        sources.push(String::from_utf8_lossy(&bytes).into_owned());
    }
    sources.push(SAMPLE.to_string());
    let mut ctx = crate::front::FrontContext::new();
    for src in &sources {
        let fresh = dump(&mut crate::front::FrontContext::new(), src);
        assert_eq!(dump(&mut ctx, src), fresh, "{src:?}");
    }
}

#[test]
fn operator_and_postfix_spans_cover_their_children() {
    // The span of `a op b`, `a.b`, `f(...)` and `a[...]` runs from the
    // start of its first child to the end of its last part, and every
    // child's span lies after the one before it, parentheses included.
    // Checked here on mutated sources too.
    use crate::front::ast::{ExprId, ExprKind};
    let mut rng = Lcg(0xc0de);
    let mut sources = vec![SAMPLE.to_string()];
    for round in 0..300 {
        let mut bytes = SAMPLE.as_bytes().to_vec();
        for _ in 0..1 + round % 6 {
            mutate(&mut bytes, &mut rng);
        }
        sources.push(String::from_utf8_lossy(&bytes).into_owned());
    }
    for src in &sources {
        let mut diags = Vec::new();
        let module = parse_module(src, &mut diags);
        let span = |e: ExprId| module.expr(e).span;
        for i in 0..module.expr_count() {
            let expr = module.expr(ExprId::new(i as u32));
            let children: Vec<ExprId> = match expr.kind {
                ExprKind::BinOp { left, right, .. } => vec![left, right],
                ExprKind::BoolOp { values, .. } => module.exprs(values).to_vec(),
                ExprKind::Attribute { value, .. } | ExprKind::Subscript { value, .. } => {
                    vec![value]
                }
                ExprKind::Call { func, .. } => vec![func],
                _ => continue,
            };
            // Parentheses around the node may have widened its span since.
            assert!(expr.span.lo <= span(children[0]).lo, "{src:?}: {expr:?}");
            for pair in children.windows(2) {
                assert!(span(pair[0]).hi <= span(pair[1]).lo, "{src:?}: {expr:?}");
            }
            for &c in &children {
                assert!(span(c).hi <= expr.span.hi, "{src:?}: {expr:?}");
            }
        }
    }
}
