//! Typing of expressions: literals, names, operators, indexing, attributes.
//!
//! Each function returns a [`TExpr`] with its final type and explicit casts.
//! An operand of unknown type (an error already reported) makes the result
//! unknown without a new message, so one mistake gives one diagnostic.

use super::FnChecker;
use crate::diagnostics::Diagnostic;
use crate::front::ast::{BinOp, BoolOp, CmpOp, Expr, ExprId, ExprKind, Ident, UnaryOp};
use crate::sema::consts::{fold_binary, fold_compare, fold_unary, ConstValue};
use crate::sema::intrinsics::{Intrinsic, Member};
use crate::sema::resolve::{GlobalValue, Res};
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

impl<'m> FnChecker<'_, '_, 'm> {
    /// Types an expression. A local variable and an integer literal, the
    /// commonest expressions, are typed here; the others by
    /// [`Self::expr_other`], kept out of line so that this function stays
    /// small (the general one saves many registers and a large frame).
    ///
    /// A value that may be None ([`Type::Optional`]) is unwrapped: its
    /// number, with a `TypeError` raised when there is none, as Numba
    /// converts an `Optional` to the type an operation needs. Only the
    /// places that keep such a value ask for it with
    /// [`Self::expr_keep_optional`].
    #[inline(always)]
    pub(super) fn expr(&mut self, id: ExprId) -> TExpr {
        let keep = std::mem::take(&mut self.keep_optional);
        let t = self.expr_any(id);
        if let Type::Optional(s) = t.ty {
            if !keep {
                return self.unwrap_optional(t, s);
            }
        }
        t
    }

    /// [`Self::expr`], keeping a value that may be None as it is: the
    /// value assigned to a variable, returned, passed to a device function,
    /// compared with `is None`, or an arm of a conditional expression.
    pub(super) fn expr_keep_optional(&mut self, id: ExprId) -> TExpr {
        self.keep_optional = true;
        self.expr(id)
    }

    /// The number in `t`, of type `OptionalType(s)`: a `TypeError`
    /// ("expected int64, got None") when there is none.
    #[inline(never)]
    pub(super) fn unwrap_optional(&mut self, t: TExpr, s: Scalar) -> TExpr {
        let span = t.span;
        TExpr {
            kind: TExprKind::Cast(self.ex(t)),
            ty: Type::Scalar(s),
            span,
        }
    }

    /// [`Self::expr`] before unwrapping.
    #[inline(always)]
    fn expr_any(&mut self, id: ExprId) -> TExpr {
        let e = self.env.module.expr(id);
        match e.kind {
            ExprKind::Name(_) => {
                if let Res::Local(l) = *self.res(id) {
                    return self.read_var(l, e.span);
                }
            }
            ExprKind::Int(v) => return int_literal(v, e.span),
            _ => {}
        }
        // The recursive step (see `crate::stack`).
        let t = crate::stack::deeper(|| self.expr_other(id, e));
        if t.ty.is_unknown() && self.untyped_at.is_none() {
            self.untyped_at = Some(e.span);
        }
        t
    }

