# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_compiler.py. Upstream: Copyright
# (c) 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. The imports
# changed and the unittest scaffolding turned into pytest functions
# (`subTest`s as plain loops); left out: `test_numba_abi_has_env_global`
# (NVVM's `NumbaEnv` global), `test_compile_jitted_subroutine` (Numba's
# `@intrinsic` and `compile_subroutine`, the extending API) and
# `test_compile_cabi_calling_overloaded_function` (Numba's `@overload`);
# `test_compile_ptx_arch_specific`'s sm_100f part (it asks NVRTC's
# version); the `TEST_BIN_DIR` tests keep upstream's skip; see README.md.

import os
import re
from math import sqrt

import pytest

from kernelc import cuda
from kernelc.cuda import float32, int16, int32, int64, types, uint32, void
from kernelc.cuda import (
    compile,
    compile_for_current_device,
    compile_ptx,
    compile_ptx_for_current_device,
    compile_all,
    LinkableCode,
)

TEST_BIN_DIR = os.getenv("NUMBA_CUDA_TEST_BIN_DIR")
if TEST_BIN_DIR:
    test_device_functions_a = os.path.join(TEST_BIN_DIR, "test_device_functions.a")
    test_device_functions_cubin = os.path.join(TEST_BIN_DIR, "test_device_functions.cubin")
    test_device_functions_cu = os.path.join(TEST_BIN_DIR, "test_device_functions.cu")
    test_device_functions_fatbin = os.path.join(TEST_BIN_DIR, "test_device_functions.fatbin")
    test_device_functions_fatbin_multi = os.path.join(
        TEST_BIN_DIR, "test_device_functions_multi.fatbin"
    )
    test_device_functions_o = os.path.join(TEST_BIN_DIR, "test_device_functions.o")
    test_device_functions_ptx = os.path.join(TEST_BIN_DIR, "test_device_functions.ptx")
    test_device_functions_ltoir = os.path.join(TEST_BIN_DIR, "test_device_functions.ltoir")


# A test function at the module scope to ensure we get the name right for the C
# ABI whether a function is at module or local scope.
def f_module(x, y):
    return x + y


def _handle_compile_result(ret, compile_function):
    ptx_or_code_list, resty = ret
    if compile_function in (compile_ptx, compile):
        ptx = ptx_or_code_list
    else:
        ptx = ptx_or_code_list[0]
    return ptx, resty


# -- TestCompile ---------------------------------------------------------------


def test_global_kernel():
    _test_global_kernel(compile_ptx, {})
    _test_global_kernel(compile_all, {"device": False, "abi": "numba", "output": "ptx"})


def _test_global_kernel(compile_function, default_kwargs):
    def f(r, x, y):
        i = cuda.grid(1)
        if i < len(r):
            r[i] = x[i] + y[i]

    args = (float32[:], float32[:], float32[:])

    ret = compile_function(f, args, **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)

    # Kernels should not have a func_retval parameter
    assert "func_retval" not in ptx
    # .visible .func is used to denote a device function
    assert ".visible .func" not in ptx
    # .visible .entry would denote the presence of a global function
    assert ".visible .entry" in ptx
    # Return type for kernels should always be void
    assert resty == void


def test_device_function():
    _test_device_function(compile_ptx, {"device": True})
    _test_device_function(compile_all, {"device": True, "abi": "c", "output": "ptx"})


