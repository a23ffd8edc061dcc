//! Record dtypes at the top level of a kernel file:
//! `REC = np.dtype([('x', np.float32), ('d', np.uint8, 5)], align=True)`
//! (and `numba.from_dtype(...)` of one, Numba's `Record` type), laid out as
//! NumPy lays out a structured dtype: fields in order, each at the next
//! multiple of its alignment when aligned, the size a multiple of the
//! largest alignment. A field's format is a number type (`np.float32`,
//! `'float32'`, `np.complex64`), another record dtype (of the file, or
//! `np.dtype([...])` in place), or
//! either with a shape (`('j', np.float32, (3, 2))`, `('d', (np.uint8, 5))`).
//! The name then stands for the record type: a dtype of
//! `cuda.local.array(n, REC)` and `cuda.shared.array(n, REC)`.

use super::ModuleEnv;
use crate::diagnostics::Diagnostic;
use crate::front::ast::*;
use crate::records::{FieldType, RecordField, RecordLayout, RecordType};
use crate::sema::intrinsics::Member;
use crate::span::Span;
use crate::types::{complex_from_name, Elem, Scalar};

impl ModuleEnv<'_> {
    /// The record type `value` builds when it is `np.dtype([...])` or
    /// `numba.from_dtype(...)` of a record dtype: `None` for another value,
    /// `Some(None)` after an error.
    pub(super) fn record_dtype(
        &self,
        value: ExprId,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Option<RecordType>> {
        let ExprKind::Call {
            func,
            args,
            keywords,
        } = &self.expr(value).kind
        else {
            return None;
        };
        let from_dtype = match self.global_path(*func) {
            Some(Member::RecordDtype(from_dtype)) => from_dtype,
            _ => return None,
        };
        let args = self.module.exprs(*args);
        match from_dtype {
            true => {
                let [arg] = args else {
                    return None;
                };
                match self.record_dtype(*arg, diags) {
                    Some(r) => Some(r),
                    None => Some(self.record_named(*arg, diags)),
                }
            }
            false => {
                let [fields] = args else {
                    return None;
                };
                let ExprKind::List(fields) = self.expr(*fields).kind else {
                    return None;
                };
                let mut align = false;
                for k in self.module.keywords(*keywords) {
                    match (self.name(k.name.name), &self.expr(k.value).kind) {
                        ("align", ExprKind::Bool(b)) => align = *b,
                        _ => {
                            diags.push(Diagnostic::error(
                                "np.dtype() of a record takes `align=True` or `align=False` only",
                                k.span,
                            ));
                            return Some(None);
                        }
                    }
                }
                let span = self.expr(value).span;
                Some(self.record_layout(self.module.exprs(fields), align, span, diags))
            }
        }
    }

    /// The record dtype the name `e` is bound to, or an error.
    fn record_named(&self, e: ExprId, diags: &mut Vec<Diagnostic>) -> Option<RecordType> {
        match self.global_path(e) {
            Some(Member::Dtype(Elem::Record(r))) => Some(r),
            _ => {
                diags.push(Diagnostic::error(
                    "expected a record dtype (np.dtype([...])) of this file",
                    self.expr(e).span,
                ));
                None
            }
        }
    }

    /// The record of the `(name, format[, shape])` tuples `fields`.
    fn record_layout(
        &self,
        fields: &[ExprId],
        align: bool,
        span: Span,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<RecordType> {
        let mut out = Vec::new();
        let (mut offset, mut max_align) = (0u32, 1u32);
        for &f in fields {
            let bad = |diags: &mut Vec<Diagnostic>| {
                diags.push(
                    Diagnostic::error(
                        "a record field is a tuple (name, format) or (name, format, shape)",
                        self.expr(f).span,
                    )
                    .with_help("e.g. ('x', np.float32) or ('d', np.uint8, 5)"),
                );
                None
            };
            let ExprKind::Tuple(parts) = self.expr(f).kind else {
                return bad(diags);
            };
            let (name, format, shape) = match self.module.exprs(parts) {
                [n, t] => (*n, *t, None),
                [n, t, s] => (*n, *t, Some(*s)),
                _ => return bad(diags),
            };
            let ExprKind::Str(name) = self.expr(name).kind else {
                return bad(diags);
            };
            let name = self.module.string(name).to_string();
            // `('d', (np.uint8, 5))`: the format and shape as one tuple.
            let (format, shape) = match (&self.expr(format).kind, shape) {
                (ExprKind::Tuple(inner), None) => match self.module.exprs(*inner) {
                    [t, s] => (*t, Some(*s)),
                    _ => return bad(diags),
                },
                _ => (format, shape),
            };
            let elem = self.field_elem(format, diags)?;
            let ty = match shape {
                None => match elem {
                    Elem::Scalar(s) => FieldType::Scalar(s),
                    Elem::Complex(part) => FieldType::Complex(part),
                    Elem::Record(r) => FieldType::Record(r),
                },
                Some(s) => FieldType::Array {
                    elem,
                    shape: self.field_shape(s, diags)?,
                },
            };
            // NumPy aligns a field to its elements' alignment: a number's
            // size (a complex number's part), an aligned record's largest.
            let field_align = match elem {
                Elem::Scalar(s) => s.size(),
                Elem::Complex(part) => part.size(),
                Elem::Record(r) if r.layout().aligned => r.align(),
                Elem::Record(_) => 1,
            };
            if align {
                offset = offset.next_multiple_of(field_align);
                max_align = max_align.max(field_align);
            }
            let size = ty.size();
            out.push(RecordField { name, ty, offset });
            offset = match offset.checked_add(size) {
                Some(o) => o,
                None => {
                    diags.push(Diagnostic::error("the record is too large", span));
                    return None;
                }
            };
        }
        let layout = RecordLayout {
            fields: out,
            size: if align {
                offset.next_multiple_of(max_align)
            } else {
                offset
            },
            aligned: align,
        };
        if let Err(message) = layout.check() {
            diags.push(Diagnostic::error(message, span));
            return None;
        }
        Some(RecordType::intern(layout))
    }

    /// A field's element type: a number type or a record dtype.
    fn field_elem(&self, format: ExprId, diags: &mut Vec<Diagnostic>) -> Option<Elem> {
        let e = self.expr(format);
        let found = match &e.kind {
            ExprKind::Str(s) => {
                let name = self.module.string(*s);
                (Scalar::from_name(name).map(Elem::Scalar))
                    .or_else(|| complex_from_name(name).map(Elem::Complex))
            }
            ExprKind::Name(_) | ExprKind::Attribute { .. } => match self.global_path(format) {
                Some(Member::Dtype(elem)) => Some(elem),
                _ => None,
            },
            // A nested record written in place: `np.dtype([...])`.
            ExprKind::Call { .. } => {
                match crate::stack::deeper(|| self.record_dtype(format, diags)) {
                    Some(Some(r)) => Some(Elem::Record(r)),
                    // Reported already.
                    Some(None) => return None,
                    None => None,
                }
            }
            _ => None,
        };
        if found.is_none() {
            diags.push(
                Diagnostic::error("unsupported record field format", e.span).with_help(
                    "a field is a number type (np.float32, 'int16', np.complex64) or a record dtype of this file",
                ),
            );
        }
        found
    }

    /// An array field's shape: an integer or a tuple of 1 to 3 integers.
    fn field_shape(&self, s: ExprId, diags: &mut Vec<Diagnostic>) -> Option<Vec<u32>> {
        let items: &[ExprId] = match &self.expr(s).kind {
            ExprKind::Tuple(items) => self.module.exprs(*items),
            _ => std::slice::from_ref(&s),
        };
        let dims: Option<Vec<u32>> = (items.iter())
            .map(|&d| match self.expr(d).kind {
                ExprKind::Int(n) => u32::try_from(n).ok().filter(|n| *n > 0),
                _ => None,
            })
            .collect();
        match dims {
            Some(d) if (1..=3).contains(&d.len()) => Some(d),
            _ => {
                diags.push(Diagnostic::error(
                    "an array field's shape is 1 to 3 positive integers",
                    self.expr(s).span,
                ));
                None
            }
        }
    }
}
