//! Differential test of the optimiser on real kernels: every kernel of the
//! accept corpus (`tests/check/accept/*.py`) is lowered, kept as is (-O0)
//! and optimised (-O2), and both versions run in the IR interpreter, one
//! thread after another, on the same deterministic pseudo-random inputs
//! with the same launch. Every array argument (inputs included), the
//! printed output and the run's outcome must be identical, floats bit for
//! bit (any NaN equals any NaN). Constant arrays (`--const` headers) get
//! pseudo-random contents in the module's `ConstDecl` data; math opcodes
//! are evaluated by the interpreter directly (no math library expansion).
//!
//! Inputs: arrays of 64 elements (64, 8x8, 4x4x4; per-file [`RECIPES`]
//! change the shapes), C- or Fortran-contiguous as the signature says;
//! floats are multiples of 1/64 in [-8, 8) with occasional NaNs,
//! infinities and negative zeros. Each kernel runs on [`INPUT_SETS`] sets
//! whose integers are valid indices (0..8) and as many whose integers span
//! their whole range; a wide set that faults at -O0 (a bad index) is not
//! compared, as an out-of-bounds access is a program bug that -O2 need not
//! preserve.
//!
//! Launch: 64 threads in one, two or three dimensions (as the source's
//! use of `cuda.grid(n)` and `.y`/`.z` indices suggests). Kernels that
//! synchronise (barriers, warp votes and shuffles) cannot run serially in
//! blocks of several threads; they run with one-thread blocks instead, and
//! fences with a one-thread launch. Files that need inputs this generator
//! cannot give are skipped with a counted reason.
//!
//! What it proves: on the whole corpus, -O2 preserves the observable
//! behaviour of the lowered IR as the interpreter defines it.

mod common;

use common::{accept_corpus, options_of};
use kernelc_compiler::check;
use kernelc_compiler::ir::interp::{InterpError, Interpreter, Val};
use kernelc_compiler::ir::{FuncKind, FuncRef, Module, Type as IrType};
use kernelc_compiler::lower::lower_program;
use kernelc_compiler::lower::values::mem_type;
use kernelc_compiler::opt::{optimize, OptLevel};
use kernelc_compiler::types::{Elem, Layout, Scalar, Type};
use std::collections::BTreeMap;

/// Instructions one thread may execute before the run counts as a hang.
const STEP_LIMIT: u64 = 2_000_000;

/// Pseudo-random input sets per kernel, twice: integers as valid indices,
/// then integers over their whole range.
const INPUT_SETS: usize = 3;

/// The fewest kernels that must be compared (160 are today): a change that
/// makes kernels unrunnable or skipped shows up here.
const MIN_COMPARED: usize = 150;

/// A launch: grid and block dimensions.
#[derive(Copy, Clone, Debug)]
struct Launch {
    grid: [u32; 3],
    block: [u32; 3],
}

/// The launch of a kernel of `dims` dimensions: 64 threads, as 2x32,
/// (2x2)x(4x4) or (2x2x2)x(2x2x2).
fn default_launch(dims: usize) -> Launch {
    match dims {
        1 => Launch {
            grid: [2, 1, 1],
            block: [32, 1, 1],
        },
        2 => Launch {
            grid: [2, 2, 1],
            block: [4, 4, 1],
        },
        _ => Launch {
            grid: [2, 2, 2],
            block: [2, 2, 2],
        },
    }
}

/// The shape of an array argument: 64 elements (64, 8x8 or 4x4x4), which
/// the launches above cover one thread per element, unless the recipe asks
/// for other vectors or matrices.
fn array_shape(ndim: u8, recipe: Option<&Recipe>) -> Vec<u64> {
    let (vector, matrix) = recipe.map_or((None, None), |r| (r.vector, r.matrix));
    match ndim {
        1 => vec![vector.unwrap_or(64)],
        2 => matrix.unwrap_or([8, 8]).to_vec(),
        _ => vec![4, 4, 4],
    }
}

