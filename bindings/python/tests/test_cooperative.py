"""Cooperative groups over kernelc: ``cuda.cg.this_grid()`` and ``g.sync()``
in kernels, launched cooperatively without being asked (as numba-cuda does),
``overload.cooperative`` and ``max_cooperative_grid_blocks``; kernels whose
blocks communicate through global memory across the grid barrier, checked
against NumPy and, on one block (all Numba's simulator runs cooperatively),
against Numba's simulator."""

import inspect

import numpy as np
import pytest

from kernelc import cuda, float64, int32
from kernelc.errors import KernelcError

from numba_oracle import ask_numba

def sequential_rows(M):
    col = cuda.grid(1)
    g = cuda.cg.this_grid()
    rows = M.shape[0]
    cols = M.shape[1]
    for row in range(1, rows):
        opposite = cols - col - 1
        M[row, col] = M[row - 1, opposite] + 1
        g.sync()

def two_phase_sum(x, partial, out):
    # Phase one: each block reduces its slice in shared memory and writes
    # its sum to partial[block]. After the grid barrier, phase two: every
    # block reads all the partial sums (written by other blocks) and block
    # b writes out[b] = the sum of partial[0..b] (an exclusive scan).
    g = cuda.cg.this_grid()
    tid = cuda.threadIdx.x
    b = cuda.blockIdx.x
    buf = cuda.shared.array(128, float64)
    i = cuda.grid(1)
    buf[tid] = x[i] if i < x.shape[0] else 0.0
    cuda.syncthreads()
    step = cuda.blockDim.x // 2
    while step > 0:
        if tid < step:
            buf[tid] += buf[tid + step]
        cuda.syncthreads()
        step //= 2
    if tid == 0:
        partial[b] = buf[0]
    g.sync()
    if tid == 0:
        s = 0.0
        for k in range(b):
            s += partial[k]
        out[b] = s
    g.sync()
    if tid == 0 and b == 0:
        total = 0.0
        for k in range(cuda.gridDim.x):
            total += partial[k]
        out[cuda.gridDim.x] = total


def _define(fn, *jit_args):
    return cuda.jit(*jit_args)(fn)


def test_sequential_rows_example_of_numbas_documentation():
    shape = (32, 256)
    A = np.zeros(shape, dtype=np.int32)
    sig = (int32[:, ::1],)
    kernel = _define(sequential_rows, sig)
    overload = kernel.overloads[sig]
    assert overload.cooperative
    blockdim = 32
    griddim = A.shape[1] // blockdim
    assert griddim <= overload.max_cooperative_grid_blocks(blockdim)
    kernel[griddim, blockdim](A)
    reference = np.tile(np.arange(shape[0]), (shape[1], 1)).T
    np.testing.assert_array_equal(A, reference)


def test_max_cooperative_grid_blocks_counts_threads_not_shape():
    sig = (int32[:, ::1],)
    overload = _define(sequential_rows, sig).overloads[sig]
    blocks1d = overload.max_cooperative_grid_blocks(256)
    assert blocks1d > 0
    assert overload.max_cooperative_grid_blocks((16, 16)) == blocks1d
    assert overload.max_cooperative_grid_blocks((16, 4, 4)) == blocks1d
    # Fewer threads per block: at least as many blocks.
    assert overload.max_cooperative_grid_blocks(32) >= blocks1d
    # More shared memory than a block may have: none fit.
    assert overload.max_cooperative_grid_blocks(32, dynsmemsize=1 << 20) == 0
    with pytest.raises(ValueError):
        overload.max_cooperative_grid_blocks(0)


def test_only_kernels_using_a_grid_group_are_cooperative():
    @cuda.jit("void(float64[::1])")
    def this_grid_only(A):
        cuda.cg.this_grid()
        A[0] = 1.0

    @cuda.jit("void(float64[::1])")
    def no_sync(A):
        A[0] = cuda.grid(1)

    A = np.full(1, np.nan)
    this_grid_only[1, 1](A)
    assert A[0] == 1.0
    for ov in this_grid_only.overloads.values():
        assert ov.cooperative
    no_sync[1, 1](A)
    for ov in no_sync.overloads.values():
        assert not ov.cooperative


@pytest.mark.parametrize("n", [1000, 128 * 12])
def test_two_phase_reduction_across_blocks(n):
    rng = np.random.default_rng(n)
    x = rng.standard_normal(n)
    tpb = 128
    blocks = (n + tpb - 1) // tpb
    kernel = _define(two_phase_sum)
    partial = np.zeros(blocks)
    out = np.zeros(blocks + 1)
    kernel[blocks, tpb](x, partial, out)
    sums = np.array([x[b * tpb:(b + 1) * tpb].sum() for b in range(blocks)])
    np.testing.assert_allclose(partial, sums, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(out[:blocks], np.concatenate([[0.0], np.cumsum(sums)[:-1]]),
                               rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(out[blocks], x.sum(), rtol=1e-12, atol=1e-12)
    # Lazily compiled: the overload is cooperative too.
    assert all(ov.cooperative for ov in kernel.overloads.values())


def test_device_arrays_and_repeated_launches():
    kernel = _define(two_phase_sum)
    x = np.arange(1024, dtype=np.float64)
    d_x = cuda.to_device(x)
    d_partial = cuda.device_array(8)
    d_out = cuda.device_array(9)
    for _ in range(3):
        kernel[8, 128](d_x, d_partial, d_out)
        assert d_out.copy_to_host()[8] == x.sum()


def test_a_grid_too_large_for_a_cooperative_launch_is_refused():
    sig = (int32[:, ::1],)
    kernel = _define(sequential_rows, sig)
    most = kernel.overloads[sig].max_cooperative_grid_blocks(32)
    A = np.zeros((2, 32 * (most + 1)), dtype=np.int32)
    with pytest.raises(KernelcError, match="cooperative"):
        kernel[most + 1, 32](A)


def test_results_match_numbas_simulator_on_one_block():
    # Numba's simulator runs cooperative grids of one block only.
    n = 128
    x = np.linspace(-3.0, 5.0, n)
    kernel = _define(two_phase_sum)
    partial = np.zeros(1)
    out = np.zeros(2)
    kernel[1, 128](x, partial, out)
    A = np.zeros((16, 32), dtype=np.int32)
    rows = _define(sequential_rows)
    rows[1, 32](A)
    want = ask_numba(
        "from numba import cuda, float64\n"
        + inspect.getsource(two_phase_sum)
        + inspect.getsource(sequential_rows)
        + """
x = np.array(DATA["x"])
k = cuda.jit(two_phase_sum)
partial = np.zeros(1)
out = np.zeros(2)
k[1, 128](x, partial, out)
A = np.zeros((16, 32), dtype=np.int32)
cuda.jit(sequential_rows)[1, 32](A)
answer({"partial": partial.tolist(), "out": out.tolist(), "A": A.tolist()})
""",
        {"x": x.tolist()},
    )
    np.testing.assert_allclose(partial, want["partial"], rtol=1e-12)
    np.testing.assert_allclose(out, want["out"], rtol=1e-12)
    np.testing.assert_array_equal(A, np.array(want["A"], dtype=np.int32))
