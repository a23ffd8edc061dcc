# Intrinsics as values (Numba's `Function` types): a CUDA intrinsic
# (`cuda.atomic.add`), a `math`, NumPy or builtin function, or a function
# of the `operator` module, passed to a device function (specialised for
# each, as Numba specialises for each `Function`), held in a variable or a
# tuple, or bound under another name at module level; a call through one
# is typed as a direct call. A dtype
# passed as a cast (`int32`, Numba's `class(int32)`) is the other kind of
# function argument numba-cuda's atomic tests use.
import math
import operator
import numpy as np
from numba import cuda, int32, uint32

SUB = operator.sub
SIN = math.sin


@cuda.jit(device=True)
def apply1(f, x):
    return f(x)


@cuda.jit(device=True)
def apply2(op, x, y):
    return op(x, y)


@cuda.jit(device=True)
def update(ary, idx, val, binop_func, cast_func):
    # numba-cuda's test_atomics shape: an atomic and a cast, both values.
    return binop_func(ary, cast_func(idx), val)


@cuda.jit("void(float64[::1], float64[::1], float64[:, ::1], uint32[::1], int32[::1])")
def intrinsic_values(a, b, out, counts, peaks):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        out[i, 0] = apply2(operator.add, x, y)
        out[i, 1] = apply2(operator.truediv, x, 4.0)
        out[i, 2] = apply2(SUB, x, y) + apply2(operator.pow, x, 2)
        out[i, 3] = apply1(math.sin, x) + apply1(SIN, y)
        out[i, 4] = apply1(np.cos, x) + apply1(abs, y)
        f = math.exp
        out[i, 5] = f(x * 0.25)
        ops = (operator.add, operator.mul, np.fmax)
        out[i, 6] = ops[0](x, y) * ops[1](x, 2.0) + ops[2](x, y)
        fs = (min, max, operator.floordiv)
        out[i, 7] = fs[0](x, y) + fs[1](x, y) + fs[2](x, 0.5)
        if apply2(operator.lt, x, y):
            out[i, 8] = apply1(operator.neg, x)
        else:
            out[i, 8] = apply2(operator.mod, y, 1.5)
        bucket = int32(abs(x) * 4) % counts.size
        update(counts, bucket, 1, cuda.atomic.add, int32)
        update(peaks, bucket, int32(y * 100), cuda.atomic.max, uint32)
        g = cuda.atomic.min
        g(peaks, counts.size + bucket, int32(y * 100))
