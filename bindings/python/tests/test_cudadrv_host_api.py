"""Host-API behaviour of numba-cuda's driver layer that the ported
``numba_cuda_suite/cudadrv/`` tests rely on, beyond what they check:
other libraries' streams (``__cuda_stream__``), broadcast device arrays in
kernels, ``DeviceRecord`` views, the driver's memory functions on a stream,
stream callbacks after earlier work."""

import threading

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda.cudadrv import devicearray, driver


class _ForeignStream:
    """A stream of another library, as cuda.core's ``Stream`` exposes it."""

    def __init__(self, handle):
        self.handle = handle

    def __cuda_stream__(self):
        return (0, self.handle)


@cuda.jit
def _add_one(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


def test_foreign_stream_protocol_for_events_copies_and_launches():
    s = cuda.stream()
    assert s.__cuda_stream__() == (0, s.handle)
    f = _ForeignStream(s.handle)
    d = cuda.device_array(32)
    start, end = cuda.event(), cuda.event()
    start.record(stream=f)
    cuda.to_device(np.arange(32.0), to=d, stream=f)
    _add_one[1, 32, f](d)
    end.record(stream=f)
    end.synchronize()
    assert start.elapsed_time(end) >= 0
    np.testing.assert_array_equal(d.copy_to_host(stream=f), np.arange(32.0) + 1)
    # a foreign handle of 0 is the default stream
    cuda.to_device(np.zeros(4), stream=_ForeignStream(0)).copy_to_host()
    with pytest.raises(TypeError, match="not a kernelc stream"):
        cuda.event().record(stream=object())


def test_broadcast_device_array_in_a_kernel():
    @cuda.jit
    def twice(a, out):
        i, j = cuda.grid(2)
        if i < out.shape[0] and j < out.shape[1]:
            out[i, j] = 2 * a[i, j]

    host = np.broadcast_to(np.arange(3.0)[None, :], (4, 3))
    d = cuda.to_device(host)
    assert d.strides == (0, 8) and d._numba_type_.layout == "A"
    out = cuda.device_array((4, 3))
    twice[1, (8, 8)](d, out)
    np.testing.assert_array_equal(out.copy_to_host(), 2 * host)
    np.testing.assert_array_equal(d.copy_to_host(), host)
    # a strided, non-broadcast host array is still copied contiguous
    assert cuda.to_device(np.arange(20.0)[::2]).strides == (8,)


def test_record_views_share_device_memory():
    dt = np.dtype([("x", np.int32), ("inner", [("y", np.float64), ("v", np.float32, 3)])], align=True)
    d = cuda.to_device(np.zeros(3, dt))
    rec = d[1]
    assert isinstance(rec, devicearray.DeviceRecord)
    rec["x"] = 7
    rec["inner"]["y"] = 2.5
    rec["inner"]["v"][1] = 4.0
    host = d.copy_to_host()
    assert host[1]["x"] == 7 and host[1]["inner"]["y"] == 2.5
    np.testing.assert_array_equal(host[1]["inner"]["v"], [0, 4, 0])
    assert host[0]["x"] == 0 and host[2]["x"] == 0
    assert rec.copy_to_host()["x"] == 7
    with pytest.raises(TypeError, match="incompatible dtype"):
        rec.copy_to_device(np.zeros(1, np.dtype([("x", np.int64)]))[0])


def test_driver_memory_functions_on_a_stream():
    s = cuda.stream()
    mem = cuda.current_context().memalloc(16)
    assert driver.is_device_memory(mem) and driver.device_memory_size(mem) == 16
    driver.device_memset(mem, 0x01, 16, stream=s)
    host = np.zeros(4, np.uint32)
    driver.device_to_host(host, mem, 16, stream=s)
    s.synchronize()
    assert (host == 0x01010101).all()
    d = cuda.to_device(np.arange(8, dtype=np.uint8))
    assert driver.device_pointer(d[2:]) == driver.device_pointer(d) + 2
    # the size is the whole allocation's, for a view too (numba-cuda's)
    assert driver.device_memory_size(d[2:]) == 8
    with pytest.raises(TypeError, match="Not a CUDA memory object"):
        driver.device_memset(np.zeros(4), 0, 4)


def test_setitem_on_a_given_stream_is_ordered_on_it():
    s = cuda.stream()
    d = cuda.to_device(np.zeros(5), stream=s)
    d[1:3] = 9
    d.setitem(4, 1, stream=s)
    s.synchronize()
    np.testing.assert_array_equal(d.copy_to_host(), [0, 9, 9, 0, 1])


def test_stream_callback_runs_after_earlier_work():
    s = cuda.stream()
    d = cuda.to_device(np.zeros(1 << 16), stream=s)
    _add_one[256, 256, s](d)
    seen = []
    done = threading.Event()

    def callback(stream, status, arg):
        seen.append((stream is s, status, arg, d.copy_to_host()[-1]))
        done.set()

    s.add_callback(callback, "arg")
    assert done.wait(10)
    assert seen == [(True, 0, "arg", 1.0)]


def test_device_array_shape_must_be_integers():
    with pytest.raises(TypeError, match="shape must be an integer or tuple of integers"):
        cuda.device_array((2, 1.5))
    assert cuda.device_array(np.int64(3)).shape == (3,)
    assert cuda.device_array(np.array(4)).shape == (4,)


def test_device_record_as_a_kernel_argument():
    dt = np.dtype([("a", np.int32), ("b", np.float32)], align=True)

    @cuda.jit
    def k(r):
        r.a = 5
        r.b = r.b + 1

    d = cuda.to_device(np.zeros(2, dt))
    d[1]["b"] = 2.0
    k[1, 1](d[1])  # a Record argument, by reference, as numba-cuda's
    host = d.copy_to_host()
    assert (host[0]["a"], host[0]["b"]) == (0, 0.0)
    assert (host[1]["a"], host[1]["b"]) == (5, 3.0)
