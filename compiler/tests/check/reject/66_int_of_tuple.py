# expect: error at line 7: 'int' expects a scalar, got UniTuple(int64, 2)
from numba import cuda


@cuda.jit("void(int64[::1])")
def flat(out):
    k = int(cuda.grid(2))
    out[k] = k
