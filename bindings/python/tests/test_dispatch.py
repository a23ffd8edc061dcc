"""Dispatch as Numba does it: Numba's typing of host arguments, its table
of scalar conversions, its choice among a kernel's explicit signatures
(exact, then promote, safe, unsafe; ties are ambiguous) and its messages,
each compared with what Numba itself answers (``numba_oracle``); launch
configuration checks with Numba's messages; ``forall``."""

import re

import numpy as np
import pytest
from numba_oracle import ask_numba

import kernelc
from kernelc import cuda
from kernelc._typeconv import SCALAR_CONVERSIONS, can_convert
from kernelc.types import Array, float32, float64, int64, void

SCALAR_NAMES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                "uint64", "float16", "float32", "float64"]


def test_scalar_conversion_table_is_numbas():
    numba_table = ask_numba(
        """
        from numba.cuda import types
        from numba.cuda.typeconv.rules import default_type_manager as tm
        names = DATA
        def t(n):
            return types.boolean if n == "bool" else getattr(types, n)
        table = {}
        for a in names:
            for b in names:
                if a != b:
                    c = tm.check_compatible(t(a), t(b))
                    table[a + ">" + b] = None if c is None else int(c)
        answer(table)
        """,
        SCALAR_NAMES,
    )
    ours = {f"{a}>{b}": SCALAR_CONVERSIONS.get((a, b)) for a in SCALAR_NAMES for b in SCALAR_NAMES if a != b}
    assert ours == numba_table
    # Spot checks of the rules that matter most for dispatch.
    assert can_convert(int64, float64) == 3 and can_convert(int64, float32) == 4
    assert can_convert(float32, float64) == 2 and can_convert(float64, float32) == 4


# Each case: signatures (spelled the same with kernelc.types and
# numba.cuda.types) and argument expressions.
CASES = [
    (["void(float64[::1], float32, float32)", "void(float64[::1], float64, float64)"],
     ["np.zeros(3)", "1", "2.5"]),
    (["void(float64[::1], float32, float32)", "void(float64[::1], float64, float64)"],
     ["np.zeros(3)", "np.float32(1)", "np.float32(2)"]),
    (["void(float64[::1], float32, float32)", "void(float64[::1], float64, float64)"],
     ["np.zeros(3, np.float32)", "1.0", "2.0"]),
    (["void(float32, float64)", "void(float64, float32)"], ["1", "2"]),
    (["void(int32)", "void(int64)"], ["np.int16(1)"]),
    (["void(int32)", "void(float64)"], ["1"]),
    (["void(int32)", "void(float32)"], ["1"]),
    (["void(float32[:])", "void(float32[::1])"], ["np.zeros(4, np.float32)"]),
    (["void(float32[:])", "void(float32[::1])"], ["np.zeros(8, np.float32)[::2]"]),
    (["void(float64[:, ::1])", "void(float64[::1, :])"], ["np.zeros((2, 3), order='F')"]),
    (["void(float64[:, ::1])"], ["np.zeros((2, 3), order='F')"]),
    (["void(float32[:])"], ["np.zeros(3)"]),
    (["void(uint64)", "void(int64)"], ["2**63"]),
    (["void(uint64)", "void(int64)"], ["-1"]),
    (["void(boolean)", "void(int8)"], ["True"]),
    (["void(boolean)", "void(int8)"], ["np.uint8(1)"]),
    (["void(float16)", "void(float32)"], ["np.int8(1)"]),
    (["void(int16)", "void(uint16)"], ["np.uint8(1)"]),
    (["void(float64, float64)", "void(float32, float64)", "void(int64, int64)"], ["1", "1.5"]),
    (["void(int32, int32)"], ["1"]),
    (["void(UniTuple(int64, 2))", "void(UniTuple(float64, 2))"], ["(1, 2)"]),
    (["void(UniTuple(int64, 2))", "void(UniTuple(float64, 2))"], ["(1.0, 2)"]),
    (["void(int64)"], ["2**64"]),
]


