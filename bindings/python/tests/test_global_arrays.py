"""Arrays held in globals and closure variables, as numba-cuda compiles
them: a NumPy array (or a tuple of them, iterated with ``literal_unroll``)
is frozen into the module as a read-only constant array when the kernel is
compiled; a device array (``cuda.to_device``, or any object with
``__cuda_array_interface__``) is not copied: the kernel and its device
functions read and write its memory (kernelc passes it as a hidden kernel
parameter). Runs on the CPU device, and on the GPU path with
``KERNELC_DEVICE=gpu``."""

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda import literal_unroll
from kernelc.errors import TypingError

TABLE = np.float64([0.5, -1.25, 2.0, 3.75, 8.0])
GRID = np.arange(12, dtype=np.int32).reshape(3, 4)
ROOTS = np.array([1 + 2j, -0.5j], dtype=np.complex64)


class Foreign:
    """A device array seen only through ``__cuda_array_interface__``."""

    def __init__(self, arr):
        self._arr = arr

    @property
    def __cuda_array_interface__(self):
        return self._arr.__cuda_array_interface__


@cuda.jit(device=True)
def _weight(i):
    return TABLE[i % TABLE.size] * 2


@cuda.jit
def _lookup(out):
    i = cuda.grid(1)
    if i < out.size:
        z = ROOTS[i % ROOTS.shape[0]]
        out[i] = TABLE[i % 5] + GRID[i % 3, i % GRID.shape[1]] + _weight(i) + z.real - z.imag


def test_module_level_arrays_are_read_by_name():
    out = np.zeros(40)
    _lookup[1, 64](out)
    i = np.arange(40)
    z = ROOTS[i % 2].astype(np.complex128)
    want = TABLE[i % 5] + GRID[i % 3, i % 4] + TABLE[i % 5] * 2 + z.real - z.imag
    np.testing.assert_array_equal(out, want)