/// The launches tried, in order, for a kernel of `dims` dimensions: the
/// default one, then one-thread blocks over as many blocks (which honour
/// barriers and warp operations), then a one-thread launch (which honours
/// fences too).
fn launches(dims: usize) -> [Launch; 3] {
    let default = default_launch(dims);
    let threads = |d: usize| default.grid[d] * default.block[d];
    let one_thread_blocks = Launch {
        grid: [threads(0), threads(1), threads(2)],
        block: [1, 1, 1],
    };
    let one_thread = Launch {
        grid: [1, 1, 1],
        block: [1, 1, 1],
    };
    [default, one_thread_blocks, one_thread]
}

/// How many launch dimensions a program uses, from its source text.
fn launch_dims(source: &str) -> usize {
    let uses = |words: &[&str]| words.iter().any(|w| source.contains(w));
    if uses(&["grid(3)", "gridsize(3)", "Idx.z", "Dim.z"]) {
        3
    } else if uses(&["grid(2)", "gridsize(2)", "Idx.y", "Dim.y"]) {
        2
    } else {
        1
    }
}

/// Per-file exceptions to the generic inputs.
struct Recipe {
    /// File name prefix (`NN_`).
    file: &'static str,
    /// A kernel of the file that is skipped, and why.
    skip: Option<(&'static str, &'static str)>,
    /// The length of 1-D arrays, instead of 64.
    vector: Option<u64>,
    /// The shape of 2-D arrays, instead of 8x8.
    matrix: Option<[u64; 2]>,
}

/// No exception.
const GENERIC: Recipe = Recipe {
    file: "",
    skip: None,
    vector: None,
    matrix: None,
};

/// Files whose kernels need something the generic inputs do not give.
const RECIPES: &[Recipe] = &[
    Recipe {
        file: "15_",
        skip: Some((
            "locked_accumulate",
            "spin lock: needs lock[0] == 0 and a one-thread launch for its fences",
        )),
        ..GENERIC
    },
    // 256 bins; with one-thread blocks, a 256-key chunk or 3 outputs per
    // block.
    Recipe {
        file: "12_",
        vector: Some(256),
        ..GENERIC
    },
    Recipe {
        file: "63_",
        vector: Some(256),
        ..GENERIC
    },
    Recipe {
        file: "81_",
        vector: Some(64 * 256),
        ..GENERIC
    },
    // One matrix row per element of a 64-element vector (`out[i, 0..k]`).
    Recipe {
        file: "23_",
        matrix: Some([64, 16]),
        ..GENERIC
    },
    Recipe {
        file: "32_",
        matrix: Some([64, 16]),
        ..GENERIC
    },
    Recipe {
        file: "35_",
        matrix: Some([64, 16]),
        ..GENERIC
    },
    Recipe {
        file: "36_",
        matrix: Some([64, 16]),
        ..GENERIC
    },
    Recipe {
        file: "90_",
        matrix: Some([64, 16]),
        ..GENERIC
    },
];

/// Dynamic shared memory given to every block.
const DYNAMIC_SHARED_BYTES: usize = 4096;

/// A deterministic xorshift generator.
struct Rng {
    state: u64,
    /// Draw integers (arrays and scalars) from the whole range: -100..=100
    /// and, one time in 8, extreme values; otherwise they are valid indices.
    wide_ints: bool,
}

impl Rng {
    fn seeded(text: &str, wide_ints: bool) -> Rng {
        // FNV-1a of the text, never zero.
        let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        });
        Rng {
            state: h | 1,
            wide_ints,
        }
    }

    fn next(&mut self) -> u64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state
    }

    /// Raw little-endian bits of a small value of memory type `ty`:
    /// integers in 0..8 (valid indices into any test array), floats
    /// multiples of 1/64 in [-8, 8) and, one time in 32, an infinity, a
    /// NaN or a signed zero; booleans 0 or 1.
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
        } else if self.wide_ints {
            let edges = [
                i64::MIN,
                i64::MAX,
                i32::MIN as i64,
                i32::MAX as i64,
                -1,
                255,
                65535,
            ];
            if r.is_multiple_of(8) {
                edges[(r >> 8) as usize % edges.len()] as u64
            } else {
                (((r >> 8) % 201) as i64 - 100) as u64
            }
        } else {
            r % 8
        }
    }
}

