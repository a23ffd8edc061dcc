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
    "LibraryNotFound",
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


class LaunchError(KernelcError):
    """A kernel launch failed: bad arguments, a bad launch configuration,
    or a fault while the kernel ran."""


class LibraryNotFound(KernelcError, OSError):
    """``libkernelc`` could not be found or loaded."""
