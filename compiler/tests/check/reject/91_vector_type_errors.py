# expect: error at line 11: cuda.float32x3() needs 3 components, not 2
# expect: error at line 12: float32x2 has no attribute 'z'
# expect: error at line 13: cuda.float32x4() takes float32 numbers and float32x<n> vectors, not an int32x2 value
# expect: error at line 14: cannot store a float32x2 value into an array element of type float32
from numba import cuda


@cuda.jit("void(float32[::1], int32[::1])")
def k(x, n):
    v = cuda.float32x2(x[0], x[1])
    a = cuda.float32x3(x[0], x[1])
    x[2] = v.z
    b = cuda.float32x4(cuda.int2(n[0], n[1]), x[0], x[1])
    x[3] = v
