# expect: error at line 11: tuple() builds a tuple only from a tuple in kernels
# expect: error at line 12: tuple() builds a tuple only from a tuple in kernels
# expect: error at line 13: tuple() takes 0 to 1 arguments but 2 were given
# tuple() of what is not a tuple: Numba's TupleConstructor types only a
# tuple (or no argument).
from numba import cuda


@cuda.jit("void(float64[::1], int64)")
def k(a, n):
    t = tuple(n)
    u = tuple(a)
    v = tuple((1,), (2,))
