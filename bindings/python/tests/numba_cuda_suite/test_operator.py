# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_operator.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
import pytest
from kernelc import cuda
from kernelc.cuda import types
from kernelc.types import f2, b1
import operator
import itertools


def simple_fp16_div_scalar(ary, a, b):
    ary[0] = a / b


def simple_fp16add(ary, a, b):
    ary[0] = a + b


def simple_fp16_iadd(ary, a):
    ary[0] += a


def simple_fp16_isub(ary, a):
    ary[0] -= a


def simple_fp16_imul(ary, a):
    ary[0] *= a


def simple_fp16_idiv(ary, a):
    ary[0] /= a


def simple_fp16sub(ary, a, b):
    ary[0] = a - b


def simple_fp16mul(ary, a, b):
    ary[0] = a * b


def simple_fp16neg(ary, a):
    ary[0] = -a


def simple_fp16abs(ary, a):
    ary[0] = abs(a)


def simple_fp16_gt(ary, a, b):
    ary[0] = a > b


def simple_fp16_ge(ary, a, b):
    ary[0] = a >= b


def simple_fp16_lt(ary, a, b):
    ary[0] = a < b


def simple_fp16_le(ary, a, b):
    ary[0] = a <= b


def simple_fp16_eq(ary, a, b):
    ary[0] = a == b


def simple_fp16_ne(ary, a, b):
    ary[0] = a != b


@cuda.jit("b1(f2, f2)", device=True)
def hlt_func_1(x, y):
    return x < y


@cuda.jit("b1(f2, f2)", device=True)
def hlt_func_2(x, y):
    return x < y


def multiple_hcmp_1(r, a, b, c):
    # float16 predicates used in two separate functions
    r[0] = hlt_func_1(a, b) and hlt_func_2(b, c)


def multiple_hcmp_2(r, a, b, c):
    # The same float16 predicate used in the caller and callee
    r[0] = hlt_func_1(a, b) and b < c


def multiple_hcmp_3(r, a, b, c):
    # Different float16 predicates used in the caller and callee
    r[0] = hlt_func_1(a, b) and c >= b


def multiple_hcmp_4(r, a, b, c):
    # The same float16 predicates used twice in a function
    r[0] = a < b and b < c


def multiple_hcmp_5(r, a, b, c):
    # Different float16 predicates used in a function
    r[0] = a < b and c >= b


@pytest.fixture(autouse=True)
def setUp():
    np.random.seed(0)

"""
Test if operator module is supported by the CUDA target.
"""

def operator_template(op):
    @cuda.jit
    def foo(a, b):
        i = 0
        a[i] = op(a[i], b[i])

    a = np.ones(1)
    b = np.ones(1)
    res = a.copy()
    foo[1, 1](res, b)

    np.testing.assert_equal(res, op(a, b))

def test_add():
    operator_template(operator.add)

def test_sub():
    operator_template(operator.sub)

def test_mul():
    operator_template(operator.mul)

def test_truediv():
    operator_template(operator.truediv)

def test_floordiv():
    operator_template(operator.floordiv)

def test_fp16_binary():
    functions = (
        simple_fp16add,
        simple_fp16sub,
        simple_fp16mul,
        simple_fp16_div_scalar,
    )
    ops = (operator.add, operator.sub, operator.mul, operator.truediv)

    for fn, op in zip(functions, ops):
        kernel = cuda.jit("void(f2[:], f2, f2)")(fn)

        got = np.zeros(1, dtype=np.float16)
        arg1 = np.random.random(1).astype(np.float16)
        arg2 = np.random.random(1).astype(np.float16)

        kernel[1, 1](got, arg1[0], arg2[0])
        expected = op(arg1, arg2)
        np.testing.assert_allclose(got, expected)

def test_mixed_fp16_binary_arithmetic():
    functions = (
        simple_fp16add,
        simple_fp16sub,
        simple_fp16mul,
        simple_fp16_div_scalar,
    )
    ops = (operator.add, operator.sub, operator.mul, operator.truediv)
    types = (np.int8, np.int16, np.int32, np.int64, np.float32, np.float64)
    for (fn, op), ty in itertools.product(zip(functions, ops), types):
        kernel = cuda.jit(fn, lto=True)

        arg1 = np.random.random(1).astype(np.float16)
        arg2 = (np.random.random(1) * 100).astype(ty)
        res_ty = np.result_type(np.float16, ty)

        got = np.zeros(1, dtype=res_ty)
        kernel[1, 1](got, arg1[0], arg2[0])
        expected = op(arg1, arg2)
        np.testing.assert_allclose(got, expected)

