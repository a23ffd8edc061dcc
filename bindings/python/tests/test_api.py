"""The host API: devices, memory, streams and events, launch
configurations, specialisation and its cache, signatures, errors,
introspection, ``__cuda_array_interface__``."""

import io
import os

import numpy as np
import pytest

import kernelc
from kernelc import cuda, float32, int32, void

HERE = os.path.abspath(__file__)


@cuda.jit
def scale(a, factor):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * factor


@cuda.jit
def copy_kernel(src, dst):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = src[i]


@cuda.jit("void(float32[::1], int32)")
def eager_fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v


@cuda.jit(void(float32[:], int32))
def eager_fill_typed(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v + 1


@cuda.jit(fastmath=True, debug=False, boundscheck=False)
def with_options(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * 2.0


@cuda.jit
def index_3d(out):
    x, y, z = cuda.grid(3)
    if x < out.shape[0] and y < out.shape[1] and z < out.shape[2]:
        out[x, y, z] = x * 100 + y * 10 + z


@cuda.jit
def dyn_shared(a):
    buf = cuda.shared.array(0, dtype=np.float32)
    t = cuda.threadIdx.x
    buf[t] = a[t]
    cuda.syncthreads()
    a[t] = buf[cuda.blockDim.x - 1 - t]


@cuda.jit
def bad_kernel(a):
    i = cuda.grid(1)
    a[i] = undefined_name + 1  # noqa: F821


# -- devices ------------------------------------------------------------------


def test_devices():
    assert cuda.is_available()
    assert len(cuda.gpus) >= 1
    dev = cuda.get_current_device()
    assert isinstance(dev.name, str) and dev.name
    cc = dev.compute_capability
    assert isinstance(cc, tuple) and len(cc) == 2 and cc >= (5, 0)
    assert cuda.select_device(0).id == 0
    with cuda.gpus[0]:
        assert cuda.get_current_device().id == 0
    buf = io.StringIO()
    import contextlib

    with contextlib.redirect_stdout(buf):
        assert cuda.detect()
    assert "Found" in buf.getvalue()
    assert isinstance(cuda.is_gpu_available(), bool)
    cuda.synchronize()


# -- memory ---------------------------------------------------------------------


def test_device_array_properties_and_views():
    a = np.arange(24, dtype=np.int32).reshape(4, 6)
    d = cuda.to_device(a)
    assert d.shape == (4, 6) and d.dtype == np.int32 and d.size == 24 and d.ndim == 2
    assert d.strides == a.strides and len(d) == 4
    np.testing.assert_array_equal(d.copy_to_host(), a)
    np.testing.assert_array_equal(d[1].copy_to_host(), a[1])
    np.testing.assert_array_equal(d[:, 2].copy_to_host(), a[:, 2])
    np.testing.assert_array_equal(d[::2, 1:5:2].copy_to_host(), a[::2, 1:5:2])
    assert d[2, 3] == a[2, 3]
    np.testing.assert_array_equal(np.asarray(d), a)
    d[0] = 99
    a[0] = 99
    np.testing.assert_array_equal(d.copy_to_host(), a)
    np.testing.assert_array_equal(d.reshape(6, 4).copy_to_host(), a.reshape(6, 4))
    e = cuda.device_array((3, 5), dtype=np.float32)
    assert e.shape == (3, 5) and e.dtype == np.float32
    f = cuda.device_array_like(np.zeros((2, 3), order="F"))
    assert f.is_f_contiguous()
    p = cuda.pinned_array((4, 4), dtype=np.float64)
    assert p.shape == (4, 4) and isinstance(p, np.ndarray)


def test_copy_to_device_and_f_order():
    a = np.asfortranarray(np.arange(12, dtype=np.float64).reshape(3, 4))
    d = cuda.to_device(a)
    assert d.is_f_contiguous()
    np.testing.assert_array_equal(d.copy_to_host(), a)
    d.copy_to_device(a * 2)
    np.testing.assert_array_equal(d.copy_to_host(), a * 2)


def test_cuda_array_interface():
    d = cuda.to_device(np.arange(10, dtype=np.float32))
    cai = d.__cuda_array_interface__
    assert cai["version"] == 3
    assert cai["shape"] == (10,) and cai["typestr"] == "<f4" and cai["strides"] is None
    assert isinstance(cai["data"][0], int) and cai["data"][0] != 0

    class Foreign:
        """A foreign array that only exposes __cuda_array_interface__."""

        def __init__(self, iface):
            self.__cuda_array_interface__ = iface

    out = cuda.device_array(10, dtype=np.float32)
    copy_kernel[1, 32](Foreign(cai), out)
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(10, dtype=np.float32))
    assert cuda.is_cuda_array(d)
    view = cuda.as_cuda_array(Foreign(cai))
    np.testing.assert_array_equal(view.copy_to_host(), np.arange(10, dtype=np.float32))


def test_strided_host_argument():
    base = np.arange(40, dtype=np.float64)
    view = base[::2]
    scale[1, 32](view, 3.0)
    expected = np.arange(40, dtype=np.float64)
    expected[::2] *= 3
    np.testing.assert_array_equal(base, expected)


def test_3d_grid():
    out = np.zeros((5, 6, 7), dtype=np.int64)
    index_3d[(2, 2, 2), (4, 4, 4)](out)
    x, y, z = np.indices(out.shape)
    np.testing.assert_array_equal(out, x * 100 + y * 10 + z)


# -- streams and events ------------------------------------------------------------


def test_streams_events_and_dynamic_shared_memory():
    stream = cuda.stream()
    a = np.arange(64, dtype=np.float32)
    d = cuda.to_device(a, stream=stream)
    start, end = cuda.event(), cuda.event()
    start.record(stream)
    dyn_shared[1, 64, stream, 64 * 4](d)
    end.record(stream)
    end.synchronize()
    ms = cuda.event_elapsed_time(start, end)
    assert ms >= 0.0 and start.elapsed_time(end) == pytest.approx(ms)
    out = d.copy_to_host(stream=stream)
    stream.synchronize()
    np.testing.assert_array_equal(out, a[::-1])


# -- specialisation -------------------------------------------------------------------


def test_lazy_specialisation_and_cache():
    n_before = len(scale.overloads)
    a32 = np.ones(8, np.float32)
    a64 = np.ones(8, np.float64)
    scale[1, 8](a32, 2)  # int -> int64
    scale[1, 8](a32, 3)  # same types: cached
    scale[1, 8](a64, 2.5)  # float -> float64
    scale[1, 8](a32, np.float32(2))  # NumPy scalars keep their dtype
    scale[1, 8](a32, True)  # bool -> bool
    keys = [tuple(map(str, k)) for k in scale.overloads]
    assert ("array(float32, 1d, C)", "int64") in keys
    assert ("array(float64, 1d, C)", "float64") in keys
    assert ("array(float32, 1d, C)", "float32") in keys
    assert ("array(float32, 1d, C)", "bool") in keys
    assert len(scale.overloads) == n_before + 4
    np.testing.assert_array_equal(a32, 2 * 3 * 2)
    np.testing.assert_array_equal(a64, 2.5)
    # Layouts are part of the type.
    m = np.ones((4, 4), np.float32)
    copy_kernel[1, 16](m[:, 0], np.zeros(4, np.float32))
    assert any("array(float32, 1d, A)" in map(str, k) for k in copy_kernel.overloads)


def test_kernel_typeof():
    assert str(kernelc.typeof(1)) == "int64"
    assert str(kernelc.typeof(1.0)) == "float64"
    assert str(kernelc.typeof(True)) == "bool"
    assert str(kernelc.typeof(np.int16(3))) == "int16"
    assert str(kernelc.typeof(np.zeros((2, 3), order="F"))) == "array(float64, 2d, F)"
    assert str(kernelc.typeof(np.zeros((4, 4))[::2])) == "array(float64, 2d, A)"


def test_eager_signatures():
    a = np.zeros(16, np.float32)
    eager_fill[1, 16](a, 7)
    np.testing.assert_array_equal(a, 7)
    eager_fill_typed[1, 16](a, 4)
    np.testing.assert_array_equal(a, 5)
    assert len(eager_fill.overloads) == 1
    with pytest.raises(TypeError, match="No matching definition"):
        eager_fill[1, 16](np.zeros(16, np.float64), 1)


def test_decorator_options():
    a = np.ones(4)
    with_options[1, 4](a)
    np.testing.assert_array_equal(a, 2.0)
    assert with_options.targetoptions["fastmath"] is True


def test_launch_configuration_errors():
    with pytest.raises(ValueError, match="launch configuration was not specified"):
        scale(np.zeros(2), 1.0)
    with pytest.raises(ValueError):
        scale[1](np.zeros(2), 1.0)
    with pytest.raises(TypeError, match="takes 2 arguments"):
        scale[1, 1](np.zeros(2))


# -- errors ---------------------------------------------------------------------------


def test_compile_error_points_at_the_users_file():
    with pytest.raises(kernelc.TypingError) as info:
        bad_kernel[1, 1](np.zeros(1))
    message = str(info.value)
    line = _line_of("a[i] = undefined_name + 1")
    assert f"{HERE}:{line}:" in message
    assert "undefined_name" in message
    assert isinstance(info.value, kernelc.KernelcError)


def test_compile_error_in_a_nested_kernel():
    @cuda.jit
    def nested_bad(a):
        a[0] = cuda.syncthread()

    with pytest.raises(kernelc.TypingError) as info:
        nested_bad[1, 1](np.zeros(1))
    line = _line_of("a[0] = cuda.syncthread()")
    assert f"{HERE}:{line}:16" in str(info.value)
    assert "syncthreads" in str(info.value)


def test_compile_warnings_are_numba_warnings():
    # numba-cuda warns (NumbaWarning) when print() has more than 32 items;
    # the kernel still compiles and prints the raw format string.
    @cuda.jit
    def print_many(r):
        print(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10],
              r[11], r[12], r[13], r[14], r[15], r[16], r[17], r[18], r[19], r[20],
              r[21], r[22], r[23], r[24], r[25], r[26], r[27], r[28], r[29], r[30],
              r[31], r[32])

    with pytest.warns(kernelc.NumbaWarning, match="cannot print more than 32 items"):
        print_many.compile("void(int64[::1])")


