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
``kernelc.int32``, ``kernelc.void``..., also in :mod:`kernelc.types`) build
signatures as Numba's do: ``@cuda.jit(void(float32[:], int32))``; Numba's
own type objects are accepted too.
"""

from . import _exec_sources, cuda, types
from ._types import Array, Record, Signature, from_dtype, typeof
from ._vectorize import guvectorize, vectorize
from .errors import (
    CompileError, ContextLost, CudaDriverError, CudaSupportError, KernelcCacheWarning,
    KernelcError, KernelException, LaunchError, LaunchInterrupted, LaunchTimeout, LibraryNotFound, NumbaWarning,
    TypingError,
)
from .types import (
    b1, bool_, boolean, f2, f4, f8, float16, float32, float64, i1, i2, i4, i8, int8, int16, int32,
    int64, intp, none, u1, u2, u4, u8, uint8, uint16, uint32, uint64, uintp, void,
)

__version__ = "0.1.0"

# Kernels built with exec() compile from the text exec was given (see
# kernelc._exec_sources; KERNELC_EXEC_SOURCES=0 leaves the hook out).
_exec_sources.install()

jit = cuda.jit

__all__ = [
    "cuda", "types", "jit", "vectorize", "guvectorize", "typeof", "from_dtype", "Array", "Record", "Signature", "void", "none",
    "KernelcError", "TypingError", "CompileError", "CudaSupportError",
    "CudaDriverError", "ContextLost", "LaunchError", "KernelException", "LaunchInterrupted", "LaunchTimeout", "LibraryNotFound",
    "KernelcCacheWarning", "NumbaWarning",
    "boolean", "bool_", "int8", "int16", "int32", "int64", "intp", "uint8", "uint16",
    "uint32", "uint64", "uintp", "float16", "float32", "float64",
]
