"""Whole-array NumPy reductions in kernels (``np.sum(a)``, ``a.max()``,
``np.nanmean(a)``, ``np.argmin(a)``) through the binding, on arrays passed
as kernel arguments: every element family, 1-D to 3-D, C, F and A layouts,
strided views, NaNs and infinities, empty arrays.

Each result is compared exactly with a Python model of numba-cuda's loop
(``np/arraymath.py``: the elements in ``np.nditer``'s order, accumulated in
the types Numba gives each step, with the multiply-adds NVVM fuses rounded
once), and with NumPy itself (within a
tolerance for floats, which NumPy sums pairwise, not in order). The same
cases run on the GPU path (``KERNELC_DEVICE=gpu`` on the emulated
driver)."""

import cmath
import math

import numpy as np
import pytest

from kernelc import cuda

from _fma_reference import fma



# One kernel per reduction: the function form into out[0], the method
# form (where NumPy arrays have it) into out[1].
@cuda.jit
def k_sum(a, out):
    out[0] = np.sum(a)
    out[1] = a.sum()


@cuda.jit
def k_prod(a, out):
    out[0] = np.prod(a)
    out[1] = a.prod()


@cuda.jit
def k_mean(a, out):
    out[0] = np.mean(a)
    out[1] = a.mean()


@cuda.jit
def k_var(a, out):
    out[0] = np.var(a)
    out[1] = a.var()


@cuda.jit
def k_std(a, out):
    out[0] = np.std(a)
    out[1] = a.std()


@cuda.jit
def k_min(a, out):
    out[0] = np.min(a)
    out[1] = a.min()


@cuda.jit
def k_max(a, out):
    out[0] = np.amax(a)
    out[1] = a.max()


@cuda.jit
def k_all(a, out):
    out[0] = np.all(a)
    out[1] = a.all()


@cuda.jit
def k_any(a, out):
    out[0] = np.any(a)
    out[1] = a.any()


@cuda.jit
def k_argmin(a, out):
    out[0] = np.argmin(a)
    out[1] = a.argmin()


@cuda.jit
def k_argmax(a, out):
    out[0] = np.argmax(a)
    out[1] = a.argmax()


@cuda.jit
def k_count_nonzero(a, out):
    out[0] = np.count_nonzero(a)
    out[1] = np.count_nonzero(a)


@cuda.jit
def k_nanmin(a, out):
    out[0] = np.nanmin(a)
    out[1] = np.nanmin(a)


@cuda.jit
def k_nanmax(a, out):
    out[0] = np.nanmax(a)
    out[1] = np.nanmax(a)


@cuda.jit
def k_nansum(a, out):
    out[0] = np.nansum(a)
    out[1] = np.nansum(a)


@cuda.jit
def k_nanprod(a, out):
    out[0] = np.nanprod(a)
    out[1] = np.nanprod(a)


@cuda.jit
def k_nanmean(a, out):
    out[0] = np.nanmean(a)
    out[1] = np.nanmean(a)


KERNELS = {
    "sum": k_sum, "prod": k_prod, "mean": k_mean, "var": k_var, "std": k_std,
    "min": k_min, "max": k_max, "all": k_all, "any": k_any,
    "argmin": k_argmin, "argmax": k_argmax, "count_nonzero": k_count_nonzero,
    "nanmin": k_nanmin, "nanmax": k_nanmax, "nansum": k_nansum,
    "nanprod": k_nanprod, "nanmean": k_nanmean,
}

INTS = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
FLOATS = [np.float32, np.float64]
COMPLEX = [np.complex64, np.complex128]
ALL = [np.bool_] + INTS + FLOATS + COMPLEX


# ---------------------------------------------------------------------------
# numba-cuda's loops, in Python.

