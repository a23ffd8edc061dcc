# kernelc: --const KERNEL=float64[3,3] --const LUT=int32[8]
# 2-D convolution with a 3x3 filter held in constant memory.
import numpy as np
from numba import cuda

KERNEL = np.array([[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]], dtype=np.float64) / 16.0
LUT = np.array([0, 1, 1, 2, 1, 2, 2, 3], dtype=np.int32)


@cuda.jit("void(float64[:, ::1], float64[:, ::1])")
def conv3x3(img, out):
    k = cuda.const.array_like(KERNEL)
    i, j = cuda.grid(2)
    n, m = img.shape
    if 1 <= i < n - 1 and 1 <= j < m - 1:
        acc = 0.0
        for di in range(3):
            for dj in range(3):
                acc += k[di, dj] * img[i + di - 1, j + dj - 1]
        out[i, j] = acc


@cuda.jit("void(uint8[::1], int32[::1])")
def popcount3(x, out):
    lut = cuda.const.array_like(LUT)
    i = cuda.grid(1)
    if i < x.size:
        out[i] = lut[x[i] & 7]
