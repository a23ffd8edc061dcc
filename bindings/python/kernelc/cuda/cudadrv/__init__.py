"""``numba.cuda.cudadrv``'s host classes, where numba-cuda's programs (and
tests) name them: ``cuda.cudadrv.driver`` (``Stream``, ``Event`` and the
memory-transfer functions), ``cuda.cudadrv.devices.get_context()``,
``cuda.cudadrv.nvrtc.find_closest_arch``, ``cuda.cudadrv.devicearray``
(``DeviceNDArray``, ``DeviceRecord``...; also importable as
``kernelc.cuda.cudadrv.devicearray``, as numba-cuda's tests import it),
``cuda.cudadrv.error``'s exceptions."""

import sys

from ... import _devicearray as devicearray
from . import devices, driver, error, nvrtc

# `from kernelc.cuda.cudadrv.devicearray import DeviceRecord` (numba-cuda's
# spelling) finds the binding's module itself, not a copy of its names.
sys.modules[__name__ + ".devicearray"] = devicearray

__all__ = ["devicearray", "devices", "driver", "error", "nvrtc"]
