"""``numba.cuda.cudadrv.devices``' ``get_context()``: the current device's
context object (``cuda.current_context()``)."""

__all__ = ["get_context"]


def get_context(devnum=None):
    """The context of device `devnum` (the current device by default), as
    ``cuda.current_context(devnum)``."""
    from .. import current_context

    return current_context(devnum)
