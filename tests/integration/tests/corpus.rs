//! Every kernel of the compiler's corpus, compiled by kernelc at -O0 and
//! -O2, loads on the CPU device and runs (checking on) on small generic
//! inputs: deterministic pseudo-random arrays (256 elements in 1-D,
//! 128x128 in 2-D, 32^3 in 3-D; integer arrays named `lock*` are zero), two blocks of 64 threads. Where both runs
//! succeed, -O0 and -O2 must leave the same bytes in every array (with one
//! worker the CPU device runs even racing atomics in a fixed order); -O2
//! without its multiply-add fusion, which changes roundings by design.
//!
//! Some kernels assume launch shapes or sizes these generic inputs do not
//! have (a 2-D block, 256 bins); their faults are expected and listed in
//! `EXPECTED_FAULTS`, any other runtime error fails the test.

use kernelc_abi::{ElemType, ParamKind};
use kernelc_compiler::driver::{compile, CompileOptions, KernelInfo, Stage};
use kernelc_compiler::opt::OptLevel;
use kernelc_runtime::{CpuDevice, CpuError, CpuOptions, DevicePtr, LaunchConfig, PrintfSink};
use std::path::Path;
use std::sync::{Arc, Mutex};

#[path = "../../../compiler/tests/common/mod.rs"]
mod kc_common;

/// Element size and float-ness of a dtype name.
fn dtype(name: &str) -> (usize, bool) {
    match name {
        "bool" | "int8" | "uint8" => (1, false),
        "int16" | "uint16" => (2, false),
        "float16" | "bfloat16" => (2, true),
        "int32" | "uint32" => (4, false),
        "float32" => (4, true),
        "float64" => (8, true),
        _ => (8, false),
    }
}

/// A deterministic pseudo-random stream.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Element bytes: floats in [0, 1), integers in [0, 64) (valid indices).
fn element(rng: &mut Rng, size: usize, float: bool) -> Vec<u8> {
    let r = rng.next();
    if float {
        let x = (r >> 11) as f64 / (1u64 << 53) as f64;
        match size {
            2 => {
                // [0,1) as f16: 0x3800-ish range (as bfloat16, small
                // positive numbers)
                let h = (x * 1024.0) as u16;
                (0x3800u16 + h / 2).to_le_bytes().to_vec()
            }
            4 => (x as f32).to_le_bytes().to_vec(),
            _ => x.to_le_bytes().to_vec(),
        }
    } else {
        let v = r % 64;
        v.to_le_bytes()[..size].to_vec()
    }
}

struct Args {
    params: Vec<Vec<u8>>,
    arrays: Vec<(DevicePtr, usize)>,
}

