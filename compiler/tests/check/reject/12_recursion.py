# expect: error at line 16: cannot type infer runaway recursion
# expect: error at line 20: Return type of recursive function does not converge
# expect: error at line 30: recursive calls of 'pairs' change their argument types at every level
# Recursion Numba cannot type: `runaway` has no path that returns without
# calling itself (Numba: "cannot type infer runaway recursion");
# `make_list`'s result nests its recursive call's result one tuple deeper
# at every step (Numba: "Return type of recursive function does not
# converge"); `pairs` calls itself with a tuple twice the size of its own,
# a new specialisation at every level, refused at the eighth instead of
# making types of exponential size.
from numba import cuda


@cuda.jit(device=True)
def runaway(x):
    return runaway(x)


@cuda.jit(device=True)
def make_list(n):
    if n <= 0:
        return None
    return (n, make_list(n - 1))


@cuda.jit(device=True)
def pairs(t, n):
    if n <= 0:
        return 0
    return pairs((t, t), n - 1)


@cuda.jit("void(int64[::1])")
def recursion_errors(out):
    out[0] = runaway(1)
    make_list(100)
    out[1] = pairs(1, out[2])
