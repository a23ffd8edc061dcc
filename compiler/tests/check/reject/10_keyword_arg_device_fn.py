# expect: error at line 16: keyword arguments are only allowed for intrinsics ('lo=' in call to 'clamp')
from numba import cuda


@cuda.jit(device=True)
def clamp(v, lo, hi):
    if v < lo:
        return lo
    return hi if v > hi else v


@cuda.jit("void(float32[::1])")
def clamp_all(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = clamp(x[i], lo=0.0, hi=1.0)
