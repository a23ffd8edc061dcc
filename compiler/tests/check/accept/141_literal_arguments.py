# Literal values as array shapes, as Numba types them (`Literal[int](32)`):
# a device function called with a constant sizes a shared array with its
# parameter (one specialisation per value: `count(..., 32, ...)`, reached
# through `forward`, which passes its literal on, and `count(..., 16, ...)`
# are two), through a tuple parameter or a parameter's default;
# a kernel's local assigned a literal (`N = 32`), also in both branches of
# an `if` or again in a loop, unpacked from a tuple of literals, or an item
# of one. A literal `False` does not prune `if wrap:` (Numba's pruning
# resolves an argument only against None), so `v` is float64 in both
# specialisations. An atomic's index may be a float (numba-cuda casts each
# index to intp): `(tx, y % 4)` of a uint64 `y` has a float64 item.
import numpy as np
from numba import cuda, int32, uint32, uint64


@cuda.jit(device=True)
def count(out, keys, nbins, dtype, wrap):
    tid = cuda.threadIdx.x
    bins = cuda.shared.array(nbins, dtype)
    if tid < nbins:
        bins[tid] = 0
    cuda.syncthreads()
    if wrap:
        v = 1.5
    else:
        v = 1
    if tid < keys.size:
        cuda.atomic.add(bins, keys[tid] % nbins, v)
    cuda.syncthreads()
    if tid < nbins:
        out[tid] = bins[tid]


@cuda.jit(device=True)
def tile_sum(out, shape, scale=2):
    tx = cuda.threadIdx.x
    tile = cuda.shared.array(shape, int32)
    extra = cuda.local.array(scale, int32)
    extra[0] = tx
    extra[scale - 1] = 1
    if tx < shape[0] * shape[1]:
        tile[tx // shape[1], tx % shape[1]] = extra[0] + extra[scale - 1]
    cuda.syncthreads()
    if tx == 0:
        s = 0
        for i in range(shape[0]):
            for j in range(shape[1]):
                s += tile[i, j]
        out[0] = s


@cuda.jit(device=True)
def forward(out, keys, n):
    count(out, keys, n, uint32, False)


@cuda.jit(device=True)
def grid_add(ary, y_cast):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    idx = (tx, y_cast(ty))
    idx = (idx[0] % 2, idx[1] % 4)
    cuda.atomic.add(ary, idx, 1)


@cuda.jit(device=True)
def as_uint64(v):
    return uint64(v)


@cuda.jit("void(uint32[::1], uint32[::1], int32[::1], uint32[:, ::1])")
def literal_arguments(keys, hist32, sums, grid):
    forward(hist32, keys, 32)
    tile_sum(sums[0:1], (4, 8))
    grid_add(grid, as_uint64)


# The other specialisations (a kernel of its own: Numba's simulator keys a
# shared array by its line, so one launch cannot check two sizes of it).
@cuda.jit("void(uint32[::1], uint32[::1], int32[::1])")
def literal_arguments_2(keys, hist16, sums):
    count(hist16, keys, 16, uint32, True)
    tile_sum(sums[1:2], (2, 2), 3)


@cuda.jit("void(int32[::1], int32)")
def literal_locals(out, flag):
    tid = cuda.threadIdx.x
    N = 32
    a = cuda.shared.array(N, int32)
    if flag:
        M = 8
    else:
        M = 8
    b = cuda.shared.array((M, 2), int32)
    K = 4
    total = 0
    for i in range(2):
        K = 4
        total += K
    c = cuda.local.array(K, int32)
    rows, cols = 2, 3
    d = cuda.local.array((rows, cols), int32)
    t = (5, 6)
    e = cuda.local.array(t[-1], int32)
    if tid < N:
        a[tid] = tid
    if tid < M:
        b[tid, 0] = 1
    c[0] = 2
    d[1, 2] = 3
    e[5] = 4
    cuda.syncthreads()
    if tid < N and tid < out.size:
        out[tid] = a[(tid + 1) % N] + b[tid % M, 0] + c[0] + d[1, 2] + e[5] + total
