"""``numba.cuda.cudadrv.error``'s exceptions, where numba-cuda's programs
name them: ``CudaSupportError`` (no device could be opened) and
``CudaDriverError`` (the driver refused, e.g. a forked child using the
parent's GPU). They are kernelc's own (:mod:`kernelc.errors`)."""

from ...errors import CudaDriverError, CudaSupportError

__all__ = ["CudaDriverError", "CudaSupportError"]
