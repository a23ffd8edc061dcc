# print() of tuples (nested, mixed-type, one item), of a dim3
# (cuda.threadIdx and friends) and of booleans, as numba-cuda prints them.
from numba import cuda


@cuda.jit("void(int64[::1], float32)")
def show(a, x):
    i = cuda.grid(1)
    if i == 0:
        print((1, 2.5))
        print((a[0],), (a[1], (a[2], x)), ())
        t = (a[0] > 0, (True, a[1]))
        print("t =", t, a[2] == 3)
        print(True, False)


@cuda.jit("void(UniTuple(int64, 3))")
def show_arg(tup):
    print(tup)
    print(cuda.threadIdx, cuda.blockIdx)
    if cuda.threadIdx.x == 0:
        print("dims", cuda.blockDim, cuda.gridDim)


@cuda.jit("void(int64[::1])")
def show_too_many(r):
    # More than 32 items: numba-cuda warns, and the kernel prints the raw
    # format string ("%lld ... %s (%lld, %f)").
    print(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10],
          r[11], r[12], r[13], r[14], r[15], r[16], r[17], r[18], r[19], r[20],
          r[21], r[22], r[23], r[24], r[25], r[26], r[27], r[28], r[29], r[30],
          r[31] > 0, (r[32], 0.5))
