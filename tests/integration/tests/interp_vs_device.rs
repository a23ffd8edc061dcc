//! Differential test of the CPU device against the compiler's IR
//! interpreter: every kernel of the accept corpus is lowered to IR (run by
//! the interpreter, -O0, one thread after another) and compiled to PTX
//! (-O0 and -O2 without multiply-add fusion, run by the CPU device with
//! checking on), on the same
//! deterministic inputs and launch. The outcome (success or failure), the
//! printed lines (as a multiset) and every array must agree: integers
//! exactly, floats bit for bit or both NaN, except that results of the math
//! library (the PTX expands `exp`, `sin`, ... into kernelc's own routines
//! while the interpreter calls the host's libm) may differ by a few ulps
//! ([`MATH_ULPS`]).
//!
//! This checks the PTX back end and the simulator together against an
//! independent definition of the language. Inputs follow the compiler's
//! `opt_equivalence` test: 64-element arrays (64, 8x8, 4x4x4; some files
//! need larger shapes), integers that are valid indices, floats that are
//! multiples of 1/64 in [-8, 8) with occasional infinities, NaNs and
//! negative zeros. Kernels that synchronise run with one-thread blocks
//! (the interpreter cannot run them otherwise). `KERNELC_DEBUG=kernel`
//! prints the first bytes of that kernel's arrays.

use kernelc_compiler::check;
use kernelc_compiler::driver::{compile, CompileOptions, Stage};
use kernelc_compiler::ir::interp::{InterpError, Interpreter, Val};
use kernelc_compiler::ir::{FuncKind, Type as IrType};
use kernelc_compiler::lower::lower_program;
use kernelc_compiler::lower::values::mem_type;
use kernelc_compiler::opt::OptLevel;
use kernelc_compiler::types::{Elem, Layout, Scalar, Type};
use kernelc_runtime::{CpuDevice, CpuOptions, DevicePtr, LaunchConfig, PrintfSink};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

#[path = "../../../compiler/tests/common/mod.rs"]
mod kc_common;

/// Largest difference, in units in the last place, allowed between
/// math-library results. Each `float32` function is within libdevice's
/// documented error (up to 4 ulp; `mathlib_accuracy` checks each one
/// against its bound), and kernels compose them: `tan(atan2(y, x))` for
/// an angle near ±π/2 multiplies atan2's ulps by tan's condition there
/// (16 ulp apart in the corpus's `33_math_trig` and `125_f32_polar`).
const MATH_ULPS: u64 = 32;
/// The same for `fastmath` kernels, whose `float32` math is the hardware
/// approximations, as numba-cuda's (the interpreter computes it exactly):
/// `exp(x)` is `ex2(x * log2 e)`, whose rounded product alone is up to 44
/// ulp off for `|x|` near 88.
const FASTMATH_ULPS: u64 = 128;
/// The same for programs using `cmath`: a complex result sums
/// math-library results (`r * cos(phi) + 2.5`, `|a|**x * cos(phase)`),
/// and cancellation in the sum scales their ulp differences up.
const CMATH_ULPS: u64 = 256;
/// Dynamic shared memory of every block.
const DYN_SHARED: usize = 4096;
/// The fewest kernels that must be compared.
const MIN_COMPARED: usize = 300;

/// Files whose kernels need other shapes: (file prefix, 1-D length, 2-D shape).
const SHAPES: &[(&str, u64, [u64; 2])] = &[
    ("12_", 256, [8, 8]),
    ("63_", 256, [8, 8]),
    ("81_", 64 * 256, [8, 8]),
    ("23_", 64, [64, 16]),
    ("32_", 64, [64, 16]),
    ("35_", 64, [64, 16]),
    ("36_", 64, [64, 16]),
    ("90_", 64, [64, 16]),
];

/// Kernels not compared, and why.
const SKIP: &[(&str, &str)] = &[
    (
        "locked_accumulate",
        "spin lock: the interpreter runs threads one after another",
    ),
    (
        "apply_device_sigs",
        "racy: `y[i] = window_mean(y, i)` reads neighbours other threads write",
    ),
];