def nditer_order(a):
    """Numba's np.nditer order: memory order of an array Numba types as
    F-ordered (2+ dimensions, F- but not C-contiguous), else C order."""
    f = a.ndim >= 2 and a.flags.f_contiguous and not a.flags.c_contiguous
    return list(a.ravel(order="F" if f else "C"))


def widened(dt):
    """The result type of sum and prod (Numba's `_expand_integer`)."""
    dt = np.dtype(dt)
    if dt == np.bool_ or dt.kind == "i":
        return np.dtype(np.int64)
    if dt.kind == "u":
        return np.dtype(np.uint64)
    return dt


def result_dtype(name, dt):
    dt = np.dtype(dt)
    complex_ = dt.kind == "c"
    if name in ("sum", "prod"):
        return widened(dt)
    if name in ("mean", "nanmean"):
        return np.dtype(np.complex128 if complex_ else np.float64)
    if name in ("var", "std"):
        return np.dtype(np.float64)
    if name in ("min", "max", "nanmin", "nanmax"):
        return dt
    if name in ("all", "any"):
        return np.dtype(np.bool_)
    if name in ("nansum", "nanprod"):
        return np.dtype(np.int64) if dt.kind in "biu" else dt
    return np.dtype(np.int64)  # count_nonzero, argmin, argmax


def isnan(v):
    return bool(np.isnan(v)) if np.asarray(v).dtype.kind in "fc" else False


def fold(values, init, step):
    acc = init
    with np.errstate(all="ignore"):
        for v in values:
            acc = step(acc, v)
    return acc


def complex_product(c, v, rt):
    """`c * v` in complex type `rt` as Numba computes it on a GPU: the real
    part `cr*vr - ci*vi` rounded twice, the imaginary part's sum fused,
    `fma(ci, vr, cr*vi)` (LLVM's order: the product of the element loaded
    first)."""
    part = np.float32 if rt == np.complex64 else np.float64
    cr, ci = part(c.real), part(c.imag)
    vr, vi = part(v.real), part(v.imag)
    return rt.type(complex(cr * vr - ci * vi, fma(ci, vr, cr * vi)))


def seq_sum(values, rt, op):
    one = rt.type(1 if op == "mul" else 0)
    if op == "mul" and rt.kind == "c":
        return fold(values, one, lambda c, v: complex_product(c, rt.type(v), rt))
    if op == "mul":
        return fold(values, one, lambda c, v: rt.type(c * rt.type(v)))
    return fold(values, one, lambda c, v: rt.type(c + rt.type(v)))


def model_mean(a):
    dt = a.dtype
    acc = dt if dt.kind in "fc" else np.dtype(np.float64)
    total = seq_sum(nditer_order(a), acc, "add")
    n = a.size
    if dt.kind == "c":
        # complex128 / int64: Python's complex division (Numba's).
        if n == 0:
            raise ZeroDivisionError
        return complex(total) / complex(n)
    with np.errstate(all="ignore"):
        return np.float64(total) / np.float64(n)


def model_var(a):
    m = model_mean(a)
    ssd = 0.0
    for v in nditer_order(a):
        # `ssd += (val * conj(val)).real`: the sum of squares fused (the
        # real part's square first), and for real values `ssd + d * d`.
        if a.dtype.kind == "c":
            d = complex(v) - m
            ssd = ssd + float(fma(d.real, d.real, d.imag * d.imag))
        else:
            d = float(v) - m
            ssd = float(fma(d, d, ssd))
    with np.errstate(all="ignore"):
        return np.float64(ssd) / np.float64(a.size)


def better(less, v, m, dt):
    if dt.kind == "c":
        cmp = (lambda x, y: x < y) if less else (lambda x, y: x > y)
        return cmp(v.real, m.real) or (v.real == m.real and cmp(v.imag, m.imag))
    return bool(v < m) if less else bool(v > m)


def model_extremum(a, less):
    values = nditer_order(a)
    m = values[0]
    for v in values:
        if a.dtype.kind == "f" and isnan(m):
            break
        if (a.dtype.kind == "f" and isnan(v)) or better(less, v, m, a.dtype):
            m = v
    return m


