# seed 2373, features all, signature void(int8[::1], uint64[::1], uint16[::1], int8[::1], float32[:, ::1], float64[:, ::1], uint16[:, ::1])
# A while loop whose condition Numba settles before typing: `j9 = 0`
# assigned once makes `while j9:` never true, so Numba prunes the body and
# its `v1 = v2` never joins v1's type (int8, not float64); the product is
# int64 arithmetic (wrapping), as in Numba.
from numba import cuda


@cuda.jit
def kern(a0, a1, a2, a3, o0, o1, o2):
    i = cuda.grid(1)
    v1 = a0[i]
    v2 = a1[i]
    j9 = 0
    while j9:
        v1 = v2
    o1[i, 3] = v2 * v1
    flag = True
    n = 0
    while flag:
        n += 1
        if n > 3:
            break
    o2[i, 0] = n
