"""Number types passed to kernels as values (``np.float32``,
``numba.int16``, kernelc's ``float32``), Numba's ``class(float32)``: the
kernel is specialised for each, converts with it and sizes local arrays
with it, and nothing is passed at launch; checked against Numba's
simulator running the same kernel."""

import numpy as np
import pytest

from kernelc import cuda
from kernelc import types as kt
from numba_oracle import ask_numba

KERNEL = """
@cuda.jit
def convert(out, dt, it, pair):
    x = dt(1.1)
    buf = cuda.local.array(2, dt)
    buf[0] = x
    out[0] = buf[0]
    out[1] = it(100.7)
    out[2] = pair[0](2.9) + pair[1]
"""


def test_number_types_as_arguments_agree_with_numba():
    cases = [("np.float32", "np.int16", "(np.int8, 0.5)"),
             ("np.float64", "np.uint8", "(np.float32, 0.25)")]
    theirs = ask_numba(
        "from numba import cuda\n" + KERNEL + """
results = []
for dt, it, pair in DATA:
    out = np.zeros(3)
    convert[1, 1](out, eval(dt), eval(it), eval(pair))
    results.append(out.tolist())
answer(results)
""", cases)
    ours = []
    for dt, it, pair in cases:
        out = np.zeros(3)
        convert[1, 1](out, eval(dt), eval(it), eval(pair))
        ours.append(out.tolist())
    assert ours == theirs


@cuda.jit
def convert(out, dt, it, pair):
    x = dt(1.1)
    buf = cuda.local.array(2, dt)
    buf[0] = x
    out[0] = buf[0]
    out[1] = it(100.7)
    out[2] = pair[0](2.9) + pair[1]


def test_kernelc_and_numba_type_objects_name_the_same_specialisation():
    numba = pytest.importorskip("numba")
    out = np.zeros(3)
    convert[1, 1](out, kt.float32, numba.int16, (np.int8, 0.5))
    before = dict(convert.overloads)
    convert[1, 1](out, np.float32, np.int16, (numba.int8, 0.5))
    assert convert.overloads == before
    sigs = [str(s) for s in convert.signatures]
    assert any("class(float32), class(int16), Tuple(class(int8), float64)" in s
               for s in sigs), sigs