def model_arg(a, less):
    values = list(a.ravel(order="C"))
    m, mi = values[0], 0
    for i, v in enumerate(values):
        if a.dtype.kind == "f" and isnan(m):
            break
        if (a.dtype.kind == "f" and isnan(v)) or better(less, v, m, a.dtype):
            m, mi = v, i
    return mi


def model_nan_extremum(a, less):
    values = nditer_order(a)
    rv = values[0]
    for v in values:
        if a.dtype.kind == "c":
            if math.isnan(rv.real) and not math.isnan(v.real):
                rv = v
            elif better(less, v, rv, a.dtype):
                rv = v
        elif not isnan(v):
            kept = bool(rv < v) if less else bool(rv > v)
            if not kept:
                rv = v
    return rv


def model_nanmean(a):
    values = [v for v in nditer_order(a) if not isnan(v)]
    if a.dtype.kind == "c":
        c = fold(values, complex(0.0), lambda c, v: c + complex(v))
        n = float(len(values))
        if n == 0:
            with np.errstate(all="ignore"):
                return complex(np.float64(c.real) / 0.0, np.float64(c.imag) / 0.0)
        scale = 1.0 / n
        return complex((c.real + c.imag * 0.0) * scale, (c.imag - c.real * 0.0) * scale)
    c = fold(values, np.float64(0.0), lambda c, v: np.float64(c + np.float64(v)))
    with np.errstate(all="ignore"):
        return np.float64(c) / np.float64(len(values))


def model(name, a):
    dt = a.dtype
    rt = result_dtype(name, dt)
    values = nditer_order(a)
    if name == "sum":
        return seq_sum(values, rt, "add")
    if name == "prod":
        return seq_sum(values, rt, "mul")
    if name == "mean":
        return model_mean(a)
    if name == "var":
        return model_var(a)
    if name == "std":
        return math.sqrt(model_var(a)) if not math.isnan(model_var(a)) else math.nan
    if name == "min":
        return model_extremum(a, True)
    if name == "max":
        return model_extremum(a, False)
    if name == "all":
        return all(bool(v) for v in values)
    if name == "any":
        return any(bool(v) for v in values)
    if name == "count_nonzero":
        return sum(1 for v in values if v != 0)
    if name == "argmin":
        return model_arg(a, True)
    if name == "argmax":
        return model_arg(a, False)
    if name == "nanmin":
        return model_nan_extremum(a, True)
    if name == "nanmax":
        return model_nan_extremum(a, False)
    kept = [v for v in values if not isnan(v)]
    if name == "nansum":
        return seq_sum(kept, rt, "add")
    if name == "nanprod":
        return seq_sum(kept, rt, "mul")
    if name == "nanmean":
        return model_nanmean(a)
    raise AssertionError(name)


def numpy_reference(name, a):
    with np.errstate(all="ignore"):
        if name in ("sum", "prod", "nansum", "nanprod"):
            return getattr(np, name)(a, dtype=result_dtype(name, a.dtype))
        if name in ("mean", "var", "std") and a.dtype.kind != "c":
            return getattr(np, name)(a.astype(np.float64))
        return getattr(np, name)(a)


# ---------------------------------------------------------------------------

def run(name, a):
    out = np.zeros(2, result_dtype(name, a.dtype))
    KERNELS[name][1, 1](a, out)
    return out


def same(got, want):
    """Bit-for-bit equal numbers, NaNs equal to NaNs."""
    got, want = np.asarray(got), np.asarray(want, dtype=got.dtype)
    if got.dtype.kind == "c":
        return same(got.real, want.real) and same(got.imag, want.imag)
    if got.dtype.kind == "f":
        return bool(np.all((got == want) | (np.isnan(got) & np.isnan(want))))
    return bool(np.all(got == want))


