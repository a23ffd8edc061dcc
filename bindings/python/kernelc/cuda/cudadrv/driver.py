"""``numba.cuda.cudadrv.driver``'s classes that kernelc has: ``Stream``
(every stream kernelc makes or wraps, ``cuda.stream()``,
``cuda.external_stream()``...) and ``Event``."""

from ..._runtime import Event, Stream

__all__ = ["Event", "Stream"]
