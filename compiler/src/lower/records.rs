//! Record fields in IR. A record value is the address of the record (see
//! [`super::values`]); a field is read or written at its byte offset. An
//! array field is a C-ordered view at that offset with the field's
//! constant extents; a nested record field is its address.
//! A field that may not be aligned to its size (a packed record: NumPy
//! lays such fields at any byte) is moved byte by byte, little-endian, as
//! NVPTX does for an under-aligned access, since the GPU faults on a
//! misaligned load.

use super::values::{ir_type, mem_type, ArrayVal, LValue};
use super::FnLowering;
use crate::ir::{self, IntCC, Opcode, Value};
use crate::records::{FieldType, RecordType};
use crate::types::{ArrayType, Elem, Layout, MemSpace, Scalar, Type};

/// True when a scalar of `size` bytes at byte `offset` of every element of
/// a `record` array lies at a multiple of its size (given an array aligned
/// as NumPy aligns one): the offset and the record's size are multiples of
/// it. (NumPy's `align=True` promises this; it is checked rather than
/// trusted, since a signature can claim it of any layout.)
fn scalar_aligned(record: RecordType, offset: u32, size: u32) -> bool {
    offset.is_multiple_of(size) && record.size().is_multiple_of(size)
}

impl FnLowering<'_> {
    /// Reads field `k` of the record at `addr`: a number, a complex
    /// number, a view of a nested array or the address of a nested record
    /// (`ty` is the field's type in the typed program).
    pub(super) fn load_field(
        &mut self,
        addr: Value,
        record: RecordType,
        k: u32,
        ty: &Type,
    ) -> LValue {
        let field = &record.layout().fields[k as usize];
        let offset = field.offset;
        match (&field.ty, ty) {
            (FieldType::Scalar(s), _) => {
                LValue::Scalar(self.load_scalar_at(addr, record, offset, *s))
            }
            (FieldType::Complex(part), _) => {
                let re = self.load_scalar_at(addr, record, offset, *part);
                let im = self.load_scalar_at(addr, record, offset + part.size(), *part);
                LValue::Complex(re, im)
            }
            (FieldType::Array { shape, .. }, Type::Array(a)) => {
                let at = self.field_addr(addr, offset);
                let shape: Vec<u64> = shape.iter().map(|&n| u64::from(n)).collect();
                self.static_array(*a, at, &shape)
            }
            (FieldType::Record(_), _) => LValue::Scalar(self.field_addr(addr, offset)),
            (FieldType::Array { .. }, other) => {
                unreachable!("an array field is typed as an array, not {other}")
            }
        }
    }

    /// Writes `v` (of the field's type, or for an array field a
    /// C-contiguous array, or for a record field a record of its type) into
    /// field `k` of the record at `addr`.
    pub(super) fn store_field(&mut self, addr: Value, record: RecordType, k: u32, v: &LValue) {
        let field = &record.layout().fields[k as usize];
        let offset = field.offset;
        match &field.ty {
            FieldType::Scalar(s) => self.store_scalar_at(addr, record, offset, *s, v.scalar()),
            FieldType::Complex(part) => {
                let (re, im) = v.complex();
                self.store_scalar_at(addr, record, offset, *part, re);
                self.store_scalar_at(addr, record, offset + part.size(), *part, im);
            }
            FieldType::Array { elem, shape } => {
                let to = self.field_addr(addr, offset);
                let nitems: u32 = shape.iter().product();
                self.copy_into_field(v.array(), to, *elem, nitems);
            }
            FieldType::Record(inner) => {
                let to = self.field_addr(addr, offset);
                self.copy_record(v.scalar(), to, *inner);
            }
        }
    }

    /// Copies every field of the record at `from` to the record at `to`
    /// (`a[i] = b[j]`; padding is not copied).
    pub(super) fn copy_record(&mut self, from: Value, to: Value, record: RecordType) {
        for k in 0..record.layout().fields.len() as u32 {
            let ty = match &record.layout().fields[k as usize].ty {
                // A view's type is only read for its elements and extents.
                FieldType::Array { elem, shape } => Type::Array(ArrayType {
                    elem: *elem,
                    ndim: shape.len() as u8,
                    layout: Layout::C,
                    space: MemSpace::Global,
                }),
                _ => Type::Unknown,
            };
            let v = self.load_field(from, record, k, &ty);
            self.store_field(to, record, k, &v);
        }
    }

    /// The address `offset` bytes into the record at `addr`.
    fn field_addr(&mut self, addr: Value, offset: u32) -> Value {
        if offset == 0 {
            return addr;
        }
        let off = self.ins().iconst(ir::Type::I64, i64::from(offset));
        self.ins().ptr_add(addr, off)
    }

    /// Copies the first `nitems` elements of the C-contiguous array `src`
    /// (fewer when it has fewer) to the nested array at `to`, as Numba
    /// copies an array into an array field (a `memcpy` of `nitems`
    /// elements).
    fn copy_into_field(&mut self, src: &ArrayVal, to: Value, elem: Elem, nitems: u32) {
        let i64t = ir::Type::I64;
        let mut size = self.ins().iconst(i64t, 1);
        for &n in src.shape() {
            size = self.ins().binary(Opcode::Imul, size, n);
        }
        let nitems = self.ins().iconst(i64t, i64::from(nitems));
        let fewer = self.ins().icmp(IntCC::Slt, size, nitems);
        let count = self.ins().select(fewer, size, nitems);
        let size = self.ins().iconst(i64t, i64::from(elem.size()));
        let (header, body, exit) = (self.new_block(), self.new_block(), self.new_block());
        let i = self.func.dfg.append_block_params(header, &[i64t])[0];
        let zero = self.ins().iconst(i64t, 0);
        self.ins().jump(header, &[zero]);
        self.switch_to(header);
        let more = self.ins().icmp(IntCC::Slt, i, count);
        self.ins().brif(more, body, &[], exit, &[]);
        self.switch_to(body);
        let off = self.ins().binary(Opcode::Imul, i, size);
        let from = self.ins().ptr_add(src.ptr, off);
        let at = self.ins().ptr_add(to, off);
        self.copy_elem(from, at, elem);
        let one = self.ins().iconst(i64t, 1);
        let next = self.ins().binary(Opcode::Iadd, i, one);
        self.ins().jump(header, &[next]);
        self.switch_to(exit);
    }

    /// Copies one array element of type `elem` from `from` to `to`.
    pub(super) fn copy_elem(&mut self, from: Value, to: Value, elem: Elem) {
        match elem {
            Elem::Scalar(s) => {
                let v = self.load_elem(from, s);
                self.store_elem(to, s, v);
            }
            Elem::Complex(part) => {
                let t = ir_type(part);
                let re = self.ins().load(t, from, 0);
                let im = self.ins().load(t, from, part.size() as i32);
                self.ins().store(to, re, 0);
                self.ins().store(to, im, part.size() as i32);
            }
            Elem::Record(r) => self.copy_record(from, to, r),
        }
    }

    /// Reads the scalar `ty` at byte `offset` of the record at `addr`,
    /// byte by byte where it may be misaligned.
    fn load_scalar_at(
        &mut self,
        addr: Value,
        record: RecordType,
        offset: u32,
        ty: Scalar,
    ) -> Value {
        let raw = if scalar_aligned(record, offset, ty.size()) {
            self.ins().load(mem_type(ty), addr, offset as i32)
        } else {
            self.load_bytes(addr, offset as i32, ty)
        };
        if ty == Scalar::Bool {
            let zero = self.ins().iconst(ir::Type::I8, 0);
            self.ins().icmp(IntCC::Ne, raw, zero)
        } else {
            raw
        }
    }

    /// Writes the scalar `v` of type `ty` at byte `offset` of the record
    /// at `addr`, byte by byte where it may be misaligned.
    fn store_scalar_at(
        &mut self,
        addr: Value,
        record: RecordType,
        offset: u32,
        ty: Scalar,
        v: Value,
    ) {
        let v = if ty == Scalar::Bool {
            self.ins().unary(Opcode::Uextend, ir::Type::I8, v)
        } else {
            v
        };
        if scalar_aligned(record, offset, ty.size()) {
            self.ins().store(addr, v, offset as i32);
        } else {
            self.store_bytes(addr, offset as i32, ty, v);
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
