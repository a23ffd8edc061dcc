# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_userexc.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import re

import pytest
from kernelc import cuda

class MyError(Exception):
    pass


regex_pattern = (
    r'In function [\'"]test_exc[\'"], file [\:\.\/\\\-a-zA-Z_0-9]+, line \d+'
)


def test_user_exception():
    @cuda.jit("void(int32)", debug=True, opt=False)
    def test_exc(x):
        if x == 1:
            raise MyError
        elif x == 2:
            raise MyError("foo")

    test_exc[1, 1](0)  # no raise
    with pytest.raises(MyError) as cm:
        test_exc[1, 1](1)
    assert re.search(regex_pattern, str(cm.value))
    assert "tid=[0, 0, 0] ctaid=[0, 0, 0]" in str(cm.value)
    with pytest.raises(MyError) as cm:
        test_exc[1, 1](2)
    assert re.search(regex_pattern, str(cm.value))
    assert re.search(regex_pattern, str(cm.value))
    assert "tid=[0, 0, 0] ctaid=[0, 0, 0]: foo" in str(cm.value)


