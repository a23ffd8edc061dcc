//! Whole-pipeline compile latency: source text to PTX through
//! [`kernelc_compiler::driver::compile_with`] at `-O2`, in-process, every
//! compile with the same context.
//!
//! Run with
//!
//! ```text
//! cargo bench -p kernelc-compiler --bench pipeline -- [--iters N] [--min-ms MS] [--no-fma] FILE.py...
//! ```
//!
//! (`--no-fma` compiles without the multiply-add fusion, to measure its
//! cost.)
//!
//! (without files it takes every kernel file of `tests/check/accept`).
//! For each file it compiles a few times to warm caches, then times at least
//! `--iters` compilations (default 200) and at least `--min-ms` milliseconds
//! (default 300), and prints one JSON object on stdout: per file, the median
//! wall time of the whole `driver::compile_with` call (`total_us`), the median of
//! lowering + optimisation (`lower_opt_us`, the "lowering + -O2 pipeline"
//! figure), and the median of each phase the driver reports. This is what
//! `benches/compile_speed.py` at the repository root runs.

use kernelc_compiler::driver::{compile_with, CompileContext, CompileOptions};
use kernelc_compiler::opt::OptLevel;
use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main() {
    let mut iters = 200usize;
    let mut min_ms = 300u64;
    let mut files: Vec<PathBuf> = Vec::new();
    let mut fma = true;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--iters" => iters = args.next().and_then(|v| v.parse().ok()).expect("--iters N"),
            "--min-ms" => {
                min_ms = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--min-ms MS")
            }
            "--no-fma" => fma = false,
            // cargo passes `--bench` to harness-less benchmarks.
            s if s.starts_with("--") => {}
            _ => files.push(PathBuf::from(a)),
        }
    }
    if files.is_empty() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/check/accept");
        files = std::fs::read_dir(&root)
            .expect("corpus directory")
            .map(|e| e.expect("corpus entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "py"))
            .collect();
        files.sort();
    }
    let options = CompileOptions {
        opt: OptLevel::O2,
        fma,
        ..CompileOptions::default()
    };
    let mut entries = Vec::new();
    // One context for every compile, each result given back to it, as a
    // caller compiling file after file does.
    let mut ctx = CompileContext::new();
    for path in &files {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let source = std::fs::read_to_string(path).expect("readable kernel file");
        let file_name = path.to_string_lossy().into_owned();
        // Skip (and say so) files that do not compile on their own.
        match compile_with(&mut ctx, &file_name, &source, &options) {
            Ok(c) if c.ptx.is_some() => ctx.recycle(c),
            Ok(c) => {
                eprintln!(
                    "pipeline: skipping {name}: {}",
                    c.checked.render_diagnostics()
                );
                entries.push(format!(
                    "{}: {{\"error\": \"diagnostics\"}}",
                    json_str(&name)
                ));
                continue;
            }
            Err(e) => {
                eprintln!("pipeline: skipping {name}: {e}");
                entries.push(format!(
                    "{}: {{\"error\": {}}}",
                    json_str(&name),
                    json_str(&e.0)
                ));
                continue;
            }
        }
        for _ in 0..5 {
            let c = compile_with(&mut ctx, &file_name, black_box(&source), &options);
            ctx.recycle(black_box(c).expect("compiles"));
        }
        let mut totals = Vec::new();
        let mut lower_opt = Vec::new();
        let mut phases: BTreeMap<&'static str, Vec<f64>> = BTreeMap::new();
        let start = Instant::now();
        while totals.len() < iters || start.elapsed() < Duration::from_millis(min_ms) {
            let t = Instant::now();
            let c = compile_with(&mut ctx, &file_name, black_box(&source), &options);
            let c = c.expect("compiles");
            let total = t.elapsed();
            totals.push(total.as_secs_f64() * 1e6);
            let mut lo = 0.0;
            for (phase, d) in &c.timings {
                let us = d.as_secs_f64() * 1e6;
                phases.entry(phase).or_default().push(us);
                if matches!(*phase, "lowering" | "passes") {
                    lo += us;
                }
            }
            lower_opt.push(lo);
            ctx.recycle(black_box(c));
        }
        let n = totals.len();
        let phase_json: Vec<String> = phases
            .iter_mut()
            .map(|(k, v)| format!("{}: {:.3}", json_str(k), median(v)))
            .collect();
        entries.push(format!(
            "{}: {{\"iters\": {n}, \"total_us\": {:.3}, \"lower_opt_us\": {:.3}, \"phases_us\": {{{}}}}}",
            json_str(&name),
            median(&mut totals),
            median(&mut lower_opt),
            phase_json.join(", ")
        ));
    }
    println!("{{{}}}", entries.join(",\n "));
}
