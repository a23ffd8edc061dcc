"""Arrays of more than three dimensions (Numba sets no limit; kernelc takes
up to 8, the C API's ``KC_MAX_NDIM``): host and device arrays of 4 to 8
dimensions as kernel arguments, contiguous and strided (sliced, transposed,
broadcast), written back; views, iteration and local arrays of them in
kernels; a 9-dimensional array refused with a clear error. Checked against
NumPy, on both devices."""

import numpy as np
import pytest

from kernelc import cuda
from kernelc.errors import TypingError


@cuda.jit
def batch_norm(x, mean, out):
    # out[n, c, h, w] = x[n, c, h, w] - mean[c], one thread per (n, c).
    i = cuda.grid(1)
    n_img, chans, height, width = x.shape
    if i < n_img * chans:
        n, c = i // chans, i % chans
        plane = x[n, c]
        dst = out[n, c]
        for h in range(height):
            for w in range(width):
                dst[h, w] = plane[h, w] - mean[c]


def test_four_d_host_arrays_are_read_and_written_back():
    rng = np.random.default_rng(1)
    for _ in range(3):  # the first call compiles; the next ones reuse its launch plan
        x = rng.standard_normal((3, 4, 5, 6)).astype(np.float32)
        mean = rng.standard_normal(4).astype(np.float32)
        out = np.zeros_like(x)
        batch_norm[2, 8](x, mean, out)
        np.testing.assert_array_equal(out, x - mean[None, :, None, None])


def test_strided_four_d_views_keep_their_strides():
    # A sliced, a transposed and a broadcast 4-D array: the kernel sees
    # NumPy's elements, and the sliced output is written back in place.
    rng = np.random.default_rng(2)
    base = rng.standard_normal((6, 4, 10, 5)).astype(np.float32)
    x = base[::2, :, 1::3, ::-1]                      # strided, negative step
    xt = np.ascontiguousarray(x.transpose(3, 2, 1, 0)).T  # Fortran order
    mean = rng.standard_normal(4).astype(np.float32)
    big = np.zeros((3, 4, 6, 5), dtype=np.float32)
    out = big[:, :, ::2, :]
    for src in (x, xt):
        big[:] = 0
        batch_norm[1, 32](src, mean, out)
        np.testing.assert_array_equal(out, src - mean[None, :, None, None])
        assert not big[:, :, 1::2, :].any()
    ones = np.broadcast_to(np.float32(2.5), (3, 4, 3, 5))  # zero strides
    out = np.zeros((3, 4, 3, 5), dtype=np.float32)
    batch_norm[1, 32](ones, mean, out)
    np.testing.assert_array_equal(out, np.broadcast_to(2.5 - mean[None, :, None, None], out.shape))


@cuda.jit
def eight_d(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        s = 0
        for row in a[i]:           # 7-D views
            for j in range(row.shape[0]):
                s += row[j, 0, 0, 0, 0, 0] * a.ndim + row[j, -1, 1, 0, 1, 1]
        out[i, 0, 0, 0, 0] = s
        out[i, 0, 0, 0, 1] = a.size + len(a.strides)


def reference_eight_d(a):
    out = np.zeros((a.shape[0], 1, 1, 1, 2), dtype=np.int64)
    for i in range(a.shape[0]):
        s = 0
        for row in a[i]:
            for j in range(row.shape[0]):
                s += row[j, 0, 0, 0, 0, 0] * 8 + row[j, -1, 1, 0, 1, 1]
        out[i, 0, 0, 0, 0] = s
        out[i, 0, 0, 0, 1] = a.size + 8
    return out


def test_eight_d_device_arrays():
    a = np.arange(2 * 3 * 2 * 2 * 3 * 2 * 2 * 2, dtype=np.int64).reshape(2, 3, 2, 2, 3, 2, 2, 2)
    d_a = cuda.to_device(a)
    d_out = cuda.device_array((2, 1, 1, 1, 2), dtype=np.int64)
    eight_d[1, 4](d_a, d_out)
    np.testing.assert_array_equal(d_out.copy_to_host(), reference_eight_d(a))
    assert d_a.shape == a.shape and d_a.strides == a.strides


@cuda.jit
def local_4d(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        t = cuda.local.array((2, 3, 2, 2), np.int32)
        for a in range(2):
            for b in range(3):
                for c in range(2):
                    for d in range(2):
                        t[a, b, c, d] = i + a * 100 + b * 10 + c * 2 + d
        flat = t.reshape(t.size)
        s = 0
        for v in flat:
            s += v
        out[i] = s + t[1, -1, 1, 0]


def test_four_d_local_array_and_its_reshape():
    out = np.zeros(5, dtype=np.int64)
    local_4d[1, 8](out)
    grid = np.indices((2, 3, 2, 2))
    base = (grid[0] * 100 + grid[1] * 10 + grid[2] * 2 + grid[3])
    expected = [(i + base).sum() + i + 100 + 20 + 2 for i in range(5)]
    np.testing.assert_array_equal(out, expected)


def test_explicit_nd_signatures():
    @cuda.jit("void(float64[:, :, :, :, ::1], float64[:, :, :, :, ::1])")
    def copy5(src, dst):
        i = cuda.grid(1)
        if i < src.shape[0]:
            for j in range(src.shape[1]):
                for k in range(src.shape[2]):
                    for m in range(src.shape[3]):
                        for n in range(src.shape[4]):
                            dst[i, j, k, m, n] = src[i, j, k, m, n]
    a = np.random.default_rng(3).standard_normal((3, 2, 2, 2, 3))
    b = np.zeros_like(a)
    copy5[1, 4](a, b)
    np.testing.assert_array_equal(a, b)


def test_nine_dimensions_are_refused():
    a = np.zeros((1,) * 9, dtype=np.float32)
    with pytest.raises(TypeError, match="0 to 8 dimensions, not 9"):
        batch_norm[1, 1](a, a, a)
    def nine(a):
        a[0, 0, 0, 0, 0, 0, 0, 0, 0] = 1

    with pytest.raises(TypingError, match="1 to 8 dimensions"):
        cuda.jit("void(float32[:, :, :, :, :, :, :, :, :])")(nine)