def test_nested_kernels_and_closures():
    factor = 3

    @cuda.jit
    def times(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] *= factor

    a = np.arange(5, dtype=np.int64)
    times[1, 8](a)
    np.testing.assert_array_equal(a, np.arange(5) * 3)


def _line_of(text):
    with open(HERE) as f:
        for n, line in enumerate(f, 1):
            if text in line and "_line_of" not in line:
                return n
    raise AssertionError(text)


# -- introspection -------------------------------------------------------------------------


def test_inspect_asm_types_ir():
    a = np.zeros(4, np.float32)
    eager_fill[1, 4](a, 1)
    asm = eager_fill.inspect_asm()
    assert isinstance(asm, dict) and len(asm) == 1
    ptx = next(iter(asm.values()))
    assert ".entry eager_fill" in ptx and ".version" in ptx
    sig = next(iter(eager_fill.overloads))
    assert eager_fill.inspect_asm(sig) == ptx
    buf = io.StringIO()
    eager_fill.inspect_types(file=buf)
    text = buf.getvalue()
    assert "eager_fill" in text and "float32" in text
    ir = eager_fill.inspect_ir()
    assert isinstance(ir, dict) and "eager_fill" in next(iter(ir.values()))


def test_compile_ptx_without_launching():
    ptx, resty = cuda.compile_ptx(copy_kernel.py_func, "void(float64[::1], float64[::1])", cc=(7, 0))
    assert ".target sm_70" in ptx


