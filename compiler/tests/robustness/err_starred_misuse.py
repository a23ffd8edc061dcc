# Starred arguments where none can go: malformed, of non-tuples, in
# calls that read their arguments as written, into a kernel, nested in a
# tuple display, with a keyword naming a '*args' parameter.
from numba import cuda


@cuda.jit(device=True)
def f(a, *rest):
    return a


@cuda.jit("void(float64[::1], UniTuple(float64, 2))")
def k(out, t):
    out[0] = f(*out)
    out[1] = f(*3)
    out[2] = f(*(*t,))
    out[3] = f(1.0, rest=t)
    s = cuda.shared.array(*(4, float64))
    r = range(*t)
    k(*t)
    print("x", *t)
    out[4] = t(*t)
    out[5] = f(*)
