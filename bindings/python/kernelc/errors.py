"""kernelc's exceptions, named like Numba's where one fits.

Every exception the binding raises for a kernelc failure derives from
:class:`KernelcError`. An exception a ``debug=True`` kernel raises on the
device reaches Python as its own class too (:class:`KernelException`).
"""

import builtins
import os
import re
import sys

__all__ = [
    "KernelcError",
    "TypingError",
    "CompileError",
    "CudaSupportError",
    "CudaDriverError",
    "LaunchError",
    "KernelException",
    "LaunchInterrupted",
    "LaunchTimeout",
    "ContextLost",
    "LibraryNotFound",
    "KernelcCacheWarning",
    "NumbaWarning",
    "NumbaPerformanceWarning",
    "NumbaInvalidConfigWarning",
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


class KernelException(LaunchError):
    """A kernel compiled with ``debug=True`` raised a Python exception (a
    ``raise``, a failed ``assert``, or one Numba's Python error model
    raises: ``ZeroDivisionError`` for a division by zero, ``IndexError``
    for a tuple index out of range) and the launch failed, as in Numba.

    The exception raised is also an instance of the built-in class the
    kernel named: a subclass of both, named like it
    (``kernelc.errors.ZeroDivisionError``), so ``except ZeroDivisionError``
    catches it as it catches Numba's, and ``except LaunchError`` as it
    catches kernelc's other launch failures. Its message is Numba's: the
    place, then the kernel's message (``In function 'f', file /abs/f.py,
    line 5, tid=[0, 0, 3] ctaid=[0, 0, 0]: division by zero``; ``tid`` and
    ``ctaid`` list z, y, x as Numba does, and the function is the kernel).

    Attributes: ``exception`` (the built-in class), ``launch_message``
    (the runtime's whole message, ``exception raised: ZeroDivisionError:
    ...``).

    An exception class of the program (``class MyError(Exception):
    pass``, raised as ``raise MyError("message")``) is raised the same way,
    as its class, when the kernel's launch fails.

    The same holds on a GPU: as numba-cuda's, the kernel records the
    first exception raised (which raise, and the thread) in a module
    global and the thread ends, and the launch reads it once the kernel
    has finished (a ``debug`` launch waits for its kernel); no trap, so
    the context and its arrays stay usable.
    """

    exception = Exception
    launch_message = ""


# `[kc_launch: ]exception raised: Name[: message] (kernel `k`, block ...,
# thread ..., file.py:LINE)`: the runtime's error for an exception a
# `debug` kernel raised (on either device: the kernel records it and the
# runtime reads the record after the launch). `trap executed: Name...` is
# the CPU device's error for a trap right after a printed `Name: message`
# line (PTX that prints and traps as kernelc's code once did).
_RAISED = re.compile(
    r"(?:kc_\w+: )?(?:exception raised|trap executed): "
    r"(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?:: (?P<msg>.*?))?"
    r" \((?P<at>kernel `.*)\)\Z",
    re.S,
)

# The place of a raise or a fault: kernel, block, thread, then the source
# line when known (and the PTX line of a fault on the CPU device).
_AT = re.compile(
    r"kernel `(?P<kernel>[^`]*)`, block \((?P<block>\d+,\d+,\d+)\), "
    r"thread \((?P<thread>\d+,\d+,\d+)\)"
    r"(?:, (?P<file>.*):(?P<line>\d+)(?: \(PTX line \d+\))?|, PTX line \d+)?\Z",
    re.S,
)

_KERNEL_EXCEPTIONS = {}


def _numba_message(msg, at):
    """Numba's text of a kernel's exception: ``In function 'k', file F,
    line N, tid=[z, y, x] ctaid=[z, y, x]`` then ``: msg`` when there is
    one."""
    m = _AT.match(at)
    if m is None:
        return f"{msg} ({at})" if msg else at
    zyx = lambda xyz: [int(v) for v in reversed(xyz.split(","))]  # noqa: E731
    where = ""
    if m["file"] is not None:
        where = f"In function {m['kernel']!r}, file {os.path.abspath(m['file'])}, line {m['line']}, "
    prefix = f"{where}tid={zyx(m['thread'])} ctaid={zyx(m['block'])}"
    return f"{prefix}: {msg}" if msg else prefix


def _kernel_exception_class(base):
    cls = _KERNEL_EXCEPTIONS.get(base)
    if cls is None:
        try:
            cls = type(base.__name__, (KernelException, base), {
                "__module__": __name__,
                "__doc__": f"{base.__name__} raised by a kernel (a KernelException).",
                "exception": base,
            })
        except TypeError:  # a class whose layout cannot be mixed
            return None
        _KERNEL_EXCEPTIONS[base] = cls
    return cls


def launch_error(message, exceptions=None):
    """The exception for a failed launch's ``message``: a
    :class:`KernelException` when the kernel raised a built-in Python
    exception or one of ``exceptions`` (the program's exception classes the
    kernel raises, by the name it raises them with), else a
    :class:`LaunchError`."""
    m = _RAISED.match(message)
    if m is not None:
        base = (exceptions or {}).get(m["name"]) or getattr(builtins, m["name"], None)
        if (isinstance(base, type) and issubclass(base, Exception)
                and not issubclass(base, KernelcError)):
            cls = _kernel_exception_class(base)
            if cls is not None:
                try:
                    e = cls(_numba_message(m["msg"], m["at"]))
                except Exception:  # a program's class with another __init__
                    return LaunchError(message)
                e.launch_message = message
                return e
    return LaunchError(message)


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


class NumbaWarning(Warning):
    """A warning under Numba's name, where Numba gives one of its
    ``NumbaWarning`` family: of the compiler about a kernel that compiled
    (a ``print()`` of more than 32 items: the kernel prints the raw format
    string, as numba-cuda's does; a kernel too large to optimise fully),
    and the base of :class:`NumbaPerformanceWarning`."""

    def __init__(self, msg, loc=None):
        # The message as given: Numba's own __init__ (met through the
        # classes that also derive from Numba's, see performance_warning_class)
        # would colour it with terminal escapes in some settings.
        self.msg = msg
        self.loc = loc
        Warning.__init__(self, msg)


class NumbaPerformanceWarning(NumbaWarning):
    """A launch or a use that will run slowly on a GPU, where Numba warns
    the same way: a grid of fewer than 128 blocks ("Grid size N will likely
    result in GPU under-utilization due to low occupancy."), unless
    ``cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS`` or
    ``cuda.config.DISABLE_PERFORMANCE_WARNINGS`` says otherwise."""


class NumbaInvalidConfigWarning(NumbaWarning):
    """Options that numba-cuda warns about as it does: ``cuda.jit`` with
    ``debug=True`` and ``opt=True`` (the default ``opt``), or ``debug=True``
    with ``lineinfo=True``."""


# Numba's modules that define a `NumbaPerformanceWarning` (numba-cuda's and
# Numba's own: two distinct classes).
_NUMBA_ERROR_MODULES = ("numba.cuda.core.errors", "numba.core.errors")
# The class warned with, per (class name, pair of those modules) (None
# where not loaded).
_performance_classes = {}


def performance_warning_class():
    """The class of kernelc's performance warnings: :class:`NumbaPerformanceWarning`,
    and when the program has imported Numba, a subclass of it and of
    Numba's ``NumbaPerformanceWarning`` classes that are loaded, so that a
    filter written for Numba (``warnings.simplefilter("ignore",
    NumbaPerformanceWarning)``, ``pytest.warns``) applies to kernelc's
    warning as to Numba's. Numba is never imported here."""
    return _numba_warning_class(NumbaPerformanceWarning)


def invalid_config_warning_class():
    """The class of kernelc's configuration warnings: :class:`NumbaInvalidConfigWarning`,
    also Numba's classes of the name when Numba is loaded (as
    :func:`performance_warning_class`)."""
    return _numba_warning_class(NumbaInvalidConfigWarning)


def _numba_warning_class(own):
    """`own`, or, when the program has imported Numba, a subclass of it
    and of Numba's classes of the same name that are loaded."""
    name = own.__name__
    modules = sys.modules
    loaded = (modules.get(_NUMBA_ERROR_MODULES[0]), modules.get(_NUMBA_ERROR_MODULES[1]))
    key = (name, *loaded)
    cls = _performance_classes.get(key)
    if cls is None:
        bases = tuple(getattr(m, name) for m in loaded if m is not None and hasattr(m, name))
        cls = own
        if bases:
            cls = type(name, (own, *bases), {"__module__": __name__, "__doc__": own.__doc__})
        _performance_classes[key] = cls
    return cls
