//! How typed values are represented by IR values.
//!
//! A scalar is one IR value (`bool` is an `i1` in registers and an `i8` in
//! memory and in the kernel ABI); a complex number is two, its real and
//! imaginary parts. An array is its data pointer (in its
//! address space), one `i64` extent per dimension and one `i64` byte stride
//! per dimension. A tuple is its elements, flattened. An optional number
//! (`OptionalType(int64)`) is the pair (has a value: `i1`, the value). [`flatten_type`] lists
//! the IR types of these components ("slots"), [`LValue`] holds the values.

use super::FnLowering;
use crate::ir::{self, AddrSpace, IntCC, Opcode};
use crate::types::{ArrayType, Elem, Layout, MemSpace, Scalar, Type};
use cranelift_entity::packed_option::ReservedValue;

/// The IR type of a scalar in registers.
pub fn ir_type(s: Scalar) -> ir::Type {
    match s {
        Scalar::Bool => ir::Type::I1,
        Scalar::I8 | Scalar::U8 => ir::Type::I8,
        // A bfloat16 is its bits, as numba-cuda's data model has it.
        Scalar::I16 | Scalar::U16 | Scalar::BF16 => ir::Type::I16,
        Scalar::I32 | Scalar::U32 => ir::Type::I32,
        Scalar::I64 | Scalar::U64 => ir::Type::I64,
        Scalar::F16 => ir::Type::F16,
        Scalar::F32 => ir::Type::F32,
        Scalar::F64 => ir::Type::F64,
    }
}

/// The IR type of a scalar in memory (`bool` is a byte).
pub fn mem_type(s: Scalar) -> ir::Type {
    match s {
        Scalar::Bool => ir::Type::I8,
        other => ir_type(other),
    }
}

/// How a shared or local array of `elem` is declared: the IR type of its
/// memory units and how many units one element takes (a complex number is
/// two floats).
pub fn mem_units(elem: Elem) -> (ir::Type, u64) {
    match elem {
        Elem::Scalar(s) => (mem_type(s), 1),
        Elem::Complex(part) => (ir_type(part), 2),
        // Records (a record dtype of the file) are bytes; the arrays are
        // declared 16-byte aligned, as NumPy aligns a record's fields.
        Elem::Record(r) => (ir::Type::I8, u64::from(r.size())),
    }
}

/// The address space of an array's memory space.
pub fn addr_space(m: MemSpace) -> AddrSpace {
    match m {
        MemSpace::Global => AddrSpace::Global,
        MemSpace::Shared => AddrSpace::Shared,
        MemSpace::Local => AddrSpace::Local,
        MemSpace::Const => AddrSpace::Const,
    }
}

/// Appends the IR types of a typed value's components. With `kernel_abi`,
/// `bool` is passed as an `i8`.
pub fn flatten_type(ty: &Type, kernel_abi: bool, out: &mut Vec<ir::Type>) {
    match ty {
        Type::Scalar(Scalar::Bool) if kernel_abi => out.push(ir::Type::I8),
        Type::Scalar(s) => out.push(ir_type(*s)),
        // An enum member is its value.
        Type::Enum(e) => flatten_type(&e.value_type(), kernel_abi, out),
        Type::Complex(part) => {
            out.push(ir_type(*part));
            out.push(ir_type(*part));
        }
        Type::Vector(v) => {
            for _ in 0..v.n {
                out.push(ir_type(v.base));
            }
        }
        Type::Array(a) => {
            out.push(ir::Type::Ptr(addr_space(a.space)));
            for _ in 0..2 * a.ndim {
                out.push(ir::Type::I64);
            }
        }
        Type::Tuple(items) => items.iter().for_each(|t| flatten_type(t, kernel_abi, out)),
        // A record is a reference: its address.
        Type::Record(r) => out.push(ir::Type::Ptr(addr_space(r.space))),
        // A pointer is its address (a `u64` parameter in the kernel ABI,
        // which PTX declares as it declares an array's data pointer).
        Type::Pointer(_) => out.push(ir::Type::Ptr(AddrSpace::Global)),
        // Whether there is a value, then the value.
        Type::Optional(s) => {
            out.push(ir::Type::I1);
            out.push(ir_type(*s));
        }
        Type::None | Type::Unknown | Type::Function(_) | Type::Class(_) | Type::GridGroup => {}
    }
}

pub use crate::types::MAX_NDIM;

/// An array value: pointer, extents, byte strides.
#[derive(Clone, Copy, Debug)]
pub struct ArrayVal {
    /// The typed array type (its `ndim` says how many extents and strides
    /// there are).
    pub ty: ArrayType,
    /// Address of element `[0, ..., 0]`.
    pub ptr: ir::Value,
    /// Extent of each dimension (`i64`), then unused entries.
    extents: [ir::Value; MAX_NDIM],
    /// Byte stride of each dimension (`i64`), then unused entries.
    strides: [ir::Value; MAX_NDIM],
}

impl ArrayVal {
    /// Number of dimensions.
    pub fn ndim(&self) -> usize {
        self.ty.ndim as usize
    }

