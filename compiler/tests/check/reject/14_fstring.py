# expect: error at line 9: f-strings are not supported; pass the values to print() separately
from numba import cuda


@cuda.jit("void(float32[::1])")
def report(x):
    i = cuda.grid(1)
    if i < 4:
        print(f"x[{i}] = {x[i]}")
