//! Lowering of whole-array reductions (`np.sum(a)`, `a.min()`,
//! `np.nanmean(a)`, `np.argmax(a)`; typed by `sema/typeck/reductions.rs`).
//!
//! Each is a loop nest over the array's elements whose accumulators are
//! block parameters, written after numba-cuda's implementations in
//! `np/arraymath.py`, step for step in the types Numba gives each step:
//!
//! * the order is `np.nditer`'s, as Numba iterates: the logical (C) order,
//!   or the reverse of it for an array typed F-ordered of two or more
//!   dimensions (its memory order); `argmin`/`argmax` walk `a.flat`,
//!   always in C order, and count a flat index;
//! * an early `return` of Numba's loops (the first NaN of `min`, the first
//!   false element of `all`) is a state that no later element changes,
//!   which gives the same value;
//! * `min`, `max`, `nanmin`, `nanmax`, `argmin` and `argmax` of an empty
//!   array raise Numba's `ValueError` (the thread ends; with `debug` the
//!   launch fails with it), `mean` divides by the size as Numba does (a
//!   float's `0 / 0` is NaN, or `ZeroDivisionError` with `debug`; a complex
//!   mean of nothing raises it), `var` takes two passes (the mean, then the
//!   sum of squared distances from it), and `std` is `var ** 0.5` (its
//!   square root).

use super::values::{ir_type, ArrayVal, LValue};
use super::FnLowering;
use crate::front::ast::{BinOp, CmpOp};
use crate::ir::{self, FloatCC, IntCC, Opcode, Value};
use crate::sema::intrinsics::Reduction;
use crate::sema::typed::TExpr;
use crate::types::{Elem, Layout, Scalar, Type};

/// The order elements are visited in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// `np.nditer`'s: C order, or F order for an F array of 2+ dimensions.
    Nditer,
    /// `a.flat`'s: C order.
    Flat,
}

