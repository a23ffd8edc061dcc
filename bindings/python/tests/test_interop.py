"""What the binding takes from the C API instead of working around it:
real device addresses in ``__cuda_array_interface__``, memory kernelc did
not allocate passed by address, device-to-device copies, negative and zero
(broadcast) strides without copies, device memory info, and the typed
program / IR from the compile itself (no ``kernelc`` command)."""

import ctypes
import io
import subprocess

import numpy as np
import pytest

from kernelc import cuda
from kernelc import _runtime
from kernelc._lib import lib, KC
from kernelc.errors import KernelcError, LaunchError


@cuda.jit
def copy_kernel(src, dst):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = src[i]


@cuda.jit
def add_one(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] + 1


@cuda.jit
def copy_2d(src, dst):
    i, j = cuda.grid(2)
    if i < dst.shape[0] and j < dst.shape[1]:
        dst[i, j] = src[i, j]


class Foreign:
    """An array another library owns: only __cuda_array_interface__."""

    def __init__(self, iface):
        self.__cuda_array_interface__ = iface


def _raw_buffer(nbytes):
    """A kc_buffer the binding does not know about (as CuPy memory would
    be): (handle, address)."""
    dev = _runtime.current()
    handle = ctypes.c_void_p()
    assert lib.kc_buffer_alloc(dev.handle, nbytes, ctypes.byref(handle)) == KC.OK
    addr = ctypes.c_uint64()
    assert lib.kc_buffer_address(handle, ctypes.byref(addr)) == KC.OK
    return handle, addr.value


def test_interface_pointer_is_the_buffer_address():
    d = cuda.to_device(np.arange(16, dtype=np.float32))
    addr = ctypes.c_uint64()
    assert lib.kc_buffer_address(d.gpu_data.handle, ctypes.byref(addr)) == KC.OK
    assert d.__cuda_array_interface__["data"][0] == addr.value == d.gpu_data.ptr
    view = d[4:]
    assert view.__cuda_array_interface__["data"][0] == addr.value + 16


def test_foreign_device_memory_is_passed_by_address():
    handle, addr = _raw_buffer(64)
    try:
        src = np.arange(16, dtype=np.float32)
        assert lib.kc_buffer_write(handle, 0, src.ctypes.data, 64, None) == KC.OK
        cai = {"shape": (8,), "strides": None, "data": (addr + 32, False),
               "typestr": "<f4", "version": 3}
        view = cuda.as_cuda_array(Foreign(cai))
        assert isinstance(view.gpu_data, _runtime.ForeignMemory)
        add_one[1, 32](view)  # KC_ARG_DEVICE_PTR
        out = np.empty(16, np.float32)
        assert lib.kc_buffer_read(handle, 0, out.ctypes.data, 64, None) == KC.OK
        np.testing.assert_array_equal(out, np.r_[src[:8], src[8:] + 1])
        # Copies of foreign memory belong to the library that owns it.
        with pytest.raises(KernelcError, match="not in memory allocated by kernelc"):
            view.copy_to_host()
        # Too long for the buffer: the CPU device checks the span before
        # the launch. (A GPU need not notice an access just past the end.)
        if _runtime.current().is_cpu:
            cai["shape"] = (9,)
            with pytest.raises(LaunchError, match="not inside one live kc_buffer"):
                add_one[1, 32](Foreign(cai))
    finally:
        lib.kc_buffer_free(handle)
    # A dangling address is refused on the CPU device.
    if _runtime.current().is_cpu:
        cai["shape"] = (8,)
        with pytest.raises(LaunchError, match="not inside one live kc_buffer"):
            add_one[1, 32](Foreign(cai))


def test_device_to_device_copies():
    a = np.arange(100, dtype=np.float64)
    d = cuda.to_device(a)
    e = d.copy()
    assert e.gpu_data is not d.gpu_data
    np.testing.assert_array_equal(e.copy_to_host(), a)
    f = cuda.device_array_like(a)
    f.copy_to_device(d)
    np.testing.assert_array_equal(f.copy_to_host(), a)
    s = cuda.stream()
    g = cuda.device_array(50, np.float64)
    g.copy_to_device(d[50:], stream=s)
    s.synchronize()
    np.testing.assert_array_equal(g.copy_to_host(), a[50:])


def test_negative_strides_without_copies():
    base = np.arange(10, dtype=np.float32)
    add_one[1, 32](base[::-1])
    np.testing.assert_array_equal(base, np.arange(10, dtype=np.float32) + 1)
    base = np.arange(10, dtype=np.float32)
    add_one[1, 32](base[::-3])  # elements 9, 6, 3, 0
    want = np.arange(10, dtype=np.float32)
    want[::-3] += 1
    np.testing.assert_array_equal(base, want)
    out = np.zeros(10, np.float32)
    copy_kernel[1, 32](np.arange(10, dtype=np.float32)[::-1], out)
    np.testing.assert_array_equal(out, np.arange(10, dtype=np.float32)[::-1])
    # Reversed device views.
    d = cuda.to_device(np.arange(12, dtype=np.int32).reshape(3, 4))
    dout = cuda.device_array((3, 4), np.int32)
    copy_2d[(1, 1), (4, 4)](d[::-1, ::-1], dout)
    np.testing.assert_array_equal(dout.copy_to_host(), np.arange(12).reshape(3, 4)[::-1, ::-1])


def test_broadcast_arguments_are_not_expanded():
    row = np.arange(4, dtype=np.float64)
    out = np.zeros((3, 4))
    copy_2d[(1, 1), (4, 4)](np.broadcast_to(row, (3, 4)), out)
    np.testing.assert_array_equal(out, np.tile(row, (3, 1)))
    scalar = np.broadcast_to(np.float64(7.0), (3, 4))
    assert scalar.strides == (0, 0)
    copy_2d[(1, 1), (4, 4)](scalar, out)
    np.testing.assert_array_equal(out, np.full((3, 4), 7.0))


def test_memory_info():
    info = cuda.current_context().get_memory_info()
    free, total = info
    assert info.total == total > 0 and 0 < free <= total


def test_inspect_types_and_ir_need_no_kernelc_command(monkeypatch):
    def no_subprocess(*args, **kwargs):
        raise AssertionError("the binding ran a command")

    monkeypatch.setattr(subprocess, "run", no_subprocess)
    monkeypatch.setenv("PATH", "")

    @cuda.jit
    def mixed(a, n):
        i = cuda.grid(1)
        half = n / 2
        if i < a.size:
            a[i] = half

    mixed[1, 8](np.zeros(8, np.float32), 3)
    buf = io.StringIO()
    mixed.inspect_types(file=buf)
    text = buf.getvalue()
    assert "mixed" in text and "half" in text and "float64" in text
    ir = mixed.inspect_ir()
    assert len(ir) == 1 and "mixed" in next(iter(ir.values()))
