# Variables assigned values of different types take the unified type.
from numba import cuda


@cuda.jit("void(float32[::1], float64[::1])")
def unify(x, out):
    i = cuda.grid(1)
    if i >= x.size:
        return
    acc = 0                      # int64 ...
    for k in range(x.size):
        acc += x[k]              # ... joined with float64 -> float64
    y = 1                        # int64
    if x[i] > 0:
        y = x[i]                 # float32: join of int64 and float32 -> float64
    z = x[i] if i > 2 else i     # float32 vs int64 -> float64
    w = x[i]                     # float32
    w = w * 2                    # float64 (int literal promotes float32)
    flag = False
    if z > 1.0:
        flag = 1                 # bool joined with int64 -> int64
    out[i] = acc + y + z + w + flag


@cuda.jit("void(int32[::1], int64[::1])")
def unify_ints(a, out):
    i = cuda.grid(1)
    if i < a.size:
        v = a[i]                 # int32
        if v < 0:
            v = -v               # int64 -> unified int64
        out[i] = v
