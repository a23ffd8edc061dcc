//! Typing of record fields: `r.x` and `r['x']` read a field of a record
//! (an element of a record array, Numba's `Record`, by reference), and the
//! same forms as assignment targets write it, `+=` included. A field's
//! type is its scalar type; a record in constant memory is read-only.
//! Also the draws of `numba.cuda.random`, whose generator states are
//! records (`s0`, `s1`).

use super::FnChecker;
use crate::diagnostics::Diagnostic;
use crate::front::ast::{BinOp, ExprId};
use crate::sema::intrinsics::{Callee, Intrinsic, RandomFn};
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

impl FnChecker<'_, '_, '_> {
    /// The index of field `name` of `record`, or an error at `name_span`.
    fn field_index(&mut self, record: RecordType, name: &str, name_span: Span) -> Option<u32> {
        if let Some(k) = record.layout().fields.iter().position(|f| f.name == name) {
            return Some(k as u32);
        }
        let names: Vec<&str> = record
            .layout()
            .fields
            .iter()
            .map(|f| f.name.as_str())
            .collect();
        self.error(
            Diagnostic::error(format!("the record has no field '{name}'"), name_span)
                .with_help(format!("its fields are {}", names.join(", "))),
        );
        None
    }

    /// `base.name` / `base['name']` read, for a record-typed `base`.
    pub(super) fn field_read(
        &mut self,
        base: TExpr,
        record: RecordRef,
        name: &str,
        name_span: Span,
        span: Span,
    ) -> TExpr {
        let Some(k) = self.field_index(record.record, name, name_span) else {
            return TExpr::error(span);
        };
        let ty = Type::Scalar(record.record.layout().fields[k as usize].ty);
        TExpr {
            kind: TExprKind::Field(self.ex(base), k),
            ty,
            span,
        }
    }

    /// `base.name = value` (or `base['name'] = value`), `base` an
    /// expression; with `op`, `base.name op= value`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn field_assign(
        &mut self,
        base: ExprId,
        name: &str,
        name_span: Span,
        op: Option<BinOp>,
        value: TExpr,
        span: Span,
        out: &mut Vec<TStmt>,
    ) {
        let record = self.expr(base);
        let target_span = self.ast(base).span.to(name_span);
        let r = match record.ty {
            Type::Record(r) => r,
            Type::Unknown => return,
            other => {
                let msg = format!("cannot assign to a field of {}", other.describe());
                self.error(Diagnostic::error(msg, target_span));
                return;
            }
        };
        if r.space == MemSpace::Const {
            self.error(
                Diagnostic::error("constant arrays are read-only", target_span)
                    .with_help("copy the field into a local variable first"),
            );
            return;
        }
        let Some(k) = self.field_index(r.record, name, name_span) else {
            return;
        };
        let field_ty = Type::Scalar(r.record.layout().fields[k as usize].ty);
        // `+=` reads the record once, before the right-hand side.
        let record = match op {
            Some(_) => self.once(record, span, out),
            None => record,
        };
        let value = match op {
            Some(op) => {
                let cur = TExpr {
                    kind: TExprKind::Field(self.ex(record), k),
                    ty: field_ty,
                    span: target_span,
                };
                self.binary(op, cur, value, span)
            }
            None => value,
        };
        let value = self.int_enum_as_number(value);
        match value.ty {
            Type::Unknown => return,
            Type::Scalar(_) => {}
            other => {
                let msg = format!(
                    "cannot store {} into a record field of type {field_ty}",
                    other.describe()
                );
                self.error(Diagnostic::error(msg, value.span));
                return;
            }
        }
        let value = self.cast(value, &field_ty);
        let (record, value) = (self.ex(record), self.ex(value));
        Self::push(
            out,
            TStmtKind::StoreField {
                record,
                field: k,
                value,
            },
            span,
        );
    }
}

impl FnChecker<'_, '_, '_> {
    /// `xoroshiro128p_uniform_float32(states, index)` and the other draws of
    /// `numba.cuda.random`: `states` is a 1-D array of records with `uint64`
    /// fields `s0` and `s1` (Numba's `xoroshiro128p_dtype`), `index` an
    /// integer (converted to int64, as Numba does).
    pub(super) fn random_draw(
        &mut self,
        r: RandomFn,
        name: Callee,
        states: TExpr,
        index: TExpr,
        span: Span,
    ) -> TExpr {
        let is_state = |record: RecordType| {
            ["s0", "s1"]
                .iter()
                .all(|f| record.field(f).is_some_and(|f| f.ty == Scalar::U64))
        };
        match states.ty {
            Type::Array(a)
                if a.ndim == 1 && matches!(a.elem, Elem::Record(rec) if is_state(rec)) =>
            {
                if a.space == MemSpace::Const {
                    let msg =
                        format!("{name}() updates the states: they cannot be a constant array");
                    return self.reject(states.span, &msg, None);
                }
            }
            Type::Unknown => return TExpr::error(span),
            other => {
                let msg = format!(
                    "{name}() needs a 1-D array of generator states (xoroshiro128p_dtype), not {}",
                    other.describe()
                );
                return self.reject(
                    states.span,
                    &msg,
                    Some("make them with create_xoroshiro128p_states(n, seed)"),
                );
            }
        }
        let index = match index.ty {
            Type::Scalar(s) if s.is_int() || s == Scalar::Bool => self.cast(index, &Type::I64),
            Type::Unknown => return TExpr::error(span),
            other => {
                let msg = format!("{name}() needs an integer index, not {}", other.describe());
                return self.reject(index.span, &msg, None);
            }
        };
        self.intrinsic(
            Intrinsic::Random(r),
            [states, index],
            Type::Scalar(r.result()),
            span,
        )
    }
}
