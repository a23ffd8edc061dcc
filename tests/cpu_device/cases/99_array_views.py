"""99: array views (slices, rows, columns, an ellipsis, a.T, views of shared
and local arrays), with references written as NumPy slicing."""
import numpy as np
from harness import Case


def total(v):
    s = np.float64(0.0)
    for x in v:
        s = s + np.float64(x)
    return s


def slices_1d(args):
    a, lo, hi, step, out = args
    out = out.copy()
    lo, hi, step = int(lo), int(hi), int(step)
    out[0] = total(a[1:])
    out[1] = total(a[:-2])
    out[2] = total(a[lo:hi])
    out[3] = total(a[::2])
    out[4] = total(a[::-1][:3])
    out[5] = total(a[lo:hi:step])
    out[6] = total(a[hi:lo:-step])
    out[7] = total(a[-3:])
    out[8] = total(a[100:])
    out[9] = len(a[lo:hi:step])
    out[10] = a[::-1][0]
    out[11] = a[lo::step][1]
    out[12] = a[5:1:-2].shape[0]
    out[13] = a[::3].strides[0]
    out[14] = a[::-1][-1]
    out[15] = a[2:][1:][1:][0]
    return {4: out}


def slices_2d(args):
    m, j, out = args
    out = out.copy()
    j = int(j)
    rows = m.shape[0]
    for i in range(rows):
        out[i] = m[i][j] + m[:, j][i]
    block = m[1:3, ::2]
    out[rows] = block.shape[0] * 100 + block.shape[1]
    out[rows + 1] = block[1, 1]
    out[rows + 2] = m[::-1, ::-1][0, 0]
    out[rows + 3] = m.T[j, 2] + m.T.shape[0] * 1000
    out[rows + 4] = m[..., -1][1]
    out[rows + 5] = m[0, ...].size + 10
    return {2: out}


def slices_3d(args):
    c, out = args
    out = out.copy()
    for i in range(c.shape[0]):
        for k in range(c.shape[2]):
            s = np.float32(0)
            for v in c[i, :, k]:
                s = np.float32(s + v)
            out[i, k] = np.float32(np.float64(s) + np.float64(c[i, 1:, k][0]) * 0.0)
    return {1: out}


def shared_and_local(args):
    a, out = args
    out = out.copy()
    out[0] = total(a[:32])
    out[1] = total(a[32:])
    out[2] = total(a[1::2])
    tmp = np.array([[r * 10 + k for k in range(4)] for r in range(4)], np.int64)
    out[3] = tmp[3, 2] + tmp[:, 1][2]
    out[4] = len(out[4:])
    out[5:8] = [7, 8, 9]
    return {1: out}


def fills(args):
    m, j, out = args
    m, out = m.copy(), out.copy()
    j = int(j)
    m[0] = 1.5
    m[1, 2:] = 2
    m[:, j] = -1.0
    m[2:4, ::2] = 7
    m[..., -1] = 9
    m.T[1, 3:] = 0.25
    t = np.zeros((3, 3), np.int64)
    t[1] = 5
    t[::2, 2] = 4
    out[0] = sum(int(t[r, c]) * (r * 3 + c + 1) for r in range(3) for c in range(3))
    out[1:3] = out.size
    return {0: m, 2: out}


def reshapes(args):
    a, cols, f, out = args
    out = out.copy()
    m = a.reshape((2, int(cols)))
    out[0] = m[1, 2] + m.shape[1] * 100
    n = a.reshape(-1, 3)
    out[1] = n[2, 1] + n.shape[0] * 100
    flat = f.T.reshape(f.size)
    out[2] = flat[3] + flat.strides[0]
    cube = a[:12].reshape(2, 3, 2)
    out[3] = cube[1, 2, 0] + cube.strides[0]
    out[4] = 5 * 1.5
    out[5] = m[0, 1]
    return {3: out}


CASES = [
    Case("99_array_views.py", "slices_1d", grid=(1,), block=(1,), name=f"lo{lo}_hi{hi}_step{step}",
         args=lambda rng, lo=lo, hi=hi, step=step: [
             rng.standard_normal(11), np.int64(lo), np.int64(hi), np.int64(step), np.zeros(16)],
         expect=slices_1d)
    for lo, hi, step in ((2, 9, 2), (-8, -1, 3), (0, 11, 1), (-20, 40, 4), (3, 7, -1), (1, 10, 5))
] + [
    Case("99_array_views.py", "slices_2d", grid=(1,), block=(8,), name=f"j{j}",
         args=lambda rng, j=j: [rng.integers(-100, 100, (5, 7)).astype(np.int32), np.int64(j),
                                np.zeros(11, np.int32)],
         expect=slices_2d)
    for j in (0, 3, -1)
] + [
    Case("99_array_views.py", "slices_3d", grid=(1, 1), block=(4, 8),
         args=lambda rng: [rng.standard_normal((3, 5, 6)).astype(np.float32), np.zeros((3, 6), np.float32)],
         expect=slices_3d),
    Case("99_array_views.py", "shared_and_local", grid=(1,), block=(64,),
         args=lambda rng: [rng.standard_normal(64), np.zeros(8)],
         expect=shared_and_local),
] + [
    Case("99_array_views.py", "fills", grid=(1,), block=(1,), name=f"j{j}",
         args=lambda rng, j=j: [rng.standard_normal((6, 5)).astype(np.float32), np.int64(j),
                                np.zeros(4, np.float32)],
         expect=fills)
    for j in (0, 2, -2)
] + [
    Case("99_array_views.py", "reshapes", grid=(1,), block=(1,),
         args=lambda rng: [rng.standard_normal(12), np.int64(6), np.asfortranarray(rng.standard_normal((3, 4))),
                           np.zeros(6)],
         expect=reshapes),
    Case("99_array_views.py", "reshapes", grid=(1,), block=(1,), name="bad_size",
         args=lambda rng: [rng.standard_normal(12), np.int64(5), np.asfortranarray(rng.standard_normal((3, 4))),
                           np.zeros(6)],
         expect=reshapes, expect_error=r"trap executed: reshape: total size of new array must be unchanged \(kernel `reshapes`, block \(0,0,0\), thread \(0,0,0\)",
         stdout=lambda a: ["reshape: total size of new array must be unchanged"],
         numba_skip="Numba ends the thread with a ValueError (reported only with debug=True); kernelc traps with the message"),
]
