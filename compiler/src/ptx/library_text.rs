//! The PTX text of math-library functions, written once per target and
//! reused by every later module that calls them.
//!
//! A library function (`__kernelc_erf_f64`, ...) is the same code in
//! every module: its text depends on nothing else (calls and constant
//! tables are named, not numbered, and it prints nothing and uses no
//! dynamic shared memory). Selecting, allocating and writing it again per
//! compile was most of the back end's work for kernels that call
//! `math.erf` or `math.log` in `float64` (335 of `black_scholes`' 413 PTX
//! instructions). So the texts are kept in a [`LibraryTexts`], keyed by
//! (opcode, type, target), which the caller owns and reuses (the driver's
//! `CompileContext` holds one).
//!
//! The driver declares library functions in the module
//! ([`crate::mathlib::Bodies::Declared`]) and, before emission, asks
//! [`LibraryTexts::bodies_for`] for the text of every declaration the PTX
//! needs; [`super::emit_module`] only copies those texts. A library
//! function whose body is in the module ([`crate::mathlib::Bodies::Copied`])
//! is selected and written like any other function, since whoever copied
//! it may have edited it. Debug builds write a body again on every reuse
//! and compare.

use super::emit::{emit_function, BackendBuffers};
use super::isel::{Isel, IselError, IselErrorKind};
use super::target::Target;
use crate::ir::{self, FuncRef, Opcode};
use crate::mathlib::BuiltFunctions;
use cranelift_entity::SecondaryMap;
use std::rc::Rc;

/// What a text is keyed by: the function's opcode and float type, and the
/// target.
type Key = (Opcode, ir::Type, Target);

/// The texts of the library functions written so far. Bounded by the
/// library's size (opcodes × float types × targets), so nothing is evicted.
#[derive(Default)]
pub struct LibraryTexts {
    texts: Vec<(Key, Rc<str>)>,
}

/// The text of each library declaration of one module that its PTX holds
/// (`None` for every other function).
pub type LibraryBodies = SecondaryMap<FuncRef, Option<Rc<str>>>;

impl LibraryTexts {
    /// No texts yet.
    pub fn new() -> Self {
        LibraryTexts::default()
    }

    /// The text of every library declaration
    /// ([`ir::Function::is_declaration`]) of `module` that its PTX for
    /// `target` holds, written now where this cache does not have it
    /// (from the functions `built` holds, in `buffers`).
    pub fn bodies_for(
        &mut self,
        module: &ir::Module,
        target: Target,
        built: &mut BuiltFunctions,
        buffers: &mut BackendBuffers,
    ) -> Result<LibraryBodies, IselError> {
        let needed = super::needed_functions(module);
        let mut bodies = LibraryBodies::new();
        for (fref, func) in module.functions.iter() {
            if !needed[fref.as_u32() as usize] || !func.is_declaration() {
                continue;
            }
            let Some((op, ty)) = func.library else {
                // A declaration the library did not make: nothing to write.
                continue;
            };
            bodies[fref] = Some(self.text(op, ty, target, built, buffers)?);
        }
        Ok(bodies)
    }

    /// The PTX definition (`.func ... { ... }`, as [`emit_function`]
    /// writes it) of library function `op` on `ty` for `target`.
    pub fn text(
        &mut self,
        op: Opcode,
        ty: ir::Type,
        target: Target,
        built: &mut BuiltFunctions,
        buffers: &mut BackendBuffers,
    ) -> Result<Rc<str>, IselError> {
        let key = (op, ty, target);
        if let Some((_, text)) = self.texts.iter().find(|(k, _)| *k == key) {
            if cfg!(debug_assertions) {
                let fresh = write(op, ty, target, built, buffers);
                debug_assert!(
                    fresh.as_deref().ok() == Some(&**text),
                    "{}: the reused PTX text differs from a fresh one",
                    ir::library::function_name(op, ty)
                );
            }
            return Ok(text.clone());
        }
        let text: Rc<str> = write(op, ty, target, built, buffers)?.into();
        self.texts.push((key, text.clone()));
        Ok(text)
    }
}

