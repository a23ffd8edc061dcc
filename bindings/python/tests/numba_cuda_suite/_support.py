"""What the ported tests take from numba-cuda's test support: the
``assertPreciseEqual`` of its ``TestCase`` (types and values compared
exactly, NaNs and signed zeros included), as a plain function."""

import pytest

_support = pytest.importorskip("numba.cuda.tests.support")


class _Case(_support.TestCase):
    def runTest(self):
        pass


assertPreciseEqual = _Case().assertPreciseEqual

# numba-cuda's CUDATestCase.FLOAT16_RTOL (numba/cuda/testing.py).
FLOAT16_RTOL = __import__("numpy").finfo("float16").eps
