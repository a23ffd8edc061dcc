//! The whole pipeline for one source file: type checking, lowering to the
//! mid-IR, optimisation, math-library expansion and PTX emission, with the
//! time each phase took (measured in-process, for `--timings`).
//!
//! A caller that compiles file after file keeps one [`CompileContext`] and
//! uses [`compile_with`] or [`compile_forcing_with`], giving each result
//! back with [`CompileContext::recycle`]; [`compile`] and
//! [`compile_forcing`] use a new context every time.

use crate::diagnostics::Diagnostic;
use crate::ir::{self, verifier::verify_module};
use crate::lower::lower_program;
use crate::mathlib::{expand_math_in, Bodies, BuiltFunctions};
use crate::opt::{contract_in, optimize_in, AnalysesPool, OptLevel, OptReport, FUEL};
use crate::ptx::{self, Target};
use crate::sema::typed::JitFlags;
use crate::sema::{check_with, CheckContext, CheckOptions, Checked};
use std::time::{Duration, Instant};

/// How far to take a compilation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// Stop after lowering and optimisation (the IR).
    Ir,
    /// Go all the way to PTX text.
    Ptx,
}

/// Options of a compilation.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// Which kernel(s), signature and constant arrays (as for `check`).
    pub check: CheckOptions,
    /// `-O0` or `-O2`.
    pub opt: OptLevel,
    /// At `-O2`, fuse `a * b + c` into one multiply-add (one rounding)
    /// where Numba's compiler does, as NVVM's default `-fma=1` (see
    /// [`crate::opt::contract`]); false rounds every product and sum
    /// (NVVM's `-fma=0`). `-O0` fuses nothing, as Numba's `opt=False`.
    pub fma: bool,
    /// The `sm_XX` target.
    pub target: Target,
    /// Where to stop.
    pub stage: Stage,
    /// Export the one device function `check` selects, as
    /// `cuda.compile_ptx(..., device=True)` does (see [`Export`]); `None`
    /// compiles kernels.
    pub export: Option<Export>,
    /// Every kernel's launch bounds (`cuda.jit(launch_bounds=...)`), if
    /// given.
    pub launch_bounds: Option<ir::LaunchBounds>,
    /// `lineinfo` for every function, as `@cuda.jit(lineinfo=True)`: the
    /// `.loc` directives of a device function's inlined code name the
    /// function and the call it was inlined at, as NVVM writes them (see
    /// [`ptx::lineinfo::LineInfo`]). The `.file`/`.loc` lines themselves
    /// are always written.
    pub lineinfo: bool,
}

/// How to export a device function: a `.visible .func` named `name` (the
/// function's own name when `None`) in `abi`, which other code declares
/// with `cuda.declare_device` or `extern "C" __device__` and links. Its
/// arguments and result are numbers or booleans (or no result).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    /// Numba's (`int name(T *result, args...)`) or C's (`T name(args...)`).
    pub abi: ir::ExternAbi,
    /// The visible symbol, if not the function's name.
    pub name: Option<String>,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            check: CheckOptions::default(),
            opt: OptLevel::O2,
            fma: true,
            target: Target::default(),
            stage: Stage::Ptx,
            export: None,
            launch_bounds: None,
            lineinfo: false,
        }
    }
}

/// The kernels' ABI description lives in the kernel-ABI crate: the runtime
/// launches by it without the compiler.
pub use kernelc_abi::kernel::{KernelInfo, ParamInfo, ParamKind};

/// The result of a compilation.
pub struct Compiled {
    /// The front end's result (with its diagnostics).
    pub checked: Checked,
    /// The IR module (absent when the program has errors).
    pub ir: Option<ir::Module>,
    /// The PTX text (when asked for and the program has no errors).
    pub ptx: Option<String>,
    /// Per-kernel parameter metadata (read/write), in source order.
    pub kernels: Vec<KernelInfo>,
    /// Time per phase, in pipeline order.
    pub timings: Vec<(&'static str, Duration)>,
    /// The exported device function (with [`CompileOptions::export`]).
    pub export: Option<Exported>,
}

/// An exported device function: its visible symbol and its signature in
/// Numba's spelling (`int64(uint32, float64)`; `none(...)` when it returns
/// nothing), what another program declares it with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exported {
    /// The `.visible .func`'s name.
    pub name: String,
    /// Its signature.
    pub signature: String,
}

