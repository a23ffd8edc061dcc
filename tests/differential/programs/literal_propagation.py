# seed 1812, features all, signature void(uint16[::1], uint8[::1], uint32[::1], uint64[:, ::1], uint8[:, ::1])
# Numba's literal propagation: a branch condition that is integer
# arithmetic of constants (literals, locals assigned once from a literal),
# or a local assigned once from such arithmetic, is a constant before
# typing, so the branch it never takes is pruned, and so is an `and`/`or`
# operand it decides: the values of the pruned side never join the
# variable's type. One level only. Each output tells the pruned typing from
# the joined one.
import numpy as np
from numba import cuda


@cuda.jit
def kern(a0, a1, a2, o0, o1):
    i = cuda.grid(1)
    v2 = a1[i]
    zero = 0
    # `zero - 9007199254740993` is a true constant: x is int64, exact (a
    # join with uint64 would make it float64, and the sum below 4).
    x = zero - 9007199254740993 or v2 // np.uint8(2)
    o0[i, 0] = x * 3 + 27021597764222979
    # Both constants are false: w is v2 alone, a uint8 (~ in its width).
    w = zero or zero * 4 or v2
    o0[i, 1] = ~w
    # `zero + 1` is true: y is v2, a uint8.
    y = (zero + 1) and v2
    o1[i, 0] = (~y) // 2
    # `s = zero - 3` is folded where s is the condition: the else branch
    # is pruned, q stays uint8.
    s = zero - 3
    q = v2
    if s:
        pass
    else:
        q = 7
    o1[i, 1] = (~q) // 2
    # One level only: `t = zero + 3` is not folded where `t - 3` is the
    # condition, so both branches join (uint8 with int64 is int64).
    t = zero + 3
    q2 = v2
    if t - 3:
        q2 = 7
    o1[i, 2] = (~q2) // 2
