"""kernelc's exceptions, named like Numba's where one fits.

Every exception the binding raises for a kernelc failure derives from
:class:`KernelcError`.
"""

__all__ = [
    "KernelcError",
    "TypingError",
    "CompileError",
    "CudaSupportError",
    "CudaDriverError",
    "LaunchError",
    "LaunchInterrupted",
    "LaunchTimeout",
    "ContextLost",
    "LibraryNotFound",
    "KernelcCacheWarning",
]


class KernelcError(Exception):
    """Base class of every kernelc error."""


class TypingError(KernelcError):
    """The compiler rejected the kernel (unsupported Python, a type error, an
    unknown name...). The message is the compiler's rendered diagnostics,
    pointing at the user's file and line, like Numba's ``TypingError``."""


class CompileError(KernelcError):
    """The compiler could not compile an accepted program (a kernelc
    limitation, not a mistake in the kernel)."""


class CudaSupportError(KernelcError):
    """No device could be opened (``numba.cuda.cudadrv.error.CudaSupportError``
    in Numba)."""


class CudaDriverError(KernelcError):
    """The device or its driver reported an error (memory, module load,
    stream or event operations)."""


class ContextLost(CudaDriverError):
    """The GPU's context was lost to a kernel fault (the launch that met it
    raised :class:`LaunchError`, or, for a launch that did not wait, this
    error in the next call that waits): the arrays and kernels on it are
    gone, and NVIDIA's driver gives the GPU back only to a new process, as
    with Numba."""


class LaunchError(KernelcError):
    """A kernel launch failed: bad arguments, a bad launch configuration,
    or a fault while the kernel ran."""


class LaunchInterrupted(LaunchError):
    """A launch on the CPU device was stopped before it finished, by
    Ctrl-C (when Python's SIGINT handler does not raise
    ``KeyboardInterrupt`` itself) or by ``kc_device_interrupt`` from
    elsewhere. The device stays usable."""


class LaunchTimeout(LaunchError, TimeoutError):
    """A launch on the CPU device ran longer than the time limit set with
    :func:`kernelc.cuda.set_launch_timeout` and was stopped. The device
    stays usable."""


class LibraryNotFound(KernelcError, OSError):
    """``libkernelc`` could not be found or loaded."""


class KernelcCacheWarning(UserWarning):
    """The on-disk kernel cache (``cache=True``) could not be used: no
    directory could be written, or a write failed. The kernel still runs,
    compiled in the process (as Numba's ``NumbaWarning`` says for its
    cache)."""
