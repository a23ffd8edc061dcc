# Cooperative groups: the grid group of a cooperative launch and its
# grid-wide barrier, as numba-cuda has them (`cuda.cg.this_grid()`,
# `g.sync()`, whose status is an int32), used in a kernel, through a
# device function given the group, and chained in one expression.
from numba import cuda, float32, int32


@cuda.jit(device=True)
def publish(g, partial, i, v):
    partial[i] = v
    return g.sync()


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def grid_sum(x, partial, out):
    # Phase one: each block sums its slice into partial[block]; after the
    # grid barrier, block 0 adds the partial sums up.
    g = cuda.cg.this_grid()
    tid = cuda.threadIdx.x
    bid = cuda.blockIdx.x
    acc = cuda.shared.array(1, float32)
    if tid == 0:
        acc[0] = 0.0
    cuda.syncthreads()
    i = cuda.grid(1)
    if i < x.shape[0]:
        cuda.atomic.add(acc, 0, x[i])
    cuda.syncthreads()
    v = acc[0]
    if tid == 0:
        partial[bid] = v
    g.sync()
    if cuda.grid(1) == 0:
        total = float32(0.0)
        for b in range(cuda.gridDim.x):
            total += partial[b]
        out[0] = total


@cuda.jit("void(int32[:, ::1])")
def sequential_rows(M):
    col = cuda.grid(1)
    g = cuda.cg.this_grid()
    rows = M.shape[0]
    cols = M.shape[1]
    for row in range(1, rows):
        opposite = cols - col - 1
        M[row, col] = M[row - 1, opposite] + 1
        g.sync()


@cuda.jit("void(int32[::1], int32[::1])")
def via_device(a, status):
    g = cuda.cg.this_grid()
    i = cuda.grid(1)
    s = publish(g, a, i, int32(i))
    cuda.cg.this_grid().sync()
    status[i] = s + a[a.shape[0] - 1 - i]


@cuda.jit("void(float64[::1])")
def only_this_grid(a):
    cuda.cg.this_grid()
    a[0] = 1.0
