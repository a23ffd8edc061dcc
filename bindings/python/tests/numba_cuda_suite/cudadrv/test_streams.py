# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudadrv/test_streams.py. Upstream: Copyright (c)
# 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed
# and the unittest scaffolding turned into pytest functions; see ../README.md.
# Upstream skips the whole class ("Disabled temporarily due to Issue #317");
# here the tests run.

import asyncio
import functools
import threading

import numpy as np
import pytest

from kernelc import cuda


def with_asyncio_loop(f):
    @functools.wraps(f)
    def runner(*args, **kwds):
        loop = asyncio.new_event_loop()
        loop.set_debug(True)
        try:
            return loop.run_until_complete(f(*args, **kwds))
        finally:
            loop.close()

    return runner


def test_add_callback():
    def callback(stream, status, event):
        event.set()

    stream = cuda.stream()
    callback_event = threading.Event()
    stream.add_callback(callback, callback_event)
    assert callback_event.wait(1.0)


def test_add_callback_with_default_arg():
    callback_event = threading.Event()
    seen = []

    def callback(stream, status, arg):
        seen.append(arg)
        callback_event.set()

    stream = cuda.stream()
    stream.add_callback(callback)
    assert callback_event.wait(1.0)
    # upstream asserts inside the callback (on the driver's thread)
    assert seen == [None]


@with_asyncio_loop
async def test_async_done():
    stream = cuda.stream()
    await stream.async_done()


@with_asyncio_loop
async def test_parallel_tasks():
    async def async_cuda_fn(value_in: float) -> float:
        stream = cuda.stream()
        h_src, h_dst = cuda.pinned_array(8), cuda.pinned_array(8)
        h_src[:] = value_in
        d_ary = cuda.to_device(h_src, stream=stream)
        d_ary.copy_to_host(h_dst, stream=stream)
        done_result = await stream.async_done()
        assert done_result == stream
        return h_dst.mean()

    values_in = [1, 2, 3, 4]
    tasks = [asyncio.create_task(async_cuda_fn(v)) for v in values_in]
    values_out = await asyncio.gather(*tasks)

    assert np.allclose(values_in, values_out)


@with_asyncio_loop
async def test_multiple_async_done():
    stream = cuda.stream()
    done_aws = [stream.async_done() for _ in range(4)]
    done = await asyncio.gather(*done_aws)

    for d in done:
        assert d == stream


@with_asyncio_loop
async def test_multiple_async_done_multiple_streams():
    streams = [cuda.stream() for _ in range(4)]

    done_aws = [stream.async_done() for stream in streams]
    done = await asyncio.gather(*done_aws)

    # Ensure we got the four original streams in done
    assert set(done) == set(streams)


@with_asyncio_loop
async def test_cancelled_future():
    stream = cuda.stream()
    done1, done2 = stream.async_done(), stream.async_done()
    done1.cancel()
    await done2
    assert done1.cancelled()
    assert done2.done()