impl FnLowering<'_> {
    /// Lowers `np.<r>(args[0])`, whose result has type `ty`.
    pub(super) fn reduction(&mut self, r: Reduction, args: &[TExpr], ty: &Type) -> LValue {
        use Reduction as R;
        let a = self.expr(&args[0]);
        let a = *a.array();
        let elem = a.ty.elem_type();
        match r {
            R::Sum | R::Prod => {
                let op = if r == R::Sum { BinOp::Add } else { BinOp::Mul };
                let init = self.number(ty, if r == R::Sum { 0.0 } else { 1.0 });
                let ty = *ty;
                self.fold(&a, Order::Nditer, &[ty], vec![init], |l, v, s| {
                    let v = l.convert_value(v, &elem, &ty);
                    vec![l.arith(op, &ty, s[0].clone(), v)]
                })
                .remove(0)
            }
            R::NanSum | R::NanProd => {
                let op = if r == R::NanSum {
                    BinOp::Add
                } else {
                    BinOp::Mul
                };
                let init = self.number(ty, if r == R::NanSum { 0.0 } else { 1.0 });
                let ty = *ty;
                self.fold(&a, Order::Nditer, &[ty], vec![init], |l, v, s| {
                    let nan = l.is_nan(&v, &elem);
                    let v = l.convert_value(v, &elem, &ty);
                    let next = l.arith(op, &ty, s[0].clone(), v);
                    vec![l.pick(nan, &s[0], &next)]
                })
                .remove(0)
            }
            R::Mean => self.mean(&a),
            R::Var => self.var(&a),
            // Numba's `var ** 0.5` is libdevice's `pow`, correctly rounded
            // but for rare cases; of a variance (`+0.0`, positive, `inf` or
            // NaN, never `-0.0`) it is the square root, which kernelc
            // rounds correctly (its `pow` is only within 2 ulp).
            R::Std => {
                let var = self.var(&a).scalar();
                LValue::Scalar(self.ins().unary(Opcode::Sqrt, ir::Type::F64, var))
            }
            R::All | R::Any => {
                let init = self.ins().iconst(ir::Type::I1, (r == R::All) as i64);
                let op = if r == R::All {
                    Opcode::Band
                } else {
                    Opcode::Bor
                };
                self.fold(
                    &a,
                    Order::Nditer,
                    &[Type::BOOL],
                    vec![LValue::Scalar(init)],
                    |l, v, s| {
                        let t = l.truth(&v, &elem);
                        vec![LValue::Scalar(l.ins().binary(op, s[0].scalar(), t))]
                    },
                )
                .remove(0)
            }
            R::CountNonzero => {
                let init = LValue::Scalar(self.ins().iconst(ir::Type::I64, 0));
                self.fold(&a, Order::Nditer, &[Type::I64], vec![init], |l, v, s| {
                    let t = l.truth(&v, &elem);
                    let one = l.ins().unary(Opcode::Uextend, ir::Type::I64, t);
                    vec![LValue::Scalar(l.ins().binary(
                        Opcode::Iadd,
                        s[0].scalar(),
                        one,
                    ))]
                })
                .remove(0)
            }
            R::Min | R::Max => {
                let what = if r == R::Min { "minimum" } else { "maximum" };
                self.check_not_empty(
                    &a,
                    &format!("ValueError: zero-size array to reduction operation {what} which has no identity"),
                );
                let less = r == R::Min;
                let first = self.first(&a);
                self.fold(&a, Order::Nditer, &[elem], vec![first], |l, v, s| {
                    vec![l.extremum_step(less, &elem, &s[0], v)]
                })
                .remove(0)
            }
            R::NanMin | R::NanMax => {
                self.check_not_empty(
                    &a,
                    "ValueError: zero-size array to reduction operation not possible",
                );
                let less = r == R::NanMin;
                let first = self.first(&a);
                self.fold(&a, Order::Nditer, &[elem], vec![first], |l, v, s| {
                    vec![l.nan_extremum_step(less, &elem, &s[0], v)]
                })
                .remove(0)
            }
            R::NanMean => self.nanmean(&a),
            R::ArgMin | R::ArgMax => {
                let what = if r == R::ArgMin { "argmin" } else { "argmax" };
                self.check_not_empty(
                    &a,
                    &format!("ValueError: attempt to get {what} of an empty sequence"),
                );
                let less = r == R::ArgMin;
                let first = self.first(&a);
                let zero = LValue::Scalar(self.ins().iconst(ir::Type::I64, 0));
                let state = vec![first, zero.clone(), zero];
                let types = [elem, Type::I64, Type::I64];
                self.fold(&a, Order::Flat, &types, state, |l, v, s| {
                    // The index moves with the value.
                    let take = l.extremum_take(less, &elem, &s[0], &v);
                    let next = l.pick(take, &v, &s[0]);
                    let index = l.ins().select(take, s[2].scalar(), s[1].scalar());
                    let one = l.ins().iconst(ir::Type::I64, 1);
                    let count = l.ins().binary(Opcode::Iadd, s[2].scalar(), one);
                    vec![next, LValue::Scalar(index), LValue::Scalar(count)]
                })
                .remove(1)
            }
        }
    }

    /// Visits every element of `a` in `order`, carrying `init` (of
    /// `types`) through `step`, which gives the next state from an element
    /// and the state; the final state.
    fn fold(
        &mut self,
        a: &ArrayVal,
        order: Order,
        types: &[Type],
        init: Vec<LValue>,
        mut step: impl FnMut(&mut Self, LValue, &[LValue]) -> Vec<LValue>,
    ) -> Vec<LValue> {
        let n = a.ndim();
        let reversed = order == Order::Nditer && a.ty.layout == Layout::F && n >= 2;
        let dims: Vec<usize> = if reversed {
            (0..n).rev().collect()
        } else {
            (0..n).collect()
        };
        self.fold_dims(a, &dims, a.ptr, types, init, &mut step)
    }

    /// The loops over `dims` (outermost first) of the elements from `ptr`.
    fn fold_dims(
        &mut self,
        a: &ArrayVal,
        dims: &[usize],
        ptr: Value,
        types: &[Type],
        state: Vec<LValue>,
        step: &mut impl FnMut(&mut Self, LValue, &[LValue]) -> Vec<LValue>,
    ) -> Vec<LValue> {
        let Some((&k, inner)) = dims.split_first() else {
            let v = self.load_element(a, ptr);
            return step(self, v, &state);
        };
        let mut flat = vec![ir::Type::I64];
        for t in types {
            super::values::flatten_type(t, false, &mut flat);
        }
        let (header, body, exit) = (self.new_block(), self.new_block(), self.new_block());
        let header_params = self.func.dfg.append_block_params(header, &flat).to_vec();
        let exit_params = self.func.dfg.append_block_params(exit, &flat[1..]).to_vec();
        let zero = self.ins().iconst(ir::Type::I64, 0);
        let mut args = vec![zero];
        args.extend(state.iter().flat_map(LValue::flatten));
        self.ins().jump(header, &args);

        self.switch_to(header);
        let i = header_params[0];
        let current = unflatten(types, &header_params[1..]);
        let more = self.ins().icmp(IntCC::Slt, i, a.shape()[k]);
        self.ins().brif(more, body, &[], exit, &header_params[1..]);

        self.switch_to(body);
        let stride = self.dim_stride(a, k);
        let offset = self.ins().binary(Opcode::Imul, i, stride);
        let p = self.ins().ptr_add(ptr, offset);
        let next = self.fold_dims(a, inner, p, types, current, step);
        let one = self.ins().iconst(ir::Type::I64, 1);
        let i_next = self.ins().binary(Opcode::Iadd, i, one);
        let mut args = vec![i_next];
        args.extend(next.iter().flat_map(LValue::flatten));
        self.ins().jump(header, &args);

        self.switch_to(exit);
        unflatten(types, &exit_params)
    }

    /// The element at `addr` of an array like `a`.
    fn load_element(&mut self, a: &ArrayVal, addr: Value) -> LValue {
        match a.ty.elem {
            Elem::Scalar(s) => LValue::Scalar(self.load_elem(addr, s)),
            Elem::Complex(part) => {
                let t = ir_type(part);
                let re = self.ins().load(t, addr, 0);
                let im = self.ins().load(t, addr, part.size() as i32);
                LValue::Complex(re, im)
            }
            Elem::Record(_) => unreachable!("a reduction of numbers (type checked)"),
        }
    }

    /// The first element (every index 0) of a non-empty array.
    fn first(&mut self, a: &ArrayVal) -> LValue {
        self.load_element(a, a.ptr)
    }

    /// The number of elements of `a`.
    fn size(&mut self, a: &ArrayVal) -> Value {
        let mut size = self.ins().iconst(ir::Type::I64, 1);
        for k in 0..a.ndim() {
            size = self.ins().binary(Opcode::Imul, size, a.shape()[k]);
        }
        size
    }

    /// Raises `text` when `a` has no elements.
    fn check_not_empty(&mut self, a: &ArrayVal, text: &str) {
        let size = self.size(a);
        let zero = self.ins().iconst(ir::Type::I64, 0);
        let some = self.ins().icmp(IntCC::Ne, size, zero);
        self.raise_unless(some, text);
    }

    /// The number `x` in type `ty` (a real or complex number).
    fn number(&mut self, ty: &Type, x: f64) -> LValue {
        match *ty {
            Type::Scalar(s) if s.is_float() => LValue::Scalar(self.ins().fconst(ir_type(s), x)),
            Type::Scalar(s) => LValue::Scalar(self.ins().iconst(ir_type(s), x as i64)),
            Type::Complex(part) => {
                let re = self.ins().fconst(ir_type(part), x);
                let im = self.ins().fconst(ir_type(part), 0.0);
                LValue::Complex(re, im)
            }
            _ => unreachable!("a numeric accumulator"),
        }
    }

    /// `x op y`, both of type `ty` (a real or complex number).
    fn arith(&mut self, op: BinOp, ty: &Type, x: LValue, y: LValue) -> LValue {
        match *ty {
            Type::Complex(part) => self.complex_binary(op, part, x.complex(), y.complex()),
            Type::Scalar(s) => LValue::Scalar(self.binary_op(op, s, s, x.scalar(), y.scalar())),
            _ => unreachable!("a numeric accumulator"),
        }
    }

    /// `a if c else b`, part by part.
    fn pick(&mut self, c: Value, a: &LValue, b: &LValue) -> LValue {
        match (a, b) {
            (LValue::Complex(ar, ai), LValue::Complex(br, bi)) => LValue::Complex(
                self.ins().select(c, *ar, *br),
                self.ins().select(c, *ai, *bi),
            ),
            _ => LValue::Scalar(self.ins().select(c, a.scalar(), b.scalar())),
        }
    }

    /// `np.isnan(v)` of an element (`false` for integers and `bool`).
    fn is_nan(&mut self, v: &LValue, ty: &Type) -> Value {
        match (v, ty) {
            (LValue::Complex(re, im), _) => {
                let r = self.ins().fcmp(FloatCC::Uno, *re, *re);
                let i = self.ins().fcmp(FloatCC::Uno, *im, *im);
                self.ins().binary(Opcode::Bor, r, i)
            }
            (LValue::Scalar(x), Type::Scalar(s)) if s.is_float() => {
                self.ins().fcmp(FloatCC::Uno, *x, *x)
            }
            _ => self.ins().iconst(ir::Type::I1, 0),
        }
    }

    /// Python's truth of an element (`v != 0`; a NaN is true).
    fn truth(&mut self, v: &LValue, ty: &Type) -> Value {
        match (v, ty) {
            (LValue::Complex(re, im), Type::Complex(part)) => self.complex_truth((*re, *im), *part),
            (LValue::Scalar(x), Type::Scalar(s)) => self.cast_scalar(*x, *s, Scalar::Bool),
            _ => unreachable!("a number"),
        }
    }

    /// `cmp(x, y)` of two reals of type `s`: `<` when `less`, else `>`.
    fn ordered(&mut self, less: bool, s: Scalar, x: Value, y: Value) -> Value {
        let op = if less { CmpOp::Lt } else { CmpOp::Gt };
        self.compare(op, s, x, y)
    }

    /// One step of `min` (`less`) or `max` from `m` with element `v`
    /// (numba-cuda's `npy_min`): a NaN, once met, stays; a complex number
    /// compares by real part, then imaginary part.
    fn extremum_step(&mut self, less: bool, ty: &Type, m: &LValue, v: LValue) -> LValue {
        let take = self.extremum_take(less, ty, m, &v);
        self.pick(take, &v, m)
    }

    /// Whether the step of [`Self::extremum_step`] takes `v`.
    fn extremum_take(&mut self, less: bool, ty: &Type, m: &LValue, v: &LValue) -> Value {
        match (ty, m, v) {
            (Type::Complex(part), LValue::Complex(mr, mi), LValue::Complex(vr, vi)) => {
                let by_real = self.ordered(less, *part, *vr, *mr);
                let tie = self.ins().fcmp(FloatCC::Eq, *vr, *mr);
                let by_imag = self.ordered(less, *part, *vi, *mi);
                let second = self.ins().binary(Opcode::Band, tie, by_imag);
                self.ins().binary(Opcode::Bor, by_real, second)
            }
            (Type::Scalar(s), LValue::Scalar(mv), LValue::Scalar(x)) if s.is_float() => {
                let m_nan = self.ins().fcmp(FloatCC::Uno, *mv, *mv);
                let v_nan = self.ins().fcmp(FloatCC::Uno, *x, *x);
                let better = self.ordered(less, *s, *x, *mv);
                let wanted = self.ins().binary(Opcode::Bor, v_nan, better);
                let m_ok = self.ins().unary(Opcode::Bnot, ir::Type::I1, m_nan);
                self.ins().binary(Opcode::Band, m_ok, wanted)
            }
            (Type::Scalar(s), LValue::Scalar(mv), LValue::Scalar(x)) => {
                self.ordered(less, *s, *x, *mv)
            }
            _ => unreachable!("a number"),
        }
    }

    /// One step of `nanmin` (`less`) or `nanmax` from `m` with element `v`
    /// (numba-cuda's `nan_min_max_factory`): a real NaN element is
    /// skipped, and an element replaces `m` unless `m` is strictly better
    /// (so of equal values the last is kept); a complex element replaces a
    /// NaN real part, else compares by real part, then imaginary part.
    fn nan_extremum_step(&mut self, less: bool, ty: &Type, m: &LValue, v: LValue) -> LValue {
        let take = match (ty, m, &v) {
            (Type::Complex(part), LValue::Complex(mr, mi), LValue::Complex(vr, vi)) => {
                let m_nan = self.ins().fcmp(FloatCC::Uno, *mr, *mr);
                let v_nan = self.ins().fcmp(FloatCC::Uno, *vr, *vr);
                let v_ok = self.ins().unary(Opcode::Bnot, ir::Type::I1, v_nan);
                let replaces_nan = self.ins().binary(Opcode::Band, m_nan, v_ok);
                let by_real = self.ordered(less, *part, *vr, *mr);
                let tie = self.ins().fcmp(FloatCC::Eq, *vr, *mr);
                let by_imag = self.ordered(less, *part, *vi, *mi);
                let second = self.ins().binary(Opcode::Band, tie, by_imag);
                let compared = self.ins().binary(Opcode::Bor, by_real, second);
                self.ins().binary(Opcode::Bor, replaces_nan, compared)
            }
            (Type::Scalar(s), LValue::Scalar(mv), LValue::Scalar(x)) => {
                let v_nan = self.is_nan(&v, ty);
                let kept = self.ordered(less, *s, *mv, *x);
                let skip = self.ins().binary(Opcode::Bor, v_nan, kept);
                self.ins().unary(Opcode::Bnot, ir::Type::I1, skip)
            }
            _ => unreachable!("a number"),
        };
        self.pick(take, &v, m)
    }

    /// `np.mean(a)`: the sum in the accumulator Numba uses (`float64` for
    /// integers and `bool`, else the element type), divided by the size.
    fn mean(&mut self, a: &ArrayVal) -> LValue {
        let elem = a.ty.elem_type();
        let acc = match elem {
            Type::Scalar(s) if s.is_float() => elem,
            Type::Scalar(_) => Type::F64,
            _ => elem,
        };
        let init = self.number(&acc, 0.0);
        let sum = self
            .fold(a, Order::Nditer, &[acc], vec![init], |l, v, s| {
                let v = l.convert_value(v, &elem, &acc);
                vec![l.arith(BinOp::Add, &acc, s[0].clone(), v)]
            })
            .remove(0);
        let size = self.size(a);
        let size = LValue::Scalar(size);
        let result = match acc {
            Type::Complex(_) => Type::Complex(Scalar::F64),
            _ => Type::F64,
        };
        let sum = self.convert_value(sum, &acc, &result);
        let size = self.convert_value(size, &Type::I64, &result);
        self.arith(BinOp::Div, &result, sum, size)
    }

    /// `np.var(a)`: the mean, then the sum of `real(d * conj(d))` of each
    /// distance `d` from it (in `float64`, or `complex128`), over the size.
    fn var(&mut self, a: &ArrayVal) -> LValue {
        let elem = a.ty.elem_type();
        let m = self.mean(a);
        let wide = match elem {
            Type::Complex(_) => Type::Complex(Scalar::F64),
            _ => Type::F64,
        };
        let init = self.number(&Type::F64, 0.0);
        let ssd = self
            .fold(a, Order::Nditer, &[Type::F64], vec![init], |l, v, s| {
                let v = l.convert_value(v, &elem, &wide);
                let d = l.arith(BinOp::Sub, &wide, v, m.clone());
                let square = match d {
                    LValue::Complex(re, im) => {
                        // The real part of (re + im j)(re - im j).
                        let rr = l.ins().binary(Opcode::Fmul, re, re);
                        let neg = l.ins().unary(Opcode::Fneg, ir::Type::F64, im);
                        let ii = l.ins().binary(Opcode::Fmul, im, neg);
                        l.ins().binary(Opcode::Fsub, rr, ii)
                    }
                    d => l.ins().binary(Opcode::Fmul, d.scalar(), d.scalar()),
                };
                let sum = l.ins().binary(Opcode::Fadd, s[0].scalar(), square);
                vec![LValue::Scalar(sum)]
            })
            .remove(0);
        let size = self.size(a);
        let size = self.cast_scalar(size, Scalar::I64, Scalar::F64);
        LValue::Scalar(self.binary_op(BinOp::Div, Scalar::F64, Scalar::F64, ssd.scalar(), size))
    }

    /// `np.nanmean(a)`: the sum (from `0.0`) and count of the elements
    /// that are not NaN, divided with `np.divide` (never raising: `0 / 0`
    /// is NaN; a complex sum is divided as NumPy's loop divides, by
    /// Smith's method).
    fn nanmean(&mut self, a: &ArrayVal) -> LValue {
        let elem = a.ty.elem_type();
        let acc = match elem {
            Type::Complex(_) => Type::Complex(Scalar::F64),
            _ => Type::F64,
        };
        let init = self.number(&acc, 0.0);
        let zero = LValue::Scalar(self.ins().iconst(ir::Type::I64, 0));
        let mut out = self.fold(
            a,
            Order::Nditer,
            &[acc, Type::I64],
            vec![init, zero],
            |l, v, s| {
                let nan = l.is_nan(&v, &elem);
                let v = l.convert_value(v, &elem, &acc);
                let sum = l.arith(BinOp::Add, &acc, s[0].clone(), v);
                let one = l.ins().iconst(ir::Type::I64, 1);
                let count = l.ins().binary(Opcode::Iadd, s[1].scalar(), one);
                let sum = l.pick(nan, &s[0], &sum);
                let count = l.ins().select(nan, s[1].scalar(), count);
                vec![sum, LValue::Scalar(count)]
            },
        );
        let count = out.pop().expect("a count").scalar();
        let sum = out.pop().expect("a sum");
        let n = self.cast_scalar(count, Scalar::I64, Scalar::F64);
        match sum {
            LValue::Complex(re, im) => {
                // numba-cuda's `np_complex_div_impl` by `n + 0j`: `re / 0`
                // and `im / 0` when `n` is 0, else `(re + im * 0) * (1 /
                // n)` and `(im - re * 0) * (1 / n)`.
                let zero = self.ins().fconst(ir::Type::F64, 0.0);
                let one = self.ins().fconst(ir::Type::F64, 1.0);
                let scale = self.ins().binary(Opcode::Fdiv, one, n);
                let im0 = self.ins().binary(Opcode::Fmul, im, zero);
                let re0 = self.ins().binary(Opcode::Fmul, re, zero);
                let r = self.ins().binary(Opcode::Fadd, re, im0);
                let i = self.ins().binary(Opcode::Fsub, im, re0);
                let r = self.ins().binary(Opcode::Fmul, r, scale);
                let i = self.ins().binary(Opcode::Fmul, i, scale);
                let r0 = self.ins().binary(Opcode::Fdiv, re, zero);
                let i0 = self.ins().binary(Opcode::Fdiv, im, zero);
                let empty = self.ins().fcmp(FloatCC::Eq, n, zero);
                LValue::Complex(
                    self.ins().select(empty, r0, r),
                    self.ins().select(empty, i0, i),
                )
            }
            sum => LValue::Scalar(self.ins().binary(Opcode::Fdiv, sum.scalar(), n)),
        }
    }
}

/// The values of `types` from their flattened IR values.
fn unflatten(types: &[Type], values: &[Value]) -> Vec<LValue> {
    let mut it = values.iter().copied();
    types.iter().map(|t| LValue::take(t, &mut it)).collect()
}
