# expect: error at line 8: unsupported dtype 'longdouble' for 'cuda.shared.array'
import numpy as np
from numba import cuda


@cuda.jit("void(float64[::1])")
def stage(x):
    buf = cuda.shared.array(32, np.longdouble)
    t = cuda.threadIdx.x
    buf[t] = x[t]
    x[t] = buf[t]
