"""The Spec format of the NVRTC suite and the NumPy-side helpers.

A ``Spec`` is one launch of one ``extern "C"`` kernel of ``kernels/*.cu``:
NVRTC compiles the file to PTX at test time, ``kernelc run`` executes the PTX
on the CPU device, and the final contents of the array arguments are compared
with a NumPy reference computed from the inputs (see ``specs.py``).
"""

from __future__ import annotations

import dataclasses
import os
from fractions import Fraction
from typing import Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "kernels")

Arg = object  # np.ndarray (passed as a device pointer) or a NumPy scalar (np.int32(7), np.float32(0.5)...)
Tol = Union[float, np.ndarray]


@dataclasses.dataclass
class Spec:
    cu: str
    """File in kernels/, e.g. ``"saxpy.cu"``."""
    kernel: str
    """PTX entry name (the kernels are ``extern "C"``)."""
    grid: Sequence[int]
    block: Sequence[int]
    args: Callable[[np.random.Generator], List[Arg]]
    """Builds the arguments in parameter order from a seeded generator."""
    expect: Callable[[List[Arg]], Dict[int, np.ndarray]]
    """Given copies of the inputs: {position: expected final array}."""
    shared: int = 0
    """Dynamic shared memory bytes."""
    consts: Dict[str, np.ndarray] = dataclasses.field(default_factory=dict)
    """``__constant__`` arrays by PTX global name (``--const NAME=FILE.npy``)."""
    ulp: Dict[int, Tol] = dataclasses.field(default_factory=dict)
    """Allowed distance in units in the last place per output (scalar, or an
    array broadcast against the output, e.g. one bound per row)."""
    tol: Dict[int, Tuple[Tol, Tol]] = dataclasses.field(default_factory=dict)
    """(rtol, atol) per output, for approximate (fast-math) results."""
    check: Optional[Callable[[List[Arg], Dict[int, np.ndarray]], None]] = None
    """Extra assertions for results that depend on the order of atomics."""
    checked_by_check: Tuple[int, ...] = ()
    """Positions ``check`` covers (left out of the unchanged-input check)."""
    stdout: Optional[Callable[[List[Arg]], List[str]]] = None
    """Expected printf lines (compared as a sorted multiset with the lines of
    stdout that start with ``stdout_prefix``)."""
    stdout_prefix: str = ""
    options: Tuple[str, ...] = ()
    """Extra NVRTC options."""
    arch: str = "compute_80"
    name: str = ""
    """Unique id and PTX file stem; defaults to the kernel name."""
    seed: int = 20260
    what: str = ""
    """One line: what the spec covers."""

    @property
    def id(self) -> str:
        return self.name or self.kernel

    @property
    def path(self) -> str:
        return os.path.join(KERNELS, self.cu)

    def source(self) -> str:
        with open(self.path) as f:
            return f.read()

    def make_inputs(self) -> List[Arg]:
        return self.args(np.random.default_rng(self.seed))

    def compile(self, arch: Optional[str] = None) -> str:
        from nvrtc import compile_ptx

        return compile_ptx(self.source(), self.cu, arch or self.arch, self.options)


def copy_args(args: Sequence[Arg]) -> List[Arg]:
    return [a.copy() if isinstance(a, np.ndarray) else a for a in args]


# ------------------------------------------------------------ exact references


def f32(x) -> np.ndarray:
    return np.asarray(x, dtype=np.float32)


def fma32(a, b, c) -> np.ndarray:
    """Single-rounding float32 fused multiply-add (what fma.rn.f32 computes).

    The product of two floats is exact in double; the double sum is then
    corrected with TwoSum so that the final rounding to float is a single
    rounding of the exact a*b+c."""
    a, b, c = (np.asarray(v, np.float32).astype(np.float64) for v in (a, b, c))
    p = a * b
    s = p + c
    bb = s - p
    e = (p - (s - bb)) + (c - bb)  # s + e == p + c exactly
    r = s.astype(np.float32)
    r64 = r.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        toward = np.where(s > r64, np.float32(np.inf), np.float32(-np.inf)).astype(np.float32)
        other = np.nextafter(r, toward).astype(np.float64)
        mid = (r64 + other) / 2
        tie = (s != r64) & (s == mid) & (e != 0) & np.isfinite(s)
    if np.any(tie):
        nudged = np.where(e > 0, np.nextafter(s, np.inf), np.nextafter(s, -np.inf))
        r = np.where(tie, nudged.astype(np.float32), r)
    return r.astype(np.float32)


def fma64(a, b, c) -> np.ndarray:
    """Single-rounding float64 fused multiply-add (exact rational arithmetic)."""
    a, b, c = np.broadcast_arrays(*(np.asarray(v, np.float64) for v in (a, b, c)))
    out = np.empty(a.shape, np.float64)
    for i in np.ndindex(a.shape):
        x, y, z = float(a[i]), float(b[i]), float(c[i])
        if not all(map(np.isfinite, (x, y, z))):
            out[i] = x * y + z
        else:
            out[i] = float(Fraction(x) * Fraction(y) + Fraction(z))
    return out


