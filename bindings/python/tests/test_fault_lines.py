"""A fault on the CPU device names the Python line of the kernel that
faulted (from the `.loc` line information in kernelc's PTX), in this file's
own coordinates, also for a kernel nested in a function."""

import os
import sys

import numpy as np
import pytest

import kernelc
from kernelc import cuda

HERE = os.path.abspath(__file__)
sys.path.insert(0, os.path.dirname(HERE))
from helper_device_functions import store_far  # noqa: E402


def line_of(text, path=HERE):
    """The 1-based line of the file at `path` that contains `text`."""
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if text in line and "line_of(" not in line:
                return n
    raise AssertionError(text)


@cuda.jit
def out_of_bounds(a):
    i = cuda.grid(1)
    x = a[i] * 2
    a[i + 1000] = x  # the faulting line


@pytest.fixture
def cpu_device():
    if not cuda.get_current_device().is_cpu:
        pytest.skip("fault messages with lines come from the CPU device (KERNELC_DEVICE=cpu)")


def test_an_out_of_bounds_access_names_the_python_line(cpu_device):
    with pytest.raises(kernelc.LaunchError) as info:
        out_of_bounds[1, 32](np.zeros(32, dtype=np.float32))
    message = str(info.value)
    want = f"{out_of_bounds.py_func.__code__.co_filename}:{line_of('# the faulting line')} (PTX line "
    assert want in message, message
    assert "memory fault" in message


def test_a_nested_kernel_names_its_line_in_this_file(cpu_device):
    if True:  # indented twice: the kernel's source is dedented for the compiler

        @cuda.jit
        def nested(a):
            i = cuda.grid(1)
            a[i + 5000] = 1.0  # nested faulting line

    with pytest.raises(kernelc.LaunchError) as info:
        nested[1, 32](np.zeros(32, dtype=np.float32))
    message = str(info.value)
    want = f"{HERE}:{line_of('# nested faulting line')} (PTX line "
    assert want in message, message


@cuda.jit
def calls_store_far(a):
    store_far(a, cuda.grid(1))


def test_a_device_function_of_another_module_names_its_own_file(cpu_device):
    # The compiler sees the device function appended to this file's view;
    # the message names the helper's file and line.
    helper = store_far.py_func.__code__.co_filename
    with pytest.raises(kernelc.LaunchError) as info:
        calls_store_far[1, 32](np.zeros(32, dtype=np.float32))
    message = str(info.value)
    want = f"{helper}:{line_of('# store_far', helper)} (PTX line "
    assert want in message, message
