"""What the ported tests take from numba-cuda's test support: the
``assertPreciseEqual`` of its ``TestCase`` (types and values compared
exactly, NaNs and signed zeros included), as a plain function."""

import pytest

_support = pytest.importorskip("numba.cuda.tests.support")


class _Case(_support.TestCase):
    def runTest(self):
        pass


assertPreciseEqual = _Case().assertPreciseEqual
