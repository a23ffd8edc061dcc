# Negative indices wrap around like Python.
from numba import cuda, int32


@cuda.jit("void(float32[::1], float32[:, ::1], float32[::1])")
def wrap_index(v, m, out):
    i = cuda.grid(1)
    if i == 0:
        out[0] = v[-1]
        out[1] = v[-2] + m[-1, -1]
        out[2] = m[0, -1] + m[-1, 0]
        v[-1] = 0.0
        m[-1, -2] = 1.0


@cuda.jit("void(float64[::1], float64[::1])")
def cyclic_diff(x, d):
    i = cuda.grid(1)
    if i < x.size:
        # x[i - 1] with i == 0 reads the last element
        d[i] = x[i] - x[i - 1]


@cuda.jit("void(float32[::1], float32[::1])")
def int32_offsets(x, out):
    t = cuda.threadIdx.x
    if t < out.size:
        # An int32 index, sign-extended: negative for the first four threads
        # (threadIdx.x alone is known non-negative; t - 4 is not).
        out[t] = x[int32(t - 4)] + x[int32(t)]
