"""numba-cuda's compile API over kernelc (`cuda.compile`, `compile_all`,
`compile_for_current_device`, `compile_ptx`): the defaults and checks of
each, `lineinfo`/`debug` line and debug information in the PTX (which the
device still runs), a compiled kernel's `inspect_asm(cc)`, and
`inspect_sass` through ptxas and nvdisasm."""

import os
import re
import stat

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda import float32, int32, void


@cuda.jit(device=True)
def _twice(x):
    return x * 2


def _doubled(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = _twice(i)


def test_compile_defaults_to_a_c_abi_device_function():
    ptx, resty = cuda.compile(_twice.py_func, (int32,))
    assert resty == cuda.int64  # int32 * 2, as Numba types it
    assert re.search(r"\.visible\s+\.func\s+\(\.param\s+\.b64\s+func_retval0\)\s+_twice\(", ptx)
    codes, resty = cuda.compile_all(_twice.py_func, int32(int32), output="ptx")
    assert len(codes) == 1 and "_twice(" in codes[0] and resty == int32
    ptx, _ = cuda.compile_for_current_device(_twice.py_func, (int32,))
    cc = cuda.get_current_device().compute_capability
    assert f".target sm_{cc[0]}{cc[1]}" in ptx


def test_compile_refuses_what_numba_cuda_refuses():
    with pytest.raises(NotImplementedError, match="Unsupported output type: cubin"):
        cuda.compile(_twice.py_func, (int32,), output="cubin")
    with pytest.raises(NotImplementedError, match="ltoir"):
        cuda.compile(_twice.py_func, (int32,), output="ltoir")
    with pytest.raises(ValueError, match="forced inlining"):
        cuda.compile(_twice.py_func, (int32,), forceinline=True)
    with pytest.raises(NotImplementedError, match="The C ABI is not supported for kernels"):
        cuda.compile(_doubled, (int32[::1],), device=False)
    with pytest.raises(NotImplementedError, match="Unsupported ABI: stdcall"):
        cuda.compile_ptx(_doubled, (int32[::1],), abi="stdcall")
    with pytest.raises(TypeError, match="must have void return type"):
        cuda.compile_ptx(_twice.py_func, int32(int32))


def test_a_kernel_returning_a_value_is_a_type_error():
    def k(a):
        return a[0]

    with pytest.raises(TypeError, match="CUDA kernel must have void return type"):
        cuda.compile_ptx(k, (float32[::1],))


def test_lineinfo_names_inlined_device_functions():
    plain, _ = cuda.compile_ptx(_doubled, (int32[::1],))
    assert "inlined_at" not in plain and ".section" not in plain
    assert re.search(r'\.file\s+1\s+".*test_compile_api.py"', plain)
    ptx, _ = cuda.compile_ptx(_doubled, (int32[::1],), lineinfo=True)
    # The device function's line, inlined at the kernel's call.
    twice_line = _twice.py_func.__code__.co_firstlineno + 2  # after the decorator
    call_line = _doubled.__code__.co_firstlineno + 3
    assert re.search(
        rf"\.loc\s+1 {twice_line} \d+, function_name \$L__info_string0, inlined_at 1 {call_line} ",
        ptx,
    ), ptx
    assert "\t.section\t.debug_str\n" in ptx and ".debug_info" not in ptx
    assert ".version 7.2\n" in ptx or re.search(r"\.version [8-9]\.", ptx)


@pytest.mark.filterwarnings("ignore::kernelc.errors.NumbaInvalidConfigWarning")
def test_debug_adds_a_dwarf_unit():
    ptx, _ = cuda.compile_ptx(_doubled, (int32[::1],), debug=True, opt=False)
    assert re.search(r"\.section\s+\.debug_info", ptx)
    assert re.search(r"\.section\s+\.debug_abbrev", ptx)
    # With opt, the device function is inlined: its lines say where.
    ptx, _ = cuda.compile_ptx(_doubled, (int32[::1],), debug=True, opt=True)
    assert ".debug_info" in ptx and "inlined_at" in ptx


@pytest.mark.parametrize("options", [{"lineinfo": True}, {"debug": True, "opt": False}])
def test_kernels_with_line_information_run(options):
    k = cuda.jit(**options)(_doubled)
    out = np.full(70, -1, np.int32)
    k[3, 32](out)
    assert (out == 2 * np.arange(70)).all()
    ptx = k.inspect_asm((cuda.types.int32[::1],))
    assert ("debug_info" in ptx) == bool(options.get("debug"))
    assert ("inlined_at" in ptx) == bool(options.get("lineinfo"))


def test_overload_inspect_asm_for_a_compute_capability():
    k = cuda.jit(void(int32[::1]))(_doubled)
    ov = k.overloads[k.signatures[0]]
    assert ov.inspect_asm() == k.inspect_asm(k.signatures[0])
    assert ".target sm_70\n" in ov.inspect_asm((7, 0))


def test_find_closest_arch():
    nvrtc = cuda.cudadrv.nvrtc
    assert nvrtc.find_closest_arch((8, 0)) == (8, 0)
    assert nvrtc.find_closest_arch((8, 8)) == (8, 7)
    assert nvrtc.find_closest_arch((12, 0)) == (9, 0)
    with pytest.raises(cuda.cudadrv.error.CudaSupportError):
        nvrtc.find_closest_arch((3, 5))


def _fake_tool(folder, name, body):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body)
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)
    return path


