"""Host-API behaviour numba-cuda's own tests (``numba_cuda_suite/``) rely
on: ``numba.cuda``'s names in ``kernelc.cuda``, a device function held
under another name in a closure, and numba-cuda's ufunc/gufunc rules."""

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda import float32, guvectorize, types, vectorize, void


def test_numba_cuda_names():
    @cuda.jit(void(float32[::1]))
    def k(a):
        a[0] = types.float32(1.5)

    a = np.zeros(1, np.float32)
    k[1, 1](a)
    assert a[0] == 1.5


def test_device_function_under_another_name():
    def twice(x):
        return 2 * x

    def make(f):
        g = cuda.jit(device=True)(f)

        @cuda.jit
        def k(a):
            a[0] = g(a[0])

        return k

    a = np.array([21], np.int64)
    make(twice)[1, 1](a)
    assert a[0] == 42


def test_cuda_vectorize_defaults_to_cuda_and_reduces():
    @vectorize(["int64(int64, int64)"])
    def add(a, b):
        return a + b

    for n in (1, 2, 7, 64):
        a = np.arange(n, dtype=np.int64)
        assert add.reduce(a) == a.sum()
        assert add.reduce(cuda.to_device(a)) == a.sum()
    with pytest.raises(TypeError, match="empty array"):
        add.reduce(np.zeros(0, np.int64))


def test_gufunc_out_keyword_and_casts():
    @guvectorize(["void(int32, int32[:], int32[:])"], "(),(t)->(t)")
    def scale(a, b, out):
        for i in range(b.size):
            out[i] = a * b[i]

    b = np.arange(4, dtype=np.int32)
    out = np.zeros(4, np.int32)
    scale(np.int64(3), b, out=out)  # int64 host input cast to the int32 signature
    np.testing.assert_array_equal(out, 3 * b)
    with pytest.raises(ValueError, match="both positional and keyword"):
        scale(np.int32(3), b, out, out=out)
    with pytest.raises(TypeError, match=r"does not support \.astype\(\)"):
        scale(cuda.to_device(np.array(3)), b)
    with pytest.raises(TypeError, match="Got 1 positional argument."):
        scale(b)
    with pytest.raises(TypeError, match="not supported: 'what'"):
        guvectorize(["void(int32[:], int32[:])"], "(n)->(n)", what=1)
    with pytest.raises(TypeError, match="cannot return values"):
        guvectorize([types.int32(types.int32[:])], "(n)->(n)")(lambda x: 0)


def test_device_function_signature_converts_arguments():
    @cuda.jit("int32(int32)", device=True)
    def low_byte(r):
        return r & 0xFF

    @cuda.jit
    def k(x, c):
        x[0] = low_byte(c[0])  # a float32 converts to the declared int32

    x = np.zeros(1, np.int32)
    k[1, 1](x, np.array([259.0], np.float32))
    assert x[0] == 3


def test_launching_a_device_function_is_refused():
    @cuda.jit(device=True)
    def f():
        pass

    with pytest.raises(RuntimeError, match="Cannot compile a device function as a kernel"):
        f[1, 1]()


def test_declare_device_signature_object_and_refusals():
    decl = cuda.declare_device("f1", "int32(float32[:])")
    assert decl.name == "f1"
    assert decl.sig.args == (float32[:],) and decl.sig.return_type == types.int32
    with pytest.raises(TypeError, match="Return type"):
        cuda.declare_device("f1", (float32[:],))


def test_mapped_array_like_and_devicearray_module():
    a = np.zeros((3, 4), order="F")
    like = cuda.mapped_array_like(a)
    assert like.shape == a.shape and like.strides == a.strides
    d, copied = cuda.devicearray.auto_device(2)
    assert copied and d.copy_to_host() == 2


def _run_command(code):
    """Runs `python -c code` in this environment; its stdout."""
    import subprocess
    import sys

    cp = subprocess.run([sys.executable, "-c", code], timeout=120, capture_output=True)
    assert cp.returncode == 0, cp.stderr.decode()
    return cp.stdout.decode()


