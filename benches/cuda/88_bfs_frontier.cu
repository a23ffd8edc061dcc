// 88_bfs_frontier.py: one BFS level over a CSR graph with atomic claims.
extern "C" __global__ void bfs_level(const int *indptr, const int *indices, const int *frontier,
                                     long long frontier_size, int *depth, int level,
                                     int *next_frontier, int *next_size)
{
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= frontier_size)
        return;
    int u = frontier[t];
    for (long long e = indptr[u]; e < indptr[u + 1]; e++) {
        int v = indices[e];
        if (atomicCAS(&depth[v], -1, level + 1) == -1) {
            int slot = atomicAdd(&next_size[0], 1);
            next_frontier[slot] = v;
        }
    }
}
