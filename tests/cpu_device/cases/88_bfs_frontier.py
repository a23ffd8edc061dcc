"""88: one BFS level: frontier threads claim unvisited neighbours with
atomic CAS on depth and append them to next_frontier through an atomic
counter.  depth and next_size are deterministic, but the order of
next_frontier is not when several threads append, so the cases are built
to make it deterministic: "one_vertex" has a single frontier vertex (its
claims follow its edge order, duplicates and visited vertices skipped);
"shared_neighbour" has many frontier vertices whose only unvisited
neighbour is the same vertex (exactly one claim, slot 0)."""
import numpy as np
from harness import Case

V = 12
LEVEL = 2


def csr(adj):
    indptr = np.concatenate([[0], np.cumsum([len(n) for n in adj])]).astype(np.int32)
    return indptr, np.array([v for n in adj for v in n], np.int32)


def one_vertex_args(rng):
    adj = [[] for _ in range(V)]
    adj[3] = [5, 7, 5, 1, 9, 3, 11, 7]  # duplicate edges, visited 1 and 3, self loop
    indptr, indices = csr(adj)
    depth = np.full(V, -1, np.int32)
    depth[[1, 3]] = [1, LEVEL]
    return [indptr, indices, np.array([3], np.int32), depth, np.int32(LEVEL),
            np.full(V, -1, np.int32), np.array([0], np.int32)]


def one_vertex_expect(a):
    depth, nf = a[3].copy(), a[5].copy()
    new = [5, 7, 9, 11]
    depth[new] = LEVEL + 1
    nf[:4] = new
    return {3: depth, 5: nf, 6: np.array([4], np.int32)}


def shared_args(rng):
    frontier = np.array([0, 2, 4, 6, 8, 10], np.int32)
    adj = [[] for _ in range(V)]
    for u in frontier:
        adj[u] = [1, 9, int(u), 3]  # 1 and 3 visited, 9 unvisited
    indptr, indices = csr(adj)
    depth = np.full(V, -1, np.int32)
    depth[[1, 3]] = 0
    depth[frontier] = LEVEL
    return [indptr, indices, frontier, depth, np.int32(LEVEL), np.full(V, -1, np.int32), np.array([0], np.int32)]


def shared_expect(a):
    depth, nf = a[3].copy(), a[5].copy()
    depth[9] = LEVEL + 1
    nf[0] = 9
    return {3: depth, 5: nf, 6: np.array([1], np.int32)}


CASES = [
    Case("88_bfs_frontier.py", "bfs_level", grid=(1,), block=(32,), args=one_vertex_args,
         expect=one_vertex_expect, name="one_vertex"),
    Case("88_bfs_frontier.py", "bfs_level", grid=(2,), block=(4,), args=shared_args,
         expect=shared_expect, name="shared_neighbour"),
]
