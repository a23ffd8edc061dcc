# Softplus and log-sigmoid on float32 (exp, log, log1p stay float32).
import math

from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def softplus(x, out, logsig):
    i = cuda.grid(1)
    if i < x.shape[0]:
        v = x[i]
        out[i] = math.log(1 + math.exp(v))
        logsig[i] = -math.log1p(math.exp(-v))
