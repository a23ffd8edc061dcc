//! The PTX text of math-library functions, written once per thread and
//! target and reused by every later module that calls them.
//!
//! A library function (`__kernelc_erf_f64`, ...) is the same code in
//! every module: [`crate::mathlib`] builds it once per thread. Its text
//! depends on nothing else either: calls and constant tables are named,
//! not numbered, and it prints nothing and uses no dynamic shared
//! memory. Selecting, allocating and writing it again per compile was most
//! of the back end's work for kernels that call `math.erf` or `math.log`
//! in `float64` (335 of `black_scholes`' 413 PTX instructions). So the
//! text is kept per thread, keyed by (opcode, type, target).
//!
//! Only declarations are written this way: the driver declares library
//! functions in the module ([`crate::mathlib::Bodies::Declared`]) and the
//! body is built here, in a module of its own, when a text is first
//! written. A library function whose body is in the module
//! ([`crate::mathlib::Bodies::Copied`]) is selected and written like any
//! other function, since whoever copied it may have edited it. Debug
//! builds write the body again on every reuse and compare.

use super::emit::emit_function;
use super::isel::{Isel, IselError, IselErrorKind};
use super::target::Target;
use crate::ir::{self, Opcode};
use std::cell::RefCell;
use std::rc::Rc;

/// What a text is keyed by: the function's opcode and float type, and the
/// target.
type Key = (Opcode, ir::Type, Target);

thread_local! {
    /// The texts written on this thread. Bounded by the library's size
    /// (opcodes × float types × targets), so it is never evicted.
    static TEXTS: RefCell<Vec<(Key, Rc<str>)>> = const { RefCell::new(Vec::new()) };
}

/// The PTX definition of `func` (`.func ... { ... }`, as
/// [`emit_function`] writes it) for `target`, from this thread's texts
/// when it was written before; `None` when `func` is not a library
/// declaration ([`ir::Function::is_declaration`]).
pub fn library_function_text(
    func: &ir::Function,
    target: Target,
) -> Option<Result<Rc<str>, IselError>> {
    if !func.is_declaration() {
        return None;
    }
    let (op, ty) = func.library?;
    let key = (op, ty, target);
    let known = TEXTS.with(|texts| {
        let texts = texts.borrow();
        texts
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, t)| t.clone())
    });
    if let Some(text) = known {
        if cfg!(debug_assertions) {
            let fresh = write(op, ty, target);
            debug_assert!(
                fresh.as_deref().ok() == Some(&*text),
                "{}: the reused PTX text differs from a fresh one",
                func.name
            );
        }
        return Some(Ok(text));
    }
    let text: Rc<str> = match write(op, ty, target) {
        Ok(text) => text.into(),
        Err(e) => return Some(Err(e)),
    };
    TEXTS.with(|texts| texts.borrow_mut().push((key, text.clone())));
    Some(Ok(text))
}

/// Builds the body of library function `op` on `ty` in a module holding
/// only the tables it reads (its text names tables, not numbers), then
/// selects, allocates and writes it into a string of its own.
fn write(op: Opcode, ty: ir::Type, target: Target) -> Result<String, IselError> {
    let mut module = ir::Module::new();
    let Some(body) = crate::mathlib::library_body(op, ty, &mut module.consts) else {
        let name = crate::ir::library::function_name(op, ty);
        return Err(IselError {
            function: name,
            kind: IselErrorKind::NoLibraryBody,
        });
    };
    let isel = Isel::run(&module, &body, target)?;
    debug_assert!(isel.printf_bytes == 0 && !isel.uses_dyn_shared);
    let mut text = String::new();
    emit_function(isel, None, &mut text)?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use crate::driver::{compile, CompileOptions};

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

    /// A module written with reused library text is the module written
    /// from scratch on a fresh thread, whatever the thread compiled
    /// before.
    #[test]
    fn reused_text_matches_a_fresh_thread() {
        let fresh = |s: &'static str| std::thread::spawn(move || ptx(s)).join().unwrap();
        let (erf, exp) = (fresh(ERF), fresh(EXP));
        assert!(erf.contains(".func (.param .f64 func_retval0) __kernelc_erf_f64("));
        for _ in 0..2 {
            assert_eq!(ptx(ERF), erf);
            assert_eq!(ptx(EXP), exp);
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
        let copied = std::thread::spawn(move || {
            let lines = crate::ptx::lineinfo::SourceLines::new("k.py", ERF);
            crate::ptx::emit_module(&module, crate::ptx::Target::default(), Some(&lines)).unwrap()
        });
        assert_eq!(copied.join().unwrap(), ptx(ERF));
    }

    /// Texts are kept per target: `.version`/`.target` differ, and so may
    /// the body.
    #[test]
    fn texts_are_per_target() {
        let mut options = CompileOptions::default();
        let sm52 = |options: &CompileOptions| compile("k.py", ERF, options).unwrap().ptx.unwrap();
        options.target = crate::ptx::Target::parse("sm_52").unwrap();
        let first = sm52(&options);
        let _ = ptx(ERF);
        assert_eq!(sm52(&options), first);
        assert!(first.contains(".target sm_52"));
    }
}
