"""51: while/for loops with break and continue.  collatz_steps counts Collatz
steps (stopping at n <= 0); sum_positive_until_nan (thread 0) sums the positive
values before the first NaN in float64 and stores float32; skip_multiples (run
by one thread: every thread writes the same slots) writes a[k-1] for k not a
multiple of 3 and breaks after k > 1000."""
import numpy as np
from harness import Case


def collatz(n):
    c = 0
    while n != 1:
        if n <= 0:
            break
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        c += 1
    return c


def collatz_args(rng):
    s = rng.integers(1, 100000, 200).astype(np.int64)
    s[:6] = [1, 0, -5, 2, 27, 837799]
    return [s, np.full(200, -1, np.int64)]


def sum_ref(x):
    total = 0.0
    for v in x.astype(np.float64):
        if v != v:
            break
        if v <= 0:
            continue
        total += v
    return np.array([total], np.float32)


def sum_args(rng, dyadic):
    if dyadic:  # every partial sum exact in float32 as well
        x = (rng.integers(-40, 40, 50) / 8).astype(np.float32)
    else:
        x = rng.standard_normal(50).astype(np.float32)
        x[0] = 2.0**24  # float32 accumulation would drop the 1.0s that follow
        x[1:30] = 1.0
    x[40] = np.nan
    x[45] = 1000.0
    return [x, np.zeros(1, np.float32)]


def skip_args(rng):
    return [np.full(1005, -1, np.int32)]


def skip_expect(a):
    out = a[0].copy()
    for k in range(1, 1001):
        if k % 3 != 0:
            out[k - 1] = 0
    return {0: out}


CASES = [
    Case("51_while_break_continue.py", "collatz_steps", grid=(4,), block=(64,), args=collatz_args,
         expect=lambda a: {1: np.array([collatz(int(v)) for v in a[0]], np.int64)}),
    Case("51_while_break_continue.py", "sum_positive_until_nan", grid=(1,), block=(32,),
         args=lambda r: sum_args(r, True), expect=lambda a: {1: sum_ref(a[0])}, name="dyadic"),
    Case("51_while_break_continue.py", "sum_positive_until_nan", grid=(1,), block=(32,),
         args=lambda r: sum_args(r, False), expect=lambda a: {1: sum_ref(a[0])}, name="f64_accumulate",
         numba_skip="simulator keeps `float(0) + float32` in float32 (NEP 50); Numba types total as float64"),
    Case("51_while_break_continue.py", "skip_multiples", grid=(1,), block=(1,), args=skip_args, expect=skip_expect),
]
