"""162: the ndarray methods of the reductions (a.sum() ... a.argmax()) on a
C array, an F-ordered array, a 3-D strided view and a local array, in
conditions and a while loop, against NumPy."""
import numpy as np
from harness import Case

SRC = "162_array_methods.py"


def expect(args):
    a, g, w, out, iout = [x.copy() for x in args]
    out[0] = a.sum()
    out[1] = a[1].prod()
    out[2] = a.astype(np.float64).mean()
    out[3] = a.astype(np.float64).var()
    out[4] = a.astype(np.float64).std()
    out[5] = a.min()
    out[6] = a[:, ::-1].max()
    out[7] = g.mean()
    out[8] = w.std()
    iout[0] = g.sum()
    iout[1] = g.prod()
    iout[2] = g.min() + g.max()
    iout[3] = w.sum(dtype=np.uint64)
    iout[4] = w[1:].max()
    iout[5] = a.argmin()
    iout[6] = g.argmax()
    iout[7] = w[:, 0].argmin()
    if a.all() and not g.any():
        iout[8] = 1
    elif g.any():
        iout[8] = 2
    t = np.array([out[i] if i % 2 == 0 else -out[i] for i in range(5)])
    out[9] = t.sum() + t.min() * t.max()
    iout[9] = t.argmax()
    n = 0
    while a[n:].sum() > 0.0 and n < a.shape[0]:
        n += 1
    iout[10] = n
    return {3: out, 4: iout}


def inputs(rng, special):
    a = rng.uniform(-1, 3, (4, 5)).astype(np.float32)
    g = np.asfortranarray(rng.integers(-9, 9, (3, 4)).astype(np.int64))
    w = rng.integers(0, 1000, (3, 4, 6)).astype(np.uint16)[:, ::2, 1:4]
    if special:
        a[2, 3] = np.nan
        g[:] = 0
    return [a, g, w, np.zeros(10), np.zeros(11, np.int64)]


CASES = [
    Case(SRC, "methods", grid=(1,), block=(1,), name=name,
         args=lambda rng, s=special: inputs(rng, s), expect=expect, rtol=1e-5, atol=1e-6)
    for name, special in (("random", False), ("special", True))
]
