//! `kc_diagnostics`: what the compiler said about a source file — each
//! diagnostic's severity, message and span (line/column), and the whole
//! set rendered the way the `kernelc` command prints it.

use crate::error::{Error, Result};
use crate::ffi::{deref, free_handle, guard, guard_void, Out};
use crate::status::kc_status;
use crate::types::{kc_severity, KC_SEVERITY_ERROR, KC_SEVERITY_WARNING};
use kernelc_compiler::{Diagnostic, Severity, SourceFiles};
use std::ffi::{c_char, CString};

/// The diagnostics of one compilation (opaque). Made by `kc_compile`, freed
/// with `kc_diagnostics_free`; every string read from it is owned by it and
/// lives until it is freed. Immutable: safe to read from many threads.
pub struct kc_diagnostics {
    rendered: CString,
    items: Vec<Item>,
}

struct Item {
    severity: kc_severity,
    message: CString,
    file_name: CString,
    start: (u32, u32),
    end: (u32, u32),
    notes: CString,
    help: Option<CString>,
}

/// One diagnostic, filled in by `kc_diagnostics_get`. Its strings belong to
/// the `kc_diagnostics` it came from.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct kc_diagnostic {
    /// `KC_SEVERITY_ERROR` or `KC_SEVERITY_WARNING`.
    pub severity: kc_severity,
    /// The one-line cause, e.g. `"unknown CUDA intrinsic 'cuda.syncthread'"`.
    pub message: *const c_char,
    /// The file the primary span is in: the name given to `kc_compile`, or
    /// `"<signature>"` for a signature set with `kc_options_set_signature`.
    pub file_name: *const c_char,
    /// 1-based line of the first character of the primary span.
    pub line_start: u32,
    /// 1-based column (in characters) of the first character.
    pub column_start: u32,
    /// 1-based line of the end of the span.
    pub line_end: u32,
    /// 1-based column just past the last character (exclusive).
    pub column_end: u32,
    /// Extra facts, one per line (`""` when there are none).
    pub notes: *const c_char,
    /// A suggested fix, or NULL when there is none.
    pub help: *const c_char,
}

fn cstring(s: &str) -> CString {
    CString::new(s.replace('\0', "?")).unwrap_or_default()
}

impl kc_diagnostics {
    /// Collects `diagnostics` (spans resolved against `files`).
    pub(crate) fn new(files: &SourceFiles, diagnostics: &[Diagnostic]) -> kc_diagnostics {
        let items = diagnostics
            .iter()
            .map(|d| {
                let label = d.primary();
                Item {
                    severity: match d.severity {
                        Severity::Error => KC_SEVERITY_ERROR,
                        Severity::Warning => KC_SEVERITY_WARNING,
                    },
                    message: cstring(&d.message),
                    file_name: cstring(files.name(label.file)),
                    start: files.line_col(label.file, label.span.lo),
                    end: files.line_col(label.file, label.span.hi),
                    notes: cstring(&d.notes.join("\n")),
                    help: d.help.as_deref().map(cstring),
                }
            })
            .collect();
        kc_diagnostics {
            rendered: cstring(&kernelc_compiler::diagnostics::render(files, diagnostics)),
            items,
        }
    }

    /// The rendered text.
    pub(crate) fn rendered(&self) -> &str {
        self.rendered.to_str().unwrap_or("")
    }

    /// How many are errors.
    pub(crate) fn errors(&self) -> usize {
        self.items
            .iter()
            .filter(|i| i.severity == KC_SEVERITY_ERROR)
            .count()
    }

    fn get(&self, index: usize) -> Result<&Item> {
        self.items.get(index).ok_or_else(|| {
            Error::not_found(format!(
                "diagnostic {index} of {} (indices start at 0)",
                self.items.len()
            ))
        })
    }
}

/// Frees diagnostics. NULL is ignored. Never fails.
#[no_mangle]
pub unsafe extern "C" fn kc_diagnostics_free(diagnostics: *mut kc_diagnostics) {
    // SAFETY: the caller passes NULL or a live handle.
    guard_void("kc_diagnostics_free", || unsafe {
        free_handle(diagnostics)
    })
}

/// `*count` receives the number of diagnostics (errors and warnings).
#[no_mangle]
pub unsafe extern "C" fn kc_diagnostics_count(
    diagnostics: *const kc_diagnostics,
    count: *mut usize,
) -> kc_status {
    guard("kc_diagnostics_count", || {
        let d = unsafe { deref(diagnostics, "diagnostics") }?;
        Out::new(count, "count")?.write(d.items.len());
        Ok(())
    })
}

/// `*count` receives the number of errors among the diagnostics.
#[no_mangle]
pub unsafe extern "C" fn kc_diagnostics_error_count(
    diagnostics: *const kc_diagnostics,
    count: *mut usize,
) -> kc_status {
    guard("kc_diagnostics_error_count", || {
        let d = unsafe { deref(diagnostics, "diagnostics") }?;
        Out::new(count, "count")?.write(d.errors());
        Ok(())
    })
}

/// `*text` receives every diagnostic rendered as the `kernelc` command
/// prints them (`error: …`, `┌─ file:line:col`, the source line with an
/// underline, notes and help), `""` when there are none. The string is
/// owned by `diagnostics`.
#[no_mangle]
pub unsafe extern "C" fn kc_diagnostics_rendered(
    diagnostics: *const kc_diagnostics,
    text: *mut *const c_char,
) -> kc_status {
    guard("kc_diagnostics_rendered", || {
        let d = unsafe { deref(diagnostics, "diagnostics") }?;
        Out::new(text, "text")?.write(d.rendered.as_ptr());
        Ok(())
    })
}

/// Fills `*out` with diagnostic `index` (0-based, in source order);
/// `KC_ERROR_NOT_FOUND` past the end. The strings in `*out` are owned by
/// `diagnostics`.
#[no_mangle]
pub unsafe extern "C" fn kc_diagnostics_get(
    diagnostics: *const kc_diagnostics,
    index: usize,
    out: *mut kc_diagnostic,
) -> kc_status {
    guard("kc_diagnostics_get", || {
        let d = unsafe { deref(diagnostics, "diagnostics") }?;
        let out = Out::new(out, "out")?;
        let item = d.get(index)?;
        out.write(kc_diagnostic {
            severity: item.severity,
            message: item.message.as_ptr(),
            file_name: item.file_name.as_ptr(),
            line_start: item.start.0,
            column_start: item.start.1,
            line_end: item.end.0,
            column_end: item.end.1,
            notes: item.notes.as_ptr(),
            help: item.help.as_ref().map_or(std::ptr::null(), |h| h.as_ptr()),
        });
        Ok(())
    })
}
