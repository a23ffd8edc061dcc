//! Numba's spelling of a call's argument types, for the messages kernelc
//! gives where Numba finds no implementation of a function for them
//! (`No implementation of function Function(<function shared.array>)
//! found for signature: >>> array(shape=int32, dtype=class(float32))`).
//! A constant integer or bool is Numba's literal type (`Literal[int](1)`),
//! a string `Literal[str](int33)`, a list of constant integers
//! `list(int64)<iv=[5, 6]>`, a dtype `class(float32)`; anything else is
//! typed and spelled by its type. Typing an argument for the message
//! reports nothing (its own errors are reported where it is checked), and
//! an argument whose type is not known leaves the message out.

use super::{FnChecker, FnConstEnv};
use crate::front::ast::{ExprId, ExprKind, KeywordArg};
use crate::sema::const_eval;
use crate::sema::consts::ConstValue;

impl FnChecker<'_, '_, '_> {
    /// `>>> name(arg types)`: the signature line of Numba's message, the
    /// positional arguments first, then `keyword=type`; None when an
    /// argument's type is not known.
    pub(super) fn numba_signature(
        &mut self,
        name: &str,
        args: &[ExprId],
        keywords: &[KeywordArg],
    ) -> Option<String> {
        let mark = self.diags.len();
        let mut parts: Vec<Option<String>> = args.iter().map(|&a| self.numba_arg_type(a)).collect();
        for k in keywords {
            let kname = self.env.name(k.name.name).to_string();
            let ty = self.numba_arg_type(k.value);
            parts.push(ty.map(|ty| format!("{kname}={ty}")));
        }
        self.diags.truncate(mark);
        let parts: Option<Vec<String>> = parts.into_iter().collect();
        Some(format!(">>> {name}({})", parts?.join(", ")))
    }

    /// Numba's type of argument `e` (see the module comment), if known.
    fn numba_arg_type(&mut self, e: ExprId) -> Option<String> {
        let module = self.env.module;
        if let Some(s) = self.dtype_of(e) {
            if !matches!(self.ast(e).kind, ExprKind::Str(_)) {
                return Some(format!("class({s})"));
            }
        }
        match &self.ast(e).kind {
            ExprKind::Str(s) => return Some(format!("Literal[str]({})", module.string(*s))),
            ExprKind::Tuple(items) => {
                let items: Option<Vec<String>> = (module.exprs(*items).iter())
                    .map(|&i| self.numba_arg_type(i))
                    .collect();
                let items = items?;
                return Some(match items.first() {
                    Some(first) if items.iter().all(|t| t == first) => {
                        format!("UniTuple({first} x {})", items.len())
                    }
                    _ => format!("Tuple({})", items.join(", ")),
                });
            }
            ExprKind::List(items) => {
                let values: Option<Vec<i128>> = (module.exprs(*items).iter())
                    .map(|&i| match self.constant(i) {
                        Some(ConstValue::Int(v, _)) => Some(v.get()),
                        _ => None,
                    })
                    .collect();
                let values = values.filter(|v| !v.is_empty())?;
                let values: Vec<String> = values.iter().map(i128::to_string).collect();
                return Some(format!("list(int64)<iv=[{}]>", values.join(", ")));
            }
            _ => {}
        }
        Some(match self.constant(e) {
            Some(ConstValue::Int(v, _)) => format!("Literal[int]({})", v.get()),
            Some(ConstValue::Bool(b)) => {
                format!("Literal[bool]({})", if b { "True" } else { "False" })
            }
            Some(v) => v.ty().to_string(),
            None => {
                let ty = self.expr(e).ty;
                if ty.is_unknown() {
                    return None;
                }
                ty.to_string()
            }
        })
    }

    /// The value of constant expression `e`, if it is one.
    fn constant(&self, e: ExprId) -> Option<ConstValue> {
        let env = FnConstEnv { env: self.env };
        const_eval::eval(self.env.module, e, &env).ok()
    }
}
