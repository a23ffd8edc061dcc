"""Enum classes (``enum.Enum``, ``enum.IntEnum``) in kernels through the
binding: members read in kernels and device functions, held in globals and
aliases, and passed as arguments (alone and in tuples), with the results
of Numba's simulator running the same program (``enum_cases.py``)."""

import enum
import os

import numpy as np
import pytest

import enum_cases
from kernelc import cuda
from numba_oracle import ask_numba

HERE = os.path.dirname(os.path.abspath(__file__))


def test_enum_kernels_agree_with_numba():
    ours = enum_cases.run()
    theirs = ask_numba(
        """
        import types
        src = open(DATA["path"]).read().replace("from kernelc import cuda", "from numba import cuda")
        mod = types.ModuleType("enum_cases_numba")
        exec(compile(src, DATA["path"], "exec"), mod.__dict__)
        answer({k: np.asarray(v).tolist() for k, v in mod.run().items()})
        """,
        {"path": os.path.join(HERE, "enum_cases.py")},
    )
    assert sorted(ours) == sorted(theirs)
    for name, value in ours.items():
        np.testing.assert_array_equal(value, np.asarray(theirs[name]), err_msg=name)


def test_enum_arguments_are_typed_as_numba_types_them():
    enum_cases.run()
    sigs = [str(s) for s in enum_cases.with_args.signatures]
    assert any("IntEnum<int64>(Color), Enum<int64>(Shape), Enum<float64>(Weight)" in s
               for s in sigs), sigs


def test_an_enum_member_passes_as_its_value():
    class Level(Enum):
        LOW = 3
        HIGH = 7

    @cuda.jit
    def read(out, level):
        out[0] = level.value
        out[1] = level == Level.HIGH

    out = np.zeros(2, np.int64)
    read[1, 1](out, Level.HIGH)
    assert out.tolist() == [7, 1]
    read[1, 1](out, Level.LOW)
    assert out.tolist() == [3, 0]


def test_a_heterogeneous_enum_argument_is_refused_as_numba_refuses_it():
    class Mixed(Enum):
        A = 1
        B = 2.5

    @cuda.jit
    def take(out, m):
        out[0] = 1

    with pytest.raises(TypeError, match="heterogeneous enum 'Mixed'"):
        take[1, 1](np.zeros(1), Mixed.A)


def test_two_enum_classes_with_one_name_are_refused_clearly():
    def make():
        class Color(IntEnum):  # noqa: F821 - a second class named Color
            RED = 9
        return Color

    Other = make()
    First = enum_cases.Color

    @cuda.jit
    def both(out):
        out[0] = First.RED + Other.RED

    with pytest.raises(Exception, match="two classes named 'Color'"):
        both[1, 1](np.zeros(1, np.int64))


IntEnum = enum.IntEnum
Enum = enum.Enum
