# Typing cases where Numba's answer differs from the letter of the kernelc spec
# (section 4). kernelc follows Numba (see tests/numba/KNOWN_DIFFERENCES.md).
from numba import cuda


@cuda.jit("void(float32[::1], uint16[::1], uint32[::1], float64[::1])")
def numba_typing_quirks(f32, u16, u32, out):
    i = cuda.grid(1)
    if i >= f32.size:
        return
    mixed = f32[i] + u16[i]      # float64 (the spec's text: float32)
    widened = float(f32[i])      # float32 (the spec's text: float64)
    shifted = u32[i] >> 3        # spec: int64 (literal is signed);  Numba: uint64
    #   (Numba: a shift takes the signedness of its left operand only)
    out[i] = mixed + widened + shifted
