# expect: error at line 12: unknown name 'totl'
# expect: error at line 17: 'cuda.shared.array' needs a constant shape; 'n' is a runtime value
# expect: error at line 24: cannot index an int64 value
# expect: error at line 30: 'math' has no function 'sqr'
import math

from numba import cuda, float32


@cuda.jit(device=True)
def accumulate(total, v):
    return totl + v


@cuda.jit("void(float32[::1], int32)")
def stage(x, n):
    buf = cuda.shared.array(n, float32)
    buf[0] = x[0]


@cuda.jit("void(float32[::1])")
def first(x):
    i = cuda.grid(1)
    x[0] = i[0]


@cuda.jit("void(float64[::1])")
def norms(x):
    i = cuda.grid(1)
    x[i] = math.sqr(x[i])
    x[i] = accumulate(x[i], 1.0)
