//! The `kernelc run` share of the robustness corpus: hostile command lines
//! and input files (malformed, truncated, oversized, mistyped `.npy` files,
//! files that are not regular files, bad scalars, wrong argument counts,
//! impossible launches, a bad `--out`, garbage PTX). Each case gives the
//! exit status and a piece of the message (or of the output) it must
//! produce; every run must end within 30 s, not die of a signal, and not
//! panic. The kernels and PTX files are in `tests/robustness/run`; the
//! `.npy` files are written here, byte by byte.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One hostile run: `kernelc run ARGS` (`{r}` is `tests/robustness/run`,
/// `{d}` the scratch directory holding the `.npy` files), the exit status
/// it must end with, and a text its output (stderr or stdout) must contain.
struct Case {
    name: &'static str,
    args: &'static [&'static str],
    code: i32,
    text: &'static str,
}

const L: &[&str] = &["--device", "cpu", "--grid", "1", "--block", "4"];

macro_rules! case {
    ($name:literal, [$($a:literal),*], $code:literal, $text:literal) => {
        Case { name: $name, args: &[$($a),*], code: $code, text: $text }
    };
}

/// The cases, each run with the launch `L` (less the options it sets).
#[rustfmt::skip]
const CASES: &[Case] = &[
    // The reference runs: the inputs and kernels are right.
    case!("good_run", ["{r}/scale.py", "{d}/a.npy", "f32:2", "{d}/out.npy", "--out", "{d}/o"], 0, "[2, 4, 6, 8]"),
    case!("good_ptx", ["{r}/one_param.ptx", "{d}/u32x4.npy", "--out", "{d}/o"], 0, "[0, 1, 2, 3]"),
    // .npy files that cannot be read.
    case!("npy_missing", ["{r}/scale.py", "{d}/missing.npy", "f32:2", "{d}/out.npy"], 1, "missing.npy"),
    case!("npy_zero_length", ["{r}/scale.py", "{d}/empty.npy", "f32:2", "{d}/out.npy"], 1, "empty.npy"),
    case!("npy_bad_magic", ["{r}/scale.py", "{d}/bad_magic.npy", "f32:2", "{d}/out.npy"], 1, "bad_magic.npy"),
    case!("npy_truncated_header", ["{r}/scale.py", "{d}/trunc_header.npy", "f32:2", "{d}/out.npy"], 1, "trunc_header.npy"),
    case!("npy_truncated_data", ["{r}/scale.py", "{d}/trunc_data.npy", "f32:2", "{d}/out.npy"], 1, "trunc_data.npy' is truncated"),
    case!("npy_header_not_a_dict", ["{r}/scale.py", "{d}/not_dict.npy", "f32:2", "{d}/out.npy"], 1, "not_dict.npy"),
    case!("npy_unknown_dtype", ["{r}/scale.py", "{d}/clongdouble.npy", "f32:2", "{d}/out.npy"], 1, "clongdouble.npy"),
    case!("npy_complex_into_a_float_kernel", ["{r}/scale.py", "{d}/complex.npy", "f32:2", "{d}/out.npy"], 1, "cannot store a complex64 value into an array element of type float32"),
    case!("npy_object_dtype", ["{r}/scale.py", "{d}/object.npy", "f32:2", "{d}/out.npy"], 1, "object.npy"),
    case!("npy_negative_shape", ["{r}/scale.py", "{d}/negative.npy", "f32:2", "{d}/out.npy"], 1, "negative.npy"),
    case!("npy_overflowing_shape", ["{r}/scale.py", "{d}/huge.npy", "f32:2", "{d}/out.npy"], 1, "huge.npy"),
    case!("npy_is_a_directory", ["{r}/scale.py", "{d}/dir.npy", "f32:2", "{d}/out.npy"], 1, "dir.npy"),
    case!("npy_is_dev_zero", ["{r}/scale.py", "{d}/zero.npy", "f32:2", "{d}/out.npy"], 1, "zero.npy"),
    case!("npy_is_a_fifo", ["{r}/scale.py", "{d}/fifo.npy", "f32:2", "{d}/out.npy"], 1, "fifo.npy"),
    // .npy files that read but do not fit the kernel, or are odd but fine.
    case!("npy_nine_dimensions", ["{r}/scale.py", "{d}/nine_d.npy", "f32:2", "{d}/out.npy"], 1, "nine_d.npy' holds a 9-dimensional array; kernel arguments have 0 to 8 dimensions"),
    case!("npy_zero_dimensions", ["{r}/scale.py", "{d}/zero_d.npy", "f32:2", "{d}/out.npy"], 1, "too many indices for a 0-D array: 1 given"),
    case!("npy_wrong_dtype", ["{r}/typed.py", "--kernel", "typed", "{d}/i32x4.npy", "f32:2", "{d}/out.npy"], 1, "got int32 array"),
    case!("npy_wrong_ndim", ["{r}/typed.py", "--kernel", "typed", "{d}/a2d.npy", "f32:2", "{d}/out.npy"], 1, "got float32 array of shape (2, 2)"),
    case!("npy_zero_elements", ["{r}/scale.py", "{d}/a0.npy", "f32:2", "{d}/out0.npy", "--out", "{d}/o"], 0, "float32[0] = []"),
    // Bytes after the data are not part of the array (NumPy ignores them too).
    case!("npy_extra_bytes_ignored", ["{r}/scale.py", "{d}/extra.npy", "f32:2", "{d}/out.npy"], 0, "[2, 4, 6, 8]"),
    // Scalars.
    case!("scalar_i32_overflow", ["{r}/scale.py", "{d}/a.npy", "i32:99999999999", "{d}/out.npy"], 2, "i32:99999999999"),
    case!("scalar_u8_negative", ["{r}/scale.py", "{d}/a.npy", "u8:-1", "{d}/out.npy"], 2, "u8:-1"),
    case!("scalar_bool_maybe", ["{r}/scale.py", "{d}/a.npy", "bool:maybe", "{d}/out.npy"], 2, "bool:maybe"),
    case!("scalar_unknown_type", ["{r}/scale.py", "{d}/a.npy", "q7:1", "{d}/out.npy"], 2, "unknown type"),
    case!("scalar_no_value", ["{r}/scale.py", "{d}/a.npy", "f32:", "{d}/out.npy"], 2, "f32:"),
    case!("scalar_no_type", ["{r}/scale.py", "{d}/a.npy", "2.0", "{d}/out.npy"], 2, "'2.0'"),
    case!("scalar_f32_nan", ["{r}/scale.py", "{d}/a.npy", "f32:nan", "{d}/out.npy", "--out", "{d}/o"], 0, "[NaN, NaN, NaN, NaN]"),
    // Argument counts and names.
    case!("too_few_arguments", ["{r}/typed.py", "--kernel", "typed", "{d}/a.npy", "f32:2"], 1, "argument"),
    case!("too_many_arguments", ["{r}/typed.py", "--kernel", "typed", "{d}/a.npy", "f32:2", "{d}/out.npy", "i32:1"], 1, "argument"),
    case!("no_such_kernel", ["{r}/typed.py", "--kernel", "nope", "{d}/a.npy"], 1, "nope"),
    case!("several_kernels_no_choice", ["{r}/typed.py", "{d}/a.npy"], 2, "choose one with --kernel"),
    case!("ptx_wrong_argument_count", ["{r}/one_param.ptx", "{d}/u32x4.npy", "i32:1"], 1, "param"),
    case!("ptx_no_such_kernel", ["{r}/one_param.ptx", "--kernel", "nope", "{d}/u32x4.npy"], 1, "nope"),
    // Launch shapes.
    case!("grid_zero", ["{r}/scale.py", "{d}/a.npy", "f32:2", "{d}/out.npy", "--grid", "0"], 2, "--grid"),
    case!("grid_too_wide", ["{r}/scale.py", "{d}/a.npy", "f32:2", "{d}/out.npy", "--grid", "4294967296"], 2, "--grid"),
    case!("grid_over_device_limit", ["{r}/scale.py", "{d}/a.npy", "f32:2", "{d}/out.npy", "--grid", "1,65536"], 1, "grid"),
    case!("block_too_large", ["{r}/scale.py", "{d}/a.npy", "f32:2", "{d}/out.npy", "--block", "2048"], 1, "block"),
    case!("block_too_many_threads", ["{r}/scale.py", "{d}/a.npy", "f32:2", "{d}/out.npy", "--block", "64,64"], 1, "block"),
    case!("block_four_dims", ["{r}/scale.py", "{d}/a.npy", "f32:2", "{d}/out.npy", "--block", "1,1,1,1"], 2, "--block"),
    case!("shared_too_large", ["{r}/scale.py", "{d}/a.npy", "f32:2", "{d}/out.npy", "--shared", "4294967295"], 1, "shared"),
    case!("shared_negative", ["{r}/scale.py", "{d}/a.npy", "f32:2", "{d}/out.npy", "--shared", "-1"], 2, "'-1'"),
    // --out.
    case!("out_is_a_file", ["{r}/scale.py", "{d}/a.npy", "f32:2", "{d}/out.npy", "--out", "{d}/a.npy"], 1, "not a directory"),
    case!("out_below_a_file", ["{r}/scale.py", "{d}/a.npy", "f32:2", "{d}/out.npy", "--out", "{d}/a.npy/sub"], 1, "--out"),
    // Source and PTX files.
    case!("source_missing", ["{r}/missing.py", "{d}/a.npy"], 1, "missing.py"),
    case!("source_is_a_directory", ["{d}/dir.py", "{d}/a.npy"], 1, "dir.py"),
    case!("source_not_utf8", ["{r}/latin1.py", "{d}/a.npy"], 1, "UTF-8"),
    case!("ptx_garbage", ["{r}/garbage.ptx"], 1, "line"),
    case!("ptx_no_entry", ["{r}/no_entry.ptx"], 1, "no .entry"),
    case!("bad_signature", ["{r}/scale.py", "--sig", "void(float32[:]", "{d}/a.npy", "f32:2", "{d}/out.npy"], 1, "signature"),
    case!("const_missing_file", ["{r}/scale.py", "{d}/a.npy", "f32:2", "{d}/out.npy", "--const", "W={d}/missing.npy"], 1, "missing.npy"),
];

