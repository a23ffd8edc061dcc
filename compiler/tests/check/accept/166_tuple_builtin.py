# The builtin tuple(): tuple() is the empty tuple, tuple(t) of a tuple is
# t itself (Numba's TupleConstructor), so a loop over tuple((a, b, c)) is a
# loop over the tuple.
from numba import cuda


@cuda.jit("void(float32[::1], UniTuple(int64, 3), int64[::1])")
def readout(out, t, n):
    i = cuda.grid(1)
    a = out[0] * 2
    b = out[1] + 1
    c = out[2] - 3
    k = 0
    for v in tuple((a, b, c)):
        out[3 + k] = v
        k += 1
    u = tuple(t)
    e = tuple()
    n[0] = u[0] + u[2]
    n[1] = len(e) + len(tuple(u))
    if i == 0:
        n[2] = tuple((1, 2.5))[0]
