# kernelc: --kernel axpy --sig "void(float32, float32[:], float32[:], int32)"
# expect: error at line 7: signature has 4 arguments but 'axpy' takes 3
from numba import cuda


@cuda.jit
def axpy(a, x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = a * x[i] + y[i]
