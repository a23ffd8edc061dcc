"""83: reversed ranges with runtime bounds.  suffix_sums replaces a[r, :ncols]
by its suffix sums (float64, right to left; columns from ncols on are left
alone); every_kth_backwards (thread 0) negates a[size-1], a[size-1-k], ...
(int64 negation wrapped on the int32 store), or nothing when k <= 0."""
import numpy as np
from harness import Case


def suffix_expect(ncols):
    def ref(a):
        m = a[0].copy()
        if ncols > 0:
            m[:, :ncols] = np.cumsum(m[:, ncols - 1::-1], axis=1)[:, ::-1]
        return {0: m}
    return ref


def kth_expect(a):
    x, k = a[0].copy(), int(a[1])
    if k > 0:
        x[x.size - 1::-k] = (-x[x.size - 1::-k].astype(np.int64)).astype(np.int32)
    return {0: x}


def kth_args(k):
    def make(rng):
        x = rng.integers(-1000, 1000, 50).astype(np.int32)
        x[49] = np.iinfo(np.int32).min
        return [x, np.int32(k)]
    return make


CASES = [
    Case("83_reverse_row_scan.py", "suffix_sums", grid=(2,), block=(32,),
         args=lambda rng: [rng.standard_normal((40, 12)), np.int64(9)], expect=suffix_expect(9), name="ncols9"),
    Case("83_reverse_row_scan.py", "suffix_sums", grid=(2,), block=(32,),
         args=lambda rng: [rng.standard_normal((40, 12)), np.int64(0)], expect=suffix_expect(0), name="ncols0"),
] + [
    Case("83_reverse_row_scan.py", "every_kth_backwards", grid=(2,), block=(32,), args=kth_args(k),
         expect=kth_expect, name=f"k{k}")
    for k in (3, 1, 100, 0, -2)
]