def test_kernel_defined_in_python_c():
    # Python keeps no source for `python -c` programs; the binding reads it
    # from sys.orig_argv (numba-cuda's test_print runs its kernels so).
    code = (
        "from kernelc import cuda\n"
        "import numpy as np\n\n"
        "@cuda.jit(device=True)\n"
        "def twice(x):\n"
        "    return 2 * x\n\n"
        "@cuda.jit\n"
        "def k(a):\n"
        "    a[0] = twice(a[0])\n"
        "    print(a[0], 7)\n\n"
        "a = np.array([21])\n"
        "k[1, 1](a)\n"
        "cuda.synchronize()\n"
        "print(a[0])\n"
    )
    assert _run_command(code).split("\n")[:2] == ["42 7", "42"]


def test_exec_in_python_c_is_not_taken_from_the_command():
    # A function exec() made in a `-c` program has the file "<string>"
    # too: it is not matched to the command's text (here a def of the same
    # name at the same line, with another body), but to the text exec()
    # was given (kernelc._exec_sources).
    code = (
        "def k(a):\n"
        "    a[0] = 1\n"
        "from kernelc import cuda\n"
        "import numpy as np\n"
        "ns = {}\n"
        "exec('def k(a):\\n    a[0] = 2\\n', ns)\n"
        "a = np.zeros(1)\n"
        "cuda.jit(ns['k'])[1, 1](a)\n"
        "print(a[0])\n"
    )
    assert _run_command(code).strip() == "2.0"


def test_vector_type_aliases_and_numba_cuda_stubs():
    # An alias is the same object as its type, as in numba-cuda; a kernel
    # may close over numba-cuda's own stub of a vector type.
    assert cuda.char4 is cuda.int8x4 and cuda.ulonglong2 is cuda.uint64x2
    numba_cuda = pytest.importorskip("numba.cuda")
    for vt in (numba_cuda.float32x2, numba_cuda.short2, numba_cuda.ulonglong2, cuda.uchar2):
        @cuda.jit
        def k(res):
            v = vt(1, 2)
            res[0] = v.x
            res[1] = v.y

        res = np.zeros(2)
        k[1, 1](res)
        assert list(res) == [1.0, 2.0]


class _Foreign:
    """An object another library would hand over: only its
    ``__cuda_array_interface__`` (numba-cuda's test ForeignArray)."""

    def __init__(self, arr):
        self._arr = arr
        self.__cuda_array_interface__ = arr.__cuda_array_interface__


def test_from_cuda_array_interface():
    h = np.arange(10).reshape(2, 5)
    d = cuda.to_device(h)
    face = dict(d.__cuda_array_interface__)
    got = cuda.from_cuda_array_interface(face)
    assert got.device_ctypes_pointer.value == d.device_ctypes_pointer.value
    np.testing.assert_array_equal(got.copy_to_host(), h)
    face["strides"] = h.strides
    np.testing.assert_array_equal(cuda.from_cuda_array_interface(face).copy_to_host(), h)
    face["mask"] = cuda.to_device(np.ones(10, np.bool_))
    with pytest.raises(NotImplementedError, match="Masked arrays are not supported"):
        cuda.from_cuda_array_interface(face)


def test_imported_stream_is_external_and_synchronised(monkeypatch):
    calls = []
    real = cuda.cudadrv.driver.Stream.synchronize

    def counting(self):
        calls.append(self.handle)
        real(self)

    monkeypatch.setattr(cuda.cudadrv.driver.Stream, "synchronize", counting)
    s = cuda.stream()
    f = _Foreign(cuda.device_array(4, stream=s))
    assert f.__cuda_array_interface__["stream"] == s.handle
    got = cuda.as_cuda_array(f)
    assert got.stream.external and got.stream.handle == s.handle
    assert calls == [s.handle]
    # No stream in the interface: the array's stream is 0, nothing waited for.
    assert cuda.as_cuda_array(_Foreign(cuda.device_array(4))).stream == 0
    assert cuda.as_cuda_array(f, sync=False) is not None and len(calls) == 1

    @cuda.jit
    def fill(x, y):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = i
            y[i] = 2 * i

    calls.clear()
    s2 = cuda.stream()
    g = _Foreign(cuda.device_array(4, stream=s2))
    fill[1, 4](f, g)  # each imported stream waited for once
    assert sorted(calls) == sorted([s.handle, s2.handle])
    np.testing.assert_array_equal(f._arr.copy_to_host(), np.arange(4.0))
    calls.clear()
    monkeypatch.setattr(cuda.config, "CUDA_ARRAY_INTERFACE_SYNC", 0)
    fill[1, 4](f, g)
    cuda.as_cuda_array(f)
    assert calls == []


