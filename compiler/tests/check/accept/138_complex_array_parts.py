# .real and .imag of complex arrays: float views of one part of each
# element, of layout A, read, written, passed to atomics and device
# functions, sliced; .real of a real array is the array itself (Numba's
# arraydecl._resolve_real_imag).
from numba import cuda


@cuda.jit(device=True)
def total(v):
    s = 0.0
    for x in v:
        s += x
    return s


@cuda.jit("void(complex128[::1], float64[::1])")
def parts(z, out):
    i = cuda.grid(1)
    if i < z.size:
        re = z.real
        im = z.imag
        out[i] = re[i] * 10 + im[i]
        z.imag[i] = -z.real[i]
    if i == 0 and z.size < out.size:
        out[z.size] = total(z.real) + total(z.real[1:])


@cuda.jit("void(complex128[:], float64[::1])")
def imag_slices(z, out):
    out[0] = total(z.imag[1:]) * 1000 + total(z.imag[::-2])


@cuda.jit("void(complex64[:, :], float32[::1])")
def atomics_2d(z, out):
    i, j = cuda.grid(2)
    if i < z.shape[0] and j < z.shape[1]:
        cuda.atomic.add(z.real, (i, j), 1)
        cuda.atomic.add(z.imag, (i, j), 2)
        cuda.atomic.add(out, 0, z.T.imag[j, i])


@cuda.jit("void(float32[::1], float32[::1])")
def real_of_real(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a.real[i] * 2
