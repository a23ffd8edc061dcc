# Idioms of real Numba CUDA programs (found surveying public code): a
# signature of argument types alone (`"float32[:, ::1], ..."`, the result
# inferred), a kernel parameter with a default value (a launch passes every
# argument), `a.dtype.type(x)` for a number of an array's own type, rows
# unpacked in a loop (`for i, (x, y) in enumerate(points)`: Numba's
# exhaust_iter, `ValueError` unless the row has two items), and a tuple of
# one type stored into a 1-D view (`out[i, :] = vec3(...)`).
from numba import cuda


@cuda.jit("float32[::1], float32", device=True)
def norm2(v, w):
    s = v.dtype.type(0)
    for x in v:
        s += x * x
    return s * w


@cuda.jit(device=True)
def vec3(x, y):
    return (x + y, x - y, x * y)


@cuda.jit("float32[:, ::1], float32[::1], float32[:, ::1], float32")
def program_idioms(points, weights, out, scale=1.0):
    i = cuda.grid(1)
    if i < points.shape[0]:
        acc = points.dtype.type(0)
        for j, (x, y) in enumerate(points):
            if j <= i:
                acc += x * y
        out[i, :3] = vec3(points[i, 0], points[i, 1])
        out[i, 3] = acc * scale + norm2(points[i], weights[i])
