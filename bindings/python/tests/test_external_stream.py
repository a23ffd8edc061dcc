"""``cuda.external_stream(ptr)``: another library's stream, used by kernelc
(copies and launches on it, ``synchronize``) and never destroyed. On the
CPU device (this suite's usual device) the handle only names the stream;
on the GPU path the same is checked against the emulated driver
(``KERNELC_DEVICE=gpu KERNELC_CUDA_DRIVER=libkernelc_emucuda.so``) in a
process of its own, with a stream made through the driver API. Results are
checked against NumPy."""

import gc
import os
import subprocess
import sys

import numpy as np
import pytest

import kernelc
from kernelc import cuda

HERE = os.path.dirname(os.path.abspath(__file__))


@cuda.jit
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
    axpy[(n + 63) // 64, 64, stream](a, dx, dy, dout)  # the second by its launch plan
    out = dout.copy_to_host(stream=stream)
    stream.synchronize()
    np.testing.assert_array_equal(out, a * x + y)
    # Host arrays on the stream too (copied in and back).
    hout = np.zeros(n)
    axpy[(n + 63) // 64, 64, stream](a, x, y, hout)
    stream.synchronize()
    np.testing.assert_array_equal(hout, a * x + y)


def test_a_kernelc_streams_handle_wrapped_and_dropped_leaves_the_stream_usable():
    own = cuda.stream()
    ext = cuda.external_stream(own.handle)
    assert ext.external and not own.external
    assert ext.handle == own.handle == int(ext) and ext
    assert "external stream" in repr(ext)
    run_on(ext)
    del ext
    gc.collect()
    run_on(own)


def test_any_handle_names_a_stream_on_the_cpu_device():
    if not cuda.get_current_device().is_cpu:
        pytest.skip("on a GPU a handle must be a live CUstream (see the GPU-path test)")
    ext = cuda.external_stream(0xBEEF)
    assert ext.handle == 0xBEEF
    run_on(ext)
    event = cuda.event()
    event.record(ext)
    event.synchronize()
    assert event.query()


def test_zero_is_the_default_stream_and_bad_handles_are_refused():
    default = cuda.external_stream(0)
    assert not default and default.handle == 0
    run_on(default)
    with pytest.raises(TypeError, match="must be an int"):
        cuda.external_stream(np.int64(5))
    with pytest.raises(TypeError, match="must be an int"):
        cuda.external_stream("0x10")
    with pytest.raises(ValueError, match="64-bit handle"):
        cuda.external_stream(-1)
    with pytest.raises(ValueError, match="64-bit handle"):
        cuda.external_stream(2**64)


def emulated_driver():
    """libkernelc_emucuda.so beside the libkernelc in use, or None."""
    lib = os.path.join(os.path.dirname(kernelc._lib.library_path()), "libkernelc_emucuda.so")
    return lib if os.path.exists(lib) else None


def test_on_the_gpu_path_with_a_driver_made_stream_and_the_cache(tmp_path):
    driver = emulated_driver()
    if driver is None:
        pytest.skip("libkernelc_emucuda.so is not built beside libkernelc "
                    "(cargo build -p kernelc-emucuda)")
    env = dict(os.environ, KERNELC_DEVICE="gpu", KERNELC_CUDA_DRIVER=driver,
               KERNELC_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join([os.path.dirname(os.path.dirname(kernelc.__file__)),
                                           os.environ.get("PYTHONPATH", "")]))
    script = os.path.join(HERE, "scripts", "gpu_path_stream_cache.py")
    outs = []
    for _ in range(2):
        r = subprocess.run([sys.executable, script], env=env, capture_output=True, text=True,
                           timeout=600)
        assert r.returncode == 0, r.stdout + r.stderr
        outs.append(r.stdout.split("\n"))
    for out in outs:
        assert "ok foreign stream" in out and "ok own stream wrapped" in out
    # The first process compiled the kernel (once: then it was in memory),
    # the second read it from the file.
    assert "ok cache 0 1 0" in outs[0]
    assert "ok cache 1 0 0" in outs[1]
