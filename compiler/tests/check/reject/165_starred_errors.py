# expect: error at line 23: *args in function call should be a tuple
# expect: error at line 24: *args in function call should be a tuple
# expect: error at line 25: 'add' takes 2 arguments but 3 were given
# expect: error at line 26: math.atan2() takes 2 arguments but 1 was given
# expect: error at line 27: cannot print a string
# expect: error at line 28: *args in function call should be a tuple
# Starred arguments that are not tuples (a number, an array: Numba needs a
# tuple, whose length its type gives), that give a callee the wrong number
# of arguments, and a string in a print with a starred argument (Python
# passes the items as one tuple: Numba sees a unicode_type).
import math

from numba import cuda


@cuda.jit(device=True)
def add(a, b):
    return a + b


@cuda.jit("void(float64[::1], int64)")
def k(a, n):
    a[0] = add(*n)
    a[1] = add(*a)
    a[2] = add(*(1.0, 2.0, 3.0))
    a[3] = math.atan2(*(1.0,))
    print("n", *(1, 2))
    print(*a)
