# An array parameter re-assigned with a float: Numba types each version of
# a variable on its own, so this compiles (the array is simply not used).
from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    a = 1.0
