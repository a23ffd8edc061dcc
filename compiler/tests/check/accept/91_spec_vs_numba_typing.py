# Typing cases where Numba's answer differs from the letter of the kernelc spec
# (section 4).  The .numba.json oracle records what Numba does; see
# tests/numba/KNOWN_DIFFERENCES.md for the decision to take in kernelc.
from numba import cuda


@cuda.jit("void(float32[::1], uint16[::1], uint32[::1], float64[::1])")
def numba_typing_quirks(f32, u16, u32, out):
    i = cuda.grid(1)
    if i >= f32.size:
        return
    mixed = f32[i] + u16[i]      # spec: float32;  Numba: float64
    widened = float(f32[i])      # spec: float64;  Numba: float32
    shifted = u32[i] >> 3        # spec: int64 (literal is signed);  Numba: uint64
    #   (Numba: a shift takes the signedness of its left operand only)
    out[i] = mixed + widened + shifted
