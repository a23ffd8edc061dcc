# One level of breadth-first search over a CSR graph with atomic claims.
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1], int32[::1], int32[::1], int32, int32[::1], int32[::1])")
def bfs_level(indptr, indices, frontier, depth, level, next_frontier, next_size):
    t = cuda.grid(1)
    if t >= frontier.size:
        return
    u = frontier[t]
    for e in range(indptr[u], indptr[u + 1]):
        v = indices[e]
        if cuda.atomic.cas(depth, v, -1, level + 1) == -1:
            slot = cuda.atomic.add(next_size, 0, 1)
            next_frontier[slot] = v
