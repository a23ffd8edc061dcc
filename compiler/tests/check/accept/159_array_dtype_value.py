# An array's `dtype` is its element type as a value (Numba's `DType`): it
# sizes local and shared arrays (`cuda.local.array(n, a.dtype)`), so a
# kernel without signatures is generic over the arrays it gets.
from numba import cuda

N = 8


@cuda.jit("void(float32[::1], int16[::1])")
def copy_through_local(ary, out):
    lm = cuda.local.array(N, dtype=ary.dtype)
    sm = cuda.shared.array(N, ary.dtype)
    for j in range(N):
        lm[j] = ary[j] * 2
    i = cuda.threadIdx.x
    if i == 0:
        for j in range(N):
            sm[j] = lm[j]
    cuda.syncthreads()
    for j in range(N):
        out[j] = sm[j] + 1

