"""Kernels that call NumPy ufuncs with output arrays (and the comparison,
logical and bitwise ufuncs, on real and complex numbers), run by
``test_ufuncs_out.py`` through kernelc and, with the import changed to
``from numba import cuda``, through Numba's simulator: ``run()`` returns
every result by name, complex results as (real, imag) pairs."""

import numpy as np

from kernelc import cuda


@cuda.jit
def clip_rows(x, lo, hi, out, above):
    # Each thread clips one row into `out` and flags its values above `hi`.
    i = cuda.grid(1)
    if i < x.shape[0]:
        np.maximum(x[i], lo, out[i])
        np.minimum(out[i], hi, out[i])
        np.greater(x[i], hi, above[i])


@cuda.jit
def masks(bits, shifts, keep, out, inverted):
    # One thread: a row of shifts broadcast down the columns of `bits`.
    if cuda.grid(1) == 0:
        np.left_shift(bits, shifts, out)
        np.bitwise_and(out, keep, out)
        np.invert(bits, inverted)


@cuda.jit
def angles(deg, rad, sines, near):
    i = cuda.grid(1)
    if i == 0:
        np.deg2rad(deg, rad)
        np.sin(rad, sines)
    if i < deg.size:
        near[i] = np.logical_and(np.less_equal(deg[i], 90), np.greater_equal(deg[i], -90))


@cuda.jit
def complex_order(z, w, top, flags):
    i = cuda.grid(1)
    if i < z.size:
        top[i] = np.maximum(z[i], w[i]) + np.fmin(z[i], w[i]) + np.log2(z[i])
        flags[i, 0] = np.less(z[i], w[i])
        flags[i, 1] = np.logical_xor(z[i], w[i])
        flags[i, 2] = np.not_equal(z[i], w[i])


def _pairs(a):
    return np.stack([a.real, a.imag], axis=-1)


def run():
    rng = np.random.default_rng(11)
    x = rng.uniform(-3, 3, (6, 5))
    out = np.zeros_like(x)
    above = np.zeros(x.shape, np.bool_)
    clip_rows[1, 8](x, -1.0, np.float32(1.5), out, above)

    bits = rng.integers(0, 1000, (4, 3)).astype(np.int32)
    shifts = np.array([0, 1, 3], np.int64)
    keep = np.int32(0x1F0)
    m = np.zeros((4, 3), np.int64)
    inverted = np.zeros((4, 3), np.int32)
    masks[1, 4](bits, shifts, keep, m, inverted)

    deg = np.array([-180, -90, -45, 0, 30, 90, 135], np.int16)
    rad = np.zeros(deg.size, np.float32)
    sines = np.zeros(deg.size)
    near = np.zeros(deg.size, np.bool_)
    angles[1, 8](deg, rad, sines, near)

    z = np.array([0.5 + 1j, 0.5 - 1j, -2 + 0j, complex(np.nan, 1), 1 + 1j], np.complex64)
    w = np.array([0.5 + 2j, 0.25 + 0j, -2 + 0j, 1 + 0j, complex(1, np.nan)], np.complex128)
    top = np.zeros(z.size, np.complex128)
    flags = np.zeros((z.size, 3), np.bool_)
    complex_order[1, 8](z, w, top, flags)

    return {
        "clipped": out, "above": above, "masks": m, "inverted": inverted,
        "rad": rad, "sines": sines, "near": near,
        "top": _pairs(top), "flags": flags,
    }
