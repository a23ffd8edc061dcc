"""Functions, constants and arrays of the user's own modules reached as
attributes (`mylib.add(x)`, `pkg.sub.SCALE`) in kernels and device
functions, as Numba reads a module's attribute when it compiles; the
module files are written for the test and imported."""

import importlib
import sys
import textwrap

import numpy as np
import pytest

from kernelc import TypingError, cuda

MYLIB = '''
import math
import numpy as np
from kernelc import cuda
from pkg import sub

SCALE = 2.5
TABLE = np.array([1.0, 2.0, 4.0, 8.0])


@cuda.jit(device=True)
def add(a, b):
    return a + b


def hyp(x, y):
    # A plain function, compiled for the device; it reaches another
    # module's function in turn.
    return math.sqrt(x * x + y * y) + sub.bump(0.0)
'''

SUB = '''
OFFSET = 0.25


def bump(x):
    return x + OFFSET
'''


@pytest.fixture
def modules(tmp_path, monkeypatch):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "sub.py").write_text(textwrap.dedent(SUB))
    (tmp_path / "mylib_kc.py").write_text(textwrap.dedent(MYLIB))
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("mylib_kc", "pkg", "pkg.sub"):
        sys.modules.pop(name, None)
    mylib = importlib.import_module("mylib_kc")
    import pkg.sub

    return mylib, pkg


def test_module_members_in_kernels(modules):
    mylib_kc, pkg = modules

    @cuda.jit
    def k(out, a):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = (mylib_kc.add(a[i], mylib_kc.SCALE)
                      + mylib_kc.hyp(a[i], 1.0) * mylib_kc.TABLE[i % 4]
                      + pkg.sub.OFFSET)

    a = np.arange(10, dtype=np.float64)
    out = np.zeros(10)
    k[1, 32](out, a)
    want = a + 2.5 + (np.sqrt(a * a + 1) + 0.25) * np.array([1.0, 2.0, 4.0, 8.0])[np.arange(10) % 4] + 0.25
    np.testing.assert_array_equal(out, want)


def test_a_module_itself_is_not_a_value(modules):
    mylib_kc, pkg = modules

    @cuda.jit
    def k(out):
        out[0] = pkg.sub  # a module, not a number

    with pytest.raises(TypingError):
        k[1, 1](np.zeros(1))


def test_library_modules_are_not_frozen_as_members(modules):
    # numba's types in the decorator and the body stay numba's types (a
    # cast), never members frozen under an alias.
    from numba.core import types as t

    @cuda.jit([t.void(t.float64[::1], t.float64)])
    def k(out, v):
        out[0] = t.float32(v)

    out = np.zeros(1)
    k[1, 1](out, 1.1)
    assert out[0] == np.float64(np.float32(1.1))
