# while loops, break and continue in while and for loops.
from numba import cuda


@cuda.jit("void(int64[::1], int64[::1])")
def collatz_steps(start, steps):
    i = cuda.grid(1)
    if i >= start.size:
        return
    n = start[i]
    count = 0
    while n != 1:
        if n <= 0:
            break
        if n % 2 == 0:
            n //= 2
        else:
            n = 3 * n + 1
        count += 1
    steps[i] = count


@cuda.jit("void(float32[::1], float32[::1])")
def sum_positive_until_nan(x, out):
    i = cuda.grid(1)
    if i != 0:
        return
    total = float(0)
    for k in range(x.size):
        v = x[k]
        if v != v:
            break
        if v <= 0:
            continue
        total += v
    out[0] = total


@cuda.jit("void(int32[::1])")
def skip_multiples(a):
    i = cuda.grid(1)
    k = 0
    while k < a.size:
        k += 1
        if k % 3 == 0:
            continue
        if k > 1000:
            break
        a[k - 1] = i
