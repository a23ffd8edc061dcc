# Scalar types as values: a dtype passed to a device function (which is
# specialised for it, as Numba specialises for each NumberClass), called
# to convert, and used as the dtype of a local array; held in a variable.
from numba import cuda, float32, int16
import numpy as np


@cuda.jit(device=True)
def convert(dtype, x):
    return dtype(x)


@cuda.jit(device=True)
def scratch_sum(dtype, a, i):
    buf = cuda.local.array(4, dtype)
    for k in range(4):
        buf[k] = a[i] * (k + 1)
    s = buf[0]
    for k in range(1, 4):
        s += buf[k]
    return s


@cuda.jit("void(float64[::1], float64[:, ::1])")
def types(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = convert(np.float32, a[i])
        out[i, 1] = convert(int16, a[i] * 1000)
        out[i, 2] = scratch_sum(float32, a, i)
        out[i, 3] = scratch_sum(np.int32, a, i)
        t = np.uint8
        out[i, 4] = t(abs(a[i]) * 10)
        # Device functions returning 8- and 16-bit values (32 bits in the
        # PTX ABI).
        out[i, 5] = convert(t, abs(a[i]) * 20)
        out[i, 6] = convert(np.float16, a[i])
