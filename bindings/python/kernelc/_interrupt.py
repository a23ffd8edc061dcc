"""Ctrl-C during a launch on the CPU device.

A launch on the CPU device runs inside one ``kc_launch`` call, and Python
runs signal handlers only between bytecodes of the main thread: without
help, Ctrl-C would wait for a kernel that may never end. :func:`call`
makes the call interruptible at (almost) no cost per launch:

- for the duration of the call, Python's wakeup fd
  (``signal.set_wakeup_fd``) is a pipe read by one daemon thread, the
  *watcher* (started on first use). Python's own C-level signal handler
  writes each signal's number into it;
- when the watcher reads ``SIGINT``, it calls ``kc_device_interrupt`` on
  the launching device (again every 20 ms until the launch returns, in
  case the signal came before the device started running it), so
  ``kc_launch`` returns ``KC_ERROR_INTERRUPTED`` within milliseconds;
- back in the main thread, Python runs its SIGINT handler, which by default
  raises ``KeyboardInterrupt``. (A handler that does not raise leaves the
  ``LaunchInterrupted`` error the binding raises for that status.)

Bytes for other signals, and all bytes when a wakeup fd was already set
(asyncio sets one), are passed on to the previous wakeup fd, which is
restored after the call. Only the main thread can set the wakeup fd: a
launch from another thread (where Python delivers no signals) and launches
on Windows are plain calls.

Launch plans (``_launch``) do the same for less: they call
``kc_launch_packed`` with the watcher's pipe as its ``sigint_fd``, so that
for the duration of the launch the C API itself writes each SIGINT to the
pipe, after running Python's own C-level handler (libkernelc's handler,
put in front of Python's on the first such launch and left there, costs
one ``sigaction`` query per launch, in place of two
``signal.set_wakeup_fd`` calls, which check the fd with two system calls).
Python's wakeup fd is left alone then: its handler writes to it as always,
and the watcher has nothing to pass on. Plans set ``device`` and
``launch`` as :func:`interruptible` does.
"""

from __future__ import annotations

import os
import signal
import threading
import time

from ._lib import lib

__all__ = ["call", "interruptible"]

_SIGINT = int(signal.SIGINT)
_RETRY_SECONDS = 0.02


class _Watcher:
    """The pipe and the thread that turns a SIGINT into
    ``kc_device_interrupt`` on the device launching now.

    ``device`` (the launching ``_runtime.Device``, or None), ``launch`` (a
    count of calls, so a retry loop ends with its own launch) and
    ``forward`` (the previous wakeup fd, or -1) are written by the main
    thread around each call and read by the watcher: single attribute
    stores and loads, atomic under the GIL.
    """

    def __init__(self):
        self.read_fd, self.write_fd = os.pipe()
        os.set_blocking(self.write_fd, False)
        self.device = None
        self.launch = 0
        self.forward = -1
        threading.Thread(target=self._run, name="kernelc-sigint", daemon=True).start()

    def _run(self):
        while True:
            try:
                data = os.read(self.read_fd, 512)
            except OSError:
                return
            if not data:
                return
            # Interrupt first: passing bytes on must never delay it.
            if _SIGINT in data:
                self._interrupt()
            self._forward(data)

    def _forward(self, data):
        forward = self.forward
        if forward < 0 or forward == self.write_fd:
            return
        try:
            # Python only accepts a non-blocking wakeup fd; one that is
            # blocking now was closed and its number reused: writing to it
            # could block this thread for good.
            if not os.get_blocking(forward):
                os.write(forward, data)
        except OSError:
            pass

    def _interrupt(self):
        device, launch = self.device, self.launch
        # Holding `device` keeps its handle alive while it is used here.
        while device is not None and self.device is device and self.launch == launch:
            try:
                lib.kc_device_interrupt(device.handle)
            except Exception:  # noqa: BLE001 - the watcher must not die
                return
            time.sleep(_RETRY_SECONDS)


_watcher = None
_watcher_lock = threading.Lock()
_POSIX = os.name == "posix"
_MAIN_THREAD = threading.main_thread().ident  # only it can set the wakeup fd


def _get_watcher() -> _Watcher:
    global _watcher
    if _watcher is None:
        with _watcher_lock:
            if _watcher is None:
                _watcher = _Watcher()
    return _watcher


def _forget_after_fork():
    # The child has the pipe but not the thread: start afresh on next use.
    # Its main thread is the one that forked (threading's own fork hook,
    # registered before this one, has already said so).
    global _watcher, _MAIN_THREAD
    _watcher = None
    _MAIN_THREAD = threading.main_thread().ident


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)


def call(device, fn, *args):
    """``fn(*args)``: a blocking launch on ``device`` (a CPU-device
    ``_runtime.Device``), interruptible by Ctrl-C when called from the main
    thread."""
    return interruptible(device, fn)(*args)


def interruptible(device, fn):
    """``fn`` (a blocking launch on ``device``, a CPU-device
    ``_runtime.Device``) as a function that is interruptible by Ctrl-C when
    called from the main thread. Made once per launch plan: per call it
    costs two ``signal.set_wakeup_fd`` calls (the first one checks the
    pipe with two system calls, ``fstat`` and ``fcntl``) and a few
    attribute stores, about 1 µs on a 2-core VM."""

    def launch(*args):
        if not _POSIX or get_ident() != _MAIN_THREAD:
            return fn(*args)
        w = _watcher or _get_watcher()
        # The device is named before the pipe is: a SIGINT that reaches the
        # pipe always finds the device to interrupt.
        w.launch += 1
        w.device = device
        try:
            try:
                previous = set_wakeup_fd(w.write_fd)
            except ValueError:  # not the main thread after all (Python decides)
                return fn(*args)
            # Our own pipe as the previous fd means that an earlier call was
            # stopped (by KeyboardInterrupt) before it restored the fd:
            # there is nothing to pass on or to restore.
            if previous == w.write_fd:
                previous = -1
            w.forward = previous
            try:
                return fn(*args)
            finally:
                set_wakeup_fd(previous)
                w.forward = -1
        finally:
            w.device = None

    return launch


get_ident = threading.get_ident
set_wakeup_fd = signal.set_wakeup_fd
