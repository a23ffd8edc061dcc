# Starred arguments nested 30 deep through a '*args' device function,
# and a print of a starred 100-item tuple (numba-cuda's warning, the raw
# format string): compiles.
from numba import cuda


@cuda.jit(device=True)
def g(*rest):
    return rest


@cuda.jit("void(float64[::1])")
def k(out):
    t = g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(*g(1.0, 2.0)))))))))))))))))))))))))))))))
    out[0] = t[0] + t[1]
    print(*(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99), *t)
