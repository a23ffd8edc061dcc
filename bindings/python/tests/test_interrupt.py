"""Stopping launches on the CPU device: Ctrl-C (SIGINT) during a kernel that
loops forever raises KeyboardInterrupt within a second or two, a time limit
raises LaunchTimeout, and the next launch runs right."""

import os
import signal
import threading
import time

import numpy as np
import pytest

import kernelc
from kernelc import cuda


@cuda.jit("void(int64, int64[::1])")
def spin(forever, a):
    i = cuda.grid(1)
    if forever != 0:
        while a[0] >= 0:
            a[0] += 1
    elif i < a.size:
        a[i] = 2 * i


@pytest.fixture
def cpu_device():
    if not cuda.get_current_device().is_cpu:
        pytest.skip("stopping a launch needs the CPU device (KERNELC_DEVICE=cpu)")
    # A safety net: a broken interrupt fails the test instead of hanging it.
    cuda.set_launch_timeout(30)
    yield
    cuda.set_launch_timeout(None)


@pytest.fixture
def default_sigint():
    """Python's own Ctrl-C handler (KeyboardInterrupt) for the test. Python
    installs it at start-up only when SIGINT is not ignored: a test run
    started in the background by a non-interactive shell (``cmd &``, nohup)
    inherits SIGINT ignored, and Ctrl-C would then do nothing at all."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def runs_right():
    a = np.zeros(64, dtype=np.int64)
    spin[2, 32](0, a)
    np.testing.assert_array_equal(a, 2 * np.arange(64))


@pytest.mark.skipif(os.name != "posix", reason="SIGINT wiring is POSIX only")
def test_ctrl_c_interrupts_an_endless_kernel(cpu_device, default_sigint):
    runs_right()  # compiled before the clock starts
    for array in (np.zeros(64, dtype=np.int64), cuda.to_device(np.zeros(64, dtype=np.int64))):
        timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
        start = time.monotonic()
        timer.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                spin[2, 32](1, array)
        finally:
            timer.cancel()
        took = time.monotonic() - start
        assert took < 2.5, f"KeyboardInterrupt after {took:.2f} s"
        runs_right()


def test_a_signal_handler_that_does_not_raise_leaves_launch_interrupted(cpu_device):
    if os.name != "posix":
        pytest.skip("SIGINT wiring is POSIX only")
    seen = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: seen.append(signum))
    try:
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        with pytest.raises(kernelc.LaunchInterrupted, match="launch interrupted"):
            spin[2, 32](1, np.zeros(64, dtype=np.int64))
        timer.cancel()
    finally:
        signal.signal(signal.SIGINT, previous)
    assert seen == [signal.SIGINT]
    runs_right()


def test_a_launch_from_another_thread_runs(cpu_device):
    # No wakeup fd there: a plain call.
    errors = []

    def work():
        try:
            runs_right()
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert errors == []


def test_a_time_limit_stops_an_endless_kernel(cpu_device):
    runs_right()
    cuda.set_launch_timeout(0.3)
    start = time.monotonic()
    with pytest.raises(kernelc.LaunchTimeout, match="longer than 300ms") as info:
        spin[2, 32](1, np.zeros(64, dtype=np.int64))
    assert isinstance(info.value, TimeoutError)
    assert 0.3 <= time.monotonic() - start < 5
    runs_right()  # within the limit
    cuda.set_launch_timeout(None)
    runs_right()
    with pytest.raises(ValueError, match="time limit"):
        cuda.set_launch_timeout(-1)


def test_asyncio_wakeup_fd_is_kept():
    # A wakeup fd set before a launch is in place again after it.
    if os.name != "posix" or not cuda.get_current_device().is_cpu:
        pytest.skip("CPU device on POSIX only")
    r, w = os.pipe()
    os.set_blocking(w, False)
    previous = signal.set_wakeup_fd(w)
    try:
        runs_right()
        assert signal.set_wakeup_fd(w) == w
    finally:
        signal.set_wakeup_fd(previous)
        os.close(r)
        os.close(w)
