# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_sm_creation.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda import float32, int32, void
from kernelc import TypingError

# Left out: test_numba_dtype, test_numpy_dtype, test_string_dtype (they read
# Numba's typemap, `_type_annotation`) and test_type_with_struct_data_model
# (numba-cuda's `struct_model_type`, Numba's extending API).

GLOBAL_CONSTANT = 5
GLOBAL_CONSTANT_2 = 6
GLOBAL_CONSTANT_TUPLE = 5, 6


def udt_global_constants(A):
    sa = cuda.shared.array(shape=GLOBAL_CONSTANT, dtype=float32)
    i = cuda.grid(1)
    A[i] = sa[i]


def udt_global_build_tuple(A):
    sa = cuda.shared.array(shape=(GLOBAL_CONSTANT, GLOBAL_CONSTANT_2), dtype=float32)
    i, j = cuda.grid(2)
    A[i, j] = sa[i, j]


def udt_global_build_list(A):
    sa = cuda.shared.array(shape=[GLOBAL_CONSTANT, GLOBAL_CONSTANT_2], dtype=float32)
    i, j = cuda.grid(2)
    A[i, j] = sa[i, j]


def udt_global_constant_tuple(A):
    sa = cuda.shared.array(shape=GLOBAL_CONSTANT_TUPLE, dtype=float32)
    i, j = cuda.grid(2)
    A[i, j] = sa[i, j]


def udt_invalid_1(A):
    sa = cuda.shared.array(shape=A[0], dtype=float32)
    i = cuda.grid(1)
    A[i] = sa[i]


def udt_invalid_2(A):
    sa = cuda.shared.array(shape=(1, A[0]), dtype=float32)
    i, j = cuda.grid(2)
    A[i, j] = sa[i, j]


def udt_invalid_3(A):
    sa = cuda.shared.array(shape=(1, A[0]), dtype=float32)
    i = cuda.grid(1)
    A[i] = sa[i, 0]


def getarg():
    return np.array(100, dtype=np.float32, ndmin=1)


def getarg2():
    return getarg().reshape(1, 1)


def test_global_constants():
    udt = cuda.jit((float32[:],))(udt_global_constants)
    udt[1, 1](getarg())


def test_global_build_tuple():
    udt = cuda.jit((float32[:, :],))(udt_global_build_tuple)
    udt[1, 1](getarg2())


def test_global_build_list():
    with pytest.raises(TypingError) as raises:
        cuda.jit((float32[:, :],))(udt_global_build_list)

    assert "No implementation of function Function(<function shared.array" in str(raises.value)
    assert (
        "found for signature:\n \n "
        ">>> array(shape=list(int64)<iv=[5, 6]>, "
        "dtype=class(float32)"
    ) in str(raises.value)


def test_global_constant_tuple():
    udt = cuda.jit((float32[:, :],))(udt_global_constant_tuple)
    udt[1, 1](getarg2())


def test_invalid_1():
    # Scalar shape cannot be a floating point value
    with pytest.raises(TypingError) as raises:
        cuda.jit((float32[:],))(udt_invalid_1)

    assert "No implementation of function Function(<function shared.array" in str(raises.value)
    assert (
        "found for signature:\n \n "
        ">>> array(shape=float32, dtype=class(float32))"
    ) in str(raises.value)


def test_invalid_2():
    # Tuple shape cannot contain a floating point value
    with pytest.raises(TypingError) as raises:
        cuda.jit((float32[:, :],))(udt_invalid_2)

    assert "No implementation of function Function(<function shared.array" in str(raises.value)
    assert (
        "found for signature:\n \n "
        ">>> array(shape=Tuple(Literal[int](1), "
        "array(float32, 1d, A)), dtype=class(float32))"
    ) in str(raises.value)


def test_invalid_3():
    # Scalar shape must be literal
    with pytest.raises(TypingError) as raises:
        cuda.jit((int32[:],))(udt_invalid_1)

    assert "No implementation of function Function(<function shared.array" in str(raises.value)
    assert (
        "found for signature:\n \n "
        ">>> array(shape=int32, dtype=class(float32))"
    ) in str(raises.value)


def test_invalid_4():
    # Tuple shape must contain only literals
    with pytest.raises(TypingError) as raises:
        cuda.jit((int32[:],))(udt_invalid_3)

    assert "No implementation of function Function(<function shared.array" in str(raises.value)
    assert (
        "found for signature:\n \n "
        ">>> array(shape=Tuple(Literal[int](1), int32), "
        "dtype=class(float32))"
    ) in str(raises.value)


def test_invalid_string_dtype():
    # Check that strings of invalid dtypes cause a typing error
    re = ".*Invalid NumPy dtype specified: 'int33'.*"
    with pytest.raises(TypingError, match=re):

        @cuda.jit(void(int32[::1]))
        def f(x):
            s = cuda.shared.array(10, dtype="int33")
            s[0] = x[0]
            x[0] = s[0]
