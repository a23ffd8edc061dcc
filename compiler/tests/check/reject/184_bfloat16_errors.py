# expect: error at line 15: No implementation of function int found for signature (__nv_bfloat16)
# expect: error at line 16: max() and min() of a bfloat16 and another type are not supported
# expect: error at line 17: unsupported operand types for &: bfloat16 and bfloat16
# expect: error at line 18: No implementation of function cuda.bf16.hadd found for signature
# expect: error at line 19: cuda.atomic.add does not take a bfloat16 in kernels
# expect: error at line 20: could not convert string to float: 'abc'
# What numba-cuda refuses (or cannot compile) with a bfloat16.
from numba import cuda
from numba.cuda.bf16 import bfloat16, hadd


@cuda.jit("void(bfloat16[::1], float32[::1])")
def k(a, f):
    b = a[0]
    n = int(b)
    m = max(b, f[0])
    x = b & b
    y = hadd(b, a)
    cuda.atomic.add(a, 0, b)
    z = float("abc")
