# expect: error at line 13: 'src' is read where array(float32, 1d, C) (line 9) and int64 (line 11) meet
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], int32)")
def pick(a, out, use_a):
    i = cuda.grid(1)
    if use_a:
        src = a
    else:
        src = 0
    if i < out.size:
        out[i] = src[i]
