//! Lowering of CUDA and math intrinsics: special registers and
//! `cuda.grid`, barriers and fences, atomics (address computed like an
//! array element), warp shuffles and votes, bit intrinsics, and the `math`
//! functions (IR math opcodes, expanded later by the math library, or the
//! library's exact `frexp`, `modf` and `nextafter` emitted in place).

use super::expr::scalar;
use super::values::{ir_type, LValue};
use super::FnLowering;
use crate::ir::{
    self, AtomicRmwOp, FloatCC, IntCC, Opcode, ShuffleMode, SpecialReg, Value, VoteMode,
};
use crate::mathlib;
use crate::sema::intrinsics::{AtomicOp, CacheHint, Dim3, Intrinsic, MathFn};
use crate::sema::typed::TExpr;
use crate::types::{Scalar, Type};

impl FnLowering<'_> {
    /// Lowers an intrinsic whose result has type `ty`.
    pub(super) fn intrinsic(&mut self, i: Intrinsic, args: &[TExpr], ty: &Type) -> LValue {
        use Intrinsic as I;
        match i {
            I::Bf16(p) => LValue::Scalar(self.bf16_prim(p, args, ty)),
            I::Special(d, axis) => LValue::Scalar(self.ins().special(special_reg(d, axis))),
            I::Random(r) => LValue::Scalar(self.random_draw(r, args)),
            I::Extern(k) => self.extern_call(k, args),
            I::LaneId => LValue::Scalar(self.ins().special(SpecialReg::Laneid)),
            I::WarpSize => LValue::Scalar(self.ins().special(SpecialReg::Warpsize)),
            I::Grid(n) => self.grid(n, false),
            I::GridSize(n) => self.grid(n, true),
            I::SyncThreads | I::ThreadFence | I::ThreadFenceBlock | I::ThreadFenceSystem => {
                let op = match i {
                    I::SyncThreads => Opcode::Syncthreads,
                    I::ThreadFence => Opcode::Threadfence,
                    I::ThreadFenceBlock => Opcode::ThreadfenceBlock,
                    _ => Opcode::ThreadfenceSystem,
                };
                self.ins().nullary(op, None);
                LValue::Unit
            }
            // The grid group has no run-time value; using it at all makes
            // the kernel cooperative, as numba-cuda marks its code library
            // when it lowers `this_grid()`.
            I::ThisGrid => {
                self.func.cooperative = true;
                LValue::Unit
            }
            I::Reduce(r) => self.reduction(r, args, ty),
            I::ViewDtype => {
                let a = *self.expr(&args[0]).array();
                LValue::Array(self.view_dtype(&a, ty.array().expect("an array type")))
            }
            // The address of the array's first element (a contiguous
            // global array: type checked).
            I::FromBuffer => LValue::Scalar(self.expr(&args[0]).array().ptr),
            I::CfArray(_) => {
                let ptr = self.expr(&args[0]).scalar();
                let extents: Vec<ir::Value> =
                    args[1..].iter().map(|e| self.expr(e).scalar()).collect();
                LValue::Array(self.contiguous_array(
                    ty.array().expect("an array type"),
                    ptr,
                    &extents,
                ))
            }
            I::GridSync => {
                self.func.cooperative = true;
                self.expr(&args[0]);
                self.ins().nullary(Opcode::GridSync, None);
                LValue::Scalar(self.ins().iconst(ir::Type::I32, 0))
            }
            I::SyncThreadsCount | I::SyncThreadsAnd | I::SyncThreadsOr => {
                let p = self.expr(&args[0]).scalar();
                let op = match i {
                    I::SyncThreadsCount => Opcode::SyncthreadsCount,
                    I::SyncThreadsAnd => Opcode::SyncthreadsAnd,
                    _ => Opcode::SyncthreadsOr,
                };
                LValue::Scalar(self.ins().unary(op, ir::Type::I32, p))
            }
            I::SyncWarp => {
                let mask = self.expr(&args[0]).scalar();
                let inst = ir::InstructionData::Unary {
                    opcode: Opcode::Syncwarp,
                    arg: mask,
                };
                self.ins().build(inst, &[]);
                LValue::Unit
            }
            I::NanoSleep => {
                let ns = self.expr(&args[0]).scalar();
                let inst = ir::InstructionData::Unary {
                    opcode: Opcode::Nanosleep,
                    arg: ns,
                };
                self.ins().build(inst, &[]);
                LValue::Unit
            }
            I::ActiveMask | I::LanemaskLt => {
                let op = if i == I::ActiveMask {
                    Opcode::Activemask
                } else {
                    Opcode::LanemaskLt
                };
                LValue::Scalar(self.ins().nullary(op, Some(ir::Type::I32)).expect("result"))
            }
            I::Atomic(op) => self.atomic(op, args),
            I::CachedLoad(h) => self.cached_load(h, args),
            I::CachedStore(h) => self.cached_store(h, args),
            I::AtomicCas | I::AtomicCompareAndSwap => self.atomic_cas(i == I::AtomicCas, args),
            I::ShflSync | I::ShflUpSync | I::ShflDownSync | I::ShflXorSync => {
                let mode = match i {
                    I::ShflSync => ShuffleMode::Idx,
                    I::ShflUpSync => ShuffleMode::Up,
                    I::ShflDownSync => ShuffleMode::Down,
                    _ => ShuffleMode::Bfly,
                };
                let (mask, value, lane) = (
                    self.expr(&args[0]).scalar(),
                    self.expr(&args[1]).scalar(),
                    self.expr(&args[2]).scalar(),
                );
                LValue::Scalar(self.ins().shuffle(mode, mask, value, lane))
            }
            I::AllSync | I::AnySync | I::EqSync | I::BallotSync => {
                let mode = match i {
                    I::AllSync => VoteMode::All,
                    I::AnySync => VoteMode::Any,
                    I::EqSync => VoteMode::Uni,
                    _ => VoteMode::Ballot,
                };
                let (mask, pred) = (self.expr(&args[0]).scalar(), self.expr(&args[1]).scalar());
                LValue::Scalar(self.ins().vote(mode, mask, pred))
            }
            I::MatchAnySync | I::MatchAllSync => {
                let mask = self.expr(&args[0]).scalar();
                let value = self.expr(&args[1]).scalar();
                // The match compares bits: a float's as an integer's.
                let value = match self.func.dfg.value_type(value) {
                    ir::Type::F32 => self.ins().unary(Opcode::Bitcast, ir::Type::I32, value),
                    ir::Type::F64 => self.ins().unary(Opcode::Bitcast, ir::Type::I64, value),
                    _ => value,
                };
                if i == I::MatchAnySync {
                    LValue::Scalar(self.ins().vote(VoteMode::MatchAny, mask, value))
                } else {
                    // `(mask, all equal)`: the mask is 0 when they differ.
                    let d = self.ins().vote(VoteMode::MatchAll, mask, value);
                    let zero = self.ins().iconst(ir::Type::I32, 0);
                    let all = self.ins().icmp(IntCC::Ne, d, zero);
                    LValue::Tuple(vec![LValue::Scalar(d), LValue::Scalar(all)])
                }
            }
            I::Popc | I::Clz | I::Brev => {
                let x = self.expr(&args[0]).scalar();
                let op = match i {
                    I::Popc => Opcode::Popcnt,
                    I::Clz => Opcode::Clz,
                    _ => Opcode::Bitrev,
                };
                let t = self.ins().ty(x);
                LValue::Scalar(self.ins().unary(op, t, x))
            }
            I::Ffs => {
                // 1-based position of the lowest set bit, 0 when none.
                let x = self.expr(&args[0]).scalar();
                let s = scalar(&args[0].ty);
                let t = self.ins().ty(x);
                let tz = self.ins().unary(Opcode::Ctz, t, x);
                let tz32 = self.cast_scalar(
                    tz,
                    if s.bits() == 64 { Scalar::U64 } else { s },
                    Scalar::U32,
                );
                let one = self.ins().iconst(ir::Type::I32, 1);
                let pos = self.ins().binary(Opcode::Iadd, tz32, one);
                let zero_t = self.ins().iconst(t, 0);
                let is_zero = self.ins().icmp(IntCC::Eq, x, zero_t);
                let zero = self.ins().iconst(ir::Type::I32, 0);
                LValue::Scalar(self.ins().select(is_zero, zero, pos))
            }
            I::Fma => {
                let v: Vec<Value> = args.iter().map(|a| self.expr(a).scalar()).collect();
                LValue::Scalar(self.ins().fma(v[0], v[1], v[2]))
            }
            I::Cbrt => {
                let x = self.expr(&args[0]).scalar();
                let t = self.ins().ty(x);
                LValue::Scalar(self.ins().unary(Opcode::Cbrt, t, x))
            }
            I::Math(f @ (MathFn::Frexp | MathFn::Modf)) => {
                let x = self.expr(&args[0]).scalar();
                let (a, b) = if f == MathFn::Frexp {
                    mathlib::exact::frexp(&mut self.ins(), x)
                } else {
                    mathlib::exact::modf(&mut self.ins(), x)
                };
                LValue::Tuple(vec![LValue::Scalar(a), LValue::Scalar(b)])
            }
            I::Math(f) => LValue::Scalar(self.math(f, args)),
            I::Min | I::Max => {
                let s = scalar(ty);
                let mut acc = self.expr(&args[0]).scalar();
                for a in &args[1..] {
                    let v = self.expr(a).scalar();
                    acc = self.min_max(i == I::Max, s, acc, v);
                }
                LValue::Scalar(acc)
            }
            I::Abs if args[0].ty.is_complex() => {
                let z = self.expr(&args[0]).complex();
                LValue::Scalar(self.complex_abs(z))
            }
            I::MakeVector => {
                let mut parts = Vec::new();
                for a in args {
                    self.expr(a)
                        .for_each_component(&mut |v| parts.push(LValue::Scalar(v)));
                }
                LValue::Tuple(parts)
            }
            I::MakeComplex => {
                let re = self.expr(&args[0]).scalar();
                let im = self.expr(&args[1]).scalar();
                LValue::Complex(re, im)
            }
            I::Real | I::Imag => {
                let (re, im) = self.expr(&args[0]).complex();
                LValue::Scalar(if i == I::Real { re } else { im })
            }
            I::Conjugate => {
                let (re, im) = self.expr(&args[0]).complex();
                let t = self.ins().ty(im);
                LValue::Complex(re, self.ins().unary(Opcode::Fneg, t, im))
            }
            I::Libdevice(k) => self.libdevice(k, args, ty),
            I::Cmath(f) => {
                let (operands, types) = match args {
                    [r, phi] => {
                        let r_v = self.expr(r).scalar();
                        let phi_v = self.expr(phi).scalar();
                        ((r_v, phi_v), (scalar(&r.ty), scalar(&phi.ty)))
                    }
                    [z] => {
                        let Type::Complex(part) = z.ty else {
                            unreachable!("a complex argument (type checked)")
                        };
                        (self.expr(z).complex(), (part, part))
                    }
                    _ => unreachable!("one or two arguments (type checked)"),
                };
                let ret_part = match ty {
                    Type::Complex(p) => *p,
                    _ => types.0,
                };
                let values = self.cmath(f, operands, types, ret_part);
                LValue::from_flat(ty, &values)
            }
            I::Abs => {
                let x = self.expr(&args[0]).scalar();
                let s = scalar(ty);
                let t = ir_type(s);
                let v = if s.is_float() {
                    self.ins().unary(Opcode::Fabs, t, x)
                } else if s.is_unsigned() {
                    x
                } else {
                    self.ins().unary(Opcode::Iabs, t, x)
                };
                LValue::Scalar(v)
            }
            I::Round => LValue::Scalar(self.round(args, ty)),
        }
    }

    /// `cuda.grid(n)` (`blockIdx * blockDim + threadIdx` per axis, int64)
    /// or `cuda.gridsize(n)` (`gridDim * blockDim`).
    fn grid(&mut self, n: u8, size: bool) -> LValue {
        let mut out = Vec::new();
        for axis in 0..n {
            let wide = |l: &mut Self, d: Dim3| {
                let r = l.ins().special(special_reg(d, axis));
                l.ins().unary(Opcode::Uextend, ir::Type::I64, r)
            };
            let v = if size {
                let (a, b) = (wide(self, Dim3::GridDim), wide(self, Dim3::BlockDim));
                self.ins().binary(Opcode::Imul, a, b)
            } else {
                let tid = wide(self, Dim3::ThreadIdx);
                let ctaid = wide(self, Dim3::BlockIdx);
                let ntid = wide(self, Dim3::BlockDim);
                let base = self.ins().binary(Opcode::Imul, ctaid, ntid);
                self.ins().binary(Opcode::Iadd, base, tid)
            };
            out.push(LValue::Scalar(v));
        }
        if n == 1 {
            out.pop().expect("one axis")
        } else {
            LValue::Tuple(out)
        }
    }

    /// `cuda.atomic.<op>(array, index..., value)`.
    fn atomic(&mut self, op: AtomicOp, args: &[TExpr]) -> LValue {
        let a = self.expr(&args[0]);
        let a = *a.array();
        let n = a.ndim();
        let idx = self.indices(&args[1..=n]);
        let value = self.expr(&args[n + 1]).scalar();
        let addr = self.element_address(&a, &idx);
        let elem =
            a.ty.elem
                .scalar()
                .expect("atomics on numbers only (type checked)");
        let rmw = match op {
            AtomicOp::Add => AtomicRmwOp::Add,
            AtomicOp::Sub => AtomicRmwOp::Sub,
            AtomicOp::And => AtomicRmwOp::And,
            AtomicOp::Or => AtomicRmwOp::Or,
            AtomicOp::Xor => AtomicRmwOp::Xor,
            AtomicOp::Exch => AtomicRmwOp::Xchg,
            AtomicOp::Inc => AtomicRmwOp::Inc,
            AtomicOp::Dec => AtomicRmwOp::Dec,
            // On integers, nanmax/nanmin are max/min.
            AtomicOp::NanMax if elem.is_float() => AtomicRmwOp::NanMax,
            AtomicOp::NanMin if elem.is_float() => AtomicRmwOp::NanMin,
            AtomicOp::Max | AtomicOp::NanMax if elem.is_unsigned() => AtomicRmwOp::Umax,
            AtomicOp::Max | AtomicOp::NanMax => AtomicRmwOp::Smax,
            AtomicOp::Min | AtomicOp::NanMin if elem.is_unsigned() => AtomicRmwOp::Umin,
            AtomicOp::Min | AtomicOp::NanMin => AtomicRmwOp::Smin,
        };
        LValue::Scalar(self.ins().atomic_rmw(rmw, addr, value))
    }

    /// `cuda.ldHINT(array, index...)`: the element, read with
    /// `ld.global.HINT` (negative indices wrap, as numba-cuda's).
    fn cached_load(&mut self, h: CacheHint, args: &[TExpr]) -> LValue {
        let (addr, elem, _) = self.cached_address(args, false);
        let op = match h {
            CacheHint::Ca => Opcode::LoadCa,
            CacheHint::Cg => Opcode::LoadCg,
            CacheHint::Cs => Opcode::LoadCs,
            CacheHint::Lu => Opcode::LoadLu,
            CacheHint::Cv => Opcode::LoadCv,
            CacheHint::Wb | CacheHint::Wt => unreachable!("no load hint {h:?}"),
        };
        LValue::Scalar(self.ins().cached_load(op, ir_type(elem), addr))
    }

    /// The address a cache-hint load or store reaches (an array's element,
    /// or a pointer's), its element type, and the value of a store.
    /// The operand, the index and (for a store) the value are evaluated in
    /// that order, then the address.
    fn cached_address(
        &mut self,
        args: &[TExpr],
        store: bool,
    ) -> (ir::Value, Scalar, Option<ir::Value>) {
        let value = |l: &mut Self, n: usize| store.then(|| l.expr(&args[n]).scalar());
        if let Type::Pointer(elem) = args[0].ty {
            let ptr = self.expr(&args[0]).scalar();
            let idx = self.indices(&args[1..2]);
            let v = value(self, 2);
            let addr = self.pointer_element_address(ptr, idx[0], elem);
            return (addr, elem.scalar().expect("numbers only (type checked)"), v);
        }
        let a = *self.expr(&args[0]).array();
        let n = a.ndim();
        let idx = self.indices(&args[1..=n]);
        let v = value(self, n + 1);
        let addr = self.element_address(&a, &idx);
        (
            addr,
            a.ty.elem.scalar().expect("numbers only (type checked)"),
            v,
        )
    }

    /// `cuda.stHINT(array, index..., value)` with `st.global.HINT`.
    fn cached_store(&mut self, h: CacheHint, args: &[TExpr]) -> LValue {
        let (addr, _, value) = self.cached_address(args, true);
        let value = value.expect("a store's value");
        let op = match h {
            CacheHint::Cg => Opcode::StoreCg,
            CacheHint::Cs => Opcode::StoreCs,
            CacheHint::Wb => Opcode::StoreWb,
            CacheHint::Wt => Opcode::StoreWt,
            _ => unreachable!("no store hint {h:?}"),
        };
        self.ins().cached_store(op, addr, value);
        LValue::Unit
    }

    /// `cuda.atomic.cas(array, index..., old, new)` or the older
    /// `compare_and_swap(array, old, new)` on element 0.
    fn atomic_cas(&mut self, indexed: bool, args: &[TExpr]) -> LValue {
        let a = self.expr(&args[0]);
        let a = *a.array();
        let n = if indexed { a.ndim() } else { 0 };
        let idx = self.indices(&args[1..=n]);
        let old = self.expr(&args[n + 1]).scalar();
        let new = self.expr(&args[n + 2]).scalar();
        let addr = if indexed {
            self.element_address(&a, &idx)
        } else {
            a.ptr
        };
        LValue::Scalar(self.ins().atomic_cas(addr, old, new))
    }

    /// `min`/`max` of two values. Numba CUDA computes them on floats with
    /// libdevice's `fmin`/`fmax` (PTX `min`/`max`): a NaN operand gives the
    /// other one.
    pub(super) fn min_max(&mut self, is_max: bool, s: Scalar, a: Value, b: Value) -> Value {
        if s.is_float() {
            // The IR's fmin/fmax give NaN for a NaN operand: pick the other
            // operand first.
            let op = if is_max { Opcode::Fmax } else { Opcode::Fmin };
            let m = self.ins().binary(op, a, b);
            let a_nan = self.ins().fcmp(FloatCC::Uno, a, a);
            let b_nan = self.ins().fcmp(FloatCC::Uno, b, b);
            let m = self.ins().select(b_nan, a, m);
            return self.ins().select(a_nan, b, m);
        }
        let op = match (is_max, s.is_unsigned()) {
            (true, false) => Opcode::Smax,
            (true, true) => Opcode::Umax,
            (false, false) => Opcode::Smin,
            (false, true) => Opcode::Umin,
        };
        if s == Scalar::Bool {
            let op = if is_max { Opcode::Bor } else { Opcode::Band };
            return self.ins().binary(op, a, b);
        }
        self.ins().binary(op, a, b)
    }

    /// `round(x)` (half to even, to int64) or `round(x, ndigits)`.
    fn round(&mut self, args: &[TExpr], ty: &Type) -> Value {
        let x = self.expr(&args[0]).scalar();
        let t = self.ins().ty(x);
        if args.len() == 1 {
            let r = self.ins().unary(Opcode::Nearest, t, x);
            return self.ins().unary(Opcode::FcvtToSint, ir::Type::I64, r);
        }
        let nd = self.expr(&args[1]).scalar();
        let Type::Scalar(xt) = *ty else {
            unreachable!("round(x, ndigits) is a float (type checked)")
        };
        self.round_ndigits(x, xt, nd)
    }

    /// `round(x, ndigits)` for a float `x` of type `xt` and an int64
    /// `ndigits`, as numba-cuda's `round_ndigits` (`cudaimpl.py`, CPython's
    /// fallback `double_round`), step for step in its types: infinities
    /// and NaN are returned; `y = x * 10**ndigits` in float64 (the power
    /// split as `10**(ndigits-22) * 1e22` above 22 digits, `x` itself
    /// returned when `y` overflows; `x / 10**-ndigits` for negative
    /// digits); `z = llrint(y)` as an int64 (saturating, as PTX's
    /// `cvt.rni.s64.f64`), re-rounded half to even when `y` is halfway;
    /// then scaled back, and converted to `xt`.
    fn round_ndigits(&mut self, x: Value, xt: Scalar, nd: Value) -> Value {
        let t = ir_type(xt);
        let f64t = ir::Type::F64;
        let join = self.new_block();
        let result = self.func.dfg.append_block_param(join, t);
        let compute = self.new_block();
        let ax = self.ins().unary(Opcode::Fabs, t, x);
        let inf = self.ins().fconst(t, f64::INFINITY);
        // |x| < inf is false for infinities and NaN.
        let finite = self.ins().fcmp(FloatCC::Lt, ax, inf);
        self.ins().brif(finite, compute, &[], join, &[x]);
        self.switch_to(compute);
        let xd = self.cast_scalar(x, xt, Scalar::F64);
        let zero = self.ins().iconst(ir::Type::I64, 0);
        let nonneg = self.ins().icmp(IntCC::Sge, nd, zero);
        let c22 = self.ins().iconst(ir::Type::I64, 22);
        let big = self.ins().icmp(IntCC::Sgt, nd, c22);
        let minus22 = self.ins().binary(Opcode::Isub, nd, c22);
        let neg_nd = self.ins().unary(Opcode::Ineg, ir::Type::I64, nd);
        let up = self.ins().select(big, minus22, nd);
        let exponent = self.ins().select(nonneg, up, neg_nd);
        let ten = self.ins().fconst(f64t, 10.0);
        let pow1 = self.float_pow_int(Scalar::F64, Scalar::I64, ten, exponent);
        let e22 = self.ins().fconst(f64t, 1e22);
        let one = self.ins().fconst(f64t, 1.0);
        let big_nonneg = self.ins().binary(Opcode::Band, nonneg, big);
        let pow2 = self.ins().select(big_nonneg, e22, one);
        let scaled = self.ins().binary(Opcode::Fmul, xd, pow1);
        let scaled = self.ins().binary(Opcode::Fmul, scaled, pow2);
        let divided = self.ins().binary(Opcode::Fdiv, xd, pow1);
        let y = self.ins().select(nonneg, scaled, divided);
        // With non-negative digits, `y` overflowing returns `x`.
        let ay = self.ins().unary(Opcode::Fabs, f64t, y);
        let inf64 = self.ins().fconst(f64t, f64::INFINITY);
        let y_inf = self.ins().fcmp(FloatCC::Eq, ay, inf64);
        let give_x = self.ins().binary(Opcode::Band, nonneg, y_inf);
        let rest = self.new_block();
        self.ins().brif(give_x, join, &[x], rest, &[]);
        self.switch_to(rest);
        let llrint = |l: &mut Self, v: Value| {
            let r = l.ins().unary(Opcode::Nearest, f64t, v);
            let i = l.ins().unary(Opcode::FcvtToSint, ir::Type::I64, r);
            l.cast_scalar(i, Scalar::I64, Scalar::F64)
        };
        let z = llrint(self, y);
        let diff = self.ins().binary(Opcode::Fsub, y, z);
        let adiff = self.ins().unary(Opcode::Fabs, f64t, diff);
        let half = self.ins().fconst(f64t, 0.5);
        let halfway = self.ins().fcmp(FloatCC::Eq, adiff, half);
        let two = self.ins().fconst(f64t, 2.0);
        let y_half = self.ins().binary(Opcode::Fdiv, y, two);
        let z_half = llrint(self, y_half);
        let z_even = self.ins().binary(Opcode::Fmul, two, z_half);
        let z = self.ins().select(halfway, z_even, z);
        let back = self.ins().binary(Opcode::Fdiv, z, pow2);
        let back = self.ins().binary(Opcode::Fdiv, back, pow1);
        let times = self.ins().binary(Opcode::Fmul, z, pow1);
        let r = self.ins().select(nonneg, back, times);
        let r = self.cast_scalar(r, Scalar::F64, xt);
        self.ins().jump(join, &[r]);
        self.switch_to(join);
        result
    }

    /// A `math` function: an IR opcode, or a short sequence for the
    /// predicates and angle conversions.
    fn math(&mut self, f: MathFn, args: &[TExpr]) -> Value {
        let v: Vec<Value> = args.iter().map(|a| self.expr(a).scalar()).collect();
        self.math_on(f, &v)
    }

    /// A `math` function of lowered arguments (in their float type; an
    /// `ldexp` exponent is int32).
    pub(super) fn math_on(&mut self, f: MathFn, v: &[Value]) -> Value {
        let x = v[0];
        let t = self.ins().ty(x);
        let unary = |l: &mut Self, op: Opcode| l.ins().unary(op, t, x);
        use MathFn as M;
        match f {
            M::IsNan => self.ins().fcmp(FloatCC::Uno, x, x),
            M::IsInf | M::IsFinite => {
                let a = self.ins().unary(Opcode::Fabs, t, x);
                let inf = self.ins().fconst(t, f64::INFINITY);
                let cc = if f == M::IsInf {
                    FloatCC::Eq
                } else {
                    FloatCC::Lt
                };
                self.ins().fcmp(cc, a, inf)
            }
            M::Radians | M::Degrees => {
                let k = if f == M::Radians {
                    std::f64::consts::PI / 180.0
                } else {
                    180.0 / std::f64::consts::PI
                };
                let c = self.ins().fconst(t, k);
                self.ins().binary(Opcode::Fmul, x, c)
            }
            M::Atan2 | M::Pow | M::Copysign | M::Fmod | M::Hypot | M::Ldexp | M::Remainder => {
                let op = match f {
                    M::Atan2 => Opcode::Atan2,
                    M::Pow => Opcode::Pow,
                    M::Copysign => Opcode::Copysign,
                    M::Fmod => Opcode::Fmod,
                    M::Ldexp => Opcode::Ldexp,
                    M::Remainder => Opcode::Remainder,
                    _ => Opcode::Hypot,
                };
                self.ins().binary(op, x, v[1])
            }
            M::Nextafter => mathlib::exact::nextafter(&mut self.ins(), x, v[1]),
            _ => unary(self, math_opcode(f)),
        }
    }
}

