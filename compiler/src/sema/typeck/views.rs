//! Array views: subscripts with slices (`a[1:]`, `a[i, ::2]`, `a[:, j]`,
//! `a[..., 0]`), typed with Numba's rules for basic indexing, and `a.T`.
//!
//! A view keeps the array's element type and memory space. Its dimensions
//! are the array's less one per integer index; its layout follows
//! `numba.core.typing.arraydecl` (see [`view_layout`]). In the typed tree a
//! view is a [`TExprKind::Index`] whose items include
//! [`TExprKind::Slice`]s; an ellipsis is expanded here into full slices.

use super::FnChecker;
use crate::diagnostics::Diagnostic;
use crate::front::ast::{ExprId, ExprKind, KeywordArg};
use crate::sema::consts::ConstValue;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

/// What one item of a subscript is, for the layout rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum IndexItem {
    /// An integer: drops a dimension.
    Int,
    /// A slice; `has_step` when a step was written (`a[::1]` too).
    Slice { has_step: bool },
    /// `...`: full slices for the dimensions not indexed otherwise.
    Ellipsis,
}

impl FnChecker<'_, '_, '_> {
    /// True when the index part of a subscript holds a slice or an
    /// ellipsis (so the subscript is a view).
    pub(super) fn has_slices(&self, index: ExprId) -> bool {
        let module = self.env.module;
        let is_slice = |e: ExprId| {
            matches!(
                module.expr(e).kind,
                ExprKind::Slice { .. } | ExprKind::Ellipsis
            )
        };
        match &module.expr(index).kind {
            ExprKind::Tuple(items) => module.exprs(*items).iter().any(|&i| is_slice(i)),
            _ => is_slice(index),
        }
    }

    /// `array[indices]` with fewer integer indices than dimensions: the
    /// view of the remaining dimensions (C when the array is, else A).
    pub(super) fn row_view(&mut self, array: TExpr, indices: TExprList, span: Span) -> TExpr {
        let Type::Array(a) = array.ty else {
            return TExpr::error(span);
        };
        let kinds = vec![IndexItem::Int; indices.len()];
        let ty = ArrayType {
            ndim: a.ndim - indices.len() as u8,
            layout: view_layout(a.layout, a.ndim, &kinds),
            ..a
        };
        TExpr {
            kind: TExprKind::Index(self.ex(array), indices),
            ty: Type::Array(ty),
            span,
        }
    }

    /// `view[...] = value`: every element of the view set to the scalar
    /// `value`, as Numba CUDA does (an array value would need a copy that
    /// Numba CUDA cannot make without its memory manager; it rejects it too).
    pub(super) fn fill(&mut self, view: TExpr, value: TExpr, span: Span, out: &mut Vec<TStmt>) {
        let Type::Array(a) = view.ty else {
            return;
        };
        if a.space == MemSpace::Const {
            self.error(
                Diagnostic::error("constant arrays are read-only", view.span)
                    .with_help("copy the value into a local variable or a local array first"),
            );
            return;
        }
        let Elem::Scalar(elem) = a.elem else {
            if !value.ty.is_unknown() {
                self.error(
                    Diagnostic::error("cannot fill a view of records in a kernel", span)
                        .with_help("assign each record's fields one by one"),
                );
            }
            return;
        };
        let value = self.int_enum_as_number(value);
        match value.ty {
            Type::Unknown => return,
            Type::Scalar(_) => {}
            Type::Array(_) => {
                self.error(
                    Diagnostic::error("cannot assign an array to an array view in a kernel", value.span)
                        .with_help(
                            "Numba CUDA cannot copy arrays without its memory manager; copy element by element in a loop, or assign a scalar to fill the view",
                        ),
                );
                return;
            }
            // A homogeneous tuple of numbers (Numba's `UniTuple`, a
            // `Sequence`) into a 1-D view.
            Type::Tuple(items)
                if a.ndim == 1
                    && !items.is_empty()
                    && items[0].is_scalar()
                    && items.iter().all(|t| *t == items[0]) =>
            {
                return self.fill_from_tuple(view, elem, value, span, out);
            }
            other => {
                let msg = format!(
                    "cannot store {} into an array view of {}",
                    other.describe(),
                    a.elem
                );
                let help = matches!(other, Type::Tuple(_)).then_some(
                    "as in Numba, a 1-D view takes a tuple whose items are numbers of one type (a UniTuple)",
                );
                self.error(match help {
                    Some(h) => Diagnostic::error(msg, value.span).with_help(h),
                    None => Diagnostic::error(msg, value.span),
                });
                return;
            }
        }
        let value = self.cast(value, &Type::Scalar(elem));
        let (view, value) = (self.ex(view), self.ex(value));
        Self::push(out, TStmtKind::Fill { view, value }, span);
    }

    /// `view[...] = (x, y, z)` of a 1-D view and a tuple of numbers, as
    /// Numba's `fancy_setslice` of a sequence: `ValueError` unless the view
    /// has as many elements as the tuple, then each item converted to the
    /// element type and stored in order.
    fn fill_from_tuple(
        &mut self,
        view: TExpr,
        elem: Scalar,
        value: TExpr,
        span: Span,
        out: &mut Vec<TStmt>,
    ) {
        let Type::Tuple(items) = value.ty else {
            return;
        };
        let n = items.len();
        let (vty, vspan) = (view.ty, view.span);
        let (tty, tspan) = (value.ty, value.span);
        // The tuple first, then the view, each evaluated once.
        let tuple = self.temp(tty, tspan);
        Self::push(out, TStmtKind::Assign(tuple, self.ex(value)), span);
        let v = self.temp(vty, vspan);
        Self::push(out, TStmtKind::Assign(v, self.ex(view)), span);
        let w = self.var_expr(v, vty, vspan);
        let cond = self.first_extent_is_not(w, n, vspan);
        self.raise_if(
            cond,
            "ValueError: cannot assign slice from input of different size",
            span,
            out,
        );
        for (k, item_ty) in items.iter().enumerate() {
            let t = self.var_expr(tuple, tty, tspan);
            let item = TExpr {
                kind: TExprKind::TupleGet(t, k as u32),
                ty: *item_ty,
                span: tspan,
            };
            let item = self.int_enum_as_number(item);
            let item = self.cast(item, &Type::Scalar(elem));
            let array = self.var_expr(v, vty, vspan);
            let indices = self.ex_list([TExpr::constant(ConstValue::i64(k as i64), span)]);
            let value = self.ex(item);
            Self::push(
                out,
                TStmtKind::Store {
                    array,
                    indices,
                    value,
                },
                span,
            );
        }
    }

    /// Reports `view[...] op= value`, which would compute a new array.
    pub(super) fn reject_array_update(&mut self, span: Span) {
        self.error(
            Diagnostic::error(
                "an augmented assignment to an array view is not supported in kernels",
                span,
            )
            .with_help(
                "Numba CUDA would need a new array for the result; update the elements in a loop",
            ),
        );
    }

    /// `base[index]` of an array `a` where the index holds a slice or an
    /// ellipsis: a view.
    pub(super) fn array_view(
        &mut self,
        base: TExpr,
        a: ArrayType,
        index: ExprId,
        span: Span,
    ) -> TExpr {
        let module = self.env.module;
        let index_e = module.expr(index);
        let items: &[ExprId] = match &index_e.kind {
            ExprKind::Tuple(items) => module.exprs(*items),
            _ => std::slice::from_ref(&index),
        };
        let mut kinds = Vec::with_capacity(items.len());
        let mut typed = Vec::with_capacity(items.len());
        let mut ok = true;
        for &item in items {
            let e = module.expr(item);
            match e.kind {
                ExprKind::Slice { lower, upper, step } => {
                    let t = self.slice_item([lower, upper, step], e.span);
                    ok &= !t.ty.is_unknown();
                    kinds.push(IndexItem::Slice {
                        has_step: step
                            .is_some_and(|s| !matches!(module.expr(s).kind, ExprKind::NoneLit)),
                    });
                    typed.push(t);
                }
                ExprKind::Ellipsis => {
                    if kinds.contains(&IndexItem::Ellipsis) {
                        self.reject(
                            e.span,
                            "an index can only have a single ellipsis ('...')",
                            None,
                        );
                        ok = false;
                    }
                    kinds.push(IndexItem::Ellipsis);
                    // A placeholder, replaced by full slices below.
                    typed.push(TExpr::error(e.span));
                }
                ExprKind::NoneLit => {
                    self.reject(
                        e.span,
                        "new axes (None, np.newaxis) are not supported in kernel subscripts",
                        None,
                    );
                    ok = false;
                }
                _ => {
                    let t = self.expr(item);
                    ok &= self.check_index(&t);
                    kinds.push(IndexItem::Int);
                    typed.push(t);
                }
            }
        }
        if !ok || base.ty.is_unknown() {
            return TExpr::error(span);
        }
        let given = kinds.iter().filter(|k| **k != IndexItem::Ellipsis).count();
        if given > a.ndim as usize {
            let msg = format!("too many indices for a {}-D array: {given} given", a.ndim);
            return self.reject(index_e.span, &msg, None);
        }
        let ints = kinds.iter().filter(|k| **k == IndexItem::Int).count();
        let ndim = a.ndim - ints as u8;
        let layout = view_layout(a.layout, a.ndim, &kinds);
        // The ellipsis stands for the dimensions no other item indexes.
        let mut expanded = Vec::with_capacity(a.ndim as usize);
        for (t, kind) in typed.into_iter().zip(&kinds) {
            if *kind == IndexItem::Ellipsis {
                for _ in 0..a.ndim as usize - given {
                    let full = self.slice_item([None; 3], t.span);
                    expanded.push(full);
                }
            } else {
                expanded.push(t);
            }
        }
        let items = self.ex_list(expanded);
        TExpr {
            kind: TExprKind::Index(self.ex(base), items),
            ty: Type::Array(ArrayType { ndim, layout, ..a }),
            span,
        }
    }

    /// The typed `start:stop:step` of a view: a [`TExprKind::Slice`] of the
    /// three parts, an absent one (or `None`) typed [`Type::None`]. Parts
    /// keep their integer types (lowering converts them to `int64`, as
    /// Numba converts slice arguments to `intp`).
    fn slice_item(&mut self, parts: [Option<ExprId>; 3], span: Span) -> TExpr {
        let module = self.env.module;
        let mut typed = Vec::with_capacity(3);
        let mut ok = true;
        for (k, part) in parts.into_iter().enumerate() {
            let part = part.filter(|&p| !matches!(module.expr(p).kind, ExprKind::NoneLit));
            let Some(p) = part else {
                typed.push(TExpr::none(span));
                continue;
            };
            let t = self.expr(p);
            if t.ty.is_unknown() {
                ok = false;
            } else if !t.ty.is_int() {
                let help =
                    t.ty.scalar()
                        .is_some_and(Scalar::is_float)
                        .then_some("convert it first: `a[int(i):]`");
                let msg = format!("slice bounds must be integers or None, not {}", t.ty);
                self.reject(t.span, &msg, help);
                ok = false;
            } else if k == 2 && t.as_const().and_then(ConstValue::as_int) == Some(0) {
                self.reject(t.span, "slice step cannot be zero", None);
                ok = false;
            }
            typed.push(t);
        }
        if !ok {
            return TExpr::error(span);
        }
        let ty = Type::Tuple(typed.iter().map(|t| t.ty).collect());
        TExpr {
            kind: TExprKind::Slice(self.ex_list(typed)),
            ty,
            span,
        }
    }

    /// `a.T`: the dimensions in reverse order (a C array becomes F and an
    /// F array C, as in Numba).
    pub(super) fn transpose(&mut self, base: TExpr, a: ArrayType, span: Span) -> TExpr {
        let layout = match a.layout {
            _ if a.ndim == 1 => a.layout,
            Layout::C => Layout::F,
            Layout::F => Layout::C,
            Layout::A => Layout::A,
        };
        TExpr {
            kind: TExprKind::Transpose(self.ex(base)),
            ty: Type::Array(ArrayType { layout, ..a }),
            span,
        }
    }

    /// `a.real` / `a.imag`, as Numba types them: of a complex array, a view
    /// of that part of each element (its float type, layout `A`); `.real`
    /// of a real array is the array itself. `.imag` of a real array is a
    /// new array of zeros in Numba, which kernels cannot allocate.
    pub(super) fn part_view(
        &mut self,
        base: TExpr,
        a: ArrayType,
        imag: bool,
        attr_span: Span,
        span: Span,
    ) -> TExpr {
        match a.elem {
            Elem::Complex(part) => TExpr {
                kind: TExprKind::PartView(self.ex(base), imag),
                ty: Type::Array(ArrayType {
                    elem: Elem::Scalar(part),
                    layout: Layout::A,
                    ..a
                }),
                span,
            },
            Elem::Scalar(s) if s != Scalar::Bool && !imag => TExpr { span, ..base },
            Elem::Scalar(s) if s != Scalar::Bool => {
                let msg = format!(
                    "`.imag` of an array of {s} is a new array of zeros in Numba, which kernels cannot allocate"
                );
                self.reject(
                    attr_span,
                    &msg,
                    Some("use 0 for the imaginary part of a real number"),
                )
            }
            _ => {
                let what = if imag { "imag" } else { "real" };
                let msg = format!("cannot access .{what} of an array of {}", a.elem);
                self.reject(attr_span, &msg, None)
            }
        }
    }

    /// The attribute name of a method call's callee (`x.bit_count`).
    pub(super) fn method_name(&self, func: ExprId) -> Option<&str> {
        match &self.ast(func).kind {
            ExprKind::Attribute { attr, .. } => Some(self.env.name(attr.name)),
            _ => None,
        }
    }

    /// True when `func` is `value.reshape` (a method of arrays).
    pub(super) fn is_array_method(&self, func: ExprId) -> bool {
        self.method_name(func) == Some("reshape")
    }

    /// `a.reshape(shape)` or `a.reshape(d0, d1, ...)`.
    pub(super) fn array_method(
        &mut self,
        func: ExprId,
        args: &[ExprId],
        keywords: &[KeywordArg],
        span: Span,
    ) -> TExpr {
        let ExprKind::Attribute { value, attr } = &self.ast(func).kind else {
            return TExpr::error(span);
        };
        let base = self.expr(*value);
        // One tuple argument, or the extents as separate arguments.
        let shape = match args {
            [one] => self.expr(*one),
            _ => {
                let items: Vec<TExpr> = args.iter().map(|&a| self.expr(a)).collect();
                let ty = Type::Tuple(items.iter().map(|t| t.ty).collect());
                TExpr {
                    kind: TExprKind::Tuple(self.ex_list(items)),
                    ty,
                    span,
                }
            }
        };
        let items: Vec<(Type, Span)> = match (shape.ty, shape.kind) {
            (Type::Tuple(_), TExprKind::Tuple(items)) => self
                .get_list(items)
                .iter()
                .map(|t| (t.ty, t.span))
                .collect(),
            (Type::Tuple(tys), _) => tys.iter().map(|t| (*t, shape.span)).collect(),
            (ty, _) => vec![(ty, shape.span)],
        };
        if let Some(k) = keywords.first() {
            self.type_args_for_errors(&[], keywords);
            return self.reject(
                k.span,
                "reshape() takes no keyword arguments in kernels",
                None,
            );
        }
        let a = match base.ty {
            Type::Array(a) => a,
            Type::Unknown => return TExpr::error(span),
            other => {
                let msg = format!("{} has no method 'reshape'", other.describe());
                return self.reject(attr.span, &msg, None);
            }
        };
        match a.layout {
            Layout::C => {}
            Layout::A => {
                let msg = format!("reshape() supports contiguous arrays only, not {a}");
                return self.reject(
                    attr.span,
                    &msg,
                    Some("a view with steps or of columns is not contiguous; index its elements instead"),
                );
            }
            Layout::F => {
                // Numba reshapes in C order without copying, which an F
                // array allows only in special cases (else it raises at
                // run time), and types the result F whatever its strides.
                let msg =
                    format!("reshape() of an F-ordered array is not supported in kernels ({a})");
                return self.reject(
                    attr.span,
                    &msg,
                    Some("Numba reshapes in C order, which needs a copy of an F-ordered array; reshape a C-ordered array, or its transpose `a.T`"),
                );
            }
        }
        let mut ok = true;
        for (ty, item_span) in &items {
            if ty.is_unknown() {
                ok = false;
            } else if !ty.is_int() {
                let msg = format!("reshape() needs integer extents, not {ty}");
                self.reject(*item_span, &msg, None);
                ok = false;
            }
        }
        if !ok {
            return TExpr::error(span);
        }
        if items.is_empty() || items.len() > MAX_NDIM {
            let msg = format!(
                "kernel arrays have 1 to {MAX_NDIM} dimensions; reshape() was given {}",
                items.len()
            );
            return self.reject(span, &msg, None);
        }
        let ndim = items.len() as u8;
        let shape = match shape.ty {
            Type::Tuple(_) => self.ex(shape),
            _ => {
                let ty = Type::Tuple([shape.ty].as_slice().into());
                let one = self.ex_list([shape]);
                self.ex(TExpr {
                    kind: TExprKind::Tuple(one),
                    ty,
                    span,
                })
            }
        };
        TExpr {
            kind: TExprKind::Reshape(self.ex(base), shape),
            ty: Type::Array(ArrayType { ndim, ..a }),
            span,
        }
    }
}