/// One array argument, to read back after the run.
struct Buffer {
    ptr: u64,
    elem: IrType,
    count: usize,
}

/// Flattens the kernel arguments of type `ty` into `args`, allocating and
/// filling arrays in `interp`.
fn make_args(
    ty: &Type,
    recipe: Option<&Recipe>,
    rng: &mut Rng,
    interp: &mut Interpreter,
    args: &mut Vec<Val>,
    buffers: &mut Vec<Buffer>,
) {
    match ty {
        Type::Scalar(s) => {
            let ir = mem_type(*s);
            let bits = if s.is_int() && !rng.wide_ints {
                // Scalars may be sizes or loop bounds: 1..8.
                1 + rng.next() % 8
            } else {
                rng.small_bits(ir, *s == Scalar::Bool)
            };
            args.push(Val::from_bits(ir, bits));
        }
        Type::Complex(part) => {
            let ir = mem_type(*part);
            for _ in 0..2 {
                let bits = rng.small_bits(ir, false);
                args.push(Val::from_bits(ir, bits));
            }
        }
        Type::Array(a) => {
            // A record is filled byte by byte.
            let (elem, bool_elem, per_elem) = match a.elem {
                Elem::Scalar(s) => (mem_type(s), s == Scalar::Bool, 1),
                Elem::Complex(part) => (mem_type(part), false, 2),
                Elem::Record(r) => (IrType::I8, false, u64::from(r.size())),
            };
            let dims = &array_shape(a.ndim, recipe)[..];
            let count: u64 = dims.iter().product();
            let unit = elem.bytes() as u64;
            let size = unit * per_elem;
            let mut data = Vec::with_capacity((count * size) as usize);
            for _ in 0..count * per_elem {
                let bits = rng.small_bits(elem, bool_elem);
                data.extend_from_slice(&bits.to_le_bytes()[..unit as usize]);
            }
            let ptr = interp.alloc_global(data.len());
            interp.write(ptr, &data).unwrap();
            args.push(Val::Ptr(ptr));
            args.extend(dims.iter().map(|&d| Val::I64(d)));
            let mut strides = vec![0; dims.len()];
            let mut step = size;
            if a.layout == Layout::F {
                for (s, d) in strides.iter_mut().zip(dims) {
                    *s = step;
                    step *= d;
                }
            } else {
                for (s, d) in strides.iter_mut().zip(dims).rev() {
                    *s = step;
                    step *= d;
                }
            }
            args.extend(strides.into_iter().map(Val::I64));
            buffers.push(Buffer {
                ptr,
                elem,
                count: (count * per_elem) as usize,
            });
        }
        Type::Tuple(items) => {
            for t in items.iter() {
                make_args(t, recipe, rng, interp, args, buffers);
            }
        }
        // A pointer points into the middle of a buffer of its elements, so
        // that small negative and positive indices land inside it.
        Type::Pointer(e) => {
            const ELEMS: u64 = 256;
            let size = u64::from(e.size());
            let mut data = Vec::with_capacity((ELEMS * size) as usize);
            for _ in 0..ELEMS * size {
                data.push(rng.small_bits(IrType::I8, false) as u8);
            }
            let ptr = interp.alloc_global(data.len());
            interp.write(ptr, &data).unwrap();
            args.push(Val::Ptr(ptr + ELEMS / 2 * size));
            buffers.push(Buffer {
                ptr,
                elem: IrType::I8,
                count: data.len(),
            });
        }
        // An enum member is passed as its value.
        Type::Enum(e) => make_args(&Type::Scalar(e.dtype()), recipe, rng, interp, args, buffers),
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

/// Gives every constant array of `module` pseudo-random contents.
fn fill_consts(module: &mut Module, rng: &mut Rng) {
    for c in module.consts.values_mut() {
        let size = c.elem.bytes() as usize;
        c.data.clear();
        for _ in 0..c.count {
            let bits = rng.small_bits(c.elem, false);
            c.data.extend_from_slice(&bits.to_le_bytes()[..size]);
        }
    }
}

/// What a run leaves behind: its outcome, printed output and every array.
#[derive(Debug)]
struct Observed {
    /// The arrays before the run.
    inputs: Vec<Vec<Val>>,
    outcome: Result<(), InterpError>,
    output: String,
    arrays: Vec<Vec<Val>>,
}

/// Runs kernel `func` of `module` on inputs drawn from `seed`.
fn observe(
    module: &Module,
    func: FuncRef,
    params: &[Type],
    seed: &str,
    launch: Launch,
    recipe: Option<&Recipe>,
    wide_ints: bool,
) -> Observed {
    let mut interp = Interpreter::new(module);
    interp.step_limit = STEP_LIMIT;
    interp.set_dynamic_shared(DYNAMIC_SHARED_BYTES);
    let mut rng = Rng::seeded(seed, wide_ints);
    let (mut args, mut buffers) = (Vec::new(), Vec::new());
    for ty in params {
        make_args(ty, recipe, &mut rng, &mut interp, &mut args, &mut buffers);
    }
    let inputs = read_arrays(&interp, &buffers);
    let outcome = interp.run_kernel_serial(func, &args, launch.grid, launch.block);
    Observed {
        inputs,
        arrays: read_arrays(&interp, &buffers),
        outcome,
        output: interp.take_output(),
    }
}

/// The elements of every array argument.
fn read_arrays(interp: &Interpreter, buffers: &[Buffer]) -> Vec<Vec<Val>> {
    buffers
        .iter()
        .map(|b| {
            let size = b.elem.bytes() as usize;
            let bytes = interp.read(b.ptr, b.count * size).unwrap();
            bytes
                .chunks(size)
                .map(|c| {
                    let mut le = [0u8; 8];
                    le[..size].copy_from_slice(c);
                    Val::from_bits(b.elem, u64::from_le_bytes(le))
                })
                .collect()
        })
        .collect()
}

/// Bitwise equality, except that any NaN equals any NaN.
fn same_val(a: Val, b: Val) -> bool {
    let nan = |v: Val| v.ty().is_float() && v.as_f64().is_nan();
    a.bits() == b.bits() && a.ty() == b.ty() || nan(a) && nan(b)
}

/// The first difference between two runs, if any.
fn difference(o0: &Observed, o2: &Observed) -> Option<String> {
    let outcome = |o: &Observed| o.outcome.as_ref().map_err(ToString::to_string).cloned();
    if outcome(o0) != outcome(o2) {
        return Some(format!(
            "outcome {:?} at -O0, {:?} at -O2",
            outcome(o0),
            outcome(o2)
        ));
    }
    if o0.output != o2.output {
        return Some(format!(
            "printed {:?} at -O0, {:?} at -O2",
            o0.output, o2.output
        ));
    }
    for (k, (a, b)) in o0.arrays.iter().zip(&o2.arrays).enumerate() {
        if let Some(i) = (0..a.len()).find(|&i| !same_val(a[i], b[i])) {
            return Some(format!(
                "array argument {k}, element {i}: {:?} at -O0, {:?} at -O2",
                a[i], b[i]
            ));
        }
    }
    None
}

#[test]
fn o2_preserves_the_behaviour_of_corpus_kernels() {
    let mut compared = Vec::new();
    let mut skipped: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut differences = Vec::new();
    let (mut one_thread_blocks, mut no_effect) = (Vec::new(), Vec::new());
    let (mut runs, mut wide_faults) = (0, 0);
    for path in accept_corpus() {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let source = std::fs::read_to_string(&path).unwrap();
        let recipe = RECIPES.iter().find(|r| file.starts_with(r.file));
        let launches = launches(launch_dims(&source));
        for options in options_of(&source) {
            let checked = check(&file, &source, &options);
            assert!(
                !checked.has_errors(),
                "{file}: {}",
                checked.render_diagnostics()
            );
            let mut o0 = lower_program(&checked.program);
            fill_consts(&mut o0, &mut Rng::seeded(&file, false));
            let mut o2 = o0.clone();
            optimize(&mut o2, OptLevel::O2);
            for (i, typed) in checked.program.functions.iter().enumerate() {
                if !typed.is_kernel {
                    continue;
                }
                let (func, f) = o0.functions.iter().nth(i).unwrap();
                assert_eq!(f.kind, FuncKind::Kernel);
                let name = format!("{file}:{}", f.name);
                if let Some((_, reason)) = recipe
                    .and_then(|r| r.skip)
                    .filter(|(kernel, _)| *kernel == f.name)
                {
                    skipped.entry(reason.into()).or_default().push(name);
                    continue;
                }
                let func2 = o2.function_named(&f.name).unwrap();
                // The kernel's own parameters, then its hidden ones (the
                // declared global device arrays).
                let params: &Vec<_> = &(typed.param_types.iter().cloned())
                    .chain((checked.program.global_arrays.iter()).map(|g| g.array_type()))
                    .collect();
                let mut launch = launches[0];
                let mut before = observe(&o0, func, params, &name, launch, recipe, false);
                for &serial in &launches[1..] {
                    if let Err(InterpError::NeedsSimt(_)) = before.outcome {
                        launch = serial;
                        before = observe(&o0, func, params, &name, launch, recipe, false);
                    }
                }
                match &before.outcome {
                    Err(InterpError::NeedsSimt(op)) => {
                        skipped
                            .entry(format!("needs SIMT execution ({op})"))
                            .or_default()
                            .push(name);
                        continue;
                    }
                    Err(InterpError::StepLimit(_)) => {
                        skipped
                            .entry("runs past the step limit".into())
                            .or_default()
                            .push(name);
                        continue;
                    }
                    _ => {}
                }
                let first_error = before.outcome.as_ref().err().map(ToString::to_string);
                let mut writes = false;
                for set in 0..2 * INPUT_SETS {
                    let seed = if set == 0 {
                        name.clone()
                    } else {
                        format!("{name}#{set}")
                    };
                    let wide = set >= INPUT_SETS;
                    if set > 0 {
                        before = observe(&o0, func, params, &seed, launch, recipe, wide);
                    }
                    if wide && before.outcome.is_err() {
                        // Wide integers may be bad indices or bounds.
                        wide_faults += 1;
                        continue;
                    }
                    let after = observe(&o2, func2, params, &seed, launch, recipe, wide);
                    if let Some(d) = difference(&before, &after) {
                        differences.push(format!("{seed}: {d}"));
                    }
                    writes |= before.arrays != before.inputs || !before.output.is_empty();
                    runs += 1;
                }
                if launch.block == [1, 1, 1] {
                    one_thread_blocks.push(name.clone());
                }
                if !writes {
                    no_effect.push(name.clone());
                }
                compared.push((name, first_error));
            }
        }
    }
    let failing: Vec<String> = compared
        .iter()
        .filter_map(|(name, err)| err.as_ref().map(|e| format!("{name} ({e})")))
        .collect();
    println!(
        "compared {} kernels at -O0 and -O2 on {runs} input sets ({} of them stop with the same error: {failing:?})",
        compared.len(),
        failing.len()
    );
    println!(
        "{wide_faults} runs with wide integers fail at -O0 (bad indices) and are not compared"
    );
    println!(
        "{} of them with one-thread blocks (they synchronise): {}",
        one_thread_blocks.len(),
        one_thread_blocks.join(", ")
    );
    println!(
        "{} of them write nothing on any input set: {}",
        no_effect.len(),
        no_effect.join(", ")
    );
    for (reason, names) in &skipped {
        println!("skipped {} ({reason}): {}", names.len(), names.join(", "));
    }
    assert!(
        differences.is_empty(),
        "-O2 changed the behaviour of {} kernels:\n{}",
        differences.len(),
        differences.join("\n")
    );
    assert!(
        no_effect.len() <= 4,
        "{} kernels write nothing: the comparison is becoming vacuous",
        no_effect.len()
    );
    assert!(
        compared.len() >= MIN_COMPARED,
        "only {} kernels compared",
        compared.len()
    );
}
