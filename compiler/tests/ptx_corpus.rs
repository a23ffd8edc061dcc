//! Compiles every program of the corpus to PTX and has NVIDIA's `ptxas`
//! assemble it for several architectures.
//!
//! `ptxas` comes from the PyPI package `nvidia-cuda-nvcc-cu12`; the test
//! finds it through `KERNELC_PTXAS`, then `PATH`, then the repository's
//! `.venv` that `.ci/run` creates. Under CI (`CI` set) a missing `ptxas`
//! fails the test; elsewhere the test says it was skipped.

use kernelc_compiler::driver::{compile, CompileOptions, Stage};
use kernelc_compiler::ir::LaunchBounds;
use kernelc_compiler::opt::OptLevel;
use kernelc_compiler::ptx::Target;
use kernelc_compiler::CheckOptions;
use std::path::{Path, PathBuf};

mod common;
use std::process::Command;

fn find_ptxas() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("KERNELC_PTXAS") {
        let p = PathBuf::from(p);
        assert!(
            p.is_file(),
            "KERNELC_PTXAS names {}, which is not a file",
            p.display()
        );
        return Some(p);
    }
    let mut candidates: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).map(|d| d.join("ptxas")).collect())
        .unwrap_or_default();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    if let Ok(entries) = std::fs::read_dir(root.join(".venv/lib")) {
        for e in entries.flatten() {
            candidates.push(e.path().join("site-packages/nvidia/cuda_nvcc/bin/ptxas"));
        }
    }
    candidates.into_iter().find(|p| p.is_file())
}

/// Assembles the PTX file `ptx` for `sm_{sm}` (the cubin goes to `dir`);
/// returns ptxas's messages when it fails.
/// `ptxas`, or `None` after saying the test is skipped (a failure under
/// CI, which must have it).
fn ptxas_or_skip() -> Option<PathBuf> {
    let found = find_ptxas();
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "ptxas is required in CI (pip install nvidia-cuda-nvcc-cu12)"
        );
        eprintln!(
            "skipped: ptxas not found (set KERNELC_PTXAS or pip install nvidia-cuda-nvcc-cu12)"
        );
    }
    found
}

fn assemble(ptxas: &Path, ptx: &Path, sm: u32, dir: &Path) -> Result<(), String> {
    assemble_for(ptxas, ptx, &format!("sm_{sm}"), dir)
}

