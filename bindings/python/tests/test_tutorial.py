"""The classic Numba CUDA tutorial programs, written as the tutorials write
them with only the import changed (``from numba import cuda`` →
``from kernelc import cuda``), checked against NumPy."""

import math

import numpy as np
import pytest

from kernelc import cuda, float32
from _fma_reference import fma

# ---------------------------------------------------------------------------
# Adding 0.5 to an array: one thread, then many.


@cuda.jit
def add_half_one_thread(a):
    for i in range(a.size):
        a[i] += 0.5


@cuda.jit
def add_half_many_threads(a):
    i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
    if i < a.size:
        a[i] += 0.5


def test_add_half_one_thread():
    a = np.arange(10, dtype=np.float32)
    add_half_one_thread[1, 1](a)
    np.testing.assert_array_equal(a, np.arange(10, dtype=np.float32) + 0.5)


def test_add_half_many_threads():
    n = 1000
    a = np.arange(n, dtype=np.float64)
    threads = 128
    blocks = (n + threads - 1) // threads
    add_half_many_threads[blocks, threads](a)
    np.testing.assert_array_equal(a, np.arange(n) + 0.5)


# ---------------------------------------------------------------------------
# The race: every thread writes the same cell.


@cuda.jit
def race(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[0] = a[i]


def test_race_gives_one_of_the_racing_values():
    a = np.arange(1, 257, dtype=np.int32) * 3
    out = np.zeros(1, dtype=np.int32)
    race[4, 64](a, out)
    assert out[0] in set(a.tolist())


@cuda.jit
def race_increment(counter):
    counter[0] += 1


def test_race_increment_loses_updates_but_does_not_crash():
    counter = np.zeros(1, dtype=np.int64)
    race_increment[8, 32](counter)
    assert 1 <= counter[0] <= 256


# ---------------------------------------------------------------------------
# Vector add with explicit transfers.


@cuda.jit
def vector_add(a, b, c):
    i = cuda.grid(1)
    if i < c.size:
        c[i] = a[i] + b[i]


def test_vector_add_explicit_transfers():
    n = 4096
    rng = np.random.default_rng(1)
    a = rng.random(n).astype(np.float32)
    b = rng.random(n).astype(np.float32)
    d_a = cuda.to_device(a)
    d_b = cuda.to_device(b)
    d_c = cuda.device_array_like(a)
    threads_per_block = 256
    blocks_per_grid = (n + threads_per_block - 1) // threads_per_block
    vector_add[blocks_per_grid, threads_per_block](d_a, d_b, d_c)
    c = d_c.copy_to_host()
    np.testing.assert_array_equal(c, a + b)
    assert d_c.shape == (n,) and d_c.dtype == np.float32 and d_c.size == n
    assert d_c.ndim == 1 and d_c.strides == (4,)
    # Into an existing array, and on a stream.
    out = np.empty_like(a)
    d_c.copy_to_host(out)
    np.testing.assert_array_equal(out, a + b)
    s = cuda.stream()
    out2 = np.empty_like(a)
    d_c.copy_to_host(out2, stream=s)
    s.synchronize()
    np.testing.assert_array_equal(out2, a + b)


def test_vector_add_host_arrays_are_copied_back():
    a = np.ones(100, np.float64)
    b = np.full(100, 2.0)
    c = np.zeros(100)
    vector_add[1, 128](a, b, c)
    np.testing.assert_array_equal(c, 3.0)


# ---------------------------------------------------------------------------
# Grid-stride loops.


@cuda.jit
def grid_stride_scale(x, factor, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = x[i] * factor


def test_grid_stride_loop():
    x = np.linspace(0, 1, 10_000)
    out = np.zeros_like(x)
    grid_stride_scale[4, 64](x, 2.5, out)
    np.testing.assert_allclose(out, x * 2.5)


# ---------------------------------------------------------------------------
# 2-D matrix add.


@cuda.jit
def matrix_add(a, b, c):
    x, y = cuda.grid(2)
    if x < c.shape[0] and y < c.shape[1]:
        c[x, y] = a[x, y] + b[x, y]


def test_matrix_add_2d():
    a = np.arange(50 * 70, dtype=np.float32).reshape(50, 70)
    b = np.ones((50, 70), dtype=np.float32) * 3
    c = np.zeros_like(a)
    threadsperblock = (16, 16)
    blockspergrid_x = math.ceil(a.shape[0] / threadsperblock[0])
    blockspergrid_y = math.ceil(a.shape[1] / threadsperblock[1])
    blockspergrid = (blockspergrid_x, blockspergrid_y)
    matrix_add[blockspergrid, threadsperblock](a, b, c)
    np.testing.assert_array_equal(c, a + b)


# ---------------------------------------------------------------------------
# Shared-memory tiled matrix multiplication (Numba's documentation).

TPB = 16


@cuda.jit
def fast_matmul(A, B, C):
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=float32)

    x, y = cuda.grid(2)

    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bpg = cuda.gridDim.x

    tmp = float32(0.)
    for i in range(bpg):
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and (tx + i * TPB) < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TPB]
        if x < B.shape[1] and (ty + i * TPB) < B.shape[0]:
            sB[ty, tx] = B[ty + i * TPB, x]

        cuda.syncthreads()

        for j in range(TPB):
            tmp += sA[ty, j] * sB[j, tx]

        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = tmp


