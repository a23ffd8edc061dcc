"""150: NumPy ufuncs with an output array (loop types, casts into the
output, broadcasting) and the comparison, logical and bitwise ufuncs,
against NumPy doing the same."""
import numpy as np
from harness import Case

SRC = "150_ufunc_out.py"


def expect(args):
    a, b, k, u, fout, g, bout, sout, iout, lout = [x.copy() for x in args]
    np.sin(a, fout)
    np.hypot(a[1:], b, fout[1:, :])
    r = np.fmax(a[:, :1], b, g, casting="unsafe")
    r[0, 0] = r[1, 1] * 2
    np.greater(a, b, bout[:4])
    np.logical_and(k, 3, bout[4])
    np.less_equal(u, k, bout[5])
    np.bitwise_xor(k, 6, iout[:3])
    np.invert(k[:2], iout[3:5])
    np.left_shift(k, 2, lout[:3])
    np.maximum(k, np.int64(-1), lout[3:6])
    lout[6] = np.right_shift(k[0], 1) + np.bitwise_and(k[1], 12)
    sout[0] = np.equal(u[0], k[0]) or np.logical_not(b[0])
    sout[1] = np.logical_xor(b[1], k[1]) != np.not_equal(a[0, 0], 0.5)
    c1 = np.left_shift(np.int8(1), np.int8(2))
    c2 = np.bitwise_or(np.uint8(1), np.int8(2))
    c3 = np.left_shift(np.int8(True), np.int8(True))
    c4 = np.invert(True)
    c5 = np.bitwise_and(True, False)
    c6 = np.greater(u[0], np.int8(-1))
    c7 = np.logical_xor(1.5, 0)
    c8 = np.right_shift(u[1], np.uint8(1))
    lout[7] = np.int64(c1) + c2 + c3 + c4 + c5 + c6 + c7 + np.int64(c8)
    return {4: fout, 5: g, 6: bout, 7: sout, 8: iout, 9: lout}


def inputs(rng, special):
    a = rng.uniform(-3, 3, (4, 3)).astype(np.float32)
    b = rng.uniform(-3, 3, 3)
    k = rng.integers(-20, 20, 3).astype(np.int32)
    u = rng.integers(0, 20, 3).astype(np.uint64)
    if special:
        a[0, :] = [np.nan, 0.5, -np.inf]
        b[:] = [0.0, np.nan, 2.0]
        k[:] = [-1, 0, 7]
        u[:] = [0, 2**63 + 5, 7]
    return [a, b, k, u, np.zeros((4, 3)), np.zeros((4, 3), np.float32),
            np.zeros((6, 3), np.bool_), np.zeros(2, np.bool_),
            np.zeros(6, np.int32), np.zeros(8, np.int64)]


CASES = [
    Case(SRC, "ufunc_out", grid=(1,), block=(1,), name=name,
         args=lambda rng, s=special: inputs(rng, s), expect=expect, rtol=1e-6, atol=1e-6)
    for name, special in (("random", False), ("special", True))
]
