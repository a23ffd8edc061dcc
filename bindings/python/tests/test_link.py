"""Linking external code: functions declared with ``cuda.declare_device``
and defined in a PTX file (``tests/link/functions.ptx``, the repository's
``functions.cu`` as nvcc compiles it) or in CUDA C (``functions.cu``
itself, ``cuda.CUSource``, compiled with NVRTC when linked), linked with
``link=`` on ``cuda.jit`` or on the declaration, called from kernels and
device functions in Numba's ABI and in C's; checked against NumPy. The
program is Numba CUDA's with only the import changed."""

import os
from pathlib import Path

import numpy as np
import pytest

from kernelc import cuda, types
from kernelc.errors import KernelcError, TypingError

FUNCTIONS = str(Path(__file__).resolve().parents[3] / "tests" / "link" / "functions.ptx")
FUNCTIONS_CU = FUNCTIONS[: -len(".ptx")] + ".cu"

mul = cuda.declare_device("mul_f32", "float32(float32, float32)")
fma = cuda.declare_device("fma_f64", types.float64(types.float64, types.float64, types.float64))
scale = cuda.declare_device("scale_i16", "int32(int16, uint8)")
is_neg = cuda.declare_device("is_neg", "boolean(int64)")
cube = cuda.declare_device("cube_f32", "float32(float32)", abi="c")
# This one names the file itself: kernels calling it link it.
check = cuda.declare_device("fail_if_neg", "float32(float32)", link=FUNCTIONS)


@cuda.jit(device=True)
def twice_product(x, y):
    return mul(x, y) * 2


@cuda.jit(link=[FUNCTIONS])
def everything(out, d, n, flags, a, b):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = twice_product(a[i], b[i]) + cube(a[i])
        d[i] = fma(a[i], b[i], 0.5)
        n[i] = scale(i - 3, 3)
        flags[i] = is_neg(i - 5)


@cuda.jit
def checked(a, b, d):
    i = cuda.grid(1)
    if i < a.size:
        b[i] = check(a[i])
        # Not reached where `check` failed: the thread ended.
        d[i] = 1.0


def test_declared_functions_of_every_type_and_both_abis():
    n = 100
    a = ((np.arange(n) - 10) * 0.75).astype(np.float32)
    b = (1 + 0.125 * np.arange(n)).astype(np.float32)
    out = np.zeros(n, np.float32)
    d = np.zeros(n, np.float64)
    ns = np.zeros(n, np.int32)
    flags = np.ones(n, np.bool_)
    everything[2, 64](out, d, ns, flags, a, b)
    np.testing.assert_array_equal(out, (a * b) * np.float32(2) + a * a * a)
    want = np.array([np.float64(x) * np.float64(y) + 0.5 for x, y in zip(a, b)])
    np.testing.assert_allclose(d, want, rtol=1e-15)
    np.testing.assert_array_equal(ns, (np.arange(n) - 3).astype(np.int16).astype(np.int32) * 3)
    np.testing.assert_array_equal(flags, np.arange(n) < 5)


def test_a_failing_status_ends_the_thread_and_link_on_the_declaration():
    a = np.linspace(-3, 3, 64).astype(np.float32)
    b = np.full(64, -7, np.float32)
    d = np.zeros(64, np.float64)
    checked[1, 64](a, b, d)
    np.testing.assert_array_equal(b, np.where(a < 0, np.float32(-7), a))
    np.testing.assert_array_equal(d, np.where(a < 0, 0.0, 1.0))


def test_declaration_mistakes_are_clear():
    with pytest.raises(NotImplementedError, match="Unsupported ABI"):
        cuda.declare_device("f", "float32(float32)", abi="cpp")
    with pytest.raises(TypeError, match="Return type must be provided"):
        cuda.declare_device("f", "(float32,)")
    with pytest.raises(KernelcError, match="can only be called from a kernel"):
        mul(1.0, 2.0)


undefined = cuda.declare_device("not_in_the_file", "int32(int32)")


@cuda.jit(link=[FUNCTIONS])
def calls_undefined(x):
    x[0] = undefined(x[0])


