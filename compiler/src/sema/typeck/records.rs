//! Typing of record fields: `r.x` and `r['x']` read a field of a record
//! (an element of a record array, Numba's `Record`, by reference), and the
//! same forms as assignment targets write it, `+=` included. A scalar or
//! complex field is a number; an array field is a C-ordered view of the
//! record's memory (Numba's `NestedArray`); a nested record is a
//! reference, as the outer one; `r[0]` is the first field. A record in
//! constant memory is read-only.
//! Also the draws of `numba.cuda.random`, whose generator states are
//! records (`s0`, `s1`).

use super::FnChecker;
use crate::diagnostics::Diagnostic;
use crate::front::ast::{BinOp, ExprId};
use crate::records::FieldType;
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
        self.field_at(base, record, k, name_span, span)
    }

    /// `base[k]` read, for a record-typed `base` and a constant integer
    /// `k`: the field at that position (Numba's `IntegerLiteral` index;
    /// negative counts from the end, as Python's list of the field names).
    pub(super) fn field_read_at(
        &mut self,
        base: TExpr,
        record: RecordRef,
        index: TExpr,
        span: Span,
    ) -> TExpr {
        let n = record.record.layout().fields.len() as i128;
        let k = match index
            .as_const()
            .and_then(crate::sema::consts::ConstValue::as_int)
        {
            Some(k) if (-n..n).contains(&k) => (if k < 0 { k + n } else { k }) as u32,
            Some(k) => {
                let msg = format!("requested index {k} is out of range: the record has {n} fields");
                return self.reject(index.span, &msg, None);
            }
            None => {
                let msg = "a record is indexed by a field name or a constant integer: r['x'], r[0]";
                return self.reject(index.span, msg, None);
            }
        };
        self.field_at(base, record, k, index.span, span)
    }

    /// Field `k` of the record `base`.
    fn field_at(
        &mut self,
        base: TExpr,
        record: RecordRef,
        k: u32,
        name_span: Span,
        span: Span,
    ) -> TExpr {
        if !self.field_placed(record, k, name_span) {
            return TExpr::error(span);
        }
        TExpr {
            kind: TExprKind::Field(self.ex(base), k),
            ty: field_type(record, k),
            span,
        }
    }

    /// False, with an error at `span`, when field `k` of `record` is an
    /// array or a record whose scalars would be misaligned (Numba refuses
    /// such a field on CUDA: "... is not aligned").
    fn field_placed(&mut self, record: RecordRef, k: u32, span: Span) -> bool {
        if record.record.field_placed(k) {
            return true;
        }
        let field = &record.record.layout().fields[k as usize];
        let msg = format!(
            "{}.{} of type {} is not aligned",
            record.record, field.name, field.ty
        );
        let help = format!(
            "its offset ({}) and the record's size ({}) must be multiples of {} bytes: use np.dtype(..., align=True)",
            field.offset,
            record.record.size(),
            field.ty.align()
        );
        self.error(Diagnostic::error(msg, span).with_help(help));
        false
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
        if !self.field_placed(r, k, name_span) {
            return;
        }
        let field_ty = field_type(r, k);
        // `+=` reads the record once, before the right-hand side.
        let record = match op {
            Some(_) => self.once(record, span, out),
            None => record,
        };
        let value = match op {
            Some(op) if matches!(field_ty, Type::Scalar(_) | Type::Complex(_)) => {
                let cur = TExpr {
                    kind: TExprKind::Field(self.ex(record), k),
                    ty: field_ty,
                    span: target_span,
                };
                self.binary(op, cur, value, span)
            }
            Some(_) => {
                let msg = format!(
                    "cannot update a record field of type {field_ty} in place (its elements can be)"
                );
                self.error(Diagnostic::error(msg, target_span));
                return;
            }
            None => value,
        };
        let value = self.int_enum_as_number(value);
        let Some(value) = self.field_value(field_ty, value) else {
            return;
        };
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

    /// `value` converted to a field of type `field_ty`, as Numba's
    /// `can_convert` allows: a number into a number (a complex number into
    /// a complex field only), a C-ordered array of the same element type
    /// and dimensions into an array field (its first elements are copied),
    /// a record of the same type into a record field; `None` after an
    /// error.
    fn field_value(&mut self, field_ty: Type, value: TExpr) -> Option<TExpr> {
        let ok = match (field_ty, value.ty) {
            (_, Type::Unknown) => return None,
            (Type::Scalar(_), Type::Scalar(_)) => true,
            (Type::Complex(_), Type::Scalar(_) | Type::Complex(_)) => true,
            (Type::Array(f), Type::Array(v)) => {
                f.elem == v.elem && f.ndim == v.ndim && v.layout == Layout::C
            }
            (Type::Record(f), Type::Record(v)) => f.record == v.record,
            _ => false,
        };
        if !ok {
            let msg = format!(
                "cannot store {} into a record field of type {field_ty}",
                value.ty.describe()
            );
            let help = matches!(field_ty, Type::Array(_)).then_some(
                "an array field takes a C-contiguous array of its element type and dimensions",
            );
            self.reject(value.span, &msg, help);
            return None;
        }
        Some(match field_ty {
            Type::Scalar(_) | Type::Complex(_) => self.cast(value, &field_ty),
            _ => value,
        })
    }
}

/// The type of field `k` of a record in memory `r.space`: a number, an
/// array view of a nested array (C-ordered, in the record's memory, as
/// Numba's `NestedArray`), or a reference to a nested record.
pub(super) fn field_type(r: RecordRef, k: u32) -> Type {
    match &r.record.layout().fields[k as usize].ty {
        FieldType::Scalar(s) => Type::Scalar(*s),
        FieldType::Complex(part) => Type::Complex(*part),
        FieldType::Array { elem, shape } => Type::Array(ArrayType {
            elem: *elem,
            ndim: shape.len() as u8,
            layout: Layout::C,
            space: r.space,
        }),
        FieldType::Record(inner) => Type::Record(RecordRef {
            record: *inner,
            space: r.space,
        }),
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
            ["s0", "s1"].iter().all(|f| {
                record
                    .field(f)
                    .is_some_and(|f| f.ty == FieldType::Scalar(Scalar::U64))
            })
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