def test_a_closure_array_is_frozen_when_compiled():
    table = np.arange(8, dtype=np.float32)

    @cuda.jit
    def k(out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = table[i % table.size] + table.ndim

    out = np.zeros(16, np.float32)
    k[1, 16](out)
    np.testing.assert_array_equal(out, table[np.arange(16) % 8] + 1)
    # Numba copied the values into the module: a later change of the host
    # array does not reach the compiled kernel.
    table[:] = -1
    k[1, 16](out)
    np.testing.assert_array_equal(out, np.arange(16) % 8 + 1.0)


def test_a_non_contiguous_array_is_frozen_with_its_values():
    view = np.arange(20, dtype=np.int64).reshape(4, 5)[::-1, ::2]

    @cuda.jit
    def k(out):
        for r in range(view.shape[0]):
            for c in range(view.shape[1]):
                out[r, c] = view[r, c]

    out = np.zeros(view.shape, np.int64)
    k[1, 1](out)
    np.testing.assert_array_equal(out, view)


def test_a_frozen_array_is_read_only():
    table = np.zeros(4)

    @cuda.jit
    def k(out):
        table[0] = out[0]

    with pytest.raises(TypingError, match="read-only"):
        k[1, 1](np.zeros(1))


def test_an_array_of_objects_is_refused():
    names = np.array(["a", 1], dtype=object)

    @cuda.jit
    def k(out):
        out[0] = names[0]

    with pytest.raises(TypingError, match="'names' is a NumPy array of dtype object"):
        k[1, 1](np.zeros(1))


def test_a_tuple_of_arrays_is_unrolled():
    cases = (
        np.float64([1.0, 0.0, float("inf"), float("nan")]),
        np.float64([[1.0, 1.5], [float("inf"), float("nan")]]),
        np.float64([[0.0, -0.0], [1.5, 0.0]])[::-1],
        np.int32([7, -8, 9]),
    )

    @cuda.jit
    def k(first, sizes, rows):
        i = 0
        for case in literal_unroll(cases):
            first[i] = case.reshape(case.size)[0]
            sizes[i] = case.size
            rows[i] = case.shape[0]
            i += 1

    n = len(cases)
    first, sizes, rows = np.zeros(n), np.zeros(n, np.int64), np.zeros(n, np.int64)
    k[1, 1](first, sizes, rows)
    np.testing.assert_array_equal(first, [c.reshape(c.size)[0] for c in cases])
    np.testing.assert_array_equal(sizes, [c.size for c in cases])
    np.testing.assert_array_equal(rows, [c.shape[0] for c in cases])


def test_a_nested_tuple_of_arrays_and_constants():
    pair = (np.float32([2.5, 3.5]), (np.int64([[4, 5], [6, 7]]), 10))

    @cuda.jit
    def k(out):
        out[0] = pair[0][1] + pair[1][0][1, 0] * pair[1][1]

    out = np.zeros(1)
    k[1, 1](out)
    assert out[0] == 3.5 + 6 * 10


def test_a_device_array_is_read_and_written_in_place():
    dev = cuda.to_device(np.arange(10, dtype=np.float32))

    @cuda.jit(device=True)
    def bump(i, by):
        dev[i] += by
        return dev[i]

    @cuda.jit
    def k(out):
        i = cuda.grid(1)
        if i < dev.size:
            out[i] = bump(i, 1.5) * 2

    out = np.zeros(10, np.float32)
    k[1, 32](out)
    np.testing.assert_array_equal(dev.copy_to_host(), np.arange(10) + 1.5)
    np.testing.assert_array_equal(out, (np.arange(10) + 1.5) * 2)
    # The kernel works on the array's memory: a second launch sees the first's writes.
    k[1, 32](out)
    np.testing.assert_array_equal(dev.copy_to_host(), np.arange(10) + 3.0)


def test_device_arrays_of_several_kinds():
    mat = cuda.to_device(np.arange(12, dtype=np.int64).reshape(3, 4))
    col = Foreign(cuda.to_device(np.float64([1.0, 2.0, 3.0])))
    other = cuda.to_device(np.arange(6, dtype=np.int16))

    @cuda.jit
    def k(out):
        r = cuda.grid(1)
        if r < mat.shape[0]:
            total = 0
            for c in range(mat.shape[1]):
                total += mat[r, c]
                mat[r, c] = -mat[r, c]
            out[r] = total * col[r] + other[r * 2]

    out = np.zeros(3)
    k[1, 8](out)
    m = np.arange(12).reshape(3, 4)
    np.testing.assert_array_equal(out, m.sum(axis=1) * np.float64([1, 2, 3]) + np.arange(0, 6, 2))
    np.testing.assert_array_equal(mat.copy_to_host(), -m)
    np.testing.assert_array_equal(col._arr.copy_to_host(), [1.0, 2.0, 3.0])


def test_a_device_array_with_an_explicit_signature():
    acc = cuda.to_device(np.zeros(4, np.int32))

    @cuda.jit("void(int32[::1], int32)")
    def k(xs, scale):
        i = cuda.grid(1)
        if i < xs.size:
            cuda.atomic.add(acc, i % 4, xs[i] * scale)

    k[1, 32](np.arange(20, dtype=np.int32), np.int32(3))
    np.testing.assert_array_equal(acc.copy_to_host(), [3 * sum(range(r, 20, 4)) for r in range(4)])
    # The hidden parameter is no argument of the kernel.
    with pytest.raises(TypeError, match="No matching definition"):
        k[1, 32](np.arange(20, dtype=np.int32), np.int32(3), acc)


def test_a_device_array_and_a_frozen_array_together():
    weights = np.float32([0.5, 2.0])
    dev = cuda.to_device(np.ones(6, np.float32))

    @cuda.jit
    def k():
        i = cuda.grid(1)
        if i < dev.size:
            dev[i] *= weights[i % 2]

    k[1, 8]()
    np.testing.assert_array_equal(dev.copy_to_host(), np.tile(weights, 3))


def test_global_arrays_passed_to_a_device_function():
    table = np.float64([1.5, 2.5, 3.5, 4.5])
    dev = cuda.to_device(np.float32([1.0, 2.0, 4.0]))

    @cuda.jit(device=True)
    def total(a):
        s = 0.0
        for x in a:
            s += x
        return s

    @cuda.jit
    def k(out):
        out[0] = total(table) + len(table) + total(table[1:])
        out[1] = total(dev) + dev[-1]

    out = np.zeros(2)
    k[1, 1](out)
    np.testing.assert_array_equal(out, [12.0 + 4 + 10.5, 7.0 + 4.0])


_CACHED_DEV = None


def _scale_cached(out):
    i = cuda.grid(1)
    if i < _CACHED_DEV.size:
        _CACHED_DEV[i] += 1
        out[i] = _CACHED_DEV[i] * TABLE[i % 5]


def test_a_cached_kernel_takes_the_device_array_it_finds(tmp_path, monkeypatch):
    """The PTX does not hold the array's address: a kernel read back from
    the disk cache works on the device array its own compile captured."""
    global _CACHED_DEV
    monkeypatch.setenv("KERNELC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    outs = []
    for start in (0.0, 100.0):
        _CACHED_DEV = cuda.to_device(np.arange(start, start + 8, dtype=np.float64))
        k = cuda.jit(cache=True)(_scale_cached)
        out = np.zeros(8)
        k[1, 8](out)
        outs.append((out, _CACHED_DEV.copy_to_host(), k.stats))
    (out0, dev0, stats0), (out1, dev1, stats1) = outs
    assert sum(stats0.cache_misses.values()) == 1 and sum(stats1.cache_hits.values()) == 1
    i = np.arange(8)
    np.testing.assert_array_equal(dev0, i + 1.0)
    np.testing.assert_array_equal(out0, (i + 1.0) * TABLE[i % 5])
    np.testing.assert_array_equal(dev1, i + 101.0)
    np.testing.assert_array_equal(out1, (i + 101.0) * TABLE[i % 5])


def test_launch_plans_pass_the_captured_arrays(monkeypatch):
    dev = cuda.to_device(np.zeros(16, np.int64))

    @cuda.jit
    def k(xs, by):
        i = cuda.grid(1)
        if i < xs.size:
            dev[i] += xs[i] * by

    xs = cuda.to_device(np.arange(16, dtype=np.int64))
    k[1, 16](xs, 2)
    # The first launch made a plan for these argument types; the next
    # ones take it, with the captured array after the arguments.
    [plans] = k._plans.values()
    assert len(plans) == 1 and plans[0].nargs == 3

    def general_path(*args, **kwargs):
        raise AssertionError("a launch took the general path")

    from kernelc import _dispatcher

    monkeypatch.setattr(_dispatcher.Overload, "launch", general_path)
    for _ in range(3):
        k[1, 16](xs, 1)
    np.testing.assert_array_equal(dev.copy_to_host(), np.arange(16) * 5)


def test_frozen_arrays_of_records_and_bools():
    recs = np.zeros(3, np.dtype([("x", np.float64), ("n", np.int32)], align=True))
    recs["x"] = [1.5, 2.5, 3.5]
    recs["n"] = [4, 5, 6]
    mask = np.array([True, False, True])

    @cuda.jit
    def k(out):
        i = cuda.grid(1)
        if i < recs.size:
            out[i] = recs[i].x * recs[i]["n"] if mask[i] else -1.0

    out = np.zeros(3)
    k[1, 4](out)
    np.testing.assert_array_equal(out, np.where(mask, recs["x"] * recs["n"], -1.0))
