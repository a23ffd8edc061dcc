# seed 2373, features all, signature void(int8[::1], uint64[::1], uint16[::1], int8[::1], float32[:, ::1], float64[:, ::1], uint16[:, ::1])
# Conditions Numba settles before typing, by the SSA version of a local
# that reaches them: `while j9:` with `j9 = 0` reaching its entry test never
# runs (even though the body changes j9), `if x:` sees `x = 0` although x is
# assigned 5 later, but a test inside a loop sees the back edge's value
# too. A pruned branch's `v1 = v2` never joins v1's type (int8 stays int8,
# not float64); the products are int64 arithmetic (wrapping), as in Numba.
from numba import cuda


@cuda.jit
def kern(a0, a1, a2, a3, o0, o1, o2):
    i = cuda.grid(1)
    v1 = a0[i]
    v2 = a1[i]
    j9 = 0
    while j9:
        j9 += 1
        v1 = v2
    o1[i, 3] = v2 * v1
    w1 = a0[i]
    x = 0
    if x:
        w1 = v2
    x = 5
    o1[i, 2] = v2 * w1 + x
    u1 = a0[i]
    y = 0
    for k in range(2):
        if y:
            u1 = v2
        y = 1
    o1[i, 1] = v2 * u1
    flag = True
    n = 0
    while flag:
        n += 1
        if n > 3:
            break
    o2[i, 0] = n
