"""164: print() of tuples (nested, mixed, of one item, empty), of dim3
values (cuda.threadIdx, cuda.blockIdx, cuda.blockDim, cuda.gridDim) and of
booleans (True / False), as numba-cuda prints them (floats with %f); more
than 32 items print numba-cuda's raw format string. Lines are compared as
a multiset."""
import itertools

import numpy as np
from harness import Case


def show_stdout(a):
    arr, x = a
    return [
        "(1, 2.500000)",
        "(%d,) (%d, (%d, %f)) ()" % (arr[0], arr[1], arr[2], x),
        "t = (%s, (True, %d)) %s" % (arr[0] > 0, arr[1], arr[2] == 3),
        "True False",
    ]


def show_arg_stdout(a):
    (tup,) = a
    lines = []
    for bx, tz, ty, tx in itertools.product(range(2), range(2), range(1), range(2)):
        lines.append("(%d, %d, %d)" % tup)
        lines.append("(%d, %d, %d) (%d, 0, 0)" % (tx, ty, tz, bx))
        if tx == 0:
            lines.append("dims (2, 1, 2) (2, 1, 1)")
    return lines


def too_many_stdout(a):
    return [" ".join(["%lld"] * 31 + ["%s", "(%lld, %f)"])]


CASES = [
    Case("164_print_tuples.py", "show", grid=(1,), block=(4,),
         args=lambda rng: [np.array([5, -2, 3], np.int64), np.float32(0.5)],
         expect=lambda a: {}, stdout=show_stdout,
         numba_skip="the simulator prints with Python's formatting (2.5 rather than %f)"),
    Case("164_print_tuples.py", "show", grid=(1,), block=(1,), name="negative",
         args=lambda rng: [np.array([-5, 7, 4], np.int64), np.float32(-1.25)],
         expect=lambda a: {}, stdout=show_stdout,
         numba_skip="the simulator prints with Python's formatting (2.5 rather than %f)"),
    Case("164_print_tuples.py", "show_arg", grid=(2,), block=(2, 1, 2),
         args=lambda rng: [(7, -8, 2**40)],
         expect=lambda a: {}, stdout=show_arg_stdout),
    Case("164_print_tuples.py", "show_too_many", grid=(1,), block=(1,),
         args=lambda rng: [np.arange(33, dtype=np.int64)],
         expect=lambda a: {}, stdout=too_many_stdout,
         numba_skip="the simulator prints the values (it has no vprintf limit)"),
]
