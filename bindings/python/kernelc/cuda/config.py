"""``numba.cuda.config``'s settings that kernelc's host API follows, read
from the same environment variables as Numba's (set them before the
first import, or assign the attributes at run time, as with Numba's).

- ``CUDA_ARRAY_INTERFACE_SYNC`` (``NUMBA_CUDA_ARRAY_INTERFACE_SYNC``,
  default 1): an array imported through ``__cuda_array_interface__`` with
  a ``stream`` (``cuda.as_cuda_array``, ``cuda.from_cuda_array_interface``,
  a kernel argument) synchronises that stream first.
- ``CUDA_LOW_OCCUPANCY_WARNINGS`` (``NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS``,
  default 1): ``kernel[griddim, blockdim]`` with fewer than 128 blocks
  warns ``NumbaPerformanceWarning`` ("Grid size N will likely result in
  GPU under-utilization due to low occupancy."), as Numba does, on every
  device (the warning is about the launch configuration a GPU will run).
- ``DISABLE_PERFORMANCE_WARNINGS`` (``NUMBA_DISABLE_PERFORMANCE_WARNINGS``,
  default 0): 1 silences every ``NumbaPerformanceWarning``.
"""

import os


def _flag(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        return default


CUDA_ARRAY_INTERFACE_SYNC = _flag("NUMBA_CUDA_ARRAY_INTERFACE_SYNC", 1)
CUDA_LOW_OCCUPANCY_WARNINGS = _flag("NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS", 1)
DISABLE_PERFORMANCE_WARNINGS = _flag("NUMBA_DISABLE_PERFORMANCE_WARNINGS", 0)

# Numba's `ENABLE_CUDASIM` (`NUMBA_ENABLE_CUDASIM`) says whether Numba's
# simulator is in use: kernelc never is (its CPU device runs the compiled
# PTX), so programs that read it take their GPU branch. Setting it changes
# nothing in kernelc.
ENABLE_CUDASIM = 0
