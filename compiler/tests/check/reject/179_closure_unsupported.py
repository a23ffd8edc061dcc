# expect: error at line 13: decorators on functions defined inside a function are not supported
# expect: error at line 25: local variable 'late' is used before it is assigned
# A decorated nested function (a jit decorator inside a kernel: Numba
# cannot call `cuda.jit` there), and a closure called before a variable
# it reads is assigned (Numba: "Unsupported use of cell variable").
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
