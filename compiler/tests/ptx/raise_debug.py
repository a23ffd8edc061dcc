# A kernel compiled with debug=True that raises: the first raising thread
# records the raise site's code, its tid and its ctaid in `__kc_exc` and
# ends (no trap); the sites' file, lines and texts are `__kc_exc_sites`.
from numba import cuda


@cuda.jit("void(float64[::1], int64)", debug=True, opt=False)
def raises(a, k):
    i = cuda.threadIdx.x
    if k == 1:
        raise ValueError("bad value")
    if k == 2:
        raise IndexError
    a[i] = 1.0
