//! Lowering of array views: subscripts with slices (`a[1:]`, `a[i, ::-1]`).
//!
//! A view is a new pointer, extents and byte strides over the same
//! elements. A slice's bounds are resolved against the dimension's extent
//! as Python's `slice.indices` does (Numba's `fix_slice`): a negative
//! bound counts from the end, and bounds are clamped into the dimension;
//! the view's extent is the number of elements the slice picks. A step of
//! zero, which Numba reports as a `ValueError` ending the thread, traps
//! with a message. `a.reshape(...)` gives a C array new extents, and
//! a scalar stored into a view fills it.

use super::values::ArrayVal;
use super::FnLowering;
use crate::ir::{self, IntCC, Opcode, Value};
use crate::sema::typed::{TExpr, TExprKind};
use crate::types::{ArrayType, Layout, Scalar, Type};

/// The sign of a slice's step, when it is known at compile time.
#[derive(Clone, Copy, PartialEq, Eq)]
enum StepSign {
    Positive,
    Negative,
    /// Only known at run time.
    Unknown,
}

/// One lowered item of a subscript.
enum Item {
    /// An integer index and its type.
    Int(Value, Scalar),
    /// The start, stop and step of a slice, as `int64`s (`None` where
    /// absent).
    Slice([Option<Value>; 3]),
}

