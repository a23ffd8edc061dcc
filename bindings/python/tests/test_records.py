"""Record arrays (NumPy structured dtypes) through the binding: typed lazily
from the array, or from an explicit signature (kernelc's types or Numba's
``numba.from_dtype(...)[::1]``); aligned and packed layouts; host and device
arrays; fields read and written in place. Checked against NumPy; records
with array fields, nested records, record arguments and records in local,
shared and constant memory (``record_field_cases.py``) checked against
Numba's simulator."""

import numpy as np
import pytest

from kernelc import cuda, from_dtype, void, float64

FIELDS = [("x", np.float64), ("y", np.float32), ("n", np.int16), ("ok", np.bool_)]


@cuda.jit
def update(recs, scale, out):
    i = cuda.grid(1)
    if i < recs.size:
        r = recs[i]
        r.x *= scale
        recs[i]["y"] = r.y + 1
        r.n += 1
        r.ok = r.x > 0
        out[i] = r.x + r.y


def reference(recs, scale):
    recs = recs.copy()
    recs["x"] *= scale
    recs["y"] += np.float32(1)
    recs["n"] += 1
    recs["ok"] = recs["x"] > 0
    return recs, recs["x"] + recs["y"].astype(np.float64)


def records(dtype, n=37):
    rng = np.random.default_rng(7)
    r = np.zeros(n, dtype)
    r["x"] = rng.standard_normal(n)
    r["y"] = rng.standard_normal(n).astype(np.float32)
    r["n"] = rng.integers(-100, 100, n)
    return r


@pytest.mark.parametrize("align", [True, False], ids=["aligned", "packed"])
def test_lazy_record_arrays(align):
    dt = np.dtype(FIELDS, align=align)
    recs = records(dt)
    out = np.zeros(recs.size)
    want_recs, want_out = reference(recs, -1.5)
    update[2, 32](recs, -1.5, out)
    assert recs.dtype == dt
    for name in dt.names:
        np.testing.assert_array_equal(recs[name], want_recs[name])
    np.testing.assert_array_equal(out, want_out)


def test_device_record_array_and_explicit_signature():
    dt = np.dtype(FIELDS, align=True)
    rec = from_dtype(dt)
    assert str(rec) == ("Record(x[type=float64;offset=0],y[type=float32;offset=8],"
                        "n[type=int16;offset=12],ok[type=bool;offset=14];16;True)")
    kernel = cuda.jit(void(rec[::1], float64, float64[::1]))(update.py_func)
    recs = records(dt)
    want_recs, want_out = reference(recs, 2.0)
    d_recs = cuda.to_device(recs)
    d_out = cuda.device_array(recs.size)
    kernel[2, 32](d_recs, 2.0, d_out)
    got = d_recs.copy_to_host()
    for name in dt.names:
        np.testing.assert_array_equal(got[name], want_recs[name])
    np.testing.assert_array_equal(d_out.copy_to_host(), want_out)


def test_numba_record_type_in_signature():
    numba = pytest.importorskip("numba")
    dt = np.dtype(FIELDS, align=True)
    sig = numba.void(numba.from_dtype(dt)[::1], numba.float64, numba.float64[::1])
    kernel = cuda.jit(sig)(update.py_func)
    recs = records(dt)
    out = np.zeros(recs.size)
    want_recs, want_out = reference(recs, 0.5)
    kernel[2, 32](recs, 0.5, out)
    np.testing.assert_array_equal(recs["x"], want_recs["x"])
    np.testing.assert_array_equal(out, want_out)


def test_wrong_record_is_refused():
    dt = np.dtype(FIELDS, align=True)
    kernel = cuda.jit(void(from_dtype(dt)[::1], float64, float64[::1]))(update.py_func)
    other = np.zeros(4, np.dtype([("x", np.float64), ("y", np.float64)]))
    with pytest.raises(TypeError):
        kernel[1, 4](other, 1.0, np.zeros(4))


def test_record_fields_agree_with_numba():
    """Array fields, nested records, a record argument, records in local,
    shared and constant memory (``record_field_cases.py``): the results
    equal those of Numba's simulator running the same program."""
    import os

    import record_field_cases
    from numba_oracle import ask_numba

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "record_field_cases.py")
    ours = record_field_cases.run()
    theirs = ask_numba(
        """
        import types
        src = open(DATA["path"]).read().replace("from kernelc import", "from numba import")
        mod = types.ModuleType("record_field_cases_numba")
        exec(compile(src, DATA["path"], "exec"), mod.__dict__)
        answer(mod.run())
        """,
        {"path": path},
    )
    assert sorted(ours) == sorted(theirs)
    for name, value in ours.items():
        np.testing.assert_array_equal(np.asarray(value), np.asarray(theirs[name]), err_msg=name)


