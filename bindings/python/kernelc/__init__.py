"""kernelc: Numba CUDA kernels compiled by kernelc, with Numba's API.

    from kernelc import cuda        # instead of: from numba import cuda

    @cuda.jit
    def add(a, b, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a[i] + b[i]

    add[blocks, threads](a, b, out)

Kernels run on an NVIDIA GPU when one is usable, otherwise on kernelc's CPU
device, which executes the same PTX. Scalar types (``kernelc.float32``,
``kernelc.int32``, ``kernelc.void``...) build signatures as Numba's do:
``@cuda.jit(void(float32[:], int32))``.
"""

from . import cuda
from ._types import SCALARS as _SCALARS
from ._types import Array, Signature, typeof, void
from .errors import (
    CompileError, ContextLost, CudaDriverError, CudaSupportError, KernelcError, LaunchError,
    LaunchInterrupted, LaunchTimeout, LibraryNotFound, TypingError,
)

__version__ = "0.1.0"

boolean = bool_ = b1 = _SCALARS["bool"]
int8 = i1 = _SCALARS["int8"]
int16 = i2 = _SCALARS["int16"]
int32 = i4 = _SCALARS["int32"]
int64 = i8 = intp = _SCALARS["int64"]
uint8 = u1 = _SCALARS["uint8"]
uint16 = u2 = _SCALARS["uint16"]
uint32 = u4 = _SCALARS["uint32"]
uint64 = u8 = uintp = _SCALARS["uint64"]
float16 = f2 = _SCALARS["float16"]
float32 = f4 = _SCALARS["float32"]
float64 = f8 = _SCALARS["float64"]
none = void

jit = cuda.jit

__all__ = [
    "cuda", "jit", "typeof", "Array", "Signature", "void", "none",
    "KernelcError", "TypingError", "CompileError", "CudaSupportError",
    "CudaDriverError", "ContextLost", "LaunchError", "LaunchInterrupted", "LaunchTimeout", "LibraryNotFound",
    "boolean", "bool_", "int8", "int16", "int32", "int64", "intp", "uint8", "uint16",
    "uint32", "uint64", "uintp", "float16", "float32", "float64",
]
