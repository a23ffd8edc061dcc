"""CUDA driver API programs written the way NVIDIA's cuda-bindings samples
are (NVRTC's PTX, cuModuleLoadData, cuLaunchKernel with packed arguments,
copies, streams, events), run against whatever `libcuda.so.1` the loader
finds: `test_cuda_bindings.py` runs this file in a process whose
LD_LIBRARY_PATH points at kernelc's emulated driver.

    python driver_programs.py PTX_DIR     (prints one "ok NAME" per program)
"""

import ctypes
import os
import sys

import numpy as np
from cuda.bindings import driver as cu


def check(result):
    err, *rest = result
    if err != cu.CUresult.CUDA_SUCCESS:
        raise RuntimeError(f"{err}")
    return rest[0] if len(rest) == 1 else tuple(rest) if rest else None


def load(ptx_dir, name):
    with open(os.path.join(ptx_dir, name + ".ptx"), "rb") as f:
        return check(cu.cuModuleLoadData(f.read() + b"\0"))


def to_device(a):
    d = check(cu.cuMemAlloc(a.nbytes))
    check(cu.cuMemcpyHtoD(d, a.ctypes.data, a.nbytes))
    return d


def to_host(d, like):
    out = np.empty_like(like)
    check(cu.cuMemcpyDtoH(out.ctypes.data, d, out.nbytes))
    return out


