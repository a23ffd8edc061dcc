//! Array allocation: `cuda.shared.array` and `cuda.local.array` (constant
//! shapes, scalar dtypes), and the arrays the host supplies:
//! `cuda.const.array_like`, and module-level arrays read by name (a frozen
//! NumPy array, a captured device array).

use super::{FnChecker, FnConstEnv};
use crate::diagnostics::Diagnostic;
use crate::front::ast::{ExprId, ExprKind, KeywordArg};
use crate::sema::const_eval;
use crate::sema::consts::ConstValue;
use crate::sema::intrinsics::{Callee, Member};
use crate::sema::resolve::Res;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

/// The extents of an array shape: the first `ndim` of `dims` (`ndim` may
/// be more than 3, for an error message).
struct Shape {
    dims: [i128; MAX_NDIM],
    ndim: usize,
}

impl FnChecker<'_, '_, '_> {
    /// `cuda.shared.array(shape, dtype)` or `cuda.local.array(shape, dtype)`:
    /// the shape must be a constant, the dtype a scalar type. A shape that
    /// is not one, or a string naming no dtype, is Numba's "No
    /// implementation of function" error, with the call's argument types
    /// as Numba spells them (`call`: its arguments and keywords).
    pub(super) fn array_alloc(
        &mut self,
        callee: Callee,
        name: Callee,
        (shape_id, dtype_id): (ExprId, ExprId),
        call: (&[ExprId], &[KeywordArg]),
        span: Span,
    ) -> TExpr {
        let (shape_e, dtype_e) = (self.ast(shape_id), self.ast(dtype_id));
        let no_impl = |this: &mut Self| {
            let function = if callee == Callee::SharedArray {
                "shared.array"
            } else {
                "local.array"
            };
            let sig = this.numba_signature("array", call.0, call.1);
            sig.map_or(String::new(), |sig| {
                format!(
                    "No implementation of function Function(<function {function}>) found for \
                     signature:\n \n {sig}\n \n"
                )
            })
        };
        if let ExprKind::Str(s) = dtype_e.kind {
            if self.dtype_of(dtype_id).is_none() {
                let text = self.env.module.string(s).to_string();
                let head = no_impl(self);
                let msg = format!("{head}Invalid NumPy dtype specified: '{text}'");
                return self.reject_call(dtype_e.span, &msg);
            }
        }
        let shape = match self.const_shape(shape_id) {
            Ok(shape) => shape,
            Err(nc) => {
                // A constant too large for 64 bits is kernelc's own error,
                // not a shape Numba would type.
                let head = if nc.overflow {
                    String::new()
                } else {
                    no_impl(self)
                };
                self.error(Diagnostic::error(
                    format!("{head}'{name}' needs a constant shape; {}", nc.reason),
                    nc.span,
                ).with_help("use a literal, a module-level constant (`TPB = 16` at the top of the file), or a local assigned one literal"));
                return TExpr::error(span);
            }
        };
        let Some(Shape { dims, ndim }) = shape else {
            // Not integers: evaluate the whole shape again to say what it is.
            let ty = const_eval::eval(self.env.module, shape_id, &FnConstEnv { env: self.env })
                .map_or(Type::Unknown, |v| v.ty());
            let head = no_impl(self);
            return self.reject_call(
                shape_e.span,
                &format!("{head}'{name}' needs an integer shape or a tuple of integers, not {ty}"),
            );
        };
        if ndim == 0 || ndim > MAX_NDIM {
            return self.reject_call(
                shape_e.span,
                &format!("'{name}' arrays have 1 to {MAX_NDIM} dimensions, not {ndim}"),
            );
        }
        let dims = &dims[..ndim];
        let dynamic = callee == Callee::SharedArray && dims == [0];
        if !dynamic && dims.iter().any(|d| *d <= 0) {
            let what = if callee == Callee::SharedArray {
                "extents must be positive (a single 0 means dynamic shared memory)"
            } else {
                "extents must be positive"
            };
            return self.reject_call(shape_e.span, &format!("'{name}': {what}"));
        }
        // A dtype named (`np.float32`, `'float32'`), or held in a variable
        // or parameter (`dtype=np.float32` passed to a device function) or
        // read from an array (`a.dtype`): typed as the type it holds.
        let elem = match self.dtype_of(dtype_id) {
            Some(s) => s,
            None => match self.expr(dtype_id).ty {
                Type::Class(s) => s,
                Type::Unknown => return TExpr::error(span),
                _ => {
                    return self.reject_call(
                        dtype_e.span,
                        &format!("'{name}' needs a dtype such as float32 or np.float32"),
                    )
                }
            },
        };
        let total: i128 = dims.iter().product::<i128>() * elem.size() as i128;
        if total > (1 << 31) {
            return self.reject_call(
                shape_e.span,
                &format!("'{name}' is too large: {total} bytes"),
            );
        }
        let decl = ArrayDecl {
            elem,
            shape: dims.iter().map(|d| *d as u64).collect(),
            dynamic,
            span,
        };
        let (space, kind) = if callee == Callee::SharedArray {
            self.shared.push(decl);
            (
                MemSpace::Shared,
                TExprKind::SharedArray(SharedArrayId(self.shared.len() as u32 - 1)),
            )
        } else {
            self.local.push(decl);
            (
                MemSpace::Local,
                TExprKind::LocalArray(LocalArrayId(self.local.len() as u32 - 1)),
            )
        };
        TExpr {
            kind,
            ty: Type::Array(ArrayType {
                elem,
                ndim: ndim as u8,
                layout: Layout::C,
                space,
            }),
            span,
        }
    }

    /// The constant shape of an array allocation: its extents when they are
    /// all integers, `None` when they are constants of other types. A tuple
    /// written out is evaluated item by item, which builds no tuple value.
    fn const_shape(&mut self, id: ExprId) -> Result<Option<Shape>, const_eval::NotConst> {
        let module = self.env.module;
        let mut values = Vec::new();
        match &self.ast(id).kind {
            ExprKind::Tuple(items) => {
                for &item in module.exprs(*items) {
                    // A module constant, the usual extent, is read directly
                    // (as the evaluator would read it).
                    let v = match (&module.expr(item).kind, self.res(item)) {
                        (ExprKind::Name(_), Res::Const(c)) => *self.env.constant(*c),
                        _ => self.shape_value(item)?,
                    };
                    values.push(v);
                }
            }
            _ => match self.shape_value(id)? {
                ConstValue::Tuple(items) => values.extend(items.iter().copied()),
                v => values.push(v),
            },
        }
        let mut shape = Shape {
            dims: [0; MAX_NDIM],
            ndim: 0,
        };
        for v in &values {
            let ConstValue::Int(d, _) = v else {
                return Ok(None);
            };
            if let Some(slot) = shape.dims.get_mut(shape.ndim) {
                *slot = d.get();
            }
            shape.ndim += 1;
        }
        Ok(Some(shape))
    }

    /// The value of a shape (or one extent of it): a constant expression,
    /// or else an expression Numba types as a literal (a local assigned
    /// one, a device-function parameter given one: see `literals`).
    fn shape_value(&mut self, e: ExprId) -> Result<ConstValue, const_eval::NotConst> {
        let env = FnConstEnv { env: self.env };
        match const_eval::eval(self.env.module, e, &env) {
            Ok(v) => Ok(v),
            Err(nc) if nc.overflow => Err(nc),
            Err(nc) => match self.literal_of_expr(e) {
                Some(v) => Ok(v),
                None => Err(self.not_literal(e, nc)),
            },
        }
    }

    /// Why shape `e` is not a constant: `nc`, or for a local (not a
    /// parameter) that is not one literal where it is read, that.
    fn not_literal(&self, e: ExprId, nc: const_eval::NotConst) -> const_eval::NotConst {
        let nparams = self.env.param_count(self.func);
        match (&self.ast(e).kind, self.res(e)) {
            (ExprKind::Name(n), Res::Local(l)) if l.index() >= nparams => {
                let name = self.env.name(*n);
                const_eval::NotConst {
                    reason: format!(
                        "'{name}' is a runtime value here (a local is a constant only where \
                         every assignment that reaches it is the same integer literal)"
                    ),
                    ..nc
                }
            }
            _ => nc,
        }
    }

    /// The scalar type a dtype argument names, if it names one.
    pub(super) fn dtype_of(&self, e: ExprId) -> Option<Elem> {
        match &self.ast(e).kind {
            ExprKind::Str(s) => {
                let name = self.env.module.string(*s);
                (Scalar::from_name(name).map(Elem::Scalar))
                    .or_else(|| complex_from_name(name).map(Elem::Complex))
            }
            ExprKind::Name(_) | ExprKind::Attribute { .. } => match self.res(e) {
                Res::Member(Member::Dtype(s)) => Some(*s),
                Res::Member(Member::Func(Callee::Cast(s))) => Some(*s),
                Res::Member(Member::Func(Callee::Float)) => Some(Elem::Scalar(Scalar::F64)),
                Res::Member(Member::Func(Callee::Int)) => Some(Elem::Scalar(Scalar::I64)),
                Res::Member(Member::Func(Callee::Bool)) => Some(Elem::Scalar(Scalar::Bool)),
                Res::Member(Member::Func(Callee::Complex)) => Some(Elem::Complex(Scalar::F64)),
                _ => None,
            },
            _ => None,
        }
    }

    /// `cuda.const.array_like(NAME)`: a host-supplied constant array.
    pub(super) fn const_array_like(&mut self, arg_id: ExprId, span: Span) -> TExpr {
        let arg = self.ast(arg_id);
        let sym = match (&arg.kind, self.res(arg_id)) {
            (ExprKind::Name(n), Res::HostGlobal(_) | Res::Const(_)) => *n,
            _ => {
                self.expr(arg_id);
                return self.reject_call(
                    arg.span,
                    "cuda.const.array_like() needs the name of a module-level array",
                );
            }
        };
        let name = self.env.name(sym).to_string();
        if self
            .pc
            .global_arrays_supplied
            .iter()
            .any(|d| d.name == name)
        {
            return self.reject_call(
                arg.span,
                &format!("'{name}' is a device array: kernels read and write it directly, not through cuda.const.array_like()"),
            );
        }
        self.const_array(&name, arg.span, span)
    }

    /// A module-level array the host supplies, read by its name (`X[i]`):
    /// a NumPy array frozen into constant memory (Numba's readonly
    /// constant array), or a device array the kernel reads and writes in
    /// place; `None` when the host supplies no array of that name.
    pub(super) fn host_array(&mut self, name: &str, span: Span) -> Option<TExpr> {
        if self.pc.const_arrays_supplied.iter().any(|d| d.name == name) {
            return Some(self.const_array(name, span, span));
        }
        let idx = (self.pc.global_arrays_supplied.iter()).position(|d| d.name == name)?;
        Some(TExpr {
            kind: TExprKind::GlobalArray(GlobalArrayId(idx as u32)),
            ty: self.pc.global_arrays_supplied[idx].array_type(),
            span,
        })
    }

    /// The constant array `name` (supplied by the host), its name at
    /// `name_span`.
    fn const_array(&mut self, name: &str, name_span: Span, span: Span) -> TExpr {
        let Some(decl) = self
            .pc
            .const_arrays_supplied
            .iter()
            .find(|d| d.name == name)
            .cloned()
        else {
            self.error(
                Diagnostic::error(format!("the contents of constant array '{name}' were not supplied"), name_span)
                    .with_help(format!(
                        "constant arrays come from the host: pass `--const {name}=FILE.npy` (or supply it through the API)"
                    )),
            );
            return TExpr::error(span);
        };
        let idx = match self.pc.const_arrays.iter().position(|d| d.name == name) {
            Some(i) => i,
            None => {
                self.pc.const_arrays.push(decl.clone());
                self.pc.const_arrays.len() - 1
            }
        };
        if decl.shape.len() > MAX_NDIM {
            return self.reject_call(
                name_span,
                &format!("constant array '{name}' must have 0 to {MAX_NDIM} dimensions"),
            );
        }
        TExpr {
            kind: TExprKind::ConstArray(ConstArrayId(idx as u32)),
            ty: Type::Array(ArrayType {
                elem: decl.elem,
                ndim: decl.shape.len() as u8,
                layout: Layout::C,
                space: MemSpace::Const,
            }),
            span,
        }
    }
}
