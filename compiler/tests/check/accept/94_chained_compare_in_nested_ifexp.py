# A chained comparison binds its middle operand to a temporary; inside the
# arms of nested conditional expressions under an `if`, that temporary must
# not reach the `if`'s join (found by the random differential test: the
# lowered IR used a value its definition did not dominate).
from numba import cuda


@cuda.jit("void(int64[::1], float64[::1])")
def kern(a, o0):
    k = a[0]
    n = a[1]
    if k:
        o0[0] = (k // n if 1 < k // n < 2 else 0) if -1 < (k // n if 1 < k // n < 2 else 0) else 0