    /// The extent of each dimension.
    pub fn shape(&self) -> &[ir::Value] {
        &self.extents[..self.ndim()]
    }

    /// The byte stride of each dimension.
    pub fn strides(&self) -> &[ir::Value] {
        &self.strides[..self.ndim()]
    }

    /// The view of type `ty` at `ptr` of the dimensions after the first
    /// `skip`.
    pub fn view(&self, ty: ArrayType, ptr: ir::Value, skip: usize) -> ArrayVal {
        let n = ty.ndim as usize;
        debug_assert_eq!(n + skip, self.ndim());
        ArrayVal {
            ty,
            ptr,
            extents: dims(n, |k| self.extents[skip + k]),
            strides: dims(n, |k| self.strides[skip + k]),
        }
    }

    /// The array of type `ty` at `ptr` with these extents and byte strides.
    pub fn new(
        ty: ArrayType,
        ptr: ir::Value,
        extents: &[ir::Value],
        strides: &[ir::Value],
    ) -> Self {
        let n = ty.ndim as usize;
        debug_assert!(extents.len() == n && strides.len() == n);
        ArrayVal {
            ty,
            ptr,
            extents: dims(n, |k| extents[k]),
            strides: dims(n, |k| strides[k]),
        }
    }

    /// The same elements with the dimensions in reverse order (`a.T`), of
    /// type `ty`.
    pub fn transposed(&self, ty: ArrayType) -> ArrayVal {
        let n = self.ndim();
        debug_assert_eq!(ty.ndim as usize, n);
        ArrayVal {
            ty,
            ptr: self.ptr,
            extents: dims(n, |k| self.extents[n - 1 - k]),
            strides: dims(n, |k| self.strides[n - 1 - k]),
        }
    }
}

/// `value(k)` for `k` in `0..n`, in order, padded to [`MAX_NDIM`] entries.
fn dims(n: usize, value: impl FnMut(usize) -> ir::Value) -> [ir::Value; MAX_NDIM] {
    assert!(n <= MAX_NDIM, "arrays have at most {MAX_NDIM} dimensions");
    let mut out = [ir::Value::reserved_value(); MAX_NDIM];
    out[..n]
        .iter_mut()
        .zip((0..n).map(value))
        .for_each(|(o, v)| *o = v);
    out
}

/// A typed value made of IR values.
#[derive(Clone, Debug)]
pub enum LValue {
    /// A scalar.
    Scalar(ir::Value),
    /// A complex number: its real and imaginary parts.
    Complex(ir::Value, ir::Value),
    /// An array.
    Array(ArrayVal),
    /// A tuple.
    Tuple(Vec<LValue>),
    /// No value (`None`, or a call returning nothing).
    Unit,
}

impl LValue {
    /// The scalar value; panics on other kinds (the typed tree guarantees it).
    pub fn scalar(&self) -> ir::Value {
        match self {
            LValue::Scalar(v) => *v,
            other => panic!("expected a scalar, got {other:?}"),
        }
    }

    /// The real and imaginary parts of a complex value.
    pub fn complex(&self) -> (ir::Value, ir::Value) {
        match self {
            LValue::Complex(re, im) => (*re, *im),
            other => panic!("expected a complex number, got {other:?}"),
        }
    }

    /// The array value.
    pub fn array(&self) -> &ArrayVal {
        match self {
            LValue::Array(a) => a,
            other => panic!("expected an array, got {other:?}"),
        }
    }

    /// The components in slot order.
    pub fn flatten(&self) -> Vec<ir::Value> {
        let mut out = Vec::new();
        self.for_each_component(&mut |v| out.push(v));
        out
    }

    /// Calls `f` on every component, in slot order.
    pub fn for_each_component(&self, f: &mut impl FnMut(ir::Value)) {
        match self {
            LValue::Scalar(v) => f(*v),
            LValue::Complex(re, im) => {
                f(*re);
                f(*im);
            }
            LValue::Array(a) => {
                f(a.ptr);
                a.shape().iter().for_each(|v| f(*v));
                a.strides().iter().for_each(|v| f(*v));
            }
            LValue::Tuple(items) => items.iter().for_each(|i| i.for_each_component(f)),
            LValue::Unit => {}
        }
    }

    /// Rebuilds a value of type `ty` from its components.
    pub fn from_flat(ty: &Type, values: &[ir::Value]) -> LValue {
        let mut it = values.iter().copied();
        let v = Self::take(ty, &mut it);
        debug_assert!(it.next().is_none(), "every component is used");
        v
    }

