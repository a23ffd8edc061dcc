"""bfloat16 in kernels, as ``numba.cuda.bf16``: ``from kernelc.cuda.bf16
import bfloat16, hadd`` then ``hadd(bfloat16(x), y)`` in a kernel.

:data:`bfloat16` is the type (numba-cuda's ``__nv_bfloat16``): a
conversion in kernels (``bfloat16(3.14)``), a dtype for arrays (NumPy's
through ``ml_dtypes``). Every function of numba-cuda 0.30's module is
here by its names there: CUDA's (``hadd``, ``float2bfloat16_rz``,
``bfloat162int_rn``) and the NumPy-style aliases
(``float32_to_bfloat16_rz``, ``bfloat16_to_int32_rn``); kernelc compiles
the calls (see the language reference). Calling one on the host raises.
"""

from ..errors import KernelcError
from .._types import SCALARS as _SCALARS


def _names():
    out = ["habs", "hneg", "hdiv", "hfma", "hfma_sat", "hfma_relu",
           "hmax", "hmin", "hmax_nan", "hmin_nan", "hisnan", "hisinf",
           "htrunc", "hceil", "hfloor", "hrint", "hsqrt", "hrsqrt", "hrcp", "hlog", "hlog2",
           "hlog10", "hcos", "hsin", "hexp", "hexp2", "hexp10", "htanh", "htanh_approx",
           "float2bfloat16", "float32_to_bfloat16", "double2bfloat16", "float64_to_bfloat16",
           "bfloat162float", "bfloat16_to_float32",
           "bfloat162char_rz", "bfloat16_to_int8_rz", "bfloat162uchar_rz", "bfloat16_to_uint8_rz"]
    for op in ("add", "sub", "mul"):
        out += [f"h{op}", f"h{op}_rn", f"h{op}_sat"]
    for cmp in ("eq", "ne", "ge", "gt", "le", "lt"):
        out += [f"h{cmp}", f"h{cmp}u"]
    for r in ("rn", "rz", "rd", "ru"):
        out += [f"float2bfloat16_{r}", f"float32_to_bfloat16_{r}"]
        for c, np_name in (("short", "int16"), ("ushort", "uint16"), ("int", "int32"),
                           ("uint", "uint32"), ("ll", "int64"), ("ull", "uint64")):
            out += [f"{c}2bfloat16_{r}", f"{np_name}_to_bfloat16_{r}",
                    f"bfloat162{c}_{r}", f"bfloat16_to_{np_name}_{r}"]
    for c, np_name in (("short", "int16"), ("ushort", "uint16")):
        out += [f"bfloat16_as_{c}", f"bfloat16_as_{np_name}",
                f"{c}_as_bfloat16", f"{np_name}_as_bfloat16"]
    return tuple(out)


#: Every function name, as numba-cuda's module has it.
FUNCTIONS = _names()

#: The type (``None`` without ``ml_dtypes``, which NumPy needs for it).
bfloat16 = _SCALARS.get("bfloat16")

__all__ = ["bfloat16", *FUNCTIONS]


def _kernel_only(name):
    def f(*args, **kwargs):
        raise KernelcError(f"cuda.bf16.{name}() can only be used inside a kernel")

    f.__name__ = f.__qualname__ = name
    f.__module__ = __name__
    f._kc_bf16 = name
    f._kc_intrinsic = True  # compiled by kernelc, not a device function
    return f


for _name in FUNCTIONS:
    globals()[_name] = _kernel_only(_name)
del _name
