# expect: error at line 8: kernels can loop over tuples whose items all have one type
from numba import cuda


@cuda.jit(device=True)
def total(*args):
    s = 0.0
    for v in args:
        s += v
    return s


@cuda.jit("void(float32[::1])")
def use_total(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = total(x[i], 1.0, 2.0)
