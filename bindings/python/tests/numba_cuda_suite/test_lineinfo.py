# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_lineinfo.py. Upstream: Copyright
# (c) 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. The imports
# changed and the unittest scaffolding turned into pytest functions. The
# checks of NVVM's LLVM IR are left out (`_check`'s `DICompileUnit`
# emission kinds, `test_lineinfo_in_device_function`'s `DISubprogram`
# count, and `test_lineinfo_maintains_error_model`, which reads only LLVM
# IR); the PTX checks are kept (`.file`, `.loc`, `inlined_at`, no
# `.section .debug_info`, `.target`); see README.md.

import re

import pytest

from kernelc import cuda
from kernelc.cuda import int32
from kernelc.errors import NumbaInvalidConfigWarning


def _loc_directive_regex():
    # This is used in several tests

    pat = (
        r"\.loc"  # .loc directive beginning
        r"\s+[0-9]+"  # whitespace then file index
        r"\s+[0-9]+"  # whitespace then line number
        r"\s+[0-9]+"  # whitespace then column position
    )
    return re.compile(pat)


def _check(fn, sig, expect):
    fn.compile(sig)
    ptx = fn.inspect_asm(sig)

    def assertfn(match, msg):
        if expect:
            assert match is not None, msg
        else:
            assert match is None, msg

    # The name of this file should be present in the line mapping
    # if lineinfo was propagated through correctly.
    pat = (
        r"\.file"  # .file directive beginning
        r"\s+[0-9]+\s+"  # file number surrounded by whitespace
        r'".*test_lineinfo.py"'  # filename in quotes, ignoring full path
    )
    match = re.compile(pat).search(ptx)
    assertfn(match, msg=ptx)

    # .loc directives should be present in the ptx
    _loc_directive_regex().search(ptx)
    assertfn(match, msg=ptx)

    # Debug info sections should not be present when only lineinfo is
    # generated
    pat = (
        r"\.section\s+"  # .section directive beginning
        r"\.debug_info"  # Section named ".debug_info"
    )
    match = re.compile(pat).search(ptx)
    assert match is None, ptx


_ALWAYS = (
    "differs: kernelc's PTX always carries `.file`/`.loc` line information (without "
    "lineinfo=True too): the CPU device names a fault's Python line from it"
)


@pytest.mark.xfail(strict=True, reason=_ALWAYS)
def test_no_lineinfo_in_asm():
    @cuda.jit(lineinfo=False)
    def foo(x):
        x[0] = 1

    _check(foo, sig=(int32[:],), expect=False)


def test_lineinfo_in_asm():
    @cuda.jit(lineinfo=True)
    def foo(x):
        x[0] = 1

    _check(foo, sig=(int32[:],), expect=True)


@pytest.mark.xfail(strict=True, reason=_ALWAYS)
def test_no_lineinfo_in_device_function():
    # Ensure that no lineinfo is generated in device functions by default.
    @cuda.jit
    def callee(x):
        x[0] += 1

    @cuda.jit
    def caller(x):
        x[0] = 1
        callee(x)

    sig = (int32[:],)
    _check(caller, sig=sig, expect=False)


def test_lineinfo_in_device_function():
    # First we define a device function / kernel pair and run the usual
    # checks on the generated PTX.

    @cuda.jit(lineinfo=True)
    def callee(x):
        x[0] += 1

    @cuda.jit(lineinfo=True)
    def caller(x):
        x[0] = 1
        callee(x)

    sig = (int32[:],)
    _check(caller, sig=sig, expect=True)

    # Now we can check the PTX of the device function specifically.

    ptx = caller.inspect_asm(sig)
    ptxlines = ptx.splitlines()

    # Check that there is no device function in the PTX

    # A line beginning with ".weak .func" that identifies a device function
    devfn_start = re.compile(r"^\.weak\s+\.func")

    for line in ptxlines:
        if devfn_start.match(line) is not None:
            pytest.fail(f"Found device function in PTX:\n\n{ptx}")

    # Scan for .loc directives that refer to an inlined device function

    loc_directive = _loc_directive_regex()
    found = False

    for line in ptxlines:
        if loc_directive.search(line) is not None:
            if "inlined_at" in line:
                found = True
                break

    if not found:
        pytest.fail(f"No .loc directive with inlined_at info foundin:\n\n{ptx}")


def test_debug_and_lineinfo_warning():
    with pytest.warns(
        NumbaInvalidConfigWarning,
        match="debug and lineinfo are mutually exclusive",
    ):
        # We pass opt=False to prevent the warning about opt and debug
        # occurring as well
        @cuda.jit(debug=True, lineinfo=True, opt=False)
        def f():
            pass


def test_lineinfo_with_compile_internal():
    # Calling a function implemented using compile_internal should not
    # enable full debug info generation. See Numba-CUDA Issue #271,
    # https://github.com/NVIDIA/numba-cuda/issues/271

    @cuda.jit("void(complex128[::1], complex128[::1])", lineinfo=True)
    def complex_abs_use(r, x):
        r[0] = abs(x[0])

    cc = cuda.get_current_device().compute_capability
    ov = complex_abs_use.overloads[complex_abs_use.signatures[0]]
    ptx = ov.inspect_asm(cc)

    target = ".target sm_%s%s" % cc
    target_debug = f"{target}, debug"
    assert target in ptx
    assert target_debug not in ptx
