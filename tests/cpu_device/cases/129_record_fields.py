"""129: records with array fields (Numba's NestedArray), complex fields and
nested records; a record passed by reference; whole fields and records
copied. References computed with NumPy on the same records."""
import numpy as np
from harness import Case

WIDE = np.dtype([("a", np.float64), ("b", np.int32), ("c", np.complex64), ("d", np.uint8, 5)],
                align=True)
MATRIX = np.dtype([("i", np.int32), ("j", np.float32, (3, 2))])
INNER = np.dtype([("x", np.int16), ("y", np.float32)], align=True)
NESTED = np.dtype([("p", np.int8), ("inner", INNER), ("q", np.float64), ("v", np.float32, 3)],
                  align=True)


def wide(n, rng):
    r = np.zeros(n, WIDE)
    r["a"] = rng.uniform(-4, 4, n)
    r["b"] = rng.integers(-100, 100, n)
    r["c"] = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex64)
    r["d"] = rng.integers(0, 256, (n, 5))
    return r


def nested_recs(n, rng):
    r = np.zeros(n, NESTED)
    r["p"] = rng.integers(-100, 100, n)
    r["inner"]["x"] = rng.integers(-1000, 1000, n)
    r["inner"]["y"] = rng.standard_normal(n).astype(np.float32)
    r["q"] = rng.uniform(-10, 10, n)
    r["v"] = rng.standard_normal((n, 3)).astype(np.float32)
    return r


def array_fields(args):
    recs, out = args
    recs, out = recs.copy(), out.copy()
    for i in range(recs.shape[0]):
        r = recs[i]
        acc = int(np.sum(r["d"].astype(np.int64)))
        r["d"][0] = acc % 256
        r["d"][4] = 5
        c = np.complex64(np.complex128(r["c"]) + r["a"])
        c = np.complex64(np.complex128(c) * 2j)
        r["c"] = c
        out[i] = float(np.sum(r["d"].astype(np.float64))) + float(r["b"]) + float(np.float32(c.imag))
    return {0: recs, 1: out}


def matrix_field(args):
    recs, out = args
    recs, out = recs.copy(), out.copy()
    for i in range(recs.shape[0]):
        out[i] = recs[i]["j"].reshape(6)
        recs[i]["j"] = (recs[i]["j"].astype(np.float64) * float(recs[i]["i"])).astype(np.float32)
    return {0: recs, 1: out}


def nested(args):
    recs, out = args
    recs, out = recs.copy(), out.copy()
    for i in range(recs.size):
        r = recs[i]
        r["inner"]["x"] += 1
        r["inner"]["y"] = np.float32(np.float64(r["inner"]["y"]) * 2.0)
        r["v"][1] = np.float32(r["inner"]["y"] + np.float32(r["p"]))
        out[i] = float(r["inner"]["x"]) + r["q"] + float(r["v"][1]) + float(r["inner"]["x"])
    return {0: recs, 1: out}


def record_arg(args):
    rec, recs, k = args
    rec, recs = rec.copy(), recs.copy()
    rec["b"] = recs.shape[0]
    rec["d"][1] = (int(rec["d"][0]) + 1) % 256
    recs[k]["a"] = rec["a"]
    recs[k]["d"] = rec["d"]
    return {0: rec, 1: recs}


def copy_fields(args):
    src, dst, out = args
    dst, out = dst.copy(), out.copy()
    for i in range(src.size):
        if i % 2 == 0:
            dst[i] = src[i]
        else:
            dst[i]["inner"] = src[i]["inner"]
            dst[i]["v"] = src[i]["v"]
            dst[i]["p"] = src[i]["p"]
        out[i] = dst[i]["v"][2]
    return {1: dst, 2: out}


CASES = [
    Case("129_record_fields.py", "array_fields", grid=(2,), block=(16,),
         args=lambda rng: [wide(20, rng), np.zeros(20)],
         expect=array_fields),
    Case("129_record_fields.py", "matrix_field", grid=(1,), block=(16,),
         args=lambda rng: [np.array([(k - 3, rng.standard_normal((3, 2))) for k in range(10)],
                                    MATRIX), np.zeros((10, 6), np.float32)],
         expect=matrix_field),
    Case("129_record_fields.py", "nested", grid=(2,), block=(16,),
         args=lambda rng: [nested_recs(25, rng), np.zeros(25)],
         expect=nested),
    Case("129_record_fields.py", "record_arg", grid=(1,), block=(1,),
         args=lambda rng: [wide(1, rng).reshape(()), wide(4, rng), np.int64(2)],
         expect=record_arg),
    Case("129_record_fields.py", "copy_fields", grid=(1,), block=(32,),
         args=lambda rng: [nested_recs(12, rng), nested_recs(12, rng), np.zeros(12, np.float32)],
         expect=copy_fields,
         numba_skip="the simulator cannot store a record into a record array element "
         "(int() of a FakeWithinKernelCUDAArray); Numba compiles the kernel"),
]
