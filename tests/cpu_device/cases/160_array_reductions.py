"""160: whole-array reductions (sum, prod, mean, var, std, min, max, all,
any, count_nonzero) over every element family, views, the transpose, local
and shared arrays, against NumPy. NumPy sums floats pairwise where Numba
sums them in order: floats compare within a tolerance, integers exactly."""
import numpy as np
from harness import Case

SRC = "160_array_reductions.py"


def expect(args):
    x, k, f, b, u, z, out, iout, zout = [a.copy() for a in args]
    out[0] = np.sum(x)
    out[1] = np.prod(x[:2, :2])
    out[2] = np.mean(x)
    out[3] = np.var(x)
    out[4] = np.std(x)
    out[5] = np.min(x)
    out[6] = np.max(x[::-1, 1:])
    out[7] = np.mean(k)
    out[8] = np.var(f.astype(np.float64))
    out[9] = np.sum(f)
    out[10] = np.float32(np.amin(f) + np.amax(f))
    out[11] = np.sum(x.T)
    iout[0] = np.sum(k)
    iout[1] = np.prod(k[0], dtype=np.int64)
    iout[2] = np.min(k)
    iout[3] = np.max(k[:, ::2, 1])
    iout[4] = np.all(b)
    iout[5] = np.any(x)
    iout[6] = np.count_nonzero(k)
    iout[7] = np.sum(b)
    iout[8] = np.sum(u, dtype=np.uint64)
    iout[9] = np.prod(u[:3], dtype=np.uint64)
    zout[0] = np.sum(z)
    zout[1] = np.prod(z[:3])
    zout[2] = np.mean(z)
    # Numba's min and max of complex numbers: by real part, then imaginary.
    order = sorted(z.tolist(), key=lambda c: (c.real, c.imag))
    zout[3] = order[0]
    zout[4] = order[-1]
    out[12] = np.var(z)
    loc = np.array([[i * 3 - j for j in range(3)] for i in range(2)], np.int16)
    iout[10] = np.sum(loc)
    iout[11] = np.min(loc)
    sh = f[:4] * np.float32(2)
    out[13] = np.float64(np.sum(sh, dtype=np.float32)) / 4
    iout[12] = int(np.all(sh)) * 2 + int(np.any(loc))
    return {6: out, 7: iout, 8: zout}


def inputs(rng, special):
    x = rng.uniform(-2, 2, (3, 4))
    k = rng.integers(-50, 50, (2, 3, 4)).astype(np.int32)
    f = rng.uniform(-3, 3, 6).astype(np.float32)
    b = np.ones(5, np.bool_)
    u = rng.integers(0, 256, 7).astype(np.uint8)
    z = (rng.uniform(-1, 1, 4) + 1j * rng.uniform(-1, 1, 4)).astype(np.complex128)
    if special:
        x[1, 2] = np.inf
        k[0, 1, :] = 0
        f[3] = 0.0
        b[2] = False
        u[:3] = [255, 255, 255]
        z[2] = z[0].real + 0.5j
    return [x, k, f, b, u, z, np.zeros(14), np.zeros(13, np.int64), np.zeros(5, np.complex128)]


CASES = [
    Case(SRC, "reductions", grid=(1,), block=(1,), name=name,
         args=lambda rng, s=special: inputs(rng, s), expect=expect, rtol=1e-5, atol=1e-6)
    for name, special in (("random", False), ("special", True))
]