def _k1(a):
    pass


def _k2(a, b):
    pass


def _k3(a, b, c):
    pass


_KERNELS = {1: _k1, 2: _k2, 3: _k3}


def _no_address(text):
    return re.sub(r" at 0x[0-9a-f]+", "", text)


def _numba_choices():
    return ask_numba(
        """
        from numba.cuda import types
        from numba.cuda.typing.context import Context
        from numba.cuda.typing.typeof import typeof, Purpose
        ctx = Context()
        ns = dict(vars(types))
        def _k1(a): pass
        def _k2(a, b): pass
        def _k3(a, b, c): pass
        kernels = {1: _k1, 2: _k2, 3: _k3}
        out = []
        for sigs, args in DATA:
            sigs = [eval(s, ns) for s in sigs]
            try:
                argtypes = tuple(typeof(eval(a), Purpose.argument) for a in args)
                # The dispatcher of a kernel with explicit signatures:
                # resolve_overload (unsafe conversions allowed, no ties).
                best = ctx.resolve_overload(kernels[len(sigs[0].args)], sigs, argtypes, {},
                                            allow_ambiguous=False)
                if best is None:
                    out.append(["TypeError", "No matching definition for argument type(s) %s"
                                % ", ".join(map(str, argtypes))])
                else:
                    out.append(["ok", sigs.index(best)])
            except (TypeError, ValueError) as e:
                out.append([type(e).__name__, str(e)])
        answer(out)
        """,
        CASES,
    )


@pytest.fixture(scope="module")
def numba_choices():
    return _numba_choices()


@pytest.mark.parametrize("index", range(len(CASES)))
def test_overload_choice_is_numbas(index, numba_choices):
    sigs, args = CASES[index]
    ns = vars(kernelc.types)
    typed = [eval(s, dict(ns)) for s in sigs]
    kernel = cuda.jit(typed)(_KERNELS[len(typed[0].args)])
    values = [eval(a) for a in args]
    try:
        ov = kernel._overload_for(tuple(values))
        ours = ["ok", list(kernel.overloads.values()).index(ov)]
    except (TypeError, ValueError) as e:
        ours = [type(e).__name__, str(e)]
    expected = numba_choices[index]
    assert [ours[0], _no_address(str(ours[1]))] == [expected[0], _no_address(str(expected[1]))]


@cuda.jit(["void(float64[::1], float32, float32)", "void(float64[::1], float64, float64)"])
def add_two(out, x, y):
    out[0] = x + y


@cuda.jit(["void(float32[::1], float32, float64)", "void(float32[::1], float64, float32)"])
def ambiguous(out, x, y):
    out[0] = x + y


def test_python_scalars_pick_the_float64_overload_and_keep_precision():
    out = np.zeros(1)
    add_two[1, 1](out, 1, 0.1)  # int64, float64: the float64 signature is safe, float32 unsafe
    assert out[0] == 1 + 0.1
    add_two[1, 1](out, np.float32(1), np.float32(0.1))  # exact float32 match
    assert out[0] == np.float64(np.float32(1) + np.float32(0.1))


def test_ambiguous_and_unmatched_launches_raise_numbas_type_error():
    with pytest.raises(TypeError) as info:
        ambiguous[1, 1](np.zeros(1, np.float32), 1, 2)
    assert str(info.value) == (
        f"Ambiguous overloading for {ambiguous.py_func} (Array(float32, 1, 'C', False, aligned=True), "
        "int64, int64):\n"
        "(Array(float32, 1, 'C', False, aligned=True), float32, float64) -> none\n"
        "(Array(float32, 1, 'C', False, aligned=True), float64, float32) -> none"
    )
    with pytest.raises(TypeError) as info:
        add_two[1, 1](np.zeros(1, np.int32), 1, 2)
    assert str(info.value) == "No matching definition for argument type(s) array(int32, 1d, C), int64, int64"
    with pytest.raises(TypeError, match="^No matching definition for argument type"):
        add_two[1, 1](np.zeros(1))


