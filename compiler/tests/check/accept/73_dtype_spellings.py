# The three ways to name a dtype in shared/local arrays and casts:
# a bare imported name, numba.<name> and np.<name>.
import numba
import numpy as np
from numba import cuda, float32

N = 64


@cuda.jit("void(float32[::1], float64[::1], int32[::1])")
def spellings(a, b, c):
    s1 = cuda.shared.array(N, float32)
    s2 = cuda.shared.array(N, numba.float64)
    s3 = cuda.shared.array(N, np.int32)
    l1 = cuda.local.array(4, np.float32)
    l2 = cuda.local.array(4, dtype=numba.int64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    if t < N and i < a.size:
        s1[t] = a[i]
        s2[t] = b[i]
        s3[t] = c[i]
    cuda.syncthreads()
    for k in range(4):
        l1[k] = np.float32(k)
        l2[k] = numba.int64(k) * 2
    if t < N and i < a.size:
        a[i] = s1[N - 1 - t] + l1[t % 4]
        b[i] = s2[N - 1 - t] + l2[t % 4]
        c[i] = s3[N - 1 - t] + numba.int32(1)
