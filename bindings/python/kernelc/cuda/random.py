"""Numba CUDA's random-number generators over kernelc: ``from
kernelc.cuda.random import ...`` as ``from numba.cuda.random import ...``.

Host side: :func:`create_xoroshiro128p_states` and
:func:`init_xoroshiro128p_states` make the generator states, one
xoroshiro128+ generator per thread, with Numba's seeding (SplitMix64 of the
seed) and Numba's spacing (generator ``i`` is generator ``i - 1`` jumped
2**64 steps ahead), so the same seed gives the same states, and kernels the
same numbers, as Numba. The states are an array of
:data:`xoroshiro128p_dtype` records.

Kernel side: ``xoroshiro128p_uniform_float32/64(states, index)`` and
``xoroshiro128p_normal_float32/64(states, index)`` are compiled by kernelc
(they exist here so kernels read naturally; calling one on the host
raises).

The jumps are linear maps over GF(2) on the 128-bit state, so the states
are computed as matrix products on whole arrays (NumPy), by doubling: ``n``
states cost about ``128 n`` vectorised operations, not ``n`` Python loops.
"""

from __future__ import annotations

import numpy as np

from .._devicearray import device_array
from .._types import Record

__all__ = [
    "xoroshiro128p_dtype", "xoroshiro128p_type", "create_xoroshiro128p_states",
    "init_xoroshiro128p_states",
    "xoroshiro128p_uniform_float32", "xoroshiro128p_uniform_float64",
    "xoroshiro128p_normal_float32", "xoroshiro128p_normal_float64",
]

#: One generator's state, as numba-cuda lays it out.
xoroshiro128p_dtype = np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True)
#: Its record type, for signatures (``void(xoroshiro128p_type[::1], float32[:])``),
#: as numba-cuda's ``xoroshiro128p_type`` (``from_dtype(xoroshiro128p_dtype)``).
xoroshiro128p_type = Record(xoroshiro128p_dtype)

_MASK = (1 << 64) - 1
_JUMP = (0xBEAC0467EBA5FACB, 0xD86B048B86AA9922)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


def _next(s0: int, s1: int):
    """One xoroshiro128+ step on Python ints: the next state."""
    s1 ^= s0
    return _rotl(s0, 55) ^ s1 ^ ((s1 << 14) & _MASK), _rotl(s1, 36)


def _jump(s0: int, s1: int):
    """numba-cuda's ``xoroshiro128p_jump``: 2**64 steps ahead."""
    j0 = j1 = 0
    for word in _JUMP:
        for b in range(64):
            if (word >> b) & 1:
                j0 ^= s0
                j1 ^= s1
            s0, s1 = _next(s0, s1)
    return j0, j1


def _seed_state(seed: int):
    """numba-cuda's ``init_xoroshiro128p_state``: SplitMix64 of the seed."""
    z = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return z, z


class _Linear:
    """A linear map of 128-bit states (GF(2)), by the images of the 128
    unit states: ``cols0[k], cols1[k]`` is the image of bit ``k`` (bits
    0-63 in ``s0``, 64-127 in ``s1``)."""

    def __init__(self, cols0: np.ndarray, cols1: np.ndarray):
        self.cols0, self.cols1 = cols0, cols1

    @classmethod
    def of_jump(cls) -> "_Linear":
        images = [_jump(1 << k, 0) if k < 64 else _jump(0, 1 << (k - 64)) for k in range(128)]
        return cls(np.array([a for a, _ in images], np.uint64),
                   np.array([b for _, b in images], np.uint64))

    def apply(self, v0: np.ndarray, v1: np.ndarray):
        """The images of the states ``(v0[i], v1[i])``."""
        r0 = np.zeros_like(v0)
        r1 = np.zeros_like(v1)
        one = np.uint64(1)
        for k in range(128):
            word = v0 if k < 64 else v1
            bit = (word >> np.uint64(k % 64)) & one
            mask = np.uint64(0) - bit  # every bit set where bit k is
            r0 ^= mask & self.cols0[k]
            r1 ^= mask & self.cols1[k]
        return r0, r1

    def then(self, other: "_Linear") -> "_Linear":
        """``other`` after ``self``."""
        return _Linear(*other.apply(self.cols0, self.cols1))

    def power(self, n: int) -> "_Linear":
        """This map applied ``n`` times."""
        result = _Linear(*_identity())
        base = self
        while n:
            if n & 1:
                result = result.then(base)
            base = base.then(base)
            n >>= 1
        return result


def _identity():
    cols0 = np.array([(1 << k) if k < 64 else 0 for k in range(128)], np.uint64)
    cols1 = np.array([0 if k < 64 else (1 << (k - 64)) for k in range(128)], np.uint64)
    return cols0, cols1


_JUMP_MAP = None


def _jump_map() -> _Linear:
    global _JUMP_MAP
    if _JUMP_MAP is None:
        _JUMP_MAP = _Linear.of_jump()
    return _JUMP_MAP


def _host_states(n: int, seed: int, subsequence_start: int) -> np.ndarray:
    """Numba's ``init_xoroshiro128p_states_cpu``: generator 0 seeded and
    jumped ``subsequence_start`` times, generator ``i`` generator ``i - 1``
    jumped once."""
    states = np.zeros(n, xoroshiro128p_dtype)
    if n == 0:
        return states
    jump = _jump_map()
    s0, s1 = _seed_state(int(seed) & _MASK)
    first = jump.power(int(subsequence_start) & _MASK).apply(
        np.array([s0], np.uint64), np.array([s1], np.uint64))
    all0 = np.empty(n, np.uint64)
    all1 = np.empty(n, np.uint64)
    all0[0], all1[0] = first[0][0], first[1][0]
    filled, step = 1, jump
    while filled < n:
        take = min(filled, n - filled)
        r0, r1 = step.apply(all0[:take], all1[:take])
        all0[filled:filled + take] = r0
        all1[filled:filled + take] = r1
        filled += take
        if filled < n:
            step = step.then(step)
    states["s0"] = all0
    states["s1"] = all1
    return states


def init_xoroshiro128p_states(states, seed, subsequence_start=0, stream=0):
    """Initialises the device array ``states`` as numba-cuda does: the
    same seed gives the same states."""
    host = _host_states(states.shape[0], seed, subsequence_start)
    states.copy_to_device(host, stream=stream)


def create_xoroshiro128p_states(n, seed, subsequence_start=0, stream=0):
    """A device array of ``n`` generator states (``xoroshiro128p_dtype``),
    initialised from ``seed`` as numba-cuda does."""
    states = device_array(n, dtype=xoroshiro128p_dtype, stream=stream)
    init_xoroshiro128p_states(states, seed, subsequence_start, stream)
    return states


def _kernel_only(name):
    def stub(*args, **kwargs):
        raise RuntimeError(f"{name}() can only be called inside a kernel")

    stub.__name__ = name
    stub._kc_intrinsic = True  # compiled by kernelc, not a device function
    return stub


#: The draws kernels call, compiled by kernelc.
KERNEL_DRAWS = (
    "xoroshiro128p_uniform_float32", "xoroshiro128p_uniform_float64",
    "xoroshiro128p_normal_float32", "xoroshiro128p_normal_float64",
)


xoroshiro128p_uniform_float32 = _kernel_only("xoroshiro128p_uniform_float32")
xoroshiro128p_uniform_float64 = _kernel_only("xoroshiro128p_uniform_float64")
xoroshiro128p_normal_float32 = _kernel_only("xoroshiro128p_normal_float32")
xoroshiro128p_normal_float64 = _kernel_only("xoroshiro128p_normal_float64")