def make(dt, shape, rng, special=False):
    dt = np.dtype(dt)
    n = int(np.prod(shape))
    if dt == np.bool_:
        x = rng.random(n) < 0.8
    elif dt.kind in "iu":
        info = np.iinfo(dt)
        lo, hi = max(info.min, -60), min(info.max, 60)
        x = rng.integers(lo, hi + 1, n)
    elif dt.kind == "f":
        x = rng.uniform(-4, 4, n)
    else:
        x = rng.uniform(-4, 4, n) + 1j * rng.uniform(-4, 4, n)
    x = x.astype(dt).reshape(shape)
    if special and dt.kind in "fc" and n >= 3:
        flat = x.reshape(-1)
        flat[1] = np.inf
        flat[-1] = np.nan
    return x


SHAPES = [(7,), (3, 4), (2, 3, 4)]


def layouts(x):
    """The array as C, F (2+ dimensions) and strided (A) arguments."""
    yield "C", np.ascontiguousarray(x)
    if x.ndim >= 2:
        yield "F", np.asfortranarray(x)
    big = np.repeat(x, 2, axis=0)
    yield "A", big[::2] if x.ndim == 1 else big[::-2, ...][..., ::1]


CASES = [
    ("sum", ALL), ("prod", ALL), ("mean", ALL), ("var", ALL), ("std", ALL),
    ("min", ALL), ("max", ALL), ("all", ALL), ("any", ALL),
    ("count_nonzero", ALL), ("argmin", [np.bool_] + INTS + FLOATS),
    ("argmax", [np.bool_] + INTS + FLOATS), ("nanmin", ALL), ("nanmax", ALL),
    ("nansum", ALL), ("nanprod", ALL), ("nanmean", ALL),
]


@pytest.mark.parametrize("name,dtypes", CASES, ids=[c[0] for c in CASES])
def test_reduction_matches_numba_loop_and_numpy(name, dtypes):
    rng = np.random.default_rng(sum(map(ord, name)))
    for dt in dtypes:
        for shape in SHAPES:
            for layout, a in layouts(make(dt, shape, rng)):
                # Products of many elements overflow integers and floats
                # alike; both wrap (or saturate) as Numba's do.
                if name in ("prod", "nanprod"):
                    a = a[..., :2] if a.ndim > 1 else a[:4]
                got = run(name, a)
                what = f"np.{name} of {a.dtype} {a.shape} {layout}"
                want = model(name, a)
                assert same(got[0], want), f"{what}: got {got[0]}, Numba's loop gives {want}"
                assert same(got[1], got[0]), f"{what}: the method form differs"
                ref = numpy_reference(name, a)
                if np.asarray(ref).dtype.kind in "fc":
                    tol = 1e-4 if a.dtype in (np.float32, np.complex64) else 1e-12
                    np.testing.assert_allclose(got[0], ref, rtol=tol, atol=tol, err_msg=what)
                else:
                    assert got[0] == ref, f"{what}: NumPy gives {ref}, got {got[0]}"


NAN_CASES = [
    (name, dt)
    for name in ["sum", "prod", "mean", "var", "std", "min", "max", "argmin", "argmax",
                 "nanmin", "nanmax", "nansum", "nanprod", "nanmean", "count_nonzero", "all", "any"]
    for dt in [np.float32, np.float64, np.complex64, np.complex128]
    # Numba has no argmin/argmax of complex numbers (refused, see reject 160).
    if not (name.startswith("arg") and np.dtype(dt).kind == "c")
]


@pytest.mark.parametrize("name,dt", NAN_CASES)
def test_nans_and_infinities(name, dt):
    rng = np.random.default_rng(5)
    for shape in [(5,), (3, 4)]:
        for layout, a in layouts(make(dt, shape, rng, special=True)):
            got = run(name, a)
            want = model(name, a)
            assert same(got[0], want), f"np.{name} of {a.dtype} {layout} {a}: got {got[0]}, want {want}"
    # Every element NaN.
    a = np.full(4, np.nan, dt)
    got = run(name, a)
    assert same(got[0], model(name, a)), f"np.{name} of all-NaN {dt}: {got[0]}"


