"""Device arrays as Numba's ``DeviceNDArray``, checked against NumPy (the
same programs run against Numba's simulator are in ``diff_cases.py``):
flags, views that share memory, host-side indexing and its errors,
reshape / ravel / split / squeeze / view, copies and their checks,
``auto_device``, ``In`` / ``Out`` / ``InOut``."""

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda.args import ArgHint, wrap_arg


def _dev(shape=(4, 6), dtype=np.float64, order="C"):
    a = np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape, order=order)
    return a, cuda.to_device(a)


def test_flags_are_numbas_dict_and_read_like_numpys():
    a, d = _dev()
    assert dict(d.flags) == {"C_CONTIGUOUS": True, "F_CONTIGUOUS": False}  # Numba's dict
    for view, host in [(d, a), (d.T, a.T), (d[:, 1], a[:, 1]), (d[1], a[1]), (d[::2], a[::2])]:
        f, nf = view.flags, host.flags
        assert (f["C_CONTIGUOUS"], f["F_CONTIGUOUS"]) == (nf["C_CONTIGUOUS"], nf["F_CONTIGUOUS"])
        assert (f.c_contiguous, f.f_contiguous, f["C"], f["F"]) == (nf.c_contiguous, nf.f_contiguous, nf["C"], nf["F"])
        assert (view.is_c_contiguous(), view.is_f_contiguous()) == (nf.c_contiguous, nf.f_contiguous)
        assert f.forc == nf.forc and f.fnc == nf.fnc and f.writeable
    # An empty array is both; a 1-D contiguous one too.
    e = cuda.device_array((0, 3))
    assert e.is_c_contiguous() and e.is_f_contiguous()
    assert cuda.device_array(5).flags.f_contiguous


def test_like_functions_take_device_arrays():
    a, d = _dev()
    for src, host in [(d, a), (d.T, a.T), (d[:, ::2], a[:, ::2])]:
        ref = np.empty_like(host)  # NumPy's order-keeping rule, which Numba follows
        pinned = cuda.pinned_array_like(src)
        dev = cuda.device_array_like(src)
        assert pinned.shape == dev.shape == ref.shape and pinned.dtype == dev.dtype == ref.dtype
        assert pinned.strides == dev.strides == ref.strides


def test_transposed_and_sliced_views_share_memory():
    a, d = _dev((3, 4, 5))
    t = d.T
    assert t.shape == a.T.shape and t.strides == a.T.strides
    np.testing.assert_array_equal(t.copy_to_host(), a.T)
    p = d.transpose((1, 0, 2))
    assert p.strides == a.transpose((1, 0, 2)).strides
    assert d.transpose((0, 1, 2)) is d
    with pytest.raises(ValueError, match=r"invalid axes list \(0, 0, 1\)"):
        d.transpose((0, 0, 1))
    t[4, 3, 2] = -1.0  # writes through the view
    a.T[4, 3, 2] = -1.0
    s = d[1:, ::2, -1]
    assert s.shape == a[1:, ::2, -1].shape and s.strides == a[1:, ::2, -1].strides
    s[...] = 42
    a[1:, ::2, -1] = 42
    np.testing.assert_array_equal(d.copy_to_host(), a)


def test_host_side_setitem_as_numba():
    a, d = _dev((4, 6), np.int32)
    d[1:3, 2:5] = np.array([7.9, 8.2, -9.7])  # broadcast over rows, converted as a cast
    a[1:3, 2:5] = np.array([7.9, 8.2, -9.7]).astype(np.int32)
    d[0, :] = cuda.to_device(np.arange(6, dtype=np.int32) * 3)  # device memory as the value
    a[0, :] = np.arange(6) * 3
    d[-1, -1] = 99
    a[-1, -1] = 99
    np.testing.assert_array_equal(d.copy_to_host(), a)
    assert d[-1, -1] == 99 and isinstance(d[-1, -1], np.int32)
    with pytest.raises(ValueError, match="^Can't assign 2-D array to 1-D self$"):
        d[0] = np.zeros((2, 6))
    with pytest.raises(ValueError, match="^Can't copy sequence with size 3 to array axis 1 with dimension 6$"):
        d[0:2] = np.zeros(3)
    with pytest.raises(IndexError):
        d[4, 0]
    with pytest.raises(IndexError):
        d[0, 0, 0]


