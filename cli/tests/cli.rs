//! End-to-end tests of the `kernelc` binary: exit codes, output streams,
//! help, version and completions, and the options of `kernelc check` and
//! `kernelc compile`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kernelc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kernelc"))
        .args(args)
        .output()
        .expect("kernelc runs")
}

fn write_temp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kernelc-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

const ADD: &str = "from numba import cuda

@cuda.jit(\"void(float32[::1], float32[::1], float32[::1])\")
def add(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]
";

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn check_prints_ok_and_exits_zero() {
    let f = write_temp("add.py", ADD);
    let out = kernelc(&["check", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "ok\n");
}

#[test]
fn emit_types_shows_inferred_types() {
    let f = write_temp("add2.py", ADD);
    let out = kernelc(&["check", f.to_str().unwrap(), "--emit", "types"]);
    assert_eq!(out.status.code(), Some(0));
    let s = text(&out.stdout);
    assert!(s.contains("kernel add(a: array(float32, 1d, C), b: array(float32, 1d, C), out: array(float32, 1d, C)) -> none"), "{s}");
    assert!(s.contains("locals: i: int64"), "{s}");
}

#[test]
fn emit_ast_dumps_the_tree() {
    let f = write_temp("add3.py", ADD);
    let out = kernelc(&["check", f.to_str().unwrap(), "--emit=ast"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stdout).contains("FunctionDef"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn sig_option_overrides_the_decorator() {
    let f = write_temp("add4.py", ADD);
    let out = kernelc(&[
        "check",
        f.to_str().unwrap(),
        "--kernel",
        "add",
        "--sig",
        "void(float64[:], float64[:], float64[:])",
        "--emit",
        "types",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("a: array(float64, 1d, A)"));
}

#[test]
fn bad_sig_option_points_into_the_signature() {
    let f = write_temp("add5.py", ADD);
    let out = kernelc(&[
        "check",
        f.to_str().unwrap(),
        "--kernel",
        "add",
        "--sig",
        "void(float33[:])",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("unknown type 'float33'"), "{err}");
    assert!(err.contains("<signature>:1:6"), "{err}");
}

#[test]
fn errors_go_to_stderr_with_exit_one() {
    let f = write_temp(
        "bad.py",
        "from numba import cuda\n\n@cuda.jit(\"void(int32[:])\")\ndef k(a):\n    cuda.syncthread()\n    x = 1\n    x[0] = 2\n",
    );
    let out = kernelc(&["check", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("bad.py:5:5"), "{err}");
    assert!(err.contains("did you mean `cuda.syncthreads()`?"), "{err}");
    assert!(
        err.contains("cannot assign to an element of an int64 value"),
        "{err}"
    );
    assert!(err.contains("2 errors"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn unsigned_kernels_are_name_checked_only() {
    let f = write_temp(
        "lazy.py",
        "from numba import cuda\n\n@cuda.jit\ndef k(a):\n    a[0] = 1\n",
    );
    let out = kernelc(&["check", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("name-checked only"));
    let f = write_temp(
        "lazy_bad.py",
        "from numba import cuda\n\n@cuda.jit\ndef k(a):\n    a[0] = undefined_name\n",
    );
    let out = kernelc(&["check", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("name 'undefined_name' is not defined"));
}

#[test]
fn usage_errors_exit_two() {
    assert_eq!(kernelc(&[]).status.code(), Some(2));
    assert_eq!(kernelc(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(kernelc(&["check"]).status.code(), Some(2));
    let f = write_temp("add6.py", ADD);
    assert_eq!(
        kernelc(&["check", f.to_str().unwrap(), "--emit", "ptx"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        kernelc(&["check", f.to_str().unwrap(), "--bogus"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn example_kernel_checks() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/vector_add.py");
    let out = kernelc(&["check", example.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn compile_emits_ptx_ir_and_metadata() {
    let f = write_temp("add_c.py", ADD);
    let out = kernelc(&["compile", f.to_str().unwrap(), "--arch", "sm_70"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let ptx = text(&out.stdout);
    assert!(
        ptx.contains(".target sm_70") && ptx.contains(".visible .entry add("),
        "{ptx}"
    );
    let out = kernelc(&["compile", f.to_str().unwrap(), "--emit", "ir", "-O0"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stdout).starts_with("kernel fn0 \"add\""),
        "{}",
        text(&out.stdout)
    );
    let out = kernelc(&["compile", f.to_str().unwrap(), "--emit", "meta"]);
    let meta = text(&out.stdout);
    assert!(meta.contains("{\"name\": \"out\", \"type\": \"array(float32, 1d, C)\", \"read\": false, \"written\": true}"), "{meta}");
    assert!(meta.contains("{\"name\": \"a\", \"type\": \"array(float32, 1d, C)\", \"read\": true, \"written\": false}"), "{meta}");
}

#[test]
fn compile_timings_end_with_a_total() {
    let f = write_temp("add_t.py", ADD);
    let dir = std::env::temp_dir().join(format!("kernelc-cli-{}", std::process::id()));
    let out_file = dir.join("add.ptx");
    let out = kernelc(&[
        "compile",
        f.to_str().unwrap(),
        "--timings",
        "-o",
        out_file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("total: ") && ["ns", "us", "ms", "s"].iter().any(|u| last.ends_with(u)),
        "{err}"
    );
    assert!(
        err.contains("parse+types: ") && err.contains("lowering: "),
        "{err}"
    );
    assert!(std::fs::read_to_string(out_file)
        .unwrap()
        .contains(".entry add("));
    assert!(out.stdout.is_empty());
}

#[test]
fn compile_reports_errors_and_bad_options() {
    let f = write_temp(
        "bad_c.py",
        "from numba import cuda\n\n@cuda.jit(\"void(int32[:])\")\ndef k(a):\n    a[0] = nope\n",
    );
    let out = kernelc(&["compile", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("name 'nope' is not defined"));
    let g = write_temp("add_b.py", ADD);
    assert_eq!(
        kernelc(&["compile", g.to_str().unwrap(), "--arch", "sm_12"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        kernelc(&["compile", g.to_str().unwrap(), "--emit", "sass"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn a_missing_or_unreadable_input_is_one_line_and_exit_one() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope.py");
    let d = dir.path().to_str().unwrap();
    for args in [
        vec!["check", missing.to_str().unwrap()],
        vec!["compile", missing.to_str().unwrap()],
        vec!["check", d],
        vec![
            "check",
            "--const",
            "W=/no/such/w.npy",
            missing.to_str().unwrap(),
        ],
    ] {
        let out = kernelc(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("kernelc: cannot read '"), "{args:?}: {err}");
    }
}

#[test]
fn invalid_utf8_names_the_line_and_byte() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bad.py");
    let mut src = ADD.as_bytes().to_vec();
    // Line 5 is `    i = cuda.grid(1)`: a Latin-1 byte after the `=`.
    let at = ADD.find("= cuda.grid").unwrap() + 1;
    src[at] = 0xe9;
    std::fs::write(&f, &src).unwrap();
    let out = kernelc(&["check", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("bad.py:5:8: the file is not UTF-8: byte 0xe9"),
        "{err}"
    );
}

#[test]
fn every_command_has_help_and_the_tool_a_version() {
    for cmd in ["check", "compile", "run", "devices", "completions"] {
        for flag in ["--help", "-h"] {
            let out = kernelc(&[cmd, flag]);
            assert_eq!(out.status.code(), Some(0), "{cmd} {flag}");
            let help = text(&out.stdout);
            assert!(
                help.contains(&format!("Usage: kernelc {cmd}")),
                "{cmd} {flag}: {help}"
            );
        }
    }
    let help = text(&kernelc(&["run", "--help"]).stdout);
    for option in [
        "--kernel",
        "--sig",
        "--grid",
        "--block",
        "--shared",
        "--device",
        "--const",
        "--out",
        "-O",
        "--arch",
        "--check",
        "--no-check",
        "--workers",
        "--timings",
    ] {
        assert!(help.contains(option), "{option}: {help}");
    }
    let out = kernelc(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        format!("kernelc {}\n", env!("CARGO_PKG_VERSION"))
    );
    let out = kernelc(&["help", "compile"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("--emit <WHAT>"));
}

#[test]
fn prints_shell_completions() {
    for (shell, marker) in [
        ("bash", "_kernelc()"),
        ("zsh", "#compdef kernelc"),
        ("fish", "complete -c kernelc"),
    ] {
        let out = kernelc(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = text(&out.stdout);
        assert!(
            script.contains(marker) && script.contains("no-check"),
            "{shell}: {script}"
        );
    }
    assert_eq!(kernelc(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn optimisation_levels_are_spelled_like_compilers() {
    let f = write_temp("add_o.py", ADD);
    for level in ["-O0", "-O2", "-O 0"] {
        let mut args = vec!["compile", f.to_str().unwrap(), "--emit", "ir"];
        args.extend(level.split(' '));
        let out = kernelc(&args);
        assert_eq!(out.status.code(), Some(0), "{level}: {}", text(&out.stderr));
    }
    let out = kernelc(&["compile", f.to_str().unwrap(), "-O3"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn export_writes_a_visible_function_in_either_abi() {
    let f = write_temp(
        "export.py",
        "from numba import cuda\n\n@cuda.jit(device=True)\ndef scale(x, k):\n    return x * k\n",
    );
    let path = f.to_str().unwrap();
    let base = [
        "compile",
        path,
        "--kernel",
        "scale",
        "--sig",
        "(float32, int32)",
    ];
    let numba = kernelc(&[&base[..], &["--export", "numba"]].concat());
    assert_eq!(numba.status.code(), Some(0), "{}", text(&numba.stderr));
    let ptx = text(&numba.stdout);
    assert!(
        ptx.contains(
            ".visible .func (.param .b32 func_retval0) scale(\n\t.param .b64 scale_param_0,"
        ),
        "{ptx}"
    );
    let c = kernelc(&[&base[..], &["--export", "c", "--export-name", "scale_c"]].concat());
    assert_eq!(c.status.code(), Some(0), "{}", text(&c.stderr));
    // float32 * int32 is float64 in Numba.
    assert!(
        text(&c.stdout).contains(
            ".visible .func (.param .b64 func_retval0) scale_c(\n\t.param .b32 scale_c_param_0,"
        ),
        "{}",
        text(&c.stdout)
    );
    // Without --export a device function alone is nothing to compile; a
    // name without --export is a usage error; a kernel cannot be exported.
    let plain = kernelc(&base);
    assert_eq!(plain.status.code(), Some(1));
    assert!(text(&plain.stderr).contains("nothing to compile"));
    let name_only = kernelc(&[&base[..], &["--export-name", "x"]].concat());
    assert_eq!(name_only.status.code(), Some(2));
    let with_global =
        kernelc(&[&base[..], &["--export", "c", "--global", "G=float32[::1]"]].concat());
    assert_eq!(with_global.status.code(), Some(1));
    assert!(text(&with_global.stderr).contains("cannot be exported with global device arrays"));
    let k = write_temp("add5.py", ADD);
    let kernel = kernelc(&["compile", k.to_str().unwrap(), "--export", "c"]);
    assert_eq!(kernel.status.code(), Some(1));
    assert!(text(&kernel.stderr).contains("only a device function is exported"));
}

#[test]
fn export_passes_complex_numbers_as_nvvm_does() {
    let f = write_temp(
        "half.py",
        "from numba import cuda\n\n@cuda.jit(device=True)\ndef half(x):\n    return x / 2\n",
    );
    let path = f.to_str().unwrap();
    let sig = ["compile", path, "--kernel", "half", "--sig"];
    let c = kernelc(&[&sig[..], &["complex64(complex64)", "--export", "c"]].concat());
    assert_eq!(c.status.code(), Some(0), "{}", text(&c.stderr));
    let ptx = text(&c.stdout);
    // The parts as two parameters; the result an aggregate, real part first.
    assert!(
        ptx.contains(
            ".visible .func (.param .align 4 .b8 func_retval0[8]) half(\n\t.param .b32 half_param_0,\n\t.param .b32 half_param_1\n)"
        ),
        "{ptx}"
    );
    assert!(ptx.contains(
        "\tst.param.b32 [func_retval0+0], %kc_r0;\n\tst.param.b32 [func_retval0+4], %kc_r1;\n"
    ));
    let numba = kernelc(&[&sig[..], &["complex128(complex128)", "--export", "numba"]].concat());
    assert_eq!(numba.status.code(), Some(0), "{}", text(&numba.stderr));
    let ptx = text(&numba.stdout);
    assert!(
        ptx.contains("\tst.b64 [%kc_p], %kc_r0;\n\tst.b64 [%kc_p+8], %kc_r1;\n"),
        "{ptx}"
    );
}

#[test]
fn lineinfo_names_the_inlined_device_functions() {
    let f = write_temp(
        "lines.py",
        "from numba import cuda\n\n@cuda.jit(device=True)\ndef twice(x):\n    return x * 2\n\n\
         @cuda.jit(\"void(int32[::1])\")\ndef k(a):\n    a[0] = twice(a[0])\n",
    );
    let path = f.to_str().unwrap();
    let plain = kernelc(&["compile", path]);
    assert_eq!(plain.status.code(), Some(0), "{}", text(&plain.stderr));
    assert!(!text(&plain.stdout).contains("inlined_at"));
    let lines = kernelc(&["compile", path, "--lineinfo"]);
    assert_eq!(lines.status.code(), Some(0), "{}", text(&lines.stderr));
    let ptx = text(&lines.stdout);
    assert!(
        ptx.contains("\t.loc\t1 5 5, function_name $L__info_string0, inlined_at 1 9 5\n"),
        "{ptx}"
    );
    assert!(ptx.contains("\t.section\t.debug_str\n"));
}

#[test]
fn launch_bounds_become_ptx_directives() {
    let f = write_temp(
        "bounds.py",
        "from numba import cuda\n\n@cuda.jit(\"void(float32[::1])\")\ndef k(a):\n    a[cuda.grid(1)] = 1\n",
    );
    let path = f.to_str().unwrap();
    let out = kernelc(&[
        "compile",
        path,
        "--arch",
        "sm_90",
        "--launch-bounds",
        "256,2,4",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let ptx = text(&out.stdout);
    assert!(
        ptx.contains(".maxntid 256, 1, 1\n.minnctapersm 2\n.maxclusterrank 4\n{"),
        "{ptx}"
    );
    // A cluster bound needs sm_90; more than three bounds, or a block of
    // more than 1024 threads, is refused.
    let old = kernelc(&[
        "compile",
        path,
        "--arch",
        "sm_80",
        "--launch-bounds",
        "256,2,4",
    ]);
    assert_eq!(old.status.code(), Some(1));
    assert!(text(&old.stderr).contains("sm_90"), "{}", text(&old.stderr));
    for bad in ["1,2,3,4", "2048", "0", "x"] {
        let out = kernelc(&["compile", path, "--launch-bounds", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", text(&out.stderr));
    }
}
