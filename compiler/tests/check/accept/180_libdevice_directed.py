# cuda.libdevice's directed-rounding functions (`_rd` toward -inf, `_ru`
# toward +inf, `_rz` toward zero): float64 and float32 arithmetic, square
# roots, reciprocals, fused multiply-adds and conversions, each one PTX
# instruction with its `.rm`/`.rp`/`.rz` modifier.
from numba import cuda
from numba.cuda import libdevice


@cuda.jit("void(float64[::1], float64[::1], float64[:, ::1])")
def directed64(x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = libdevice.dadd_rd(x[i], y[i])
        out[i, 1] = libdevice.dadd_ru(x[i], y[i])
        out[i, 2] = libdevice.dmul_rz(x[i], y[i])
        out[i, 3] = libdevice.ddiv_rd(x[i], y[i])
        out[i, 4] = libdevice.ddiv_ru(x[i], y[i])
        out[i, 5] = libdevice.dsqrt_rd(x[i])
        out[i, 6] = libdevice.drcp_ru(y[i])
        out[i, 7] = libdevice.fma_rz(x[i], y[i], -1.0)
        out[i, 8] = libdevice.double2float_rd(x[i]) + libdevice.double2float_ru(y[i])


@cuda.jit("void(float32[::1], float32[::1], int64[::1], float32[:, ::1], float64[:, ::1])")
def directed32(x, y, n, out, outd):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = libdevice.fadd_rz(x[i], y[i])
        out[i, 1] = libdevice.fsub_ru(x[i], y[i])
        out[i, 2] = libdevice.fmul_rd(x[i], y[i])
        out[i, 3] = libdevice.fdiv_rz(x[i], y[i])
        out[i, 4] = libdevice.fsqrt_ru(x[i])
        out[i, 5] = libdevice.frcp_rd(y[i])
        out[i, 6] = libdevice.fmaf_ru(x[i], y[i], 0.1)
        out[i, 7] = libdevice.ll2float_rd(n[i])
        out[i, 8] = libdevice.uint2float_ru(n[i])
        outd[i, 0] = libdevice.ll2double_ru(n[i])
        outd[i, 1] = libdevice.ull2double_rz(n[i])
        outd[i, 2] = libdevice.int2float_rz(n[i])
