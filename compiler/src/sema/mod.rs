//! Semantic analysis: from the AST to a fully typed program.
//!
//! [`check`] runs the whole front end on one source file: parsing,
//! [`resolve`] (imports, constants, names), [`signature`] strings,
//! [`typeck`] (Numba's type inference, specialising device functions per
//! call site) and returns the [`typed`] program with every diagnostic.
//! [`dump`] prints the typed program for `kernelc check --emit types`.
//! [`check_with`] does the same with the buffers a [`CheckContext`] keeps
//! from check to check.

pub mod bf16;
pub mod const_eval;
pub mod consts;
mod context;
pub mod dump;
pub mod intrinsics;
pub mod libdevice;
pub mod resolve;
pub mod signature;
pub mod typeck;
pub mod typeconv;
pub mod typed;

use crate::diagnostics::{closest, render, Diagnostic, SourceFiles};
use crate::front::{self, ast::Module};
use crate::span::{FileId, Span};
use crate::types::Type;
use resolve::{DeclaredSig, ModuleEnv};
use signature::{parse_signature_in, Signature};
use typed::{ConstArrayDecl, FuncId, GlobalArrayDecl, TypedProgram};

pub use context::CheckContext;

/// The longest chain of calls checked, the kernel and the device functions
/// it calls through others included (`k` calling `f1` calling `f0` is 3).
/// A call that would make a longer chain is an error at the call. As deep
/// as the parser's nesting limits; the type checker recurses once per call
/// in the chain (see [`crate::stack`]).
pub const MAX_CALL_DEPTH: u32 = 100;

/// What to check.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// Check only this function (with `signature`, or its decorator's).
    pub kernel: Option<String>,
    /// A Numba signature string overriding the decorator's.
    pub signature: Option<String>,
    /// Element types and shapes of host-supplied constant arrays.
    pub const_arrays: Vec<ConstArrayDecl>,
    /// Device arrays the host captured from module-level names (kernels
    /// take them as hidden parameters).
    pub global_arrays: Vec<GlobalArrayDecl>,
}

/// The result of checking a source file.
#[derive(Debug)]
pub struct Checked {
    /// The source (file 0) and any signature text given as an option.
    pub files: SourceFiles,
    /// The parsed module.
    pub module: Module,
    /// The typed functions (complete only when there are no errors).
    pub program: TypedProgram,
    /// Functions that were only parsed and name-checked, having no
    /// signature to type them with.
    pub unsigned: Vec<String>,
    /// Every diagnostic, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Checked {
    /// True when at least one diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The diagnostics rendered with source lines and underlines.
    pub fn render_diagnostics(&self) -> String {
        render(&self.files, &self.diagnostics)
    }
}

/// Parses, resolves and type-checks `source`. Allocates every buffer
/// anew: [`check_with`] reuses those of earlier checks.
pub fn check(file_name: &str, source: &str, options: &CheckOptions) -> Checked {
    check_with(&mut CheckContext::new(), file_name, source, options)
}

/// [`check`], reusing the buffers `ctx` keeps (give the result back with
/// [`CheckContext::recycle`] once done with it).
pub fn check_with(
    ctx: &mut CheckContext,
    file_name: &str,
    source: &str,
    options: &CheckOptions,
) -> Checked {
    let mut files = std::mem::take(&mut ctx.files);
    files.add(file_name, source);
    let sig_file = options
        .signature
        .as_ref()
        .map(|s| files.add("<signature>", s.as_str()));
    let mut diags = Vec::new();
    let module = front::parse_with(&mut ctx.front, source, &mut diags);
    for g in &options.global_arrays {
        if options.const_arrays.iter().any(|c| c.name == g.name) {
            diags.push(Diagnostic::error(
                format!(
                    "'{}' is declared both as a constant array and as a global device array",
                    g.name
                ),
                Span::default(),
            ));
        }
    }
    let mut unsigned = Vec::new();
    let program = {
        let host_arrays: Vec<&str> = options
            .const_arrays
            .iter()
            .map(|c| c.name.as_str())
            .chain(options.global_arrays.iter().map(|g| g.name.as_str()))
            .collect();
        let resolve = std::mem::take(&mut ctx.resolve);
        let mut env = ModuleEnv::build(&module, &host_arrays, &mut diags, resolve);
        for f in env.function_ids() {
            env.resolve_function(f, &mut diags);
        }
        let typeck = std::mem::take(&mut ctx.typeck);
        let mut checker = typeck::ProgramChecker::new(
            &env,
            (&options.const_arrays, &options.global_arrays),
            typeck,
        );
        let mut roots = std::mem::take(&mut ctx.roots);
        roots.clear();
        let targets = EntryPoints {
            env: &env,
            options,
            sig_file,
        };
        targets.each(&mut diags, &mut unsigned, |f, sig| {
            if let Ok(id) = checker.instantiate(
                f,
                sig.args,
                typeck::LiteralArgs::default(),
                sig.ret.filter(|t| *t != Type::None),
            ) {
                roots.push(id);
            }
        });
        let (program, typeck) = checker.finish(&roots, &mut diags);
        ctx.resolve = env.into_scratch();
        ctx.typeck = typeck;
        ctx.roots = roots;
        program
    };
    sort_and_dedup(&mut diags);
    Checked {
        files,
        module,
        program,
        unsigned,
        diagnostics: diags,
    }
}

