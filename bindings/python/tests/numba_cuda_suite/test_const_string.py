# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_const_string.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
import pytest
from kernelc import cuda

# Left out: TestConstStringCodegen.test_const_string (builds an LLVM module
# with numba-cuda's target context and reads its LLVM IR and PTX).


# Inspired by the reproducer from Issue #7041.
# Upstream's TestConstString.
STRING_DTYPES = pytest.mark.xfail(
    strict=True,
    reason="unsupported in kernelc: arrays of NumPy string dtypes (<U12, S12; "
    "Numba's UnicodeCharSeq / CharSeq) and string constants stored in them "
    "(arr[i] = 'XYZ'): kernels cannot use arrays or scalars of dtype <U12 (|S12)",
)
RECORD_STRINGS = pytest.mark.xfail(
    strict=True,
    reason="unsupported in kernelc: records with string fields (('y', '<U12'), "
    "('y', 'S12')) and string constants stored in them (a[0]['y'] = 'ABC'): "
    "kernels cannot use arrays or scalars of dtype <U12 (|S12)",
)


@STRING_DTYPES
def test_assign_const_unicode_string():
    @cuda.jit
    def str_assign(arr):
        i = cuda.grid(1)
        if i < len(arr):
            arr[i] = "XYZ"

    n_strings = 8
    arr = np.zeros(n_strings + 1, dtype="<U12")
    str_assign[1, n_strings](arr)

    # Expected result, e.g.:
    #     ['XYZ' 'XYZ' 'XYZ' 'XYZ' 'XYZ' 'XYZ' 'XYZ' 'XYZ' '']
    expected = np.zeros_like(arr)
    expected[:-1] = "XYZ"
    expected[-1] = ""
    np.testing.assert_equal(arr, expected)


@STRING_DTYPES
def test_assign_const_byte_string():
    @cuda.jit
    def bytes_assign(arr):
        i = cuda.grid(1)
        if i < len(arr):
            arr[i] = b"XYZ"

    n_strings = 8
    arr = np.zeros(n_strings + 1, dtype="S12")
    bytes_assign[1, n_strings](arr)

    # Expected result, e.g.:
    #     [b'XYZ' b'XYZ' b'XYZ' b'XYZ' b'XYZ' b'XYZ' b'XYZ' b'XYZ' b'']
    expected = np.zeros_like(arr)
    expected[:-1] = b"XYZ"
    expected[-1] = b""
    np.testing.assert_equal(arr, expected)


@RECORD_STRINGS
def test_assign_const_string_in_record():
    @cuda.jit
    def f(a):
        a[0]["x"] = 1
        a[0]["y"] = "ABC"
        a[1]["x"] = 2
        a[1]["y"] = "XYZ"

    dt = np.dtype([("x", np.int32), ("y", np.dtype("<U12"))])
    a = np.zeros(2, dt)

    f[1, 1](a)

    reference = np.asarray([(1, "ABC"), (2, "XYZ")], dtype=dt)
    np.testing.assert_array_equal(reference, a)


@RECORD_STRINGS
def test_assign_const_bytes_in_record():
    @cuda.jit
    def f(a):
        a[0]["x"] = 1
        a[0]["y"] = b"ABC"
        a[1]["x"] = 2
        a[1]["y"] = b"XYZ"

    dt = np.dtype([("x", np.float32), ("y", np.dtype("S12"))])
    a = np.zeros(2, dt)

    f[1, 1](a)

    reference = np.asarray([(1, b"ABC"), (2, b"XYZ")], dtype=dt)
    np.testing.assert_array_equal(reference, a)
