//! Typing of calls: intrinsics, builtins and conversions; array
//! allocation is in `arrays`, device-function calls in `device`.
//!
//! This is the one place that holds the typing rule of every intrinsic in
//! `intrinsics.rs`; each arm checks the arguments, converts them to the
//! parameter types and gives the result type, following Numba's
//! declarations (`numba/cuda/cudadecl.py`) where the language contract is
//! silent.

use super::{FnChecker, FnConstEnv};
use crate::diagnostics::Diagnostic;
use crate::front::ast::{CmpOp, ExprId, ExprKind, KeywordArg};
use crate::sema::const_eval;
use crate::sema::consts::ConstValue;
use crate::sema::intrinsics::{AtomicOp, Callee, HalfOp, Intrinsic, MathFn, Member, PyOperator};
use crate::sema::resolve::Res;
use crate::sema::typed::*;
use crate::span::Span;
use crate::types::*;

/// A call's arguments matched to the callee's parameters.
struct Args {
    slots: [Option<ExprId>; MAX_PARAMS],
    /// The number of parameters (the first `params` slots are used).
    params: usize,
}

/// The most parameters a builtin or intrinsic has (`cuda.atomic.cas`):
/// arguments are matched into fixed arrays of this size, not vectors.
pub(super) const MAX_PARAMS: usize = 4;