impl FnLowering<'_> {
    /// `a[items]` with at least one slice among the items: the view of
    /// type `ty`.
    pub(super) fn view(&mut self, a: &ArrayVal, items: &[TExpr], ty: ArrayType) -> ArrayVal {
        // Every item is evaluated, left to right, before any is used.
        let lowered: Vec<Item> = items
            .iter()
            .map(|item| match &item.kind {
                TExprKind::Slice(parts) => {
                    let parts = self.tl(*parts);
                    let mut bounds = [None; 3];
                    for (slot, p) in bounds.iter_mut().zip(parts) {
                        if let Type::Scalar(s) = p.ty {
                            let v = self.expr(p).scalar();
                            *slot = Some(self.cast_scalar(v, s, Scalar::I64));
                        }
                    }
                    Item::Slice(bounds)
                }
                _ => Item::Int(self.expr(item).scalar(), super::expr::scalar(&item.ty)),
            })
            .collect();
        let mut ptr = a.ptr;
        let mut extents = Vec::with_capacity(ty.ndim as usize);
        let mut strides = Vec::with_capacity(ty.ndim as usize);
        for (k, item) in lowered.into_iter().enumerate() {
            let stride = self.dim_stride(a, k);
            match item {
                Item::Int(i, s) => {
                    let idx = self.dim_index(a, k, (i, s));
                    let off = self.ins().binary(Opcode::Imul, idx, stride);
                    ptr = self.ins().ptr_add(ptr, off);
                }
                Item::Slice(bounds) => {
                    let (start, len, step) = self.resolve_slice(bounds, a.shape()[k]);
                    let off = self.ins().binary(Opcode::Imul, start, stride);
                    ptr = self.ins().ptr_add(ptr, off);
                    extents.push(len);
                    strides.push(match self.iconst_value(step) {
                        Some(1) => stride,
                        _ => self.ins().binary(Opcode::Imul, stride, step),
                    });
                }
            }
        }
        // Dimensions after the last item are taken whole.
        for k in items.len()..a.ndim() {
            extents.push(a.shape()[k]);
            strides.push(a.strides()[k]);
        }
        ArrayVal::new(ty, ptr, &extents, &strides)
    }

    /// The first index, number of elements and step that the slice
    /// `[start, stop, step]` picks from a dimension of extent `n`.
    fn resolve_slice(
        &mut self,
        [start, stop, step]: [Option<Value>; 3],
        n: Value,
    ) -> (Value, Value, Value) {
        let i64t = ir::Type::I64;
        let step = match step {
            Some(s) => s,
            None => self.ins().iconst(i64t, 1),
        };
        let sign = match self.iconst_value(step) {
            Some(s) if s > 0 => StepSign::Positive,
            Some(s) if s < 0 => StepSign::Negative,
            Some(_) => unreachable!("the type checker rejects a constant step of zero"),
            None => {
                self.step_check(step);
                StepSign::Unknown
            }
        };
        let zero = self.ins().iconst(i64t, 0);
        let minus_one = self.ins().iconst(i64t, -1);
        let n_minus_one = self.ins().binary(Opcode::Iadd, n, minus_one);
        let negative = match sign {
            StepSign::Unknown => Some(self.ins().icmp(IntCC::Slt, step, zero)),
            _ => None,
        };
        // Python's defaults: the whole dimension, in the step's direction.
        let pick = |l: &mut Self, up: Value, down: Value| match (sign, negative) {
            (StepSign::Positive, _) => up,
            (StepSign::Negative, _) => down,
            (_, Some(neg)) => l.ins().select(neg, down, up),
            (_, None) => unreachable!("a run-time sign has its comparison"),
        };
        // Bounds clamp into [0, n] going up and into [-1, n - 1] going down.
        let lo = pick(self, zero, minus_one);
        let hi = pick(self, n, n_minus_one);
        let start = match start {
            Some(v) => self.clamp_bound(v, n, lo, hi),
            None => pick(self, zero, n_minus_one),
        };
        let stop = match stop {
            Some(v) => self.clamp_bound(v, n, lo, hi),
            None => pick(self, n, minus_one),
        };
        let len = self.slice_length(start, stop, step, sign, negative);
        (start, len, step)
    }

    /// A present slice bound: counted from the end when negative, then
    /// clamped into `[lo, hi]`.
    fn clamp_bound(&mut self, v: Value, n: Value, lo: Value, hi: Value) -> Value {
        let v = self.wrap_negative(v, n);
        let v = self.ins().binary(Opcode::Smax, v, lo);
        self.ins().binary(Opcode::Smin, v, hi)
    }

    /// The number of elements from `start` towards `stop` (excluded) by
    /// `step`, with `start` and `stop` already resolved.
    fn slice_length(
        &mut self,
        start: Value,
        stop: Value,
        step: Value,
        sign: StepSign,
        negative: Option<Value>,
    ) -> Value {
        let i64t = ir::Type::I64;
        let zero = self.ins().iconst(i64t, 0);
        let step_value = self.iconst_value(step);
        if step_value == Some(1) {
            let diff = self.ins().binary(Opcode::Isub, stop, start);
            return self.ins().binary(Opcode::Smax, diff, zero);
        }
        if step_value == Some(-1) {
            let diff = self.ins().binary(Opcode::Isub, start, stop);
            return self.ins().binary(Opcode::Smax, diff, zero);
        }
        // ceil((stop - start) / step), and zero when the bounds are in the
        // wrong order for the step.
        let diff = self.ins().binary(Opcode::Isub, stop, start);
        let quotient = self.ins().binary(Opcode::Sdiv, diff, step);
        let rem = self.ins().binary(Opcode::Srem, diff, step);
        let inexact = self.ins().icmp(IntCC::Ne, rem, zero);
        let inexact = self.ins().unary(Opcode::Uextend, i64t, inexact);
        let count = self.ins().binary(Opcode::Iadd, quotient, inexact);
        let empty = match (sign, negative) {
            (StepSign::Positive, _) => self.ins().icmp(IntCC::Sle, diff, zero),
            (StepSign::Negative, _) => self.ins().icmp(IntCC::Sge, diff, zero),
            (_, Some(neg)) => {
                let up_empty = self.ins().icmp(IntCC::Sle, diff, zero);
                let down_empty = self.ins().icmp(IntCC::Sge, diff, zero);
                self.ins().select(neg, down_empty, up_empty)
            }
            (_, None) => unreachable!("a run-time sign has its comparison"),
        };
        self.ins().select(empty, zero, count)
    }

    /// `a.reshape(shape)` of a C array `a`: the same elements with the
    /// extents `shape`, one of which may be negative (inferred from the
    /// size), as Numba's `normalize_reshape_value` has it; a shape of
    /// another size traps with Numba's message.
    pub(super) fn reshape(
        &mut self,
        a: &ArrayVal,
        shape: &[(Value, Scalar)],
        ty: ArrayType,
    ) -> ArrayVal {
        let i64t = ir::Type::I64;
        let (zero, one) = (self.ins().iconst(i64t, 0), self.ins().iconst(i64t, 1));
        let mut size = one;
        for &n in a.shape() {
            size = self.ins().binary(Opcode::Imul, size, n);
        }
        // The product of the known extents, and how many are negative.
        let dims: Vec<Value> = shape
            .iter()
            .map(|&(v, s)| self.cast_scalar(v, s, Scalar::I64))
            .collect();
        let (mut known, mut unknown) = (one, zero);
        let mut negative = Vec::with_capacity(dims.len());
        for &d in &dims {
            let neg = self.ins().icmp(IntCC::Slt, d, zero);
            let factor = self.ins().select(neg, one, d);
            known = self.ins().binary(Opcode::Imul, known, factor);
            let count = self.ins().unary(Opcode::Uextend, i64t, neg);
            unknown = self.ins().binary(Opcode::Iadd, unknown, count);
            negative.push(neg);
        }
        let at_most_one = self.ins().icmp(IntCC::Sle, unknown, one);
        self.trap_unless(at_most_one, "reshape: multiple negative shape values");
        // With one unknown extent, the size must divide evenly; with none,
        // it must match.
        let none_unknown = self.ins().icmp(IntCC::Eq, unknown, zero);
        let known_zero = self.ins().icmp(IntCC::Eq, known, zero);
        let divisor = self.ins().select(known_zero, one, known);
        let inferred = self.ins().binary(Opcode::Sdiv, size, divisor);
        let rem = self.ins().binary(Opcode::Srem, size, divisor);
        let inferred = self.ins().select(known_zero, zero, inferred);
        let divides = self.ins().icmp(IntCC::Eq, rem, zero);
        let size_zero = self.ins().icmp(IntCC::Eq, size, zero);
        let infers = self.ins().select(known_zero, size_zero, divides);
        let same = self.ins().icmp(IntCC::Eq, size, known);
        let fits = self.ins().select(none_unknown, same, infers);
        self.trap_unless(fits, "reshape: total size of new array must be unchanged");
        let extents: Vec<Value> = (dims.iter().zip(&negative))
            .map(|(&d, &neg)| self.ins().select(neg, inferred, d))
            .collect();
        // C-ordered strides over the new extents (what NumPy's no-copy
        // reshape, which Numba calls, gives a C-contiguous array).
        let n = extents.len();
        let elem = i64::from(a.ty.elem.size());
        let mut strides = vec![zero; n];
        let mut acc = self.ins().iconst(i64t, elem);
        for k in (0..n).rev() {
            strides[k] = acc;
            acc = self.ins().binary(Opcode::Imul, acc, extents[k]);
        }
        ArrayVal::new(ty, a.ptr, &extents, &strides)
    }

    /// Sets every element of `view` to `value`: one loop per dimension,
    /// the outermost first.
    pub(super) fn fill(&mut self, view: &ArrayVal, value: Value) {
        self.fill_from(view, 0, view.ptr, value);
    }

    /// The loops of [`Self::fill`] over dimensions `k..` from `base`.
    fn fill_from(&mut self, view: &ArrayVal, k: usize, base: Value, value: Value) {
        if k == view.ndim() {
            let elem = view
                .ty
                .elem
                .scalar()
                .expect("fills of numbers only (type checked)");
            self.store_elem(base, elem, value);
            return;
        }
        let i64t = ir::Type::I64;
        let stride = self.dim_stride(view, k);
        let (header, body, exit) = (self.new_block(), self.new_block(), self.new_block());
        let i = self.func.dfg.append_block_params(header, &[i64t])[0];
        let zero = self.ins().iconst(i64t, 0);
        self.ins().jump(header, &[zero]);
        self.switch_to(header);
        let more = self.ins().icmp(IntCC::Slt, i, view.shape()[k]);
        self.ins().brif(more, body, &[], exit, &[]);
        self.switch_to(body);
        let off = self.ins().binary(Opcode::Imul, i, stride);
        let at = self.ins().ptr_add(base, off);
        self.fill_from(view, k + 1, at, value);
        let one = self.ins().iconst(i64t, 1);
        let next = self.ins().binary(Opcode::Iadd, i, one);
        self.ins().jump(header, &[next]);
        self.switch_to(exit);
    }

    /// Traps when a step known only at run time is zero.
    fn step_check(&mut self, step: Value) {
        let zero = self.ins().iconst(ir::Type::I64, 0);
        let ok = self.ins().icmp(IntCC::Ne, step, zero);
        self.trap_unless(ok, "slice step cannot be zero");
    }
}

