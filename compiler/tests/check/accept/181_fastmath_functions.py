# fastmath=True: float32 math functions as the hardware approximations
# (numba-cuda's fast libdevice functions: `sin.approx.ftz.f32`, `lg2` scaled
# by ln 2 for `log`, `ex2(y * lg2 x)` for `pow`, `tanh.approx.f32` from
# sm_75), f32 arithmetic flushing subnormals (`.ftz`), and a float division
# by zero that does not raise even with debug=True. A device function keeps
# its own (precise) math.
import math

from numba import cuda


@cuda.jit(device=True)
def precise_tan(x):
    return math.tan(x)


@cuda.jit("void(float32[::1], float32[:, ::1])", fastmath=True)
def fast_functions(x, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i, 0] = math.sin(v) + math.cos(v)
        out[i, 1] = math.tan(v)
        out[i, 2] = math.log(v) + math.log10(v) + math.log2(v)
        out[i, 3] = math.exp(v) + math.exp2(v)
        out[i, 4] = math.pow(v, 1.5)
        out[i, 5] = math.tanh(v)
        out[i, 6] = precise_tan(v)


@cuda.jit("void(float32[::1], float32)", fastmath=True, debug=True, opt=False)
def fast_divide(r, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = r[i] / y
