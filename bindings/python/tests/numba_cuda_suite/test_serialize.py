# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_serialize.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import pickle

import numpy as np
import pytest

from kernelc import cuda, vectorize


def check_call(callee):
    arr = np.array([100])
    expected = callee[1, 1](arr)

    # serialize and rebuild
    foo1 = pickle.loads(pickle.dumps(callee))
    del callee
    # call rebuild function
    got1 = foo1[1, 1](arr)
    np.testing.assert_equal(got1, expected)
    del got1

    # test serialization of previously serialized object
    foo2 = pickle.loads(pickle.dumps(foo1))
    del foo1
    # call rebuild function
    got2 = foo2[1, 1](arr)
    np.testing.assert_equal(got2, expected)
    del got2

    # test propagation of thread, block config
    foo3 = pickle.loads(pickle.dumps(foo2[5, 8]))
    del foo2
    assert foo3.griddim == (5, 1, 1)
    assert foo3.blockdim == (8, 1, 1)


def test_pickling_jit_typing():
    @cuda.jit(device=True)
    def inner(a):
        return a + 1

    @cuda.jit("void(intp[:])")
    def foo(arr):
        arr[0] = inner(arr[0])

    check_call(foo)


def test_pickling_jit():
    @cuda.jit(device=True)
    def inner(a):
        return a + 1

    @cuda.jit
    def foo(arr):
        arr[0] = inner(arr[0])

    check_call(foo)


def test_pickling_vectorize():
    @vectorize(["intp(intp)", "float64(float64)"], target="cuda")
    def cuda_vect(x):
        return x * 2

    # accommodate int representations in np.arange
    npty = np.dtype(np.intp)
    # get expected result
    ary = np.arange(10, dtype=npty)
    expected = cuda_vect(ary)
    # first pickle
    foo1 = pickle.loads(pickle.dumps(cuda_vect))
    del cuda_vect
    got1 = foo1(ary)
    np.testing.assert_equal(expected, got1)
    # second pickle
    foo2 = pickle.loads(pickle.dumps(foo1))
    del foo1
    got2 = foo2(ary)
    np.testing.assert_equal(expected, got2)


def test_pickling_configured_launch_with_pre_launch_callbacks_raises():
    @cuda.jit
    def foo(arr):
        arr[0] += 1

    cfg = foo[5, 8]

    def callback(kernel, launch_config):
        pass

    cfg.pre_launch_callbacks.append(callback)

    with pytest.raises(
        pickle.PicklingError,
        match="Cannot pickle configured launches with pre-launch callbacks",
    ):
        pickle.dumps(cfg)
