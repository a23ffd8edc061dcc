# Monte-Carlo estimate of pi with a per-thread integer hash RNG
# (xorshift / PCG-style mixing on unsigned integers, shifts and masks).
from numba import cuda, uint32, uint64, float32

MASK32 = 0xffffffff
INV_2_32 = 1.0 / 4294967296.0


@cuda.jit("uint32(uint32)", device=True)
def hash32(x):
    x ^= x >> 16
    x *= uint32(0x7feb352d)
    x ^= x >> 15
    x *= uint32(0x846ca68b)
    x ^= x >> 16
    return x


@cuda.jit(device=True)
def xorshift64(state):
    state ^= state << uint64(13)
    state ^= state >> uint64(7)
    state ^= state << uint64(17)
    return state


@cuda.jit("void(uint64, int32, uint64[::1])")
def estimate_pi(seed, samples, hits):
    tid = cuda.grid(1)
    s = uint64(seed) + uint64(tid) * uint64(0x9E3779B97F4A7C15)
    inside = uint64(0)
    for k in range(samples):
        s = xorshift64(s)
        a = uint32(s & MASK32)
        b = hash32(uint32(s >> uint64(32)))
        x = float32(a * INV_2_32)
        y = float32(b * INV_2_32)
        if x * x + y * y <= float32(1.0):
            inside += uint64(1)
    cuda.atomic.add(hits, 0, inside)


@cuda.jit("void(uint32[::1])")
def bit_mixing(out):
    i = cuda.grid(1)
    h = uint32(i)
    h |= h << 5
    h &= uint32(0x00ff00ff)
    h <<= 2
    h >>= 1
    h ^= uint32(0xdeadbeef)
    out[i % out.size] = h
