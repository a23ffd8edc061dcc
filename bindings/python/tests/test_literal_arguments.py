"""Literal values as array shapes, as Numba types them: a device function
called with a constant is specialised for that value (Numba's
`Literal[int](32)` argument), so its parameter sizes `cuda.shared.array`
and `cuda.local.array`, also given by keyword, and two values in one kernel
are two specialisations; a kernel's local assigned a literal is one too.
A runtime value as a shape is refused, as Numba refuses it. (The same
programs against Numba's simulator: `case_literal_arguments` of
`diff_cases.py`; the simulator keys a shared array by its source line, so
the two-sizes-in-one-launch test here is kernelc's alone.)"""

import numpy as np
import pytest

from kernelc import cuda
from kernelc.errors import TypingError


@cuda.jit(device=True)
def ones_sum(n, dtype):
    # Sums a shared array of n ones: n, if the array has n elements.
    buf = cuda.shared.array(n, dtype)
    t = cuda.threadIdx.x
    if t < n:
        buf[t] = 1
    cuda.syncthreads()
    s = 0
    if t == 0:
        for k in range(n):
            s += buf[k]
    cuda.syncthreads()
    return s


@cuda.jit
def two_sizes(out):
    a = ones_sum(16, np.int32)
    b = ones_sum(n=48, dtype=np.int64)
    c = ones_sum(dtype=np.int32, n=16)
    if cuda.threadIdx.x == 0:
        out[0] = a
        out[1] = b
        out[2] = c


def test_one_specialisation_per_literal_value():
    out = np.zeros(3, np.int64)
    two_sizes[1, 64](out)
    assert out.tolist() == [16, 48, 16]


@cuda.jit(device=True)
def scratch_sum(x, size=3):
    tmp = cuda.local.array(size, np.float64)
    for k in range(size):
        tmp[k] = x * (k + 1)
    s = 0.0
    for k in range(size):
        s += tmp[k]
    return s


@cuda.jit
def defaults_and_locals(out):
    N = 5
    W = 2 if True else 7
    out[0] = scratch_sum(1.0)
    out[1] = scratch_sum(2.0, size=N)
    out[2] = scratch_sum(1.0, N)
    out[3] = scratch_sum(1.0, W)


def test_defaults_keywords_and_locals_as_literals():
    out = np.zeros(4)
    defaults_and_locals[1, 1](out)
    assert out.tolist() == [6.0, 30.0, 15.0, 3.0]


def test_a_runtime_value_as_a_shape_is_refused():
    @cuda.jit(device=True)
    def sized(a, n):
        buf = cuda.shared.array(n, np.int32)
        buf[0] = 1
        a[0] = buf[0]

    @cuda.jit
    def passes_its_argument(a, n):
        sized(a, n)

    with pytest.raises(TypingError, match=r"'cuda.shared.array' needs a constant shape; 'n' is a runtime value"):
        passes_its_argument[1, 1](np.zeros(1, np.int32), 4)


def test_a_local_assigned_two_literals_is_refused():
    @cuda.jit
    def two_values(a):
        if a[0]:
            N = 10
        else:
            N = 20
        buf = cuda.local.array(N, np.int32)
        buf[0] = 1

    with pytest.raises(TypingError, match=r"'N' is a runtime value here \(a local is a constant only where"):
        two_values[1, 1](np.zeros(1, np.int32))


@cuda.jit(device=True)
def fill(a, n):
    buf = cuda.local.array(n, np.int64)
    for k in range(n):
        buf[k] = k
    s = 0
    for k in range(n):
        s += buf[k]
    a[0] = s


@cuda.jit(device=True)
def apply(f, a, n):
    f(a, n)


def test_a_literal_passed_on_through_a_function_value():
    # As Numba types `n` in `apply` as Literal[int](6) and passes it on.
    @cuda.jit
    def k(a):
        apply(fill, a, 6)

    a = np.zeros(1, np.int64)
    k[1, 1](a)
    assert a[0] == 15
