# Guard clauses: early return in kernels, pass in empty branches.
from numba import cuda


@cuda.jit("void(float32[::1], float32)")
def threshold(x, t):
    i = cuda.grid(1)
    if i >= x.size:
        return
    if x[i] < t:
        x[i] = 0
        return
    elif x[i] == t:
        pass
    else:
        x[i] = x[i] - t


@cuda.jit("void(int32[::1])")
def noop_for_tail(a):
    i = cuda.grid(1)
    if i < a.size:
        pass
    else:
        return
    for k in range(3):
        pass
    a[i] = i


@cuda.jit("void()")
def empty_kernel():
    pass
