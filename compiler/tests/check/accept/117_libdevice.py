# cuda.libdevice: NVIDIA libdevice's functions by name, each with its fixed
# signature (sinf takes float32, umax two int32 holding unsigned values);
# functions with out-parameters return tuples. kernelc computes them with
# its math library and IR (tests/emucuda/test_libdevice_numba.py compares
# every one with real libdevice).
from numba import cuda
from numba.cuda import libdevice


@cuda.jit("void(float64[::1], float32[::1], float64[:, ::1], float32[:, ::1])")
def floats(x, y, out, out32):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = libdevice.sin(x[i]) + libdevice.exp10(x[i])
        out[i, 1] = libdevice.rsqrt(x[i]) * libdevice.normcdf(x[i])
        s, c = libdevice.sincospi(x[i])
        out[i, 2] = s - c
        m, e = libdevice.frexp(x[i])
        out[i, 3] = m * e + libdevice.logb(x[i]) + libdevice.ilogb(x[i])
        out[i, 4] = libdevice.fdim(x[i], 1.5) + libdevice.fmax(x[i], 0.0)
        out32[i, 0] = libdevice.sinf(y[i]) * libdevice.saturatef(y[i])
        out32[i, 1] = libdevice.powif(y[i], 3) + libdevice.fast_powf(y[i], 2.0)
        out32[i, 2] = libdevice.roundf(y[i]) + libdevice.rintf(y[i])
        out32[i, 3] = libdevice.half2float(libdevice.float2half_rn(y[i]))


@cuda.jit("void(int32[::1], int64[::1], int32[:, ::1], int64[:, ::1], float64[::1])")
def integers(a, b, out, out64, back):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = libdevice.umax(a[i], 7) + libdevice.min(a[i], -3)
        out[i, 1] = libdevice.mulhi(a[i], 1 << 20) ^ libdevice.umulhi(a[i], a[i])
        out[i, 2] = libdevice.byte_perm(a[i], 0x01020304, 0x3210) + libdevice.sad(a[i], 5, 1)
        out[i, 3] = libdevice.popcll(b[i]) + libdevice.clz(a[i]) + libdevice.ffsll(b[i])
        out[i, 4] = libdevice.double2int_rn(2.5) + libdevice.float2uint_rz(3.75)
        out64[i, 0] = libdevice.mul64hi(b[i], b[i]) + libdevice.brevll(b[i])
        out64[i, 1] = libdevice.llrint(back[i]) + libdevice.double_as_longlong(1.0)
        back[i] = libdevice.hiloint2double(libdevice.double2hiint(back[i]), libdevice.double2loint(back[i]))
