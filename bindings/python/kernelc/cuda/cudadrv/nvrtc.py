"""``numba.cuda.cudadrv.nvrtc``'s target helpers, where numba-cuda's
programs (and tests) call them: which compute capabilities kernelc
compiles for, and the closest one to a device's. (kernelc's compiler
writes the PTX itself; NVRTC is used only for CUDA C sources, see
:mod:`kernelc._nvrtc`.)"""

from ...errors import CudaSupportError

__all__ = ["get_supported_ccs", "find_closest_arch"]

#: The ``sm_XX`` targets kernelc's compiler writes PTX for (the compiler's
#: ``kernelc_abi::SUPPORTED``), as ``(major, minor)``.
SUPPORTED_CCS = (
    (5, 0), (5, 2), (5, 3), (6, 0), (6, 1), (6, 2), (7, 0), (7, 2), (7, 5),
    (8, 0), (8, 6), (8, 7), (8, 9), (9, 0),
)


def get_supported_ccs():
    """The compute capabilities kernelc compiles for, in increasing order."""
    return SUPPORTED_CCS


def find_closest_arch(cc):
    """The closest compute capability kernelc compiles for at or below `cc`
    (``(major, minor)``), as numba-cuda's ``find_closest_arch`` picks among
    its toolkit's; a `cc` below all of them is numba-cuda's
    ``CCSupportError`` (kernelc's :class:`CudaSupportError`)."""
    cc = tuple(cc[:2])
    supported = get_supported_ccs()
    if cc < supported[0]:
        raise CudaSupportError(
            "GPU compute capability %d.%d is not supported(requires >=%d.%d)"
            % (cc + supported[0])
        )
    return max(c for c in supported if c <= cc)
