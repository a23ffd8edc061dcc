"""Every augmented assignment.  aug_ops: one thread (of 64) runs the int64 and
float64 chains (Python floor // and %, negative starts too).  aug_elements:
float32 elements go through float64 ops and are rounded back on every store;
int32 elements are computed in int64 and wrap when stored (INT32 extremes)."""
import numpy as np
from harness import Case


def py_int_chain(k):
    k += 3; k -= 1; k *= 5; k //= 2; k %= 7; k **= 2
    k &= 0xff; k |= 0x100; k ^= 0x0f; k <<= 2; k >>= 1
    return k


def py_float_chain(x):
    x += 1.5; x -= 0.25; x *= 3.0; x /= 2.0; x //= 1.5; x %= 4.0; x **= 2
    return x


def ops_expect(a):
    ints, floats = a[0].copy(), a[1].copy()
    ints[1] = py_int_chain(int(ints[0]))
    floats[1] = py_float_chain(float(floats[0]))
    return {0: ints, 1: floats}


def ops_args(k, x):
    return lambda rng: [np.array([k, 0, 9], np.int64), np.array([x, 0.0, 9.0])]


def wrap32(v):
    return ((np.asarray(v, np.int64) + 2**31) % 2**32 - 2**31).astype(np.int32)


def elem_args(rng):
    m = rng.integers(-1000, 1000, (37, 11)).astype(np.int32)
    m[0, 0] = 2**31 - 1          # += 1 wraps
    m[1, 1] = -2**31             # -= 1 wraps
    m[2, 9] = 2**30 + 5          # <<= 1 wraps
    m[3, 5] = 70000              # **= 2 wraps
    m[4, 10] = -7                # >>= 1 is arithmetic
    v = (rng.standard_normal(50) * 20).astype(np.float32)
    return [m, v]


def elem_expect(a):
    m, v = a[0].astype(np.int64), a[1].copy()
    out = m.copy()
    out[:, 0] += 1; out[:, 1] -= 1; out[:, 2] *= 3; out[:, 3] //= 2; out[:, 4] %= 5
    out[:, 5] **= 2; out[:, 6] &= 6; out[:, 7] |= 1; out[:, 8] ^= 3; out[:, 9] <<= 1; out[:, 10] >>= 1
    f = np.float32
    for i in range(v.size):
        x = v[i]
        x = f(float(x) + 1.0)
        x = f(float(x) - 0.5)
        x = f(float(x) * 2.0)
        x = f(float(x) / 3.0)
        x = f(float(x) // 1.0)
        x = f(float(x) % 10.0)
        v[i] = x * x                 # float32 ** 2 stays float32
    return {0: wrap32(out), 1: v}


CASES = [
    Case("23_aug_assign_all.py", "aug_ops", grid=(2,), block=(32,), args=ops_args(17, 2.3), expect=ops_expect),
    Case("23_aug_assign_all.py", "aug_ops", grid=(2,), block=(32,), args=ops_args(-23, -5.7), expect=ops_expect,
         name="negative"),
    Case("23_aug_assign_all.py", "aug_elements", grid=(2,), block=(32,), args=elem_args, expect=elem_expect),
]