/// A failure after type checking (a compiler limitation, never a user
/// error: those are diagnostics in [`Compiled::checked`]).
#[derive(Clone, Debug, PartialEq)]
pub struct CompileError(pub String);

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What one compile lends the next: the front end's and the type
/// checker's buffers (see [`CheckContext`]), the back end's (the
/// optimiser's analyses, selection's and emission's, see `crate::pool`),
/// the math library's functions built so far and their PTX text
/// ([`ptx::LibraryTexts`]). Owned by the caller, one per thread that
/// compiles; dropping it frees them.
#[derive(Default)]
pub struct CompileContext {
    check: CheckContext,
    analyses: AnalysesPool,
    backend: ptx::BackendBuffers,
    library_functions: BuiltFunctions,
    library: ptx::LibraryTexts,
}

impl CompileContext {
    /// A context with no buffers yet (they grow with the files compiled).
    pub fn new() -> Self {
        CompileContext::default()
    }

    /// The checker's part, for a caller that also only checks or parses.
    pub fn check(&mut self) -> &mut CheckContext {
        &mut self.check
    }

    /// Keeps the buffers of `compiled`, which is no longer needed (its
    /// module and typed program), for the next compile with this context.
    pub fn recycle(&mut self, compiled: Compiled) {
        self.check.recycle(compiled.checked);
    }
}

/// Compiles `source` (named `file_name` in diagnostics).
pub fn compile(
    file_name: &str,
    source: &str,
    options: &CompileOptions,
) -> Result<Compiled, CompileError> {
    compile_with(&mut CompileContext::new(), file_name, source, options)
}

/// [`compile`], reusing the buffers `ctx` keeps.
pub fn compile_with(
    ctx: &mut CompileContext,
    file_name: &str,
    source: &str,
    options: &CompileOptions,
) -> Result<Compiled, CompileError> {
    compile_forcing_with(ctx, file_name, source, options, JitFlags::default())
}

/// Checks `module` with the IR verifier: its errors, if any, become an
/// internal compiler error naming the stage (`lowered`, `optimised`).
fn verified(module: &ir::Module, stage: &str) -> Result<(), CompileError> {
    verify_module(module).map_err(|e| {
        CompileError(format!(
            "internal error: the {stage} IR does not verify (a compiler bug; \
             please report it with the kernel):\n{e}"
        ))
    })
}

/// [`compile`], with `fastmath`, `debug` and `boundscheck` of `force`
/// turned on for every function as if each decorator said so (the C API's
/// compile options; a decorator's own `True` is never turned off).
pub fn compile_forcing(
    file_name: &str,
    source: &str,
    options: &CompileOptions,
    force: JitFlags,
) -> Result<Compiled, CompileError> {
    compile_forcing_with(
        &mut CompileContext::new(),
        file_name,
        source,
        options,
        force,
    )
}

