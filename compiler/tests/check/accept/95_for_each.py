# Loops over arrays (elements, and rows of a 2-D array), enumerate() with
# and without a start, zip() of arrays of different lengths and types,
# tuples, and ranges inside enumerate() and zip().
from numba import cuda


@cuda.jit("void(float32[::1], float64[::1], int32[::1], float64[::1])")
def reductions(a, b, c, out):
    # One thread: the loops run over whole arrays.
    if cuda.grid(1) != 0:
        return
    total = 0.0
    for x in a:
        total += x
    out[0] = total
    weighted = 0.0
    for i, x in enumerate(b):
        weighted += i * x
    out[1] = weighted
    shifted = 0
    for k, v in enumerate(c, 100):
        shifted += k * v
    out[2] = shifted
    dot = 0.0
    for x, y in zip(a, b):
        dot += x * y
    out[3] = dot
    three = 0.0
    for x, y, z in zip(b, a, c):
        three += x - y + z
    out[4] = three


@cuda.jit("void(float32[:, ::1], float32[::1])")
def row_sums(m, out):
    # Each thread sums one row, reached by iterating the rows.
    t = cuda.grid(1)
    for r, row in enumerate(m):
        if r != t:
            continue
        s = 0.0
        for v in row:
            s += v
        out[r] = s


@cuda.jit("void(int64[::1], int64[::1], int64[::1])")
def first_negative(a, found, last):
    # break, and the loop variable after the loop.
    if cuda.grid(1) != 0:
        return
    found[0] = -1
    for i, v in enumerate(a):
        if v < 0:
            found[0] = i
            break
    else:
        found[0] = len(a)
    for v in a:
        pass
    last[0] = v


@cuda.jit("void(float64[:, ::1], float64[::1])")
def over_tuples(m, out):
    # Tuples whose items have one type: constants, a shape, and zip with
    # an array.
    if cuda.grid(1) != 0:
        return
    total = 0
    for d in m.shape:
        total += d
    out[0] = total
    acc = 0.0
    for k, w in enumerate((0.5, 1.5, 2.5)):
        acc += k * w
    out[1] = acc
    picked = 0.0
    for x, scale in zip(out, (10, 20, 30, 40)):
        picked += x * scale
    out[2] = picked


@cuda.jit("void(int32[::1], int64[::1], int32)")
def with_ranges(a, out, n):
    # Ranges inside enumerate() and zip(): going up, going down, empty,
    # an int32 range (its values stay int32).
    if cuda.grid(1) != 0:
        return
    s = 0
    for k, up in enumerate(range(3, 20, 4)):
        s += k * up
    out[0] = s
    t = 0
    for down, x in zip(range(n, -1, -3), a):
        t += down * x
    out[1] = t
    u = 0
    for k, never in enumerate(range(5, 5)):
        u += 1
    out[2] = u
    w = 0
    for one in zip(range(n)):
        w += one[0]
    out[3] = w

