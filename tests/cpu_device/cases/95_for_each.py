"""95: loops over arrays, enumerate() and zip(), with references written as
the same Python loops over NumPy scalars (so every rounding happens where
the kernel's does)."""
import numpy as np
from harness import Case, fma


# Numba's simulator adds a float32 element to the accumulator `0.0` in
# float32 (NumPy 2 promotes a Python float weakly), where compiled Numba
# types the accumulator float64 (the accept corpus's Numba oracle,
# 95_for_each.numba.json, says so): its results differ in the low bits.
SIM_FLOAT32 = ("the simulator accumulates float32 elements into `0.0` in float32 (NumPy 2 "
               "promotion); compiled Numba, like kernelc, in float64")


def reductions(args, fused=False):
    """The loops' sums; at -O2 (`fused`) `weighted += i * x` and
    `dot += x * y` round once per step."""
    a, b, c, out = args
    def mul_add(x, y, acc):
        return fma(x, y, acc) if fused else acc + x * y
    out = out.copy()
    total = np.float64(0.0)
    for x in a:
        total = total + np.float64(x)
    weighted = np.float64(0.0)
    for i, x in enumerate(b):
        weighted = mul_add(np.float64(i), x, weighted)
    shifted = np.int64(0)
    for k, v in enumerate(c, 100):
        shifted = shifted + np.int64(k) * np.int64(v)
    dot = np.float64(0.0)
    for x, y in zip(a, b):
        dot = mul_add(np.float64(x), y, dot)
    three = np.float64(0.0)
    for x, y, z in zip(b, a, c):
        three = three + ((x - np.float64(y)) + np.float64(z))
    out[:5] = [total, weighted, np.float64(shifted), dot, three]
    return {3: out}


def row_sums(args):
    m, out = args
    out = out.copy()
    for r, row in enumerate(m):
        if r < 8:
            s = np.float64(0.0)
            for v in row:
                s = s + np.float64(v)
            out[r] = np.float32(s)
    return {1: out}


def first_negative(args):
    a, found, last = args
    found, last = found.copy(), last.copy()
    found[0] = next((i for i, v in enumerate(a) if v < 0), len(a))
    last[0] = a[-1]
    return {1: found, 2: last}


def over_tuples(args):
    m, out = args
    out = out.copy()
    out[0] = sum(m.shape)
    acc = np.float64(0.0)
    for k, w in enumerate((0.5, 1.5, 2.5)):
        acc = acc + np.float64(k) * w
    out[1] = acc
    picked = np.float64(0.0)
    for x, scale in zip(out.copy(), (10, 20, 30, 40)):
        picked = picked + x * np.float64(scale)
    out[2] = picked
    return {1: out}


def with_ranges(args):
    a, out, n = args
    out = out.copy()
    out[0] = sum(k * up for k, up in enumerate(range(3, 20, 4)))
    out[1] = sum(int(down) * int(x) for down, x in zip(range(int(n), -1, -3), a))
    out[2] = sum(1 for _ in enumerate(range(5, 5)))
    out[3] = sum(one[0] for one in zip(range(int(n))))
    return {1: out}


CASES = [
    Case("95_for_each.py", "reductions", grid=(1,), block=(32,),
         args=lambda rng: [rng.standard_normal(37).astype(np.float32), rng.standard_normal(50),
                           rng.integers(-1000, 1000, 20).astype(np.int32), np.zeros(6)],
         expect=reductions, fused=lambda a: reductions(a, fused=True), numba_skip=SIM_FLOAT32),
    Case("95_for_each.py", "row_sums", grid=(1,), block=(8,),
         args=lambda rng: [rng.standard_normal((6, 9)).astype(np.float32), np.full(6, -1.0, np.float32)],
         expect=row_sums, numba_skip=SIM_FLOAT32),
    Case("95_for_each.py", "first_negative", grid=(1,), block=(1,), name="found",
         args=lambda rng: [np.array([3, 1, 4, 1, 5, 9, 2, -6, 5, -3], np.int64), np.zeros(1, np.int64),
                           np.zeros(1, np.int64)],
         expect=first_negative),
    Case("95_for_each.py", "first_negative", grid=(1,), block=(1,), name="none",
         args=lambda rng: [np.arange(1, 12, dtype=np.int64), np.zeros(1, np.int64), np.zeros(1, np.int64)],
         expect=first_negative),
    Case("95_for_each.py", "over_tuples", grid=(1,), block=(1,),
         args=lambda rng: [np.zeros((3, 5)), np.array([0.0, 0.0, 7.25, -2.0])],
         expect=over_tuples),
] + [
    Case("95_for_each.py", "with_ranges", grid=(1,), block=(1,), name=f"n{n}",
         args=lambda rng, n=n: [rng.integers(-50, 50, 6).astype(np.int32), np.zeros(4, np.int64), np.int32(n)],
         expect=with_ranges)
    for n in (10, 0, -4, 2)
]
