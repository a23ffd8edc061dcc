# expect: error at line 18: math.sin() takes 1 argument but 2 were given
# expect: error at line 18: cuda.atomic.add() takes 3 arguments but 2 were given
# expect: error at line 28: unsupported operand types for +: function(math.sin) and int64
# expect: error at line 33: cannot store the function 'math.cos' into an array element of type float64
# expect: error at line 41: cannot unify function(math.cos) and function(math.sin) for 'f'
# expect: error at line 52: cannot compare function(operator.add) with function(operator.add)
# Misuse of intrinsics as values, each refused as Numba refuses it: a call
# with the wrong number of arguments (reported in the function that calls
# it, as for a direct call), arithmetic on one, storing one in an array, one
# variable assigned two functions (Numba cannot unify them), comparing two.
import math
import operator
from numba import cuda


@cuda.jit(device=True)
def apply2(op, x, y):
    return op(x, y)


@cuda.jit("void(float64[::1])")
def arity(a):
    a[0] = apply2(math.sin, a[1], a[2])


@cuda.jit("void(float64[::1])")
def arithmetic(a):
    a[0] = math.sin + 1


@cuda.jit("void(float64[::1])")
def store(a):
    a[0] = math.cos


@cuda.jit("void(float64[::1])")
def reassign(a):
    f = math.sin
    if a[0] > 0:
        f = math.cos
    a[0] = f(a[1])


@cuda.jit("void(int32[::1])")
def atomic_arity(a):
    apply2(cuda.atomic.add, a, 0)


@cuda.jit("void(float64[::1])")
def compare(a):
    f = operator.add
    a[0] = f == operator.add


@cuda.jit("void(float64[::1])")
def pow_three(a):
    # The builtin pow takes two arguments in Numba (a ** b).
    a[0] = pow(a[1], 2, 3)
