# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_minmax.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np

from kernelc import cuda
from kernelc.cuda import float64


def builtin_max(A, B, C):
    i = cuda.grid(1)

    if i >= len(C):
        return

    C[i] = float64(max(A[i], B[i]))


def builtin_min(A, B, C):
    i = cuda.grid(1)

    if i >= len(C):
        return

    C[i] = float64(min(A[i], B[i]))


def _run(
    kernel,
    numpy_equivalent,
    ptx_instruction,
    dtype_left,
    dtype_right,
    n=5,
):
    kernel = cuda.jit(kernel)

    c = np.zeros(n, dtype=np.float64)
    a = np.arange(n, dtype=dtype_left) + 0.5
    b = np.full(n, fill_value=2, dtype=dtype_right)

    kernel[1, c.shape](a, b, c)
    np.testing.assert_allclose(c, numpy_equivalent(a, b))
    # Upstream also checks the PTX for `ptx_instruction` (Numba's code
    # generation, not kernelc's): left out.

def test_max_f8f8():
    _run(builtin_max, np.maximum, "max.f64", np.float64, np.float64)

def test_max_f4f8():
    _run(builtin_max, np.maximum, "max.f64", np.float32, np.float64)

def test_max_f8f4():
    _run(builtin_max, np.maximum, "max.f64", np.float64, np.float32)

def test_max_f4f4():
    _run(builtin_max, np.maximum, "max.f32", np.float32, np.float32)

def test_min_f8f8():
    _run(builtin_min, np.minimum, "min.f64", np.float64, np.float64)

def test_min_f4f8():
    _run(builtin_min, np.minimum, "min.f64", np.float32, np.float64)

def test_min_f8f4():
    _run(builtin_min, np.minimum, "min.f64", np.float64, np.float32)

def test_min_f4f4():
    _run(builtin_min, np.minimum, "min.f32", np.float32, np.float32)


