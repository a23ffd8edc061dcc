# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_stream_api.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

from kernelc import cuda

# Basic tests that stream APIs execute on the hardware and in the simulator.
#
# Correctness of semantics is exercised elsewhere in the test suite (though we
# could improve the comprehensiveness of testing by adding more correctness
# tests here in future).


def test_stream_create_and_sync():
    s = cuda.stream()
    s.synchronize()


def test_default_stream_create_and_sync():
    s = cuda.default_stream()
    s.synchronize()


def test_legacy_default_stream_create_and_sync():
    s = cuda.legacy_default_stream()
    s.synchronize()


def test_ptd_stream_create_and_sync():
    s = cuda.per_thread_default_stream()
    s.synchronize()


def test_external_stream_create():
    #  A dummy pointer value
    ptr = 0x12345678
    s = cuda.external_stream(ptr)
    # We don't test synchronization on the stream because it's not a real
    # stream - we used a dummy pointer for testing the API, so we just
    # ensure that the stream handle matches the external stream pointer.
    value = int(s.handle)
    assert ptr == value


# Left out: test_external_stream_simulator_unavailable (numba-cuda's simulator only).
