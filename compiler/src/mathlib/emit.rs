//! A thin layer over [`FuncBuilder`] for writing floating-point numerical
//! code: one short method per operation, Horner evaluation, and the
//! error-free transformations (two-sum, two-product with `fma`) the
//! algorithms use to carry a few extra bits where a result would otherwise
//! lose them. An [`Emit`] computes in one float type, [`Emit::ty`]: `f64`
//! for the `f64` algorithms (and the `f16`/`f32` functions that widen to
//! them), `f32` for the float32 algorithms of `single.rs`; constants,
//! bit casts and integer conversions follow it (`f32` bits are `i32`).

use crate::ir::builder::FuncBuilder;
use crate::ir::entities::{ConstVar, Value};
use crate::ir::function::ConstDecl;
use crate::ir::instructions::{FloatCC, IntCC, Opcode};
use crate::ir::types::{AddrSpace, Type};
use cranelift_entity::PrimaryMap;

/// A value and its rounding error: `hi + lo` with `|lo| <= ulp(hi)/2`.
#[derive(Copy, Clone)]
pub struct Dd {
    /// The rounded value.
    pub hi: Value,
    /// What rounding lost.
    pub lo: Value,
}

/// Emits float arithmetic of type [`Emit::ty`] into a function.
pub struct Emit<'a, 'f> {
    /// The underlying builder.
    pub b: &'a mut FuncBuilder<'f>,
    /// The module's constant arrays, where coefficient tables go.
    pub consts: &'a mut PrimaryMap<ConstVar, ConstDecl>,
    /// The float type computed in: `F64` or `F32`.
    pub ty: Type,
}

/// The constant array named `name` in `consts`, added (as `decl()`) when
/// there is none yet.
pub(super) fn intern_table(
    consts: &mut PrimaryMap<ConstVar, ConstDecl>,
    name: &str,
    decl: impl FnOnce() -> ConstDecl,
) -> ConstVar {
    match consts.iter().find(|(_, c)| c.name == name) {
        Some((i, _)) => i,
        None => consts.push(decl()),
    }
}