@cuda.jit
def via_package_names(a):
    i = kernelc.cuda.grid(1)
    if i < a.size:
        a[i] = kernelc.float32(i) / kernelc.float32(2)


def test_kernel_using_the_package_namespace():
    a = np.zeros(6, np.float32)
    via_package_names[1, 8](a)
    np.testing.assert_array_equal(a, np.arange(6, dtype=np.float32) / 2)


# Globals computed by host code: frozen at their value when the kernel is
# compiled, as Numba does (the compiler could not evaluate these lines).
RUNTIME_INT = int(np.sqrt(49))
RUNTIME_F32 = np.float32(0.5) * np.float32(3)
RUNTIME_SHAPE = tuple(range(1, 3))


@cuda.jit
def uses_runtime_globals(out):
    tmp = cuda.local.array(RUNTIME_INT, dtype=np.int64)
    for k in range(RUNTIME_INT):
        tmp[k] = k
    out[0] = tmp[RUNTIME_INT - 1] + RUNTIME_SHAPE[1]
    out[1] = RUNTIME_F32 * 2


def test_runtime_computed_globals_are_frozen_constants():
    out = np.zeros(2, np.float64)
    uses_runtime_globals[1, 1](out)
    np.testing.assert_array_equal(out, [6 + 2, 3.0])