fn special_reg(d: Dim3, axis: u8) -> SpecialReg {
    use SpecialReg::*;
    let regs = match d {
        Dim3::ThreadIdx => [TidX, TidY, TidZ],
        Dim3::BlockIdx => [CtaidX, CtaidY, CtaidZ],
        Dim3::BlockDim => [NtidX, NtidY, NtidZ],
        Dim3::GridDim => [NctaidX, NctaidY, NctaidZ],
    };
    regs[axis as usize]
}

fn math_opcode(f: MathFn) -> Opcode {
    use MathFn as M;
    match f {
        M::Sqrt => Opcode::Sqrt,
        M::Exp => Opcode::Exp,
        M::Expm1 => Opcode::Expm1,
        M::Log => Opcode::Log,
        M::Log2 => Opcode::Log2,
        M::Log10 => Opcode::Log10,
        M::Log1p => Opcode::Log1p,
        M::Sin => Opcode::Sin,
        M::Cos => Opcode::Cos,
        M::Tan => Opcode::Tan,
        M::Asin => Opcode::Asin,
        M::Acos => Opcode::Acos,
        M::Atan => Opcode::Atan,
        M::Sinh => Opcode::Sinh,
        M::Cosh => Opcode::Cosh,
        M::Tanh => Opcode::Tanh,
        M::Asinh => Opcode::Asinh,
        M::Acosh => Opcode::Acosh,
        M::Atanh => Opcode::Atanh,
        M::Fabs => Opcode::Fabs,
        M::Floor => Opcode::Floor,
        M::Rint => Opcode::Nearest,
        M::Ceil => Opcode::Ceil,
        M::Trunc => Opcode::Trunc,
        M::Erf => Opcode::Erf,
        M::Erfc => Opcode::Erfc,
        M::Gamma => Opcode::Tgamma,
        M::Lgamma => Opcode::Lgamma,
        M::Exp2 => Opcode::Exp2,
        M::Atan2
        | M::Ldexp
        | M::Remainder
        | M::Nextafter
        | M::Frexp
        | M::Modf
        | M::Pow
        | M::Copysign
        | M::Fmod
        | M::Hypot
        | M::IsNan
        | M::IsInf
        | M::IsFinite
        | M::Radians
        | M::Degrees => unreachable!("handled by the caller"),
    }
}
