# expect: error at line 9: return types of 'pick' cannot be unified: UniTuple(float64, 2) (line 7) and float64 (line 9)
from numba import cuda


@cuda.jit(device=True)
def pick(v):
    if v > 0:
        return v, v
    return v


@cuda.jit("void(float64[::1])")
def use(x):
    i = cuda.grid(1)
    x[i] = pick(x[i])
