# Whole-array NumPy reductions as numba-cuda compiles them (np/arraymath.py):
# np.sum/prod widen integers to int64 (uint64 when unsigned), np.mean of
# integers is float64 and of float32 float64 too (the float32 sum divided by
# an int64), np.var/np.std are float64 (two passes), np.min/np.max keep the
# element type, np.all/np.any are bool, np.count_nonzero int64. Over kernel
# arguments of every layout, views, the transpose, local and shared arrays.
# numba: nrt
from numba import cuda
import numpy as np


@cuda.jit("void(float64[:, ::1], int32[:, :, ::1], float32[::1], bool_[::1], uint8[:], complex128[::1], float64[::1], int64[::1], complex128[::1])")
def reductions(x, k, f, b, u, z, out, iout, zout):
    total = np.sum(x)
    out[0] = total
    out[1] = np.prod(x[:2, :2])
    out[2] = np.mean(x)
    out[3] = np.var(x)
    out[4] = np.std(x)
    out[5] = np.min(x)
    out[6] = np.max(x[::-1, 1:])
    km = np.mean(k)
    out[7] = km
    fv = np.var(f)
    out[8] = fv
    fs = np.sum(f)
    out[9] = fs
    out[10] = np.amin(f) + np.amax(f)
    out[11] = np.sum(x.T)
    ks = np.sum(k)
    iout[0] = ks
    iout[1] = np.prod(k[0])
    kmin = np.min(k)
    iout[2] = kmin
    iout[3] = np.max(k[:, ::2, 1])
    ball = np.all(b)
    iout[4] = ball
    iout[5] = np.any(x)
    nz = np.count_nonzero(k)
    iout[6] = nz
    bs = np.sum(b)
    iout[7] = bs
    us = np.sum(u)
    iout[8] = us
    iout[9] = np.prod(u[:3])
    zs = np.sum(z)
    zout[0] = zs
    zout[1] = np.prod(z[:3])
    zm = np.mean(z)
    zout[2] = zm
    zout[3] = np.min(z)
    zout[4] = np.max(z)
    zv = np.var(z)
    out[12] = zv

    loc = cuda.local.array((2, 3), np.int16)
    for i in range(2):
        for j in range(3):
            loc[i, j] = i * 3 - j
    ls = np.sum(loc)
    iout[10] = ls
    iout[11] = np.min(loc)
    sh = cuda.shared.array(4, np.float32)
    if cuda.threadIdx.x == 0:
        for i in range(4):
            sh[i] = f[i] * 2
    cuda.syncthreads()
    sm = np.mean(sh)
    out[13] = sm
    iout[12] = np.all(sh) * 2 + np.any(loc)
