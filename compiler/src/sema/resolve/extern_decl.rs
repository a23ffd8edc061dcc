//! `cuda.declare_device(name, sig)` at the top level of a file: a device
//! function defined elsewhere (PTX or CUDA C that the host links with the
//! kernel, numba-cuda's `link=`), which kernels call by the declared
//! signature.
//!
//! `mul = cuda.declare_device("mul_f32", "float32(float32, float32)")`
//! binds `mul` to an [`ExternDecl`]; the signature may also be written
//! with type objects (`types.float32(types.float32, types.float32)`), and
//! the keywords are numba-cuda 0.30's: `link=` (files the host links;
//! kernelc's compiler does not read them), `abi="numba"` (the default:
//! `int name(T *result, args...)`, the int a status) or `abi="c"` (`T
//! name(args...)`), and `use_cooperative=False`. Arguments are scalars (a
//! bool, an integer, float32 or float64) or pointers (`CPointer(float32)`,
//! C's `float*`); the result is a scalar or `void`. Every mistake is a located error, and the name is then bound to
//! nothing (`Global::Error`), so its calls are not reported again.

use super::{DeclaredSig, ModuleConstEnv, ModuleEnv};
use crate::diagnostics::Diagnostic;
use crate::front::ast::{ExprId, ExprKind};
use crate::sema::const_eval;
use crate::sema::intrinsics::Member;
use crate::span::Span;
use crate::types::{Scalar, Type};
use std::borrow::Cow;

pub use crate::ir::ExternAbi;

/// A function declared with `cuda.declare_device`.
#[derive(Clone, Debug)]
pub struct ExternDecl {
    /// Its symbol in the linked code (`mul_f32`).
    pub name: String,
    /// Parameter types: scalars (not float16) and pointers.
    pub params: Vec<Type>,
    /// Result type; `None` for `void`.
    pub ret: Option<Scalar>,
    /// How it is called.
    pub abi: ExternAbi,
    /// The `cuda.declare_device(...)` call.
    pub span: Span,
}

