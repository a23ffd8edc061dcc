//! Enum classes at the top level of a kernel file: `class Color(IntEnum):`
//! with members `RED = 1` (constants, or `auto()`), read into an interned
//! [`EnumType`] as Numba types the class (`typeof` of the members' values,
//! which must agree). Anything else in the class body is reported: kernels
//! see an enum's members and their values, not methods.

use super::{ModuleConstEnv, ModuleEnv};
use crate::diagnostics::Diagnostic;
use crate::enums::{bits_of, EnumKind, EnumLayout, EnumMember, EnumType};
use crate::front::ast::*;
use crate::sema::const_eval;
use crate::sema::consts::ConstValue;
use crate::sema::intrinsics::Member;
use crate::span::Span;
use crate::types::Scalar;

impl ModuleEnv<'_> {
    /// The enum a top-level `class` defines, or `None` after reporting why
    /// it is not one kernels can use.
    pub(super) fn enum_class(
        &mut self,
        class: &ClassDef,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<EnumType> {
        let kind = match self.module.exprs(class.bases) {
            [base] => match self.global_path(*base) {
                Some(Member::EnumBase(kind)) => Some(kind),
                _ => None,
            },
            _ => None,
        };
        let Some(kind) = kind else {
            diags.push(
                Diagnostic::error(
                    "only enum classes can be defined in a kernel file",
                    class.header_span,
                )
                .with_help("derive the class from `enum.Enum` or `enum.IntEnum` (`from enum import IntEnum`)"),
            );
            return None;
        };
        let class_name = self.name(class.name.name).to_string();
        let mut unique = false;
        for &d in self.module.exprs(class.decorators) {
            if matches!(self.global_path(d), Some(Member::EnumUnique)) {
                unique = true;
            } else {
                diags.push(Diagnostic::error(
                    "an enum class in a kernel file can only be decorated with `@enum.unique`",
                    self.expr(d).span,
                ));
                return None;
            }
        }
        let mut members: Vec<EnumMember> = Vec::new();
        let mut dtype: Option<((Scalar, u8), Span)> = None;
        let mut last_int: Option<i128> = None;
        let mut ok = true;
        for stmt in self.module.block(class.body) {
            let (target, value) = match &stmt.kind {
                StmtKind::Assign { targets, value } => match self.module.exprs(*targets) {
                    [t] => (*t, *value),
                    _ => {
                        diags.push(Diagnostic::error(
                            "an enum member is assigned one value at a time",
                            stmt.span,
                        ));
                        ok = false;
                        continue;
                    }
                },
                StmtKind::Pass => continue,
                StmtKind::Expr(e) if matches!(self.expr(*e).kind, ExprKind::Str(_)) => continue,
                StmtKind::FunctionDef(def) => {
                    diags.push(Diagnostic::error(
                        "methods of enum classes are not supported in kernels",
                        def.header_span,
                    ));
                    ok = false;
                    continue;
                }
                _ => {
                    diags.push(Diagnostic::error(
                        "an enum class body holds members (`RED = 1`) only",
                        stmt.span,
                    ));
                    ok = false;
                    continue;
                }
            };
            let t = self.expr(target);
            let ExprKind::Name(name) = t.kind else {
                diags.push(Diagnostic::error(
                    "an enum member's name must be a plain name",
                    t.span,
                ));
                ok = false;
                continue;
            };
            let name = self.name(name).to_string();
            if name.starts_with('_') {
                diags.push(Diagnostic::error(
                    format!("'{name}': names starting with '_' are not enum members in kernels"),
                    t.span,
                ));
                ok = false;
                continue;
            }
            if members.iter().any(|m| m.name == name) {
                diags.push(Diagnostic::error(
                    format!("the enum '{class_name}' defines '{name}' twice"),
                    t.span,
                ));
                ok = false;
                continue;
            }
            let Some(v) = self.member_value(value, kind, last_int, diags) else {
                ok = false;
                continue;
            };
            let Some((ty, arity)) = value_type(&v) else {
                diags.push(Diagnostic::error(
                    "an enum member's tuple value holds numbers of one type in kernels \
                     (Numba's `UniTuple`)",
                    self.expr(value).span,
                ));
                ok = false;
                continue;
            };
            last_int = v.as_int().filter(|_| ty.is_int());
            let span = self.expr(value).span;
            match dtype {
                None => dtype = Some(((ty, arity), span)),
                Some((first, first_span)) if first != (ty, arity) => {
                    let (a, b) = (spell(first), spell((ty, arity)));
                    diags.push(
                        Diagnostic::error(
                            format!(
                                "cannot type heterogeneous enum '{class_name}': its values have types {a} and {b}"
                            ),
                            span,
                        )
                        .with_secondary(first_span, format!("this value is {a}")),
                    );
                    ok = false;
                    continue;
                }
                Some(_) => {}
            }
            let items: Vec<ConstValue> = match v {
                ConstValue::Tuple(items) => items.to_vec(),
                v => vec![v],
            };
            let mut bits: Vec<u64> = (items.iter())
                .map(|v| bits_of(v).expect("a scalar constant"))
                .collect();
            // A value equal to an earlier member's makes this name an alias
            // of that member, with its value (`-0.0` after `0.0` is `0.0`).
            let equal = |b: &[u64]| {
                b.iter().zip(&bits).all(|(&x, &y)| match ty.is_float() {
                    true => f64::from_bits(x) == f64::from_bits(y),
                    false => x == y,
                })
            };
            if let Some(first) = members.iter().find(|m| equal(&m.bits)) {
                bits = first.bits.clone();
            }
            members.push(EnumMember { name, bits });
        }
        if !ok {
            return None;
        }
        if unique {
            // Python's `enum.unique`: an alias (a second name for a value)
            // is an error.
            let aliases: Vec<String> = (members.iter().enumerate())
                .filter_map(|(k, m)| {
                    let first = members[..k].iter().find(|f| f.bits == m.bits)?;
                    Some(format!("{} -> {}", m.name, first.name))
                })
                .collect();
            if !aliases.is_empty() {
                diags.push(Diagnostic::error(
                    format!(
                        "duplicate values found in the unique enum '{class_name}': {}",
                        aliases.join(", ")
                    ),
                    class.header_span,
                ));
                return None;
            }
        }
        // A class without members has nothing a kernel can name (Numba
        // types a class only through its members' values).
        let (dtype, arity) = dtype.map_or((Scalar::I64, 0), |(t, _)| t);
        Some(EnumType::intern(EnumLayout {
            name: class_name,
            kind,
            dtype,
            arity,
            members,
        }))
    }

    /// The value of one member: a constant (an int, float or bool; for an
    /// `IntEnum` `int(value)`, as `int64`, the `typeof` of the Python int
    /// the member is), or `auto()`: the last integer value plus one, or 1.
    fn member_value(
        &self,
        value: ExprId,
        kind: EnumKind,
        last_int: Option<i128>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<ConstValue> {
        let e = self.expr(value);
        if let ExprKind::Call {
            func,
            args,
            keywords,
        } = &e.kind
        {
            if matches!(self.global_path(*func), Some(Member::EnumAuto)) {
                if !self.module.exprs(*args).is_empty()
                    || !self.module.keywords(*keywords).is_empty()
                {
                    diags.push(Diagnostic::error("`auto()` takes no arguments", e.span));
                    return None;
                }
                let next = last_int.map_or(1, |v| v + 1);
                if i64::try_from(next).is_err() {
                    diags.push(Diagnostic::error(
                        "`auto()` passes the largest int64",
                        e.span,
                    ));
                    return None;
                }
                return Some(ConstValue::int(next, Scalar::I64));
            }
        }
        let v = match const_eval::eval(self.module, value, &ModuleConstEnv { env: self }) {
            Ok(v) => v,
            Err(err) => {
                let msg = if err.overflow {
                    err.reason
                } else {
                    "an enum member's value must be a constant (a number, a bool or `auto()`)"
                        .to_string()
                };
                diags.push(Diagnostic::error(msg, e.span));
                return None;
            }
        };
        match (kind, v) {
            (EnumKind::Int, ConstValue::Tuple(_)) => {
                diags.push(Diagnostic::error(
                    "an IntEnum member's value is an integer, not a tuple",
                    e.span,
                ));
                None
            }
            (EnumKind::Int, ConstValue::Int(x, _)) => match i64::try_from(x.get()) {
                Ok(x) => Some(ConstValue::i64(x)),
                Err(_) => {
                    diags.push(Diagnostic::error(
                        "an IntEnum value must fit in int64 in kernels",
                        e.span,
                    ));
                    None
                }
            },
            // Python makes an IntEnum member with `int(value)`.
            (EnumKind::Int, ConstValue::Bool(b)) => Some(ConstValue::i64(i64::from(b))),
            (EnumKind::Int, ConstValue::Float(x, _)) => {
                let t = x.trunc();
                // -2^63 <= t < 2^63 (both exact in f64).
                let limit = 2f64.powi(63);
                if (-limit..limit).contains(&t) {
                    Some(ConstValue::i64(t as i64))
                } else {
                    diags.push(Diagnostic::error(
                        "an IntEnum value must fit in int64 in kernels",
                        e.span,
                    ));
                    None
                }
            }
            (EnumKind::Plain, v) => Some(v),
        }
    }
}

/// The type of a member's value as Numba's `typeof` gives it: a number's
/// type and 0, or the items' type and their count for a tuple of numbers
/// of one type (`UniTuple`); `None` for other tuples (empty, mixed,
/// nested), which kernels do not hold as enum values.
fn value_type(v: &ConstValue) -> Option<(Scalar, u8)> {
    let scalar = |v: &ConstValue| match v {
        ConstValue::Int(_, s) | ConstValue::Float(_, s) => Some(*s),
        ConstValue::Bool(_) => Some(Scalar::Bool),
        ConstValue::Tuple(_) => None,
    };
    match v {
        ConstValue::Tuple(items) => {
            let first = scalar(items.first()?)?;
            let n = u8::try_from(items.len()).ok()?;
            items
                .iter()
                .all(|v| scalar(v) == Some(first))
                .then_some((first, n))
        }
        v => Some((scalar(v)?, 0)),
    }
}

/// Numba's spelling of a member value type: `float64`, `UniTuple(float64 x 2)`.
fn spell((s, arity): (Scalar, u8)) -> String {
    match arity {
        0 => s.to_string(),
        n => format!("UniTuple({s} x {n})"),
    }
}
