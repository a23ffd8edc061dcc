# Every augmented assignment operator, on locals and on array elements.
from numba import cuda


@cuda.jit("void(int64[::1], float64[::1])")
def aug_ops(ints, floats):
    i = cuda.grid(1)
    if i != 0:
        return
    k = ints[0]
    k += 3
    k -= 1
    k *= 5
    k //= 2
    k %= 7
    k **= 2
    k &= 0xff
    k |= 0x100
    k ^= 0x0f
    k <<= 2
    k >>= 1
    ints[1] = k

    x = floats[0]
    x += 1.5
    x -= 0.25
    x *= 3.0
    x /= 2.0
    x //= 1.5
    x %= 4.0
    x **= 2
    floats[1] = x


@cuda.jit("void(int32[:, ::1], float32[::1])")
def aug_elements(m, v):
    i = cuda.grid(1)
    if i < v.size:
        v[i] += 1.0
        v[i] -= 0.5
        v[i] *= 2.0
        v[i] /= 3.0
        v[i] //= 1.0
        v[i] %= 10.0
        v[i] **= 2
    if i < m.shape[0]:
        m[i, 0] += 1
        m[i, 1] -= 1
        m[i, 2] *= 3
        m[i, 3] //= 2
        m[i, 4] %= 5
        m[i, 5] **= 2
        m[i, 6] &= 6
        m[i, 7] |= 1
        m[i, 8] ^= 3
        m[i, 9] <<= 1
        m[i, 10] >>= 1
