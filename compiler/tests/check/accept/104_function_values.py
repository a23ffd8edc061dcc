# Device functions as values: passed to other device functions (which are
# specialised for each function, as Numba specialises for each dispatcher),
# held in variables and tuples, bound under another name at module level
# (also through `cuda.jit(device=True)(f)`). (Numba cannot literal_unroll
# a tuple of functions: "underlying object has vanished".)
from numba import cuda


@cuda.jit(device=True)
def twice(x):
    return 2 * x


@cuda.jit(device=True)
def square(x):
    return x * x


def cube_py(x):
    return x * x * x


cube = cuda.jit(device=True)(cube_py)
sq = square


@cuda.jit(device=True)
def apply(op, x):
    return op(x)


@cuda.jit(device=True)
def compose(f, g, x):
    return f(g(x))


@cuda.jit("void(float64[::1], float64[:, ::1])")
def functions(a, out):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        out[i, 0] = apply(square, x)
        out[i, 1] = apply(twice, x)
        out[i, 2] = apply(cube, x)
        out[i, 3] = compose(sq, twice, x)
        f = twice
        out[i, 4] = f(x) + apply(f, 1.0)
        ops = (square, twice, cube)
        out[i, 5] = ops[0](x) + ops[1](x)
        out[i, 6] = ops[2](x)