impl FnLowering<'_> {
    /// `a.view(dtype)` as numba-cuda's `array_view`: NumPy's checks
    /// (`_compatible_view`: a different element size needs a contiguous
    /// last axis, and a larger one a last axis whose bytes it divides),
    /// then `_change_dtype`: the last extent (C order; the first for F,
    /// and an A array is taken as C or F by its strides, else refused)
    /// rescaled and its stride set to the new size. A failed check raises
    /// Numba's `ValueError`.
    pub(super) fn view_dtype(&mut self, a: &ArrayVal, ty: ArrayType) -> ArrayVal {
        let old = i64::from(a.ty.elem.size());
        let new = i64::from(ty.elem.size());
        if old == new {
            return ArrayVal::new(ty, a.ptr, a.shape(), a.strides());
        }
        let i64t = ir::Type::I64;
        let n = a.ndim();
        let last = n - 1;
        let old_v = self.ins().iconst(i64t, old);
        let new_v = self.ins().iconst(i64t, new);
        let one = self.ins().iconst(i64t, 1);
        let zero = self.ins().iconst(i64t, 0);
        // _compatible_view.
        let stride_last = self.dim_stride(a, last);
        let mut size = one;
        for k in 0..n {
            size = self.ins().binary(Opcode::Imul, size, a.shape()[k]);
        }
        let p1 = self.ins().icmp(IntCC::Ne, a.shape()[last], one);
        let p2 = self.ins().icmp(IntCC::Ne, size, zero);
        let p3 = self.ins().icmp(IntCC::Ne, stride_last, old_v);
        let p12 = self.ins().binary(Opcode::Band, p1, p2);
        let bad = self.ins().binary(Opcode::Band, p12, p3);
        let ok = self.ins().unary(Opcode::Bnot, ir::Type::I1, bad);
        self.raise_unless(
            ok,
            "ValueError: To change to a dtype of a different size, the last axis must be contiguous",
        );
        if new > old {
            let bytes = self.ins().binary(Opcode::Imul, a.shape()[last], old_v);
            let rem = self.ins().binary(Opcode::Srem, bytes, new_v);
            let ok = self.ins().icmp(IntCC::Eq, rem, zero);
            self.raise_unless(
                ok,
                "ValueError: When changing to a larger dtype, its size must be a divisor of the total size in bytes of the last axis of the array.",
            );
        }
        // _change_dtype: which dimension changes (the last when `c_like`,
        // else the first).
        let c_like = match a.ty.layout {
            Layout::C => self.ins().iconst(ir::Type::I1, 1),
            Layout::F => self.ins().iconst(ir::Type::I1, 0),
            Layout::A => {
                let c = self.ins().icmp(IntCC::Eq, stride_last, old_v);
                let stride0 = self.dim_stride(a, 0);
                let f = self.ins().icmp(IntCC::Eq, stride0, old_v);
                let either = self.ins().binary(Opcode::Bor, c, f);
                self.raise_unless(either, "ValueError: new type not compatible with array");
                c
            }
        };
        let mut extents = a.shape().to_vec();
        let mut strides = a.strides().to_vec();
        let mut fits = Vec::new();
        // (dimension, changed when `c_like` is this); one candidate of a
        // 1-D array, which changes either way.
        let candidates: &[(usize, bool)] = if n == 1 {
            &[(0, true)]
        } else {
            &[(last, true), (0, false)]
        };
        for &(k, when_c) in candidates {
            let changed = if new < old {
                let factor = self.ins().iconst(i64t, old / new);
                self.ins().binary(Opcode::Imul, a.shape()[k], factor)
            } else {
                let bytes = self.ins().binary(Opcode::Imul, a.shape()[k], old_v);
                let rem = self.ins().binary(Opcode::Srem, bytes, new_v);
                fits.push(self.ins().icmp(IntCC::Eq, rem, zero));
                self.ins().binary(Opcode::Sdiv, bytes, new_v)
            };
            if n == 1 {
                extents[0] = changed;
                strides[0] = new_v;
                continue;
            }
            let take = if when_c {
                c_like
            } else {
                self.ins().unary(Opcode::Bnot, ir::Type::I1, c_like)
            };
            extents[k] = self.ins().select(take, changed, extents[k]);
            strides[k] = self.ins().select(take, new_v, strides[k]);
        }
        if new > old {
            let ok = match fits[..] {
                [only] => only,
                [at_last, at_first] => self.ins().select(c_like, at_last, at_first),
                _ => unreachable!("one or two candidate dimensions"),
            };
            self.raise_unless(ok, "ValueError: new type not compatible with array");
        }
        ArrayVal::new(ty, a.ptr, &extents, &strides)
    }
}
