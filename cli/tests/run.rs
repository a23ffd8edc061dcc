//! End-to-end tests of `kernelc run` and `kernelc devices` on the CPU
//! device: arrays in and out as `.npy` files, typed scalars, lazy
//! specialisation, raw PTX files, and the errors a user meets.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kernelc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kernelc"))
        .args(args)
        .output()
        .expect("kernelc runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A 1-D little-endian `.npy` file (version 1.0).
fn write_npy(path: &Path, descr: &str, n: usize, data: &[u8]) {
    let mut header = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': ({n},), }}");
    let pad = (64 - (10 + header.len() + 1) % 64) % 64;
    header.push_str(&" ".repeat(pad));
    header.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(data);
    std::fs::write(path, out).unwrap();
}

/// The data of a `.npy` file written by kernelc (its last `len` bytes).
fn npy_tail(path: &Path, len: usize) -> Vec<u8> {
    let bytes = std::fs::read(path).unwrap();
    bytes[bytes.len() - len..].to_vec()
}

fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `kernelc run SRC --kernel scale` on the CPU device (one block of 32),
/// then `args`.
fn run_scale_with(src: &Path, args: &[&str]) -> Output {
    let mut all = vec![
        "run",
        s(src),
        "--kernel",
        "scale",
        "--device",
        "cpu",
        "--grid",
        "1",
        "--block",
        "32",
    ];
    all.extend_from_slice(args);
    kernelc(&all)
}

/// [`run_scale_with`] `DIR/a.npy`, the scalar `factor` and `DIR/o.npy`,
/// saving the written arrays in `DIR/out`.
fn run_scale(d: &Dir, src: &Path, factor: &str) -> Output {
    run_scale_with(
        src,
        &[
            s(&d.path("a.npy")),
            factor,
            s(&d.path("o.npy")),
            "--out",
            s(&d.path("out")),
        ],
    )
}

struct Dir(tempfile::TempDir);

impl Dir {
    fn new() -> Dir {
        Dir(tempfile::tempdir().unwrap())
    }
    fn path(&self, name: &str) -> PathBuf {
        self.0.path().join(name)
    }
}

const SCALE: &str = "from numba import cuda

@cuda.jit
def scale(a, k, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * k
";

#[test]
fn runs_the_example_and_saves_the_written_array() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let d = Dir::new();
    let out = kernelc(&[
        "run",
        s(&root.join("examples/vector_add.py")),
        "--kernel",
        "vector_add",
        "--device",
        "cpu",
        "--grid",
        "4",
        "--block",
        "256",
        s(&root.join("examples/a.npy")),
        s(&root.join("examples/b.npy")),
        s(&root.join("examples/c.npy")),
        "--out",
        s(&d.path("out")),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("c (argument 2): float32[1000] = [0, 3, 6, ..., 2994, 2997]"),
        "{err}"
    );
    // Only the written array is saved, with c[i] = 3 i.
    assert!(!d.path("out/0.npy").exists() && !d.path("out/1.npy").exists());
    let c = npy_tail(&d.path("out/2.npy"), 4000);
    let want: Vec<f32> = (0..1000).map(|i| 3.0 * i as f32).collect();
    assert_eq!(c, f32s(&want));
}

#[test]
fn specialises_an_unsigned_kernel_on_its_arguments() {
    let d = Dir::new();
    let src = d.path("scale.py");
    std::fs::write(&src, SCALE).unwrap();
    write_npy(
        &d.path("a.npy"),
        "<f4",
        5,
        &f32s(&[1.0, 2.0, 3.0, 4.0, 5.0]),
    );
    write_npy(&d.path("o.npy"), "<f4", 5, &[0; 20]);
    let out = run_scale(&d, &src, "f32:0.5");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let o = npy_tail(&d.path("out/2.npy"), 20);
    assert_eq!(o, f32s(&[0.5, 1.0, 1.5, 2.0, 2.5]));
}

#[test]
fn runs_a_ptx_file_with_pointer_arguments() {
    let d = Dir::new();
    let ptx = d.path("twice.ptx");
    std::fs::write(
        &ptx,
        ".version 7.0\n.target sm_80\n.address_size 64\n\
         .visible .entry twice(.param .u64 p, .param .u32 n)\n{\n\
         .reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n.reg .pred %p<2>;\n\
         ld.param.u64 %rd0, [p];\nld.param.u32 %r3, [n];\nmov.u32 %r0, %tid.x;\n\
         setp.ge.u32 %p1, %r0, %r3;\n@%p1 bra DONE;\n\
         mul.wide.u32 %rd1, %r0, 4;\nadd.s64 %rd2, %rd0, %rd1;\n\
         ld.global.u32 %r1, [%rd2];\nshl.b32 %r2, %r1, 1;\nst.global.u32 [%rd2], %r2;\n\
         DONE:\nret;\n}\n",
    )
    .unwrap();
    let data: Vec<u8> = (0..4i32).flat_map(|v| (v + 10).to_le_bytes()).collect();
    write_npy(&d.path("x.npy"), "<i4", 4, &data);
    let out = kernelc(&[
        "run",
        s(&ptx),
        "--kernel",
        "twice",
        "--device",
        "cpu",
        "--grid",
        "1",
        "--block",
        "32",
        s(&d.path("x.npy")),
        "u32:4",
        "--out",
        s(&d.path("out")),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let want: Vec<u8> = (0..4i32)
        .flat_map(|v| (2 * (v + 10)).to_le_bytes())
        .collect();
    assert_eq!(npy_tail(&d.path("out/0.npy"), 16), want);
}

#[test]
fn bad_arguments_are_clear_errors() {
    let d = Dir::new();
    let src = d.path("scale.py");
    std::fs::write(&src, SCALE).unwrap();
    write_npy(&d.path("a.npy"), "<f4", 2, &[0; 8]);
    let run = |extra: &[&str]| run_scale_with(&src, extra);
    // A typed scalar that does not fit: a usage error (exit 2).
    let out = run(&[s(&d.path("a.npy")), "u8:300", s(&d.path("a.npy"))]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("300 does not fit in uint8"));
    // Too few arguments for the kernel: exit 1, naming the count.
    let out = run(&[s(&d.path("a.npy")), "f32:1"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    // A block larger than 1024 threads.
    let a = d.path("a.npy");
    let out = kernelc(&[
        "run",
        s(&src),
        "--kernel",
        "scale",
        "--device",
        "cpu",
        "--grid",
        "1",
        "--block",
        "2048",
        s(&a),
        "f32:1",
        s(&a),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("1024"), "{}", text(&out.stderr));
    // A missing .npy file: exit 1, one line.
    let out = run(&[s(&d.path("nope.npy")), "f32:1", s(&d.path("a.npy"))]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("kernelc: cannot read") && err.lines().count() == 1,
        "{err}"
    );
    // `/dev/zero` named as an array (through a link ending in `.npy`):
    // an error, not a read until memory runs out.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("/dev/zero", d.path("zero.npy")).unwrap();
        let out = run(&[s(&d.path("zero.npy")), "f32:1", s(&d.path("a.npy"))]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert!(
            text(&out.stderr).contains("is not a regular file (a character device)"),
            "{}",
            text(&out.stderr)
        );
    }
    // No --grid: a malformed command line.
    let out = kernelc(&["run", s(&src), "--kernel", "scale", "--block", "32"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--grid <X[,Y[,Z]]>"));
}

#[test]
fn devices_lists_the_cpu_device() {
    let out = kernelc(&["devices"]);
    assert_eq!(out.status.code(), Some(0));
    let t = text(&out.stdout);
    assert!(t.contains("cpu: the CPU device ("), "{t}");
    assert!(t.starts_with("gpu"), "{t}");
}

#[test]
fn npy_data_is_read_right_after_the_header() {
    // Trailing bytes after the data are ignored, as numpy.load does; the
    // old reader took the file's last bytes and ran on shifted data.
    let d = Dir::new();
    let src = d.path("scale.py");
    std::fs::write(&src, SCALE).unwrap();
    // Three elements in the header, five in the file.
    let mut a = f32s(&[1.0, 2.0, 3.0]);
    a.extend_from_slice(&f32s(&[100.0, 200.0]));
    write_npy(&d.path("a.npy"), "<f4", 3, &a);
    write_npy(&d.path("o.npy"), "<f4", 3, &[0; 12]);
    let out = run_scale(&d, &src, "f32:2");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(npy_tail(&d.path("out/2.npy"), 12), f32s(&[2.0, 4.0, 6.0]));
}

const TWO_KERNELS: &str = "from numba import cuda

@cuda.jit(device=True)
def twice(x):
    return 2 * x

@cuda.jit
def first(a):
    a[0] = twice(a[0])

@cuda.jit
def second(a):
    a[0] = 3
";

/// Runs kernelc with owned arguments.
fn kernelc_owned(args: &[String]) -> Output {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    kernelc(&args)
}

#[test]
fn the_kernel_is_optional_when_the_file_has_one() {
    let d = Dir::new();
    let p = |name: &str| s(&d.path(name)).to_string();
    std::fs::write(d.path("scale.py"), SCALE).unwrap();
    write_npy(&d.path("a.npy"), "<f4", 2, &f32s(&[1.0, 2.0]));
    write_npy(&d.path("o.npy"), "<f4", 2, &[0; 8]);
    let run = |file: &str, rest: &[String]| {
        let mut args: Vec<String> = [
            "run", file, "--device", "cpu", "--grid", "1", "--block", "32",
        ]
        .iter()
        .map(|a| a.to_string())
        .collect();
        args.extend_from_slice(rest);
        kernelc_owned(&args)
    };
    let out = run(
        &p("scale.py"),
        &[
            p("a.npy"),
            "f32:3".into(),
            p("o.npy"),
            "--out".into(),
            p("out"),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(npy_tail(&d.path("out/2.npy"), 8), f32s(&[3.0, 6.0]));

    // Several kernels (the device function does not count): name them.
    std::fs::write(d.path("two.py"), TWO_KERNELS).unwrap();
    let out = run(&p("two.py"), &[p("a.npy")]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("has several kernels (first, second); choose one with --kernel NAME"),
        "{err}"
    );
    let out = run(
        &p("two.py"),
        &[
            p("a.npy"),
            "--kernel".into(),
            "second".into(),
            "--out".into(),
            p("out2"),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(npy_tail(&d.path("out2/0.npy"), 8), f32s(&[3.0, 2.0]));

    // A PTX file with one entry.
    std::fs::write(
        d.path("k.ptx"),
        ".version 7.0\n.target sm_80\n.address_size 64\n\
         .visible .entry only(.param .u64 p)\n{\n.reg .b32 %r<2>;\n.reg .b64 %rd<2>;\n\
         ld.param.u64 %rd0, [p];\nmov.u32 %r0, 9;\nst.global.u32 [%rd0], %r0;\nret;\n}\n",
    )
    .unwrap();
    write_npy(&d.path("x.npy"), "<i4", 1, &[0; 4]);
    let out = run(&p("k.ptx"), &[p("x.npy"), "--out".into(), p("out3")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(npy_tail(&d.path("out3/0.npy"), 4), 9i32.to_le_bytes());
}

#[test]
fn out_problems_are_found_before_the_kernel_runs() {
    let d = Dir::new();
    let src = d.path("scale.py");
    std::fs::write(&src, SCALE).unwrap();
    write_npy(&d.path("a.npy"), "<f4", 2, &f32s(&[1.0, 2.0]));
    write_npy(&d.path("o.npy"), "<f4", 2, &[0; 8]);
    let run = |out_dir: &Path| {
        kernelc(&[
            "run",
            s(&src),
            "--device",
            "cpu",
            "--grid",
            "1",
            "--block",
            "32",
            s(&d.path("a.npy")),
            "f32:3",
            s(&d.path("o.npy")),
            "--out",
            s(out_dir),
        ])
    };
    // `--out` names a file.
    std::fs::write(d.path("file"), "x").unwrap();
    let out = run(&d.path("file"));
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("is not a directory") && !err.contains("threads on"),
        "{err}"
    );
    // The written array's file is a directory.
    std::fs::create_dir_all(d.path("out/2.npy")).unwrap();
    let out = run(&d.path("out"));
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("2.npy' exists and is not a regular file") && !err.contains("threads on"),
        "{err}"
    );
    // A directory inside a file cannot be created.
    let out = run(&d.path("file/sub"));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("cannot create"),
        "{}",
        text(&out.stderr)
    );
}

/// A 1-D `.npy` file of `n` packed records `(x: float32, y: float64)`.
fn write_records(path: &Path, xy: &[(f32, f64)]) {
    let mut header = format!(
        "{{'descr': [('x', '<f4'), ('y', '<f8')], 'fortran_order': False, 'shape': ({},), }}",
        xy.len()
    );
    let pad = (64 - (10 + header.len() + 1) % 64) % 64;
    header.push_str(&" ".repeat(pad));
    header.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    for (x, y) in xy {
        out.extend_from_slice(&x.to_le_bytes());
        out.extend_from_slice(&y.to_le_bytes());
    }
    std::fs::write(path, out).unwrap();
}

const RECORDS: &str = "from numba import cuda

@cuda.jit
def k(r, out):
    i = cuda.grid(1)
    if i < r.size:
        out[i] = r[i].x + r[i].y
        r[i].y = 0.5
";

#[test]
fn runs_record_arrays_and_refuses_records_of_another_layout() {
    let d = Dir::new();
    let src = d.path("k.py");
    std::fs::write(&src, RECORDS).unwrap();
    write_records(&d.path("r.npy"), &[(1.0, 2.0), (3.0, 4.5), (-1.0, 0.25)]);
    write_npy(&d.path("o.npy"), "<f4", 3, &f32s(&[0.0; 3]));
    let base = [
        "run",
        s(&src),
        "--kernel",
        "k",
        "--device",
        "cpu",
        "--grid",
        "1",
        "--block",
        "32",
    ];
    let (r, o, out_dir) = (d.path("r.npy"), d.path("o.npy"), d.path("out"));
    let files = [s(&r), s(&o)];
    let mut lazy: Vec<&str> = base.to_vec();
    lazy.extend_from_slice(&files);
    lazy.extend_from_slice(&["--out", s(&out_dir)]);
    let out = kernelc(&lazy);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(npy_tail(&d.path("out/1.npy"), 12), f32s(&[3.0, 7.5, -0.75]));
    // The records written back keep their layout: y is 0.5 in each.
    let records = npy_tail(&d.path("out/0.npy"), 36);
    for k in 0..3 {
        assert_eq!(records[k * 12 + 4..k * 12 + 12], 0.5f64.to_le_bytes());
    }
    // The same size, the fields swapped: refused, not misread.
    let sig = "void(Record(y[type=float32;offset=0],x[type=float64;offset=4];12;False)[::1], float32[::1])";
    let mut swapped: Vec<&str> = base.to_vec();
    swapped.extend_from_slice(&["--sig", sig]);
    swapped.extend_from_slice(&files);
    let out = kernelc(&swapped);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("holds Record(x[type=float32"),
        "{}",
        text(&out.stderr)
    );
}

const LINKED: &str = "from numba import cuda

mul = cuda.declare_device('mul_f32', 'float32(float32, float32)')

@cuda.jit('void(float32[::1], float32[::1])', link=['functions.ptx'])
def square(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = mul(a[i], a[i])
";

#[test]
fn runs_a_kernel_linked_with_the_ptx_of_its_declared_functions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let functions = root.join("tests/link/functions.ptx");
    let d = Dir::new();
    let src = d.path("linked.py");
    std::fs::write(&src, LINKED).unwrap();
    let a: Vec<f32> = (0..64).map(|i| i as f32 * 0.5 - 3.0).collect();
    write_npy(&d.path("a.npy"), "<f4", 64, &f32s(&a));
    write_npy(&d.path("out.npy"), "<f4", 64, &f32s(&[0.0; 64]));
    let run = |link: &[&str]| {
        let mut args = vec![
            "run",
            s(&src),
            "--device",
            "cpu",
            "--grid",
            "1",
            "--block",
            "64",
        ];
        args.extend_from_slice(link);
        let (a_npy, out_npy, out_dir) = (d.path("a.npy"), d.path("out.npy"), d.path("out"));
        let owned = [
            s(&a_npy).to_string(),
            s(&out_npy).to_string(),
            s(&out_dir).to_string(),
        ];
        let mut all: Vec<String> = args.iter().map(|x| x.to_string()).collect();
        all.extend([
            owned[0].clone(),
            owned[1].clone(),
            "--out".into(),
            owned[2].clone(),
        ]);
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        kernelc(&all)
    };
    let out = run(&["--link", s(&functions)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let got = npy_tail(&d.path("out/1.npy"), 4 * 64);
    let want: Vec<f32> = a.iter().map(|x| x * x).collect();
    assert_eq!(got, f32s(&want));
    // Without the definitions, the declaration does not resolve.
    let out = run(&[]);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("mul_f32"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["--link", s(&d.path("missing.ptx"))]);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("--link"),
        "{}",
        text(&out.stderr)
    );
}
