"""numba.cuda.random over kernelc: generator states made as numba-cuda makes
them (compared with Numba's own CPU initialisation), draws in kernels
imported from kernelc or from Numba, and the Monte Carlo example of Numba's
documentation with only the import changed."""

import math

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda.random import (
    create_xoroshiro128p_states,
    init_xoroshiro128p_states,
    xoroshiro128p_dtype,
    xoroshiro128p_normal_float64,
    xoroshiro128p_uniform_float32,
    xoroshiro128p_uniform_float64,
)


@pytest.mark.parametrize("n, seed, subsequence", [(1, 0, 0), (100, 1234, 0), (257, 7, 3)])
def test_states_match_numba(n, seed, subsequence):
    numba_random = pytest.importorskip("numba.cuda.random")
    want = np.zeros(n, numba_random.xoroshiro128p_dtype)
    numba_random.init_xoroshiro128p_states_cpu(want, seed, subsequence)
    got = create_xoroshiro128p_states(n, seed=seed, subsequence_start=subsequence).copy_to_host()
    assert got.dtype == xoroshiro128p_dtype
    np.testing.assert_array_equal(got["s0"], want["s0"])
    np.testing.assert_array_equal(got["s1"], want["s1"])


def test_init_existing_states_and_huge_subsequence():
    states = cuda.device_array(8, dtype=xoroshiro128p_dtype)
    init_xoroshiro128p_states(states, 99, subsequence_start=2**40)
    a = states.copy_to_host()
    # Generator 1 of subsequence 2**40 is generator 0 of subsequence 2**40 + 1.
    b = create_xoroshiro128p_states(1, 99, subsequence_start=2**40 + 1).copy_to_host()
    assert a[1] == b[0]
    assert len({(int(s["s0"]), int(s["s1"])) for s in a}) == 8


@cuda.jit
def compute_pi(rng_states, iterations, out):
    thread_id = cuda.grid(1)
    inside = 0
    for i in range(iterations):
        x = xoroshiro128p_uniform_float32(rng_states, thread_id)
        y = xoroshiro128p_uniform_float32(rng_states, thread_id)
        if x**2 + y**2 <= 1.0:
            inside += 1
    out[thread_id] = 4.0 * inside / iterations


def test_monte_carlo_pi():
    threads_per_block, blocks = 64, 24
    rng_states = create_xoroshiro128p_states(threads_per_block * blocks, seed=1)
    out = np.zeros(threads_per_block * blocks, dtype=np.float32)
    compute_pi[blocks, threads_per_block](rng_states, 1000, out)
    assert abs(out.mean() - math.pi) < 0.01


@cuda.jit
def moments(states, out):
    i = cuda.grid(1)
    if i < states.shape[0]:
        s = 0.0
        s2 = 0.0
        for _ in range(256):
            z = xoroshiro128p_normal_float64(states, i)
            s += z
            s2 += z * z
        out[i, 0] = s / 256
        out[i, 1] = s2 / 256
        out[i, 2] = xoroshiro128p_uniform_float64(states, i)


def test_same_seed_same_numbers_and_normal_moments():
    n = 512
    out1, out2 = np.zeros((n, 3)), np.zeros((n, 3))
    moments[8, 64](create_xoroshiro128p_states(n, seed=42), out1)
    moments[8, 64](create_xoroshiro128p_states(n, seed=42), out2)
    np.testing.assert_array_equal(out1, out2)
    assert abs(out1[:, 0].mean()) < 0.01
    assert abs(out1[:, 1].mean() - 1.0) < 0.02
    assert ((out1[:, 2] >= 0) & (out1[:, 2] < 1)).all()


def test_numba_imports_compile_too():
    numba_random = pytest.importorskip("numba.cuda.random")
    draw = numba_random.xoroshiro128p_uniform_float32

    @cuda.jit
    def first_draw(states, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = draw(states, i)

    states = create_xoroshiro128p_states(16, seed=5)
    host = states.copy_to_host()
    out = np.zeros(16, np.float32)
    first_draw[1, 16](states, out)
    # The first draw is (s0 + s1) >> 11 scaled to [0, 1), rounded to float32.
    x = (host["s0"] + host["s1"]) >> np.uint64(11)
    np.testing.assert_array_equal(out, (x * 2.0**-53).astype(np.float32))


def test_draw_on_host_raises():
    states = np.zeros(1, xoroshiro128p_dtype)
    with pytest.raises(RuntimeError, match="inside a kernel"):
        xoroshiro128p_uniform_float32(states, 0)
