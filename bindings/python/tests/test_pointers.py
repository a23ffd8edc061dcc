"""Pointers (Numba's ``CPointer``): kernel parameters typed
``types.CPointer(dtype)`` take an address (a Python ``int``), as numba-cuda
passes them; ``ffi.from_buffer(array)`` of a ``cffi.FFI()`` object gives a
kernel a pointer to an array's data, which it indexes or passes to a
function declared with ``cuda.declare_device`` (here CUDA C compiled with
NVRTC). Checked against NumPy; numba-cuda's documentation examples of the
same (``numba_cuda_suite/doc_examples``) run too."""

import numpy as np
import pytest

from kernelc import cuda, types
from kernelc.errors import TypingError

cffi = pytest.importorskip("cffi")
ffi = cffi.FFI()


@cuda.jit(types.void(types.CPointer(types.float32), types.int64, types.float32))
def scale_from(p, n, factor):
    i = cuda.grid(1)
    if i < n:
        p[i] *= factor


def address(device_array, offset_items=0):
    itemsize = device_array.dtype.itemsize
    return device_array.__cuda_array_interface__["data"][0] + offset_items * itemsize


def test_a_pointer_argument_is_an_address():
    host = np.arange(16, dtype=np.float32)
    d = cuda.to_device(host)
    scale_from[1, 32](address(d, 4), 8, np.float32(0.5))
    expected = host.copy()
    expected[4:12] *= np.float32(0.5)
    np.testing.assert_array_equal(d.copy_to_host(), expected)
    # The signature's text and its type objects read the same.
    assert str(scale_from.signatures[0][0]) == "float32*"


def test_a_pointer_parameter_takes_integers_only():
    d = cuda.to_device(np.zeros(4, np.float32))
    with pytest.raises(TypeError, match="No matching definition"):
        scale_from[1, 4](d, 4, np.float32(2))
    with pytest.raises(TypeError, match="No matching definition"):
        scale_from[1, 4](1.5, 4, np.float32(2))


def test_an_address_outside_every_allocation_is_an_error_not_a_crash():
    if not cuda.get_current_device().is_cpu:
        pytest.skip("a fault loses a GPU's context for the rest of the process (the CPU "
                    "device's checks are what this tests)")
    with pytest.raises(Exception, match="outside every allocation"):
        scale_from[1, 1](64, 1, np.float32(2))


@cuda.jit(device=True)
def dot(p, q, n):
    s = 0.0
    for k in range(n):
        s += p[k] * q[k]
    return s


@cuda.jit
def through_buffers(out, a, m, z):
    pa = ffi.from_buffer(a)
    pm = ffi.from_buffer(m)
    pz = ffi.from_buffer(z)
    out[0] = dot(pa, pa, a.size)
    out[1] = pm[m.shape[1] * 2 + 1]
    out[2] = pz[-0 + 1].real
    pm[-0] = 9
    pz[0] = pz[1] * 1j


def test_from_buffer_reads_and_writes_the_array():
    rng = np.random.default_rng(7)
    out = np.zeros(3)
    a = rng.uniform(-4, 4, 9).astype(np.float32)
    m = rng.integers(-50, 50, (3, 5)).astype(np.int32)
    z = (rng.uniform(-2, 2, 3) + 1j * rng.uniform(-2, 2, 3)).astype(np.complex64)
    m0, z0 = m.copy(), z.copy()
    through_buffers[1, 1](out, a, m, z)
    s = 0.0
    for v in a:  # float32 products, summed in float64 as the kernel does
        s += float(v * v)
    assert out[0] == s
    assert out[1] == m0[2, 1]
    assert out[2] == z0[1].real
    assert m[0, 0] == 9 and (m.ravel()[1:] == m0.ravel()[1:]).all()
    assert z[0] == np.complex64(np.complex128(z0[1]) * 1j)


def test_from_buffer_of_a_strided_view_is_refused_as_numba_refuses_it():
    @cuda.jit
    def strided(a):
        p = ffi.from_buffer(a[::2])
        p[0] = 1

    with pytest.raises(TypingError, match=r"from_buffer\(\) unsupported on non-contiguous buffers"):
        strided[1, 1](np.zeros(4, np.float32))


SUM_REDUCE = cuda.CUSource("""
extern "C" __device__ int sum_reduce(float *result, float *array, int n)
{
    double sum = 0.0;
    for (int i = 0; i < n; ++i) sum += array[i];
    *result = (float)sum;
    return 0;
}

extern "C" __device__ void fill(int *p, int n, int value)
{
    for (int i = 0; i < n; ++i) p[i] = value;
}
""")


def test_a_pointer_passed_to_linked_cuda_c():
    sum_reduce = cuda.declare_device("sum_reduce", "float32(CPointer(float32), int32)",
                                     link=SUM_REDUCE)
    fill = cuda.declare_device("fill", types.void(types.CPointer(types.int32), types.int32,
                                                  types.int32), link=SUM_REDUCE, abi="c")

    @cuda.jit
    def kernel(result, array, ints):
        result[0] = sum_reduce(ffi.from_buffer(array), len(array))
        # The linked code writes `ints`: it is copied back.
        fill(ffi.from_buffer(ints[2:]), len(ints) - 2, 5)

    x = np.arange(10, dtype=np.float32)
    r = np.zeros(1, np.float32)
    ints = np.zeros(6, np.int32)
    kernel[1, 1](r, x, ints)
    assert r[0] == np.sum(x)
    np.testing.assert_array_equal(ints, [0, 0, 5, 5, 5, 5])


def test_carray_and_farray_view_a_pointer():
    carray = pytest.importorskip("numba.cuda.np.numpy_support").carray
    farray = pytest.importorskip("numba.cuda.np.numpy_support").farray

    @cuda.jit(types.void(types.CPointer(types.int16), types.int64, types.int64,
                         types.int16[:, ::1], types.int16[:, ::1]))
    def views(p, rows, cols, c_out, f_out):
        c = carray(p, (rows, cols))
        f = farray(p, (rows, cols), dtype=cuda.int16)
        for i in range(rows):
            for j in range(cols):
                c_out[i, j] = c[i, j]
                f_out[i, j] = f[i, j]
        c[0, 1] = -1

    data = cuda.to_device(np.arange(12, dtype=np.int16))
    c_out = np.zeros((3, 4), np.int16)
    f_out = np.zeros((3, 4), np.int16)
    views[1, 1](address(data), 3, 4, c_out, f_out)
    host = np.arange(12, dtype=np.int16)
    np.testing.assert_array_equal(c_out, host.reshape(3, 4))
    np.testing.assert_array_equal(f_out, host.reshape(3, 4, order="F"))
    assert data.copy_to_host()[1] == -1
