# expect: error at line 11: the record has no field 'z'
# expect: error at line 12: cannot store an array of type array(float64, 1d, C) into an array of records of type Record(x[type=float64;offset=0],n[type=int32;offset=8];16;True)
# expect: error at line 13: requested index 5 is out of range: the record has 2 fields
# expect: error at line 14: cannot store a tuple of type UniTuple(int64, 2) into a record field of type int32
# expect: error at line 15: cannot assign to a field of an array of type array(float64, 1d, C)
from numba import cuda


@cuda.jit("void(Record(x[type=float64;offset=0],n[type=int32;offset=8];16;True)[::1], float64[::1])")
def k(recs, out):
    out[0] = recs[0].z
    recs[1] = out
    out[1] = recs[0][5]
    recs[2].n = (1, 2)
    out.x = 1.0
