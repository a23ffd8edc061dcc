//! How compile time grows with the size of a kernel: generated kernels of
//! several shapes, each at 1x, 2x, 4x and 8x a base size, compiled to PTX
//! at `-O2` through [`kernelc_compiler::driver::compile`], in-process.
//!
//! Run with
//!
//! ```text
//! cargo bench -p kernelc-compiler --bench scaling -- [--base-kb KB] [--reps N] [--write DIR] [SHAPE...]
//! ```
//!
//! (defaults: 256 KB, so the 8x kernels are 2 MB of source; 3 timed
//! compiles, each in a process of its own, the shortest kept). For each shape it
//! prints the source size, the compile time and the time per KB at each
//! size, and the growth exponent: the slope of log(time) against log(size)
//! from 1x to 8x (1.0 is linear). A shape whose exponent is above
//! [`MAX_EXPONENT`] is flagged and the bench exits with status 1.
//!
//! `--write DIR` also saves each generated kernel as `DIR/SHAPE_Nx.py`, to
//! profile one with `kernelc compile --timings`, or to count the
//! instructions a compile executes (`valgrind --tool=callgrind`), which
//! tells a superlinear algorithm from a wall time that grows faster than
//! the work because a larger IR no longer fits the caches.

use kernelc_compiler::driver::{compile, CompileOptions};
use std::hint::black_box;
use std::time::Instant;

/// The largest growth exponent accepted.
const MAX_EXPONENT: f64 = 1.2;

/// The size multipliers.
const SCALES: [usize; 4] = [1, 2, 4, 8];

/// A kernel over `a` (float32) with a body of `n` units of one shape.
struct Shape {
    name: &'static str,
    /// The whole source for `n` units.
    source: fn(n: usize) -> String,
}

const HEAD: &str = "from numba import cuda\n\n@cuda.jit('void(float32[:])')\ndef k(a):\n";

/// Independent statements on distinct elements and locals.
fn straight_line(n: usize) -> String {
    let mut s = String::from(HEAD);
    for i in 0..n {
        s += &format!(
            "    x{i} = a[{}] * 1.5 + {}.0\n    a[{}] = x{i}\n",
            i % 61,
            i % 17,
            i % 59
        );
    }
    s
}

/// The issue's shape: one element loaded, updated and stored again.
fn same_element(n: usize) -> String {
    let mut s = String::from(HEAD);
    for _ in 0..n {
        s += "    a[0] = a[0] * 1.0001 + 0.5\n";
    }
    s
}

/// A chain of locals, each computed from the one before.
fn many_locals(n: usize) -> String {
    let mut s = format!("{HEAD}    v0 = a[0]\n");
    for i in 1..=n {
        s += &format!("    v{i} = v{} * 1.01 + a[{}]\n", i - 1, i % 8);
    }
    s + &format!("    a[1] = v{n}\n")
}

/// Blocks nested eight deep, one such nest after another.
fn deep_nesting(n: usize) -> String {
    let mut s = String::from(HEAD);
    for i in 0..n / 8 {
        for d in 0..8 {
            s += &"    ".repeat(d + 1);
            s += &format!("if a[{}] > {}.0:\n", (i + d) % 13, d);
        }
        s += &"    ".repeat(9);
        s += &format!("a[{}] += 1.0\n", i % 11);
    }
    s
}

/// Loops one after another, each with a small body.
fn many_loops(n: usize) -> String {
    let mut s = String::from(HEAD);
    for i in 0..n / 3 {
        s += &format!(
            "    for j in range({}):\n        a[j] = a[j] * 0.5 + {}.0\n",
            i % 7 + 1,
            i % 5
        );
    }
    s
}

/// One loop with a long body: loads, loop-invariant arithmetic (which
/// LICM hoists) and branches.
fn long_loop(n: usize) -> String {
    let mut s = String::from(
        "from numba import cuda\n\n@cuda.jit('void(float32[:], float32)')\ndef k(a, t):\n    s = a[0]\n    for j in range(a.size - 64):\n",
    );
    for i in 0..n / 2 {
        s += &format!(
            "        x{i} = a[j + {}] * (t * {}.5 + s)\n        if x{i} > {}.0:\n            a[j] = x{i}\n",
            i % 61,
            i % 13,
            i % 7
        );
    }
    s
}

/// Loop nests three deep, one after another.
fn nested_loops(n: usize) -> String {
    let mut s = String::from(HEAD);
    for i in 0..n / 4 {
        s += &format!(
            "    for j in range({}):\n        for k in range(j):\n            for m in range(k):\n                a[m] = a[m] * 0.5 + {}.0\n",
            i % 5 + 1,
            i % 3
        );
    }
    s
}

/// Device functions, each called once from the kernel.
fn device_functions(n: usize) -> String {
    let mut s = String::from("from numba import cuda\n\n");
    let m = n / 4;
    for i in 0..m {
        s += &format!("@cuda.jit(device=True)\ndef d{i}(x):\n    return x * {i}.5 + 1.0\n\n");
    }
    s += "@cuda.jit('void(float32[:])')\ndef k(a):\n";
    for i in 0..m {
        s += &format!("    a[{}] = d{i}(a[{}])\n", i % 31, i % 29);
    }
    s
}

const SHAPES: &[Shape] = &[
    Shape {
        name: "straight_line",
        source: straight_line,
    },
    Shape {
        name: "same_element",
        source: same_element,
    },
    Shape {
        name: "many_locals",
        source: many_locals,
    },
    Shape {
        name: "deep_nesting",
        source: deep_nesting,
    },
    Shape {
        name: "many_loops",
        source: many_loops,
    },
    Shape {
        name: "long_loop",
        source: long_loop,
    },
    Shape {
        name: "nested_loops",
        source: nested_loops,
    },
    Shape {
        name: "device_functions",
        source: device_functions,
    },
];

