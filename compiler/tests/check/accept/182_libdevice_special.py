# cuda.libdevice's remquo (the IEEE remainder and the low three bits of the
# rounded quotient, with the quotient's sign), the inverse error functions
# and erfcx, in float64 and float32: compositions of kernelc's math library
# (Halley's steps from Winitzki's approximation, the asymptotic series of
# erfcx), with libdevice's values at the ends of their domains.
from numba import cuda
from numba.cuda import libdevice


@cuda.jit("void(float64[::1], float64[::1], float64[::1], int32[::1], float32[::1], int32[::1])")
def remquos(x, y, r, q, rf, qf):
    i = cuda.grid(1)
    if i < x.size:
        r[i], q[i] = libdevice.remquo(x[i], y[i])
        rf[i], qf[i] = libdevice.remquof(x[i], y[i])


@cuda.jit("void(float64[::1], float64[:, ::1], float32[:, ::1])")
def inverses(p, out, out32):
    i = cuda.grid(1)
    if i < p.size:
        out[i, 0] = libdevice.erfinv(2.0 * p[i] - 1.0)
        out[i, 1] = libdevice.erfcinv(2.0 * p[i])
        out[i, 2] = libdevice.normcdfinv(p[i])
        out[i, 3] = libdevice.erfcx(40.0 * p[i] - 10.0)
        out32[i, 0] = libdevice.erfinvf(2.0 * p[i] - 1.0)
        out32[i, 1] = libdevice.erfcinvf(2.0 * p[i])
        out32[i, 2] = libdevice.normcdfinvf(p[i])
        out32[i, 3] = libdevice.erfcxf(40.0 * p[i] - 10.0)
