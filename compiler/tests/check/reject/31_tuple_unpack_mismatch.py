# expect: error at line 7: cannot unpack a tuple of 3 values into 2 targets
from numba import cuda


@cuda.jit("void(float32[:, :, ::1])")
def clear(vol):
    x, y = cuda.grid(3)
    if x < vol.shape[0] and y < vol.shape[1]:
        vol[x, y, 0] = 0.0