/// Numba's layout of a basic-indexing view (`numba.core.typing.arraydecl`,
/// `get_array_index_type`): indexing keeps a C array C when the indices
/// before the ellipsis, outermost first, are integers but for the last,
/// which may also be a slice without a step, and nothing follows an
/// ellipsis; an F array likewise from the innermost (last) dimension.
/// Everything else is `A`.
pub(super) fn view_layout(layout: Layout, ndim: u8, items: &[IndexItem]) -> Layout {
    let split = items.iter().position(|k| *k == IndexItem::Ellipsis);
    let (mut left, mut right): (Vec<IndexItem>, Vec<IndexItem>) = match split {
        Some(p) => (items[..p].to_vec(), items[p + 1..].to_vec()),
        None => (items.to_vec(), Vec::new()),
    };
    let n_indices = left.len() + right.len();
    let keeps = |k: IndexItem, innermost: bool| match k {
        IndexItem::Int | IndexItem::Ellipsis => true,
        IndexItem::Slice { has_step } => innermost && !has_step,
    };
    let contiguous = |outer_first: &[IndexItem]| match outer_first.split_last() {
        None => true,
        Some((last, outer)) => outer.iter().all(|k| keeps(*k, false)) && keeps(*last, true),
    };
    match layout {
        Layout::C => {
            if n_indices == ndim as usize {
                left.append(&mut right);
            }
            if right.is_empty() && contiguous(&left) {
                Layout::C
            } else {
                Layout::A
            }
        }
        Layout::F => {
            if n_indices == ndim as usize {
                left.append(&mut right);
                right = std::mem::take(&mut left);
            }
            right.reverse();
            if left.is_empty() && contiguous(&right) {
                Layout::F
            } else {
                Layout::A
            }
        }
        Layout::A => Layout::A,
    }
}

