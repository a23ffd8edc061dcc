"""Complex numbers through the binding: complex64/complex128 arrays (host
and device) and scalars (Python ``complex``, ``np.complex64``), typed
lazily as Numba types them or by an explicit signature (kernelc's types or
Numba's), dispatch between complex and real overloads, and ``cmath``;
checked against Python's complex arithmetic (which numba-cuda's is) and
against Numba's simulator."""

import cmath

import numpy as np
import pytest

from kernelc import cuda
from kernelc import types as kt
from numba_oracle import ask_numba, require_numba


@cuda.jit
def scale_shift(z, s, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = z[i] * s + 1j - abs(z[i])


@cuda.jit
def rotate_in_place(z, turns):
    i = cuda.grid(1)
    if i < z.size:
        w = z[i]
        for _ in range(turns):
            w *= 1j
        z[i] = w.conjugate()


def samples(n, dtype, seed=5):
    rng = np.random.default_rng(seed)
    return (rng.uniform(-2, 2, n) + 1j * rng.uniform(-2, 2, n)).astype(dtype)


def test_complex128_array_and_python_complex_scalar():
    z = samples(50, np.complex128)
    out = np.zeros_like(z)
    scale_shift[2, 32](z, 0.5 - 2j, out)
    want = np.array([complex(v) * (0.5 - 2j) + 1j - abs(complex(v)) for v in z])
    np.testing.assert_allclose(out, want, rtol=1e-15, atol=1e-15)
    sig = scale_shift.signatures[-1]
    assert [str(t) for t in sig] == ["array(complex128, 1d, C)", "complex128",
                                     "array(complex128, 1d, C)"]


def test_complex64_device_array_and_numpy_scalar():
    z = samples(40, np.complex64)
    d_z = cuda.to_device(z)
    d_out = cuda.device_array(40, np.complex128)
    scale_shift[1, 64](d_z, np.complex64(1.5 + 0.25j), d_out)
    out = d_out.copy_to_host()
    assert out.dtype == np.complex128
    # z[i] * s is complex64 (float32 parts), then + 1j widens to complex128.
    f = np.float32
    want = []
    for v in z:
        a, b, c, d = f(v.real), f(v.imag), f(1.5), f(0.25)
        prod = complex(f(a * c - b * d), f(a * d + b * c))
        want.append(prod + 1j - float(np.hypot(f(v.real), f(v.imag))))
    np.testing.assert_allclose(out, want, rtol=1e-6)


def test_in_place_update_and_explicit_numba_signature():
    numba = pytest.importorskip("numba")
    kernel = cuda.jit(numba.void(numba.complex64[::1], numba.int32))(rotate_in_place.py_func)
    z = samples(33, np.complex64)
    want = z.copy()
    for _ in range(3):
        want = want * np.complex64(1j)
    kernel[1, 64](z, 3)
    np.testing.assert_array_equal(z, want.conj())


def halve(z, s):
    i = cuda.grid(1)
    if i < z.size:
        z[i] = z[i] * s / 2


def test_kernelc_types_spell_complex():
    assert str(kt.complex64[:, ::1]) == "array(complex64, 2d, C)"
    assert kt.c16 is kt.complex128
    kernel = cuda.jit(kt.void(kt.complex128[::1], kt.complex128))(halve)
    z = samples(10, np.complex128)
    want = z * (2 + 2j) / 2
    kernel[1, 16](z, 2 + 2j)
    np.testing.assert_allclose(z, want, rtol=1e-15)


def test_real_arguments_pick_the_real_overload():
    @cuda.jit(["void(float64[::1], float64)", "void(complex128[::1], complex128)"])
    def fill(out, v):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = v

    reals = np.zeros(4)
    fill[1, 4](reals, 2.5)
    np.testing.assert_array_equal(reals, 2.5)
    zs = np.zeros(4, np.complex128)
    fill[1, 4](zs, 1 - 1j)
    np.testing.assert_array_equal(zs, 1 - 1j)
    # A float converts to complex128 safely: the complex overload takes it.
    fill[1, 4](zs, 3.0)
    np.testing.assert_array_equal(zs, 3.0)


@cuda.jit
def roots_and_logs(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i, 0] = cmath.sqrt(z[i])
        out[i, 1] = cmath.log(z[i])
        out[i, 2] = cmath.exp(z[i]) * cmath.phase(z[i])
        out[i, 3] = z[i] ** 0.5


def test_cmath_agrees_with_numbas_simulator():
    require_numba()
    z = samples(24, np.complex128, seed=9)
    out = np.zeros((24, 4), np.complex128)
    roots_and_logs[1, 32](z, out)
    sim = ask_numba("""
import cmath
import numpy as np
from numba import cuda

@cuda.jit
def roots_and_logs(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i, 0] = cmath.sqrt(z[i])
        out[i, 1] = cmath.log(z[i])
        out[i, 2] = cmath.exp(z[i]) * cmath.phase(z[i])
        out[i, 3] = z[i] ** 0.5

z = np.array([complex(*p) for p in DATA])
out = np.zeros((len(z), 4), np.complex128)
roots_and_logs[1, 32](z, out)
answer([[[v.real, v.imag] for v in row] for row in out])
""", [[v.real, v.imag] for v in z])
    want = np.array([[complex(*p) for p in row] for row in sim])
    np.testing.assert_allclose(out, want, rtol=1e-13)
    np.testing.assert_allclose(out[:, 0], [cmath.sqrt(complex(v)) for v in z], rtol=1e-15)


def test_complex_to_real_is_a_typing_error():
    from kernelc.errors import TypingError

    @cuda.jit
    def bad(z, out):
        out[0] = z[0]

    with pytest.raises(TypingError, match="cannot store a complex128 value into an array element of type float64"):
        bad[1, 1](np.zeros(1, np.complex128), np.zeros(1))