/// [`compile_forcing`], reusing the buffers `ctx` keeps.
pub fn compile_forcing_with(
    ctx: &mut CompileContext,
    file_name: &str,
    source: &str,
    options: &CompileOptions,
    force: JitFlags,
) -> Result<Compiled, CompileError> {
    // One entry per phase (see `Compiled::timings`).
    let mut timings = Vec::with_capacity(7);
    let t = Instant::now();
    let mut checked = check_with(&mut ctx.check, file_name, source, &options.check);
    for f in &mut checked.program.functions {
        f.flags.fastmath |= force.fastmath;
        f.flags.debug |= force.debug;
        f.flags.boundscheck |= force.boundscheck;
        f.flags.lineinfo |= force.lineinfo | options.lineinfo;
    }
    timings.push(("parse+types", t.elapsed()));
    let mut out = Compiled {
        checked,
        ir: None,
        ptx: None,
        kernels: Vec::new(),
        timings,
        export: None,
    };
    let exported = match &options.export {
        Some(export) => match exported_function(&out.checked.program, export) {
            Ok(e) => Some(e),
            Err(d) => {
                out.checked.diagnostics.push(d);
                None
            }
        },
        None => None,
    };
    if out.checked.has_errors() {
        return Ok(out);
    }
    let t = Instant::now();
    let mut module = lower_program(&out.checked.program);
    if let Some((f, export)) = exported {
        let func = out.checked.program.function(f);
        let args: Vec<String> = func.param_types.iter().map(|t| t.to_string()).collect();
        out.export = Some(Exported {
            name: export.name.clone(),
            signature: format!("{}({})", func.ret, args.join(", ")),
        });
        mark_export(&mut module, f, export);
    }
    if let Some(bounds) = options.launch_bounds {
        if bounds.max_cluster_rank.is_some() && options.target.sm < 90 {
            return Err(CompileError(format!(
                "a launch bound on the blocks of a cluster needs sm_90 or later, not {}",
                options.target
            )));
        }
        for (_, f) in module.functions.iter_mut() {
            if f.kind == ir::FuncKind::Kernel {
                f.launch_bounds = Some(bounds);
            }
        }
    }
    out.timings.push(("lowering", t.elapsed()));
    // The verifier runs on the lowered IR in every build: a front-end or
    // lowering bug is an internal error, never wrong code. The passes are
    // verified after each one in debug builds (every test run), and again
    // here; in release builds that second run would cost about as much as
    // the first (some 8% of a compile) for bugs the tests look for.
    let t = Instant::now();
    verified(&module, "lowered")?;
    let verify_lowered = t.elapsed();
    let t = Instant::now();
    let report = optimize_in(&mut module, options.opt, FUEL, &mut ctx.analyses);
    if options.opt == OptLevel::O2 && options.fma {
        // Numba's rounding: `a * b + c` fused where NVVM fuses it.
        contract_in(&mut module, &mut ctx.analyses);
    }
    out.timings.push(("passes", t.elapsed()));
    if let Some(d) = fuel_warning(&report, &out.checked.program) {
        out.checked.diagnostics.push(d);
    }
    let t = Instant::now();
    if cfg!(debug_assertions) {
        verified(&module, "optimised")?;
    }
    out.timings.push(("verify", verify_lowered + t.elapsed()));
    out.kernels = kernel_infos(&out.checked.program, &module);
    if options.stage == Stage::Ptx {
        let t = Instant::now();
        // Declared, not copied: their PTX comes from the context's texts,
        // written the first time a library function is needed. Each
        // function's math is fast as its own `fastmath` says.
        expand_math_in(
            &mut module,
            false,
            Bodies::Declared,
            &mut ctx.library_functions,
        );
        if ptx::has_math_library_ops(&module) {
            return Err(CompileError(
                "this kernel uses a math function the math library does not implement yet".into(),
            ));
        }
        let library = (ctx.library)
            .bodies_for(
                &module,
                options.target,
                &mut ctx.library_functions,
                &mut ctx.backend,
            )
            .map_err(|e| CompileError(e.to_string()))?;
        out.timings.push(("math library", t.elapsed()));
        let t = Instant::now();
        let source = out.checked.files.text(crate::span::FileId::MAIN);
        let lines = ptx::lineinfo::SourceLines::new(file_name, source)
            .with_level(line_info_level(&out.checked.program));
        let text = ptx::emit_module_in(
            &module,
            options.target,
            Some(&lines),
            &library,
            &mut ctx.backend,
        )
        .map_err(|e| CompileError(e.to_string()))?;
        out.timings.push(("isel+regalloc+emission", t.elapsed()));
        out.ptx = Some(text);
    }
    out.ir = Some(module);
    Ok(out)
}