impl FnChecker<'_, '_, '_> {
    /// `a.view(dtype)`: the same bytes as elements of another number type
    /// (Numba's `array.view`: the same dimensions and layout; whether the
    /// extents and strides allow it is checked when it runs).
    pub(super) fn view_dtype(
        &mut self,
        func: ExprId,
        args: &[ExprId],
        keywords: &[KeywordArg],
        span: Span,
    ) -> TExpr {
        let ExprKind::Attribute { value, attr } = &self.ast(func).kind else {
            return TExpr::error(span);
        };
        let attr_span = attr.span;
        let base = self.expr(*value);
        if !keywords.is_empty() || args.len() != 1 {
            self.type_args_for_errors(args, keywords);
            if base.ty.is_unknown() {
                return TExpr::error(span);
            }
            return self.reject(
                span,
                "view() takes one dtype argument in kernels (`a.view(np.int32)`)",
                None,
            );
        }
        let a = match base.ty {
            Type::Array(a) => a,
            Type::Unknown => {
                self.expr(args[0]);
                return TExpr::error(span);
            }
            other => {
                self.expr(args[0]);
                let msg = format!("{} has no method 'view'", other.describe());
                return self.reject(attr_span, &msg, None);
            }
        };
        let dtype = match self.dtype_of(args[0]) {
            Some(d) => Some(d),
            None => match self.expr(args[0]).ty {
                Type::Class(d) => Some(d),
                Type::Unknown => return TExpr::error(span),
                _ => None,
            },
        };
        let Some(elem) = dtype else {
            let msg = "view() needs a dtype such as np.int32";
            return self.reject(self.ast(args[0]).span, msg, None);
        };
        if matches!(elem, Elem::Record(_)) || matches!(a.elem, Elem::Record(_)) {
            return self.reject(
                span,
                "view() between records and numbers is not supported in kernels",
                None,
            );
        }
        let ty = Type::Array(ArrayType { elem, ..a });
        self.intrinsic(
            crate::sema::intrinsics::Intrinsic::ViewDtype,
            [base],
            ty,
            span,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::IndexItem::*;
    use super::*;

    const SLICE: IndexItem = Slice { has_step: false };
    const STEP: IndexItem = Slice { has_step: true };

    /// The layouts Numba gives (checked with `numba.cuda.compile_ptx` on
    /// numba-cuda 0.30: see tests/numba/dump_types.py and the accept corpus).
    #[test]
    fn layouts_follow_numba() {
        use Layout::*;
        let cases: &[(Layout, u8, &[IndexItem], Layout)] = &[
            (C, 1, &[SLICE], C),
            (C, 1, &[STEP], A),
            (C, 2, &[SLICE], C),
            (C, 2, &[Int, SLICE], C),
            (C, 2, &[SLICE, Int], A),
            (C, 2, &[SLICE, SLICE], A),
            (C, 3, &[Int, Int, SLICE], C),
            (C, 3, &[Int, SLICE], C),
            (C, 2, &[Ellipsis, Int], A),
            (C, 2, &[Int, Ellipsis], C),
            (F, 2, &[SLICE, Int], F),
            (F, 2, &[Int, SLICE], A),
            (F, 2, &[SLICE], A),
            (F, 2, &[Ellipsis, Int], F),
            (F, 1, &[STEP], A),
            (A, 1, &[SLICE], A),
        ];
        for (layout, ndim, items, want) in cases {
            assert_eq!(
                view_layout(*layout, *ndim, items),
                *want,
                "{layout:?} {ndim}-D {items:?}"
            );
        }
    }
}