/// Known differences, each a bug outside the simulator: (kernel, why).
/// (None today: the float atomic min/max difference this test found is
/// fixed; both follow Numba now.)
const KNOWN: &[(&str, &str)] = &[];

struct Rng(u64);

impl Rng {
    fn seeded(text: &str) -> Rng {
        let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        });
        Rng(h | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Small values: integers 0..8, floats k/64 in [-8, 8) with specials.
    fn small_bits(&mut self, ty: IrType, is_bool: bool) -> u64 {
        let r = self.next();
        if is_bool {
            r & 1
        } else if ty.is_float() {
            let special = [f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -0.0];
            let v = if r.is_multiple_of(32) {
                special[(r >> 8) as usize % special.len()]
            } else {
                ((r % 1024) as f64 - 512.0) / 64.0
            };
            Val::float(ty, v).bits()
        } else {
            r % 8
        }
    }
}

#[derive(Clone, Copy)]
struct Launch {
    grid: [u32; 3],
    block: [u32; 3],
}

/// The text of kernel `name` in `source` (from its `def` to the next
/// top-level statement), so launch shapes follow that kernel only.
fn kernel_text<'s>(source: &'s str, name: &str) -> &'s str {
    let Some(start) = source.find(&format!("def {name}(")) else {
        return source;
    };
    let rest = &source[start..];
    let end = rest[1..]
        .find("\n@")
        .or_else(|| rest[1..].find("\ndef "))
        .map_or(rest.len(), |e| e + 1);
    &rest[..end]
}

fn launches(source: &str) -> [Launch; 3] {
    let uses = |words: &[&str]| words.iter().any(|w| source.contains(w));
    let default = if uses(&["grid(3)", "gridsize(3)", "Idx.z", "Dim.z"]) {
        Launch {
            grid: [2, 2, 2],
            block: [2, 2, 2],
        }
    } else if uses(&["grid(2)", "gridsize(2)", "Idx.y", "Dim.y"]) {
        Launch {
            grid: [2, 2, 1],
            block: [4, 4, 1],
        }
    } else {
        Launch {
            grid: [2, 1, 1],
            block: [32, 1, 1],
        }
    };
    let t = |d: usize| default.grid[d] * default.block[d];
    [
        default,
        Launch {
            grid: [t(0), t(1), t(2)],
            block: [1, 1, 1],
        },
        Launch {
            grid: [1, 1, 1],
            block: [1, 1, 1],
        },
    ]
}

/// One array argument.
struct Buffer {
    data: Vec<u8>,
    elem: IrType,
    interp_ptr: u64,
    /// Bytes from the buffer's start to the address the kernel is given
    /// (a pointer argument points into the middle of its buffer).
    offset: u64,
}

/// Kernel arguments: interpreter values, `.param` bytes, and arrays.
#[derive(Default)]
struct Args {
    vals: Vec<Val>,
    params: Vec<Vec<u8>>,
    buffers: Vec<Buffer>,
}

