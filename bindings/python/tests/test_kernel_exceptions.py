"""Exceptions raised in kernels, as Numba CUDA raises them: with
``debug=True`` the launch fails with the kernel's exception class (a
``kernelc.KernelException``, so also a ``LaunchError``) and Numba's message;
without it the raising thread ends and the launch succeeds. The same on
both devices: the kernel records the exception and the runtime reads the
record after the launch (no trap: on a GPU the context stays usable)."""

import os

import numpy as np
import pytest

import kernelc
from kernelc import cuda
from kernelc.errors import launch_error

HERE = os.path.abspath(__file__)


def line_of(text):
    with open(HERE) as f:
        for n, line in enumerate(f, 1):
            if text in line and "line_of(" not in line:
                return n
    raise AssertionError(text)


@pytest.fixture
def cpu_device():
    if not cuda.get_current_device().is_cpu:
        pytest.skip("a trap loses a GPU's context (KERNELC_DEVICE=cpu)")


def where(kernel, marker, tid="[0, 0, 0]", ctaid="[0, 0, 0]"):
    return f"In function {kernel!r}, file {HERE}, line {line_of(marker)}, tid={tid} ctaid={ctaid}"


@cuda.jit(debug=True, opt=False)
def fdiv(r, x, y):
    r[0] = y[0] / x[0]  # fdiv line
    r[1] = y[0]


@cuda.jit(debug=True, opt=False)
def ffloordiv(r, x, y):
    r[0] = y[0] // x[0]  # ffloordiv line


@cuda.jit(debug=True, opt=False)
def fmod(r, x, y):
    r[0] = y[0] % x[0]  # fmod line


@cuda.jit
def fdiv_unchecked(r, x, y):
    r[0] = y[0] / x[0]
    r[1] = y[0] // x[0]
    r[2] = y[0] % x[0]
    r[3] = y[0]


def test_float_division_by_zero_in_debug_raises_numbas_zero_division_error():
    for kernel, marker, msg in [
        (fdiv, "# fdiv line", "division by zero"),
        (ffloordiv, "# ffloordiv line", "division by zero"),
        (fmod, "# fmod line", "modulo by zero"),
    ]:
        r = np.zeros(2)
        with pytest.raises(ZeroDivisionError) as info:
            kernel[1, 1](r, np.zeros(1), np.ones(1))
        e = info.value
        name = kernel.py_func.__name__
        assert str(e) == f"{where(name, marker)}: {msg}"
        # also kernelc's launch error, with the device's whole message
        assert isinstance(e, kernelc.KernelException)
        assert isinstance(e, kernelc.LaunchError)
        assert e.exception is ZeroDivisionError
        assert type(e).__name__ == "ZeroDivisionError"
        assert e.launch_message.startswith(f"kc_launch: exception raised: ZeroDivisionError: {msg} (kernel `{name}`")
        # the thread stopped before the store
        assert r.tolist() == [0.0, 0.0]
    # a non-zero divisor (and a NaN one) divides
    r = np.zeros(2)
    fdiv[1, 1](r, np.array([4.0]), np.ones(1))
    assert r.tolist() == [0.25, 1.0]
    fdiv[1, 1](r, np.array([np.nan]), np.ones(1))
    assert np.isnan(r[0])


def test_float_division_by_zero_without_debug_gives_inf_and_nan():
    r = np.zeros(4)
    fdiv_unchecked[1, 1](r, np.zeros(1), np.ones(1))
    assert r[0] == np.inf and r[1] == np.inf and np.isnan(r[2]) and r[3] == 1.0


@cuda.jit(debug=True, opt=False)
def idiv(r, x, y):
    r[0] = y[0] // x[0]  # idiv line
    r[1] = y[0] % x[0]  # imod line


def test_integer_division_by_zero_in_debug_has_numbas_message():
    r = np.zeros(2, np.int64)
    with pytest.raises(ZeroDivisionError) as info:
        idiv[1, 1](r, np.zeros(1, np.int64), np.ones(1, np.int64))
    assert str(info.value) == f"{where('idiv', '# idiv line')}: integer division by zero"


@cuda.jit(debug=True, opt=False)
def raises(a, k):
    i = cuda.threadIdx.x
    if k == 1 and i == 3:
        raise ValueError("bad value")  # ValueError line
    if k == 2:
        raise IndexError  # IndexError line
    if k == 3:
        assert a[i] > 0, "not positive"  # assert line
    a[i] = 1.0


def test_raise_and_assert_surface_as_their_class():
    a = np.ones(8)
    raises[1, 8](a, 0)
    with pytest.raises(ValueError) as info:
        raises[2, 8](a, 1)
    # the first thread to raise, in block 0 or 1
    text = str(info.value)
    assert text in (
        f"{where('raises', '# ValueError line', tid='[0, 0, 3]', ctaid=c)}: bad value"
        for c in ("[0, 0, 0]", "[0, 0, 1]")
    ), text
    with pytest.raises(IndexError) as info:
        raises[1, 1](a, 2)
    # no message: Numba's text is the place alone
    assert str(info.value) == where("raises", "# IndexError line")
    a[0] = -1.0
    with pytest.raises(AssertionError) as info:
        raises[1, 1](a, 3)
    assert str(info.value) == f"{where('raises', '# assert line')}: not positive"


