//! Snapshot tests of the front end over the kernel corpus in `tests/check/`.
//!
//! - `accept/*.py` must type-check; the `--emit types` dump is compared with
//!   `NAME.types`, and, where `NAME.numba.json` exists (types inferred by
//!   Numba itself, see `tests/numba/dump_types.py`), every variable's type
//!   must equal Numba's.
//! - `reject/*.py` must fail; the rendered diagnostics are compared with
//!   `NAME.err`.
//!
//! A file's first lines may hold `# kernelc: OPTIONS` (`--kernel`, `--sig`,
//! `--const NAME=DTYPE[SHAPE]`). Run with `KERNELC_BLESS=1` to rewrite the
//! snapshots after an intended change, then review the diff.

use kernelc_compiler::sema::dump::dump_program;
use kernelc_compiler::sema::typed::VarKind;
use kernelc_compiler::types::{unify, Type};
use kernelc_compiler::{check, Checked};
use std::path::{Path, PathBuf};

mod common;
use common::snapshots::Snapshots;

fn corpus(dir: &str) -> Vec<PathBuf> {
    common::snapshots::files(&format!("tests/check/{dir}"), "py")
}

fn run(path: &Path) -> Vec<Checked> {
    let source = std::fs::read_to_string(path).unwrap();
    let name = format!(
        "{}/{}",
        path.parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy(),
        path.file_name().unwrap().to_string_lossy()
    );
    common::options_of(&source)
        .iter()
        .map(|o| check(&name, &source, o))
        .collect()
}

#[test]
fn accepted_programs_type_check_and_match_snapshots() {
    let files = corpus("accept");
    assert!(
        files.len() >= 60,
        "the accept corpus has {} programs",
        files.len()
    );
    let mut snapshots = Snapshots::new();
    for path in &files {
        let mut dump = String::new();
        for checked in run(path) {
            if checked.has_errors() {
                snapshots.fail(format!(
                    "{} was rejected:\n{}",
                    path.display(),
                    checked.render_diagnostics()
                ));
                continue;
            }
            if checked.program.kernels.is_empty() {
                snapshots.fail(format!("{} has no typed kernel", path.display()));
            }
            if !dump.is_empty() {
                dump.push('\n');
            }
            dump.push_str(&dump_program(&checked.program));
        }
        snapshots.check(&path.with_extension("types"), &dump);
    }
    snapshots.finish();
}

#[test]
fn rejected_programs_report_diagnostics_matching_snapshots() {
    let files = corpus("reject");
    assert!(
        files.len() >= 40,
        "the reject corpus has {} programs",
        files.len()
    );
    let mut snapshots = Snapshots::new();
    for path in &files {
        let checked = run(path).remove(0);
        if !checked.has_errors() {
            snapshots.fail(format!("{} was accepted", path.display()));
            continue;
        }
        for d in &checked.diagnostics {
            let l = d.primary();
            let text = checked.files.text(l.file);
            if l.span.hi as usize > text.len() || l.span.lo > l.span.hi {
                snapshots.fail(format!(
                    "{}: span {:?} is outside the file",
                    path.display(),
                    l.span
                ));
            }
        }
        snapshots.check(&path.with_extension("err"), &checked.render_diagnostics());
    }
    snapshots.finish();
}

/// Numba spells a tuple `UniTuple(int64 x 2)`; the oracle files are
/// normalised to `UniTuple(int64, 2)` already. The shared and local memory
/// spaces are kernelc's own detail, so they are dropped before comparing.
/// Numba names bfloat16 by its C type, `__nv_bfloat16`.
fn normalise(ty: &str) -> String {
    ty.replace(", shared)", ")")
        .replace(", local)", ")")
        .replace("bfloat16", "__nv_bfloat16")
}

#[test]
fn inferred_types_agree_with_numba() {
    let mut compared = 0;
    let mut failures = Vec::new();
    for path in corpus("accept") {
        let oracle_path = path.with_extension("numba.json");
        let Ok(text) = std::fs::read_to_string(&oracle_path) else {
            continue;
        };
        let oracle = parse_oracle(&text);
        let runs = run(&path);
        for (kernel, vars) in oracle {
            // Kernels are keyed by name; device-function specialisations by
            // `name(argtypes)`.
            let Some(f) = runs.iter().flat_map(|c| &c.program.functions).find(|f| {
                let params: Vec<String> = f
                    .param_types
                    .iter()
                    .map(|t| normalise(&t.to_string()))
                    .collect();
                (f.is_kernel && f.name == kernel)
                    || format!("{}({})", f.name, params.join(", ")) == kernel
            }) else {
                failures.push(format!(
                    "{}: kernel {kernel} was not checked",
                    path.display()
                ));
                continue;
            };
            for (var, numba_ty) in vars {
                if let Some(list) = numba_ty
                    .strip_prefix("<no unification: ")
                    .and_then(|l| l.strip_suffix('>'))
                {
                    // Versions of several types no type unifies (a
                    // `literal_unroll` loop's variable over arrays of
                    // different ranks): the same set of types in kernelc.
                    let mut ours: Vec<String> = (f.vars.iter())
                        .filter(|v| f.name_of(v) == var && v.kind != VarKind::Temp)
                        .map(|v| normalise(&v.ty.to_string()))
                        .collect();
                    ours.sort();
                    ours.dedup();
                    let mut theirs = split_types(list);
                    theirs.sort();
                    compared += 1;
                    if ours != theirs {
                        failures.push(format!(
                            "{} {kernel}.{var}: kernelc versions {ours:?}, numba {numba_ty}",
                            path.file_name().unwrap().to_string_lossy()
                        ));
                    }
                    continue;
                }
                // The oracle folds a variable's SSA versions (`x`, `x.1`,
                // ...) onto one type, their unification: fold kernelc's
                // versions of the variable the same way.
                let Some(ty) = f
                    .vars
                    .iter()
                    .filter(|v| f.name_of(v) == var && v.kind != VarKind::Temp)
                    .map(|v| v.ty)
                    .reduce(|a, b| unify(&a, &b).unwrap_or(Type::Unknown))
                else {
                    continue;
                };
                compared += 1;
                let ours = normalise(&ty.to_string());
                if ours != numba_ty {
                    failures.push(format!(
                        "{} {kernel}.{var}: kernelc {ours}, numba {numba_ty}",
                        path.file_name().unwrap().to_string_lossy()
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {compared} variable types differ from Numba:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Reads the oracle's `{"kernel": {"var": "type"}}` JSON (a flat two-level
/// object of strings; no JSON crate needed).
fn parse_oracle(text: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut out: Vec<(String, Vec<(String, String)>)> = Vec::new();
    let mut strings = Vec::new();
    let mut depth = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            '"' => {
                let mut s = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => s.push(chars.next().unwrap_or('\\')),
                        '"' => break,
                        c => s.push(c),
                    }
                }
                strings.push((depth, s));
            }
            _ => {}
        }
    }
    let mut it = strings.into_iter().peekable();
    while let Some((d, s)) = it.next() {
        if d == 1 {
            out.push((s, Vec::new()));
        } else if d == 2 {
            let (_, ty) = it.next().expect("variable has a type");
            out.last_mut()
                .expect("kernel before variables")
                .1
                .push((s, ty));
        }
    }
    out
}

/// The types of a comma-separated list, split at the commas outside
/// parentheses and brackets (`array(float64, 1d, C), int64`).
fn split_types(list: &str) -> Vec<String> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in list.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(list[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(list[start..].trim().to_string());
    out
}
