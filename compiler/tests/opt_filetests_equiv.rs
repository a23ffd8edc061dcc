//! Every pass, and the whole -O2 pipeline, preserves the behaviour of every
//! IR filetest (`tests/ir/*/*.kcir`): each function of each file is run in
//! the interpreter with a few deterministic pseudo-random argument sets
//! (pointers get a 64 KiB buffer of fixed contents) before and after the
//! transformation, and the results, the final contents of the buffers, the
//! printed output and any error must be the same.
//!
//! Two outcomes are not behaviour to preserve: a run that exceeds the step
//! limit (a pass may make a loop faster or slower) and an out-of-bounds
//! access (a program bug; DCE may delete a dead faulting load, see
//! `opt/dce.rs`), so traces that end in either are not compared.

use kernelc_compiler::ir::interp::{InterpError, Interpreter, ThreadCtx, Val};
use kernelc_compiler::ir::{parse_module, write_module, Module, Type};
use kernelc_compiler::opt::{optimize, pass_names, run_pass, OptLevel};
use std::path::PathBuf;

/// Size of the buffer behind every pointer argument.
const BUFFER: usize = 1 << 16;
/// Argument sets per function.
const RUNS: u64 = 6;

/// The `.kcir` files of `tests/ir/*/`, sorted.
fn files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ir");
    let mut out = vec![];
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|x| x == "kcir") {
                out.push(f);
            }
        }
    }
    out.sort();
    out
}

/// A deterministic xorshift generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A pseudo-random argument of type `ty`: integers mostly small, sometimes
/// edge values; floats multiples of 1/7 in [-143, 143).
fn arg(rng: &mut Rng, ty: Type, interp: &mut Interpreter) -> Val {
    let r = rng.next();
    match ty {
        Type::Ptr(_) => {
            let p = interp.alloc_global(BUFFER);
            let data: Vec<u8> = (0..BUFFER).map(|i| (i * 7 % 13) as u8).collect();
            interp.write(p, &data).unwrap();
            Val::Ptr(p)
        }
        Type::F16 | Type::F32 | Type::F64 => Val::float(ty, ((r % 2000) as f64 - 1000.0) / 7.0),
        Type::I1 => Val::int(ty, r & 1),
        _ => {
            let edges = [0, 1, 2, 3, 5, 16, 100, u64::MAX, (1 << 31) - 1, 1 << 31];
            let v = if r.is_multiple_of(3) {
                edges[(r >> 8) as usize % edges.len()]
            } else {
                r % 64
            };
            Val::int(ty, v)
        }
    }
}

/// A hash of a buffer's contents.
fn hash(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0, |h, &b| h.wrapping_mul(31).wrapping_add(b as u64))
}

/// Runs every function of `m` on [`RUNS`] argument sets; one line per run,
/// or `None` for a run whose outcome is not behaviour (see the file docs).
fn trace(m: &Module) -> Vec<Option<String>> {
    let mut out = vec![];
    for (fref, f) in m.functions.iter() {
        for k in 0..RUNS {
            let mut interp = Interpreter::new(m);
            interp.step_limit = 20_000;
            let mut rng = Rng(1000 + k * 7 + 12345);
            let args: Vec<Val> = f
                .signature
                .params
                .iter()
                .map(|&t| arg(&mut rng, t, &mut interp))
                .collect();
            let ctx = ThreadCtx {
                tid: [k as u32 % 3, 1, 0],
                ctaid: [k as u32, 0, 0],
                ntid: [4, 2, 1],
                nctaid: [8, 1, 1],
            };
            let res = match interp.run(fref, &args, ctx) {
                Ok(v) => format!(
                    "{:?}",
                    v.iter()
                        .map(|x| if x.ty().is_float() && x.as_f64().is_nan() {
                            "nan".to_string()
                        } else {
                            format!("{x:?}")
                        })
                        .collect::<Vec<_>>()
                ),
                Err(InterpError::StepLimit(_) | InterpError::OutOfBounds { .. }) => {
                    out.push(None);
                    continue;
                }
                Err(e) => format!("error {e}"),
            };
            let mem = args
                .iter()
                .filter_map(|a| match a {
                    Val::Ptr(p) => Some(hash(&interp.read(*p, BUFFER).unwrap())),
                    _ => None,
                })
                .fold(0, |a, b| a ^ b);
            out.push(Some(format!(
                "{} #{k}: {res} mem={mem:x} out={:?}",
                f.name,
                interp.output()
            )));
        }
    }
    out
}

#[test]
fn every_pass_preserves_the_behaviour_of_the_filetests() {
    let mut mismatches = Vec::new();
    let mut compared = 0;
    for path in files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let m0 = parse_module(&text).unwrap();
        let before = trace(&m0);
        let mut variants: Vec<(String, Module)> = pass_names()
            .map(|p| {
                let mut m = m0.clone();
                run_pass(&mut m, p);
                (p.to_string(), m)
            })
            .collect();
        let mut m = m0.clone();
        optimize(&mut m, OptLevel::O2);
        variants.push(("O2".into(), m));
        for (name, m) in variants {
            let after = trace(&m);
            assert_eq!(before.len(), after.len(), "{name} changed the functions");
            for (a, b) in before.iter().zip(&after) {
                let Some(a) = a else { continue };
                compared += 1;
                if b.as_ref() != Some(a) {
                    mismatches.push(format!(
                        "{} [{name}]\n  before: {a}\n  after:  {b:?}\n{}",
                        path.display(),
                        write_module(&m)
                    ));
                }
            }
        }
    }
    println!("compared {compared} runs");
    assert!(compared > 1000, "only {compared} runs compared");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}
