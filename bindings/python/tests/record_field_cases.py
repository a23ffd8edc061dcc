"""Kernels with records whose fields are arrays and records, run by
``test_records.py`` through kernelc and, with the import changed to
``from numba import ...``, through Numba's simulator: ``run()`` returns
every result by name, each record array as one list per field. Fields are
read by name (``r["x"]``) where Numba's simulator gives records as NumPy
void scalars, and by attribute on record arrays viewed as ``np.recarray``."""

import numpy as np

from kernelc import cuda, from_dtype

WIDE = np.dtype([("a", np.float64), ("b", np.int32), ("c", np.complex64), ("d", np.uint8, 5)],
                align=True)
MATRIX = np.dtype([("i", np.int32), ("j", np.float32, (3, 2))])
INNER = np.dtype([("x", np.int16), ("y", np.float32)], align=True)
NESTED = np.dtype([("p", np.int8), ("inner", INNER), ("v", np.float32, 3)], align=True)
PADDED = np.dtype([("a", np.uint8), ("b", np.uint32), ("c", np.uint8, 3), ("d", np.float64)],
                  align=True)
PT = np.dtype([("x", np.int16), ("y", np.float32)], align=True)
POLY = np.dtype([("n", np.int32), ("pts", PT, 3)], align=True)  # an array of records
NESTED_T = from_dtype(NESTED)  # Numba's Record type as a dtype
TABLE = np.array([(1, 10, (1, 2, 3), 0.5), (2, 20, (4, 5, 6), -1.5), (3, 30, (7, 8, 9), 2.25)],
                 dtype=PADDED)


@cuda.jit(device=True)
def total(v):
    s = 0
    for x in v:
        s += x
    return s + len(v)


@cuda.jit
def wide_fields(recs, out):
    i = cuda.grid(1)
    if i < recs.size:
        r = recs[i]
        out[i] = total(r.d) + r.d.shape[0] + r[1]
        r.d[i % 5] = 255
        r.c = r.c * 2 + r.a
        r["b"] = int(r.d[0]) + int(r.d[4])


@cuda.jit
def matrix(recs, out):
    i = cuda.grid(1)
    if i < recs.shape[0]:
        m = recs[i]["j"]
        for k in range(m.shape[0]):
            for l in range(m.shape[1]):
                out[i, k, l] = m[k, l] * recs[i]["i"]
                m[k, l] = k - l


@cuda.jit
def record_argument(rec, src):
    rec["i"] = len(src)
    rec["j"] = src
    rec["j"][2, 1] = rec["j"][0, 0] + 1


@cuda.jit
def nested(recs, out):
    i = cuda.grid(1)
    if i < recs.size:
        inner = recs[i]["inner"]
        inner["x"] = inner["x"] + recs[i]["p"]
        recs[i]["v"][1] = inner["y"] * 2
        out[i] = inner["x"] + recs[i]["v"][1]


@cuda.jit
def local_and_shared(xs, out):
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    loc = cuda.local.array(2, NESTED_T)
    sh = cuda.shared.array(16, NESTED)
    loc[0]["inner"]["y"] = xs[i]
    loc[1]["v"][2] = xs[i] * 3
    sh[t]["p"] = t
    sh[t]["inner"]["x"] = t * 2
    cuda.syncthreads()
    out[i] = loc[0]["inner"]["y"] + loc[1]["v"][2] + sh[15 - t]["p"] + sh[15 - t]["inner"]["x"]


@cuda.jit
def constant_records(ks, out):
    table = cuda.const.array_like(TABLE)
    i = cuda.grid(1)
    if i < ks.size:
        r = table[ks[i] % 3]
        out[i] = r["a"] + r["b"] + r["c"][ks[i] % 3] + r["d"]


@cuda.jit
def polygons(polys, out):
    i = cuda.grid(1)
    if i < polys.size:
        p = polys[i]
        s = 0.0
        for j in range(len(p["pts"])):
            s += p["pts"][j]["x"] * p["pts"][j]["y"]
            p["pts"][j]["x"] = j * p["n"]
        out[i] = s + p["n"]


def fields(a):
    """A record array as {field: list}, nested fields flattened."""
    out = {}
    for name in a.dtype.names:
        v = a[name]
        if v.dtype.names is not None:
            for k, w in fields(v).items():
                out[f"{name}.{k}"] = w
        elif np.iscomplexobj(v):
            out[name + ".real"] = v.real.tolist()
            out[name + ".imag"] = v.imag.tolist()
        else:
            out[name] = v.tolist()
    return out


def run():
    res = {}
    rng = np.random.default_rng(5)
    wide = np.zeros(10, WIDE)
    wide["a"] = rng.uniform(-2, 2, 10)
    wide["b"] = rng.integers(-50, 50, 10)
    wide["c"] = rng.standard_normal(10) + 1j * rng.standard_normal(10)
    wide["d"] = rng.integers(0, 50, (10, 5))
    recs = wide.view(np.recarray)
    out = np.zeros(10)
    wide_fields[1, 16](recs, out)
    res.update({"wide." + k: v for k, v in fields(wide).items()}, wide_out=out.tolist())

    mat = np.zeros(4, MATRIX)
    mat["i"] = [1, -2, 3, 5]
    mat["j"] = rng.standard_normal((4, 3, 2))
    out = np.zeros((4, 3, 2), np.float32)
    matrix[1, 8](mat, out)
    res.update({"matrix." + k: v for k, v in fields(mat).items()}, matrix_out=out.tolist())

    holder = np.zeros(3, MATRIX)
    src = np.arange(6, dtype=np.float32).reshape(3, 2) + 0.5
    record_argument[1, 1](holder[1], src)
    res.update({"holder." + k: v for k, v in fields(holder).items()})

    nest = np.zeros(7, NESTED)
    nest["p"] = rng.integers(-9, 9, 7)
    nest["inner"]["x"] = rng.integers(-99, 99, 7)
    nest["inner"]["y"] = rng.standard_normal(7)
    out = np.zeros(7, np.float32)
    nested[1, 8](nest, out)
    res.update({"nested." + k: v for k, v in fields(nest).items()}, nested_out=out.tolist())

    xs = rng.standard_normal(16).astype(np.float32)
    out = np.zeros(16, np.float32)
    local_and_shared[1, 16](xs, out)
    res["local_and_shared"] = out.tolist()

    polys = np.zeros(4, POLY)
    polys["n"] = [1, 2, 3, 4]
    polys["pts"]["x"] = np.arange(12).reshape(4, 3)
    polys["pts"]["y"] = np.round(rng.standard_normal((4, 3)) * 4) / 4  # exact in float32 and float64
    out = np.zeros(4)
    polygons[1, 8](polys, out)
    res.update({"polys." + k: v for k, v in fields(polys).items()}, polygons=out.tolist())

    ks = np.arange(9)
    out = np.zeros(9)
    constant_records[1, 16](ks, out)
    res["constant_records"] = out.tolist()
    return res