def test_ufuncs_take_cuda_array_interface_objects():
    @vectorize(["f8(f8, f8)"])
    def vadd(a, b):
        return a + b

    @guvectorize(["(f8, f8, f8[:])"], "(),()->()")  # no return type: void, as Numba reads it
    def gadd(a, b, out):
        out[0] = a + b

    h = np.arange(6.0)
    for f in (vadd, gadd):
        np.testing.assert_array_equal(f(_Foreign(cuda.to_device(h)), 7.0).copy_to_host(), h + 7)
        out = _Foreign(cuda.device_array(6))
        returned = f(h, 7.0, out=out)
        assert returned.device_ctypes_pointer.value == out._arr.device_ctypes_pointer.value
        np.testing.assert_array_equal(out._arr.copy_to_host(), h + 7)


def test_to_device_keeps_zero_dimensions():
    # As Numba (its simulator too): a 0-d host array or a scalar is a 0-d
    # device array, read and written with [()].
    d = cuda.to_device(np.array(42.0, dtype=np.float32))
    assert d.shape == () and d.strides == () and d.size == 1
    got = d.copy_to_host()
    assert got.shape == () and got.dtype == np.float32 and got == 42.0
    d[()] = 5
    assert d[()] == 5.0
    assert cuda.to_device(3.5).shape == ()
    assert cuda.device_array((), dtype=np.float32).shape == ()


def test_dispatcher_extensions_prepare_each_argument():
    from kernelc.cuda.args import wrap_arg

    seen, after = [], []

    class DefaultIn:
        # numba-cuda's protocol: (ty, val) in, (ty, val) out, the last
        # extension first; retr takes callables run after the launch.
        def prepare_args(self, ty, val, stream=0, retr=None):
            seen.append(str(ty))
            retr.append(lambda: after.append(len(seen)))
            return ty, (wrap_arg(val, default=cuda.In) if isinstance(val, np.ndarray) else val)

    class Scale:
        def prepare_args(self, ty, val, stream=0, retr=None):
            return ty, (val * 10 if isinstance(val, int) else val)

    @cuda.jit(extensions=[DefaultIn()])
    def k(a, n):
        a[0] = n

    a = np.zeros(1, np.int64)
    k[1, 1](a, 3)  # a is copied in only: the host keeps 0
    assert a[0] == 0 and seen == ["array(int64, 1d, C)", "int64"] and after == [2, 2]
    k.extensions.append(Scale())  # runs first
    out = cuda.to_device(np.zeros(1, np.int64))
    k[1, 1](out, 3)
    k[1, 1](out, 3)  # launched twice with the same types: still prepared
    assert out.copy_to_host()[0] == 30
    k.extensions = []
    k[1, 1](a, 4)
    assert a[0] == 4


def test_vectorize_target_options_as_numba_cuda():
    # numba-cuda's DeviceVectorize: nopython is redundant (a RuntimeWarning),
    # any other option a KeyError.
    def add(a, b):
        return a + b

    with pytest.warns(RuntimeWarning, match="nopython kwarg for cuda target is redundant"):
        f = vectorize(["float32(float32, float32)"], nopython=True)(add)
    assert f(np.float32([2.0]), np.float32([3.0]))[0] == 5.0
    with pytest.raises(KeyError, match="does not support option: 'nonexistent'"):
        vectorize(["float32(float32, float32)"], nonexistent=2)(add)
    with pytest.raises(KeyError, match="Unrecognized options"):
        vectorize(add, nonexistent=2)