def _test_device_function(compile_function, default_kwargs):
    def add(x, y):
        return x + y

    args = (float32, float32)

    ret = compile_function(add, args, **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)

    # Device functions take a func_retval parameter for storing the
    # returned value in by reference
    assert "func_retval" in ptx
    # .visible .func is used to denote a device function
    assert ".visible .func" in ptx
    # .visible .entry would denote the presence of a global function
    assert ".visible .entry" not in ptx
    # Inferred return type as expected?
    assert resty == float32

    # Check that function's output matches signature
    sig_int32 = int32(int32, int32)
    ret = compile_function(add, sig_int32, **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    assert resty == int32

    sig_int16 = int16(int16, int16)
    ret = compile_function(add, sig_int16, **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    assert resty == int16
    # Using string as signature
    sig_string = "uint32(uint32, uint32)"
    ret = compile_function(add, sig_string, **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    assert resty == uint32


def test_fastmath():
    _test_fastmath(compile_ptx, {"device": True})
    _test_fastmath(compile_all, {"device": True, "output": "ptx"})


def _test_fastmath(compile_function, default_kwargs):
    def f(x, y, z, d):
        return sqrt((x * y + z) / d)

    args = (float32, float32, float32, float32)

    # Without fastmath, fma contraction is enabled by default, but ftz and
    # approximate div / sqrt are not.
    ret = compile_function(f, args, **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    assert "fma.rn.f32" in ptx
    assert "div.rn.f32" in ptx
    assert "sqrt.rn.f32" in ptx

    # With fastmath, ftz and approximate div / sqrt are enabled
    ret = compile_function(f, args, fastmath=True, **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    assert "fma.rn.ftz.f32" in ptx
    assert "div.approx.ftz.f32" in ptx
    assert "sqrt.approx.ftz.f32" in ptx


def check_debug_info(ptx):
    # A debug_info section should exist in the PTX. Whitespace varies
    # between CUDA toolkit versions.
    assert re.search("\\.section\\s+\\.debug_info", ptx)
    # A .file directive should be produced and include the name of the
    # source. The path and whitespace may vary, so we accept anything
    # ending in the filename of this module.
    assert re.search('\\.file.*test_compiler.py"', ptx)


def test_device_function_with_debug():
    # See Issue #6719 - this ensures that compilation with debug succeeds
    # with CUDA 11.2 / NVVM 7.0 onwards.
    _test_device_function_with_debug(compile_ptx, {"device": True, "debug": True, "opt": False})
    _test_device_function_with_debug(
        compile_all, {"device": True, "debug": True, "opt": False, "output": "ptx"}
    )


def _test_device_function_with_debug(compile_function, default_kwargs):
    def f():
        pass

    ret = compile_function(f, (), **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    check_debug_info(ptx)


def test_kernel_with_debug():
    # Inspired by (but not originally affected by) Issue #6719
    _test_kernel_with_debug(compile_ptx, {"debug": True, "opt": False})
    _test_kernel_with_debug(
        compile_all,
        {"device": False, "abi": "numba", "debug": True, "opt": False, "output": "ptx"},
    )


def _test_kernel_with_debug(compile_function, default_kwargs):
    def f():
        pass

    ret = compile_function(f, (), **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    check_debug_info(ptx)


def check_line_info(ptx):
    # A .file directive should be produced and include the name of the
    # source. The path and whitespace may vary, so we accept anything
    # ending in the filename of this module.
    assert re.search('\\.file.*test_compiler.py"', ptx)


def test_device_function_with_line_info():
    _test_device_function_with_line_info(compile_ptx, {"device": True, "lineinfo": True})
    _test_device_function_with_line_info(
        compile_all, {"device": True, "abi": "numba", "lineinfo": True, "output": "ptx"}
    )


def _test_device_function_with_line_info(compile_function, default_kwargs):
    def f():
        pass

    ret = compile_function(f, (), **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    check_line_info(ptx)


def test_kernel_with_line_info():
    _test_kernel_with_line_info(compile_ptx, {"lineinfo": True})
    _test_kernel_with_line_info(
        compile_all, {"device": False, "abi": "numba", "lineinfo": True, "output": "ptx"}
    )


def _test_kernel_with_line_info(compile_function, default_kwargs):
    def f():
        pass

    ret = compile_function(f, (), **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    check_line_info(ptx)


def test_non_void_return_type():
    def f(x, y):
        return x[0] + y[0]

    with pytest.raises(TypeError, match="must have void return type"):
        compile_ptx(f, (uint32[::1], uint32[::1]))

    with pytest.raises(TypeError, match="must have void return type"):
        compile_all(f, (uint32[::1], uint32[::1]), device=False, abi="numba", output="ptx")


def test_c_abi_disallowed_for_kernel():
    def f(x, y):
        return x + y

    with pytest.raises(NotImplementedError, match="The C ABI is not supported for kernels"):
        compile_ptx(f, (int32, int32), abi="c")

    with pytest.raises(NotImplementedError, match="The C ABI is not supported for kernels"):
        compile_all(f, (int32, int32), abi="c", device=False, output="ptx")


def test_unsupported_abi():
    def f(x, y):
        return x + y

    with pytest.raises(NotImplementedError, match="Unsupported ABI: fastcall"):
        compile_ptx(f, (int32, int32), abi="fastcall")

    with pytest.raises(NotImplementedError, match="Unsupported ABI: fastcall"):
        compile_all(f, (int32, int32), abi="fastcall", output="ptx")


def test_c_abi_device_function():
    _test_c_abi_device_function(compile_ptx, {"device": True, "abi": "c"})
    _test_c_abi_device_function(compile_all, {"device": True, "abi": "c", "output": "ptx"})


def _test_c_abi_device_function(compile_function, default_kwargs):
    def f(x, y):
        return x + y

    # 32-bit signature
    ret = compile_function(f, int32(int32, int32), **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    # There should be no more than two parameters
    assert ptx not in "param_2"
    # The function name should match the Python function name (not the
    # qualname, which includes additional info), and its return value
    # should be 32 bits
    assert re.search(r"\.visible\s+\.func\s+\(\.param\s+\.b32\s+func_retval0\)\s+f\(", ptx)

    # 64-bit signature should produce 64-bit return parameter
    ret = compile_function(f, int64(int64, int64), **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    assert re.search(r"\.visible\s+\.func\s+\(\.param\s+\.b64", ptx)


def test_c_abi_device_function_module_scope():
    _test_c_abi_device_function_module_scope(compile_ptx, {"device": True, "abi": "c"})
    _test_c_abi_device_function_module_scope(
        compile_all, {"device": True, "abi": "c", "output": "ptx"}
    )


def _test_c_abi_device_function_module_scope(compile_function, default_kwargs):
    ret = compile_function(f_module, int32(int32, int32), **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)

    # The function name should match the Python function name, and its
    # return value should be 32 bits
    assert re.search(r"\.visible\s+\.func\s+\(\.param\s+\.b32\s+func_retval0\)\s+f_module\(", ptx)


def test_c_abi_with_abi_name():
    abi_info = {"abi_name": "_Z4funcii"}
    _test_c_abi_with_abi_name(compile_ptx, {"device": True, "abi": "c", "abi_info": abi_info})
    _test_c_abi_with_abi_name(
        compile_all, {"device": True, "abi": "c", "abi_info": abi_info, "output": "ptx"}
    )


def _test_c_abi_with_abi_name(compile_function, default_kwargs):
    ret = compile_function(f_module, int32(int32, int32), **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)

    # The function name should match the one given in the ABI info, and its
    # return value should be 32 bits
    assert re.search(r"\.visible\s+\.func\s+\(\.param\s+\.b32\s+func_retval0\)\s+_Z4funcii\(", ptx)


def test_c_abi_lambda_with_abi_name():
    """Compiling a lambda with CABI + abi_name should produce valid IR.

    Lambdas have ``<lambda>`` as their qualname; the angle brackets must be
    escaped when mangling names for NVVM.
    """
    abi_info = {"abi_name": "blah"}
    _test_c_abi_lambda_with_abi_name(
        compile_ptx, {"device": True, "abi": "c", "abi_info": abi_info}
    )
    _test_c_abi_lambda_with_abi_name(
        compile_all, {"device": True, "abi": "c", "abi_info": abi_info, "output": "ptx"}
    )


def _test_c_abi_lambda_with_abi_name(compile_function, default_kwargs):
    ret = compile_function(lambda x: x, int32(int32), **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)

    assert re.search(r"\.visible\s+\.func\s+\(\.param\s+\.b32\s+func_retval0\)\s+blah\(", ptx)


def test_c_abi_no_env_global():
    """CABI functions should not emit a NumbaEnv global."""
    ret = compile_ptx(lambda x: x, int32(int32), device=True, abi="c")
    ptx, _ = _handle_compile_result(ret, compile_ptx)
    assert "NumbaEnv" not in ptx


def test_c_abi_boolean_return():
    """
    Tests that returning a raw boolean comparison (a == b) compiles correctly
    without NVVM verification errors.

    See: https://github.com/NVIDIA/numba-cuda/issues/157
    """
    _test_c_abi_boolean_return(compile_ptx, {"device": True, "abi": "c"})
    _test_c_abi_boolean_return(compile_all, {"device": True, "abi": "c", "output": "ptx"})


def _test_c_abi_boolean_return(compile_function, default_kwargs):
    # Explicit cast
    def cmp_explicit(a, b):
        return types.uint8(a == b)

    ret = compile_function(cmp_explicit, (int32, int32), **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    assert resty == types.uint8
    assert ".visible .func" in ptx

    # Implicit boolean return
    def cmp_implicit(a, b):
        return a == b

    ret = compile_function(cmp_implicit, (int32, int32), **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    assert resty == types.boolean
    assert ".visible .func" in ptx
    assert "func_retval0" in ptx

    def cmp_less_than(a, b):
        return a < b

    def cmp_greater_than(a, b):
        return a > b

    def cmp_less_equal(a, b):
        return a <= b

    def cmp_greater_equal(a, b):
        return a >= b

    def cmp_not_equal(a, b):
        return a != b

    comparison_ops = [
        (cmp_less_than, "less than"),
        (cmp_greater_than, "greater than"),
        (cmp_less_equal, "less equal"),
        (cmp_greater_equal, "greater equal"),
        (cmp_not_equal, "not equal"),
    ]

    for func, op_name in comparison_ops:
        ret = compile_function(func, (int32, int32), **default_kwargs)
        ptx, resty = _handle_compile_result(ret, compile_function)
        assert resty == types.boolean
        assert ".visible .func" in ptx

    # Different integer types
    def cmp_eq(a, b):
        return a == b

    integer_types = [
        (int16, "int16"),
        (int64, "int64"),
        (uint32, "uint32"),
    ]

    for typ, type_name in integer_types:
        ret = compile_function(cmp_eq, (typ, typ), **default_kwargs)
        ptx, resty = _handle_compile_result(ret, compile_function)
        assert resty == types.boolean
        assert ".visible .func" in ptx

    # Float comparison
    def cmp_float(a, b):
        return a < b

    ret = compile_function(cmp_float, (float32, float32), **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)
    assert resty == types.boolean
    assert ".visible .func" in ptx


def test_compile_defaults_to_c_abi():
    _test_compile_defaults_to_c_abi(compile, {"device": True})
    _test_compile_defaults_to_c_abi(compile_all, {"device": True, "output": "ptx"})


def _test_compile_defaults_to_c_abi(compile_function, default_kwargs):
    ret = compile_function(f_module, int32(int32, int32), **default_kwargs)
    ptx, resty = _handle_compile_result(ret, compile_function)

    # The function name should match the Python function name, and its
    # return value should be 32 bits
    assert re.search(r"\.visible\s+\.func\s+\(\.param\s+\.b32\s+func_retval0\)\s+f_module\(", ptx)


@pytest.mark.xfail(
    strict=True,
    reason="unsupported: output='ltoir' (NVVM's LTO IR): kernelc compiles to PTX only",
)
def test_compile_to_ltoir():
    _test_compile_to_ltoir(compile, {"device": True, "output": "ltoir"})
    _test_compile_to_ltoir(compile_all, {"device": True, "abi": "c", "output": "ltoir"})


def _test_compile_to_ltoir(compile_function, default_kwargs):
    ret = compile_function(f_module, int32(int32, int32), **default_kwargs)
    code, resty = _handle_compile_result(ret, compile_function)

    # There are no tools to interpret the LTOIR output, but we can check
    # that we appear to have obtained an LTOIR file. This magic number is
    # not documented, but is expected to remain consistent.
    LTOIR_MAGIC = 0x7F4E43ED
    header = int.from_bytes(code[:4], byteorder="little")
    assert header == LTOIR_MAGIC
    assert resty == int32


def test_compile_to_invalid_error():
    illegal_output = "illegal"
    msg = f"Unsupported output type: {illegal_output}"
    with pytest.raises(NotImplementedError, match=msg):
        compile(f_module, int32(int32, int32), device=True, output=illegal_output)

    with pytest.raises(NotImplementedError, match=msg):
        compile_all(f_module, int32(int32, int32), device=True, abi="c", output=illegal_output)


@pytest.mark.xfail(
    strict=True,
    reason="unsupported: a closure (or global) variable holding None is not a compile-time constant to kernelc ('Untyped global name'); Numba types it as none and prunes `if cond:`",
)
def test_functioncompiler_locals():
    # Tests against regression fixed in:
    # https://github.com/NVIDIA/numba-cuda/pull/381
    #
    # "AttributeError: '_FunctionCompiler' object has no attribute
    # 'locals'"
    cond = None

    @cuda.jit("void(float32[::1])")
    def f(b_arg):
        b_smem = cuda.shared.array(shape=(1,), dtype=float32)

        if cond:
            b_smem[0] = b_arg[0]


@pytest.mark.skipif(not TEST_BIN_DIR, reason="necessary binaries not generated.")
def test_compile_all_with_external_functions():
    for link in [
        test_device_functions_a,
        test_device_functions_cubin,
        test_device_functions_cu,
        test_device_functions_fatbin,
        test_device_functions_fatbin_multi,
        test_device_functions_o,
        test_device_functions_ptx,
        test_device_functions_ltoir,
    ]:
        add = cuda.declare_device("add_from_numba", "uint32(uint32, uint32)", link=[link])

        def f(z, x, y):
            z[0] = add(x, y)

        code_list, resty = compile_all(f, (uint32[::1], uint32, uint32), device=False, abi="numba")

        assert resty == void
        assert len(code_list) == 2
        link_obj = LinkableCode.from_path(link)
        if link_obj.kind == "cu":
            # if link is a cu file, result contains a compiled object code
            from cuda.core import ObjectCode

            assert isinstance(code_list[1], ObjectCode)
        else:
            assert code_list[1].kind == link_obj.kind


@pytest.mark.skipif(not TEST_BIN_DIR, reason="necessary binaries not generated.")
def test_compile_all_lineinfo():
    add = cuda.declare_device("add", "float32(float32, float32)", link=[test_device_functions_cu])

    def f(z, x, y):
        z[0] = add(x, y)

    args = (float32[::1], float32, float32)
    code_list, resty = compile_all(f, args, lineinfo=True, output="ptx", device=False, abi="numba")
    assert len(code_list) == 2

    assert re.search(r"\.file.*test_device_functions", str(code_list[1].code.decode()))


@pytest.mark.skipif(not TEST_BIN_DIR, reason="necessary binaries not generated.")
def test_compile_all_debug():
    add = cuda.declare_device("add", "float32(float32, float32)", link=[test_device_functions_cu])

    def f(z, x, y):
        z[0] = add(x, y)

    args = (float32[::1], float32, float32)
    code_list, resty = compile_all(
        f, args, debug=True, output="ptx", device=False, abi="numba", opt=False
    )
    assert len(code_list) == 2

    assert re.search(r"\.section\s+\.debug_info", str(code_list[1].code.decode()))


@pytest.mark.xfail(
    strict=True,
    reason="unsupported: output='ltoir', and a device function that returns None on some "
    "paths (Numba's Optional[int32] return type)",
)
def test_compile_cabi_calling_device_function_returning_optional():
    # Exercise a CABI caller invoking a Numba ABI callee that can return
    # None through Optional[int32]
    def maybe_none(x):
        if x > 0:
            return x + 1
        else:
            return

    maybe_none_device = cuda.jit(device=True)(maybe_none)

    def wrapper_func(x):
        return maybe_none_device(x)

    # Compile a CABI wrapper that calls into a Numba-ABI callee returning
    # Optional[int32]. Successful compilation exercises the ABI boundary.
    cuda.compile(wrapper_func, types.int32(types.int32), output="ltoir", abi="c")


def test_compile_complex_div_c_abi():
    # Reproducer from gh-789
    # https://github.com/NVIDIA/numba-cuda/issues/789
    def div_by_2(x):
        return x / 2

    sig = types.complex128(types.complex128)
    cuda.compile(div_by_2, sig, device=True, abi="c")


# -- TestCompileForCurrentDevice -----------------------------------------------


def _check_ptx_for_current_device(compile_function):
    def add(x, y):
        return x + y

    args = (float32, float32)
    ptx, resty = compile_function(add, args, device=True)

    # Check we target the current device's compute capability, or the
    # closest compute capability supported by the current toolkit.
    device_cc = cuda.get_current_device().compute_capability
    cc = cuda.cudadrv.nvrtc.find_closest_arch(device_cc)
    target = f".target sm_{cc[0]}{cc[1]}"
    assert target in ptx


def test_compile_ptx_for_current_device():
    _check_ptx_for_current_device(compile_ptx_for_current_device)


def test_compile_for_current_device():
    _check_ptx_for_current_device(compile_for_current_device)


# -- TestCompileOnlyTests --------------------------------------------------------


def test_nanosleep():
    def use_nanosleep(x):
        # Sleep for a constant time
        cuda.nanosleep(32)
        # Sleep for a variable time
        cuda.nanosleep(x)

    ptx, resty = compile_ptx(use_nanosleep, (uint32,))

    nanosleep_count = 0
    for line in ptx.split("\n"):
        if "nanosleep.u32" in line:
            nanosleep_count += 1

    expected = 2
    assert expected == nanosleep_count, (
        f"Got {nanosleep_count} nanosleep instructions, expected {expected}"
    )


def test_compile_ptx_arch_specific():
    ptx, resty = cuda.compile_ptx(lambda: None, tuple(), cc=(9, 0, "a"))
    assert ".target sm_90a" in ptx


# -- TestCompileWithLaunchBounds -------------------------------------------------


def _test_launch_bounds_common(launch_bounds):
    def f():
        pass

    sig = "void()"
    ptx, resty = cuda.compile_ptx(f, sig, launch_bounds=launch_bounds)
    assert isinstance(resty, types.NoneType)
    # Match either `.maxntid, 128, 1, 1` or `.maxntid 128` on a line by
    # itself:
    assert re.search(r".maxntid\s+128(?:,\s+1,\s+1)?\s*\n", ptx)
    return ptx


def test_launch_bounds_scalar():
    launch_bounds = 128
    ptx = _test_launch_bounds_common(launch_bounds)

    assert ".minnctapersm" not in ptx
    assert ".maxclusterrank" not in ptx


def test_launch_bounds_tuple():
    launch_bounds = (128,)
    ptx = _test_launch_bounds_common(launch_bounds)

    assert ".minnctapersm" not in ptx
    assert ".maxclusterrank" not in ptx


def test_launch_bounds_with_min_cta():
    launch_bounds = (128, 2)
    ptx = _test_launch_bounds_common(launch_bounds)

    assert re.search(r".minnctapersm\s+2", ptx)
    assert ".maxclusterrank" not in ptx


def test_launch_bounds_with_max_cluster_rank():
    def f():
        pass

    launch_bounds = (128, 2, 4)
    cc = (9, 0)
    sig = "void()"
    ptx, resty = cuda.compile_ptx(f, sig, launch_bounds=launch_bounds, cc=cc)
    assert isinstance(resty, types.NoneType)
    assert re.search(r".maxntid\s+128,\s+1,\s+1", ptx)

    assert re.search(r".minnctapersm\s+2", ptx)
    assert re.search(r".maxclusterrank\s+4", ptx)


def test_too_many_launch_bounds():
    def f():
        pass

    sig = "void()"
    launch_bounds = (128, 2, 4, 8)

    with pytest.raises(ValueError, match="Got 4 launch bounds:"):
        cuda.compile_ptx(f, sig, launch_bounds=launch_bounds)
