//! The raw-PTX share of the robustness corpus (`tests/robustness/ptx`):
//! hostile PTX files loaded and launched on the CPU device through the
//! runtime's API. Each file says in its leading `//` comments what must
//! happen:
//!
//! - `// expect: load-error TEXT`: `load_module` fails and its message
//!   contains TEXT;
//! - `// expect: launch-error TEXT`: the module loads, the launch fails with
//!   a message containing TEXT;
//! - `// expect: ok`: it loads and runs;
//! - `// out: u32 A B C ...` (with `ok`): the first words of the buffer
//!   passed for the kernel's first parameter after the launch;
//! - `// launch: GRID BLOCK` (default `1 32`), `// check: on` (the device's
//!   checking), `// step-limit: N` (default 1,000,000 warp-instructions per
//!   block: an endless loop must end in the limit, never hang the test).
//!
//! The kernel is always `k`. Each 8-byte parameter gets a 256-byte zeroed
//! buffer of its own, other parameters zero bytes. Every case runs on a
//! thread with a 256 KiB stack (a recursive walk of hostile input must be a
//! located error, not a stack overflow) and must finish within 20 s.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use kernelc_runtime::{CpuDevice, CpuOptions, LaunchConfig, PrintfSink};

const STACK: usize = 256 * 1024;
const OUT_BYTES: usize = 256;

#[derive(Debug, PartialEq)]
enum Expect {
    LoadError(String),
    LaunchError(String),
    Ok,
}

#[derive(Debug)]
struct Case {
    expect: Expect,
    out: Option<Vec<u32>>,
    grid: u32,
    block: u32,
    check: bool,
    step_limit: u64,
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/robustness/ptx")
}

fn parse_case(name: &str, text: &str) -> Case {
    let mut case = Case {
        expect: Expect::Ok,
        out: None,
        grid: 1,
        block: 32,
        check: false,
        step_limit: 1_000_000,
    };
    let mut said = false;
    for line in text.lines() {
        let Some(c) = line.strip_prefix("// ") else {
            break;
        };
        let (key, value) = c.split_once(':').unwrap_or((c, ""));
        let value = value.trim();
        match key {
            "expect" => {
                said = true;
                let (what, text) = value.split_once(' ').unwrap_or((value, ""));
                case.expect = match what {
                    "ok" => Expect::Ok,
                    "load-error" => Expect::LoadError(text.to_string()),
                    "launch-error" => Expect::LaunchError(text.to_string()),
                    other => panic!("{name}: unknown expectation `{other}`"),
                };
            }
            "out" => {
                let words: Vec<&str> = value.split_whitespace().collect();
                assert_eq!(words.first(), Some(&"u32"), "{name}: `out: u32 ...`");
                case.out = Some(words[1..].iter().map(|w| w.parse().unwrap()).collect());
            }
            "launch" => {
                let v: Vec<u32> = value
                    .split_whitespace()
                    .map(|w| w.parse().unwrap())
                    .collect();
                [case.grid, case.block] = [v[0], v[1]];
            }
            "check" => case.check = value == "on",
            "step-limit" => case.step_limit = value.parse().unwrap(),
            _ => {}
        }
    }
    assert!(said, "{name}: no `// expect:` line");
    if let Expect::LoadError(t) | Expect::LaunchError(t) = &case.expect {
        assert!(!t.is_empty(), "{name}: an error expectation needs its text");
    }
    case
}

/// Loads and launches one file; the outcome as text, for the report.
fn run_case(case: &Case, text: &str) -> Result<(), String> {
    let device = CpuDevice::new(CpuOptions {
        workers: 2,
        check: case.check,
        step_limit: case.step_limit,
        printf: PrintfSink::Capture(Default::default()),
    });
    let module = match device.load_module(text) {
        Ok(m) => m,
        Err(e) => {
            return match &case.expect {
                Expect::LoadError(want) if e.to_string().contains(want.as_str()) => Ok(()),
                _ => Err(format!("load failed: {e}")),
            };
        }
    };
    if let Expect::LoadError(want) = &case.expect {
        return Err(format!(
            "loaded, but a load error with `{want}` was expected"
        ));
    }
    // No kernel `k`: launch without parameters, for the device's message.
    let decls = module.kernel_params("k").unwrap_or_default();
    let mut buffers = Vec::new();
    let mut params = Vec::new();
    for d in &decls {
        if d.size == 8 {
            let p = device.alloc(OUT_BYTES).map_err(|e| e.to_string())?;
            device.memset(p, 0, OUT_BYTES).map_err(|e| e.to_string())?;
            buffers.push(p);
            params.push(p.0.to_le_bytes().to_vec());
        } else {
            params.push(vec![0; d.size]);
        }
    }
    let refs: Vec<&[u8]> = params.iter().map(Vec::as_slice).collect();
    let config = LaunchConfig::linear(case.grid, case.block);
    match (device.launch(&module, "k", &config, &refs), &case.expect) {
        (Err(e), Expect::LaunchError(want)) if e.to_string().contains(want.as_str()) => Ok(()),
        (Err(e), _) => Err(format!("launch failed: {e}")),
        (Ok(_), Expect::LaunchError(want)) => Err(format!(
            "launched, but a launch error with `{want}` was expected"
        )),
        (Ok(_), _) => {
            let Some(want) = &case.out else {
                return Ok(());
            };
            let first = buffers.first().ok_or("`out:` needs a pointer parameter")?;
            let mut bytes = vec![0u8; OUT_BYTES];
            device
                .copy_from_device(&mut bytes, *first)
                .map_err(|e| e.to_string())?;
            let got: Vec<u32> = bytes
                .chunks(4)
                .take(want.len())
                .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                .collect();
            if &got == want {
                Ok(())
            } else {
                Err(format!("wrong result: got {got:?}, want {want:?}"))
            }
        }
    }
}

#[test]
fn hostile_ptx_files_are_located_errors_or_defined_results() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/robustness/ptx")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ptx"))
        .collect();
    files.sort();
    assert!(files.len() >= 40, "only {} PTX cases", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let case = parse_case(&name, &text);
        let (tx, rx) = mpsc::channel();
        let start = Instant::now();
        let worker = std::thread::Builder::new()
            .name(name.clone())
            .stack_size(STACK)
            .spawn(move || {
                let r = run_case(&case, &text);
                let _ = tx.send(r);
            })
            .unwrap();
        match rx.recv_timeout(Duration::from_secs(20)) {
            Ok(Ok(())) => {
                worker.join().unwrap();
                eprintln!("ok    {name} ({:?})", start.elapsed());
            }
            Ok(Err(e)) => {
                worker.join().unwrap();
                failures.push(format!("{name}: {e}"));
            }
            // A panic drops the sender: the thread died.
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let e = worker.join().unwrap_err();
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failures.push(format!("{name}: PANIC {msg}"));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                // The thread cannot be stopped; report and leave it.
                failures.push(format!("{name}: HANG (no outcome in 20 s)"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
