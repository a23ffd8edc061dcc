"""``cuda.libdevice`` through the binding: the module imported as Numba
users import it (``from kernelc.cuda import libdevice``, functions imported
by name, ``cuda.libdevice.f`` in the kernel), each function with its fixed
signature; checked against NumPy."""

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda import libdevice
from kernelc.cuda.libdevice import sincosf, umax
from kernelc.errors import KernelcError, TypingError


@cuda.jit
def mix(x, y, k, out, iout):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = libdevice.exp10(x[i])
        s, c = sincosf(y[i])
        out[i, 1] = s * s + c * c
        out[i, 2] = cuda.libdevice.rsqrt(x[i])
        iout[i, 0] = umax(k[i], 5)
        iout[i, 1] = libdevice.popc(k[i])
        iout[i, 2] = libdevice.float2int_rn(y[i])


def test_libdevice_functions_in_a_kernel():
    rng = np.random.default_rng(3)
    x = rng.uniform(0.1, 3, 40)
    y = rng.uniform(-5, 5, 40).astype(np.float32)
    k = rng.integers(-20, 20, 40).astype(np.int32)
    out = np.zeros((40, 3))
    iout = np.zeros((40, 3), np.int32)
    mix[1, 64](x, y, k, out, iout)
    np.testing.assert_allclose(out[:, 0], 10.0 ** x, rtol=1e-15)
    np.testing.assert_allclose(out[:, 1], 1.0, rtol=1e-6)
    np.testing.assert_allclose(out[:, 2], 1 / np.sqrt(x), rtol=1e-15)
    # umax compares the int32 bits unsigned: -3 is 4294967293 > 5.
    np.testing.assert_array_equal(iout[:, 0], np.where((k >= 0) & (k < 5), 5, k))
    np.testing.assert_array_equal(iout[:, 1], [bin(int(v) & 0xFFFFFFFF).count("1") for v in k])
    np.testing.assert_array_equal(iout[:, 2], np.rint(y).astype(np.int32))


def test_host_calls_and_unsupported_functions_are_errors():
    with pytest.raises(KernelcError, match="only be used inside a kernel"):
        libdevice.sinf(1.0)
    assert "sincospif" in libdevice.FUNCTIONS and len(libdevice.FUNCTIONS) == 317

    @cuda.jit
    def bessel(x):
        x[0] = libdevice.j0(x[1])

    with pytest.raises(TypingError, match=r"cuda\.libdevice\.j0 is not supported by kernelc yet"):
        bessel[1, 1](np.zeros(2))


@cuda.jit(device=True)
def norm2(v):
    return v.x * v.x + v.y * v.y


@cuda.jit
def lengths(xs, ys, out):
    i = cuda.grid(1)
    if i < xs.size:
        v = cuda.float32x2(xs[i], ys[i])
        w = cuda.float4(v, 1.0, 2.0)
        out[i] = norm2(v) + w.z * w.w


def test_vector_types_in_kernels_and_device_functions():
    xs = np.arange(10, dtype=np.float32)
    ys = np.ones(10, np.float32)
    out = np.zeros(10, np.float32)
    lengths[1, 16](xs, ys, out)
    np.testing.assert_array_equal(out, xs * xs + 1 + 2)
    with pytest.raises(KernelcError, match="only be used inside a kernel"):
        cuda.float32x2(1, 2)
