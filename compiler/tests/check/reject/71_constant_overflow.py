# expect: errors at lines 6 and 12: integer constants whose exact (Python) value does not fit in 64 bits; line 5 (2**63 - 1) is fine
from numba import cuda, int8

N = 2**62
HALF = 2**63 - 1
BIG = N * 4
SMALL = -(-HALF - 1)


@cuda.jit("void(int8[::1])")
def k(a):
    s = cuda.shared.array(N * 4, int8)
    s[0] = 1
    a[0] = s[0] + HALF
