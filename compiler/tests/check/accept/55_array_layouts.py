# Array layouts: any [:], C [::1], 2-d C [:, ::1], F [::1, :], any 2-d [:, :].
from numba import cuda


@cuda.jit("void(float32[:], float32[::1])")
def copy_any_to_c(src, dst):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = src[i]


@cuda.jit("void(float64[:, ::1], float64[::1, :])")
def c_to_f(src, dst):
    i, j = cuda.grid(2)
    if i < src.shape[0] and j < src.shape[1]:
        dst[i, j] = src[i, j]


@cuda.jit("void(float64[::1, :], float64[:, :])")
def f_to_any(src, dst):
    i, j = cuda.grid(2)
    if i < src.shape[0] and j < src.shape[1]:
        dst[i, j] = src[i, j]


@cuda.jit("void(int16[:, :, ::1], int16[::1, :, :])")
def c3_to_f3(src, dst):
    i, j, k = cuda.grid(3)
    if i < src.shape[0] and j < src.shape[1] and k < src.shape[2]:
        dst[i, j, k] = src[i, j, k]