impl Emit<'_, '_> {
    /// The integer type of the float type's bits (`i64` or `i32`).
    pub fn int_ty(&self) -> Type {
        if self.ty == Type::F32 {
            Type::I32
        } else {
            Type::I64
        }
    }
    /// A float constant (rounded to [`Emit::ty`]).
    pub fn c(&mut self, x: f64) -> Value {
        self.b.fconst(self.ty, x)
    }
    /// An integer constant of [`Emit::int_ty`].
    pub fn iw(&mut self, x: i64) -> Value {
        let ty = self.int_ty();
        self.b.iconst(ty, x)
    }
    /// A pointer to the `f64` table `name` in constant memory holding
    /// `data` (added to the module's constant arrays once, by name).
    pub fn table(&mut self, name: &str, data: &[f64]) -> Value {
        let bytes = || data.iter().flat_map(|x| x.to_le_bytes()).collect();
        self.const_table(name, Type::F64, data.len(), bytes)
    }
    /// [`Emit::table`] in the type computed in: `c64` named `name` for
    /// `f64`, `c32` named `name` and `_f32` for `f32` (an `f32` table).
    pub fn table_for(&mut self, name: &str, c64: &[f64], c32: &[f32]) -> Value {
        if self.ty != Type::F32 {
            return self.table(name, c64);
        }
        let bytes = || c32.iter().flat_map(|x| x.to_le_bytes()).collect();
        self.const_table(&format!("{name}_f32"), Type::F32, c32.len(), bytes)
    }
    /// A pointer to the `u32` table `name` in constant memory holding
    /// `data` (added to the module's constant arrays once, by name).
    pub fn table_u32(&mut self, name: &str, data: &[u32]) -> Value {
        let bytes = || data.iter().flat_map(|x| x.to_le_bytes()).collect();
        self.const_table(name, Type::I32, data.len(), bytes)
    }
    /// A pointer to the constant table `name` of `count` items of `elem`,
    /// declared (from `bytes`, little-endian) the first time it is named.
    fn const_table(
        &mut self,
        name: &str,
        elem: Type,
        count: usize,
        bytes: impl FnOnce() -> Vec<u8>,
    ) -> Value {
        let index = intern_table(self.consts, name, || ConstDecl {
            name: name.to_string(),
            elem,
            count: count as u64,
            data: bytes(),
        });
        self.b.addr_of(
            Opcode::ConstAddr,
            index.as_u32(),
            Type::Ptr(AddrSpace::Const),
        )
    }
    /// An `i64` constant.
    pub fn i(&mut self, x: i64) -> Value {
        self.b.iconst(Type::I64, x)
    }
    /// `a + b`.
    pub fn add(&mut self, a: Value, b: Value) -> Value {
        self.b.binary(Opcode::Fadd, a, b)
    }
    /// `a - b`.
    pub fn sub(&mut self, a: Value, b: Value) -> Value {
        self.b.binary(Opcode::Fsub, a, b)
    }
    /// `a * b`.
    pub fn mul(&mut self, a: Value, b: Value) -> Value {
        self.b.binary(Opcode::Fmul, a, b)
    }
    /// `a / b`.
    pub fn div(&mut self, a: Value, b: Value) -> Value {
        self.b.binary(Opcode::Fdiv, a, b)
    }
    /// `a * b + c`, rounded once.
    pub fn fma(&mut self, a: Value, b: Value, c: Value) -> Value {
        self.b.fma(a, b, c)
    }
    /// `a * k` for a constant `k`.
    pub fn mulc(&mut self, a: Value, k: f64) -> Value {
        let k = self.c(k);
        self.mul(a, k)
    }
    /// `a + k` for a constant `k`.
    pub fn addc(&mut self, a: Value, k: f64) -> Value {
        let k = self.c(k);
        self.add(a, k)
    }
    /// `-a`.
    pub fn neg(&mut self, a: Value) -> Value {
        self.b.unary(Opcode::Fneg, self.ty, a)
    }
    /// `|a|`.
    pub fn abs(&mut self, a: Value) -> Value {
        self.b.unary(Opcode::Fabs, self.ty, a)
    }
    /// A one-operand float opcode (`sqrt`, `floor`, `nearest`, ...).
    pub fn un(&mut self, op: Opcode, a: Value) -> Value {
        self.b.unary(op, self.ty, a)
    }
    /// Magnitude of `a`, sign of `s`.
    pub fn copysign(&mut self, a: Value, s: Value) -> Value {
        self.b.binary(Opcode::Copysign, a, s)
    }
    /// A float comparison.
    pub fn cmp(&mut self, cc: FloatCC, a: Value, b: Value) -> Value {
        self.b.fcmp(cc, a, b)
    }
    /// A comparison with a constant.
    pub fn cmpc(&mut self, cc: FloatCC, a: Value, k: f64) -> Value {
        let k = self.c(k);
        self.cmp(cc, a, k)
    }
    /// An integer comparison.
    pub fn icmp(&mut self, cc: IntCC, a: Value, b: Value) -> Value {
        self.b.icmp(cc, a, b)
    }
    /// `c ? a : b`.
    pub fn sel(&mut self, c: Value, a: Value, b: Value) -> Value {
        self.b.select(c, a, b)
    }
    /// `c ? k : b` for a constant `k`.
    pub fn selc(&mut self, c: Value, k: f64, b: Value) -> Value {
        let k = self.c(k);
        self.sel(c, k, b)
    }
    /// `a || b` on `i1`s.
    pub fn or(&mut self, a: Value, b: Value) -> Value {
        self.b.binary(Opcode::Bor, a, b)
    }
    /// `a && b` on `i1`s.
    pub fn and(&mut self, a: Value, b: Value) -> Value {
        self.b.binary(Opcode::Band, a, b)
    }
    /// The bits of a float as an integer of [`Emit::int_ty`].
    pub fn bits(&mut self, a: Value) -> Value {
        let ty = self.int_ty();
        self.b.unary(Opcode::Bitcast, ty, a)
    }
    /// The float with the given bits.
    pub fn from_bits(&mut self, a: Value) -> Value {
        self.b.unary(Opcode::Bitcast, self.ty, a)
    }
    /// An integer binary opcode.
    pub fn ib(&mut self, op: Opcode, a: Value, b: Value) -> Value {
        self.b.binary(op, a, b)
    }
    /// An integer binary opcode with a constant right operand.
    pub fn ibc(&mut self, op: Opcode, a: Value, k: i64) -> Value {
        let ty = self.b.ty(a);
        let k = self.b.iconst(ty, k);
        self.b.binary(op, a, k)
    }
    /// A signed integer to a float.
    pub fn itof(&mut self, a: Value) -> Value {
        self.b.unary(Opcode::FcvtFromSint, self.ty, a)
    }
    /// An integral float to an integer of [`Emit::int_ty`].
    pub fn ftoi(&mut self, a: Value) -> Value {
        let ty = self.int_ty();
        self.b.unary(Opcode::FcvtToSint, ty, a)
    }

    /// `2^k` for an integer `k` (of [`Emit::int_ty`]) in the normal
    /// exponent range (`-1022..=1023` for `f64`, `-126..=127` for `f32`),
    /// built from its bits.
    pub fn pow2(&mut self, k: Value) -> Value {
        let (bias, shift) = if self.ty == Type::F32 {
            (127, 23)
        } else {
            (1023, 52)
        };
        let e = self.ibc(Opcode::Iadd, k, bias);
        let e = self.ibc(Opcode::Ishl, e, shift);
        self.from_bits(e)
    }

