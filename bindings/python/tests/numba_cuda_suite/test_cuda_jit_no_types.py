# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_cuda_jit_no_types.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

from kernelc import cuda
import numpy as np

from ._support import override_config


# Upstream's TestCudaJitNoTypes:
#     Tests the jit decorator with no types provided.


def test_device_array():
    @cuda.jit
    def foo(x, y):
        i = cuda.grid(1)
        y[i] = x[i]

    x = np.arange(10)
    y = np.empty_like(x)

    dx = cuda.to_device(x)
    dy = cuda.to_device(y)

    foo[10, 1](dx, dy)

    dy.copy_to_host(y)

    assert np.all(x == y)


def test_device_jit():
    @cuda.jit(device=True)
    def mapper(args):
        a, b, c = args
        return a + b + c

    @cuda.jit(device=True)
    def reducer(a, b):
        return a + b

    @cuda.jit
    def driver(A, B):
        i = cuda.grid(1)
        if i < B.size:
            args = A[i], A[i] + B[i], B[i]
            B[i] = reducer(mapper(args), 1)

    A = np.arange(100, dtype=np.float32)
    B = np.arange(100, dtype=np.float32)

    Acopy = A.copy()
    Bcopy = B.copy()

    driver[1, 100](A, B)

    np.testing.assert_allclose(Acopy + Acopy + Bcopy + Bcopy + 1, B)


def test_device_jit_2():
    @cuda.jit(device=True)
    def inner(arg):
        return arg + 1

    @cuda.jit
    def outer(argin, argout):
        argout[0] = inner(argin[0]) + inner(2)

    a = np.zeros(1)
    b = np.zeros(1)

    stream = cuda.stream()
    d_a = cuda.to_device(a, stream)
    d_b = cuda.to_device(b, stream)

    outer[1, 1, stream](d_a, d_b)

    d_b.copy_to_host(b, stream)

    assert b[0] == (a[0] + 1) + (2 + 1)


def test_jit_debug_simulator():
    # Ensure that the jit decorator accepts the debug kwarg when the
    # simulator is in use - see Issue #6615.
    with override_config("ENABLE_CUDASIM", 1):

        @cuda.jit(debug=True, opt=False)
        def f(x):
            pass
