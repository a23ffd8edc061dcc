# Dynamic shared memory (`cuda.shared.array(0, dtype)`) has the launch's
# bytes over the item size as its length (Numba reads
# `%dynamic_smem_size`), so slices that count from its end (`[-1::-2]`,
# `[::2]`) and `len()` see that length.
from numba import cuda, int32, float64


@cuda.jit("void(int32[::1])")
def reverse_stride(x):
    dynsmem = cuda.shared.array(0, dtype=int32)
    sm1 = dynsmem[-1::-2]
    if cuda.threadIdx.x == 0:
        for k in range(len(dynsmem)):
            dynsmem[k] = 99
        for k in range(len(sm1)):
            sm1[k] = k + 1
        for k in range(min(len(dynsmem), x.size)):
            x[k] = dynsmem[k]


@cuda.jit("void(int64[::1])")
def lengths(out):
    a = cuda.shared.array(0, dtype=float64)
    b = a[1::3]
    out[0] = len(a)
    out[1] = a.size
    out[2] = len(b)
    out[3] = a.shape[0]


@cuda.jit("void(int32[::1], int64)")
def halves(x, chunk):
    dynsmem = cuda.shared.array(0, dtype=int32)
    lo = dynsmem[0:chunk]
    hi = dynsmem[chunk : chunk * 2]
    t = cuda.threadIdx.x
    if t < chunk:
        lo[t] = t
    else:
        hi[t - chunk] = 100 + t
    cuda.syncthreads()
    x[t] = dynsmem[len(dynsmem) - 1 - t]
