# sRGB-style gamma correction of float32 pixels (pow with a float32 exponent).
import math

from numba import cuda, float32


@cuda.jit("void(float32[:, ::1], float32)")
def gamma_correct(img, gamma):
    i, j = cuda.grid(2)
    if i < img.shape[0] and j < img.shape[1]:
        v = img[i, j]
        if v <= float32(0.0031308):
            img[i, j] = float32(12.92) * v
        else:
            img[i, j] = float32(1.055) * math.pow(v, float32(1) / gamma) - float32(0.055)
