# kernelc: --kernel k --sig "void(Record(a[type=float64;offset=0],b[type=int32;offset=8],c[type=complex64;offset=12],d[type=nestedarray(uint8, (5,));offset=20];32;True)[::1], float64[::1], uint8[:], Record(a[type=uint8;offset=0],b[type=nestedarray(float32, (2,));offset=1];9;False)[::1], float32[::1], int64)"
# expect: error at line 19: cannot store an int64 value into a record field of type array(uint8, 1d, C)
# expect: error at line 20: cannot store an array of type array(float64, 1d, C) into a record field of type array(uint8, 1d, C)
# expect: error at line 21: cannot store an array of type array(uint8, 1d, A) into a record field of type array(uint8, 1d, C)
# expect: error at line 22: is not aligned
# expect: error at line 23: a record is indexed by a field name or a constant integer: r['x'], r[0]
# expect: error at line 24: cannot store a complex128 value into a record field of type float64
# expect: error at line 25: cannot update a record field of type array(uint8, 1d, C) in place (its elements can be)
# Records with array fields, as Numba refuses them: a number, or an array of
# another dtype or layout, stored into an array field; an array field at an
# offset its elements cannot be read at (a packed record: Numba's "is not
# aligned"); a record indexed by a run-time integer; a complex number into
# a real field; an array field updated in place.
from numba import cuda


@cuda.jit
def k(recs, xs, ys, packed, out, n):
    recs[0].d = 5
    recs[1].d = xs
    recs[2].d = ys
    out[0] = packed[0].b[1]
    out[1] = recs[0][n]
    recs[0].a = 1j
    recs[0].d += 1
