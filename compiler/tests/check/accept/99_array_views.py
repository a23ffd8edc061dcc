# Array views: slices of 1-D, 2-D and 3-D arrays (bounds from constants and
# from arguments, negative bounds and steps, an ellipsis), row and column
# views, views of shared and local arrays, the properties of a view, views
# passed to a device function, stored through and sliced again, and a.T.
from numba import cuda, float32, float64, int64


@cuda.jit(device=True)
def total(v):
    s = 0.0
    for k in range(v.shape[0]):
        s += v[k]
    return s


@cuda.jit(device=True)
def fill(v, x):
    for k in range(len(v)):
        v[k] = x + k


@cuda.jit("void(float64[::1], int64, int64, int64, float64[::1])")
def slices_1d(a, lo, hi, step, out):
    if cuda.grid(1) != 0:
        return
    out[0] = total(a[1:])
    out[1] = total(a[:-2])
    out[2] = total(a[lo:hi])
    out[3] = total(a[::2])
    out[4] = total(a[::-1][:3])
    out[5] = total(a[lo:hi:step])
    out[6] = total(a[hi:lo:-step])
    out[7] = total(a[-3:])
    out[8] = total(a[100:])
    out[9] = len(a[lo:hi:step])
    out[10] = a[::-1][0]
    out[11] = a[lo::step][1]
    out[12] = a[5:1:-2].shape[0]
    out[13] = a[::3].strides[0]
    r = a[::-1]
    out[14] = r[len(r) - 1]
    out[15] = a[2:][1:][1:][0]


@cuda.jit("void(int32[:, ::1], int64, int32[::1])")
def slices_2d(m, j, out):
    i = cuda.grid(1)
    if i >= m.shape[0]:
        return
    row = m[i]
    col = m[:, j]
    out[i] = row[j] + col[i]
    if i == 0:
        block = m[1:3, ::2]
        out[m.shape[0]] = block.shape[0] * 100 + block.shape[1]
        out[m.shape[0] + 1] = block[1, 1]
        back = m[::-1, ::-1]
        out[m.shape[0] + 2] = back[0, 0]
        t = m.T
        out[m.shape[0] + 3] = t[j, 2] + t.shape[0] * 1000
        last = m[..., -1]
        out[m.shape[0] + 4] = last[1]
        first = m[0, ...]
        out[m.shape[0] + 5] = first.size + first.ndim * 10


@cuda.jit("void(float32[:, :, ::1], float32[:, ::1])")
def slices_3d(c, out):
    i, k = cuda.grid(2)
    if i < c.shape[0] and k < c.shape[2]:
        line = c[i, :, k]
        s = float32(0)
        for v in line:
            s += v
        out[i, k] = s + c[i, 1:, k][0] * 0


@cuda.jit("void(float64[::1], float64[::1])")
def shared_and_local(a, out):
    tid = cuda.threadIdx.x
    buf = cuda.shared.array(64, float64)
    buf[tid] = a[tid]
    cuda.syncthreads()
    if tid == 0:
        out[0] = total(buf[:32])
        out[1] = total(buf[32:])
        out[2] = total(buf[1::2])
        tmp = cuda.local.array((4, 4), int64)
        for r in range(4):
            fill(tmp[r], r * 10)
        out[3] = tmp[3, 2] + tmp[:, 1][2]
        tail = out[4:]
        tail[0] = len(tail)
        fill(out[5:8], 7)


@cuda.jit("void(float32[:, ::1], int64, float32[::1])")
def fills(m, j, out):
    # Scalars stored into views fill them.
    if cuda.grid(1) != 0:
        return
    m[0] = 1.5
    m[1, 2:] = 2
    m[:, j] = -1.0
    m[2:4, ::2] = 7
    m[..., -1] = 9
    m.T[1, 3:] = 0.25
    t = cuda.local.array((3, 3), int64)
    t[:] = 0
    t[1] = 5
    t[::2, 2] = 4
    s = 0
    for r in range(3):
        for c in range(3):
            s += t[r, c] * (r * 3 + c + 1)
    out[0] = s
    out[1:3] = out.size


@cuda.jit("void(float64[::1], int64, float64[::1, :], float64[::1])")
def reshapes(a, cols, f, out):
    # reshape() of C arrays (an F array's transpose is one), with extents
    # from constants, arguments and an inferred -1.
    if cuda.grid(1) != 0:
        return
    m = a.reshape((2, cols))
    out[0] = m[1, 2] + m.shape[1] * 100
    n = a.reshape(-1, 3)
    out[1] = n[2, 1] + n.shape[0] * 100
    flat = f.T.reshape(f.size)
    out[2] = flat[3] + flat.strides[0]
    cube = a[:12].reshape(2, 3, 2)
    out[3] = cube[1, 2, 0] + cube.strides[0]
    tmp = cuda.local.array(6, float64)
    for k in range(6):
        tmp[k] = k * 1.5
    grid = tmp.reshape((3, 2))
    out[4] = grid[2, 1]
    shape = m.shape
    out[5] = a.reshape(shape)[0, 1]