def test_typeof_large_ints_as_numba():
    assert kernelc.typeof(2**63 - 1) == int64
    assert str(kernelc.typeof(2**63)) == "uint64"
    with pytest.raises(ValueError, match="Int value is too large"):
        kernelc.typeof(2**64)


# -- launch configurations ------------------------------------------------------------

CONFIGS = ["(1.5, 1)", "(1, 'x')", "((1, 2, 3, 4), 1)", "(1, (1, 2, 3, 4))", "((2, 2.0), 1)",
           "(None, 1)", "((), 1)", "([2, 2], (4, 1))", "(np.int32(2), 1)"]


def test_launch_configuration_checks_are_numbas():
    expected = ask_numba(
        """
        from numba.cuda.errors import normalize_kernel_dimensions
        out = []
        for cfg in DATA:
            try:
                g, b = normalize_kernel_dimensions(*eval(cfg))
                out.append(["ok", [int(v) for v in g], [int(v) for v in b]])
            except (TypeError, ValueError) as e:
                out.append([type(e).__name__, str(e)])
        answer(out)
        """,
        CONFIGS,
    )
    for cfg, want in zip(CONFIGS, expected):
        try:
            launch = add_two[eval(cfg)]
            got = ["ok", list(launch.griddim), list(launch.blockdim)]
        except (TypeError, ValueError) as e:
            got = [type(e).__name__, str(e)]
        assert got == want, cfg


def test_non_positive_extents_are_refused_before_launch():
    # numba-cuda's message (cuda.core's LaunchConfig, at launch; kernelc
    # refuses the configuration itself).
    for cfg, msg in [((0, 1), r"grid values must be >= 1 \(got \(0, 1, 1\)\)"),
                     ((1, 0), r"block values must be >= 1 \(got \(0, 1, 1\)\)"),
                     ((1, (4, -1)), r"block values must be >= 1 \(got \(4, -1, 1\)\)")]:
        with pytest.raises(ValueError, match=f"^LaunchConfig.{msg}$"):
            add_two[cfg]
    with pytest.raises(ValueError, match="dynamic shared memory must be 0 to"):
        add_two[1, 1, 0, -1]
    with pytest.raises(ValueError, match="must specify at least the griddim and blockdim"):
        add_two[1, 2, 0, 0, 5]


@cuda.jit
def count_threads(n, out):
    i = cuda.grid(1)
    if i < n:
        cuda.atomic.add(out, 0, 1)


def test_forall():
    out = np.zeros(1, np.int64)
    count_threads.forall(300)(300, out)
    assert out[0] == 300
    count_threads.forall(0)(300, out)  # no launch at all
    assert out[0] == 300
    count_threads.forall(5, tpb=2)(5, out)
    assert out[0] == 305
    with pytest.raises(ValueError, match="Can't create ForAll with negative task count: -1"):
        count_threads.forall(-1)


# -- signatures written with types ---------------------------------------------------------


def test_kernelc_types_module_and_signatures():
    from kernelc.types import UniTuple, int32, none

    assert none is void and str(void(float32[:], int32)) == "none(array(float32, 1d, A), int32)"
    assert str(Array(float32, 2, "F")) == "array(float32, 2d, F)"
    assert str(UniTuple(int64, 2)) == "UniTuple(int64, 2)"
    assert kernelc.types.f4 is kernelc.float32 is float32


