# expect: error at line 14: cuda.match_any_sync() compares integers and floats, not a complex128 value
# expect: error at line 15: cuda.match_all_sync() takes 2 arguments but 1 was given
# Misuse of cuda.match_any_sync/match_all_sync, refused as Numba refuses it
# (numba-cuda's cases take int32, int64, float32 and float64 values).
from numba import cuda


@cuda.jit("void(complex128[::1], int32[::1])")
def bad(a, out):
    i = cuda.grid(1)
    if i < a.size:
        # A complex value has no match.
        # Too few arguments.
        out[i] = cuda.match_any_sync(-1, a[i])
        out[i] = cuda.match_all_sync(-1)[0]
