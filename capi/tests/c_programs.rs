//! Builds and runs the C, C++ and CMake programs of `tests/c/` against
//! libkernelc as a user gets it: the library this `cargo test` built
//! (shared and static), installed with `capi/install.sh` into a temporary
//! prefix, found through pkg-config and CMake's `find_package(kernelc)`.
//!
//! A missing tool (gcc, g++, pkg-config, valgrind, cmake) skips the tests
//! that need it, except under `CI=true`, where it is a failure.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The repository root.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("capi/ has a parent")
        .to_path_buf()
}

/// Where `cargo test` put this crate's libkernelc.so and libkernelc.a:
/// next to the test binary, in `<target>/<profile>/deps` (cargo builds
/// every crate type of the library for its tests, but copies them up to
/// `<target>/<profile>` only for `cargo build`).
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    exe.parent()
        .expect("the test binary is in <target>/<profile>/deps")
        .to_path_buf()
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// The path of `tool`, from `PATH` or the repository's `.venv/bin` (where
/// `.ci/run` installs CMake from PyPI). `None` means: skip (outside CI).
fn tool(name: &str) -> Option<PathBuf> {
    // pkgconf (Debian's, or PyPI's `pkgconf`) answers as pkg-config does.
    let names: &[&str] = match name {
        "pkg-config" => &["pkg-config", "pkgconf"],
        _ => std::slice::from_ref(&name),
    };
    let dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .chain([repo().join(".venv/bin")])
        .collect();
    let found = names
        .iter()
        .flat_map(|n| dirs.iter().map(move |dir| dir.join(n)))
        .find(|p| p.is_file());
    if found.is_none() {
        let hint = match name {
            "cmake" => "pip install cmake (into .venv) or apt-get install cmake",
            "pkg-config" => "apt-get install pkgconf, or pip install pkgconf (into .venv)",
            other => return missing(other, &format!("apt-get install {other}")),
        };
        return missing(name, hint);
    }
    found
}

fn missing(name: &str, hint: &str) -> Option<PathBuf> {
    assert!(
        !in_ci(),
        "`{name}` is needed by the C API tests and CI must have it ({hint})"
    );
    eprintln!("SKIPPED: `{name}` not found ({hint}); CI=true makes this a failure");
    None
}

/// Runs `cmd`, failing the test with its output unless it succeeds.
fn run(cmd: &mut Command) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    let text = format!(
        "{cmd:?}\n--- stdout\n{}--- stderr\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "failed: {text}");
    eprintln!("{text}");
    out
}

/// The install prefix, made once per test process in the target
/// directory's scratch space (`CARGO_TARGET_TMPDIR`), replacing the previous
/// run's: a temporary directory held in a static is never dropped, so each
/// run would leave its prefix and builds (hundreds of MB) behind in /tmp.
fn prefix() -> &'static Path {
    static PREFIX: OnceLock<PathBuf> = OnceLock::new();
    PREFIX.get_or_init(|| {
        let dir = lib_dir();
        for lib in ["libkernelc.so", "libkernelc.a"] {
            assert!(
                dir.join(lib).is_file(),
                "{} is missing: build the library first (cargo build -p kernelc-capi)",
                dir.join(lib).display()
            );
        }
        let prefix = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c_programs_prefix");
        if prefix.exists() {
            std::fs::remove_dir_all(&prefix).expect("the previous run's prefix removed");
        }
        std::fs::create_dir_all(&prefix).expect("the install prefix");
        run(Command::new("bash")
            .arg(repo().join("capi/install.sh"))
            .arg(&prefix)
            .arg("--lib-dir")
            .arg(&dir));
        prefix
    })
}

/// Where the test's programs are built.
fn build_dir(name: &str) -> PathBuf {
    let dir = prefix().join("build").join(name);
    std::fs::create_dir_all(&dir).expect("a build directory");
    dir
}

/// `pkg-config --cflags --libs kernelc` (or `--static`) against the prefix.
fn pkg_config(args: &[&str]) -> Option<Vec<String>> {
    let pc = tool("pkg-config")?;
    let out = run(Command::new(pc)
        .args(args)
        .arg("kernelc")
        .env("PKG_CONFIG_PATH", prefix().join("lib/pkgconfig")));
    Some(
        String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .map(str::to_string)
            .collect(),
    )
}

const C_FLAGS: &[&str] = &["-Wall", "-Wextra", "-Werror", "-pedantic", "-std=c11", "-g"];

/// Compiles `tests/c/<name>.c` against the installed library: `shared`
/// links libkernelc.so (with an rpath), otherwise libkernelc.a.
fn build_c(name: &str, shared: bool) -> Option<PathBuf> {
    let gcc = tool("gcc")?;
    let src = repo().join("tests/c").join(format!("{name}.c"));
    let exe = build_dir(if shared { "shared" } else { "static" }).join(name);
    let mut cmd = Command::new(gcc);
    cmd.args(C_FLAGS).arg(&src).arg("-o").arg(&exe);
    if shared {
        cmd.args(pkg_config(&["--cflags", "--libs"])?);
        cmd.arg(format!("-Wl,-rpath,{}", prefix().join("lib").display()));
    } else {
        // The static library by path, then what it needs from the system.
        cmd.args(pkg_config(&["--cflags"])?);
        cmd.arg(prefix().join("lib/libkernelc.a"));
        let libs = pkg_config(&["--static", "--libs-only-l"])?;
        cmd.args(libs.into_iter().filter(|l| l != "-lkernelc"));
    }
    cmd.arg("-lpthread").arg("-lm");
    run(&mut cmd);
    Some(exe)
}