/// A little-endian `.npy` file (version 1.0) with the given header dict
/// text and data bytes.
fn npy_bytes(dict: &str, data: &[u8]) -> Vec<u8> {
    let mut header = dict.to_string();
    let pad = (64 - (10 + header.len() + 1) % 64) % 64;
    header.push_str(&" ".repeat(pad));
    header.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(data);
    out
}

fn dict(descr: &str, shape: &str) -> String {
    format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}")
}

fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Writes the scratch directory's inputs.
fn fixtures(d: &Path) {
    let w = |name: &str, bytes: Vec<u8>| std::fs::write(d.join(name), bytes).unwrap();
    let a = f32s(&[1.0, 2.0, 3.0, 4.0]);
    w("a.npy", npy_bytes(&dict("<f4", "(4,)"), &a));
    w("out.npy", npy_bytes(&dict("<f4", "(4,)"), &[0; 16]));
    w("u32x4.npy", npy_bytes(&dict("<u4", "(4,)"), &[0; 16]));
    w("i32x4.npy", npy_bytes(&dict("<i4", "(4,)"), &[0; 16]));
    w("a2d.npy", npy_bytes(&dict("<f4", "(2, 2)"), &a));
    w("a0.npy", npy_bytes(&dict("<f4", "(0,)"), &[]));
    w("out0.npy", npy_bytes(&dict("<f4", "(0,)"), &[]));
    w("empty.npy", Vec::new());
    w("bad_magic.npy", b"\x93NUMPX\x01\x00\x10\x00{}".to_vec());
    let mut trunc = npy_bytes(&dict("<f4", "(4,)"), &a);
    trunc.truncate(20);
    w("trunc_header.npy", trunc);
    w("trunc_data.npy", npy_bytes(&dict("<f4", "(4,)"), &a[..6]));
    let mut extra = a.clone();
    extra.extend_from_slice(&[0xAB; 8]);
    w("extra.npy", npy_bytes(&dict("<f4", "(4,)"), &extra));
    w("not_dict.npy", npy_bytes("['descr', '<f4']", &a));
    w("complex.npy", npy_bytes(&dict("<c8", "(2,)"), &a));
    w("clongdouble.npy", npy_bytes(&dict("<c32", "(2,)"), &a));
    w("object.npy", npy_bytes(&dict("|O", "(2,)"), &a));
    w("negative.npy", npy_bytes(&dict("<f4", "(-4,)"), &a));
    w(
        "huge.npy",
        npy_bytes(&dict("<f4", "(4611686018427387904,)"), &a),
    );
    w("zero_d.npy", npy_bytes(&dict("<f4", "()"), &a[..4]));
    w(
        "nine_d.npy",
        npy_bytes(&dict("<f4", "(1, 1, 1, 1, 1, 1, 1, 2, 2)"), &a),
    );
    std::fs::create_dir(d.join("dir.npy")).unwrap();
    std::fs::create_dir(d.join("dir.py")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", d.join("zero.npy")).unwrap();
    let fifo = Command::new("mkfifo")
        .arg(d.join("fifo.npy"))
        .status()
        .expect("mkfifo runs");
    assert!(fifo.success());
}

/// Runs `kernelc run` with `args`, killing it after `limit`: its exit code
/// (None: killed by a signal, or by us), stdout and stderr.
fn run_kernelc(args: &[String], limit: Duration) -> (Option<i32>, String, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kernelc"))
        .arg("run")
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kernelc starts");
    let start = Instant::now();
    let mut hung = false;
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > limit {
            hung = true;
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = child.wait_with_output().expect("kernelc's output");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        out.status.code(),
        text(&out.stdout),
        text(&out.stderr),
        hung,
    )
}

#[test]
fn hostile_runs_fail_cleanly_with_the_right_status_and_message() {
    let scratch = tempfile::tempdir().unwrap();
    let d = scratch.path();
    fixtures(d);
    let r: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/robustness/run");
    assert!(CASES.len() >= 30, "only {} cases", CASES.len());
    let mut failures = Vec::new();
    for case in CASES {
        // The default launch, less what the case sets itself.
        let mut args: Vec<String> = Vec::new();
        for pair in L.chunks(2) {
            if !case.args.contains(&pair[0]) {
                args.extend(pair.iter().map(|s| s.to_string()));
            }
        }
        args.extend(case.args.iter().map(|a| {
            a.replace("{r}", r.to_str().unwrap())
                .replace("{d}", d.to_str().unwrap())
        }));
        let (code, stdout, stderr, hung) = run_kernelc(&args, Duration::from_secs(30));
        let name = case.name;
        let first = stderr.lines().next().unwrap_or("");
        eprintln!("{name}: exit {code:?}: {first}");
        let shown = format!("\n  args: {args:?}\n  stdout: {stdout}\n  stderr: {stderr}");
        if hung {
            failures.push(format!("{name}: HANG{shown}"));
        } else if code.is_none() {
            failures.push(format!("{name}: killed by a signal{shown}"));
        } else if stderr.contains("panicked") || stderr.contains("RUST_BACKTRACE") {
            failures.push(format!("{name}: PANIC{shown}"));
        } else if code != Some(case.code) {
            failures.push(format!(
                "{name}: exit {code:?}, expected {}{shown}",
                case.code
            ));
        } else {
            // kernelc prints results and errors alike on stderr.
            if !stderr.contains(case.text) && !stdout.contains(case.text) {
                failures.push(format!("{name}: no `{}` in the output{shown}", case.text));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A huge `--workers` on a large grid under a 1 GB address-space limit: a
/// launch started a thread per block (4000 thread stacks, 8 GB) and
/// panicked with "failed to spawn thread". It now starts at most 256, and
/// a thread the system refuses is one worker fewer.
#[test]
fn a_huge_worker_count_is_not_a_panic() {
    let scratch = tempfile::tempdir().unwrap();
    let d = scratch.path();
    fixtures(d);
    let r = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/robustness/run");
    let script = format!(
        "ulimit -v 1000000 && exec '{}' run --device cpu --grid 4000 --block 32 --workers 4000 \
         '{}' '{}' f32:2 '{}'",
        env!("CARGO_BIN_EXE_kernelc"),
        r.join("scale.py").display(),
        d.join("a.npy").display(),
        d.join("out.npy").display()
    );
    let out = Command::new("bash")
        .args(["-c", &script])
        .output()
        .expect("bash runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("[2, 4, 6, 8]"), "{stderr}");
}
