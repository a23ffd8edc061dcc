# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_cache_hints.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
import pytest

from kernelc import cuda
from kernelc import TypingError

numba = pytest.importorskip("numba")
typeof, types = numba.typeof, numba.types

tested_types = (
    np.int8,
    np.int16,
    np.int32,
    np.int64,
    np.uint8,
    np.uint16,
    np.uint32,
    np.uint64,
    np.float16,
    np.float32,
    np.float64,
)

load_operators = (
    (cuda.ldca, "ca"),
    (cuda.ldcg, "cg"),
    (cuda.ldcs, "cs"),
    (cuda.ldlu, "lu"),
    (cuda.ldcv, "cv"),
)
store_operators = (
    (cuda.stcg, "cg"),
    (cuda.stcs, "cs"),
    (cuda.stwb, "wb"),
    (cuda.stwt, "wt"),
)


def test_loads():
    for operator, modifier in load_operators:

        @cuda.jit
        def f(r, x):
            for i in range(len(r)):
                r[i] = operator(x, i)

        for ty in tested_types:
            x = np.arange(5).astype(ty)
            numba_type = typeof(x)
            bitwidth = numba_type.dtype.bitwidth

            r = np.zeros_like(x)
            f[1, 1](r, x)
            np.testing.assert_equal(r, x)

            # Check PTX contains a cache-policy load instruction
            sig = (numba_type, numba_type)
            ptx = f.inspect_asm(signature=sig)

            assert f"ld.global.{modifier}.b{bitwidth}" in ptx


def test_loads_cpointer():
    for operator, modifier in load_operators:

        def f_ptr(ptr, r, n):
            for i in range(n):
                r[i] = operator(ptr, i)

        for ty in tested_types:
            x = np.arange(5).astype(ty)
            numba_type = typeof(x)
            bitwidth = numba_type.dtype.bitwidth

            ptr_type = types.CPointer(numba_type.dtype)

            sig = (ptr_type, numba_type, types.intp)
            ptx, _ = cuda.compile_ptx(f_ptr, sig)

            assert f"ld.global.{modifier}.b{bitwidth}" in ptx


def test_loads_2d():
    for operator, modifier in load_operators:

        @cuda.jit
        def f(r, x):
            for i in range(x.shape[0]):
                for j in range(x.shape[1]):
                    r[i, j] = operator(x, (i, j))

        for ty in tested_types:
            x = np.arange(12).reshape(3, 4).astype(ty)
            numba_type = typeof(x)
            bitwidth = numba_type.dtype.bitwidth

            r = np.zeros_like(x)
            f[1, 1](r, x)
            np.testing.assert_equal(r, x)

            sig = (numba_type, numba_type)
            ptx = f.inspect_asm(signature=sig)

            assert f"ld.global.{modifier}.b{bitwidth}" in ptx


def test_stores():
    for operator, modifier in store_operators:

        @cuda.jit
        def f(r, x):
            for i in range(len(r)):
                operator(r, i, x[i])

        for ty in tested_types:
            x = np.arange(5).astype(ty)
            numba_type = typeof(x)
            bitwidth = numba_type.dtype.bitwidth

            r = np.zeros_like(x)
            f[1, 1](r, x)
            np.testing.assert_equal(r, x)

            # Check PTX contains a cache-policy store instruction
            sig = (numba_type, numba_type)
            ptx = f.inspect_asm(signature=sig)

            assert f"st.global.{modifier}.b{bitwidth}" in ptx


def test_stores_cpointer():
    for operator, modifier in store_operators:

        def f_ptr(ptr, values, n):
            for i in range(n):
                operator(ptr, i, values[i])

        for ty in tested_types:
            x = np.arange(5).astype(ty)
            numba_type = typeof(x)
            bitwidth = numba_type.dtype.bitwidth

            ptr_type = types.CPointer(numba_type.dtype)

            sig = (ptr_type, numba_type, types.intp)
            ptx, _ = cuda.compile_ptx(f_ptr, sig)

            assert f"st.global.{modifier}.b{bitwidth}" in ptx


def test_stores_2d():
    for operator, modifier in store_operators:

        @cuda.jit
        def f(r, x):
            for i in range(x.shape[0]):
                for j in range(x.shape[1]):
                    operator(r, (i, j), x[i, j])

        for ty in tested_types:
            x = np.arange(12).reshape(3, 4).astype(ty)
            numba_type = typeof(x)
            bitwidth = numba_type.dtype.bitwidth

            r = np.zeros_like(x)
            f[1, 1](r, x)
            np.testing.assert_equal(r, x)

            sig = (numba_type, numba_type)
            ptx = f.inspect_asm(signature=sig)

            assert f"st.global.{modifier}.b{bitwidth}" in ptx


def test_bad_indices():
    def float_indices(x):
        cuda.ldcs(x, 1.0)

    sig_1d = (types.float32[::1],)

    msg = "float64 is not a valid index"
    with pytest.raises(TypingError, match=msg):
        cuda.compile_ptx(float_indices, sig_1d)

    def too_long_indices(x):
        cuda.ldcs(x, (1, 2))

    msg = "Expected 1 indices, got 2"
    with pytest.raises(TypingError, match=msg):
        cuda.compile_ptx(too_long_indices, sig_1d)

    def too_short_indices_scalar(x):
        cuda.ldcs(x, 1)

    def too_short_indices_tuple(x):
        cuda.ldcs(x, (1,))

    sig_2d = (types.float32[:, ::1],)

    msg = "Expected 2 indices, got a scalar"
    with pytest.raises(TypingError, match=msg):
        cuda.compile_ptx(too_short_indices_scalar, sig_2d)

    msg = "Expected 2 indices, got 1"
    with pytest.raises(TypingError, match=msg):
        cuda.compile_ptx(too_short_indices_tuple, sig_2d)


def test_unsupported_dtypes():
    def load_complex(r, x):
        r[0] = cuda.ldcs(x, 0)

    # complex types are not supported (not integer or float)
    numba_type = typeof(np.zeros(1, dtype=np.complex64))
    sig = (numba_type, numba_type)

    msg = "ldcs requires array of integer or float type"
    with pytest.raises(TypingError, match=msg):
        cuda.compile_ptx(load_complex, sig)