def test_inspect_sass_without_nvdisasm(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr("sys.path", [])
    k = cuda.jit(void(int32[::1]))(_doubled)
    with pytest.raises(RuntimeError, match="nvdisasm was not found"):
        k.inspect_sass()


def test_inspect_sass_assembles_and_disassembles(tmp_path, monkeypatch):
    """ptxas (a stand-in that checks its arguments and writes a cubin)
    assembles the PTX for the kernel's target; nvdisasm (a stand-in that
    prints its arguments and the cubin) disassembles it."""
    _fake_tool(tmp_path, "ptxas", 'case "$1" in -arch=sm_*) ;; *) exit 3;; esac\n'
               '[ -s "$3" ] && [ "$4" = -o ] || exit 4\n'
               'printf CUBIN > "$5"\n')
    _fake_tool(tmp_path, "nvdisasm", 'echo "flags $1"; IFS= read -r c < "$2"; printf %s "$c"\n')
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("KERNELC_PTXAS", raising=False)
    k = cuda.jit(void(int32[::1]))(_doubled)
    assert k.inspect_sass(k.signatures[0]) == "flags -gi\nCUBIN"
    assert list(k.inspect_sass_cfg().values()) == ["flags -cfg\nCUBIN"]


def test_arch_specific_target():
    ptx, _ = cuda.compile_ptx(_doubled, (int32[::1],), cc=(9, 0, "a"))
    assert ".version 8.0\n.target sm_90a\n" in ptx
    with pytest.raises(Exception, match="sm_80a"):
        cuda.compile_ptx(_doubled, (int32[::1],), cc=(8, 0, "a"))


def test_device_function_inspect_asm_keeps_lineinfo():
    @cuda.jit(device=True, lineinfo=True)
    def outer(x):
        return _twice(x) + 1

    ptx = outer.inspect_asm((int32,))
    assert "inlined_at" in ptx and ".visible .func" in ptx


def test_a_kernel_signature_may_declare_void():
    for sig in ("void(int32[::1])", void(int32[::1]), (int32[::1],), "(int32[::1],)"):
        ptx, resty = cuda.compile_ptx(_doubled, sig)
        assert resty == void and ".visible .entry _doubled(" in ptx
    for sig in ("int32(int32[::1])", int32(int32[::1])):
        with pytest.raises(TypeError, match="must have void return type"):
            cuda.compile_ptx(_doubled, sig)
