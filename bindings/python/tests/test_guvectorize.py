"""``@guvectorize(..., target='cuda')`` as Numba's CUDA gufuncs: core
dimensions, loop dimensions, pinned (broadcast) inputs, scalar cores,
outputs allocated or given, host and device arrays; against NumPy and, for
the same function, Numba's own CPU gufunc."""

import numpy as np
import pytest

from kernelc import cuda, guvectorize
from _fma_reference import fma


@guvectorize(["void(float32[:,:], float32[:,:], float32[:,:])",
              "void(float64[:,:], float64[:,:], float64[:,:])"],
             "(m,n),(n,p)->(m,p)", target="cuda")
def matmul(a, b, c):
    m, n = a.shape
    p = b.shape[1]
    for i in range(m):
        for j in range(p):
            acc = 0.0
            for k in range(n):
                acc += a[i, k] * b[k, j]
            c[i, j] = acc


@guvectorize(["void(float64[:], float64, float64[:])"], "(n),()->(n)", target="cuda")
def axpy_rows(x, alpha, out):
    for i in range(x.shape[0]):
        out[i] = alpha * x[i] + i


@guvectorize(["void(float64[:], float64[:])"], "(n)->()", target="cuda")
def row_sum(x, res):
    s = 0.0
    for v in x:
        s += v
    res[0] = s


def test_batched_matmul():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((10, 4, 3))
    b = rng.standard_normal((10, 3, 5))
    c = matmul(a, b)
    assert c.shape == (10, 4, 5) and c.dtype == np.float64
    np.testing.assert_allclose(c, a @ b, rtol=1e-13)
    c32 = matmul(a.astype(np.float32), b.astype(np.float32))
    assert c32.dtype == np.float32
    np.testing.assert_allclose(c32, (a @ b).astype(np.float32), rtol=1e-5)


def test_pinned_operand_and_scalar_core():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((6, 2, 2))
    b = np.eye(2)  # no loop dimension: used by every loop element
    np.testing.assert_allclose(matmul(a, b), a)
    x = rng.standard_normal((7, 5))
    alphas = np.linspace(0, 1, 7)
    np.testing.assert_allclose(axpy_rows(x, alphas), alphas[:, None] * x + np.arange(5))
    sums = row_sum(x)
    assert sums.shape == (7,)
    np.testing.assert_allclose(sums, x.sum(axis=1))


def test_given_outputs_and_device_arrays():
    x = np.arange(12.0).reshape(3, 4)
    out = np.zeros(3)
    assert row_sum(x, out) is out
    np.testing.assert_array_equal(out, x.sum(axis=1))
    d = row_sum(cuda.to_device(x))
    np.testing.assert_array_equal(d.copy_to_host(), x.sum(axis=1))


def test_same_as_numba_cpu_gufunc():
    numba = pytest.importorskip("numba")

    def cumulative(x, out):
        acc = 0.0
        for i in range(x.shape[0]):
            acc += x[i] * x[i]
            out[i] = acc

    ours = guvectorize(["void(float64[:], float64[:])"], "(n)->(n)", target="cuda")(cumulative)
    theirs = numba.guvectorize(["void(float64[:], float64[:])"], "(n)->(n)")(cumulative)
    x = np.linspace(-1, 1, 40).reshape(4, 10)
    # Numba's CUDA compiler fuses `acc += x[i] * x[i]` (one rounding), its
    # CPU target does not: the same up to that rounding, and exactly the
    # fused loop.
    np.testing.assert_allclose(ours(x), theirs(x), rtol=1e-15, atol=0)
    fused = np.zeros_like(x)
    for r in range(x.shape[0]):
        acc = 0.0
        for i in range(x.shape[1]):
            acc = fma(x[r, i], x[r, i], acc)
            fused[r, i] = acc
    np.testing.assert_array_equal(ours(x), fused)


def test_pickles_by_source():
    import pickle

    again = pickle.loads(pickle.dumps(row_sum))
    np.testing.assert_array_equal(again(np.ones((2, 3))), [3.0, 3.0])


def test_layout_errors():
    with pytest.raises(ValueError, match="outer dimension mismatch"):
        matmul(np.zeros((3, 2, 2)), np.zeros((4, 2, 2)))
    with pytest.raises(ValueError, match="mismatch argument"):
        matmul(np.zeros((3, 2, 2)), np.zeros((3, 3, 2)))
    with pytest.raises(NameError, match="undefined output symbols"):
        guvectorize(["void(float64[:], float64[:])"], "(n)->(k)", target="cuda")
