from numba import cuda

@cuda.jit(device=True)
def call(f, x):
    return f(x)

@cuda.jit('void(int64[:])')
def k(a):
    v = a[0]
    def g(x):
        return x + v
    a[0] = call(g, 1)
