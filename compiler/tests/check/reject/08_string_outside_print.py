# expect: error at line 8: string values are only allowed as arguments of print()
from numba import cuda


@cuda.jit("void(float32[::1])")
def labelled(x):
    i = cuda.grid(1)
    label = "value"
    if i == 0:
        print(label, x[0])