def test_record_types_are_spelled_as_numba_spells_them():
    """Records with array fields, complex fields and nested records: the
    binding's type of a record, an array of them and a record argument is
    Numba's (``numba.typeof``), and a Record type parses back to the dtype."""
    from kernelc import typeof
    from kernelc._types import Record
    from numba_oracle import ask_numba

    import record_field_cases as rc

    dtypes = [rc.WIDE, rc.MATRIX, rc.NESTED, rc.PADDED, rc.POLY]
    ours = [[str(typeof(np.zeros(2, dt))), str(typeof(np.zeros(2, dt)[0]))] for dt in dtypes]
    theirs = ask_numba(
        """
        import types
        from numba import typeof
        src = open(DATA["path"]).read().replace("from kernelc import", "from numba import")
        rc = types.ModuleType("record_field_cases_numba")
        exec(compile(src, DATA["path"], "exec"), rc.__dict__)
        dtypes = [rc.WIDE, rc.MATRIX, rc.NESTED, rc.PADDED, rc.POLY]
        answer([[str(typeof(np.zeros(2, dt))), str(typeof(np.zeros(2, dt)[0]))] for dt in dtypes])
        """,
        {"path": rc.__file__},
    )
    assert ours == theirs
    for dt, (_, rec) in zip(dtypes, ours):
        assert Record.from_name(rec).dtype == dt


def test_the_cache_key_tells_record_constants_apart():
    """Two record constant arrays of the same bytes and size but other
    fields (their ``dtype.str`` is ``|V8`` for both) key the disk cache
    apart."""
    import hashlib
    import types

    from kernelc._diskcache import _hash_view

    def key(arr):
        h = hashlib.sha256()
        view = types.SimpleNamespace(file="f.py", kernel="k", text="", remap={}, line_shift=0,
                                     const_arrays={"T": arr}, global_arrays={})
        _hash_view(h, view)
        return h.hexdigest()

    a = np.zeros(2, np.dtype([("x", np.float32), ("y", np.int32)]))
    b = np.zeros(2, np.dtype([("y", np.int32), ("x", np.float32)]))
    assert a.dtype.str == b.dtype.str and a.tobytes() == b.tobytes()
    assert key(a) != key(b)
    assert key(a) == key(a.copy())


@cuda.jit
def local_points(out):
    a = cuda.local.array(2, POINT_T)
    a[1]["d"][2] = 7
    a[1]["x"] = 1.5
    a[0] = a[1]
    out[0] = a[0]["x"] + a[0]["d"][2]


POINT = np.dtype([("x", np.float32), ("d", np.uint8, 3)], align=True)
POINT_T = None  # Numba's Record type of POINT, set by the test


def test_a_numba_record_type_is_a_local_array_dtype():
    """``numba.from_dtype(dtype)`` (Numba's ``Record`` type) as the dtype of
    ``cuda.local.array``, as Numba accepts it; a record copied whole."""
    numba = pytest.importorskip("numba")
    global POINT_T
    POINT_T = numba.from_dtype(POINT)
    out = np.zeros(1, np.float32)
    local_points[1, 1](out)
    assert out[0] == 8.5


def test_a_record_parameter_in_an_explicit_signature():
    """``void(Record(...), ...)``: the parameter types the compiler reports
    (a record argument, an unaligned array of packed records) type the
    overload, and a record from a packed array is written through."""
    from kernelc import from_dtype

    dt = np.dtype([("x", np.float32), ("d", np.uint8, 3)])  # packed
    rec = from_dtype(dt)
    assert str(rec[::1]) == f"unaligned array({rec}, 1d, C)"

    def copy_in(r, recs, out):
        r.d[0] = recs.size
        out[0] = r.x + r.d[1]
        recs[1] = r

    k = cuda.jit(f"void({rec}, {rec}[::1], float32[::1])")(copy_in)
    recs = np.zeros(3, dt)
    holder = np.zeros(2, dt)
    holder[0]["x"], holder[0]["d"] = 1.5, (0, 4, 0)
    out = np.zeros(1, np.float32)
    k[1, 1](holder[0], recs, out)
    assert out[0] == 5.5
    assert holder[0]["d"].tolist() == [3, 4, 0]
    assert recs[1] == holder[0] and recs[0]["x"] == 0


def test_a_record_scalar_read_from_a_closure_is_refused_clearly():
    # numba-cuda 0.30 under NumPy 2 fails on one inside its constant
    # lowering (`constant_record` calls the removed `tostring`); kernelc
    # says what to do instead.
    cfg = np.rec.array([(1.5, 2.0)], dtype=[("a", "f4"), ("b", "f4")])[0]

    @cuda.jit
    def read_cfg(out):
        out[0] = cfg.a * 2 + cfg.b

    from kernelc.errors import TypingError
    with pytest.raises(TypingError, match=r"'cfg' is a NumPy record scalar .* pass it as an argument"):
        read_cfg[1, 1](np.zeros(1, np.float32))