def test_fp16_inplace_binary():
    functions = (
        simple_fp16_iadd,
        simple_fp16_isub,
        simple_fp16_imul,
        simple_fp16_idiv,
    )
    ops = (operator.iadd, operator.isub, operator.imul, operator.itruediv)

    for fn, op in zip(functions, ops):
        kernel = cuda.jit("void(f2[:], f2)")(fn)

        got = np.random.random(1).astype(np.float16)
        expected = got.copy()
        arg = np.random.random(1).astype(np.float16)[0]
        kernel[1, 1](got, arg)
        op(expected, arg)
        np.testing.assert_allclose(got, expected)

def test_fp16_unary():
    functions = (simple_fp16neg, simple_fp16abs)
    ops = (operator.neg, operator.abs)

    for fn, op in zip(functions, ops):
        kernel = cuda.jit("void(f2[:], f2)")(fn)

        got = np.zeros(1, dtype=np.float16)
        arg1 = np.random.random(1).astype(np.float16)

        kernel[1, 1](got, arg1[0])
        expected = op(arg1)
        np.testing.assert_allclose(got, expected)

def test_fp16_comparison():
    functions = (
        simple_fp16_gt,
        simple_fp16_ge,
        simple_fp16_lt,
        simple_fp16_le,
        simple_fp16_eq,
        simple_fp16_ne,
    )
    ops = (
        operator.gt,
        operator.ge,
        operator.lt,
        operator.le,
        operator.eq,
        operator.ne,
    )

    for fn, op in zip(functions, ops):
        kernel = cuda.jit("void(b1[:], f2, f2)")(fn)

        got = np.zeros(1, dtype=np.bool_)
        arg1 = np.random.random(1).astype(np.float16)
        arg2 = np.random.random(1).astype(np.float16)

        kernel[1, 1](got, arg1[0], arg2[0])
        expected = op(arg1, arg2)
        assert got[0] == expected

def test_mixed_fp16_comparison():
    functions = (
        simple_fp16_gt,
        simple_fp16_ge,
        simple_fp16_lt,
        simple_fp16_le,
        simple_fp16_eq,
        simple_fp16_ne,
    )
    ops = (
        operator.gt,
        operator.ge,
        operator.lt,
        operator.le,
        operator.eq,
        operator.ne,
    )
    types = (np.int8, np.int16, np.int32, np.int64, np.float32, np.float64)

    for (fn, op), ty in itertools.product(zip(functions, ops), types):
        kernel = cuda.jit(fn)

        got = np.zeros(1, dtype=np.bool_)
        arg1 = np.random.random(1).astype(np.float16)
        arg2 = (np.random.random(1) * 100).astype(ty)

        kernel[1, 1](got, arg1[0], arg2[0])
        expected = op(arg1, arg2)
        assert got[0] == expected

def test_multiple_float16_comparisons():
    functions = (
        multiple_hcmp_1,
        multiple_hcmp_2,
        multiple_hcmp_3,
        multiple_hcmp_4,
        multiple_hcmp_5,
    )
    for fn in functions:
        compiled = cuda.jit("void(b1[:], f2, f2, f2)")(fn)
        ary = np.zeros(1, dtype=np.bool_)
        arg1 = np.float16(2.0)
        arg2 = np.float16(3.0)
        arg3 = np.float16(4.0)
        compiled[1, 1](ary, arg1, arg2, arg3)
        assert ary[0]

def test_multiple_float16_comparisons_false():
    functions = (
        multiple_hcmp_1,
        multiple_hcmp_2,
        multiple_hcmp_3,
        multiple_hcmp_4,
        multiple_hcmp_5,
    )
    for fn in functions:
        compiled = cuda.jit("void(b1[:], f2, f2, f2)")(fn)
        ary = np.zeros(1, dtype=np.bool_)
        arg1 = np.float16(2.0)
        arg2 = np.float16(3.0)
        arg3 = np.float16(1.0)
        compiled[1, 1](ary, arg1, arg2, arg3)
        assert not ary[0]