/// The number of units that makes about `kb` KB of source.
fn units_for(shape: &Shape, kb: usize) -> usize {
    let per_unit = (shape.source)(64).len() as f64 / 64.0;
    ((kb * 1024) as f64 / per_unit).ceil() as usize
}

/// The shortest of `reps` compile times of each of `sources`, in seconds,
/// each compile in a process of its own (this bench run again with
/// `--time-one FILE`). The repetitions take turns: one compile of each
/// source, then the next round, so a burst of load from the rest of the
/// machine slows one compile of several sizes rather than every compile
/// of one size (which would bend the growth exponent).
///
/// A fresh process compiles each kernel as `kernelc compile` does. Timed
/// in one process, the compiles would not be alike across sizes: the
/// allocator reuses the memory of earlier compiles below a size and maps
/// fresh pages above it, and the compiler keeps its buffers for small
/// functions only, which favours the small kernels. The shortest time is
/// the one least disturbed by the rest of the machine.
fn times(sources: &[String], reps: usize) -> Vec<f64> {
    let dir = std::env::temp_dir();
    let paths: Vec<_> = (0..sources.len())
        .map(|k| dir.join(format!("kernelc-scaling-{}-{k}.py", std::process::id())))
        .collect();
    for (path, source) in paths.iter().zip(sources) {
        std::fs::write(path, source).expect("writes the kernel");
    }
    let exe = std::env::current_exe().expect("the bench's own path");
    let mut best = vec![f64::INFINITY; sources.len()];
    for _ in 0..reps {
        for (path, best) in paths.iter().zip(&mut best) {
            let out = std::process::Command::new(&exe)
                .arg("--time-one")
                .arg(path)
                .output()
                .expect("runs the bench again");
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let t = String::from_utf8_lossy(&out.stdout)
                .trim()
                .parse::<f64>()
                .expect("a time in seconds");
            *best = best.min(t);
        }
    }
    for path in &paths {
        let _ = std::fs::remove_file(path);
    }
    best
}

/// Compiles the kernel in `path` once and prints the seconds it took (the
/// child side of [`time`]).
fn time_one(path: &str) {
    let source = std::fs::read_to_string(path).expect("reads the kernel");
    let options = CompileOptions::default();
    let t = Instant::now();
    let c = compile("scaling.py", black_box(&source), &options).expect("compiles");
    let elapsed = t.elapsed().as_secs_f64();
    assert!(
        !c.checked.has_errors(),
        "{}",
        c.checked.render_diagnostics()
    );
    black_box(c.ptx);
    println!("{elapsed}");
}

/// The least-squares slope of log(time) against log(size).
fn exponent(points: &[(f64, f64)]) -> f64 {
    let logs: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (x.ln(), y.ln())).collect();
    let n = logs.len() as f64;
    let mx = logs.iter().map(|p| p.0).sum::<f64>() / n;
    let my = logs.iter().map(|p| p.1).sum::<f64>() / n;
    let sxy: f64 = logs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let sxx: f64 = logs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    sxy / sxx
}

fn main() {
    let mut base_kb = 256usize;
    let mut reps = 3usize;
    let mut only: Vec<String> = Vec::new();
    let mut write_dir: Option<std::path::PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--base-kb" => {
                base_kb = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--base-kb KB")
            }
            "--write" => write_dir = Some(args.next().expect("--write DIR").into()),
            "--time-one" => return time_one(&args.next().expect("--time-one FILE")),
            "--reps" => reps = args.next().and_then(|v| v.parse().ok()).expect("--reps N"),
            // `cargo bench` passes this to every bench target.
            "--bench" => {}
            s => only.push(s.to_string()),
        }
    }
    println!("| shape | KB at 1x/2x/4x/8x | ms at 1x/2x/4x/8x | us/KB at 8x | exponent |");
    println!("|---|---|---|---|---|");
    let mut too_steep = Vec::new();
    for shape in SHAPES
        .iter()
        .filter(|s| only.is_empty() || only.iter().any(|o| o == s.name))
    {
        let units = units_for(shape, base_kb);
        let sources: Vec<String> = SCALES.iter().map(|&x| (shape.source)(units * x)).collect();
        if let Some(dir) = &write_dir {
            std::fs::create_dir_all(dir).expect("creates the --write folder");
            for (scale, source) in SCALES.iter().zip(&sources) {
                let path = dir.join(format!("{}_{scale}x.py", shape.name));
                std::fs::write(&path, source).expect("writes the kernel");
            }
        }
        let points: Vec<(f64, f64)> = (sources.iter().map(|s| s.len() as f64 / 1024.0))
            .zip(times(&sources, reps))
            .collect();
        let e = exponent(&points);
        let (kb8, t8) = points[points.len() - 1];
        let list = |f: &dyn Fn(&(f64, f64)) -> String| -> String {
            points.iter().map(f).collect::<Vec<_>>().join(" / ")
        };
        println!(
            "| {} | {} | {} | {:.1} | {:.2}{} |",
            shape.name,
            list(&|p| format!("{:.0}", p.0)),
            list(&|p| format!("{:.1}", p.1 * 1e3)),
            t8 * 1e6 / kb8,
            e,
            if e > MAX_EXPONENT { " (too steep)" } else { "" }
        );
        if e > MAX_EXPONENT {
            too_steep.push(shape.name);
        }
    }
    if !too_steep.is_empty() {
        eprintln!(
            "growth exponent above {MAX_EXPONENT}: {}",
            too_steep.join(", ")
        );
        std::process::exit(1);
    }
}
