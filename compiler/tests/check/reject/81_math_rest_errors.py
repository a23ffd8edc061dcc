# expect: error at line 16: math.ldexp() takes 2 arguments but 1 was given
# expect: error at line 17: math.frexp() takes 1 argument but 2 were given
# expect: error at line 18: math.modf() needs a number, not an array of type array(float64, 1d, C)
# expect: error at line 19: math.nextafter() takes 2 arguments but 1 was given
# expect: error at line 20: cuda.atomic.nanmax() does not support int16 arrays (supported: float32, float64, int32, uint32, int64, uint64)
# expect: error at line 21: cuda.atomic.nanmin() needs a global or shared array; this is a local array
import math

from numba import cuda, float64


@cuda.jit("void(float64[::1], int16[::1])")
def k(a, s):
    i = cuda.grid(1)
    t = cuda.local.array(4, dtype=float64)
    a[0] = math.ldexp(a[1])
    m, e = math.frexp(a[1], 2)
    f, w = math.modf(a)
    a[2] = math.nextafter(a[3])
    cuda.atomic.nanmax(s, 0, 1)
    cuda.atomic.nanmin(t, 0, a[0])
