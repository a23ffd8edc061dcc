# kernelc: --kernel k --sig "void(float32[:, ::1], float32[::1])"
# Misuses of the idioms of 196: a tuple of mixed types, or one into a 2-D
# view (Numba stores only a tuple of one type, a UniTuple, into a 1-D
# view), and unpacking a number.
# expect: error at line 14: cannot store a tuple of type Tuple(float64, int64) into an array view of float32
# expect: error at line 15: cannot store a tuple of type UniTuple(float64, 2) into an array view of float32
# expect: error at line 16: cannot unpack a float32 value into 2 targets
from numba import cuda


@cuda.jit
def k(m, v):
    i = cuda.grid(1)
    v[:2] = (1.5, 2)
    m[:, :] = (1.0, 2.0)
    a, b = v[0]
