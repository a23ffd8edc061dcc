//! How typed values are represented by IR values.
//!
//! A scalar is one IR value (`bool` is an `i1` in registers and an `i8` in
//! memory and in the kernel ABI). An array is its data pointer (in its
//! address space), one `i64` extent per dimension and one `i64` byte stride
//! per dimension. A tuple is its elements, flattened. [`flatten_type`] lists
//! the IR types of these components ("slots"), [`LValue`] holds the values.

use super::FnLowering;
use crate::ir::{self, AddrSpace, IntCC, Opcode};
use crate::types::{ArrayType, MemSpace, Scalar, Type};

/// The IR type of a scalar in registers.
pub fn ir_type(s: Scalar) -> ir::Type {
    match s {
        Scalar::Bool => ir::Type::I1,
        Scalar::I8 | Scalar::U8 => ir::Type::I8,
        Scalar::I16 | Scalar::U16 => ir::Type::I16,
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
        Type::Array(a) => {
            out.push(ir::Type::Ptr(addr_space(a.space)));
            for _ in 0..2 * a.ndim {
                out.push(ir::Type::I64);
            }
        }
        Type::Tuple(items) => items.iter().for_each(|t| flatten_type(t, kernel_abi, out)),
        Type::None | Type::Unknown => {}
    }
}

/// An array value: pointer, extents, byte strides.
#[derive(Clone, Debug)]
pub struct ArrayVal {
    /// The typed array type.
    pub ty: ArrayType,
    /// Address of element `[0, ..., 0]`.
    pub ptr: ir::Value,
    /// Extent of each dimension (`i64`).
    pub shape: Vec<ir::Value>,
    /// Byte stride of each dimension (`i64`).
    pub strides: Vec<ir::Value>,
}

/// A typed value made of IR values.
#[derive(Clone, Debug)]
pub enum LValue {
    /// A scalar.
    Scalar(ir::Value),
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
            LValue::Array(a) => {
                f(a.ptr);
                a.shape.iter().for_each(|v| f(*v));
                a.strides.iter().for_each(|v| f(*v));
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
            Type::Array(a) => {
                let ptr = it.next().expect("array pointer");
                let shape = (0..a.ndim).map(|_| it.next().expect("extent")).collect();
                let strides = (0..a.ndim).map(|_| it.next().expect("stride")).collect();
                LValue::Array(ArrayVal {
                    ty: *a,
                    ptr,
                    shape,
                    strides,
                })
            }
            Type::Tuple(items) => LValue::Tuple(items.iter().map(|t| Self::take(t, it)).collect()),
            Type::None | Type::Unknown => LValue::Unit,
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
    /// An array value for a statically shaped (shared, local, constant)
    /// C-ordered array at `ptr`.
    pub(super) fn static_array(&mut self, ty: ArrayType, ptr: ir::Value, shape: &[u64]) -> LValue {
        let elem = mem_type(ty.elem).bytes() as i64;
        let mut strides = vec![0i64; shape.len()];
        let mut acc = elem;
        for k in (0..shape.len()).rev() {
            strides[k] = acc;
            acc *= shape[k].max(1) as i64;
        }
        let shape_v = shape
            .iter()
            .map(|&n| self.ins().iconst(ir::Type::I64, n as i64))
            .collect();
        let stride_v = strides
            .iter()
            .map(|&s| self.ins().iconst(ir::Type::I64, s))
            .collect();
        LValue::Array(ArrayVal {
            ty,
            ptr,
            shape: shape_v,
            strides: stride_v,
        })
    }

    /// The address of a shared, local or constant array.
    pub(super) fn addr_of(&mut self, opcode: Opcode, index: u32, space: AddrSpace) -> ir::Value {
        self.ins().addr_of(opcode, index, ir::Type::Ptr(space))
    }
}