impl ModuleEnv<'_> {
    /// The declaration `value` makes, when it is a `cuda.declare_device`
    /// call: `Some(Some(decl))`, or `Some(None)` after reporting why it
    /// cannot be used; `None` for any other value.
    pub(super) fn declare_device(
        &self,
        value: ExprId,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Option<ExternDecl>> {
        let (span, positional, keywords) = self.call_of(value, Member::DeclareDevice)?;
        let before = diags.len();
        let mut abi = ExternAbi::Numba;
        if positional.len() > 2 {
            diags.push(Diagnostic::error(
                format!(
                    "cuda.declare_device() takes 2 positional arguments (name, sig) but {} were given",
                    positional.len()
                ),
                self.expr(positional[2]).span,
            ));
        }
        let mut name = positional.first().copied();
        let mut sig = positional.get(1).copied();
        for kw in keywords {
            match self.name(kw.name.name) {
                "name" => name = Some(kw.value),
                "sig" => sig = Some(kw.value),
                // Files the host links with the kernel.
                "link" => {}
                "abi" => match self.string_value(kw.value) {
                    Some("numba") => abi = ExternAbi::Numba,
                    Some("c") => abi = ExternAbi::C,
                    _ => diags.push(
                        Diagnostic::error(
                            "unsupported ABI: `abi` is \"numba\" or \"c\"",
                            self.expr(kw.value).span,
                        )
                        .with_note("numba-cuda raises NotImplementedError for any other value"),
                    ),
                },
                "use_cooperative" => {
                    let on = const_eval::eval(self.module, kw.value, &ModuleConstEnv { env: self })
                        .map(|v| v.truthy());
                    if !matches!(on, Ok(false)) {
                        diags.push(Diagnostic::error(
                            "declared device functions that need a cooperative launch \
                             (`use_cooperative=True`) are not supported by kernelc",
                            kw.span,
                        ));
                    }
                }
                other => diags.push(
                    Diagnostic::error(
                        format!(
                            "cuda.declare_device() got an unexpected keyword argument '{other}'"
                        ),
                        kw.name.span,
                    )
                    .with_help("its arguments are name, sig, link, use_cooperative and abi"),
                ),
            }
        }
        let (Some(name), Some(sig)) = (name, sig) else {
            diags.push(Diagnostic::error(
                "cuda.declare_device() needs the function's name and signature: \
                 cuda.declare_device(\"mul_f32\", \"float32(float32, float32)\")",
                span,
            ));
            return Some(None);
        };
        let name = self.symbol_name(name, diags);
        let signature = self.extern_signature(sig, diags);
        if diags.len() > before {
            return Some(None);
        }
        let (Some(name), Some((params, ret))) = (name, signature) else {
            return Some(None);
        };
        Some(Some(ExternDecl {
            name,
            params,
            ret,
            abi,
            span,
        }))
    }

    /// The text of a string literal.
    fn string_value(&self, id: ExprId) -> Option<&str> {
        match &self.expr(id).kind {
            ExprKind::Str(s) => Some(self.module.string(*s)),
            _ => None,
        }
    }

    /// The declared name: a string literal that is a PTX identifier.
    fn symbol_name(&self, id: ExprId, diags: &mut Vec<Diagnostic>) -> Option<String> {
        let span = self.expr(id).span;
        let Some(text) = self.string_value(id) else {
            diags.push(Diagnostic::error(
                "the name of a declared device function must be a string literal",
                span,
            ));
            return None;
        };
        let mut chars = text.chars();
        let first_ok = chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$');
        if !first_ok || !chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$') {
            diags.push(
                Diagnostic::error(
                    format!("'{text}' is not a name a linked function can have"),
                    span,
                )
                .with_help(
                    "use the function's symbol: letters, digits, `_` and `$`, not starting with a digit \
                     (an `extern \"C\"` function's name, or its mangled C++ name)",
                ),
            );
            return None;
        }
        Some(text.to_string())
    }

    /// The parameter and result types of a declaration's signature
    /// (a string, or a type expression such as `float32(float32)`).
    #[allow(clippy::type_complexity, reason = "a private helper's pair")]
    fn extern_signature(
        &self,
        id: ExprId,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<(Vec<Type>, Option<Scalar>)> {
        let e = self.expr(id);
        let declared = match &e.kind {
            ExprKind::Str(text) => {
                let text = self.module.string(*text);
                DeclaredSig {
                    text: Cow::Borrowed(text),
                    text_offset: super::plain_string_offset(text, e.span),
                    span: e.span,
                    from_expr: false,
                }
            }
            _ => match self.sig_expr_text(id) {
                Some(text) => DeclaredSig {
                    text: Cow::Owned(text),
                    text_offset: None,
                    span: e.span,
                    from_expr: true,
                },
                None => {
                    diags.push(Diagnostic::error(
                        "a declared device function's signature must be a string like \
                         \"float32(float32, float32)\" or a type expression",
                        e.span,
                    ));
                    return None;
                }
            },
        };
        let sig = crate::sema::decorator_sig(self, &declared, diags)?;
        let Some(ret) = sig.ret else {
            diags.push(Diagnostic::error(
                "the return type must be given for device declarations: \"float32(float32)\", \
                 or \"void(float32)\"",
                e.span,
            ));
            return None;
        };
        let scalar = |t: &Type| match t {
            Type::Scalar(s) if *s != Scalar::F16 => Some(*s),
            _ => None,
        };
        let mut bad = Vec::new();
        let params: Vec<Type> = (sig.args.iter())
            .filter(|t| {
                let ok = scalar(t).is_some() || t.is_pointer();
                if !ok {
                    bad.push(t.describe());
                }
                ok
            })
            .copied()
            .collect();
        let ret = match ret {
            Type::None => None,
            t => {
                let s = scalar(&t);
                if s.is_none() {
                    bad.push(t.describe());
                }
                s
            }
        };
        if !bad.is_empty() {
            diags.push(
                Diagnostic::error(
                    format!(
                        "declared device functions take scalars and pointers and return scalars in kernelc, not {}",
                        bad.join(", ")
                    ),
                    e.span,
                )
                .with_note(
                    "a bool, an integer, float32 or float64, or a pointer (`CPointer(float32)`) as \
                     an argument (arrays, float16, complex numbers, tuples and records are not \
                     supported: pass `ffi.from_buffer(array)` for an array)",
                ),
            );
            return None;
        }
        Some((params, ret))
    }
}
