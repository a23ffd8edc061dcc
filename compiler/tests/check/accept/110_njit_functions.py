# Functions decorated for the CPU (`numba.njit`, `numba.jit`) called from a
# kernel: Numba compiles them for the device, as kernelc does.
from numba import cuda, njit
import numba


@njit
def double(x):
    return x * 2


@numba.njit(cache=True)
def inc(x):
    return x + 1


@numba.jit(nopython=True, fastmath=True)
def dec(x):
    return x - 1


@cuda.jit("void(float64[::1], int32[::1])")
def cpu_functions(a, n):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = double(a[i]) + inc(a[i]) + dec(a[i])
        n[i] = double(n[i]) + inc(n[i])
