//! Named tuple classes at the top level of a kernel file:
//! `Point = namedtuple('Point', ['x', 'y'])` (also `'x y'`, `'x, y'`, a
//! tuple of names, `collections.namedtuple`) and `class Point(NamedTuple):`
//! with annotated fields, read into an interned [`NamedTupleClass`].
//! Defaults, `rename=` and methods are reported: kernels build a named
//! tuple from one value per field, as Numba's do.

use super::{Global, GlobalValue, ModuleEnv};
use crate::diagnostics::Diagnostic;
use crate::front::ast::*;
use crate::namedtuples::{NamedTupleClass, NamedTupleLayout};
use crate::sema::intrinsics::Member;
use crate::span::Span;

impl ModuleEnv<'_> {
    /// True for a class whose one base is `typing.NamedTuple`.
    pub(super) fn is_named_tuple_class(&self, class: &ClassDef) -> bool {
        matches!(
            self.module.exprs(class.bases),
            [b] if matches!(self.global_path(*b), Some(Member::NamedTupleBase))
        )
    }

    /// `class Point(NamedTuple): x: float` (fields annotated, without
    /// defaults).
    pub(super) fn named_tuple_class(
        &self,
        class: &ClassDef,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<NamedTupleClass> {
        if let Some(&d) = self.module.exprs(class.decorators).first() {
            diags.push(Diagnostic::error(
                "a named tuple class cannot be decorated in a kernel file",
                self.expr(d).span,
            ));
            return None;
        }
        let mut fields = Vec::new();
        for stmt in self.module.block(class.body) {
            match &stmt.kind {
                StmtKind::AnnAssign {
                    target,
                    value: None,
                    ..
                } => match self.expr(*target).kind {
                    ExprKind::Name(n) => {
                        fields.push((self.name(n).to_string(), self.expr(*target).span))
                    }
                    _ => {
                        diags.push(Diagnostic::error(
                            "a field's name must be a plain name",
                            stmt.span,
                        ));
                        return None;
                    }
                },
                StmtKind::AnnAssign { value: Some(v), .. } => {
                    diags.push(Diagnostic::error(
                        "named tuple fields with default values are not supported in kernels",
                        self.expr(*v).span,
                    ));
                    return None;
                }
                StmtKind::Pass => {}
                StmtKind::Expr(e) if matches!(self.expr(*e).kind, ExprKind::Str(_)) => {}
                _ => {
                    diags.push(Diagnostic::error(
                        "a named tuple class body holds annotated fields (`x: float`) only",
                        stmt.span,
                    ));
                    return None;
                }
            }
        }
        let name = self.name(class.name.name).to_string();
        check_fields(&name, fields, class.header_span, diags)
    }

    /// A named tuple built at module level (`CFG = Cfg(1.5, b=2)`, as the
    /// binding freezes a named tuple a kernel reads from a global or a
    /// closure): `None` when `value` is not a call of a named tuple class
    /// of the file, `Some(None)` after reporting one kernels cannot use.
    /// Numba freezes such a global as a constant of its `NamedTuple` type.
    pub(super) fn named_tuple_value(
        &self,
        value: ExprId,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Option<GlobalValue>> {
        let e = self.expr(value);
        let ExprKind::Call {
            func,
            args,
            keywords,
        } = &e.kind
        else {
            return None;
        };
        let ExprKind::Name(n) = self.expr(*func).kind else {
            return None;
        };
        let Some((Global::NamedTupleClass(c), _)) = self.globals.get(&n) else {
            return None;
        };
        let c = *c;
        let (fields, name) = (c.fields(), c.name());
        let args = self.module.exprs(*args);
        if args.len() > fields.len() {
            let msg = format!(
                "{name}() takes {} arguments but {} were given",
                fields.len(),
                args.len()
            );
            diags.push(Diagnostic::error(msg, e.span));
            return Some(None);
        }
        // The expression of each field: by position, then by name.
        let mut slots: Vec<Option<ExprId>> = vec![None; fields.len()];
        for (k, &a) in args.iter().enumerate() {
            slots[k] = Some(a);
        }
        for kw in self.module.keywords(*keywords) {
            let kname = self.name(kw.name.name);
            let problem = match c.field_index(kname) {
                None => format!("{name}() has no field named '{kname}'"),
                Some(k) if slots[k].is_some() => {
                    format!("{name}() got several values for '{kname}'")
                }
                Some(k) => {
                    slots[k] = Some(kw.value);
                    continue;
                }
            };
            diags.push(Diagnostic::error(problem, kw.span));
            return Some(None);
        }
        let mut items = Vec::with_capacity(fields.len());
        for (field, slot) in fields.iter().zip(slots) {
            let Some(x) = slot else {
                let msg = format!("{name}() is missing a value for the field '{field}'");
                diags.push(Diagnostic::error(msg, e.span));
                return Some(None);
            };
            let Some((v, _)) = self.global_item(x, diags) else {
                let msg = format!(
                    "the field '{field}' of this {name} is not a value kernels can use \
                     (a number, a bool, a tuple of them, a function or an array)"
                );
                diags.push(Diagnostic::error(msg, self.expr(x).span));
                return Some(None);
            };
            items.push(v);
        }
        Some(Some(GlobalValue::NamedTuple(c, items)))
    }

    /// A module-level named tuple (see [`Self::named_tuple_value`]) as an
    /// item of another value; `None` also after reporting an error.
    pub(super) fn global_named_tuple(
        &self,
        value: ExprId,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<GlobalValue> {
        self.named_tuple_value(value, diags).flatten()
    }

    /// `namedtuple('Point', fields)` as a module-level value: `None` when
    /// `value` is not a call of `namedtuple`, `Some(None)` after reporting
    /// a call that is not one kernels can use.
    pub(super) fn named_tuple_call(
        &self,
        value: ExprId,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Option<NamedTupleClass>> {
        let (span, args, keywords) = self.call_of(value, Member::NamedTupleFactory)?;
        if let Some(k) = keywords.first() {
            diags.push(Diagnostic::error(
                format!(
                    "namedtuple(..., {}=...) is not supported in kernel files",
                    self.name(k.name.name)
                ),
                k.span,
            ));
            return Some(None);
        }
        let [type_name, names] = args else {
            diags.push(Diagnostic::error(
                "namedtuple() takes a type name and the field names: namedtuple('Point', ['x', 'y'])",
                span,
            ));
            return Some(None);
        };
        let ExprKind::Str(type_name) = self.expr(*type_name).kind else {
            diags.push(Diagnostic::error(
                "a named tuple's type name must be a string",
                self.expr(*type_name).span,
            ));
            return Some(None);
        };
        let names_expr = self.expr(*names);
        let mut fields = Vec::new();
        match &names_expr.kind {
            // 'x y' or 'x, y'
            ExprKind::Str(s) => {
                for f in self.module.string(*s).replace(',', " ").split_whitespace() {
                    fields.push((f.to_string(), names_expr.span));
                }
            }
            ExprKind::List(items) | ExprKind::Tuple(items) => {
                for &item in self.module.exprs(*items) {
                    let item = self.expr(item);
                    match item.kind {
                        ExprKind::Str(s) => {
                            fields.push((self.module.string(s).to_string(), item.span))
                        }
                        _ => {
                            diags.push(Diagnostic::error(
                                "a field name must be a string",
                                item.span,
                            ));
                            return Some(None);
                        }
                    }
                }
            }
            _ => {
                diags.push(Diagnostic::error(
                    "the field names must be a string ('x y') or a list of strings",
                    names_expr.span,
                ));
                return Some(None);
            }
        }
        let name = self.module.string(type_name).to_string();
        Some(check_fields(&name, fields, span, diags))
    }
}

/// The class, after Python's checks of the names: identifiers, not
/// starting with `_`, not repeated.
fn check_fields(
    name: &str,
    fields: Vec<(String, Span)>,
    span: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<NamedTupleClass> {
    let is_identifier = |s: &str| {
        let mut chars = s.chars();
        chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
            && chars.all(|c| c.is_alphanumeric() || c == '_')
    };
    if !is_identifier(name) {
        diags.push(Diagnostic::error(
            format!("'{name}' is not a valid type name"),
            span,
        ));
        return None;
    }
    for (k, (f, at)) in fields.iter().enumerate() {
        let problem = if !is_identifier(f) {
            "is not a valid field name"
        } else if f.starts_with('_') {
            "starts with '_', which named tuples refuse"
        } else if fields[..k].iter().any(|(g, _)| g == f) {
            "is a field name twice"
        } else {
            continue;
        };
        diags.push(Diagnostic::error(format!("'{f}' {problem}"), *at));
        return None;
    }
    Some(NamedTupleClass::intern(NamedTupleLayout {
        name: name.to_string(),
        fields: fields.into_iter().map(|(f, _)| f).collect(),
    }))
}