@pytest.mark.parametrize("name", ["sum", "prod", "mean", "var", "std", "all", "any",
                                  "count_nonzero"])
def test_float16_reductions_numba_allows(name):
    # Numba compiles these of float16 (the others need np.isnan, which has
    # no float16 loop): sums in float16, mean/var/std in float64. Small
    # integers and halves keep every float16 step exact.
    rng = np.random.default_rng(8)
    for shape in SHAPES:
        for layout, a in layouts((rng.integers(-3, 4, shape) * 0.5).astype(np.float16)):
            if name == "prod":
                a = a[..., :2] if a.ndim > 1 else a[:4]
            got = run(name, a)
            want = model(name, a)
            assert same(got[0], want), f"np.{name} of float16 {a.shape} {layout}: {got[0]} != {want}"
            assert same(got[1], got[0])


def test_min_max_take_the_first_nan_and_nan_versions_skip_it():
    a = np.array([3.0, -1.0, np.nan, -7.0, np.nan], np.float64)
    assert np.isnan(run("min", a)[0]) and np.isnan(run("max", a)[0])
    assert run("argmin", a)[0] == 2 and run("argmax", a)[0] == 2
    assert run("nanmin", a)[0] == -7.0 and run("nanmax", a)[0] == 3.0
    assert run("nansum", a)[0] == -5.0
    assert run("nanmean", a)[0] == np.float64(-5.0) / 3
    # Of equal values, nanmin keeps the last (`not rv < v`), min the first.
    z = np.array([0.0, -0.0], np.float64)
    assert math.copysign(1, run("nanmin", z)[0]) == -1.0
    assert math.copysign(1, run("min", z)[0]) == 1.0


@pytest.mark.parametrize("name", ["sum", "prod", "mean", "all", "any", "count_nonzero",
                                  "nansum", "nanprod", "nanmean", "var"])
@pytest.mark.parametrize("shape", [(0,), (2, 0), (0, 3, 2)])
def test_empty_arrays(name, shape):
    for dt in [np.int32, np.float64, np.complex64]:
        a = np.zeros(shape, dt)
        if name in ("mean", "var") and np.dtype(dt).kind == "c":
            continue  # a complex mean of nothing raises ZeroDivisionError (below)
        got = run(name, a)
        want = model(name, a)
        assert same(got[0], want), f"np.{name} of empty {dt} {shape}: got {got[0]}, want {want}"


@pytest.mark.parametrize("name", ["min", "max", "argmin", "argmax", "nanmin", "nanmax"])
def test_empty_min_max_raise_value_error_with_debug(name):
    # Numba raises ValueError: the thread ends (the output keeps its value);
    # with debug=True the launch fails with the exception.
    a = np.zeros((3, 0), np.float64)
    out = np.full(2, 42, result_dtype(name, a.dtype))
    KERNELS[name][1, 1](a, out)
    assert list(out) == [42, 42]
    fn = getattr(np, name) if name not in ("min", "max") else getattr(np, "a" + name)

    @cuda.jit(debug=True, opt=False)
    def k(a, out):
        out[0] = fn(a)

    with pytest.raises(ValueError, match="zero-size array|empty sequence"):
        k[1, 1](a, out)


def test_complex_mean_of_nothing_raises_with_debug():
    @cuda.jit(debug=True, opt=False)
    def k(a, out):
        out[0] = np.mean(a)

    with pytest.raises(ZeroDivisionError):
        k[1, 1](np.zeros(0, np.complex128), np.zeros(1, np.complex128))


