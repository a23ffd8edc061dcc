//! Helpers shared by the corpus tests: the `# kernelc:` header parser, the
//! list of corpus programs, and snapshot files ([`snapshots`]).

// Each test crate uses some of these helpers.
#![allow(dead_code)]

pub mod snapshots;

use kernelc_compiler::sema::signature::parse_type;
use kernelc_compiler::sema::typed::{ConstArrayDecl, GlobalArrayDecl};
use kernelc_compiler::types::{complex_from_name, Elem, Scalar, Type};
use kernelc_compiler::CheckOptions;
use std::path::PathBuf;

/// The `.py` programs of `tests/check/accept`, sorted by name.
pub fn accept_corpus() -> Vec<PathBuf> {
    snapshots::files("tests/check/accept", "py")
}

/// The check runs a corpus program asks for in its `# kernelc:` header
/// lines: one per `--kernel` line (with its `--sig`), or one default run;
/// `--const NAME=dtype[dims]` and `--global NAME=TYPE` declarations apply
/// to every run.
pub fn options_of(source: &str) -> Vec<CheckOptions> {
    let mut common = CheckOptions::default();
    let mut runs = Vec::new();
    for line in source
        .lines()
        .take_while(|l| l.starts_with('#') || l.trim().is_empty())
    {
        let Some(rest) = line.strip_prefix("# kernelc:") else {
            continue;
        };
        let words: Vec<String> = shell_words(rest);
        let mut o = CheckOptions::default();
        let mut it = words.iter();
        while let Some(w) = it.next() {
            let v = it.next().unwrap().clone();
            match w.as_str() {
                "--kernel" => o.kernel = Some(v),
                "--sig" => o.signature = Some(v),
                "--const" => {
                    let (name, spec) = v.split_once('=').unwrap();
                    let (dtype, dims) = spec.rsplit_once('[').unwrap();
                    // A number type, or a record in Numba's spelling.
                    let elem = match parse_type(dtype) {
                        Ok(Type::Record(r)) => Elem::Record(r.record),
                        _ => Scalar::from_name(dtype).map_or_else(
                            || Elem::Complex(complex_from_name(dtype).unwrap()),
                            Elem::Scalar,
                        ),
                    };
                    common.const_arrays.push(ConstArrayDecl {
                        name: name.into(),
                        elem,
                        shape: dims
                            .trim_end_matches(']')
                            .split(',')
                            .map(|d| d.trim().parse().unwrap())
                            .collect(),
                    });
                }
                "--global" => {
                    let (name, ty) = v.split_once('=').unwrap();
                    common
                        .global_arrays
                        .push(GlobalArrayDecl::parse(name, ty).unwrap());
                }
                _ => panic!("unknown option {w}"),
            }
        }
        if o.kernel.is_some() {
            runs.push(o);
        }
    }
    if runs.is_empty() {
        runs.push(CheckOptions::default());
    }
    for r in &mut runs {
        r.const_arrays = common.const_arrays.clone();
        r.global_arrays = common.global_arrays.clone();
    }
    runs
}

/// Splits a header line into words; double quotes group words.
pub fn shell_words(s: &str) -> Vec<String> {
    let mut words = Vec::new();
    let (mut cur, mut quoted, mut has) = (String::new(), false, false);
    for c in s.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                has = true;
            }
            c if c.is_whitespace() && !quoted => {
                if has {
                    words.push(std::mem::take(&mut cur));
                    has = false;
                }
            }
            c => {
                cur.push(c);
                has = true;
            }
        }
    }
    if has {
        words.push(cur);
    }
    words
}
