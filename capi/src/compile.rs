//! `kc_compile`: source text to a `kc_module`, with its diagnostics.
//! Compilations share nothing, so any number may run at once on different
//! threads (with the same or different options). Each thread keeps one
//! [`CompileContext`], whose buffers its next compile reuses.

use crate::diagnostics::kc_diagnostics;
use crate::error::{Error, Result};
use crate::ffi::{deref, guard, opt_string, string, OutHandle};
use crate::module::{c_text, kc_module, Kernel};
use crate::options::kc_options;
use crate::status::kc_status;
use kernelc_compiler::driver::{compile_forcing_with, CompileContext, Compiled};
use kernelc_compiler::ir::write::write_module;
use kernelc_compiler::sema::dump::dump_program;
use std::cell::Cell;
use std::ffi::{c_char, CString};

/// Compiles `source` (NUL-terminated UTF-8 Python) to a module.
///
/// - `file_name`: the name diagnostics give the source (NULL: `"<source>"`).
/// - `options`: NULL for the defaults (see `kc_options`).
/// - `*module` receives the module on success and NULL on failure; free it
///   with `kc_module_free`.
/// - `*diagnostics` (if `diagnostics` is not NULL) receives the compiler's
///   diagnostics, on success (warnings, maybe none) as on failure; free
///   them with `kc_diagnostics_free`. NULL when they could not be made
///   (a NULL `source`, for instance).
///
/// Returns `KC_ERROR_COMPILE` when the source is rejected (the last-error
/// message then holds the rendered diagnostics), when no kernel has a
/// signature to compile it with, or when the compiler cannot yet handle
/// the program.
#[no_mangle]
pub unsafe extern "C" fn kc_compile(
    source: *const c_char,
    file_name: *const c_char,
    options: *const kc_options,
    module: *mut *mut kc_module,
    diagnostics: *mut *mut kc_diagnostics,
) -> kc_status {
    guard("kc_compile", || {
        let module_out = OutHandle::new(module, "module")?;
        let diagnostics_out = if diagnostics.is_null() {
            None
        } else {
            Some(OutHandle::new(diagnostics, "diagnostics")?)
        };
        // SAFETY: the documented contract of each pointer.
        let source = unsafe { string(source, "source") }?;
        let file_name = unsafe { opt_string(file_name, "file_name") }?.unwrap_or("<source>");
        let defaults = kc_options::default();
        let options = if options.is_null() {
            &defaults
        } else {
            unsafe { deref(options, "options") }?
        };
        let (result, diags) = compile(source, file_name, options);
        if let Some(out) = diagnostics_out {
            out.give(diags);
        }
        module_out.give(result?);
        Ok(())
    })
}

/// The compilation itself, with this thread's context: the module or the
/// error, and the diagnostics either way.
fn compile(
    source: &str,
    file_name: &str,
    options: &kc_options,
) -> (Result<kc_module>, kc_diagnostics) {
    // Taken for the compile and put back after (a new one while the thread
    // exits and its context is gone; a panic loses it, and the next
    // compile on the thread starts a new one).
    let mut ctx = CONTEXT.try_with(Cell::take).unwrap_or_default();
    let outcome =
        match compile_forcing_with(&mut ctx, file_name, source, &options.compile, options.force) {
            Ok(mut compiled) => {
                let outcome = module_of(&mut compiled, file_name, options);
                ctx.recycle(compiled);
                outcome
            }
            Err(e) => {
                let none = kc_diagnostics::new(&Default::default(), &[]);
                let message = format!("the compiler cannot handle this program: {e}");
                (Err(Error::new(kc_status::KC_ERROR_COMPILE, message)), none)
            }
        };
    let _ = CONTEXT.try_with(|kept| kept.set(ctx));
    outcome
}

thread_local! {
    /// The buffers this thread's compiles lend each other.
    static CONTEXT: Cell<CompileContext> = Cell::default();
}

/// The module of a compilation (its PTX and kernels are moved out, the
/// rest is left for the context), or the error; its diagnostics either
/// way.
fn module_of(
    compiled: &mut Compiled,
    file_name: &str,
    options: &kc_options,
) -> (Result<kc_module>, kc_diagnostics) {
    let checked = &compiled.checked;
    let diags = kc_diagnostics::new(&checked.files, &checked.diagnostics);
    if checked.has_errors() {
        let n = diags.errors();
        let message = format!(
            "{n} error{} in {file_name}:\n{}",
            if n == 1 { "" } else { "s" },
            diags.rendered()
        );
        return (Err(Error::new(kc_status::KC_ERROR_COMPILE, message)), diags);
    }
    if compiled.kernels.is_empty() && compiled.export.is_none() {
        let message = "nothing to compile: no kernel has a signature (give one in the \
                       decorator, or with kc_options_set_kernel and kc_options_set_signature)";
        return (Err(Error::new(kc_status::KC_ERROR_COMPILE, message)), diags);
    }
    let ptx = compiled.ptx.take().unwrap_or_default();
    let module = kc_module {
        ptx: CString::new(ptx).unwrap_or_default(),
        types_text: options
            .keep_texts
            .then(|| c_text(dump_program(&compiled.checked.program))),
        ir_text: options
            .keep_texts
            .then(|| c_text(compiled.ir.as_ref().map(write_module).unwrap_or_default())),
        kernels: std::mem::take(&mut compiled.kernels)
            .into_iter()
            .map(Kernel::new)
            .collect(),
        const_data: options.const_data.clone(),
        export: compiled
            .export
            .take()
            .map(|e| (c_text(e.name), c_text(e.signature))),
    };
    (Ok(module), diags)
}
