# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_multithreads.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np

from kernelc import cuda


def check_concurrent_compiling():
    @cuda.jit
    def foo(x):
        x[0] += 1

    def use_foo(x):
        foo[1, 1](x)
        return x

    arrays = [cuda.to_device(np.arange(10)) for i in range(10)]
    expected = np.arange(10)
    expected[0] += 1
    with ThreadPoolExecutor(max_workers=4) as e:
        for ary in e.map(use_foo, arrays):
            np.testing.assert_equal(ary, expected)


def test_concurrent_compiling():
    check_concurrent_compiling()


def test_spawn_concurrent_compilation():
    # force CUDA context init
    cuda.get_current_device()

    with ProcessPoolExecutor(
        # use "spawn" to avoid inheriting the CUDA context
        mp_context=multiprocessing.get_context("spawn")
    ) as exe:
        future = exe.submit(check_concurrent_compiling)
    future.result()


def test_invalid_context_error_with_d2h():
    def d2h(arr, out):
        out[:] = arr.copy_to_host()

    arr = np.arange(1, 4)
    out = np.zeros_like(arr)

    with ThreadPoolExecutor() as exe:
        exe.submit(d2h, cuda.to_device(arr), out)

    np.testing.assert_equal(arr, out)


def test_invalid_context_error_with_d2d():
    def d2d(dst, src):
        dst.copy_to_device(src)

    arr = np.arange(100)
    common = cuda.to_device(arr)
    darr = cuda.to_device(np.zeros(common.shape, dtype=common.dtype))
    th = threading.Thread(target=d2d, args=[darr, common])
    th.start()
    th.join()
    np.testing.assert_equal(darr.copy_to_host(), arr)
