"""94: a chained comparison's temporary inside nested conditional
expressions under an `if` (a lowering bug the random differential test
found): one thread computes it for k // n in and out of (1, 2)."""
import numpy as np
from harness import Case


def expect_for(k, n):
    def expect(a):
        out = a[1].copy()
        if k:
            q = k // n
            inner = q if 1 < q < 2 else 0
            out[0] = inner if -1 < inner else 0
        return {1: out}
    return expect


CASES = [
    Case("94_chained_compare_in_nested_ifexp.py", "kern", grid=(1,), block=(1,), name=f"k{k}_n{n}",
         args=lambda rng, k=k, n=n: [np.array([k, n], np.int64), np.full(1, -7.0)],
         expect=expect_for(k, n))
    for k, n in ((3, 2), (7, 2), (0, 5), (-9, 4))
]