/// How much source information the module's PTX carries: NVVM's DWARF
/// compile unit when a function is compiled with `debug`, its inlining
/// line information when one is compiled with `lineinfo`, else kernelc's
/// `.file`/`.loc` lines alone (see [`ptx::lineinfo::LineInfo`]).
fn line_info_level(program: &crate::sema::typed::TypedProgram) -> ptx::lineinfo::LineInfo {
    use ptx::lineinfo::LineInfo;
    let flags = program.functions.iter().map(|f| f.flags);
    flags.fold(LineInfo::Lines, |level, f| {
        level.max(if f.debug {
            LineInfo::Dwarf
        } else if f.lineinfo {
            LineInfo::Inlining
        } else {
            LineInfo::Lines
        })
    })
}

/// The device function `export` exports (see [`CompileOptions::export`])
/// and its export, or the error that stops it: the program must have no
/// kernels and one device function selected as an entry point, whose
/// arguments and result are numbers or booleans.
fn exported_function(
    program: &crate::sema::typed::TypedProgram,
    export: &Export,
) -> Result<(crate::sema::typed::FuncRef, ir::Export), Diagnostic> {
    use crate::span::Span;
    use crate::types::Type;
    let at = |f: crate::sema::typed::FuncRef| program.function(f).span;
    if let Some(&k) = program.kernels.first() {
        return Err(Diagnostic::error(
            format!(
                "'{}' is a kernel: only a device function is exported (compile_ptx(..., device=True))",
                program.function(k).name
            ),
            at(k),
        ));
    }
    let f = match program.device_roots[..] {
        [f] => f,
        _ => {
            return Err(Diagnostic::error(
                "an export needs one device function, named with its signature",
                Span::new(0, 0),
            ))
        }
    };
    let func = program.function(f);
    // Numbers (complex ones too: two parameters, and an aggregate result,
    // as NVVM passes them) and booleans.
    let scalar = |t: &Type| matches!(t, Type::Scalar(_) | Type::Complex(_));
    let bad_param = func.param_types.iter().find(|t| !scalar(t));
    let ret = &func.ret;
    if let Some(t) = bad_param.or((!scalar(ret) && *ret != Type::None).then_some(ret)) {
        return Err(Diagnostic::error(
            format!(
                "'{}' cannot be exported: its arguments and result must be numbers or booleans, not {t}",
                func.name
            ),
            func.span,
        ));
    }
    if let Some(g) = program.global_arrays.first() {
        // They would be hidden parameters other code cannot pass.
        return Err(Diagnostic::error(
            format!(
                "'{}' cannot be exported with global device arrays declared ('{}')",
                func.name, g.name
            ),
            func.span,
        ));
    }
    let name = export.name.clone().unwrap_or_else(|| func.name.clone());
    if !is_ptx_identifier(&name) {
        return Err(Diagnostic::error(
            format!("'{name}' is not a PTX identifier (letters, digits, _ and $, not starting with a digit)"),
            func.span,
        ));
    }
    Ok((
        f,
        ir::Export {
            name,
            abi: export.abi,
        },
    ))
}

/// True for a name PTX accepts as a symbol.
fn is_ptx_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$' || c == '%')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// Marks IR function `f` (IR functions are in the typed program's order)
/// as exported; its own name moves aside when the export takes it.
fn mark_export(module: &mut ir::Module, f: crate::sema::typed::FuncRef, export: ir::Export) {
    use cranelift_entity::EntityRef;
    let r = ir::FuncRef::new(f.0 as usize);
    let taken = module.functions.values().any(|g| g.name == export.name);
    let func = &mut module.functions[r];
    if taken {
        func.name = format!("{}__kc_impl", export.name);
    }
    func.export = Some(export);
}

/// The warning for an optimisation cut short by the optimiser's work
/// budget ([`crate::opt::FUEL`]), at the header of the function where it
/// ran out (IR functions have their typed function's name).
fn fuel_warning(
    report: &OptReport,
    program: &crate::sema::typed::TypedProgram,
) -> Option<Diagnostic> {
    let name = report.out_of_fuel.as_deref()?;
    // Every IR function has a typed one; the first is a fallback only.
    let f = (program.functions.iter().find(|f| f.name == name)).or(program.functions.first())?;
    Some(Diagnostic::warning(
        format!(
            "'{name}' is too large to optimise fully: the -O2 passes from here on \
             were skipped (the code is correct, but slower); split the kernel \
             or compile with -O0"
        ),
        f.span,
    ))
}

