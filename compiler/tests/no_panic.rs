//! No input makes the front end panic.
//!
//! A deterministic corpus of a few thousand inputs is built from the kernel
//! corpus by byte- and token-level mutation (deletions, duplications,
//! swaps, splices between files, indentation damage, random operator and
//! keyword soup) and every input is checked. The same mutations drive the
//! `cargo fuzz` target in `fuzz/`, which explores further.

use kernelc_compiler::sema::dump::dump_program;
use kernelc_compiler::{check, CheckOptions};
use std::path::Path;

/// A small deterministic PRNG (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const FRAGMENTS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    ":",
    ",",
    "\n",
    "\n    ",
    "\t",
    "    ",
    "=",
    "==",
    "+=",
    "**",
    "//",
    "%",
    "<<",
    "~",
    "not ",
    " and ",
    " or ",
    "if ",
    "else",
    "elif ",
    "for ",
    " in ",
    "range(",
    "while ",
    "return ",
    "def ",
    "lambda",
    "class ",
    "cuda.",
    "grid(2)",
    "shared.array(",
    "float32",
    "int64",
    "math.",
    "1e-6",
    "0x1F",
    "1_000",
    "'s'",
    "\"\"\"",
    "\\\n",
    "#",
    "@cuda.jit",
    "None",
    "True",
    "a[i, j]",
    ".shape",
    "x, y",
    "print(",
    "cuda.atomic.add(",
    "9999999999999999999999",
    "é",
    "\0",
];

fn mutate(rng: &mut Rng, base: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = base.to_vec();
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        let len = v.len().max(1);
        match rng.below(7) {
            0 => {
                let at = rng.below(len);
                let n = rng.below(16).min(v.len().saturating_sub(at));
                v.drain(at..at + n);
            }
            1 => {
                let at = rng.below(len).min(v.len());
                let frag = FRAGMENTS[rng.below(FRAGMENTS.len())].as_bytes();
                v.splice(at..at, frag.iter().copied());
            }
            2 => {
                let at = rng.below(len).min(v.len());
                let start = rng.below(other.len().max(1)).min(other.len());
                let end = (start + rng.below(80)).min(other.len());
                v.splice(at..at, other[start..end].iter().copied());
            }
            3 => {
                if !v.is_empty() {
                    let at = rng.below(v.len());
                    v[at] = (rng.next() & 0x7f) as u8;
                }
            }
            4 => {
                // Damage indentation: add or remove leading spaces on a line.
                let lines: Vec<usize> = v
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| **b == b'\n')
                    .map(|(i, _)| i + 1)
                    .collect();
                if !lines.is_empty() {
                    let at = lines[rng.below(lines.len())].min(v.len());
                    if rng.below(2) == 0 {
                        v.splice(at..at, b"  ".iter().copied());
                    } else if v.get(at) == Some(&b' ') {
                        v.remove(at);
                    }
                }
            }
            5 => {
                let at = rng.below(len).min(v.len());
                let n = rng.below(12).min(v.len() - at);
                let chunk: Vec<u8> = v[at..at + n].to_vec();
                v.splice(at..at, chunk);
            }
            _ => {
                let at = rng.below(len).min(v.len());
                v.truncate(at);
            }
        }
    }
    v
}

fn corpus_sources() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/check");
    let mut out = Vec::new();
    for dir in ["accept", "reject"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for f in files {
            if f.extension().is_some_and(|x| x == "py") {
                out.push(std::fs::read_to_string(f).unwrap());
            }
        }
    }
    out
}

fn check_one(src: &str) {
    let checked = check("fuzz.py", src, &CheckOptions::default());
    // Rendering and dumping must not panic either.
    let _ = checked.render_diagnostics();
    if !checked.has_errors() {
        let _ = dump_program(&checked.program);
    }
}

#[test]
fn mutated_corpus_never_panics() {
    // Run on a thread with a generous stack, as the CLI's main thread has.
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            let sources = corpus_sources();
            assert!(!sources.is_empty());
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
            let mut count = 0;
            for round in 0..30 {
                for (i, base) in sources.iter().enumerate() {
                    let other = &sources[(i * 7 + round) % sources.len()];
                    let bytes = mutate(&mut rng, base.as_bytes(), other.as_bytes());
                    let src = String::from_utf8_lossy(&bytes).into_owned();
                    let result = std::panic::catch_unwind(|| check_one(&src));
                    assert!(
                        result.is_ok(),
                        "the front end panicked on this input:\n{src}"
                    );
                    count += 1;
                }
            }
            assert!(count >= 3000, "only {count} inputs were generated");
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn pathological_inputs_never_panic() {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            let deep_parens = format!("x = {}1{}\n", "(".repeat(5000), ")".repeat(5000));
            let deep_unary = format!("x = {}1\n", "-".repeat(5000));
            let deep_blocks: String = (0..300)
                .map(|d| format!("{}if x:\n", " ".repeat(d)))
                .collect();
            let long_chain = format!(
                "@cuda.jit('void(int64[:])')\ndef k(a):\n    a[0] = {}\n",
                vec!["a[0]"; 3000].join(" + ")
            );
            for src in [
                "",
                "\n\n\n",
                "\t\n  \t x",
                "def",
                "@",
                "'''",
                "\\",
                "from numba import cuda\n@cuda.jit\ndef k(:\n",
                deep_parens.as_str(),
                deep_unary.as_str(),
                deep_blocks.as_str(),
                long_chain.as_str(),
            ] {
                let result = std::panic::catch_unwind(|| check_one(src));
                assert!(
                    result.is_ok(),
                    "panicked on {:?}",
                    &src[..src.len().min(80)]
                );
            }
        })
        .unwrap()
        .join()
        .unwrap();
}
