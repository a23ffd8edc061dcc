# Every form of range: stop, start/stop, start/stop/step, negative and runtime steps.
from numba import cuda


@cuda.jit("void(int64[::1], int32)")
def ranges(out, step):
    i = cuda.grid(1)
    if i != 0:
        return
    s = 0
    for a in range(10):
        s += a
    for b in range(2, 10):
        s += b
    for c in range(0, 20, 3):
        s += c
    for d in range(10, 0, -1):
        s += d
    for e in range(out.size - 1, -1, -2):
        s += e
    for f in range(0, out.size, step):
        out[f] = s
    for g in range(out.size, 0, -step):
        out[g - 1] += 1
    lo = 5
    hi = lo * 2
    for h in range(lo, hi):
        s -= h
    out[0] = s


@cuda.jit("void(float32[::1], int64, int64, int64)")
def strided_fill(x, start, stop, step):
    for k in range(start, stop, step):
        x[k] = k