/// Reads each kernel's parameter access from the optimised IR (IR functions
/// are in the typed program's order).
fn kernel_infos(
    program: &crate::sema::typed::TypedProgram,
    module: &ir::Module,
) -> Vec<KernelInfo> {
    use cranelift_entity::EntityRef;
    let access = ir::access::module_param_access(module);
    program
        .kernels
        .iter()
        .map(|k| {
            let f = program.function(*k);
            let summary = &access[ir::FuncRef::new(k.0 as usize)];
            let mut slot = 0;
            let mut params = Vec::with_capacity(f.param_types.len());
            for (v, ty) in f.param_vars().iter().zip(&f.param_types) {
                leaf_params(
                    f.name_of(v).to_string(),
                    ty,
                    summary,
                    &mut slot,
                    &mut params,
                );
            }
            for g in &program.global_arrays {
                leaf_params(
                    global_param_name(&g.name),
                    &g.array_type(),
                    summary,
                    &mut slot,
                    &mut params,
                );
            }
            KernelInfo {
                name: f.name.clone(),
                params,
                cooperative: uses_cooperative_groups(module, ir::FuncRef::new(k.0 as usize)),
            }
        })
        .collect()
}

/// The name of the hidden kernel parameter that passes the global device
/// array `name` (see `TypedProgram::global_arrays`): not a Python
/// identifier, so no parameter of the source has it; a runtime passes the
/// captured array there.
pub fn global_param_name(name: &str) -> String {
    format!("{GLOBAL_PARAM_PREFIX}{name}")
}

/// How the name of a hidden global-array parameter starts.
pub const GLOBAL_PARAM_PREFIX: &str = "global ";

/// True when `kernel` or a function it calls, directly or not, uses
/// cooperative groups (inlined callees left their mark on their callers).
fn uses_cooperative_groups(module: &ir::Module, kernel: ir::FuncRef) -> bool {
    use cranelift_entity::EntityRef;
    let functions = &module.functions;
    let mut seen = vec![false; functions.len()];
    let mut pending = vec![kernel];
    while let Some(f) = pending.pop() {
        let Some(func) = functions.get(f) else {
            continue;
        };
        if std::mem::replace(&mut seen[f.index()], true) {
            continue;
        }
        if func.cooperative {
            return true;
        }
        pending.extend(func.calls().map(|(_, callee)| callee));
    }
    false
}

/// Appends the parameters a kernel parameter `name` of type `ty` passes:
/// itself when it is a scalar or an array, its items (`t[0]`, `t[1][0]`,
/// depth first) when it is a tuple (or a member of an enum with tuple
/// values), nothing for a type passed as a value
/// (`class(float32)`), so that a runtime marshals scalars and arrays only. `slot` counts the IR parameters before it, which index the
/// access summary of arrays.
fn leaf_params(
    name: String,
    ty: &crate::types::Type,
    summary: &[ir::access::Access],
    slot: &mut usize,
    out: &mut Vec<ParamInfo>,
) {
    use crate::types::Type;
    if let Type::Enum(e) = ty {
        // A member of an enum with tuple values passes as that tuple.
        let value = e.value_type();
        if let Type::Tuple(_) = value {
            return leaf_params(name, &value, summary, slot, out);
        }
    }
    if let Type::Tuple(items) = ty {
        for (k, item) in items.iter().enumerate() {
            leaf_params(format!("{name}[{k}]"), item, summary, slot, out);
        }
        return;
    }
    if let Type::Class(_) = ty {
        // A type passed as a value is compiled in: nothing is passed.
        return;
    }
    let mut slots = Vec::with_capacity(7);
    crate::lower::values::flatten_type(ty, true, &mut slots);
    let (read, written) = match ty {
        // A record argument is a reference, as an array.
        Type::Array(_) | Type::Record(_) => {
            let a = summary.get(*slot).copied().unwrap_or_default();
            (a.read, a.written)
        }
        _ => (true, false),
    };
    *slot += slots.len();
    if let Some(kind) = ty.param_kind() {
        out.push(ParamInfo {
            name,
            ty: type_name(ty),
            kind,
            read,
            written,
        });
    }
}

