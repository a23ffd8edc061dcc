# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudadrv/test_select_device.py. Upstream: Copyright (c)
# 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed
# and the unittest scaffolding turned into pytest functions; see ../README.md.

#
# Test does not work on some cards.
#
import threading
from queue import Queue

import numpy as np

from kernelc import cuda


def newthread(exception_queue):
    try:
        cuda.select_device(0)
        stream = cuda.stream()
        A = np.arange(100)
        dA = cuda.to_device(A, stream=stream)
        stream.synchronize()
        del dA
        del stream
        cuda.synchronize()
    except Exception as e:
        exception_queue.put(e)


def test_select_device():
    exception_queue = Queue()
    for i in range(10):
        t = threading.Thread(target=newthread, args=(exception_queue,))
        t.start()
        t.join()

    exceptions = []
    while not exception_queue.empty():
        exceptions.append(exception_queue.get())
    assert exceptions == []
