"""Kernel-language types under Numba's names, as ``numba.types`` has them:

    from kernelc.types import void, float32, int32
    @cuda.jit(void(float32[:], int32))

Scalars (``int32``, ``float64``, ``boolean`` and Numba's short names
``i4``, ``f8``...), ``void`` / ``none``, arrays (``float32[:, ::1]`` or
``Array(float32, 2, "C")``) and tuples (``UniTuple(int64, 2)``,
``Tuple((int64, float32))``) and pointers (``CPointer(uint8)``, an
address passed as an ``int``). These are kernelc's own type objects
(``kernelc._types``); signatures may also be written with Numba's.
"""

from ._types import SCALARS as _SCALARS
from ._types import Array, CPointer, NoneType, Scalar, Signature, Tuple, Type, UniTuple, void

boolean = bool_ = b1 = _SCALARS["bool"]
int8 = i1 = _SCALARS["int8"]
int16 = i2 = _SCALARS["int16"]
int32 = i4 = _SCALARS["int32"]
int64 = i8 = intp = int_ = _SCALARS["int64"]
uint8 = u1 = _SCALARS["uint8"]
uint16 = u2 = _SCALARS["uint16"]
uint32 = u4 = _SCALARS["uint32"]
uint64 = u8 = uintp = _SCALARS["uint64"]
float16 = f2 = _SCALARS["float16"]
float32 = f4 = _SCALARS["float32"]
float64 = f8 = double = _SCALARS["float64"]
complex64 = c8 = _SCALARS["complex64"]
complex128 = c16 = _SCALARS["complex128"]
none = void

__all__ = [
    "Type", "Scalar", "Array", "CPointer", "Tuple", "UniTuple", "NoneType", "Signature", "void", "none",
    "boolean", "bool_", "b1", "int8", "i1", "int16", "i2", "int32", "i4", "int64", "i8", "intp",
    "int_", "uint8", "u1", "uint16", "u2", "uint32", "u4", "uint64", "u8", "uintp", "float16",
    "f2", "float32", "f4", "float64", "f8", "double", "complex64", "c8", "complex128", "c16",
]
