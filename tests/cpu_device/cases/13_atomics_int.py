"""Integer atomics returning the old value.  The old values (and the exch
slot) depend on the order threads arrive in, so these launches have exactly
one active thread: int32_atomics guards i >= vals.size with one value on 64
threads; wide_atomics has no guard and runs on a single thread.  The sub wraps
around int32, and the sum of old values wraps when stored to int32."""
import numpy as np
from harness import Case

I32_MIN = -2**31


def int32_args(v, acc):
    return lambda rng: [np.array([v], np.int32), np.array(acc, np.int32), np.full(64, 77, np.int32)]


def int32_expect(a):
    (v,), A = a[0].astype(np.int64), a[1].astype(np.int64)
    acc = np.array([A[0] - v, max(A[1], v), min(A[2], v), A[3] & v, A[4] | v, A[5] ^ v, v])
    old = a[2].copy()
    old[0] = ((A.sum() + 2**31) % 2**32) - 2**31
    return {1: acc.astype(np.int32), 2: old}   # astype wraps acc[0]


def wide_args(rng):
    return [np.array([2**40, -5, 9], np.int64),
            np.array([0x10, 0xff, 2**64 - 1], np.uint64),
            rng.integers(0, 4, (4, 8), dtype=np.uint32) * 2]


def wide_expect(a):
    A, F, G = a[0].copy(), a[1].copy(), a[2].copy()
    # i = 0: prev = A[0]; a[0] += 1; a[1] = max(a[1], 0); a[2] = prev
    A[0], A[1], A[2] = A[0] + 1, max(A[1], 0), A[0]
    F[0] |= np.uint64(1)
    F[1] ^= np.uint64(0)
    F[2] &= ~np.uint64(1)
    G[0, 0] |= np.uint32(1)
    return {0: A, 1: F, 2: G}


CASES = [
    Case("13_atomics_int.py", "int32_atomics", grid=(2,), block=(32,),
         args=int32_args(100, [I32_MIN + 5, 7, 200, 0x0ff0, 0x100, 0x5a5a, -3]), expect=int32_expect),
    Case("13_atomics_int.py", "int32_atomics", grid=(2,), block=(32,),
         args=int32_args(-6, [2**31 - 10, -100, -7, -1, 1, -6, 2**31 - 1]), expect=int32_expect,
         name="negative"),
    Case("13_atomics_int.py", "wide_atomics", grid=(1,), block=(1,), args=wide_args, expect=wide_expect,
         numba_skip="the simulator computes ~(1 << k) as a negative Python int, which NumPy refuses to "
                    "and_ into a uint64 array (compiled code converts it to uint64)"),
]
