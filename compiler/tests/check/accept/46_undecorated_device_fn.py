# Undecorated helper functions are treated as device functions when a kernel
# calls them (kernelc spec section 1).  Plain Numba rejects this file; see
# tests/numba/KNOWN_DIFFERENCES.md.
from numba import cuda


def relu(x):
    return x if x > 0 else 0.0


def axpy(a, x, y):
    return a * x + y


@cuda.jit("void(float64[::1], float64[::1])")
def dense_relu(x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = relu(axpy(2.0, x[i], y[i]))
