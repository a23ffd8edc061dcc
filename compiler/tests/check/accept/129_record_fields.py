# kernelc: --kernel array_fields --sig "void(Record(a[type=float64;offset=0],b[type=int32;offset=8],c[type=complex64;offset=12],d[type=nestedarray(uint8, (5,));offset=20];32;True)[::1], float64[::1])"
# kernelc: --kernel matrix_field --sig "void(Record(i[type=int32;offset=0],j[type=nestedarray(float32, (3, 2));offset=4];28;False)[::1], float32[:, ::1])"
# kernelc: --kernel nested --sig "void(Record(p[type=int8;offset=0],inner[type=Record(x[type=int16;offset=0],y[type=float32;offset=4];8;True);offset=4],q[type=float64;offset=16],v[type=nestedarray(float32, (3,));offset=24];40;True)[::1], float64[::1])"
# kernelc: --kernel record_arg --sig "void(Record(a[type=float64;offset=0],b[type=int32;offset=8],c[type=complex64;offset=12],d[type=nestedarray(uint8, (5,));offset=20];32;True), Record(a[type=float64;offset=0],b[type=int32;offset=8],c[type=complex64;offset=12],d[type=nestedarray(uint8, (5,));offset=20];32;True)[::1], int64)"
# kernelc: --kernel copy_fields --sig "void(Record(p[type=int8;offset=0],inner[type=Record(x[type=int16;offset=0],y[type=float32;offset=4];8;True);offset=4],q[type=float64;offset=16],v[type=nestedarray(float32, (3,));offset=24];40;True)[::1], Record(p[type=int8;offset=0],inner[type=Record(x[type=int16;offset=0],y[type=float32;offset=4];8;True);offset=4],q[type=float64;offset=16],v[type=nestedarray(float32, (3,));offset=24];40;True)[::1], float32[::1])"
# Records whose fields are arrays (Numba's NestedArray: r.d[j], a view of
# the record's memory with the field's shape), complex numbers and nested
# records (r.inner.x, a reference); a record passed by reference as a
# kernel argument; r[0] as the first field; whole fields and records copied.
from numba import cuda


@cuda.jit(device=True)
def total(v):
    s = 0.0
    for k in range(len(v)):
        s += v[k]
    return s


@cuda.jit(device=True)
def bump(inner, by):
    inner.x += 1
    inner["y"] = inner.y * by


@cuda.jit
def array_fields(recs, out):
    i = cuda.grid(1)
    if i < recs.shape[0]:
        r = recs[i]
        d = r.d
        acc = 0
        for v in d:
            acc += int(v)
        r.d[0] = acc % 256
        r["d"][d.shape[0] - 1] = len(d)
        r.c += r.a
        r.c = r.c * 2j
        out[i] = total(r.d) + r[1] + r.c.imag


@cuda.jit
def matrix_field(recs, out):
    i = cuda.grid(1)
    if i < recs.shape[0]:
        m = recs[i].j
        for k in range(m.shape[0]):
            for l in range(m.shape[1]):
                out[i, k * m.shape[1] + l] = m[k, l]
                m[k, l] = m[k, l] * recs[i].i


@cuda.jit
def nested(recs, out):
    i = cuda.grid(1)
    if i < recs.size:
        r = recs[i]
        bump(r.inner, 2.0)
        r.v[1] = r.inner.y + r.p
        out[i] = r.inner.x + r.q + r.v[1] + r["inner"][0]


@cuda.jit
def record_arg(rec, recs, k):
    rec.b = recs.shape[0]
    rec.d[1] = rec.d[0] + 1
    recs[k].a = rec.a
    recs[k].d = rec.d


@cuda.jit
def copy_fields(src, dst, out):
    i = cuda.grid(1)
    if i < src.size:
        if i % 2 == 0:
            dst[i] = src[i]
        else:
            dst[i].inner = src[i].inner
            dst[i].v = src[i].v
            dst[i]["p"] = src[i].p
        out[i] = dst[i].v[2]