    /// Builds a value of type `ty` from the next components `it` yields.
    pub fn take(ty: &Type, it: &mut impl Iterator<Item = ir::Value>) -> LValue {
        match ty {
            Type::Scalar(_) => LValue::Scalar(it.next().expect("scalar component")),
            // An enum member is its value: a number or a tuple of them.
            Type::Enum(e) => Self::take(&e.value_type(), it),
            Type::Complex(_) => LValue::Complex(
                it.next().expect("real part"),
                it.next().expect("imaginary part"),
            ),
            // A vector is its components, as a tuple of scalars.
            Type::Vector(v) => LValue::Tuple(
                (0..v.n)
                    .map(|_| LValue::Scalar(it.next().expect("vector component")))
                    .collect(),
            ),
            Type::Record(_) => LValue::Scalar(it.next().expect("record address")),
            Type::Pointer(_) => LValue::Scalar(it.next().expect("pointer address")),
            // As the tuple (has a value, value).
            Type::Optional(_) => LValue::Tuple(vec![
                LValue::Scalar(it.next().expect("optional's flag")),
                LValue::Scalar(it.next().expect("optional's value")),
            ]),
            Type::Array(a) => {
                let n = a.ndim as usize;
                LValue::Array(ArrayVal {
                    ty: *a,
                    ptr: it.next().expect("array pointer"),
                    extents: dims(n, |_| it.next().expect("extent")),
                    strides: dims(n, |_| it.next().expect("stride")),
                })
            }
            Type::Tuple(items) => LValue::Tuple(items.iter().map(|t| Self::take(t, it)).collect()),
            Type::None | Type::Unknown | Type::Function(_) | Type::Class(_) | Type::GridGroup => {
                LValue::Unit
            }
        }
    }
}

/// Builds the value of a parameter of type `ty` from the entry block's
/// parameters (converting an ABI `i8` bool to `i1`).
pub(super) fn unflatten_params(
    l: &mut FnLowering<'_>,
    ty: &Type,
    kernel_abi: bool,
    it: &mut impl Iterator<Item = ir::Value>,
) -> LValue {
    match ty {
        Type::Scalar(Scalar::Bool) if kernel_abi => {
            let byte = it.next().expect("bool parameter");
            let zero = l.ins().iconst(ir::Type::I8, 0);
            LValue::Scalar(l.ins().icmp(IntCC::Ne, byte, zero))
        }
        Type::Tuple(items) => LValue::Tuple(
            items
                .iter()
                .map(|t| unflatten_params(l, t, kernel_abi, it))
                .collect(),
        ),
        other => LValue::take(other, it),
    }
}

impl FnLowering<'_> {
    /// A contiguous array of type `ty` (layout C or F) at `ptr` with the
    /// extents `extents` (`i64` values, one per dimension): its strides
    /// are the products of the item size and the extents before it, from
    /// the last dimension in C order and from the first in F order.
    pub(super) fn contiguous_array(
        &mut self,
        ty: ArrayType,
        ptr: ir::Value,
        extents: &[ir::Value],
    ) -> ArrayVal {
        let n = extents.len();
        debug_assert_eq!(n, ty.ndim as usize);
        let mut strides = [ir::Value::reserved_value(); MAX_NDIM];
        let mut step = self.ins().iconst(ir::Type::I64, i64::from(ty.elem.size()));
        let order: Vec<usize> = match ty.layout {
            Layout::F => (0..n).collect(),
            _ => (0..n).rev().collect(),
        };
        for (pos, &k) in order.iter().enumerate() {
            strides[k] = step;
            if pos + 1 < n {
                step = self.ins().binary(Opcode::Imul, step, extents[k]);
            }
        }
        ArrayVal {
            ty,
            ptr,
            extents: dims(n, |k| extents[k]),
            strides: dims(n, |k| strides[k]),
        }
    }

    /// An array value for a statically shaped (shared, local, constant)
    /// C-ordered array at `ptr`.
    pub(super) fn static_array(&mut self, ty: ArrayType, ptr: ir::Value, shape: &[u64]) -> LValue {
        debug_assert_eq!(shape.len(), ty.ndim as usize);
        let elem = i64::from(ty.elem.size());
        let mut strides = [0i64; MAX_NDIM];
        let mut acc = elem;
        for k in (0..shape.len()).rev() {
            strides[k] = acc;
            acc *= shape[k].max(1) as i64;
        }
        let n = shape.len();
        LValue::Array(ArrayVal {
            ty,
            ptr,
            extents: dims(n, |k| self.ins().iconst(ir::Type::I64, shape[k] as i64)),
            strides: dims(n, |k| self.ins().iconst(ir::Type::I64, strides[k])),
        })
    }

    /// A C-contiguous 1-D array of `len` items at `ptr` (dynamic shared
    /// memory, whose length is known at launch).
    pub(super) fn array_1d(&mut self, ty: ArrayType, ptr: ir::Value, len: ir::Value) -> LValue {
        debug_assert_eq!(ty.ndim, 1);
        let elem = i64::from(ty.elem.size());
        LValue::Array(ArrayVal {
            ty,
            ptr,
            extents: dims(1, |_| len),
            strides: dims(1, |_| self.ins().iconst(ir::Type::I64, elem)),
        })
    }

    /// The address of a shared, local or constant array.
    pub(super) fn addr_of(&mut self, opcode: Opcode, index: u32, space: AddrSpace) -> ir::Value {
        self.ins().addr_of(opcode, index, ir::Type::Ptr(space))
    }
}
