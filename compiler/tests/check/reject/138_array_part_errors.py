# expect: error at line 14: `.imag` of an array of float32 is a new array of zeros in Numba, which kernels cannot allocate
# expect: error at line 15: cannot access .real of an array of bool
# .imag of a real array (Numba allocates an array of zeros, which needs
# its runtime's allocator: numba-cuda cannot lower it either) and .real of
# a bool array (not a number, refused by Numba's typing).
from numba import cuda


@cuda.jit("void(float32[::1], boolean[::1], float32[::1])")
def bad(a, flags, out):
    i = cuda.grid(1)
    if i < a.size:
        # Each line is refused.
        out[i] = a.imag[i]
        out[i] = flags.real[i]