def test_local_and_shared_arrays_and_views():
    @cuda.jit
    def k(x, out):
        loc = cuda.local.array((3, 2), np.float32)
        sh = cuda.shared.array((2, 4), np.int64)
        for i in range(3):
            for j in range(2):
                loc[i, j] = x[i, j] * 2
        for i in range(2):
            for j in range(4):
                sh[i, j] = i * 4 - j
        cuda.syncthreads()
        out[0] = np.sum(loc)
        out[1] = loc.max()
        out[2] = np.mean(sh)
        out[3] = sh[:, ::2].min()
        out[4] = np.var(x[1:, ::-1])
        out[5] = x.T.argmax()
        out[6] = np.prod(sh[1, 1:])
        out[7] = np.count_nonzero(sh)

    x = np.arange(12, dtype=np.float64).reshape(3, 4) * 0.5 - 2
    out = np.zeros(8)
    k[1, 1](x, out)
    loc = (x[:, :2] * 2).astype(np.float32)
    sh = np.array([[i * 4 - j for j in range(4)] for i in range(2)], np.int64)
    want = [loc.sum(), loc.max(), sh.mean(), sh[:, ::2].min(), np.var(x[1:, ::-1]),
            np.ascontiguousarray(x.T).argmax(), np.prod(sh[1, 1:]), np.count_nonzero(sh)]
    np.testing.assert_allclose(out, want, rtol=1e-12)


def test_reductions_in_conditions_and_loops():
    @cuda.jit
    def k(a, out):
        n = 0
        # The condition is evaluated again on every iteration.
        while a[n:].sum() > 1.0 and n < a.size:
            n += 1
        out[0] = n
        out[1] = 1 if a.any() and not a[:0].any() else 0
        out[2] = a.max() if a.size > 100 else a.min()

    a = np.array([0.5, 0.25, 2.0, -1.0, 0.125])
    out = np.zeros(3)
    k[1, 1](a, out)
    n = 0
    while a[n:].sum() > 1.0 and n < a.size:
        n += 1
    assert list(out) == [n, 1, a.min()]


def test_complex_results_keep_complex_parts():
    z = np.array([1 + 2j, -3 + 0.5j, 2 - 1j, -3 + 0.25j], np.complex128)
    assert run("sum", z)[0] == z.sum()
    assert run("min", z)[0] == -3 + 0.25j  # by real part, then imaginary
    assert run("max", z)[0] == 2 - 1j
    assert run("nanmin", z)[0] == -3 + 0.25j
    assert same(run("mean", z)[0], complex(z.sum()) / 4)
    np.testing.assert_allclose(run("var", z)[0], np.var(z), rtol=1e-14)
    np.testing.assert_allclose(run("std", z)[0], np.std(z), rtol=1e-14)
    assert cmath.isclose(run("prod", z)[0], np.prod(z), rel_tol=1e-14)


# ---------------------------------------------------------------------------
# a.view(dtype): the same bytes as another number type (numba-cuda's
# array_view, after NumPy's checks).

@cuda.jit
def k_view_i32(a, out, shape):
    v = a.view(np.int32)
    for i in range(v.shape[0]):
        out[i] = v[i]
    shape[0] = v.shape[0]


@cuda.jit
def k_view_2d(a, small, large, shape):
    h = a.view(np.int16)
    for i in range(h.shape[0]):
        for j in range(h.shape[1]):
            small[i, j] = h[i, j]
    d = a.view(np.float64)
    for i in range(d.shape[0]):
        for j in range(d.shape[1]):
            large[i, j] = d[i, j]
    shape[0] = h.shape[1]
    shape[1] = d.shape[1]


@cuda.jit
def k_view_complex(a, out, shape):
    z = a.view(np.complex128)
    for i in range(z.shape[0]):
        for j in range(z.shape[1]):
            out[i, j] = z[i, j]
    shape[0] = z.shape[0]
    shape[1] = z.shape[1]


