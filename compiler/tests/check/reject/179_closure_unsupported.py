# expect: error at line 17: decorators on functions defined inside a function are not supported
# expect: error at line 26: Unsupported use of cell variable encountered
# expect: error at line 29: local variable 'late' is used before it is assigned
# expect: error at line 35: Unsupported use of cell variable encountered
# A decorated nested function (a jit decorator inside a kernel: Numba
# cannot call `cuda.jit` there); a closure defined before a variable it
# reads is assigned, and a closure that calls itself (Numba's
# interpreter needs a captured variable defined at the `def`:
# "Unsupported use of cell variable encountered").
from numba import cuda


@cuda.jit("void(int64[::1])")
def decorated(out):
    k = 2

    @cuda.jit(device=True)
    def inner(v):
        return v * k

    out[0] = inner(3)


@cuda.jit("void(int64[::1])")
def unassigned(out):
    def reads_late():
        return late + 1

    out[0] = reads_late()
    late = 4


@cuda.jit("void(int64[::1])")
def recursive(out):
    def fact(n):
        if n <= 1:
            return 1
        return n * fact(n - 1)

    out[0] = fact(5)