def test_reshape_ravel_split_squeeze_view():
    a, d = _dev((4, 6))
    np.testing.assert_array_equal(d.reshape(3, 8).copy_to_host(), a.reshape(3, 8))
    np.testing.assert_array_equal(d.reshape([2, -1, 3]).copy_to_host(), a.reshape(2, -1, 3))
    # A view that is not contiguous reshapes when NumPy could make a view too.
    v = d[:, :4]
    np.testing.assert_array_equal(v.reshape(4, 2, 2).copy_to_host(), a[:, :4].reshape(4, 2, 2))
    with pytest.raises(NotImplementedError, match="reshape would require copy"):
        v.reshape(16)
    with pytest.raises(ValueError, match="can only specify one unknown dimension"):
        d.reshape(-1, -1)
    with pytest.raises(ValueError, match="cannot infer valid shape for unknown dimension"):
        d.reshape(5, -1)
    with pytest.raises(ValueError, match="reshape changes the size of the array"):
        d.reshape(5, 5)
    with pytest.raises(ValueError, match=r"order not C\|F\|A"):
        d.reshape(24, order="K")
    # A 1-D array reshaped in F order: the same as NumPy's.
    b, e = _dev((12,))
    np.testing.assert_array_equal(e.reshape((3, 4), order="F").copy_to_host(), b.reshape((3, 4), order="F"))
    np.testing.assert_array_equal(d.ravel().copy_to_host(), a.ravel())
    np.testing.assert_array_equal(d.T.ravel(order="A").copy_to_host(), a.T.ravel(order="A"))
    with pytest.raises(NotImplementedError, match="ravel on non-contiguous array"):
        v.ravel()
    parts = list(e.split(5))
    assert [p.shape for p in parts] == [(5,), (5,), (2,)]
    np.testing.assert_array_equal(np.concatenate([p.copy_to_host() for p in parts]), b)
    parts[1][0] = -3.0  # views
    assert e[5] == -3.0
    with pytest.raises(ValueError, match="only support 1d array"):
        next(d.split(2))
    with pytest.raises(ValueError, match="only support unit stride"):
        next(e[::2].split(2))
    c, f = _dev((3, 1, 4))
    assert f.squeeze().shape == c.squeeze().shape and f.squeeze(axis=1).strides == c.squeeze(axis=1).strides
    with pytest.raises(ValueError, match="cannot select an axis to squeeze out"):
        f.squeeze(axis=0)
    np.testing.assert_array_equal(f.view(np.int64).copy_to_host(), c.view(np.int64))
    np.testing.assert_array_equal(f.view(np.float32).copy_to_host(), c.view(np.float32))
    with pytest.raises(ValueError, match="must be C-contiguous"):
        f.T.view(np.float32)


def test_copies_check_like_numba():
    a, d = _dev((3, 4))
    with pytest.raises(TypeError, match=r"^incompatible dtype: float64 vs. float32$"):
        d.copy_to_device(np.zeros((3, 4), np.float32))
    with pytest.raises(ValueError, match=r"^incompatible shape: \(3, 4\) vs. \(4, 3\)$"):
        d.copy_to_device(np.zeros((4, 3)))
    with pytest.raises(ValueError, match="incompatible shape"):
        d.copy_to_host(np.zeros(12))
    d.copy_to_device(np.zeros((0,)))  # an empty source: nothing to do (Numba's rule)
    d.copy_to_device(cuda.to_device(a[::-1].copy()))  # device to device
    np.testing.assert_array_equal(d.copy_to_host(), a[::-1])
    col = cuda.to_device(np.arange(3.0))
    col.copy_to_device(np.full((3, 1), 2.0))  # equal once extents of 1 are dropped
    np.testing.assert_array_equal(col.copy_to_host(), 2.0)
    stream = cuda.stream()
    target = np.zeros((3, 4), order="F")  # other strides: kernelc copies anyway
    d.copy_to_host(target, stream=stream)
    stream.synchronize()
    np.testing.assert_array_equal(target, a[::-1])
    assert d.nbytes == a.nbytes and d[:, 1].nbytes == a[:, 1].nbytes
    with pytest.raises(ValueError, match="copy=False"):
        d.__array__(copy=False)


def test_auto_device():
    a = np.arange(6.0)
    d, copied = cuda.auto_device(a)
    assert copied and isinstance(d, cuda.DeviceNDArray)
    np.testing.assert_array_equal(d.copy_to_host(), a)
    same, copied = cuda.auto_device(d)
    assert same is d and not copied
    empty, copied = cuda.auto_device(a, copy=False)
    assert copied and empty.shape == a.shape
    lists, _ = cuda.auto_device([[1, 2], [3, 4]])
    np.testing.assert_array_equal(lists.copy_to_host(), [[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="non-contiguous buffer"):
        cuda.auto_device(np.zeros((4, 4))[:, ::2])


@cuda.jit
def add_into(src, dst):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] += src[i]
        src[i] = 0


@cuda.jit
def double_into(src, dst):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = 2 * src[i]


def test_in_out_inout():
    src, dst = np.arange(5.0), np.ones(5)
    add_into[1, 8](cuda.In(src), cuda.InOut(dst))
    np.testing.assert_array_equal(src, np.arange(5.0))  # In: not copied back
    np.testing.assert_array_equal(dst, np.arange(5.0) + 1)
    out = np.full(5, 7.0)
    double_into[1, 8](cuda.In(src), cuda.Out(out))
    np.testing.assert_array_equal(out, 2 * src)
    stream = cuda.stream()
    dst2 = np.ones(5)
    add_into[1, 8, stream](src, cuda.InOut(dst2))  # src without a hint: written, so copied back
    stream.synchronize()
    np.testing.assert_array_equal(dst2, np.arange(5.0) + 1)
    np.testing.assert_array_equal(src, 0)
    assert isinstance(wrap_arg(src), cuda.InOut) and wrap_arg(cuda.In(src)).value is src
    assert issubclass(cuda.Out, ArgHint)