def test_device_kind():
    dev = cuda.get_current_device()
    if not cuda.is_gpu_available():
        assert dev.is_cpu
        pytest.skip("no GPU: this suite ran on kernelc's CPU device")
    assert not dev.is_cpu and dev.compute_capability >= (5, 0)


def fault_then_use(mode):
    """scripts/fault_then_use.py in a process of its own (a fault on a GPU
    is sticky for the rest of the process): its two lines."""
    import os
    import subprocess
    import sys

    here = os.path.dirname(os.path.abspath(__file__))
    r = subprocess.run(
        [sys.executable, os.path.join(here, "scripts", "fault_then_use.py"), mode],
        capture_output=True, text=True, timeout=300,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(
            [os.path.dirname(os.path.dirname(kernelc.__file__)), os.environ.get("PYTHONPATH", "")])),
    )
    assert r.returncode == 0, r.stderr
    # The failed bounds check also prints "index out of bounds" per thread.
    fault = [line for line in r.stdout.splitlines() if line.startswith("fault:")]
    after = [line for line in r.stdout.splitlines() if line.startswith("after:")]
    assert len(fault) == 1 and len(after) == 1, r.stdout
    return fault[0], after[0]


@pytest.mark.parametrize("mode", ["host", "device"])
def test_a_fault_is_a_clear_error_and_then_the_device_is_usable_or_says_why_not(mode):
    fault, after = fault_then_use(mode)
    # The launch that met it names the kernel; on a GPU with device arrays
    # it surfaces in the next call that waits, naming the kernel launched
    # last.
    assert fault.startswith(("fault: LaunchError", "fault: ContextLost")), fault
    assert "out_of_bounds" in fault, fault
    if cuda.get_current_device().is_cpu:
        assert fault.startswith("fault: LaunchError"), fault
        assert after == "after: ok"
    else:
        assert after.startswith("after: ContextLost:"), after
        assert "the GPU context was lost to a fault in" in after, after
        assert "only to a new process" in after, after


def test_read_only_arrays_are_not_written():
    # A read-only NumPy array the kernel may write: an error before the
    # launch (Numba's simulator raises ValueError too, when it copies the
    # result into the array), and the array keeps its values.
    a = np.arange(8, dtype=np.float32)
    a.flags.writeable = False
    with pytest.raises(ValueError, match=r"argument 0 \('a'\).*read-only NumPy array"):
        scale[1, 32](a, 2.0)
    np.testing.assert_array_equal(a, np.arange(8, dtype=np.float32))
    # Only read: fine.
    out = np.zeros(8, dtype=np.float32)
    copy_kernel[1, 32](a, out)
    np.testing.assert_array_equal(out, a)
    # Unaligned (copied for the launch) and read-only: refused as well.
    raw = np.zeros(8 * 4 + 1, dtype=np.uint8)
    b = raw[1:].view(np.float32)
    b.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        scale[1, 32](b, 2.0)
    # Device memory another library lends read-only.
    d = cuda.to_device(np.arange(8, dtype=np.float32))
    cai = dict(d.__cuda_array_interface__)
    cai["data"] = (cai["data"][0], True)

    class Foreign:
        def __init__(self, iface):
            self.__cuda_array_interface__ = iface

    with pytest.raises(ValueError, match="read-only device array"):
        scale[1, 32](Foreign(cai), 2.0)
    copy_kernel[1, 32](Foreign(cai), out)
    np.testing.assert_array_equal(out, np.arange(8, dtype=np.float32))


def test_mapped_and_managed_arrays_are_seen_by_kernels_and_host():
    @cuda.jit
    def triple(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] *= 3

    for make in (cuda.mapped_array, cuda.managed_array):
        a = make(10, dtype=np.float32)
        a[:] = np.arange(10)
        triple[1, 32](a)
        cuda.synchronize()
        np.testing.assert_array_equal(a, np.arange(10, dtype=np.float32) * 3)
        assert make((2, 3), dtype=np.int16, order="F").flags.f_contiguous
