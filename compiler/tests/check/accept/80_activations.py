# Neural-network activations with conditional expressions.
import math

from numba import cuda, float32


@cuda.jit(device=True)
def leaky_relu(x, slope):
    return x if x > 0 else x * slope


@cuda.jit("void(float32[::1], float32[::1], float32[::1], float32[::1])")
def activations(x, relu, leaky, sig):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        relu[i] = v if v > 0 else float32(0)
        leaky[i] = leaky_relu(v, float32(0.01))
        sig[i] = 1 / (1 + math.exp(-v))


@cuda.jit("void(float64[:, ::1], int64)")
def hard_tanh_inplace(a, mode):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        v = a[i, j]
        a[i, j] = -1.0 if v < -1.0 else (1.0 if v > 1.0 else v)
        if mode == 1:
            a[i, j] = math.tanh(a[i, j])
