# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudadrv/test_events.py. Upstream: Copyright (c)
# 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed
# and the unittest scaffolding turned into pytest functions; see ../README.md.

import numpy as np
import pytest

from kernelc import cuda


def test_event_elapsed():
    N = 32
    dary = cuda.device_array(N, dtype=np.double)
    evtstart = cuda.event()
    evtend = cuda.event()

    evtstart.record()
    cuda.to_device(np.arange(N, dtype=np.double), to=dary)
    evtend.record()
    evtend.wait()
    evtend.synchronize()
    # Exercise the code path
    evtstart.elapsed_time(evtend)


def test_event_elapsed_stream():
    stream = cuda.stream()
    event_elapsed_inner(stream)


def test_event_elapsed_cuda_core_stream():
    Device = pytest.importorskip("cuda.core").Device

    try:
        dev = Device()
    except Exception as e:  # upstream's skip_on_cudasim: it needs NVIDIA's driver
        pytest.skip(f"cuda.core finds no CUDA driver (libcuda): {type(e).__name__}")
    dev.set_current()
    stream = dev.create_stream()
    event_elapsed_inner(stream)


def event_elapsed_inner(stream):
    N = 32
    dary = cuda.device_array(N, dtype=np.double)
    evtstart = cuda.event()
    evtend = cuda.event()

    evtstart.record(stream=stream)
    cuda.to_device(np.arange(N, dtype=np.double), to=dary, stream=stream)
    evtend.record(stream=stream)
    evtend.wait(stream=stream)
    evtend.synchronize()
    # Exercise the code path
    evtstart.elapsed_time(evtend)