def test_low_occupancy_launch_warns_as_numba(monkeypatch):
    import warnings

    from kernelc.errors import NumbaPerformanceWarning

    @cuda.jit
    def fill(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = i

    a = np.zeros(256, dtype=np.int32)
    # A host array also warns of its copies (tested below): not here.
    monkeypatch.setattr(cuda.config, "CUDA_WARN_ON_IMPLICIT_COPY", 0)
    pattern = r"Grid size 2 will likely result in GPU under-utilization due to low occupancy\."
    # Every time the configuration is made, cached or not, as numba-cuda
    # makes a new one for each `kernel[...]`.
    for _ in range(2):
        with pytest.warns(NumbaPerformanceWarning, match=pattern):
            fill[2, 128](a)
    with pytest.warns(NumbaPerformanceWarning, match="Grid size 6 "):
        fill.configure((3, 2), 32)(a)
    assert list(a[:4]) == [0, 1, 2, 3]
    # 128 blocks and more: no warning; and none when cuda.config says so.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fill[128, 2](a)
        fill[(16, 8), 2](a)
        monkeypatch.setattr(cuda.config, "CUDA_LOW_OCCUPANCY_WARNINGS", 0)
        fill[1, 1](a)
        monkeypatch.setattr(cuda.config, "CUDA_LOW_OCCUPANCY_WARNINGS", 1)
        monkeypatch.setattr(cuda.config, "DISABLE_PERFORMANCE_WARNINGS", 1)
        fill[1, 1](a)


def test_performance_warning_is_numbas_when_numba_is_loaded():
    numba_errors = pytest.importorskip("numba.core.errors")
    numba_cuda_errors = pytest.importorskip("numba.cuda.core.errors")
    from kernelc.errors import NumbaPerformanceWarning, performance_warning_class

    w = performance_warning_class()("slow")
    assert isinstance(w, NumbaPerformanceWarning)
    assert isinstance(w, numba_errors.NumbaPerformanceWarning)
    assert isinstance(w, numba_cuda_errors.NumbaPerformanceWarning)
    assert str(w) == "slow"
    assert performance_warning_class() is type(w)


def test_implicit_copy_of_a_host_array_warns_as_numba(monkeypatch):
    import warnings

    from kernelc.errors import NumbaPerformanceWarning

    @cuda.jit
    def inc(a):
        a[0] += 1

    monkeypatch.setattr(cuda.config, "CUDA_LOW_OCCUPANCY_WARNINGS", 0)
    a = np.zeros(4, np.int32)
    # numba-cuda's default (CUDA_WARN_ON_IMPLICIT_COPY=1): a host array,
    # pinned ones too, warns once per array at each launch.
    with pytest.warns(NumbaPerformanceWarning, match="Host array used in CUDA kernel") as w:
        inc[1, 1](a)
        inc[1, 1](cuda.pinned_array(4, np.int32))
    assert len(w) == 2 and a[0] == 1
    # Device, mapped and managed arrays and cuda.In/InOut wrappers are not
    # copied implicitly: no warning; nor when cuda.config turns it off.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        inc[1, 1](cuda.to_device(a))
        inc[1, 1](cuda.mapped_array(4, np.int32))
        inc[1, 1](cuda.managed_array(4, np.int32))
        inc[1, 1](cuda.InOut(a))
        monkeypatch.setattr(cuda.config, "CUDA_WARN_ON_IMPLICIT_COPY", 0)
        inc[1, 1](a)
        monkeypatch.setattr(cuda.config, "CUDA_WARN_ON_IMPLICIT_COPY", 1)
        monkeypatch.setattr(cuda.config, "DISABLE_PERFORMANCE_WARNINGS", 1)
        inc[1, 1](a)
    assert a[0] == 4


def test_debug_with_opt_warns_as_numba(monkeypatch):
    import warnings

    from kernelc.errors import NumbaInvalidConfigWarning

    with pytest.warns(NumbaInvalidConfigWarning, match="debug=True with opt=True is not supported"):
        cuda.jit(debug=True)
    with pytest.warns(NumbaInvalidConfigWarning, match="debug and lineinfo are mutually exclusive"):
        cuda.jit(debug=True, opt=False, lineinfo=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cuda.jit(debug=True, opt=False)
        cuda.jit()
        # The defaults come from cuda.config: NUMBA_CUDA_DEBUGINFO and NUMBA_OPT.
        monkeypatch.setattr(cuda.config, "CUDA_DEBUGINFO_DEFAULT", 1)
        monkeypatch.setattr(cuda.config, "OPT", cuda.config._OptLevel(0))
        cuda.jit()
    monkeypatch.setattr(cuda.config, "OPT", cuda.config._OptLevel("max"))
    assert cuda.config.OPT == 3 and cuda.config.OPT.is_opt_max
    with pytest.warns(NumbaInvalidConfigWarning):
        cuda.jit()


def test_numba_invalid_config_warning_is_numbas_when_numba_is_loaded():
    numba_cuda_errors = pytest.importorskip("numba.cuda.core.errors")
    with pytest.warns(numba_cuda_errors.NumbaInvalidConfigWarning):
        cuda.jit(debug=True, opt=True)


def test_cache_hint_functions_are_kernel_only_names():
    from kernelc import KernelcError

    for name in ("ldca", "ldcg", "ldcs", "ldlu", "ldcv", "stcg", "stcs", "stwb", "stwt"):
        f = getattr(cuda, name)
        assert name in cuda.__all__
        with pytest.raises(KernelcError, match="can only be used inside a kernel"):
            f(np.zeros(1), 0)


def test_an_enum_member_of_a_numba_module_is_a_value_to_a_type_call():
    enum_usecases = pytest.importorskip("numba.cuda.tests.cudapy.enum_usecases")
    from kernelc.cuda import int16

    # `int16(RequestError.internal_error)` on the host: a NumPy scalar (the
    # class's module is numba's, yet a member is no type).
    assert int16(enum_usecases.RequestError.internal_error) == np.int16(500)


CLOSURE_OFFSET = 100


def test_nested_function_reads_globals_and_closure_variables():
    # A function defined inside a kernel reads a module-level global and a
    # closure variable of the host function that made the kernel: the
    # binding gathers the names nested functions read too (they are in the
    # code objects of the kernel's constants).
    def make(scale):
        @cuda.jit
        def kernel(out, a):
            i = cuda.grid(1)

            def f(x):
                return x * scale + CLOSURE_OFFSET

            if i < out.size:
                out[i] = f(a[i])

        return kernel

    a = np.arange(8, dtype=np.float64)
    out = np.zeros_like(a)
    make(3)[1, 8](out, a)
    assert list(out) == [x * 3 + CLOSURE_OFFSET for x in a]


def test_defer_cleanup_list_devices_and_cuda_support_error():
    # numba-cuda's names, used by programs that run under both.
    d = cuda.to_device(np.arange(4.0))
    with cuda.defer_cleanup():
        out = d.copy_to_host()
        del d
    np.testing.assert_array_equal(out, np.arange(4.0))
    devices = cuda.list_devices()
    assert len(devices) == len(cuda.gpus) >= 1
    assert devices[0].id == cuda.gpus[0].id
    assert issubclass(cuda.CudaSupportError, Exception)


def test_cg_and_match_sync_are_importable_from_the_cuda_module():
    # `from numba.cuda import cg, match_any_sync` programs: the names exist
    # on the host (calling them there is an error) and work in kernels.
    from kernelc.cuda import cg, match_all_sync, match_any_sync

    @cuda.jit
    def groups(out):
        g = cg.this_grid()
        i = cuda.grid(1)
        out[i] = match_any_sync(0xFFFFFFFF, i % 2)
        _, same = match_all_sync(0xFFFFFFFF, 7)
        out[i] += same * 0
        g.sync()

    out = np.zeros(32, np.uint32)
    groups[1, 32](out)
    assert out[0] == 0x55555555 and out[1] == 0xAAAAAAAA
    with pytest.raises(Exception, match="inside a kernel"):
        match_any_sync(0xFFFFFFFF, 1)
