# expect: error at line 7: 'cuda.local.array' needs a constant shape; 'x.size' is a runtime value
from numba import cuda, float64


@cuda.jit("void(float64[::1])")
def copy_local(x):
    tmp = cuda.local.array(x.size, float64)
    for k in range(x.size):
        tmp[k] = x[k]
    x[0] = tmp[x.size - 1]
