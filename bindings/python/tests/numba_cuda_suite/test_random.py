# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_random.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import math

import numpy as np

from kernelc import cuda

from kernelc.cuda.random import (
    xoroshiro128p_uniform_float32,
    xoroshiro128p_normal_float32,
    xoroshiro128p_uniform_float64,
    xoroshiro128p_normal_float64,
)


# Distributions
UNIFORM = 1
NORMAL = 2


@cuda.jit
def rng_kernel_float32(states, out, count, distribution):
    thread_id = cuda.grid(1)

    for i in range(count):
        idx = thread_id * count + i

        if distribution == UNIFORM:
            out[idx] = xoroshiro128p_uniform_float32(states, thread_id)
        elif distribution == NORMAL:
            out[idx] = xoroshiro128p_normal_float32(states, thread_id)


@cuda.jit
def rng_kernel_float64(states, out, count, distribution):
    thread_id = cuda.grid(1)

    for i in range(count):
        idx = thread_id * count + i

        if distribution == UNIFORM:
            out[idx] = xoroshiro128p_uniform_float64(states, thread_id)
        elif distribution == NORMAL:
            out[idx] = xoroshiro128p_normal_float64(states, thread_id)


def test_create():
    states = cuda.random.create_xoroshiro128p_states(10, seed=1)
    s = states.copy_to_host()
    assert len(np.unique(s)) == 10

def test_create_subsequence_start():
    states = cuda.random.create_xoroshiro128p_states(10, seed=1)
    s1 = states.copy_to_host()

    states = cuda.random.create_xoroshiro128p_states(
        10, seed=1, subsequence_start=3
    )
    s2 = states.copy_to_host()

    # Starting seeds should match up with offset of 3
    np.testing.assert_array_equal(s1[3:], s2[:-3])

def test_create_stream():
    stream = cuda.stream()
    states = cuda.random.create_xoroshiro128p_states(
        10, seed=1, stream=stream
    )
    s = states.copy_to_host()
    assert len(np.unique(s)) == 10

def check_uniform(kernel_func, dtype):
    states = cuda.random.create_xoroshiro128p_states(32 * 2, seed=1)
    out = np.zeros(2 * 32 * 32, dtype=np.float32)

    kernel_func[2, 32](states, out, 32, UNIFORM)
    assert abs(out.min() - 0.0) <= 1e-3
    assert abs(out.max() - 1.0) <= 1e-3
    assert abs(out.mean() - 0.5) <= 1.5e-2
    assert abs(out.std() - 1.0 / (2 * math.sqrt(3))) <= 6e-3

def test_uniform_float32():
    check_uniform(rng_kernel_float32, np.float32)

def test_uniform_float64():
    check_uniform(rng_kernel_float64, np.float64)

def check_normal(kernel_func, dtype):
    states = cuda.random.create_xoroshiro128p_states(32 * 2, seed=1)
    out = np.zeros(2 * 32 * 32, dtype=dtype)

    kernel_func[2, 32](states, out, 32, NORMAL)

    assert abs(out.mean() - 0.0) <= 4e-3
    assert abs(out.std() - 1.0) <= 2e-3

def test_normal_float32():
    check_normal(rng_kernel_float32, np.float32)

def test_normal_float64():
    check_normal(rng_kernel_float64, np.float64)


