//! Lowering of typed expressions to IR values.
//!
//! Short-circuit `and`/`or` and conditional expressions become branches (an
//! operand may have effects or may read out of bounds when the guard is
//! false), array indexing becomes address arithmetic on the ABI's pointer,
//! extents and byte strides, with Python's negative-index wrap.

use super::values::{ir_type, mem_type, ArrayVal, LValue, MAX_NDIM};
use super::FnLowering;
use crate::front::ast::UnaryOp;
use crate::ir::{self, IntCC, Opcode, Value};
use crate::sema::consts::ConstValue;
use crate::sema::typed::{ArrayProp, TExpr, TExprId, TExprKind, TExprList};
use crate::types::{Elem, Layout, Scalar, Type};
use cranelift_entity::packed_option::ReservedValue;

impl<'a> FnLowering<'a> {
    /// An operand of the function being lowered.
    pub(super) fn te(&self, e: TExprId) -> &'a TExpr {
        self.f.expr(e)
    }

    /// Operands of the function being lowered.
    pub(super) fn tl(&self, l: TExprList) -> &'a [TExpr] {
        self.f.list(l)
    }

    /// Lowers an expression.
    pub(super) fn expr(&mut self, e: &TExpr) -> LValue {
        // The recursive step (see `crate::stack`).
        crate::stack::deeper(|| self.expr_here(e))
    }

    /// [`Self::expr`] on the current stack.
    fn expr_here(&mut self, e: &TExpr) -> LValue {
        match &e.kind {
            TExprKind::Const(c) => self.constant(c),
            TExprKind::Var(v) => self.read(*v),
            TExprKind::Field(r, k) => {
                let r = self.te(*r);
                let Type::Record(r_ty) = r.ty else {
                    unreachable!("a field of a record (type checked)")
                };
                let addr = self.expr(r).scalar();
                self.load_field(addr, r_ty.record, *k, &e.ty)
            }
            TExprKind::Cast(a) => {
                let a = self.te(*a);
                let v = self.expr(a);
                self.convert_value(v, &a.ty, &e.ty)
            }
            TExprKind::Unary(op, a) => {
                if let Type::Complex(part) = e.ty {
                    let v = self.expr(self.te(*a)).complex();
                    return self.complex_unary(*op, part, v);
                }
                let v = self.expr(self.te(*a)).scalar();
                LValue::Scalar(self.unary(*op, scalar(&e.ty), v))
            }
            TExprKind::Binary(op, a, b) => {
                let (a, b) = (self.te(*a), self.te(*b));
                if let Type::Complex(part) = e.ty {
                    let (x, y) = (self.expr(a).complex(), self.expr(b).complex());
                    return self.complex_binary(*op, part, x, y);
                }
                let (x, y) = (self.expr(a).scalar(), self.expr(b).scalar());
                LValue::Scalar(self.binary_op(*op, scalar(&e.ty), scalar(&b.ty), x, y))
            }
            TExprKind::Compare(op, a, b) => {
                let (a, b) = (self.te(*a), self.te(*b));
                if a.ty.is_complex() {
                    let (x, y) = (self.expr(a).complex(), self.expr(b).complex());
                    return LValue::Scalar(self.complex_compare(*op, x, y));
                }
                let (x, y) = (self.expr(a).scalar(), self.expr(b).scalar());
                LValue::Scalar(self.compare(*op, scalar(&a.ty), x, y))
            }
            TExprKind::And(a, b) => self.short_circuit(true, self.te(*a), self.te(*b), &e.ty),
            TExprKind::Or(a, b) => self.short_circuit(false, self.te(*a), self.te(*b), &e.ty),
            TExprKind::Select(c, a, b) => {
                let (c, a, b) = (self.te(*c), self.te(*a), self.te(*b));
                self.select(c, a, b, &e.ty)
            }
            TExprKind::Let(var, value, body) => {
                let v = self.expr(self.te(*value));
                self.bind(*var, v);
                let result = self.expr(self.te(*body));
                // The temporary is the body's alone: leaving it bound would
                // carry a value defined in one arm of a conditional
                // expression to joins it does not dominate.
                for slot in self.var_slots(*var) {
                    self.unset(slot);
                }
                result
            }
            TExprKind::Index(base, indices) if self.te(*base).ty.is_pointer() => {
                let Type::Pointer(elem) = self.te(*base).ty else {
                    unreachable!("a pointer")
                };
                let ptr = self.expr(self.te(*base)).scalar();
                let idx = self.indices(self.tl(*indices));
                let addr = self.pointer_element_address(ptr, idx[0], elem);
                self.load_value(addr, elem)
            }
            TExprKind::Index(array, indices) => {
                let a = self.expr(self.te(*array));
                let items = self.tl(*indices);
                if let Type::Array(view) = e.ty {
                    if items.iter().any(|i| matches!(i.kind, TExprKind::Slice(_))) {
                        return LValue::Array(self.view(a.array(), items, view));
                    }
                }
                let idx = self.indices(items);
                self.index(a.array(), &idx, &e.ty)
            }
            TExprKind::Slice(_) => panic!("a slice outside a subscript"),
            TExprKind::Reshape(a, shape) => {
                let a = self.expr(self.te(*a));
                let shape_e = self.te(*shape);
                let Type::Tuple(tys) = shape_e.ty else {
                    panic!("a reshape takes a tuple of extents")
                };
                let shape: Vec<(Value, Scalar)> = (self.expr(shape_e).flatten().into_iter())
                    .zip(tys.iter().map(scalar))
                    .collect();
                LValue::Array(self.reshape(a.array(), &shape, e.ty.array().expect("array type")))
            }
            TExprKind::Transpose(a) => {
                let a = self.expr(self.te(*a));
                LValue::Array(a.array().transposed(e.ty.array().expect("array type")))
            }
            TExprKind::PartView(a, imag) => {
                let a = *self.expr(self.te(*a)).array();
                let ty = e.ty.array().expect("array type");
                // The imaginary part follows the real one in each element.
                let ptr = if *imag {
                    let part = i64::from(ty.elem.size());
                    let off = self.ins().iconst(ir::Type::I64, part);
                    self.ins().ptr_add(a.ptr, off)
                } else {
                    a.ptr
                };
                LValue::Array(ArrayVal::new(ty, ptr, a.shape(), a.strides()))
            }
            TExprKind::ArrayProp(array, prop) => {
                let a = self.expr(self.te(*array));
                let a = a.array();
                LValue::Scalar(match prop {
                    ArrayProp::Extent(k) => a.shape()[*k as usize],
                    ArrayProp::Stride(k) => a.strides()[*k as usize],
                    ArrayProp::Size => {
                        let shape = a.shape();
                        // A 0-d array holds one element.
                        let Some((&first, rest)) = shape.split_first() else {
                            return LValue::Scalar(self.ins().iconst(ir::Type::I64, 1));
                        };
                        let mut acc = first;
                        for s in rest {
                            acc = self.ins().binary(Opcode::Imul, acc, *s);
                        }
                        acc
                    }
                })
            }
            TExprKind::Tuple(items) => {
                LValue::Tuple(self.tl(*items).iter().map(|i| self.expr(i)).collect())
            }
            TExprKind::TupleIndex(t, i) => {
                let tuple = self.expr(self.te(*t));
                let i_e = self.te(*i);
                let i = self.expr(i_e).scalar();
                self.tuple_index(tuple, (i, scalar(&i_e.ty)), &e.ty)
            }
            TExprKind::TupleGet(t, k) => match self.expr(self.te(*t)) {
                LValue::Tuple(mut items) => items.swap_remove(*k as usize),
                other => panic!("tuple expected, got {other:?}"),
            },
            TExprKind::Intrinsic(i, args) => self.intrinsic(*i, self.tl(*args), &e.ty),
            TExprKind::Call(f, args) => {
                let mut flat = Vec::new();
                for a in self.tl(*args) {
                    flat.extend(self.expr(a).flatten());
                }
                // The global device arrays, passed on (hidden parameters).
                for g in &self.globals {
                    flat.extend(g.flatten());
                }
                let callee = self.callee(*f);
                // From the typed callee: a recursive one is not lowered yet.
                let returns = super::signature(self.program, self.program.function(*f)).returns;
                let results = self.ins().call(callee, &flat, &returns);
                LValue::from_flat(&e.ty, &results)
            }
            TExprKind::SharedArray(i) => {
                let decl = self.f.shared_arrays[i.index()].clone();
                let ty = e.ty.array().expect("shared array type");
                if decl.dynamic {
                    let ptr = self
                        .ins()
                        .nullary(
                            Opcode::DynSharedAddr,
                            Some(ir::Type::Ptr(ir::AddrSpace::Shared)),
                        )
                        .expect("result");
                    // The size of dynamic shared memory is only known at
                    // launch: as Numba, the extent is the launch's bytes
                    // over the item size (`%dynamic_smem_size`).
                    let bytes = self.ins().special(ir::SpecialReg::DynamicSmemSize);
                    let bytes = self.ins().unary(Opcode::Uextend, ir::Type::I64, bytes);
                    let item = self.ins().iconst(ir::Type::I64, i64::from(ty.elem.size()));
                    let len = self.ins().binary(Opcode::Udiv, bytes, item);
                    return self.array_1d(ty, ptr, len);
                }
                let ptr = self.addr_of(Opcode::SharedAddr, i.0, ir::AddrSpace::Shared);
                self.static_array(ty, ptr, &decl.shape)
            }
            TExprKind::LocalArray(i) => {
                let decl = self.f.local_arrays[i.index()].clone();
                let ptr = self.addr_of(Opcode::LocalAddr, i.0, ir::AddrSpace::Local);
                self.static_array(e.ty.array().expect("local array type"), ptr, &decl.shape)
            }
            TExprKind::GlobalArray(i) => self.globals[i.index()].clone(),
            TExprKind::ConstArray(i) => {
                let decl = self.program.const_arrays[i.index()].clone();
                let ptr = self.addr_of(Opcode::ConstAddr, i.0, ir::AddrSpace::Const);
                self.static_array(e.ty.array().expect("const array type"), ptr, &decl.shape)
            }
        }
    }

    /// A constant.
    pub(super) fn constant(&mut self, c: &ConstValue) -> LValue {
        match c {
            ConstValue::Int(v, s) => LValue::Scalar(self.ins().iconst(ir_type(*s), v.get() as i64)),
            ConstValue::Float(v, s) => LValue::Scalar(self.ins().fconst(ir_type(*s), *v)),
            ConstValue::Bool(b) => LValue::Scalar(self.ins().iconst(ir::Type::I1, *b as i64)),
            ConstValue::Tuple(items) => {
                LValue::Tuple(items.iter().map(|i| self.constant(i)).collect())
            }
        }
    }

    fn unary(&mut self, op: UnaryOp, ty: Scalar, v: Value) -> Value {
        let t = ir_type(ty);
        let opcode = match op {
            UnaryOp::Neg if ty.is_float() => Opcode::Fneg,
            UnaryOp::Neg => Opcode::Ineg,
            UnaryOp::Invert | UnaryOp::Not => Opcode::Bnot,
            UnaryOp::Pos => return v,
        };
        self.ins().unary(opcode, t, v)
    }

    /// `a and b` (`is_and`) or `a or b`, evaluating `b` only when needed;
    /// the result is the deciding operand, as in Python.
    fn short_circuit(&mut self, is_and: bool, a: &TExpr, b: &TExpr, ty: &Type) -> LValue {
        let a_value = self.expr(a);
        let truth = match (&a_value, a.ty) {
            (LValue::Complex(re, im), Type::Complex(part)) => self.complex_truth((*re, *im), part),
            (v, _) => self.cast_scalar(v.scalar(), scalar(&a.ty), Scalar::Bool),
        };
        let av = a_value.flatten();
        let rhs_block = self.new_block();
        let join = self.new_block();
        let mut types = Vec::new();
        super::values::flatten_type(ty, false, &mut types);
        let params = self.func.dfg.append_block_params(join, &types).to_vec();
        if is_and {
            self.ins().brif(truth, rhs_block, &[], join, &av);
        } else {
            self.ins().brif(truth, join, &av, rhs_block, &[]);
        }
        self.switch_to(rhs_block);
        let bv = self.expr(b).flatten();
        self.ins().jump(join, &bv);
        self.switch_to(join);
        LValue::from_flat(ty, &params)
    }

    /// `a if c else b`: a `select` when both arms are plain values, branches
    /// otherwise.
    fn select(&mut self, c: &TExpr, a: &TExpr, b: &TExpr, ty: &Type) -> LValue {
        let cond = self.expr(c).scalar();
        if a.is_trivially_pure() && b.is_trivially_pure() {
            let (x, y) = (self.expr(a).flatten(), self.expr(b).flatten());
            let picked: Vec<Value> = x
                .iter()
                .zip(&y)
                .map(|(p, q)| self.ins().select(cond, *p, *q))
                .collect();
            return LValue::from_flat(ty, &picked);
        }
        let (then_block, else_block) = (self.new_block(), self.new_block());
        let mut types = Vec::new();
        super::values::flatten_type(ty, false, &mut types);
        let join = self.new_block();
        let params = self.func.dfg.append_block_params(join, &types).to_vec();
        self.ins().brif(cond, then_block, &[], else_block, &[]);
        for (block, arm) in [(then_block, a), (else_block, b)] {
            self.switch_to(block);
            let v = self.expr(arm).flatten();
            self.ins().jump(join, &v);
        }
        self.switch_to(join);
        LValue::from_flat(ty, &params)
    }

    /// Lowers the indices of an element access (at most one per
    /// dimension), in order.
    pub(super) fn indices(&mut self, exprs: &[TExpr]) -> Indices {
        assert!(exprs.len() <= MAX_NDIM, "at most one index per dimension");
        let mut idx = Indices {
            items: [(Value::reserved_value(), Scalar::I64); MAX_NDIM],
            len: exprs.len(),
        };
        for (slot, e) in idx.items.iter_mut().zip(exprs) {
            *slot = (self.expr(e).scalar(), scalar(&e.ty));
        }
        idx
    }

    /// The address of element `indices` (wrapping negative indices).
    pub(super) fn element_address(&mut self, a: &ArrayVal, indices: &[(Value, Scalar)]) -> Value {
        let mut addr = a.ptr;
        for (k, &index) in indices.iter().enumerate() {
            let idx = self.dim_index(a, k, index);
            let stride = self.dim_stride(a, k);
            let off = self.ins().binary(Opcode::Imul, idx, stride);
            addr = self.ins().ptr_add(addr, off);
        }
        addr
    }

    /// An integer index `(i, ty)` into dimension `k` of `a` as an `int64`:
    /// a negative one wrapped, checked against the extent with
    /// `boundscheck` / `debug`.
    pub(super) fn dim_index(&mut self, a: &ArrayVal, k: usize, (i, ty): (Value, Scalar)) -> Value {
        let i64_ = self.cast_scalar(
            i,
            ty,
            if ty.is_unsigned() {
                Scalar::U64
            } else {
                Scalar::I64
            },
        );
        let idx = if ty.is_signed() || ty == Scalar::Bool {
            self.wrap_negative(i64_, a.shape()[k])
        } else {
            i64_
        };
        if self.f.flags.boundscheck || self.f.flags.debug {
            self.bounds_check(idx, a.shape()[k]);
        }
        idx
    }

    /// The byte stride of dimension `k` of `a`. The contiguous dimension
    /// of a C- (last) or F-ordered (first) array has the element size as
    /// its stride: the type promises it, so it is a constant, as in Numba.
    pub(super) fn dim_stride(&mut self, a: &ArrayVal, k: usize) -> Value {
        let ndim = a.ndim();
        let contiguous = match a.ty.layout {
            Layout::C => k + 1 == ndim,
            Layout::F => k == 0,
            Layout::A => false,
        };
        if contiguous {
            let bytes = i64::from(a.ty.elem.size());
            self.ins().iconst(ir::Type::I64, bytes)
        } else {
            a.strides()[k]
        }
    }

    /// `i + n if i < 0 else i`, skipped when `i` is provably non-negative
    /// (`cuda.grid(1)`, `threadIdx.x + 1`, constants, ...).
    pub(super) fn wrap_negative(&mut self, i: Value, extent: Value) -> Value {
        if self.nonneg_bits(i, 8).is_some_and(|bits| bits < 64) {
            return i;
        }
        let zero = self.ins().iconst(ir::Type::I64, 0);
        let neg = self.ins().icmp(IntCC::Slt, i, zero);
        let wrapped = self.ins().binary(Opcode::Iadd, i, extent);
        self.ins().select(neg, wrapped, i)
    }

    /// Item `i` of a tuple whose items have type `ty`: the index wrapped
    /// when negative and checked (out of range, Numba raises
    /// `IndexError`, an exception like a `raise`: the thread ends, or with
    /// `debug` the launch fails with it), then the item picked by
    /// comparing the index with each position.
    fn tuple_index(&mut self, tuple: LValue, (i, ity): (Value, Scalar), ty: &Type) -> LValue {
        let LValue::Tuple(items) = tuple else {
            panic!("a tuple expected, got {tuple:?}")
        };
        let i64t = ir::Type::I64;
        let n = self.ins().iconst(i64t, items.len() as i64);
        let to = if ity.is_unsigned() {
            Scalar::U64
        } else {
            Scalar::I64
        };
        let mut idx = self.cast_scalar(i, ity, to);
        if ity.is_signed() {
            idx = self.wrap_negative(idx, n);
        }
        let in_range = self.ins().icmp(IntCC::Ult, idx, n);
        self.raise_unless(in_range, "IndexError: tuple index out of range");
        let mut picked = items[0].flatten();
        for (k, item) in items.iter().enumerate().skip(1) {
            let at = self.ins().iconst(i64t, k as i64);
            let is_k = self.ins().icmp(IntCC::Eq, idx, at);
            let values = item.flatten();
            for (p, v) in picked.iter_mut().zip(values) {
                *p = self.ins().select(is_k, v, *p);
            }
        }
        LValue::from_flat(ty, &picked)
    }

    /// Traps unless `0 <= i < extent` (with `boundscheck` / `debug`).
    pub(super) fn bounds_check(&mut self, i: Value, extent: Value) {
        let ok = self.ins().icmp(IntCC::Ult, i, extent);
        self.trap_unless(ok, "index out of bounds");
    }

    /// An upper bound on the bit width of `v` when it is known to be a
    /// non-negative 64-bit integer (so any bound under 64 proves `v >= 0`),
    /// from how it was computed: constants, zero-extensions (and
    /// sign-extensions of values known non-negative), special
    /// registers (CUDA's limits: at most 1024 threads per block, grid
    /// dimensions below 2^31), and sums, products, masks and shifts of
    /// such values.
    pub(super) fn nonneg_bits(&self, v: Value, depth: u32) -> Option<u32> {
        use ir::InstructionData as D;
        if depth == 0 {
            return None;
        }
        let inst = match self.func.dfg.value_def(v) {
            ir::ValueDef::Result(inst, 0) => inst,
            ir::ValueDef::Param(..) if self.nonneg_counters.contains(v) => return Some(63),
            _ => return None,
        };
        let bits = |x: Value| self.nonneg_bits(x, depth - 1);
        match self.func.dfg.inst(inst) {
            D::UnaryImm { imm, .. } if *imm >= 0 => Some(64 - imm.leading_zeros()),
            D::Unary {
                opcode: Opcode::Uextend,
                arg,
            } => {
                let src = self.func.dfg.value_type(*arg);
                Some(bits(*arg).unwrap_or(src.bits()).min(src.bits()))
            }
            // Sign-extending a value known non-negative in its own width
            // (`int32(threadIdx.x)`) extends it with zeros.
            D::Unary {
                opcode: Opcode::Sextend,
                arg,
            } => bits(*arg).filter(|&b| b < self.func.dfg.value_type(*arg).bits()),
            D::Special { reg, .. } => Some(match reg {
                ir::SpecialReg::TidX
                | ir::SpecialReg::TidY
                | ir::SpecialReg::NtidX
                | ir::SpecialReg::NtidY => 11,
                ir::SpecialReg::TidZ | ir::SpecialReg::NtidZ => 7,
                ir::SpecialReg::Laneid => 5,
                ir::SpecialReg::Warpsize => 6,
                _ => 31,
            }),
            D::Binary {
                opcode: Opcode::Iadd,
                args,
            } => Some(bits(args[0])?.max(bits(args[1])?) + 1),
            D::Binary {
                opcode: Opcode::Imul,
                args,
            } => Some(bits(args[0])? + bits(args[1])?),
            D::Binary {
                opcode: Opcode::Band,
                args,
            } => match (bits(args[0]), bits(args[1])) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            D::Binary {
                opcode: Opcode::Ushr | Opcode::Sshr | Opcode::Udiv,
                args,
            } => bits(args[0]),
            D::Binary {
                opcode: Opcode::Urem,
                args,
            } => bits(args[1]),
            D::Ternary {
                opcode: Opcode::Select,
                args,
            } => Some(bits(args[1])?.max(bits(args[2])?)),
            _ => None,
        }
    }

    /// True when `v` is known to be at least 1 from how it was computed:
    /// positive constants, the block and grid dimensions (CUDA launches
    /// have at least one thread and block per axis), their extensions, and
    /// products of such values small enough not to wrap
    /// (`cuda.gridsize(1)`, the stride of grid-stride loops).
    pub(super) fn known_positive(&self, v: Value, depth: u32) -> bool {
        use ir::InstructionData as D;
        if depth == 0 {
            return false;
        }
        let ir::ValueDef::Result(inst, 0) = self.func.dfg.value_def(v) else {
            return false;
        };
        match self.func.dfg.inst(inst) {
            D::UnaryImm { imm, .. } => *imm > 0,
            D::Special { reg, .. } => matches!(
                reg,
                ir::SpecialReg::NtidX
                    | ir::SpecialReg::NtidY
                    | ir::SpecialReg::NtidZ
                    | ir::SpecialReg::NctaidX
                    | ir::SpecialReg::NctaidY
                    | ir::SpecialReg::NctaidZ
                    | ir::SpecialReg::Warpsize
            ),
            D::Unary {
                opcode: Opcode::Uextend | Opcode::Sextend,
                arg,
            } => self.known_positive(*arg, depth - 1),
            D::Binary {
                opcode: Opcode::Imul,
                args,
            } => {
                let small = self
                    .nonneg_bits(v, 8)
                    .is_some_and(|b| b < self.func.dfg.value_type(v).bits());
                small
                    && self.known_positive(args[0], depth - 1)
                    && self.known_positive(args[1], depth - 1)
            }
            _ => false,
        }
    }

    /// The constant an `iconst` result holds.
    pub(super) fn iconst_value(&self, v: Value) -> Option<i64> {
        match self.func.dfg.value_def(v) {
            ir::ValueDef::Result(inst, 0) => match self.func.dfg.inst(inst) {
                ir::InstructionData::UnaryImm { imm, .. } => Some(*imm),
                _ => None,
            },
            _ => None,
        }
    }

    /// `a[indices]` of type `ty`: an element, or (fewer indices than
    /// dimensions) a view of the remaining ones, of the layout the type
    /// checker gave it.
    pub(super) fn index(&mut self, a: &ArrayVal, indices: &[(Value, Scalar)], ty: &Type) -> LValue {
        let addr = self.element_address(a, indices);
        if let Type::Array(view) = ty {
            return LValue::Array(a.view(*view, addr, indices.len()));
        }
        self.load_value(addr, a.ty.elem)
    }

    /// The element of type `elem` at `addr`.
    fn load_value(&mut self, addr: Value, elem: Elem) -> LValue {
        match elem {
            Elem::Scalar(s) => LValue::Scalar(self.load_elem(addr, s)),
            Elem::Complex(part) => {
                let t = ir_type(part);
                let re = self.ins().load(t, addr, 0);
                let im = self.ins().load(t, addr, part.size() as i32);
                LValue::Complex(re, im)
            }
            // A record is a reference: its address.
            Elem::Record(_) => LValue::Scalar(addr),
        }
    }

    /// The address of element `index` after the one `ptr` points at (a
    /// pointer's `p[i]`: no bounds, no wraparound; the index is an `int64`
    /// or a `uint64`).
    pub(super) fn pointer_element_address(
        &mut self,
        ptr: Value,
        index: (Value, Scalar),
        elem: Elem,
    ) -> Value {
        let (i, ty) = index;
        debug_assert!(
            matches!(ty, Scalar::I64 | Scalar::U64),
            "a normalised index"
        );
        let size = self.ins().iconst(ir::Type::I64, i64::from(elem.size()));
        let off = self.ins().binary(Opcode::Imul, i, size);
        self.ins().ptr_add(ptr, off)
    }

    /// Loads an element (`bool` is stored as a byte).
    pub(super) fn load_elem(&mut self, addr: Value, elem: Scalar) -> Value {
        let v = self.ins().load(mem_type(elem), addr, 0);
        if elem == Scalar::Bool {
            let zero = self.ins().iconst(ir::Type::I8, 0);
            self.ins().icmp(IntCC::Ne, v, zero)
        } else {
            v
        }
    }

    /// Stores an element (`bool` is stored as a byte).
    pub(super) fn store_elem(&mut self, addr: Value, elem: Scalar, v: Value) {
        let v = if elem == Scalar::Bool {
            self.ins().unary(Opcode::Uextend, ir::Type::I8, v)
        } else {
            v
        };
        self.ins().store(addr, v, 0);
    }
}

/// The lowered indices of an element access: a value and its type per
/// indexed dimension.
pub(super) struct Indices {
    items: [(Value, Scalar); MAX_NDIM],
    len: usize,
}

impl std::ops::Deref for Indices {
    type Target = [(Value, Scalar)];

    fn deref(&self) -> &Self::Target {
        &self.items[..self.len]
    }
}

/// The scalar type of a scalar-typed expression.
pub(super) fn scalar(t: &Type) -> Scalar {
    t.scalar()
        .unwrap_or_else(|| panic!("scalar type expected, got {t}"))
}
