//! Record fields in IR. A record value is the address of the record (see
//! [`super::values`]); a field is read or written at its byte offset.
//! A field that may not be aligned to its size (a packed record: NumPy
//! lays such fields at any byte) is moved byte by byte, little-endian, as
//! NVPTX does for an under-aligned access, since the GPU faults on a
//! misaligned load.

use super::values::{ir_type, mem_type};
use super::FnLowering;
use crate::ir::{self, IntCC, Opcode, Value};
use crate::records::RecordType;
use crate::types::Scalar;

/// True when field `k` of every element of a `record` array lies at a
/// multiple of its size (given an array aligned as NumPy aligns one): its
/// offset and the record's size are multiples of it. (NumPy's `align=True`
/// promises this; it is checked rather than trusted, since a signature can
/// claim it of any layout.)
fn field_aligned(record: RecordType, k: u32) -> bool {
    let layout = record.layout();
    let field = &layout.fields[k as usize];
    let size = field.ty.size();
    field.offset.is_multiple_of(size) && layout.size.is_multiple_of(size)
}

impl FnLowering<'_> {
    /// Reads field `k` of the record at `addr`.
    pub(super) fn load_field(&mut self, addr: Value, record: RecordType, k: u32) -> Value {
        let field = &record.layout().fields[k as usize];
        let offset = field.offset as i32;
        let raw = if field_aligned(record, k) {
            self.ins().load(mem_type(field.ty), addr, offset)
        } else {
            self.load_bytes(addr, offset, field.ty)
        };
        if field.ty == Scalar::Bool {
            let zero = self.ins().iconst(ir::Type::I8, 0);
            self.ins().icmp(IntCC::Ne, raw, zero)
        } else {
            raw
        }
    }

    /// Writes `v` into field `k` of the record at `addr`.
    pub(super) fn store_field(&mut self, addr: Value, record: RecordType, k: u32, v: Value) {
        let field = &record.layout().fields[k as usize];
        let offset = field.offset as i32;
        let v = if field.ty == Scalar::Bool {
            self.ins().unary(Opcode::Uextend, ir::Type::I8, v)
        } else {
            v
        };
        if field_aligned(record, k) {
            self.ins().store(addr, v, offset);
        } else {
            self.store_bytes(addr, offset, field.ty, v);
        }
    }

    /// Copies every field of the record at `from` to the record at `to`
    /// (`a[i] = b[j]`; padding is not copied).
    pub(super) fn copy_record(&mut self, from: Value, to: Value, record: RecordType) {
        for k in 0..record.layout().fields.len() as u32 {
            let v = self.load_field(from, record, k);
            self.store_field(to, record, k, v);
        }
    }

    /// A value of type `ty` (in memory form) assembled from the bytes at
    /// `addr + offset`, the first the least significant.
    fn load_bytes(&mut self, addr: Value, offset: i32, ty: Scalar) -> Value {
        let mem = mem_type(ty);
        let int = ir::Type::int(mem.bits()).expect("a field is 8 to 64 bits");
        let mut acc = None;
        for k in 0..mem.bytes() {
            let byte = self.ins().load(ir::Type::I8, addr, offset + k as i32);
            let wide = if int == ir::Type::I8 {
                byte
            } else {
                self.ins().unary(Opcode::Uextend, int, byte)
            };
            let part = if k == 0 {
                wide
            } else {
                let shift = self.ins().iconst(int, 8 * i64::from(k));
                self.ins().binary(Opcode::Ishl, wide, shift)
            };
            acc = Some(match acc {
                None => part,
                Some(a) => self.ins().binary(Opcode::Bor, a, part),
            });
        }
        let bits = acc.expect("at least one byte");
        if ty.is_float() {
            self.ins().unary(Opcode::Bitcast, ir_type(ty), bits)
        } else {
            bits
        }
    }

    /// Stores `v` (of type `ty`, in memory form) as bytes at
    /// `addr + offset`, the least significant first.
    fn store_bytes(&mut self, addr: Value, offset: i32, ty: Scalar, v: Value) {
        let mem = mem_type(ty);
        let int = ir::Type::int(mem.bits()).expect("a field is 8 to 64 bits");
        let bits = if ty.is_float() {
            self.ins().unary(Opcode::Bitcast, int, v)
        } else {
            v
        };
        for k in 0..mem.bytes() {
            let part = if k == 0 {
                bits
            } else {
                let shift = self.ins().iconst(int, 8 * i64::from(k));
                self.ins().binary(Opcode::Ushr, bits, shift)
            };
            let byte = if int == ir::Type::I8 {
                part
            } else {
                self.ins().unary(Opcode::Ireduce, ir::Type::I8, part)
            };
            self.ins().store(addr, byte, offset + k as i32);
        }
    }
}