def fill_kernel(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v


def test_numbas_type_objects_as_signatures():
    """Numba's type objects (numba.types, and numba.cuda.types of
    numba-cuda) are read field by field, not from their printed form."""
    pytest.importorskip("numba")
    from numba import float32 as nb_float32
    from numba import int32 as nb_int32
    from numba import types as nb_types
    from numba import void as nb_void

    k = cuda.jit(nb_void(nb_float32[::1], nb_int32))(fill_kernel)
    assert [tuple(map(str, t)) for t in k.overloads] == [("array(float32, 1d, C)", "int32")]
    a = np.zeros(4, np.float32)
    k[1, 4](a, 7)
    np.testing.assert_array_equal(a, 7)
    k2 = cuda.jit([nb_void(nb_types.Array(nb_types.float64, 2, "F"), nb_types.float64),
                   (nb_types.float64[:, :], nb_types.float64)])(fill_kernel)
    assert [tuple(map(str, t)) for t in k2.overloads] == [
        ("array(float64, 2d, F)", "float64"), ("array(float64, 2d, A)", "float64")]
    # Mixed with kernelc's, and a read-only Numba array type.
    sig = kernelc.void(nb_types.Array(nb_types.float32, 1, "C", readonly=True), kernelc.int32)
    assert str(sig) == "none(readonly array(float32, 1d, C), int32)"
    ptx = cuda.compile_ptx(fill_kernel, nb_void(nb_float32[:], nb_int32))[0]
    assert ptx == cuda.compile_ptx(fill_kernel, "void(float32[:], int32)")[0]
    assert k.inspect_asm(nb_void(nb_float32[::1], nb_int32)) == k.inspect_asm((kernelc.float32[::1], kernelc.int32))


_CUDA_TYPES_PROGRAM = """
import numpy as np
from numba.cuda import types as t
from kernelc import cuda

@cuda.jit([t.void(t.float32[::1], t.int32), t.void(t.float64[::1], t.float64)])
def fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v

a = np.zeros(3)
fill[1, 3](a, 2)
print(a.tolist(), [tuple(map(str, k)) for k in fill.overloads])
"""


def test_numba_cuda_type_objects_as_signatures(tmp_path):
    """numba-cuda's own copy of the types (``numba.cuda.types``), in a
    process where Numba's simulator makes ``numba.cuda`` importable."""
    import os
    import subprocess
    import sys

    from numba_oracle import numba_python, require_numba

    require_numba()
    if numba_python() != sys.executable:
        pytest.skip("needs numba in the Python running the tests")
    prog = tmp_path / "prog.py"
    prog.write_text(_CUDA_TYPES_PROGRAM)
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1", PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    r = subprocess.run([sys.executable, str(prog)], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.strip() == (
        "[2.0, 2.0, 2.0] [('array(float32, 1d, C)', 'int32'), ('array(float64, 1d, C)', 'float64')]"
    )


def test_kernelc_cuda_is_a_package():
    import importlib

    import kernelc.cuda as cuda_pkg
    from kernelc.cuda import jit, to_device

    assert cuda_pkg is cuda and jit is cuda.jit and to_device is cuda.to_device
    assert hasattr(cuda_pkg, "__path__")  # `from kernelc.cuda.random import ...` can be added
    assert importlib.import_module("kernelc.cuda") is cuda


@cuda.jit
def casts_with_types_module(a, x):
    a[0] = kernelc.types.int32(x) + kernelc.types.i4(x)
    a[1] = kernelc.types.float32(x)


def test_types_module_names_in_kernels():
    a = np.zeros(2)
    casts_with_types_module[1, 1](a, 2.7)
    np.testing.assert_array_equal(a, [4.0, np.float64(np.float32(2.7))])


def test_overloads_are_found_by_numbas_type_objects_too():
    # numba-cuda keys `overloads` by tuples of Numba's types; a program
    # that builds its signature from numba.types looks them up that way.
    nb_types = pytest.importorskip("numba.core.types")
    sig = (nb_types.float64[::1], nb_types.int32)

    @cuda.jit(sig)
    def store(a, n):
        a[0] = n

    assert sig in store.overloads
    assert store.overloads[sig] is store.overloads.get(sig)
    assert store.overloads[sig].max_cooperative_grid_blocks(32) > 0
    assert (nb_types.float32[::1], nb_types.int32) not in store.overloads