def test_shared_memory_matmul():
    n = 48
    rng = np.random.default_rng(7)
    x_h = rng.random((n, n)).astype(np.float32)
    y_h = rng.random((n, n)).astype(np.float32)
    z_h = np.zeros([n, n], dtype=np.float32)
    x_d = cuda.to_device(x_h)
    y_d = cuda.to_device(y_h)
    z_d = cuda.to_device(z_h)
    threadsperblock = (TPB, TPB)
    blockspergrid = (math.ceil(z_h.shape[0] / TPB), math.ceil(z_h.shape[1] / TPB))
    fast_matmul[blockspergrid, threadsperblock](x_d, y_d, z_d)
    z_h = z_d.copy_to_host()
    np.testing.assert_allclose(z_h, x_h @ y_h, rtol=1e-5)


# ---------------------------------------------------------------------------
# Reductions.

RTPB = 128


@cuda.jit
def block_sum(a, partial):
    s = cuda.shared.array(RTPB, dtype=np.float64)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    s[tid] = a[i] if i < a.size else 0.0
    cuda.syncthreads()
    step = RTPB // 2
    while step > 0:
        if tid < step:
            s[tid] += s[tid + step]
        cuda.syncthreads()
        step //= 2
    if tid == 0:
        partial[cuda.blockIdx.x] = s[0]


@cuda.jit
def sum_atomic(a, total):
    i = cuda.grid(1)
    if i < a.size:
        cuda.atomic.add(total, 0, a[i])


def test_shared_memory_reduction():
    a = np.arange(1000, dtype=np.float64)
    blocks = (a.size + RTPB - 1) // RTPB
    partial = np.zeros(blocks)
    block_sum[blocks, RTPB](a, partial)
    assert partial.sum() == a.sum()