def shape_at(ary):
    x = cuda.threadIdx.x
    if x == 2:
        # out of range for thread 2 (a 1-tuple)
        ary[x] = ary.shape[-x]  # shape line
    else:
        ary[x] = ary.shape[-x]


def test_tuple_index_out_of_range_ends_the_thread_or_raises_index_error():
    unchecked = cuda.jit(shape_at)
    a = np.zeros(3)
    unchecked[1, 3](a)  # the launch succeeds; thread 2 ends before its store
    assert a.tolist() == [3.0, 3.0, 0.0]
    checked = cuda.jit(debug=True, opt=False)(shape_at)
    with pytest.raises(IndexError) as info:
        checked[1, 3](np.zeros(3))
    assert str(info.value) == f"{where('shape_at', '# shape line', tid='[0, 0, 2]')}: tuple index out of range"


@cuda.jit(boundscheck=True)
def out_of_bounds(a):
    a[cuda.threadIdx.x + 10] = 1.0


def test_other_launch_failures_stay_launch_errors(cpu_device):
    with pytest.raises(kernelc.LaunchError) as info:
        out_of_bounds[1, 1](np.zeros(4))
    assert not isinstance(info.value, kernelc.KernelException)


def test_launch_error_maps_only_builtin_exception_names():
    at = "kernel `k`, block (1,0,0), thread (3,2,0), PTX line 9"
    e = launch_error(f"trap executed: KeyError: 'x' ({at})")
    assert isinstance(e, KeyError) and isinstance(e, kernelc.KernelException)
    assert e.args == ("tid=[0, 2, 3] ctaid=[0, 0, 1]: 'x'",)  # str() of a KeyError quotes
    # the runtime's error for a recorded exception, on either device
    e = launch_error("kc_launch: exception raised: ValueError: x (kernel `k`, block (1,0,0), "
                     "thread (3,2,0), /abs/k.py:7)")
    assert type(e).__mro__[1] is kernelc.KernelException and isinstance(e, ValueError)
    assert str(e) == "In function 'k', file /abs/k.py, line 7, tid=[0, 2, 3] ctaid=[0, 0, 1]: x"
    e = launch_error("exception raised: IndexError (kernel `k`, block (1,0,0), thread (3,2,0))")
    assert isinstance(e, IndexError) and str(e) == "tid=[0, 2, 3] ctaid=[0, 0, 1]"
    for text in [
        f"trap executed: MyError: x ({at})",  # a class of the program
        f"trap executed: KeyboardInterrupt ({at})",  # not an Exception
        f"trap executed: index out of bounds ({at})",  # a check, no class
        f"trap executed ({at})",
    ]:
        e = launch_error(text)
        assert type(e) is kernelc.LaunchError and str(e) == text


class ProgramError(Exception):
    """An exception class of the program."""


class NarrowError(ProgramError):
    pass


Alias = NarrowError


class Picky(Exception):
    def __init__(self, code, detail):  # not Numba's one message argument
        super().__init__(code, detail)


def raise_own(a, k):
    i = cuda.threadIdx.x
    if k == 1:
        raise ProgramError  # ProgramError line
    if k == 2 and i == 1:
        raise Alias("narrow", 2)  # Alias line
    if k == 3:
        raise Picky("x")
    a[i] = 1.0


def test_exception_classes_of_the_program_surface_as_themselves():
    checked = cuda.jit(debug=True, opt=False)(raise_own)
    a = np.zeros(2)
    checked[1, 2](a, 0)
    assert a.tolist() == [1.0, 1.0]
    with pytest.raises(ProgramError) as info:
        checked[1, 2](a, 1)
    e = info.value
    assert type(e).__name__ == "ProgramError" and type(e).__mro__[1] is kernelc.KernelException
    assert isinstance(e, kernelc.LaunchError) and e.exception is ProgramError
    assert str(e) == where("raise_own", "# ProgramError line")
    # raised under another name: the class that name refers to
    with pytest.raises(NarrowError) as info:
        checked[1, 2](a, 2)
    assert str(info.value) == f"{where('raise_own', '# Alias line', tid='[0, 0, 1]')}: ('narrow', 2)"
    # a class that cannot take Numba's one message: kernelc's LaunchError
    with pytest.raises(kernelc.LaunchError) as info:
        checked[1, 2](a, 3)
    assert not isinstance(info.value, Picky)
    assert "exception raised: Picky: x (kernel `raise_own`" in str(info.value)
    # without debug the raising threads end; the others store
    unchecked = cuda.jit(raise_own)
    a = np.zeros(2)
    unchecked[1, 2](a, 2)
    assert a.tolist() == [1.0, 0.0]


GLOBAL_MESSAGE = "limit exceeded"


def test_string_globals_and_closure_variables_as_exception_arguments():
    # Numba freezes a global string, and a closure variable holding one, as
    # it freezes numbers: both may be an exception's arguments.
    detail = "in 'scale'"

    @cuda.jit(device=True)
    def scaled(x):
        if x > 10:
            raise OverflowError(GLOBAL_MESSAGE, detail, 10)
        return x * 2

    @cuda.jit(debug=True, opt=False)
    def kernel(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = scaled(a[i])

    a = np.arange(4.0)
    kernel[1, 4](a)
    np.testing.assert_array_equal(a, np.arange(4.0) * 2)
    a[2] = 50.0
    with pytest.raises(OverflowError) as info:
        kernel[1, 4](a)
    assert str(info.value).endswith(": ('limit exceeded', \"in 'scale'\", 10)"), str(info.value)
