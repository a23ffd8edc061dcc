# popc / clz / ffs / brev on 32- and 64-bit integers.
from numba import cuda


@cuda.jit("void(uint32[::1], int32[::1])")
def bits32(x, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        p = cuda.popc(v)
        z = cuda.clz(v)
        f = cuda.ffs(v)
        r = cuda.brev(v)
        out[i] = p + z + f
        x[i] = r


@cuda.jit("void(uint64[::1], int64[::1], int32[::1])")
def bits64(u, s, out):
    i = cuda.grid(1)
    if i < u.size:
        out[i] = cuda.popc(u[i]) + cuda.clz(s[i]) + cuda.ffs(s[i])
        u[i] = cuda.brev(u[i])


@cuda.jit(device=True)
def next_pow2(v):
    # round v up to a power of two using clz
    if v <= 1:
        return 1
    return 1 << (32 - cuda.clz(v - 1))


@cuda.jit("void(int32[::1])")
def round_up_pow2(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = next_pow2(a[i])
