//! What a compiled module says about its kernels: each `.entry`'s name and
//! its parameters, with the structured type a runtime marshals arguments
//! against and what the kernel may read or write.

use crate::elem::ElemType;
use crate::scalar::{Layout, Scalar};

/// What a kernel may do with one of its parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamInfo {
    /// The parameter's name in the source.
    pub name: String,
    /// Its type in Numba's spelling (`array(float32, 1d, C)`, `int64`).
    pub ty: String,
    /// The same type, structured: what a runtime marshals.
    pub kind: ParamKind,
    /// The kernel may read it (scalars: always).
    pub read: bool,
    /// The kernel may write the array behind it (scalars: never).
    pub written: bool,
}

/// The type of a kernel parameter, as the kernel ABI (section 5 of the
/// language contract) sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A scalar passed by value (one `.param`).
    Scalar(Scalar),
    /// A complex number passed by value: two `.param`s of its part type
    /// (`float32` for `complex64`), the real part first.
    Complex(Scalar),
    /// An array: a data pointer, `ndim` extents, `ndim` byte strides. A
    /// record argument (Numba's `Record`, passed by reference) is a 0-D
    /// array of records: its data pointer alone.
    Array {
        /// Element type.
        elem: ElemType,
        /// Number of dimensions, 0 to 8 (0 for a record or a 0-D array).
        ndim: u8,
        /// The layout the kernel was compiled for.
        layout: Layout,
    },
    /// A tuple: its fields' parameters, one after another. (A
    /// [`KernelInfo`] lists a tuple parameter's items instead.)
    Tuple(Vec<ParamKind>),
}

/// The ABI description of one compiled kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelInfo {
    /// The `.entry` name (the Python name).
    pub name: String,
    /// Its parameters in source order (each array is several PTX
    /// parameters: pointer, extents, strides). A tuple parameter is listed
    /// as its items, depth first (`t[0]`, `t[1][0]`, ...): a launch passes
    /// a tuple as consecutive arguments, its scalars and arrays.
    pub params: Vec<ParamInfo>,
    /// It uses cooperative groups (`cuda.cg.this_grid()`, itself or in a
    /// device function it calls): it must be launched cooperatively
    /// (`cuLaunchCooperativeKernel` on a GPU), every block of its grid
    /// resident at once, as numba-cuda launches it.
    pub cooperative: bool,
}
