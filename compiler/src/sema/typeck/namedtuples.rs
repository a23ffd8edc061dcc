//! Typing of named tuples (Numba's `NamedTuple`/`NamedUniTuple`): building
//! one (`Point(1.0, y=2)`) and reading a field by name (`p.x`). Otherwise a
//! named tuple is a tuple whose type carries its class: indexing,
//! unpacking, `len`, iteration, comparison and passing it to device
//! functions are the tuple rules.

use super::FnChecker;
use crate::diagnostics::Diagnostic;
use crate::front::ast::{ExprId, KeywordArg};
use crate::namedtuples::NamedTupleClass;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

impl FnChecker<'_, '_, '_> {
    /// `Point(a, b)` or `Point(x=a, y=b)`: one value per field, by
    /// position then by name. Arguments are evaluated in the order they
    /// are written.
    pub(super) fn named_tuple_new(
        &mut self,
        c: NamedTupleClass,
        args: &[ExprId],
        keywords: &[KeywordArg],
        span: Span,
    ) -> TExpr {
        let fields = c.fields();
        let name = c.name();
        let mut slots: Vec<Option<TExpr>> = vec![None; fields.len()];
        let mut written: Vec<usize> = Vec::with_capacity(slots.len());
        if args.len() > fields.len() {
            self.type_args_for_errors(args, keywords);
            let msg = format!(
                "{name}() takes {} arguments but {} were given",
                fields.len(),
                args.len()
            );
            return self.reject(span, &msg, None);
        }
        let mut ok = true;
        for (k, &a) in args.iter().enumerate() {
            slots[k] = Some(self.expr(a));
            written.push(k);
        }
        for kw in keywords {
            let kname = self.env.name(kw.name.name);
            let value = self.expr(kw.value);
            match c.field_index(kname) {
                Some(k) if slots[k].is_none() => {
                    slots[k] = Some(value);
                    written.push(k);
                }
                Some(_) => {
                    let msg = format!("{name}() got several values for '{kname}'");
                    self.error(Diagnostic::error(msg, kw.span));
                    ok = false;
                }
                None => {
                    let msg = format!("{name}() has no field named '{kname}'");
                    self.error(
                        Diagnostic::error(msg, kw.name.span)
                            .with_help(format!("its fields are: {}", fields.join(", "))),
                    );
                    ok = false;
                }
            }
        }
        if let Some(k) = slots.iter().position(Option::is_none) {
            if ok {
                let msg = format!("{name}() is missing a value for the field '{}'", fields[k]);
                self.error(Diagnostic::error(msg, span));
            }
            return TExpr::error(span);
        }
        let mut items: Vec<TExpr> = slots.into_iter().map(|s| s.expect("filled")).collect();
        if !ok || items.iter().any(|t| t.ty.is_unknown()) {
            return TExpr::error(span);
        }
        // Values written out of field order, with effects, are evaluated
        // into temporaries in the written order first.
        let mut lets = Vec::new();
        if written.windows(2).any(|w| w[0] > w[1]) {
            for &k in &written {
                if !items[k].is_trivially_pure() {
                    let v = self.temp(items[k].ty, items[k].span);
                    let value = std::mem::replace(
                        &mut items[k],
                        TExpr {
                            kind: TExprKind::Var(v),
                            ty: Type::Unknown,
                            span: Span::default(),
                        },
                    );
                    items[k].ty = value.ty;
                    items[k].span = value.span;
                    lets.push((v, value));
                }
            }
        }
        let tys: Vec<Type> = items.iter().map(|t| t.ty).collect();
        let ty = Type::Tuple(TupleItems::named(c, &tys));
        let tuple = TExpr {
            kind: TExprKind::Tuple(self.ex_list(items)),
            ty,
            span,
        };
        self.bind_lets(lets, tuple, span)
    }

    /// `p.x` of a named tuple: its field `x`; `None` when `base` is not a
    /// named tuple.
    pub(super) fn named_tuple_field(
        &mut self,
        base: &TExpr,
        name: &str,
        attr_span: Span,
        span: Span,
    ) -> Option<TExpr> {
        let Type::Tuple(items) = base.ty else {
            return None;
        };
        let c = items.class()?;
        let Some(k) = c.field_index(name) else {
            let msg = format!("the named tuple '{}' has no field '{name}'", c.name());
            let help = format!("its fields are: {}", c.fields().join(", "));
            return Some(self.reject(attr_span, &msg, Some(&help)));
        };
        if let TExprKind::Tuple(elems) = base.kind {
            if base.is_trivially_pure() || self.get_list(elems).iter().all(TExpr::is_trivially_pure)
            {
                let mut e = self.get_list(elems)[k];
                e.span = span;
                return Some(e);
            }
        }
        Some(TExpr {
            kind: TExprKind::TupleGet(self.ex(*base), k as u32),
            ty: items[k],
            span,
        })
    }
}