    /// [`Self::expr`] of the expressions other than local variables and
    /// integer literals.
    #[inline(never)]
    fn expr_other(&mut self, id: ExprId, e: &'m Expr) -> TExpr {
        let module = self.env.module;
        match &e.kind {
            ExprKind::Int(v) => int_literal(*v, e.span),
            ExprKind::Float(v) => TExpr::constant(ConstValue::Float(*v, Scalar::F64), e.span),
            ExprKind::Imag(v) => self.imaginary_literal(*v, e.span),
            ExprKind::Bool(b) => TExpr::constant(ConstValue::Bool(*b), e.span),
            ExprKind::Name(_) => self.name_or_attr(id),
            ExprKind::Attribute { .. } => self.name_or_attr(id),
            ExprKind::BinOp { op, left, right } => {
                if let Some(c) = self.python_int_literal(id) {
                    return c;
                }
                let (l, r) = (self.expr(*left), self.expr(*right));
                if let Some(folded) = self.python_fold_pow(*op, &l, &r, id) {
                    return folded;
                }
                self.binary(*op, l, r, e.span)
            }
            ExprKind::UnaryOp { op, operand } => {
                if let Some(c) = self.python_int_literal(id) {
                    return c;
                }
                let mut a = self.expr(*operand);
                // CPython folds `~True` as an int (-2) before Numba sees it;
                // `~` of a run-time bool is logical not.
                if *op == UnaryOp::Invert && self.is_python_literal(*operand) {
                    if let Some(ConstValue::Bool(b)) = a.as_const() {
                        a = TExpr::constant(ConstValue::i64(i64::from(*b)), a.span);
                    }
                }
                self.unary(*op, a, e.span)
            }
            ExprKind::BoolOp { op, values } => self.bool_op(*op, module.exprs(*values), e.span),
            ExprKind::Compare { left, ops } => {
                self.compare_chain(*left, module.comparisons(*ops), e.span)
            }
            ExprKind::IfExp { test, body, orelse } => {
                let cond = self.condition(*test);
                let a = self.expr_keep_optional(*body);
                let b = self.expr_keep_optional(*orelse);
                // Numba prunes the arm a condition it settles before
                // typing never takes: the result is the other arm, its
                // type unchanged.
                if let Some(c) = self.pruned_condition(*test, &cond) {
                    let taken = if c { a } else { b };
                    return TExpr {
                        span: e.span,
                        ..taken
                    };
                }
                match unify(&a.ty, &b.ty) {
                    Some(t) => {
                        let (a, b) = (self.cast(a, &t), self.cast(b, &t));
                        let kind = TExprKind::Select(self.ex(cond), self.ex(a), self.ex(b));
                        TExpr {
                            kind,
                            ty: t,
                            span: e.span,
                        }
                    }
                    None => {
                        self.error(Diagnostic::error(
                            format!(
                                "the branches of this conditional expression have incompatible types {} and {}",
                                a.ty, b.ty
                            ),
                            e.span,
                        ));
                        TExpr::error(e.span)
                    }
                }
            }
            ExprKind::Tuple(items) => self.tuple_display(module.exprs(*items), e.span),
            ExprKind::Subscript { value, index } => self.subscript(*value, *index, e.span),
            ExprKind::Call {
                func,
                args,
                keywords,
            } => self.call(
                *func,
                module.exprs(*args),
                module.keywords(*keywords),
                e.span,
            ),
            ExprKind::List(_) => self.reject(
                e.span,
                "lists are not supported in kernels",
                Some("use a tuple, or `cuda.local.array` for per-thread storage"),
            ),
            ExprKind::Str(_) => self.reject(
                e.span,
                "strings are only supported as arguments of print() in kernels",
                None,
            ),
            // `None`, of type none: a default value, or compared with `is`.
            ExprKind::NoneLit => TExpr::none(e.span),
            ExprKind::Ellipsis => self.reject(
                e.span,
                "'...' can only be written inside an array subscript",
                None,
            ),
            ExprKind::Slice { .. } => self.reject(
                e.span,
                "a slice can only be written inside a subscript",
                Some("index an array with it: `a[1:n]`"),
            ),
            // A call that takes starred arguments expands them first
            // (`FnChecker::expand_starred`).
            ExprKind::Starred(value) => {
                let value = *value;
                self.expr(value);
                self.reject(
                    e.span,
                    "a starred expression `*x` is not supported here in kernels",
                    Some("kernels take `*t` of a tuple in a tuple display (`(*t, 0)`) and as an argument of device functions, builtins such as `complex`, casts and math functions"),
                )
            }
            ExprKind::Error => TExpr::error(e.span),
        }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn reject(&mut self, span: Span, msg: &str, help: Option<&str>) -> TExpr {
        let mut d = Diagnostic::error(msg, span);
        if let Some(h) = help {
            d = d.with_help(h);
        }
        self.error(d);
        TExpr::error(span)
    }

    /// Types an expression used as a condition: any scalar, tested for non-zero.
    pub(super) fn condition(&mut self, e: ExprId) -> TExpr {
        // Numba has no truth value for a value that may be None
        // (`bool(OptionalType(float64))` does not type): it is refused,
        // not unwrapped.
        let t = self.expr_keep_optional(e);
        self.truth(t)
    }

    /// `not t`: the negation of `t`'s truth value (`t` a `bool` already,
    /// or anything `truth` converts).
    pub(super) fn logical_not(&mut self, t: TExpr, span: Span) -> TExpr {
        let b = self.truth(t);
        TExpr {
            kind: TExprKind::Unary(UnaryOp::Not, self.ex(b)),
            ty: Type::BOOL,
            span,
        }
    }

    /// Converts a typed scalar to `bool` by Python truthiness.
    pub(super) fn truth(&mut self, t: TExpr) -> TExpr {
        let t = self.int_enum_as_number(t);
        match &t.ty {
            Type::Scalar(_) | Type::Complex(_) | Type::Unknown => self.cast(t, &Type::BOOL),
            Type::Optional(_) => {
                let msg = format!(
                    "{} has no truth value (Numba cannot type `bool()` of it)",
                    t.ty.describe()
                );
                self.reject(t.span, &msg, Some("test it with `x is not None`"))
            }
            other => {
                let msg = format!("cannot use {} as a condition", other.describe());
                self.reject(t.span, &msg, Some("compare it explicitly, e.g. `x > 0`"))
            }
        }
    }

    /// Converts `e` to type `to` (constants are converted at compile time).
    #[inline]
    pub(super) fn cast(&mut self, e: TExpr, to: &Type) -> TExpr {
        if e.ty == *to || e.ty.is_unknown() || to.is_unknown() {
            return e;
        }
        self.convert(e, to)
    }

    /// [`Self::cast`] when the types differ (kept out of line, so that the
    /// common case of `cast` inlines into its callers as one comparison).
    #[inline(never)]
    fn convert(&mut self, e: TExpr, to: &Type) -> TExpr {
        if let Type::Enum(en) = e.ty {
            // Only an IntEnum member converts, to a number (its value).
            if en.is_int() && matches!(to, Type::Scalar(_) | Type::Complex(_)) {
                let v = self.enum_value(e);
                return self.cast(v, to);
            }
            let msg = format!("cannot convert {} to {to}", e.ty.describe());
            return self.reject(e.span, &msg, (!en.is_int()).then_some("use its `.value`"));
        }
        if let (Type::Complex(_), Type::Scalar(s)) = (e.ty, to) {
            if *s != Scalar::Bool {
                let msg = format!("cannot convert {} to {s}", e.ty.describe());
                return self.reject(e.span, &msg, Some("take its `.real`, `.imag` or `abs()`"));
            }
        }
        if let (Some(c), Type::Scalar(s)) = (e.as_const(), to) {
            if let Some(v) = c.convert(*s) {
                return TExpr::constant(v, e.span);
            }
        }
        if let (TExprKind::Tuple(items), Type::Tuple(tys)) = (&e.kind, to) {
            let items: Vec<TExpr> = (items.ids().zip(tys.iter()))
                .map(|(i, t)| {
                    let item = *self.get(i);
                    self.cast(item, t)
                })
                .collect();
            return TExpr {
                kind: TExprKind::Tuple(self.ex_list(items)),
                ty: *to,
                span: e.span,
            };
        }
        if let (Some(ConstValue::Tuple(values)), Type::Tuple(tys)) = (e.as_const(), to) {
            let converted: Option<Vec<ConstValue>> = values
                .iter()
                .zip(tys.iter())
                .map(|(v, t)| t.scalar().and_then(|s| v.convert(s)))
                .collect();
            if let Some(c) = converted {
                return TExpr::constant(ConstValue::Tuple(c.into()), e.span);
            }
        }
        let span = e.span;
        TExpr {
            kind: TExprKind::Cast(self.ex(e)),
            ty: *to,
            span,
        }
    }

    fn name_or_attr(&mut self, id: ExprId) -> TExpr {
        let e = self.ast(id);
        match self.res(id) {
            Res::Local(l) => {
                let t = self.read_var(*l, e.span);
                self.note_escape(&t);
                t
            }
            Res::Const(c) => TExpr::constant(*self.env.constant(*c), e.span),
            Res::Member(Member::FloatConst(v)) => {
                TExpr::constant(ConstValue::Float(*v, Scalar::F64), e.span)
            }
            Res::Member(Member::Value(i)) => TExpr {
                kind: TExprKind::Intrinsic(*i, TExprList::EMPTY),
                ty: Type::I32,
                span: e.span,
            },
            // A type as a value (`np.float32` passed as a dtype).
            Res::Member(
                Member::Dtype(s) | Member::Func(crate::sema::intrinsics::Callee::Cast(s)),
            ) => TExpr::compile_time(Type::Class(*s), e.span),
            // An intrinsic as a value (`apply(cuda.atomic.add, ...)`, `f =
            // math.sin`): Numba's `Function` type.
            Res::Member(Member::Func(c)) if c.is_value() => {
                TExpr::compile_time(Type::Function(FunctionValue::intrinsic(*c)), e.span)
            }
            Res::Member(Member::Func(_)) => {
                let path = self.path_text(id);
                self.reject(
                    e.span,
                    &format!("'{path}' is a function, not a value"),
                    Some(&format!("did you mean `{path}()`?")),
                )
            }
            Res::EnumMember(en, k) => Self::enum_member(*en, *k, e.span),
            Res::ValueTuple(k) => {
                let v = &self.env.value_tuples[*k as usize];
                self.global_value(v, e.span)
            }
            Res::NamedTupleClass(c) => {
                let name = c.name();
                self.reject(
                    e.span,
                    &format!("'{name}' is a named tuple class, not a value"),
                    Some(&format!("build one: `{name}({})`", c.fields().join(", "))),
                )
            }
            Res::ExceptionClass => {
                let name = self.path_text(id);
                self.reject(
                    e.span,
                    &format!("'{name}' is an exception class, not a value"),
                    Some(&format!("kernels only raise it: `raise {name}(\"message\")`")),
                )
            }
            Res::EnumClass(en) => {
                let name = en.name();
                self.reject(
                    e.span,
                    &format!("'{name}' is an enum class; kernels use its members as values"),
                    Some(&format!("write a member, e.g. `{name}.{}`", en.member_names().next().unwrap_or("X"))),
                )
            }
            Res::Member(Member::EnumBase(_) | Member::EnumUnique) => self.reject(
                e.span,
                "the enum module's classes and decorators only define enum classes, at the top level of the file",
                None,
            ),
            Res::Member(Member::NamedTupleFactory | Member::NamedTupleBase) => self.reject(
                e.span,
                "named tuple classes are defined at the top level of the file (`Point = namedtuple('Point', 'x y')`)",
                None,
            ),
            Res::Member(Member::EnumAuto) => self.reject(
                e.span,
                "`auto()` can only be the value of an enum member",
                None,
            ),
            Res::Member(Member::FfiClass) => self.reject(
                e.span,
                "cffi's FFI objects are made at the top level of the file (`ffi = cffi.FFI()`)",
                None,
            ),
            Res::Member(Member::RecordDtype(_)) => self.reject(
                e.span,
                "record dtypes are defined at the top level of the file (`REC = np.dtype([('x', np.float32)])`)",
                None,
            ),
            Res::Member(Member::Jit | Member::CpuJit) => self.reject(
                e.span,
                "a jit decorator can only be used as a decorator",
                None,
            ),
            Res::Member(Member::DeclareDevice) => self.reject(
                e.span,
                "`cuda.declare_device` can only be called at the top level of the file",
                None,
            ),
            Res::Extern(_) => {
                let path = self.path_text(id);
                self.reject(
                    e.span,
                    &format!("'{path}' is a declared device function: it can be called, not used as a value"),
                    Some(&format!("did you mean `{path}(...)`?")),
                )
            }
            Res::Member(Member::Namespace(_)) | Res::Ns(_) => {
                let path = self.path_text(id);
                self.reject(e.span, &format!("'{path}' is a module, not a value"), None)
            }
            Res::Function(f) => {
                let info = self.env.function(*f);
                let name = self.env.name(info.name).to_string();
                if info.is_kernel() {
                    return self.reject(
                        e.span,
                        &format!(
                            "'{name}' is a kernel; only device functions are values in kernels"
                        ),
                        None,
                    );
                }
                TExpr::compile_time(Type::Function(FunctionValue::new(f.0, &name)), e.span)
            }
            Res::HostGlobal(sym) if self.module_string(id).is_some() => {
                let name = self.env.name(*sym).to_string();
                self.reject(
                    e.span,
                    &format!("'{name}' is a module-level string: kernels take one only as an argument of `raise`"),
                    None,
                )
            }
            Res::HostGlobal(sym) => {
                let name = self.env.name(*sym).to_string();
                if let Some(t) = self.host_array(&name, e.span) {
                    return t;
                }
                self.reject(
                    e.span,
                    // Numba's words first ("Untyped global name").
                    &format!(
                        "Untyped global name '{name}': a global that is not a compile-time constant"
                    ),
                    Some(&format!(
                        "pass it to the kernel as an argument, or read it as `cuda.const.array_like({name})`"
                    )),
                )
            }
            Res::ValueAttr => self.value_attr(id),
            Res::Unresolved => TExpr::error(e.span),
        }
    }

    /// A value frozen from a module-level tuple of functions or host
    /// arrays: function values, host arrays, constants and tuples of them.
    fn global_value(&mut self, v: &GlobalValue, span: Span) -> TExpr {
        match v {
            GlobalValue::Function(f) => {
                let info = self.env.function(*f);
                let name = self.env.name(info.name).to_string();
                if info.is_kernel() {
                    let msg = format!(
                        "'{name}' is a kernel; only device functions are values in kernels"
                    );
                    return self.reject(span, &msg, None);
                }
                TExpr::compile_time(Type::Function(FunctionValue::new(f.0, &name)), span)
            }
            GlobalValue::Intrinsic(c) => {
                TExpr::compile_time(Type::Function(FunctionValue::intrinsic(*c)), span)
            }
            GlobalValue::Const(c) => TExpr::constant(*c, span),
            GlobalValue::HostArray(sym) => {
                let name = self.env.name(*sym).to_string();
                self.host_array(&name, span)
                    .expect("a tuple's host arrays are supplied ones")
            }
            GlobalValue::Tuple(items) | GlobalValue::NamedTuple(_, items) => {
                let typed: Vec<TExpr> = items.iter().map(|i| self.global_value(i, span)).collect();
                let tys: Vec<Type> = typed.iter().map(|t| t.ty).collect();
                let ty = match v {
                    GlobalValue::NamedTuple(c, _) => Type::Tuple(TupleItems::named(*c, &tys)),
                    _ => Type::Tuple(tys.into_iter().collect()),
                };
                TExpr {
                    kind: TExprKind::Tuple(self.ex_list(typed)),
                    ty,
                    span,
                }
            }
        }
    }

    /// `(a, b, ...)`: a constant when every item is one. A starred item
    /// (`(*idx, 0)`) is a tuple's items, as CPython's `BUILD_TUPLE_UNPACK`
    /// and Numba build it.
    pub(super) fn tuple_display(&mut self, items: &[ExprId], span: Span) -> TExpr {
        if self.has_starred(items) {
            let mut lets = Vec::new();
            let Some(typed) = self.expand_starred(items, false, &mut lets) else {
                return TExpr::error(span);
            };
            let consts: Option<Vec<ConstValue>> =
                typed.iter().map(|t| t.as_const().copied()).collect();
            if let (Some(values), true) = (consts, lets.is_empty()) {
                return TExpr::constant(ConstValue::Tuple(values.into()), span);
            }
            let ty = Type::Tuple(typed.iter().map(|t| t.ty).collect());
            let tuple = TExpr {
                kind: TExprKind::Tuple(self.ex_list(typed)),
                ty,
                span,
            };
            return self.bind_lets(lets, tuple, span);
        }
        let items = self.expr_list(items);
        let items_ref = self.get_list(items);
        if items_ref.iter().all(|i| i.as_const().is_some()) {
            let values = items_ref.iter().map(|i| *i.as_const().expect("constant"));
            return TExpr::constant(ConstValue::Tuple(values.collect()), span);
        }
        let ty = Type::Tuple(items_ref.iter().map(|i| i.ty).collect());
        TExpr {
            kind: TExprKind::Tuple(items),
            ty,
            span,
        }
    }

    /// The dotted text of a name or attribute chain, for messages.
    pub(super) fn path_text(&self, e: ExprId) -> String {
        super::path_text(self.env, e)
    }

    /// `a.shape`, `a.size`, `a.ndim`, `a.strides` and `t.x`-style errors.
    fn value_attr(&mut self, id: ExprId) -> TExpr {
        let e = self.ast(id);
        let ExprKind::Attribute { value, attr } = &e.kind else {
            return TExpr::error(e.span);
        };
        let base = self.expr(*value);
        self.attribute_of(base, attr, e.span)
    }

    /// The attribute `attr` of the typed value `base`; `span` is the whole
    /// `base.attr`.
    fn attribute_of(&mut self, base: TExpr, attr: &Ident, span: Span) -> TExpr {
        let env = self.env;
        let name = env.name(attr.name);
        if let Some(part) = self.number_part_attr(&base, name, span) {
            return part;
        }
        if let Some(c) = self.vector_component(&base, name, span) {
            return c;
        }
        if let Type::Record(r) = base.ty {
            return self.field_read(base, r, name, attr.span, span);
        }
        if let Some(field) = self.named_tuple_field(&base, name, attr.span, span) {
            return field;
        }
        // `a.dtype.type`: the scalar type of the dtype, callable as
        // `a.dtype.type(0.0)` (Numba's `DType.type`, its `NumberClass`).
        if let (Type::Class(_), "type") = (base.ty, name) {
            return TExpr { span, ..base };
        }
        if let Type::Enum(en) = base.ty {
            if name == "value" {
                let v = self.enum_value(base);
                return TExpr { span, ..v };
            }
            let msg = format!(
                "{} has no attribute '{name}' in kernels",
                base.ty.describe()
            );
            return self.reject(
                attr.span,
                &msg,
                Some(&format!(
                    "enum members offer `.value` (`{}.value`)",
                    en.name()
                )),
            );
        }
        let Type::Array(a) = base.ty else {
            if base.ty.is_unknown() {
                return TExpr::error(span);
            }
            let msg = format!("{} has no attribute '{name}'", base.ty.describe());
            return self.reject(attr.span, &msg, None);
        };
        let prop = |p: ArrayProp, base: TExprId| TExpr {
            kind: TExprKind::ArrayProp(base, p),
            ty: Type::I64,
            span,
        };
        match name {
            "size" => prop(ArrayProp::Size, self.ex(base)),
            "ndim" => TExpr::constant(ConstValue::i64(a.ndim as i64), span),
            "itemsize" => TExpr::constant(ConstValue::i64(a.elem.size() as i64), span),
            // Numba's `DType`: the element type as a value (a dtype for
            // `cuda.local.array(n, a.dtype)`, a conversion `a.dtype(x)`).
            "dtype" => TExpr::compile_time(Type::Class(a.elem), span),
            "T" => self.transpose(base, a, span),
            "real" | "imag" => self.part_view(base, a, name == "imag", attr.span, span),
            "shape" | "strides" => {
                // Every item reads the array: one that is not a variable, an
                // allocation or a view of one by such indices is evaluated
                // once, into a temporary.
                let (base_ty, base_span) = (base.ty, base.span);
                let temp = (!self.repeatable(&base)).then(|| (self.temp(base_ty, base_span), base));
                let base = match temp {
                    Some((v, _)) => self.ex(TExpr {
                        kind: TExprKind::Var(v),
                        ty: base_ty,
                        span: base_span,
                    }),
                    None => self.ex(base),
                };
                let items = self.ex_list((0..a.ndim).map(|k| {
                    let p = if name == "shape" {
                        ArrayProp::Extent(k)
                    } else {
                        ArrayProp::Stride(k)
                    };
                    prop(p, base)
                }));
                let tuple = TExpr {
                    kind: TExprKind::Tuple(items),
                    ty: Type::uni_tuple(Type::I64, a.ndim as usize),
                    span,
                };
                match temp {
                    Some((v, value)) => TExpr {
                        kind: TExprKind::Let(v, self.ex(value), self.ex(tuple)),
                        ty: tuple.ty,
                        span,
                    },
                    None => tuple,
                }
            }
            _ => {
                let msg = format!("arrays have no attribute '{name}' in kernels");
                self.reject(
                    attr.span,
                    &msg,
                    Some("arrays offer shape, size, ndim, strides, itemsize, dtype, T, real and imag"),
                )
            }
        }
    }

    /// Typing of a binary operator on typed operands.
    pub(super) fn binary(&mut self, op: BinOp, l: TExpr, r: TExpr, span: Span) -> TExpr {
        if l.ty.is_unknown() || r.ty.is_unknown() {
            return TExpr::error(span);
        }
        let (l, r) = (self.int_enum_as_number(l), self.int_enum_as_number(r));
        if super::bf16::is_bf16(&l.ty) || super::bf16::is_bf16(&r.ty) {
            return self.bf16_binary(op, l, r, span);
        }
        if l.ty.is_complex() || r.ty.is_complex() {
            return self.complex_binary(op, l, r, span);
        }
        let (Some(a), Some(b)) = (l.ty.scalar(), r.ty.scalar()) else {
            let help = if l.ty.array().is_some() || r.ty.array().is_some() {
                Some("array expressions are not supported in kernels; compute element by element: `a[i] + b[i]`")
            } else {
                None
            };
            let msg = format!(
                "unsupported operand types for {}: {} and {}",
                op.symbol(),
                l.ty,
                r.ty
            );
            return self.reject(span, &msg, help);
        };
        let result = match op {
            BinOp::MatMul => {
                return self.reject(span, "the '@' operator is not supported in kernels", None);
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::FloorDiv | BinOp::Mod => {
                arith_result(a, b)
            }
            BinOp::Div => truediv_result(a, b),
            BinOp::Pow => pow_result(a, b),
            BinOp::LShift | BinOp::RShift | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => {
                if a.is_float() || b.is_float() {
                    let msg = format!("unsupported operand types for {}: {a} and {b}", op.symbol());
                    return self.reject(
                        span,
                        &msg,
                        Some("bitwise operators need integer operands"),
                    );
                }
                if matches!(op, BinOp::LShift | BinOp::RShift) {
                    shift_result(a)
                } else if a == Scalar::Bool && b == Scalar::Bool {
                    Scalar::Bool
                } else {
                    int_arith_result(a, b)
                }
            }
        };
        if let (Some(x), Some(y)) = (l.as_const(), r.as_const()) {
            if let Some(v) = fold_binary(op, x, y) {
                return TExpr::constant(v, span);
            }
        }
        let rt = Type::Scalar(result);
        let l = self.cast(l, &rt);
        let r = if op == BinOp::Pow && result.is_float() && b.is_int() {
            self.cast(r, &Type::Scalar(float_pow_exponent(b)))
        } else {
            self.cast(r, &rt)
        };
        TExpr {
            kind: TExprKind::Binary(op, self.ex(l), self.ex(r)),
            ty: rt,
            span,
        }
    }

    /// Typing of a unary operator.
    /// True when `e` is made of literals only (`2`, `-1.5`, `~True`,
    /// `2 ** -1`), which CPython folds before Numba types anything.
    /// (Trees deeper than 64 count as not literal, which keeps the cost of
    /// asking linear in the expression.)
    pub(super) fn is_python_literal(&self, e: ExprId) -> bool {
        self.is_python_literal_within(e, 64)
    }

    fn is_python_literal_within(&self, e: ExprId, depth: u32) -> bool {
        match &self.ast(e).kind {
            _ if depth == 0 => false,
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Bool(_) => true,
            ExprKind::UnaryOp { operand, .. } => self.is_python_literal_within(*operand, depth - 1),
            ExprKind::BinOp { left, right, .. } => {
                self.is_python_literal_within(*left, depth - 1)
                    && self.is_python_literal_within(*right, depth - 1)
            }
            _ => false,
        }
    }

    /// An integer expression of literals (`2**64 // 4`), which CPython
    /// folds exactly before Numba types it: the constant, or an error when
    /// it does not fit in 64 bits; `None` when `e` is not such an
    /// expression.
    fn python_int_literal(&mut self, e: ExprId) -> Option<TExpr> {
        if !self.is_python_literal(e) {
            return None;
        }
        let span = self.ast(e).span;
        let env = super::FnConstEnv { env: self.env };
        match crate::sema::const_eval::eval_python_int(self.env.module, e, &env)? {
            Ok(c) => Some(TExpr::constant(c, span)),
            Err(msg) => Some(self.reject(span, &msg, None)),
        }
    }

    /// `int ** negative int` and `float ** int` of literals, which CPython
    /// folds to a float with C's `pow` (`2 ** -1` is 0.5) before Numba
    /// sees them (Numba would compute `1.5 ** 3` by repeated squaring).
    fn python_fold_pow(&mut self, op: BinOp, l: &TExpr, r: &TExpr, id: ExprId) -> Option<TExpr> {
        if op != BinOp::Pow || !self.is_python_literal(id) {
            return None;
        }
        let (x, y) = (l.as_const()?, r.as_const()?);
        let (sx, sy) = (x.scalar_type()?, y.scalar_type()?);
        if sx == Scalar::F64 && sy.is_int() {
            let (x, y) = (x.as_f64()?, y.as_int()?);
            let v = x.powf(y as f64);
            return Some(TExpr::constant(
                ConstValue::Float(v, Scalar::F64),
                self.ast(id).span,
            ));
        }
        let (x, y) = (x.as_int()?, y.as_int()?);
        if sx.is_float() || sy.is_float() || y >= 0 || x == 0 {
            return None;
        }
        let v = (x as f64).powf(y as f64);
        Some(TExpr::constant(
            ConstValue::Float(v, Scalar::F64),
            self.ast(id).span,
        ))
    }

    pub(super) fn unary(&mut self, op: UnaryOp, a: TExpr, span: Span) -> TExpr {
        if a.ty.is_unknown() {
            return TExpr::error(span);
        }
        let a = self.int_enum_as_number(a);
        if super::bf16::is_bf16(&a.ty) {
            return self.bf16_unary(op, a, span);
        }
        if a.ty.is_complex() {
            return self.complex_unary(op, a, span);
        }
        let Some(s) = a.ty.scalar() else {
            let msg = format!(
                "unsupported operand type for unary {}: {}",
                op.symbol(),
                a.ty
            );
            return self.reject(span, &msg, None);
        };
        if let Some(c) = a.as_const() {
            if let Some(v) = fold_unary(op, c) {
                return TExpr::constant(v, span);
            }
        }
        let result = match op {
            UnaryOp::Not => return self.logical_not(a, span),
            _ if s.is_float() => {
                if op == UnaryOp::Invert {
                    let msg = format!("unsupported operand type for unary ~: {s}");
                    return self.reject(span, &msg, Some("`~` needs an integer operand"));
                }
                s
            }
            UnaryOp::Invert if s == Scalar::Bool => Scalar::Bool,
            _ if s.is_unsigned() => Scalar::U64,
            _ => Scalar::I64,
        };
        let rt = Type::Scalar(result);
        if op == UnaryOp::Pos {
            let a = self.cast(a, &rt);
            return TExpr { span, ..a };
        }
        // Numba negates and inverts an integer in its own width, then
        // widens the result (`-uint8(2)` is 254, `-int8(-128)` is -128).
        let in_width = s.is_int() && s != Scalar::Bool;
        let operand_ty = if in_width { a.ty } else { rt };
        let a = self.cast(a, &operand_ty);
        let value = TExpr {
            kind: TExprKind::Unary(op, self.ex(a)),
            ty: operand_ty,
            span,
        };
        self.cast(value, &rt)
    }

    fn bool_op(&mut self, op: BoolOp, values: &[ExprId], span: Span) -> TExpr {
        // Numba prunes an operand's branch when it knows the operand's
        // value before typing: a deciding operand (a true one for `or`, a
        // false one for `and`) ends the chain, a non-deciding one is
        // skipped; the operands after a deciding one are never typed.
        let mut rest = Vec::new();
        let mut pruned = false;
        for (k, &v) in values.iter().enumerate() {
            let last = k + 1 == values.len();
            match (!last).then(|| self.pruned_operand(v)).flatten() {
                Some(truthy) if truthy == (op == BoolOp::Or) => {
                    rest.push(v);
                    pruned = true;
                    break;
                }
                Some(_) => pruned = true,
                None => rest.push(v),
            }
        }
        if !pruned {
            return self.bool_op_typed(op, values, span);
        }
        if let [only] = rest[..] {
            let t = self.expr(only);
            return TExpr { span, ..t };
        }
        self.bool_op_typed(op, &rest, span)
    }

    fn bool_op_typed(&mut self, op: BoolOp, values: &[ExprId], span: Span) -> TExpr {
        let mut items = self.typed_operands(values);
        let mut ty = Type::Unknown;
        for i in &items {
            if i.ty.is_unknown() {
                return TExpr::error(span);
            }
            if !i.ty.is_scalar() && !i.ty.is_complex() {
                let msg = format!("cannot use {} with `and`/`or`", i.ty.describe());
                return self.reject(i.span, &msg, None);
            }
            ty = unify(&ty, &i.ty).unwrap_or(Type::Unknown);
        }
        if items.iter().all(|i| i.as_const().is_some()) {
            let decided = items
                .iter()
                .find(|i| {
                    let t = i.as_const().is_some_and(ConstValue::truthy);
                    if op == BoolOp::And {
                        !t
                    } else {
                        t
                    }
                })
                .unwrap_or(items.last().expect("bool op has operands"));
            let value = *decided;
            self.recycle(items);
            return TExpr {
                span,
                ..self.cast(value, &ty)
            };
        }
        let mut iter = items.drain(..).rev();
        let mut acc = {
            let last = iter.next().expect("bool op has operands");
            self.cast(last, &ty)
        };
        for item in iter {
            let item = self.cast(item, &ty);
            let kind = match op {
                BoolOp::And => TExprKind::And(self.ex(item), self.ex(acc)),
                BoolOp::Or => TExprKind::Or(self.ex(item), self.ex(acc)),
            };
            acc = TExpr { kind, ty, span };
        }
        self.recycle(items);
        acc.span = span;
        acc
    }

    fn compare_chain(&mut self, left: ExprId, ops: &[(CmpOp, ExprId)], span: Span) -> TExpr {
        let left_span = self.ast(left).span;
        if let [(op, right)] = *ops {
            // A single comparison, by far the most common. `x is None`
            // keeps a value that may be None, to test it.
            let identity = matches!(op, CmpOp::Is | CmpOp::IsNot);
            let lhs = if identity {
                self.expr_keep_optional(left)
            } else {
                self.expr(left)
            };
            let right_span = self.ast(right).span;
            let rhs = if identity {
                self.expr_keep_optional(right)
            } else {
                self.expr(right)
            };
            return TExpr {
                span,
                ..self.compare(op, lhs, rhs, left_span.to(right_span))
            };
        }
        let mut lhs = self.expr(left);
        let mut parts: Vec<TExpr> = Vec::new();
        let mut lets: Vec<(VarId, TExpr)> = Vec::new();
        for (k, &(op, right)) in ops.iter().enumerate() {
            let right_span = self.ast(right).span;
            let mut rhs = self.expr(right);
            if k + 1 == ops.len() {
                parts.push(self.compare(op, lhs, rhs, left_span.to(right_span)));
                break;
            }
            // A middle operand is also the next comparison's left operand:
            // it is evaluated once, into a temporary, unless it is pure.
            if !rhs.is_trivially_pure() && !rhs.ty.is_unknown() {
                let t = self.temp(rhs.ty, rhs.span);
                let value = std::mem::replace(
                    &mut rhs,
                    TExpr {
                        kind: TExprKind::Var(t),
                        ty: Type::Unknown,
                        span: right_span,
                    },
                );
                rhs.ty = value.ty;
                lets.push((t, value));
            }
            let next = rhs;
            parts.push(self.compare(op, lhs, rhs, left_span.to(right_span)));
            lhs = next;
        }
        let mut result = parts.pop().expect("comparison has an operator");
        while let Some(p) = parts.pop() {
            if p.ty.is_unknown() || result.ty.is_unknown() {
                result = TExpr::error(span);
                continue;
            }
            result = match (p.as_const(), result.as_const()) {
                (Some(ConstValue::Bool(false)), _) => p,
                (Some(ConstValue::Bool(true)), _) => result,
                _ => TExpr {
                    kind: TExprKind::And(self.ex(p), self.ex(result)),
                    ty: Type::BOOL,
                    span,
                },
            };
        }
        for (t, value) in lets.into_iter().rev() {
            if result.ty.is_unknown() {
                break;
            }
            result = TExpr {
                kind: TExprKind::Let(t, self.ex(value), self.ex(result)),
                ty: Type::BOOL,
                span,
            };
        }
        result.span = span;
        result
    }

    /// `x is None`, `x is not None` (either side) of an `x` that may be
    /// None: whether it has no value, at run time; `None` for other
    /// operands.
    fn optional_is_none(&mut self, op: CmpOp, l: &TExpr, r: &TExpr, span: Span) -> Option<TExpr> {
        let opt = match (l.ty, r.ty) {
            (Type::Optional(_), Type::None) => *l,
            (Type::None, Type::Optional(_)) => *r,
            _ => return None,
        };
        // The flag, the optional's first component, says it has a value.
        let has_value = TExpr {
            kind: TExprKind::TupleGet(self.ex(opt), 0),
            ty: Type::BOOL,
            span,
        };
        Some(if op == CmpOp::IsNot {
            has_value
        } else {
            self.logical_not(has_value, span)
        })
    }

    /// `x in t` / `x not in t` of a tuple whose items have one type
    /// (Numba's `UniTuple`, a `Sequence`: numba-cuda's `in_seq`, true when
    /// an item `== x`, with `==`'s own promotion: `300 in (int8(44),)` is
    /// false). Numba has no `in` for other containers in kernels.
    fn tuple_contains(&mut self, op: CmpOp, x: TExpr, t: TExpr, span: Span) -> TExpr {
        let items = match t.ty {
            Type::Tuple(items) if !items.is_empty() && items.iter().all(|i| *i == items[0]) => {
                items
            }
            other => {
                let msg = format!(
                    "'in' takes a tuple whose items have one type in kernels (Numba's UniTuple), not {}",
                    other.describe()
                );
                return self.reject(span, &msg, None);
            }
        };
        let found = self.with_operands(vec![x, t], span, |this, ops| {
            let mut any: Option<TExpr> = None;
            for k in 0..items.len() {
                let item = match ops[1].as_const() {
                    Some(ConstValue::Tuple(values)) => TExpr::constant(values[k], span),
                    _ => TExpr {
                        kind: TExprKind::TupleGet(this.ex(ops[1]), k as u32),
                        ty: items[k],
                        span,
                    },
                };
                let eq = this.compare(CmpOp::Eq, ops[0], item, span);
                if eq.ty.is_unknown() {
                    return eq;
                }
                any = Some(match any {
                    None => eq,
                    Some(a) => TExpr {
                        kind: TExprKind::Binary(BinOp::BitOr, this.ex(a), this.ex(eq)),
                        ty: Type::BOOL,
                        span,
                    },
                });
            }
            any.expect("a non-empty tuple")
        });
        if op == CmpOp::NotIn && !found.ty.is_unknown() {
            return self.logical_not(found, span);
        }
        found
    }

    /// A single comparison.
    pub(super) fn compare(&mut self, op: CmpOp, l: TExpr, r: TExpr, span: Span) -> TExpr {
        if l.ty.is_unknown() || r.ty.is_unknown() {
            return TExpr::error(span);
        }
        if let Some(t) = self.enum_compare(op, l, r, span) {
            return t;
        }
        let op = match op {
            CmpOp::In | CmpOp::NotIn => return self.tuple_contains(op, l, r, span),
            CmpOp::Is | CmpOp::IsNot => {
                // Two booleans are identical when equal (numba-cuda's
                // `bool_is_impl`: Python's `True` and `False` are
                // singletons).
                if l.ty == Type::BOOL && r.ty == Type::BOOL {
                    let eq = if op == CmpOp::Is {
                        CmpOp::Eq
                    } else {
                        CmpOp::NotEq
                    };
                    return self.compare(eq, l, r, span);
                }
                // A value that may be None is tested at run time.
                if let Some(t) = self.optional_is_none(op, &l, &r, span) {
                    return t;
                }
                // Otherwise only `None` has identity in kernels: a value of
                // type none is `None`, a value of any other type is not
                // (Numba decides it while typing and prunes the branch not
                // taken).
                let (l_none, r_none) = (l.ty == Type::None, r.ty == Type::None);
                if !l_none && !r_none {
                    return self.reject(
                        span,
                        "'is' compares with None or two booleans only in kernels",
                        Some("compare values with `==` or `!=`"),
                    );
                }
                let same = l_none && r_none;
                return TExpr::constant(ConstValue::Bool(same == (op == CmpOp::Is)), span);
            }
            op => op,
        };
        if let (Type::Tuple(_), Type::Tuple(_)) = (l.ty, r.ty) {
            return self.tuple_compare(op, l, r, span);
        }
        if super::bf16::is_bf16(&l.ty) || super::bf16::is_bf16(&r.ty) {
            return self.bf16_compare(op, l, r, span);
        }
        if l.ty.is_complex() || r.ty.is_complex() {
            return self.complex_compare(op, l, r, span);
        }
        let (Some(a), Some(b)) = (l.ty.scalar(), r.ty.scalar()) else {
            let msg = format!("cannot compare {} with {}", l.ty, r.ty);
            return self.reject(span, &msg, None);
        };
        if let (Some(x), Some(y)) = (l.as_const(), r.as_const()) {
            if let Some(v) = fold_compare(op, x, y) {
                return TExpr::constant(ConstValue::Bool(v), span);
            }
        }
        let common = Type::Scalar(a.promote(b));
        let (l, r) = (self.cast(l, &common), self.cast(r, &common));
        TExpr {
            kind: TExprKind::Compare(op, self.ex(l), self.ex(r)),
            ty: Type::BOOL,
            span,
        }
    }

    /// `t[lower:upper:step]` of a tuple, with constant bounds (as Numba
    /// needs them): a tuple of the items Python's slice picks.
    fn tuple_slice(
        &mut self,
        base: TExpr,
        parts: [Option<ExprId>; 3],
        index_span: Span,
        span: Span,
    ) -> TExpr {
        let Type::Tuple(items) = base.ty else {
            return TExpr::error(span);
        };
        let mut bounds = [None; 3];
        for (slot, part) in bounds.iter_mut().zip(parts) {
            let Some(p) = part else { continue };
            let t = self.expr(p);
            match t.as_const().and_then(ConstValue::as_int) {
                Some(v) => *slot = Some(v),
                None if t.ty.is_unknown() => return TExpr::error(span),
                None => {
                    return self.reject(t.span, "a tuple slice needs constant integer bounds", None)
                }
            }
        }
        let n = items.len() as i128;
        let step = bounds[2].unwrap_or(1);
        if step == 0 {
            return self.reject(index_span, "slice step cannot be zero", None);
        }
        // Python's slice.indices(n).
        let clamp = |v: i128, lo: i128, hi: i128| v.max(lo).min(hi);
        let wrap = |v: i128| if v < 0 { v + n } else { v };
        let (start, stop) = if step > 0 {
            (
                bounds[0].map_or(0, |v| clamp(wrap(v), 0, n)),
                bounds[1].map_or(n, |v| clamp(wrap(v), 0, n)),
            )
        } else {
            (
                bounds[0].map_or(n - 1, |v| clamp(wrap(v), -1, n - 1)),
                bounds[1].map_or(-1, |v| clamp(wrap(v), -1, n - 1)),
            )
        };
        let mut picked = Vec::new();
        let mut k = start;
        while (step > 0 && k < stop) || (step < 0 && k > stop) {
            picked.push(k as usize);
            k += step;
        }
        if let Some(ConstValue::Tuple(values)) = base.as_const() {
            let values: Vec<ConstValue> = picked.iter().map(|&k| values[k]).collect();
            return TExpr::constant(ConstValue::Tuple(values.into_iter().collect()), span);
        }
        // The whole tuple is evaluated once (its items may have effects).
        let whole = if let TExprKind::Var(_) = base.kind {
            None
        } else {
            Some(self.temp(base.ty, base.span))
        };
        let source = match whole {
            Some(v) => TExpr {
                kind: TExprKind::Var(v),
                ty: base.ty,
                span: base.span,
            },
            None => base,
        };
        let source = self.ex(source);
        let parts: Vec<TExpr> = picked
            .iter()
            .map(|&k| TExpr {
                kind: TExprKind::TupleGet(source, k as u32),
                ty: items[k],
                span,
            })
            .collect();
        let ty = Type::Tuple(parts.iter().map(|p| p.ty).collect());
        let tuple = TExpr {
            kind: TExprKind::Tuple(self.ex_list(parts)),
            ty,
            span,
        };
        match whole {
            Some(v) => TExpr {
                kind: TExprKind::Let(v, self.ex(base), self.ex(tuple)),
                ty,
                span,
            },
            None => tuple,
        }
    }

    /// `l op r` of two tuples, as Numba has them. `==` / `!=`: tuples of
    /// different lengths are unequal; otherwise the items are compared in
    /// order with `==` (numbers promoted as for any comparison, nested
    /// tuples compared the same way) and all must hold. `<`, `<=`, `>`,
    /// `>=`: the first pair of items that differ (`!=`) decides, compared
    /// with `op`; when the shorter tuple's items all match, the lengths
    /// decide (Numba's `tuple_cmp_ordered`). Each side is evaluated once,
    /// into a temporary unless it is a variable or a constant.
    fn tuple_compare(&mut self, op: CmpOp, l: TExpr, r: TExpr, span: Span) -> TExpr {
        let (Type::Tuple(la), Type::Tuple(ra)) = (l.ty, r.ty) else {
            return TExpr::error(span);
        };
        let mut lets: Vec<(VarId, TExpr)> = Vec::new();
        // A side's items: a constant's own, or parts of a variable.
        let mut side = |this: &mut Self, t: TExpr| -> Result<TExprId, ConstValue> {
            match t.kind {
                TExprKind::Const(c @ ConstValue::Tuple(_)) => return Err(c),
                TExprKind::Var(_) => return Ok(this.ex(t)),
                _ => {}
            }
            let v = this.temp(t.ty, t.span);
            let (ty, sp) = (t.ty, t.span);
            lets.push((v, t));
            Ok(this.ex(TExpr {
                kind: TExprKind::Var(v),
                ty,
                span: sp,
            }))
        };
        let (lside, rside) = (side(self, l), side(self, r));
        let item = |side: &Result<TExprId, ConstValue>, k: usize, ty| match side {
            Err(ConstValue::Tuple(values)) => TExpr::constant(values[k], span),
            Ok(id) => TExpr {
                kind: TExprKind::TupleGet(*id, k as u32),
                ty,
                span,
            },
            Err(_) => TExpr::error(span),
        };
        if !matches!(op, CmpOp::Eq | CmpOp::NotEq) {
            // From the last item back: `a_k op b_k if a_k != b_k else
            // (the rest)`, ending with the lengths' comparison.
            let lengths = match op {
                CmpOp::Lt => la.len() < ra.len(),
                CmpOp::LtE => la.len() <= ra.len(),
                CmpOp::Gt => la.len() > ra.len(),
                _ => la.len() >= ra.len(),
            };
            let mut result = TExpr::constant(ConstValue::Bool(lengths), span);
            for k in (0..la.len().min(ra.len())).rev() {
                let (a, b) = (item(&lside, k, la[k]), item(&rside, k, ra[k]));
                let differ = self.compare(CmpOp::NotEq, a, b, span);
                let decides = self.compare(op, a, b, span);
                if differ.ty.is_unknown() || decides.ty.is_unknown() {
                    return TExpr::error(span);
                }
                result = match differ.as_const() {
                    Some(ConstValue::Bool(true)) => decides,
                    Some(ConstValue::Bool(false)) => result,
                    _ => TExpr {
                        kind: TExprKind::Select(self.ex(differ), self.ex(decides), self.ex(result)),
                        ty: Type::BOOL,
                        span,
                    },
                };
            }
            return self.bind_lets(lets, result, span);
        }
        let mut all: Option<TExpr> = None;
        if la.len() == ra.len() {
            for k in 0..la.len() {
                let (a, b) = (item(&lside, k, la[k]), item(&rside, k, ra[k]));
                let eq = self.compare(CmpOp::Eq, a, b, span);
                if eq.ty.is_unknown() {
                    return eq;
                }
                all = Some(match (all, eq.as_const()) {
                    (None, _) => eq,
                    (Some(prev), Some(ConstValue::Bool(true))) => prev,
                    (Some(prev), _) if prev.as_const() == Some(&ConstValue::Bool(true)) => eq,
                    (Some(prev), _) => TExpr {
                        kind: TExprKind::And(self.ex(prev), self.ex(eq)),
                        ty: Type::BOOL,
                        span,
                    },
                });
            }
        }
        let equal = match all {
            Some(e) => e,
            // No items, or different lengths.
            None => TExpr::constant(ConstValue::Bool(la.len() == ra.len()), span),
        };
        let result = match (op, equal.as_const()) {
            (CmpOp::NotEq, Some(ConstValue::Bool(b))) => {
                TExpr::constant(ConstValue::Bool(!b), span)
            }
            (CmpOp::NotEq, _) => self.logical_not(equal, span),
            _ => equal,
        };
        self.bind_lets(lets, result, span)
    }

    /// `result` with the temporaries `lets` bound around it, the first
    /// outermost.
    pub(super) fn bind_lets(
        &mut self,
        lets: Vec<(VarId, TExpr)>,
        mut result: TExpr,
        span: Span,
    ) -> TExpr {
        for (v, value) in lets.into_iter().rev() {
            result = TExpr {
                kind: TExprKind::Let(v, self.ex(value), self.ex(result)),
                ty: result.ty,
                span,
            };
        }
        result
    }

    /// Types the index part of a subscript into a list of integer indices
    /// (a tuple index, literal or tuple-typed, gives several). A
    /// tuple-typed index that is not a plain read (`a[f(c)]`, `a[*g(), 0]`)
    /// is evaluated once, into a temporary `lets` receives, which the
    /// caller binds around the subscript (or assigns before the store):
    /// each item is read from it, so its effects happen once, as in Numba.
    pub(super) fn indices(
        &mut self,
        index: ExprId,
        lets: &mut Vec<(VarId, TExpr)>,
    ) -> Option<TExprList> {
        let module = self.env.module;
        let items = match &module.expr(index).kind {
            // (`a[*idx, 0]`, PEP 646, is a tuple display with a starred
            // item: typed whole below, as Numba builds it.)
            ExprKind::Tuple(items) if !self.has_starred(module.exprs(*items)) => {
                self.expr_list(module.exprs(*items))
            }
            _ => {
                let t = self.expr(index);
                match &t.ty {
                    Type::Tuple(tys) => {
                        let tys = *tys;
                        if let Some(ConstValue::Tuple(values)) = t.as_const() {
                            let span = t.span;
                            let values = *values;
                            self.ex_list(values.iter().map(|v| TExpr::constant(*v, span)))
                        } else if let TExprKind::Tuple(items) = t.kind {
                            items
                        } else {
                            let span = t.span;
                            let t = self.read_once(t, lets);
                            let whole = self.ex(t);
                            self.ex_list(tys.iter().enumerate().map(|(k, ty)| TExpr {
                                kind: TExprKind::TupleGet(whole, k as u32),
                                ty: *ty,
                                span,
                            }))
                        }
                    }
                    _ => self.ex_list([t]),
                }
            }
        };
        let mut ok = true;
        for k in items.ids() {
            let i = *self.get(k);
            ok &= self.check_index(&i);
        }
        ok.then_some(items)
    }

    /// True when `i` can index an array dimension (an integer or a
    /// `bool`); reports it otherwise.
    pub(super) fn check_index(&mut self, i: &TExpr) -> bool {
        match &i.ty {
            Type::Unknown => false,
            t if t.is_int() => true,
            Type::Scalar(Scalar::Bool) => true,
            t => {
                let help = if t.scalar().is_some_and(Scalar::is_float) {
                    Some("convert it first: `a[int(i)]`")
                } else {
                    None
                };
                let msg = format!("array index must be an integer, not {t}");
                self.reject(i.span, &msg, help);
                false
            }
        }
    }

    fn subscript(&mut self, value: ExprId, index: ExprId, span: Span) -> TExpr {
        let module = self.env.module;
        let (value_span, index_span) = (module.expr(value).span, module.expr(index).span);
        if self.has_slices(index) {
            let base = self.expr(value);
            return match (base.ty, &module.expr(index).kind) {
                (Type::Array(a), _) => self.array_view(base, a, index, span),
                (Type::Tuple(_), &ExprKind::Slice { lower, upper, step }) => {
                    self.tuple_slice(base, [lower, upper, step], index_span, span)
                }
                (Type::Unknown, _) => TExpr::error(span),
                (other, _) => {
                    let msg = format!("cannot slice {}", other.describe());
                    self.reject(value_span, &msg, None)
                }
            };
        }
        if let Res::EnumClass(en) = *self.res(value) {
            return self.enum_getitem(en, index, span);
        }
        let base = match self.shape_attribute(value) {
            Some((array, attr, is_shape)) => {
                // `a.shape[k]` with a literal `k`, the usual way to read an
                // extent: the one property, without the tuple of all.
                let array = self.expr(array);
                match (&array.ty, &module.expr(index).kind) {
                    (Type::Array(a), &ExprKind::Int(k)) if k < u64::from(a.ndim) => {
                        let k = k as u8;
                        let prop = if is_shape {
                            ArrayProp::Extent(k)
                        } else {
                            ArrayProp::Stride(k)
                        };
                        return TExpr {
                            kind: TExprKind::ArrayProp(self.ex(array), prop),
                            ty: Type::I64,
                            span,
                        };
                    }
                    _ => self.attribute_of(array, attr, value_span),
                }
            }
            None => self.expr(value),
        };
        match base.ty {
            Type::Unknown => {
                self.indices(index, &mut Vec::new());
                TExpr::error(span)
            }
            Type::Pointer(elem) => self.pointer_read(base, elem, index, span),
            Type::Record(r) => match module.expr(index).kind {
                ExprKind::Str(name) => {
                    self.field_read(base, r, module.string(name), index_span, span)
                }
                _ => {
                    let i = self.expr(index);
                    self.field_read_at(base, r, i, span)
                }
            },
            Type::Array(a) => {
                let mut lets = Vec::new();
                let Some(idx) = self.indices(index, &mut lets) else {
                    return TExpr::error(span);
                };
                let n = idx.len();
                if n > a.ndim as usize {
                    let msg = format!("too many indices for a {}-D array: {n} given", a.ndim);
                    return self.reject(index_span, &msg, None);
                }
                let read = if n < a.ndim as usize {
                    self.row_view(base, idx, span)
                } else {
                    TExpr {
                        kind: TExprKind::Index(self.ex(base), idx),
                        ty: a.elem_type(),
                        span,
                    }
                };
                self.bind_lets(lets, read, span)
            }
            Type::Tuple(items) => {
                let i = self.expr(index);
                let Some(k) = i.as_const().and_then(ConstValue::as_int) else {
                    return self.tuple_runtime_index(base, items, i, index_span, span);
                };
                let n = items.len() as i128;
                let k = if k < 0 { k + n } else { k };
                if !(0..n).contains(&k) {
                    let msg = format!("tuple index out of range: the tuple has {n} elements");
                    return self.reject(index_span, &msg, None);
                }
                if let Some(ConstValue::Tuple(values)) = base.as_const() {
                    return TExpr::constant(values[k as usize], span);
                }
                if let TExprKind::Tuple(elems) = base.kind {
                    let mut e = self.get_list(elems)[k as usize];
                    e.span = span;
                    return e;
                }
                TExpr {
                    kind: TExprKind::TupleGet(self.ex(base), k as u32),
                    ty: items[k as usize],
                    span,
                }
            }
            other => {
                self.indices(index, &mut Vec::new());
                let msg = format!("cannot index {}", other.describe());
                self.reject(value_span, &msg, None)
            }
        }
    }

    /// `t[i]` with `i` known only at run time: Numba allows it when every
    /// item has one type (a `UniTuple`); a negative index counts from the
    /// end, one out of range traps (Numba raises `IndexError`).
    fn tuple_runtime_index(
        &mut self,
        base: TExpr,
        items: TupleItems,
        i: TExpr,
        index_span: Span,
        span: Span,
    ) -> TExpr {
        if i.ty.is_unknown() {
            return TExpr::error(span);
        }
        if !i.ty.is_int() {
            let msg = format!("a tuple index must be an integer, not {}", i.ty);
            return self.reject(index_span, &msg, None);
        }
        let Some(&first) = items.first() else {
            return self.reject(
                index_span,
                "tuple index out of range: the tuple is empty",
                None,
            );
        };
        if items.iter().any(|t| *t != first) {
            return self.reject(
                index_span,
                &format!(
                    "a tuple of items of different types ({}) can only be indexed by a constant",
                    base.ty
                ),
                Some("index it with a literal or a module-level constant"),
            );
        }
        TExpr {
            kind: TExprKind::TupleIndex(self.ex(base), self.ex(i)),
            ty: first,
            span,
        }
    }

    /// True when evaluating `e` again gives the same value with no effects:
    /// constants, variables, allocations, and subscripts, slices and
    /// transposes of such by such.
    pub(super) fn repeatable(&self, e: &TExpr) -> bool {
        match e.kind {
            TExprKind::Reshape(base, shape) => {
                self.repeatable(self.get(base)) && self.repeatable(self.get(shape))
            }
            TExprKind::Tuple(items) => self.get_list(items).iter().all(|i| self.repeatable(i)),
            TExprKind::ArrayProp(base, _) | TExprKind::TupleGet(base, _) => {
                self.repeatable(self.get(base))
            }
            TExprKind::TupleIndex(base, i) => {
                self.repeatable(self.get(base)) && self.repeatable(self.get(i))
            }
            TExprKind::Index(base, items) => {
                self.repeatable(self.get(base))
                    && self.get_list(items).iter().all(|i| self.repeatable(i))
            }
            TExprKind::Slice(parts) => self.get_list(parts).iter().all(|p| self.repeatable(p)),
            TExprKind::Transpose(base) | TExprKind::PartView(base, _) => {
                self.repeatable(self.get(base))
            }
            _ => e.is_trivially_pure(),
        }
    }

    /// The array and attribute of `value` when it is `array.shape` or
    /// `array.strides` (an attribute of a value, not of a namespace), with
    /// true for `shape`.
    fn shape_attribute(&self, value: ExprId) -> Option<(ExprId, &'m Ident, bool)> {
        let ExprKind::Attribute { value: array, attr } = &self.ast(value).kind else {
            return None;
        };
        if !matches!(self.res(value), Res::ValueAttr) {
            return None;
        }
        match self.env.name(attr.name) {
            "shape" => Some((*array, attr, true)),
            "strides" => Some((*array, attr, false)),
            _ => None,
        }
    }

    /// A read of a special register or other argument-less intrinsic.
    pub(super) fn intrinsic(
        &mut self,
        i: Intrinsic,
        args: impl IntoIterator<Item = TExpr>,
        ty: Type,
        span: Span,
    ) -> TExpr {
        TExpr {
            kind: TExprKind::Intrinsic(i, self.ex_list(args)),
            ty,
            span,
        }
    }
}

/// The constant of an integer literal: `int64`, or `uint64` when it does
/// not fit.
fn int_literal(v: u64, span: Span) -> TExpr {
    let c = if v <= i64::MAX as u64 {
        ConstValue::int(v as i128, Scalar::I64)
    } else {
        ConstValue::int(v as i128, Scalar::U64)
    };
    TExpr::constant(c, span)
}