fn make_args(
    ty: &Type,
    shape: (u64, [u64; 2]),
    rng: &mut Rng,
    interp: &mut Interpreter,
    out: &mut Args,
) {
    match ty {
        Type::Scalar(s) => {
            let ir = mem_type(*s);
            let bits = if s.is_int() {
                1 + rng.next() % 8
            } else {
                rng.small_bits(ir, *s == Scalar::Bool)
            };
            out.vals.push(Val::from_bits(ir, bits));
            out.params
                .push(bits.to_le_bytes()[..ir.bytes() as usize].to_vec());
        }
        Type::Complex(part) => {
            let ir = mem_type(*part);
            for _ in 0..2 {
                let bits = rng.small_bits(ir, false);
                out.vals.push(Val::from_bits(ir, bits));
                out.params
                    .push(bits.to_le_bytes()[..ir.bytes() as usize].to_vec());
            }
        }
        Type::Array(a) => {
            // A record is filled byte by byte.
            let (elem, bool_elem, per_elem) = match a.elem {
                Elem::Scalar(s) => (mem_type(s), s == Scalar::Bool, 1),
                Elem::Complex(part) => (mem_type(part), false, 2),
                Elem::Record(r) => (IrType::I8, false, u64::from(r.size())),
            };
            let dims: Vec<u64> = match a.ndim {
                0 => vec![],
                1 => vec![shape.0],
                2 => shape.1.to_vec(),
                _ => vec![4, 4, 4],
            };
            let count: u64 = dims.iter().product();
            let unit = elem.bytes() as u64;
            let size = unit * per_elem;
            let mut data = Vec::new();
            for _ in 0..count * per_elem {
                let bits = rng.small_bits(elem, bool_elem);
                data.extend_from_slice(&bits.to_le_bytes()[..unit as usize]);
            }
            let ptr = interp.alloc_global(data.len());
            interp.write(ptr, &data).unwrap();
            out.vals.push(Val::Ptr(ptr));
            out.params.push(Vec::new()); // the device pointer, filled later
            let mut strides = vec![0u64; dims.len()];
            let mut step = size;
            if a.layout == Layout::F {
                for (s, d) in strides.iter_mut().zip(&dims) {
                    *s = step;
                    step *= d;
                }
            } else {
                for (s, d) in strides.iter_mut().zip(&dims).rev() {
                    *s = step;
                    step *= d;
                }
            }
            for &d in &dims {
                out.vals.push(Val::I64(d));
                out.params.push((d as i64).to_le_bytes().to_vec());
            }
            for &s in &strides {
                out.vals.push(Val::I64(s));
                out.params.push((s as i64).to_le_bytes().to_vec());
            }
            out.buffers.push(Buffer {
                data,
                elem,
                interp_ptr: ptr,
                offset: 0,
            });
        }
        // A pointer points into the middle of a buffer of its elements, so
        // that small negative and positive indices land inside it.
        Type::Pointer(e) => {
            const ELEMS: u64 = 256;
            let size = u64::from(e.size());
            let data: Vec<u8> = (0..ELEMS * size)
                .map(|_| rng.small_bits(IrType::I8, false) as u8)
                .collect();
            let ptr = interp.alloc_global(data.len());
            interp.write(ptr, &data).unwrap();
            let offset = ELEMS / 2 * size;
            out.vals.push(Val::Ptr(ptr + offset));
            out.params.push(Vec::new()); // the device pointer, filled later
            out.buffers.push(Buffer {
                data,
                elem: IrType::I8,
                interp_ptr: ptr,
                offset,
            });
        }
        Type::Tuple(items) => {
            for t in items.iter() {
                make_args(t, shape, rng, interp, out);
            }
        }
        // An enum member is passed as its value.
        Type::Enum(e) => make_args(&Type::Scalar(e.dtype()), shape, rng, interp, out),
        // (Kernel parameters are never records, only arrays of them, and
        // never optional.)
        Type::None
        | Type::Optional(_)
        | Type::Unknown
        | Type::Function(_)
        | Type::Class(_)
        | Type::Record(_)
        | Type::Vector(_)
        | Type::GridGroup => {}
    }
}

/// Distance in ulps between two floats of `bytes` width (as ordered bits).
fn ulps(a: u64, b: u64, bytes: u32) -> u64 {
    let key = |x: u64| -> i128 {
        if bytes == 4 {
            let v = x as u32 as i32;
            (if v < 0 { i32::MIN - v } else { v }) as i128
        } else {
            let v = x as i64;
            (if v < 0 { i64::MIN - v } else { v }) as i128
        }
    };
    (key(a) - key(b)).unsigned_abs() as u64
}

/// The first element where two arrays differ beyond what is allowed.
fn differs(elem: IrType, a: &[u8], b: &[u8], tolerance: u64) -> Option<String> {
    let size = elem.bytes() as usize;
    for (i, (x, y)) in a.chunks(size).zip(b.chunks(size)).enumerate() {
        let mut le = [[0u8; 8]; 2];
        le[0][..size].copy_from_slice(x);
        le[1][..size].copy_from_slice(y);
        let (x, y) = (u64::from_le_bytes(le[0]), u64::from_le_bytes(le[1]));
        if x == y {
            continue;
        }
        if elem.is_float() {
            let (vx, vy) = (Val::from_bits(elem, x), Val::from_bits(elem, y));
            if vx.as_f64().is_nan() && vy.as_f64().is_nan() {
                continue;
            }
            if size >= 4 && ulps(x, y, size as u32) <= tolerance {
                continue;
            }
            return Some(format!("element {i}: interpreter {vx:?}, device {vy:?}"));
        }
        return Some(format!("element {i}: interpreter {x:#x}, device {y:#x}"));
    }
    None
}

