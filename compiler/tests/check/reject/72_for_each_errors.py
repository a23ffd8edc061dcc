# expect: error at line 16: enumerate() and zip() over a uint64 range() are not supported yet
# expect: error at line 18: enumerate() takes 1 or 2 arguments
# expect: error at line 20: a float32 value is not something kernels can loop over
# expect: error at line 22: enumerate() start must be an integer
# expect: error at line 24: zip() can only be used as the iterable of a for loop
# expect: error at line 25: kernels can loop over tuples whose items all have one type
# expect: error at line 27: cannot loop over an empty tuple
# expect: error at line 29: literal_unroll() takes one argument
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], uint64)")
def k(a, out, m):
    s = 0.0
    x = a[0]
    for i, v in enumerate(range(m)):
        s += v
    for i, v in enumerate(a, 1, 2):
        s += v
    for v in x:
        s += v
    for i, v in enumerate(a, 0.5):
        s += v
    z = zip(a, out)
    for v in (1, 2.5):
        s += v
    for v in ():
        s += v
    for v in cuda.literal_unroll(a, out):
        s += v
    out[0] = s