/// Builds `name` both ways and runs each.
fn build_and_run(name: &str) {
    for shared in [true, false] {
        let Some(exe) = build_c(name, shared) else {
            return;
        };
        let out = run(&mut Command::new(&exe));
        assert!(!out.stdout.is_empty(), "{name} printed nothing");
    }
}

#[test]
fn pkg_config_reports_the_installed_library() {
    let Some(flags) = pkg_config(&["--cflags", "--libs"]) else {
        return;
    };
    let include = format!("-I{}", prefix().join("include").display());
    assert!(flags.contains(&include), "{flags:?}");
    assert!(flags.contains(&"-lkernelc".to_string()), "{flags:?}");
    let installed = prefix().join("lib/libkernelc.so");
    assert!(installed.exists(), "{}", installed.display());
}

#[test]
fn c_compile_api() {
    build_and_run("compile_api");
}

#[test]
fn c_link_api() {
    build_and_run("link_api");
}

#[test]
fn c_global_array_api() {
    build_and_run("global_array_api");
}

#[test]
fn c_bad_compile_arguments() {
    build_and_run("bad_compile_args");
}

#[test]
fn c_compiles_from_eight_threads() {
    build_and_run("threads_compile");
}

#[test]
fn c_readme_example() {
    build_and_run("readme_example");
}

#[test]
fn c_device_api() {
    build_and_run("device_api");
}

#[test]
fn c_nd_arrays_api() {
    build_and_run("nd_arrays_api");
}

#[test]
fn c_complex_api() {
    build_and_run("complex_api");
}

#[test]
fn c_bad_launch_arguments() {
    build_and_run("bad_launch_args");
}

#[test]
fn c_interop_api() {
    build_and_run("interop_api");
}

#[test]
fn c_cache_and_stream_api() {
    build_and_run("cache_stream_api");
}

#[test]
fn c_interrupt_api() {
    build_and_run("interrupt_api");
}

#[test]
fn c_launch_packed_api() {
    build_and_run("launch_packed_api");
}

#[test]
fn c_fault_lines() {
    build_and_run("fault_lines");
}

#[test]
fn c_robustness_corpus() {
    build_and_run("robust_api");
}

/// The README example, the device tests (interrupted and faulting
/// launches among them) and the C API's robustness corpus under
/// valgrind: no memory errors, no definite or indirect leaks.
#[test]
fn c_programs_are_valgrind_clean() {
    let Some(valgrind) = tool("valgrind") else {
        return;
    };
    for name in [
        "readme_example",
        "device_api",
        "interop_api",
        "cache_stream_api",
        "interrupt_api",
        "launch_packed_api",
        "fault_lines",
        "robust_api",
        "link_api",
    ] {
        let Some(exe) = build_c(name, true) else {
            return;
        };
        run(Command::new(&valgrind)
            .args([
                "-q",
                "--error-exitcode=99",
                "--leak-check=full",
                "--errors-for-leak-kinds=definite,indirect",
                "--show-leak-kinds=definite,indirect",
            ])
            .arg(&exe));
    }
}

/// The header-only C++ wrapper, with the shared and the static library.
#[test]
fn cpp_wrapper() {
    let Some(gxx) = tool("g++") else {
        return;
    };
    let Some(cflags) = pkg_config(&["--cflags"]) else {
        return;
    };
    let src = repo().join("tests/c/cpp_wrapper.cpp");
    for shared in [true, false] {
        let exe = build_dir(if shared { "shared" } else { "static" }).join("cpp_wrapper");
        let mut cmd = Command::new(&gxx);
        cmd.args([
            "-std=c++17",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-g",
        ])
        .args(&cflags)
        .arg(&src)
        .arg("-o")
        .arg(&exe);
        if shared {
            let lib = prefix().join("lib");
            cmd.arg(format!("-L{}", lib.display()))
                .arg("-lkernelc")
                .arg(format!("-Wl,-rpath,{}", lib.display()));
        } else {
            cmd.arg(prefix().join("lib/libkernelc.a"));
            let libs = pkg_config(&["--static", "--libs-only-l"]).unwrap_or_default();
            cmd.args(libs.into_iter().filter(|l| l != "-lkernelc"));
        }
        run(&mut cmd);
        run(&mut Command::new(&exe));
    }
}

/// A CMake project that finds the installed kernelc with
/// `find_package(kernelc 0.1)` and links both libraries.
#[test]
fn cmake_find_package() {
    let Some(cmake) = tool("cmake") else {
        return;
    };
    if tool("g++").is_none() {
        return;
    }
    let build = build_dir("cmake");
    run(Command::new(&cmake)
        .arg("-S")
        .arg(repo().join("tests/c/cmake_consumer"))
        .arg("-B")
        .arg(&build)
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix().display())));
    run(Command::new(&cmake).arg("--build").arg(&build).arg("-j2"));
    for exe in ["readme_shared", "readme_static", "cpp_wrapper"] {
        run(&mut Command::new(build.join(exe)));
    }
}

#[test]
fn c_records_api() {
    build_and_run("records_api");
}

#[test]
fn c_launch_bounds_api() {
    build_and_run("launch_bounds_api");
}

#[test]
fn c_lineinfo_api() {
    build_and_run("lineinfo_api");
}
