# expect: error at line 12: view() takes one dtype argument in kernels (`a.view(np.int32)`)
# expect: error at line 13: view() takes one dtype argument in kernels (`a.view(np.int32)`)
# expect: error at line 14: view() needs a dtype such as np.int32
# expect: error at line 15: view() takes one dtype argument in kernels (`a.view(np.int32)`)
# a.view(dtype) takes exactly one dtype, positionally (Numba's array.view).
from numba import cuda
import numpy as np


@cuda.jit("void(float64[::1], int32[::1])")
def k(a, out):
    out[0] = a.view()[0]
    out[1] = a.view(np.int32, 1)[0]
    out[2] = a.view(3)[0]
    out[3] = a.view(dtype=np.int32)[0]
