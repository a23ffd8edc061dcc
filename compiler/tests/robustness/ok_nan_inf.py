import math
from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    a[0] = math.inf - math.inf
    a[1] = math.nan