    /// `x * 2^k` for `k` in twice the normal exponent range
    /// (`-2044..=2046` for `f64`, `-252..=254` for `f32`), in two exact
    /// steps so only the last multiplication rounds (into the subnormals or
    /// to infinity).
    pub fn scale(&mut self, x: Value, k: Value) -> Value {
        let k1 = self.ibc(Opcode::Sshr, k, 1);
        let k2 = self.ib(Opcode::Isub, k, k1);
        let s1 = self.pow2(k1);
        let s2 = self.pow2(k2);
        let y = self.mul(x, s1);
        self.mul(y, s2)
    }

    /// Horner's rule with `fma`: `c[0] + x*(c[1] + x*(...))`.
    pub fn poly(&mut self, x: Value, c: &[f64]) -> Value {
        let (last, rest) = c.split_last().expect("a polynomial has coefficients");
        let mut acc = self.c(*last);
        for &k in rest.iter().rev() {
            let k = self.c(k);
            acc = self.fma(acc, x, k);
        }
        acc
    }

    /// [`Emit::poly`] with the coefficients of the type computed in: `c64`
    /// for `f64`, `c32` for `f32` (for an algorithm written once for both).
    pub fn poly_for(&mut self, x: Value, c64: &[f64], c32: &[f32]) -> Value {
        if self.ty == Type::F32 {
            let c: Vec<f64> = c32.iter().map(|&v| f64::from(v)).collect();
            self.poly(x, &c)
        } else {
            self.poly(x, c64)
        }
    }

    /// A constant split in two parts, `[head, tail]`, in the type computed
    /// in: `c64` for `f64`, `c32` for `f32`.
    pub fn split_for(&self, c64: &[f64], c32: [f32; 2]) -> [f64; 2] {
        if self.ty == Type::F32 {
            c32.map(f64::from)
        } else {
            [c64[0], c64[1]]
        }
    }

    /// `1/d` from an estimate `y0` of relative error `eps`, refined by
    /// `steps` Newton steps `y + y (1 - d y)` (two `fma`s each, no
    /// division and no slow path): the error becomes about `eps^2`, then
    /// `eps^4`, ..., plus a rounding of `y`. For a library function's
    /// internal quotient with a known range of `d` (user-visible `/` stays
    /// the IEEE division).
    pub fn recip_refine(&mut self, d: Value, y0: Value, steps: usize) -> Value {
        let one = self.c(1.0);
        let nd = self.neg(d);
        let mut y = y0;
        for _ in 0..steps {
            let r = self.fma(nd, y, one);
            y = self.fma(y, r, y);
        }
        y
    }

    /// `1/d` for `d` in `[1 + sqrt(1/2), 1 + sqrt(2)]` (`2 + f` of the
    /// logarithms' reduced argument `f`), without a division: the minimax
    /// line `0.98506 - 0.23902 d` (relative error at most 0.0150, in
    /// either format) refined by [`Emit::recip_refine`], two steps for
    /// `f32` (about 5e-8) and three for `f64` (about 3e-15; a caller
    /// wanting a quotient rounds it with one correction step).
    pub fn recip_log_den(&mut self, d: Value) -> Value {
        let beta = self.c(-0.239_015_999_226_484_14);
        let alpha = self.c(0.985_061_500_048_344_7);
        let y0 = self.fma(beta, d, alpha);
        let steps = if self.ty == Type::F32 { 2 } else { 3 };
        self.recip_refine(d, y0, steps)
    }

    /// `a + b` exactly, as a rounded sum and its error (Knuth's two-sum).
    pub fn two_sum(&mut self, a: Value, b: Value) -> Dd {
        let s = self.add(a, b);
        let bb = self.sub(s, a);
        let ab = self.sub(s, bb);
        let eb = self.sub(b, bb);
        let ea = self.sub(a, ab);
        let lo = self.add(ea, eb);
        Dd { hi: s, lo }
    }

    /// `a + b` exactly when `|a| >= |b|` (Dekker's fast two-sum).
    pub fn fast_two_sum(&mut self, a: Value, b: Value) -> Dd {
        let s = self.add(a, b);
        let t = self.sub(s, a);
        let lo = self.sub(b, t);
        Dd { hi: s, lo }
    }

    /// `a * b` exactly, as a rounded product and its error (via `fma`).
    pub fn two_prod(&mut self, a: Value, b: Value) -> Dd {
        let p = self.mul(a, b);
        let np = self.neg(p);
        let lo = self.fma(a, b, np);
        Dd { hi: p, lo }
    }

    /// A double-double times a double-double constant `(kh, kl)`, to about
    /// 2^-100 relative.
    pub fn dd_mulc(&mut self, a: Dd, kh: f64, kl: f64) -> Dd {
        let kh_v = self.c(kh);
        let p = self.two_prod(a.hi, kh_v);
        let t = self.mul(a.lo, kh_v);
        let u = self.mulc(a.hi, kl);
        let lo = self.add(t, u);
        let lo = self.add(p.lo, lo);
        self.fast_two_sum(p.hi, lo)
    }
}