fn sort_and_dedup(diags: &mut Vec<Diagnostic>) {
    diags.sort_by_key(|d| {
        let l = d.primary();
        (l.file.0, l.span.lo, l.span.hi)
    });
    diags.dedup_by(|a, b| a.message == b.message && a.labels == b.labels);
}

/// The functions to type-check, with their signatures.
struct EntryPoints<'a, 'm> {
    env: &'a ModuleEnv<'m>,
    options: &'a CheckOptions,
    sig_file: Option<FileId>,
}

impl EntryPoints<'_, '_> {
    /// Calls `check` with each function to type-check and each of its
    /// signatures, in source order (reporting the signatures that cannot
    /// be used, and listing in `unsigned` the functions without any).
    fn each(
        &self,
        diags: &mut Vec<Diagnostic>,
        unsigned: &mut Vec<String>,
        mut check: impl FnMut(FuncId, Signature),
    ) {
        let env = self.env;
        let Some(only) = self.selected(diags) else {
            return;
        };
        // `None`: every `@cuda.jit` function (a nested function is checked
        // where it is called).
        let targets = (env.function_ids()).filter(|&f| {
            only.map_or(
                env.function(f).jit && env.function(f).parent.is_none(),
                |o| o == f,
            )
        });
        for f in targets {
            let info = env.function(f);
            let from_option = self.options.signature.is_some();
            if !from_option && info.sigs.is_empty() {
                unsigned.push(env.name(info.name).to_string());
                continue;
            }
            let count = if from_option { 1 } else { info.sigs.len() };
            for k in 0..count {
                let sig = if from_option {
                    self.option_sig(diags)
                } else {
                    decorator_sig(self.env, &info.sigs[k], diags)
                };
                if let Some(sig) = sig.filter(|sig| self.usable(f, sig, diags)) {
                    check(f, sig);
                }
            }
        }
    }

    /// The function the options select: `Some(Some(f))` for one function
    /// (named with `kernel`, or the one kernel a `signature` is for),
    /// `Some(None)` for every `@cuda.jit` function, `None` (after
    /// reporting) when the selection fails.
    fn selected(&self, diags: &mut Vec<Diagnostic>) -> Option<Option<FuncId>> {
        let env = self.env;
        match &self.options.kernel {
            Some(name) => match env.function_named(name) {
                Some(f) => Some(Some(f)),
                None => {
                    let names: Vec<&str> = env.functions.iter().map(|f| env.name(f.name)).collect();
                    let mut d = Diagnostic::error(
                        format!("there is no function named '{name}' in this file"),
                        Span::new(0, 0),
                    );
                    d = match closest(name, names.iter().copied()) {
                        Some(s) => d.with_help(format!("did you mean '{s}'?")),
                        None => {
                            d.with_help(format!("functions in this file: {}", names.join(", ")))
                        }
                    };
                    diags.push(d);
                    None
                }
            },
            None if self.options.signature.is_some() => {
                let mut kernels = (env.function_ids()).filter(|&f| env.function(f).is_kernel());
                match (kernels.next(), kernels.next()) {
                    (Some(f), None) => Some(Some(f)),
                    _ => {
                        diags.push(Diagnostic::error(
                            "a signature was given but the file does not have exactly one kernel; name it with --kernel",
                            Span::new(0, 0),
                        ));
                        None
                    }
                }
            }
            None => Some(None),
        }
    }

    /// The signature given as an option, parsed (reporting errors).
    fn option_sig(&self, diags: &mut Vec<Diagnostic>) -> Option<Signature> {
        let text = self.options.signature.as_ref()?;
        let file = self.sig_file.expect("signature file was added");
        let env = self.env;
        match parse_signature_in(text, &|n| env.class_named(n)) {
            Ok(s) => Some(s),
            Err(e) => {
                diags.push(Diagnostic::error_in(
                    file,
                    e.message,
                    Span::new(e.range.start as u32, e.range.end as u32),
                ));
                None
            }
        }
    }

