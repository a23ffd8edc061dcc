# seed 1132, features all, signature void(int8[::1], uint8[::1], float32[:, ::1], uint16[:, ::1], int16[:, ::1])
# Which constant conditions Numba prunes before typing (the assignments of
# a pruned branch join nothing): a local assigned once from a literal and a
# comparison of such values are pruned; a call such as np.uint64(0) is not,
# even though its value is known, so both branches join.
import numpy as np
from numba import cuda
from numba import uint32

FLAG = 0


@cuda.jit
def kern(a0, a1, o0, o1, o2):
    i = cuda.grid(1)
    v1 = a0[i]
    v2 = a1[i]
    always = True
    if always:
        pass
    else:
        v2 = v1                      # pruned: v2 stays uint8
    o0[i, 0] = v2 - uint32(2)        # uint64 arithmetic, as Numba
    w = a1[i]
    if np.uint64(0):
        w = 1 / 2                    # not pruned: w joins as float64
    o0[i, 1] = w * 3 + 1
    n = 4
    u = a0[i]
    if n > 2:
        pass
    else:
        u = 1.5                      # pruned: u stays int8
    o2[i, 0] = u * 100
    x = a0[i]
    if FLAG:
        x = 2.5                      # pruned (a module constant)
    o1[i, 0] = x * 200
    o0[i, 2] = (v1 if always else 0.5) * 2
