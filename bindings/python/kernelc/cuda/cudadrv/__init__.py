"""``numba.cuda.cudadrv``'s host classes, where numba-cuda's programs (and
tests) name them: ``cuda.cudadrv.driver.Stream``, ``cuda.cudadrv.nvrtc.find_closest_arch``,
``cuda.cudadrv.devicearray.DeviceNDArray``, ``cuda.cudadrv.error``'s
exceptions."""

from ... import _devicearray as devicearray
from . import driver, error, nvrtc

__all__ = ["devicearray", "driver", "error", "nvrtc"]