    /// True when `sig` fits function `f` (reports why not otherwise).
    fn usable(&self, f: FuncId, sig: &Signature, diags: &mut Vec<Diagnostic>) -> bool {
        let (env, options) = (self.env, self.options);
        let info = env.function(f);
        let def = env.def(f);
        if def.vararg {
            let name = env.name(info.name);
            diags.push(Diagnostic::error(
                format!("'{name}' takes '*args': kernels, and functions compiled for a signature, cannot"),
                def.header_span,
            ).with_help("a device function without a signature takes '*args' (typed where it is called)"));
            return false;
        }
        if sig.args.len() != def.params.len() {
            let span = info.sigs.first().map_or(def.header_span, |s| s.span);
            let file = if options.signature.is_some() {
                self.sig_file.expect("added")
            } else {
                FileId::MAIN
            };
            let span = if file == FileId::MAIN {
                span
            } else {
                Span::new(0, options.signature.as_ref().map_or(0, |s| s.len() as u32))
            };
            diags.push(
                Diagnostic::error_in(
                    file,
                    format!(
                        "the signature has {} argument type{} but '{}' has {} parameter{}",
                        sig.args.len(),
                        if sig.args.len() == 1 { "" } else { "s" },
                        env.name(info.name),
                        def.params.len(),
                        if def.params.len() == 1 { "" } else { "s" },
                    ),
                    span,
                )
                .with_secondary(def.header_span, "defined here"),
            );
            return false;
        }
        if info.is_kernel() && sig.ret.as_ref().is_some_and(|t| *t != Type::None) {
            let span = info.sigs.first().map_or(def.header_span, |s| s.span);
            diags.push(Diagnostic::error(
                "a kernel's signature must return void",
                span,
            ));
            return false;
        }
        true
    }
}

/// Parses a decorator's (or a `cuda.declare_device`'s) signature,
/// reporting errors inside the string.
fn decorator_sig(
    env: &ModuleEnv<'_>,
    s: &DeclaredSig<'_>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Signature> {
    match parse_signature_in(&s.text, &|n| env.class_named(n)) {
        Ok(sig) => Some(sig),
        Err(e) => {
            let span = match s.text_offset {
                Some(off) => Span::new(
                    off + e.range.start as u32,
                    off + e.range.end.max(e.range.start) as u32,
                ),
                None => s.span,
            };
            let span = if span.is_empty() {
                Span::new(span.lo.saturating_sub(1), span.lo)
            } else {
                span
            };
            let mut d = Diagnostic::error(format!("invalid signature: {}", e.message), span);
            if s.from_expr {
                d = d.with_note(format!("the signature reads as \"{}\"", s.text));
            }
            diags.push(d);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The typed program and the rendered diagnostics of a file.
    fn outcome(source: &str) -> (String, String) {
        outcome_with(&mut CheckContext::new(), source)
    }

    /// [`outcome`], checked with `ctx` (and given back to it).
    fn outcome_with(ctx: &mut CheckContext, source: &str) -> (String, String) {
        let checked = check_with(ctx, "k.py", source, &CheckOptions::default());
        let outcome = (
            dump::dump_program(&checked.program),
            checked.render_diagnostics(),
        );
        ctx.recycle(checked);
        outcome
    }

    /// A check reuses the tables of the previous one with the same
    /// context; what it finds must not depend on what was checked before.
    #[test]
    fn checks_do_not_depend_on_earlier_ones() {
        let big = "from numba import cuda, float32\nimport math\nN = 4\n\n@cuda.jit(device=True)\ndef f(a, b):\n    return a * b, a + b\n\n@cuda.jit(\"void(float32[:], int32)\")\ndef k(x, n):\n    i = cuda.grid(1)\n    s = cuda.shared.array((N, N), float32)\n    p, q = f(i, n)\n    if i < x.shape[0] and p < q:\n        x[i] = math.sqrt(x[i]) + s[0, 0]\n";
        let small = "from numba import cuda\n\n@cuda.jit(\"void(int64[:])\")\ndef g(y):\n    y[0] = undefined_name + 1\n";
        let first = (outcome(small), outcome(big));
        let mut ctx = CheckContext::new();
        for _ in 0..2 {
            assert_eq!(outcome_with(&mut ctx, big), first.1);
            assert_eq!(outcome_with(&mut ctx, small), first.0);
        }
        assert!(first.0 .1.contains("undefined_name"), "{}", first.0 .1);
        assert!(first.1 .1.is_empty(), "{}", first.1 .1);
    }

    /// A module constant defined twice reads as its last value, also in
    /// the constant expression that redefines it.
    #[test]
    fn redefined_constant_reads_last_value() {
        let kernel = "@cuda.jit(\"void(int64[:])\")\ndef k(x):\n    x[0] = N\n";
        let twice = format!("from numba import cuda\nN = 4\nN = N+4\n{kernel}");
        let once = format!("from numba import cuda\nM = 4\nN = 8  \n{kernel}");
        let (typed, diags) = outcome(&twice);
        assert!(diags.is_empty(), "{diags}");
        assert_eq!((typed, diags), outcome(&once));
        let wrong = format!("from numba import cuda\nM = 4\nN = 4  \n{kernel}");
        assert_ne!(outcome(&twice), outcome(&wrong));
    }
}