def saxpy(ptx_dir):
    fn = check(cu.cuModuleGetFunction(load(ptx_dir, "saxpy"), b"saxpy"))
    n = 1000
    x = np.arange(n, dtype=np.float32)
    y = np.ones(n, dtype=np.float32)
    dx, dy = to_device(x), to_device(y)
    args = ((np.float32(2.0), dx, dy, n), (ctypes.c_float, None, None, ctypes.c_int))
    check(cu.cuLaunchKernel(fn, (n + 127) // 128, 1, 1, 128, 1, 1, 0, 0, args, 0))
    check(cu.cuCtxSynchronize())
    np.testing.assert_array_equal(to_host(dy, y), 2 * x + 1)
    check(cu.cuMemFree(dx))
    check(cu.cuMemFree(dy))


def block_sums(ptx_dir):
    """Dynamic shared memory and barriers, on a stream, timed by events."""
    fn = check(cu.cuModuleGetFunction(load(ptx_dir, "block_sums"), b"block_sums"))
    threads, blocks = 128, 8
    x = (np.arange(threads * blocks) % 17).astype(np.int32)
    dx = to_device(x)
    dout = check(cu.cuMemAlloc(blocks * 4))
    stream = check(cu.cuStreamCreate(0))
    start, end = check(cu.cuEventCreate(0)), check(cu.cuEventCreate(0))
    check(cu.cuEventRecord(start, stream))
    args = ((dx, dout), (None, None))
    check(cu.cuLaunchKernel(fn, blocks, 1, 1, threads, 1, 1, threads * 4, stream, args, 0))
    check(cu.cuEventRecord(end, stream))
    check(cu.cuStreamSynchronize(stream))
    ms = check(cu.cuEventElapsedTime(start, end))
    assert ms >= 0.0
    got = to_host(dout, np.zeros(blocks, np.int32))
    np.testing.assert_array_equal(got, x.reshape(blocks, threads).sum(axis=1))
    check(cu.cuStreamDestroy(stream))


def scalars(ptx_dir):
    """Parameters of every size: 1, 2, 4 and 8-byte integers, float, double."""
    fn = check(cu.cuModuleGetFunction(load(ptx_dir, "scalars"), b"scalars"))
    dout = check(cu.cuMemAlloc(6 * 8))
    values = (-5, 1234, -70000, 1 << 40, 2.5, -0.125)
    types = (ctypes.c_byte, ctypes.c_short, ctypes.c_int, ctypes.c_longlong, ctypes.c_float, ctypes.c_double)
    args = ((dout,) + values, (None,) + types)
    check(cu.cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, 0, args, 0))
    check(cu.cuCtxSynchronize())
    got = to_host(dout, np.zeros(6, np.float64))
    np.testing.assert_array_equal(got, np.array(values, np.float64))


def launch_raw(fn, grid, block, shared, stream, values):
    """cuLaunchKernel with kernelParams built by hand, as C code builds it:
    an array of pointers, one to each argument's bytes (ctypes objects,
    a struct among them)."""
    ptrs = (ctypes.c_void_p * len(values))(*[ctypes.addressof(v) for v in values])
    check(cu.cuLaunchKernel(fn, *grid, *block, shared, stream, ctypes.addressof(ptrs), 0))


def dptr(d):
    return ctypes.c_uint64(int(d))


def struct_arg(ptx_dir):
    """A struct passed by value (its C layout: float, int, double at 8)."""

    class Params(ctypes.Structure):
        _fields_ = [("scale", ctypes.c_float), ("offset", ctypes.c_int), ("bias", ctypes.c_double)]

    fn = check(cu.cuModuleGetFunction(load(ptx_dir, "struct_arg"), b"struct_arg"))
    n = 300
    x = np.linspace(-3, 3, n).astype(np.float32)
    dx, dout = to_device(x), check(cu.cuMemAlloc(n * 8))
    p = Params(1.5, -4, 0.25)
    launch_raw(fn, ((n + 63) // 64, 1, 1), (64, 1, 1), 0, 0, [p, dptr(dx), dptr(dout), ctypes.c_int(n)])
    check(cu.cuCtxSynchronize())
    want = (x * np.float32(1.5)).astype(np.float64) - 4 + 0.25
    np.testing.assert_array_equal(to_host(dout, np.zeros(n)), want)


def two_streams(ptx_dir):
    """Two streams: the second waits for an event the first records after
    its kernel; async copies through pinned host memory."""
    mod = load(ptx_dir, "two_streams")
    square = check(cu.cuModuleGetFunction(mod, b"square"))
    add_from = check(cu.cuModuleGetFunction(mod, b"add_from"))
    n = 4096
    nbytes = n * 4
    pinned = check(cu.cuMemHostAlloc(nbytes, 0))
    host = np.ctypeslib.as_array(ctypes.cast(pinned, ctypes.POINTER(ctypes.c_float)), (n,))
    host[:] = np.arange(n, dtype=np.float32) % 50
    x0 = host.copy()
    dx, dy = check(cu.cuMemAlloc(nbytes)), check(cu.cuMemAlloc(nbytes))
    check(cu.cuMemsetD32(dy, int(np.float32(1.0).view(np.uint32)), n))
    a, b = check(cu.cuStreamCreate(0)), check(cu.cuStreamCreate(1))  # default, non-blocking
    done = check(cu.cuEventCreate(0))
    check(cu.cuMemcpyHtoDAsync(dx, pinned, nbytes, a))
    args = ((dx, n), (None, ctypes.c_int))
    check(cu.cuLaunchKernel(square, n // 256, 1, 1, 256, 1, 1, 0, a, args, 0))
    check(cu.cuEventRecord(done, a))
    check(cu.cuStreamWaitEvent(b, done, 0))
    args = ((dy, dx, n), (None, None, ctypes.c_int))
    check(cu.cuLaunchKernel(add_from, n // 256, 1, 1, 256, 1, 1, 0, b, args, 0))
    check(cu.cuMemcpyDtoHAsync(pinned, dy, nbytes, b))
    check(cu.cuStreamSynchronize(b))
    check(cu.cuEventSynchronize(done))
    assert check(cu.cuEventQuery(done)) is None
    np.testing.assert_array_equal(host, x0 * x0 + 1)
    for s in (a, b):
        check(cu.cuStreamDestroy(s))
    check(cu.cuEventDestroy(done))
    check(cu.cuMemFreeHost(pinned))


def memsets(ptx_dir):
    """cuMemsetD32, cuMemsetD8, a device-to-device copy, then a kernel."""
    fn = check(cu.cuModuleGetFunction(load(ptx_dir, "memsets"), b"xor_into"))
    n = 1000
    da, db, dc = check(cu.cuMemAlloc(n * 4)), check(cu.cuMemAlloc(n)), check(cu.cuMemAlloc(n * 4))
    check(cu.cuMemsetD32(dc, 0xA5A5F00F, n))
    check(cu.cuMemcpyDtoD(da, dc, n * 4))
    check(cu.cuMemsetD8(db, 0x3C, n))
    args = ((da, db, n), (None, None, ctypes.c_int))
    check(cu.cuLaunchKernel(fn, (n + 127) // 128, 1, 1, 128, 1, 1, 0, 0, args, 0))
    check(cu.cuCtxSynchronize())
    np.testing.assert_array_equal(to_host(da, np.zeros(n, np.uint32)), np.full(n, 0xA5A5F00F ^ 0x3C, np.uint32))


def module_globals(ptx_dir):
    """A __device__ counter and __constant__ coefficients through
    cuModuleGetGlobal."""
    mod = load(ptx_dir, "module_globals")
    fn = check(cu.cuModuleGetFunction(mod, b"poly"))
    dcoeffs, size = check(cu.cuModuleGetGlobal(mod, b"coeffs"))
    dcounter, csize = check(cu.cuModuleGetGlobal(mod, b"counter"))
    assert (size, csize) == (16, 4), (size, csize)
    coeffs = np.array([1.0, -2.0, 0.5, 0.25], np.float32)
    check(cu.cuMemcpyHtoD(dcoeffs, coeffs.ctypes.data, 16))
    check(cu.cuMemsetD32(dcounter, 0, 1))
    n = 200
    x = np.linspace(-2, 2, n).astype(np.float32)
    dx, dy = to_device(x), check(cu.cuMemAlloc(n * 4))
    args = ((dx, dy, n), (None, None, ctypes.c_int))
    check(cu.cuLaunchKernel(fn, 4, 1, 1, 64, 1, 1, 0, 0, args, 0))
    check(cu.cuCtxSynchronize())
    c = coeffs
    want = c[0] + x * (c[1] + x * (c[2] + x * c[3]))
    np.testing.assert_allclose(to_host(dy, x), want, rtol=1e-6, atol=1e-6)
    assert to_host(dcounter, np.zeros(1, np.int32))[0] == n


def occupancy(ptx_dir):
    """Function attributes, occupancy, and a cooperative launch: one that
    fits, and one too large for the device to hold at once."""
    fn = check(cu.cuModuleGetFunction(load(ptx_dir, "occupancy"), b"tile_sum"))
    a = cu.CUfunction_attribute
    assert check(cu.cuFuncGetAttribute(a.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn)) == 1024
    assert check(cu.cuFuncGetAttribute(a.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn)) >= 256
    per_sm = check(cu.cuOccupancyMaxActiveBlocksPerMultiprocessor(fn, 256, 0))
    assert 1 <= per_sm <= 8, per_sm  # 2048 threads per multiprocessor at most
    dev = check(cu.cuDeviceGet(0))
    sms = check(cu.cuDeviceGetAttribute(cu.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev))
    assert sms >= 1
    blocks = 16
    x = np.arange(blocks * 256, dtype=np.float32) % 7
    dx, dout = to_device(x), check(cu.cuMemAlloc(blocks * 4))
    values = [dptr(dx), dptr(dout)]
    ptrs = (ctypes.c_void_p * 2)(*[ctypes.addressof(v) for v in values])
    check(cu.cuLaunchCooperativeKernel(fn, blocks, 1, 1, 256, 1, 1, 0, 0, ctypes.addressof(ptrs)))
    check(cu.cuCtxSynchronize())
    np.testing.assert_array_equal(to_host(dout, np.zeros(blocks, np.float32)), x.reshape(blocks, 256).sum(axis=1))
    too_many = per_sm * sms + 1
    err, *_ = cu.cuLaunchCooperativeKernel(fn, too_many, 1, 1, 256, 1, 1, 0, 0, ctypes.addressof(ptrs))
    assert err == cu.CUresult.CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, err


def linked(ptx_dir):
    """The linker: PTX in, a linked image out, loaded as a module."""
    with open(os.path.join(ptx_dir, "linked.ptx"), "rb") as f:
        ptx = f.read() + b"\0"
    link = check(cu.cuLinkCreate(0, [], []))
    check(cu.cuLinkAddData(link, cu.CUjitInputType.CU_JIT_INPUT_PTX, ptx, len(ptx), b"linked.ptx", 0, [], []))
    image, size = check(cu.cuLinkComplete(link))
    assert size > 0
    mod = check(cu.cuModuleLoadData(image))
    check(cu.cuLinkDestroy(link))
    fn = check(cu.cuModuleGetFunction(mod, b"iota"))
    n = 100
    dout = check(cu.cuMemAlloc(n * 8))
    args = ((dout, 1 << 33, n), (None, ctypes.c_longlong, ctypes.c_int))
    check(cu.cuLaunchKernel(fn, 1, 1, 1, 128, 1, 1, 0, 0, args, 0))
    check(cu.cuCtxSynchronize())
    np.testing.assert_array_equal(to_host(dout, np.zeros(n, np.int64)), (1 << 33) + np.arange(n))
    check(cu.cuModuleUnload(mod))


def transpose_2d(ptx_dir):
    """A 2-D grid of 2-D blocks, on arrays passed as pointers into the
    middle of one allocation (device pointer arithmetic)."""
    fn = check(cu.cuModuleGetFunction(load(ptx_dir, "transpose_2d"), b"transpose"))
    rows, cols = 37, 53
    a = np.random.default_rng(3).random((rows, cols))
    whole = check(cu.cuMemAlloc(2 * a.nbytes + 256))
    da = int(whole) + 128
    db = da + a.nbytes
    check(cu.cuMemcpyHtoD(da, a.ctypes.data, a.nbytes))
    args = ((da, db, rows, cols), (ctypes.c_uint64, ctypes.c_uint64, ctypes.c_int, ctypes.c_int))
    check(cu.cuLaunchKernel(fn, (cols + 15) // 16, (rows + 7) // 8, 1, 16, 8, 1, 0, 0, args, 0))
    check(cu.cuCtxSynchronize())
    out = np.empty((cols, rows))
    check(cu.cuMemcpyDtoH(out.ctypes.data, db, out.nbytes))
    np.testing.assert_array_equal(out, a.T)
    check(cu.cuMemFree(whole))


def mapped_managed(ptx_dir):
    """Zero-copy memory: mapped page-locked host memory
    (cuMemHostAlloc(DEVICEMAP) and cuMemHostGetDevicePointer) and managed
    memory (cuMemAllocManaged), written by the host, updated in place by a
    kernel, read back by the host with no copy; and the misuses refused."""
    fn = check(cu.cuModuleGetFunction(load(ptx_dir, "mapped_managed"), b"bump"))
    n = 300
    flags = cu.CU_MEMHOSTALLOC_DEVICEMAP | cu.CU_MEMHOSTALLOC_PORTABLE
    mapped = check(cu.cuMemHostAlloc(n * 4, flags))
    dmapped = check(cu.cuMemHostGetDevicePointer(mapped, 0))
    managed = check(cu.cuMemAllocManaged(n * 4, cu.CUmemAttach_flags.CU_MEM_ATTACH_GLOBAL.value))
    for host, dev in ((int(mapped), dmapped), (int(managed), managed)):
        a = np.ctypeslib.as_array(ctypes.cast(host, ctypes.POINTER(ctypes.c_int32)), (n,))
        a[:] = np.arange(n)
        args = ((dev, n), (None, ctypes.c_int))
        check(cu.cuLaunchKernel(fn, (n + 127) // 128, 1, 1, 128, 1, 1, 0, 0, args, 0))
        check(cu.cuCtxSynchronize())
        np.testing.assert_array_equal(a, 3 * np.arange(n) + 1)
        # Copies see it too.
        np.testing.assert_array_equal(to_host(dev, a), a)
    # Pinned memory without DEVICEMAP has no device address; mapped memory
    # is freed with cuMemFreeHost, managed with cuMemFree.
    pinned = check(cu.cuMemHostAlloc(64, 0))
    err, _ = cu.cuMemHostGetDevicePointer(pinned, 0)
    assert err == cu.CUresult.CUDA_ERROR_INVALID_VALUE, err
    err, = cu.cuMemFree(dmapped)
    assert err == cu.CUresult.CUDA_ERROR_INVALID_VALUE, err
    check(cu.cuMemFreeHost(pinned))
    check(cu.cuMemFreeHost(mapped))
    check(cu.cuMemFree(managed))


PROGRAMS = [saxpy, block_sums, scalars, struct_arg, two_streams, memsets, module_globals,
            occupancy, linked, transpose_2d, mapped_managed]


def main(ptx_dir):
    check(cu.cuInit(0))
    dev = check(cu.cuDeviceGet(0))
    ctx = check(cu.cuCtxCreate(0, dev))
    for program in PROGRAMS:
        program(ptx_dir)
        print("ok", program.__name__, flush=True)
    check(cu.cuCtxDestroy(ctx))


if __name__ == "__main__":
    main(sys.argv[1])