/// Builds the parameters of one kernel: arrays get fresh buffers.
fn args(d: &CpuDevice, k: &KernelInfo, rng: &mut Rng) -> Args {
    let mut params = Vec::new();
    let mut arrays = Vec::new();
    for p in &k.params {
        if let ParamKind::Array { elem, ndim, .. } = &p.kind {
            // A record is made of small byte values.
            let (unit, per_elem, float) = match elem {
                ElemType::Scalar(s) => {
                    let (size, float) = dtype(s.name());
                    (size, 1, float)
                }
                ElemType::Complex(part) => (part.size() as usize, 2, true),
                ElemType::Record { size } => (1, *size as usize, false),
            };
            let size = unit * per_elem;
            let ndim = usize::from(*ndim);
            let side = [256usize, 128, 32][ndim.clamp(1, 3) - 1];
            let n = side.pow(ndim as u32);
            let bytes: Vec<u8> = if p.name.starts_with("lock") {
                vec![0; n * size]
            } else {
                (0..n * per_elem)
                    .flat_map(|_| element(rng, unit, float))
                    .collect()
            };
            let ptr = d.alloc(bytes.len()).unwrap();
            d.copy_to_device(ptr, &bytes).unwrap();
            arrays.push((ptr, bytes.len()));
            params.push(ptr.0.to_le_bytes().to_vec());
            for _ in 0..ndim {
                params.push((side as i64).to_le_bytes().to_vec());
            }
            for k in (0..ndim).rev() {
                let stride = (size * side.pow(k as u32)) as i64;
                params.push(stride.to_le_bytes().to_vec());
            }
        } else if let Some(elem) = p.ty.strip_suffix('*') {
            // A pointer (`float32*`): the middle of a buffer of 256 of its
            // elements (complex numbers as two floats), so that small
            // negative and positive indices land inside it.
            let (unit, per_elem, float) = match elem {
                "complex64" => (4, 2, true),
                "complex128" => (8, 2, true),
                name => {
                    let (size, float) = dtype(name);
                    (size, 1, float)
                }
            };
            const ELEMS: usize = 256;
            let bytes: Vec<u8> = (0..ELEMS * per_elem)
                .flat_map(|_| element(rng, unit, float))
                .collect();
            let ptr = d.alloc(bytes.len()).unwrap();
            d.copy_to_device(ptr, &bytes).unwrap();
            arrays.push((ptr, bytes.len()));
            let middle = ptr.0 + (ELEMS / 2 * unit * per_elem) as u64;
            params.push(middle.to_le_bytes().to_vec());
        } else if let ParamKind::Complex(part) = &p.kind {
            // Two parameters: the real and imaginary parts.
            for v in [0.5f64, -0.25] {
                params.push(match part.size() {
                    4 => (v as f32).to_le_bytes().to_vec(),
                    _ => v.to_le_bytes().to_vec(),
                });
            }
        } else {
            let (size, float) = dtype(&p.ty);
            let bytes = match (size, float) {
                (4, true) => 0.5f32.to_le_bytes().to_vec(),
                (8, true) => 0.5f64.to_le_bytes().to_vec(),
                (2, true) => 0x3800u16.to_le_bytes().to_vec(),
                _ => 3u64.to_le_bytes()[..size].to_vec(),
            };
            params.push(bytes);
        }
    }
    Args { params, arrays }
}

/// What one (program, options, opt level) run produced per kernel.
type RunResult = Vec<(String, Result<Vec<Vec<u8>>, CpuError>)>;

fn run(
    path: &Path,
    source: &str,
    opts: &kernelc_compiler::CheckOptions,
    opt: OptLevel,
) -> Result<RunResult, String> {
    let c = compile(
        "k.py",
        source,
        &CompileOptions {
            check: opts.clone(),
            opt,
            // -O2 fuses `a * b + c` as Numba does, which changes roundings
            // (checked against NumPy and Numba in tests/cpu_device); the
            // optimiser alone must change nothing.
            fma: false,
            stage: Stage::Ptx,
            ..CompileOptions::default()
        },
    )
    .map_err(|e| format!("{}: compile error {e}", path.display()))?;
    if c.checked.has_errors() {
        return Err(format!(
            "{}: {}",
            path.display(),
            c.checked.render_diagnostics()
        ));
    }
    let ptx = c.ptx.expect("PTX");
    let out = Arc::new(Mutex::new(Vec::new()));
    let d = CpuDevice::new(CpuOptions {
        workers: 1,
        check: true,
        step_limit: 50_000_000,
        printf: PrintfSink::Capture(out),
    });
    let m = d
        .load_module(&ptx)
        .map_err(|e| format!("{} ({opt:?}): load failed: {e}", path.display()))?;
    for ca in &opts.const_arrays {
        let name = format!("__kc_const_{}", ca.name);
        let (ptr, size) = m
            .global(&name)
            .ok_or_else(|| format!("{}: no constant {name}", path.display()))?;
        let bytes: Vec<u8> = (0..size).map(|i| (i * 7 % 13) as u8).collect();
        d.copy_to_device(ptr, &bytes).unwrap();
    }
    let mut results = Vec::new();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for k in &c.kernels {
        let a = args(&d, k, &mut rng);
        let refs: Vec<&[u8]> = a.params.iter().map(|p| p.as_slice()).collect();
        let cfg = LaunchConfig {
            grid: [2, 1, 1],
            block: [64, 1, 1],
            shared_bytes: 1024,
        };
        // A kernel that syncs its grid needs every block at once.
        let r = if k.cooperative {
            d.launch_cooperative(&m, &k.name, &cfg, &refs)
        } else {
            d.launch(&m, &k.name, &cfg, &refs)
        };
        let r = r.map(|_| {
            let mut out: Vec<Vec<u8>> = (a.arrays.iter())
                .map(|&(p, n)| {
                    let mut b = vec![0u8; n];
                    d.copy_from_device(&mut b, p).unwrap();
                    b
                })
                .collect();
            // The exception a `debug` kernel recorded (which raise, which
            // thread), compared like the arrays, then cleared.
            if let Some((p, n)) = m.global(kernelc_runtime::raised::RECORD) {
                let mut b = vec![0u8; n];
                d.copy_from_device(&mut b, p).unwrap();
                d.copy_to_device(p, &vec![0u8; n]).unwrap();
                out.push(b);
            }
            out
        });
        if let Err(
            CpuError::Unsupported { .. } | CpuError::Parse { .. } | CpuError::InvalidLaunch(_),
        ) = &r
        {
            return Err(format!(
                "{} ({opt:?}) kernel {}: {}",
                path.display(),
                k.name,
                r.unwrap_err()
            ));
        }
        results.push((k.name.clone(), r));
    }
    Ok(results)
}

