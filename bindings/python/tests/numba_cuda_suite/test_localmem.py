# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_localmem.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda import int32, complex128, void
from kernelc.cuda import types
from kernelc import TypingError


def culocal(A, B):
    C = cuda.local.array(1000, dtype=int32)
    for i in range(C.shape[0]):
        C[i] = A[i]
    for i in range(C.shape[0]):
        B[i] = C[i]


def culocalcomplex(A, B):
    C = cuda.local.array(100, dtype=complex128)
    for i in range(C.shape[0]):
        C[i] = A[i]
    for i in range(C.shape[0]):
        B[i] = C[i]


def culocal1tuple(A, B):
    C = cuda.local.array((5,), dtype=int32)
    for i in range(C.shape[0]):
        C[i] = A[i]
    for i in range(C.shape[0]):
        B[i] = C[i]


def test_local_array():
    sig = (int32[:], int32[:])
    jculocal = cuda.jit(sig)(culocal)
    # Upstream checks `.local` is in the PTX (Numba's code generation): left out.
    A = np.arange(1000, dtype="int32")
    B = np.zeros_like(A)
    jculocal[1, 1](A, B)
    assert np.all(A == B)

def test_local_array_1_tuple():
    """Ensure that local arrays can be constructed with 1-tuple shape"""
    jculocal = cuda.jit("void(int32[:], int32[:])")(culocal1tuple)
    # Don't check if .local is in the ptx because the optimizer
    # may reduce it to registers.
    A = np.arange(5, dtype="int32")
    B = np.zeros_like(A)
    jculocal[1, 1](A, B)
    assert np.all(A == B)

def test_local_array_complex():
    sig = "void(complex128[:], complex128[:])"
    jculocalcomplex = cuda.jit(sig)(culocalcomplex)
    A = (np.arange(100, dtype="complex128") - 1) / 2j
    B = np.zeros_like(A)
    jculocalcomplex[1, 1](A, B)
    assert np.all(A == B)

def test_invalid_string_dtype():
    # Check that strings of invalid dtypes cause a typing error
    re = ".*Invalid NumPy dtype specified: 'int33'.*"
    with pytest.raises(TypingError, match=re):

        @cuda.jit(void(int32[::1]))
        def f(x):
            l = cuda.local.array(10, dtype="int33")
            l[0] = x[0]
            x[0] = l[0]

def _check_local_array_size_fp16(shape, expected, ty):
    @cuda.jit
    def s(a):
        arr = cuda.local.array(shape, dtype=ty)
        a[0] = arr.size

    result = np.zeros(1, dtype=np.float16)
    s[1, 1](result)
    assert result[0] == expected

def test_issue_fp16_support():
    _check_local_array_size_fp16(2, 2, types.float16)
    _check_local_array_size_fp16(2, 2, np.float16)


