"""Hints that wrap kernel arguments to say how host arrays move to and from
the device around a launch, as ``numba.cuda.args``: ``cuda.In(a)`` is
copied to the device only, ``cuda.Out(a)`` only back to the host after the
kernel, ``cuda.InOut(a)`` both ways.

Without a hint kernelc copies a NumPy argument in, and back only if the
kernel may write it (the compiler reports it); a hint makes the copies
what it says instead.
"""

from .._devicearray import auto_device

__all__ = ["ArgHint", "In", "Out", "InOut", "wrap_arg"]


class ArgHint:
    """A kernel argument with a transfer hint; ``value`` is the argument."""

    _kc_arg_hint = True  # kernelc's typeof and launch look for this

    def __init__(self, value):
        self.value = value

    def to_device(self, retr, stream=0):
        """The value to pass to the kernel (usually a device array);
        appends to `retr` what to do after the launch."""
        raise NotImplementedError


class In(ArgHint):
    """Copied to the device before the launch, never back."""

    def to_device(self, retr, stream=0):
        devary, _ = auto_device(self.value, stream=stream)
        retr.append(lambda: devary)  # keeps it alive until the launch is done
        return devary


class Out(ArgHint):
    """Copied back to the host after the launch (not to the device
    before, for ``Out``)."""

    copy_input = False

    def to_device(self, retr, stream=0):
        value = self.value
        devary, copied = auto_device(value, copy=self.copy_input, stream=stream)
        if copied:
            retr.append(lambda: devary.copy_to_host(value, stream=stream))
        return devary


class InOut(Out):
    """Copied to the device before the launch and back after it."""

    copy_input = True


def wrap_arg(value, default=InOut):
    """`value` if it is a hint already, else `default(value)`."""
    return value if isinstance(value, ArgHint) else default(value)