impl FnChecker<'_, '_, '_> {
    /// The indices an index expression stands for: a tuple's items (the
    /// tuple evaluated once), or the expression itself.
    pub(super) fn index_items(&mut self, idx: TExpr, lets: &mut Vec<(VarId, TExpr)>) -> Vec<TExpr> {
        match (&idx.kind, &idx.ty) {
            (TExprKind::Tuple(items), _) => self.get_list(*items).to_vec(),
            (TExprKind::Const(ConstValue::Tuple(vs)), _) => {
                vs.iter().map(|v| TExpr::constant(*v, idx.span)).collect()
            }
            (_, Type::Tuple(tys)) => {
                let tys = *tys;
                let span = idx.span;
                let idx = self.read_once(idx, lets);
                let whole = self.ex(idx);
                (0..tys.len())
                    .map(|k| TExpr {
                        kind: TExprKind::TupleGet(whole, k as u32),
                        ty: tys[k],
                        span,
                    })
                    .collect()
            }
            _ => vec![idx],
        }
    }

    /// `t` itself when it can be read twice; otherwise a read of a
    /// temporary that `lets` receives with `t` as its value (evaluated
    /// once, where the caller binds `lets`), so that reading each item of
    /// a tuple-valued call (`a[f(c)]`, `max(f(c))`) calls it once.
    pub(super) fn read_once(&mut self, t: TExpr, lets: &mut Vec<(VarId, TExpr)>) -> TExpr {
        if self.repeatable(&t) {
            return t;
        }
        let (ty, span) = (t.ty, t.span);
        let v = self.temp(ty, span);
        lets.push((v, t));
        TExpr {
            kind: TExprKind::Var(v),
            ty,
            span,
        }
    }

    /// Types a call expression.
    /// `float("nan")`, `float("-inf")`, `float("1.5")`: a float64
    /// constant of a string literal Python's `float` reads (Numba folds
    /// the call of a literal string); `None` when the argument is not a
    /// string literal. A string `float` cannot read is an error.
    fn float_of_string(&mut self, arg: ExprId) -> Option<TExpr> {
        let ExprKind::Str(s) = self.ast(arg).kind else {
            return None;
        };
        let span = self.ast(arg).span;
        let text = self.env.module.string(s).trim().to_ascii_lowercase();
        let unsigned = text.trim_start_matches(['+', '-']);
        let negative = text.starts_with('-');
        let magnitude = match unsigned {
            "nan" => Some(f64::NAN),
            "inf" | "infinity" => Some(f64::INFINITY),
            _ if unsigned
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-' | '_'))
                && unsigned.starts_with(|c: char| c.is_ascii_digit() || c == '.') =>
            {
                unsigned.replace('_', "").parse::<f64>().ok()
            }
            _ => None,
        };
        Some(match magnitude {
            Some(m) => TExpr::constant(
                ConstValue::Float(if negative { -m } else { m }, Scalar::F64),
                span,
            ),
            None => {
                let msg = format!(
                    "could not convert string to float: '{}'",
                    self.env.module.string(s)
                );
                self.reject(span, &msg, None)
            }
        })
    }

    pub(super) fn call(
        &mut self,
        func: ExprId,
        args: &[ExprId],
        keywords: &[KeywordArg],
        span: Span,
    ) -> TExpr {
        let func_span = self.ast(func).span;
        if self.has_starred(args) {
            if let Some(t) = self.starred_call(func, args, keywords, span) {
                return t;
            }
        }
        match *self.res(func) {
            Res::Member(Member::Func(Callee::Float)) if args.len() == 1 && keywords.is_empty() => {
                if let Some(v) = self.float_of_string(args[0]) {
                    return v;
                }
                self.callee(Callee::Float, args, keywords, span)
            }
            Res::Member(Member::Func(Callee::IsInstance)) => self.isinstance(args, keywords, span),
            Res::Member(Member::Func(callee)) => self.callee(callee, args, keywords, span),
            Res::Member(Member::Dtype(s)) => self.callee(Callee::Cast(s), args, keywords, span),
            Res::Function(f) => self.device_call(f, func, args, keywords, span),
            Res::NamedTupleClass(c) => self.named_tuple_new(c, args, keywords, span),
            Res::EnumClass(e) => {
                self.type_args_for_errors(args, keywords);
                let msg = format!(
                    "calling the enum class '{}' is not supported in kernels (Numba does not type it)",
                    e.name()
                );
                self.error(Diagnostic::error(msg, span).with_help(format!(
                    "name the member: `{}.NAME` or `{}['NAME']`",
                    e.name(),
                    e.name()
                )));
                TExpr::error(span)
            }
            Res::Extern(k) => self.extern_call(k, func, args, keywords, span),
            Res::ValueAttr if self.is_array_method(func) => {
                self.array_method(func, args, keywords, span)
            }
            Res::ValueAttr if self.method_name(func) == Some("view") => {
                self.view_dtype(func, args, keywords, span)
            }
            Res::ValueAttr if self.reduction_method_of(func).is_some() => {
                self.reduction_method(func, args, keywords, span)
            }
            Res::ValueAttr if self.method_name(func) == Some("conjugate") && args.is_empty() => {
                let ExprKind::Attribute { value, .. } = self.ast(func).kind else {
                    return TExpr::error(span);
                };
                self.type_args_for_errors(&[], keywords);
                let x = self.expr(value);
                self.conjugate(x, span)
            }
            // `x.bit_count()` of an integer: numba-cuda's is `cuda.popc(x)`.
            Res::ValueAttr if self.method_name(func) == Some("bit_count") && args.is_empty() => {
                let ExprKind::Attribute { value, .. } = self.ast(func).kind else {
                    return TExpr::error(span);
                };
                self.callee(Callee::Intrinsic(Intrinsic::Popc), &[value], keywords, span)
            }
            // `g.sync()` of a grid group (`cuda.cg.this_grid()`): numba-cuda's
            // `GridGroup.sync`, a method without arguments.
            Res::ValueAttr if self.method_name(func) == Some("sync") => {
                let ExprKind::Attribute { value, .. } = self.ast(func).kind else {
                    return TExpr::error(span);
                };
                if !args.is_empty() || !keywords.is_empty() {
                    self.expr(value);
                    self.type_args_for_errors(args, keywords);
                    let given = args.len() + keywords.len();
                    let msg = format!(
                        "sync() takes no arguments but {given} {} given",
                        if given == 1 { "was" } else { "were" }
                    );
                    return self.reject_call(span, &msg);
                }
                self.callee(
                    Callee::Intrinsic(Intrinsic::GridSync),
                    &[value],
                    keywords,
                    span,
                )
            }
            // A name or attribute that did not resolve was reported by the
            // resolver. (Any other callee, `g[0](x)`, resolves to nothing
            // and is typed below.)
            Res::Unresolved
                if matches!(
                    self.ast(func).kind,
                    ExprKind::Name(_) | ExprKind::Attribute { .. }
                ) =>
            {
                self.type_args_for_errors(args, keywords);
                TExpr::error(span)
            }
            Res::Member(Member::DeclareDevice) => {
                // Its arguments (a name, a signature) are not typed: they
                // would only add errors about strings.
                self.error(Diagnostic::error(
                    "`cuda.declare_device` declares a function at the top level of the file, \
                     not inside a function",
                    func_span,
                ));
                TExpr::error(span)
            }
            Res::Member(m @ (Member::Jit | Member::CpuJit)) => {
                self.type_args_for_errors(args, keywords);
                let what = if m == Member::Jit {
                    "cuda.jit"
                } else {
                    "numba.njit"
                };
                self.error(Diagnostic::error(
                    format!("`{what}` can only be used as a decorator"),
                    func_span,
                ));
                TExpr::error(span)
            }
            _ => {
                let f = self.callee_value(func);
                if let Type::Function(fv) = f.ty {
                    // A call through a function value (a parameter, a
                    // variable, a tuple item): that function's call, typed
                    // as a direct call of it is.
                    return match fv.device() {
                        Some(index) => self.device_call(FuncId(index), func, args, keywords, span),
                        None => match fv.callee() {
                            Some(callee) => self.callee(callee, args, keywords, span),
                            None => TExpr::error(span),
                        },
                    };
                }
                if let Type::Class(s) = f.ty {
                    // `dtype(x)` with a type held in a variable.
                    return self.callee(Callee::Cast(s), args, keywords, span);
                }
                self.type_args_for_errors(args, keywords);
                if !f.ty.is_unknown() {
                    let msg = format!("{} is not callable", f.ty.describe());
                    self.error(Diagnostic::error(msg, func_span));
                }
                TExpr::error(span)
            }
        }
    }

    pub(super) fn type_args_for_errors(&mut self, args: &[ExprId], keywords: &[KeywordArg]) {
        for &a in args {
            self.expr(a);
        }
        for k in keywords {
            self.expr(k.value);
        }
    }

    /// Matches positional and keyword arguments to parameters.
    fn match_args(
        &mut self,
        callee: Callee,
        name: Callee,
        args: &[ExprId],
        keywords: &[KeywordArg],
        span: Span,
    ) -> Option<Args> {
        let params = callee.params();
        let required = callee.required_params();
        debug_assert!(params.len() <= MAX_PARAMS);
        let mut slots = [None; MAX_PARAMS];
        let given = args.len() + keywords.len();
        if args.len() > params.len() {
            self.arity_error(name, required, params.len(), given, span);
            return None;
        }
        for (i, &a) in args.iter().enumerate() {
            slots[i] = Some(a);
        }
        for k in keywords {
            let kname = self.env.name(k.name.name);
            match params.iter().position(|p| *p == kname) {
                Some(i) if slots[i].is_none() => slots[i] = Some(k.value),
                Some(_) => {
                    let msg = format!("{name}() got several values for '{kname}'");
                    self.error(Diagnostic::error(msg, k.span));
                    return None;
                }
                None => {
                    let msg = format!("{name}() has no parameter named '{kname}'");
                    let mut d = Diagnostic::error(msg, k.name.span);
                    if !params.is_empty() {
                        d = d.with_help(format!("its parameters are: {}", params.join(", ")));
                    }
                    self.error(d);
                    return None;
                }
            }
        }
        if slots[..required].iter().any(Option::is_none) {
            self.arity_error(name, required, params.len(), given, span);
            return None;
        }
        Some(Args {
            slots,
            params: params.len(),
        })
    }

    pub(super) fn arity_error(
        &mut self,
        name: Callee,
        required: usize,
        max: usize,
        given: usize,
        span: Span,
    ) {
        let takes = if required == max {
            format!(
                "{required} argument{}",
                if required == 1 { "" } else { "s" }
            )
        } else {
            format!("{required} to {max} arguments")
        };
        let msg = format!(
            "{name}() takes {takes} but {given} {} given",
            if given == 1 { "was" } else { "were" }
        );
        self.error(Diagnostic::error(msg, span));
    }

    fn callee(
        &mut self,
        callee: Callee,
        args: &[ExprId],
        keywords: &[KeywordArg],
        span: Span,
    ) -> TExpr {
        let name = callee;
        match callee {
            // Numba: "unsupported keyword arguments when calling" a ufunc.
            Callee::Ufunc(_) if !keywords.is_empty() => {
                self.type_args_for_errors(args, keywords);
                let msg = format!("{callee}() takes no keyword arguments in kernels");
                let d = Diagnostic::error(msg, keywords[0].span)
                    .with_help("pass an output array as the last positional argument");
                self.error(d);
                return TExpr::error(span);
            }
            Callee::Range | Callee::Enumerate | Callee::Zip | Callee::LiteralUnroll => {
                self.type_args_for_errors(args, keywords);
                let msg = format!("{callee}() can only be used as the iterable of a for loop");
                return self.reject_call(span, &msg);
            }
            Callee::Print => {
                self.type_args_for_errors(args, keywords);
                return self.reject_call(span, "print() can only be used as a statement");
            }
            Callee::Intrinsic(Intrinsic::Min | Intrinsic::Max) => {
                let i = match callee {
                    Callee::Intrinsic(i) => i,
                    _ => unreachable!(),
                };
                return self.min_max(i, name, args, keywords, span);
            }
            _ => {}
        }
        let Some(matched) = self.match_args(callee, name, args, keywords, span) else {
            return TExpr::error(span);
        };
        match callee {
            Callee::SharedArray | Callee::LocalArray => {
                let shape = matched.slots[0].expect("required");
                let dtype = matched.slots[1].expect("required");
                if let Some(alignment) = matched.slots[2] {
                    if !self.check_alignment(name, alignment) {
                        return TExpr::error(span);
                    }
                }
                self.array_alloc(callee, name, (shape, dtype), (args, keywords), span)
            }
            Callee::ConstArrayLike => {
                self.const_array_like(matched.slots[0].expect("required"), span)
            }
            Callee::Intrinsic(i @ (Intrinsic::Grid(_) | Intrinsic::GridSize(_))) => {
                self.grid(i, name, matched.slots[0].expect("required"), span)
            }
            Callee::Operator(op) => {
                // Typed as the operator is (`operator.add(a, b)` is `a + b`).
                let mut typed = Vec::with_capacity(matched.params);
                for s in &matched.slots[..matched.params] {
                    typed.push(self.expr(s.expect("required")));
                }
                if typed.iter().any(|t| t.ty.is_unknown()) {
                    return TExpr::error(span);
                }
                self.operator_call(op, typed, span)
            }
            _ => {
                let mut typed: [Option<TExpr>; MAX_PARAMS] = Default::default();
                let n = matched.params;
                for (t, s) in typed.iter_mut().zip(&matched.slots[..n]) {
                    *t = s.map(|e| {
                        let x = self.expr(e);
                        self.int_enum_as_number(x)
                    });
                }
                if typed.iter().flatten().any(|t| t.ty.is_unknown()) {
                    return TExpr::error(span);
                }
                self.typed_call(callee, name, &mut typed[..n], span)
            }
        }
    }

    /// `operator.add(a, b)` and the other functions of `operator`: the
    /// operator's typing and its expression.
    pub(super) fn operator_call(
        &mut self,
        op: PyOperator,
        mut args: Vec<TExpr>,
        span: Span,
    ) -> TExpr {
        let b = (args.len() == 2).then(|| args.pop()).flatten();
        let a = args.pop().expect("required");
        match (op, b) {
            (PyOperator::Bin(op), Some(b)) => self.binary(op, a, b, span),
            (PyOperator::Cmp(op), Some(b)) => self.compare(op, a, b, span),
            (PyOperator::Unary(op), None) => self.unary(op, a, span),
            _ => TExpr::error(span),
        }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn reject_call(&mut self, span: Span, msg: &str) -> TExpr {
        self.error(Diagnostic::error(msg, span));
        TExpr::error(span)
    }

    /// Requires a scalar argument.
    fn scalar_arg(&mut self, name: Callee, t: &TExpr) -> Option<Scalar> {
        match t.ty.scalar() {
            Some(s) => Some(s),
            None => {
                let what = if t.ty.is_complex() {
                    "a real number"
                } else {
                    "a number"
                };
                let msg = format!("{name}() needs {what}, not {}", t.ty.describe());
                self.error(Diagnostic::error(msg, t.span));
                None
            }
        }
    }

    pub(super) fn typed_call(
        &mut self,
        callee: Callee,
        name: Callee,
        a: &mut [Option<TExpr>],
        span: Span,
    ) -> TExpr {
        match callee {
            Callee::Ufunc(u) => {
                let args: Vec<TExpr> = a.iter_mut().filter_map(Option::take).collect();
                if args.len() > u.arity() {
                    let msg = format!(
                        "np.{}() with an output array is supported as a statement or an assignment's value only",
                        u.name()
                    );
                    return self.reject(
                        span,
                        &msg,
                        Some("write the call on its own line; its result is in the output array"),
                    );
                }
                self.ufunc(u, args, span)
            }
            Callee::Selp => {
                let args: Vec<TExpr> = a.iter_mut().filter_map(Option::take).collect();
                self.selp(args, span)
            }
            Callee::Half(h) => {
                let args: Vec<TExpr> = a.iter_mut().filter_map(Option::take).collect();
                self.half_op(h, args, span)
            }
            Callee::Bf16(f) => {
                let args: Vec<TExpr> = a.iter_mut().filter_map(Option::take).collect();
                self.bf16_call(f, args, span)
            }
            // Typed by `isinstance` (from `call`), its class argument unevaluated.
            Callee::IsInstance => self.reject_call(
                span,
                "isinstance() is only supported as a direct call in kernels",
            ),
            // numba-cuda has no `int()` or `float()` of a bfloat16.
            Callee::Float | Callee::Int
                if a[0]
                    .as_ref()
                    .is_some_and(|x| x.ty == Type::Scalar(Scalar::BF16)) =>
            {
                let msg = format!(
                    "No implementation of function {name} found for signature (__nv_bfloat16)"
                );
                self.reject_call(span, &msg)
            }
            Callee::Cast(Elem::Complex(part)) => {
                let x = a[0].take().expect("required");
                self.complex_cast(x, part, span)
            }
            Callee::Cast(Elem::Record(r)) => {
                let msg = format!("the record type {r} cannot convert a value");
                self.reject_call(span, &msg)
            }
            Callee::Cast(Elem::Scalar(s)) => {
                let x = a[0].take().expect("required");
                if self.scalar_arg(name, &x).is_none() {
                    return TExpr::error(span);
                }
                TExpr {
                    span,
                    ..self.cast(x, &Type::Scalar(s))
                }
            }
            Callee::Complex => {
                let args: Vec<TExpr> = a.iter_mut().filter_map(Option::take).collect();
                self.complex_builtin(args, span)
            }
            Callee::Vector(v) => {
                let args: Vec<TExpr> = a.iter_mut().filter_map(Option::take).collect();
                self.vector_ctor(v, name, args, span)
            }
            Callee::Bool => {
                let x = a[0].take().expect("required");
                TExpr {
                    span,
                    ..self.truth(x)
                }
            }
            Callee::Float | Callee::Int => {
                let x = a[0].take().expect("required");
                let Some(s) = self.scalar_arg(name, &x) else {
                    return TExpr::error(span);
                };
                let to = if callee == Callee::Float {
                    const_eval::float_of(s)
                } else {
                    const_eval::int_of(s)
                };
                TExpr {
                    span,
                    ..self.cast(x, &Type::Scalar(to))
                }
            }
            Callee::Len => {
                let x = a[0].take().expect("required");
                match &x.ty {
                    // NumPy's message: a 0-d array has no length.
                    Type::Array(a) if a.ndim == 0 => {
                        self.reject_call(x.span, "len() of unsized object")
                    }
                    Type::Array(_) => TExpr {
                        kind: TExprKind::ArrayProp(self.ex(x), ArrayProp::Extent(0)),
                        ty: Type::I64,
                        span,
                    },
                    Type::Tuple(items) => {
                        let n = TExpr::constant(ConstValue::i64(items.len() as i64), span);
                        if self.repeatable(&x) {
                            n
                        } else {
                            // `len(f(c))` still calls `f`, as Numba does.
                            let v = self.temp(x.ty, x.span);
                            self.bind_lets(vec![(v, x)], n, span)
                        }
                    }
                    other => {
                        let msg =
                            format!("len() needs an array or a tuple, not {}", other.describe());
                        self.reject_call(span, &msg)
                    }
                }
            }
            Callee::Tuple => match a[0].take() {
                None => TExpr::constant(ConstValue::Tuple(std::iter::empty().collect()), span),
                Some(x) => match &x.ty {
                    Type::Tuple(_) => TExpr { span, ..x },
                    Type::Unknown => TExpr::error(span),
                    other => {
                        let msg = format!(
                            "tuple() builds a tuple only from a tuple in kernels (as Numba), not from {}",
                            other.describe()
                        );
                        self.reject_call(x.span, &msg)
                    }
                },
            },
            Callee::Intrinsic(i) => self.intrinsic_call(i, name, a, span),
            Callee::Range
            | Callee::Enumerate
            | Callee::Zip
            | Callee::LiteralUnroll
            | Callee::Print
            | Callee::SharedArray
            | Callee::LocalArray
            | Callee::ConstArrayLike
            | Callee::Operator(_) => {
                unreachable!("handled before typing arguments")
            }
        }
    }

    fn intrinsic_call(
        &mut self,
        i: Intrinsic,
        name: Callee,
        a: &mut [Option<TExpr>],
        span: Span,
    ) -> TExpr {
        use Intrinsic as I;
        let none = Type::None;
        if let Some(done) = self.bf16_intrinsic(i, a, span) {
            return done;
        }
        match i {
            // Typed by `bf16_call`: no name in the intrinsic table is one.
            I::Bf16(_) => self.reject_call(
                span,
                "internal error: a bfloat16 operation called as an intrinsic",
            ),
            I::Libdevice(k) => {
                let args: Vec<TExpr> = a.iter_mut().filter_map(Option::take).collect();
                self.libdevice_call(k, name, args, span)
            }
            // Typed by `extern_call`: no name in the intrinsic table is one.
            I::Extern(_) => self.reject_call(
                span,
                "internal error: a declared device function called as an intrinsic",
            ),
            I::Cmath(f) => {
                let args: Vec<TExpr> = a.iter_mut().filter_map(Option::take).collect();
                self.cmath_call(f, name, args, span)
            }
            I::Random(r) => {
                let states = a[0].take().expect("required");
                let index = a[1].take().expect("required");
                self.random_draw(r, name, states, index, span)
            }
            I::SyncThreads | I::ThreadFence | I::ThreadFenceBlock | I::ThreadFenceSystem => {
                self.intrinsic(i, [], none, span)
            }
            I::ActiveMask | I::LanemaskLt => self.intrinsic(i, [], Type::U32, span),
            I::ThisGrid => self.intrinsic(i, [], Type::GridGroup, span),
            I::CfArray(layout) => {
                let ptr = a[0].take().expect("required");
                let shape = a[1].take().expect("required");
                let dtype = a[2].take();
                self.cf_array(layout, ptr, shape, dtype, span)
            }
            I::FromBuffer => {
                let array = a[0].take().expect("required");
                self.ffi_from_buffer(array, span)
            }
            // Typed by `view_dtype`: no name in the intrinsic table is one.
            I::ViewDtype => self.reject_call(
                span,
                "internal error: a view's dtype change called as an intrinsic",
            ),
            I::Reduce(r) => {
                let array = a[0].take().expect("required");
                let axis = a[1].take();
                self.reduction(r, array, axis, span)
            }
            I::GridSync => {
                let group = a[0].take().expect("required");
                match group.ty {
                    Type::GridGroup => self.intrinsic(i, [group], Type::I32, span),
                    Type::Unknown => TExpr::error(span),
                    other => {
                        let msg = format!(
                            "{} has no method 'sync' (grid groups, `cuda.cg.this_grid()`, have it)",
                            other.describe()
                        );
                        self.reject_call(group.span, &msg)
                    }
                }
            }
            I::SyncWarp => {
                let mask = match a[0].take() {
                    Some(m) => self.int_arg(name, m, Scalar::U32),
                    None => Some(TExpr::constant(
                        ConstValue::int(0xffff_ffff, Scalar::U32),
                        span,
                    )),
                };
                match mask {
                    Some(m) => self.intrinsic(i, [m], none, span),
                    None => TExpr::error(span),
                }
            }
            I::NanoSleep => {
                // numba-cuda's `void(uint32)`.
                let ns = a[0].take().expect("required");
                match self.int_arg(name, ns, Scalar::U32) {
                    Some(ns) => self.intrinsic(i, [ns], none, span),
                    None => TExpr::error(span),
                }
            }
            I::SyncThreadsCount | I::SyncThreadsAnd | I::SyncThreadsOr => {
                let p = a[0].take().expect("required");
                let p = self.truth(p);
                self.intrinsic(i, [p], Type::I32, span)
            }
            I::Atomic(_) | I::AtomicCas | I::AtomicCompareAndSwap => self.atomic(i, name, a, span),
            I::CachedLoad(_) | I::CachedStore(_) => self.cached_access(i, name, a, span),
            I::ShflSync | I::ShflUpSync | I::ShflDownSync | I::ShflXorSync => {
                let mask = a[0].take().expect("required");
                let value = a[1].take().expect("required");
                let lane = a[2].take().expect("required");
                let vt = match value.ty.scalar() {
                    Some(
                        s @ (Scalar::I32
                        | Scalar::I64
                        | Scalar::U32
                        | Scalar::U64
                        | Scalar::F32
                        | Scalar::F64),
                    ) => s,
                    Some(Scalar::I8 | Scalar::I16 | Scalar::Bool) => Scalar::I32,
                    Some(Scalar::U8 | Scalar::U16) => Scalar::U32,
                    _ => {
                        let msg = format!(
                            "{name}() shuffles 32- or 64-bit numbers, not {}",
                            value.ty.describe()
                        );
                        return self.reject_call(value.span, &msg);
                    }
                };
                let (Some(mask), Some(lane)) = (
                    self.int_arg(name, mask, Scalar::U32),
                    self.int_arg(name, lane, Scalar::I32),
                ) else {
                    return TExpr::error(span);
                };
                let value = self.cast(value, &Type::Scalar(vt));
                self.intrinsic(i, [mask, value, lane], Type::Scalar(vt), span)
            }
            I::AllSync | I::AnySync | I::EqSync | I::BallotSync => {
                let mask = a[0].take().expect("required");
                let pred = a[1].take().expect("required");
                let Some(mask) = self.int_arg(name, mask, Scalar::U32) else {
                    return TExpr::error(span);
                };
                let pred = self.truth(pred);
                // Numba types `ballot_sync` as int32 (the vote's raw register).
                let ty = if i == I::BallotSync {
                    Type::I32
                } else {
                    Type::BOOL
                };
                self.intrinsic(i, [mask, pred], ty, span)
            }
            I::MatchAnySync | I::MatchAllSync => {
                let mask = a[0].take().expect("required");
                let value = a[1].take().expect("required");
                // numba-cuda's cases are (int32, int32|int64|float32|float64);
                // its overload resolution takes these for the other types
                // (uint64 as float64, which can merge large values).
                let vt = match value.ty.scalar() {
                    Some(
                        Scalar::Bool
                        | Scalar::I8
                        | Scalar::I16
                        | Scalar::I32
                        | Scalar::U8
                        | Scalar::U16,
                    ) => Scalar::I32,
                    Some(Scalar::I64 | Scalar::U32) => Scalar::I64,
                    Some(Scalar::F16 | Scalar::F32) => Scalar::F32,
                    Some(Scalar::F64 | Scalar::U64) => Scalar::F64,
                    _ => {
                        let msg = format!(
                            "{name}() compares integers and floats, not {}",
                            value.ty.describe()
                        );
                        return self.reject_call(value.span, &msg);
                    }
                };
                let Some(mask) = self.int_arg(name, mask, Scalar::I32) else {
                    return TExpr::error(span);
                };
                let value = self.cast(value, &Type::Scalar(vt));
                let ty = if i == I::MatchAnySync {
                    Type::I32
                } else {
                    Type::Tuple([Type::I32, Type::BOOL].into_iter().collect())
                };
                self.intrinsic(i, [mask, value], ty, span)
            }
            I::Popc | I::Clz | I::Ffs | I::Brev => {
                let x = a[0].take().expect("required");
                let s = match x.ty.scalar() {
                    Some(s) if s.is_int() => s,
                    _ => {
                        let msg = format!("{name}() needs an integer, not {}", x.ty.describe());
                        return self.reject_call(x.span, &msg);
                    }
                };
                let (arg_ty, ret) = match i {
                    I::Ffs => (s, Scalar::U32),
                    I::Brev if s.bits() <= 32 => (Scalar::U32, Scalar::U32),
                    I::Brev => (Scalar::U64, Scalar::U64),
                    _ => (s, s),
                };
                let x = self.cast(x, &Type::Scalar(arg_ty));
                self.intrinsic(i, [x], Type::Scalar(ret), span)
            }
            I::Fma | I::Cbrt | I::Math(_) => {
                let args: Vec<TExpr> = a.iter_mut().filter_map(Option::take).collect();
                let mut scalars = Vec::new();
                for x in &args {
                    match self.scalar_arg(name, x) {
                        Some(s) => scalars.push(s),
                        None => return TExpr::error(span),
                    }
                }
                if let (I::Math(f), [Scalar::F16]) = (i, scalars.as_slice()) {
                    if f.has_float16_form() {
                        let op = if f == MathFn::Fabs {
                            HalfOp::Abs
                        } else {
                            HalfOp::Math(f)
                        };
                        return self.half_op(op, args, span);
                    }
                }
                let all_f32 = scalars
                    .iter()
                    .all(|s| matches!(s, Scalar::F32 | Scalar::F16));
                let ft = match (i, scalars.as_slice()) {
                    (I::Math(f), &[a, b]) if math2_is_float32(f, a, b) => Scalar::F32,
                    (I::Math(f), &[a, ..]) if math_rest_is_float32(f, a) => Scalar::F32,
                    (I::Math(MathFn::Ldexp | MathFn::Frexp | MathFn::Modf), _) => Scalar::F64,
                    _ if all_f32 => Scalar::F32,
                    _ => Scalar::F64,
                };
                let ret = match i {
                    I::Math(f) if f.is_predicate() => Type::BOOL,
                    I::Math(MathFn::Frexp) => {
                        Type::Tuple([Type::Scalar(ft), Type::I32].into_iter().collect())
                    }
                    I::Math(MathFn::Modf) => Type::uni_tuple(Type::Scalar(ft), 2),
                    _ => Type::Scalar(ft),
                };
                let args: Vec<TExpr> = (args.into_iter().enumerate())
                    .map(|(k, x)| match (i, k) {
                        // numba-cuda's ldexp takes an int32 exponent (any
                        // number converts to it).
                        (I::Math(MathFn::Ldexp), 1) => self.cast(x, &Type::I32),
                        _ => self.cast(x, &Type::Scalar(ft)),
                    })
                    .collect();
                self.intrinsic(i, args, ret, span)
            }
            I::Abs => {
                let x = a[0].take().expect("required");
                if let Type::Complex(part) = x.ty {
                    return self.complex_abs(x, part, span);
                }
                let Some(s) = self.scalar_arg(name, &x) else {
                    return TExpr::error(span);
                };
                // Numba's abs(bool) is int8.
                let t = if s == Scalar::Bool { Scalar::I8 } else { s };
                let x = self.cast(x, &Type::Scalar(t));
                if let Some(c) = x.as_const() {
                    if let Some(v) = const_eval_abs(c) {
                        return TExpr::constant(v, span);
                    }
                }
                self.intrinsic(i, [x], Type::Scalar(t), span)
            }
            I::Round => {
                let x = a[0].take().expect("required");
                let Some(s) = self.scalar_arg(name, &x) else {
                    return TExpr::error(span);
                };
                match a[1].take() {
                    None => {
                        let x = if s.is_float() {
                            x
                        } else {
                            self.cast(x, &Type::F64)
                        };
                        self.intrinsic(i, [x], Type::I64, span)
                    }
                    Some(nd) => {
                        let ft = if s.is_float() { s } else { Scalar::F64 };
                        let x = self.cast(x, &Type::Scalar(ft));
                        let Some(nd) = self.int_arg(name, nd, Scalar::I64) else {
                            return TExpr::error(span);
                        };
                        self.intrinsic(i, [x, nd], Type::Scalar(ft), span)
                    }
                }
            }
            I::Min
            | I::Max
            | I::Grid(_)
            | I::GridSize(_)
            | I::Special(..)
            | I::LaneId
            | I::WarpSize
            | I::MakeComplex
            | I::MakeVector
            | I::Real
            | I::Imag
            | I::Conjugate => {
                unreachable!("typed elsewhere")
            }
        }
    }

    /// `alignment=` of a shared or local array: as numba-cuda requires, a
    /// constant power of two that is a multiple of 8 (or `None`). kernelc
    /// aligns every such array to 16 bytes, which satisfies 8 and 16;
    /// larger alignments are refused.
    fn check_alignment(&mut self, name: Callee, id: ExprId) -> bool {
        let e = self.ast(id);
        if matches!(e.kind, ExprKind::NoneLit) {
            return true;
        }
        let value = const_eval::eval(self.env.module, id, &FnConstEnv { env: self.env })
            .ok()
            .and_then(|v| v.as_int());
        let span = e.span;
        match value {
            None => {
                self.expr(id);
                self.reject_call(
                    span,
                    &format!("'{name}' needs a constant integer alignment"),
                );
                false
            }
            Some(a) if a <= 0 || a & (a - 1) != 0 || a % 8 != 0 => {
                let msg = format!(
                    "'{name}': the alignment must be a positive power of two and a multiple of 8, not {a}"
                );
                self.reject_call(span, &msg);
                false
            }
            Some(a) if a > 16 => {
                let msg = format!(
                    "'{name}': alignments above 16 bytes are not supported yet (kernelc aligns these arrays to 16), not {a}"
                );
                self.reject_call(span, &msg);
                false
            }
            Some(_) => true,
        }
    }

    /// Requires an integer (or bool) argument and converts it to `to`.
    fn int_arg(&mut self, name: Callee, t: TExpr, to: Scalar) -> Option<TExpr> {
        match t.ty.scalar() {
            Some(s) if s.is_int() || s == Scalar::Bool => Some(self.cast(t, &Type::Scalar(to))),
            _ => {
                let msg = format!("{name}() needs an integer here, not {}", t.ty.describe());
                self.error(Diagnostic::error(msg, t.span));
                None
            }
        }
    }

    fn min_max(
        &mut self,
        i: Intrinsic,
        name: Callee,
        args: &[ExprId],
        keywords: &[KeywordArg],
        span: Span,
    ) -> TExpr {
        if let Some(k) = keywords.first() {
            self.type_args_for_errors(args, keywords);
            return self.reject_call(
                k.span,
                &format!("{name}() takes no keyword arguments in kernels"),
            );
        }
        let typed = self.typed_operands(args);
        self.min_max_typed(i, name, typed, span)
    }

    /// `min`/`max` of typed arguments (a starred tuple's items among them).
    pub(super) fn min_max_typed(
        &mut self,
        i: Intrinsic,
        name: Callee,
        mut typed: Vec<TExpr>,
        span: Span,
    ) -> TExpr {
        if typed.iter().any(|x| super::bf16::is_bf16(&x.ty)) {
            let mut slots: Vec<Option<TExpr>> = typed.into_iter().map(Some).collect();
            return match self.bf16_intrinsic(i, &mut slots, span) {
                Some(done) => done,
                None => self.reject_call(span, "internal error: min/max of a bfloat16"),
            };
        }
        // numba-cuda lowers `min`/`max` of exactly two floats to libdevice's
        // `fmin`/`fmax`, where a NaN operand is ignored; every other form
        // (more arguments, a tuple, a float with an integer) goes through
        // Numba's generic `do_minmax`, Python's algorithm, where a NaN that
        // comes first wins and one that comes later is never picked.
        let libdevice = typed.len() == 2
            && typed
                .iter()
                .all(|t| t.ty.scalar().is_some_and(Scalar::is_float));
        if typed.len() == 1 {
            if let Type::Tuple(tys) = typed[0].ty {
                let t = typed.pop().expect("one argument");
                if !self.repeatable(&t) {
                    // A tuple-valued call: evaluated once, its items read
                    // from a temporary.
                    let mut lets = Vec::new();
                    let t = self.read_once(t, &mut lets);
                    let result = self.min_max_typed(i, name, vec![t], span);
                    return self.bind_lets(lets, result, span);
                }
                let span = t.span;
                let whole = self.ex(t);
                typed.extend((0..tys.len()).map(|k| TExpr {
                    kind: TExprKind::TupleGet(whole, k as u32),
                    ty: tys[k],
                    span,
                }));
            }
        }
        if typed.len() < 2 {
            return self.reject_call(
                span,
                &format!("{name}() needs at least two arguments (or one tuple)"),
            );
        }
        if typed.iter().any(|t| t.ty.is_unknown()) {
            return TExpr::error(span);
        }
        for t in &typed {
            if self.scalar_arg(name, t).is_none() {
                return TExpr::error(span);
            }
        }
        let scalars = || typed.iter().filter_map(|t| t.ty.scalar());
        let first = typed[0].ty.scalar().expect("checked to be a scalar");
        let all_same = scalars().all(|s| s == first);
        // Numba's min/max of mixed types: NumPy promotion (float32 with
        // int16 stays float32, with int32 gives float64).
        let ty = if all_same {
            first
        } else {
            scalars().fold(first, Scalar::promote)
        };
        let t = Type::Scalar(ty);
        let mut args = typed;
        for a in args.iter_mut() {
            let typed = std::mem::replace(a, TExpr::error(a.span));
            *a = self.cast(typed, &t);
        }
        let is_min = i == Intrinsic::Min;
        // (libdevice's NaN and signed-zero rules are the IR's to fold.)
        if !libdevice && args.iter().all(|a| a.as_const().is_some()) {
            let mut best = *args[0].as_const().expect("constant");
            for a in &args[1..] {
                let v = a.as_const().expect("constant");
                let op = if is_min { CmpOp::Lt } else { CmpOp::Gt };
                if crate::sema::consts::fold_compare(op, v, &best) == Some(true) {
                    best = *v;
                }
            }
            self.recycle(args);
            return TExpr::constant(best, span);
        }
        if libdevice || !ty.is_float() {
            // The intrinsic: libdevice's `fmin`/`fmax` on floats.
            let result = self.intrinsic(i, args.drain(..), t, span);
            self.recycle(args);
            return result;
        }
        // Python's algorithm: `acc = v if v < acc else acc` (`>` for max),
        // each operand evaluated once, left to right.
        let op = if is_min { CmpOp::Lt } else { CmpOp::Gt };
        self.with_operands(args, span, |this, ops| {
            this.python_min_max(op, ops[0], &ops[1..], span)
        })
    }

    /// `acc` folded with `rest` by Python's `min`/`max` step, each
    /// intermediate result in a temporary (`rest` are repeatable).
    fn python_min_max(&mut self, op: CmpOp, acc: TExpr, rest: &[TExpr], span: Span) -> TExpr {
        let Some((&v, rest)) = rest.split_first() else {
            return acc;
        };
        let better = self.compare(op, v, acc, span);
        let step = self.select(better, v, acc, span);
        if rest.is_empty() {
            return step;
        }
        self.with_operands(vec![step], span, |this, ops| {
            this.python_min_max(op, ops[0], rest, span)
        })
    }

    fn grid(&mut self, i: Intrinsic, name: Callee, ndim: ExprId, span: Span) -> TExpr {
        // A literal, the usual argument, needs no evaluator.
        let n = match self.ast(ndim).kind {
            ExprKind::Int(v) => Some(i128::from(v)),
            _ => match const_eval::eval(self.env.module, ndim, &FnConstEnv { env: self.env }) {
                Ok(v) => v.as_int(),
                Err(_) => None,
            },
        };
        let Some(n @ 1..=3) = n else {
            let span = self.ast(ndim).span;
            return self.reject_call(span, &format!("{name}() needs a constant 1, 2 or 3"));
        };
        let (i, ty) = match i {
            Intrinsic::Grid(_) => (Intrinsic::Grid(n as u8), n),
            _ => (Intrinsic::GridSize(n as u8), n),
        };
        let ty = if ty == 1 {
            Type::I64
        } else {
            Type::uni_tuple(Type::I64, ty as usize)
        };
        self.intrinsic(i, [], ty, span)
    }

    fn atomic(&mut self, i: Intrinsic, name: Callee, a: &mut [Option<TExpr>], span: Span) -> TExpr {
        let array = a[0].take().expect("required");
        let Type::Array(at) = array.ty else {
            let msg = format!(
                "{name}() needs an array as its first argument, not {}",
                array.ty.describe()
            );
            return self.reject_call(array.span, &msg);
        };
        if matches!(at.space, MemSpace::Local | MemSpace::Const) {
            let msg = format!(
                "{name}() needs a global or shared array; this is a {} array",
                at.space.name()
            );
            return self.reject_call(array.span, &msg);
        }
        if at.ndim == 0 {
            // numba-cuda's atomics take arrays of one or more dimensions.
            let msg = format!(
                "{name}() needs an array of 1 to {MAX_NDIM} dimensions, not {}",
                array.ty
            );
            return self.reject_call(array.span, &msg);
        }
        use Scalar::*;
        let supported: &[Scalar] = match i {
            Intrinsic::Atomic(
                AtomicOp::Add
                | AtomicOp::Sub
                | AtomicOp::Max
                | AtomicOp::Min
                | AtomicOp::NanMax
                | AtomicOp::NanMin,
            ) => &[F32, F64, I32, U32, I64, U64],
            Intrinsic::Atomic(AtomicOp::Inc | AtomicOp::Dec) => &[U32, U64],
            _ => &[I32, U32, I64, U64],
        };
        let Some(elem) = at.elem.scalar().filter(|s| supported.contains(s)) else {
            let list: Vec<&str> = supported.iter().map(|s| s.name()).collect();
            let msg = format!(
                "{name}() does not support {} arrays (supported: {})",
                at.elem,
                list.join(", ")
            );
            return self.reject_call(array.span, &msg);
        };
        let elem = Type::Scalar(elem);
        let mut args = vec![array];
        let mut lets = Vec::new();
        if i == Intrinsic::AtomicCompareAndSwap {
            if at.ndim != 1 {
                return self.reject_call(
                    span,
                    &format!("{name}() works on 1-D arrays; use cuda.atomic.cas for others"),
                );
            }
        } else {
            let idx = a[1].take().expect("required");
            let indices = self.index_items(idx, &mut lets);
            if indices.len() != at.ndim as usize {
                let msg = format!(
                    "{name}() on a {}-D array needs {} indices, {} given",
                    at.ndim,
                    at.ndim,
                    indices.len()
                );
                return self.reject_call(span, &msg);
            }
            // numba-cuda converts each index to intp (`normalize_indices`:
            // `context.cast`, a float truncated toward zero; a 1-D index
            // through the template's `intp` parameter), so a float index
            // is accepted, as in `(tx, y % n)` of a uint64 `y` (float64).
            for ix in indices {
                match ix.ty.scalar() {
                    Some(_) => args.push(self.cast(ix, &Type::Scalar(Scalar::I64))),
                    None => {
                        let msg = format!(
                            "{name}() needs a number as an index, not {}",
                            ix.ty.describe()
                        );
                        return self.reject_call(ix.span, &msg);
                    }
                }
            }
        }
        for slot in a.iter_mut().skip(if i == Intrinsic::AtomicCompareAndSwap {
            1
        } else {
            2
        }) {
            let v = slot.take().expect("required");
            match v.ty.scalar() {
                Some(_) => args.push(self.cast(v, &elem)),
                None => {
                    let msg = format!("{name}() needs a number value, not {}", v.ty.describe());
                    return self.reject_call(v.span, &msg);
                }
            }
        }
        let call = self.intrinsic(i, args, elem, span);
        self.bind_lets(lets, call, span)
    }
}

