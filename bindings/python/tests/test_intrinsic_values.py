"""Intrinsics as values (issue 22): a CUDA intrinsic, a ``math``, NumPy or
builtin function, or a function of ``operator`` passed to a device function,
held in a global or a closure variable (the binding freezes it as the
intrinsic it is), and called there, typed as a direct call."""

import math
import operator

import numpy as np
import pytest

from kernelc import cuda, int32

ADD = operator.add
SIN = math.sin
NPCOS = np.cos
ATOMIC_ADD = cuda.atomic.add
ABS = abs


@cuda.jit(device=True)
def apply2(op, x, y):
    return op(x, y)


@cuda.jit(device=True)
def bump(ary, idx, val, binop_func, cast_func):
    binop_func(ary, cast_func(idx), val)


@cuda.jit
def globals_kernel(out, counts, x, y):
    out[0] = ADD(x, y)
    out[1] = SIN(x) + NPCOS(y)
    out[2] = apply2(ADD, x, y) + apply2(operator.mul, x, y)
    out[3] = ABS(-x)
    ATOMIC_ADD(counts, 0, 2)
    bump(counts, 1.0, 3, cuda.atomic.add, int32)
    bump(counts, 2, 5, ATOMIC_ADD, int32)


def test_globals_bound_to_intrinsics():
    out = np.zeros(4)
    counts = np.zeros(3, np.int32)
    globals_kernel[1, 4](out, counts, 0.5, 2.0)
    np.testing.assert_allclose(
        out, [2.5, math.sin(0.5) + math.cos(2.0), 2.5 + 1.0, 0.5], rtol=1e-14)
    assert counts.tolist() == [8, 12, 20]


@pytest.mark.parametrize("op", [operator.add, operator.sub, operator.mul, operator.truediv,
                                operator.floordiv, operator.pow, operator.mod])
def test_closure_variables_bound_to_operator_functions(op):
    @cuda.jit
    def k(a, b):
        a[0] = op(a[0], b[0])

    a = np.array([7.5])
    b = np.array([2.0])
    k[1, 1](a, b)
    assert a[0] == op(7.5, 2.0)


@pytest.mark.parametrize("f", [math.sin, math.sqrt, np.sin, np.exp, abs])
def test_closure_variables_bound_to_math_functions(f):
    @cuda.jit
    def k(a):
        a[0] = apply2(operator.add, f(a[1]), 0.0)

    a = np.array([0.0, 0.25])
    k[1, 1](a)
    np.testing.assert_allclose(a[0], f(0.25), rtol=1e-15)


def test_numba_cuda_atomics_as_closure_values():
    ncuda = pytest.importorskip("numba.cuda")
    atomic_max = ncuda.atomic.max

    @cuda.jit
    def k(a, v):
        i = cuda.grid(1)
        bump(a, 0, v[i], atomic_max, int32)

    a = np.zeros(1, np.int32)
    v = np.arange(32, dtype=np.int32) * 3 - 40
    k[1, 32](a, v)
    assert a[0] == v.max()


def test_an_intrinsic_value_called_wrongly_is_a_typing_error():
    from kernelc.errors import TypingError

    @cuda.jit
    def k(a):
        a[0] = apply2(SIN, a[1], a[2])

    with pytest.raises(TypingError, match=r"math.sin\(\) takes 1 argument but 2 were given"):
        k[1, 1](np.zeros(3))


POW = pow


@cuda.jit
def builtin_pow(x, n, out, iout):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = pow(x[i], 2) + pow(x[i], 0.5)
        out[i, 1] = pow(2, n[i])
        out[i, 2] = apply2(pow, x[i], 1.5) + apply2(POW, x[i], -1)
        iout[i] = pow(n[i], 3)


def test_builtin_pow_is_the_power_operator():
    # Numba types pow(a, b) as a ** b (float ** int by repeated squaring,
    # int ** int an integer), also when passed as a value.
    x = np.linspace(0.25, 4.0, 16)
    n = np.arange(16, dtype=np.int64)
    out = np.zeros((16, 3))
    iout = np.zeros(16, dtype=np.int64)
    builtin_pow[1, 16](x, n, out, iout)
    np.testing.assert_allclose(out[:, 0], x**2 + x**0.5, rtol=1e-15)
    np.testing.assert_array_equal(out[:, 1], 2.0**n)
    np.testing.assert_allclose(out[:, 2], x**1.5 + 1 / x, rtol=1e-15)
    np.testing.assert_array_equal(iout, n**3)
