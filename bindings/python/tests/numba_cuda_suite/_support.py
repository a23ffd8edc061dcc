"""What the ported tests take from numba-cuda's test support: the
``assertPreciseEqual`` of its ``TestCase`` (types and values compared
exactly, NaNs and signed zeros included), as a plain function."""

import pytest

_support = pytest.importorskip("numba.cuda.tests.support")


class _Case(_support.TestCase):
    def runTest(self):
        pass


assertPreciseEqual = _Case().assertPreciseEqual
# Its warnings bookkeeping (numba-cuda's test_ufuncs calls it).
reset_module_warnings = _Case().reset_module_warnings

# numba-cuda's CUDATestCase.FLOAT16_RTOL (numba/cuda/testing.py).
FLOAT16_RTOL = __import__("numpy").finfo("float16").eps


class ForeignArray:
    """
    Class for emulating an array coming from another library through the CUDA
    Array interface. This just hides a DeviceNDArray so that it doesn't look
    like a DeviceNDArray.
    """

    # numba-cuda's (numba/cuda/testing.py; that module needs `filecheck`).

    def __init__(self, arr):
        self._arr = arr
        self.__cuda_array_interface__ = arr.__cuda_array_interface__


@__import__("contextlib").contextmanager
def override_config(name, value):
    """numba-cuda's ``override_config`` (numba/cuda/tests/support.py), for
    kernelc's ``cuda.config``: sets setting `name` to `value` for the
    ``with`` block."""
    from kernelc.cuda import config

    old_value = getattr(config, name)
    setattr(config, name, value)
    try:
        yield
    finally:
        setattr(config, name, old_value)

# numba-cuda's CheckWarningsMixin.check_warnings (a context manager).
check_warnings = type("_Warned", (_Case, _support.CheckWarningsMixin), {})().check_warnings