# ------------------------------------------------------------ comparison


def _ordered(x: np.ndarray) -> np.ndarray:
    """Map floats to integers whose difference counts representable values."""
    if x.dtype == np.float32:
        i = x.view(np.int32).astype(np.int64)
        return np.where(i < 0, np.int64(-(2**31)) - i, i)
    if x.dtype == np.float64:
        i = x.view(np.int64)
        # -(2**63) - i cannot overflow for i < 0
        return np.where(i < 0, np.int64(-(2**63)) - i, i)
    raise TypeError(x.dtype)


def ulp_distance(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    """|got - want| in ulps (0 for equal NaN pattern-insensitive NaNs); inf where only one is NaN."""
    got = np.asarray(got)
    want = np.asarray(want).astype(got.dtype)
    with np.errstate(over="ignore"):
        d = np.abs(_ordered(got).astype(np.float64) - _ordered(want).astype(np.float64))
    both_nan = np.isnan(got) & np.isnan(want)
    one_nan = np.isnan(got) ^ np.isnan(want)
    d = np.where(both_nan, 0.0, d)
    return np.where(one_nan, np.inf, d)


def compare(spec: Spec, pos: int, got: np.ndarray, want: np.ndarray) -> None:
    want = np.asarray(want)
    if got.shape != want.shape and got.size == want.size:
        got = got.reshape(want.shape)
    assert got.shape == want.shape, f"{spec.id}: arg {pos}: shape {got.shape} != expected {want.shape}"
    assert got.dtype == want.dtype, f"{spec.id}: arg {pos}: dtype {got.dtype} != expected {want.dtype}"
    detail = ""
    if np.issubdtype(want.dtype, np.floating):
        if pos in spec.ulp:
            bound = np.broadcast_to(np.asarray(spec.ulp[pos], np.float64), want.shape)
            d = ulp_distance(got, want)
            ok = d <= bound
            detail = "ulp distance {d}, allowed {b}"
        elif pos in spec.tol:
            rtol, atol = spec.tol[pos]
            rtol = np.broadcast_to(np.asarray(rtol, np.float64), want.shape)
            atol = np.broadcast_to(np.asarray(atol, np.float64), want.shape)
            with np.errstate(invalid="ignore", over="ignore"):
                err = np.abs(got.astype(np.float64) - want.astype(np.float64))
                ok = (err <= atol + rtol * np.abs(want.astype(np.float64))) | (got == want)
            ok |= np.isnan(got) & np.isnan(want)
            d, bound = err, atol + rtol * np.abs(want)
            detail = "abs error {d}, allowed {b}"
        else:
            ok = (got == want) | (np.isnan(got) & np.isnan(want))
            # +0.0 and -0.0 compare equal above; require the same sign of zero too
            ok &= (np.signbit(got) == np.signbit(want)) | np.isnan(want)
            d = bound = None
    else:
        ok = got == want
        d = bound = None
    if not np.all(ok):
        bad = np.argwhere(~np.asarray(ok))
        first = tuple(int(v) for v in bad[0])
        msg = (f"{spec.id}: arg {pos}: {len(bad)} of {want.size} elements differ; first at {first}: "
               f"got {got[first]!r}, expected {want[first]!r}")
        if d is not None:
            msg += "; " + detail.format(d=d[first], b=bound[first])
        if len(bad) > 1:
            more = ", ".join(f"{tuple(int(v) for v in b)}: {got[tuple(b)]!r} vs {want[tuple(b)]!r}" for b in bad[1:5])
            msg += f"; next: {more}"
        raise AssertionError(msg)


def check_outputs(spec: Spec, inputs: List[Arg], outputs: Dict[int, np.ndarray], stdout: str = "") -> None:
    """Compare a run's outputs with the spec's reference; raise AssertionError."""
    expected = spec.expect(copy_args(inputs))
    for pos, want in expected.items():
        assert pos in outputs, f"{spec.id}: array argument {pos} was not written back"
        compare(spec, pos, outputs[pos], want)
    for pos, a in enumerate(inputs):
        if isinstance(a, np.ndarray) and pos not in expected and pos not in spec.checked_by_check:
            assert pos in outputs, f"{spec.id}: array argument {pos} was not written back"
            compare(spec, pos, outputs[pos], a)  # read-only inputs must come back unchanged
    if spec.check is not None:
        spec.check(copy_args(inputs), outputs)
    if spec.stdout is not None:
        want_lines = sorted(spec.stdout(copy_args(inputs)))
        got_lines = sorted(l for l in stdout.splitlines() if l.startswith(spec.stdout_prefix))
        assert got_lines == want_lines, (
            f"{spec.id}: printed lines differ\n got: {got_lines!r}\nwant: {want_lines!r}")
