# expect: error at line 21: Cannot capture the non-constant value associated with variable 'z' in a function that may escape.
# expect: error at line 32: Cannot capture a constant value for variable 'x' as there are multiple definitions present.
# expect: error at line 39: Cannot capture a constant value for variable 'x' as there are multiple definitions present.
# expect: error at line 48: Cannot capture the non-constant value associated with variable 'n' in a function that may escape.
# A closure that escapes (passed to a function, returned, or defined more
# than once so that no call can be inlined) is compiled on its own, and
# Numba's `convert_code_obj_to_function` refuses it unless each variable
# it captures has one definition, a constant.
from numba import cuda


@cuda.jit(device=True)
def consumer(func, *args):
    return func(*args)


@cuda.jit("void(int64[::1], int64)")
def non_const(out, x):
    z = x + 1

    def inner(val):
        return 1 + z + val

    out[0] = consumer(inner, x)


@cuda.jit("void(int64[::1], boolean)")
def multiply_defined(out, c):
    if c:
        x = 3

        def inner(y):
            return y + x

        r = consumer(inner, 1)
    else:
        x = 6

        def inner(y):
            return y + x

        r = consumer(inner, 2)
    out[0] = r


@cuda.jit(device=True)
def make(n):
    def add(v):
        return v + n

    return add


@cuda.jit("void(int64[::1])")
def returned(out):
    out[0] = make(3)(4)
