"""Devices, memory, modules, launches, streams and events over libkernelc's
device API. (Device side: being written against the C API's device
functions.)"""

from __future__ import annotations

import os

from .errors import CudaSupportError

_current = None


def target_arch() -> str:
    """The ``sm_XX`` to compile for: the current device's."""
    return current().arch


def device_list():
    raise CudaSupportError("libkernelc's device API is not available yet")


def current():
    raise CudaSupportError("libkernelc's device API is not available yet")


def current_index() -> int:
    return 0


def select(index: int):
    raise CudaSupportError("libkernelc's device API is not available yet")


def close():
    pass


def gpu_available() -> bool:
    return False


class ForeignMemory:
    """Device memory owned by another object (``__cuda_array_interface__``)."""

    def __init__(self, ptr, owner):
        self.ptr = ptr
        self.nbytes = 0
        self.owner = owner
        self.device = current()


_ = os
