# expect: error at line 34: 'cuda.shared.array' needs a constant shape; 'N' is a runtime value here (a local is a constant only where every assignment that reaches it is the same integer literal)
# expect: error at line 42: 'cuda.local.array' needs a constant shape; 'N' is a runtime value here (a local is a constant only where every assignment that reaches it is the same integer literal)
# expect: error at line 50: 'cuda.local.array' needs a constant shape; 'N' is a runtime value here (a local is a constant only where every assignment that reaches it is the same integer literal)
# expect: error at line 16: 'cuda.shared.array' needs a constant shape; 'n' is a runtime value
# expect: error at line 23: 'cuda.shared.array' needs a constant shape; 'n' is a runtime value
# Shapes Numba refuses too: a local assigned different literals on two
# paths (their types unify to int64), arithmetic on a literal local or an
# augmented assignment of it (int64, not a literal), a device function
# with a declared signature (the argument is cast to int64), and a
# kernel's runtime argument passed on as a device function's shape.
from numba import cuda, int32


@cuda.jit("void(int32[::1], int64)", device=True)
def declared(a, n):
    buf = cuda.shared.array(n, int32)
    buf[0] = 1
    a[0] = buf[0]


@cuda.jit(device=True)
def sized(a, n):
    buf = cuda.shared.array(n, int32)
    buf[0] = 1
    a[0] = buf[0]


@cuda.jit("void(int32[::1])")
def two_values(a):
    if a[0]:
        N = 10
    else:
        N = 20
    buf = cuda.shared.array(N, int32)
    buf[0] = 1


@cuda.jit("void(int32[::1])")
def arithmetic(a):
    M = 4
    N = M * 2
    buf = cuda.local.array(N, int32)
    buf[0] = 1


@cuda.jit("void(int32[::1])")
def augmented(a):
    N = 8
    N += 0
    buf = cuda.local.array(N, int32)
    buf[0] = 1


@cuda.jit("void(int32[::1], int64)")
def runtime_argument(a, n):
    declared(a, 8)
    sized(a, n)