/// A kernel parameter's type in Numba's spelling, written into a string
/// sized for the longest usual name (`array(float32, 3d, C)`) so that it
/// is allocated once.
fn type_name(ty: &crate::types::Type) -> String {
    use std::fmt::Write as _;
    let mut name = String::with_capacity(24);
    write!(name, "{ty}").expect("writing to a String cannot fail");
    name
}

/// The kernels' metadata as JSON (for `kernelc compile --emit meta`).
pub fn kernels_json(kernels: &[KernelInfo]) -> String {
    let esc = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    let mut out = String::from("{\"kernels\": [");
    for (i, k) in kernels.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&format!("{{\"name\": \"{}\", \"params\": [", esc(&k.name)));
        for (j, p) in k.params.iter().enumerate() {
            if j > 0 {
                out.push_str(", ");
            }
            out.push_str(&format!(
                "{{\"name\": \"{}\", \"type\": \"{}\", \"read\": {}, \"written\": {}}}",
                esc(&p.name),
                esc(&p.ty),
                p.read,
                p.written
            ));
        }
        out.push_str(&format!("], \"cooperative\": {}}}", k.cooperative));
    }
    out.push_str("]}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_optimisation_out_of_fuel_is_a_warning_at_the_function() {
        let source =
            "from numba import cuda\n\n@cuda.jit('void(float32[:])')\ndef k(a):\n    a[0] = 1.0\n";
        let checked = crate::sema::check("k.py", source, &CheckOptions::default());
        let report = OptReport {
            out_of_fuel: Some("k".into()),
        };
        let d = fuel_warning(&report, &checked.program).expect("a warning");
        assert_eq!(d.severity, crate::Severity::Warning);
        assert!(
            d.message.starts_with("'k' is too large to optimise fully"),
            "{}",
            d.message
        );
        assert_eq!(d.primary().span, checked.program.functions[0].span);
        assert!(fuel_warning(&OptReport::default(), &checked.program).is_none());
    }
    /// A kernel needs a cooperative launch when it, or a device function
    /// it calls (inlined or not), uses `cuda.cg.this_grid()`, as numba-cuda
    /// decides; a kernel of the same module that does not, does not; code
    /// Numba prunes before typing does not count.
    #[test]
    fn cooperative_kernels_are_those_using_a_grid_group() {
        let source = "\
from numba import cuda

@cuda.jit(device=True)
def small(g):
    return g.sync()

@cuda.jit(device=True)
def big(a):
    g = cuda.cg.this_grid()
    for k in range(40):
        a[k] += a[k + 1] * 2.0 + a[k + 2] - a[k + 3]
    g.sync()

@cuda.jit('void(float32[::1])')
def inlined(a):
    a[0] = small(cuda.cg.this_grid())

@cuda.jit('void(float32[::1])')
def called(a):
    big(a)

@cuda.jit('void(float32[::1])')
def plain(a):
    a[0] = 1.0

@cuda.jit('void(float32[::1])')
def pruned(a):
    if False:
        cuda.cg.this_grid().sync()
    a[0] = 1.0
";
        for opt in [OptLevel::O0, OptLevel::O2] {
            let options = CompileOptions {
                opt,
                ..CompileOptions::default()
            };
            let c = compile("k.py", source, &options).expect("compiles");
            assert!(
                !c.checked.has_errors(),
                "{}",
                c.checked.render_diagnostics()
            );
            let coop: Vec<(&str, bool)> = (c.kernels.iter())
                .map(|k| (k.name.as_str(), k.cooperative))
                .collect();
            assert_eq!(
                coop,
                [
                    ("inlined", true),
                    ("called", true),
                    ("plain", false),
                    ("pruned", false)
                ],
                "{opt:?}"
            );
            let ptx = c.ptx.expect("PTX");
            assert_eq!(ptx.matches(".func __kc_grid_sync()").count(), 1);
            assert!(ptx.contains(".global .align 4 .u32 __kc_grid_barrier;"));
        }
    }
}
