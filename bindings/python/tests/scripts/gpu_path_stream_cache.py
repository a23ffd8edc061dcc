"""A process of test_external_stream.py on kernelc's GPU path, against the
driver named by KERNELC_CUDA_DRIVER (the emulated one in the tests, where
no GPU is needed; a real libcuda works too):

- a stream made through the driver API (``cuStreamCreate``, called here
  with ctypes on the same driver library) wrapped by
  ``cuda.external_stream``: copies and a launch on it, checked against
  NumPy; dropping the wrapper leaves the stream alive (its owner destroys
  it, and the driver says it was live);
- a kernelc stream's ``handle`` is the driver's ``CUstream`` (the driver
  synchronises it), and wrapping it gives a stream kernelc launches on
  without taking it over;
- a ``cache=True`` kernel on the GPU path: prints its cache counts, which
  the test compares across two runs.

Prints ``ok`` lines; any failure raises.
"""

import ctypes
import gc
import os
import sys

import numpy as np

from kernelc import cuda


@cuda.jit(cache=True)
def axpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


def run_on(stream, n=100, a=2.5):
    x = np.arange(n, dtype=np.float64)
    y = np.full(n, 3.0)
    dx = cuda.to_device(x, stream=stream)
    dy = cuda.to_device(y, stream=stream)
    dout = cuda.device_array(n, np.float64, stream=stream)
    axpy[(n + 63) // 64, 64, stream](a, dx, dy, dout)
    out = dout.copy_to_host(stream=stream)
    stream.synchronize()
    np.testing.assert_array_equal(out, a * x + y)


def main():
    dev = cuda.get_current_device()
    assert not dev.is_cpu, "run with KERNELC_DEVICE=gpu"
    driver = ctypes.CDLL(os.environ["KERNELC_CUDA_DRIVER"])
    ok = lambda status, what: status == 0 or sys.exit(f"{what} returned {status}")

    # The device's primary context, current on this thread, as another
    # library (CuPy, PyTorch) would have it.
    device, ctx = ctypes.c_int(), ctypes.c_void_p()
    ok(driver.cuDeviceGet(ctypes.byref(device), 0), "cuDeviceGet")
    ok(driver.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), device), "cuDevicePrimaryCtxRetain")
    ok(driver.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
    foreign = ctypes.c_void_p()
    ok(driver.cuStreamCreate(ctypes.byref(foreign), 0), "cuStreamCreate")

    ext = cuda.external_stream(foreign.value)
    assert ext.external and ext.handle == foreign.value and int(ext) == foreign.value
    run_on(ext)
    del ext
    gc.collect()
    # Still live: kernelc did not destroy it; its owner does.
    ok(driver.cuStreamSynchronize(foreign), "cuStreamSynchronize of the foreign stream")
    ok(driver.cuStreamDestroy_v2(foreign), "cuStreamDestroy of the foreign stream")
    print("ok foreign stream")

    own = cuda.stream()
    ok(driver.cuStreamSynchronize(ctypes.c_void_p(own.handle)), "cuStreamSynchronize(own.handle)")
    wrapped = cuda.external_stream(own.handle)
    run_on(wrapped)
    del wrapped
    gc.collect()
    run_on(own)
    print("ok own stream wrapped")

    s = axpy.stats
    print(f"ok cache {sum(s.cache_hits.values())} {sum(s.cache_misses.values())} "
          f"{sum(s.cache_corrupt.values())}")
    ok(driver.cuDevicePrimaryCtxRelease_v2(device), "cuDevicePrimaryCtxRelease")


if __name__ == "__main__":
    main()
