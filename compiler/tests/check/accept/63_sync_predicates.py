# syncthreads_count / syncthreads_and / syncthreads_or block-wide votes.
from numba import cuda, int32


@cuda.jit("void(float32[::1], int32[::1])")
def block_vote(x, out):
    i = cuda.grid(1)
    positive = int32(1) if i < x.size and x[i] > 0 else int32(0)
    n_pos = cuda.syncthreads_count(positive)
    all_pos = cuda.syncthreads_and(positive)
    any_pos = cuda.syncthreads_or(positive)
    if cuda.threadIdx.x == 0:
        out[cuda.blockIdx.x * 3] = n_pos
        out[cuda.blockIdx.x * 3 + 1] = all_pos
        out[cuda.blockIdx.x * 3 + 2] = any_pos


@cuda.jit("void(float32[::1], int32[::1])")
def block_vote_bool(x, out):
    # A bool predicate, as in CUDA C's __syncthreads_count(x > 0).
    # (Numba only types integer predicates; see KNOWN_DIFFERENCES.md.)
    i = cuda.grid(1)
    n_pos = cuda.syncthreads_count(x[i] > 0)
    done = cuda.syncthreads_and(i < x.size)
    if cuda.threadIdx.x == 0 and done:
        out[cuda.blockIdx.x] = n_pos