@cuda.jit(link=["functions.cubin"])
def links_a_cubin(x):
    x[0] = mul(x[0], x[0])


@cuda.jit(link=[cuda.CUSource("extern \"C\" __device__ int mul_f32(float *r, float x) { *r = x * y; }",
                              name="broken.cu")])
def links_broken_cuda_c(x):
    x[0] = mul(x[0], x[0])


@cuda.jit
def wrong_arity(x):
    x[0] = mul(x[0])


def test_link_mistakes_are_errors_not_crashes():
    x = np.ones(1, np.int32)
    with pytest.raises(KernelcError, match="not_in_the_file"):
        calls_undefined[1, 1](x)
    with pytest.raises(KernelcError, match=r"kernelc links PTX \(.ptx\) and CUDA C \(.cu\) files"):
        links_a_cubin[1, 1](np.ones(1, np.float32))
    # NVRTC's own log names the mistake.
    with pytest.raises(KernelcError, match=r"NVRTC refused it:[\s\S]*broken.cu[\s\S]*\"y\" is undefined"):
        links_broken_cuda_c[1, 1](np.ones(1, np.float32))
    with pytest.raises(TypingError, match="'mul' takes 2 arguments but 1 was given"):
        wrong_arity[1, 1](np.ones(1, np.float32))


@cuda.jit(link=[FUNCTIONS_CU])
def everything_from_cuda_c(out, d, n, flags, a, b):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = twice_product(a[i], b[i]) + cube(a[i])
        d[i] = fma(a[i], b[i], 0.5)
        n[i] = scale(i - 3, 3)
        flags[i] = is_neg(i - 5)


def test_cuda_c_links_as_its_ptx_does():
    # functions.cu compiled by NVRTC at load time gives what its PTX (nvcc's)
    # gives, bit for bit.
    n = 100
    rng = np.random.default_rng(7)
    a = rng.standard_normal(n).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    results = []
    for kernel in (everything, everything_from_cuda_c):
        outs = [np.zeros(n, np.float32), np.zeros(n, np.float64), np.zeros(n, np.int32), np.ones(n, np.bool_)]
        kernel[2, 64](*outs, a, b)
        results.append(outs)
    for x, y in zip(*results):
        np.testing.assert_array_equal(x, y)


times3_source = '''
extern "C" __device__ int times3(int *out, int a) { *out = a * 3; return 0; }
extern "C" __device__ int add1(int a) { return a + 1; }
'''


def test_sources_in_memory():
    # One source object (bytes here) for both: linked once.
    source = cuda.CUSource(times3_source.encode(), name="times3.cu")
    times3 = cuda.declare_device("times3", "int32(int32)", link=source)
    add1 = cuda.declare_device("add1", "int32(int32)", abi="c", link=[source])

    @cuda.jit
    def kernel(r, x):
        i = cuda.grid(1)
        if i < r.size:
            r[i] = add1(times3(x[i]))

    x = np.arange(-5, 20, dtype=np.int32)
    r = np.zeros_like(x)
    kernel[1, 32](r, x)
    np.testing.assert_array_equal(r, x * 3 + 1)

    # PTX held in memory, and numba-cuda's own CUSource objects.
    with open(FUNCTIONS) as f:
        ptx = cuda.PTXSource(f.read())

    @cuda.jit(link=[ptx])
    def squares(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = mul(x[i], x[i])

    v = np.arange(8, dtype=np.float32)
    squares[1, 8](v)
    np.testing.assert_array_equal(v, np.arange(8, dtype=np.float32) ** 2)
    numba_cuda = pytest.importorskip("numba.cuda")
    times3_nb = cuda.declare_device("times3", "int32(int32)", link=numba_cuda.CUSource(times3_source))

    @cuda.jit
    def kernel_nb(r, x):
        i = cuda.grid(1)
        if i < r.size:
            r[i] = times3_nb(x[i])

    kernel_nb[1, 32](r, x)
    np.testing.assert_array_equal(r, x * 3)
