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


PROGRAMS = [saxpy, block_sums, scalars]


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