fn sorted_lines(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.lines().map(String::from).collect();
    v.sort();
    v
}

#[test]
fn device_agrees_with_the_ir_interpreter_on_the_corpus() {
    let mut compared = 0;
    let mut differences = Vec::new();
    let mut skipped: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut known = Vec::new();
    for path in kernelc_integration_tests::accept_corpus() {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let source = std::fs::read_to_string(&path).unwrap();
        let shape = SHAPES
            .iter()
            .find(|s| file.starts_with(s.0))
            .map_or((64, [8, 8]), |s| (s.1, s.2));
        let uses_math = source.contains("math.");
        let uses_cmath = source.contains("cmath.");
        for options in kc_common::options_of(&source) {
            let checked = check(&file, &source, &options);
            assert!(
                !checked.has_errors(),
                "{file}: {}",
                checked.render_diagnostics()
            );
            let mut module = lower_program(&checked.program);
            let mut crng = Rng::seeded(&file);
            for c in module.consts.values_mut() {
                let size = c.elem.bytes() as usize;
                c.data.clear();
                for _ in 0..c.count {
                    let bits = crng.small_bits(c.elem, false);
                    c.data.extend_from_slice(&bits.to_le_bytes()[..size]);
                }
            }
            let ptxs: Vec<(OptLevel, String)> = [OptLevel::O0, OptLevel::O2]
                .into_iter()
                .map(|opt| {
                    let options = CompileOptions {
                        check: options.clone(),
                        opt,
                        // The interpreter rounds every product and sum (the
                        // fused -O2 is checked in tests/cpu_device).
                        fma: false,
                        stage: Stage::Ptx,
                        ..CompileOptions::default()
                    };
                    (
                        opt,
                        compile(&file, &source, &options).unwrap().ptx.expect("PTX"),
                    )
                })
                .collect();
            for (i, typed) in checked.program.functions.iter().enumerate() {
                if !typed.is_kernel {
                    continue;
                }
                let (func, f) = module.functions.iter().nth(i).unwrap();
                assert_eq!(f.kind, FuncKind::Kernel);
                let name = format!("{file}:{}", f.name);
                if let Some((_, why)) = SKIP.iter().find(|(k, _)| *k == f.name) {
                    skipped.entry(why.to_string()).or_default().push(name);
                    continue;
                }
                // The interpreter: the first launch it can run.
                let mut result = None;
                for launch in launches(kernel_text(&source, &f.name)) {
                    let mut interp = Interpreter::new(&module);
                    interp.step_limit = 2_000_000;
                    interp.set_dynamic_shared(DYN_SHARED);
                    let mut args = Args::default();
                    let mut rng = Rng::seeded(&name);
                    for ty in &typed.param_types {
                        make_args(ty, shape, &mut rng, &mut interp, &mut args);
                    }
                    let outcome =
                        interp.run_kernel_serial(func, &args.vals, launch.grid, launch.block);
                    if matches!(outcome, Err(InterpError::NeedsSimt(_))) {
                        continue;
                    }
                    let arrays: Vec<Vec<u8>> = args
                        .buffers
                        .iter()
                        .map(|b| interp.read(b.interp_ptr, b.data.len()).unwrap())
                        .collect();
                    result = Some((launch, args, outcome, arrays, interp.take_output()));
                    break;
                }
                let Some((launch, args, outcome, want, printed)) = result else {
                    skipped
                        .entry("needs SIMT execution".into())
                        .or_default()
                        .push(name);
                    continue;
                };
                if let Err(InterpError::StepLimit(_)) = outcome {
                    skipped
                        .entry("runs past the interpreter's step limit".into())
                        .or_default()
                        .push(name);
                    continue;
                }
                for (opt, ptx) in &ptxs {
                    let name = format!("{name} ({opt:?})");
                    // The CPU device, same inputs and launch.
                    let out = Arc::new(Mutex::new(Vec::new()));
                    let d = CpuDevice::new(CpuOptions {
                        workers: 1,
                        check: true,
                        step_limit: 50_000_000,
                        printf: PrintfSink::Capture(out.clone()),
                    });
                    let m = d.load_module(ptx).unwrap();
                    for c in module.consts.values() {
                        let (p, size) = m.global(&format!("__kc_const_{}", c.name)).unwrap();
                        d.copy_to_device(p, &c.data[..size.min(c.data.len())])
                            .unwrap();
                    }
                    let mut params = args.params.clone();
                    let mut ptrs: Vec<DevicePtr> = Vec::new();
                    for b in &args.buffers {
                        let p = d.alloc(b.data.len()).unwrap();
                        d.copy_to_device(p, &b.data).unwrap();
                        ptrs.push(p);
                    }
                    for (k, p) in params.iter_mut().filter(|p| p.is_empty()).enumerate() {
                        *p = (ptrs[k].0 + args.buffers[k].offset).to_le_bytes().to_vec();
                    }
                    let refs: Vec<&[u8]> = params.iter().map(|p| p.as_slice()).collect();
                    let cfg = LaunchConfig {
                        grid: launch.grid,
                        block: launch.block,
                        shared_bytes: DYN_SHARED as u32,
                    };
                    let got = d.launch(&m, &f.name, &cfg, &refs);
                    compared += 1;
                    match (&outcome, &got) {
                        (Ok(()), Ok(_)) => {}
                        (Err(_), Err(_)) => continue,
                        (a, b) => {
                            differences.push(format!(
                                "{name}: interpreter {:?}, device {:?}",
                                a.as_ref().map_err(|e| e.to_string()),
                                b.as_ref().map(|_| ()).map_err(|e| e.to_string())
                            ));
                            continue;
                        }
                    }
                    let device_printed = String::from_utf8_lossy(&out.lock().unwrap()).into_owned();
                    if sorted_lines(&printed) != sorted_lines(&device_printed) {
                        differences.push(format!(
                            "{name}: printed {printed:?} (interpreter) vs {device_printed:?} (device)"
                        ));
                    }
                    let tolerance = if uses_cmath {
                        CMATH_ULPS
                    } else if uses_math && f.fastmath {
                        FASTMATH_ULPS
                    } else if uses_math {
                        MATH_ULPS
                    } else {
                        0
                    };
                    for (j, (b, w)) in args.buffers.iter().zip(&want).enumerate() {
                        let mut g = vec![0u8; b.data.len()];
                        d.copy_from_device(&mut g, ptrs[j]).unwrap();
                        if std::env::var("KERNELC_DEBUG").is_ok_and(|k| name.contains(&k)) {
                            eprintln!(
                                "{name} array {j}\n  input  {:?}\n  interp {:?}\n  device {:?}",
                                &b.data[..16.min(b.data.len())],
                                &w[..16.min(w.len())],
                                &g[..16.min(g.len())]
                            );
                        }
                        if let Some(diff) = differs(b.elem, w, &g, tolerance) {
                            match KNOWN.iter().find(|(k, _)| *k == f.name) {
                                Some((_, why)) => known.push(format!("{name}: {diff} ({why})")),
                                None => differences.push(format!("{name}: array {j}: {diff}")),
                            }
                        }
                    }
                }
            }
        }
    }
    println!("compared {compared} kernels");
    for k in &known {
        println!("known difference: {k}");
    }
    for (why, names) in &skipped {
        println!("skipped {} ({why}): {}", names.len(), names.join(", "));
    }
    assert!(
        differences.is_empty(),
        "{} differences:\n{}",
        differences.len(),
        differences.join("\n")
    );
    assert!(compared >= MIN_COMPARED, "only {compared} kernels compared");
}
