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
- ``CUDA_WARN_ON_IMPLICIT_COPY`` (``NUMBA_CUDA_WARN_ON_IMPLICIT_COPY``,
  default 1, as numba-cuda's): a launch with a host NumPy array (not a
  device, mapped or managed array, nor one wrapped in ``cuda.In``/``Out``/
  ``InOut``) warns ``NumbaPerformanceWarning`` ("Host array used in CUDA
  kernel will incur copy overhead to/from device."), once per such array.
- ``CUDA_DEBUGINFO_DEFAULT`` (``NUMBA_CUDA_DEBUGINFO``, default 0): the
  ``debug`` of a ``cuda.jit`` that does not give one.
- ``OPT`` (``NUMBA_OPT``, default 3, an :class:`_OptLevel`): the ``opt`` of
  a ``cuda.jit`` that does not give one is ``OPT != 0``.
- ``CUDA_NVRTC_EXTRA_SEARCH_PATHS`` (``NUMBA_CUDA_NVRTC_EXTRA_SEARCH_PATHS``,
  default ``""``): a ``:``-separated list of directories searched, after the
  CUDA headers, for the ``#include``s of CUDA C in ``link=``, read when the
  code is compiled.
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


class _OptLevel(int):
    """numba-cuda's ``config._OptLevel``: the optimisation level of
    ``NUMBA_OPT``, an int (``"max"`` is 3, remembered as ``is_opt_max``)."""

    def __new__(cls, value):
        new = super().__new__(cls, 3 if value == "max" else int(value))
        new._raw_value = value if value == "max" else int(new)
        return new

    @property
    def is_opt_max(self):
        """True when the level was given as ``"max"``."""
        return self._raw_value == "max"

    def __repr__(self):
        raw = self._raw_value
        return f"_OptLevel({raw!r})" if isinstance(raw, str) else f"_OptLevel({raw})"


def _opt_level(name, default):
    value = os.environ.get(name)
    if value not in ("0", "1", "2", "3", "max"):
        return _OptLevel(default)
    return _OptLevel(value)


CUDA_ARRAY_INTERFACE_SYNC = _flag("NUMBA_CUDA_ARRAY_INTERFACE_SYNC", 1)
CUDA_LOW_OCCUPANCY_WARNINGS = _flag("NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS", 1)
DISABLE_PERFORMANCE_WARNINGS = _flag("NUMBA_DISABLE_PERFORMANCE_WARNINGS", 0)
CUDA_WARN_ON_IMPLICIT_COPY = _flag("NUMBA_CUDA_WARN_ON_IMPLICIT_COPY", 1)
CUDA_DEBUGINFO_DEFAULT = _flag("NUMBA_CUDA_DEBUGINFO", 0)
OPT = _opt_level("NUMBA_OPT", 3)
CUDA_NVRTC_EXTRA_SEARCH_PATHS = os.environ.get("NUMBA_CUDA_NVRTC_EXTRA_SEARCH_PATHS", "")

# Numba's `ENABLE_CUDASIM` (`NUMBA_ENABLE_CUDASIM`) says whether Numba's
# simulator is in use: kernelc never is (its CPU device runs the compiled
# PTX), so programs that read it take their GPU branch. Setting it changes
# nothing in kernelc.
ENABLE_CUDASIM = 0
