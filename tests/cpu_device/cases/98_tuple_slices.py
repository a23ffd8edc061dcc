"""98: tuples sliced by constants (forward, backward, stepped, empty, of a
device function's result), on two threads."""
import numpy as np
from harness import Case


def expect(args):
    out, f = args
    out, f = out.copy(), f.copy()
    for i in range(2):
        t = (i, 10, 20, 30, 40)
        head, tail, odd, back = t[:2], t[3:], t[1::2], t[::-1]
        out[8 * i:8 * i + 6] = [head[0] + head[1], tail[0] * 100 + tail[1], odd[0] + odd[1],
                                back[0] * 10 + back[4], len(t[-2:]) + len(t[4:1]) + len(t[4:1:-1]),
                                len(t[3:3])]
        mixed = (i, i + 1, i * 2.5, i - 3)[1:3]
        f[2 * i:2 * i + 2] = mixed
    return {0: out, 1: f}


CASES = [
    Case("98_tuple_slices.py", "tuple_slices", grid=(1,), block=(4,),
         args=lambda rng: [np.full(16, -1, np.int64), np.full(4, -1.0)],
         expect=expect),
]
