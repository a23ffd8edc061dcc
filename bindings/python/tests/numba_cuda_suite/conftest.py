"""What numba-cuda's ``CUDATestCase.setUp``/``tearDown`` do around every
test of the suite (``numba/cuda/testing.py``), on kernelc's
``cuda.config``: no low-occupancy and no implicit-copy performance
warnings, unless a test turns them on (``override_config``)."""

import pytest


@pytest.fixture(autouse=True)
def _cuda_test_case_config(monkeypatch):
    from kernelc.cuda import config

    monkeypatch.setattr(config, "CUDA_LOW_OCCUPANCY_WARNINGS", 0)
    monkeypatch.setattr(config, "CUDA_WARN_ON_IMPLICIT_COPY", 0)
