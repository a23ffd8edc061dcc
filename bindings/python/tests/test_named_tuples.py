"""Named tuples (``collections.namedtuple``, ``typing.NamedTuple``) through
the binding: built in kernels, read by field and index, passed to device
functions and as kernel arguments (holding arrays, nested in tuples),
typed as Numba types them, with the results of Numba's simulator running
the same program (``namedtuple_cases.py``)."""

import collections
import os

import numpy as np
import pytest

import namedtuple_cases
from kernelc import cuda
from numba_oracle import ask_numba

HERE = os.path.dirname(os.path.abspath(__file__))


def test_named_tuple_kernels_agree_with_numba():
    ours = namedtuple_cases.run()
    theirs = ask_numba(
        """
        import types
        src = open(DATA["path"]).read().replace("from kernelc import cuda", "from numba import cuda")
        mod = types.ModuleType("namedtuple_cases_numba")
        exec(compile(src, DATA["path"], "exec"), mod.__dict__)
        answer({k: np.asarray(v).tolist() for k, v in mod.run().items()})
        """,
        {"path": os.path.join(HERE, "namedtuple_cases.py")},
    )
    assert sorted(ours) == sorted(theirs)
    for name, value in ours.items():
        np.testing.assert_array_equal(value, np.asarray(theirs[name]), err_msg=name)


def test_named_tuple_arguments_are_typed_as_numba_types_them():
    namedtuple_cases.run()
    (sig,) = [str(s) for s in namedtuple_cases.from_arguments.signatures]
    assert "Point(float64 x 2), Body(float64, float64, int64), " \
           "Grid(array(float64, 1d, C), float64), " \
           "Tuple(Point(int64 x 2), Body(float64, float64, int64))" in sig, sig


def test_a_named_tuple_class_only_an_argument_names_is_defined_for_the_kernel():
    Pair = collections.namedtuple("Pair", "first second")

    @cuda.jit
    def total(out, pair):
        out[0] = pair.first + pair.second

    out = np.zeros(1)
    total[1, 1](out, Pair(1.25, second=2.5))
    assert out[0] == 3.75


def test_named_tuple_defaults_are_refused_clearly():
    WithDefault = collections.namedtuple("WithDefault", "a b", defaults=(0.0,))

    @cuda.jit
    def use(out, w):
        out[0] = w.a

    with pytest.raises(Exception, match="has default values"):
        use[1, 1](np.zeros(1), WithDefault(1.0))