fn const_eval_abs(c: &ConstValue) -> Option<ConstValue> {
    match c {
        ConstValue::Int(v, s) => Some(ConstValue::int(
            crate::sema::consts::wrap_int(v.get().abs(), *s),
            *s,
        )),
        ConstValue::Float(v, s) => Some(ConstValue::Float(v.abs(), *s)),
        _ => None,
    }
}

/// True when numba-cuda types `math.ldexp`, `frexp`, `modf`, `remainder`
/// or `nextafter` with `a` as first argument as float32. Their templates
/// have only float signatures: types converting to float32 without loss
/// take it, except for `modf`, whose float64 signature is listed first and
/// wins the tie for everything but float32 (`remainder` and `nextafter`
/// need both arguments to qualify: [`math2_is_float32`]).
fn math_rest_is_float32(f: MathFn, a: Scalar) -> bool {
    let to_f32 = matches!(
        a,
        Scalar::Bool | Scalar::I8 | Scalar::I16 | Scalar::U8 | Scalar::F16 | Scalar::F32
    );
    match f {
        MathFn::Ldexp | MathFn::Frexp => to_f32,
        MathFn::Modf => a == Scalar::F32,
        _ => false,
    }
}

/// True when Numba types the two-argument `math` function `f` of `a` and
/// `b` as float32: its float32 signature is the best match (Numba's own
/// type table, `tests/differential/numba_types.json`, is the reference).
/// Types that convert to float32 without loss (bool, 8- and 16-bit signed
/// integers, uint8, float32) take it for `fmod` and `copysign`; `atan2`
/// and `hypot` also have integer signatures, which small integers prefer
/// unless a float32 is there; `pow` has a float32 base with an int32
/// exponent too.
fn math2_is_float32(f: MathFn, a: Scalar, b: Scalar) -> bool {
    let to_f32 = |s: Scalar| {
        matches!(
            s,
            Scalar::Bool | Scalar::I8 | Scalar::I16 | Scalar::U8 | Scalar::F16 | Scalar::F32
        )
    };
    let has_f32 = matches!(a, Scalar::F16 | Scalar::F32) || matches!(b, Scalar::F16 | Scalar::F32);
    match f {
        MathFn::Fmod | MathFn::Copysign | MathFn::Remainder | MathFn::Nextafter => {
            to_f32(a) && to_f32(b)
        }
        MathFn::Atan2 | MathFn::Hypot => to_f32(a) && to_f32(b) && has_f32,
        MathFn::Pow => {
            to_f32(a)
                && (to_f32(b)
                    || b == Scalar::I32
                    || (matches!(a, Scalar::F16 | Scalar::F32) && b == Scalar::U16))
        }
        _ => false,
    }
}
