# Integer atomics returning the old value: sub, max, min, and_, or_, xor, exch.
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1], int32[::1])")
def int32_atomics(vals, acc, old_out):
    i = cuda.grid(1)
    if i >= vals.size:
        return
    v = vals[i]
    o1 = cuda.atomic.sub(acc, 0, v)
    o2 = cuda.atomic.max(acc, 1, v)
    o3 = cuda.atomic.min(acc, 2, v)
    o4 = cuda.atomic.and_(acc, 3, v)
    o5 = cuda.atomic.or_(acc, 4, v)
    o6 = cuda.atomic.xor(acc, 5, v)
    o7 = cuda.atomic.exch(acc, 6, v)
    old_out[i] = o1 + o2 + o3 + o4 + o5 + o6 + o7


@cuda.jit("void(int64[::1], uint64[::1], uint32[:, ::1])")
def wide_atomics(a, flags, grid_flags):
    i = cuda.grid(1)
    prev = cuda.atomic.add(a, 0, 1)
    cuda.atomic.max(a, 1, i)
    cuda.atomic.or_(flags, 0, 1 << (i % 64))
    cuda.atomic.xor(flags, 1, i)
    cuda.atomic.and_(flags, 2, ~(1 << (i % 64)))
    cuda.atomic.exch(a, 2, prev)
    # 2-D atomic with a tuple index
    cuda.atomic.or_(grid_flags, (i % 4, i % 8), 1)