/// (file, kernel) pairs that fault on the generic inputs, and why.
const EXPECTED_FAULTS: &[(&str, &str)] = &[
    // indexes a 32x33 tile with threadIdx.x up to 63 (written for 32x8 blocks)
    ("71_shared_2d_transpose.py", "transpose"),
    // sorts one 256-key segment per block: two blocks need 512 keys
    ("81_bitonic_sort_shared.py", "bitonic_sort"),
    // (47_debug_kernel.py's debug=True kernels raise on the generic inputs,
    // a division by zero and LimitError: recorded, not faults, and their
    // records are compared like the arrays.)
    // reshapes to (2, cols): the generic `cols` does not divide the size,
    // which traps with Numba's message
    ("99_array_views.py", "reshapes"),
    // writes past `x.size` into `out`, sized for its run case
    ("102_device_defaults.py", "defaults"),
    // `peaks` holds two rows of `counts.size` (its run case's sizes): the
    // generic arrays are shorter
    ("128_intrinsic_values.py", "intrinsic_values"),
    // a convolution: the weights' channels and extents must fit the
    // images' (its run case's shapes), which the generic arrays do not
    ("193_nd_arrays.py", "conv_nchw"),
];

#[test]
fn every_corpus_kernel_loads_and_runs_at_o0_and_o2() {
    let mut failures = Vec::new();
    let mut runtime_errors = Vec::new();
    let mut mismatches = Vec::new();
    let mut kernels = 0;
    for path in kernelc_integration_tests::accept_corpus() {
        let source = std::fs::read_to_string(&path).unwrap();
        for opts in kc_common::options_of(&source) {
            let r0 = run(&path, &source, &opts, OptLevel::O0);
            let r2 = run(&path, &source, &opts, OptLevel::O2);
            let (r0, r2) = match (r0, r2) {
                (Ok(a), Ok(b)) => (a, b),
                (a, b) => {
                    failures.extend(a.err());
                    failures.extend(b.err());
                    continue;
                }
            };
            for ((name, a), (_, b)) in r0.iter().zip(&r2) {
                kernels += 1;
                let file = path.file_name().unwrap().to_string_lossy();
                match (a, b) {
                    (Ok(x), Ok(y)) if x != y => mismatches.push(format!("{file} kernel {name}")),
                    (Ok(_), Ok(_)) => {}
                    (a, b) => {
                        for e in [a, b].into_iter().filter_map(|r| r.as_ref().err()) {
                            runtime_errors.push(format!("{file} kernel {name}: {e}"));
                        }
                    }
                }
            }
        }
    }
    eprintln!("{kernels} kernels ran at -O0 and -O2");
    eprintln!(
        "runtime errors ({}):\n{}",
        runtime_errors.len(),
        runtime_errors.join("\n")
    );
    eprintln!(
        "-O0/-O2 mismatches ({}):\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let unexpected: Vec<&String> = runtime_errors
        .iter()
        .filter(|e| {
            !EXPECTED_FAULTS
                .iter()
                .any(|(f, k)| e.starts_with(&format!("{f} kernel {k}:")))
        })
        .collect();
    assert!(
        unexpected.is_empty(),
        "unexpected runtime errors: {unexpected:#?}"
    );
    assert!(mismatches.is_empty(), "-O0 and -O2 differ: {mismatches:#?}");
    assert!(kernels >= 90, "only {kernels} kernels ran");
}