@cuda.jit
def k_view_write(a):
    v = a.view(np.uint32)
    v[0] = 0xFFFFFFFF
    v[v.shape[0] - 1] = 0x01020304


def test_view_of_bytes_as_int32():
    b = np.arange(32, dtype=np.uint8)
    for start in range(0, 32, 4):
        part = b[start:start + 12]
        want = part.view(np.int32)
        out, shape = np.zeros(3, np.int32), np.zeros(1, np.int64)
        k_view_i32[1, 1](part, out, shape)
        assert shape[0] == want.shape[0]
        np.testing.assert_array_equal(out[:len(want)], want)


def test_view_smaller_and_larger_elements_of_c_arrays():
    a = np.random.default_rng(3).uniform(-5, 5, (3, 4)).astype(np.float32)
    small = np.zeros((3, 8), np.int16)
    large = np.zeros((3, 2), np.float64)
    shape = np.zeros(2, np.int64)
    k_view_2d[1, 1](a, small, large, shape)
    assert list(shape) == [8, 2]
    np.testing.assert_array_equal(small, a.view(np.int16))
    np.testing.assert_array_equal(large.view(np.uint64), a.view(np.float64).view(np.uint64))


def test_view_of_a_strided_array_with_a_contiguous_last_axis():
    s = np.random.default_rng(4).uniform(-1, 1, (6, 4))[::2]  # layout A
    out = np.zeros((3, 2), np.complex128)
    shape = np.zeros(2, np.int64)
    k_view_complex[1, 1](s, out, shape)
    assert list(shape) == [3, 2]
    np.testing.assert_array_equal(out, s.view(np.complex128))


def test_writes_through_a_view_reach_the_array():
    a = np.zeros(8, np.uint16)
    k_view_write[1, 1](a)
    want = np.zeros(8, np.uint16)
    w = want.view(np.uint32)
    w[0] = 0xFFFFFFFF
    w[-1] = 0x01020304
    np.testing.assert_array_equal(a, want)


def test_view_size_change_needs_a_contiguous_last_axis():
    # NumPy's check, as numba-cuda's: an F array (or a view with a strided
    # last axis) can't change its element size: ValueError, which ends the
    # thread (with debug, the launch fails with it).
    @cuda.jit(debug=True, opt=False)
    def k(a, out):
        out[0] = a.view(np.int32)[0, 0]

    f = np.asfortranarray(np.arange(6, dtype=np.int64).reshape(2, 3))
    with pytest.raises(ValueError, match="last axis must be contiguous"):
        k[1, 1](f, np.zeros(1, np.int32))
    c = np.arange(12, dtype=np.int64).reshape(3, 4)[:, ::2]
    with pytest.raises(ValueError, match="last axis must be contiguous"):
        k[1, 1](c, np.zeros(1, np.int32))

    # A larger element must divide the last axis' bytes.
    @cuda.jit(debug=True, opt=False)
    def k2(a, out):
        out[0] = a.view(np.int64)[0]

    with pytest.raises(ValueError, match="divisor of the total size in bytes"):
        k2[1, 1](np.zeros(3, np.int32), np.zeros(1, np.int64))
    out = np.zeros(1, np.int64)
    k2[1, 1](np.array([1, 2], np.int32), out)
    assert out[0] == np.array([1, 2], np.int32).view(np.int64)[0]


def test_reductions_in_device_functions_and_as_values():
    @cuda.jit(device=True)
    def spread(a):
        return a.max() - np.min(a)

    @cuda.jit
    def k(x, out):
        out[0] = spread(x)
        out[1] = spread(x[1])
        f = np.sum
        out[2] = f(x)

    x = np.arange(12, dtype=np.float64).reshape(3, 4) ** 1.5
    out = np.zeros(3)
    k[1, 1](x, out)
    assert list(out) == [x.max() - x.min(), x[1].max() - x[1].min(), model("sum", x)]
