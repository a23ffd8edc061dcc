# Recursive device functions with declared signatures, as numba-cuda
# compiles them: a recursive call takes the declared return type. `fib`
# calls itself twice; `digits_sum` keeps a local array that each call has
# its own of (written before the recursive call, read after it); `power`
# halves its exponent, and the kernel's int64 argument is cast to the
# declared int64 from a smaller type.
import numpy as np
from numba import cuda


@cuda.jit("int64(int64)", device=True)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@cuda.jit("int64(int64, int64)", device=True)
def digits_sum(x, depth):
    buf = cuda.local.array(3, np.int64)
    buf[0] = x % 10
    buf[1] = depth
    buf[2] = x // 10
    if x < 10:
        return buf[0]
    rest = digits_sum(buf[2], depth + 1)
    return rest + buf[0] + buf[1] - depth


@cuda.jit("float64(float64, int64)", device=True)
def power(b, n):
    if n == 0:
        return 1.0
    half = power(b, n // 2)
    if n % 2 == 0:
        return half * half
    return half * half * b


@cuda.jit("void(int64[::1], int64[::1], float64[::1])")
def recursion_explicit(x, out, p):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = fib(x[i] % 20) * 1000 + digits_sum(x[i], 0)
        p[i] = power(1.5, np.int32(x[i] % 12))
