# debug=True: the PTX also carries a DWARF compile unit (.section
# .debug_abbrev and .debug_info, naming the file; its line table is the one
# ptxas makes of the .loc directives). And cuda.nanosleep(ns), typed as
# numba-cuda's void(uint32): `nanosleep.u32`, which PTX has from sm_70.
# min-target: sm_70
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1], uint32)", debug=True, opt=False)
def debug_info(out, a, ns):
    i = cuda.grid(1)
    if i < out.size:
        cuda.nanosleep(32)
        x = a[i]
        if x < 0:
            x = 0
        if x > 100:
            x = 100
        cuda.nanosleep(ns)
        out[i] = x