/// Builds the body of library function `op` on `ty` in a module holding
/// only the tables it reads (its text names tables, not numbers), then
/// selects, allocates and writes it into a string of its own.
fn write(
    op: Opcode,
    ty: ir::Type,
    target: Target,
    built: &mut BuiltFunctions,
    buffers: &mut BackendBuffers,
) -> Result<String, IselError> {
    let mut module = ir::Module::new();
    let Some(body) = crate::mathlib::library_body(op, ty, &mut module.consts, built) else {
        let name = crate::ir::library::function_name(op, ty);
        return Err(IselError {
            function: name,
            kind: IselErrorKind::NoLibraryBody,
        });
    };
    let isel = Isel::run(&module, &body, target, &mut buffers.selection)?;
    debug_assert!(isel.printf_bytes == 0 && !isel.uses_dyn_shared);
    let mut text = String::new();
    emit_function(isel, None, &mut text, buffers)?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use crate::driver::{compile, compile_with, CompileContext, CompileOptions};

    const ERF: &str = "from numba import cuda
import math

@cuda.jit(\"void(float64[::1])\")
def k(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = math.erf(a[i]) + math.log(a[i])
";

    const EXP: &str = "from numba import cuda
import math

@cuda.jit(\"void(float64[::1])\")
def k(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = math.exp(a[i])
";

    fn ptx(source: &str) -> String {
        let out = compile("k.py", source, &CompileOptions::default()).expect("compiles");
        out.ptx.expect("PTX")
    }

    /// A module written with library text a context reused is the module
    /// written with a new context, whatever the context compiled before.
    #[test]
    fn reused_text_matches_a_new_context() {
        let (erf, exp) = (ptx(ERF), ptx(EXP));
        assert!(erf.contains(".func (.param .f64 func_retval0) __kernelc_erf_f64("));
        let mut ctx = CompileContext::new();
        for _ in 0..2 {
            for (source, alone) in [(ERF, &erf), (EXP, &exp)] {
                let out = compile_with(&mut ctx, "k.py", source, &CompileOptions::default());
                let out = out.expect("compiles");
                assert_eq!(out.ptx.as_ref().expect("PTX"), alone);
                ctx.recycle(out);
            }
        }
    }

    /// The driver declares library functions; a module holding their
    /// bodies is written to the same text.
    #[test]
    fn declared_and_copied_bodies_give_the_same_ptx() {
        use crate::driver::Stage;
        use crate::mathlib::{expand_math, Bodies};
        let options = CompileOptions {
            stage: Stage::Ir,
            ..CompileOptions::default()
        };
        let mut module = compile("k.py", ERF, &options).unwrap().ir.unwrap();
        expand_math(&mut module, false, Bodies::Copied);
        assert!(module.functions.values().all(|f| !f.is_declaration()));
        let lines = crate::ptx::lineinfo::SourceLines::new("k.py", ERF);
        let target = crate::ptx::Target::default();
        // No declarations left: nothing for the texts to supply.
        let library = super::LibraryTexts::new()
            .bodies_for(
                &module,
                target,
                &mut Default::default(),
                &mut Default::default(),
            )
            .unwrap();
        assert!(library.values().all(Option::is_none));
        let copied = crate::ptx::emit_module(&module, target, Some(&lines), &library).unwrap();
        assert_eq!(copied, ptx(ERF));
    }

    /// Texts are kept per target: `.version`/`.target` differ, and so may
    /// the body.
    #[test]
    fn texts_are_per_target() {
        let mut ctx = CompileContext::new();
        let options = CompileOptions {
            target: crate::ptx::Target::parse("sm_52").unwrap(),
            ..CompileOptions::default()
        };
        let sm52 = |ctx: &mut CompileContext| {
            let out = compile_with(ctx, "k.py", ERF, &options).unwrap();
            out.ptx.unwrap()
        };
        let first = sm52(&mut ctx);
        let sm80 = compile_with(&mut ctx, "k.py", ERF, &CompileOptions::default());
        assert!(sm80.unwrap().ptx.unwrap().contains(".target sm_80"));
        assert_eq!(sm52(&mut ctx), first);
        assert!(first.contains(".target sm_52"));
    }
}
