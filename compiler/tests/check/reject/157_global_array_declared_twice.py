# kernelc: --const DEV=float32[4]
# kernelc: --global DEV=float32[::1]
# expect: error at line 1: 'DEV' is declared both as a constant array and as a global device array
# One name is a frozen NumPy array (a constant array) or a captured device
# array, not both (the host declares each; the C API refuses the second).
from numba import cuda


@cuda.jit("void(float32[::1])")
def k(out):
    out[0] = DEV[0]
