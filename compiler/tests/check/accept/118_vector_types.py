# CUDA vector types (numba-cuda's float32x4, int2, uchar4, ...): built from
# numbers and from smaller vectors of the same base type, components read as
# .x .y .z .w, passed to and returned from device functions, held in
# variables that join across branches.
from numba import cuda


@cuda.jit(device=True)
def dot3(a, b):
    return a.x * b.x + a.y * b.y + a.z * b.z


@cuda.jit(device=True)
def cross(a, b):
    return cuda.float32x3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)


@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32[:, ::1])")
def geometry(p, q, out):
    i = cuda.grid(1)
    if i < p.shape[0]:
        a = cuda.float32x3(p[i, 0], p[i, 1], p[i, 2])
        b = cuda.float3(q[i, 0], q[i, 1], q[i, 2])
        c = cross(a, b)
        if dot3(a, b) < 0:
            c = cuda.float32x3(-c.x, -c.y, -c.z)
        out[i, 0] = c.x
        out[i, 1] = c.y
        out[i, 2] = c.z
        out[i, 3] = dot3(a, c)


@cuda.jit("void(int32[::1], uint8[:, ::1], float64[::1])")
def widen(n, rgba, out):
    i = cuda.grid(1)
    if i < n.size:
        xy = cuda.int2(n[i], n[i] + 1)
        v = cuda.int32x4(xy, 7, xy.y)  # a 2-vector and two numbers
        px = cuda.uchar4(rgba[i, 0], rgba[i, 1], rgba[i, 2], 255)
        d = cuda.float64x2(v.x, v.w)
        out[i] = d.x * 0.5 + d.y + px.x + px.w + v.z