/// Assembles the PTX file `ptx` for `arch` (`sm_90a`).
fn assemble_for(ptxas: &Path, ptx: &Path, arch: &str, dir: &Path) -> Result<(), String> {
    let out = Command::new(ptxas)
        .arg(format!("-arch={arch}"))
        .arg(ptx)
        .arg("-o")
        .arg(dir.join("out.cubin"))
        .output()
        .unwrap();
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// The oldest target a corpus program needs, from a `# min-target: sm_NN`
/// line in its header (for PTX instructions older targets lack, such as
/// `match.sync`); older targets must refuse it with a clear error.
fn min_target(source: &str) -> u32 {
    source
        .lines()
        .take_while(|l| l.starts_with('#') || l.trim().is_empty())
        .find_map(|l| l.strip_prefix("# min-target: sm_"))
        .map_or(0, |sm| sm.trim().parse().expect("a number after sm_"))
}

/// Every (program, check options) pair of the accepted corpus.
fn corpus_runs() -> Vec<(PathBuf, String, CheckOptions)> {
    let mut out = Vec::new();
    for path in common::accept_corpus() {
        let source = std::fs::read_to_string(&path).unwrap();
        for options in common::options_of(&source) {
            out.push((path.clone(), source.clone(), options));
        }
    }
    out
}

#[test]
fn corpus_assembles_with_ptxas() {
    let Some(ptxas) = ptxas_or_skip() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("kernelc-ptx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    let mut assembled = 0;
    let configs = [
        (52, OptLevel::O2),
        (70, OptLevel::O2),
        (80, OptLevel::O2),
        (90, OptLevel::O2),
        (80, OptLevel::O0),
    ];
    for (k, (path, source, options)) in corpus_runs().into_iter().enumerate() {
        let min_sm = min_target(&source);
        for (sm, opt) in configs {
            // sm_90 compiles also carry launch bounds (cluster rank
            // included), so that ptxas checks the directives on every kernel.
            let launch_bounds = (sm == 90).then_some(LaunchBounds {
                max_threads: 1024,
                min_blocks_per_sm: Some(1),
                max_cluster_rank: Some(8),
            });
            let opts = CompileOptions {
                check: options.clone(),
                opt,
                target: Target::sm(sm),
                stage: Stage::Ptx,
                launch_bounds,
                ..CompileOptions::default()
            };
            let compiled = compile("k.py", &source, &opts);
            if sm < min_sm {
                let want = format!("need sm_{min_sm} or later");
                match compiled {
                    Err(e) if e.to_string().contains(&want) => continue,
                    Err(e) => failures.push(format!("{} (sm_{sm}): {e}", path.display())),
                    Ok(_) => failures.push(format!(
                        "{} (sm_{sm}): compiled, but it needs sm_{min_sm}",
                        path.display()
                    )),
                }
                break;
            }
            let ptx = match compiled {
                Ok(c) => {
                    assert!(
                        !c.checked.has_errors(),
                        "{}",
                        c.checked.render_diagnostics()
                    );
                    c.ptx.expect("PTX was produced")
                }
                Err(e) => {
                    failures.push(format!("{}: {e}", path.display()));
                    break;
                }
            };
            let file = dir.join(format!("k{k}_sm{sm}_{opt:?}.ptx"));
            std::fs::write(&file, &ptx).unwrap();
            if let Err(log) = assemble(&ptxas, &file, sm, &dir) {
                failures.push(format!(
                    "{} (sm_{sm}, {opt:?}): ptxas failed:\n{log}\n(PTX in {})",
                    path.display(),
                    file.display()
                ));
                break;
            }
            assembled += 1;
        }
    }
    eprintln!("ptxas assembled {assembled} modules");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        assembled >= 4 * 90,
        "only {assembled} modules were assembled"
    );
}

/// The IR-to-PTX file tests' snapshots (`tests/ir/ptx/*.ptx`, written for
/// sm_80 by `tests/ptx_snapshots.rs`) assemble.
#[test]
fn ir_file_test_ptx_assembles_with_ptxas() {
    let Some(ptxas) = ptxas_or_skip() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("kernelc-ir-ptx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files = common::snapshots::files("tests/ir/ptx", "ptx");
    assert!(files.len() >= 5, "only {} PTX file tests", files.len());
    let mut failures = Vec::new();
    for path in files {
        if let Err(log) = assemble(&ptxas, &path, 80, &dir) {
            failures.push(format!("{}: ptxas failed:\n{log}", path.display()));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Exported device functions (`cuda.compile_ptx(..., device=True)`): the
/// `.visible .func` wrapper of every number type and of no result, in
/// Numba's ABI and C's, assembles on every target.
#[test]
fn exported_device_functions_assemble_with_ptxas() {
    use kernelc_compiler::driver::Export;
    use kernelc_compiler::ir::ExternAbi;
    let Some(ptxas) = ptxas_or_skip() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("kernelc-export-ptx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source = "from numba import cuda\n\n\
                  @cuda.jit(device=True)\ndef first(a, b, c):\n    if c:\n        return a\n    return b\n\n\
                  @cuda.jit(device=True)\ndef nothing(a):\n    pass\n";
    let mut failures = Vec::new();
    let mut assembled = 0;
    let types = [
        "bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
        "float16", "float32", "float64",
    ];
    for (k, ty) in types.iter().enumerate() {
        for (name, sig) in [
            ("first", format!("{ty}({ty}, {ty}, bool)")),
            ("nothing", format!("({ty},)")),
        ] {
            for abi in [ExternAbi::Numba, ExternAbi::C] {
                for sm in [52, 70, 80, 90] {
                    let options = CompileOptions {
                        check: CheckOptions {
                            kernel: Some(name.into()),
                            signature: Some(sig.clone()),
                            ..Default::default()
                        },
                        target: Target::sm(sm),
                        export: Some(Export { abi, name: None }),
                        ..Default::default()
                    };
                    let c = compile("f.py", source, &options).expect("compiles");
                    assert!(
                        !c.checked.has_errors(),
                        "{}",
                        c.checked.render_diagnostics()
                    );
                    let ptx = c.ptx.expect("PTX");
                    assert!(ptx.contains(".visible .func "), "{ptx}");
                    let file = dir.join(format!("e{k}_{name}_{abi:?}_{sm}.ptx"));
                    std::fs::write(&file, &ptx).unwrap();
                    match assemble(&ptxas, &file, sm, &dir) {
                        Ok(()) => assembled += 1,
                        Err(log) => failures.push(format!("{sig} {abi:?} sm_{sm}:\n{log}")),
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(assembled, 12 * 2 * 2 * 4);
}

/// The architecture-specific target sm_90a: PTX ISA 8.0 and `.target
/// sm_90a`, which ptxas assembles for sm_90a, for corpus programs that use
/// sm_90's features (a cluster launch bound, `match.sync`, `nanosleep`,
/// line and debug information).
#[test]
fn arch_specific_target_assembles_with_ptxas() {
    let Some(ptxas) = ptxas_or_skip() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("kernelc_ptx_sm90a_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let target = Target::parse("sm_90a").unwrap();
    let mut assembled = 0;
    for path in common::accept_corpus() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !["21_", "188_", "189_"].iter().any(|p| name.starts_with(p)) {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let options = CompileOptions {
            target,
            stage: Stage::Ptx,
            launch_bounds: Some(LaunchBounds {
                max_threads: 128,
                min_blocks_per_sm: Some(2),
                max_cluster_rank: Some(4),
            }),
            ..CompileOptions::default()
        };
        let ptx = compile(&name, &source, &options).unwrap().ptx.unwrap();
        assert!(ptx.contains(".version 8.0\n.target sm_90a\n"), "{ptx}");
        let file = dir.join(name.replace(".py", ".ptx"));
        std::fs::write(&file, &ptx).unwrap();
        if let Err(log) = assemble_for(&ptxas, &file, "sm_90a", &dir) {
            panic!("{name} for sm_90a: ptxas failed:\n{log}");
        }
        assembled += 1;
    }
    assert_eq!(assembled, 3, "the three programs were found");
    let _ = std::fs::remove_dir_all(&dir);
}