def test_atomic_reduction():
    a = np.arange(5000, dtype=np.int64)
    total = np.zeros(1, dtype=np.int64)
    sum_atomic[(a.size + 255) // 256, 256](a, total)
    assert total[0] == a.sum()


@cuda.reduce
def sum_reduce(a, b):
    return a + b


@cuda.reduce
def max_reduce(a, b):
    return max(a, b)


min_reduce = cuda.reduce(lambda a, b: min(a, b))


def test_cuda_reduce():
    A = (np.arange(1234, dtype=np.float64)) + 1
    expect = A.sum()  # NumPy sum reduction
    got = sum_reduce(A)  # cuda sum reduction
    assert expect == got
    B = np.random.default_rng(2).integers(-10**6, 10**6, 70_000).astype(np.int64)
    assert max_reduce(cuda.to_device(B)) == B.max()
    assert sum_reduce(np.zeros(0, np.float32), init=5) == 5
    assert min_reduce(B, init=10**7) == B.min()
    res = cuda.device_array(1, dtype=np.int64)
    sum_reduce(B, res=res, init=3)
    assert res.copy_to_host()[0] == B.sum() + 3


# ---------------------------------------------------------------------------
# Atomics: a histogram and a maximum.


@cuda.jit
def histogram(x, xmin, xmax, histogram_out):
    nbins = histogram_out.shape[0]
    bin_width = (xmax - xmin) / nbins
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        bin_number = np.int32((x[i] - xmin) / bin_width)
        if bin_number >= 0 and bin_number < histogram_out.shape[0]:
            cuda.atomic.add(histogram_out, bin_number, 1)


@cuda.jit
def atomic_max(values, result):
    i = cuda.grid(1)
    if i < values.size:
        cuda.atomic.max(result, 0, values[i])


def test_histogram_atomics():
    rng = np.random.default_rng(3)
    x = rng.normal(size=20_000).astype(np.float32)
    xmin, xmax = np.float32(-4.0), np.float32(4.0)
    hist = np.zeros(32, dtype=np.int32)
    histogram[16, 128](x, xmin, xmax, hist)
    expected = np.zeros(32, dtype=np.int32)
    width = (xmax - xmin) / 32
    for v in x:
        b = int(np.int32((v - xmin) / width))
        if 0 <= b < 32:
            expected[b] += 1
    np.testing.assert_array_equal(hist, expected)


def test_atomic_max():
    values = np.random.default_rng(5).integers(-1000, 1000, size=777).astype(np.int32)
    result = np.full(1, -(2**31), dtype=np.int32)
    atomic_max[7, 128](values, result)
    assert result[0] == values.max()


# ---------------------------------------------------------------------------
# Local and constant arrays.


@cuda.jit
def moving_sum(x, out):
    i = cuda.grid(1)
    window = cuda.local.array(4, dtype=np.float64)
    if i < out.size:
        for k in range(4):
            j = i + k
            window[k] = x[j] if j < x.size else 0.0
        total = 0.0
        for k in range(4):
            total += window[k]
        out[i] = total


COEFFS = np.array([0.5, 0.25, 0.125, 0.0625], dtype=np.float32)


@cuda.jit
def poly_const(x, out):
    c = cuda.const.array_like(COEFFS)
    i = cuda.grid(1)
    if i < x.size:
        acc = float32(0.0)
        for k in range(c.shape[0]):
            acc = acc * x[i] + c[k]
        out[i] = acc


def test_local_array():
    x = np.arange(20, dtype=np.float64)
    out = np.zeros(20)
    moving_sum[1, 32](x, out)
    expected = np.array([x[i:i + 4].sum() for i in range(20)])
    np.testing.assert_array_equal(out, expected)


def test_constant_array():
    x = np.linspace(-1, 1, 64).astype(np.float32)
    out = np.zeros_like(x)
    poly_const[2, 32](x, out)
    expected = np.zeros_like(x)
    for c in COEFFS:
        expected = expected * x + c
    np.testing.assert_allclose(out, expected, rtol=1e-6)


# ---------------------------------------------------------------------------
# Device functions.


@cuda.jit(device=True)
def clamp(v, lo, hi):
    return max(lo, min(v, hi))


@cuda.jit(device=True)
def polar_to_cartesian(rho, theta):
    x = rho * math.cos(theta)
    y = rho * math.sin(theta)
    return x, y


@cuda.jit
def clamp_kernel(a, lo, hi):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = clamp(a[i], lo, hi)


@cuda.jit
def polar_distance(rho1, theta1, rho2, theta2, out):
    i = cuda.grid(1)
    if i < out.size:
        x1, y1 = polar_to_cartesian(rho1[i], theta1[i])
        x2, y2 = polar_to_cartesian(rho2[i], theta2[i])
        out[i] = ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5


def test_device_function():
    a = np.linspace(-2, 2, 41)
    clamp_kernel[1, 64](a, -1.0, 1.0)
    np.testing.assert_array_equal(a, np.clip(np.linspace(-2, 2, 41), -1, 1))


def test_device_function_returning_a_tuple():
    rng = np.random.default_rng(11)
    n = 100
    rho1, rho2 = rng.random(n), rng.random(n)
    theta1, theta2 = rng.random(n) * 6, rng.random(n) * 6
    out = np.zeros(n)
    polar_distance[1, 128](rho1, theta1, rho2, theta2, out)
    expected = np.hypot(rho1 * np.cos(theta1) - rho2 * np.cos(theta2),
                        rho1 * np.sin(theta1) - rho2 * np.sin(theta2))
    np.testing.assert_allclose(out, expected, rtol=1e-12, atol=1e-14)


def test_device_function_cannot_be_called_on_the_host():
    with pytest.raises(Exception, match="can only be called from a kernel"):
        clamp(1.0, 0.0, 2.0)


@cuda.jit
def row_dots(m, v, out):
    r = cuda.grid(1)
    for i, row in enumerate(m):
        if i == r:
            s = 0.0
            for x, y in zip(row, v):
                s += x * y
            out[i] = s


def test_loops_over_arrays_with_enumerate_and_zip():
    rng = np.random.default_rng(5)
    m, v = rng.standard_normal((7, 5)), rng.standard_normal(6)
    out = np.zeros(7)
    row_dots[1, 8](m, v, out)
    # The same loop in Python: zip stops at the row's 5 elements.
    expected = []
    for row in m:
        s = 0.0
        for x, y in zip(row, v):
            s = fma(x, y, s)  # one rounding, as Numba's compiler fuses `s += x * y`
        expected.append(s)
    np.testing.assert_array_equal(out, expected)


from kernelc import KernelcError  # noqa: E402
from kernelc.cuda import literal_unroll  # noqa: E402 (as `from numba.cuda import literal_unroll`)


@cuda.jit
def mixed_sum(out, n):
    total = 0.0
    for item in literal_unroll((1, 2.5, n, True)):
        total += item
    out[0] = total


def test_literal_unroll_over_a_tuple_of_mixed_types():
    out = np.zeros(1)
    mixed_sum[1, 1](out, np.int32(4))
    assert out[0] == 1 + 2.5 + 4 + 1
    with pytest.raises(KernelcError, match="can only be used inside a kernel"):
        literal_unroll((1, 2))


@pytest.mark.parametrize("name", ["s", "step", "tid", "cnt", "n", "arr", "partial", "i"])
def test_a_reduce_function_may_have_any_name(name):
    # The generated kernel calls the function by a name of its own: one
    # named like a local of that kernel is not shadowed by it.
    namespace = {}
    exec(f"def {name}(a, b):\n    return a + b\n", namespace)
    summed = cuda.reduce(namespace[name])
    assert summed(np.arange(1000.0)) == 499500.0
