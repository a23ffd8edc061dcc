from numba import cuda

@cuda.jit(device=True)
def g(x):
    return f(x)

@cuda.jit(device=True)
def f(x):
    return g(x)

@cuda.jit('void(float32[:])')
def k(a):
    a[0] = f(a[0])
