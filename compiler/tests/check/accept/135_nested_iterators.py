# enumerate() and zip() nested in each other as a for loop's iterable:
# enumerate(zip(...)), zip(enumerate(...), ...), zip of zips, enumerate of
# enumerate, with starts and ranges among the leaves (numba-cuda's
# test_iterators: test_enumerate_zip, test_zip_enumerate).
from numba import cuda


@cuda.jit("void(float64[::1], int32[::1], float64[::1])")
def enumerate_zip(x, y, out):
    count = 0
    for i, (xv, yv) in enumerate(zip(x, y)):
        out[i] = xv * 10 + yv + count
        count += 1
    out[len(out) - 1] = count


@cuda.jit("void(float64[::1], int32[::1], int64[::1])")
def zip_enumerate(x, y, out):
    for (i, xv), yv in zip(enumerate(x, 5), y):
        out[i - 5] = i * 1000 + yv


@cuda.jit("void(float32[::1], int64[::1], float64[::1])")
def zips_of_zips(x, y, out):
    # The shortest leaf (the range) sets the trip count.
    for t in zip(zip(x, range(2, 9)), enumerate(y, -1)):
        j = t[0][1] - 2
        out[j] = t[0][0] + t[1][0] * 100 + t[1][1] * 10000


@cuda.jit("void(int16[::1], int64[::1])")
def enumerate_enumerate(x, out):
    for i, (j, v) in enumerate(enumerate(x, 3), 7):
        out[i - 7] = i * 100 + j * 10 + v
