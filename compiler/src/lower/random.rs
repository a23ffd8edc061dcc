//! `numba.cuda.random`'s draws in IR, as numba-cuda computes them: one
//! xoroshiro128+ step on the record `states[index]` (fields `s0`, `s1`),
//! the top 53 bits of the result scaled to [0, 1), and for the normal
//! draws the Box-Muller transform of two float32 uniforms (numba-cuda's
//! `xoroshiro128p_normal_float64` draws its uniforms in float32 too).

use super::values::LValue;
use super::FnLowering;
use crate::ir::{self, Opcode, Value};
use crate::records::RecordType;
use crate::sema::intrinsics::RandomFn;
use crate::sema::typed::TExpr;
use crate::types::{Elem, Scalar, Type};

/// `2 * math.pi` rounded to float32, as numba-cuda's `TWO_PI_FLOAT32`.
const TWO_PI_F32: f32 = 2.0 * std::f32::consts::PI;

impl FnLowering<'_> {
    /// `r(states, index)`; `args` are the states array and an int64 index.
    pub(super) fn random_draw(&mut self, r: RandomFn, args: &[TExpr]) -> Value {
        let states = *self.expr(&args[0]).array();
        let index = self.expr(&args[1]).scalar();
        let addr = self.element_address(&states, &[(index, Scalar::I64)]);
        let Elem::Record(record) = states.ty.elem else {
            unreachable!("states are records (type checked)")
        };
        match r {
            RandomFn::UniformFloat64 => self.uniform_f64(addr, record),
            RandomFn::UniformFloat32 => self.uniform_f32(addr, record),
            RandomFn::NormalFloat32 | RandomFn::NormalFloat64 => {
                let t = if r == RandomFn::NormalFloat32 {
                    ir::Type::F32
                } else {
                    ir::Type::F64
                };
                let u1 = self.uniform_f32(addr, record);
                let u2 = self.uniform_f32(addr, record);
                // sqrt(-2 log(u1)) cos(2 pi u2): the log in float32, the
                // rest in the result's type.
                let log = self.ins().unary(Opcode::Log, ir::Type::F32, u1);
                let log = self.widen(log, t);
                let minus_two = self.ins().fconst(t, -2.0);
                let radius = self.ins().binary(Opcode::Fmul, minus_two, log);
                let radius = self.ins().unary(Opcode::Sqrt, t, radius);
                let two_pi = if t == ir::Type::F32 {
                    f64::from(TWO_PI_F32)
                } else {
                    2.0 * std::f64::consts::PI
                };
                let two_pi = self.ins().fconst(t, two_pi);
                let u2 = self.widen(u2, t);
                let angle = self.ins().binary(Opcode::Fmul, two_pi, u2);
                let cos = self.ins().unary(Opcode::Cos, t, angle);
                self.ins().binary(Opcode::Fmul, radius, cos)
            }
        }
    }

    /// `v` (float32) as type `t`.
    fn widen(&mut self, v: Value, t: ir::Type) -> Value {
        if t == ir::Type::F32 {
            v
        } else {
            self.ins().unary(Opcode::Fpromote, t, v)
        }
    }

    /// `uint64_to_unit_float32`: the float64 draw rounded to float32.
    fn uniform_f32(&mut self, addr: Value, record: RecordType) -> Value {
        let d = self.uniform_f64(addr, record);
        self.ins().unary(Opcode::Fdemote, ir::Type::F32, d)
    }

    /// `uint64_to_unit_float64(xoroshiro128p_next(...))`: `(x >> 11) *
    /// 2**-53`, exact.
    fn uniform_f64(&mut self, addr: Value, record: RecordType) -> Value {
        let x = self.xoroshiro128p_next(addr, record);
        let eleven = self.ins().iconst(ir::Type::I64, 11);
        let top = self.ins().binary(Opcode::Ushr, x, eleven);
        let f = self.ins().unary(Opcode::FcvtFromUint, ir::Type::F64, top);
        let scale = self.ins().fconst(ir::Type::F64, 2f64.powi(-53));
        self.ins().binary(Opcode::Fmul, f, scale)
    }

    /// One xoroshiro128+ step of the state at `addr`: returns `s0 + s1`
    /// and stores the next state.
    fn xoroshiro128p_next(&mut self, addr: Value, record: RecordType) -> Value {
        let field = |name: &str| {
            let fields = &record.layout().fields;
            fields.iter().position(|f| f.name == name).expect("checked") as u32
        };
        let (k0, k1) = (field("s0"), field("s1"));
        let s0 = self
            .load_field(addr, record, k0, &Type::Scalar(Scalar::U64))
            .scalar();
        let s1 = self
            .load_field(addr, record, k1, &Type::Scalar(Scalar::U64))
            .scalar();
        let result = self.ins().binary(Opcode::Iadd, s0, s1);
        let s1 = self.ins().binary(Opcode::Bxor, s1, s0);
        let r55 = self.rotl64(s0, 55);
        let fourteen = self.ins().iconst(ir::Type::I64, 14);
        let s1_14 = self.ins().binary(Opcode::Ishl, s1, fourteen);
        let new_s0 = self.ins().binary(Opcode::Bxor, r55, s1);
        let new_s0 = self.ins().binary(Opcode::Bxor, new_s0, s1_14);
        let new_s1 = self.rotl64(s1, 36);
        self.store_field(addr, record, k0, &LValue::Scalar(new_s0));
        self.store_field(addr, record, k1, &LValue::Scalar(new_s1));
        result
    }

    /// `x` rotated left by `k` bits (0 < k < 64).
    fn rotl64(&mut self, x: Value, k: i64) -> Value {
        let left = self.ins().iconst(ir::Type::I64, k);
        let right = self.ins().iconst(ir::Type::I64, 64 - k);
        let hi = self.ins().binary(Opcode::Ishl, x, left);
        let lo = self.ins().binary(Opcode::Ushr, x, right);
        self.ins().binary(Opcode::Bor, hi, lo)
    }
}
