# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudadrv/test_detect.py. Upstream: Copyright (c)
# 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the imports
# changed (the subprocess's program imports `from kernelc import cuda`) and
# the unittest scaffolding turned into pytest functions (`captured_stdout`
# as pytest's `capsys`); see ../README.md. `skip_under_cuda_memcheck`
# dropped.

import os
import subprocess
import sys
import threading

import pytest

from kernelc import cuda

# TestCudaDetect


def test_cuda_detect(capsys):
    # exercise the code path
    cuda.detect()
    output = capsys.readouterr().out
    assert "Found" in output
    assert "CUDA devices" in output


# TestSupportedVersion


def test_is_supported_version():
    # Exercise the `cuda.is_supported_version()` API.
    #
    # Assume for the purpose of the test that we're running on a supported
    # toolkit version; if not, there's not much point in running the test
    # suite.
    assert cuda.is_supported_version()


# TestCUDAFindLibs


def run_cmd(cmdline, env):
    popen = subprocess.Popen(cmdline, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    # finish in 5 minutes or kill it
    timeout = threading.Timer(5 * 60.0, popen.kill)
    try:
        timeout.start()
        out, err = popen.communicate()
        # the process should exit with an error
        return out.decode(), err.decode()
    finally:
        timeout.cancel()
    return None, None


def run_test_in_separate_process(envvar, envvar_value):
    env_copy = os.environ.copy()
    env_copy[envvar] = str(envvar_value)
    code = """if 1:
        from kernelc import cuda
        @cuda.jit('(int64,)')
        def kernel(x):
            pass
        kernel(1,)
        """
    cmdline = [sys.executable, "-c", code]
    return run_cmd(cmdline, env_copy)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="linux only")
def test_cuda_find_lib_errors():
    """
    This tests that driver discovery attempts to load from typical system
    locations and fails gracefully if pointed at an invalid directory.
    """
    # one of these is likely to exist on linux, it's also unlikely that
    # someone has extracted the contents of libdevice into here!
    locs = ["lib", "lib64"]
    looking_for = None
    for l in locs:
        looking_for = os.path.join(os.path.sep, l)
        if os.path.exists(looking_for):
            break

    # This is the testing part, the test will only run if there's a valid
    # path in which to look
    if looking_for is not None:
        # We no longer support NUMBA_CUDA_DRIVER. Still run the subprocess
        # to ensure importing and a trivial kernel launch path work, but
        # do not set any Numba-specific driver env vars.
        out, err = run_test_in_separate_process("DUMMY_UNUSED", looking_for)
        assert out is not None
        assert err is not None
