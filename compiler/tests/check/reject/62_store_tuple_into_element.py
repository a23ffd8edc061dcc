# expect: error at line 7: cannot store UniTuple(int64, 2) into an element of array(int64, 2d, C)
from numba import cuda


@cuda.jit("void(int64[:, ::1])")
def coords(out):
    out[0, 0] = cuda.grid(2)
