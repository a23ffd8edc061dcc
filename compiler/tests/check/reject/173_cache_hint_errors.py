# expect: error at line 24: float64 is not a valid index
# expect: error at line 25: Expected 1 indices, got 2
# expect: error at line 26: Expected 2 indices, got a scalar
# expect: error at line 27: Expected 2 indices, got 1
# expect: error at line 28: Tuple(int32, int64) is not a valid index
# expect: error at line 29: bool is not a valid index
# expect: error at line 30: ldcs requires array of integer or float type, got complex64
# expect: error at line 31: stcg requires array of integer or float type, got bool
# expect: error at line 32: ldcg operates on arrays or pointers. Got type float32
# expect: error at line 33: stwt stores a number into an array of float32, not an array
# expect: error at line 39: ldca reads and writes global memory (`ld.global`); this is a shared array
# expect: error at line 40: stwb reads and writes global memory (`st.global`); this is a local array
# Cache-hint loads and stores refused as numba-cuda refuses them (a float,
# bool or mixed tuple index, the wrong number of indices, a complex or bool
# array, a scalar for the array, an array for the value; its messages),
# and on a shared or local array (kernelc's rule: the instructions read and
# write global memory, numba-cuda would use the array's address there).
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[:, ::1], complex64[::1], boolean[::1], int32)")
def k(x, y, z, b, n):
    cuda.ldcs(x, 1.0)
    cuda.ldcs(x, (1, 2))
    cuda.ldcs(y, 1)
    cuda.ldcs(y, (1,))
    cuda.ldcs(y, (n, 1))
    cuda.ldcs(x, True)
    cuda.ldcs(z, 0)
    cuda.stcg(b, 0, True)
    cuda.ldcg(x[0], 0)
    cuda.stwt(x, 0, y)


@cuda.jit("void()")
def k2():
    s = cuda.shared.array(4, np.float32)
    cuda.ldca(s, 0)
    cuda.stwb(cuda.local.array(4, np.int32), 0, 1)
